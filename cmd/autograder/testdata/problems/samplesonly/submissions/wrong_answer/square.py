# Squares instead of doubling.
print(int(input()) ** 2)
