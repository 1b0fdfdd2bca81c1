/* Says "done": its judge accepts at once. It then waits for an answer
 * that never comes, reading on past the end of its input, until its
 * CPU limit. */
#include <stdio.h>

int main(void) {
	printf("done\n");
	fflush(stdout);
	for (;;) {
		if (getchar() == EOF)
			clearerr(stdin);
	}
}
