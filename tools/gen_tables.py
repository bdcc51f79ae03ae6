"""Generate the lookup tables of croupier's hand-evaluation kernels.

Run by CMake at build time: ``python tools/gen_tables.py OUT.h``. It writes a C
header of ``static const`` arrays that ``src/croupier/_eval.pxd`` includes.

How the high evaluator works (in the style of OMPEval, with our own constants):

* Every card has a 64-bit key.  The low 32 bits are a *rank multiplier*
  ``RANK_MULT[rank]``; bits 32..47 hold one 4-bit counter per suit.
  Summing the keys of up to seven cards gives, in one addition per card, a
  number that identifies the multiset of ranks (the multipliers were chosen by
  a greedy search so that every multiset of at most seven cards, at most four
  of a rank, has a distinct sum; ``check_rank_multipliers`` proves it) and the
  number of cards of each suit.
* Flush: the sum starts with 3 in every suit counter, so a counter reaches 8
  (bit 3 set) exactly when a suit has five or more cards.  The rank bits of
  that suit index ``FLUSH`` (8,192 entries).
* Otherwise the rank sum goes through a displacement perfect hash
  ``(key & HASH_MASK) + HASH_OFFSETS[key >> HASH_SHIFT]`` into ``HIGH`` (and,
  for the same rank multiset, ``LOW_A5``).

Values are dense ranks: ``high`` 1..7462 (7462 = royal flush), ``ace-to-five``
1..6175 (6175 = 5-4-3-2-A), eight-or-better 0 (no low) or 1..56.

The draw games and short deck (docs/rules.md §2.6):

* Deuce-to-seven (1..7462, 7462 = 7-5-4-3-2): ``D27[high value]``, since a
  five-card high value fixes the hand's class (only the wheel changes class).
* Badugi (1..1092): ``BADUGI_CODE`` gives each card a suit bit and an ace-low
  rank bit; ``BADUGI`` numbers the masks of one to four ranks.
* Short deck (1..1404): ``SHORT_KEY`` as ``CARD_KEY`` for the nine ranks six to
  ace (zero for the cards below six), a perfect hash of its own (~10k rank
  multisets of 5..7 cards) and ``SHORT_FLUSH`` on nine rank bits.

Nothing here is performance critical; it favours plain code.  It needs numpy
only for the perfect-hash placement.
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np


def _load_ranking() -> ModuleType:
    """croupier's one definition of categories and ranks (src/croupier/_ranking.py).

    Loaded by its path: croupier itself is not built yet when this runs.
    """
    path = Path(__file__).resolve().parents[1] / "src" / "croupier" / "_ranking.py"
    spec = importlib.util.spec_from_file_location("croupier_ranking", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_ranking = _load_ranking()
Category = _ranking.Category
low_rank = _ranking.low_rank

# Found by a greedy search (smallest multiplier, rank by rank, that keeps every
# multiset of <= 7 cards with <= 4 per rank distinct).  Verified below.
RANK_MULT = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
HASH_SHIFT = 10
SUIT_SHIFT = 32
SUIT_BIAS = 0x3333 << SUIT_SHIFT
FLUSH_BITS = 0x8888 << SUIT_SHIFT

# Categories, weakest first (croupier.hands.Category).
HIGH_CARD = Category.HIGH_CARD
PAIR = Category.PAIR
TWO_PAIR = Category.TWO_PAIR
TRIPS = Category.THREE_OF_A_KIND
STRAIGHT = Category.STRAIGHT
FLUSH = Category.FLUSH
FULL_HOUSE = Category.FULL_HOUSE
QUADS = Category.FOUR_OF_A_KIND
STRAIGHT_FLUSH = Category.STRAIGHT_FLUSH

Ranks = tuple[int, ...]


def straight_top(distinct: Iterable[int]) -> int:
    """Top rank (code) of the best straight in a set of rank codes, or -1."""
    present = set(distinct)
    for top in range(12, 3, -1):
        if all(top - i in present for i in range(5)):
            return top
    if {12, 0, 1, 2, 3} <= present:
        return 3  # the wheel: five high
    return -1


def high_class(
    ranks: Ranks, flush: bool, straight: Callable[[Ranks], int] = straight_top
) -> tuple[int, ...]:
    """Comparable (category, significant ranks...) of one five-card hand; ``straight``
    gives a straight's top rank (-1: none), the one rule short-deck changes."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = tuple(c for _, c in groups)
    top = straight(ranks) if len(counts) == 5 else -1
    if flush:
        return (STRAIGHT_FLUSH, top) if top >= 0 else (FLUSH, *order)
    if top >= 0:
        return (STRAIGHT, top)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[shape]
    return (category, *order)


