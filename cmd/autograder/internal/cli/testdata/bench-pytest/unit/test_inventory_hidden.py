import pytest

import inventory


def make():
    s = inventory.Inventory()
    for name, n, price in [("b", 1, 2.0), ("a", 4, 1.0), ("c", 2, 0.5)]:
        s.add(name, n, price)
    return s


def test_cheapest():
    assert make().cheapest() == "c"


def test_each_visits_all():
    seen = []
    make().each(lambda name, n: seen.append((name, n)))
    assert sorted(seen) == [("a", 4), ("b", 1), ("c", 2)]


def test_filter_by_callback():
    assert make().select(lambda name, n: n >= 2) == ["a", "c"]


def test_report_prints(capsys):
    make().report()
    out = capsys.readouterr().out
    assert out.splitlines() == ["a: 4", "b: 1", "c: 2"]


@pytest.mark.points(2)
def test_restock_many():
    s = make()
    s.restock({"a": 1, "d": 3})
    assert (s.count("a"), s.count("d")) == (5, 3)


def test_out_of_stock_is_key_error():
    with pytest.raises(KeyError):
        make().remove("b", 2)


def test_value_of_missing():
    assert make().value("zzz") == 0


def test_value():
    assert make().value("a") == pytest.approx(4.0)


def test_total_after_remove():
    s = make()
    s.remove("a", 4)
    assert s.total() == pytest.approx(3.0)
