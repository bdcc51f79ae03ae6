"""GGPoker hand histories: the text its client writes, read into a
:class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._gg import read, EXAMPLE
>>> hand = read(EXAMPLE.splitlines(), 1, None)
>>> hand.variant, hand.players, hand.winnings, hand.extra["_rake"]
('NT', ('Hero', 'a1b2c3', 'Zoë'), (0, 0, 30), Decimal('0.03'))

GGPoker writes the PokerStars layout with its own words, which this module turns
into PokerStars' before the PokerStars reader reads the hand (line for line, so an
error names the line of the file): the header ``Poker Hand #HD..: GAME (STAKES) -
DATE`` (``Tournament #T, NAME GAME - Level9(SB/BB(ANTE)) - DATE`` for a tournament;
``PLO-5``, ``PLO-6`` and ``ShortDeck`` games), ``Dealt to NAME`` with no cards for
every player but the hero, ``*** SHOWDOWN ***`` (``*** FIRST SHOWDOWN ***`` when the
hand was run two or three times), the EV cash-out lines (``NAME: Chooses to EV
Cashout``, ``NAME: Receives Cashout ($x)``, ``NAME: Pays Cashout Risk ($x)``) and a
summary ``Total pot $x | Rake $y | Jackpot $z | Bingo $0 | Fortune $0 | Tax $0``
(every fee counts as rake).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from decimal import Decimal

from croupier.errors import SiteError
from croupier.phh import HandHistory
from croupier.sites import _stars
from croupier.sites._builder import HandBuilder, bad_header
from croupier.sites._money import money

__all__ = ["EXAMPLE", "SITE", "read", "starts_hand"]

SITE = "GGPoker"
PREFIX = "Poker Hand #"  # every header line begins so

_HEADER = re.compile(r"Poker Hand #([A-Z]*\d+): +(.*)$")
_GAMES = {  # GGPoker's game names in PokerStars' words
    "PLO-5 ": "5 Card Omaha ",
    "PLO-6 ": "6 Card Omaha ",
    "PLO ": "Omaha ",
    "ShortDeck Hold'em ": "6+ Hold'em ",
}
_LEVEL = re.compile(r"Level ?(\d+) ?\(([\d,.]+)/([\d,.]+)(?:\(([\d,.]+)\))?\)")
_SHOWDOWN = re.compile(r"\*\*\* (?:(FIRST|SECOND|THIRD) )?SHOWDOWN \*\*\*")
_CASHOUT = re.compile(r"(.+): (Receives Cashout|Pays Cashout Risk) \((.+)\)$")


def starts_hand(line: str) -> bool:
    """Whether ``line`` is the first line of a GGPoker hand."""
    return line.startswith(PREFIX) and ": " in line[:40]


def _header(b: HandBuilder, text: str) -> str:
    """The header after ``Poker Hand #N: `` in PokerStars' words."""
    for gg, stars in _GAMES.items():
        if text.startswith(gg) or (", " in text and f" {gg}" in text.split(" - ")[0]):
            text = text.replace(gg, stars, 1)
            break
    if not text.startswith("Tournament #"):
        return text
    parts = text.split(" - ")
    event, _, rest = parts[0].partition(", ")
    game = next((name for name in _stars.GAMES if rest.endswith(name)), None)
    level = next((_LEVEL.match(part) for part in parts[1:] if _LEVEL.match(part)), None)
    if game is None or level is None:
        raise b.error(f"bad tournament header {text[:80]!r}")
    name = rest[: -len(game)].strip()
    if name:
        b.extra["_tournament"] = name
    blinds = f"{level.group(2)}/{level.group(3)}"
    return f"{event}, {game} - Level {level.group(1)} ({blinds}) - {parts[-1]}"


def _line(b: HandBuilder, line: str, risk: dict[str, Decimal]) -> str:
    """``line`` in PokerStars' words ("" for a line that changes nothing)."""
    if line.startswith("Dealt to ") and "[" not in line:
        return ""  # another player's unknown cards
    showdown = _SHOWDOWN.match(line)
    if showdown is not None:
        run = showdown.group(1)
        return f"*** {run} SHOW DOWN ***" if run else "*** SHOW DOWN ***"
    if line.startswith("Hand was run "):
        return ""
    cashout = _CASHOUT.match(line)
    if cashout is not None:
        name, what, amount = cashout.groups()
        if what == "Receives Cashout":
            return f"{name} cashed out the hand for {amount}"
        risk[name] = risk.get(name, Decimal(0)) + money(amount)
        return ""
    if line.endswith(": Chooses to EV Cashout"):
        return ""
    return line


def read(lines: Sequence[str], first_line: int, path: str | None) -> HandHistory:
    """The hand of ``lines`` (one hand's lines, the first its header, at line
    ``first_line`` of its file)."""
    header = _HEADER.match(lines[0])
    if header is None:
        raise bad_header(SITE, path, first_line, lines[0])
    b = HandBuilder(SITE, header.group(1), line=first_line, path=path)
    risk: dict[str, Decimal] = {}
    try:
        text = _header(b, header.group(2))
        stars = [lines[0]]
        for number, line in enumerate(lines[1:], first_line + 1):
            b.line = number
            stars.append(_line(b, line.rstrip(), risk))
        b.line = first_line
        _stars._read(b, stars, first_line, text)
    except ValueError as exc:  # an amount or a card the builder did not wrap
        if isinstance(exc, SiteError):
            raise
        raise b.error(str(exc)) from None
    hand = b.finish()
    if risk:  # what a player who cashed out and won gave back: a user field like _cashout
        paid = tuple(risk.get(name, Decimal(0)) for name in hand.players or ())
        hand = dataclasses.replace(hand, extra={**hand.extra, "_cashout_risk": paid})
    return hand


EXAMPLE = """Poker Hand #HD1001: Hold'em No Limit ($0.01/$0.02) - 2026/11/02 15:14:03
Table 'RushAndCash1' 6-max Seat #3 is the button
Seat 1: Hero ($2.00 in chips)
Seat 2: a1b2c3 ($2.13 in chips)
Seat 3: Zoë ($1.50 in chips)
Hero: posts small blind $0.01
a1b2c3: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Hero [5c 4c]
Dealt to a1b2c3
Dealt to Zoë
Zoë: raises $0.04 to $0.06
Hero: folds
a1b2c3: calls $0.04
*** FLOP *** [2c 7d Th]
a1b2c3: checks
Zoë: bets $0.10
a1b2c3: calls $0.10
*** TURN *** [2c 7d Th] [Js]
a1b2c3: checks
Zoë: checks
*** RIVER *** [2c 7d Th Js] [Ac]
a1b2c3: checks
Zoë: checks
*** SHOWDOWN ***
a1b2c3: shows [7c Kh]
Zoë: shows [Ah Kd]
Zoë collected $0.30 from pot
*** SUMMARY ***
Total pot $0.33 | Rake $0.02 | Jackpot $0.01 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d Th Js Ac]
Seat 1: Hero (small blind) folded before Flop
Seat 2: a1b2c3 (big blind) showed [7c Kh] and lost with a pair of Sevens
Seat 3: Zoë (button) showed [Ah Kd] and won ($0.30) with a pair of Aces
"""
