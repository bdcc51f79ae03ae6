"""Equity with ranges. Omaha ranges (sampled) against exact equity: a range of one hand
is that hand, and a range's equity is its hands' exact equities averaged by weight
(card removal included). The weighted draws of Omaha and Hold'em ranges pass a
chi-square test at a fixed seed."""

from __future__ import annotations

import math

import numpy as np
import pytest

import croupier
from croupier import POT_LIMIT, Variant
from croupier._omaha_equity import _deal
from croupier.cards import parse_cards
from croupier.games import game
from croupier.omaha_ranges import parse_omaha_range

OMAHA = croupier.Omaha(POT_LIMIT)
HILO = croupier.OmahaHiLo(POT_LIMIT)
OMAHA5 = game(Variant.OMAHA_5, POT_LIMIT, blinds=(1, 2))


def within(sampled: croupier.EquityResult, expected: list[float], k: float = 4.0) -> bool:
    assert sampled.stderr is not None
    return all(
        abs(a - b) <= k * s + 1e-12
        for a, b, s in zip(sampled.equity, expected, sampled.stderr, strict=True)
    )


@pytest.mark.parametrize(
    ("game", "hero", "villain", "board"),
    [
        (OMAHA, "AsAhKsKh", "QcQdJcJd", ""),
        (OMAHA, "AsKd7c2h", "9h8h7h6h", "Th2c3d"),
        (HILO, "As2sKdKh", "Ac3d8h9c", "4s5hQd"),
        (OMAHA5, "AsAhKsKhQc", "JcJdTcTd9s", "2c3c4c"),
    ],
)
def test_a_range_of_one_hand_is_that_hand(
    game: croupier.Game, hero: str, villain: str, board: str
) -> None:
    exact = croupier.equity(game, [hero, villain], board=board, exact=True)
    cards = game.streets[0].hole
    one = parse_omaha_range(villain, cards)  # specific cards as a pattern: one hand
    assert len(one) == 1
    sampled = croupier.equity(game, [hero, one], board=board, samples=60_000, seed=5)
    assert not sampled.exact and sampled.deals == 60_000
    assert within(sampled, list(exact.equity))


@pytest.mark.parametrize(
    ("game", "hero", "villain", "board"),
    [
        (OMAHA, "AsAhKdQd", "KK**ds:0.5, QQJJ", "2c7h9s"),
        (HILO, "As2sKdKh", "A3[45]*:0.25, 88**", "4s5h6d"),
    ],
)
def test_a_range_is_its_hands_averaged_by_weight(
    game: croupier.Game, hero: str, villain: str, board: str
) -> None:
    held = parse_cards(hero) + parse_cards(board)
    villain_range = parse_omaha_range(villain, 4)
    total = weighted = 0.0
    for hand, weight in villain_range:
        if set(hand) & set(held):
            continue  # card removal: never dealt against these cards
        exact = croupier.equity(game, [hero, list(hand)], board=board, exact=True)
        total += weight
        weighted += weight * exact.equity[0]
    expected = weighted / total
    sampled = croupier.equity(game, [hero, villain], board=board, samples=80_000, seed=11)
    assert within(sampled, [expected, 1 - expected])
    enumerated = croupier.equity(game, [hero, villain], board=board, exact=True)
    assert enumerated.exact and enumerated.stderr is None
    assert math.isclose(enumerated.equity[0], expected, rel_tol=1e-9)
    assert math.isclose(sum(enumerated.equity), 1.0)


def test_the_weighted_draw_passes_a_chi_square_test() -> None:
    r = parse_omaha_range("AAKK:0.2, QQJJ:0.7, 9876ds", 4)
    cumulative = np.cumsum(r.weights)
    draws = 200_000
    rng = np.random.Generator(np.random.PCG64(2026))
    picks = _deal(rng, (r.combos, cumulative / cumulative[-1]), draws, np.arange(52), 4)
    keys = {tuple(h): i for i, h in enumerate(r.combos.tolist())}
    counts = np.bincount([keys[tuple(h)] for h in picks.tolist()], minlength=len(r))
    expected = draws * r.weights / r.weights.sum()
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    k = len(r) - 1  # degrees of freedom; Wilson-Hilferty's 99.9% point of chi-square(k)
    critical = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < critical, (chi2, critical)
    assert chi2 > k / 4  # not suspiciously perfect either


def test_random_against_random_is_even_and_a_result_repeats() -> None:
    r = croupier.equity(OMAHA, ["random", "random"], samples=40_000, seed=3)
    assert within(r, [0.5, 0.5])
    again = croupier.equity(OMAHA, ["random", "random"], samples=40_000, seed=3)
    assert r == again
    three = croupier.equity(OMAHA, ["AA**", "KK**ds", "random"], samples=30_000, seed=4)
    assert math.isclose(sum(three.equity), 1.0) and three.equity[0] > three.equity[2]


def test_a_stderr_target_is_met() -> None:
    r = croupier.equity(OMAHA, ["AsAhKsKh", "QQ**ds"], stderr=0.004, seed=1)
    assert r.stderr is not None and max(r.stderr) <= 0.004


