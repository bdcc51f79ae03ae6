# C types for the pure-Python module _showdown.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine calls these as C functions.

cimport cython

@cython.locals(k=Py_ssize_t, i=Py_ssize_t, n=Py_ssize_t)
cpdef tuple _showdown_order(object aggressor, object previous_aggressor, object first_actor, bint stud, list folded)
@cython.locals(k=Py_ssize_t)
cpdef _reveal(object revealed, list holes, list live)
cpdef object _showdown_values(object game, list holes, list folded, object revealed, list board, tuple boards, bint unknown_ok=*)
cdef tuple _values_on(object game, list holes, tuple board, list live)
@cython.locals(n=int)
cpdef tuple _split_runs(list money, list folded, list runs, object dead, list returned, object rake, int street, list contributed)
cpdef bint _show_early(object revealed, list holes, list folded, list history, int street) except -1
cpdef tuple _award_values(object values, object lows, object mucked, int n)
cpdef tuple _payouts(tuple inputs, list received, object rake, tuple run_values, int street, list contributed, list history)
