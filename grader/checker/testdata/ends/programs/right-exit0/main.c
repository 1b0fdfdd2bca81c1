/* Says "right" and exits 0: its judge accepts at the end of its output. */
#include <stdio.h>

int main(void) {
	printf("right\n");
	return 0;
}
