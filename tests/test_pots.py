"""Side pots and settlement (croupier.pots) against docs/rules.md §6 and seeds 001/002.

Expected values come from the seeds' worked examples or are worked out by
hand in the comments; the random tests compare the Cython kernel with the
plain-Python reference in ``pots_reference.py`` and check the rules'
invariants.
"""

from __future__ import annotations

import doctest
import itertools
import pickle
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pots_reference as ref
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier
from croupier import pots
from croupier.pots import Pot, award, distribute, settle, side_pots, uncalled

F, T = False, True
X = TypeVar("X")


# ---------------------------------------------------------------------------
# Seed 001: A 200 all-in, B 500 all-in, C 500 (called), D 100 (big blind) folded.
# Seats as at the seed's table, numbered from the left of the button:
# A is the small blind (seat 0), D the big blind (1), B under the gun (2),
# C the button (3).
# ---------------------------------------------------------------------------

A, D, B, C = 0, 1, 2, 3
SEED1_PUT = [200, 100, 500, 500]
SEED1_FOLDED = [F, T, F, F]


def seed1_values(order: str) -> list[int]:
    """High values from an order such as "A > B = C" (D folded: value ignored)."""
    values = [0, 0, 0, 0]
    strength = 10
    for group in order.split(">"):
        for name in group.split("="):
            values[{"A": A, "B": B, "C": C}[name.strip()]] = strength
        strength -= 1
    return values


def test_main_pot_takes_up_to_the_smallest_all_in_from_every_contributor() -> None:
    # Seed 001: main 700 (A 200 + B 200 + C 200 + D 100), side 600 (B 300 + C 300).
    assert side_pots(SEED1_PUT, SEED1_FOLDED) == [
        Pot(700, (A, B, C)),
        Pot(600, (B, C)),
    ]
    assert uncalled(SEED1_PUT) is None


@pytest.mark.parametrize(
    ("order", "main_to", "side_to"),
    [
        # The seed's table: order of hands, winner of the main pot, of the side pot.
        ("A > C > B", {A: 700}, {C: 600}),
        ("B > A > C", {B: 700}, {B: 600}),
        ("C > B > A", {C: 700}, {C: 600}),
        ("A > B = C", {A: 700}, {B: 300, C: 300}),
    ],
)
def test_each_pot_goes_to_the_best_hand_among_its_eligible_players(
    order: str, main_to: dict[int, int], side_to: dict[int, int]
) -> None:
    s = settle(SEED1_PUT, SEED1_FOLDED, seed1_values(order))
    assert s.shares == (
        tuple(main_to.get(i, 0) for i in range(4)),
        tuple(side_to.get(i, 0) for i in range(4)),
    )
    expected = [main_to.get(i, 0) + side_to.get(i, 0) for i in range(4)]
    assert award(SEED1_PUT, SEED1_FOLDED, seed1_values(order)) == expected


def test_an_all_in_player_wins_at_most_their_own_stake_from_each_opponent() -> None:
    # Seed 001, first row (A > C > B): A +500, C +100, B -500, D -100; sums to 0.
    s = settle(SEED1_PUT, SEED1_FOLDED, seed1_values("A > C > B"))
    assert s.net[A] == 500
    assert s.net[C] == 100
    assert s.net[B] == -500
    assert s.net[D] == -100
    assert sum(s.net) == 0


def test_chips_nobody_matched_are_not_a_pot_but_go_back() -> None:
    # Seed 001: C need not put in more than B's 500; had C pushed 1,200 the
    # 700 nobody could match would come back to C.
    put = [200, 100, 500, 1200]
    assert uncalled(put) == (C, 700)
    assert side_pots(put, SEED1_FOLDED) == [Pot(700, (A, B, C)), Pot(600, (B, C))]
    assert award(put, SEED1_FOLDED, seed1_values("A > B > C")) == [700, 0, 600, 700]


def test_side_pot_layers_for_three_stacks() -> None:
    # Seed 001, quiz 3: A all-in 300, B all-in 700, C calls 700:
    # main 900 (300 x 3), side 800 (400 x 2).
    assert side_pots([300, 700, 700], [F, F, F]) == [Pot(900, (0, 1, 2)), Pot(800, (1, 2))]


