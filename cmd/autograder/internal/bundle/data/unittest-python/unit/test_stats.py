import pytest

import helpers
import stats


def test_mean():
    helpers.check_close(stats.mean([1, 2, 3, 4]), 2.5)


def test_median_odd():
    helpers.check_close(stats.median([3, 1, 2]), 2)


@pytest.mark.points(2)
def test_median_even():
    helpers.check_close(stats.median([4, 1, 3, 2]), 2.5)


class TestErrors:
    def test_empty_mean(self):
        with pytest.raises(ValueError):
            stats.mean([])

