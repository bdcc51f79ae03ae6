# cython: language_level=3
"""Reading a list's or tuple's items safely while an item's own code may run.

The readers of ``hands.pyx`` (card codes) and ``pots.pyx`` (amounts, folded
flags, hand values) read items in place as long as no Python code can run
(exact ints, bools, ``None``).  Before an item whose reading may run code
(its ``__index__``), they go on from ``held(seq)``: a list's items copied to
a tuple of their own, so that code emptying or refilling the list cannot
pull an item from under the reader; a tuple cannot change and is read as it
is.  Inline functions, compiled into each module that cimports them.
"""

from cpython.list cimport PyList_AsTuple

cimport cython


cdef inline object held(object seq):
    """``seq`` (a list or tuple) as a tuple of its items: fixed while they are read."""
    return seq if type(seq) is tuple else PyList_AsTuple(seq)


@cython.boundscheck(True)
@cython.wraparound(False)
cdef inline object item(object seq, Py_ssize_t i):
    """Item ``i`` of a list or tuple (an IndexError past its end, never a bad read)."""
    if type(seq) is list:
        return (<list>seq)[i]
    return (<tuple>seq)[i]
