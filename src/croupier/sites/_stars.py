"""PokerStars hand histories: the text its client writes, read into a
:class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._stars import read, EXAMPLE
>>> hand = read(EXAMPLE.splitlines(), 1, None)
>>> hand.variant, hand.players, hand.winnings, hand.extra["_rake"]
('NT', ('Bob', 'Cat', 'Ann'), (0, 0, 70), Decimal('0.03'))

The format (docs/rules.md §7.4 lists what is read): a header line
``PokerStars Hand #N: GAME (STAKES) - DATE ZONE`` (``PokerStars Zoom Hand``,
``Tournament #T, BUY-IN GAME - Level L (SB/BB) - DATE``, mixed games as
``MIX (GAME, STAKES)``), the table line with the button's seat, one line per
seat, the forced bets, then ``*** SECTION ***`` lines around each round, one
line per action (``NAME: folds``, ``calls $1``, ``bets $2``, ``raises $2 to
$4``, ``brings in for 1``, ``completes it to 4``, ``discards 2 cards [..]``,
``stands pat``, ``shows [..]``, ``mucks hand``), ``Uncalled bet (..) returned
to NAME``, ``NAME collected .. from pot`` and a ``*** SUMMARY ***`` with the
total pot and the rake.  Lines that change nothing in the hand (chat, players
joining, leaving, timing out) are passed over; any other line is an error.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence

from croupier.errors import SiteError
from croupier.phh import HandHistory
from croupier.sites._builder import Cancelled, HandBuilder, bad_header
from croupier.sites._money import SYMBOLS, money
from croupier.variants import Variant, rules_of

__all__ = ["EXAMPLE", "GAMES", "SITE", "read", "starts_hand"]

SITE = "PokerStars"
PREFIX = "PokerStars "  # every header line begins so

_NL, _PL, _FL = "N", "P", "F"  # structure letters
_V = Variant
GAMES: dict[str, str] = {
    name: letter + variant.value
    for name, letter, variant in (
        ("Hold'em No Limit", _NL, _V.TEXAS_HOLDEM),
        ("Hold'em Pot Limit", _PL, _V.TEXAS_HOLDEM),
        ("Hold'em Limit", _FL, _V.TEXAS_HOLDEM),
        ("Omaha Pot Limit", _PL, _V.OMAHA),
        ("Omaha No Limit", _NL, _V.OMAHA),
        ("Omaha Limit", _FL, _V.OMAHA),
        ("Omaha Hi/Lo Pot Limit", _PL, _V.OMAHA_HI_LO),
        ("Omaha Hi/Lo No Limit", _NL, _V.OMAHA_HI_LO),
        ("Omaha Hi/Lo Limit", _FL, _V.OMAHA_HI_LO),
        ("5 Card Omaha Pot Limit", _PL, _V.OMAHA_5),
        ("5 Card Omaha Hi/Lo Pot Limit", _PL, _V.OMAHA_5_HI_LO),
        ("6 Card Omaha Pot Limit", _PL, _V.OMAHA_6),
        ("Courchevel Hi/Lo Pot Limit", _PL, _V.COURCHEVEL_HI_LO),
        ("7 Card Stud Limit", _FL, _V.SEVEN_CARD_STUD),
        ("7 Card Stud Hi/Lo Limit", _FL, _V.SEVEN_CARD_STUD_HI_LO),
        ("Razz Limit", _FL, _V.RAZZ),
        ("Triple Draw 2-7 Lowball Limit", _FL, _V.DEUCE_TO_SEVEN_TRIPLE_DRAW),
        ("Triple Draw 2-7 Lowball No Limit", _NL, _V.DEUCE_TO_SEVEN_TRIPLE_DRAW),
        ("Single Draw 2-7 Lowball No Limit", _NL, _V.DEUCE_TO_SEVEN_SINGLE_DRAW),
        ("Badugi Limit", _FL, _V.BADUGI),
        ("5 Card Draw No Limit", _NL, _V.FIVE_CARD_DRAW),
        ("5 Card Draw Pot Limit", _PL, _V.FIVE_CARD_DRAW),
        ("5 Card Draw Limit", _FL, _V.FIVE_CARD_DRAW),
        ("6+ Hold'em No Limit", _NL, _V.SHORT_DECK_HOLDEM),
    )
}
"""PokerStars' name of each game it deals (its header's words) and croupier's PHH code."""

