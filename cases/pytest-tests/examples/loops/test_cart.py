from cart import Cart


def test_never_ends():
    c = Cart()
    while True:
        pass


def test_names():
    c = Cart()
    c.add("pear", 150)
    c.add("apple", 100)
    assert c.names() == ["apple", "pear"]
