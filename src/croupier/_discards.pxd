# C types for the pure-Python module _discards.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine calls these as C functions.

cimport cython

from croupier._deck cimport _text

@cython.locals(k=Py_ssize_t, unknown=Py_ssize_t, seen=cython.ulonglong, bit=cython.ulonglong)
cpdef list _discard_codes(int i, object cards, list hole, int free)
cpdef _check_given_deal(int i, list discards, list deck, object streams, object dealt, list folded, list holes)
cpdef list _parse_discards(object text)
@cython.locals(held=Py_ssize_t, j=Py_ssize_t)
cpdef int _free_cards(object in_game, list folded, list holes) except -1
