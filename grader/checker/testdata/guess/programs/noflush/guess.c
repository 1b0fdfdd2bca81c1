/* Plays the guessing game right but never flushes: stdout is a pipe, so
 * its first guess waits in a buffer while it waits for the reply, and the
 * checker waits for the guess, until the wall limit. */
#include <stdio.h>
#include <string.h>

int main(void) {
	int lo = 1, hi = 1000;
	char reply[16];
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		printf("%d\n", mid);
		if (scanf("%15s", reply) != 1 || strcmp(reply, "correct") == 0)
			return 0;
		if (strcmp(reply, "higher") == 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}
