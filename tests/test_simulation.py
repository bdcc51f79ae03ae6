"""croupier.simulate: many hands with a policy; results independent of how work is split."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, Hand

GAMES = {
    "holdem": (croupier.TexasHoldem(NO_LIMIT), [200] * 6),
    "razz": (croupier.Razz(1, 1, (2, 4)), [100] * 8),
    "omaha-hilo": (croupier.OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)), [150] * 5),
}


@pytest.mark.parametrize("policy", ["check-down", "random", "all-in"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_simulation_conserves_chips_and_repeats_with_the_seed(name: str, policy: str) -> None:
    game, stacks = GAMES[name]
    first = croupier.simulate(game, 300, stacks, policy=policy, seed=4)
    again = croupier.simulate(game, 300, stacks, policy=policy, seed=4)
    assert first.hands == 300 and sum(first.net) == 0
    assert (first.net, first.won) == (again.net, again.won)
    assert all(-300 * s <= n <= 300 * sum(stacks) for n, s in zip(first.net, stacks, strict=True))
    assert sum(first.won) >= 300  # every hand pays at least one seat
    assert first.hands_per_second > 0


def test_an_executor_gives_the_same_results_as_the_local_run() -> None:
    game, stacks = GAMES["holdem"]
    local = croupier.simulate(game, 2500, stacks, policy="random", seed=9)
    with ThreadPoolExecutor(2) as pool:
        spread = croupier.simulate(game, 2500, stacks, policy="random", seed=9, executor=pool)
    assert (spread.net, spread.won) == (local.net, local.won)


def test_a_user_policy_plays_every_action() -> None:
    calls = []

    def fold_or_check(hand: Hand, rng: random.Random) -> None:
        calls.append(hand.actor)
        hand.check() if hand.can_check else hand.fold()

    result = croupier.simulate(croupier.TexasHoldem(NO_LIMIT), 50, [100, 100], policy=fold_or_check)
    # Heads-up the button (small blind) folds to the big blind's 2 every time.
    assert calls == [1] * 50
    assert result.net == (50, -50)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": 0}, "positive"),
        ({"hands": 10, "policy": "bluff"}, "policy"),
        ({"hands": 10, "seed": 1.5}, "seed"),
        ({"hands": 10, "stacks": [100]}, "players"),
        ({"hands": 10, "stacks": [100, -5]}, "stack"),
    ],
)
def test_bad_simulation_input_is_a_value_error(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"stacks": [100, 100]} | kwargs
    with pytest.raises(ValueError, match=message):
        croupier.simulate(croupier.TexasHoldem(NO_LIMIT), **args)  # type: ignore[arg-type]


def test_chips_given_back_are_not_counted_as_a_hand_won() -> None:
    # docs/rules.md §6: antes 5, blinds 1/2, seat 1 all-in for 3 on the ante;
    # the button and the small blind always fold.  Seat 1 wins 3 from each
    # (+6); the chips above its all-in go back, and are no hand won.
    def fold(hand: Hand, rng: random.Random) -> None:
        hand.fold()

    game = croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=5)
    result = croupier.simulate(game, 20, [100, 3, 100], policy=fold)
    assert result.net == (-60, 120, -60)
    assert result.won == (0, 20, 0)
