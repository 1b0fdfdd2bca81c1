#include "gcdio.h"

long long gcd_of(long long a, long long b) { return b == 0 ? a : gcd_of(b, a % b); }

int main() { solve_all(); }
