"""iPoker network hand histories: the XML its client writes, one file a session,
read game by game into a :class:`~croupier.sites._builder.HandBuilder`.

>>> from croupier.sites._ipoker import EXAMPLE, split, read
>>> [chunk] = split(iter(EXAMPLE.splitlines()), None)
>>> hand = read(chunk, None)
>>> hand.variant, hand.players, hand.winnings, hand.extra["_hero"]
('NT', ('Bob', 'Hero'), (0, 20), 'Hero')

The format (docs/rules.md §7.4): ``<session sessioncode=..>`` holds a
``<general>`` (``gametype`` such as ``Holdem NL €0.05/€0.10``, ``tablename``,
``nickname`` the hero, ``currency``, ``tournamentcode``) and one ``<game
gamecode=..>`` per hand: its ``<general>`` (``startdate``, ``<players>`` with
each ``<player seat name chips dealer win rakeamount>``) and its ``<round
no=..>`` elements (0: the forced bets; then one per betting round, stud's third
street 1) of ``<cards type="Pocket|Flop|Turn|River" player=..>`` (suit letter
first, ``SA`` the ace of spades, ``D10`` or ``DT`` a ten, ``X`` a hidden card)
and ``<action no player type sum>``.  The action types read:

====  ===========================================================
type  meaning (``sum``: the chips the action adds, but type 23)
====  ===========================================================
0     fold
1     small blind
2     big blind
3     call
4     check
5     bet
6     raise (``sum`` the chips added)
7     all-in (a call, bet or raise of ``sum`` added chips)
8     bring-in (stud)
15    ante
23    raise to ``sum``
====  ===========================================================

iPoker does not write an uncalled bet's return: each betting round's unmatched
part is given back (:meth:`HandBuilder.return_uncalled`); ``win`` is what a
player collected.  Players still in at the end whose pocket cards are written
show them; those whose cards are hidden muck.  The XML is parsed by
:mod:`xml.etree.ElementTree` one ``<game>`` at a time (the splitter cuts the
file's lines at ``<game`` and ``</game>``); a DOCTYPE or an entity
declaration is refused.
"""

from __future__ import annotations

import datetime as _dt
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal
from typing import TypeAlias

from croupier.errors import SiteError
from croupier.phh import HandHistory
from croupier.sites._builder import HandBuilder
from croupier.sites._money import SYMBOLS, money
from croupier.sites._split import MAX_LINE, MAX_LINES, Chunk
from croupier.variants import Variant

__all__ = ["ACTIONS", "EXAMPLE", "GAMES", "SITE", "detect", "read", "split"]

SITE = "iPoker"

_V = Variant
GAMES: dict[str, str] = {
    name: letter + variant.value
    for name, letter, variant in (
        ("Holdem NL", "N", _V.TEXAS_HOLDEM),
        ("Holdem PL", "P", _V.TEXAS_HOLDEM),
        ("Holdem L", "F", _V.TEXAS_HOLDEM),
        ("Omaha PL", "P", _V.OMAHA),
        ("Omaha NL", "N", _V.OMAHA),
        ("Omaha L", "F", _V.OMAHA),
        ("Omaha Hi-Lo PL", "P", _V.OMAHA_HI_LO),
        ("Omaha Hi-Lo L", "F", _V.OMAHA_HI_LO),
        ("7 Card Stud L", "F", _V.SEVEN_CARD_STUD),
        ("7 Card Stud Hi-Lo L", "F", _V.SEVEN_CARD_STUD_HI_LO),
    )
}
"""iPoker's ``gametype`` words (before the stakes) and croupier's PHH code."""

ACTIONS = {
    "0": "fold",
    "1": "small blind",
    "2": "big blind",
    "3": "call",
    "4": "check",
    "5": "bet",
    "6": "raise",
    "7": "all-in",
    "8": "bring-in",
    "15": "ante",
    "23": "raise to",
}
"""The ``<action type=..>`` codes read (the module's table)."""

_RANKS = {"10": "T", **{r: r for r in "23456789TJQKA"}}
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_REFUSED = ("<!DOCTYPE", "<!ENTITY")


