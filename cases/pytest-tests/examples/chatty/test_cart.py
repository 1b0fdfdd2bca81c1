import sys

from cart import Cart


def test_prints_a_lot():
    c = Cart()
    c.add("apple", 100, 2)
    for i in range(200000):
        print("debugging line", i, c)
        sys.stderr.write("and on stderr %d\n" % i)
    assert c.total() == 200
