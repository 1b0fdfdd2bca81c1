"""The instructor's own tests of the cart: `autograder cases verify` runs
them on the correct cart and on every bug, and refuses the rubric unless
each passes on the correct cart, every bug fails one, and no two bugs
answer them alike. Never shown to students."""
import pytest

from cart import Cart


def test_add_again_adds():
    c = Cart()
    c.add("apple", 100, 2)
    c.add("apple", 100, 3)
    assert c.count() == 5


def test_count_counts_quantities():
    c = Cart()
    c.add("apple", 100, 2)
    c.add("pear", 150)
    assert c.count() == 3


def test_total():
    c = Cart()
    c.add("apple", 100, 2)
    c.add("pear", 150)
    assert c.total() == 350


def test_discount():
    c = Cart()
    c.add("apple", 100, 2)
    assert c.total_with_discount(25) == 150


def test_names_sorted():
    c = Cart()
    c.add("pear", 150)
    c.add("apple", 100)
    assert c.names() == ["apple", "pear"]


def test_negative_price():
    c = Cart()
    with pytest.raises(ValueError):
        c.add("apple", -1)


def test_zero_quantity():
    c = Cart()
    with pytest.raises(ValueError):
        c.add("apple", 100, 0)


def test_remove_all():
    c = Cart()
    c.add("apple", 100, 2)
    c.remove("apple", 2)
    assert c.names() == []


def test_remove_missing():
    c = Cart()
    with pytest.raises(KeyError):
        c.remove("pear")
