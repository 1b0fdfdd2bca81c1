// A checker that does not compile: the assignment's fault.
int main() { return undeclared; }
