/* A 64 MiB array initialised in the binary (its first byte is 1): the
   program file is 64 MiB. */
#include <stdio.h>

#define SIZE (64L << 20)

char a[SIZE] = {1};

int main(void) {
	long n;
	if (scanf("%ld", &n) != 1 || n < 1 || n >= SIZE)
		return 1;
	a[n] = 2;
	printf("%d %ld\n", a[0], n);
	return 0;
}
