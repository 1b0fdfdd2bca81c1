/* The answer, then 2 MiB more, then status 0: at its output limit, a
   run-time error among the format's verdicts. */
#include <stdio.h>
#include <string.h>

int main(void) {
	long n;
	static char line[1024];
	if (scanf("%ld", &n) != 1)
		return 1;
	printf("%ld\n", 2 * n);
	memset(line, ' ', sizeof line - 1);
	line[sizeof line - 2] = '\n';
	for (int i = 0; i < 2048; i++)
		fputs(line, stdout);
	return 0;
}
