#include <fstream>
#include <iostream>
#include "split.h"

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    std::ifstream in(argv[1]);
    long long n, a, b;
    in >> n;
    if (!(std::cin >> a >> b)) return reject(argv[3], "expected two integers");
    std::string extra;
    if (std::cin >> extra) return reject(argv[3], "more than two integers");
    if (!split_ok(n, a, b)) return reject(argv[3], "not two positive parts of n");
    return 42;
}
