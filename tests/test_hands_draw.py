"""The draw-game and short-deck evaluators of croupier.hands (docs/rules.md §2.6).

``deuce_to_seven_low``, ``badugi`` and ``short_deck_high`` against their slow
twins in tests/reference_draw.py (written from the rules), exhaustively where
the space allows: every five-card hand for deuce-to-seven, every four-card
hand for badugi, every five-, six- and seven-card hand of the 36-card deck for
short deck.  Class counts are pinned (worked out by combinatorics in the
comments where that is short, else counted by the twin); then the rules by
name, ``high`` on five cards (five-card draw), batch against scalar, threads,
``describe``/``category`` and bad input.
"""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
import textwrap
from collections import Counter

import numpy as np
import pytest
import reference as ref
import reference_draw as rd

from croupier import hands
from croupier.hands import Category

C = rd.cards


def _mismatches(got: np.ndarray, want: np.ndarray, rows: np.ndarray) -> str:
    bad = np.flatnonzero(got != want)
    if bad.size == 0:
        return ""
    i = bad[0]
    return f"{bad.size} mismatches, e.g. {rows[i].tolist()}: got {got[i]}, want {want[i]}"


# ----------------------------------------------------------------------------
# Deuce-to-seven: every five-card hand
# ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def all_fives() -> np.ndarray:
    """Every five-card hand of 52 cards once, rows increasing (2,598,960 rows)."""
    fives = ref.colex_combinations(52, 5)
    assert fives.shape == (math.comb(52, 5), 5)
    return fives


@pytest.fixture(scope="module")
def d27_fives(all_fives: np.ndarray) -> np.ndarray:
    return hands.deuce_to_seven_low(all_fives)


def test_every_five_card_deuce_to_seven_value_matches_the_twin(
    all_fives: np.ndarray, d27_fives: np.ndarray
) -> None:
    assert d27_fives.dtype == np.uint16 and d27_fives.shape == (math.comb(52, 5),)
    want = rd.five_card_values("deuce_to_seven", all_fives, sorted_rows=True)
    assert not _mismatches(d27_fives, want, all_fives), _mismatches(d27_fives, want, all_fives)


def test_deuce_to_seven_has_7462_values_from_1_to_7462(d27_fives: np.ndarray) -> None:
    assert len(rd.sorted_keys("deuce_to_seven")) == rd.N_D27 == 7462
    distinct = np.unique(d27_fives)
    assert distinct.size == 7462 and distinct[0] == 1 and distinct[-1] == 7462


# Five-card deuce-to-seven categories (the ace high only, so 9 straights a suit pattern):
#   straight flush 9 tops x 4 suits = 36; quads 13 x 48 = 624; full house 3,744;
#   flush 4 x (C(13,5) - 9) = 5,112; straight 9 x (4^5 - 4) = 9,180;
#   trips 54,912; two pair 123,552; pair 1,098,240;
#   no pair (C(13,5) - 9) x (4^5 - 4) = 1,303,560.
D27_CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 36,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_112,
    Category.STRAIGHT: 9_180,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_303_560,
}


def test_five_card_deuce_to_seven_category_counts(d27_fives: np.ndarray) -> None:
    assert sum(D27_CATEGORY_COUNTS.values()) == math.comb(52, 5)
    counts = np.bincount(hands.category(d27_fives, "deuce_to_seven"), minlength=9)
    assert dict(enumerate(counts.tolist())) == D27_CATEGORY_COUNTS


def test_deuce_to_seven_twin_category_counts() -> None:
    # The twin agrees with the combinatorics, hand by hand over one rank class per
    # multiset: weight each (ranks, flush) by how many hands have it.
    counts: Counter[int] = Counter()
    for m in ref.five_card_rank_multisets():
        suitings = math.prod(math.comb(4, n) for n in Counter(m).values())
        flushes = 4 if len(set(m)) == 5 else 0
        counts[rd.d27_class(m, False)[0]] += suitings - flushes
        if flushes:
            counts[rd.d27_class(m, True)[0]] += flushes
    assert dict(counts) == D27_CATEGORY_COUNTS


def test_deuce_to_seven_is_the_high_order_turned_around_but_for_the_wheel(
    all_fives: np.ndarray, d27_fives: np.ndarray
) -> None:
    """Over every hand without the ranks A-2-3-4-5, a better high hand is a worse low.

    (The high value fixes the hand's class, so the pairs (high, 2-7) of these
    hands must be strictly decreasing.)  The wheel hands are the exception:
    a straight in high poker, ace-high in 2-7.
    """
    high = hands.high(all_fives)
    ranks = np.sort(all_fives >> 2, axis=1)
    wheel = np.all(ranks == np.array([0, 1, 2, 3, 12]), axis=1)
    assert wheel.sum() == 4**5
    pairs = np.unique(np.stack((high[~wheel], d27_fives[~wheel]), axis=1), axis=0)
    assert len(np.unique(pairs[:, 0])) == len(pairs)  # one 2-7 value per high value
    assert np.all(np.diff(pairs[:, 1].astype(np.int64)) < 0)
    # These hands make every high class but the two five-high straights (plain and
    # suited); the wheels make two 2-7 classes of their own: ace-high, and its flush.
    assert len(pairs) == 7462 - 2
    wheel_values = np.unique(d27_fives[wheel])
    assert len(wheel_values) == 2 and not np.isin(wheel_values, pairs[:, 1]).any()


