"""The bookkeeping of the betting: chips put in (a bet, the antes and blinds) and an
uncalled bet given back, the next seat to act, whether a raise can be answered.

>>> stacks, bets, contributed = [100, 2], [0, 0], [0, 0]
>>> _put_chips(0, 2, stacks, bets, contributed), _put_chips(1, 2, stacks, bets, contributed)
(False, True)
>>> stacks, bets   # seat 1 put its last chips in
([98, 0], [2, 2])
"""

from __future__ import annotations

from croupier._event_records import _ANTE, _BLIND, _DEAD_BLIND, _RETURN
from croupier.pots import uncalled


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


def _give_back(
    bets: list[int],
    stacks: list[int],
    contributed: list[int],
    folded: list[bool],
    history: list[tuple[object, ...]],
    street: int,
) -> bool:
    """The part of this round's largest bet that nobody matched goes back (§5.5), a
    ``RETURN`` event in ``history``; whether a seat still in got chips behind again."""
    back = uncalled(bets)
    if back is None:
        return False
    top, excess = back
    regained = stacks[top] == 0 and not folded[top]  # it was all in
    bets[top] -= excess
    stacks[top] += excess
    contributed[top] -= excess
    history.append((_RETURN, top, street, excess, None))
    return regained


def _first_to_act(
    start: int,
    folded: list[bool],
    stacks: list[int],
    bets: list[int],
    acted: list[int],
    to_match: int,
    others_can_bet: bool,
) -> int | None:
    """The first seat from ``start`` on (clockwise) that must act, or None.

    A player acts when behind the amount ``to_match``, or when they have not
    ``acted`` in this round (-1) and someone else could still answer a bet.
    """
    n = len(folded)
    for k in range(n):
        i = start + k
        if i >= n:
            i -= n
        if folded[i] or not stacks[i]:
            continue
        if bets[i] < to_match or (acted[i] < 0 and others_can_bet):
            return i
    return None


def _answerable(
    i: int, to_match: int, bets: list[int], stacks: list[int], folded: list[bool]
) -> bool:
    """Whether another player still in than seat ``i`` could put in more than the amount
    ``to_match``.

    docs/rules.md §4.1: a raise that no opponent could call any part of would
    only come back uncalled, so it is not offered.
    """
    for j in range(len(folded)):
        if j != i and not folded[j] and stacks[j] and bets[j] + stacks[j] > to_match:
            return True
    return False
