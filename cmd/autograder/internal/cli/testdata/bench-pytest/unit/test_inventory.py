import pytest

import inventory


@pytest.fixture
def shop():
    s = inventory.Inventory()
    s.add("apple", 3, 0.5)
    s.add("pear", 2, 0.75)
    return s


def test_empty_total():
    assert inventory.Inventory().total() == 0


def test_add_counts(shop):
    assert shop.count("apple") == 3
    assert shop.count("plum") == 0


def test_add_again(shop):
    shop.add("apple", 2, 0.5)
    assert shop.count("apple") == 5


def test_total(shop):
    assert shop.total() == pytest.approx(3 * 0.5 + 2 * 0.75)


def test_remove(shop):
    shop.remove("apple", 2)
    assert shop.count("apple") == 1


def test_remove_too_many(shop):
    with pytest.raises(inventory.OutOfStock) as ei:
        shop.remove("pear", 5)
    assert "pear" in str(ei.value)


def test_remove_unknown(shop):
    with pytest.raises(KeyError):
        shop.remove("plum", 1)


def test_names_sorted(shop):
    assert shop.names() == ["apple", "pear"]


@pytest.mark.parametrize("text,cents", [("1.50", 150), ("0.05", 5), ("12", 1200)])
def test_parse_price(text, cents):
    assert inventory.parse_price(text) == cents


def test_parse_price_bad():
    with pytest.raises(ValueError):
        inventory.parse_price("abc")
