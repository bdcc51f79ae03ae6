# C types for the pure-Python module _deck.py (Cython "augmenting .pxd"): cimported
# by hand.pxd and _discards.pxd, so the engine calls these as C functions.

cimport cython

from croupier._deal_plan cimport deal_order

cpdef str _text(object card)
cpdef list _reshuffled(object seed, object index, list cards)
cpdef list _shuffled(object seed, object need, object cards=*)
cpdef list _make_deck(object game, int n, tuple plan, object seed, object deck, int runs=*)
@cython.locals(seat=Py_ssize_t)
cpdef tuple _streams_of(object game, int n, bint draws, object dealer)
cdef tuple _dealer_cards(object game, object values, int seat, int n, str what=*)
@cython.locals(p=Py_ssize_t, j=Py_ssize_t, stream=tuple)
cpdef list _take(tuple streams, list taken, Py_ssize_t k, Py_ssize_t count)
@cython.locals(n=Py_ssize_t, count=Py_ssize_t)
cpdef _deal_street(object game, object street, int k, list deck, object streams, object taken, list folded, list holes, list up, list board, list history)
@cython.locals(k=Py_ssize_t, count=Py_ssize_t)
cpdef tuple _run_boards(object game, int start, int last, int runs, list shared, list deck, object streams, object taken, list history)
cpdef tuple _stub_draw(Py_ssize_t k, list deck, list muck, object seed, int reshuffles)
