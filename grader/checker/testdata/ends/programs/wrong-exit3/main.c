/* Says "wrong" and exits 3, before its judge decides (rejects). */
#include <stdio.h>

int main(void) {
	printf("wrong\n");
	return 3;
}
