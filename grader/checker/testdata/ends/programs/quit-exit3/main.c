/* Says "quit": its judge rejects at once. It waits for the end of its
 * input, which comes when its judge has ended, then exits 3. */
#include <stdio.h>

int main(void) {
	printf("quit\n");
	fflush(stdout);
	while (getchar() != EOF)
		;
	return 3;
}