def detect(head: str) -> bool:
    """Whether a file that begins with ``head`` is iPoker's: its first element a
    ``<session``, after an XML declaration (a head of the declaration alone is
    taken as iPoker's, the one XML site; :func:`split` checks the session).

    >>> detect('<?xml version="1.0"?>\\n<session sessioncode="1">'), detect("<phh>")
    (True, False)
    """
    declared = False
    for line in head.splitlines():
        text = line.lstrip("\ufeff").strip()
        if text.startswith("<?xml") and text.endswith("?>"):
            declared = True
            continue
        if text:
            return text.startswith("<session")
    return declared


_Parser: TypeAlias = "ET.XMLPullParser[ET.Element]"


def _elements(parser: _Parser) -> Iterator[ET.Element]:
    """The elements of the parser's pending events."""
    for event in parser.read_events():
        element = event[-1]
        if isinstance(element, ET.Element):
            yield element


def _starts_game(text: str) -> bool:
    return text.startswith(("<game ", "<game>"))


def split(lines: Iterator[str], path: str | None) -> Iterator[Chunk]:
    """The file's ``<game>`` elements, each a :class:`Chunk` of its lines with the
    session's ``<general>`` fields as its ``context`` (a DOCTYPE or entity
    declaration: a chunk with that problem, and reading stops)."""
    context: dict[str, str] = {}
    head: _Parser | None = ET.XMLPullParser(["end"])
    head_lines = 0
    chunk: Chunk | None = None
    started = False
    for number, line in enumerate(lines, 1):
        if any(word in line for word in _REFUSED):
            problem = f"line {number}: a DOCTYPE or entity declaration is refused"
            if chunk is None:
                chunk = Chunk(number, [line[:80]], dict(context))
            chunk.problem = chunk.problem or problem
            yield chunk
            return
        if len(line) > MAX_LINE:
            if chunk is not None and chunk.problem is None:
                chunk.problem = f"line {number} is longer than {MAX_LINE} characters"
            continue
        text = line.lstrip("\ufeff").strip()
        if not started and text:
            if text.startswith("<?xml") and text.endswith("?>"):
                continue
            started = True
            if not text.startswith("<session"):
                yield Chunk(number, [line[:80]], problem="not an iPoker <session>")
                return
        if chunk is None:
            if _starts_game(text):
                chunk = Chunk(number, [line], dict(context))
            elif head is not None and text:
                head_lines += 1
                try:
                    head.feed(line.lstrip("\ufeff") + "\n")
                    for element in _elements(head):
                        if element.tag == "session":
                            continue
                        if len(element) == 0 and element.text and element.text.strip():
                            context[element.tag] = element.text.strip()
                        element.clear()
                except ET.ParseError as exc:
                    context["_problem"] = f"line {number}: bad XML in the session ({exc})"
                    head = None
                if head_lines > MAX_LINES:
                    head = None
                continue
            else:
                continue
        else:
            if len(chunk.lines) >= MAX_LINES:
                if chunk.problem is None:
                    chunk.problem = f"the hand is longer than {MAX_LINES} lines"
                if "</game>" not in text:
                    continue
            else:
                chunk.lines.append(line)
        if "</game>" in text:
            head = None  # the session's general is before the first game
            yield chunk
            chunk = None
    if chunk is not None:
        yield chunk


def _card(b: HandBuilder, text: str) -> str | None:
    if text == "X":
        return None
    rank, suit = _RANKS.get(text[1:]), _SUITS.get(text[:1])
    if rank is None or suit is None:
        raise b.error(f"bad card {text[:10]!r}")
    return rank + suit


def _cards(b: HandBuilder, element: ET.Element) -> list[str | None]:
    return [_card(b, word) for word in (element.text or "").split()]


