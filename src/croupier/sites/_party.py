"""PartyPoker hand histories: the text its client writes, read into a
:class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._party import read, EXAMPLE
>>> hand = read(EXAMPLE.splitlines(), 1, None)
>>> hand.variant, hand.players, hand.winnings, hand.extra["_rake"]
('NT', ('Bob', 'Cat', 'Ann'), (0, 0, 11), Decimal('0.02'))

The format (docs/rules.md §7.4): ``***** Hand History for Game N *****``, then
``STAKES CUR GAME - Weekday, Month DD, HH:MM:SS ZONE YYYY`` (a tournament:
``GAME BUY-IN Buy-in Trny:T Level:L Blinds-Antes(SB/BB -A) - DATE``), the
table, ``Seat N is the button``, ``Total number of players : n/max``, the seats
``Seat N: NAME ( $10 USD )``, the forced bets, ``** Dealing .. **`` sections,
actions with bracketed amounts (what the action adds), shows, ``doesn't show``
and ``NAME wins AMOUNT from the main pot``.  No uncalled-bet return and no rake
are written (see :mod:`croupier.sites._party_888`).
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

SITE = "PartyPoker"
PREFIX = ""

_V = Variant
GAMES: dict[str, str] = {
    name: letter + variant.value
    for name, letter, variant in (
        ("NL Texas Hold'em", "N", _V.TEXAS_HOLDEM),
        ("PL Texas Hold'em", "P", _V.TEXAS_HOLDEM),
        ("FL Texas Hold'em", "F", _V.TEXAS_HOLDEM),
        ("PL Omaha", "P", _V.OMAHA),
        ("NL Omaha", "N", _V.OMAHA),
        ("FL Omaha", "F", _V.OMAHA),
        ("PL Omaha Hi-Lo", "P", _V.OMAHA_HI_LO),
        ("FL Omaha Hi-Lo", "F", _V.OMAHA_HI_LO),
        ("7 Card Stud", "F", _V.SEVEN_CARD_STUD),
        ("FL 7 Card Stud", "F", _V.SEVEN_CARD_STUD),
        ("7 Card Stud Hi-Lo", "F", _V.SEVEN_CARD_STUD_HI_LO),
        ("FL 7 Card Stud Hi-Lo", "F", _V.SEVEN_CARD_STUD_HI_LO),
    )
}
"""PartyPoker's name of each game read and croupier's PHH code."""

_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (\d+) \*{5}")
_DATE = re.compile(r"([A-Z][a-z]+) (\d{1,2}), (\d{1,2}):(\d\d):(\d\d) ([A-Z]+) (\d{4})")
_MONTH_NAMES = "January February March April May June July August September October November"
_MONTHS = {name: i for i, name in enumerate((_MONTH_NAMES + " December").split(), 1)}
_TOURNAMENT = re.compile(
    r"(.+?) (\S+(?: [A-Z]{3})?) Buy-in Trny: ?(\d+) Level: ?(\d+) +Blinds-Antes\(([^ ]+)"
)


def starts_hand(line: str) -> bool:
    """Whether ``line`` is the first line of a PartyPoker hand."""
    return line.startswith("***** Hand History")


detect = detector(starts_hand)
"""Whether a file beginning with ``head`` is this site's (``#Game No`` lines passed over)."""

split = split_after_game_no(starts_hand)
"""The file cut into hands (``#Game No`` lines go with the header that follows)."""


def _header(b: HandBuilder, text: str) -> None:
    game_part, sep, date_part = text.rpartition(" - ")
    if not sep:
        raise b.error(f"bad header {text[:80]!r}")
    tournament = _TOURNAMENT.match(game_part)
    if tournament is not None:
        game, buy_in, event, level, blinds = tournament.groups()
        b.event = f"Tournament #{event}"
        b.level = int(level)
        b.extra["_buy_in"] = buy_in
    else:
        blinds, _, game = game_part.partition(" ")
        first, _, rest = game.partition(" ")
        if first.isalpha() and first.isupper() and len(first) == 3:
            b.currency = first
            game = rest
    code = GAMES.get(game)
    if code is None:
        raise b.error(f"unsupported game {game!r}")
    low, slash, high = blinds.partition("/")
    if not slash:
        raise b.error(f"no stakes in the header {text[:80]!r}")
    if low[:1] in SYMBOLS:
        b.currency_symbol = low[0]
        b.currency = b.currency or SYMBOLS[low[0]]
    if code[0] == "F":
        b.game(code, small_bet=money(low), big_bet=money(high))
    else:
        b.game(code, small_blind=money(low), big_blind=money(high))
    date = _DATE.search(date_part)
    if date is not None and date.group(1) in _MONTHS:
        month, day, hour, minute, second = (
            _MONTHS[date.group(1)],
            *(int(g) for g in date.groups()[1:5]),
        )
        b.time = _dt.datetime(int(date.group(7)), month, day, hour, minute, second)
        b.time_zone = date.group(6)


def read(lines: Sequence[str], first_line: int, path: str | None) -> HandHistory:
    """The hand of ``lines`` (one hand's lines, at line ``first_line`` of its file)."""
    return read_hand(SITE, _HEADER, _header, lines, first_line, path)


EXAMPLE = """***** Hand History for Game 1001 *****
$0.01/$0.02 USD NL Texas Hold'em - Thursday, January 15, 12:34:56 GMT 2026
Table Alcyone (Real Money)
Seat 3 is the button
Total number of players : 3/6
Seat 1: Bob ( $2 USD )
Seat 2: Cat ( $2.13 USD )
Seat 3: Ann ( $1.50 USD )
Bob posts small blind [$0.01 USD].
Cat posts big blind [$0.02 USD].
** Dealing down cards **
Dealt to Ann [  Ah Kd ]
Ann raises [$0.06 USD]
Bob folds
Cat calls [$0.04 USD]
** Dealing Flop ** [ 2c, 7d, Th ]
Cat checks
Ann bets [$0.10 USD]
Cat folds
Ann wins $0.11 USD from the main pot
"""
