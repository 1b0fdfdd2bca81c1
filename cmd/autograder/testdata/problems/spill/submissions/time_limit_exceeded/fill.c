/* Fills stdout without end: past the output limit it runs on, to its
   time limit. */
#include <stdio.h>

int main(void) {
	for (;;)
		fputs("Fill stdout with nonsense, to test the output limit.\n", stdout);
}
