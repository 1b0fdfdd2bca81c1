// Time limit: sums a series that never ends.
#include <cstdio>

int main() {
    volatile double pi = 0;
    for (long long k = 0;; k++) pi += (k % 2 ? -4.0 : 4.0) / (2 * k + 1);
}
