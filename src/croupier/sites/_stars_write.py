"""PokerStars text of any hand played or replayed on croupier: :func:`write_stars`.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=3)
>>> hand.raise_to(6); hand.fold(); hand.fold()
>>> print(write_stars(hand, number=1))  # doctest: +ELLIPSIS
PokerStars Hand #1: Hold'em No Limit (1/2) - 2026/01/01 00:00:00 ET
Table 'croupier' 3-max Seat #3 is the button
Seat 1: p1 (100 in chips)
Seat 2: p2 (100 in chips)
Seat 3: p3 (100 in chips)
p1: posts small blind 1
p2: posts big blind 2
*** HOLE CARDS ***
Dealt to p1 [...]
Dealt to p2 [...]
Dealt to p3 [...]
p3: raises 4 to 6
p1: folds
p2: folds
Uncalled bet (4) returned to p3
p3 collected 5 from pot
*** SUMMARY ***
Total pot 5 | Rake 0
Seat 1: p1 (small blind) folded
Seat 2: p2 (big blind) folded
Seat 3: p3 (button) collected (5)
<BLANKLINE>

Reading the text back (:func:`croupier.sites.load_all`) and replaying it gives
the same hand, event by event (tests/test_sites_stars.py plays hands of every
game on croupier to check it).  Choices (docs/rules.md §7.4): seats are
numbered from 1 in croupier's seat order (the button last), players are
``p1`` … unless ``players`` names them; by default every player's cards are
written as ``Dealt to`` lines (the site writes only the hero's: ``hero=SEAT``
does so, and the others' cards are then unknown unless shown); each
player's winnings are one ``collected … from pot`` line; a dead blind has no
PokerStars line and is refused.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from decimal import Decimal

from croupier.actions import format_amount
from croupier.cards import format_cards
from croupier.events import Event, EventKind
from croupier.hand import Hand
from croupier.phh import HandHistory
from croupier.sites._stars import GAMES
from croupier.structures import FIXED_LIMIT

__all__ = ["write_history", "write_stars"]

_NAMES = {code: name for name, code in GAMES.items()}
_HOLDEM_MARKERS = ("HOLE CARDS", "FLOP", "TURN", "RIVER")
_STUD_MARKERS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_DRAW_MARKERS = ("DEALING HANDS", "FIRST DRAW", "SECOND DRAW", "THIRD DRAW")
_RUN_WORDS = ("FIRST", "SECOND", "THIRD")


def write_stars(
    hand: Hand,
    *,
    number: int = 1,
    players: Sequence[str] | None = None,
    hero: int | None = None,
    table: str = "croupier",
    time: _dt.datetime | None = None,
    scale: int = 1,
    symbol: str = "",
    currency: str | None = None,
    rake: object = None,
    seats: Sequence[int] | None = None,
    seat_count: int | None = None,
    time_zone: str = "ET",
    collected: Sequence[int] | None = None,
    mix: str | None = None,
    event: str | None = None,
    level: int | None = None,
    cashouts: Sequence[int] | None = None,
) -> str:
    """The PokerStars hand history of ``hand`` (finished or not; see the module).

    ``players`` names the seats (``p1`` … by default); ``hero`` is the seat whose
    cards the text shows (``None``: every seat's); amounts are the hand's chips
    divided by ``scale`` and written after ``symbol`` (``scale=100, symbol="$",
    currency="USD"`` for a game played in cents); ``time`` is the header's time
    (in ``time_zone``); ``mix`` a mixed game's name (``HORSE``: its header is
    ``HORSE (GAME, STAKES)``); ``collected`` each seat's winnings as a site
    recorded them (net of its rake: the rake is the rest); ``event`` a tournament
    (``Tournament #N`` and its buy-in) and ``level`` its level; ``cashouts`` each
    seat's all-in cash out (0: none); ``seats`` the seat numbers (1, 2 … by
    default, the button last) and ``seat_count`` the table's size; ``rake`` a
    site's rake (in the money written) taken from the winners' collected amounts
    (:func:`write_history` passes an imported hand's ``_rake``).
    A game PokerStars does not deal, or a dead blind, is a ``ValueError``.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
    >>> hand.fold()
    >>> text = write_stars(hand, players=["Ann", "Bob"], hero=0, scale=100, symbol="$")
    >>> [line for line in text.splitlines() if "Dealt" in line or "from pot" in line]
    ['Dealt to Ann [Qh 3h]', 'Ann collected $0.02 from pot']
    """
    game = hand.game
    code = game.structure.letter + game.variant
    name = _NAMES.get(code)
    if name is None:
        raise ValueError(f"PokerStars does not deal {game.name} ({code})")
    n = hand.n_players
    names = [f"p{seat + 1}" for seat in range(n)] if players is None else list(players)
    if len(names) != n or len(set(names)) != n:
        raise ValueError(f"players must be {n} different names")

    def cash(units: int) -> str:
        text = format_amount(units, scale)
        if scale > 1 and symbol:
            text = str(Decimal(text).quantize(Decimal(1) / scale))
        return symbol + text

    stud, draw = game.is_stud, any(street.draw for street in game.streets)
    fixed = game.structure is FIXED_LIMIT
    blinds = game.forced_bets(n)[1]
    if fixed:
        assert game.bets is not None
        low, high = game.bets
    else:
        positive = sorted(b for b in blinds if b)
        low, high = (positive[0], positive[1]) if len(positive) > 1 else (0, game.min_bet)
    stakes = f"{cash(low)}/{cash(high)}" + (f" {currency}" if currency else "")
    when = (time or _dt.datetime(2026, 1, 1)).strftime("%Y/%m/%d %H:%M:%S")
    title = f"{name} ({stakes})" if mix is None else f"{mix} ({name}, {stakes})"
    if event is not None:
        title = f"{event} {name} - Level {level or 1} ({stakes})"
    out = [f"PokerStars Hand #{number}: {title} - {when} {time_zone}"]
    numbers = list(range(1, n + 1)) if seats is None else list(seats)
    if len(numbers) != n or len(set(numbers)) != n or min(numbers) < 1:
        raise ValueError(f"seats must be {n} different seat numbers from 1")
    button = "" if stud else f" Seat #{numbers[-1]} is the button"
    out.append(f"Table '{table}' {seat_count or max(n, 2, *numbers)}-max{button}")
    for seat in sorted(range(n), key=lambda k: numbers[k]):
        stack = cash(hand.starting_stacks[seat])
        out.append(f"Seat {numbers[seat]}: {names[seat]} ({stack} in chips)")
    writer = _Writer(hand, names, hero, cash, out, stud, draw)
    writer.numbers = numbers
    if collected is not None:
        writer.collected = list(collected)
    if cashouts is not None:
        writer.cashouts = list(cashouts)
    if rake is not None:
        writer.site_rake = int(Decimal(str(rake)) * scale)
    writer.events(hand.events)
    return "\n".join(out) + "\n"


def write_history(history: HandHistory, number: int | None = None) -> str:
    """The PokerStars text of a hand history (replayed on croupier): its players' names,
    its money (``scale``, currency), its hand number, its hero's cards only when it
    names one (``_hero``), else every card it knows.

    >>> from croupier import phh
    >>> from croupier.sites._stars import EXAMPLE, read
    >>> text = write_history(read(EXAMPLE.splitlines(), 1, None))
    >>> text.splitlines()[0]
    "PokerStars Hand #1001: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/15 12:34:56 ET"
    >>> read(text.splitlines(), 1, None).winnings
    (0, 0, 70)
    """
    from croupier.history_game import per_seat
    from croupier.replay import replay

    result = replay(history)
    seats = result.seats
    names = list(history.players or [f"p{p + 1}" for p in range(len(seats))])
    by_seat = [""] * len(seats)
    for player, seat in enumerate(seats):
        by_seat[seat] = names[player]
    hero = history.extra.get("_hero")
    when = None
    if history.year and history.month and history.day:
        clock = history.time or _dt.time()
        when = _dt.datetime(history.year, history.month, history.day, clock.hour, clock.minute,
                            clock.second)  # fmt: skip
    hand_number = history.hand if isinstance(history.hand, int) else (number or 1)
    return write_stars(
        result.hand,
        number=hand_number,
        players=by_seat,
        hero=by_seat.index(hero) if isinstance(hero, str) and hero in by_seat else None,
        table=str(history.table) if history.table is not None else "croupier",
        time=when,
        scale=history.scale,
        symbol=history.currency_symbol or "",
        currency=history.currency,
        collected=None if history.winnings is None else per_seat(history.winnings, seats),
        mix=mix if isinstance(mix := history.extra.get("_mix"), str) else None,
        event=_event(history),
        level=history.level,
        cashouts=_cashouts(history, seats),
        seats=None if history.seats is None else per_seat(history.seats, seats),
        seat_count=history.seat_count,
        time_zone=history.time_zone_abbreviation or "ET",
    )


def _event(history: HandHistory) -> str | None:
    """The header's ``Tournament #N, BUY-IN`` of a tournament hand, else None."""
    event = history.event
    if event is None or not event.startswith("Tournament #"):
        return None
    buy_in = history.extra.get("_buy_in")
    return f"{event}, {buy_in}" if isinstance(buy_in, str) else f"{event},"


def _cashouts(history: HandHistory, seats: Sequence[int]) -> list[int] | None:
    """Each seat's cash out (``_cashout``, in the file's money) in the hand's units."""
    from croupier.history_game import per_seat

    amounts = history.extra.get("_cashout")
    if not isinstance(amounts, tuple) or len(amounts) != len(seats):
        return None
    units = [int(Decimal(str(a)) * history.scale) for a in amounts]
    return list(per_seat(units, seats))


class _Writer:
    """The lines of a hand's events, in order (the state a line needs: bets, stacks)."""

    def __init__(
        self,
        hand: Hand,
        names: list[str],
        hero: int | None,
        cash: object,
        out: list[str],
        stud: bool,
        draw: bool,
    ) -> None:
        self.hand, self.names, self.hero, self.out = hand, names, hero, out
        self.cash = cash
        self.stud, self.draw = stud, draw
        n = hand.n_players
        self.stacks = list(hand.starting_stacks)
        self.bets = [0] * n
        self.street = -1
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.folded = [False] * n
        self.won = [0] * n
        self.shown: dict[int, tuple[int, ...]] = {}
        self.mucked: set[int] = set()
        self.board: list[int] = []
        self.run = 1
        self.runs = len(hand.boards)
        self.showdown = False
        self.completed = False
        self.pot = 0
        self.rake = 0
        self.site_rake = 0  # a site's rake: taken from the winners' amounts, in turn
        self.numbers = list(range(1, n + 1))  # each seat's number at the table
        self.collected: list[int] | None = None  # each seat's winnings as a site wrote them
        self.cashouts: list[int] = []

    def money(self, units: int) -> str:
        return self.cash(units)  # type: ignore[operator,no-any-return]

    def say(self, seat: int, text: str) -> None:
        self.out.append(f"{self.names[seat]}: {text}")

    def _street(self, street: int) -> None:
        """The section line of a new street (none for the board's: the deal writes it)."""
        if street == self.street:
            return
        self.street = street
        if street > 0:
            self.bets = [0] * len(self.bets)
        self.completed = False
        if self.stud:
            self.out.append(f"*** {_STUD_MARKERS[street]} ***")
        elif self.draw:
            self.out.append(f"*** {_DRAW_MARKERS[street]} ***")
        elif street == 0:
            self.out.append("*** HOLE CARDS ***")

    def events(self, events: Sequence[Event]) -> None:
        for event in events:
            self.event(event)
        self.summary()

    def event(self, e: Event) -> None:
        kind, seat = e.kind, e.seat
        if kind is EventKind.ANTE:
            assert seat is not None and e.amount is not None
            self.say(seat, f"posts the ante {self.money(e.amount)}")
            self._put(seat, e.amount, dead=True)
        elif kind is EventKind.BLIND:
            assert seat is not None and e.amount is not None
            self.say(seat, f"posts {self._blind_name(seat)} {self.money(e.amount)}")
            self._put(seat, e.amount)
        elif kind is EventKind.DEAD_BLIND:
            raise ValueError("PokerStars text has no line for a dead blind")
        elif kind is EventKind.DEAL_HOLE:
            self._deal(e)
        elif kind is EventKind.DEAL_BOARD:
            self._board(e)
        elif kind is EventKind.RUN:
            assert e.amount is not None
            self.run = e.amount
        elif kind in (EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET_RAISE):
            self._street(e.street)
            self._bet(e)
        elif kind is EventKind.BRING_IN:
            assert seat is not None and e.amount is not None
            self._street(e.street)
            self.say(seat, f"brings in for {self.money(e.amount)}{self._all_in(seat, e.amount)}")
        elif kind is EventKind.DRAW:
            assert seat is not None
            self._street(e.street)
            if e.cards:
                count = len(e.cards)
                cards = "" if self._hidden(seat) else f" [{format_cards(e.cards)}]"
                plural = "card" if count == 1 else "cards"
                self.say(seat, f"discards {count} {plural}{cards}")
            else:
                self.say(seat, "stands pat")
        elif kind is EventKind.RETURN:
            assert seat is not None and e.amount is not None
            self.bets[seat] -= e.amount
            self.stacks[seat] += e.amount
            self.pot -= e.amount
            self.out.append(f"Uncalled bet ({self.money(e.amount)}) returned to {self.names[seat]}")
        elif kind in (EventKind.SHOW, EventKind.MUCK):
            assert seat is not None
            if not self.showdown and self.runs == 1:
                self.out.append("*** SHOW DOWN ***")
                self.showdown = True
            if kind is EventKind.SHOW:
                self.shown[seat] = e.cards
                self.say(seat, f"shows [{format_cards(e.cards)}]")
            else:
                self.mucked.add(seat)
                self.say(seat, "mucks hand")
        elif kind is EventKind.RAKE:
            assert e.amount is not None
            self.rake += e.amount
        elif kind is EventKind.AWARD:
            assert seat is not None and e.amount is not None
            amount = e.amount
            if self.collected is not None:  # the site's own amounts: the rake is the rest
                if self.won[seat] or not self.collected[seat]:
                    self.rake += amount
                    return
                self.rake += amount - self.collected[seat]
                amount = self.collected[seat]
            elif self.site_rake:  # the site's rake, from the first winners' amounts
                taken = min(self.site_rake, amount)
                self.site_rake -= taken
                self.rake += taken
                amount -= taken
            self.won[seat] += amount
            self.out.append(f"{self.names[seat]} collected {self.money(amount)} from pot")

    def _blind_name(self, seat: int) -> str:
        n = len(self.names)
        place = (seat + 1) % n if n == 2 else seat
        return ("small blind", "big blind")[place] if place < 2 else "straddle"

    def _put(self, seat: int, amount: int, *, dead: bool = False) -> None:
        self.stacks[seat] -= amount
        self.pot += amount
        if not dead:
            self.bets[seat] += amount

    def _all_in(self, seat: int, to: int) -> str:
        added = to - self.bets[seat]
        self._put(seat, added)
        return " and is all-in" if self.stacks[seat] == 0 else ""

    def _bet(self, e: Event) -> None:
        seat = e.seat
        assert seat is not None
        kind = e.kind
        if kind is EventKind.FOLD:
            self.folded[seat] = True
            self.say(seat, "folds")
        elif kind is EventKind.CHECK:
            self.say(seat, "checks")
        elif kind is EventKind.CALL:
            assert e.amount is not None
            added = e.amount - self.bets[seat]
            self.say(seat, f"calls {self.money(added)}{self._all_in(seat, e.amount)}")
        else:
            assert e.amount is not None
            to, top = e.amount, max(self.bets)
            if self.stud and e.street == 0 and not self.completed:
                self.completed = True
                text = f"completes it to {self.money(to)}"
            elif top == 0:
                text = f"bets {self.money(to)}"
            else:
                text = f"raises {self.money(to - top)} to {self.money(to)}"
            self.say(seat, text + self._all_in(seat, to))

    def _hidden(self, seat: int) -> bool:
        """Whether the text leaves ``seat``'s cards out (not the hero's, or unknown)."""
        if self.hero is not None and seat != self.hero:
            return True
        return any(c < 0 for c in self.hand.hole(seat))

    def _deal(self, e: Event) -> None:
        seat = e.seat
        assert seat is not None
        self._street(e.street)
        before = list(self.dealt[seat])
        self.dealt[seat] += e.cards
        name = self.names[seat]
        if self.stud:
            ups = [c for i, c in enumerate(self.dealt[seat]) if 2 <= i < 6]
            if self._hidden(seat):
                if len(e.cards) == 1 and len(self.dealt[seat]) == 7:
                    return  # seventh street: a down card nobody else sees
                new = self.dealt[seat][2:3] if e.street == 0 else list(e.cards)
                old = ups[: len(ups) - len(new)]
            else:
                new, old = list(e.cards), before
            shown = f"[{format_cards(old)}] " if old else ""
            self.out.append(f"Dealt to {name} {shown}[{format_cards(new)}]")
            return
        if self._hidden(seat):
            return
        if before:  # a draw's replacements
            kept = [c for c in self.hand_cards(seat, before)]
            self.out.append(f"Dealt to {name} [{format_cards(kept)}] [{format_cards(e.cards)}]")
        else:
            self.out.append(f"Dealt to {name} [{format_cards(e.cards)}]")

    def hand_cards(self, seat: int, before: list[int]) -> list[int]:
        """The cards a drawing player kept (its cards before, less those thrown away)."""
        thrown = self._thrown.get(seat, ())
        kept = [c for c in before if c not in thrown]
        return kept

    @property
    def _thrown(self) -> dict[int, tuple[int, ...]]:
        thrown: dict[int, tuple[int, ...]] = {}
        for e in self.hand.events:
            if e.kind is EventKind.DRAW and e.seat is not None:
                thrown[e.seat] = thrown.get(e.seat, ()) + e.cards
        return thrown

    def _board(self, e: Event) -> None:
        old = list(self.board) if self.run == 1 else self._run_base(e)
        new = list(e.cards)
        if self.run == 1:
            self.board += new
        street = e.street
        if street == 0:  # Courchevel's first board card, dealt with the hole cards
            self._street(0)
            at = self.out.index("*** HOLE CARDS ***")
            self.out[at] += f" [{format_cards(new)}]"
            return
        word = ("FLOP", "TURN", "RIVER")[min(street, 3) - 1]
        if self.runs > 1 and self._is_run_out(street):
            prefix = _RUN_WORDS[self.run - 1] + " "
        else:
            prefix = ""
        if self.run == 1 and not prefix:
            self.street = street
            self.bets = [0] * len(self.bets)
        if self.run > 1:
            self._run_board[self.run] = old + new
        shown = f"[{format_cards(old)}] " if old else ""
        self.out.append(f"*** {prefix}{word} *** {shown}[{format_cards(new)}]")

    _run_board: dict[int, list[int]]

    def _is_run_out(self, street: int) -> bool:
        """Whether the board's cards of ``street`` were dealt after the betting ended."""
        first = self._first_run_street()
        return street >= first

    def _first_run_street(self) -> int:
        last_bet = max((e.street for e in self.hand.events if e.is_betting), default=0)
        return last_bet + 1

    def _run_base(self, e: Event) -> list[int]:
        if not hasattr(self, "_run_board"):
            self._run_board = {}
        board = self._run_board.get(self.run)
        if board is None:
            first = self._first_run_street()
            common = 0 if first <= 1 else 3 + (first - 2)
            board = self.board[:common]
        return board

    def summary(self) -> None:
        for seat, amount in enumerate(self.cashouts):
            if amount:
                self.out.append(f"{self.names[seat]} cashed out the hand for {self.money(amount)}")
        self.out.append("*** SUMMARY ***")
        self.out.append(f"Total pot {self.money(self.pot)} | Rake {self.money(self.rake)}")
        if self.board:
            self.out.append(f"Board [{format_cards(self.board)}]")
        n = len(self.names)
        for seat in sorted(range(n), key=lambda k: self.numbers[k]):
            role = ""
            if not self.stud:
                role = {n - 1: " (button)"}.get(seat, "")
                if n > 2 and seat in (0, 1):
                    role = (" (small blind)", " (big blind)")[seat]
                elif n == 2 and seat == 0:
                    role = " (big blind)"
            line = f"Seat {self.numbers[seat]}: {self.names[seat]}{role}"
            if seat in self.shown:
                line += f" showed [{format_cards(self.shown[seat])}]"
                line += (
                    f" and won ({self.money(self.won[seat])})" if self.won[seat] else " and lost"
                )
            elif self.won[seat]:
                line += f" collected ({self.money(self.won[seat])})"
            elif self.folded[seat]:
                line += " folded"
            elif seat in self.mucked:
                line += " mucked"
            self.out.append(line)
