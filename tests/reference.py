"""Slow, obviously-correct reference hand evaluators, written from docs/rules.md §2.

Nothing here uses lookup tables or code from ``croupier`` or any other poker
library: a five-card hand is classified by counting its ranks, and the best
hand of more cards is the best of its five-card subsets (``itertools``).

Cards are the integer codes of docs/rules.md §1.1: ``code = 4 * rank + suit``,
rank 0 = deuce ... 12 = ace, suit 0..3 = c, d, h, s.

Keys
----
* ``high_key5`` gives a tuple ``(category, ranks...)``; a larger tuple is a
  stronger hand.
* ``a5_key5`` (ace-to-five) and ``low8_key5`` (eight-or-better) give a tuple
  where a *smaller* tuple is the better low; ``low8_key5`` gives ``None`` for
  a hand that does not qualify.

Dense values
------------
croupier reports dense values where larger is better.  They are defined here
from the keys alone: the dense high value of a key is 1 + the number of
distinct five-card high keys below it, the dense ace-to-five value is 1 + the
number of distinct five-card ace-to-five keys worse than it, and the dense
eight-or-better value is 1 + the number of qualifying keys worse than it
(0 = no low).

Memoisation
-----------
The five-card key functions depend only on the multiset of ranks and on
whether all five cards share one suit (docs/rules.md §2 mentions no other
property of a card's suit), so the cached functions are keyed by
``(sorted ranks, is_flush)``; that gives exactly the same answer as classifying
every card combination from scratch.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

# Categories of a high hand, weakest first (docs/rules.md §2.1).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Pairing classes of a low, best first: no pair < pair < two pair < trips < full house < quads.
LOW_NO_PAIR, LOW_PAIR, LOW_TWO_PAIR, LOW_TRIPS, LOW_FULL_HOUSE, LOW_QUADS = range(6)
# The high category with the same name as each pairing class (croupier.hands.Category numbers).
LOW_CLASS_AS_CATEGORY = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS)

ACE = 12
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

N_HIGH = 7462
N_A5 = 6175
N_LOW8 = 56


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def card(text: str) -> int:
    """The code of one card written like ``"As"`` (independent of croupier.cards)."""
    return 4 * RANK_CHARS.index(text[0]) + SUIT_CHARS.index(text[1])


def cards(text: str) -> list[int]:
    """Codes of space-separated cards, e.g. ``cards("As Kd 2c")``."""
    return [card(t) for t in text.split()]


def low_rank(r: int) -> int:
    """Rank for lows: ace 1, deuce 2, ..., king 13 (aces are always low)."""
    return 1 if r == ACE else r + 2


# ----------------------------------------------------------------------------
# High
# ----------------------------------------------------------------------------


def _grouped(values: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, group values): biggest group first, ties by larger value first."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    return tuple(c for _, c in groups), tuple(v for v, _ in groups)


def _straight_top(ranks: Sequence[int]) -> int | None:
    """Top rank of five distinct ranks forming a straight (the wheel is five high), else None."""
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    if s[4] - s[0] == 4:
        return s[4]
    if s == [0, 1, 2, 3, ACE]:  # A-2-3-4-5: the ace plays low
        return 3
    return None


@functools.cache
def high_key_ranks(ranks: tuple[int, ...], is_flush: bool) -> tuple[int, ...]:
    """High key of five cards given their sorted ranks and whether they share a suit."""
    assert len(ranks) == 5
    top = _straight_top(ranks)
    if is_flush and top is not None:
        return (STRAIGHT_FLUSH, top)
    sizes, order = _grouped(ranks)
    if sizes == (4, 1):
        return (QUADS, *order)
    if sizes == (3, 2):
        return (FULL_HOUSE, *order)
    if is_flush:
        return (FLUSH, *order)
    if top is not None:
        return (STRAIGHT, top)
    if sizes == (3, 1, 1):
        return (TRIPS, *order)
    if sizes == (2, 2, 1):
        return (TWO_PAIR, *order)
    if sizes == (2, 1, 1, 1):
        return (PAIR, *order)
    assert sizes == (1, 1, 1, 1, 1)
    return (HIGH_CARD, *order)


def high_key5(hand: Sequence[int]) -> tuple[int, ...]:
    assert len(hand) == 5 and len(set(hand)) == 5
    ranks = tuple(sorted(rank(c) for c in hand))
    return high_key_ranks(ranks, len({suit(c) for c in hand}) == 1)


def high_key(hand: Sequence[int]) -> tuple[int, ...]:
    """Best high key of the five-card subsets of 5..7 cards."""
    return max(high_key5(five) for five in itertools.combinations(hand, 5))


# ----------------------------------------------------------------------------
# Ace-to-five low (Razz)
# ----------------------------------------------------------------------------


@functools.cache
def a5_key_ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Ace-to-five key (smaller is better) of five cards given their ranks.

    (pairing class, then the ranks that matter from the top: the largest group
    first, e.g. the pair, then the kickers, highest first); aces count 1.
    Suits never matter: straights and flushes do not count.
    """
    sizes, order = _grouped(low_rank(r) for r in ranks)
    klass = {
        (1, 1, 1, 1, 1): LOW_NO_PAIR,
        (2, 1, 1, 1): LOW_PAIR,
        (2, 2, 1): LOW_TWO_PAIR,
        (3, 1, 1): LOW_TRIPS,
        (3, 2): LOW_FULL_HOUSE,
        (4, 1): LOW_QUADS,
    }[sizes]
    return (klass, *order)


