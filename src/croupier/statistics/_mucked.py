"""The result of a showdown with hidden hands, each taken as mucked.

A hand history often leaves a losing hand unshown (``????``, or no ``sm``
line).  The engine does not guess: a showdown that depends on an unknown card
leaves the replayed :class:`~croupier.Hand` ``unsettled``, with no payoffs
and no settlement (:mod:`croupier.replay`), so there is no engine result to
read.  The statistics take such a hand as mucked, which wins nothing
(docs/rules.md §6.8), and settle the hand's own pots (``hand.pots``) with the
engine's rules: each pot goes to its best known hand by
:func:`croupier.pots.award`, the rake taken first by the game's own
:meth:`croupier.rake.Rake.settle`.  This is the statistics' one settlement of
their own, and the only one.

>>> from croupier import phh
>>> from croupier.replay import replay
>>> text = (
...     "variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
...     "starting_stacks = [50, 50]\\nactions = ['d dh p1 AsAd', 'd dh p2 ????', 'p2 cc',"
...     " 'p1 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db Ts', 'p1 cc', 'p2 cc',"
...     " 'd db 3h', 'p1 cc', 'p2 cc']\\n"
... )
>>> hand = replay(phh.loads(text), check=False).hand
>>> hand.unsettled, settle_mucked(hand)  # seat 0 is p1: AsAd wins what p2 put in
(True, ([2, -2], [4, 0]))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.pots import award

if TYPE_CHECKING:
    from croupier.hand import Hand

__all__ = ["settle_mucked"]


def settle_mucked(hand: Hand) -> tuple[list[int], list[int]] | None:
    """Payoffs and winnings (per seat) of a showdown with hidden hands, each taken as
    mucked; None when a pot has only hidden hands, the board is hidden, or chips
    went back outside the pots (see the module docstring).
    """
    game = hand.game
    n = hand.n_players
    board = hand.board
    if -1 in board:
        return None
    contributions = hand.contributions
    pots = hand.pots
    if sum(p.amount for p in pots) != sum(contributions):
        return None
    folded = hand.folded
    known = [False] * n
    # A mucked hand is worse than every other (the engine's Hand._award): 0, the
    # others one more than their value.
    high: list[int | None] = [None] * n
    low: list[int | None] | None = None if game.low_value is None else [None] * n
    for seat in range(n):
        if folded[seat]:
            continue
        hole = hand.hole(seat)
        known[seat] = -1 not in hole
        high[seat] = game.value(hole, board) + 1 if known[seat] else 0
        if low is not None and game.low_value is not None:
            low[seat] = game.low_value(hole, board) if known[seat] else 0
    received = [0] * n
    zeros = [0] * n
    rake = game.rake
    last = len(game.streets) - 1  # at showdown the hand is on its last street
    for pot in pots:
        inside = pot.eligible
        if not any(known[seat] for seat in inside):
            return None
        outside = [seat not in inside for seat in range(n)]
        # The pot alone, as dead money among its eligible seats (the rake's own rules).
        if rake is None:
            got = award(zeros, outside, high, low, dead=pot.amount)
        else:
            got = list(rake.settle(zeros, outside, high, low, dead=pot.amount, street=last).payouts)
        received = [r + g for r, g in zip(received, got, strict=True)]
    payoffs = [r - c for r, c in zip(received, contributions, strict=True)]
    return payoffs, received