# ----------------------------------------------------------------------------
# Deuce-to-seven: six and seven cards (the best five)
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("k", [6, 7])
def test_deuce_to_seven_of_six_and_seven_cards_is_the_best_five(k: int) -> None:
    rng = np.random.default_rng(140 + k)
    rows = rd.random_hands(rng, 200_000, k, range(52))
    got = hands.deuce_to_seven_low(rows)
    want = rd.best_of_fives("deuce_to_seven", rows)
    assert not _mismatches(got, want, rows), _mismatches(got, want, rows)


@pytest.mark.parametrize("k", [6, 7])
def test_deuce_to_seven_best_five_avoids_flushes_in_crowded_suits(k: int) -> None:
    # Five or more cards of one suit in every row: the kernel's rarer path.
    rng = np.random.default_rng(150 + k)
    spades = rd.random_hands(rng, 20_000, 5, range(3, 52, 4))
    others = rd.random_hands(rng, 20_000, k - 5, [c for c in range(52) if c % 4 != 3])
    rows = np.concatenate((spades, others), axis=1)
    got = hands.deuce_to_seven_low(rows)
    assert not _mismatches(got, rd.best_of_fives("deuce_to_seven", rows), rows)
    # 7-5-4-3-2 of spades is a flush: the king plays instead of the seven
    six = hands.deuce_to_seven_low(C("7s 5s 4s 3s 2s Kd"))
    assert six == d27("Kd 5s 4s 3s 2s") == rd.ref_d27(C("7s 5s 4s 3s 2s Kd"))


# ----------------------------------------------------------------------------
# Deuce-to-seven: the rules by name
# ----------------------------------------------------------------------------


def d27(text: str) -> int:
    return hands.deuce_to_seven_low(text)


def test_a_2_3_4_5_is_ace_high_not_a_straight_in_deuce_to_seven() -> None:
    wheel = d27("Ah 5d 4h 3s 2c")
    assert hands.category(wheel, "deuce_to_seven") == Category.HIGH_CARD
    assert hands.describe(wheel, kind="deuce_to_seven") == "Ace-five low"
    # The best ace-high hand: better than A-6-4-3-2, worse than every king-high hand.
    assert d27("Ah 6d 4h 3s 2c") < wheel < d27("Kh Qd Jh Ts 8c")
    # ... and better than a real straight, which counts against a low.
    assert wheel > d27("6h 5d 4h 3s 2c")
    # Suited it is an ace-high flush, not a straight flush.
    assert hands.category(d27("Ah 5h 4h 3h 2h"), "deuce_to_seven") == Category.FLUSH
    assert d27("Ah 5h 4h 3h 2h") < d27("Ah 5d 4h 3s 2c")
    assert d27("Ah 5d 4h 3s 2c") == rd.ref_d27(C("Ah 5d 4h 3s 2c"))


def test_seven_five_four_three_two_of_two_suits_or_more_is_the_best_deuce_to_seven_hand() -> None:
    assert d27("7c 5d 4h 3s 2c") == d27("7c 5c 4c 3c 2d") == 7462
    assert d27("7c 5c 4c 3c 2c") < d27("Kd Qd Jd Tc 8c")  # suited it is a flush
    assert d27("7c 6d 4h 3s 2c") < d27("7c 5d 4h 3s 2c")


def test_deuce_to_seven_straights_flushes_and_pairs_count_against_the_hand() -> None:
    assert d27("8c 6d 5h 4s 3c") > d27("7c 6d 5h 4s 3c")  # 7-6-5-4-3 is a straight
    assert d27("8c 6c 5c 4c 2d") > d27("8c 6c 5c 4c 2c")  # a flush
    assert d27("Kc Qd Jh 9s 8c") > d27("2c 2d 3h 4s 5c")  # any no-pair beats a pair
    assert d27("Ac Kd Qh Js Tc") < d27("2c 2d 3h 4s 5c")  # A-K-Q-J-T is a straight
    assert d27("As Ks Qs Js Ts") == 1  # the worst hand


def test_deuce_to_seven_aces_are_high() -> None:
    assert d27("Ac 7d 5h 3s 2c") < d27("Kc 7d 5h 3s 2c")
    assert d27("Ac Ad 3h 4s 5c") < d27("Kc Kd 3h 4s 5c")


# ----------------------------------------------------------------------------
# Badugi: every four-card hand
# ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def all_fours() -> np.ndarray:
    rows = rd.combinations_of(range(52), 4)
    assert rows.shape == (270_725, 4) == (math.comb(52, 4), 4)
    return rows


@pytest.fixture(scope="module")
def badugi_fours(all_fours: np.ndarray) -> np.ndarray:
    return hands.badugi(all_fours)


