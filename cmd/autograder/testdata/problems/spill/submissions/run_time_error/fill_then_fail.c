/* Prints 2 MiB, past the output limit, then exits with an error status:
   a run-time error, which comes before the output limit. */
#include <stdio.h>
#include <string.h>

int main(void) {
	static char line[1024];
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 2] = '\n';
	for (int i = 0; i < 2048; i++)
		fputs(line, stdout);
	return 1;
}