def a5_badness(ranks: Ranks) -> tuple[int, ...]:
    """Comparable badness of a five-card ace-to-five low (smaller is better)."""
    lows = [low_rank(r) for r in ranks]
    counts = {r: lows.count(r) for r in set(lows)}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    klass = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)].index(shape)
    return (klass, *(r for r, _ in groups))


def five_card_rank_multisets() -> list[Ranks]:
    return [
        m
        for m in itertools.combinations_with_replacement(range(13), 5)
        if max(m.count(r) for r in set(m)) <= 4
    ]


def rank_multisets(sizes: Sequence[int]) -> list[Ranks]:
    """All multisets of rank codes of the given sizes, at most four per rank."""
    out: list[Ranks] = []
    for n in sizes:
        for m in itertools.combinations_with_replacement(range(13), n):
            if all(m.count(r) <= 4 for r in set(m)):
                out.append(m)
    return out


def check_rank_multipliers() -> None:
    sums = [sum(RANK_MULT[r] for r in m) for m in rank_multisets(range(8))]
    if len(set(sums)) != len(sums):
        raise SystemExit("RANK_MULT does not separate all multisets of <= 7 cards")


def high_values() -> tuple[dict[tuple[int, ...], int], list[tuple[int, ...]]]:
    """Dense value (1..7462) of every five-card class, and the classes in order."""
    classes = {high_class(m, False) for m in five_card_rank_multisets()}
    classes |= {high_class(m, True) for m in itertools.combinations(range(13), 5)}
    ordered = sorted(classes)
    assert len(ordered) == 7462, len(ordered)
    return {c: i + 1 for i, c in enumerate(ordered)}, ordered


def a5_values() -> tuple[dict[Ranks, int], list[tuple[int, ...]]]:
    """Dense ace-to-five value (1..6175, larger better) of each 5-card multiset."""
    fives = five_card_rank_multisets()
    ordered = sorted({a5_badness(m) for m in fives}, reverse=True)
    assert len(ordered) == 6175
    index = {b: i + 1 for i, b in enumerate(ordered)}
    return {m: index[a5_badness(m)] for m in fives}, ordered


def eight_low_table() -> tuple[list[int], list[tuple[int, ...]]]:
    """LOW8[mask]: mask bit i set when a card of low rank i+1 (ace=1..8) is held."""
    subsets = sorted(
        (tuple(sorted(s, reverse=True)) for s in itertools.combinations(range(1, 9), 5)),
        reverse=True,
    )
    value = {s: i + 1 for i, s in enumerate(subsets)}  # 56 = 5-4-3-2-A
    table = []
    for mask in range(256):
        held = [i + 1 for i in range(8) if mask >> i & 1]
        table.append(value[tuple(sorted(held[:5], reverse=True))] if len(held) >= 5 else 0)
    return table, subsets


def lowest_three(mask: int) -> int:
    """The three lowest set bits of an 8-bit mask, or 0 when it has fewer than three."""
    bits = [1 << i for i in range(8) if mask >> i & 1]
    return sum(bits[:3]) if len(bits) >= 3 else 0


def flush_table(hv: dict[tuple[int, ...], int]) -> list[int]:
    table = [0] * 8192
    for mask in range(8192):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) < 5:
            continue
        top = straight_top(ranks)
        cls = (STRAIGHT_FLUSH, top) if top >= 0 else (FLUSH, *sorted(ranks, reverse=True)[:5])
        table[mask] = hv[cls]
    return table


