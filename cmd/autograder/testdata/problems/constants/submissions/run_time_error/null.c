/* Run-time error: writes through a null pointer. */
#include <stdio.h>

int main(void) {
    volatile int *p = NULL;
    *p = 3;
    printf("3.14159265\n");
    return 0;
}
