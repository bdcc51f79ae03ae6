# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""Side pots and settlement: layered pots, uncalled bets, hi/lo halves, ties, odd chips.

The rules (docs/rules.md §6, seeds 001 and 002), as this module applies them:

* **Uncalled chips.**  The part of the single largest contribution that no
  other player matched (largest minus second largest, folded players' chips
  count as matching) is not a pot: it goes back to whoever put it in, even if
  they folded.
* **Layers.**  Pots are cut at every amount a player who has not folded put
  in, smallest first.  The main pot takes, from every contributor (folded ones
  too), up to the smallest such amount; each side pot takes the next layer from
  those who put in more.  A pot may be won only by the players who have not
  folded and put in at least its top.  (Cutting only at the amounts of players
  still in means consecutive layers never have the same eligible players.)
* **Layers nobody still in contested go back.**  Chips of folded players
  above the largest amount put in by a player still in (possible only when
  every player who put in more has folded, e.g. everyone with chips folds to
  a short all-in) form layers no live player put chips into.  Nobody wins
  them: each folded player gets their own part back, so the all-in player
  never wins more from an opponent than they put in themselves (seed 002).
  If no player still in put in anything, every chip goes back this way.
* **Dead money.**  ``dead`` chips (a big-blind ante, dead blinds: money
  that is nobody's bet) are added to the main pot, which every player still in
  may win (if a player still in put in no other chips, the dead money is a
  pot of its own for every player still in, before the main pot).  They are
  not part of ``contributions``.
* **Hi/lo.**  With ``low`` values, each pot is split in half: the high half
  (with the odd chip, if the pot is odd) to the best high hand among the
  pot's eligible players, the low half to the best qualifying low (``low > 0``)
  among them.  A pot without any qualifying low among its eligible players goes
  wholly to the high.
* **Ties and odd chips.**  Tied players split a pot (or a half) equally; the
  chips left over go one at a time to the tied players nearest the left of the
  button, i.e. the lowest seat numbers first.  In hi/lo this is applied to
  each half separately: an odd high half of 7 tied three ways pays 3, 2, 2 by
  seat order.

Seats are numbered clockwise from the first seat left of the button (the
button is the last seat).  Amounts and hand values are Python ints of any
size, settled exactly.  While the contributions and dead money add up to at
most ``2**62`` and every hand value is below ``2**63``, 64-bit kernels settle
them; beyond that an exact path in Python ints does the same steps (slower,
the same results; nothing else pays for it; ``CROUPIER_IMPL=pure`` settles
every input on it).  A negative amount or value is
refused with ``ValueError``, as are more than 64 players, lists of different
lengths, non-integer amounts (``bool`` included: ``True`` is not a chip
count) and a hand in which every player folded.  Inputs are never modified,
and each is read once: lists of ints, bools and ``None`` in place, anything
else copied first (every list is copied when any item is of another type, so
an item's ``__index__`` cannot change what the other lists hold while they are
read; ``dead`` is read before them).  Only ``ValueError`` is raised for bad
input.

Seed 001 (A 200 all-in, B 500 all-in, C 500, D 100 then folded):

>>> side_pots([200, 500, 500, 100], [False, False, False, True])
[Pot(amount=700, eligible=(0, 1, 2)), Pot(amount=600, eligible=(1, 2))]
>>> award([200, 500, 500, 100], [False, False, False, True], high=[3, 1, 2, 0])  # A > C > B
[700, 0, 600, 0]

Seed 002 (all-ins of 100,000, 50,000 and 10,000; the middle stack wins): the
50,000 nobody matched goes back to the big stack.

>>> s = settle([100_000, 50_000, 10_000], [False] * 3, high=[1, 3, 2])
>>> s.uncalled, s.payouts
((0, 50000), (50000, 110000, 0))

Antes 5, blinds 1/2: seat 1 is all-in for 3 on the ante, the small blind
(6 in, 1 of it its uncalled blind) and the button (5) fold.  Seat 1 wins 3
from each; the 2 + 2 above its all-in go back:

>>> s = settle([6, 3, 5], [True, False, True], high=[0, 1, 0])
>>> s.pots, s.returned, s.net
((Pot(amount=9, eligible=(1,)),), (3, 0, 2), (-3, 6, -3))

Stacks of any size (two all-ins of ``10**30``, the second hand best):

>>> award([10**30, 10**30], [False, False], high=[1, 2])
[0, 2000000000000000000000000000000]

Why one file of about a thousand lines: the 64-bit kernels (declared in
``pots.pxd`` for other Cython modules), the readers that check the input
for them, and the exact path in Python ints share ``cdef inline`` functions
(``_best``, ``_pot_winners``, ``_split``, ``_seats``) and the values ``Pot``
and ``Settlement``; the exact path settles by the kernels' own comparisons
(``uncalled_k``, ``_pot_winners`` on the values' ranks) and odd-chip rule
(``_split``).  Split, those inline functions would be called through
function pointers (no inlining in the settlement loops) or move to a
``.pxd`` compiled again into each module.  The list reading shared with
``croupier.hands`` is in ``_items.pxd``.
"""

cimport cython
from cpython.list cimport PyList_AsTuple, PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongLongAndOverflow, PyLong_FromLongLong
from cpython.ref cimport Py_INCREF
from libc.stdint cimport int64_t, uint64_t
from libc.string cimport memset

from croupier._items cimport held, item

import croupier._impl as _impl
from croupier._validate import as_int, as_sequence, is_bool, is_int, shown

__all__ = ["Pot", "Settlement", "award", "distribute", "settle", "side_pots", "uncalled"]


cdef extern from "_bits.h":  # the compiler's builtins, or portable code (see the header)
    int croupier_ctz64(unsigned long long x) noexcept nogil
    int croupier_popcount64(unsigned long long x) noexcept nogil


# Largest amount accepted, and largest total: 2**62 keeps every sum in int64.
cdef int64_t MAX_TOTAL = (<int64_t>1) << 62


# ----------------------------------------------------------------------------
# Kernels (declared in pots.pxd)
# ----------------------------------------------------------------------------

cdef inline uint64_t _seats(int n) noexcept nogil:
    """Mask of seats 0..n-1."""
    if n >= 64:
        return ~(<uint64_t>0)
    return ((<uint64_t>1) << n) - 1


cdef int64_t uncalled_k(const int64_t* contrib, int n, int* seat) noexcept nogil:
    cdef int64_t top = 0, second = 0, x
    cdef int i, s = -1
    for i in range(n):
        x = contrib[i]
        if x > top:
            second = top
            top = x
            s = i
        elif x > second:
            # also a second player at ``top``: then nothing is uncalled
            second = x
    if s < 0 or top == second:
        seat[0] = -1
        return 0
    seat[0] = s
    return top - second


cdef int side_pots_k(const int64_t* contrib, uint64_t folded, int n,
                     int64_t* amounts, uint64_t* eligible, int64_t* returned) noexcept nogil:
    cdef int64_t put[POTS_MAX_SEATS]
    cdef int64_t levels[POTS_MAX_SEATS]
    cdef uint64_t live = ~folded & _seats(n)
    cdef int64_t back, x, level, prev, amount
    cdef uint64_t elig
    cdef int i, j, m = 0, k, us

    back = uncalled_k(contrib, n, &us)
    for i in range(n):
        put[i] = contrib[i]
        returned[i] = 0
    if us >= 0:
        put[us] -= back
        returned[us] = back

    # Distinct positive amounts of the players still in, ascending.
    for i in range(n):
        x = put[i]
        if x <= 0 or not ((live >> i) & 1):
            continue
        j = m
        while j > 0 and levels[j - 1] > x:
            j -= 1
        if j > 0 and levels[j - 1] == x:
            continue
        k = m
        while k > j:
            levels[k] = levels[k - 1]
            k -= 1
        levels[j] = x
        m += 1

    prev = 0
    for k in range(m):
        level = levels[k]
        amount = 0
        elig = 0
        for i in range(n):
            x = put[i]
            if x > prev:
                amount += (x if x < level else level) - prev
                if x >= level:
                    elig |= ((live >> i) & 1) << i
        amounts[k] = amount
        eligible[k] = elig
        prev = level

    # Above the largest amount of a player still in, only folded players put
    # chips in: nobody contests those layers, so each gets their own back.
    for i in range(n):
        if put[i] > prev:
            returned[i] += put[i] - prev
    return m


cdef inline uint64_t _best(const int64_t* values, uint64_t seats) noexcept nogil:
    """Seats (of ``seats``, non-empty) holding the largest value."""
    cdef uint64_t rest = seats, won = 0
    cdef int64_t best = -1, v
    cdef int i
    while rest:
        i = croupier_ctz64(rest)
        rest &= rest - 1
        v = values[i]
        if v > best:
            best = v
            won = (<uint64_t>1) << i
        elif v == best:
            won |= (<uint64_t>1) << i
    return won


cdef inline void _split(int64_t amount, uint64_t winners, int64_t* payouts,
                        int64_t* row) noexcept nogil:
    """Split ``amount`` equally among ``winners`` (none: nothing to split); leftover
    chips one each to the lowest seats first."""
    cdef int64_t k = croupier_popcount64(winners)
    cdef int64_t share, odd, got
    cdef int i
    if k == 0:
        return
    share = amount // k
    odd = amount - share * k
    while winners:
        i = croupier_ctz64(winners)
        winners &= winners - 1
        got = share
        if odd > 0:
            got += 1
            odd -= 1
        payouts[i] += got
        if row != NULL:
            row[i] += got


cdef inline uint64_t _best_low(const int64_t* low, uint64_t seats) noexcept nogil:
    """Seats of ``seats`` with the best qualifying (> 0) low; 0 if none qualifies."""
    cdef uint64_t won = _best(low, seats) if seats else 0
    return won if won and low[croupier_ctz64(won)] > 0 else 0


cdef inline uint64_t _pot_winners(const int64_t* high, const int64_t* low, uint64_t eligible,
                                  uint64_t* lows) noexcept nogil:
    """Who wins a pot of the ``eligible`` seats: the seats of the best high (returned)
    and, in ``lows``, those of the best qualifying low (0 when nobody qualifies or
    ``low`` is NULL), who take its low half.  Both settlement paths ask this (the
    exact one with values read as ranks, ``_exact_ranks``)."""
    lows[0] = _best_low(low, eligible) if low != NULL else 0
    return _best(high, eligible)


cdef int add_dead_k(int64_t dead, uint64_t folded, int n, int m,
                    int64_t* amounts, uint64_t* eligible) noexcept nogil:
    cdef uint64_t live = ~folded & _seats(n)
    cdef int k
    if dead <= 0:
        return m
    if m > 0 and eligible[0] == live:
        amounts[0] += dead
        return m
    # Some player still in put in no live chips (all-in on an ante): the dead
    # money is a pot of its own that every player still in may win.
    for k in range(m, 0, -1):
        amounts[k] = amounts[k - 1]
        eligible[k] = eligible[k - 1]
    amounts[0] = dead
    eligible[0] = live
    return m + 1


cdef int award_k(const int64_t* contrib, uint64_t folded, int n,
                 const int64_t* high, const int64_t* low,
                 int64_t* payouts, int64_t* shares, int64_t dead,
                 int64_t* returned=NULL) noexcept nogil:
    cdef int64_t amounts[POTS_MAX_SEATS + 1]
    cdef uint64_t eligible[POTS_MAX_SEATS + 1]
    cdef int64_t amount, half
    cdef int m, k, i
    cdef uint64_t lows, highs
    cdef int64_t* row = NULL

    # The chips given back (uncalled, uncontested layers) start the payouts.
    m = side_pots_k(contrib, folded, n, amounts, eligible, payouts)
    if returned != NULL:
        for i in range(n):
            returned[i] = payouts[i]
    m = add_dead_k(dead, folded, n, m, amounts, eligible)
    for k in range(m):
        amount = amounts[k]
        if shares != NULL:
            row = shares + <Py_ssize_t>k * n
            for i in range(n):
                row[i] = 0
        highs = _pot_winners(high, low, eligible[k], &lows)
        half = amount // 2 if lows else 0  # the low half; an odd chip stays with the high
        _split(half, lows, payouts, row)
        _split(amount - half, highs, payouts, row)
    return m


# ----------------------------------------------------------------------------
# Values: Pot and Settlement
# ----------------------------------------------------------------------------

@cython.final
cdef class Pot:
    """One pot: ``amount`` chips that only the seats in ``eligible`` may win.

    A frozen value: attributes cannot be set, equal pots compare and hash
    equal, and it pickles.

    >>> Pot(700, (0, 1, 2))
    Pot(amount=700, eligible=(0, 1, 2))
    >>> Pot(700, [0, 1, 2]) == Pot(700, (0, 1, 2))
    True
    """

    cdef readonly object amount
    cdef readonly tuple eligible

    __match_args__ = ("amount", "eligible")

    def __init__(self, amount, eligible):
        if type(amount) is not int:
            amount = _as_int(amount, "amount")
        if amount < 0:
            raise ValueError(f"amount must be >= 0, got {amount}")
        seats = tuple([_as_int(s, "eligible seat") for s in _tuple_of(eligible, "eligible")])
        for s in seats:
            if s < 0:
                raise ValueError(f"eligible seats must be >= 0, got {s}")
        self.amount = amount
        self.eligible = seats

    def __repr__(self):
        return f"Pot(amount={self.amount!r}, eligible={self.eligible!r})"

    def __eq__(self, other):
        if type(other) is not Pot:
            return NotImplemented
        return self.amount == (<Pot>other).amount and self.eligible == (<Pot>other).eligible

    def __hash__(self):
        return hash((Pot, self.amount, self.eligible))

    def __reduce__(self):
        return (Pot, (self.amount, self.eligible))


@cython.final
cdef class Settlement:
    """How a hand was settled (``settle``); a frozen value like ``Pot``.

    * ``pots``: the pots, main pot first (as ``side_pots``);
    * ``uncalled``: ``(seat, amount)`` of the chips nobody matched, or ``None``;
    * ``returned``: chips each seat gets back without winning them: the
      uncalled chips, and its part of any layer that only folded players put
      in (nobody still in contested it);
    * ``payouts``: chips each seat receives, ``returned`` included
      (``award``);
    * ``shares``: one row per pot, the chips each seat won from that pot;
    * ``net``: ``payouts[i] - contributions[i]`` for each seat;
    * ``rake``: the chips the house took from each pot before it was awarded
      (one entry a pot, ``croupier.rake``), or ``()`` when no rake rule
      applied; ``shares`` and ``payouts`` are then of what was left.

    >>> s = settle([150, 100], [False, False], [2, 1])  # seat 0 bet 50 more: uncalled
    >>> s.uncalled, s.returned, s.payouts, s.net
    ((0, 50), (50, 0), (250, 0), (100, -100))
    """

    cdef readonly tuple pots
    cdef readonly object uncalled
    cdef readonly tuple returned
    cdef readonly tuple payouts
    cdef readonly tuple shares
    cdef readonly tuple net
    cdef readonly tuple rake

    __match_args__ = ("pots", "uncalled", "returned", "payouts", "shares", "net", "rake")

    def __init__(self, pots, uncalled, returned, payouts, shares, net, rake=()):
        self.pots = _tuple_of(pots, "pots")
        self.uncalled = None if uncalled is None else _tuple_of(uncalled, "uncalled")
        self.returned = _tuple_of(returned, "returned")
        self.payouts = _tuple_of(payouts, "payouts")
        self.shares = tuple([_tuple_of(r, "shares row") for r in _tuple_of(shares, "shares")])
        self.net = _tuple_of(net, "net")
        self.rake = _tuple_of(rake, "rake")

    def __repr__(self):
        rake = f", rake={self.rake!r}" if self.rake else ""
        return (f"Settlement(pots={self.pots!r}, uncalled={self.uncalled!r}, "
                f"returned={self.returned!r}, payouts={self.payouts!r}, "
                f"shares={self.shares!r}, net={self.net!r}{rake})")

    def __eq__(self, other):
        cdef Settlement o
        if type(other) is not Settlement:
            return NotImplemented
        o = <Settlement>other
        return (self.pots == o.pots and self.uncalled == o.uncalled
                and self.returned == o.returned and self.payouts == o.payouts and self.shares == o.shares
                and self.net == o.net and self.rake == o.rake)

    def __hash__(self):
        if self.rake:
            return hash((Settlement, self.pots, self.uncalled, self.returned, self.payouts,
                         self.shares, self.net, self.rake))
        return hash((Settlement, self.pots, self.uncalled, self.returned, self.payouts,
                     self.shares, self.net))

    def __reduce__(self):
        if self.rake:
            return (Settlement, (self.pots, self.uncalled, self.returned, self.payouts,
                                 self.shares, self.net, self.rake))
        return (Settlement, (self.pots, self.uncalled, self.returned, self.payouts,
                             self.shares, self.net))


# ----------------------------------------------------------------------------
# Reading input
# ----------------------------------------------------------------------------

cdef object _as_int(object x, str what):
    """``x`` as a Python int (``croupier._validate``: integer types, not bool)."""
    if type(x) is int:
        return x
    return as_int(x, what)


cdef bint _is_numpy_bool(object x):
    return is_bool(x)


cdef object _seq(object values, str what):
    """``values`` as a list or tuple (anything else is read once into a tuple)."""
    if type(values) is list or type(values) is tuple:
        return values
    return as_sequence(values, what)


cdef inline tuple _tuple_of(object values, str what):
    """``values`` as a tuple (``as_sequence``, without a call for a list or tuple)."""
    if type(values) is tuple:
        return <tuple>values
    if type(values) is list:
        return PyList_AsTuple(values)
    return as_sequence(values, what)


cdef Py_ssize_t _length(object contributions) except -1:
    cdef Py_ssize_t n = len(contributions)
    if n == 0:
        raise ValueError("contributions is empty: there are no players")
    if n > POTS_MAX_SEATS:
        raise ValueError(f"at most {POTS_MAX_SEATS} players are supported, got {n}")
    return n


cdef int _same_length(object seq, Py_ssize_t n, str what) except -1:
    if len(seq) != n:
        raise ValueError(f"{what} has {len(seq)} entries but contributions has {n}")
    return 0


cdef int64_t _slow_amount(object x, Py_ssize_t i, str what, int64_t limit) except -1:
    cdef int overflow = 0
    cdef int64_t v
    x = _as_int(x, f"{what}[{i}]")
    if x < 0:
        raise ValueError(f"{what}[{i}] is negative: {x}")
    if x > limit:
        raise ValueError(f"{what}[{i}] = {x} is too large (at most {limit})")
    v = PyLong_AsLongLongAndOverflow(x, &overflow)
    return v


cdef inline bint _stop(object x, bint* bail):
    """In a first reading (``bail`` not NULL), stop at an item that is not an exact int,
    bool or None: reading it may run Python code (``_read_hand``)."""
    if bail != NULL and type(x) is not int and type(x) is not bool and x is not None:
        bail[0] = True
        return True
    return False


cdef int _read_amounts(object seq, Py_ssize_t n, int64_t* out, bint* bail) except -1:
    """Contributions into ``out``: each an int in 0..2**62, total at most 2**62."""
    cdef Py_ssize_t i
    cdef int overflow = 0
    cdef int64_t v
    cdef uint64_t total = 0
    for i in range(n):
        x = item(seq, i)
        if type(x) is int:
            v = PyLong_AsLongLongAndOverflow(x, &overflow)
            if overflow or v < 0 or v > MAX_TOTAL:
                v = _slow_amount(x, i, "contributions", MAX_TOTAL)
        elif _stop(x, bail):
            return 0
        else:
            v = _slow_amount(x, i, "contributions", MAX_TOTAL)
        out[i] = v
        total += <uint64_t>v
        if total > <uint64_t>MAX_TOTAL:
            raise ValueError("the contributions add up to more than 2**62, "
                             "beyond what croupier.pots can settle")
    return 0


cdef object _dead_int(object dead):
    """``dead`` as an int, read before any sequence (its ``__index__`` may run code)."""
    return _as_int(dead, "dead")


cdef int64_t _read_dead(object dead, const int64_t* contrib, Py_ssize_t n) except -1:
    """Dead money (an int, from ``_dead_int``): >= 0 and keeping the total within 2**62."""
    cdef uint64_t total = 0
    cdef Py_ssize_t i
    if dead < 0:
        raise ValueError(f"dead must be >= 0, got {dead}")
    for i in range(n):
        total += <uint64_t>contrib[i]
    if dead > MAX_TOTAL - <int64_t>total:
        raise ValueError("the contributions and dead money add up to more than 2**62, "
                         "beyond what croupier.pots can settle")
    return dead


cdef uint64_t _read_folded(object seq, Py_ssize_t n, bint* bail) except? 0:
    """Mask of folded seats; raises if every seat folded."""
    cdef Py_ssize_t i
    cdef uint64_t mask = 0
    for i in range(n):
        x = item(seq, i)
        if x is True:
            mask |= (<uint64_t>1) << i
        elif x is False:
            pass
        elif _stop(x, bail):
            return 0
        elif _is_numpy_bool(x):
            if x:
                mask |= (<uint64_t>1) << i
        elif type(x) is int or is_int(x):
            x = _as_int(x, f"folded[{i}]")
            if x == 1:
                mask |= (<uint64_t>1) << i
            elif x != 0:
                raise ValueError(f"folded[{i}] must be a bool (or 0/1), got {shown(x)}")
        else:
            raise ValueError(f"folded[{i}] must be a bool, got {type(x).__name__} {shown(x)}")
    if mask == _seats(<int>n):
        raise ValueError("every player folded: nobody is left to win")
    return mask


cdef int _read_values(object seq, Py_ssize_t n, uint64_t folded, int64_t* out,
                      str what, bint* bail) except -1:
    """Hand values of the seats still in (folded seats are not read): ints >= 0."""
    cdef Py_ssize_t i
    cdef int overflow = 0
    cdef int64_t v
    for i in range(n):
        if (folded >> i) & 1:
            out[i] = 0
            continue
        x = item(seq, i)
        if type(x) is int:
            v = PyLong_AsLongLongAndOverflow(x, &overflow)
            if overflow or v < 0:
                v = _slow_value(x, i, what)
        elif _stop(x, bail):
            return 0
        else:
            v = _slow_value(x, i, what)
        out[i] = v
    return 0


cdef int64_t _slow_value(object x, Py_ssize_t i, str what) except -1:
    cdef int overflow = 0
    x = _as_int(x, f"{what}[{i}]")
    if x < 0:
        raise ValueError(f"{what}[{i}] is negative: {x} (hand values are >= 0)")
    if x >= 2**63:
        raise ValueError(f"{what}[{i}] = {x} is too large for a hand value (below 2**63)")
    return PyLong_AsLongLongAndOverflow(x, &overflow)


cdef int _read_hand(object cs, object fs, object hs, object ls, object dead, Py_ssize_t n,
                    int64_t* buf, int64_t* dv, uint64_t* fmask, int64_t* hv, int64_t* lv,
                    bint* bail) except -1:
    """Read contributions, dead money (an int), folded flags and values (``fs``, ``hs``,
    ``ls`` may be None: not read) from lists or tuples of ``n`` entries.

    With ``bail`` not NULL this is a first reading: it stops (``bail[0]``
    set) at the first item that is not an exact int, bool or None, before
    anything runs Python code.  The caller then copies every list to a
    tuple and reads again with ``bail`` NULL: an item's ``__index__`` may
    then run and change the lists, not the copies.
    """
    _read_amounts(cs, n, buf, bail)
    if bail != NULL and bail[0]:
        return 0
    dv[0] = 0 if dead == 0 else _read_dead(dead, buf, n)
    if fs is not None:
        fmask[0] = _read_folded(fs, n, bail)
        if bail != NULL and bail[0]:
            return 0
    if hs is not None:
        _read_values(hs, n, fmask[0], hv, "high", bail)
        if bail != NULL and bail[0]:
            return 0
    if ls is not None:
        _read_values(ls, n, fmask[0], lv, "low", bail)
    return 0


cdef inline Py_ssize_t _read_input(object cs, object fs, object hs, object ls, object dead,
                                   int64_t* buf, int64_t* dv, uint64_t* fmask, int64_t* hv,
                                   int64_t* lv) except -1:
    """Check and read a hand's input (lists or tuples, ``_seqs``; ``hs`` and ``ls`` may
    be None: not read); returns the number of seats.

    ``dead`` is read first, then the lengths are checked, then ``_read_hand``
    reads the lists in place, and again from held copies (``_items.held``)
    when an item may run Python code.
    """
    cdef bint bail = False
    cdef Py_ssize_t n
    if type(dead) is not int:
        dead = _dead_int(dead)
    n = _length(cs)
    _same_length(fs, n, "folded")
    if hs is not None:
        _same_length(hs, n, "high")
    if ls is not None:
        _same_length(ls, n, "low")
    _read_hand(cs, fs, hs, ls, dead, n, buf, dv, fmask, hv, lv, &bail)
    if bail:
        _read_hand(held(cs), held(fs), None if hs is None else held(hs),
                   None if ls is None else held(ls), dead, n, buf, dv, fmask, hv, lv, NULL)
    return n


cdef list _int_list(const int64_t* values, Py_ssize_t n):
    cdef list out = PyList_New(n)
    cdef Py_ssize_t i
    for i in range(n):
        v = PyLong_FromLongLong(values[i])
        Py_INCREF(v)
        PyList_SET_ITEM(out, i, v)
    return out


cdef tuple _seat_tuple(uint64_t mask):
    cdef list seats = []
    while mask:
        seats.append(croupier_ctz64(mask))
        mask &= mask - 1
    return tuple(seats)


# ----------------------------------------------------------------------------
# Exact settlement beyond 64 bits
# ----------------------------------------------------------------------------
#
# The kernels settle in int64: contributions and dead money adding up to at
# most 2**62, hand values below 2**63.  When the 64-bit reading refuses an
# input, each public function asks _beyond_int64 whether an amount or value
# was only too large; if so the input is read again as Python ints and
# settled here by the same steps as the kernels (uncalled_k, side_pots_k,
# add_dead_k, award_k): exactly, and more slowly.  The 64-bit path is the
# same as before and pays nothing for this (a try block).  The choice is made
# by the input itself, so a Hand whose stacks add up to more than 2**62 takes
# the exact path at every settlement and every other hand never does.

cdef object _INT64_TOTAL = 2**62
cdef object _INT64_VALUE = 2**63
# CROUPIER_IMPL=pure (croupier._impl): every input takes the exact path, the
# reference of the 64-bit one (the kernels are never called).
cdef bint _EXACT = _impl.PURE


cdef object _lenient_int(object x):
    """``x`` as an int if croupier reads it as one, else None (never raises)."""
    if type(x) is int:
        return x
    if not is_int(x):
        return None
    try:
        return as_int(x, "amount")
    except Exception:
        return None


cdef bint _beyond_int64(object contributions, object high, object low, object dead):
    """Whether the input holds an int too large for the 64-bit kernels.

    Only ints are looked at: any other problem is left to the message of the
    64-bit reading, which the caller then raises.  Values of every seat are
    looked at (a large value of a folded seat, never read, is harmless: the
    exact path settles it alike).
    """
    total = 0
    for x in list(contributions):
        v = _lenient_int(x)
        if v is not None and v > 0:
            total += v
    v = _lenient_int(dead)
    if v is not None and v > 0:
        total += v
    if total > _INT64_TOTAL:
        return True
    for values in (high, low):
        if values is None:
            continue
        for x in list(values):
            v = _lenient_int(x)
            if v is not None and v >= _INT64_VALUE:
                return True
    return False


cdef list _exact_amounts(object seq):
    """Contributions as Python ints >= 0 (a private copy)."""
    cdef list out = list(seq)
    cdef Py_ssize_t n = len(out), i
    if n == 0:
        raise ValueError("contributions is empty: there are no players")
    if n > POTS_MAX_SEATS:
        raise ValueError(f"at most {POTS_MAX_SEATS} players are supported, got {n}")
    for i in range(n):
        x = as_int(out[i], f"contributions[{i}]")
        if x < 0:
            raise ValueError(f"contributions[{i}] is negative: {x}")
        out[i] = x
    return out


cdef list _exact_folded(object seq, Py_ssize_t n):
    """Folded flags as bools (a private copy); raises if every seat folded."""
    cdef list out = list(seq)
    cdef Py_ssize_t i
    if len(out) != n:
        raise ValueError(f"folded has {len(out)} entries but contributions has {n}")
    for i in range(n):
        x = out[i]
        if x is True or x is False:
            continue
        if is_bool(x):
            out[i] = bool(x)
        elif is_int(x):
            x = as_int(x, f"folded[{i}]")
            if x != 0 and x != 1:
                raise ValueError(f"folded[{i}] must be a bool (or 0/1), got {x!r}")
            out[i] = x == 1
        else:
            raise ValueError(f"folded[{i}] must be a bool, got {type(x).__name__} {x!r}")
    if all(out):
        raise ValueError("every player folded: nobody is left to win")
    return out


cdef list _exact_values(object seq, list folded, str what):
    """Hand values of the seats still in as Python ints >= 0; 0 for folded seats."""
    cdef list out = list(seq)
    cdef Py_ssize_t n = len(folded), i
    if len(out) != n:
        raise ValueError(f"{what} has {len(out)} entries but contributions has {n}")
    for i in range(n):
        if folded[i]:
            out[i] = 0
            continue
        x = as_int(out[i], f"{what}[{i}]")
        if x < 0:
            raise ValueError(f"{what}[{i}] is negative: {x} (hand values are >= 0)")
        out[i] = x
    return out


cdef object _exact_dead(object dead):
    dead = as_int(dead, "dead")
    if dead < 0:
        raise ValueError(f"dead must be >= 0, got {dead}")
    return dead


cdef int _exact_ranks(list values, int64_t* out) except -1:
    """Each value's rank among the distinct values and 0 (so 0 stays 0, and only a
    value > 0 ranks above 0): int64 numbers that compare as the values do, for the
    kernels' comparisons (``uncalled_k``, ``_pot_winners``)."""
    cdef dict rank = {v: r for r, v in enumerate(sorted({0, *values}))}
    cdef Py_ssize_t i
    for i in range(len(values)):
        out[i] = rank[values[i]]
    return 0


