import time

n = int(input())
while time.process_time() < 0.43:
    pass
print(n)