def test_exact_by_default_when_the_enumeration_is_small() -> None:
    r = croupier.equity(OMAHA, ["AsAhKdQd", "KK**ds"], board="2c7h9s")
    assert r.exact and r.deals == 320 * 820  # the range's hands left, times the boards
    two = croupier.equity(OMAHA, ["AsAhKdQd", "KKQ*ds", "JJ**ds"], board="2c7h9s4d")
    assert two.exact and math.isclose(sum(two.equity), 1.0)
    # the same request sampled agrees
    sampled = croupier.equity(OMAHA, ["AsAhKdQd", "KKQ*ds", "JJ**ds"], board="2c7h9s4d",
                              samples=60_000, seed=4)  # fmt: skip
    assert within(sampled, list(two.equity))
    assert not croupier.equity(OMAHA, ["AsAhKdQd", "KK**"]).exact  # pre-flop: sampled


def test_ranges_that_cannot_be_dealt_are_errors() -> None:
    with pytest.raises(ValueError, match="no hand of the range"):
        croupier.equity(OMAHA, ["AsAhAdAc", "AA**"], samples=1000, seed=1)
    with pytest.raises(ValueError, match="almost no deal"):
        croupier.equity(OMAHA, ["AsKsQsJs", "AhAdAc*", "AhAdAc*"], samples=100, seed=1)
    with pytest.raises(ValueError, match="random Omaha range is too big"):
        croupier.equity(OMAHA, ["AsAhKsKh", "random"], exact=True)
    with pytest.raises(ValueError, match="deals"):
        croupier.equity(OMAHA, ["AsAhKsKh", "QQ**"], exact=True)  # pre-flop: 6,900 x 1.1 M
    with pytest.raises(ValueError, match="a range of 5-card hands, the game deals 4"):
        croupier.equity(OMAHA, ["AsAhKsKh", parse_omaha_range("QQ", 5)], samples=100)
    with pytest.raises(ValueError, match="Omaha ranges are for the Omaha games"):
        croupier.equity(croupier.TexasHoldem(POT_LIMIT), ["AhKh", parse_omaha_range("QQ")])


def test_holdem_range_weights_pass_a_chi_square_test() -> None:
    # The board is complete, so a deal is only the range's combo: each combo wins, ties
    # or loses for sure, and the counts of each must follow the combos' weights.
    holdem = croupier.TexasHoldem(POT_LIMIT)
    board, hero, text = "2c7d9hJsQs", "AhAd", "KK:0.3, JJ:0.8, AA, 72o:0.5, QJs:0.1"
    expected = [0.0, 0.0, 0.0]  # hero wins, ties, loses: weight of the combos
    for combo, weight in croupier.parse_range(text):
        if set(combo) & set(parse_cards(hero + board)):
            continue
        alone = croupier.equity(holdem, [hero, list(combo)], board=board, exact=True)
        expected[0 if alone.win[0] == 1 else 1 if alone.tie[0] == 1 else 2] += weight
    deals = 200_000
    r = croupier.equity(holdem, [hero, text], board=board, samples=deals, seed=2026)
    counts = [r.win[0] * deals, r.tie[0] * deals, r.win[1] * deals]
    assert math.isclose(sum(counts), deals)
    total = sum(expected)
    chi2 = sum(
        (c - deals * e / total) ** 2 / (deals * e / total)
        for c, e in zip(counts, expected, strict=True)
    )
    assert chi2 < 13.8  # chi-square with 2 degrees of freedom: its 99.9% point


def test_random_in_stud_is_a_hand_of_which_nothing_is_known() -> None:
    import random as stdlib_random

    from croupier import hands

    stud = croupier.SevenCardStud(1, 1, (2, 4))
    known = parse_cards("AsAhAd")
    sampled = croupier.equity(stud, ["AsAhAd", "random"], samples=60_000, seed=8)
    rng = stdlib_random.Random(8)  # the twin: deal the rest, compare 7-card highs
    wins = 0.0
    trials = 20_000
    deck = [c for c in range(52) if c not in known]
    for _ in range(trials):
        drawn = rng.sample(deck, 11)
        ours, theirs = hands.high(known + drawn[:4]), hands.high(drawn[4:])
        wins += 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
    twin = wins / trials
    assert sampled.stderr is not None
    spread = math.sqrt(sampled.stderr[0] ** 2 + twin * (1 - twin) / trials)
    assert abs(sampled.equity[0] - twin) < 4 * spread, (sampled.equity[0], twin)
    three = croupier.equity(stud, ["random", "random", "random"], samples=30_000, seed=2)
    assert within(three, [1 / 3, 1 / 3, 1 / 3])
    with pytest.raises(ValueError, match="stud hands are cards, not ranges"):
        croupier.equity(stud, ["AsAhAd", croupier.parse_range("AA")])


def test_nine_way_ranges_in_every_community_game() -> None:
    holdem = croupier.TexasHoldem(POT_LIMIT)
    nine = croupier.equity(holdem, ["random"] * 9, samples=45_000, seed=9)
    assert within(nine, [1 / 9] * 9)
    for g, hands in (
        (OMAHA, ["AA**ds", "random", *["random"] * 7]),
        (HILO, ["A2**", "KK**", *["random"] * 7]),
    ):
        r = croupier.equity(g, hands, samples=20_000, seed=1)
        assert len(r.equity) == 9 and math.isclose(sum(r.equity), 1.0)
        assert r.equity[0] > max(r.equity[2:])  # the range beats random hands
    stud = croupier.SevenCardStud(1, 1, (2, 4))
    seven = croupier.equity(stud, ["AsAh", *["random"] * 6], samples=20_000, seed=1)
    assert math.isclose(sum(seven.equity), 1.0) and seven.equity[0] > max(seven.equity[1:])
