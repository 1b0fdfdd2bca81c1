// Output validator (Kattis convention): check testcase.in testcase.ans
// feedback_dir [tolerance EPS] < program_output. Accepts the divisors of
// n in any order on the first line and their mean, within EPS, on the
// second.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>

static std::string feedback;

static int reject(const std::string &why) {
    std::ofstream(feedback + "judgemessage.txt") << why << "\n";
    std::ofstream(feedback + "teammessage.txt") << why << "\n";
    return 43;
}

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    feedback = argv[3];
    double eps = 1e-6;
    for (int i = 4; i + 1 < argc; i++)
        if (std::string(argv[i]) == "tolerance") eps = std::atof(argv[i + 1]);
    long long n;
    std::ifstream(argv[1]) >> n;
    std::multiset<long long> want;
    double sum = 0;
    for (long long d = 1; d <= n; d++)
        if (n % d == 0) want.insert(d), sum += d;
    std::string line;
    if (!std::getline(std::cin, line)) return reject("no output");
    std::istringstream first(line);
    std::multiset<long long> got;
    for (long long x; first >> x;) got.insert(x);
    if (got != want) return reject("the first line is not the divisors of n");
    double mean;
    if (!(std::cin >> mean)) return reject("no mean on the second line");
    if (!std::isfinite(mean)) return reject("the mean is not a finite number");
    double exact = sum / want.size();
    if (!(std::fabs(mean - exact) <= eps * std::fmax(1, std::fabs(exact)))) return reject("the mean is off");
    std::string extra;
    if (std::cin >> extra) return reject("more output than asked for");
    return 42;
}
