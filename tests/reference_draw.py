"""Slow, obviously-correct twins of the draw-game and short-deck evaluators.

Written from docs/rules.md §2.6, with no lookup table and nothing from
``croupier`` or another poker library: a hand is classified by counting its
ranks and suits, and the best hand of more cards is the best of its subsets
(``itertools``).  Cards are the codes of docs/rules.md §1: ``4 * rank + suit``,
rank 0 = deuce ... 12 = ace.

Keys and dense values
---------------------
Each twin gives a *key*, a tuple where a larger key is a better hand; a dense
value is 1 + the number of distinct keys (of the game's hands) below it, the
numbering croupier's evaluators use.

* Deuce-to-seven: ``d27_key5`` is the *badness* of five cards (a high-hand
  key with the ace high only, so A-2-3-4-5 is ace-high); the best low is the
  smallest, so the key of a hand is the badness negated.
* Badugi: ``(number of cards, the cards' ace-low ranks negated, highest first)``.
* Short deck: ``(category strength, ranks...)`` for the 36-card deck.

Vectorised use
--------------
Five cards are identified, for every kind here, by their sorted ranks and
whether they share one suit (the rules look at nothing else), so the tables
of ``five_card_table`` hold the twin's value for each (ranks, flush) a hand
can have, filled by calling the twin once per rank multiset.  Looking a batch
up in them is the same as calling the twin on each hand.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import numpy as np

# Categories, numbered as croupier.hands.Category (weakest first in high poker).
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
CATEGORIES = range(9)
ACE = 12
SIX = 4  # rank code of the six, the lowest rank of the short deck
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"

N_D27 = 7462
N_BADUGI = 1092
N_SHORT = 1404


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def cards(text: str) -> list[int]:
    """Codes of space-separated cards, e.g. ``cards("As Kd 2c")`` (independent of croupier)."""
    return [4 * RANK_CHARS.index(t[0]) + SUIT_CHARS.index(t[1]) for t in text.split()]


def _grouped(ranks: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, group ranks): the biggest group first, ties by the higher rank."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(c for _, c in groups), tuple(r for r, _ in groups)


_SHAPES = {
    (4, 1): QUADS,
    (3, 2): FULL_HOUSE,
    (3, 1, 1): TRIPS,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): PAIR,
    (1, 1, 1, 1, 1): HIGH_CARD,
}


# ----------------------------------------------------------------------------
# Deuce-to-seven low
# ----------------------------------------------------------------------------

# How bad each category is for a deuce-to-seven low: the high-hand order.
D27_BADNESS = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH)


@functools.cache
def d27_class(ranks: tuple[int, ...], is_flush: bool) -> tuple[int, ...]:
    """(category, ranks that decide, from the top) of five cards; the ace is high only.

    A straight is five consecutive ranks with the ace above the king only:
    A-2-3-4-5 is not one (it is ace-high, or an ace-high flush when suited).
    """
    sizes, order = _grouped(ranks)
    straight = sizes == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight and is_flush:
        return (STRAIGHT_FLUSH, max(ranks))
    if straight:
        return (STRAIGHT, max(ranks))
    if is_flush:
        return (FLUSH, *order)
    return (_SHAPES[sizes], *order)


def d27_badness(ranks: tuple[int, ...], is_flush: bool) -> tuple[int, ...]:
    """Larger is a worse low: the category's badness, then the ranks from the top."""
    cls = d27_class(ranks, is_flush)
    return (D27_BADNESS.index(cls[0]), *cls[1:])


def d27_key5(hand: Sequence[int]) -> tuple[int, ...]:
    """Key (larger is better) of five cards."""
    assert len(hand) == 5 and len(set(hand)) == 5
    ranks = tuple(sorted(rank(c) for c in hand))
    return tuple(-x for x in d27_badness(ranks, len({suit(c) for c in hand}) == 1))


def d27_key(hand: Sequence[int]) -> tuple[int, ...]:
    """Best key of the five-card subsets of 5..7 cards."""
    return max(d27_key5(five) for five in itertools.combinations(hand, 5))


def d27_category(hand: Sequence[int]) -> int:
    """Category of five cards as a deuce-to-seven hand."""
    ranks = tuple(sorted(rank(c) for c in hand))
    return d27_class(ranks, len({suit(c) for c in hand}) == 1)[0]


# ----------------------------------------------------------------------------
# Badugi
# ----------------------------------------------------------------------------


def low_rank(r: int) -> int:
    """Ace-low rank: ace 1, deuce 2, ..., king 13."""
    return 1 if r == ACE else r + 2


