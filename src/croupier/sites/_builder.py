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

import contextlib
import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, cast

import croupier.replay as _replay
from croupier.actions import Action, ActionKind
from croupier.cards import UNKNOWN, card_code
from croupier.errors import IllegalAction, PHHError, SiteError
from croupier.history_game import RAKE_TAKEN_FIELD, RUNS_FIELD
from croupier.phh import HandHistory
from croupier.sites._money import SYMBOLS, scale_of
from croupier.variants import VariantRules, from_phh, rules_of

__all__ = ["Cancelled", "HandBuilder", "Post"]

Post = Literal["sb", "bb", "straddle", "ante"]

_ZERO = Decimal(0)


class Cancelled(Exception):
    """Raised by a site's reader for a hand the site cancelled (skipped and counted)."""


@dataclass(frozen=True, slots=True)
class _Seat:
    number: int
    name: str
    stack: Decimal


# An item of the hand, in the order told: (kind, name or None, payload, line).
# kinds: "dh" (cards: list of str or None), "db" (cards), "f", "cc", "cbr" (Decimal to),
# "pb", "sd" (cards), "sm" (cards or None), "run" (int).
_Item = tuple[str, "str | None", object, int]


class HandBuilder:
    """One site hand being read: the reader's calls in the text's order (see the module).

    Not thread-safe (a reader builds one hand at a time); amounts are
    :class:`~decimal.Decimal` money as the site writes it.
    """

    def __init__(self, site: str, number: str, *, line: int = 1, path: str | None = None) -> None:
        self.site, self.number, self.first_line, self.path = site, number, line, path
        self.line = line  # the line being read (errors name it)
        self.number_value: int | str = number  # the PHH ``hand`` field (an int where it is one)
        self.code: str | None = None
        self._rules: VariantRules | None = None
        self.small_blind: Decimal | None = None
        self.big_blind: Decimal | None = None
        self.small_bet: Decimal | None = None
        self.big_bet: Decimal | None = None
        self.bring_in_amount: Decimal | None = None
        self.button: int | None = None
        self.seat_count: int | None = None
        self.table: str | None = None
        self.time: _dt.datetime | None = None
        self.time_zone: str | None = None
        self.event: str | None = None
        self.level: int | None = None
        self.hero: str | None = None
        self.currency: str | None = None
        self.currency_symbol: str | None = None
        self._total: Decimal | None = None
        self._total_line = line
        self.rake = _ZERO
        self.extra: dict[str, object] = {}
        self._seats: dict[str, _Seat] = {}
        self._posts: dict[str, dict[str, Decimal]] = {}
        self._items: list[_Item] = []
        self._street = 0
        self._street_bets: dict[str, Decimal] = {}
        self._put_in: dict[str, Decimal] = {}
        self._collected: dict[str, Decimal] = {}
        self._dealt: dict[str, int] = {}  # cards dealt so far (stud)
        self._folded: set[str] = set()
        self._runs = 1
        self._board_cards = 0
        self._cashouts: dict[str, Decimal] = {}
        self._pending_draw: dict[str, int] = {}  # a draw's unknown replacements' item

    @property
    def total(self) -> Decimal | None:
        """The site's total pot (what the players put in, less uncalled bets), if written."""
        return self._total

    @total.setter
    def total(self, amount: Decimal | None) -> None:
        self._total, self._total_line = amount, self.line

    # -- errors -------------------------------------------------------------------------

    def error(self, message: str, line: int | None = None) -> SiteError:
        """A :class:`SiteError` naming the file, the hand and the line (``line`` or the
        line being read)."""
        line = self.line if line is None else line
        where = f"{self.path}: " if self.path else ""
        return SiteError(
            f"{where}{self.site} hand {self.number}, line {line}: {message}",
            site=self.site,
            hand=self.number,
            path=self.path,
            line=line,
        )

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

    @property
    def is_stud(self) -> bool:
        """Whether the game (told by :meth:`game`) is a stud game."""
        return self._rules is not None and self._rules.is_stud

    def seat(self, number: int, name: str, stack: Decimal) -> None:
        """A player dealt in: the seat's number, the player's name and stack."""
        if name in self._seats:
            raise self.error(f"player {name!r} is seated twice")
        if stack <= 0:
            raise self.error(f"player {name!r} has no chips")
        self._seats[name] = _Seat(number, name, stack)

    def is_seated(self, name: str) -> bool:
        """Whether ``name`` is a player of the hand."""
        return name in self._seats

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
            self._put_in[name] = self._put_in.get(name, _ZERO) + amount
        else:
            self._street_bets[name] = self._street_bets.get(name, _ZERO) + amount

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
            self._put_in[name] = self._put_in.get(name, _ZERO) + bet
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
        if bets and bets.get(name, _ZERO) < max(bets.values()):
            raise self.error(f"{name} checks facing a bet")
        self._items.append(("cc", name, None, self.line))

    def call(self, name: str, amount: Decimal) -> None:
        """A call of ``amount`` more chips."""
        name = self._player(name)
        self._street_bets[name] = self._street_bets.get(name, _ZERO) + amount
        self._items.append(("cc", name, None, self.line))

    def bet(self, name: str, amount: Decimal) -> None:
        """A bet of ``amount`` more chips (the player's bet of the round becomes its
        earlier chips in the round and these)."""
        self.raise_to(self._player(name), self._street_bets.get(name, _ZERO) + amount)

    def raise_to(self, name: str, total: Decimal) -> None:
        """A bet, raise or completion to ``total`` chips in this round."""
        name = self._player(name)
        self._street_bets[name] = total
        self._items.append(("cbr", name, total, self.line))

    def bring_in(self, name: str, amount: Decimal) -> None:
        """A stud bring-in of ``amount``."""
        name = self._player(name)
        self.bring_in_amount = amount
        self._street_bets[name] = self._street_bets.get(name, _ZERO) + amount
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
        self._street_bets[name] = self._street_bets.get(name, _ZERO) - amount

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
        rest = max((bet for name, bet in bets.items() if name != top), default=_ZERO)
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
        self._cashouts[name] = self._cashouts.get(name, _ZERO) + amount

    def collect(self, name: str, amount: Decimal) -> None:
        """Money a player collected from a pot (net of the rake, as the site writes it)."""
        name = self._player(name)
        self._collected[name] = self._collected.get(name, _ZERO) + amount

    # -- the hand ---------------------------------------------------------------------------

    def _order(self) -> list[str]:
        seats = sorted(self._seats.values(), key=lambda s: s.number)
        assert self.code is not None
        if self.is_stud:
            return [s.name for s in seats]
        if self.button is None:
            raise self.error("the hand has no button")
        after = [s for s in seats if s.number > self.button]
        before = [s for s in seats if s.number <= self.button]
        return [s.name for s in after + before]

    def _blinds(self, order: list[str]) -> list[Decimal]:
        """Each player's live blind or straddle, checked to be in its place; a blind
        posted short by a player all in is the game's (the engine posts what it has)."""
        n = len(order)
        names = order[::-1] if n == 2 else order  # heads-up the button posts the small blind
        stakes = {"sb": self.small_blind, "bb": self.big_blind}
        if self.small_bet is not None:  # fixed limit: the big blind is the small bet
            stakes = {"sb": self.small_bet / 2, "bb": self.small_bet}
        amounts = [_ZERO] * n
        straddles = 0
        for i, name in enumerate(names):
            for kind, amount in self._posts.get(name, {}).items():
                if kind == "ante":
                    continue
                place = {"sb": 0, "bb": 1}.get(kind)
                if place is None:  # a straddle: after the big blind, in turn
                    place = 2 + straddles
                    straddles += 1
                if i != place:
                    raise self.error(
                        f"{name} posts a {kind} out of its place (a missed or dead blind "
                        "is not supported)"
                    )
                game = stakes.get(kind)
                if game is not None and amount < game and self._all_in_posting(name, amount):
                    amount = game
                amounts[i] = amount
        return amounts  # heads-up: PHH lists the small blind (the button's) first

    def _all_in_posting(self, name: str, amount: Decimal) -> bool:
        """Whether ``name``'s forced bets (``amount`` and its ante) are its whole stack."""
        ante = self._posts.get(name, {}).get("ante", _ZERO)
        return amount + ante >= self._seats[name].stack

    def _antes(self, order: list[str]) -> list[Decimal]:
        """Each player's ante; one posted short by a player all in is the others' largest."""
        posted = [self._posts.get(name, {}).get("ante", _ZERO) for name in order]
        most = max(posted)
        return [
            most if 0 < a < most and a >= self._seats[name].stack else a
            for a, name in zip(posted, order, strict=True)
        ]

    def finish(self) -> HandHistory:
        """The hand in PHH, replayed on the engine and checked (see the module)."""
        if self.code is None:
            raise self.error("the hand names no game")
        if len(self._seats) < 2:
            raise self.error("the hand has fewer than two players")
        self.street()  # the last round's bets are put in
        order = self._order()
        index = {name: i for i, name in enumerate(order)}
        rules = self._rules
        assert rules is not None
        stud, letter = rules.is_stud, self.code[0]
        starting = [self._seats[name].stack for name in order]
        antes = self._antes(order)
        blinds = None if stud else self._blinds(order)
        put_in = [self._put_in.get(name, _ZERO) for name in order]
        collected = [self._collected.get(name, _ZERO) for name in order]
        finishing = [s - p + c for s, p, c in zip(starting, put_in, collected, strict=True)]
        if any(f < 0 for f in finishing):
            raise self.error("a player puts in more than its stack")
        stakes: dict[str, Decimal | None] = {}
        if letter == "F":
            stakes["small_bet"], stakes["big_bet"] = self.small_bet, self.big_bet
            if self.small_bet is None or self.big_bet is None:
                raise self.error("a fixed-limit hand needs its small and big bets")
        else:
            stakes["min_bet"] = self.big_blind or max(blinds or [_ZERO]) or None
            if stakes["min_bet"] is None:
                raise self.error("the hand's big blind is not known")
        if stud:
            stakes["bring_in"] = self.bring_in_amount or _default_bring_in(self.small_bet)
        actions_money = [a[2] for a in self._items if isinstance(a[2], Decimal)]
        amounts: list[Decimal] = [
            *starting, *antes, *(blinds or []), *finishing, *collected, self.rake,
            *(v for v in stakes.values() if v is not None), *actions_money,
        ]  # fmt: skip
        scale = scale_of(amounts)

        def units(amount: Decimal) -> int:
            return int(amount * scale)

        actions, lines = self._actions(order, index, rules.is_draw, units)
        extra = dict(self.extra)
        if self.rake:
            extra[RAKE_TAKEN_FIELD] = self.rake
        if self._runs > 1:
            extra[RUNS_FIELD] = self._runs
        if self._cashouts:
            extra["_cashout"] = tuple(self._cashouts.get(name, _ZERO) for name in order)
        if self.hero is not None and self.hero in index:
            extra["_hero"] = self.hero
        when = self.time
        try:
            history = HandHistory(
                variant=self.code,
                antes=tuple(units(a) for a in antes),
                blinds_or_straddles=None if blinds is None else tuple(units(b) for b in blinds),
                starting_stacks=tuple(units(s) for s in starting),
                actions=tuple(actions),
                venue=self.site,
                hand=self.number_value,
                table=self.table,
                event=self.event,
                level=self.level,
                seats=tuple(self._seats[name].number for name in order),
                seat_count=self.seat_count,
                players=tuple(order),
                finishing_stacks=tuple(units(f) for f in finishing),
                winnings=tuple(units(c) for c in collected),
                currency=self.currency,
                currency_symbol=self.currency_symbol
                or next((s for s, c in SYMBOLS.items() if c == self.currency), None),
                time=None if when is None else when.time(),
                day=None if when is None else when.day,
                month=None if when is None else when.month,
                year=None if when is None else when.year,
                time_zone_abbreviation=self.time_zone,
                scale=scale,
                extra=extra,
                **{k: None if v is None else units(v) for k, v in stakes.items()},  # type: ignore[arg-type]
            )
        except PHHError as exc:
            raise self.error(str(exc), self.first_line) from None
        self._check(history, lines, put_in, collected)
        return history

    def _actions(
        self,
        order: list[str],
        index: dict[str, int],
        draw: bool,
        to_units: Callable[[Decimal], int],
    ) -> tuple[list[Action], list[int]]:
        """The PHH actions of the items, and the line of each."""
        known = self._known_cards(order, draw)
        actions: list[Action] = []
        lines: list[int] = []
        assert self.code is not None
        assert self._rules is not None
        stud, hole = self._rules.is_stud, self._rules.streets[0].hole
        if not stud:  # every player's first cards, before the first action
            for player in order:
                first = known.get(player, [None] * hole)[:hole]
                actions.append(Action("dh", target=index[player], cards=_codes(self, first)))
                lines.append(self.first_line)
        for kind, name, payload, line in self._items:
            self.line = line
            if kind == "dh":
                assert name is not None and isinstance(payload, list)
                if not stud:
                    continue  # written above
                cards = known[name][: len(payload)]
                known[name] = known[name][len(payload) :]
                actions.append(Action("dh", target=index[name], cards=_codes(self, cards)))
            elif kind == "dr":  # a draw's replacements
                assert name is not None and isinstance(payload, list)
                actions.append(Action("dh", target=index[name], cards=_codes(self, payload)))
            elif kind == "db":
                assert isinstance(payload, list)
                actions.append(Action("db", cards=_codes(self, payload)))
            elif kind == "run":  # the next board cards are run ``payload``'s
                if payload == 1:
                    continue
                actions.append(Action("noop", comment=f"run {payload}"))
            else:
                assert name is not None
                actor = index[name]
                if kind == "cbr":
                    assert isinstance(payload, Decimal)
                    actions.append(Action("cbr", actor=actor, amount=to_units(payload)))
                elif kind == "sd":
                    assert isinstance(payload, list)
                    actions.append(Action("sd", actor=actor, cards=_codes(self, payload)))
                elif kind == "sm":  # a show (its cards) or a muck (none, or what was revealed)
                    shown = payload if isinstance(payload, list) else []
                    actions.append(Action("sm", actor=actor, cards=_codes(self, shown)))
                else:
                    actions.append(Action(cast("ActionKind", kind), actor=actor))
            lines.append(line)
        return actions, lines

    def _known_cards(self, order: list[str], draw: bool) -> dict[str, list[str | None]]:
        """Each player's cards in the order dealt, unknown ones filled from its show
        (or revealed muck); draw games: the first hand only, shows are final hands."""
        dealt: dict[str, list[str | None]] = {}
        for kind, name, payload, _ in self._items:
            if kind == "dh" and name is not None and isinstance(payload, list):
                dealt.setdefault(name, []).extend(payload)
        if draw:
            return dealt
        for kind, name, payload, line in self._items:
            if kind != "sm" or name is None:
                continue
            cards = payload[1] if isinstance(payload, tuple) else payload
            assert isinstance(cards, list)
            if not cards:
                continue
            have = dealt.setdefault(name, [])
            if not have:
                have.extend([None] * len(cards))
            if len(cards) > len(have):  # (fewer: shown before the last cards, all in)
                raise self.error(f"{name} shows {len(cards)} cards but holds {len(have)}", line)
            for i, (held, shown) in enumerate(zip(have, cards, strict=False)):
                if held is None:
                    have[i] = shown
                elif held != shown:
                    raise self.error(f"{name} shows {shown} where it was dealt {held}", line)
        return dealt

    def _check(
        self,
        history: HandHistory,
        lines: list[int],
        put_in: list[Decimal],
        collected: list[Decimal],
    ) -> None:
        """Replay ``history`` (an error names the line of the action it concerns), check the
        site's total pot, then the stacks the text gives against the engine's."""
        try:
            result = _replay.replay(history, check=False)
        except (IllegalAction, PHHError, ValueError) as exc:
            raise self.error(str(exc), _failing_line(history, lines, self.first_line)) from None
        if not result.is_over or result.unsettled:
            state = "unsettled (cards not shown decide it)" if result.is_over else "not over"
            where = lines[-1] if lines else self.first_line  # the last action's line
            raise self.error(f"the hand is {state} where the site's text ends", where)
        total = self._total
        if total is not None:
            if sum(put_in) != total:
                raise self.error(
                    f"the players put {sum(put_in)} in the pot, the site's total is {total}",
                    self._total_line,
                )
            if sum(collected) + self.rake != total:
                raise self.error(
                    f"the winners collected {sum(collected)} and the rake is {self.rake}, "
                    f"the site's total pot is {total}",
                    self._total_line,
                )
        try:
            _replay.check_stacks(history, result)
        except PHHError as exc:
            raise self.error(str(exc), self._total_line) from None


