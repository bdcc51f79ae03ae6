"""What happened in a hand, in the engine's own words: :class:`Event` records.

A :class:`~croupier.hand.Hand` records one event for every forced bet, deal,
betting action, draw, chips given back, show, muck and award, in the order
they happened (``hand.events``).  Each names its street (an index into
``game.streets``), so a reader never has to work the street out again from
the deals.  The file format's notation (:mod:`croupier.actions`, PHH) is a
translation of these records: ``croupier.actions.from_events(hand.events)``
drops what PHH does not write as an action (forced bets, chips given back,
awards) and joins check and call into ``cc``, show and muck into ``sm``.

What ``amount`` means depends on the kind:

==============================  ===============================================
kind                            amount
==============================  ===============================================
``ANTE``, ``BLIND``,            the chips posted (less than the game's amount
``DEAD_BLIND``                  when the seat is all-in for less)
``CALL``, ``BET_RAISE``,        the seat's total bet in this round after the
``BRING_IN``                    action ("raise to", as :meth:`Hand.raise_to`)
``RETURN``                      the part of a bet nobody called, given back
``RAKE``                        the chips the house took from the pots
                                (``game.rake``; recorded only when some were),
                                before the awards; its seat is ``None``
``AWARD``                       the chips the seat takes from the pots at the
                                end (its winnings and any chips given back
                                when the pots were settled); none for a hand
                                left unsettled (unknown cards)
other kinds                     ``None``
==============================  ===============================================

A hand left unsettled (unknown cards at showdown) has no show, muck or
award: the engine cannot say who shows or wins.

``cards`` are card codes (0..51), ``None`` for a card the record does not know
(a hand history's ``??``), the same unknown value as
:class:`croupier.actions.Action`; ``()`` where the kind has no cards.  A
``DRAW``'s cards are the ones thrown away; a ``MUCK`` shows none.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
>>> hand.raise_to(6); hand.fold()          # heads-up the button (seat 1) posts the small blind
>>> for event in hand.events:
...     print(event)
blind p1 2
blind p2 1
deal hole p1 Qh3h
deal hole p2 8d7h
bet/raise p2 6 (street 0)
fold p1 (street 0)
return p2 4 (street 0)
award p2 4 (street 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["BETTING", "CHIP_MOVES", "KINDS", "Event", "EventKind"]


class EventKind(str, Enum):
    """The kinds of :class:`Event` (their values are the words ``str(event)`` prints).

    >>> EventKind("check") is EventKind.CHECK, EventKind.BET_RAISE.value
    (True, 'bet/raise')
    """

    ANTE = "ante"
    BLIND = "blind"  # a live blind or straddle
    DEAD_BLIND = "dead blind"  # posted as dead money (docs/rules.md §3.3)
    DEAL_HOLE = "deal hole"  # cards dealt to a seat (stud: its up cards too)
    DEAL_BOARD = "deal board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET_RAISE = "bet/raise"  # a bet, raise or completion: ``amount`` is the total
    BRING_IN = "bring-in"
    DRAW = "draw"  # ``cards``: the cards thrown away (none: stood pat)
    RETURN = "return"  # an uncalled bet given back
    SHOW = "show"
    MUCK = "muck"
    AWARD = "award"
    RAKE = "rake"  # the house's chips taken from the pots (last: codes stay as they were)
    RUN = "run"  # run it N times: the board dealt again; ``amount`` is the run (2, 3)

    def __str__(self) -> str:
        return self.value

    @property
    def code(self) -> int:
        """The small int the engine records for this kind (its place in :data:`KINDS`).

        >>> EventKind.ANTE.code, KINDS[EventKind.FOLD.code]
        (0, <EventKind.FOLD: 'fold'>)
        """
        return KINDS.index(self)


#: Every kind, in the order of its ``code``.  The engine records a kind as its
#: code: a tuple of ints and Nones is one the garbage collector stops tracking,
#: one holding an enum member it tracks for good (replaying 2,276 hand
#: histories and keeping them took 17 % longer with members, all of it in the
#: collector).
KINDS: tuple[EventKind, ...] = tuple(EventKind)

#: The kinds a player chooses while betting (what a betting summary counts).
BETTING = frozenset(
    {EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET_RAISE, EventKind.BRING_IN}
)

#: The kinds that move chips by the rules alone (nobody chooses them, no card is
#: dealt): forced bets, chips given back, the rake and the awards.  A record of
#: the play leaves them out: PHH writes the forced bets as fields and none of
#: the others (``actions.from_events``), and the CLI's report shows them as the
#: pots, the rake and the winnings.
CHIP_MOVES = frozenset(
    {
        EventKind.ANTE,
        EventKind.BLIND,
        EventKind.DEAD_BLIND,
        EventKind.RETURN,
        EventKind.RAKE,
        EventKind.AWARD,
    }
)

_RANKS, _SUITS = "23456789TJQKA", "cdhs"


@dataclass(frozen=True)
class Event:
    """One thing that happened in a hand (see the module's table for ``amount``).

    ``seat`` is ``None`` only for a board deal and the rake; ``street`` indexes
    ``game.streets`` (0: the first street).

    >>> event = Event(EventKind.BET_RAISE, seat=1, street=0, amount=6)
    >>> event.kind is EventKind.BET_RAISE, event.is_betting, str(event)
    (True, True, 'bet/raise p2 6 (street 0)')
    """

    kind: EventKind
    seat: int | None
    street: int
    amount: int | None = None
    cards: tuple[int, ...] = ()

    @property
    def is_betting(self) -> bool:
        """Whether this is a betting action a player chose (fold, check, call, bet or
        raise, bring-in)."""
        return self.kind in BETTING

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.seat is not None:
            parts.append(f"p{self.seat + 1}")
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards:
            parts.append("".join(_text(c) for c in self.cards))
        if self.kind in _STREET_SHOWN:
            parts.append(f"(street {self.street})")
        return " ".join(parts)


def _text(card: int) -> str:
    return "??" if card < 0 else _RANKS[card >> 2] + _SUITS[card & 3]


# The kinds whose printed form names the street (deals show it by their cards).
_STREET_SHOWN = frozenset(EventKind) - {
    EventKind.ANTE,
    EventKind.BLIND,
    EventKind.DEAD_BLIND,
    EventKind.DEAL_HOLE,
    EventKind.DEAL_BOARD,
}
