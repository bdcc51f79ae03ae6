"""A poker site's hand, told line by line by a site's reader, made into a checked
:class:`~croupier.phh.HandHistory`.

Each site's reader (``_stars``, ``_gg`` …) knows its own text; this module
knows none of it.  The reader calls a :class:`HandBuilder`'s methods in the
order the text tells the hand (seats, forced bets, deals, actions, draws,
shows and mucks, the money collected, the rake), naming players by the
site's names and writing amounts as the site does; :meth:`HandBuilder.finish`
gives the hand in PHH and plays it on the engine
(:func:`croupier.replay.replay`): an action the rules forbid, or recorded
results the engine does not reach, is a :class:`~croupier.errors.SiteError`
naming the hand and the line.

>>> from decimal import Decimal as D
>>> b = HandBuilder("Example", "7", line=1)
>>> b.game("NT", small_blind=D(1), big_blind=D(2))
>>> b.seat(1, "Ann", D(100)); b.seat(2, "Bob", D(100)); b.button = 2
>>> b.post("Bob", "sb", D(1)); b.post("Ann", "bb", D(2))
>>> b.deal("Ann", ["Ah", "Kh"])
>>> b.raise_to("Bob", D(6)); b.fold("Ann")
>>> b.returned("Bob", D(4)); b.collect("Bob", D(4)); b.total = D(4)
>>> hand = b.finish()
>>> hand.players, hand.finishing_stacks, [a.to_text() for a in hand.actions][:2]
(('Ann', 'Bob'), (98, 102), ['d dh p1 AhKh', 'd dh p2 ????'])

Choices (docs/rules.md §7.4):

* Players are the seats dealt in (a reader leaves out those sitting out),
  ``p1`` the first seat after the button and the button last (stud: by seat
  number); PHH's heads-up listing of the blinds is kept (the second entry is
  ``p1``'s).
* Forced bets are each player's posted amounts (a player all-in for less
  posts what it has, as the engine does); a blind posted out of its
  position (a new player's or a missed blind) is refused: croupier's PHH
  has no field for it.
* Hole cards known when dealt (the hero's) or shown (a show, or a muck the
  site reveals) are written in the ``d dh`` lines, each in the place it was
  dealt; others are ``??``.  A show is also a ``pN sm`` line, a muck a
  ``pN sm`` line without cards.
* The money each player put in is counted from the text (blinds, antes,
  calls, bets and raises "to", less an uncalled bet returned); with the
  money each collected it gives the ``finishing_stacks``, and the site's
  total pot must be what they put in and what the winners collected plus the
  rake.  The replay then checks the stacks net of the rake (the user field
  ``_rake``).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from croupier.phh import HandHistory
from croupier.sites._finish import make_history
from croupier.sites._told import ZERO, Cancelled, Post, Seat, Told, bad_header
from croupier.variants import from_phh, rules_of

__all__ = ["Cancelled", "HandBuilder", "Post", "bad_header"]


class HandBuilder(Told):
    """One site hand being read: the reader's calls in the text's order (see the module).

    Not thread-safe (a reader builds one hand at a time); amounts are
    :class:`~decimal.Decimal` money as the site writes it.
    """

    # -- the table -------------------------------------------------------------------------

    def game(
        self,
        code: str,
        *,
        small_blind: Decimal | None = None,
        big_blind: Decimal | None = None,
        small_bet: Decimal | None = None,
        big_bet: Decimal | None = None,
    ) -> None:
        """The game (a PHH variant code such as ``NT``) and the stakes the header gives."""
        try:
            self._rules = rules_of(from_phh(code)[1])
        except ValueError:
            raise self.error(f"unsupported game {code!r}") from None
        self.code = code
        self.small_blind, self.big_blind = small_blind, big_blind
        self.small_bet, self.big_bet = small_bet, big_bet

    def seat(self, number: int, name: str, stack: Decimal) -> None:
        """A player dealt in: the seat's number, the player's name and stack."""
        if name in self._seats:
            raise self.error(f"player {name!r} is seated twice")
        if stack <= 0:
            raise self.error(f"player {name!r} has no chips")
        self._seats[name] = Seat(number, name, stack)

    def _player(self, name: str) -> str:
        if name not in self._seats:
            raise self.error(f"unknown player {name!r}")
        return name

    # -- forced bets ----------------------------------------------------------------------

    def post(self, name: str, kind: Post, amount: Decimal) -> None:
        """A forced bet: ``sb``, ``bb``, ``straddle`` (live) or ``ante`` (dead)."""
        name = self._player(name)
        posts = self._posts.setdefault(name, {})
        if kind in posts:
            raise self.error(f"player {name!r} posts a second {kind}")
        posts[kind] = amount
        if kind == "ante":
            self._put_in[name] = self._put_in.get(name, ZERO) + amount
        else:
            self._street_bets[name] = self._street_bets.get(name, ZERO) + amount

    # -- cards ----------------------------------------------------------------------------

    def deal(self, name: str, given: Sequence[str | None]) -> None:
        """Cards dealt to a player now (``None``: unknown); in stud, fewer than the street
        deals are its up cards (the down cards before them unknown); after the player's
        draw, its replacements."""
        name = self._player(name)
        cards: list[str | None] = list(given)
        pending = self._pending_draw.pop(name, None)
        if pending is not None:
            kind, who, old, line = self._items[pending]
            assert isinstance(old, list)
            if len(old) != len(cards):
                raise self.error(f"{name} draws {len(old)} cards but is dealt {len(cards)}")
            self._items[pending] = (kind, who, cards, line)
            return
        rules = self._rules
        if rules is not None and rules.is_stud:
            if self._street >= len(rules.streets):
                raise self.error(f"{name} is dealt cards after the last street")
            street = rules.streets[self._street]
            count = street.hole + street.up
            if len(cards) > count:
                raise self.error(
                    f"{name} is dealt {len(cards)} cards on a street that deals {count}"
                )
            down: list[str | None] = [None] * (count - len(cards))
            cards = down + cards  # the down cards before the up cards given
            self._dealt[name] = self._dealt.get(name, 0) + count
        self._items.append(("dh", name, cards, self.line))

    def board(self, cards: list[str]) -> None:
        """Community cards dealt now (stud: the last card, when the deck cannot give
        every player one)."""
        self._items.append(("db", None, cards, self.line))
        self._board_cards += len(cards)

    def street(self) -> None:
        """The next betting round begins (its cards follow)."""
        self._pad_stud()
        for name, bet in self._street_bets.items():
            self._put_in[name] = self._put_in.get(name, ZERO) + bet
        self._street_bets = {}
        self._street += 1

    def run(self, number: int) -> None:
        """The board is run out again (run it twice: ``number`` 2 or 3)."""
        self._runs = max(self._runs, number)
        self._items.append(("run", None, number, self.line))

    def _pad_stud(self) -> None:
        """Stud: the street's cards of each player still in whom the text does not show."""
        rules = self._rules
        if rules is None or not rules.is_stud:
            return
        streets = rules.streets
        if self._street >= len(streets):
            return
        due = sum(s.hole + s.up for s in streets[: self._street + 1]) - self._board_cards
        for name in self._seats:
            have = self._dealt.get(name, 0)
            if name not in self._folded and have < due:
                self._items.append(("dh", name, [None] * (due - have), self.line))
                self._dealt[name] = due

    # -- actions --------------------------------------------------------------------------

    def fold(self, name: str) -> None:
        self._items.append(("f", self._player(name), None, self.line))
        self._folded.add(name)

    def check(self, name: str) -> None:
        name = self._player(name)
        bets = self._street_bets
        if bets and bets.get(name, ZERO) < max(bets.values()):
            raise self.error(f"{name} checks facing a bet")
        self._items.append(("cc", name, None, self.line))

    def call(self, name: str, amount: Decimal) -> None:
        """A call of ``amount`` more chips."""
        name = self._player(name)
        self._street_bets[name] = self._street_bets.get(name, ZERO) + amount
        self._items.append(("cc", name, None, self.line))

    def bet(self, name: str, amount: Decimal) -> None:
        """A bet of ``amount`` more chips (the player's bet of the round becomes its
        earlier chips in the round and these)."""
        self.raise_to(self._player(name), self._street_bets.get(name, ZERO) + amount)

    def raise_to(self, name: str, total: Decimal) -> None:
        """A bet, raise or completion to ``total`` chips in this round."""
        name = self._player(name)
        self._street_bets[name] = total
        self._items.append(("cbr", name, total, self.line))

    def bring_in(self, name: str, amount: Decimal) -> None:
        """A stud bring-in of ``amount``."""
        name = self._player(name)
        self.bring_in_amount = amount
        self._street_bets[name] = self._street_bets.get(name, ZERO) + amount
        self._items.append(("pb", name, None, self.line))

    def draw(self, name: str, discarded: Sequence[str | None]) -> None:
        """A draw: the cards thrown away (``None``: unknown; none: stands pat); the
        replacements are unknown unless :meth:`deal` tells them next."""
        name = self._player(name)
        self._items.append(("sd", name, list(discarded), self.line))
        if discarded:
            self._pending_draw[name] = len(self._items)
            self._items.append(("dr", name, [None] * len(discarded), self.line))

    def returned(self, name: str, amount: Decimal) -> None:
        """An uncalled bet given back."""
        name = self._player(name)
        self._street_bets[name] = self._street_bets.get(name, ZERO) - amount

    def return_uncalled(self) -> None:
        """The part of this round's largest bet that nobody matched goes back to its
        bettor: for a site that does not write the return (idempotent, so a reader may
        call it at each round's end whether or not the text told the return).

        >>> from decimal import Decimal as D
        >>> b = HandBuilder("Example", "8")
        >>> b.seat(1, "Ann", D(100)); b.seat(2, "Bob", D(100))
        >>> b.raise_to("Ann", D(10)); b.call("Bob", D(4)); b.return_uncalled()
        >>> b._street_bets
        {'Ann': Decimal('4'), 'Bob': Decimal('4')}
        """
        bets = self._street_bets
        if not bets:
            return
        top = max(bets, key=bets.__getitem__)
        rest = max((bet for name, bet in bets.items() if name != top), default=ZERO)
        if bets[top] > rest:
            bets[top] = rest

    def show(self, name: str, cards: list[str]) -> None:
        """A player shows its cards (all of them, in the order dealt)."""
        self._items.append(("sm", self._player(name), cards, self.line))

    def muck(self, name: str, cards: list[str] | None = None) -> None:
        """A player mucks (``cards``: what the site reveals of them)."""
        self._items.append(("sm", self._player(name), ("muck", cards or []), self.line))

    def reveal(self, name: str, cards: list[str]) -> None:
        """The cards of a player who mucked, as the site reveals them afterwards."""
        name = self._player(name)
        for i in range(len(self._items) - 1, -1, -1):
            kind, who, payload, line = self._items[i]
            if kind == "sm" and who == name and isinstance(payload, tuple):
                self._items[i] = (kind, who, ("muck", cards), line)
                return
        self.muck(name, cards)

    def cash_out(self, name: str, amount: Decimal) -> None:
        """A player sold its share of the pot to the site before the cards were out (an
        all-in cash-out or insurance): paid outside the pot, so the pot is awarded by the
        cards as usual; kept as the user field ``_cashout`` (each player's amount, in
        the file's money, 0 for none)."""
        name = self._player(name)
        self._cashouts[name] = self._cashouts.get(name, ZERO) + amount

    def collect(self, name: str, amount: Decimal) -> None:
        """Money a player collected from a pot (net of the rake, as the site writes it)."""
        name = self._player(name)
        self._collected[name] = self._collected.get(name, ZERO) + amount

    # -- the hand ---------------------------------------------------------------------------

    def finish(self) -> HandHistory:
        """The hand in PHH, replayed on the engine and checked (see the module)."""
        self.street()  # the last round's bets are put in
        return make_history(self)
