"""The instructor's assertion helper: it runs in the test box, where no
student file is; a student's module that replaces it at run time replaces
only its own copy, in its own box."""


def check_close(got, want):
    assert abs(got - want) < 1e-9, f"got {got!r}, want {want!r}"
