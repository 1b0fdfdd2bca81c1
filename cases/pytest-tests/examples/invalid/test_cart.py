import pytest

from cart import Cart


def test_wrong_expectation():
    c = Cart()
    c.add("apple", 100, 3)
    assert c.total() == 3, "three apples cost 3"


def test_expects_what_the_handout_does_not_say():
    c = Cart()
    with pytest.raises(ValueError):
        c.add("apple", 100, 1000)


@pytest.mark.skip(reason="not finished")
def test_skipped():
    c = Cart()
    c.add("apple", 100, 2)
    assert c.count() == 2


def test_valid_count():
    c = Cart()
    c.add("apple", 100, 2)
    c.add("apple", 100, 2)
    assert c.count() == 4