def badugi_key(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(size, ace-low ranks negated from the highest) of the best badugi in ``hand``.

    Every subset whose cards have different suits and different ranks is a
    candidate; more cards win, then the lower highest card, and so on.
    """
    assert len(set(hand)) == len(hand)
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(len(hand), 0, -1):
        for sub in itertools.combinations(hand, size):
            if len({suit(c) for c in sub}) == size and len({rank(c) for c in sub}) == size:
                lows = sorted((low_rank(rank(c)) for c in sub), reverse=True)
                key = (size, tuple(-x for x in lows))
                best = key if best is None or key > best else best
        if best is not None:
            return best
    raise AssertionError("a single card is always a badugi hand")


@functools.cache
def sorted_badugi_keys() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every badugi key of one to four cards (any set of distinct ranks), weakest first."""
    keys = [
        (size, tuple(-x for x in sorted(ranks, reverse=True)))
        for size in range(1, 5)
        for ranks in itertools.combinations(range(1, 14), size)
    ]
    return tuple(sorted(keys))


@functools.cache
def _badugi_dense() -> dict[tuple[int, tuple[int, ...]], int]:
    return {k: i + 1 for i, k in enumerate(sorted_badugi_keys())}


def badugi_dense(key: tuple[int, tuple[int, ...]]) -> int:
    return _badugi_dense()[key]


def ref_badugi(hand: Sequence[int]) -> int:
    return badugi_dense(badugi_key(hand))


def canonical_suits(hand: Sequence[int]) -> tuple[int, ...]:
    """The hand with its suits renamed in order of first appearance (cards sorted first).

    The rules never name a suit, so a hand and its renamed copy have the same
    key: used to cache the twin over all 270,725 four-card hands.
    """
    names: dict[int, int] = {}
    out = []
    for c in sorted(hand):
        out.append(4 * rank(c) + names.setdefault(suit(c), len(names)))
    return tuple(sorted(out))


@functools.cache
def _badugi_canonical(hand: tuple[int, ...]) -> int:
    return ref_badugi(hand)


def ref_badugi_cached(hand: Sequence[int]) -> int:
    return _badugi_canonical(canonical_suits(hand))


# ----------------------------------------------------------------------------
# Short-deck high (36 cards, six to ace)
# ----------------------------------------------------------------------------

# Category strength, weakest first: a flush beats a full house; with the
# option, three of a kind beats a straight.
SHORT_ORDER = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH)
SHORT_ORDER_TRIPS = (
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    STRAIGHT,
    TRIPS,
    FULL_HOUSE,
    FLUSH,
    QUADS,
    STRAIGHT_FLUSH,
)


def _short_straight_top(ranks: tuple[int, ...]) -> int | None:
    """Top rank of five distinct short-deck ranks forming a straight, else None.

    A-6-7-8-9 is the lowest straight, nine high: the ace plays low below the six.
    """
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    if s[4] - s[0] == 4:
        return s[4]
    if s == [SIX, SIX + 1, SIX + 2, SIX + 3, ACE]:
        return SIX + 3
    return None


@functools.cache
def short_class(ranks: tuple[int, ...], is_flush: bool) -> tuple[int, ...]:
    """(category, deciding ranks) of five short-deck cards."""
    assert min(ranks) >= SIX
    top = _short_straight_top(ranks)
    if top is not None:
        return (STRAIGHT_FLUSH if is_flush else STRAIGHT, top)
    sizes, order = _grouped(ranks)
    if is_flush:
        return (FLUSH, *order)
    return (_SHAPES[sizes], *order)


def short_key_ranks(
    ranks: tuple[int, ...], is_flush: bool, trips_beat_straight: bool = False
) -> tuple[int, ...]:
    order = SHORT_ORDER_TRIPS if trips_beat_straight else SHORT_ORDER
    cls = short_class(ranks, is_flush)
    return (order.index(cls[0]), *cls[1:])


def short_key5(hand: Sequence[int], trips_beat_straight: bool = False) -> tuple[int, ...]:
    assert len(hand) == 5 and len(set(hand)) == 5
    ranks = tuple(sorted(rank(c) for c in hand))
    return short_key_ranks(ranks, len({suit(c) for c in hand}) == 1, trips_beat_straight)


def short_key(hand: Sequence[int], trips_beat_straight: bool = False) -> tuple[int, ...]:
    """Best short-deck key of the five-card subsets of 5..7 cards."""
    return max(short_key5(f, trips_beat_straight) for f in itertools.combinations(hand, 5))


def short_category(hand: Sequence[int]) -> int:
    ranks = tuple(sorted(rank(c) for c in hand))
    return short_class(ranks, len({suit(c) for c in hand}) == 1)[0]


# ----------------------------------------------------------------------------
# Dense values of five-card classes
# ----------------------------------------------------------------------------


