# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""Hand values: high, ace-to-five low, eight-or-better low, Omaha 2+3, deuce-to-seven
low, badugi and short-deck high.

Every function evaluates along the *last axis* of its input:

* a ``str`` (``"As Ks Qs Js Ts"``) or a sequence of card codes gives an ``int``;
* an integer numpy array of shape ``(..., k)`` gives a ``uint16`` array of
  shape ``(...)``, computed without the GIL and, from about 0.3 ms of work on
  (60,000 seven-card rows, 8,000 four-card Omaha rows), in chunks of about 0.15 ms
  (at least 8 a thread) on up to ``threads`` threads of croupier's one pool
  (``croupier._parallel``; default: every core this process may use; a
  larger ``threads`` is clamped to that).  Between chunks the call checks
  for Ctrl-C.

Card codes are read as everywhere in croupier (``croupier.cards.as_card``):
ints and numpy integers in 0..51; anything else is a ``ValueError`` naming
it.  Arrays may have any integer dtype, byte order and layout (masked arrays
are refused); a bad row makes the call raise, naming the first bad row and
its cards:

>>> import numpy as np
>>> high(np.array([[51, 47, 43, 39, 35], [51, 47, 43, 39, 51]], dtype=">i2"))
Traceback (most recent call last):
...
ValueError: row 1 (cards [51, 47, 43, 39, 51]): card As appears twice

Values are dense and *larger is better* for every kind:

=======================  ==========  ==========================================
function                 values      best
=======================  ==========  ==========================================
``high``                 1..7462     7462, royal flush (1 is 7-5-4-3-2)
``ace_to_five_low``      1..6175     6175, 5-4-3-2-A (pairs count)
``eight_or_better_low``  0..56       56, 5-4-3-2-A; 0 means no qualifying low
``deuce_to_seven_low``   1..7462     7462, 7-5-4-3-2 (1 is a royal flush)
``badugi``               1..1092     1092, A-2-3-4 of four suits (1 is a king)
``short_deck_high``      1..1404     1404, royal flush (1 is J-9-8-7-6)
=======================  ==========  ==========================================

>>> high("As Ks Qs Js Ts 2c 3d")
7462
>>> describe(high("Kh Kd Ks 9c 9d 2h 3s"))
'Full house, kings over nines'
>>> describe(ace_to_five_low("7c 5d 4h 3s 2c Kd Kh"), kind="ace_to_five")
'Seven-five low'
>>> eight_or_better_low("9c Td Jh Qs Kc"), describe(0, kind="eight_or_better")
(0, 'No low')

