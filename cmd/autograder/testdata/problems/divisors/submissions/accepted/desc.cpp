// Accepted: the divisors in descending order, the mean rounded to 9 places.
#include <cstdio>
#include <vector>

int main() {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    std::vector<long long> ds;
    double sum = 0;
    for (long long d = n; d >= 1; d--)
        if (n % d == 0) ds.push_back(d), sum += d;
    for (size_t i = 0; i < ds.size(); i++) printf("%s%lld", i ? " " : "", ds[i]);
    printf("\n%.9f\n", sum / ds.size());
}
