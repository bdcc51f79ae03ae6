"""The showdown's order and values, and run it N times: what the hand settles with.

>>> _showdown_order(None, None, 2, False, [False, True, False])  # the first to act
(2, 0)
>>> _showdown_order(1, None, 0, False, [False, True, False])  # the bettor folded
(0, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier._event_records import _RAKE, _SHOW
from croupier.cards import UNKNOWN
from croupier.pots import Settlement, distribute, side_pots, uncalled

if TYPE_CHECKING:
    from collections.abc import Sequence

    from croupier._deal_plan import Game
    from croupier.rake import Rake

    _Values = tuple[list[int], list[int] | None]  # each seat's value and low
    # What settled a hand: contributions, folded, values, lows, dead money, chips
    # given back.
    _SettleInputs = tuple[list[int], list[bool], list[int], list[int] | None, int, list[int]]


def _showdown_order(
    aggressor: int | None,
    previous_aggressor: int | None,
    first_actor: int | None,
    stud: bool,
    folded: list[bool],
) -> tuple[int, ...]:
    """docs/rules.md §6.8: who shows first, then clockwise.

    The last player to bet or raise in the final round (``aggressor``); with no
    bet then, in stud games the last to bet or raise in the round before (seed
    003: sixth street), else the first to act in the final round.  If that
    player folded, or nobody could act in the final round (the cards were run
    out: no ``first_actor``), the lowest seat still in.
    """
    first = aggressor
    if first is None and first_actor is not None:
        if stud:
            first = previous_aggressor
        if first is None:
            first = first_actor
    if first is None or folded[first]:
        first = folded.index(False)
    n = len(folded)
    order = []
    for k in range(n):
        i = (first + k) % n
        if not folded[i]:
            order.append(i)
    return tuple(order)


def _reveal(revealed: Sequence[Sequence[int]], holes: list[list[int]], live: list[int]) -> None:
    """The dealer's ``revealed`` cards fill the unknown cards of the hands still in
    (a hand history's ``??`` that the player shows at the end)."""
    for i in live:
        hole = holes[i]
        if UNKNOWN not in hole or not revealed[i]:
            continue
        rest = [c for c in revealed[i] if c != UNKNOWN and c not in hole]
        for k in range(len(hole)):
            if hole[k] == UNKNOWN and rest:
                hole[k] = rest.pop(0)


def _show_early(
    revealed: Sequence[Sequence[int]] | None,
    holes: list[list[int]],
    folded: list[bool],
    history: list[tuple[object, ...]],
    street: int,
) -> bool:
    """Seed 001 (docs/rules.md §6.8): when nobody can bet any more and cards are still
    to come, every hand still in is turned face up (recorded in ``history``) before
    they are dealt, lowest seat first (the showdown order when nobody can act in
    the final round); whether they were.  Not in the draw games (the players still
    choose their discards), nor with an unknown card (a hand history's ``??``: the
    file's own show lines speak)."""
    live = [i for i in range(len(folded)) if not folded[i]]
    if revealed is not None:
        _reveal(revealed, holes, live)
    for i in live:
        if UNKNOWN in holes[i]:
            return False
    for i in live:
        history.append((_SHOW, i, street, None, list(holes[i])))
    return True


def _showdown_values(
    game: Game,
    holes: list[list[int]],
    folded: list[bool],
    revealed: Sequence[Sequence[int]] | None,
    board: list[int],
    boards: tuple[list[int], ...],
    unknown_ok: bool = False,
) -> tuple[list[int], list[int] | None, tuple[_Values, ...], list[int]] | None:
    """The values (and lows, in the hi/lo games) of the hands still in on the board, and
    on each other run's board, and the seats whose hands hold an unknown card; None
    when an unknown card leaves the hand unsettled.  A dealer's ``revealed`` cards
    first fill the hands' unknown cards.  With ``unknown_ok`` (a showdown whose
    players decide, one board) a hand with an unknown card is valued 0, the worst,
    and listed: the hand settles only if its player mucks it (a hand history whose
    loser mucks unseen cards), else it is left unsettled (docs/rules.md §6.8)."""
    live = [i for i in range(len(folded)) if not folded[i]]
    if revealed is not None:
        _reveal(revealed, holes, live)
    if UNKNOWN in board:
        return None
    unknown = [i for i in live if UNKNOWN in holes[i]]
    if unknown and (not unknown_ok or boards):
        return None
    for other in boards:
        if UNKNOWN in other:
            return None
    known = [i for i in live if UNKNOWN not in holes[i]] if unknown else live
    values, lows = _values_on(game, holes, tuple(board), known)
    runs = (
        tuple([_values_on(game, holes, tuple(other), live) for other in boards]) if boards else ()
    )
    return values, lows, runs, unknown


def _values_on(
    game: Game, holes: list[list[int]], board: tuple[int, ...], live: list[int]
) -> _Values:
    """Each seat's value on ``board`` (0 for a seat not in ``live``), and its low."""
    n = len(holes)
    value, low_value = game.value, game.low_value
    values = [0] * n
    for i in live:
        values[i] = value(tuple(holes[i]), board)
    if low_value is None:
        return values, None
    lows = [0] * n
    for i in live:
        lows[i] = low_value(tuple(holes[i]), board)
    return values, lows


def _award_values(
    values: Sequence[int], lows: list[int] | None, mucked: list[bool] | None, n: int
) -> tuple[list[int], list[int] | None]:
    """The values and lows that award the pots of a hand of ``n`` seats: no ``values``
    without a showdown (the last player in takes it all).  A ``mucked`` hand keeps
    its place in the pots (they were made when the betting ended) but cannot win,
    worse than every other hand."""
    if not values:
        values = [0] * n
    if mucked is not None:
        values = [0 if mucked[i] else values[i] + 1 for i in range(n)]
        if lows is not None:
            lows = [0 if mucked[i] else lows[i] for i in range(n)]
    return values, lows  # type: ignore[return-value]  # a list: the showdown's values


def _payouts(
    inputs: _SettleInputs,
    received: list[int],
    rake: Rake | None,
    run_values: tuple[_Values, ...],
    street: int,
    contributed: list[int],
    history: list[tuple[object, ...]],
) -> tuple[list[int], Settlement | None]:
    """What each seat receives from the pots (``received``, from the showdown's
    ``inputs``: money, folded, values, lows, dead money, chips given back, unless
    the board ran more than once or the house takes a rake) and the settlement
    when it is made now (None: built on first use).

    With several runs (§6.11) each pot is cut by run (``run_values``: the values
    and lows of each run after the first).  With a rake (§6.10) the house takes
    its part of each pot before it is awarded (who won, and so who showed, is as
    without it), a ``RAKE`` event in ``history``."""
    money, folded, values, lows, dead, returned = inputs
    settlement = None
    if run_values:
        runs = [(values, lows), *run_values]
        received, settlement = _split_runs(
            money, folded, runs, dead, returned, rake, street, contributed
        )
    elif rake is not None:
        settlement = rake.settle(money, folded, values, lows, dead=dead, street=street)
        received = list(settlement.payouts)
    if rake is not None:
        assert settlement is not None
        taken = sum(settlement.rake)
        if taken:
            history.append((_RAKE, None, street, taken, None))
    return received, settlement


def _split_runs(
    money: list[int],
    folded: list[bool],
    runs: list[_Values],
    dead: int,
    returned: list[int],
    rake: Rake | None,
    street: int,
    contributed: list[int],
) -> tuple[list[int], Settlement]:
    """Run it N times (docs/rules.md §6.11): each pot is cut into N equal parts, the
    odd chips to the first run's part, and each part is awarded on its run's
    board (``runs``: the values and lows of each) like a pot of its own.  Returns
    what each seat receives and the settlement.  (The runs follow the all-in
    show of §6.8, so no hand was mucked.)  A rake (§6.10) is taken from each pot
    before it is cut."""
    n = len(money)
    count = len(runs)
    received = list(returned)
    pots = side_pots(money, folded, dead=dead)
    shares: list[tuple[int, ...]] = []
    raked: list[int] = []
    zero = [0] * n
    for pot in pots:
        outside = [i not in pot.eligible for i in range(n)]
        amount = pot.amount
        if rake is not None:
            raked.append(rake.of(amount) if rake.applies(street) else 0)
            amount -= raked[-1]
        part, odd = divmod(amount, count)
        row = [0] * n
        for r, (run_values, run_lows) in enumerate(runs):
            chips = part + odd if r == 0 else part
            if chips:
                got = distribute(zero, outside, run_values, run_lows, dead=chips)[0]
                for i in range(n):
                    row[i] += got[i]
        shares.append(tuple(row))
        for i in range(n):
            received[i] += row[i]
    settlement = Settlement(
        pots,
        uncalled(money),
        returned,
        received,
        shares,
        [received[i] - contributed[i] for i in range(n)],
        raked,
    )
    return received, settlement