def best_of_fives(m: Ranks, five_value: dict[Ranks, int]) -> int:
    return max(five_value[sub] for sub in set(itertools.combinations(m, 5)))


def perfect_hash(keys: np.ndarray, shift: int = HASH_SHIFT) -> tuple[np.ndarray, np.ndarray]:
    """Displacement perfect hash: slot = (key & mask) + offsets[key >> shift]."""
    width = 1 << shift
    order = np.argsort(keys, kind="stable")
    keys = keys[order]
    row = keys >> shift
    col = keys & (width - 1)
    nrows = int(row.max()) + 1
    counts = np.bincount(row, minlength=nrows)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    space = 1 << 20
    used = np.zeros(space + width, dtype=bool)
    offsets = np.zeros(nrows, dtype=np.int64)
    for r in np.argsort(-counts, kind="stable"):
        k = counts[r]
        if k == 0:
            break
        cols = col[starts[r] : starts[r] + k]
        blocked = np.zeros(space, dtype=bool)
        for c in cols:
            blocked |= used[c : c + space]
        o = int(np.argmin(blocked))
        assert not blocked[o]
        offsets[r] = o
        used[cols + o] = True
    slots = np.empty_like(keys)
    slots[order] = col + offsets[row]
    assert len(np.unique(slots)) == len(keys)
    return offsets, slots


# ----------------------------------------------------------------------------
# Deuce-to-seven low, badugi and short-deck high (docs/rules.md §2.6)
# ----------------------------------------------------------------------------


def straight_top_ace_high(distinct: Iterable[int]) -> int:
    """Top rank of a straight when the ace is high only (no wheel), or -1."""
    present = set(distinct)
    for top in range(12, 3, -1):
        if all(top - i in present for i in range(5)):
            return top
    return -1


def d27_class(ranks: Ranks, flush: bool) -> tuple[int, ...]:
    """Comparable (category, ranks...) of five cards with the ace high only.

    Larger is a *worse* deuce-to-seven hand: 2-7 is the high ranking with
    A-2-3-4-5 read as ace-high (a flush when suited), not as a straight.
    """
    counts = {r: ranks.count(r) for r in set(ranks)}
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = tuple(c for _, c in groups)
    top = straight_top_ace_high(ranks) if len(counts) == 5 else -1
    if flush:
        return (STRAIGHT_FLUSH, top) if top >= 0 else (FLUSH, *order)
    if top >= 0:
        return (STRAIGHT, top)
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[shape]
    return (category, *order)


def deuce_to_seven_tables(
    hv: dict[tuple[int, ...], int],
) -> tuple[list[int], list[int]]:
    """``D27[high value]`` = deuce-to-seven value (1..7462, 7462 = 7-5-4-3-2), and its decode.

    A five-card hand's high value fixes its class, and every high class maps
    to one 2-7 class: the same except the wheel (5-high straight or straight
    flush), which is ace-high (a flush when suited) in 2-7.
    """
    classes = {d27_class(m, False) for m in five_card_rank_multisets()}
    classes |= {d27_class(m, True) for m in itertools.combinations(range(13), 5)}
    ordered = sorted(classes, reverse=True)  # worst 2-7 hand (royal flush) first
    assert len(ordered) == 7462, len(ordered)
    value = {c: i + 1 for i, c in enumerate(ordered)}
    table = [0] * 7463
    for m in five_card_rank_multisets():
        for flush in (False, True) if len(set(m)) == 5 else (False,):
            h = hv[high_class(m, False) if not flush else flush_class(m)]
            d = value[d27_class(m, flush)]
            assert table[h] in (0, d)
            table[h] = d
    assert sorted(table[1:]) == list(range(1, 7463))
    decode = [0] + [pack_ranks(c[1:], c[0]) for c in ordered]
    return table, decode


def flush_class(ranks: Ranks) -> tuple[int, ...]:
    return high_class(ranks, True)


