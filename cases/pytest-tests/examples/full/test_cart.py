import pytest

from cart import Cart


def test_quantities_and_totals():
    c = Cart()
    c.add("pear", 150, 2)
    c.add("apple", 100, 3)
    c.add("apple", 100)
    assert c.count() == 6
    assert c.total() == 700
    assert c.names() == ["apple", "pear"]


def test_rejects_bad_items():
    c = Cart()
    with pytest.raises(ValueError):
        c.add("apple", 100, 0)
    with pytest.raises(ValueError):
        c.add("apple", -1)


def test_remove():
    c = Cart()
    c.add("apple", 100, 2)
    with pytest.raises(KeyError):
        c.remove("pear")
    c.remove("apple", 2)
    assert c.names() == []


def test_discount():
    c = Cart()
    c.add("apple", 100, 2)
    assert c.total_with_discount(25) == 150
