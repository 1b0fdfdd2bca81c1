import pytest

import stats


def check_close(got, want):
    """helpers.check_close's check, kept here: a file the hidden tests use
    is never in a student kit, so they do not share the public helpers.py."""
    assert type(got) in (int, float), f"got {got!r}, want the number {want!r}"
    assert abs(got - want) < 1e-9, f"got {got!r}, want {want!r}"


@pytest.mark.points(2)
def test_mode():
    check_close(stats.mode([1, 2, 2, 3, 3]), 2)


def test_mode_one():
    check_close(stats.mode([7]), 7)


@pytest.mark.points(2)
def test_median_unsorted():
    check_close(stats.median([9, 1, 5, 3, 7, 2]), 4)

