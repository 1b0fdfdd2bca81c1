import sys

# 0/1 knapsack by dynamic programming, with the items taken.


def best(weight, value, cap):
    table = [0] * (cap + 1)
    for i in range(len(weight)):
        for w in range(cap, weight[i] - 1, -1):
            with_item = table[w - weight[i]] + value[i]
            if with_item > table[w]:
                table[w] = with_item
    return table[cap]


def taken(weight, value, cap):
    n = len(weight)
    keep = [[0] * (cap + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for w in range(cap + 1):
            skip = keep[i - 1][w]
            take = -1
            if weight[i - 1] <= w:
                take = keep[i - 1][w - weight[i - 1]] + value[i - 1]
            keep[i][w] = max(take, skip)
    items = []
    w = cap
    for i in range(n, 0, -1):
        if keep[i][w] != keep[i - 1][w]:
            items.append((i - 1, weight[i - 1], value[i - 1]))
            w -= weight[i - 1]
    return items


def main():
    data = sys.stdin.read().split()
    if len(data) < 2:
        print("usage: n capacity, then n weights and values", file=sys.stderr)
        return 1
    n, cap = int(data[0]), int(data[1])
    weight = [int(x) for x in data[2:2 + 2 * n:2]]
    value = [int(x) for x in data[3:3 + 2 * n:2]]
    print("best value %d" % best(weight, value, cap))
    for item in taken(weight, value, cap):
        print("item %d (weight %d, value %d)" % item)
    return 0


if __name__ == "__main__":
    sys.exit(main())