def test_dealer_builds_the_side_pot_from_the_difference() -> None:
    # Seed 002, dealer's view: short stack 5,700, three others 6,000:
    # main 5,700 x 4 = 22,800 and side 300 x 3 = 900.
    assert side_pots([5700, 6000, 6000, 6000], [F, F, F, F]) == [
        Pot(22800, (0, 1, 2, 3)),
        Pot(900, (1, 2, 3)),
    ]


# ---------------------------------------------------------------------------
# Seed 002: all-ins of 100,000 (lion), 50,000 (rabbit) and 10,000 (penguin).
# ---------------------------------------------------------------------------

LION, RABBIT, PENGUIN = 0, 1, 2
SEED2_PUT = [100_000, 50_000, 10_000]


def seed2_values(*strongest_first: int) -> list[int]:
    values = [0, 0, 0]
    for rank, seat in enumerate(strongest_first):
        values[seat] = 3 - rank
    return values


def test_seed2_pots_and_uncalled() -> None:
    # Main 10,000 x 3, side 40,000 x 2; the lion's last 50,000 nobody matched.
    assert side_pots(SEED2_PUT, [F, F, F]) == [
        Pot(30_000, (LION, RABBIT, PENGUIN)),
        Pot(80_000, (LION, RABBIT)),
    ]
    assert uncalled(SEED2_PUT) == (LION, 50_000)


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        # (1) the lion wins: every chip moves to the lion.
        ((LION, RABBIT, PENGUIN), [160_000, 0, 0]),
        ((LION, PENGUIN, RABBIT), [160_000, 0, 0]),
        # (2) the rabbit wins: 50,000 from the lion, 10,000 from the penguin,
        # the lion keeps the other 50,000.
        ((RABBIT, LION, PENGUIN), [50_000, 110_000, 0]),
        ((RABBIT, PENGUIN, LION), [50_000, 110_000, 0]),
        # (3A) penguin > lion > rabbit: 10,000 from each to the penguin, then
        # the lion takes the rabbit's remaining 40,000 and keeps its own 90,000.
        ((PENGUIN, LION, RABBIT), [130_000, 0, 30_000]),
        # (3B) penguin > rabbit > lion: the rabbit takes 40,000 of the lion's
        # remaining 90,000; the lion keeps 50,000.
        ((PENGUIN, RABBIT, LION), [50_000, 80_000, 30_000]),
    ],
)
def test_from_each_opponent_a_player_wins_at_most_what_they_put_in(
    order: tuple[int, int, int], expected: list[int]
) -> None:
    assert award(SEED2_PUT, [F, F, F], seed2_values(*order)) == expected
    # Seed 002's player-by-player procedure gives the same.
    assert ref.award_by_opponents(SEED2_PUT, [F, F, F], seed2_values(*order)) == expected


# ---------------------------------------------------------------------------
# Ties, odd chips, hi/lo (worked by hand)
# ---------------------------------------------------------------------------


def test_tied_hands_split_and_odd_chips_go_to_the_lowest_seats_first() -> None:
    # Seat 0 folded its 1; pot 10 three ways: 3 each and one odd chip to seat 1.
    assert award([1, 3, 3, 3], [T, F, F, F], [0, 5, 5, 5]) == [0, 4, 3, 3]
    # Pot 11 three ways: two odd chips, to seats 1 and 2.
    assert award([2, 3, 3, 3], [T, F, F, F], [0, 5, 5, 5]) == [0, 4, 4, 3]
    # Pot 5 between seats 0 and 2 (seat 1 folded): the odd chip to seat 0.
    assert award([2, 1, 2], [F, T, F], [7, 9, 7]) == [3, 0, 2]
    # ...and between seats 1 and 2 when seat 0 has the worse hand: seat 1.
    assert award([1, 2, 2], [F, F, F], [1, 7, 7]) == [0, 3, 2]


def test_odd_chip_of_a_hi_lo_split_goes_to_the_high_half() -> None:
    # Pot 15: high half 8 to seat 0, low half 7 to seat 1.
    assert award([5, 5, 5], [F, F, F], [3, 2, 1], [0, 9, 4]) == [8, 7, 0]


