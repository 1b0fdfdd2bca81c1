/* The answer, then 4 MiB of debugging on stderr: past the output limit,
   which stderr does not decide. */
#include <stdio.h>
#include <string.h>

int main(void) {
	long n;
	static char line[1024];
	if (scanf("%ld", &n) != 1)
		return 1;
	printf("%ld\n", 2 * n);
	fflush(stdout);
	memset(line, 'd', sizeof line - 1);
	line[sizeof line - 2] = '\n';
	for (int i = 0; i < 4096; i++)
		fputs(line, stderr);
	return 0;
}
