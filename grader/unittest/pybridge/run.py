"""The test box's starter: the bridge takes the frames' streams and makes
the student's modules stand-ins before pytest starts; pytest runs with the
grader's configuration; the process ends once pytest returns."""
import gc

# No collection while the bridge, pytest and the plugins are imported
# (about 8 ms of a test box's CPU, nearly all of it garbage-free), and
# what they made frozen (gc.freeze) before the tests run: the collections
# during the tests (and the one after a failed test) traverse the tests'
# objects, not pytest's; the instructor's code runs with the collector on.
gc.disable()
import os  # noqa: E402
import sys  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import autograder_start  # noqa: E402

# "--start CACHE": the start served from the machine's start cache;
# "--record-start CACHE": a training run that writes it (autograder_start).
_record = None
if sys.argv[1] == "--start":
    autograder_start.load(sys.argv[2])
    del sys.argv[1:3]
elif sys.argv[1] == "--record-start":
    _record = sys.argv[2]
    autograder_start.record(_record)
    del sys.argv[1:3]
import importlib  # noqa: E402
import importlib.util  # noqa: E402
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


class _Deferred(type(sys)):
    """A module imported at its first use (any of its attributes read):
    pytest and pluggy import importlib.metadata (and with it email,
    zipfile, csv, ...) when they start, about 8 ms of a test box's CPU, and
    read it only to load plugins from installed packages, which the test
    box does not (PYTEST_DISABLE_PLUGIN_AUTOLOAD)."""

    def __getattr__(self, attr):
        name = self.__name__
        if sys.modules.get(name) is self:
            del sys.modules[name]
        real = importlib.import_module(name)
        parent, _, child = name.rpartition(".")
        setattr(sys.modules[parent], child, real)
        self.__dict__.update(real.__dict__)
        return getattr(real, attr)


def _defer(name):
    """name imported at its first use (_Deferred), unless it is already.
    Its __file__ is told without importing it: a failing test's report
    (inspect.getmodule, through pytest's traceback) asks every module in
    sys.modules for its __file__, and would import it for nothing."""
    if name not in sys.modules:
        parent, _, child = name.rpartition(".")
        origin = getattr(importlib.util.find_spec(name), "origin", None)
        sys.modules[name] = _Deferred(name)
        if origin:
            sys.modules[name].__file__ = origin
        setattr(importlib.import_module(parent), child, sys.modules[name])


_defer("importlib.metadata")
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


_rest, _grader_plugins = _plugins(sys.argv[3:])
autograder_start.stop()
gc.freeze()
gc.enable()
code = pytest.main(_args(_rest), plugins=_grader_plugins)
# What the plugin read of the report pytest wrote (the grader reads the
# report only if its bytes are still these).
autograder_bridge.control("done", report=autograder_bridge.written["report"])
autograder_bridge.flush()
if _record:
    autograder_start.save()
os._exit(int(code))