def test_pot_without_a_qualifying_low_goes_wholly_to_the_high() -> None:
    assert award([5, 5, 5], [F, F, F], [3, 2, 1], [0, 0, 0]) == [15, 0, 0]
    # Seat 0 (all-in 100) has the only low: the main pot 300 is halved
    # (150 to the high, seat 1; 150 to seat 0's low); the side pot 400 has no
    # low among its players, so all of it goes to the high.
    assert award([100, 300, 300], [F, F, F], [1, 3, 2], [10, 0, 0]) == [150, 550, 0]


def test_low_half_goes_to_the_best_low_among_the_pots_eligible_players() -> None:
    # Seat 0 has the best low but is all-in for 100: main 300 = 150 high
    # (seat 1) + 150 low (seat 0); side 400 = 200 high (seat 1) + 200 low
    # (seat 2, the best low among seats 1 and 2).
    assert award([100, 300, 300], [F, F, F], [1, 3, 2], [50, 0, 20]) == [150, 350, 200]


def test_one_hand_with_the_best_high_and_low_scoops() -> None:
    assert award([5, 5, 5], [F, F, F], [3, 2, 1], [9, 4, 0]) == [15, 0, 0]


def test_tied_high_half_odd_chips_go_to_the_lowest_seats() -> None:
    # Pot 7 (seat 3 folded its 1); high tied three ways, seat 2 has the only
    # low.  Low half 3 to seat 2; high half 4 = 1 + 1 + 1 and the odd chip
    # to seat 0.
    assert award([2, 2, 2, 1], [F, F, F, T], [6, 6, 6, 0], [0, 0, 5, 0]) == [2, 1, 4, 0]


def test_tied_low_half_odd_chips_go_to_the_lowest_seats() -> None:
    # Pot 15: high half 8; low half 7 tied = 4 to the lower seat, 3 to the other.
    assert award([5, 5, 5], [F, F, F], [3, 2, 1], [0, 6, 6]) == [8, 4, 3]
    assert award([5, 5, 5], [F, F, F], [2, 3, 1], [6, 0, 6]) == [4, 8, 3]


# ---------------------------------------------------------------------------
# Folds
# ---------------------------------------------------------------------------


def test_when_everyone_else_folds_the_last_player_takes_the_pot() -> None:
    # Seat 0 bets 100, the blinds of 20 fold: 80 comes back, the pot of 60 is seat 0's.
    assert side_pots([100, 20, 20], [F, T, T]) == [Pot(60, (0,))]
    assert award([100, 20, 20], [F, T, T], [0, 0, 0]) == [140, 0, 0]


def test_layers_nobody_still_in_contested_go_back_to_who_put_them_in() -> None:
    # Seat 0 all-in 50; seats 1 and 2 put in 100 each, then both folded.
    # Nothing is uncalled (100 was matched), but nobody still in put chips into
    # the layer 50..100: seat 0 wins 50 from each, the other 50 each go back
    # (docs/rules.md §6: from each opponent at most what you put in yourself).
    assert uncalled([50, 100, 100]) is None
    assert side_pots([50, 100, 100], [F, T, T]) == [Pot(150, (0,))]
    assert award([50, 100, 100], [F, T, T], [1, 9, 9]) == [150, 50, 50]
    s = settle([50, 100, 100], [F, T, T], [1, 9, 9])
    assert s.returned == (0, 50, 50)
    assert s.net == (100, -50, -50)
    # Nobody still in put in anything at all: everything goes back.
    assert award([0, 10, 10], [F, T, T], [1, 0, 0]) == [0, 10, 10]
    assert side_pots([0, 10, 10], [F, T, T]) == []


def test_the_antes_example_of_the_rules_page() -> None:
    # Antes 5, blinds 1/2, stacks 100, 3, 100: seat 1 is all-in for 3 on the
    # ante; the button (5 in) and the small blind (5 + 1, the blind uncalled)
    # fold.  Seat 1 wins 3 from each: (-3, +6, -3), not (-5, +10, -5).
    s = settle([6, 3, 5], [T, F, T], [0, 1, 0])
    assert s.uncalled == (0, 1)
    assert s.returned == (3, 0, 2)
    assert s.pots == (Pot(9, (1,)),)
    assert s.net == (-3, 6, -3)