cdef object _exact_uncalled(list put):
    """``uncalled`` in Python ints: ``(seat, amount)`` or None (``uncalled_k`` finds the
    seat from the amounts' ranks)."""
    cdef int64_t ranks[POTS_MAX_SEATS]
    cdef int seat
    cdef Py_ssize_t i, n = len(put)
    _exact_ranks(put, ranks)
    uncalled_k(ranks, <int>n, &seat)
    if seat < 0:
        return None
    return (seat, put[seat] - max([put[i] for i in range(n) if i != seat], default=0))


cdef tuple _exact_pots(list contrib, list folded, object dead):
    """``side_pots_k`` and ``add_dead_k`` in Python ints: (amounts, eligible, returned)."""
    cdef Py_ssize_t n = len(contrib), i
    cdef list put = list(contrib)
    cdef list returned = [0] * n
    cdef list amounts = [], eligible = [], seats
    back = _exact_uncalled(put)
    if back is not None:
        put[back[0]] -= back[1]
        returned[back[0]] = back[1]
    # Distinct positive amounts of the players still in, ascending.
    levels = sorted({put[i] for i in range(n) if put[i] > 0 and not folded[i]})
    prev = 0
    for level in levels:
        amount = 0
        seats = []
        for i in range(n):
            x = put[i]
            if x > prev:
                amount += (x if x < level else level) - prev
                if x >= level and not folded[i]:
                    seats.append(i)
        amounts.append(amount)
        eligible.append(tuple(seats))
        prev = level
    # Layers above everyone still in: only folded players' chips, given back.
    for i in range(n):
        if put[i] > prev:
            returned[i] += put[i] - prev
    if dead > 0:
        live = tuple([i for i in range(n) if not folded[i]])
        if amounts and eligible[0] == live:
            amounts[0] += dead
        else:
            amounts.insert(0, dead)  # a pot of its own for every player still in
            eligible.insert(0, live)
    return amounts, eligible, returned


