"""Who acts first in a stud betting round (docs/rules.md §5.4): on third street the
bring-in, from fourth street the best board showing.

>>> from croupier import Razz
>>> key = Razz().bring_in_key
>>> up = [[48], [0], [20]]   # Ac, 2c, 7c: at razz the highest card brings in
>>> _bring_in_seat(key, up, [False] * 3, [10, 10, 10], None)
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.cards import UNKNOWN
from croupier.errors import WrongBringIn

if TYPE_CHECKING:
    from collections.abc import Callable


def _bring_in_seat(
    key: Callable[[int], tuple[int, ...]] | None,
    up: list[list[int]],
    folded: list[bool],
    stacks: list[int],
    forced: int | None,
) -> int:
    """Stud third street: the seat whose up card must bring in (by the game's bring-in
    ``key``), or the ``forced`` seat a hand history names when up cards are unknown."""
    assert key is not None
    # A player all-in on the ante cannot bring in: the next card in the
    # bring-in order among those with chips does.
    live = [i for i in range(len(up)) if not folded[i] and up[i]]
    with_chips = [i for i in live if stacks[i] > 0]
    if with_chips:
        live = with_chips
    if UNKNOWN in [up[i][-1] for i in live]:
        # Unknown up cards (a hand history): the history says who brought in.
        if forced is None:
            raise ValueError("the bring-in depends on unknown up cards: give bring_in_seat")
        if forced not in live:
            raise ValueError(
                f"bring_in_seat {forced} cannot bring in: it is all-in on the ante "
                "and another player has chips"
            )
        return forced
    order = {i: key(up[i][-1]) for i in live}
    seat = max(live, key=order.__getitem__)
    if forced not in (None, seat):
        raise WrongBringIn(f"seat {seat} brings in by the rules, not {forced}")
    return seat


def _best_board_seat(
    key: Callable[[tuple[int, ...]], tuple[int, ...]] | None,
    up: list[list[int]],
    folded: list[bool],
) -> int:
    """From fourth street: the best exposed board (by the game's board ``key``) acts
    first; ties to the lowest seat."""
    assert key is not None
    best_seat, best = 0, None
    for i in range(len(up)):
        if folded[i]:
            continue
        k = key(tuple(up[i]))
        if best is None or k > best:
            best_seat, best = i, k
    return best_seat
