/* Plays the guessing game wrong: it counts up from 1 and runs out of
 * guesses, then fails when the checker is gone. */
#include <stdio.h>
#include <string.h>

int main(void) {
	char reply[16];
	for (int g = 1;; g++) {
		printf("%d\n", g);
		fflush(stdout);
		if (scanf("%15s", reply) != 1)
			return 1;
		if (strcmp(reply, "correct") == 0)
			return 0;
	}
}
