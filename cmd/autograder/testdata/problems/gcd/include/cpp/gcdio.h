// Reads the pairs of a test and prints the gcd_of each; a submission
// defines gcd_of and calls solve_all from main.
#include <iostream>

long long gcd_of(long long a, long long b);

inline void solve_all() {
    long long a, b;
    while (std::cin >> a >> b) std::cout << gcd_of(a, b) << '\n';
}
