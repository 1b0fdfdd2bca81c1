/* Says "boom", valid text on which its judge fails: the judge's own bug. */
#include <stdio.h>

int main(void) {
	printf("boom\n");
	return 0;
}