cdef int _exact_split(object amount, uint64_t winners, list payouts, list row) except -1:
    """``_split`` in Python ints: an equal share each, and the chips left over (fewer
    than the winners) given out by ``_split`` itself."""
    cdef int64_t odd_chips[POTS_MAX_SEATS]
    cdef int k = croupier_popcount64(winners)
    if k == 0:
        return 0
    share, odd = divmod(amount, k)
    memset(odd_chips, 0, sizeof(odd_chips))
    _split(odd, winners, odd_chips, NULL)
    for i in _seat_tuple(winners):
        got = share + odd_chips[i]
        payouts[i] += got
        row[i] += got
    return 0


cdef inline uint64_t _mask(tuple seats):
    cdef uint64_t mask = 0
    for i in seats:
        mask |= (<uint64_t>1) << <int>i
    return mask


cdef tuple _exact_settle(object contributions, object folded, object high, object low,
                         object dead, bint values=True):
    """Read the input as Python ints and settle it like ``award_k``.

    Returns ``(contributions, amounts, eligible, returned, payouts, shares)``
    (``payouts`` and ``shares`` are None without ``values``).  As the 64-bit path:
    ``dead`` is read first, and every list is copied before any item is read (an
    item's ``__index__`` may change the other lists, not the copies).
    """
    dead = _exact_dead(dead)
    contributions, folded = list(contributions), list(folded)
    if values:
        high, low = list(high), None if low is None else list(low)
    cdef list put = _exact_amounts(contributions)
    cdef Py_ssize_t n = len(put), k
    cdef list fs = _exact_folded(folded, n)
    cdef list hs = None, ls = None, payouts, shares, row
    cdef int64_t hv[POTS_MAX_SEATS]
    cdef int64_t lv[POTS_MAX_SEATS]
    cdef uint64_t lows, highs
    if values:
        hs = _exact_values(high, fs, "high")
        if low is not None:
            ls = _exact_values(low, fs, "low")
    amounts, eligible, returned = _exact_pots(put, fs, dead)
    if not values:
        return put, amounts, eligible, returned, None, None
    payouts = list(returned)
    shares = []
    _exact_ranks(hs, hv)
    if ls is not None:
        _exact_ranks(ls, lv)
    for k in range(len(amounts)):
        amount = amounts[k]
        row = [0] * n
        highs = _pot_winners(hv, NULL if ls is None else lv, _mask(eligible[k]), &lows)
        half = amount // 2 if lows else 0  # as award_k
        _exact_split(half, lows, payouts, row)
        _exact_split(amount - half, highs, payouts, row)
        shares.append(row)
    return put, amounts, eligible, returned, payouts, shares


