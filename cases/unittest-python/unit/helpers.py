"""The instructor's assertion helper: it runs in the test box, where no
student file is; a student's module that replaces it at run time replaces
only its own copy, in its own box.

check_close checks the answer's type before any arithmetic: got - want and
abs() of a student's object are the student's own methods, which may say
anything; type(got) is the test box's word."""


def check_close(got, want):
    assert type(got) in (int, float), f"got {got!r}, want the number {want!r}"
    assert abs(got - want) < 1e-9, f"got {got!r}, want {want!r}"
