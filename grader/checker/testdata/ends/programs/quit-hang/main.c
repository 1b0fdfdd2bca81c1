/* Says "quit": its judge rejects at once. It then waits for an answer
 * that never comes, reading on past the end of its input, until its
 * CPU limit. */
#include <stdio.h>

int main(void) {
	printf("quit\n");
	fflush(stdout);
	for (;;) {
		if (getchar() == EOF)
			clearerr(stdin);
	}
}