# ----------------------------------------------------------------------------
# Public API
# ----------------------------------------------------------------------------

def uncalled(contributions):
    """``(seat, amount)`` of the chips nobody matched, or ``None``.

    That is the single largest contribution minus the second largest (folded
    players' chips count as matching); nothing is uncalled when two players
    share the largest contribution.  These chips are not a pot: they go back
    to ``seat``.

    >>> uncalled([100_000, 50_000, 10_000])
    (0, 50000)
    >>> uncalled([200, 500, 500, 100]) is None
    True
    >>> uncalled([10**30, 2**62])   # beyond 64 bits: exact, on a slower path
    (0, 999999999995388313981572612096)
    """
    seq = _seq(contributions, "contributions")
    if not _EXACT:
        try:
            return _uncalled64(seq)
        except ValueError:
            if not _beyond_int64(seq, None, None, 0):
                raise
    return _exact_uncalled(_exact_amounts(seq))


cdef object _uncalled64(object seq):
    """``uncalled`` in 64 bits (``ValueError`` beyond)."""
    cdef int64_t buf[POTS_MAX_SEATS]
    cdef int seat
    cdef int64_t amount
    cdef bint bail = False
    cdef Py_ssize_t n = _length(seq)
    _read_amounts(seq, n, buf, &bail)
    if bail:
        _read_amounts(held(seq), n, buf, NULL)
    amount = uncalled_k(buf, <int>n, &seat)
    if seat < 0:
        return None
    return (seat, amount)


