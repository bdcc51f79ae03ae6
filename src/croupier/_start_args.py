"""The arguments a hand starts with (``Game.start``), checked: a ``ValueError`` naming
the bad one, raised before anything is dealt.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> game = TexasHoldem(NO_LIMIT, (1, 2))
>>> _checked_stacks(game, (100, 200))
[100, 200]
>>> _checked_stacks(game, [100, 0])
Traceback (most recent call last):
...
ValueError: stack of seat 1 must be a positive int, got 0
>>> _check_runs(game, 2)
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier._validate import MAX_CHIPS, as_int, is_int

if TYPE_CHECKING:
    from collections.abc import Sequence

    from croupier._deal_plan import Game


def _checked_stacks(game: Game, stacks: Sequence[int]) -> list[int]:
    """``stacks`` as a list of its own: positive ints, as many as the game seats."""
    if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
        raise ValueError(f"stacks must be a sequence of chip counts, got {stacks!r}")
    chips = list(stacks)
    for i, s in enumerate(chips):
        if type(s) is not int:
            chips[i] = as_int(s, f"stack of seat {i}")
    n = len(chips)
    if not game.min_players <= n <= game.max_players:
        raise ValueError(
            f"{game.name} needs {game.min_players} to {game.max_players} players, got {n}"
        )
    for i, s in enumerate(chips):
        if s <= 0:
            raise ValueError(f"stack of seat {i} must be a positive int, got {s!r}")
    if sum(chips) >= MAX_CHIPS:
        raise ValueError(
            "the stacks add up to 10**40 chips or more, beyond what croupier plays "
            "(croupier._validate.MAX_CHIPS: so every hand can be written as PHH)"
        )
    return chips


def _checked_bring_in_seat(game: Game, bring_in_seat: object, n: int) -> int:
    """The stud seat that a hand history says brought in (a seat of ``n``)."""
    if not game.is_stud:
        raise ValueError(
            f"bring_in_seat is for stud games: {game.name} has no bring-in, got {bring_in_seat!r}"
        )
    seat = as_int(bring_in_seat, "bring_in_seat")
    if not 0 <= seat < n:
        raise ValueError(f"bring_in_seat {seat} is not a seat of a {n}-handed game")
    return seat


def _check_runs(game: Game, runs: object) -> int:
    """``runs`` (run it N times) if the game can run its board that many times."""
    if not is_int(runs) or isinstance(runs, bool) or not 1 <= as_int(runs, "runs") <= 3:
        raise ValueError(f"runs must be 1, 2 or 3 (times the board is run out), got {runs!r}")
    count = as_int(runs, "runs")
    if count > 1 and (game.is_stud or game.is_draw or not any([s.board for s in game.streets[1:]])):
        raise ValueError(f"runs: {game.name} has no board to run out more than once")
    return count
