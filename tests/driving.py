"""Helpers shared by the tests that drive a ``croupier.Hand`` by hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from croupier import Hand, IllegalAction

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
        hand.history,
        hand.to_call,
        hand.can_check,
        hand.can_raise,
        hand.min_raise_to,
        hand.max_raise_to,
        hand.bring_in_pending,
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
