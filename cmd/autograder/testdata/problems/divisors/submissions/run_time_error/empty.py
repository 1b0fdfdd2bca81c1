# Run-time error: divides by the number of proper divisors, none for 1...
# and reads a second number that is not there.
n = int(input())
m = int(input())
print(n // m)
