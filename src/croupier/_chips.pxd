# C types for the pure-Python module _chips.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine moves chips through C calls.

cpdef bint _put_chips(int i, object total, list stacks, list bets, list contributed) except -1
cpdef int _post_forced(tuple antes, tuple blinds, list stacks, list bets, list contributed, list dead, list history) except -1
cdef bint _post_ante(int seat, object amount, bint is_dead, int kind, list stacks, list contributed, list dead, list history) except -1
