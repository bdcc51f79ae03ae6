"""Omaha equity of fixed hands: croupier's exact enumeration against PokerKit's
``calculate_equities`` (a test oracle, Monte Carlo: Python 3.11+, see tests/conftest.py),
and croupier's range path (a range of one hand) against its exact kernel.

PokerKit samples with Python's ``random`` module, seeded here; its estimate must lie
within five standard errors of croupier's exact value (the per-deal variance of a
share in [0, 1] with mean p is at most p(1 - p), so the bound is conservative).
"""

from __future__ import annotations

import math
import random

import pokerkit as pk
import pytest

import croupier
from croupier.omaha_ranges import parse_omaha_range

SAMPLES = 1500

# (game, PokerKit's hand types, hole cards each, hands, board)
SPOTS = [
    (
        croupier.Omaha(croupier.POT_LIMIT),
        (pk.OmahaHoldemHand,),
        4,
        ["AsAhKdQd", "JcTc9s8s"],
        "2c7h9d",
    ),
    (
        croupier.Omaha(croupier.POT_LIMIT),
        (pk.OmahaHoldemHand,),
        4,
        ["AsKsQhJh", "8c8d7c6d", "5h5s4c3c"],
        "Ts9h2d",
    ),
    (
        croupier.OmahaHiLo(croupier.POT_LIMIT),
        (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand),
        4,
        ["As2s3hKh", "QcQdJcTd"],
        "4c7d8s",
    ),
    (
        croupier.Omaha(croupier.POT_LIMIT, hole_cards=5),
        (pk.OmahaHoldemHand,),
        5,
        ["AsAhKdQdJc", "9c9s8h7h6d"],
        "Tc5h2s",
    ),
]


def _theirs(hands: list[str], board: str, hand_types: tuple[type, ...], hole: int) -> list[float]:
    random.seed(2026)
    return pk.calculate_equities(
        [[list(pk.Card.parse(h))] for h in hands],
        pk.Card.parse(board),
        hole,
        5,
        pk.Deck.STANDARD,
        hand_types,
        sample_count=SAMPLES,
    )


@pytest.mark.parametrize(("game", "hand_types", "hole", "hands", "board"), SPOTS)
def test_exact_omaha_equity_is_within_pokerkits_sampling_error(
    game: croupier.Game, hand_types: tuple[type, ...], hole: int, hands: list[str], board: str
) -> None:
    ours = croupier.equity(game, hands, board=board, exact=True)
    assert ours.exact
    theirs = _theirs(hands, board, hand_types, hole)
    for p, q in zip(ours.equity, theirs, strict=True):
        assert abs(p - q) <= 5 * math.sqrt(p * (1 - p) / SAMPLES) + 1e-12, (hands, ours, theirs)


@pytest.mark.parametrize(("game", "hand_types", "hole", "hands", "board"), SPOTS)
def test_a_range_of_each_fixed_hand_equals_the_exact_kernel(
    game: croupier.Game, hand_types: tuple[type, ...], hole: int, hands: list[str], board: str
) -> None:
    exact = croupier.equity(game, hands, board=board, exact=True)
    # The same hands as ranges of one hand each: the Omaha range path.
    ranges = [parse_omaha_range(h, cards=hole) for h in hands]
    assert all(len(r) == 1 for r in ranges)
    ranged = croupier.equity(game, ranges, board=board)
    assert ranged.exact
    assert ranged.equity == pytest.approx(exact.equity, abs=1e-12)
