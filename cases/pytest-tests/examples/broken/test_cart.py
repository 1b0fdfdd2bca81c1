from cart import Cart


def test_total()
    c = Cart()
    assert c.total() == 0
