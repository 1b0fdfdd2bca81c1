/* Sends bytes that are not UTF-8: its judge fails decoding them. */
#include <stdio.h>

int main(void) {
	printf("\xff\xfe\n");
	return 0;
}
