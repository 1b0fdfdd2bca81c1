/* Wrong answer: 3.14 is not within 1e-6 of pi. */
#include <stdio.h>

int main(void) {
    printf("3.14\n2.71828183\n");
    return 0;
}
