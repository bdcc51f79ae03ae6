"""Why a hand refuses an action that is not the kind its turn waits for: a bet, a draw
(discard or stand pat) or a showdown decision (show or muck).

>>> print(_refusal("check", "bet", 1, False, True, False))
seat 1 cannot check now: it must discard or stand pat (the draw)
>>> print(_refusal("muck", "show", None, True, False, False))
nobody can muck: the hand is over
"""

from __future__ import annotations

from croupier.errors import IllegalAction


def _refusal(
    what: str, need: str, actor: int | None, over: bool, drawing: bool, showing: bool
) -> IllegalAction:
    """The error for ``what`` (an action of kind ``need``: "bet", "draw" or "show") when
    the hand is ``over``, or waits for no one, or for ``actor`` to draw or show."""
    if over:
        return IllegalAction(f"nobody can {what}: the hand is over")
    if need == "show":
        return IllegalAction(f"nobody can {what} now: no showdown is waiting for a decision")
    if actor is None:
        return IllegalAction(f"nobody can {what} now")
    if showing:
        return IllegalAction(f"seat {actor} cannot {what} now: it must show or muck (the showdown)")
    if drawing:
        return IllegalAction(
            f"seat {actor} cannot {what} now: it must discard or stand pat (the draw)"
        )
    return IllegalAction(f"seat {actor} cannot {what}: no draw now, it must bet")
