/* Says "wrong" and exits 0: its judge rejects at the end of its output. */
#include <stdio.h>

int main(void) {
	printf("wrong\n");
	return 0;
}
