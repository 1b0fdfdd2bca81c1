/* Closes its output without answering, then sleeps far past the time
   limit: the judge sees its output end only when it ends, so it runs out
   of time before the judge can reject it. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    fclose(stdout);
    sleep(120);
    return 0;
}