def side_pots(contributions, folded, *, dead=0):
    """The pots of a hand, main pot first, then the side pots in order.

    ``contributions[i]`` is everything seat ``i`` put in this hand and
    ``folded[i]`` whether they folded.  Each ``Pot`` has an ``amount`` and the
    ``eligible`` seats (those still in who put in at least the pot's top
    layer).  Chips that go back are in no pot: the uncalled chips
    (``uncalled``) and the layers above everyone still in that only folded
    players put in.  ``dead`` chips (nobody's bet: a big-blind ante, dead
    blinds) are in the main pot.

    >>> side_pots([200, 500, 500, 100], [False, False, False, True])
    [Pot(amount=700, eligible=(0, 1, 2)), Pot(amount=600, eligible=(1, 2))]
    >>> side_pots([100_000, 50_000, 10_000], [False, False, False])
    [Pot(amount=30000, eligible=(0, 1, 2)), Pot(amount=80000, eligible=(0, 1))]
    >>> side_pots([50, 100, 100], [False, True, True])   # 50 each goes back to seats 1, 2
    [Pot(amount=150, eligible=(0,))]
    """
    cs = _seq(contributions, "contributions")
    fs = _seq(folded, "folded")
    if not _EXACT:
        try:
            return _side_pots64(cs, fs, dead)
        except ValueError:
            if not _beyond_int64(cs, None, None, dead):
                raise
    _, amounts, eligible, _, _, _ = _exact_settle(cs, fs, None, None, dead, False)
    return [Pot(amounts[k], eligible[k]) for k in range(len(amounts))]


