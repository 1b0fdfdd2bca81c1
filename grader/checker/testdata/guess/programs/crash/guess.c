/* Crashes after its first guess and the reply: abort() raises SIGABRT. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
	char reply[16];
	printf("500\n");
	fflush(stdout);
	if (scanf("%15s", reply) == 1)
		abort();
	return 0;
}
