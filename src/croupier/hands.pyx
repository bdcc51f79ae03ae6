# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""Hand values: high, ace-to-five low, eight-or-better low and Omaha 2+3.

Every function evaluates along the *last axis* of its input:

* a ``str`` (``"As Ks Qs Js Ts"``) or a sequence of card codes gives an ``int``;
* an integer numpy array of shape ``(..., k)`` gives a ``uint16`` array of
  shape ``(...)``, computed without the GIL and, from 32,768 rows on, in
  chunks of 16,384 rows on up to ``threads`` threads of croupier's one pool
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
=======================  ==========  ==========================================

>>> high("As Ks Qs Js Ts 2c 3d")
7462
>>> describe(high("Kh Kd Ks 9c 9d 2h 3s"))
'Full house, kings over nines'
>>> describe(ace_to_five_low("7c 5d 4h 3s 2c Kd Kh"), kind="ace_to_five")
'Seven-five low'
>>> eight_or_better_low("9c Td Jh Qs Kc"), describe(0, kind="eight_or_better")
(0, 'No low')
"""

import sys

cimport cython
from cpython.list cimport PyList_AsTuple, PyList_GET_SIZE
from cpython.object cimport PyObject
from cpython.sequence cimport PySequence_Fast_ITEMS
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

from croupier._chunks cimport (
    croupier_atomic_add,
    croupier_chunks,
    croupier_chunks_cancel,
    croupier_chunks_claim,
    croupier_chunks_done,
    croupier_chunks_init,
    croupier_chunks_wait,
)
from croupier._eval cimport (
    CROUPIER_A5_DECODE,
    CROUPIER_HIGH_DECODE,
    CROUPIER_LOW8_DECODE,
    ace_to_five_n,
    valid_cards,
    eight_low_n,
    high7,
    high_n,
    omaha_high_k,
    omaha_low8_k,
)

from croupier._names import describe_high, describe_low, describe_ace_to_five
from croupier._parallel import run as _run_parallel, thread_count
from croupier._ranking import Category
from croupier._validate import as_int, int_array, shown
from croupier.cards import as_card, as_card_array, as_cards, format_card

__all__ = [
    "Category",
    "ace_to_five_low",
    "category",
    "describe",
    "eight_or_better_low",
    "high",
    "omaha_eight_or_better_low",
    "omaha_high",
]

# Inputs smaller than this are evaluated on the calling thread in one go:
# handing out chunks costs more than it saves.
cdef Py_ssize_t PARALLEL_MIN_ROWS = 32768


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

    Before any Python code runs, a list is copied to a tuple of its own (the
    same items, each held; a tuple cannot change) and the rest is read from
    the copy: an item's ``__index__`` that empties or refills the list
    cannot pull the items from under the reader.
    """
    cdef Py_ssize_t i
    cdef int c
    held = PyList_AsTuple(cards) if type(cards) is list else cards  # nothing ran yet: same n
    cdef PyObject** items = PySequence_Fast_ITEMS(held)
    for i in range(start, n):
        c = croupier_small_code(items[i])
        if c < 0:
            c = _slow_code(<object>items[i], what)
        if (seen[0] >> c) & 1:
            raise ValueError(f"card {format_card(c)} appears twice")
        seen[0] |= (<uint64_t>1) << c
        buf[i] = <uint8_t>c
    return <int>n


cdef int _threads(object threads, Py_ssize_t rows) except -1:
    """Threads for a batch of ``rows`` (ValueError for a bad ``threads``; clamped to the cores)."""
    cdef int t = thread_count(threads)
    if rows < PARALLEL_MIN_ROWS:
        return 1
    return t


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
                               Py_ssize_t n) noexcept nogil:
    """Index of the first row with a code outside 0..51 or a card twice (hole and
    board together when ``b`` is not NULL); -1 when every row is good."""
    cdef Py_ssize_t i
    cdef uint64_t seen
    for i in range(n):
        seen = 0
        if not valid_cards(a + ka * i, ka, &seen):
            return i
        if b != NULL and not valid_cards(b + kb * i, kb, &seen):
            return i
    return -1