def badugi_tables() -> tuple[list[int], list[int], list[int]]:
    """Badugi: ``CODE[card]`` (a suit bit and an ace-low rank bit), ``VALUE[rank mask]``, decode.

    ``CODE`` = ``1 << (13 + suit) | 1 << (ace-to-five rank - 1)``: two cards can
    be in one badugi exactly when their codes share no bit.  A badugi of ``k``
    cards is known by the mask of its ranks (bit 0 = ace ... bit 12 = king);
    more cards are better, then the lower mask (the highest card first).
    ``VALUE`` numbers the 1,092 masks of one to four ranks 1..1092 (1092 = A-2-3-4).
    """
    code = [(1 << (13 + (c & 3))) | (1 << (low_rank(c >> 2) - 1)) for c in range(52)]
    masks = [m for m in range(1 << 13) if 1 <= bin(m).count("1") <= 4]
    masks.sort(key=lambda m: (bin(m).count("1"), -m))
    assert len(masks) == 1092
    value = [0] * (1 << 13)
    decode = [0]
    for i, m in enumerate(masks):
        value[m] = i + 1
        ranks = [r for r in range(12, -1, -1) if m >> r & 1]  # ace-to-five rank - 1, top first
        decode.append(pack_ranks(ranks, len(ranks)))
    return code + [0] * (256 - 52), value, decode


SHORT_LOWEST = 4  # rank code of the six, the lowest card of the 36-card deck
SHORT_RANKS = 13 - SHORT_LOWEST
# The first nine multipliers of the greedy search (it extends rank by rank, so
# they keep every multiset of <= 7 of nine ranks distinct; checked below).
SHORT_MULT = RANK_MULT[:SHORT_RANKS]
SHORT_HASH_SHIFT = 8  # offsets (uint16) and values together about 40 KB
# Categories weakest first: a flush beats a full house (it is the rarer hand
# with 36 cards); with trips_beat_straight, three of a kind beats a straight.
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


def short_straight_top(distinct: Iterable[int]) -> int:
    """Top rank code of the best straight of 6..A ranks (A-6-7-8-9 is nine high), or -1."""
    present = set(distinct)
    for top in range(12, SHORT_LOWEST + 3, -1):
        if all(top - i in present for i in range(5)):
            return top
    if {12, 4, 5, 6, 7} <= present:
        return 7  # A-6-7-8-9: the ace plays low
    return -1


def short_class(ranks: Ranks, flush: bool) -> tuple[int, ...]:
    """(category, ranks...) of five short-deck cards (rank codes 4..12), category a Category."""
    return high_class(ranks, flush, short_straight_top)


def short_values(order: Sequence[int]) -> tuple[dict[tuple[int, ...], int], list[tuple[int, ...]]]:
    """Dense short-deck value (1..1404) of every five-card class, for one category order."""
    ranks = range(SHORT_LOWEST, 13)
    classes = {
        short_class(m, False)
        for m in itertools.combinations_with_replacement(ranks, 5)
        if max(m.count(r) for r in m) <= 4
    }
    classes |= {short_class(m, True) for m in itertools.combinations(ranks, 5)}
    ordered = sorted(classes, key=lambda c: (order.index(c[0]), *c[1:]))
    assert len(ordered) == 1404, len(ordered)
    return {c: i + 1 for i, c in enumerate(ordered)}, ordered


@dataclass(frozen=True)
class ShortDeckTables:
    """The short-deck tables (``CROUPIER_SHORT_*``)."""

    key: list[int]  # per card code: rank multiplier | suit counter (0 below six)
    rank_bit: list[int]  # per card code: 1 << (rank - six), for flushes
    offsets: list[int]  # perfect-hash displacements, padded for any sum of 7 keys
    high: list[int]  # best non-flush value of a rank multiset of 5..7 cards
    high_trips: list[int]  # the same when three of a kind beats a straight
    flush: list[int]  # 9-bit rank mask of one suit (5+ cards) -> value (either order)
    decode: list[int]
    decode_trips: list[int]


