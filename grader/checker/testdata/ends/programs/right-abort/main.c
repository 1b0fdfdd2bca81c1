/* Says "right", then abort() raises SIGABRT, before its judge decides. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
	printf("right\n");
	fflush(stdout);
	abort();
}
