/* Sends a line of 10 MB of digits: its judge fails reading the number. */
#include <stdio.h>

int main(void) {
	for (int i = 0; i < 10 << 20; i++)
		putchar('1');
	putchar('\n');
	return 0;
}
