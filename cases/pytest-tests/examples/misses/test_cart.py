from cart import Cart


def test_total():
    c = Cart()
    c.add("apple", 100, 3)
    assert c.total() == 300


def test_one_of_each():
    c = Cart()
    c.add("apple", 100)
    c.add("pear", 150)
    assert c.count() == 2
