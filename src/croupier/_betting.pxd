# C types for the pure-Python module _betting.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine keeps its books through C calls.

cimport cython

cpdef bint _put_chips(int i, object total, list stacks, list bets, list contributed) except -1
cpdef int _post_forced(tuple antes, tuple blinds, list stacks, list bets, list contributed, list dead, list history) except -1
cdef bint _post_ante(int seat, object amount, bint is_dead, int kind, list stacks, list contributed, list dead, list history) except -1
cpdef bint _give_back(list bets, list stacks, list contributed, list folded, list history, int street) except -1
@cython.locals(n=int, k=int, i=int)
cpdef object _first_to_act(int start, list folded, list stacks, list bets, list acted, object to_match, bint others_can_bet)
@cython.locals(j=Py_ssize_t)
cpdef bint _answerable(int i, object to_match, list bets, list stacks, list folded) except -1
