"""888poker (Pacific Poker) hand histories: the text its client writes, read into a
:class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._888 import read, EXAMPLE
>>> hand = read(EXAMPLE.splitlines(), 1, None)
>>> hand.variant, hand.players, hand.winnings, hand.extra["_rake"]
('NT', ('Bob', 'Cat', 'Ann'), (0, 0, 11), Decimal('0.02'))

The format (docs/rules.md §7.4): an optional ``#Game No : N`` line, then
``***** 888poker Hand History for Game N *****``, ``STAKES Blinds GAME - *** DD
MM YYYY HH:MM:SS``, the table (``Table NAME 6 Max (Real Money)``, a tournament's
``Tournament #T BUY-IN - Table #n 9 Max (Real Money)``), the button, the seats
``Seat N: NAME ( $10 )``, forced bets, ``** Dealing .. **`` sections, actions
with bracketed amounts (what the action adds) and a ``** Summary **`` with
``NAME collected [ $1.20 ]``.  No uncalled-bet return and no rake are written
(see :mod:`croupier.sites._party_888`); euro amounts are written ``0,05€``.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence

from croupier.phh import HandHistory
from croupier.sites._builder import HandBuilder
from croupier.sites._money import SYMBOLS, money
from croupier.sites._party_888 import detector, read_hand, split_after_game_no
from croupier.variants import Variant

__all__ = ["EXAMPLE", "GAMES", "SITE", "detect", "read", "split", "starts_hand"]

SITE = "888poker"
PREFIX = ""

_V = Variant
GAMES: dict[str, str] = {
    name: letter + variant.value
    for name, letter, variant in (
        ("No Limit Holdem", "N", _V.TEXAS_HOLDEM),
        ("Pot Limit Holdem", "P", _V.TEXAS_HOLDEM),
        ("Fixed Limit Holdem", "F", _V.TEXAS_HOLDEM),
        ("Pot Limit Omaha", "P", _V.OMAHA),
        ("No Limit Omaha", "N", _V.OMAHA),
        ("Fixed Limit Omaha", "F", _V.OMAHA),
        ("Pot Limit Omaha Hi/Lo", "P", _V.OMAHA_HI_LO),
        ("Fixed Limit Omaha Hi/Lo", "F", _V.OMAHA_HI_LO),
    )
}
"""888poker's name of each game read and croupier's PHH code."""

_HEADER = re.compile(r"\*{5} 888(?:poker)? Hand History for Game (\d+) \*{5}")
_DATE = re.compile(r"(\d\d) (\d\d) (\d{4}) (\d\d):(\d\d):(\d\d)")
_TOURNAMENT = re.compile(r"Tournament #(\d+) (.*?) - Table (.+?) (\d+) Max")


def starts_hand(line: str) -> bool:
    """Whether ``line`` is the header line of an 888poker hand."""
    return line.startswith("***** 888") and "Hand History" in line[:40]


detect = detector(starts_hand)
"""Whether a file beginning with ``head`` is this site's (``#Game No`` lines passed over)."""

split = split_after_game_no(starts_hand)
"""The file cut into hands (``#Game No`` lines go with the header that follows)."""


def _header(b: HandBuilder, text: str) -> None:
    game_part, sep, date_part = text.partition(" - ")
    stakes, blinds_word, game = game_part.partition(" Blinds ")
    if not sep or not blinds_word:
        raise b.error(f"bad header {text[:80]!r}")
    code = GAMES.get(game.strip())
    if code is None:
        raise b.error(f"unsupported game {game!r}")
    low, slash, high = stakes.partition("/")
    if not slash:
        raise b.error(f"no stakes in the header {text[:80]!r}")
    for symbol in SYMBOLS:
        if symbol in low:
            b.currency_symbol, b.currency = symbol, SYMBOLS[symbol]
    if code[0] == "F":
        b.game(code, small_bet=money(low), big_bet=money(high))
    else:
        b.game(code, small_blind=money(low), big_blind=money(high))
    date = _DATE.search(date_part)
    if date is not None:
        day, month, year, hour, minute, second = (int(g) for g in date.groups())
        b.time = _dt.datetime(year, month, day, hour, minute, second)


def read(lines: Sequence[str], first_line: int, path: str | None) -> HandHistory:
    """The hand of ``lines`` (one hand's lines, at line ``first_line`` of its file)."""
    return read_hand(SITE, _HEADER, _header, lines, first_line, path, _tournament_line)


def _tournament_line(b: HandBuilder, body: list[str], first_line: int) -> None:
    """A tournament's ``Tournament #T BUY-IN - Table #n 9 Max`` line, among the body's
    first three: the event, its buy-in, the table (the line is then blanked)."""
    for i, line in enumerate(body[:3]):
        tournament = _TOURNAMENT.match(line.strip())
        if tournament is not None:
            b.line = first_line + i
            event, buy_in, table, seats = tournament.groups()
            b.event, b.table, b.seat_count = f"Tournament #{event}", table, int(seats)
            if buy_in:
                b.extra["_buy_in"] = buy_in
            body[i] = ""


EXAMPLE = """#Game No : 1001
***** 888poker Hand History for Game 1001 *****
$0.01/$0.02 Blinds No Limit Holdem - *** 15 01 2026 12:34:56
Table Alcyone 6 Max (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Bob ( $2 )
Seat 2: Cat ( $2.13 )
Seat 3: Ann ( $1.50 )
Bob posts small blind [$0.01]
Cat posts big blind [$0.02]
** Dealing down cards **
Dealt to Ann [ Ah, Kd ]
Ann raises [$0.06]
Bob folds
Cat calls [$0.04]
** Dealing flop ** [ 2c, 7d, Th ]
Cat checks
Ann bets [$0.10]
Cat folds
** Summary **
Ann did not show his hand
Ann collected [ $0.11 ]
"""