def short_deck_tables() -> ShortDeckTables:
    """Short-deck high: card keys, the perfect hash of rank multisets, flush, decodes.

    With three of a kind above a straight the best five of seven cards can
    differ (9-9-9-T-J-Q-K: trips, not the straight), so that order has a
    multiset table of its own; flushes and better have the same values in both
    orders (only the two categories below them trade places).
    """
    sv, classes = short_values(SHORT_ORDER)
    tv, trips_classes = short_values(SHORT_ORDER_TRIPS)
    ranks = range(SHORT_LOWEST, 13)
    five_multisets = [
        m
        for m in itertools.combinations_with_replacement(ranks, 5)
        if max(m.count(r) for r in m) <= 4
    ]
    fives: dict[Ranks, int] = {m: sv[short_class(m, False)] for m in five_multisets}
    fives_trips: dict[Ranks, int] = {m: tv[short_class(m, False)] for m in five_multisets}
    multisets = [
        m
        for n in (5, 6, 7)
        for m in itertools.combinations_with_replacement(ranks, n)
        if max(m.count(r) for r in m) <= 4
    ]
    sums = [sum(SHORT_MULT[r - SHORT_LOWEST] for r in m) for m in multisets]
    if len(set(sums)) != len(sums):
        raise SystemExit("SHORT_MULT does not separate the short-deck multisets")
    offsets, slots = perfect_hash(np.array(sums, dtype=np.int64), SHORT_HASH_SHIFT)
    max_key = 7 * SHORT_MULT[-1]
    nrows = (max_key >> SHORT_HASH_SHIFT) + 1
    offsets = np.concatenate((offsets, np.zeros(nrows - len(offsets), dtype=np.int64)))
    size = int(max(int(slots.max()) + 1, int(offsets.max()) + (1 << SHORT_HASH_SHIFT)))
    high = [0] * size
    high_trips = [0] * size
    for m, slot in zip(multisets, slots.tolist(), strict=True):
        high[slot] = best_of_fives(m, fives)
        high_trips[slot] = best_of_fives(m, fives_trips)
    flush = [0] * (1 << SHORT_RANKS)
    for mask in range(1 << SHORT_RANKS):
        held = tuple(r + SHORT_LOWEST for r in range(SHORT_RANKS) if mask >> r & 1)
        if len(held) >= 5:
            fives_held = itertools.combinations(held, 5)
            flush[mask] = max(sv[short_class(five, True)] for five in fives_held)
    for cls in classes:
        if cls[0] in (FLUSH, QUADS, STRAIGHT_FLUSH):
            assert sv[cls] == tv[cls], cls
    key = [0] * 256
    rank_bit = [0] * 256
    for c in range(4 * SHORT_LOWEST, 52):
        key[c] = SHORT_MULT[(c >> 2) - SHORT_LOWEST] | (1 << (SUIT_SHIFT + 4 * (c & 3)))
        rank_bit[c] = 1 << ((c >> 2) - SHORT_LOWEST)
    return ShortDeckTables(
        key=key,
        rank_bit=rank_bit,
        offsets=offsets.tolist(),
        high=high,
        high_trips=high_trips,
        flush=flush,
        decode=[0] + [pack_ranks(c[1:], c[0]) for c in classes],
        decode_trips=[0] + [pack_ranks(c[1:], c[0]) for c in trips_classes],
    )


def c_array(ctype: str, name: str, values: Iterable[int], per_line: int = 16) -> str:
    vals = [str(int(v)) + ("ULL" if ctype == "uint64_t" else "") for v in values]
    lines = [", ".join(vals[i : i + per_line]) for i in range(0, len(vals), per_line)]
    body = ",\n  ".join(lines)
    return f"CROUPIER_TABLE {ctype} {name}[{len(vals)}] = {{\n  {body}\n}};\n"


def pack_ranks(ranks: Sequence[int], category: int) -> int:
    """category in bits 20..23, up to five 4-bit ranks, most significant first."""
    word = category << 20
    for i, r in enumerate(ranks):
        word |= (r & 15) << (16 - 4 * i)
    return word