def test_a_side_pot_between_folded_players_goes_back_above_the_all_ins() -> None:
    # Seats 0 (50) and 1 (100) are still in; seats 2 and 3 put in 150 and
    # folded.  Main 50 x 4 = 200 (0, 1); side 50 x 3 = 150 (1); the 50 + 50
    # above seat 1's all-in nobody still in matched: back to seats 2 and 3.
    assert side_pots([50, 100, 150, 150], [F, F, T, T]) == [Pot(200, (0, 1)), Pot(150, (1,))]
    assert award([50, 100, 150, 150], [F, F, T, T], [9, 1, 0, 0]) == [200, 150, 50, 50]
    # Two players still in with nothing in: the chips of the folded go back.
    assert award([0, 0, 10, 10], [F, F, T, T], [1, 2, 0, 0]) == [0, 0, 10, 10]


def test_a_folded_player_gets_back_only_their_uncalled_chips() -> None:
    # Seat 1 bet 100 and (oddly) folded; 70 was never matched and goes back.
    assert award([30, 100], [F, T], [1, 0]) == [60, 70]


def test_values_of_folded_players_are_ignored() -> None:
    expected = award(SEED1_PUT, SEED1_FOLDED, seed1_values("A > C > B"))
    for junk in (None, 10**30, -5, "As Ks", 2.5):
        values = seed1_values("A > C > B")
        high: list[Any] = list(values)
        high[D] = junk
        low: list[Any] = [0, junk, 0, 0]
        assert award(SEED1_PUT, SEED1_FOLDED, high) == expected
        assert award(SEED1_PUT, SEED1_FOLDED, high, low) == expected


# ---------------------------------------------------------------------------
# The values and the API
# ---------------------------------------------------------------------------


def test_pot_and_settlement_are_frozen_values() -> None:
    p = Pot(700, [0, 1, 2])
    assert p == Pot(700, (0, 1, 2))
    assert p != Pot(700, (0, 1))
    assert hash(p) == hash(Pot(700, (0, 1, 2)))
    assert repr(p) == "Pot(amount=700, eligible=(0, 1, 2))"
    assert pickle.loads(pickle.dumps(p)) == p
    with pytest.raises(AttributeError):
        p.amount = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        p.other = 5  # type: ignore[attr-defined]
    match p:
        case Pot(amount, eligible):
            assert (amount, eligible) == (700, (0, 1, 2))
    s = settle(SEED2_PUT, [F, F, F], seed2_values(RABBIT, LION, PENGUIN))
    assert s == settle(SEED2_PUT, [F, F, F], seed2_values(RABBIT, LION, PENGUIN))
    assert pickle.loads(pickle.dumps(s)) == s
    assert s.uncalled == (LION, 50_000)
    assert s.payouts == (50_000, 110_000, 0)
    assert s.net == (-50_000, 60_000, -10_000)
    with pytest.raises(AttributeError):
        s.payouts = ()  # type: ignore[misc]


def test_accepts_tuples_iterables_and_numpy_integers() -> None:
    import numpy as np

    expected = [700, 0, 0, 600]  # seed 001, A > C > B: main to A, side to C
    values = seed1_values("A > C > B")
    assert award(tuple(SEED1_PUT), tuple(SEED1_FOLDED), tuple(values)) == expected
    assert award(iter(SEED1_PUT), iter(SEED1_FOLDED), iter(values)) == expected
    assert (
        award(
            np.array(SEED1_PUT, dtype=np.int64),
            np.array(SEED1_FOLDED),
            np.array(values, dtype=np.uint16),
        )
        == expected
    )
    assert award(SEED1_PUT, [0, 1, 0, 0], values) == expected  # 0/1 for folded
    assert all(type(x) is int for x in award(np.array(SEED1_PUT), SEED1_FOLDED, values))


