# cython: language_level=3, boundscheck=False, wraparound=False
"""The shared kernels of ``croupier/kernels`` (the GPU's code) compiled for the CPU.

``croupier.gpu`` compiles ``kernels/device.cu`` with NVRTC for the GPU; this module
compiles the same functions with the C compiler (``kernels/croupier_device.h`` is
the only difference), so that every machine runs the GPU's kernel code: the test
suite holds it equal to the Cython core (``croupier.hands``) on every 7-card hand
and the other evaluators, and ``bench/bench_gpu.py`` checks the device against it.
Each call runs one loop on the calling thread, without the GIL.  Not a public
module: its callers check their input (shapes, dtypes) first.

>>> import numpy as np
>>> rows(HIGH, np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8))
(array([7462], dtype=uint16), False)
>>> rows(HIGH, np.array([[51, 51, 43, 39, 35, 0, 1]], dtype=np.uint8))  # a repeat
(array([65535], dtype=uint16), True)
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t

import numpy as np

cdef extern from "kernels/batch.h" nogil:
    const int CK_HIGH, CK_ACE_TO_FIVE, CK_EIGHT, CK_DEUCE_TO_SEVEN, CK_BADUGI
    const int CK_SHORT_DECK, CK_SHORT_DECK_TRIPS, CK_PREFIXES
    const unsigned int CROUPIER_BAD_ROW
    void ck_rows(int kind, const uint8_t* cards, int64_t n, int k, uint16_t* out,
                 uint32_t* bad)
    void ck_omaha_rows(int low, const uint8_t* hole, int nh, const uint8_t* board, int nb,
                       int64_t n, uint16_t* out, uint32_t* bad)
    void ck_enumerate_high7(uint64_t* counts)

HIGH = CK_HIGH
ACE_TO_FIVE = CK_ACE_TO_FIVE
EIGHT = CK_EIGHT
DEUCE_TO_SEVEN = CK_DEUCE_TO_SEVEN
BADUGI = CK_BADUGI
SHORT_DECK = CK_SHORT_DECK
SHORT_DECK_TRIPS = CK_SHORT_DECK_TRIPS
BAD_ROW = CROUPIER_BAD_ROW
PREFIXES = CK_PREFIXES


def rows(int kind, const uint8_t[:, ::1] cards):
    """``ck_rows``: the value of each row of a kind (``BAD_ROW`` for a row that is not a
    hand) and whether there was such a row; ``cards`` is C-contiguous uint8 of shape
    ``(n, k)``.

    >>> values, bad = rows(BADUGI, np.array([[48, 1, 6, 11]], dtype=np.uint8))
    >>> int(values[0]), bad
    (1092, False)
    """
    if not (HIGH <= kind <= SHORT_DECK_TRIPS):
        raise ValueError(f"unknown kind {kind}")
    cdef Py_ssize_t n = cards.shape[0]
    cdef int k = <int>cards.shape[1]
    if not ((k == 4) if kind == BADUGI else (5 <= k <= 7)):
        raise ValueError(f"kind {kind} does not take {k} cards")
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] res = out
    cdef uint32_t bad = 0
    if n:
        with nogil:
            ck_rows(kind, &cards[0, 0], n, k, &res[0], &bad)
    return out, bool(bad)


def omaha_rows(bint low, const uint8_t[:, ::1] hole, const uint8_t[:, ::1] board):
    """``ck_omaha_rows``: the best high (or, with ``low``, eight-or-better low) of two hole
    and three board cards, row by row.

    >>> hole = np.array([[51, 47, 0, 1]], dtype=np.uint8)
    >>> values, bad = omaha_rows(False, hole, np.array([[43, 39, 35]], dtype=np.uint8))
    >>> int(values[0]), bad
    (7462, False)
    """
    cdef Py_ssize_t n = hole.shape[0]
    cdef int nh = <int>hole.shape[1], nb = <int>board.shape[1]
    if board.shape[0] != n or not (4 <= nh <= 6) or not (3 <= nb <= 5):
        raise ValueError("hole needs (n, 4..6) cards and board (n, 3..5)")
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] res = out
    cdef uint32_t bad = 0
    if n:
        with nogil:
            ck_omaha_rows(low, &hole[0, 0], nh, &board[0, 0], nb, n, &res[0], &bad)
    return out, bool(bad)


def enumerate_high7():
    """``ck_enumerate_high7``: how many of the 133,784,560 seven-card hands fall in each
    high category (index ``croupier.hands.Category``), one loop over all of them.

    A few seconds on one core; the doctest is in the test suite.
    """
    counts = np.zeros(9, dtype=np.uint64)
    cdef uint64_t[::1] res = counts
    with nogil:
        ck_enumerate_high7(&res[0])
    return counts
