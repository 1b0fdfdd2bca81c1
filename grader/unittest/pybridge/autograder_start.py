"""The test box's start cache: what every start of pytest computes alike
and throws away (the methods attrs generates for pytest's classes, the
small sources namedtuple and typing compile, the programs of the regular
expressions pytest, json and the bridge compile), recorded once per
machine by a training run of the grader's own tests (record, save) and
read by every test box (load). A code object is looked up by everything
compile() is given (the source's text, its file name, the mode, the
flags, the caller's __future__ features), a regular expression by its
pattern and flags, so that what the cache gives is what the interpreter
would have computed; anything else is computed as before. The cache
holds nothing of an instructor's or a student's: only the start (the
bridge, pytest and its plugins imported) reads its code objects, and the
builtins are the interpreter's own again before pytest reads any test."""
import builtins
import marshal
import sys

_compile, _exec, _eval = builtins.compile, builtins.exec, builtins.eval
_FUTURE = 0x1FE0000  # CO_FUTURE_DIVISION through CO_FUTURE_ANNOTATIONS: the flags compile() inherits
_ONLY_AST = 0x400  # ast.PyCF_ONLY_AST: a tree, not a code object
_codes = {}  # (source, filename, mode, flags, optimize): code
_patterns = []  # ((pattern, flags), the arguments of _sre.compile)
_recording = None


def _tag():
    """What the recorded code and programs are valid for: this
    interpreter, its regular expressions' engine, its optimization."""
    import _sre
    return (sys.version, sys.implementation.cache_tag, _sre.MAGIC, sys.flags.optimize)


def _code(source, filename, mode, flags, optimize, caller):
    """source's code object, from the cache (a str's) or compiled as
    compile() would from the frame caller (its __future__ features
    inherited)."""
    if caller is not None:
        flags |= caller.f_code.co_flags & _FUTURE
    if type(source) is not str:
        return _compile(source, filename, mode, flags, True, optimize)
    key = (source, filename, mode, flags, optimize)
    code = _codes.get(key)
    if code is None:
        code = _compile(source, filename, mode, flags, True, optimize)
        if _recording is not None:
            _codes[key] = code
    return code


def compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **kw):
    """builtins.compile during the start."""
    if type(source) is not str or type(filename) is not str or flags & _ONLY_AST or kw:
        if not dont_inherit:
            flags |= sys._getframe(1).f_code.co_flags & _FUTURE
        return _compile(source, filename, mode, flags, True, optimize, **kw)
    return _code(source, filename, mode, flags, optimize, None if dont_inherit else sys._getframe(1))


def _scope(globals, locals, caller):
    """exec's and eval's namespaces, the caller's by default."""
    if globals is None:
        return caller.f_globals, caller.f_locals if locals is None else locals
    return globals, locals


def exec(source, globals=None, locals=None, /, **kw):
    """builtins.exec during the start."""
    caller = sys._getframe(1)
    if isinstance(source, (str, bytes, bytearray)):
        source = _code(source, "<string>", "exec", 0, -1, caller)
    return _exec(source, *_scope(globals, locals, caller), **kw)


def eval(source, globals=None, locals=None, /):
    """builtins.eval during the start (which reads a source from its
    first character that is not a space or a tab)."""
    caller = sys._getframe(1)
    if isinstance(source, str):
        source = _code(source.lstrip(" \t"), "<string>", "eval", 0, -1, caller)
    elif isinstance(source, (bytes, bytearray)):
        source = _code(bytes(source).lstrip(b" \t"), "<string>", "eval", 0, -1, caller)
    return _eval(source, *_scope(globals, locals, caller))


def load(path):
    """Reads the cache at path (after its 32 bytes of digest, which the
    grader checked): its code objects serve the start, its regular
    expressions are in re's own cache. A cache that cannot be read, or
    made for another interpreter, is not used."""
    try:
        with open(path, "rb") as f:
            tag, codes, patterns = marshal.loads(f.read()[32:])
        if tag != _tag() or type(codes) is not dict:
            return
        import re
        import _sre
        cache = getattr(re, "_cache", None)
        compiled = [((type(p), p, flags), _sre.compile(*args)) for (p, flags), args in patterns] if type(cache) is dict else []
    except Exception:  # noqa: no cache: the start computes all
        return
    _codes.update(codes)
    for key, pattern in compiled:
        cache.setdefault(key, pattern)
    start()


def start():
    """The start's builtins: compile, exec and eval served from the cache."""
    builtins.compile, builtins.exec, builtins.eval = compile, exec, eval


def stop():
    """The interpreter's own builtins again, before pytest reads a test."""
    builtins.compile, builtins.exec, builtins.eval = _compile, _exec, _eval


def record(path):
    """A training run: what the start compiles is kept, and every regular
    expression's program, for save to write at path."""
    global _recording
    _recording = path
    import re
    import re._compiler as rc
    import _sre
    real, orig = _sre.compile, rc.compile

    def compile_re(p, flags=0):
        if type(p) not in (str, bytes) or flags & (re.DEBUG | re.TEMPLATE):
            return orig(p, flags)

        def grab(pattern, fl, code, groups, groupindex, indexgroup):
            _patterns.append(((p, int(flags)), (pattern, int(fl), [int(c) for c in code], int(groups),
                                                dict(groupindex), tuple(indexgroup))))
            return real(pattern, fl, code, groups, groupindex, indexgroup)
        _sre.compile = grab
        try:
            return orig(p, flags)
        finally:
            _sre.compile = real
    rc.compile = compile_re
    start()


def save():
    """Writes what a training run recorded (record)."""
    if _recording is not None:
        with open(_recording, "wb") as f:
            f.write(marshal.dumps((_tag(), _codes, _patterns)))