GAMES_START = tuple({name.split(" ")[0] for name in GAMES})  # a header's game's first word
_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+): +(.*)$")
_TABLE = re.compile(r"Table '(.*)' (\d+)-max(?: \([^)]*\))?(?: Seat #(\d+) is the button)?")
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([^() ]+) in chips(?:, [^)]*)?\)(.*)$")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d\d):(\d\d) ?([A-Z]*)")
_CARDS = re.compile(r"\[([^\]]*)\]")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}

_HOLDEM_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "RIVER": 4}
_DRAW_STREETS = {"DEALING HANDS": 0, "FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}

# Lines that change nothing in the hand: read past.
_IDLE = (
    " joins the table at seat #",
    " leaves the table",
    " is connected",
    " is disconnected",
    " has timed out",
    ' said, "',
    " sits out",
    " is sitting out",
    " will be allowed to play after the button",
    " has returned",
    " was removed from the table",
    " is no longer",
    " finished the tournament",
    " wins the tournament",
    " wins the $",
    " wins an entry to ",
    " re-buys and receives ",
    " takes the add-on and receives ",
)


def starts_hand(line: str) -> bool:
    """Whether ``line`` is the first line of a PokerStars hand."""
    return line.startswith("PokerStars ") and " #" in line[:40]


def _group(b: HandBuilder, text: str, which: int) -> list[str]:
    """The bracketed card group ``which`` (0: the first, -1: the last) of ``text``."""
    groups = _cards(text)
    if not groups:
        raise b.error(f"no cards in {text[:80]!r}")
    return groups[which]


def _cards(text: str) -> list[list[str]]:
    """The bracketed card groups of ``text``: ``"[Ah Kd] [2c]"`` is ``[["Ah", "Kd"], ["2c"]]``."""
    return [group.split() for group in _CARDS.findall(text)]


def _roman(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    total = 0
    for i, letter in enumerate(text):
        value = _ROMAN.get(letter)
        if value is None:
            return None
        following = _ROMAN.get(text[i + 1], 0) if i + 1 < len(text) else 0
        total += -value if value < following else value
    return total


def _header(b: HandBuilder, text: str) -> None:
    """The header after ``Hand #N: ``: the game, stakes, tournament, level and date."""
    parts = text.split(" - ")
    game = parts[0]
    level = None
    for part in parts[1:]:
        if part.startswith("Level "):
            level = part
        elif part.startswith("Match Round"):
            continue
    stakes = ""
    if game.startswith("Tournament #"):
        event, _, rest = game.partition(", ")
        b.event = event
        words = rest.split(" ")
        if words and any(ch.isdigit() for ch in words[0]) and not rest.startswith(GAMES_START):
            cut = 2 if len(words) > 1 and words[1].isupper() and words[1].isalpha() else 1
            for at in range(1, len(words)):  # a buy-in written with blanks: $5 + $0.50
                if " ".join(words[at:]) in GAMES:
                    cut = at
                    break
            b.extra["_buy_in"] = " ".join(words[:cut])
            words = words[cut:]
        game = " ".join(words)
        if level is not None:
            number, _, level_blinds = level[6:].partition(" ")
            b.level = _roman(number)
            stakes = level_blinds.strip("()")
    elif game.endswith(")") and " (" in game:
        game, _, stakes = game[:-1].rpartition(" (")
        if ", " in stakes and not stakes[0].isdigit() and stakes[0] not in SYMBOLS:
            mix = game  # a mixed game: MIX (GAME, STAKES)
            game, _, stakes = stakes.partition(", ")
            b.extra["_mix"] = mix
    code = GAMES.get(game)
    if code is None:
        raise b.error(f"unsupported game {game!r}")
    words = stakes.split()
    if len(words) > 1 and words[-1].isalpha() and words[-1].isupper():
        b.currency = words[-1]
    blinds = words[0].split("/") if words else []
    if len(blinds) < 2:
        raise b.error(f"no stakes in the header {text[:80]!r}")
    first = blinds[0]
    if b.currency is None and first[0] in SYMBOLS:
        b.currency = SYMBOLS[first[0]]
    if first[0] in SYMBOLS:
        b.currency_symbol = first[0]
    low, high = money(blinds[0]), money(blinds[1])
    if code[0] == "F":
        b.game(code, small_bet=low, big_bet=high)
    else:
        b.game(code, small_blind=low, big_blind=high)
    date = _DATE.search(parts[-1])
    if date is not None:
        year, month, day, hour, minute, second = (int(g) for g in date.groups()[:6])
        b.time = _dt.datetime(year, month, day, hour, minute, second)
        b.time_zone = date.group(7) or None


def read(lines: Sequence[str], first_line: int, path: str | None) -> HandHistory:
    """The hand of ``lines`` (one hand's lines, the first its header, at line
    ``first_line`` of its file)."""
    header = _HEADER.match(lines[0])
    if header is None:
        raise bad_header(SITE, path, first_line, lines[0])
    b = HandBuilder(SITE, header.group(1), line=first_line, path=path)
    b.number_value = int(header.group(1))
    try:
        _read(b, lines, first_line, header.group(2))
    except ValueError as exc:  # an amount or a card the builder did not wrap
        if isinstance(exc, SiteError):
            raise
        raise b.error(str(exc)) from None
    return b.finish()


def _read(b: HandBuilder, lines: Sequence[str], first_line: int, header: str) -> None:
    _header(b, header)
    assert b.code is not None
    rules = rules_of(Variant(b.code[1:]))
    stud, draw = rules.is_stud, rules.is_draw
    streets = _STUD_STREETS if stud else _DRAW_STREETS if draw else _HOLDEM_STREETS
    section = "seats"
    run = 0
    for number, line in enumerate(lines[1:], first_line + 1):
        b.line = number
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("*** "):
            name = line[4 : line.index(" ***", 3)] if " ***" in line[3:] else line[4:]
            if name == "SUMMARY":
                b.street()  # (the last round: finish puts it in)
                section = "summary"
                continue
            if "CANCELLED" in name.upper():
                raise Cancelled
            if name in ("HOLE CARDS", "SHOW DOWN") or name.endswith("SHOW DOWN"):
                section = "play"
                if name == "HOLE CARDS" and "[" in line:  # Courchevel's first board card
                    b.board(_group(b, line, -1))
                continue
            first, _, rest = name.partition(" ")
            if first in _RUNS and rest in streets:  # run it twice
                if _RUNS[first] > 1:
                    if run < _RUNS[first]:
                        b.run(_RUNS[first])
                        run = _RUNS[first]
                else:
                    if run == 0:
                        b.run(1)
                        run = 1
                    b.street()
                b.board(_group(b, line, -1))
                section = "play"
                continue
            if name not in streets:
                raise b.error(f"unknown section {name!r}")
            section = "play"
            if streets[name] > 0:
                b.street()
            groups = _cards(line)
            if groups:  # (stud: a community card, when the deck runs short)
                b.board(groups[-1])
            continue
        if section == "seats":
            _seats_line(b, line)
        elif section == "play":
            _play_line(b, line, stud)
        else:
            _summary_line(b, line)


def _seats_line(b: HandBuilder, line: str) -> None:
    if line.startswith("Table '"):
        table = _TABLE.match(line)
        if table is None:
            raise b.error(f"bad table line {line[:80]!r}")
        b.table = table.group(1)
        b.seat_count = int(table.group(2))
        if table.group(3):
            b.button = int(table.group(3))
        return
    if line.startswith("Seat "):
        seat = _SEAT.match(line)
        if seat is None:
            raise b.error(f"bad seat line {line[:80]!r}")
        rest = seat.group(4)
        if "sitting out" in rest or "out of hand" in rest:
            return
        b.seat(int(seat.group(1)), seat.group(2), money(seat.group(3)))
        return
    _play_line(b, line, False)  # forced bets (and idle lines) before the cards


def _player_and_action(b: HandBuilder, line: str) -> tuple[str, str] | None:
    name, sep, action = line.partition(": ")
    if sep and b.is_seated(name):
        return name, action
    for name in b._seats:  # a name with ": " in it
        if line.startswith(name + ": "):
            return name, line[len(name) + 2 :]
    return None


def _amount_words(text: str) -> str:
    """``text`` less the suffixes that say nothing about the amounts."""
    for suffix in (" and is all-in", " and has reached the "):
        cut = text.find(suffix)
        if cut >= 0:
            text = text[:cut]
    return text


def _play_line(b: HandBuilder, line: str, stud: bool) -> None:
    found = _player_and_action(b, line)
    if found is None:
        _other_line(b, line)
        return
    name, action = found
    action = _amount_words(action)
    verb, _, rest = action.partition(" ")
    if verb == "folds":
        b.fold(name)
        return
    if verb == "checks":
        b.check(name)
    elif verb == "calls":
        b.call(name, money(rest))
    elif verb == "bets":
        b.bet(name, money(rest))
    elif verb == "raises":
        _, _, to = rest.partition(" to ")
        b.raise_to(name, money(to))
    elif verb == "posts":
        _post(b, name, rest)
    elif verb == "brings":  # brings in for X
        b.bring_in(name, money(rest.rpartition(" ")[2]))
    elif verb == "completes":  # completes it to X
        b.raise_to(name, money(rest.rpartition(" ")[2]))
    elif verb == "discards":
        groups = _cards(rest)
        count = int(rest.split(" ")[0])
        b.draw(name, groups[0] if groups else [None] * count)
    elif verb == "stands":  # stands pat
        b.draw(name, [])
    elif verb == "shows":
        b.show(name, _group(b, rest, 0))
    elif verb == "mucks":
        b.muck(name, _group(b, rest, 0) if "[" in rest else None)
    elif (
        verb == "doesn't"
        or any(action.startswith(w.strip()) for w in _IDLE)
        or action
        in (
            "is sitting out",
            "sits out",
            "is disconnected",
            "is connected",
            "has timed out",
        )
    ):
        return
    else:
        raise b.error(f"unknown action {action[:60]!r}")


def _post(b: HandBuilder, name: str, rest: str) -> None:
    kind, _, amount = rest.rpartition(" ")
    if kind == "small blind":
        b.post(name, "sb", money(amount))
    elif kind == "big blind":
        b.post(name, "bb", money(amount))
    elif kind == "the ante":
        b.post(name, "ante", money(amount))
    elif kind == "straddle":
        b.post(name, "straddle", money(amount))
    else:
        raise b.error(f"{name} posts {kind!r}: a missed or dead blind is not supported")


def _other_line(b: HandBuilder, line: str) -> None:
    if line.startswith("Dealt to "):
        bracket = line.find(" [")
        name = line[9:bracket]
        groups = _cards(line[bracket:])
        if not groups:
            raise b.error(f"bad deal line {line[:80]!r}")
        if b.hero is None and (len(groups[0]) > 1 or not b.is_stud):
            b.hero = name
        b.deal(name, groups[-1])
        return
    if " cashed out the hand for " in line:  # PokerStars' all-in cash out
        name, _, rest = line.partition(" cashed out the hand for ")
        b.cash_out(name, money(rest.split(" | ")[0]))
        return
    if line.startswith("Uncalled bet ("):
        amount, _, name = line[14:].partition(") returned to ")
        b.returned(name, money(amount))
        return
    if " collected " in line:
        name, _, rest = line.rpartition(" collected ")
        b.collect(name, money(rest.partition(" from ")[0]))
        return
    if any(marker in line for marker in _IDLE):
        return
    if "cancelled" in line.lower():
        raise Cancelled
    raise b.error(f"unrecognised line {line[:80]!r}")


def _summary_line(b: HandBuilder, line: str) -> None:
    if line.startswith("Total pot "):
        fields = line.split(" | ")
        b.total = money(fields[0][10:].split(" ")[0])
        for field in fields[1:]:
            amount = field.rpartition(" ")[2]  # Rake, Jackpot, ... and an amount
            if amount:
                b.rake += money(amount)  # the rake and the site's other fees
        return
    if line.startswith("Seat ") and " mucked [" in line:
        name = line[line.index(": ") + 2 : line.index(" mucked [")]
        for role in (" (button)", " (small blind)", " (big blind)"):
            name = name.removesuffix(role)
        b.reveal(name, _group(b, line, 0))
    # Other summary lines (the board, each seat's result) repeat what was read.


EXAMPLE = """PokerStars Hand #1001: Hold'em No Limit ($0.01/$0.02 USD) - 2026/01/15 12:34:56 ET
Table 'Alcyone V' 6-max Seat #3 is the button
Seat 1: Bob ($2.00 in chips)
Seat 2: Cat ($2.13 in chips)
Seat 3: Ann ($1.50 in chips)
Bob: posts small blind $0.01
Cat: posts big blind $0.02
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: raises $0.04 to $0.06
Bob: folds
Cat: calls $0.04
*** FLOP *** [2c 7d Th]
Cat: checks
Ann: bets $0.10
Cat: raises $0.20 to $0.30
Ann: calls $0.20
*** TURN *** [2c 7d Th] [Js]
Cat: checks
Ann: checks
*** RIVER *** [2c 7d Th Js] [Ac]
Cat: checks
Ann: checks
*** SHOW DOWN ***
Cat: shows [7c Kh] (a pair of Sevens)
Ann: shows [Ah Kd] (a pair of Aces)
Ann collected $0.70 from pot
*** SUMMARY ***
Total pot $0.73 | Rake $0.03
Board [2c 7d Th Js Ac]
Seat 1: Bob (small blind) folded before Flop
Seat 2: Cat (big blind) showed [7c Kh] and lost with a pair of Sevens
Seat 3: Ann (button) showed [Ah Kd] and won ($0.70) with a pair of Aces
"""
