// Run-time error: aborts.
#include <cstdlib>

int main() { std::abort(); }
