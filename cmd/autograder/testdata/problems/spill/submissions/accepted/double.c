#include <stdio.h>

int main(void) {
	long n;
	if (scanf("%ld", &n) != 1)
		return 1;
	printf("%ld\n", 2 * n);
	return 0;
}
