import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import autograder_bridge
del sys.path[0]
autograder_bridge.serve_student()
os._exit(0)
