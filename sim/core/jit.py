"""The one place numba is configured for the whole project.

Every kernel is compiled with ``cache=True`` (compile once per machine, not per run) and
numpy's error model (no Python exception checks on integer division in hot loops).
Only batch drivers use ``parallel=True``; they hold exactly one ``prange`` over games.

The compiled cache lives in ``.numba_cache/<source key>/`` under the project (unless
``NUMBA_CACHE_DIR`` is set): numba checks only the source file of the function it loads from
its cache, so a kernel that calls a kernel of another file would keep running the callee's
old machine code after the callee's file changed (seen here: edit ``a.f`` to return 2, and
``b.g`` that calls it still returns 1). Keying the cache by a hash of every source file that
compiles code, and of every project file those import (the module constants compiled code
freezes), makes any such edit compile afresh; pure-Python layers (analysis, reports, config,
runner, narration, command line) are outside the key, so editing them keeps the cache. The
three most recent keys are kept.
"""

import hashlib
import os
import shutil
from pathlib import Path

import numba
from numba import njit, prange  # noqa: F401  (prange re-exported for batch drivers)

ROOT = Path(__file__).resolve().parents[2]
KEEP = 3  # cache folders kept (the newest by use)


DECORATORS = {"kernel", "step", "njit", "jit", "generated_jit", "vectorize", "guvectorize",
              "overload", "intrinsic", "jitclass", "cfunc"}


def _compiles(tree) -> bool:
    """Does the module define a function or class under a numba or project jit decorator?"""
    import ast

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            for d in node.decorator_list:
                d = d.func if isinstance(d, ast.Call) else d
                name = d.attr if isinstance(d, ast.Attribute) else getattr(d, "id", "")
                if name in DECORATORS:
                    return True
    return False


def _project_imports(f: Path, root: Path) -> set[Path]:
    """Project files that ``f`` imports (``import sim.x``, ``from sim.x import y``, ``from
    sim.x import module``), resolved to paths under ``root``."""
    import ast

    out = set()
    tree = _tree(f)
    if tree is None:
        return out
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
    for name in names:
        if not name.startswith(("sim", "strategies")):
            continue
        base = root.joinpath(*name.split("."))
        for cand in (base.with_suffix(".py"), base / "__init__.py"):
            if cand.is_file():
                out.add(cand)
    return out


def _tree(f: Path):
    import ast

    try:
        return ast.parse(f.read_text())
    except (SyntaxError, UnicodeDecodeError, ValueError):
        return None


def kernel_sources(root: Path = ROOT) -> list[Path]:
    """The .py files whose edits can change compiled code: every file of ``sim/`` and
    ``strategies/`` that compiles code (uses numba or the project's jit decorators), and every
    project file those import, transitively (module constants are frozen into compiled code).
    Reports, configs, narration and the command line are outside it, so editing them keeps
    the compiled kernels."""
    every = [f for sub in ("sim", "strategies") for f in (root / sub).rglob("*.py")]
    todo = [f for f in every if (t := _tree(f)) is None or _compiles(t)]
    seen = set(todo)
    while todo:
        for g in _project_imports(todo.pop(), root):
            if g not in seen:
                seen.add(g)
                todo.append(g)
    return sorted(seen)


def source_key(root: Path = ROOT) -> str:
    """Hash (path and bytes) of :func:`kernel_sources`."""
    h = hashlib.blake2b(digest_size=8)
    for f in kernel_sources(root):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def _use_keyed_cache() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return  # the user's (or a benchmark's) choice
    base = ROOT / ".numba_cache"
    here = base / source_key()
    try:
        here.mkdir(parents=True, exist_ok=True)
        os.utime(here)
        old = sorted((d for d in base.iterdir() if d.is_dir()),
                     key=lambda d: d.stat().st_mtime, reverse=True)[KEEP:]
        for d in old:
            shutil.rmtree(d, ignore_errors=True)
    except OSError:
        return  # a read-only install: numba's default places
    numba.config.CACHE_DIR = str(here)


_use_keyed_cache()

_OPTS = {"cache": True, "nogil": True, "error_model": "numpy"}


def _plain(t):
    """The type a kernel is compiled for when called with an argument of type ``t``: a
    literal's own type (``Literal[int](1)`` -> int64, ``Literal[bool](False)`` -> bool) and an
    IntEnum member's integer."""
    from numba.core import types

    t = types.unliteral(t)
    return t.dtype if isinstance(t, types.IntEnumMember) else t


def _plain_calls(disp):
    """Make a call from compiled code compile ``disp`` once for the plain types of its
    arguments, not once per constant. Numba types a constant argument as a literal
    (``f(a, -1)`` and ``f(a, i)`` are two signatures), and each signature of a kernel is
    compiled, with every kernel it calls linked in, on its own: in the Westamunda engine 232
    functions were compiled 538 times (``_log`` 64 times, ``_need_at`` 25, ``_move`` 5), about
    40% of its cold compile (2026-12-06, this project's 2-core VM). The caller's constant is
    converted to the plain type at the call, as for any compiled signature, so results are
    unchanged. A kernel that cannot be typed without its literals (or asks for them with
    ``numba.literally``) is compiled for them as before."""
    from numba.core import errors, typing

    def get_call_template(args, kws):
        pysig, args = disp._compiler.fold_argument_types(args, kws)
        if disp._can_compile:
            plain = tuple(_plain(a) for a in args)
            try:
                disp.compile(plain)
            except (errors.TypingError, errors.ForceLiteralArg):  # (it needs its literals)
                disp.compile(tuple(args))
        name = disp.py_func.__name__
        template = typing.make_concrete_template(f"CallTemplate({name})", key=name,
                                                 signatures=disp.nopython_signatures)
        return template, pysig, args, {}

    disp.get_call_template = get_call_template
    return disp


def kernel(fn):
    """Compile a serial kernel (a rule step, a dice helper, a policy); compiled code calling it
    compiles one signature per argument types, not per constant (``_plain_calls``)."""
    return _plain_calls(njit(**_OPTS)(fn))


def batch_kernel(fn):
    """Compile a batch driver: one ``prange`` over independent games."""
    return njit(parallel=True, **_OPTS)(fn)


def step(fn):
    """Compile a short rule step that hot loops call many times, inlined into its caller at
    numba's IR level: no call, and no reference counting of the arrays it is handed (a plain
    call to a kernel pays two atomic operations per array argument)."""
    return njit(inline="always", **_OPTS)(fn)
