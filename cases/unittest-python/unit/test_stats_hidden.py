import pytest

import helpers
import stats


@pytest.mark.points(2)
def test_mode():
    helpers.check_close(stats.mode([1, 2, 2, 3, 3]), 2)


def test_mode_one():
    helpers.check_close(stats.mode([7]), 7)


@pytest.mark.points(2)
def test_median_unsorted():
    helpers.check_close(stats.median([9, 1, 5, 3, 7, 2]), 4)

