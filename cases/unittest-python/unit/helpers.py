"""The instructor's assertion helper: a student file helpers.py is left
out of the run, and a submission that replaces check_close at run time
makes the sentinel pass, so that every test fails."""


def check_close(got, want):
    assert abs(got - want) < 1e-9, f"got {got!r}, want {want!r}"
