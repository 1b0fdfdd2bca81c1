"""The test box's pytest plugin: the student's process lives for a test
module (a fresh one for each test file), and each test is announced to the
grader's relay, which counts the student's time and output for it. A
failure's report is cut (_Cut) before pytest writes it."""

import os
import sys
import types

try:
    # SHA-256 without hashlib's OpenSSL (its start, about 2 ms of a test
    # box's CPU): CPython's own module, the same digest.
    from _sha256 import sha256
except ImportError:
    from hashlib import sha256

import pytest

import autograder_bridge

_state = {"module": None}
# The temporary folders the test hands over cross with its calls (the
# bridge's sync):
# pytest's are recorded as it makes them.
autograder_bridge.watch_tmp()


def _test_id(item):
    # The test's ID as the report names it: module[.Class].name.
    parts = item.nodeid.split("::")
    mod = parts[0].rsplit("/", 1)[-1]
    if mod.endswith(".py"):
        mod = mod[:-3]
    return ".".join([mod] + parts[1:])


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    mod = getattr(getattr(item, "module", None), "__name__", None)
    if mod != _state["module"]:
        _state["module"] = mod
        autograder_bridge.new_process()
    autograder_bridge.control("test", id=_test_id(item))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    # Past the test's teardown, its fixtures and arguments let go: what it
    # let go of the student's objects is freed in its own time (a failed
    # test's frames, which hold its objects, in a cycle with its exception).
    _state["failed"] = False
    yield
    autograder_bridge.end_test(collect=_state["failed"])


def pytest_runtest_logfinish(nodeid, location):
    # No temporary folder crosses until the next test hands it over.
    autograder_bridge.tmp_test_ended()


def pytest_runtest_logreport(report):
    if report.failed:
        _state["failed"] = True


def _cut(s, n):
    # s cut to n characters, saying how long it was (Java's Cap.cut too).
    return s if len(s) <= n else s[:n] + "...(%d characters)" % len(s)


class _Crash:
    def __init__(self, crash, message):
        self.path = getattr(crash, "path", "")
        self.lineno = getattr(crash, "lineno", 0)
        self.message = message


class _Cut:
    """A failure's report kept to MAX_REPR characters of message and twice
    that of text (its start and its end: the test's source, the failing
    line and the exception), so that one test's bytes (a student's string
    of millions of characters in an assertion's message) cost that test
    alone, never the report the other tests are read from."""

    def __init__(self, longrepr):
        n = autograder_bridge.MAX_REPR
        text = str(longrepr)
        if len(text) > 2 * n:
            text = text[:n] + "\n...(%d characters)...\n" % len(text) + text[-n:]
        self.text = text
        crash = getattr(longrepr, "reprcrash", None)
        self.reprcrash = None if crash is None else _Crash(crash, _cut(str(crash.message), n))

    def __str__(self):
        return self.text

    def toterminal(self, tw):
        tw.line(self.text)


def _kept(tb):
    # A traceback without the bridge's frames: pytest hides frames marked
    # __tracebackhide__ only in the exception a test failed with, not in
    # the ones before it in its chain (a student's exception the test
    # caught, then failed in its except block).
    kept = []
    while tb is not None:
        if os.path.abspath(tb.tb_frame.f_code.co_filename) != autograder_bridge._SERVER:
            kept.append(tb)
        tb = tb.tb_next
    out = None
    for t in reversed(kept):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


def _hide_bridge(exc):
    # The bridge's frames out of every exception chained to exc (exc's own
    # are pytest's to prune, by __tracebackhide__).
    seen, todo = {id(exc)}, [exc.__cause__, exc.__context__]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        try:
            e.__traceback__ = _kept(e.__traceback__)
        except Exception:
            pass
        todo += [e.__cause__, e.__context__]


def _timer_fired(tb):
    # Whether pytest-timeout's own timer raised the failure: one of tb's
    # frames runs its signal handler's code (its thread method ends the
    # process instead). The code object, never a name or a message: no
    # student's code runs in this box, and its text cannot be this code.
    timer = getattr(sys.modules.get("pytest_timeout"), "timeout_sigalrm", None)
    code = getattr(timer, "__code__", None)
    while tb is not None and code is not None:
        if tb.tb_frame.f_code is code:
            return True
        tb = tb.tb_next
    return False


def _failed_by(excinfo):
    # How the framework ended a test, as the grader's verdict reads it
    # ("timer", "assertion"), from the exception's class and where it was
    # raised, never its text: an AssertionError or pytest's Failed is
    # raised in this box (by the test's assert, pytest.fail or
    # pytest.raises), for none of the student's crosses as one (the
    # bridge makes a student's AssertionError a RuntimeError).
    exc = excinfo.value
    if isinstance(exc, pytest.fail.Exception) and _timer_fired(excinfo.tb):
        return "timer"
    if isinstance(exc, (AssertionError, pytest.fail.Exception)):
        return "assertion"
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    if call.excinfo is not None:
        _hide_bridge(call.excinfo.value)
    report = (yield).get_result()
    # Read after the report is made: a unittest.TestCase's failure reaches
    # call.excinfo only then (pytest's unittest plugin moves it there).
    if call.excinfo is not None:
        how = _failed_by(call.excinfo)
        if how is not None:
            autograder_bridge.control("failed", id=_test_id(item), by=how)
    _cut_report(report)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    # A test module that fails while pytest collects it (the student's
    # code it calls at import raised) fails its own tests alone, the run
    # going on (--continue-on-collection-errors): its report is cut as a
    # test's is.
    _cut_report((yield).get_result())


def _cut_report(rep):
    if not rep.failed or rep.longrepr is None:
        return
    n = autograder_bridge.MAX_REPR
    crash = getattr(rep.longrepr, "reprcrash", None)
    if len(str(rep.longrepr)) > 2 * n or (crash is not None and len(str(crash.message)) > n):
        rep.longrepr = _Cut(rep.longrepr)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    # Past pytest's own sessionfinish, which wrote the report (junitxml):
    # its bytes as written, which the grader's copy must be. A report
    # locked or replaced while the tests ran fails pytest's own writing
    # (and this hook is not reached), one changed after is not these bytes.
    path = getattr(session.config.option, "xmlpath", None)
    if not path:
        return
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as f:
            autograder_bridge.written["report"] = sha256(f.read()).hexdigest()
    except OSError:
        pass
