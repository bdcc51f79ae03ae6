"""Where a hand's cards come from: the engine asks its dealer.

A :class:`croupier.Hand` is dealt in one of three ways:

* ``seed=`` (or nothing): the engine's seeded shuffle (docs/rules.md §1.5),
  one deck dealt in the engine's dealing order (:func:`croupier.hand.deal_order`);
* ``deck=``: a given deck, dealt in that same order;
* ``dealer=``: a :class:`Dealer`, which names the cards *each seat* and the
  board receive, in the order they receive them.  This is how a hand history
  is dealt (``croupier.replay`` has one): a file records who got which cards,
  not where they lay in the deck, so nothing needs to predict the dealing
  order, and a change to it breaks no replay.

The engine reads a dealer once, when the hand starts, and checks every card
then (so an action never fails half way because of its cards): each seat's
stream is dealt from its front, the hole cards, the up cards and, in the
draw games, each draw's replacements, as the engine needs them; a stream that
runs out deals unknown cards (:data:`croupier.cards.UNKNOWN`).

>>> from croupier import NO_LIMIT, TexasHoldem, parse_cards
>>> class Fixed(Dealer):
...     def cards(self, seat):
...         return parse_cards({0: "As Ad", 1: "Ks Kd", None: "2c 7d 9h Jc 3s"}[seat])
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], dealer=Fixed())
>>> hand.all_in(); hand.call()
>>> hand.payoffs, [str(e) for e in hand.events if e.kind == "deal board"]
((100, -100), ['deal board 2c7d9h', 'deal board Jc', 'deal board 3s'])

A dealer may also know cards the players turn up only at the end (a hand
history's ``??`` shown at showdown): :meth:`Dealer.revealed` gives them and
the engine fills the unknown cards the seat holds with them when it shows.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Dealer"]


class Dealer:
    """The cards of one hand, seat by seat (subclass it; see the module's example).

    A dealer is read once, when the hand starts, so it may be shared by hands
    and threads as long as its answers do not change.

    >>> from croupier import KuhnPoker, parse_cards
    >>> class KingAndJack(Dealer):
    ...     def cards(self, seat):
    ...         return parse_cards({0: "Kc", 1: "Jc", None: ""}[seat])
    >>> hand = KuhnPoker().start([2, 2], dealer=KingAndJack())
    >>> hand.hole(0), hand.hole(1)
    ((44,), (36,))
    """

    __slots__ = ()

    def cards(self, seat: int | None) -> Sequence[int]:
        """Every card ``seat`` is dealt, in order (``None``: the board's cards).

        Card codes ``0..51`` (:func:`croupier.parse_cards`), or ``-1`` for a card
        nobody saw.  More cards than the hand deals are left undealt.

        >>> Dealer().cards(None)
        ()
        """
        return ()

    def read(self, n: int) -> tuple[list[Sequence[int]], list[Sequence[int]]]:
        """What the engine reads, once, for a hand of ``n`` seats: ``cards`` of seats
        ``0 .. n-1`` and of the board (``None``), then ``revealed`` of each seat.

        Override it only to answer faster (a hand history's dealer does).

        >>> Dealer().read(2)
        ([(), (), ()], [(), ()])
        """
        seats: list[int | None] = [*range(n), None]
        return [self.cards(seat) for seat in seats], [self.revealed(seat) for seat in range(n)]

    def revealed(self, seat: int) -> Sequence[int]:
        """The cards ``seat`` turns up at the end, when its stream left them unknown.

        They fill, in order, the unknown cards the seat holds when its hand
        is shown (after the draws, if any); cards it holds already are skipped.

        >>> Dealer().revealed(0)
        ()
        """
        return ()
