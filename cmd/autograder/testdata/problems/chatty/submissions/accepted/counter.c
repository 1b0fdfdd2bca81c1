#include <stdio.h>
#include <string.h>

int main(void) {
    static char line[4096];
    long n = 0;
    while (fgets(line, sizeof line, stdin)) {
        if (strcmp(line, "count?\n") == 0) break;
        n += (long)strlen(line);
    }
    printf("%ld\n", n);
    fflush(stdout);
    return 0;
}
