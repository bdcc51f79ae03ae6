"""Integer inputs are read alike everywhere (croupier._validate): numpy integers are
integers, bools, floats and strings are not (docs/rules.md §1, §7.3)."""

from __future__ import annotations

import numpy as np
import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, pots


def test_numpy_integers_are_chips_for_games_hands_and_pots() -> None:
    game = croupier.TexasHoldem(NO_LIMIT, (np.int64(1), np.int32(2)), antes=np.int16(1))
    assert game.blinds == (1, 2) and type(game.blinds[0]) is int and type(game.antes) is int
    hand = game.start([np.int64(100), np.uint16(100)], seed=np.int64(3))
    assert hand.stacks == (97, 98) and all(type(s) is int for s in hand.stacks)  # BB, button
    hand.raise_to(np.int64(6))
    assert hand.bets == (2, 6) and all(type(b) is int for b in hand.bets)
    assert hand.hole(np.int8(0)) == hand.hole(0)
    assert pots.award([np.int64(5), 5], [False, False], [1, 2]) == [0, 10]


def test_numpy_integers_are_accepted_by_simulate_and_equity() -> None:
    game = croupier.TexasHoldem(NO_LIMIT)
    result = croupier.simulate(game, np.int64(20), [100, 100], seed=np.int64(1))
    assert result.hands == 20 and result.net == croupier.simulate(game, 20, [100, 100], seed=1).net
    r = croupier.equity(game, ["AhKh", "QdQc"], samples=np.int64(500), seed=np.int64(2))
    assert r.deals == 500


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: croupier.TexasHoldem(NO_LIMIT, (1, True)), "bool"),
        (lambda: croupier.TexasHoldem(NO_LIMIT, (1, 2.0)), "integer"),
        (lambda: croupier.TexasHoldem(NO_LIMIT, None), "tuple"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(FIXED_LIMIT, bets=5), "tuple"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(FIXED_LIMIT, bets=(2,)), "small, big"),
        (lambda: croupier.TexasHoldem(FIXED_LIMIT, bets=(2, 4, 8)), "small, big"),
        (lambda: croupier.TexasHoldem(FIXED_LIMIT, bets=(2, 4), cap="4"), "cap"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(FIXED_LIMIT, bets=(2, 4), cap=1.5), "cap"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(NO_LIMIT).start([100, np.True_]), "bool"),
        (lambda: croupier.TexasHoldem(NO_LIMIT).start([100, "100"]), "integer"),
        (lambda: croupier.TexasHoldem(NO_LIMIT).start("100"), "sequence"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(NO_LIMIT).start([100, 100], seed=1.0), "seed"),  # type: ignore[arg-type]
        (lambda: croupier.TexasHoldem(NO_LIMIT).start([100, 100], deck=[True] * 9), "deck"),
    ],
)
def test_what_is_not_an_integer_is_a_value_error(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


def test_a_raise_of_a_float_or_a_bool_is_an_illegal_action_and_changes_nothing() -> None:
    from driving import refused

    hand = croupier.TexasHoldem(NO_LIMIT).start([100, 100], seed=1)
    refused(hand, lambda: hand.raise_to(6.0))  # type: ignore[arg-type]
    refused(hand, lambda: hand.raise_to(True))