def test_amounts_up_to_2_62_in_total() -> None:
    # (Beyond 2**62 an exact path settles: tests/test_hand_limits.py.)
    big = 2**61
    assert award([big, big], [F, F], [1, 2]) == [0, 2**62]
    assert award([2**62, 0], [F, F], [1, 2]) == [2**62, 0]
    assert uncalled([2**62, 0]) == (0, 2**62)
    # 2**62 - 4 uncalled; the pot of 4 split three ways, the odd chip to seat 0.
    assert award([2**62 - 3, 1, 1, 1], [F, F, F, F], [1, 1, 1, 0]) == [2**62 - 2, 1, 1, 0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([100, -1], [F, F], [1, 2]), "negative"),
        (([100, 1.0], [F, F], [1, 2]), "integer"),
        (([100, float("nan")], [F, F], [1, 2]), "integer"),
        (([100, True], [F, F], [1, 2]), "bool"),
        (([100, "5"], [F, F], [1, 2]), "integer"),
        (([100, None], [F, F], [1, 2]), "integer"),
        (([100, 100], [F, F, F], [1, 2]), "folded has 3"),
        (([100, 100], [F, F], [1]), "high has 1"),
        (([100, 100], [T, T], [1, 2]), "every player folded"),
        (([], [], []), "no players"),
        (([1] * 65, [F] * 65, [1] * 65), "at most 64"),
        (([100, 100], [F, 2], [1, 2]), "folded\\[1\\]"),
        (([100, 100], [F, "yes"], [1, 2]), "folded\\[1\\]"),
        (([100, 100], [F, F], [1, -2]), "high\\[1\\] is negative"),
        (([100, 100], [F, F], [1, None]), "high\\[1\\]"),
        (([100, 100], [F, F], [1, 2.0]), "high\\[1\\]"),
        ((100, [F], [1]), "sequence"),
        (("100", [F], [1]), "sequence"),
    ],
)
def test_invalid_input_is_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        award(*args)  # type: ignore[arg-type]


def test_invalid_low_values_are_refused_and_inputs_are_left_alone() -> None:
    put, folded, high, low = [5, 5], [F, F], [1, 2], [0, -1]
    with pytest.raises(ValueError, match=r"low\[1\] is negative"):
        award(put, folded, high, low)
    with pytest.raises(ValueError, match="low has 1"):
        award(put, folded, high, [0])
    with pytest.raises(ValueError, match="every player folded"):
        side_pots([1, 2], [T, T])
    with pytest.raises(ValueError, match="no players"):
        uncalled([])
    assert (put, folded, high, low) == ([5, 5], [F, F], [1, 2], [0, -1])
    assert award(put, folded, high) == [0, 10]
    assert (put, folded, high) == ([5, 5], [F, F], [1, 2])


def test_up_to_64_players() -> None:
    # Seat i put in i + 1.  Seat 0 (1 chip) has the best hand and takes 1 from
    # each of the 64; of the rest, seat 63 (64 chips) has the best hand: it
    # gets its uncalled 1 back and wins every side pot, 2080 - 64 = 2016.
    n = 64
    put = list(range(1, n + 1))
    high = [100, *range(1, n)]
    assert sum(put) == 2080
    assert award(put, [F] * n, high) == [64] + [0] * 62 + [2016]


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(pots, verbose=False)
    assert tried >= 10
    assert failures == 0


def test_exported_from_the_package() -> None:
    assert croupier.pots is pots
    assert "pots" in croupier.__all__


# ---------------------------------------------------------------------------
# Property tests
# ---------------------------------------------------------------------------


@dataclass
class Hand:
    put: list[int]
    folded: list[bool]
    high: list[int]
    low: list[int] | None


@st.composite
def hands(draw: st.DrawFn, max_players: int = 9, scale: int = 1) -> Hand:
    n = draw(st.integers(1, max_players))
    top = draw(st.sampled_from([2, 6, 40, 1000, 2**40]))
    put = [scale * x for x in draw(st.lists(st.integers(0, top), min_size=n, max_size=n))]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    high = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    low = draw(st.none() | st.lists(st.integers(0, 3), min_size=n, max_size=n))
    return Hand(put, folded, high, low)


def real_hand(h: Hand) -> Hand:
    """As in any real hand, a player still in put in the most."""
    folded = list(h.folded)
    folded[h.put.index(max(h.put))] = False
    return Hand(h.put, folded, h.high, h.low)


