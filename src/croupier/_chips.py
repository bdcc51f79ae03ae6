"""Chips moving from a seat's stack into the hand: a bet put in, and the forced bets.

>>> stacks, bets, contributed = [100, 2], [0, 0], [0, 0]
>>> _put_chips(0, 2, stacks, bets, contributed), _put_chips(1, 2, stacks, bets, contributed)
(False, True)
>>> stacks, bets   # seat 1 put its last chips in
([98, 0], [2, 2])
"""

from __future__ import annotations

from croupier._event_records import _ANTE, _BLIND, _DEAD_BLIND


def _put_chips(
    i: int, total: int, stacks: list[int], bets: list[int], contributed: list[int]
) -> bool:
    """Move chips from seat ``i``'s stack so that its bet becomes ``total`` (checked
    already); whether that put its last chip in."""
    add = total - bets[i]
    stacks[i] -= add
    bets[i] = total
    contributed[i] += add
    return add != 0 and stacks[i] == 0


def _post_forced(
    antes: tuple[int, ...],
    blinds: tuple[int, ...],
    stacks: list[int],
    bets: list[int],
    contributed: list[int],
    dead: list[int],
    history: list[tuple[object, ...]],
) -> int:
    """Post a hand's forced bets (docs/rules.md §3), each recorded in ``history``: the
    antes, then the blinds seat by seat (a negative one is a dead blind), each
    all-in for less when short; how many seats that put all in.

    Antes that every player posts alike are layered like bets (a player all-in
    for less wins only what they matched); a big-blind ante, other unequal antes
    and dead blinds are dead money in the main pot."""
    all_in = 0
    layered = len(set(antes)) == 1
    for seat, amount in enumerate(antes):
        if amount:
            all_in += _post_ante(
                seat, amount, not layered, _ANTE, stacks, contributed, dead, history
            )
    for seat, amount in enumerate(blinds):
        if amount > 0:
            paid = min(amount, stacks[seat])
            all_in += _put_chips(seat, paid, stacks, bets, contributed)
            history.append((_BLIND, seat, 0, paid, None))
        elif amount < 0:
            all_in += _post_ante(
                seat, -amount, True, _DEAD_BLIND, stacks, contributed, dead, history
            )
    return all_in


def _post_ante(
    seat: int,
    amount: int,
    is_dead: bool,
    kind: int,
    stacks: list[int],
    contributed: list[int],
    dead: list[int],
    history: list[tuple[object, ...]],
) -> bool:
    """Post an ante or a dead blind of ``kind`` (dead money when ``is_dead``): whether
    it put the seat's last chip in."""
    paid = min(amount, stacks[seat])
    history.append((kind, seat, 0, paid, None))
    stacks[seat] -= paid
    contributed[seat] += paid
    if is_dead:
        dead[seat] += paid
    return paid != 0 and stacks[seat] == 0