cdef enum:
    SCAN_ROWS = 1 << 20  # rows converted at a time when looking for the first bad row


cdef object _bad_row_error(object first, object second, Py_ssize_t n):
    """The ValueError naming the first bad row of a batch (and its cards).

    ``first`` and ``second`` are the arrays as given (``second`` the Omaha
    board, or None).  Rows are converted a block at a time and checked by
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
            i = _first_bad_row(&av[0, 0], ka, bp, kb, count)
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
    return ValueError(f"{label}: invalid card codes")  # pragma: no cover - unreachable


# ----------------------------------------------------------------------------
# Batch loops (no GIL; chunks of rows on the pool of croupier._parallel)
# ----------------------------------------------------------------------------

cdef enum:
    HIGH = 0
    ACE_TO_FIVE = 1
    EIGHT = 2

# A batch is cut into chunks of rows; a chunk is evaluated by a plain C loop
# over raw pointers (which the compiler optimises well), and chunks are handed
# out to the pool's threads as they become free.  Each row function returns
# how many rows were invalid (those get the value 0).
cdef enum:
    CHUNK = 16384

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
    for i in range(n):
        c = cards + k * i
        seen = 0
        if not valid_cards(c, k, &seen):
            out[i] = 0
            bad += 1
        elif kind == HIGH:
            out[i] = high7(c) if k == 7 else high_n(c, k)
        elif kind == ACE_TO_FIVE:
            out[i] = ace_to_five_n(c, k)
        else:
            out[i] = eight_low_n(c, k)
    return bad


cdef Py_ssize_t _rows_high7(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(HIGH, cards, 7, out, n)


cdef Py_ssize_t _rows_high(const uint8_t* cards, int k, uint16_t* out,
                           Py_ssize_t n) noexcept nogil:
    return _rows(HIGH, cards, k, out, n)


cdef Py_ssize_t _rows_ace_to_five(const uint8_t* cards, int k, uint16_t* out,
                                  Py_ssize_t n) noexcept nogil:
    return _rows(ACE_TO_FIVE, cards, k, out, n)


cdef Py_ssize_t _rows_eight(const uint8_t* cards, int k, uint16_t* out,
                            Py_ssize_t n) noexcept nogil:
    return _rows(EIGHT, cards, k, out, n)


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
cdef class _Batch:
    """A batch as a job of ``croupier._parallel.run``: chunk ``c`` is rows
    ``c * CHUNK`` to ``(c + 1) * CHUNK``.  It keeps the arrays it reads and
    writes, so a chunk still running after an interrupt writes into live memory."""

    cdef croupier_chunks work
    cdef rows_fn f             # the row function of a batch of ``k`` cards, or
    cdef omaha_rows_fn g       # of Omaha hole cards (``k``) and boards (``nb``)
    cdef const uint8_t* cards
    cdef const uint8_t* board
    cdef int k, nb
    cdef uint16_t* out
    cdef Py_ssize_t n
    cdef Py_ssize_t bad        # invalid rows seen (atomic adds)
    cdef object arrays         # the arrays behind the pointers

    @property
    def chunks(self):
        return self.work.count

    cdef Py_ssize_t rows(self, Py_ssize_t start, Py_ssize_t size) noexcept nogil:
        if self.g != NULL:
            return self.g(self.cards + start * self.k, self.k, self.board + start * self.nb,
                          self.nb, self.out + start, size)
        return self.f(self.cards + start * self.k, self.k, self.out + start, size)

    cdef void chunk(self, Py_ssize_t c) noexcept nogil:
        cdef Py_ssize_t start = c * CHUNK
        cdef Py_ssize_t bad = self.rows(start, min(<Py_ssize_t>CHUNK, self.n - start))
        if bad:
            croupier_atomic_add(&self.bad, bad)
        croupier_chunks_done(&self.work)

    def help(self):
        cdef Py_ssize_t c
        with nogil:
            c = croupier_chunks_claim(&self.work)
            while c >= 0:
                self.chunk(c)
                c = croupier_chunks_claim(&self.work)

    def step(self):
        cdef Py_ssize_t c
        with nogil:
            c = croupier_chunks_claim(&self.work)
            if c >= 0:
                self.chunk(c)
        return c >= 0

    def wait(self, double seconds):
        cdef bint done
        with nogil:
            done = croupier_chunks_wait(&self.work, seconds)
        return done

    def cancel(self):
        croupier_chunks_cancel(&self.work)


cdef Py_ssize_t _run_job(_Batch job, int nt) except -1:
    """Evaluate every row of ``job`` on ``nt`` threads (in one go on the calling
    thread below PARALLEL_MIN_ROWS); returns the number of invalid rows."""
    if job.n < PARALLEL_MIN_ROWS:
        with nogil:
            job.bad = job.rows(0, job.n)
        return job.bad
    croupier_chunks_init(&job.work, (job.n + CHUNK - 1) // CHUNK)
    _run_parallel(job, nt)
    return job.bad


cdef object _run_batch(int kind, object arr, int lo, int hi, str what, object threads):
    np = _np
    flat = _card_matrix(arr, lo, hi, what)
    cdef Py_ssize_t n = flat.shape[0]
    cdef int k = <int>flat.shape[1]
    out = np.empty(n, dtype=np.uint16)
    cdef int nt = _threads(threads, n)
    cdef const uint8_t[:, ::1] view = flat
    cdef uint16_t[::1] res = out
    cdef _Batch job = _Batch()
    if kind == HIGH:
        job.f = _rows_high7 if k == 7 else _rows_high
    elif kind == ACE_TO_FIVE:
        job.f = _rows_ace_to_five
    else:
        job.f = _rows_eight
    job.arrays = (flat, out)
    job.n = n
    job.k = k
    if n:
        job.cards = &view[0, 0]
        job.out = &res[0]
        if _run_job(job, nt):
            raise _bad_row_error(arr, None, n)
    return out.reshape(arr.shape[:arr.ndim - 1])


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
    cdef int nt = _threads(threads, n)
    cdef const uint8_t[:, ::1] hv = hflat
    cdef const uint8_t[:, ::1] bv = bflat
    cdef uint16_t[::1] res = out
    cdef _Batch job = _Batch()
    job.g = _rows_omaha_low if low else _rows_omaha_high
    job.arrays = (hflat, bflat, out)
    job.n = n
    job.k = <int>hv.shape[1]
    job.nb = <int>bv.shape[1]
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
    if type(cards) is not list and type(cards) is not tuple and _is_array(cards):
        cards = as_card_array(cards, "high")
        return _run_batch(HIGH, cards, 5, 7, "high", threads)
    n = _read_codes(cards, buf, 5, 7, &seen, "high")
    if threads is not None:
        _threads(threads, 0)
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
    if type(cards) is not list and type(cards) is not tuple and _is_array(cards):
        cards = as_card_array(cards, "ace_to_five_low")
        return _run_batch(ACE_TO_FIVE, cards, 5, 7, "ace_to_five_low", threads)
    n = _read_codes(cards, buf, 5, 7, &seen, "ace_to_five_low")
    if threads is not None:
        _threads(threads, 0)
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
    if type(cards) is not list and type(cards) is not tuple and _is_array(cards):
        cards = as_card_array(cards, "eight_or_better_low")
        return _run_batch(EIGHT, cards, 5, 7, "eight_or_better_low", threads)
    n = _read_codes(cards, buf, 5, 7, &seen, "eight_or_better_low")
    if threads is not None:
        _threads(threads, 0)
    return _int(eight_low_n(buf, n))


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
    nh = _read_codes(hole, hb, 4, 6, &seen, "hole")
    nb = _read_codes(board, bb, 3, 5, &seen, "board")
    if threads is not None:
        _threads(threads, 0)
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
    nh = _read_codes(hole, hb, 4, 6, &seen, "hole")
    nb = _read_codes(board, bb, 3, 5, &seen, "board")
    if threads is not None:
        _threads(threads, 0)
    return _int(omaha_low8_k(hb, nh, bb, nb))


# ----------------------------------------------------------------------------
# Categories and descriptions
# ----------------------------------------------------------------------------

_KINDS = {"high": 7462, "ace_to_five": 6175, "eight_or_better": 56}
_LOWEST = {"high": 1, "ace_to_five": 1, "eight_or_better": 0}


cdef uint32_t _decode(object kind, long value) except? 0xFFFFFFFF:
    if type(kind) is not str or kind not in _KINDS:
        raise ValueError(f"kind must be one of {sorted(_KINDS)}, got {shown(kind)}")
    if not (_LOWEST[kind] <= value <= _KINDS[kind]):
        raise ValueError(f"{value} is not a {kind} value "
                         f"({_LOWEST[kind]}..{_KINDS[kind]})")
    if kind == "high":
        return CROUPIER_HIGH_DECODE[value]
    if kind == "ace_to_five":
        return CROUPIER_A5_DECODE[value]
    return CROUPIER_LOW8_DECODE[value]


cdef long _value_int(object value) except? -1:
    if type(value) is not int:
        value = as_int(value, "a hand value")
    if not (-1 <= value <= 10000):
        raise ValueError(f"{shown(value)} is not a hand value")
    return value


cdef int _category_kind(object kind) except -1:
    if type(kind) is not str or kind not in ("high", "ace_to_five"):
        raise ValueError(f"category kind must be 'high' or 'ace_to_five', got {shown(kind)}")
    return 0


cdef object _high_category_table = None


def category(value, kind="high"):
    """The ``Category`` of a high value (or, for ``kind="ace_to_five"``, the pair structure).

    For ace-to-five lows the category says how the hand is paired
    (``HIGH_CARD`` meaning no pair).  Arrays give an ``uint8`` array of
    category numbers.

    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(ace_to_five_low("Kc Kd 7h 7s 4c 4d 2h"), "ace_to_five")
    <Category.PAIR: 1>
    """
    global _high_category_table
    cdef uint32_t word
    cdef Py_ssize_t i
    if _is_array(value):
        np = _np
        _category_kind(kind)
        value = int_array(value, "value")
        top = _KINDS[kind]
        if value.size and (value.min() < 1 or value.max() > top):
            raise ValueError(f"values must be in 1..{top} for kind {kind!r}")
        table = np.empty(top + 1, dtype=np.uint8)
        for i in range(top + 1):
            word = CROUPIER_HIGH_DECODE[i] if kind == "high" else CROUPIER_A5_DECODE[i]
            table[i] = word >> 20
        return table[value]
    _category_kind(kind)
    word = _decode(kind, _value_int(value))
    return Category(word >> 20)


def describe(value, kind="high"):
    """Text of a hand value: ``kind`` is ``"high"``, ``"ace_to_five"`` or ``"eight_or_better"``.

    >>> describe(7462), describe(1)
    ('Royal flush', 'High card, seven')
    >>> describe(high("Ah Ad Kc Ks 2h"))
    'Two pair, aces and kings'
    >>> describe(56, kind="eight_or_better")
    'Five-four low'
    """
    cdef uint32_t word = _decode(kind, _value_int(value))
    ranks = [(word >> (16 - 4 * i)) & 15 for i in range(5)]
    if kind == "high":
        return describe_high(word >> 20, ranks)
    if kind == "ace_to_five":
        return describe_ace_to_five(word >> 20, ranks)
    if value == 0:
        return "No low"
    return describe_low(ranks)
