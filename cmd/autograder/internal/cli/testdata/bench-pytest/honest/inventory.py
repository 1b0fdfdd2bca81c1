"""An inventory of items, each with a count and a unit price."""


class OutOfStock(KeyError):
    def __init__(self, name, want, have):
        super().__init__(name)
        self.name, self.want, self.have = name, want, have

    def __str__(self):
        return "%s: %d wanted, %d in stock" % (self.name, self.want, self.have)


def parse_price(text):
    """A price in cents: "1.50" is 150."""
    euros, _, cents = text.partition(".")
    if not euros.isdigit() or (cents and not cents.isdigit()):
        raise ValueError("not a price: %r" % text)
    return int(euros) * 100 + int((cents + "00")[:2])


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, n, price):
        count, _ = self.items.get(name, (0, price))
        self.items[name] = (count + n, price)

    def count(self, name):
        return self.items.get(name, (0, 0))[0]

    def remove(self, name, n):
        if name not in self.items:
            raise KeyError(name)
        count, price = self.items[name]
        if n > count:
            raise OutOfStock(name, n, count)
        self.items[name] = (count - n, price)

    def total(self):
        return sum(n * p for n, p in self.items.values())

    def value(self, name):
        n, p = self.items.get(name, (0, 0))
        return n * p

    def names(self):
        return sorted(self.items)

    def cheapest(self):
        return min(self.items, key=lambda k: self.items[k][1])

    def each(self, f):
        for name, (n, _) in self.items.items():
            f(name, n)

    def select(self, keep):
        return sorted(name for name, (n, _) in self.items.items() if keep(name, n))

    def report(self):
        for name in self.names():
            print("%s: %d" % (name, self.count(name)))

    def restock(self, counts):
        for name, n in counts.items():
            price = self.items.get(name, (0, 1.0))[1]
            self.add(name, n, price)