@pytest.fixture(scope="module")
def badugi_twin(all_fours: np.ndarray) -> np.ndarray:
    return np.array([rd.ref_badugi_cached(h) for h in all_fours.tolist()], dtype=np.uint16)


def test_every_four_card_badugi_value_matches_the_twin(
    all_fours: np.ndarray, badugi_fours: np.ndarray, badugi_twin: np.ndarray
) -> None:
    assert badugi_fours.dtype == np.uint16
    assert not _mismatches(badugi_fours, badugi_twin, all_fours)
    # the cache (suits renamed) gives the uncached answer on a sample
    sample = all_fours[::997].tolist()
    assert [rd.ref_badugi(h) for h in sample] == [rd.ref_badugi_cached(h) for h in sample]


def test_badugi_values_run_from_1_to_1092_and_each_is_reached(badugi_fours: np.ndarray) -> None:
    # 4 cards: C(13,4) = 715 rank sets; 3: 286; 2: 78; 1: 13.
    assert len(rd.sorted_badugi_keys()) == 715 + 286 + 78 + 13 == rd.N_BADUGI
    distinct = np.unique(badugi_fours)
    assert distinct.size == 1092 and distinct[0] == 1 and distinct[-1] == 1092


# How many of the 270,725 four-card hands play 4, 3, 2 and 1 cards:
#   4 (a badugi): four ranks C(13,4) = 715 times the 4! ways to give them four
#     suits = 17,160;
#   1: every two cards share a suit or a rank, which (cards being edges between
#     suits and ranks, and a suit-rank graph having no triangle) means one suit
#     for all, 4 x C(13,4) = 2,860, or one rank for all, 13: 2,873;
#   3 and 2: counted by the twin (154,440 and 96,252; the four add up).
BADUGI_SIZE_COUNTS = {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
# First value of each size: 1 one-card hand, 14 two-card, 92 three-card, 378 badugi.
BADUGI_FIRST_VALUE = {1: 1, 2: 14, 3: 92, 4: 378}


def test_badugi_size_counts(badugi_fours: np.ndarray, badugi_twin: np.ndarray) -> None:
    assert sum(BADUGI_SIZE_COUNTS.values()) == math.comb(52, 4)
    keys = rd.sorted_badugi_keys()
    twin = Counter(keys[v - 1][0] for v in badugi_twin.tolist())
    assert dict(twin) == BADUGI_SIZE_COUNTS
    edges = np.array([BADUGI_FIRST_VALUE[size] for size in (1, 2, 3, 4)])
    sizes = np.searchsorted(edges, badugi_fours, side="right")
    assert dict(Counter(sizes.tolist())) == BADUGI_SIZE_COUNTS
    words = Counter(hands.describe(int(v), kind="badugi").split(",")[0] for v in badugi_fours)
    assert words == {
        "Four-card badugi": 17_160,
        "Three-card hand": 154_440,
        "Two-card hand": 96_252,
        "One-card hand": 2_873,
    }


def test_badugi_first_value_of_each_size() -> None:
    keys = rd.sorted_badugi_keys()
    for size, first in BADUGI_FIRST_VALUE.items():
        assert keys[first - 1][0] == size and (first == 1 or keys[first - 2][0] == size - 1)


# ----------------------------------------------------------------------------
# Badugi: the rules by name
# ----------------------------------------------------------------------------


def bd(text: str) -> int:
    return hands.badugi(text)


def test_a_2_3_4_of_four_suits_is_the_best_badugi() -> None:
    assert bd("Ac 2d 3h 4s") == 1092
    assert hands.describe(1092, kind="badugi") == "Four-card badugi, four-three"


def test_a_three_card_badugi_beats_a_four_card_non_badugi() -> None:
    # A four-card hand that is not a badugi plays three cards or fewer: Kc Qd Jh Jd
    # plays K-Q-J (the jacks pair), and As 2s 3s 4d plays A-4 (three spades: one plays).
    three = bd("Kc Qd Jh Jd")
    two = bd("As 2s 3s 4d")
    assert rd.badugi_key(C("Kc Qd Jh Jd")) == (3, (-13, -12, -11))
    assert rd.badugi_key(C("As 2s 3s 4d")) == (2, (-4, -1))
    assert three > two  # the king-high three-card hand beats the ace-four
    assert hands.describe(three, kind="badugi") == "Three-card hand, king-queen"
    assert hands.describe(two, kind="badugi") == "Two-card hand, four-ace"
    # A-2-3-4 with two clubs is no badugi: it plays A-3-4, and loses to any badugi.
    assert bd("Ac 2c 3d 4h") < bd("Kc Qd Jh Ts")


def test_a_three_card_hand_beats_every_two_card_hand(badugi_fours: np.ndarray) -> None:
    assert badugi_fours[badugi_fours < BADUGI_FIRST_VALUE[3]].max() == BADUGI_FIRST_VALUE[3] - 1
    worst_three = bd("Kc Qd Jh Kh")  # K-Q-J
    best_two = bd("Ac 2c 2d Ad")
    assert rd.badugi_key(C("Ac 2c 2d Ad")) == (2, (-2, -1))
    assert worst_three == BADUGI_FIRST_VALUE[3] and best_two == BADUGI_FIRST_VALUE[3] - 1
    assert worst_three > best_two


def test_a_four_card_badugi_beats_every_three_card_hand(badugi_fours: np.ndarray) -> None:
    worst_badugi = bd("Kc Qd Jh Ts")
    assert worst_badugi == BADUGI_FIRST_VALUE[4]
    assert worst_badugi > badugi_fours[badugi_fours < BADUGI_FIRST_VALUE[4]].max()
    assert bd("Kc Qd Jh Ts") > bd("Ac 2d 3h 3s")  # K-Q-J-T beats A-2-3


def test_badugi_aces_are_low() -> None:
    assert bd("Ac 2d 3h 5s") > bd("2c 3d 4h 5s")
    assert bd("Kc 2d 3h 4s") < bd("Ac 2d 3h 5s")


def test_badugi_compares_the_highest_card_first() -> None:
    assert bd("7c 4d 3h 2s") > bd("7c 5d 2h As")  # 7-4 beats 7-5
    assert bd("6c 5d 4h 3s") > bd("7c 3d 2h As")  # a six badugi beats a seven badugi
    assert bd("7c 4d 3h 2s") == bd("7d 4c 3s 2h")  # suits never matter


def test_badugi_plays_the_best_subset_of_its_size() -> None:
    # A-A-3-4 of three suits and the A of a fourth: A-3-4 with the other ace? No:
    # Ac Ad 3c 4h: the ace of diamonds plays with 3c and 4h (three cards).
    assert rd.badugi_key(C("Ac Ad 3c 4h")) == (3, (-4, -3, -1))
    assert hands.describe(bd("Ac Ad 3c 4h"), kind="badugi") == "Three-card hand, four-three"
    # As Ah 2s 3d: Ah 2s 3d beats As 3d.
    assert bd("As Ah 2s 3d") == rd.ref_badugi(C("As Ah 2s 3d"))
    assert rd.badugi_key(C("As Ah 2s 3d"))[0] == 3


# ----------------------------------------------------------------------------
# Short deck: every five-, six- and seven-card hand of 36 cards
# ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def short_fives() -> np.ndarray:
    rows = rd.combinations_of(rd.SHORT_DECK, 5)
    assert rows.shape == (376_992, 5) == (math.comb(36, 5), 5)
    return rows


@pytest.mark.parametrize("trips", [False, True])
def test_every_five_card_short_deck_value_matches_the_twin(
    short_fives: np.ndarray, trips: bool
) -> None:
    kind = "short_deck_trips" if trips else "short_deck"
    got = hands.short_deck_high(short_fives, trips_beat_straight=trips)
    want = rd.five_card_values(kind, short_fives, sorted_rows=True)
    assert not _mismatches(got, want, short_fives), _mismatches(got, want, short_fives)
    distinct = np.unique(got)
    assert distinct.size == 1404 == len(rd.sorted_keys(kind)) == rd.N_SHORT
    assert distinct[0] == 1 and distinct[-1] == 1404


# Five cards of 36 (nine ranks, six straights: A-6-7-8-9 to T-J-Q-K-A):
#   straight flush 6 x 4 = 24; quads 9 x 32 = 288; flush 4 x (C(9,5) - 6) = 480;
#   full house 9 x 4 x 8 x 6 = 1,728; straight 6 x (4^5 - 4) = 6,120;
#   trips 9 x 4 x C(8,2) x 16 = 16,128; two pair C(9,2) x 36 x 28 = 36,288;
#   pair 9 x 6 x C(8,3) x 64 = 193,536; high card (C(9,5) - 6) x 1,020 = 122,400.
# A flush (480) is rarer than a full house (1,728): hence it ranks above it.
SHORT_FIVE_COUNTS = {
    Category.STRAIGHT_FLUSH: 24,
    Category.FOUR_OF_A_KIND: 288,
    Category.FLUSH: 480,
    Category.FULL_HOUSE: 1_728,
    Category.STRAIGHT: 6_120,
    Category.THREE_OF_A_KIND: 16_128,
    Category.TWO_PAIR: 36_288,
    Category.PAIR: 193_536,
    Category.HIGH_CARD: 122_400,
}
# Six and seven cards (C(36,6) = 1,947,792 and C(36,7) = 8,347,680 hands), the
# best five, counted by the twin and by the evaluator alike.  (With seven cards
# full houses outnumber flushes; the ranking follows the five-card counts.)
SHORT_SIX_COUNTS = {
    Category.STRAIGHT_FLUSH: 724,
    Category.FOUR_OF_A_KIND: 4_464,
    Category.FLUSH: 13_220,
    Category.FULL_HOUSE: 48_960,
    Category.STRAIGHT: 122_100,
    Category.THREE_OF_A_KIND: 129_024,
    Category.TWO_PAIR: 453_600,
    Category.PAIR: 914_400,
    Category.HIGH_CARD: 261_300,
}
SHORT_SEVEN_COUNTS = {
    Category.STRAIGHT_FLUSH: 10_560,
    Category.FOUR_OF_A_KIND: 44_640,
    Category.FLUSH: 175_560,
    Category.FULL_HOUSE: 633_024,
    Category.STRAIGHT: 1_169_940,
    Category.THREE_OF_A_KIND: 607_200,
    Category.TWO_PAIR: 3_157_056,
    Category.PAIR: 2_316_600,
    Category.HIGH_CARD: 233_100,
}


def test_five_card_short_deck_category_counts(short_fives: np.ndarray) -> None:
    assert sum(SHORT_FIVE_COUNTS.values()) == math.comb(36, 5)
    cats = hands.category(hands.short_deck_high(short_fives), "short_deck")
    assert dict(enumerate(np.bincount(cats, minlength=9).tolist())) == SHORT_FIVE_COUNTS
    twin = Counter(rd.short_category(h) for h in short_fives[::5].tolist())
    ours = Counter(cats[::5].tolist())
    assert twin == ours


@pytest.mark.parametrize(("k", "counts"), [(6, SHORT_SIX_COUNTS), (7, SHORT_SEVEN_COUNTS)])
def test_every_six_and_seven_card_short_deck_hand_matches_the_twin(
    k: int, counts: dict[int, int]
) -> None:
    rows = rd.combinations_of(rd.SHORT_DECK, k)
    assert len(rows) == math.comb(36, k) == sum(counts.values())
    got = hands.short_deck_high(rows)
    for start in range(0, len(rows), 1 << 20):
        part = slice(start, start + (1 << 20))
        want = rd.best_of_fives("short_deck", rows[part], sorted_rows=True)
        assert not _mismatches(got[part], want, rows[part])
    cats = hands.category(got, "short_deck")
    assert dict(enumerate(np.bincount(cats, minlength=9).tolist())) == counts


@pytest.mark.parametrize("k", [6, 7])
def test_short_deck_trips_option_of_six_and_seven_cards_is_the_best_five(k: int) -> None:
    # Seven cards can hold a straight and three of a kind: the option must pick
    # the best five in its own order, not re-rank the default's choice.
    rng = np.random.default_rng(160 + k)
    rows = rd.random_hands(rng, 300_000, k, rd.SHORT_DECK)
    got = hands.short_deck_high(rows, trips_beat_straight=True)
    want = rd.best_of_fives("short_deck_trips", rows)
    assert not _mismatches(got, want, rows)
    both = C("9c 9d 9h Ts Jc Qd Kh")
    trips = hands.short_deck_high(both, trips_beat_straight=True)
    assert hands.describe(trips, kind="short_deck_trips") == "Three of a kind, nines"
    assert hands.describe(hands.short_deck_high(both), kind="short_deck") == "Straight, king high"


# ----------------------------------------------------------------------------
# Short deck: the rules by name
# ----------------------------------------------------------------------------


def sd(text: str, trips: bool = False) -> int:
    return hands.short_deck_high(text, trips_beat_straight=trips)


def test_short_deck_flush_beats_full_house() -> None:
    flush = sd("6s 7s 8s Ts Qs")
    full = sd("Ah Ad Kc Kh Kd")
    assert flush > full
    assert hands.category(flush, "short_deck") == Category.FLUSH
    assert hands.category(full, "short_deck") == Category.FULL_HOUSE
    # the weakest flush beats the best full house; four of a kind beats every flush
    assert sd("6s 7s 8s 9s Js") > sd("Ah Ad Ac Kh Kd")
    assert sd("6c 6d 6h 6s 7c") > sd("As Ks Qs Js 9s")
    # seven cards with a flush and three of a kind or two pairs: the flush plays
    for text in ("Ah Ad Ac 7h 8h 9h Jh", "Ah Ad Kh Kd 7h 8h 9h"):
        assert hands.category(sd(text), "short_deck") == Category.FLUSH
        assert sd(text) == rd.ref_short(C(text))


def test_short_deck_a_6_7_8_9_is_the_lowest_straight() -> None:
    lowest = sd("Ah 6c 7d 8h 9s")
    assert hands.category(lowest, "short_deck") == Category.STRAIGHT
    assert hands.describe(lowest, kind="short_deck") == "Straight, nine high"
    assert sd("6h 7c 8d 9h Ts") == lowest + 1  # the next straight
    assert lowest == sd("As Ah Ad Kc Qh") + 1  # just above the best three of a kind
    # suited, it is the lowest straight flush
    assert sd("Ah 6h 7h 8h 9h") == sd("6h 7h 8h 9h Th") - 1
    assert hands.category(sd("Ah 6h 7h 8h 9h"), "short_deck") == Category.STRAIGHT_FLUSH
    # and in seven cards the ace plays low only when it must
    assert hands.describe(sd("Ah 6c 7d 8h 9s Ts Js"), kind="short_deck") == "Straight, jack high"


def test_short_deck_ace_high_and_royal() -> None:
    assert sd("As Ks Qs Js Ts") == 1404
    assert hands.describe(1404, kind="short_deck") == "Royal flush"
    assert sd("Jc 9d 8h 7s 6c") == 1  # the worst hand: no 6-7-8-9-T straight
    assert hands.describe(1, kind="short_deck") == "High card, jack"


def test_short_deck_trips_beat_straight_is_an_option() -> None:
    trips, straight = "9c 9d 9h Kc Qs", "Ah 6c 7d 8h 9s"
    assert sd(trips) < sd(straight)
    assert sd(trips, True) > sd(straight, True)
    assert hands.category(sd(trips, True), "short_deck_trips") == Category.THREE_OF_A_KIND
    assert sd("6s 7s 8s Ts Qs", True) == sd("6s 7s 8s Ts Qs")  # flushes and up: the same
    assert sd("Ah Ad Kc Kh Kd", True) == sd("Ah Ad Kc Kh Kd")  # and full houses
    assert hands.short_deck_high(C(trips), trips_beat_straight=np.True_) == sd(trips, True)


# ----------------------------------------------------------------------------
# Five-card draw: ``high`` on five cards
# ----------------------------------------------------------------------------


def test_five_card_draw_is_high_on_five_cards() -> None:
    rng = np.random.default_rng(14)
    rows = rd.random_hands(rng, 100_000, 5, range(52))
    got = hands.high(rows)
    want = ref.five_card_values(rows)["high"]
    assert np.array_equal(got, want)
    assert [hands.high(r) for r in rows[:2000].tolist()] == got[:2000].tolist()
    # the wheel is a straight in high poker, unlike deuce-to-seven
    assert hands.describe(hands.high("Ah 5d 4h 3s 2c")) == "Straight, five high"
    assert hands.high("7c 5d 4h 3s 2c") == 1


# ----------------------------------------------------------------------------
# Batch and scalar, shapes, threads
# ----------------------------------------------------------------------------

EVALUATORS = {
    "deuce_to_seven_low": (hands.deuce_to_seven_low, range(52), (5, 6, 7)),
    "badugi": (hands.badugi, range(52), (4,)),
    "short_deck_high": (hands.short_deck_high, rd.SHORT_DECK, (5, 6, 7)),
}
CASES = [(name, k) for name, (_, _, ks) in EVALUATORS.items() for k in ks]


@pytest.mark.parametrize(("name", "k"), CASES)
def test_batch_equals_scalar(name: str, k: int) -> None:
    fn, deck, _ = EVALUATORS[name]
    rng = np.random.default_rng(k * 31 + len(name))
    rows = rd.random_hands(rng, 3000, k, deck)
    batch = fn(rows)
    assert batch.dtype == np.uint16 and batch.shape == (3000,)
    assert batch.tolist() == [fn(r) for r in rows.tolist()]
    assert batch[:50].tolist() == [fn(tuple(r)) for r in rows[:50].tolist()]
    texts = [" ".join(ref.RANK_CHARS[c // 4] + ref.SUIT_CHARS[c % 4] for c in r) for r in rows]
    assert batch[:50].tolist() == [fn(t) for t in texts[:50]]
    # any leading shape, dtype and layout
    cube = rows.reshape(10, 300, k).astype(">i4")
    assert np.array_equal(fn(cube), batch.reshape(10, 300))
    assert np.array_equal(fn(np.asfortranarray(rows.astype(np.uint16))), batch)
    assert fn(rows[:0]).shape == (0,)


@pytest.mark.parametrize(("name", "k"), CASES)
def test_threads_do_not_change_the_values(name: str, k: int) -> None:
    fn, deck, _ = EVALUATORS[name]
    rows = rd.random_hands(np.random.default_rng(7 + k), 100_000, k, deck).astype(np.uint8)
    one = fn(rows, threads=1)
    assert np.array_equal(one, fn(rows, threads=2))
    assert np.array_equal(one, fn(rows, threads=2**63))
    assert np.array_equal(one, fn(rows))


def test_scalar_numpy_integers_and_threads_argument() -> None:
    cards = [np.int64(c) for c in C("7c 5d 4h 3s 2c")]
    assert hands.deuce_to_seven_low(cards, threads=1) == 7462
    assert hands.badugi([np.uint8(c) for c in C("Ac 2d 3h 4s")]) == 1092
    with pytest.raises(ValueError, match="threads"):
        hands.badugi("Ac 2d 3h 4s", threads=0)


# ----------------------------------------------------------------------------
# describe and category
# ----------------------------------------------------------------------------


def test_describe_deuce_to_seven() -> None:
    names = {
        "7c 5d 4h 3s 2c": "Seven-five low",
        "8c 6d 4h 3s 2c": "Eight-six low",
        "Kc Qd Jh 9s 8c": "King-queen low",
        "2c 2d 7h 8s 9c": "Pair of deuces",
        "6c 5d 4h 3s 2c": "Straight, six high",
        "8c 6c 4c 3c 2c": "Flush, eight high",
        "As Ks Qs Js Ts": "Royal flush",
    }
    for text, name in names.items():
        assert hands.describe(d27(text), kind="deuce_to_seven") == name


def test_describe_badugi_every_value() -> None:
    for value, key in enumerate(rd.sorted_badugi_keys(), start=1):
        size, ranks = key[0], [-r for r in key[1]]
        words = ("One-card hand", "Two-card hand", "Three-card hand", "Four-card badugi")
        words = words[size - 1]
        tops = [("ace", *ref_names())[r - 1] for r in ranks[:2]]
        expected = f"{words}, {tops[0]}" if size == 1 else f"{words}, {tops[0]}-{tops[1]}"
        assert hands.describe(value, kind="badugi") == expected


def ref_names() -> tuple[str, ...]:
    """Names of the deuce .. king, as ``describe`` writes them."""
    return (
        "deuce",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "jack",
        "queen",
        "king",
    )


@pytest.mark.parametrize("kind", ["deuce_to_seven", "short_deck", "short_deck_trips"])
def test_category_of_every_value_is_the_twins(kind: str) -> None:
    keys = rd.sorted_keys(kind)
    values = np.arange(1, len(keys) + 1)
    got = hands.category(values, kind)
    if kind == "deuce_to_seven":
        want = [rd.D27_BADNESS[-k[0]] for k in keys]  # keys are the badness negated
    else:
        order = rd.SHORT_ORDER_TRIPS if kind == "short_deck_trips" else rd.SHORT_ORDER
        want = [order[k[0]] for k in keys]
    assert got.tolist() == want
    assert [hands.category(int(v), kind) for v in values[::50]] == [Category(w) for w in want[::50]]


def test_describe_and_category_refuse_bad_kinds_and_values() -> None:
    with pytest.raises(ValueError, match=r"1093 is not a badugi value \(1\.\.1092\)"):
        hands.describe(1093, kind="badugi")
    with pytest.raises(ValueError, match=r"1405 is not a short_deck value"):
        hands.describe(1405, kind="short_deck")
    with pytest.raises(ValueError, match=r"0 is not a deuce_to_seven value"):
        hands.describe(0, kind="deuce_to_seven")
    with pytest.raises(ValueError, match="kind must be one of"):
        hands.describe(1, kind="deuce-to-seven")
    with pytest.raises(ValueError, match="category kind must be one of"):
        hands.category(1, "badugi")
    with pytest.raises(ValueError, match=r"values must be in 1\.\.1404"):
        hands.category(np.array([1405]), "short_deck")


# ----------------------------------------------------------------------------
# Bad input
# ----------------------------------------------------------------------------

GOOD = {
    "deuce_to_seven_low": C("7c 5d 4h 3s 2c"),
    "badugi": C("Ac 2d 3h 4s"),
    "short_deck_high": C("Ah 6c 7d 8h 9s"),
}
COUNTS = {"deuce_to_seven_low": "5 to 7", "badugi": "4", "short_deck_high": "5 to 7"}


WRONG_COUNTS = [
    (name, n) for name, (_, _, ks) in EVALUATORS.items() for n in (0, 1, 3, 4, 5, 8) if n not in ks
]


@pytest.mark.parametrize(("name", "n"), WRONG_COUNTS)
def test_wrong_number_of_cards(name: str, n: int) -> None:
    fn, deck, _ = EVALUATORS[name]
    cards = list(deck)[: 4 * n : 4]  # n cards of different ranks
    assert len(cards) == n
    with pytest.raises(ValueError, match=rf"{name} needs {COUNTS[name]} cards, got {n}"):
        fn(cards)
    with pytest.raises(ValueError, match=rf"{name} needs {COUNTS[name]} cards on the last axis"):
        fn(np.array([cards, cards], dtype=np.int64).reshape(2, n))


@pytest.mark.parametrize("name", list(EVALUATORS))
def test_repeated_cards_and_bad_codes(name: str) -> None:
    fn = EVALUATORS[name][0]
    good = GOOD[name]
    twice = [*good[:-1], good[0]]
    with pytest.raises(ValueError, match=r"appears twice"):
        fn(twice)
    with pytest.raises(ValueError, match=r"row 1 \(cards .*\): card .* appears twice"):
        fn(np.array([good, twice, good]))
    for code in (52, -1, 255):
        bad = [*good[:-1], code]
        with pytest.raises(ValueError, match=rf"card code {code} is outside 0\.\.51"):
            fn(bad)
        with pytest.raises(ValueError, match=rf"row 2 \(cards .*\): card code {code} is outside"):
            fn(np.array([good, good, bad], dtype=np.int64))
    with pytest.raises(ValueError, match="must be an integer"):
        fn([*good[:-1], 3.0])
    with pytest.raises(ValueError, match="integer dtype"):
        fn(np.array([good], dtype=np.float64))
    with pytest.raises(ValueError, match="must be a str or a sequence"):
        fn(12345)


def test_cards_below_six_are_not_in_the_short_deck() -> None:
    for text in ("5s 6c 7d 8h 9s", "Ah 2c 3d 4h 5s", "Ah Kc Qd Jh Ts 2c 9s"):
        low = min((c for c in C(text) if c < 16), key=C(text).index)
        with pytest.raises(ValueError, match=r"is not in the short deck \(sixes to aces\)"):
            hands.short_deck_high(text)
        with pytest.raises(
            ValueError,
            match=rf"row 1 \(cards .*\): card {ref.RANK_CHARS[low // 4]}"
            rf"{ref.SUIT_CHARS[low % 4]} is not in the short deck",
        ):
            hands.short_deck_high(np.array([C("Ah 6c 7d 8h 9s Ts Js")[: len(C(text))], C(text)]))
    # every card from six up is in the deck; every card below it is refused
    for code in range(52):
        cards = [code, *[c for c in (51, 47, 43, 39, 35, 31) if c != code][:4]]
        if code >= 16:
            assert hands.short_deck_high(cards) >= 1
        else:
            with pytest.raises(ValueError, match="not in the short deck"):
                hands.short_deck_high(cards)
    # a repeated card is named first, as elsewhere
    with pytest.raises(ValueError, match="appears twice"):
        hands.short_deck_high(C("2c 2c 7d 8h 9s"))


def test_trips_beat_straight_must_be_a_bool() -> None:
    for bad in (1, 0, "yes", None, 1.0):
        with pytest.raises(ValueError, match="trips_beat_straight must be True or False"):
            hands.short_deck_high("Ah 6c 7d 8h 9s", trips_beat_straight=bad)


REENTRANT_CHILD = """
import numpy as np
from croupier import hands

class Hook:
    '''An int-like card whose __index__ first runs ``action``.'''
    def __init__(self, value, action):
        self.value, self.action = value, action
    def __index__(self):
        self.action()
        return self.value

def value_error(call, text):
    try:
        call()
    except ValueError as exc:
        assert text in str(exc), str(exc)
        return
    raise AssertionError(f"no ValueError ({text})")

for name, fn, good in (
    ("deuce_to_seven_low", hands.deuce_to_seven_low, [51, 46, 41, 36, 31, 26, 21]),
    ("badugi", hands.badugi, [48, 1, 6, 11]),
    ("short_deck_high", hands.short_deck_high, [51, 46, 41, 36, 31, 26, 21]),
):
    want = fn(good)
    print(name, "clear", flush=True)
    cards = []
    cards[:] = [Hook(good[0], cards.clear), *good[1:]]
    assert fn(cards) == want
    print(name, "refill", flush=True)
    junk = [None] * 4000
    def refill():
        cards.clear()
        for i in range(len(junk)):
            junk[i] = b"A" * 30
    cards = [*good[:-1], Hook(good[-1], refill)]
    assert fn(cards) == want
    print(name, "grow", flush=True)
    cards = [Hook(good[0], lambda: cards.extend(range(100_000))), *good[1:]]
    assert fn(cards) == want
    print(name, "replace", flush=True)
    cards = [*good[:-1], Hook(good[-1], lambda: cards.__setitem__(slice(None), [None] * 2))]
    assert fn(cards) == want
    print(name, "bad-after-hook", flush=True)
    cards = []
    cards[:] = [Hook(good[0], cards.clear), *good[1:-1], 99]
    value_error(lambda: fn(cards), "card code 99 is outside 0..51")

class Lying:
    def __init__(self, length, items):
        self.length, self.items = length, items
    def __len__(self):
        return self.length
    def __iter__(self):
        return iter(self.items)

print("len-lies", flush=True)
value_error(lambda: hands.badugi(Lying(4, [48, 1])), "badugi needs 4 cards, got 2")
value_error(lambda: hands.badugi(Lying(2**100, [48, 1, 6, 11])), "must be a str or a sequence")
assert hands.badugi(Lying(0, [48, 1, 6, 11])) == hands.badugi([48, 1, 6, 11])
print("below-six-hook", flush=True)
cards = [Hook(51, lambda: None), 46, 41, 36, 3]
value_error(lambda: hands.short_deck_high(cards), "card 2s is not in the short deck")
print("done", flush=True)
"""


def test_reentrant_index_and_len_cannot_break_the_readers() -> None:
    """Items whose ``__index__`` empties, refills, grows or replaces the list being read.

    Run in a child interpreter with ``PYTHONMALLOC=debug``, so that a read of
    freed memory crashes it (a signal fails the test) instead of passing.
    """
    # The child imports the croupier this interpreter has installed.
    env = {**os.environ, "PYTHONMALLOC": "debug", "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(REENTRANT_CHILD)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, (proc.returncode, proc.stdout[-2000:], proc.stderr[-3000:])
    lines = proc.stdout.split("\n")
    steps = ("clear", "refill", "grow", "replace", "bad-after-hook")
    expected = [f"{name} {step}" for name in EVALUATORS for step in steps]
    assert lines[: len(expected)] == expected
    assert lines[len(expected) :] == ["len-lies", "below-six-hook", "done", ""]


def test_the_short_deck_enumeration_gives_every_subset_once() -> None:
    # The enumerations the exhaustive tests use are what they claim to be.
    rows = rd.combinations_of(rd.SHORT_DECK, 3)
    assert len({tuple(r) for r in rows.tolist()}) == math.comb(36, 3)
    assert rows.min() == 16 and rows.max() == 51
    assert all(list(r) == sorted(r) for r in itertools.islice(rows.tolist(), 1000))