def _parse(chunk: Chunk, path: str | None) -> tuple[ET.Element, dict[int, int]]:
    """The chunk's ``<game>`` element, and each element's (by ``id``) first line."""
    parser: _Parser = ET.XMLPullParser(["start"])
    starts: dict[int, int] = {}
    root: ET.Element | None = None
    number = chunk.first_line
    try:
        for number, line in enumerate(chunk.lines, chunk.first_line):
            parser.feed(line + "\n")
            for element in _elements(parser):
                root = element if root is None else root
                starts[id(element)] = number
        parser.close()
    except ET.ParseError as exc:
        raise SiteError(
            f"{path + ': ' if path else ''}{SITE} hand at line {chunk.first_line}, line "
            f"{number}: bad XML ({exc})",
            site=SITE,
            path=path,
            line=number,
        ) from None
    assert root is not None  # the chunk begins with <game
    return root, starts


def read(chunk: Chunk, path: str | None) -> HandHistory:
    """The hand of one ``<game>`` chunk (its session's fields in ``chunk.context``)."""
    game, starts = _parse(chunk, path)
    try:
        code = game.get("gamecode", "")
        b = HandBuilder(SITE, code or "?", line=chunk.first_line, path=path)
        if code.isdigit():
            b.number_value = int(code)
        try:
            _read(b, game, starts, chunk.context)
        except ValueError as exc:  # an amount the builder did not wrap
            if isinstance(exc, SiteError):
                raise
            raise b.error(str(exc)) from None
        return b.finish()
    finally:
        game.clear()


def _header(b: HandBuilder, context: dict[str, str], general: ET.Element | None) -> None:
    if "_problem" in context:
        raise b.error(context["_problem"])
    gametype = context.get("gametype", "")
    name, _, stakes = gametype.rpartition(" ")
    variant = GAMES.get(name)
    if variant is None:
        raise b.error(f"unsupported game {gametype[:60]!r}")
    blinds = stakes.split("/")
    if len(blinds) != 2 or not blinds[0]:
        raise b.error(f"no stakes in the game type {gametype[:60]!r}")
    if blinds[0][0] in SYMBOLS:
        b.currency_symbol = blinds[0][0]
        b.currency = SYMBOLS[blinds[0][0]]
    b.currency = context.get("currency") or b.currency
    low, high = money(blinds[0]), money(blinds[1])
    if variant[0] == "F":
        b.game(variant, small_bet=low, big_bet=high)
    else:
        b.game(variant, small_blind=low, big_blind=high)
    b.table = context.get("tablename")
    b.hero = context.get("nickname")
    if "tournamentcode" in context:
        b.event = f"Tournament #{context['tournamentcode']}"
    date = general.findtext("startdate") if general is not None else None
    if date:
        try:
            b.time = _dt.datetime.strptime(date.strip(), "%Y-%m-%d %H:%M:%S")
        except ValueError:
            raise b.error(f"bad date {date[:30]!r}") from None