cdef list _side_pots64(object cs, object fs, object dead):
    """``side_pots`` in 64 bits (``ValueError`` beyond)."""
    cdef int64_t buf[POTS_MAX_SEATS]
    cdef int64_t amounts[POTS_MAX_SEATS + 1]
    cdef uint64_t eligible[POTS_MAX_SEATS + 1]
    cdef int64_t back[POTS_MAX_SEATS]
    cdef int m, k
    cdef uint64_t fmask = 0
    cdef int64_t dv = 0
    cdef Py_ssize_t n = _read_input(cs, fs, None, None, dead, buf, &dv, &fmask, NULL, NULL)
    m = side_pots_k(buf, fmask, <int>n, amounts, eligible, back)
    m = add_dead_k(dv, fmask, <int>n, m, amounts, eligible)
    return [Pot(amounts[k], _seat_tuple(eligible[k])) for k in range(m)]


def award(contributions, folded, high, low=None, *, dead=0):
    """The chips each seat receives at the end of the hand (a list of ints).

    ``contributions[i]``: everything seat ``i`` put in; ``folded[i]``: whether
    they folded; ``high[i]`` / ``low[i]``: their hand values (from
    ``croupier.hands``; larger wins; ``low[i] == 0`` means no qualifying low).
    Values of folded seats are not read (they may be anything, e.g. ``None``).
    Without ``low`` every pot goes to the best high hand among its eligible
    seats; with ``low`` it is split in halves (see the module docstring).
    ``dead`` chips (nobody's bet) join the main pot.  The result includes the
    chips given back (the uncalled part, and layers that only folded players
    put in: see ``Settlement.returned``), so it always adds up to
    ``sum(contributions) + dead``.

    >>> award([200, 500, 500, 100], [False, False, False, True], [3, 2, 2, None])  # A > B = C
    [700, 300, 300, 0]
    >>> award([5, 5, 5], [False] * 3, high=[2, 2, 1], low=[0, 0, 9])  # 15 = 8 high + 7 low
    [4, 4, 7]
    """
    cdef int64_t out[POTS_MAX_SEATS]
    cs, fs, hs, ls = _seqs(contributions, folded, high, low)
    cdef Py_ssize_t n = _award_in_64_bits(cs, fs, hs, ls, dead, out, NULL)
    if n < 0:
        return _exact_settle(cs, fs, hs, ls, dead)[4]
    return _int_list(out, n)


