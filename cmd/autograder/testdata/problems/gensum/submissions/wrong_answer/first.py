# Prints the first number, not the sum.
input()
print(input().split()[0])
