/* Says "right" and exits 3, before its judge decides. */
#include <stdio.h>

int main(void) {
	printf("right\n");
	return 3;
}