def distribute(contributions, folded, high, low=None, *, dead=0):
    """``(payouts, returned)``: ``award``'s lists, and of them the chips given back.

    ``returned`` is ``Settlement.returned`` (the uncalled chips and the layers
    nobody still in contested), so ``payouts[i] - returned[i]`` is what seat
    ``i`` won from the pots; as fast as ``award``, without building a
    ``Settlement``.  Arguments as ``award``.

    >>> distribute([6, 3, 5], [True, False, True], [0, 1, 0])   # docs/rules.md §6.3 (a)
    ([3, 9, 2], [3, 0, 2])
    """
    cdef int64_t out[POTS_MAX_SEATS]
    cdef int64_t back[POTS_MAX_SEATS]
    cs, fs, hs, ls = _seqs(contributions, folded, high, low)
    cdef Py_ssize_t n = _award_in_64_bits(cs, fs, hs, ls, dead, out, back)
    if n < 0:
        exact = _exact_settle(cs, fs, hs, ls, dead)
        return exact[4], exact[3]
    return _int_list(out, n), _int_list(back, n)


cdef tuple _seqs(object contributions, object folded, object high, object low):
    """The four inputs as lists or tuples (an iterator is read once, into a list)."""
    if type(contributions) is not list:
        contributions = _seq(contributions, "contributions")
    if type(folded) is not list:
        folded = _seq(folded, "folded")
    if type(high) is not list:
        high = _seq(high, "high")
    if low is not None and type(low) is not list:
        low = _seq(low, "low")
    return contributions, folded, high, low


