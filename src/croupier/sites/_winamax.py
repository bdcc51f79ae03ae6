"""Winamax hand histories: the text its client writes, read into a
:class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._winamax import read, EXAMPLE
>>> hand = read(EXAMPLE.splitlines(), 1, None)
>>> hand.variant, hand.players, hand.winnings, hand.currency, hand.extra["_rake"]
('NT', ('Élodie', 'Bob', 'Ann'), (0, 0, 11), 'EUR', Decimal('0.02'))

Winamax writes PokerStars' layout with its own words, which this module turns into
PokerStars' before the PokerStars reader reads the hand (line for line, so an error
names the line of the file): the header ``Winamax Poker - CashGame - HandId: #ID -
GAME (SB€/BB€) - DATE UTC`` (``Tournament "NAME" buyIn: .. level: L`` in place of
``CashGame``, stakes ``(ANTE/SB/BB)``), ``Table: 'NAME' 6-max (real money) Seat #N
is the button``, seats ``Seat 1: NAME (2€)``, the sections ``*** ANTE/BLINDS ***``
and ``*** PRE-FLOP ***``, actions without a colon (``NAME raises 0.04€ to 0.06€``,
``NAME posts ante 10``) and ``Total pot 1.20€ | Rake 0.05€`` (``No rake``).  Winamax
does not write an uncalled bet's return: the return is made at each round's end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from croupier.errors import SiteError
from croupier.phh import HandHistory
from croupier.sites import _stars
from croupier.sites._builder import HandBuilder, bad_header

__all__ = ["EXAMPLE", "SITE", "read", "starts_hand"]

SITE = "Winamax"
PREFIX = "Winamax Poker - "  # every header line begins so

_HEADER = re.compile(r"Winamax Poker - (.*?) - HandId: #([0-9-]+) - (.*)$")
_GAMES = {
    "Holdem no limit": "Hold'em No Limit",
    "Holdem pot limit": "Hold'em Pot Limit",
    "Holdem fixed limit": "Hold'em Limit",
    "Omaha pot limit": "Omaha Pot Limit",
    "Omaha no limit": "Omaha No Limit",
    "Omaha5 pot limit": "5 Card Omaha Pot Limit",
    "Omaha Hi/Lo pot limit": "Omaha Hi/Lo Pot Limit",
}
_TABLE = re.compile(r"Table: '(.*)' (\d+)-max (?:\([^)]*\) )?(Seat #\d+ is the button)")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)$")
_VERBS = ("folds", "checks", "calls ", "bets ", "raises ", "posts ", "shows ", "mucks")
_LEVEL = re.compile(r'Tournament "(.*)" buyIn: (.*) level: (\d+)$')


def starts_hand(line: str) -> bool:
    """Whether ``line`` is the first line of a Winamax hand."""
    return line.startswith(PREFIX) and "HandId: #" in line


def _header(b: HandBuilder, kind: str, rest: str) -> str:
    """The header's game, stakes and date in PokerStars' words."""
    game, _, date = rest.rpartition(" - ")
    name, _, stakes = game.partition(" (")
    stars = _GAMES.get(name)
    if stars is None:
        raise b.error(f"unsupported game {name!r}")
    blinds = stakes.rstrip(")").split("/")
    if "€" in stakes:
        b.currency, b.currency_symbol = "EUR", "€"
    if kind == "CashGame":
        return f"{stars} ({'/'.join(blinds)}) - {date}"
    level = _LEVEL.match(kind)
    if level is None or len(blinds) < 2:
        raise b.error(f"bad tournament header {kind[:80]!r}")
    b.extra["_buy_in"] = level.group(2)
    blinds = blinds[-2:]  # (ANTE/SB/BB): the antes are posted
    return f"Tournament #0, {stars} - Level {level.group(3)} ({'/'.join(blinds)}) - {date}"


def _line(line: str, names: list[str]) -> str:
    """``line`` in PokerStars' words ("" for a line that changes nothing)."""
    if line.startswith("Table: "):
        table = _TABLE.match(line)
        return f"Table '{table.group(1)}' {table.group(2)}-max {table.group(3)}" if table else line
    if line.startswith("Seat ") and not line.endswith(" in chips)"):
        seat = _SEAT.match(line)
        if seat is not None and " won " not in line and " showed " not in line:
            names.append(seat.group(2))
            stack = seat.group(3).partition(",")[0]
            return f"Seat {seat.group(1)}: {seat.group(2)} ({stack} in chips)"
        return line
    if line == "*** ANTE/BLINDS ***":
        return ""
    if line == "*** PRE-FLOP ***":
        return "*** HOLE CARDS ***"
    if line.startswith("Total pot "):
        return " | ".join(f for f in line.split(" | ") if f != "No rake")
    for name in sorted(names, key=len, reverse=True):
        if line.startswith(name + " ") and line[len(name) + 1 :].startswith(_VERBS):
            action = line[len(name) + 1 :]
            if action.startswith("posts ante "):
                action = "posts the ante " + action[11:]
            return f"{name}: {action}"
    return line


class _Feed(list[str]):
    """The translated lines; their tail (what the PokerStars reader reads) makes the
    uncalled bet's return at each round's end."""

    builder: HandBuilder

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        got = super().__getitem__(index)
        return self._tail(got) if isinstance(index, slice) else got

    def _tail(self, lines: list[str]) -> Iterator[str]:
        started = False
        for line in lines:
            if line.startswith("*** "):
                if started:
                    self.builder.return_uncalled()
                started = started or line == "*** HOLE CARDS ***"
            yield line


def read(lines: Sequence[str], first_line: int, path: str | None) -> HandHistory:
    """The hand of ``lines`` (one hand's lines, the first its header, at line
    ``first_line`` of its file)."""
    header = _HEADER.match(lines[0])
    if header is None:
        raise bad_header(SITE, path, first_line, lines[0])
    kind, number, rest = header.groups()
    b = HandBuilder(SITE, number, line=first_line, path=path)
    try:
        text = _header(b, kind, rest)
        names: list[str] = []
        feed = _Feed([lines[0]] + [_line(line.rstrip(), names) for line in lines[1:]])
        feed.builder = b
        _stars._read(b, feed, first_line, text)
    except ValueError as exc:  # an amount or a card the builder did not wrap
        if isinstance(exc, SiteError):
            raise
        raise b.error(str(exc)) from None
    if kind != "CashGame":
        b.event = kind.partition(" buyIn:")[0]
    return b.finish()


EXAMPLE = (
    "Winamax Poker - CashGame - HandId: #1000-1-1700000000 - Holdem no limit (0.01€/0.02€)"
    " - 2026/11/02 15:14:03 UTC\n"
    """Table: 'Nice 05' 6-max (real money) Seat #3 is the button
Seat 1: Élodie (2€)
Seat 2: Bob (2.13€)
Seat 3: Ann (1.50€)
*** ANTE/BLINDS ***
Élodie posts small blind 0.01€
Bob posts big blind 0.02€
Dealt to Ann [Ah Kd]
*** PRE-FLOP ***
Ann raises 0.04€ to 0.06€
Élodie folds
Bob calls 0.04€
*** FLOP *** [2c 7d Th]
Bob checks
Ann bets 0.10€
Bob folds
Ann collected 0.11€ from pot
*** SUMMARY ***
Total pot 0.13€ | Rake 0.02€
Board: [2c 7d Th]
Seat 3: Ann (button) won 0.11€
"""
)
