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

cdef extern from "kernels/equity.h" nogil:
    const int CK_MAX_PLAYERS, CK_SHARE_UNIT, CK_TALLIES
    void ck_holdem_exact(const uint8_t* holes, int64_t matchups, int n, const uint8_t* board,
                         int nb, uint64_t base, const uint64_t* multisets, int64_t count,
                         int64_t per, int64_t* tallies)
    void ck_holdem_sampled(const uint8_t* combos, const int64_t* starts, const uint64_t* cum,
                           int n, const uint8_t* board, int nb, uint64_t base, uint64_t key,
                           int64_t first, int64_t samples, int64_t per, int64_t* tallies,
                           uint32_t* failed)

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
MAX_PLAYERS = CK_MAX_PLAYERS
SHARE_UNIT = CK_SHARE_UNIT
TALLIES = CK_TALLIES


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


def holdem_tallies(const uint8_t[:, :, ::1] holes, const uint8_t[::1] board, uint64_t base,
                   const uint64_t[::1] multisets, int64_t per):
    """``ck_holdem_exact``: each match-up's integer tallies over every completion of
    ``board`` (``croupier.gpu.holdem_exact`` checks the input and reads them).

    >>> from croupier import gpu
    >>> holes = np.array([[[51, 50], [0, 4]]], dtype=np.uint8)  # AsAh v 2c3c
    >>> board = np.array([46, 42, 38, 34], dtype=np.uint8)  # QhJhTh9h: both make flushes
    >>> t = holdem_tallies(holes, board, gpu.card_bits(board), gpu.rank_multisets(1), 1)
    >>> t[0, 2].tolist(), t[0, 3].tolist()  # boards won alone, split: of 44 rivers
    ([44, 0], [0, 0])
    """
    cdef Py_ssize_t m = holes.shape[0]
    cdef int n = <int>holes.shape[1], nb = <int>board.shape[0]
    if not (2 <= n <= CK_MAX_PLAYERS) or holes.shape[2] != 2 or nb > 5 or per < 1:
        raise ValueError("holes must be (match-ups, 2..10 players, 2) and the board 0..5 cards")
    # Codes past 51 would shift past a 64-bit mask: refused (croupier.gpu checks more).
    if (m and np.asarray(holes).max() > 51) or (nb and np.asarray(board).max() > 51):
        raise ValueError("card codes must be in 0..51")
    out = np.zeros((m, CK_TALLIES, n), dtype=np.int64)
    cdef int64_t[:, :, ::1] res = out
    if m and multisets.shape[0]:
        with nogil:
            ck_holdem_exact(&holes[0, 0, 0], m, n, &board[0] if nb else NULL, nb, base,
                            &multisets[0], multisets.shape[0], per, &res[0, 0, 0])
    return out


def holdem_sampled_tallies(const uint8_t[:, ::1] combos, const int64_t[::1] starts,
                           const uint64_t[::1] cum, const uint8_t[::1] board, uint64_t base,
                           uint64_t key, int64_t first, int64_t samples, int64_t per):
    """``ck_holdem_sampled``: the integer tallies of deals ``first`` ..
    ``first + samples - 1`` of stream ``key`` and whether a deal was given up
    (``croupier.gpu.holdem_sampled`` checks the input and reads them).

    >>> combos = np.array([[51, 47], [43, 42]], dtype=np.uint8)  # AsKs v QsQh
    >>> starts = np.array([0, 1, 2], dtype=np.int64)  # one combination each
    >>> cum = np.array([1 << 53, 1 << 53], dtype=np.uint64)
    >>> t, failed = holdem_sampled_tallies(combos, starts, cum, np.zeros(0, np.uint8),
    ...                                    0, 7, 0, 1000, 64)
    >>> int(t[2].sum() + t[3].sum() // 2), failed  # deals won alone + deals split
    (1000, False)
    """
    cdef int n = <int>starts.shape[0] - 1, nb = <int>board.shape[0]
    if not (2 <= n <= CK_MAX_PLAYERS) or nb > 5 or per < 1 or samples < 0:
        raise ValueError("2..10 ranges, a board of 0..5 cards and positive slices")
    if combos.shape[1] != 2 or cum.shape[0] != combos.shape[0]:
        raise ValueError("combos must be (k, 2) with one threshold each")
    spans = np.diff(np.asarray(starts))
    if starts[0] != 0 or starts[n] != combos.shape[0] or (spans < 1).any():
        raise ValueError("starts must cut the combinations into non-empty ranges")
    if (combos.shape[0] and np.asarray(combos).max() > 51) or (nb and np.asarray(board).max() > 51):
        raise ValueError("card codes must be in 0..51")
    out = np.zeros((CK_TALLIES, n), dtype=np.int64)
    cdef int64_t[:, ::1] res = out
    cdef uint32_t failed = 0
    if samples:
        with nogil:
            ck_holdem_sampled(&combos[0, 0], &starts[0], &cum[0], n, &board[0] if nb else NULL,
                              nb, base, key, first, samples, per, &res[0, 0], &failed)
    return out, bool(failed)
