"""The test box's starter: the bridge takes the frames' streams and makes
the student's modules stand-ins before pytest starts; pytest runs with the
grader's configuration; the process ends once pytest returns."""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import autograder_bridge  # noqa: E402

modules, folder = sys.argv[1], sys.argv[2]
autograder_bridge.install([m for m in modules.split(",") if m], folder)
import pytest  # noqa: E402

code = pytest.main(sys.argv[3:], plugins=[])
autograder_bridge.control("done")
autograder_bridge.flush()
os._exit(int(code))