cdef Py_ssize_t _award_in_64_bits(object cs, object fs, object hs, object ls, object dead,
                                  int64_t* out, int64_t* back) except -2:
    """``_award``, or -1 when the input is valid but beyond 64 bits (the exact path's),
    or under ``_EXACT``."""
    if _EXACT:
        return -1
    try:
        return _award(cs, fs, hs, ls, dead, out, back)
    except ValueError:
        if not _beyond_int64(cs, hs, ls, dead):
            raise
    return -1


cdef Py_ssize_t _award(object contributions, object folded, object high, object low,
                       object dead, int64_t* out, int64_t* back) except -1:
    """Check the input of ``award`` / ``distribute`` (lists or tuples, from ``_seqs``),
    then settle into ``out``."""
    cdef int64_t buf[POTS_MAX_SEATS]
    cdef int64_t hv[POTS_MAX_SEATS]
    cdef int64_t lv[POTS_MAX_SEATS]
    cdef uint64_t fmask = 0
    cdef int64_t dv = 0
    cdef Py_ssize_t n = _read_input(contributions, folded, high, low, dead, buf, &dv, &fmask,
                                    hv, lv)
    award_k(buf, fmask, <int>n, hv, NULL if low is None else lv, out, NULL, dv, back)
    return n


def settle(contributions, folded, high, low=None, *, dead=0):
    """Settle a hand: pots, uncalled chips, payouts and per-pot shares (``Settlement``).

    Arguments as ``award``; ``settle(...).payouts`` equals ``award(...)``.

    >>> s = settle([200, 500, 500, 100], [False, False, False, True], [3, 1, 2, 0])
    >>> s.pots[1], s.shares[1]
    (Pot(amount=600, eligible=(1, 2)), (0, 0, 600, 0))
    >>> s.net  # seed 001, first order: A +500, B -500, C +100, D -100
    (500, -500, 100, -100)
    """
    cs, fs, hs, ls = _seqs(contributions, folded, high, low)
    if not _EXACT:
        try:
            return _settle64(cs, fs, hs, ls, dead)
        except ValueError:
            if not _beyond_int64(cs, hs, ls, dead):
                raise
    put, amounts, eligible, returned, payouts, shares = _exact_settle(cs, fs, hs, ls, dead)
    return Settlement(
        [Pot(amounts[k], eligible[k]) for k in range(len(amounts))],
        _exact_uncalled(put),
        returned,
        payouts,
        shares,
        [payouts[k] - put[k] for k in range(len(put))],
    )


cdef object _settle64(object cs, object fs, object hs, object low, object dead):
    """``settle`` in 64 bits (``ValueError`` beyond)."""
    cdef int64_t buf[POTS_MAX_SEATS]
    cdef int64_t hv[POTS_MAX_SEATS]
    cdef int64_t lv[POTS_MAX_SEATS]
    cdef int64_t out[POTS_MAX_SEATS]
    cdef int64_t amounts[POTS_MAX_SEATS + 1]
    cdef uint64_t eligible[POTS_MAX_SEATS + 1]
    cdef int64_t shares[POTS_MAX_SEATS * POTS_MAX_SEATS]
    cdef int64_t back[POTS_MAX_SEATS]
    cdef uint64_t fmask = 0
    cdef int64_t dv = 0
    cdef int us, m, k
    cdef int64_t unmatched
    cdef Py_ssize_t n = _read_input(cs, fs, hs, low, dead, buf, &dv, &fmask, hv, lv)
    unmatched = uncalled_k(buf, <int>n, &us)
    m = side_pots_k(buf, fmask, <int>n, amounts, eligible, back)
    m = add_dead_k(dv, fmask, <int>n, m, amounts, eligible)
    award_k(buf, fmask, <int>n, hv, NULL if low is None else lv, out, shares, dv)
    payouts = _int_list(out, n)
    return Settlement(
        [Pot(amounts[k], _seat_tuple(eligible[k])) for k in range(m)],
        None if us < 0 else (us, unmatched),
        _int_list(back, n),
        payouts,
        [_int_list(&shares[k * n], n) for k in range(m)],
        [payouts[k] - buf[k] for k in range(n)],
    )