@given(hands())
def test_chips_are_conserved(h: Hand) -> None:
    s = settle(h.put, h.folded, h.high, h.low)
    assert sum(s.payouts) == sum(h.put)
    assert sum(p.amount for p in s.pots) + sum(s.returned) == sum(h.put)
    if s.uncalled is not None:
        seat, amount = s.uncalled
        assert s.returned[seat] >= amount
    for pot, row in zip(s.pots, s.shares, strict=True):
        assert sum(row) == pot.amount
        assert all(row[i] == 0 for i in range(len(h.put)) if i not in pot.eligible)
    assert list(s.payouts) == award(h.put, h.folded, h.high, h.low)
    assert list(s.net) == [p - c for p, c in zip(s.payouts, h.put, strict=True)]


@given(hands())
def test_pots_are_nested_and_only_players_still_in_may_win(h: Hand) -> None:
    ps = side_pots(h.put, h.folded)
    for p in ps:
        assert p.amount > 0
        assert p.eligible
        assert all(not h.folded[i] for i in p.eligible)
    for lower, upper in itertools.pairwise(ps):
        assert set(upper.eligible) < set(lower.eligible)


@given(hands())
def test_nobody_wins_more_from_an_opponent_than_they_put_in(h: Hand) -> None:
    # docs/rules.md §6, seed 002: from each opponent a player wins at most what they
    # put in themselves, so their net result is at most the sum over the
    # opponents of min(what the opponent put in, what they put in).  Every
    # chip a pot is made of is traced back to its owner through the shares.
    s = settle(h.put, h.folded, h.high, h.low)
    for w, net in enumerate(s.net):
        own = h.put[w]
        assert net <= sum(min(c, own) for o, c in enumerate(h.put) if o != w)
        # Each pot a player wins a share of is one they put its top into.
        for pot, row in zip(s.pots, s.shares, strict=True):
            if row[w]:
                assert w in pot.eligible
    # Chip by chip (strict order of hands): test_dealer_pots_match_the_player_by_player_procedure.


@given(hands())
def test_a_folded_player_receives_only_chips_given_back(h: Hand) -> None:
    s = settle(h.put, h.folded, h.high, h.low)
    back = uncalled(h.put)
    live_top = max(
        h.put[i] - (back[1] if back and back[0] == i else 0)
        for i, f in enumerate(h.folded)
        if not f
    )
    for i, f in enumerate(h.folded):
        mine = back[1] if back and back[0] == i else 0
        if f:
            assert s.payouts[i] == s.returned[i] == mine + max(0, h.put[i] - mine - live_top)
            assert all(row[i] == 0 for row in s.shares)


def relabel(xs: Sequence[X], perm: list[int]) -> list[X]:
    """Seat ``i``'s entry moved to seat ``perm[i]``."""
    out = list(xs)
    for i, x in enumerate(xs):
        out[perm[i]] = x
    return out


@given(hands(scale=5040), st.randoms(use_true_random=False))
def test_seat_labels_do_not_matter_without_odd_chips(h: Hand, rnd: random.Random) -> None:
    # Every amount a multiple of 5040 = 2 x lcm(1..9): no split leaves odd chips.
    n = len(h.put)
    perm = list(range(n))
    rnd.shuffle(perm)  # new seat perm[i] for old seat i

    out = award(h.put, h.folded, h.high, h.low)
    moved = award(
        relabel(h.put, perm),
        relabel(h.folded, perm),
        relabel(h.high, perm),
        None if h.low is None else relabel(h.low, perm),
    )
    assert [moved[perm[i]] for i in range(n)] == out


@given(hands(), st.randoms(use_true_random=False))
def test_seat_labels_matter_only_through_odd_chips(h: Hand, rnd: random.Random) -> None:
    n = len(h.put)
    perm = list(range(n))
    rnd.shuffle(perm)
    out = award(h.put, h.folded, h.high, h.low)
    moved = award(
        relabel(h.put, perm),
        relabel(h.folded, perm),
        relabel(h.high, perm),
        None if h.low is None else relabel(h.low, perm),
    )
    # Each pot is split at most twice (high and low halves); each split moves
    # at most one odd chip from one tied player to another.
    npots = len(side_pots(h.put, h.folded))
    for i in range(n):
        assert abs(moved[perm[i]] - out[i]) <= 2 * npots
        if h.folded[i]:
            assert moved[perm[i]] == out[i]


