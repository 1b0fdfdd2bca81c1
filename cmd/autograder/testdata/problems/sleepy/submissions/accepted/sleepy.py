import time

a, b = map(int, input().split())
time.sleep(1.5)
print(a + b)
