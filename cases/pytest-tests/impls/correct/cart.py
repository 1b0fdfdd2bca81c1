"""A shopping cart: items by name, each with a price in cents and a
quantity."""


class Cart:
    def __init__(self):
        self._items = {}  # name -> [price, quantity]

    def add(self, name, price, qty=1):
        """Adds qty of an item; adding an item again adds to its quantity
        (the price is the first one's)."""
        if qty <= 0:
            raise ValueError("the quantity must be positive")
        if price < 0:
            raise ValueError("the price must not be negative")
        if name in self._items:
            self._items[name][1] += qty
        else:
            self._items[name] = [price, qty]

    def remove(self, name, qty=1):
        """Removes qty of an item, the item itself when none is left;
        KeyError when the cart has no such item."""
        if name not in self._items:
            raise KeyError(name)
        item = self._items[name]
        if qty >= item[1]:
            del self._items[name]
        else:
            item[1] -= qty

    def count(self):
        """How many items the cart holds, quantities counted."""
        return sum(q for _, q in self._items.values())

    def total(self):
        """The price of everything, in cents."""
        return sum(p * q for p, q in self._items.values())

    def total_with_discount(self, percent):
        """The total less percent of it, rounded down to a cent."""
        if not 0 <= percent <= 100:
            raise ValueError("the discount must be from 0 to 100")
        return self.total() * (100 - percent) // 100

    def names(self):
        """The items' names, sorted."""
        return sorted(self._items)
