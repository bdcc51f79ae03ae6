# C types for the pure-Python module _deal_plan.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine calls these as C functions.

cpdef list deal_order(object street, object seats, Py_ssize_t cards_left=*)
cpdef tuple _plan(object game, int n)
cpdef tuple _forced_bets(object game, tuple plan, int n)
cdef tuple _bets_of(object game, int n)
