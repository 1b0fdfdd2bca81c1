"""The test box's starter: the bridge takes the frames' streams and makes
the student's modules stand-ins before pytest starts; pytest runs with the
grader's configuration; the process ends once pytest returns."""
import importlib
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import autograder_bridge  # noqa: E402


def _modules(arg):
    """The student's modules: comma-separated, or "@" and a file that
    names them one a line (a submission's names, too many for argv)."""
    if arg.startswith("@"):
        with open(arg[1:], encoding="utf-8") as f:
            return [m for m in f.read().split("\n") if m]
    return [m for m in arg.split(",") if m]


if sys.argv[1] == "--collect":
    # Only collecting: the student's modules are stand-ins that answer
    # nothing, and no frame is sent.
    del sys.argv[1]
    autograder_bridge.install_lazy(_modules(sys.argv[1]), sys.argv[2])
else:
    autograder_bridge.install(_modules(sys.argv[1]), sys.argv[2])
import pytest  # noqa: E402


def _args(args):
    """pytest's arguments, each "@" and a file's path standing for that
    file's lines (a test's ID, as long as a student makes it, out of argv)."""
    out = []
    for a in args:
        if a.startswith("@"):
            with open(a[1:], encoding="utf-8") as f:
                out += [line for line in f.read().split("\n") if line]
        else:
            out.append(a)
    return out


def _plugins(args):
    """pytest's arguments without the grader's plugins ("-p NAME"), and
    those plugins imported: registered as modules, they load as any module
    does (the bridge's plugin from its compiled file), where "-p" would
    have pytest read and rewrite their asserts at every start. Blocking
    ("-p no:NAME") stays pytest's."""
    rest, plugins = [], []
    it = iter(args)
    for a in it:
        name = next(it, None) if a == "-p" else None
        if name is None or name.startswith("no:"):
            rest += [a] if name is None else [a, name]
        else:
            plugins.append(importlib.import_module(name))
    return rest, plugins


# The time of the test files the grader rewrote once for all boxes
# (pybridge.TestTime): pytest reads a rewritten file only while its
# source's time and size are those recorded in it.
TEST_TIME = 1000000000


def _stamp(args):
    """The test files among args that have a rewritten form given the
    time it records, so that pytest reads it rather than rewriting them."""
    tail = ".%s-pytest-%s.pyc" % (sys.implementation.cache_tag, pytest.__version__)
    for a in args:
        d, name = os.path.split(a)
        if name.endswith(".py") and os.path.isfile(os.path.join(d, "__pycache__", name[:-3] + tail)):
            try:
                os.utime(a, (TEST_TIME, TEST_TIME))
            except OSError:
                pass


_rest, _grader_plugins = _plugins(sys.argv[3:])
_rest = _args(_rest)
_stamp(_rest)
code = pytest.main(_rest, plugins=_grader_plugins)
# What the plugin read of the report pytest wrote (the grader reads the
# report only if its bytes are still these).
autograder_bridge.control("done", report=autograder_bridge.written["report"])
autograder_bridge.flush()
os._exit(int(code))
