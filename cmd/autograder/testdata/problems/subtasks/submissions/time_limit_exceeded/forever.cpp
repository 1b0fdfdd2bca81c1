// Time limit: waits for a sum that never comes.
int main() {
    volatile long long sum = 0;
    for (long long i = 0;; i++) sum += i;
}