def _read(
    b: HandBuilder, game: ET.Element, starts: dict[int, int], context: dict[str, str]
) -> None:
    if game.tag != "game":
        raise b.error(f"a <{game.tag[:20]}> where a <game> was expected")
    general = game.find("general")
    _header(b, context, general)
    wins: dict[str, Decimal] = {}
    players = general.find("players") if general is not None else None
    for player in players if players is not None else ():
        b.line = starts.get(id(player), b.line)
        name, seat = player.get("name"), player.get("seat", "")
        if name is None or not seat.isdigit():
            raise b.error("a player without a name or a seat")
        chips = money(player.get("chips", "0"))
        if chips <= 0:
            continue  # sitting out with nothing
        b.seat(int(seat), name, chips)
        if player.get("dealer") == "1":
            b.button = int(seat)
        win = money(player.get("win", "0"))
        if win > 0:
            wins[name] = win
        b.rake += money(player.get("rakeamount", "0"))
    stud = b.is_stud
    pockets: dict[str, list[str | None]] = {}
    folded: set[str] = set()
    aggressor = [""]  # the last bettor or raiser of the round being read
    rounds = game.findall("round")
    for index, round_ in enumerate(rounds):
        b.line = starts.get(id(round_), b.line)
        no = round_.get("no", "")
        if no != str(index):
            raise b.error(f"round {no[:10]!r} where round {index} was expected")
        if index >= 2:
            if (b.is_stud and index > 5) or (not stud and index > 4):
                raise b.error(f"round {index} is past the last street")
            b.street()
            aggressor[0] = ""
        for element in round_:
            b.line = starts.get(id(element), b.line)
            if element.tag == "cards":
                kind = element.get("type", "")
                cards = _cards(b, element)
                if kind == "Pocket":
                    who = element.get("player", "")
                    if not b.is_seated(who):
                        raise b.error(f"unknown player {who[:40]!r}")
                    pockets.setdefault(who, []).extend(cards)
                    if stud or any(card is not None for card in cards):
                        b.deal(who, cards)
                elif kind in ("Flop", "Turn", "River") and not stud:
                    if None in cards:
                        raise b.error("a hidden board card")
                    b.board([c for c in cards if c is not None])
                else:
                    raise b.error(f"unknown cards {kind[:20]!r}")
            elif element.tag == "action":
                _action(b, element, folded, aggressor)
            else:
                raise b.error(f"unknown element <{element.tag[:20]}>")
        if index >= 1:
            b.return_uncalled()
    b.line = starts.get(id(rounds[-1]), b.line) if rounds else b.line
    left = [name for name in pockets if name not in folded]
    seat_of = {
        p.get("name", ""): int(p.get("seat", "0"))
        for p in players or ()
        if b.is_seated(p.get("name", ""))
    }
    button = b.button or 0
    left.sort(key=lambda name: (seat_of.get(name, 0) <= button, seat_of.get(name, 0)))
    if stud:
        left.sort(key=lambda name: seat_of.get(name, 0))
    if aggressor[0] in left:  # the last round's last bettor shows first
        at = left.index(aggressor[0])
        left = left[at:] + left[:at]
    if len(left) > 1:
        for name in left:
            cards = pockets[name]
            if cards and None not in cards:
                b.show(name, [c for c in cards if c is not None])
            else:
                b.muck(name)
    for name, amount in wins.items():
        b.collect(name, amount)


def _action(b: HandBuilder, element: ET.Element, folded: set[str], aggressor: list[str]) -> None:
    name, kind = element.get("player", ""), element.get("type", "")
    amount = money(element.get("sum") or "0")
    what = ACTIONS.get(kind)
    if what is None:
        raise b.error(f"unknown action type {kind[:10]!r}")
    if what == "fold":
        b.fold(name)
        folded.add(name)
    elif what == "small blind":
        b.post(name, "sb", amount)
    elif what == "big blind":
        b.post(name, "bb", amount)
    elif what == "ante":
        b.post(name, "ante", amount)
    elif what == "check":
        b.check(name)
    elif what == "call":
        b.call(name, amount)
    elif what == "bet" or what == "raise":
        b.bet(name, amount)
        aggressor[0] = name
    elif what == "raise to":
        b.raise_to(name, amount)
        aggressor[0] = name
    elif what == "bring-in":
        b.bring_in(name, amount)
    else:  # all-in: a call, or a bet or raise, of the chips added
        bets = b._street_bets
        mine = bets.get(name, Decimal(0)) + amount
        if mine > max(bets.values(), default=Decimal(0)):
            b.raise_to(name, mine)
            aggressor[0] = name
        else:
            b.call(name, amount)


EXAMPLE = """<session sessioncode="9001">
<general>
<gametype>Holdem NL €0.05/€0.10</gametype>
<tablename>Lisbon</tablename>
<nickname>Hero</nickname>
<currency>EUR</currency>
</general>
<game gamecode="100">
<general>
<startdate>2026-11-02 15:14:03</startdate>
<players>
<player seat="1" name="Hero" chips="€10" dealer="1" win="€0.20" bet="€0.30" />
<player seat="2" name="Bob" chips="€5" dealer="0" win="€0" bet="€0.10" />
</players>
</general>
<round no="0">
<action no="1" player="Hero" type="1" sum="€0.05" />
<action no="2" player="Bob" type="2" sum="€0.10" />
</round>
<round no="1">
<cards type="Pocket" player="Hero">SA HK</cards>
<cards type="Pocket" player="Bob">X X</cards>
<action no="3" player="Hero" type="23" sum="€0.30" />
<action no="4" player="Bob" type="0" sum="€0" />
</round>
</game>
</session>
"""