Why one file of about a thousand lines: the scalar functions, the batch row
loops and the input readers call each other's ``cdef`` functions (``_rows``
and ``_value`` specialised per kind and card count, ``_read_codes``,
``_card_matrix``, ``_bad_row_error``): plain C calls within one translation
unit, which the C compiler inlines where it pays.  Split into modules, each
of those calls would go through a function pointer exported by a ``.pxd``
(no inlining, one more level in the tightest loops), or the functions would
move to ``.pxd`` files compiled again into every module.  What other modules share
already lives outside: the evaluation kernels in ``_eval.pxd``, the chunk
job in ``_chunks.pyx``, the list reading in ``_items.pxd``.
"""

import sys

cimport cython
from cpython.list cimport PyList_GET_SIZE
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from croupier._chunks cimport Job, croupier_atomic_add, croupier_chunks_done
from croupier._items cimport held
from croupier._eval cimport (
    CROUPIER_A5_DECODE,
    CROUPIER_BITS_PORTABLE,
    CROUPIER_BADUGI_DECODE,
    CROUPIER_D27_DECODE,
    CROUPIER_FULL_DECK_REFUSED,
    CROUPIER_HIGH_DECODE,
    CROUPIER_LOW8_DECODE,
    CROUPIER_SHORT_DECK_REFUSED,
    CROUPIER_SHORT_DECODE,
    CROUPIER_SHORT_TRIPS_DECODE,
    ace_to_five_n,
    badugi4,
    deuce_to_seven5,
    deuce_to_seven_n,
    valid_cards,
    valid_in_deck,
    eight_low_n,
    high7,
    high_n,
    omaha_high_k,
    omaha_low8_k,
    short_deck7,
    short_deck_n,
)

from croupier._names import (
    describe_ace_to_five,
    describe_badugi,
    describe_deuce_to_seven,
    describe_high,
    describe_low,
)
from croupier._parallel import run as _run_parallel, thread_count
from croupier._ranking import Category
from croupier._validate import as_int, int_array, is_bool, shown
from croupier.cards import as_card, as_card_array, as_cards, format_card

# Repeated in hands.pyi, the stub type checkers read (they cannot read a .pyx).
__all__ = [
    "Category",
    "ace_to_five_low",
    "badugi",
    "category",
    "describe",
    "deuce_to_seven_low",
    "eight_or_better_low",
    "high",
    "omaha_eight_or_better_low",
    "omaha_high",
    "short_deck_high",
]

# True when the C core was built with the portable bit counting of _bits.h (a compiler
# without GCC's builtins, or CROUPIER_PORTABLE_BITS forced on): CI checks its build.
_portable_bits = bool(CROUPIER_BITS_PORTABLE)

# Chunks of a batch follow the work, not a row count: each is about CHUNK_NS of
# work by the row cost of its kind (``_Batch.row_ns``: nanoseconds a row on one core of
# the development machine, measured; Omaha by its two-card-by-three-card ways), cut
# smaller until every thread gets CHUNKS_PER_THREAD of them (a short last round), never
# under MIN_CHUNK_ROWS rows.  A batch of less than two chunks' work runs on the calling
# thread in one go: waking a thread costs more than it saves.
cdef enum:
    CHUNK_NS = 150000
    CHUNKS_PER_THREAD = 8
    MIN_CHUNK_ROWS = 1024


# Every value an evaluator returns, as ready-made int objects: returning one of
# these is cheaper than creating a new int per call.
cdef tuple _INTS = tuple(range(7463))


cdef inline object _int(uint16_t v):
    return <object>PyTuple_GET_ITEM(_INTS, v)


# ----------------------------------------------------------------------------
# Reading input
# ----------------------------------------------------------------------------

cdef object _np = None


cdef object _numpy_if_loaded():
    """numpy, if the program imported it; croupier never imports it first."""
    global _np
    if _np is None:
        _np = sys.modules.get("numpy")
    return _np


cdef extern from *:
    """
    /* 0..51 for an exact int in that range, else -1 (never sets an error).
       Reads a one-digit int in place, without a call. */
    static inline int croupier_small_code(PyObject *x) {
        Py_ssize_t v;
        if (!PyLong_CheckExact(x)) return -1;
    #if PY_VERSION_HEX >= 0x030C0000
        if (!PyUnstable_Long_IsCompact((PyLongObject *)x)) return -1;
        v = PyUnstable_Long_CompactValue((PyLongObject *)x);
    #else
        switch (Py_SIZE(x)) {
            case 0: v = 0; break;
            case 1: v = (Py_ssize_t)((PyLongObject *)x)->ob_digit[0]; break;
            default: return -1;
        }
    #endif
        return (v >= 0 && v <= 51) ? (int)v : -1;
    }
    """
    int croupier_small_code(PyObject* x)


cdef extern from "Python.h":
    # With a NULL exception type, an int too large saturates instead of raising.
    Py_ssize_t PyNumber_AsSsize_t(object o, PyObject* exc) except? -1


cdef object _np_integer = None


cdef int _slow_code(object x, str what) except -1:
    """The code of one card that is not a one-digit int (``croupier.cards.as_card``).

    May run Python code (an item's ``__index__``): callers read from a
    sequence nobody else can change while this runs.
    """
    global _np_integer
    cdef Py_ssize_t v
    if _np_integer is None:
        np = sys.modules.get("numpy")
        if np is not None:
            _np_integer = np.integer
    if _np_integer is not None and isinstance(x, _np_integer):
        # A numpy integer, as ``as_card`` reads it, without its Python-level checks.
        try:
            v = PyNumber_AsSsize_t(x, NULL)  # saturates: a huge value stays out of range
        except Exception:  # a subclass's own __index__: as_card says what is wrong
            v = -1
        if 0 <= v <= 51:
            return <int>v
    return as_card(x, what)


cdef int _read_codes(object cards, uint8_t* buf, int lo, int hi, uint64_t* seen,
                     str what) except -1:
    """Copy ``lo``..``hi`` card codes from a str or a sequence into ``buf``.

    ``seen`` carries the cards already read (to refuse a card repeated between
    a hole and a board).  Returns the count.

    A list or tuple of one-digit ints is read in place: no Python code runs
    then, so nothing can change the list.  At the first other item the rest
    is read by ``_read_rest``, from a copy.  Anything else is read by
    ``as_cards`` into a new list first.
    """
    cdef Py_ssize_t n, i
    cdef int c
    cdef PyObject** items
    if type(cards) is not list and type(cards) is not tuple:
        cards = as_cards(cards, what)
    n = PyList_GET_SIZE(cards) if type(cards) is list else PyTuple_GET_SIZE(cards)
    if n < lo or n > hi:
        if lo == hi:
            raise ValueError(f"{what} needs {lo} cards, got {n}")
        raise ValueError(f"{what} needs {lo} to {hi} cards, got {n}")
    items = PySequence_Fast_ITEMS(cards)
    for i in range(n):
        c = croupier_small_code(items[i])
        if c < 0:
            return _read_rest(cards, i, n, buf, seen, what)
        if (seen[0] >> c) & 1:
            raise ValueError(f"card {format_card(c)} appears twice")
        seen[0] |= (<uint64_t>1) << c
        buf[i] = <uint8_t>c
    return <int>n


cdef int _read_rest(object cards, Py_ssize_t start, Py_ssize_t n, uint8_t* buf,
                    uint64_t* seen, str what) except -1:
    """``_read_codes`` from item ``start`` on, which is not a one-digit int.

    Before any Python code runs, a list is copied to a tuple of its own
    (``_items.held``) and the rest is read from the copy: an item's
    ``__index__`` that empties or refills the list cannot pull the items
    from under the reader.
    """
    cdef Py_ssize_t i
    cdef int c
    copy = held(cards)  # nothing ran yet: the same n items
    cdef PyObject** items = PySequence_Fast_ITEMS(copy)
    for i in range(start, n):
        c = croupier_small_code(items[i])
        if c < 0:
            c = _slow_code(<object>items[i], what)
        if (seen[0] >> c) & 1:
            raise ValueError(f"card {format_card(c)} appears twice")
        seen[0] |= (<uint64_t>1) << c
        buf[i] = <uint8_t>c
    return <int>n


cdef int _threads(object threads) except -1:
    """The threads a batch may use (ValueError for a bad ``threads``; clamped to the cores)."""
    return thread_count(threads)


cdef double _row_ns(int kind) noexcept:
    """Nanoseconds a row of ``kind`` takes on one core, rounded: the README's one-thread
    batch figures on the development VM (7-card high 205 M rows/s: 5 ns; Razz 6.5;
    eight-or-better 5.5; 2-7 3; badugi 11; short deck 4)."""
    if kind == HIGH:
        return 5.0
    if kind == ACE_TO_FIVE:
        return 6.5
    if kind == EIGHT:
        return 5.5
    if kind == DEUCE_TO_SEVEN:
        return 3.0
    if kind == BADUGI:
        return 11.0
    return 4.0  # SHORT_DECK, SHORT_DECK_TRIPS


cdef object _card_matrix(object arr, int lo, int hi, str what):
    """Check a batch's dtype and last axis; return its rows as C-contiguous (n, k) codes."""
    arr = as_card_array(arr, what)  # plain ndarray, integer dtype (masked arrays refused)
    if arr.ndim < 1:
        raise ValueError(f"{what} array must have at least one axis (the cards)")
    k = arr.shape[arr.ndim - 1]
    if k < lo or k > hi:
        if lo == hi:
            raise ValueError(f"{what} needs {lo} cards on the last axis, got {k}")
        raise ValueError(f"{what} needs {lo} to {hi} cards on the last axis, got {k}")
    flat = arr.reshape(-1, k)
    if flat.dtype == _np.uint8:
        return _np.ascontiguousarray(flat)
    if flat.size == 0 or (flat.min() >= 0 and flat.max() <= 51):
        return _np.ascontiguousarray(flat, dtype=_np.uint8)
    return _codes(flat)


cdef object _codes(object flat):
    """The uint8 codes (C-contiguous) of an integer (n, k) array.

    Every value outside 0..51 becomes a byte in 52..255 (negative values are
    read as unsigned, larger ones saturate at 255), which the row check
    refuses like any other bad code: the first bad row, of whatever kind, is
    found by that check.  (A batch of codes in range takes the faster
    conversion of ``_card_matrix``.)
    """
    np = _np
    dtype = flat.dtype
    if dtype == np.uint8:
        return np.ascontiguousarray(flat)
    codes = np.empty(flat.shape, dtype=np.uint8)
    unsigned = flat if dtype.kind == "u" else flat.view(dtype.str.replace("i", "u"))
    np.minimum(unsigned, 255, out=codes, casting="unsafe")
    return codes


cdef Py_ssize_t _first_bad_row(const uint8_t* a, int ka, const uint8_t* b, int kb,
                               Py_ssize_t n, uint64_t refused) noexcept nogil:
    """Index of the first row with a code outside 0..51, a card twice (hole and
    board together when ``b`` is not NULL) or a card of ``refused`` (the cards
    a short deck lacks); -1 when every row is good."""
    cdef Py_ssize_t i
    cdef uint64_t seen
    for i in range(n):
        seen = 0
        if not valid_in_deck(a + ka * i, ka, &seen, refused):
            return i
        if b != NULL and not valid_in_deck(b + kb * i, kb, &seen, refused):
            return i
    return -1


cdef enum:
    SCAN_ROWS = 1 << 20  # rows converted at a time when looking for the first bad row


cdef object _bad_row_error(object first, object second, Py_ssize_t n,
                          uint64_t refused=CROUPIER_FULL_DECK_REFUSED):
    """The ValueError naming the first bad row of a batch (and its cards).

    ``first`` and ``second`` are the arrays as given (``second`` the Omaha
    board, or None); ``refused``: the card bits the deck lacks besides codes
    past 51 (``CROUPIER_SHORT_DECK_REFUSED`` for the short deck).  Rows are converted a block at a time and checked by
    ``_first_bad_row`` without the GIL, up to the first bad one; the message
    is written from the given values (e.g. 256 or -1, not the byte they were
    read as).
    """
    np = _np
    first = as_card_array(first, "cards")
    a = first.reshape(-1, first.shape[first.ndim - 1])
    b = None
    if second is not None:
        second = as_card_array(second, "board")
        b = second.reshape(-1, second.shape[second.ndim - 1])
    cdef const uint8_t[:, ::1] av
    cdef const uint8_t[:, ::1] bv
    cdef const uint8_t* bp = NULL
    cdef int ka = <int>a.shape[1], kb = 0 if b is None else <int>b.shape[1]
    cdef Py_ssize_t rows = a.shape[0], start, i = -1, count
    for start in range(0, rows, SCAN_ROWS):
        av = _codes(a[start:start + SCAN_ROWS])
        count = av.shape[0]
        if b is not None:
            bv = _codes(b[start:start + SCAN_ROWS])
            bp = &bv[0, 0]
        with nogil:
            i = _first_bad_row(&av[0, 0], ka, bp, kb, count, refused)
        if i >= 0:
            i += start
            break
    if i < 0:
        return ValueError("invalid card codes (did the array change while it was read?)")
    lead = first.shape[:first.ndim - 1]
    where = i if len(lead) <= 1 else tuple(int(j) for j in np.unravel_index(i, lead))
    row = a[i].tolist()
    if b is None:
        codes = row
        label = f"row {where} (cards {row})"
    else:
        board = b[i].tolist()
        codes = row + board
        label = f"row {where} (hole {row}, board {board})"
    for c in codes:
        if not 0 <= c <= 51:
            return ValueError(f"{label}: card code {c} is outside 0..51")
    for j, c in enumerate(codes):
        if c in codes[:j]:
            return ValueError(f"{label}: card {format_card(c)} appears twice")
    for c in codes:
        if (refused >> c) & 1:
            return ValueError(f"{label}: {_not_in_short_deck(c)}")
    return ValueError(f"{label}: invalid card codes")  # pragma: no cover - unreachable


# ----------------------------------------------------------------------------
# Batch loops (no GIL; chunks of rows on the pool of croupier._parallel)
# ----------------------------------------------------------------------------

cdef enum:
    HIGH = 0
    ACE_TO_FIVE = 1
    EIGHT = 2
    DEUCE_TO_SEVEN = 3
    BADUGI = 4
    SHORT_DECK = 5        # flush over full house
    SHORT_DECK_TRIPS = 6  # and three of a kind over a straight

# A batch is cut into chunks of rows (sized by their work: CHUNK_NS above); a chunk
# is evaluated by a plain C loop over raw pointers (which the compiler optimises
# well), and chunks are handed out to the pool's threads as they become free.  Each
# row function returns how many rows were invalid (those get the value 0).

ctypedef Py_ssize_t (*rows_fn)(const uint8_t* cards, int k, uint16_t* out,
                               Py_ssize_t n) noexcept nogil
ctypedef Py_ssize_t (*omaha_rows_fn)(const uint8_t* hole, int nh, const uint8_t* board, int nb,
                                     uint16_t* out, Py_ssize_t n) noexcept nogil


cdef inline Py_ssize_t _rows(int kind, const uint8_t* cards, int k, uint16_t* out,
                             Py_ssize_t n) noexcept nogil:
    """Check and evaluate ``n`` rows of ``k`` cards (``kind`` and ``k`` are constants
    where it is inlined, so each caller below compiles to its own tight loop)."""
    cdef Py_ssize_t i, bad = 0
    cdef uint64_t seen
    cdef const uint8_t* c
    cdef uint64_t refused = (CROUPIER_SHORT_DECK_REFUSED
                             if kind == SHORT_DECK or kind == SHORT_DECK_TRIPS
                             else CROUPIER_FULL_DECK_REFUSED)
    for i in range(n):
        c = cards + k * i
        seen = 0
        if not valid_in_deck(c, k, &seen, refused):
            out[i] = 0
            bad += 1
        else:
            out[i] = _value(kind, c, k)
    return bad


cdef inline uint16_t _value(int kind, const uint8_t* c, int k) noexcept nogil:
    """The ``kind`` value of ``k`` checked cards (one kernel of _eval.pxd)."""
    if kind == HIGH:
        return high7(c) if k == 7 else high_n(c, k)
    if kind == ACE_TO_FIVE:
        return ace_to_five_n(c, k)
    if kind == EIGHT:
        return eight_low_n(c, k)
    if kind == DEUCE_TO_SEVEN:
        return deuce_to_seven5(c) if k == 5 else deuce_to_seven_n(c, k)
    if kind == BADUGI:
        return badugi4(c)
    if kind == SHORT_DECK:
        return short_deck7(c, False) if k == 7 else short_deck_n(c, k, False)
    return short_deck7(c, True) if k == 7 else short_deck_n(c, k, True)


# The row functions below look alike on purpose: each is ``_rows`` with its kind and
# card count as constants (C has no templates), so each compiles to its own tight loop.
cdef Py_ssize_t _rows_high7(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(HIGH, cards, 7, out, n)


cdef Py_ssize_t _rows_high5(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(HIGH, cards, 5, out, n)  # five-card draw


cdef Py_ssize_t _rows_high(const uint8_t* cards, int k, uint16_t* out,
                           Py_ssize_t n) noexcept nogil:
    return _rows(HIGH, cards, k, out, n)


cdef Py_ssize_t _rows_ace_to_five(const uint8_t* cards, int k, uint16_t* out,
                                  Py_ssize_t n) noexcept nogil:
    return _rows(ACE_TO_FIVE, cards, k, out, n)


cdef Py_ssize_t _rows_eight(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(EIGHT, cards, k, out, n)


cdef Py_ssize_t _rows_deuce_to_seven5(const uint8_t* cards, int k, uint16_t* out,
                                     Py_ssize_t n) noexcept nogil:
    return _rows(DEUCE_TO_SEVEN, cards, 5, out, n)


cdef Py_ssize_t _rows_deuce_to_seven(const uint8_t* cards, int k, uint16_t* out,
                                    Py_ssize_t n) noexcept nogil:
    return _rows(DEUCE_TO_SEVEN, cards, k, out, n)


cdef Py_ssize_t _rows_badugi(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(BADUGI, cards, 4, out, n)


cdef Py_ssize_t _rows_short7(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK, cards, 7, out, n)


cdef Py_ssize_t _rows_short5(const uint8_t* cards, int k, uint16_t* out,
                             Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK, cards, 5, out, n)


cdef Py_ssize_t _rows_short(const uint8_t* cards, int k, uint16_t* out,
                           Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK, cards, k, out, n)


cdef Py_ssize_t _rows_short_trips7(const uint8_t* cards, int k, uint16_t* out,
                                  Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK_TRIPS, cards, 7, out, n)


cdef Py_ssize_t _rows_short_trips5(const uint8_t* cards, int k, uint16_t* out,
                                   Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK_TRIPS, cards, 5, out, n)


cdef Py_ssize_t _rows_short_trips(const uint8_t* cards, int k, uint16_t* out,
                                 Py_ssize_t n) noexcept nogil:
    return _rows(SHORT_DECK_TRIPS, cards, k, out, n)


cdef rows_fn _rows_of(int kind, int k) noexcept:
    """The row function of a batch of ``k`` cards of ``kind``."""
    if kind == HIGH:
        return _rows_high7 if k == 7 else _rows_high5 if k == 5 else _rows_high
    if kind == ACE_TO_FIVE:
        return _rows_ace_to_five
    if kind == EIGHT:
        return _rows_eight
    if kind == DEUCE_TO_SEVEN:
        return _rows_deuce_to_seven5 if k == 5 else _rows_deuce_to_seven
    if kind == BADUGI:
        return _rows_badugi
    if kind == SHORT_DECK:
        return _rows_short7 if k == 7 else _rows_short5 if k == 5 else _rows_short
    return _rows_short_trips7 if k == 7 else _rows_short_trips5 if k == 5 else _rows_short_trips


cdef inline Py_ssize_t _omaha_rows(bint low, const uint8_t* hole, int nh, const uint8_t* board,
                                   int nb, uint16_t* out, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i, bad = 0
    cdef uint64_t seen
    for i in range(n):
        seen = 0
        if not (valid_cards(hole + nh * i, nh, &seen) and valid_cards(board + nb * i, nb, &seen)):
            out[i] = 0
            bad += 1
        elif low:
            out[i] = omaha_low8_k(hole + nh * i, nh, board + nb * i, nb)
        else:
            out[i] = omaha_high_k(hole + nh * i, nh, board + nb * i, nb)
    return bad


cdef inline Py_ssize_t _omaha_sized(bint low, const uint8_t* hole, int nh, const uint8_t* board,
                                    int nb, uint16_t* out, Py_ssize_t n) noexcept nogil:
    # The common shapes get loops with constant sizes, which the compiler unrolls.
    if nb == 5 and nh == 4:
        return _omaha_rows(low, hole, 4, board, 5, out, n)
    if nb == 5 and nh == 5:
        return _omaha_rows(low, hole, 5, board, 5, out, n)
    return _omaha_rows(low, hole, nh, board, nb, out, n)


cdef Py_ssize_t _rows_omaha_high(const uint8_t* hole, int nh, const uint8_t* board, int nb,
                                 uint16_t* out, Py_ssize_t n) noexcept nogil:
    return _omaha_sized(False, hole, nh, board, nb, out, n)


cdef Py_ssize_t _rows_omaha_low(const uint8_t* hole, int nh, const uint8_t* board, int nb,
                                uint16_t* out, Py_ssize_t n) noexcept nogil:
    return _omaha_sized(True, hole, nh, board, nb, out, n)


@cython.final
cdef class _Batch(Job):
    """A batch as a ``Job`` (``_chunks.pyx``): chunk ``c`` is rows ``c * per`` to
    ``(c + 1) * per``.  It keeps the arrays it reads and writes, so a chunk
    still running after an interrupt writes into live memory."""

    cdef rows_fn f             # the row function of a batch of ``k`` cards, or
    cdef omaha_rows_fn g       # of Omaha hole cards (``k``) and boards (``nb``)
    cdef const uint8_t* cards
    cdef const uint8_t* board
    cdef int k, nb
    cdef uint16_t* out
    cdef Py_ssize_t n
    cdef Py_ssize_t per        # rows a chunk
    cdef double row_ns         # the work of a row (see CHUNK_NS)
    cdef Py_ssize_t bad        # invalid rows seen (atomic adds)
    cdef object arrays         # the arrays behind the pointers

    cdef Py_ssize_t rows(self, Py_ssize_t start, Py_ssize_t size) noexcept nogil:
        if self.g != NULL:
            return self.g(self.cards + start * self.k, self.k, self.board + start * self.nb,
                          self.nb, self.out + start, size)
        return self.f(self.cards + start * self.k, self.k, self.out + start, size)

    cdef void chunk(self, Py_ssize_t c, void* scratch) noexcept nogil:
        cdef Py_ssize_t start = c * self.per
        cdef Py_ssize_t bad = self.rows(start, min(self.per, self.n - start))
        if bad:
            croupier_atomic_add(&self.bad, bad)
        croupier_chunks_done(&self.work)


cdef Py_ssize_t _run_job(_Batch job, int nt) except -1:
    """Evaluate every row of ``job`` on ``nt`` threads in chunks of about CHUNK_NS of work
    (in one go on the calling thread below two chunks' work); returns the number of
    invalid rows."""
    cdef double work = job.n * job.row_ns
    cdef Py_ssize_t per = <Py_ssize_t>(CHUNK_NS / job.row_ns)
    if work < 2 * CHUNK_NS:
        with nogil:
            job.bad = job.rows(0, job.n)
        return job.bad
    per = min(per, (job.n + nt * CHUNKS_PER_THREAD - 1) // (nt * CHUNKS_PER_THREAD))
    job.per = max(per, <Py_ssize_t>MIN_CHUNK_ROWS)
    job.start((job.n + job.per - 1) // job.per)
    _run_parallel(job, nt)
    return job.bad


cdef object _run_batch(int kind, object arr, int lo, int hi, str what, object threads):
    np = _np
    flat = _card_matrix(arr, lo, hi, what)
    cdef Py_ssize_t n = flat.shape[0]
    cdef int k = <int>flat.shape[1]
    out = np.empty(n, dtype=np.uint16)
    cdef int nt = _threads(threads)
    cdef const uint8_t[:, ::1] view = flat
    cdef uint16_t[::1] res = out
    cdef _Batch job = _Batch()
    job.f = _rows_of(kind, k)
    job.arrays = (flat, out)
    job.n = n
    job.k = k
    job.row_ns = _row_ns(kind)
    if n:
        job.cards = &view[0, 0]
        job.out = &res[0]
        if _run_job(job, nt):
            raise _bad_row_error(arr, None, n, _refused(kind))
    return out.reshape(arr.shape[:arr.ndim - 1])


cdef inline uint64_t _refused(int kind) noexcept:
    """The card bits a deck of ``kind`` lacks (besides codes past 51)."""
    if kind == SHORT_DECK or kind == SHORT_DECK_TRIPS:
        return CROUPIER_SHORT_DECK_REFUSED
    return CROUPIER_FULL_DECK_REFUSED


cdef str _not_in_short_deck(int code):
    return f"card {format_card(code)} is not in the short deck (sixes to aces)"


cdef object _evaluate(int kind, object cards, int lo, int hi, str what, object threads):
    """A ``kind`` evaluator's body: a batch for a numpy array, else one hand read by
    ``_read_codes`` (cards of the short deck only for the short-deck kinds)."""
    cdef uint8_t buf[7]
    cdef uint64_t seen = 0
    cdef int n, i
    if type(cards) is not list and type(cards) is not tuple:
        if _is_array(cards):
            return _run_batch(kind, as_card_array(cards, what), lo, hi, what, threads)
        if _gpu(cards) is not None:
            options = {"trips_beat_straight": True} if kind == SHORT_DECK_TRIPS else {}
            return _on_gpu(kind, cards, _PUBLIC[what], threads, options)
    n = _read_codes(cards, buf, lo, hi, &seen, what)
    if threads is not None:
        _threads(threads)
    if _refused(kind) & seen:
        for i in range(n):
            if (_refused(kind) >> buf[i]) & 1:
                raise ValueError(_not_in_short_deck(buf[i]))
    return _int(_value(kind, buf, n))


cdef object _run_omaha(bint low, object hole, object board, object threads):
    np = _np
    if not isinstance(board, np.ndarray):
        raise ValueError("board must be a numpy array when hole is one")
    if hole.shape[:hole.ndim - 1] != board.shape[:board.ndim - 1]:
        raise ValueError(f"hole and board arrays need the same leading shape, got "
                         f"{hole.shape} and {board.shape}")
    hflat = _card_matrix(hole, 4, 6, "hole")
    bflat = _card_matrix(board, 3, 5, "board")
    cdef Py_ssize_t n = hflat.shape[0]
    out = np.empty(n, dtype=np.uint16)
    cdef int nt = _threads(threads)
    cdef const uint8_t[:, ::1] hv = hflat
    cdef const uint8_t[:, ::1] bv = bflat
    cdef uint16_t[::1] res = out
    cdef _Batch job = _Batch()
    job.g = _rows_omaha_low if low else _rows_omaha_high
    job.arrays = (hflat, bflat, out)
    job.n = n
    job.k = <int>hv.shape[1]
    job.nb = <int>bv.shape[1]
    # About 0.6 ns (high) or 0.15 ns (low) a way to take two hole cards and three of the
    # board: 4 hole cards and 5 on the board are 60 ways, 22.5 M rows/s high (44 ns) and
    # 91.6 M rows/s low (11 ns) on one core of the development VM.
    job.row_ns = 2.0 + (0.15 if low else 0.6) * (job.k * (job.k - 1) // 2) * (
        job.nb * (job.nb - 1) * (job.nb - 2) // 6)
    if n:
        job.cards = &hv[0, 0]
        job.board = &bv[0, 0]
        job.out = &res[0]
        if _run_job(job, nt):
            raise _bad_row_error(hole, board, n)
    return out.reshape(hole.shape[:hole.ndim - 1])

cdef inline bint _is_array(object x):
    np = _numpy_if_loaded()
    return np is not None and isinstance(x, np.ndarray)


cdef object _gpu_module = None


cdef object _gpu(object x):
    """``croupier.gpu`` when ``x`` is an array in CUDA memory (CuPy, PyTorch, JAX on the
    GPU), else None.  A str, list or tuple is never one: the per-call paths pay a type
    check or three, not a call into ``croupier.gpu``."""
    global _gpu_module
    if type(x) is str or type(x) is list or type(x) is tuple:
        return None
    if _gpu_module is None:
        import croupier.gpu
        _gpu_module = croupier.gpu
    return _gpu_module if _gpu_module.on_device(x) else None


cdef object _on_gpu(int kind, object cards, object cpu, object threads, dict options):
    """``kind`` evaluated by ``croupier.gpu`` (``threads`` checked, then unused); the GPU
    kernels number the kinds as this module does (kernels/croupier_device.h)."""
    if threads is not None:
        _threads(threads)
    return _gpu_module.evaluate(kind, cards, cpu, **options)


cdef object _plain(object x, str what):
    """A numpy array as a plain ndarray (``as_card_array``); anything else as it is."""
    return as_card_array(x, what) if _is_array(x) else x


# ----------------------------------------------------------------------------
# Public API
# ----------------------------------------------------------------------------

def high(cards, *, threads=None):
    """High value of the best five of 5, 6 or 7 cards: 1..7462, larger is stronger.

    ``cards`` is a str (``"As Kd ..."``), a sequence of card codes, or an integer
    numpy array of shape ``(..., k)`` (``k`` in 5..7), which gives a ``uint16``
    array of shape ``(...)``.  Raises ``ValueError`` for a code outside 0..51,
    a repeated card (in an array: naming the first bad row), a wrong count or
    a non-integer array.

    >>> high([51, 47, 43, 39, 35])  # As Ks Qs Js Ts
    7462
    >>> high("7c 5d 4h 3s 2c")
    1
    >>> import numpy as np
    >>> batch = high(np.array([[51, 47, 43, 39, 35, 0, 1], [20, 13, 10, 7, 0, 1, 2]], dtype=np.uint8))
    >>> batch.dtype, int(batch[0]), describe(int(batch[1]))
    (dtype('uint16'), 7462, 'Three of a kind, deuces')
    """
    cdef uint8_t buf[7]
    cdef uint64_t seen = 0
    cdef int n
    if type(cards) is not list and type(cards) is not tuple:
        if _is_array(cards):
            cards = as_card_array(cards, "high")
            return _run_batch(HIGH, cards, 5, 7, "high", threads)
        if _gpu(cards) is not None:
            return _on_gpu(HIGH, cards, high, threads, {})
    n = _read_codes(cards, buf, 5, 7, &seen, "high")
    if threads is not None:
        _threads(threads)
    if n == 7:
        return _int(high7(buf))
    return _int(high_n(buf, n))


def ace_to_five_low(cards, *, threads=None):
    """Ace-to-five (Razz) low of the best five of 5..7 cards: 1..6175, larger is better.

    Aces are low, straights and flushes do not count, pairs do: any no-pair
    hand beats any paired one.  6175 is 5-4-3-2-A.  Input forms as ``high``.

    >>> ace_to_five_low("5h 4d 3c 2s As Kd Kh")
    6175
    >>> ace_to_five_low("Kc Kd 7h 7s 4c 4d 2h") < ace_to_five_low("Kc Qd 7h 6s 4c 3d 2h")
    True
    """
    cdef uint8_t buf[7]
    cdef uint64_t seen = 0
    cdef int n
    if type(cards) is not list and type(cards) is not tuple:
        if _is_array(cards):
            cards = as_card_array(cards, "ace_to_five_low")
            return _run_batch(ACE_TO_FIVE, cards, 5, 7, "ace_to_five_low", threads)
        if _gpu(cards) is not None:
            return _on_gpu(ACE_TO_FIVE, cards, ace_to_five_low, threads, {})
    n = _read_codes(cards, buf, 5, 7, &seen, "ace_to_five_low")
    if threads is not None:
        _threads(threads)
    return _int(ace_to_five_n(buf, n))


def eight_or_better_low(cards, *, threads=None):
    """Eight-or-better low of 5..7 cards: 0 when there is none, else 1..56 (56 = 5-4-3-2-A).

    A low needs five distinct ranks from ace to eight; straights and flushes
    are ignored.  Input forms as ``high``.

    >>> eight_or_better_low("8c 7d 6h 5s 4c"), eight_or_better_low("As 2d 3h 4s 5c")
    (1, 56)
    >>> eight_or_better_low("As 2d 3h 4s 9c Kd Kh")
    0
    """
    cdef uint8_t buf[7]
    cdef uint64_t seen = 0
    cdef int n
    if type(cards) is not list and type(cards) is not tuple:
        if _is_array(cards):
            cards = as_card_array(cards, "eight_or_better_low")
            return _run_batch(EIGHT, cards, 5, 7, "eight_or_better_low", threads)
        if _gpu(cards) is not None:
            return _on_gpu(EIGHT, cards, eight_or_better_low, threads, {})
    n = _read_codes(cards, buf, 5, 7, &seen, "eight_or_better_low")
    if threads is not None:
        _threads(threads)
    return _int(eight_low_n(buf, n))


def deuce_to_seven_low(cards, *, threads=None):
    """Deuce-to-seven ("Kansas City") low of 5 cards, or the best five of 6 or 7: 1..7462.

    Larger is better.  Aces are high only (A-2-3-4-5 is ace-high, not a
    straight), and straights, flushes and pairs count against the hand: the
    ranking is the high ranking turned around, so 7462 is 7-5-4-3-2 of at
    least two suits and 1 is a royal flush.  Input forms as ``high``.

    >>> deuce_to_seven_low("7c 5d 4h 3s 2c"), deuce_to_seven_low("As Ks Qs Js Ts")
    (7462, 1)
    >>> describe(deuce_to_seven_low("Ah 5d 4h 3s 2c"), kind="deuce_to_seven")
    'Ace-five low'
    >>> deuce_to_seven_low("8c 6d 4h 3s 2c") > deuce_to_seven_low("6c 5d 4h 3s 2c")  # a straight
    True
    """
    return _evaluate(DEUCE_TO_SEVEN, cards, 5, 7, "deuce_to_seven_low", threads)


def badugi(cards, *, threads=None):
    """Badugi value of exactly 4 cards: 1..1092, larger is better (1092 = A-2-3-4 of four suits).

    The hand is the largest set of the cards with no two of a suit and no two
    of a rank; aces are low.  More cards always win (a four-card badugi beats
    every three-card hand, and so on); hands of as many cards compare their
    highest card first, the lower winning, then the next.  Values 378..1092
    are badugis, 92..377 three-card hands, 14..91 two-card hands, 1..13 one
    card (1 is a king).  Input forms as ``high``, with four cards a hand.

    >>> badugi("Ac 2d 3h 4s"), badugi("Kc Kd Kh Ks")
    (1092, 1)
    >>> badugi("Kc 7d 5h 4s") > badugi("Ac 2d 3h 3s")  # four cards beat three
    True
    >>> describe(badugi("7c 5d 4h Kh"), kind="badugi")  # Kh and 4h: one heart plays
    'Three-card hand, seven-five'
    """
    return _evaluate(BADUGI, cards, 4, 4, "badugi", threads)


def short_deck_high(cards, *, trips_beat_straight=False, threads=None):
    """High value of the best five of 5..7 cards of the 36-card deck (sixes to aces): 1..1404.

    Larger is stronger.  A flush beats a full house; A-6-7-8-9 is the lowest
    straight (the ace plays low there).  With ``trips_beat_straight=True``
    three of a kind also beats a straight (an older rule of some rooms; the
    values then read with ``describe(value, kind="short_deck_trips")``).  A
    card below six is a ``ValueError``.  Input forms as ``high``.

    >>> short_deck_high("As Ks Qs Js Ts"), short_deck_high("Jc 9d 8h 7s 6c")
    (1404, 1)
    >>> short_deck_high("6s 7s 8s Ts Qs") > short_deck_high("Ah Ad Kc Kh Kd")  # flush, full house
    True
    >>> describe(short_deck_high("Ah 6c 7d 8h 9s Kc Kd"), kind="short_deck")
    'Straight, nine high'
    >>> trips, straight = "9c 9d 9h Kc Qs", "Tc Jd Qh Ks As"
    >>> short_deck_high(trips) < short_deck_high(straight)
    True
    >>> short_deck_high(trips, trips_beat_straight=True) > short_deck_high(straight, trips_beat_straight=True)
    True
    """
    if trips_beat_straight is not False and trips_beat_straight is not True:
        if not is_bool(trips_beat_straight):
            raise ValueError(
                f"trips_beat_straight must be True or False, got {shown(trips_beat_straight)}")
        trips_beat_straight = bool(trips_beat_straight)
    kind = SHORT_DECK_TRIPS if trips_beat_straight else SHORT_DECK
    return _evaluate(kind, cards, 5, 7, "short_deck_high", threads)


def omaha_high(hole, board, *, threads=None):
    """Best high hand using exactly two of 4..6 hole cards and exactly three of a 3..5 card board.

    With numpy arrays, ``hole`` has shape ``(..., h)`` and ``board`` ``(..., b)``
    with the same leading shape; the result is a ``uint16`` array of that shape.

    >>> omaha_high("As Ks 2d 3c", "Qs Js Ts 9s 8s")  # needs two hole cards: royal flush
    7462
    >>> omaha_high("As 2d 3c 4h", "Ks Qs Js Ts 9s") == high("As 4h Ks Qs Js")  # one spade: no flush
    True
    """
    cdef uint8_t hb[6]
    cdef uint8_t bb[5]
    cdef uint64_t seen = 0
    cdef int nh, nb
    if _is_array(hole):
        return _run_omaha(False, as_card_array(hole, "hole"), _plain(board, "board"), threads)
    if _gpu(hole) is not None:
        if threads is not None:
            _threads(threads)
        return _gpu_module.evaluate_omaha(False, hole, board, omaha_high)
    nh = _read_codes(hole, hb, 4, 6, &seen, "hole")
    nb = _read_codes(board, bb, 3, 5, &seen, "board")
    if threads is not None:
        _threads(threads)
    return _int(omaha_high_k(hb, nh, bb, nb))


def omaha_eight_or_better_low(hole, board, *, threads=None):
    """Best eight-or-better low (0 = none, 1..56) with exactly two hole and three board cards.

    >>> omaha_eight_or_better_low("As 2d Kc Kh", "3c 4d 8h Qs Js")  # 8-4-3-2-A, the best 8-low
    35
    >>> omaha_eight_or_better_low("As Kd Kc Kh", "2c 3d 4h 5s 6s")  # only one low hole card
    0
    """
    cdef uint8_t hb[6]
    cdef uint8_t bb[5]
    cdef uint64_t seen = 0
    cdef int nh, nb
    if _is_array(hole):
        return _run_omaha(True, as_card_array(hole, "hole"), _plain(board, "board"), threads)
    if _gpu(hole) is not None:
        if threads is not None:
            _threads(threads)
        return _gpu_module.evaluate_omaha(True, hole, board, omaha_eight_or_better_low)
    nh = _read_codes(hole, hb, 4, 6, &seen, "hole")
    nb = _read_codes(board, bb, 3, 5, &seen, "board")
    if threads is not None:
        _threads(threads)
    return _int(omaha_low8_k(hb, nh, bb, nb))


# ----------------------------------------------------------------------------
# Categories and descriptions
# ----------------------------------------------------------------------------

_KINDS = {
    "high": 7462,
    "ace_to_five": 6175,
    "eight_or_better": 56,
    "deuce_to_seven": 7462,
    "badugi": 1092,
    "short_deck": 1404,
    "short_deck_trips": 1404,
}
# The kinds whose values have a Category (``category``).
_CATEGORY_KINDS = ("high", "ace_to_five", "deuce_to_seven", "short_deck", "short_deck_trips")


cdef const uint32_t* _decode_table(str kind):
    """The decode words of ``kind`` (a key of _KINDS), one per value from 0."""
    if kind == "high":
        return CROUPIER_HIGH_DECODE
    if kind == "ace_to_five":
        return CROUPIER_A5_DECODE
    if kind == "eight_or_better":
        return CROUPIER_LOW8_DECODE
    if kind == "deuce_to_seven":
        return CROUPIER_D27_DECODE
    if kind == "badugi":
        return CROUPIER_BADUGI_DECODE
    if kind == "short_deck":
        return CROUPIER_SHORT_DECODE
    return CROUPIER_SHORT_TRIPS_DECODE


cdef uint32_t _decode(object kind, long value) except? 0xFFFFFFFF:
    if type(kind) is not str or kind not in _KINDS:
        raise ValueError(f"kind must be one of {sorted(_KINDS)}, got {shown(kind)}")
    cdef long lowest = 0 if kind == "eight_or_better" else 1
    if not (lowest <= value <= _KINDS[kind]):
        raise ValueError(f"{value} is not a {kind} value ({lowest}..{_KINDS[kind]})")
    return _decode_table(kind)[value]


cdef long _value_int(object value) except? -1:
    if type(value) is not int:
        value = as_int(value, "a hand value")
    if not (-1 <= value <= 10000):
        raise ValueError(f"{shown(value)} is not a hand value")
    return value


cdef int _category_kind(object kind) except -1:
    if type(kind) is not str or kind not in _CATEGORY_KINDS:
        raise ValueError(
            f"category kind must be one of {', '.join(map(repr, _CATEGORY_KINDS))}, "
            f"got {shown(kind)}")
    return 0


def category(value, kind="high"):
    """The ``Category`` of a value of ``kind``: ``"high"`` (the default), ``"deuce_to_seven"``,
    ``"short_deck"``, ``"short_deck_trips"``, or ``"ace_to_five"`` (the pair structure).

    For ace-to-five lows the category says how the hand is paired
    (``HIGH_CARD`` meaning no pair); a deuce-to-seven hand has the category of
    its five cards read as a high hand with the ace high only.  Arrays give an
    ``uint8`` array of category numbers.

    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(ace_to_five_low("Kc Kd 7h 7s 4c 4d 2h"), "ace_to_five")
    <Category.PAIR: 1>
    >>> category(deuce_to_seven_low("As 5s 4s 3s 2s"), "deuce_to_seven")
    <Category.FLUSH: 5>
    """
    cdef uint32_t word
    cdef Py_ssize_t i
    cdef const uint32_t* words
    if _is_array(value):
        np = _np
        _category_kind(kind)
        value = int_array(value, "value")
        top = _KINDS[kind]
        if value.size and (value.min() < 1 or value.max() > top):
            raise ValueError(f"values must be in 1..{top} for kind {kind!r}")
        table = np.empty(top + 1, dtype=np.uint8)
        words = _decode_table(kind)
        for i in range(top + 1):
            table[i] = words[i] >> 20
        return table[value]
    _category_kind(kind)
    word = _decode(kind, _value_int(value))
    return Category(word >> 20)


def describe(value, kind="high"):
    """Text of a hand value of ``kind``: ``"high"``, ``"ace_to_five"``, ``"eight_or_better"``,
    ``"deuce_to_seven"``, ``"badugi"``, ``"short_deck"`` or ``"short_deck_trips"``.

    High and short-deck hands are named by category and ranks; no-pair lows
    (ace-to-five, eight-or-better and deuce-to-seven) by their two highest
    cards, other deuce-to-seven hands as high hands; badugi hands by their
    size and two highest cards ("Four-card badugi, four-three" is A-2-3-4).

    >>> describe(7462), describe(1)
    ('Royal flush', 'High card, seven')
    >>> describe(high("Ah Ad Kc Ks 2h"))
    'Two pair, aces and kings'
    >>> describe(56, kind="eight_or_better")
    'Five-four low'
    >>> describe(7462, kind="deuce_to_seven"), describe(1, kind="deuce_to_seven")
    ('Seven-five low', 'Royal flush')
    >>> describe(1092, kind="badugi"), describe(1, kind="badugi")
    ('Four-card badugi, four-three', 'One-card hand, king')
    >>> describe(short_deck_high("Ah Kh Qh 6h 7h"), kind="short_deck")
    'Flush, ace high'
    """
    cdef uint32_t word = _decode(kind, _value_int(value))
    ranks = [(word >> (16 - 4 * i)) & 15 for i in range(5)]
    if kind == "high" or kind == "short_deck" or kind == "short_deck_trips":
        return describe_high(word >> 20, ranks)
    if kind == "ace_to_five":
        return describe_ace_to_five(word >> 20, ranks)
    if kind == "deuce_to_seven":
        return describe_deuce_to_seven(word >> 20, ranks)
    if kind == "badugi":
        return describe_badugi(word >> 20, ranks)
    if value == 0:
        return "No low"
    return describe_low(ranks)


# The evaluators ``_evaluate`` serves, by name: the CPU function ``croupier.gpu`` calls to
# raise the same errors as the CPU would.
_PUBLIC = {
    "deuce_to_seven_low": deuce_to_seven_low,
    "badugi": badugi,
    "short_deck_high": short_deck_high,
}