@given(hands())
def test_kernel_matches_the_reference(h: Hand) -> None:
    pots_, back, payouts, shares = ref.settle(h.put, h.folded, h.high, h.low)
    s = settle(h.put, h.folded, h.high, h.low)
    assert [(p.amount, p.eligible) for p in s.pots] == pots_
    assert s.uncalled == back
    assert list(s.returned) == ref.returned(h.put, h.folded)
    assert list(s.payouts) == payouts
    assert distribute(h.put, h.folded, h.high, h.low) == (payouts, list(s.returned))
    assert [list(r) for r in s.shares] == shares


@given(hands())
def test_dealer_pots_match_the_player_by_player_procedure(h: Hand) -> None:
    # Seed 002's procedure (strict order of hands, high only), also when
    # everyone who put in the most folded (their uncontested chips go back).
    n = len(h.put)
    high = [v * n + i for i, v in enumerate(h.high)]  # break ties: all different
    assert award(h.put, h.folded, high) == ref.award_by_opponents(h.put, h.folded, high)


def random_hand(rnd: random.Random) -> Hand:
    # Mostly table sizes; now and then a big game up to the 64-seat limit.
    r = rnd.random()
    n = rnd.choice((1, 2, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10)) if r < 0.98 else rnd.choice((20, 64))
    top = rnd.choice((1, 3, 10, 100, 10**6, 2**62 // n))
    put = [rnd.randint(0, top) if rnd.random() < 0.9 else 0 for _ in range(n)]
    if rnd.random() < 0.3 and n > 1:  # make all-in levels repeat
        for i in range(n):
            if rnd.random() < 0.5:
                put[i] = put[rnd.randrange(n)]
    p_fold = rnd.choice((0.0, 0.2, 0.5, 0.9))
    folded = [rnd.random() < p_fold for _ in range(n)]
    if all(folded):
        folded[rnd.randrange(n)] = False
    vtop = rnd.choice((0, 1, 3, 7462))
    high = [rnd.randint(0, vtop) for _ in range(n)]
    low = None
    if rnd.random() < 0.5:
        ltop = rnd.choice((1, 3, 56))
        low = [rnd.randint(0, ltop) if rnd.random() < 0.6 else 0 for _ in range(n)]
    return Hand(put, folded, high, low)


def test_kernel_matches_the_reference_on_100000_random_hands() -> None:
    rnd = random.Random(20240603)
    seen_hilo = seen_ties = 0
    for _ in range(100_000):
        h = random_hand(rnd)
        expected = ref.award(h.put, h.folded, h.high, h.low)
        assert award(h.put, h.folded, h.high, h.low) == expected, h
        seen_hilo += h.low is not None
        live = [v for v, f in zip(h.high, h.folded, strict=True) if not f]
        seen_ties += len(live) != len(set(live))
    # The generator really produced the cases it is meant to cover.
    assert seen_hilo > 40_000
    assert seen_ties > 20_000


def test_side_pots_match_the_reference_on_random_hands() -> None:
    rnd = random.Random(7)
    for _ in range(20_000):
        h = random_hand(rnd)
        got = side_pots(h.put, h.folded)
        assert [(p.amount, p.eligible) for p in got] == ref.side_pots(h.put, h.folded), h
        assert uncalled(h.put) == ref.uncalled(h.put)


@settings(max_examples=300)
@given(hands().map(real_hand))
def test_main_pot_is_for_everyone_still_in_and_last_pot_for_those_who_put_in_most(
    h: Hand,
) -> None:
    ps = side_pots(h.put, h.folded)
    back = uncalled(h.put)
    called = max(h.put) - (back[1] if back else 0)  # the most anyone matched
    if called == 0:
        assert ps == []
        return
    still_in = [i for i, f in enumerate(h.folded) if not f]
    assert ps[0].eligible == tuple(i for i in still_in if h.put[i] > 0)
    assert ps[-1].eligible == tuple(i for i in still_in if h.put[i] >= called)
