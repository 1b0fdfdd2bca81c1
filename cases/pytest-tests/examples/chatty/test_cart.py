import sys

from cart import Cart


def test_prints_a_lot():
    c = Cart()
    c.add("apple", 100, 2)
    for i in range(20000):
        print("debugging line", i, "." * 80)
        sys.stderr.write("and on stderr %d\n" % i)
    print(c)
    assert c.total() == 200


def test_writes_a_gigabyte(tmp_path):
    with open(tmp_path / "big", "wb") as f:
        for _ in range(1024):
            f.write(b"x" * (1 << 20))
    assert Cart().count() == 0