def a5_key5(hand: Sequence[int]) -> tuple[int, ...]:
    assert len(hand) == 5 and len(set(hand)) == 5
    return a5_key_ranks(tuple(sorted(rank(c) for c in hand)))


def a5_key(hand: Sequence[int]) -> tuple[int, ...]:
    """Best (smallest) ace-to-five key of the five-card subsets of 5..7 cards."""
    return min(a5_key5(five) for five in itertools.combinations(hand, 5))


def a5_best_five(hand: Sequence[int]) -> list[int]:
    """Low ranks (ace 1) of the best ace-to-five five, in key order (as a person reads it)."""
    key = a5_key(hand)
    five = next(f for f in itertools.combinations(hand, 5) if a5_key5(f) == key)
    sizes, order = _grouped(low_rank(rank(c)) for c in five)
    return [v for v, n in zip(order, sizes, strict=True) for _ in range(n)]


# ----------------------------------------------------------------------------
# Eight-or-better low
# ----------------------------------------------------------------------------


@functools.cache
def low8_key_ranks(ranks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Eight-or-better key (smaller is better) of five ranks, or None: five distinct, each <= 8."""
    lows = sorted((low_rank(r) for r in ranks), reverse=True)
    if len(set(lows)) != 5 or lows[0] > 8:
        return None
    return tuple(lows)


def low8_key5(hand: Sequence[int]) -> tuple[int, ...] | None:
    assert len(hand) == 5 and len(set(hand)) == 5
    return low8_key_ranks(tuple(sorted(rank(c) for c in hand)))


def _best_low8(keys: Iterable[tuple[int, ...] | None]) -> tuple[int, ...] | None:
    qualifying = [k for k in keys if k is not None]
    return min(qualifying) if qualifying else None


def low8_key(hand: Sequence[int]) -> tuple[int, ...] | None:
    return _best_low8(low8_key5(five) for five in itertools.combinations(hand, 5))


# ----------------------------------------------------------------------------
# Omaha-style 2 + 3
# ----------------------------------------------------------------------------


def omaha_fives(hole: Sequence[int], board: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every hand of exactly two hole cards and exactly three board cards."""
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            yield two + three


def omaha_high_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    return max(high_key5(f) for f in omaha_fives(hole, board))


def omaha_low8_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    return _best_low8(low8_key5(f) for f in omaha_fives(hole, board))


# ----------------------------------------------------------------------------
# Dense values
# ----------------------------------------------------------------------------


def five_card_rank_multisets() -> list[tuple[int, ...]]:
    """Sorted rank tuples of every five-card hand of a 52-card deck (at most four per rank)."""
    return [
        m
        for m in itertools.combinations_with_replacement(range(13), 5)
        if max(Counter(m).values()) <= 4
    ]


@functools.cache
def sorted_high_keys() -> tuple[tuple[int, ...], ...]:
    """Every distinct five-card high key, weakest first.

    Every five-card hand has one of these rank multisets, and is a flush or not;
    a flush needs five distinct ranks.  So this enumerates every hand's key.
    """
    keys = set()
    for m in five_card_rank_multisets():
        keys.add(high_key_ranks(m, False))
        if len(set(m)) == 5:
            keys.add(high_key_ranks(m, True))
    return tuple(sorted(keys))


@functools.cache
def _high_dense() -> dict[tuple[int, ...], int]:
    return {k: i + 1 for i, k in enumerate(sorted_high_keys())}


def high_dense(key: tuple[int, ...]) -> int:
    """1 + the number of distinct five-card high keys below ``key``."""
    return _high_dense()[key]


@functools.cache
def sorted_a5_keys() -> tuple[tuple[int, ...], ...]:
    """Every distinct five-card ace-to-five key, best (smallest) first."""
    return tuple(sorted({a5_key_ranks(m) for m in five_card_rank_multisets()}))


@functools.cache
def _a5_dense() -> dict[tuple[int, ...], int]:
    keys = sorted_a5_keys()
    return {k: len(keys) - i for i, k in enumerate(keys)}


def a5_dense(key: tuple[int, ...]) -> int:
    """1 + the number of distinct five-card ace-to-five keys worse than ``key``."""
    return _a5_dense()[key]


@functools.cache
def sorted_low8_keys() -> tuple[tuple[int, ...], ...]:
    """Every qualifying eight-or-better key, best first."""
    keys = {low8_key_ranks(m) for m in five_card_rank_multisets()}
    return tuple(sorted(k for k in keys if k is not None))


@functools.cache
def _low8_dense() -> dict[tuple[int, ...], int]:
    keys = sorted_low8_keys()
    return {k: len(keys) - i for i, k in enumerate(keys)}


def low8_dense(key: tuple[int, ...] | None) -> int:
    """0 for no low, else 1 + the number of qualifying keys worse than ``key``."""
    return 0 if key is None else _low8_dense()[key]


# Dense reference values of hands, computed the slow way.
def ref_high(hand: Sequence[int]) -> int:
    return high_dense(high_key(hand))


def ref_a5(hand: Sequence[int]) -> int:
    return a5_dense(a5_key(hand))


def ref_low8(hand: Sequence[int]) -> int:
    return low8_dense(low8_key(hand))


def ref_omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    return high_dense(omaha_high_key(hole, board))


def ref_omaha_low8(hole: Sequence[int], board: Sequence[int]) -> int:
    return low8_dense(omaha_low8_key(hole, board))


def high_category_of_value(value: int) -> int:
    """Reference category of a dense high value."""
    return sorted_high_keys()[value - 1][0]


def a5_class_of_value(value: int) -> int:
    """Reference pairing class (LOW_NO_PAIR..LOW_QUADS) of a dense ace-to-five value."""
    keys = sorted_a5_keys()
    return keys[len(keys) - value][0]


# ----------------------------------------------------------------------------
# Vectorised use of the reference (numpy)
# ----------------------------------------------------------------------------
#
# A five-card hand given by its codes is identified, for every kind of value,
# by its sorted rank tuple and its flush flag (see "Memoisation" above).  The
# sorted ranks (r0 <= ... <= r4) are packed in base 13 into SIG in
# 0..13**5 - 1; the tables below hold the reference dense value for each
# (SIG, flush) that a real hand can have, filled by calling the reference
# functions above once per rank multiset.  Looking up a batch of hands in them
# is the same as calling the reference on each hand.

SIG_SIZE = 13**5
SIG_WEIGHTS = np.array([13**4, 13**3, 13**2, 13, 1], dtype=np.int32)


@functools.cache
def five_card_tables() -> dict[str, np.ndarray]:
    """Reference dense values indexed by ``2 * SIG + flush`` (high) or ``SIG`` (lows).

    Entries for impossible rank tuples hold a sentinel that no value can equal
    (0xFFFF for ``high`` and ``a5``, 0xFF for ``low8``).
    """
    high = np.full(2 * SIG_SIZE, 0xFFFF, dtype=np.uint16)
    a5 = np.full(SIG_SIZE, 0xFFFF, dtype=np.uint16)
    low8 = np.full(SIG_SIZE, 0xFF, dtype=np.uint8)
    for m in five_card_rank_multisets():
        sig = sum(r * int(w) for r, w in zip(m, SIG_WEIGHTS, strict=True))
        high[2 * sig] = high_dense(high_key_ranks(m, False))
        if len(set(m)) == 5:
            high[2 * sig + 1] = high_dense(high_key_ranks(m, True))
        a5[sig] = a5_dense(a5_key_ranks(m))
        low8[sig] = low8_dense(low8_key_ranks(m))
    return {"high": high, "a5": a5, "low8": low8}


def five_card_values(hands: np.ndarray, sorted_rows: bool = False) -> dict[str, np.ndarray]:
    """Reference dense values of an ``(n, 5)`` array of distinct card codes.

    With ``sorted_rows`` the caller promises each row is in increasing code
    order (so also in increasing rank order), which saves a sort.
    """
    hands = np.asarray(hands)
    if not sorted_rows:
        hands = np.sort(hands, axis=1)
    hands = hands.astype(np.int32)
    ranks = hands >> 2
    suits = hands & 3
    sig = ranks @ SIG_WEIGHTS
    flush = np.all(suits == suits[:, :1], axis=1)
    t = five_card_tables()
    return {"high": t["high"][2 * sig + flush], "a5": t["a5"][sig], "low8": t["low8"][sig]}


def best_of_subsets(hands: np.ndarray) -> dict[str, np.ndarray]:
    """Reference dense values (best five) of an ``(n, k)`` array, k in 5..7, vectorised."""
    hands = np.sort(np.asarray(hands), axis=1)
    n, k = hands.shape
    best = {
        "high": np.zeros(n, dtype=np.uint16),
        "a5": np.zeros(n, dtype=np.uint16),
        "low8": np.zeros(n, dtype=np.uint8),
    }
    for idx in itertools.combinations(range(k), 5):
        vals = five_card_values(hands[:, list(idx)], sorted_rows=True)
        for name in best:
            np.maximum(best[name], vals[name], out=best[name])
    return best


def omaha_best(hole: np.ndarray, board: np.ndarray) -> dict[str, np.ndarray]:
    """Reference Omaha high and eight-or-better low of ``(n, h)`` hole and ``(n, b)`` board arrays.

    The maximum, over every pair of hole columns and triple of board columns,
    of the reference value of those five cards (larger dense value = better).
    """
    hole = np.asarray(hole)
    board = np.asarray(board)
    n = hole.shape[0]
    best_high = np.zeros(n, dtype=np.uint16)
    best_low = np.zeros(n, dtype=np.uint8)
    for two in itertools.combinations(range(hole.shape[1]), 2):
        for three in itertools.combinations(range(board.shape[1]), 3):
            five = np.concatenate((hole[:, list(two)], board[:, list(three)]), axis=1)
            vals = five_card_values(five)
            np.maximum(best_high, vals["high"], out=best_high)
            np.maximum(best_low, vals["low8"], out=best_low)
    return {"high": best_high, "low8": best_low}


def random_deals(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct card codes each (uniform random deals), as int64."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k]


def colex_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of ``range(n)`` as a ``(comb(n, k), k)`` uint8 array, rows increasing.

    Rows are in colex order (ordered by the largest element, then the next...),
    so the first ``comb(m, k)`` rows are exactly the k-subsets of ``range(m)``.
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    prev = colex_combinations(n - 1, k - 1)
    parts = []
    for top in range(k - 1, n):
        head = prev[: math.comb(top, k - 1)]
        parts.append(np.column_stack((head, np.full(len(head), top, dtype=np.uint8))))
    return np.concatenate(parts).astype(np.uint8)