def rank_multisets(ranks: Sequence[int], size: int = 5) -> list[tuple[int, ...]]:
    """Sorted rank tuples of ``size`` cards of a deck with these ranks (at most four of each)."""
    return [
        m
        for m in itertools.combinations_with_replacement(ranks, size)
        if max(Counter(m).values()) <= 4
    ]


KeyOfRanks = Callable[[tuple[int, ...], bool], tuple[int, ...]]


def _key_fn(kind: str) -> tuple[KeyOfRanks, range]:
    if kind == "deuce_to_seven":
        return (lambda m, f: tuple(-x for x in d27_badness(m, f))), range(13)
    if kind == "short_deck":
        return (lambda m, f: short_key_ranks(m, f)), range(SIX, 13)
    if kind == "short_deck_trips":
        return (lambda m, f: short_key_ranks(m, f, True)), range(SIX, 13)
    raise ValueError(kind)


@functools.cache
def sorted_keys(kind: str) -> tuple[tuple[int, ...], ...]:
    """Every distinct five-card key of ``kind``, weakest first."""
    key, ranks = _key_fn(kind)
    keys = set()
    for m in rank_multisets(ranks):
        keys.add(key(m, False))
        if len(set(m)) == 5:
            keys.add(key(m, True))
    return tuple(sorted(keys))


@functools.cache
def _dense(kind: str) -> dict[tuple[int, ...], int]:
    return {k: i + 1 for i, k in enumerate(sorted_keys(kind))}


def dense(kind: str, key: tuple[int, ...]) -> int:
    """1 + the number of distinct five-card keys of ``kind`` below ``key``."""
    return _dense(kind)[key]


def ref_d27(hand: Sequence[int]) -> int:
    return dense("deuce_to_seven", d27_key(hand))


def ref_short(hand: Sequence[int], trips_beat_straight: bool = False) -> int:
    kind = "short_deck_trips" if trips_beat_straight else "short_deck"
    return dense(kind, short_key(hand, trips_beat_straight))


# ----------------------------------------------------------------------------
# Vectorised look-ups (numpy)
# ----------------------------------------------------------------------------

SIG_WEIGHTS = np.array([13**4, 13**3, 13**2, 13, 1], dtype=np.int64)


@functools.cache
def five_card_table(kind: str) -> np.ndarray:
    """The twin's dense value indexed by ``2 * SIG + flush`` (SIG: sorted ranks in base 13).

    Entries no hand can have hold 0xFFFF, which no value equals.
    """
    key, ranks = _key_fn(kind)
    table = np.full(2 * 13**5, 0xFFFF, dtype=np.uint16)
    for m in rank_multisets(ranks):
        sig = int(np.dot(m, SIG_WEIGHTS))
        table[2 * sig] = dense(kind, key(m, False))
        if len(set(m)) == 5:
            table[2 * sig + 1] = dense(kind, key(m, True))
    return table


def five_card_values(kind: str, hands: np.ndarray, sorted_rows: bool = False) -> np.ndarray:
    """The twin's dense values of an ``(n, 5)`` array of distinct card codes.

    With ``sorted_rows`` the caller promises increasing codes in every row
    (so increasing ranks), which saves a sort.
    """
    hands = np.asarray(hands, dtype=np.int32)
    if not sorted_rows:
        hands = np.sort(hands, axis=1)
    sig = (hands >> 2) @ SIG_WEIGHTS.astype(np.int32)
    suits = hands & 3
    flush = np.all(suits == suits[:, :1], axis=1)
    out: np.ndarray = five_card_table(kind)[2 * sig + flush]
    return out


def best_of_fives(kind: str, hands: np.ndarray, sorted_rows: bool = False) -> np.ndarray:
    """The twin's dense value of the best five of each row of an ``(n, k)`` array."""
    hands = np.asarray(hands)
    if not sorted_rows:
        hands = np.sort(hands, axis=1)
    best = np.zeros(len(hands), dtype=np.uint16)
    for idx in itertools.combinations(range(hands.shape[1]), 5):
        values = five_card_values(kind, hands[:, list(idx)], sorted_rows=True)
        np.maximum(best, values, out=best)
    return best


def combinations_of(deck: Sequence[int], k: int) -> np.ndarray:
    """Every ``k``-subset of ``deck`` as rows of a ``(comb(len(deck), k), k)`` uint8 array."""
    rows = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(deck, k)),
        dtype=np.uint8,
        count=math.comb(len(deck), k) * k,
    )
    return rows.reshape(-1, k)


SHORT_DECK = tuple(range(4 * SIX, 52))


def random_hands(rng: np.random.Generator, n: int, k: int, deck: Sequence[int]) -> np.ndarray:
    """``n`` rows of ``k`` distinct cards of ``deck`` (uniform), as int64."""
    order = np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]
    out: np.ndarray = np.asarray(deck, dtype=np.int64)[order]
    return out