def main(out_path: str) -> None:
    check_rank_multipliers()
    hv, high_classes = high_values()
    five_high = {m: hv[high_class(m, False)] for m in five_card_rank_multisets()}
    five_a5, a5_classes = a5_values()

    multisets = rank_multisets((5, 6, 7))
    keys = np.array([sum(RANK_MULT[r] for r in m) for m in multisets], dtype=np.int64)
    offsets, slots = perfect_hash(keys)
    # Pad so that any sum of seven card keys, even of invalid (repeated) cards,
    # stays inside both tables.
    max_key = 7 * RANK_MULT[12]
    nrows = (max_key >> HASH_SHIFT) + 1
    offsets = np.concatenate((offsets, np.zeros(nrows - len(offsets), dtype=np.int64)))
    size = int(max(int(slots.max()) + 1, int(offsets.max()) + (1 << HASH_SHIFT)))
    high = np.zeros(size, dtype=np.int64)
    low = np.zeros(size, dtype=np.int64)
    for m, s in zip(multisets, slots.tolist(), strict=True):
        high[s] = best_of_fives(m, five_high)
        low[s] = best_of_fives(m, five_a5)

    # Per-card tables are indexed by a byte: entries 52..255 are zero, so even
    # an unchecked bad code cannot index past a table.
    pad = [0] * (256 - 52)
    card_key = [
        RANK_MULT[code >> 2] | (1 << (SUIT_SHIFT + 4 * (code & 3))) for code in range(52)
    ] + pad
    card_rank = [code >> 2 for code in range(52)] + pad
    # One bit per card for the repeat check; every bad code shares bit 63.
    card_bit = [1 << code for code in range(52)] + [1 << 63] * (256 - 52)
    low8, low8_classes = eight_low_table()
    low8_bit = [
        1 << (low_rank(code >> 2) - 1) if low_rank(code >> 2) <= 8 else 0 for code in range(52)
    ] + pad

    # Omaha: a board triple of ranks and a hole pair of ranks, as two small indexes.
    triples = list(itertools.combinations_with_replacement(range(13), 3))
    pairs = list(itertools.combinations_with_replacement(range(13), 2))
    tri_index: dict[tuple[int, ...], int] = {t: i for i, t in enumerate(triples)}
    pair_index: dict[tuple[int, ...], int] = {p: i for i, p in enumerate(pairs)}
    tri_lut = [tri_index[tuple(sorted(t))] for t in itertools.product(range(13), repeat=3)]
    pair_lut = [pair_index[tuple(sorted(p))] for p in itertools.product(range(13), repeat=2)]
    omaha = []
    for t in triples:
        for p in pairs:
            m = tuple(sorted(t + p))
            omaha.append(five_high.get(m, 0))

    high_decode = [0] + [pack_ranks(c[1:], c[0]) for c in high_classes]
    a5_decode = [0]
    a5_category = (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS)
    for bad in a5_classes:  # ranks stored as ace-to-five rank - 1: ace 0 ... king 12
        a5_decode.append(pack_ranks([r - 1 for r in bad[1:]], a5_category[bad[0]]))
    low8_decode = [0] + [pack_ranks([r - 1 for r in s], 0) for s in low8_classes]
    d27, d27_decode = deuce_to_seven_tables(hv)
    badugi_code, badugi_value, badugi_decode = badugi_tables()
    short = short_deck_tables()

    parts = [
        "/* Generated by tools/gen_tables.py: do not edit. */\n",
        "#pragma once\n",
        # The same text serves the C compiler (``static const`` arrays) and NVRTC,
        # which compiles the device kernels of ``croupier/kernels`` with
        # ``CROUPIER_TABLE`` defined as ``static __device__ const`` and the integer
        # types declared by ``kernels/croupier_device.h`` (NVRTC has no <stdint.h>).
        "#ifndef CROUPIER_TABLE\n#define CROUPIER_TABLE static const\n#endif\n",
        "#ifndef CROUPIER_NO_STDINT\n#include <stdint.h>\n#endif\n",
        f"#define CROUPIER_HASH_SHIFT {HASH_SHIFT}\n",
        f"#define CROUPIER_HASH_MASK {(1 << HASH_SHIFT) - 1}\n",
        f"#define CROUPIER_HASH_ROWS {len(offsets)}\n",
        f"#define CROUPIER_HASH_SIZE {size}\n",
        f"#define CROUPIER_SUIT_SHIFT {SUIT_SHIFT}\n",
        f"#define CROUPIER_SUIT_BIAS {SUIT_BIAS}ULL\n",
        f"#define CROUPIER_FLUSH_BITS {FLUSH_BITS}ULL\n",
        c_array("uint64_t", "CROUPIER_CARD_KEY", card_key, 4),
        c_array("uint32_t", "CROUPIER_HASH_OFFSETS", offsets),
        c_array("uint16_t", "CROUPIER_HIGH", high),
        c_array("uint16_t", "CROUPIER_LOW_A5", low),
        c_array("uint16_t", "CROUPIER_FLUSH", flush_table(hv)),
        c_array("uint8_t", "CROUPIER_LOW8", low8),
        c_array("uint8_t", "CROUPIER_LOW8_BIT", low8_bit),
        c_array("uint8_t", "CROUPIER_POPCOUNT8", [bin(m).count("1") for m in range(256)]),
        c_array("uint8_t", "CROUPIER_LOWEST3", [lowest_three(m) for m in range(256)]),
        c_array("uint8_t", "CROUPIER_RANK", card_rank),
        c_array("uint64_t", "CROUPIER_CARD_BIT", card_bit, 4),
        c_array("uint16_t", "CROUPIER_OMAHA_TRI", tri_lut),
        c_array("uint8_t", "CROUPIER_OMAHA_PAIR", pair_lut),
        c_array("uint16_t", "CROUPIER_OMAHA_HIGH", omaha),
        c_array("uint32_t", "CROUPIER_HIGH_DECODE", high_decode, 8),
        c_array("uint32_t", "CROUPIER_A5_DECODE", a5_decode, 8),
        c_array("uint32_t", "CROUPIER_LOW8_DECODE", low8_decode, 8),
        c_array("uint16_t", "CROUPIER_D27", d27),
        c_array("uint32_t", "CROUPIER_D27_DECODE", d27_decode, 8),
        c_array("uint32_t", "CROUPIER_BADUGI_CODE", badugi_code, 8),
        c_array("uint16_t", "CROUPIER_BADUGI", badugi_value),
        c_array("uint32_t", "CROUPIER_BADUGI_DECODE", badugi_decode, 8),
        f"#define CROUPIER_SHORT_HASH_SHIFT {SHORT_HASH_SHIFT}\n",
        f"#define CROUPIER_SHORT_HASH_MASK {(1 << SHORT_HASH_SHIFT) - 1}\n",
        f"#define CROUPIER_SHORT_HASH_ROWS {len(short.offsets)}\n",
        f"#define CROUPIER_SHORT_HASH_SIZE {len(short.high)}\n",
        c_array("uint64_t", "CROUPIER_SHORT_KEY", short.key, 4),
        c_array("uint16_t", "CROUPIER_SHORT_RANK_BIT", short.rank_bit),
        c_array("uint16_t", "CROUPIER_SHORT_HASH_OFFSETS", short.offsets),
        c_array("uint16_t", "CROUPIER_SHORT_HIGH", short.high),
        c_array("uint16_t", "CROUPIER_SHORT_FLUSH", short.flush),
        c_array("uint16_t", "CROUPIER_SHORT_TRIPS_HIGH", short.high_trips),
        c_array("uint32_t", "CROUPIER_SHORT_DECODE", short.decode, 8),
        c_array("uint32_t", "CROUPIER_SHORT_TRIPS_DECODE", short.decode_trips, 8),
    ]
    with open(out_path, "w") as f:
        f.write("\n".join(parts))


if __name__ == "__main__":
    main(sys.argv[1])
