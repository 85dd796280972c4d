"""Borrowed array views: numba's reference counting made free inside one game.

Every call from one compiled function to another that is not inlined increments and later
decrements the reference count of each array it is handed, each an atomic operation on the
array's memory record (``NRT_incref``/``NRT_decref``). A game's kernels hand the same dozen
arrays down thousands of times, and the Rifle & Gun profile spent 29% of its samples there
(perf, bench/profile_kernels.py, stop 24). :func:`borrow` returns a view of an array with no
memory record (as a view of foreign memory has): numba still emits the calls, but each returns
at once on the empty record, and nothing is counted.

The price is lifetime: a borrowed view does not keep its memory alive. Borrow only arrays whose
owner outlives every use of the view, i.e. arrays the caller of the borrowing kernel holds for
the whole call (a kernel's own arguments), and never return a borrowed view or store it
anywhere that outlives that call. Results are unchanged: the view reads and writes the same
memory.
"""

from __future__ import annotations

from numba.core import cgutils, types
from numba.extending import intrinsic, overload


def borrow(arr):
    """``arr`` as a view with no memory record (see the module's doc for when that is safe).
    In plain Python (``NUMBA_DISABLE_JIT=1``) the array itself."""
    return arr


@overload(borrow)
def _borrow_overload(arr):
    if isinstance(arr, types.Array):
        return lambda arr: _borrow(arr)
    return None


@intrinsic
def _borrow(typingctx, arr):
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        src = context.make_array(aryty)(context, builder, value=args[0])
        view = context.make_array(aryty)(context, builder)
        for field in ("data", "shape", "strides", "itemsize", "nitems"):
            setattr(view, field, getattr(src, field))
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()

    return arr(arr), codegen
