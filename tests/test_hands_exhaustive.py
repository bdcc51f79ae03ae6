"""Exhaustive checks of croupier.hands over every 5-, 6- and 7-card hand.

Expected values come from tests/reference.py (written from docs/rules.md) and from
counts worked out from the rules by combinatorics (in the comments).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter

import numpy as np
import pytest
import reference as ref

from croupier import hands


@pytest.fixture(scope="module")
def all_fives() -> np.ndarray:
    """Every five-card hand once, as an increasing row of codes (2,598,960 rows)."""
    fives = ref.colex_combinations(52, 5)
    assert fives.shape == (math.comb(52, 5), 5)
    return fives


@pytest.fixture(scope="module")
def five_reference(all_fives: np.ndarray) -> dict[str, np.ndarray]:
    return ref.five_card_values(all_fives, sorted_rows=True)


@pytest.fixture(scope="module")
def five_high(all_fives: np.ndarray) -> np.ndarray:
    return hands.high(all_fives)


# ----------------------------------------------------------------------------
# Five cards
# ----------------------------------------------------------------------------


def test_five_card_high_has_7462_distinct_values(five_high: np.ndarray) -> None:
    assert five_high.dtype == np.uint16
    assert five_high.shape == (math.comb(52, 5),)
    distinct = np.unique(five_high)
    assert distinct.size == 7462
    assert distinct[0] == 1 and distinct[-1] == 7462


def test_reference_has_7462_distinct_high_keys() -> None:
    assert len(ref.sorted_high_keys()) == 7462


# Five-card category counts, worked from the rules:
#   straight flush 10 tops x 4 suits = 40; quads 13 x 48 = 624;
#   full house 13 x 4 x 12 x 6 = 3,744; flush 4 x (C(13,5) - 10) = 5,108;
#   straight 10 x (4^5 - 4) = 10,200; trips 13 x 4 x C(12,2) x 16 = 54,912;
#   two pair C(13,2) x 36 x 44 = 123,552; pair 13 x 6 x C(12,3) x 64 = 1,098,240;
#   high card (C(13,5) - 10) x (4^5 - 4) = 1,302,540.
FIVE_CARD_CATEGORY_COUNTS = {
    ref.STRAIGHT_FLUSH: 40,
    ref.QUADS: 624,
    ref.FULL_HOUSE: 3_744,
    ref.FLUSH: 5_108,
    ref.STRAIGHT: 10_200,
    ref.TRIPS: 54_912,
    ref.TWO_PAIR: 123_552,
    ref.PAIR: 1_098_240,
    ref.HIGH_CARD: 1_302_540,
}


def test_five_card_category_counts_follow_the_rules(five_high: np.ndarray) -> None:
    cats = hands.category(five_high)
    assert cats.dtype == np.uint8
    counts = np.bincount(cats, minlength=9)
    assert dict(enumerate(counts.tolist())) == FIVE_CARD_CATEGORY_COUNTS
    assert sum(FIVE_CARD_CATEGORY_COUNTS.values()) == math.comb(52, 5)


def test_reference_five_card_category_counts(five_reference: dict[str, np.ndarray]) -> None:
    # The reference itself agrees with the combinatorics above.
    cat_of_value = np.array([0] + [k[0] for k in ref.sorted_high_keys()], dtype=np.uint8)
    counts = np.bincount(cat_of_value[five_reference["high"]], minlength=9)
    assert dict(enumerate(counts.tolist())) == FIVE_CARD_CATEGORY_COUNTS


def test_every_five_card_high_value_matches_reference(
    five_high: np.ndarray, five_reference: dict[str, np.ndarray]
) -> None:
    mismatch = np.flatnonzero(five_high != five_reference["high"])
    assert mismatch.size == 0, _first_mismatches(mismatch, five_high, five_reference["high"])


def test_every_five_card_ace_to_five_low_matches_reference(
    all_fives: np.ndarray, five_reference: dict[str, np.ndarray]
) -> None:
    lows = hands.ace_to_five_low(all_fives)
    assert lows.dtype == np.uint16
    assert np.unique(lows).size == 6175
    assert lows.min() == 1 and lows.max() == 6175
    mismatch = np.flatnonzero(lows != five_reference["a5"])
    assert mismatch.size == 0, _first_mismatches(mismatch, lows, five_reference["a5"])


def test_reference_has_6175_ace_to_five_and_56_eight_or_better_keys() -> None:
    assert len(ref.sorted_a5_keys()) == 6175
    assert len(ref.sorted_low8_keys()) == 56 == math.comb(8, 5)


# Pairing classes of five-card hands for ace-to-five (suits ignored):
#   no pair C(13,5) x 4^5 = 1,317,888 (straights and flushes included);
#   pair, two pair, trips, full house, quads as for high hands.
FIVE_CARD_A5_CLASS_COUNTS = {
    ref.HIGH_CARD: 1_317_888,
    ref.PAIR: 1_098_240,
    ref.TWO_PAIR: 123_552,
    ref.TRIPS: 54_912,
    ref.FULL_HOUSE: 3_744,
    ref.QUADS: 624,
}


def test_five_card_ace_to_five_pairing_counts(all_fives: np.ndarray) -> None:
    cats = hands.category(hands.ace_to_five_low(all_fives), "ace_to_five")
    counts = Counter(cats.tolist())
    assert counts == FIVE_CARD_A5_CLASS_COUNTS


def test_every_five_card_eight_or_better_low_matches_reference(
    all_fives: np.ndarray, five_reference: dict[str, np.ndarray]
) -> None:
    lows = hands.eight_or_better_low(all_fives)
    qualifying = lows[lows > 0]
    assert np.unique(qualifying).size == 56
    assert qualifying.min() == 1 and qualifying.max() == 56
    # Each of the C(8,5) = 56 qualifying rank sets with any suits: 56 x 4^5 hands.
    assert qualifying.size == 56 * 4**5
    mismatch = np.flatnonzero(lows != five_reference["low8"])
    assert mismatch.size == 0, _first_mismatches(mismatch, lows, five_reference["low8"])


def _first_mismatches(idx: np.ndarray, got: np.ndarray, want: np.ndarray) -> str:
    first = idx[:5]
    return (
        f"{idx.size} mismatches; first rows {first.tolist()}: "
        f"got {got[first].tolist()}, want {want[first].tolist()}"
    )


# ----------------------------------------------------------------------------
# Six cards: every one of the C(52,6) = 20,358,520 hands against the reference
# ----------------------------------------------------------------------------


def test_every_six_card_hand_matches_reference() -> None:
    tails = ref.colex_combinations(51, 5)
    total = 0
    for first in range(52 - 5):
        # Hands whose lowest card is `first`: five more from the cards above it.
        tail = tails[: math.comb(51 - first, 5)] + np.uint8(first + 1)
        chunk = np.empty((len(tail), 6), dtype=np.uint8)
        chunk[:, 0] = first
        chunk[:, 1:] = tail
        want = ref.best_of_subsets(chunk)
        for name, got in (
            ("high", hands.high(chunk)),
            ("a5", hands.ace_to_five_low(chunk)),
            ("low8", hands.eight_or_better_low(chunk)),
        ):
            bad = np.flatnonzero(got != want[name])
            assert bad.size == 0, (
                f"{name}: {bad.size} mismatches, e.g. {chunk[bad[0]].tolist()}: "
                f"got {got[bad[0]]}, want {want[name][bad[0]]}"
            )
        total += len(chunk)
    assert total == math.comb(52, 6)


# ----------------------------------------------------------------------------
# Seven cards: all C(52,7) = 133,784,560 hands through the batch path
# ----------------------------------------------------------------------------

# Standard seven-card counts (best five of seven).
SEVEN_CARD_CATEGORY_COUNTS = {
    ref.STRAIGHT_FLUSH: 41_584,
    ref.QUADS: 224_848,
    ref.FULL_HOUSE: 3_473_184,
    ref.FLUSH: 4_047_644,
    ref.STRAIGHT: 6_180_020,
    ref.TRIPS: 6_461_620,
    ref.TWO_PAIR: 31_433_400,
    ref.PAIR: 58_627_800,
    ref.HIGH_CARD: 23_294_460,
}
SEVEN_CARD_EIGHT_OR_BETTER_LOWS = 24_530_944


def _seven_card_chunks():
    """Every seven-card hand once, in chunks: for each second-lowest card ``b``, every
    lowest card ``a < b`` and every five cards above ``b`` (colex prefix, shifted)."""
    tails = ref.colex_combinations(50, 5)
    for b in range(1, 52 - 5):
        tail = tails[: math.comb(51 - b, 5)] + np.uint8(b + 1)
        chunk = np.empty((b * len(tail), 7), dtype=np.uint8)
        chunk[:, 0] = np.repeat(np.arange(b, dtype=np.uint8), len(tail))
        chunk[:, 1] = b
        chunk[:, 2:] = np.tile(tail, (b, 1))
        yield chunk


@pytest.fixture(scope="module")
def seven_card_census() -> dict[str, object]:
    start = time.perf_counter()
    high_hist = np.zeros(7463, dtype=np.int64)
    lows = 0
    total = 0
    for chunk in _seven_card_chunks():
        high_hist += np.bincount(hands.high(chunk, threads=None), minlength=7463)
        lows += int(np.count_nonzero(hands.eight_or_better_low(chunk, threads=None)))
        total += len(chunk)
    return {
        "hist": high_hist,
        "lows": lows,
        "total": total,
        "seconds": time.perf_counter() - start,
    }


def test_seven_card_enumeration_covers_every_hand(seven_card_census) -> None:
    assert seven_card_census["total"] == math.comb(52, 7)
    assert seven_card_census["hist"].sum() == math.comb(52, 7)


def test_seven_card_high_category_counts(seven_card_census) -> None:
    hist = seven_card_census["hist"]
    assert hist[0] == 0  # no valid hand has value 0
    cat_of_value = np.array([0] + [k[0] for k in ref.sorted_high_keys()])
    counts = np.bincount(cat_of_value, weights=hist, minlength=9).astype(np.int64)
    assert dict(enumerate(counts.tolist())) == SEVEN_CARD_CATEGORY_COUNTS
    # The evaluator's own category() agrees with the reference category of each value.
    values = np.arange(1, 7463)
    assert np.array_equal(hands.category(values), cat_of_value[1:])


def test_seven_card_high_values_are_exactly_the_reachable_ones(seven_card_census) -> None:
    """The set of values seen equals the set the reference says seven cards can make.

    Non-flush values: every multiset of seven ranks (at most four of a rank) can
    be dealt without five cards of one suit (give its sorted cards the suits
    c, d, h, s, c, d, h: copies of a rank are adjacent, so they get distinct
    suits); its value is the best five of its ranks without a flush.  Flush and
    straight-flush values: any five suited ranks with two cards of other suits,
    which cannot make a full house or quads, so every five-card flush value is
    reachable.
    """
    reachable = set()
    for m in itertools.combinations_with_replacement(range(13), 7):
        if max(Counter(m).values()) > 4:
            continue
        best = max(ref.high_key_ranks(f, False) for f in itertools.combinations(m, 5))
        reachable.add(ref.high_dense(best))
    for five in itertools.combinations(range(13), 5):
        reachable.add(ref.high_dense(ref.high_key_ranks(five, True)))
    seen = set(np.flatnonzero(seven_card_census["hist"]).tolist())
    assert seen == reachable


def test_seven_card_eight_or_better_low_count(seven_card_census) -> None:
    assert seven_card_census["lows"] == SEVEN_CARD_EIGHT_OR_BETTER_LOWS


def test_seven_card_census_is_within_ci_budget(seven_card_census) -> None:
    assert seven_card_census["seconds"] < 60, f"took {seven_card_census['seconds']:.1f} s"
