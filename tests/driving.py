"""Helpers shared by the tests that drive a ``croupier.Hand`` by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from croupier import Game, Hand, IllegalAction

# An action: "f" fold, "x" check, "c" call, "a" all-in, "b" bring in,
# "C" complete, or an int: raise to that total.
Action = str | int


def state(hand: Hand) -> tuple[object, ...]:
    """Everything a player can see of a hand (to check that nothing changed)."""
    return (
        hand.actor,
        hand.street,
        hand.stacks,
        hand.bets,
        hand.contributions,
        hand.folded,
        hand.pot,
        hand.board,
        hand.events,
        hand.to_call,
        hand.can_check,
        hand.can_raise,
        hand.min_raise_to,
        hand.max_raise_to,
        hand.bring_in_pending,
        hand.drawing,
        hand.max_discards,
        tuple(hand.hole(seat) for seat in range(hand.n_players)),
        hand.is_over,
        hand.payoffs,
    )


def refused(hand: Hand, attempt: Callable[[], object]) -> None:
    """``attempt`` raises IllegalAction and leaves the hand exactly as it was."""
    before = state(hand)
    with pytest.raises(IllegalAction):
        attempt()
    assert state(hand) == before


# A move as the property tests pick them: (kind, amount), kind one of the
# action letters above, "k" check or call, or "r" raise to ``amount``.
Move = tuple[str, int]


def apply(hand: Hand, move: Move) -> None:
    """Make the actor's move."""
    kind, amount = move
    if kind == "k":
        hand.check_or_call()
    elif kind == "r":
        hand.raise_to(amount)
    elif kind == "f":
        hand.fold()
    elif kind == "x":
        hand.check()
    elif kind == "c":
        hand.call()
    elif kind == "a":
        hand.all_in()
    elif kind == "b":
        hand.bring_in()
    elif kind == "C":
        hand.complete()
    else:
        raise AssertionError(kind)


def act(hand: Hand, seat: int, action: Action) -> None:
    """Let ``seat`` act; it must be the actor.  Chips are conserved afterwards."""
    total = sum(hand.stacks) + hand.pot
    assert hand.actor == seat, f"expected seat {seat} to act, the actor is {hand.actor}"
    apply(hand, ("r", action) if isinstance(action, int) else (action, 0))
    assert sum(hand.stacks) + hand.pot == total


def play(hand: Hand, actions: Sequence[tuple[int, Action]]) -> Hand:
    """``act`` for each ``(seat, action)`` in turn."""
    for seat, action in actions:
        act(hand, seat, action)
    return hand


def dead_money(game: Game, stacks: Sequence[int]) -> list[int]:
    """Per seat, chips that are nobody's bet: the big-blind ante (docs/rules.md §3.1, §6.5).

    The big blind (seat 0 heads-up, else seat 1) pays it before the blind.
    """
    dead = [0] * len(stacks)
    if game.big_blind_ante and game.antes:
        bb_seat = 0 if len(stacks) == 2 else 1
        assert isinstance(game.antes, int)
        dead[bb_seat] = min(game.antes, stacks[bb_seat])
    return dead


def check_settled(hand: Hand, game: Game, start: Sequence[int]) -> list[int]:
    """The chips of a finished hand (docs/rules.md §1, §6); returns the seats still in.

    No chip is lost or made, nobody loses more than they put in, a folded
    player wins nothing, and nobody wins from an opponent more than they bet
    themselves (the all-in principle), plus dead money: chips above every
    live player's bets that only folded players put in go back to them.
    """
    n = len(start)
    assert hand.is_over and hand.actor is None
    assert hand.pot == 0
    payoffs, winnings = hand.payoffs, hand.winnings
    assert payoffs is not None and winnings is not None
    assert sum(payoffs) == 0
    stacks = hand.stacks
    assert sum(stacks) == sum(start)
    contributions = hand.contributions
    folded = hand.folded
    dead = dead_money(game, start)
    live = [i for i in range(n) if not folded[i]]
    bets = [contributions[i] - dead[i] for i in range(n)]  # live money
    for i in range(n):
        assert stacks[i] == start[i] + payoffs[i]
        assert payoffs[i] >= -start[i]
        assert payoffs[i] >= -contributions[i]
        assert winnings[i] >= 0
        if folded[i]:
            assert payoffs[i] <= 0
            assert winnings[i] == 0
        won_cap = sum(min(bets[i], bets[j]) for j in range(n) if j != i)
        assert payoffs[i] <= won_cap + sum(dead)
    if len(live) == 1:
        assert payoffs[live[0]] >= 0
    return live