def _failing_line(history: HandHistory, lines: list[int], first: int) -> int:
    """The line of the last action a replay of ``history`` plays before it fails (the
    replay again, watching each action: made only for an error)."""
    watch = _Watch({id(a): line for a, line in zip(history.actions, lines, strict=True)}, first)
    with contextlib.suppress(ValueError):
        _replay.replay(history, watch, check=False)
    return watch.line


class _Watch:
    """A replay's ``watch``: the line of the last action played (no closure: compiled)."""

    def __init__(self, lines: dict[int, int], first: int) -> None:
        self.lines, self.line = lines, first

    def __call__(self, hand: object, seat: int, action: Action) -> None:
        self.line = self.lines.get(id(action), self.line)


_CODES = {text: card_code(text) for text in (r + s for r in "23456789TJQKA" for s in "cdhs")}
_CODES[None] = UNKNOWN  # type: ignore[index]


def _codes(builder: HandBuilder, cards: list[str | None]) -> tuple[int, ...]:
    try:
        return tuple([_CODES[c] for c in cards])  # type: ignore[index]
    except KeyError:
        try:
            return tuple([UNKNOWN if c is None else card_code(c) for c in cards])
        except ValueError as exc:
            raise builder.error(str(exc)) from None


def _default_bring_in(small_bet: Decimal | None) -> Decimal:
    """A stud bring-in the text does not show (the first player completed, so it plays
    no part): the smallest amount written as the small bet is (one chip, one cent)."""
    if small_bet is None:
        return Decimal(1)
    exponent = small_bet.as_tuple().exponent
    unit = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    return unit if unit < small_bet else small_bet / 2
