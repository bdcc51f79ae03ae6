"""Read and write poker hand histories in the PHH format.

PHH (https://phh.readthedocs.io) is a TOML-based text format: one hand per
``.phh`` file, or many hands in a ``.phhs`` file under ``[1]``, ``[2]``, ...
table headers.  This module is the data layer only: it parses and checks the
fields and the action notation, and writes them back; it does not replay
hands (no betting rules are applied here).

>>> text = '''
... variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [0.50, 1, 0]
... min_bet = 1
... starting_stacks = [100, 80.25, inf]
... actions = ['d dh p1 AsKd', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 2.5', 'p1 f', 'p2 f']
... _note = 'user-defined fields are kept'
... '''
>>> hand = loads(text)
>>> hand.scale, hand.blinds_or_straddles, hand.starting_stacks
(100, (50, 100, 0), (10000, 8025, None))
>>> first = hand.actions[0]
>>> first.kind, first.actor, first.target, first.cards
('dh', None, 0, (51, 45))
>>> hand.actions[3].amount, hand.actions[3].to_text(hand.scale)
(250, 'p3 cbr 2.5')
>>> print(dumps(hand), end="")
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [100, 80.25, inf]
actions = ['d dh p1 AsKd', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 2.5', 'p1 f', 'p2 f']
_note = 'user-defined fields are kept'
>>> loads(dumps(hand)) == hand
True

Choices
-------

**Money is exact integers.**  Every amount of a hand (antes, blinds or
straddles, bring-in, small/big/min bet, starting and finishing stacks,
winnings and the ``cbr`` amounts) is read from the text of its token as a
``Decimal``, never through a binary float.  The hand's :attr:`HandHistory.scale`
is the smallest power of ten that makes every one of them a whole number, and
each amount is stored as an ``int`` in units of ``1/scale`` (``0.50`` with
scale 100 is ``50``; :meth:`HandHistory.to_decimal` converts back).  The
scale depends on the values, not on how they are written: ``0.50`` has one
decimal place, so a hand whose amounts are all whole or in tenths (blinds
``0.50``/``1``, stacks ``200.30``) gets scale 10, one with ``58.15`` scale 100.
Writing divides by the scale and prints the shortest exact decimal (``0.50``
is written ``0.5``, ``2.0`` is written ``2``).  Amounts may have at most 18
decimal places and must be below ``10**18`` in absolute value; beyond that
the input is rejected rather than rounded.  Negative ``blinds_or_straddles``
entries (dead blinds in online logs) are kept as they are; every other amount
must be non-negative, and stacks, bets and ``cbr`` amounts positive.

**Unknown stacks.**  A starting stack written ``inf`` (an unknown or unlimited
stack, e.g. in iPoker logs) is stored as ``None`` and written back as ``inf``.
``inf`` is accepted nowhere else among the amounts.

**Cards** are croupier card codes (``4 * rank + suit``, see
:mod:`croupier.cards`); an unknown card ``??`` is ``None``.  Card text must
be strict PHH: upper-case rank, lower-case suit, concatenated (``AsKd????``).
Repeated cards are not an error here: draw games reshuffle discards and
``sm`` shows cards that were dealt before, so only a replay can judge.  In
short-deck (``NS``) deuces to fives are rejected.

**Actions** are parsed into frozen :class:`Action` values: ``actor`` is the
0-based player index (``p1`` is ``0``) or ``None`` for the dealer ``d``; the
player dealt to by ``d dh`` is ``target``.  ``sm`` without cards is a muck,
``sm -`` (the cards already dealt are shown) sets ``shows_dealt``; ``sd``
without cards stands pat.  A ``# commentary`` is kept (without the ``#`` and
surrounding blanks) and written back; an empty or commentary-only notation is
a ``noop`` action.  :meth:`Action.to_text` gives the canonical text (single
spaces).

**Other fields.**  ``time`` is a ``datetime.time``; ``time_limit`` and
``time_banks`` (seconds, not money) are exact ``Decimal`` values (``inf``
allowed).  A field that is absent is ``None`` (``ante_trimming_status`` too, so
that an absent field stays absent).  Keys the specification does not define
(user-defined ``_name`` fields, or fields of a later specification) are kept in
:attr:`HandHistory.extra`, an immutable hashable mapping in file order, with
TOML integers as ``int``, floats as exact ``Decimal`` and arrays as tuples.

**Checks.**  The variant code must be one of :data:`VARIANTS`, the fields it
requires must be present and those it does not use absent (e.g. ``min_bet``
in a fixed-limit game, ``bring_in`` in a blind game); every per-player array
has one entry per player (the length of ``starting_stacks``, at least 2);
every ``pN`` names an existing player.  Anything malformed raises
:class:`PHHError`, a ``ValueError`` whose message names the line, the field
and, for actions, the index and text of the action.  No other exception
escapes from parsing.

**TOML.**  The files are read with a small strict TOML reader of croupier's
own (``croupier._toml``, works on Python 3.10 which has no ``tomllib``) that
keeps numbers as text.  Writing emits one ``key = value`` line per field, in
the order of the PHH specification's field table (except that
``ante_trimming_status`` comes right after ``variant``, where PokerKit and the
published datasets put it), then the extra fields in their original order.
``dumps`` is deterministic, and ``loads(dumps(h)) == h`` for every hand that
:func:`loads` returns (whose scale is minimal, see :meth:`HandHistory.normalized`).
"""

from __future__ import annotations

import datetime as _dt
import io
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from decimal import Decimal
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Literal, Union, cast

from croupier import _toml
from croupier.cards import RANKS, SUITS, card_code, format_card

if TYPE_CHECKING:
    from croupier.hand import Hand

__all__ = [
    "VARIANTS",
    "Action",
    "ActionKind",
    "FrozenMapping",
    "HandHistory",
    "PHHError",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "replay",
]


class PHHError(ValueError):
    """Malformed PHH input or an invalid :class:`HandHistory` / :class:`Action`.

    ``field`` is the PHH field concerned, when there is one.

    >>> loads("variant = 'XX'\\nantes = [0, 0]\\nstarting_stacks = [1, 1]\\nactions = []\\n")
    Traceback (most recent call last):
    ...
    croupier.phh.PHHError: line 1: field 'variant': unknown variant code 'XX'
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


VARIANTS: Mapping[str, str] = MappingProxyType(
    {
        "FT": "Fixed-limit Texas hold 'em",
        "NT": "No-limit Texas hold 'em",
        "NS": "No-limit short-deck hold 'em",
        "PO": "Pot-limit Omaha hold 'em",
        "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
        "F7S": "Fixed-limit seven card stud",
        "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
        "FR": "Fixed-limit razz",
        "N2L1D": "No-limit deuce-to-seven lowball single draw",
        "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
        "FB": "Fixed-limit badugi",
        # croupier's own codes, in the specification's pattern (structure letter,
        # game, /8 for hi/lo eight-or-better); not part of the PHH specification.
        "PT": "Pot-limit Texas hold 'em",
        "NO": "No-limit Omaha hold 'em",
        "FO": "Fixed-limit Omaha hold 'em",
        "NO/8": "No-limit Omaha hold 'em high/low-split eight or better",
        "PO/8": "Pot-limit Omaha hold 'em high/low-split eight or better",
        "NC/8": "No-limit Courchevel high/low-split eight or better",
        "PC/8": "Pot-limit Courchevel high/low-split eight or better",
        "FC/8": "Fixed-limit Courchevel high/low-split eight or better",
    }
)
"""The variant codes of the PHH specification and their names, plus croupier's own
codes for the games the specification has no code for (Courchevel ``NC/8``,
``PC/8``, ``FC/8``: five hole cards; the first flop card is dealt with ``d db``
before the pre-flop actions, the other two after them)."""

_STUD = frozenset({"F7S", "F7S/8", "FR"})
_FIXED_LIMIT = frozenset({"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB", "FO", "FC/8"})
_SHORT_DECK = frozenset({"NS"})

ActionKind = Literal["dh", "db", "pb", "cbr", "cc", "f", "sd", "sm", "noop"]
"""``dh`` deal hole cards, ``db`` deal board cards, ``pb`` post the bring-in,
``cbr`` complete/bet/raise to, ``cc`` check/call, ``f`` fold, ``sd`` stand pat
or discard, ``sm`` show or muck, ``noop`` no action (empty or commentary only)."""

_DEALER_KINDS = frozenset({"dh", "db"})
_PLAYER_KINDS = frozenset({"pb", "cbr", "cc", "f", "sd", "sm"})
_KINDS = _DEALER_KINDS | _PLAYER_KINDS | {"noop"}

_MAX_PLACES = 18
_MAX_ADJUSTED_EXPONENT = 17  # whole part below 10**18 (a TOML integer is 64-bit)
_INT64 = 2**63
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")

ExtraValue = (
    str | bool | int | Decimal | _dt.datetime | _dt.date | _dt.time | tuple["ExtraValue", ...]
)


# -- small helpers -------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_cards(text: str) -> tuple[int | None, ...]:
    if len(text) % 2:
        raise PHHError(f"bad cards {text!r}: odd number of characters")
    cards: list[int | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair == "??":
            cards.append(None)
        elif pair[0] in RANKS and pair[1] in SUITS:
            cards.append(card_code(pair))
        else:
            raise PHHError(f"bad card {pair!r} in {text!r}")
    return tuple(cards)


def _format_cards(cards: Iterable[int | None]) -> str:
    return "".join("??" if c is None else format_card(c) for c in cards)


def _decimal_places(value: Decimal) -> int:
    """Decimal places of a finite ``Decimal`` once trailing zeros are dropped."""
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    n = len(digits)
    while n and digits[n - 1] == 0 and exponent < 0:
        n -= 1
        exponent += 1
    if not any(digits[:n]):
        return 0
    return max(0, -exponent)


def _check_amount(value: Decimal) -> Decimal:
    if value.is_nan():
        raise PHHError("NaN is not an amount")
    if value.is_infinite():
        raise PHHError("an infinite amount (inf) is only allowed in starting_stacks")
    if value and value.adjusted() > _MAX_ADJUSTED_EXPONENT:
        raise PHHError(f"amount {value} is too large (must be below 10**18)")
    if _decimal_places(value) > _MAX_PLACES:
        raise PHHError(f"amount {value} has more than {_MAX_PLACES} decimal places")
    return value


def _to_units(value: Decimal, scale: int) -> int:
    """``value * scale`` exactly (``scale`` a power of ten that makes it whole)."""
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    n = int("".join(map(str, digits)) or "0")
    if not n:
        return 0
    shift = exponent + len(str(scale)) - 1
    if shift >= 0:
        n *= int(10**shift)
    else:
        n, rest = divmod(n, 10**-shift)
        if rest:
            raise PHHError(f"amount {value} is not a whole number of 1/{scale} units")
    return -n if sign else n


def _format_amount(units: int, scale: int) -> str:
    """Shortest exact decimal text of ``units / scale``.

    >>> _format_amount(50, 100), _format_amount(-150, 100), _format_amount(7, 1)
    ('0.5', '-1.5', '7')
    """
    whole, rest = divmod(abs(units), scale)
    sign = "-" if units < 0 else ""
    if not rest:
        return f"{sign}{whole}"
    places = len(str(scale)) - 1
    fraction = str(rest).rjust(places, "0").rstrip("0")
    return f"{sign}{whole}.{fraction}"


def _format_seconds(value: Decimal) -> str:
    if value.is_infinite():
        return "inf"
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    return format(value, "f") if exponent < 0 else str(int(value))


def _scale_exponent(scale: object) -> int:
    if not _is_int(scale) or cast(int, scale) < 1:
        raise PHHError(f"scale must be a power of ten (an int >= 1), got {scale!r}", field="scale")
    text = str(scale)
    if text.rstrip("0") != "1" or len(text) - 1 > _MAX_PLACES:
        raise PHHError(
            f"scale must be a power of ten up to 10**{_MAX_PLACES}, got {scale!r}", field="scale"
        )
    return len(text) - 1


# -- immutable mapping for the extra fields -------------------------------------------


class FrozenMapping(Mapping[str, object]):
    """An immutable, hashable mapping that keeps its insertion order.

    Equality is that of a ``dict`` (order does not matter).

    >>> m = FrozenMapping({"_b": 1, "_a": (2, 3)})
    >>> list(m), m["_a"], m == {"_a": (2, 3), "_b": 1}, hash(m) == hash(FrozenMapping(m))
    (['_b', '_a'], (2, 3), True, True)
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, object] | Iterable[tuple[str, object]] = ()) -> None:
        self._data: dict[str, object] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> object:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMapping({self._data!r})"


# -- actions --------------------------------------------------------------------------


@dataclass(frozen=True)
class _RawAction:
    """An action as parsed from text, its amount still a ``Decimal``."""

    kind: ActionKind
    actor: int | None
    target: int | None
    cards: tuple[int | None, ...]
    amount: Decimal | None
    shows_dealt: bool
    comment: str | None

    def build(self, scale: int) -> Action:
        amount = None if self.amount is None else _to_units(self.amount, scale)
        return Action(
            kind=self.kind,
            actor=self.actor,
            target=self.target,
            cards=self.cards,
            amount=amount,
            shows_dealt=self.shows_dealt,
            comment=self.comment,
        )


def _player(token: str) -> int:
    m = _PLAYER.fullmatch(token)
    if not m:
        raise PHHError(f"expected a player like 'p1', got {token!r}")
    return int(m.group(1)) - 1


def _parse_action(text: str) -> _RawAction:
    if not isinstance(text, str):
        raise PHHError(f"an action must be a string, got {type(text).__name__}")
    body, hash_sign, comment_text = text.partition("#")
    comment = comment_text.strip() if hash_sign else None
    tokens = body.split()
    if not tokens:
        return _RawAction("noop", None, None, (), None, False, comment)
    if len(tokens) < 2:
        raise PHHError(f"expected an actor and an action, got {body.strip()!r}")
    actor_token, kind, args = tokens[0], tokens[1], tokens[2:]
    if actor_token == "d":
        if kind == "dh":
            if len(args) != 2:
                raise PHHError("'d dh' takes a player and cards, e.g. 'd dh p1 AsKd'")
            target = _player(args[0])
            return _RawAction("dh", None, target, _parse_cards(args[1]), None, False, comment)
        if kind == "db":
            if len(args) != 1:
                raise PHHError("'d db' takes cards, e.g. 'd db AsKdQh'")
            return _RawAction("db", None, None, _parse_cards(args[0]), None, False, comment)
        raise PHHError(f"unknown dealer action {kind!r} (expected 'dh' or 'db')")
    actor = _player(actor_token)
    if kind in ("pb", "cc", "f"):
        if args:
            raise PHHError(f"{kind!r} takes no argument")
        return _RawAction(kind, actor, None, (), None, False, comment)  # type: ignore[arg-type]
    if kind == "cbr":
        if len(args) != 1:
            raise PHHError("'cbr' takes one amount, e.g. 'p1 cbr 20'")
        if not _AMOUNT.fullmatch(args[0]):
            raise PHHError(f"bad amount {args[0]!r}: expected a decimal number like 20 or 2.5")
        amount = _check_amount(Decimal(args[0]))
        if not amount:
            raise PHHError("a 'cbr' amount must be positive")
        return _RawAction("cbr", actor, None, (), amount, False, comment)
    if kind in ("sd", "sm"):
        if len(args) > 1:
            raise PHHError(f"{kind!r} takes at most one argument (cards)")
        if kind == "sm" and args == ["-"]:
            return _RawAction("sm", actor, None, (), None, True, comment)
        cards = _parse_cards(args[0]) if args else ()
        return _RawAction(kind, actor, None, cards, None, False, comment)  # type: ignore[arg-type]
    raise PHHError(f"unknown player action {kind!r}")


@dataclass(frozen=True)
class Action:
    """One PHH action notation, parsed.

    ``actor`` is the acting player's 0-based index, ``None`` for the dealer
    (and for ``noop``); ``target`` is the player dealt to by ``dh``; ``cards``
    are card codes, ``None`` for an unknown card ``??``; ``amount`` is the
    ``cbr`` amount in units of ``1/scale`` of the hand; ``shows_dealt`` is set
    by ``sm -``; ``comment`` is the commentary after ``#`` (``None`` if none).

    >>> a = Action.from_text("p2 cbr 12.5 # shove", scale=10)
    >>> a.actor, a.kind, a.amount, a.comment
    (1, 'cbr', 125, 'shove')
    >>> a.to_text(scale=10)
    'p2 cbr 12.5 # shove'
    >>> Action.from_text("d dh p3 As??").cards
    (51, None)
    >>> Action.from_text("p1 raise 5")
    Traceback (most recent call last):
    ...
    croupier.phh.PHHError: bad action 'p1 raise 5': unknown player action 'raise'
    """

    kind: ActionKind
    actor: int | None = None
    target: int | None = None
    cards: tuple[int | None, ...] = ()
    amount: int | None = None
    shows_dealt: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind not in _KINDS:
            raise PHHError(f"unknown action kind {kind!r}")
        if kind in _PLAYER_KINDS:
            if not _is_int(self.actor) or cast(int, self.actor) < 0:
                raise PHHError(f"a {kind!r} action needs a player index >= 0 as actor")
        elif self.actor is not None:
            raise PHHError(f"a {kind!r} action has no actor (the dealer is None)")
        if kind == "dh":
            if not _is_int(self.target) or cast(int, self.target) < 0:
                raise PHHError("a 'dh' action needs a player index >= 0 as target")
        elif self.target is not None:
            raise PHHError(f"a {kind!r} action has no target")
        if not isinstance(self.cards, tuple):
            raise PHHError("cards must be a tuple")
        for card in self.cards:
            if card is not None and (not _is_int(card) or not 0 <= card < 52):
                raise PHHError(f"bad card code {card!r} (expected an int in 0..51 or None)")
        if kind in _DEALER_KINDS and not self.cards:
            raise PHHError(f"a {kind!r} action needs cards")
        if kind not in _DEALER_KINDS and kind not in ("sd", "sm") and self.cards:
            raise PHHError(f"a {kind!r} action has no cards")
        if kind == "cbr":
            if not _is_int(self.amount) or cast(int, self.amount) <= 0:
                raise PHHError("a 'cbr' action needs a positive int amount")
        elif self.amount is not None:
            raise PHHError(f"a {kind!r} action has no amount")
        if not isinstance(self.shows_dealt, bool):
            raise PHHError("shows_dealt must be a bool")
        if self.shows_dealt and (kind != "sm" or self.cards):
            raise PHHError("shows_dealt ('sm -') is only for an 'sm' action without cards")
        if self.comment is not None and (
            not isinstance(self.comment, str) or self.comment != self.comment.strip()
        ):
            raise PHHError("a comment must be a str without leading or trailing blanks")

    @classmethod
    def from_text(cls, text: str, scale: int = 1) -> Action:
        """Parse one action notation; a ``cbr`` amount is given in units of ``1/scale``.

        >>> Action.from_text("  p1   sm   -  ").to_text()
        'p1 sm -'
        """
        _scale_exponent(scale)
        try:
            return _parse_action(text).build(scale)
        except PHHError as exc:
            raise PHHError(f"bad action {text!r}: {exc}") from None

    def to_text(self, scale: int = 1) -> str:
        """The canonical notation (amounts divided by ``scale``).

        >>> Action("cc", actor=0).to_text(), Action("noop", comment="burn").to_text()
        ('p1 cc', '# burn')
        """
        parts: list[str]
        if self.kind == "noop":
            parts = []
        elif self.kind == "dh":
            parts = ["d", "dh", f"p{cast(int, self.target) + 1}", _format_cards(self.cards)]
        elif self.kind == "db":
            parts = ["d", "db", _format_cards(self.cards)]
        else:
            parts = [f"p{cast(int, self.actor) + 1}", self.kind]
            if self.amount is not None:
                parts.append(_format_amount(self.amount, scale))
            elif self.shows_dealt:
                parts.append("-")
            elif self.cards:
                parts.append(_format_cards(self.cards))
        body = " ".join(parts)
        if self.comment is None:
            return body
        tail = f"# {self.comment}" if self.comment else "#"
        return f"{body} {tail}" if body else tail


# -- the hand history -----------------------------------------------------------------

# PHH field name -> how it is stored; the order is the writing order.
_FIELDS: dict[str, str] = {
    "variant": "str",
    "ante_trimming_status": "bool",
    "antes": "money[]",
    "blinds_or_straddles": "money[]",
    "bring_in": "money",
    "small_bet": "money",
    "big_bet": "money",
    "min_bet": "money",
    "starting_stacks": "stack[]",
    "actions": "actions",
    "author": "str",
    "event": "str",
    "url": "str",
    "venue": "str",
    "address": "str",
    "city": "str",
    "region": "str",
    "postal_code": "str",
    "country": "str",
    "time": "time",
    "time_zone": "str",
    "time_zone_abbreviation": "str",
    "day": "int",
    "month": "int",
    "year": "int",
    "hand": "int|str",
    "level": "int",
    "seats": "int[]",
    "seat_count": "int",
    "table": "int|str",
    "players": "str[]",
    "finishing_stacks": "money[]",
    "winnings": "money[]",
    "currency": "str",
    "currency_symbol": "str",
    "time_limit": "seconds",
    "time_banks": "seconds[]",
}
_ALWAYS_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "finishing_stacks",
    "winnings",
    "seats",
    "players",
    "time_banks",
)


@dataclass(frozen=True, kw_only=True)
class HandHistory:
    """One hand in the PHH format; every field of the specification, plus extras.

    Amounts are ``int`` in units of ``1/scale`` (see the module docstring);
    ``None`` means the field is absent (or, in ``starting_stacks``, an ``inf``
    stack).  Construction checks everything and raises :class:`PHHError`.

    >>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...                 starting_stacks=(200, 200), actions=(Action("f", actor=1),))
    >>> h.player_count, dumps(h).splitlines()[-1]
    (2, "actions = ['p2 f']")
    >>> HandHistory(variant="NT", antes=(0,), blinds_or_straddles=(1, 2), min_bet=2,
    ...             starting_stacks=(200, 200), actions=())
    Traceback (most recent call last):
    ...
    croupier.phh.PHHError: field 'antes' has 1 entries, expected 2 (one per player)
    """

    variant: str
    ante_trimming_status: bool | None = None
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    starting_stacks: tuple[int | None, ...]
    actions: tuple[Action, ...]
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: _dt.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Decimal | None = None
    time_banks: tuple[Decimal, ...] | None = None
    scale: int = 1
    extra: Mapping[str, object] = _field(default_factory=FrozenMapping)

    def __post_init__(self) -> None:
        _scale_exponent(self.scale)
        if not isinstance(self.extra, FrozenMapping):
            if not isinstance(self.extra, Mapping):
                raise PHHError("extra must be a mapping", field="extra")
            object.__setattr__(self, "extra", FrozenMapping(self.extra))
        for name, kind in _FIELDS.items():
            _check_field(name, kind, getattr(self, name), self.scale)
        self._check_variant()
        players = len(self.starting_stacks)
        if players < 2:
            raise PHHError(
                f"field 'starting_stacks' has {players} entries, a hand needs at least 2 players",
                field="starting_stacks",
            )
        for name in _PER_PLAYER:
            value = getattr(self, name)
            if value is not None and len(value) != players:
                raise PHHError(
                    f"field {name!r} has {len(value)} entries, expected {players} (one per player)",
                    field=name,
                )
        self._check_actions(players)
        for key, value in self.extra.items():
            if not isinstance(key, str):
                raise PHHError(f"extra field name {key!r} is not a str", field="extra")
            if key in _FIELDS:
                raise PHHError(f"extra field {key!r} is a PHH field", field=key)
            _check_extra_value(key, value)

    def _check_variant(self) -> None:
        variant = self.variant
        if variant not in VARIANTS:
            raise PHHError(f"field 'variant': unknown variant code {variant!r}", field="variant")
        stud = variant in _STUD
        fixed = variant in _FIXED_LIMIT
        uses = {
            "blinds_or_straddles": not stud,
            "bring_in": stud,
            "small_bet": fixed,
            "big_bet": fixed,
            "min_bet": not fixed,
        }
        for name, used in uses.items():
            present = getattr(self, name) is not None
            if used and not present:
                raise PHHError(f"missing required field {name!r} (variant {variant})", field=name)
            if present and not used:
                raise PHHError(f"field {name!r} is not used by variant {variant}", field=name)

    def _check_actions(self, players: int) -> None:
        short_deck = self.variant in _SHORT_DECK
        for i, action in enumerate(self.actions):
            if not isinstance(action, Action):
                raise PHHError(f"actions[{i}] is not an Action", field="actions")
            for who in (action.actor, action.target):
                if who is not None and who >= players:
                    raise PHHError(
                        f"actions[{i}] {action.to_text(self.scale)!r}: player p{who + 1} "
                        f"does not exist ({players} players)",
                        field="actions",
                    )
            if short_deck and any(c is not None and c < 16 for c in action.cards):
                raise PHHError(
                    f"actions[{i}] {action.to_text(self.scale)!r}: short-deck hold 'em has no "
                    "cards below six",
                    field="actions",
                )

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def to_decimal(self, amount: int) -> Decimal:
        """An amount of this hand (in ``1/scale`` units) as an exact ``Decimal``.

        >>> loads(_EXAMPLE).to_decimal(50)
        Decimal('0.5')
        """
        return Decimal(_format_amount(amount, self.scale))

    def with_scale(self, scale: int) -> HandHistory:
        """The same hand with amounts in units of ``1/scale`` (must be exact).

        >>> h = loads(_EXAMPLE).with_scale(1000)
        >>> h.scale, h.blinds_or_straddles
        (1000, (500, 1000))
        >>> h.with_scale(1)
        Traceback (most recent call last):
        ...
        croupier.phh.PHHError: amount 500 at scale 1000 is not a whole number at scale 1
        """
        exponent = _scale_exponent(scale) - _scale_exponent(self.scale)

        def convert(units: int) -> int:
            if exponent >= 0:
                return units * int(10**exponent)
            whole, rest = divmod(units, int(10**-exponent))
            if rest:
                raise PHHError(
                    f"amount {units} at scale {self.scale} is not a whole number at scale {scale}"
                )
            return whole

        return _map_amounts(self, convert, scale)

    def normalized(self) -> HandHistory:
        """The same hand at the smallest scale that keeps every amount whole.

        :func:`loads` always returns normalized hands, so ``loads(dumps(h)) ==
        h.normalized()`` for every hand ``h``.

        >>> h = loads(_EXAMPLE)
        >>> h.with_scale(10**6).normalized() == h
        True
        """
        amounts = [a for a in _iter_amounts(self) if a]
        scale = self.scale
        while scale > 1 and all(a % 10 == 0 for a in amounts):
            amounts = [a // 10 for a in amounts]
            scale //= 10
        return self.with_scale(scale)


_EXAMPLE = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [100.25, 100]
actions = ['p2 cbr 3', 'p1 f']
"""

_MONEY_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
)


def _iter_amounts(hand: HandHistory) -> Iterator[int]:
    for name in _MONEY_FIELDS:
        value = getattr(hand, name)
        if isinstance(value, tuple):
            yield from (v for v in value if v is not None)
        elif value is not None:
            yield value
    yield from (a.amount for a in hand.actions if a.amount is not None)


def _map_amounts(hand: HandHistory, convert: Callable[[int], int], scale: int) -> HandHistory:
    changes: dict[str, object] = {}
    for name in _MONEY_FIELDS:
        value = getattr(hand, name)
        if isinstance(value, tuple):
            changes[name] = tuple(None if v is None else convert(v) for v in value)
        elif value is not None:
            changes[name] = convert(value)
    changes["actions"] = tuple(
        a if a.amount is None else replace(a, amount=convert(a.amount)) for a in hand.actions
    )
    return replace(hand, scale=scale, **changes)  # type: ignore[arg-type]


def _check_field(name: str, kind: str, value: object, scale: int) -> None:
    """Type and range check of one field of a constructed :class:`HandHistory`."""
    if value is None:
        if name in _ALWAYS_REQUIRED:
            raise PHHError(f"missing required field {name!r}", field=name)
        return

    def fail(expected: str) -> PHHError:
        got = _show(value, kind, scale)
        return PHHError(f"field {name!r} must be {expected}, got {got}", field=name)

    if kind == "str":
        if not isinstance(value, str):
            raise fail("a str")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise fail("a bool")
    elif kind == "int":
        low = {"day": 1, "month": 1, "seat_count": 1}.get(name, -_INT64)
        high = {"day": 31, "month": 12}.get(name, _INT64 - 1)
        if not _is_int(value) or not low <= cast(int, value) <= high:
            raise fail(f"an int in {low}..{high}")
    elif kind == "int|str":
        if not isinstance(value, str) and not (
            _is_int(value) and -_INT64 <= cast(int, value) < _INT64
        ):
            raise fail("a str or a 64-bit int")
    elif kind == "time":
        if not isinstance(value, _dt.time) or value.tzinfo is not None:
            raise fail("a datetime.time without time zone")
    elif kind == "money":
        if not _is_int(value) or not 0 < cast(int, value) < 10**18 * scale:
            raise fail(f"a positive int below 10**18 * scale ({scale})")
    elif kind == "seconds":
        if not _seconds_ok(value):
            raise fail("a Decimal number of seconds >= 0 below 10**18, or infinity")
    elif kind == "actions":
        if not isinstance(value, tuple):
            raise fail("a tuple of Action")
    else:
        if not isinstance(value, tuple):
            raise fail("a tuple")
        for i, item in enumerate(value):
            expected = _item_problem(name, kind, item, 10**18 * scale)
            if expected:
                raise PHHError(
                    f"field {name!r}[{i}] must be {expected}, got {_show(item, kind, scale)}",
                    field=name,
                )


def _show(value: object, kind: str, scale: int) -> str:
    """An amount as decimal text (and its units if scaled), anything else as repr."""
    if kind.startswith(("money", "stack")) and _is_int(value):
        text = _format_amount(cast(int, value), scale)
        return text if scale == 1 else f"{text} ({value} units of 1/{scale})"
    return repr(value)


def _item_problem(name: str, kind: str, item: object, limit: int) -> str | None:
    """What an array entry should be, or ``None`` if it is fine."""
    if kind == "money[]":
        # Negative blinds are dead blinds (online logs); other amounts are >= 0.
        if name == "blinds_or_straddles":
            ok = _is_int(item) and -limit < cast(int, item) < limit
            return None if ok else "an int amount (negative for a dead blind)"
        ok = _is_int(item) and 0 <= cast(int, item) < limit
        return None if ok else "a non-negative int amount"
    if kind == "stack[]":
        ok = item is None or (_is_int(item) and 0 < cast(int, item) < limit)
        return None if ok else "a positive int amount, or None (inf)"
    if kind == "int[]":
        return None if _is_int(item) and -_INT64 <= cast(int, item) < _INT64 else "a 64-bit int"
    if kind == "str[]":
        return None if isinstance(item, str) else "a str"
    if kind == "seconds[]":
        return None if _seconds_ok(item) else "a Decimal number of seconds >= 0, or infinity"
    raise AssertionError(kind)  # pragma: no cover


def _check_extra_value(key: str, value: object) -> None:
    if isinstance(value, tuple):
        for item in value:
            _check_extra_value(key, item)
    elif isinstance(value, Decimal):
        if value.is_nan():
            raise PHHError(f"extra field {key!r}: NaN is not supported", field=key)
    elif _is_int(value):
        if not -_INT64 <= cast(int, value) < _INT64:
            raise PHHError(f"extra field {key!r}: {value} does not fit in 64 bits", field=key)
    elif isinstance(value, (_dt.datetime, _dt.time)) and value.tzinfo is not None:
        offset = value.utcoffset()
        if isinstance(value, _dt.time) or offset is None or offset % _dt.timedelta(minutes=1):
            raise PHHError(
                f"extra field {key!r}: TOML has only date-times with whole-minute offsets",
                field=key,
            )
    elif not isinstance(value, (str, int, _dt.date, _dt.time)):
        raise PHHError(
            f"extra field {key!r}: cannot hold a {type(value).__name__} "
            "(str, bool, int, Decimal, date/time or tuple)",
            field=key,
        )


# -- reading --------------------------------------------------------------------------


def _expect_number(value: _toml.Value) -> _toml.Number:
    if not isinstance(value, _toml.Number):
        raise PHHError(f"expected a number, got {_describe(value)}")
    return value


def _describe(value: _toml.Value) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, tuple):
        return "an array"
    if isinstance(value, _toml.Number):
        return f"the number {value.text}"
    return f"a {type(value).__name__}"


def _expect_array(value: _toml.Value) -> tuple[_toml.Value, ...]:
    if not isinstance(value, tuple):
        raise PHHError(f"expected an array, got {_describe(value)}")
    return value


def _read_money(value: _toml.Value, *, allow_inf: bool = False) -> Decimal | None:
    amount = _expect_number(value).to_decimal()
    if allow_inf and amount.is_infinite() and amount > 0:
        return None
    return _check_amount(amount)


def _seconds_ok(value: object) -> bool:
    if not isinstance(value, Decimal) or value.is_nan() or value < 0:
        return False
    if value.is_infinite() or not value:
        return True
    return value.adjusted() <= _MAX_ADJUSTED_EXPONENT and _decimal_places(value) <= _MAX_PLACES


def _read_seconds(value: _toml.Value) -> Decimal:
    seconds = _expect_number(value).to_decimal()
    if not _seconds_ok(seconds):
        raise PHHError(
            f"{seconds} is not a duration (seconds >= 0 below 10**18, at most "
            f"{_MAX_PLACES} decimal places, or inf)"
        )
    return seconds


def _read_extra(value: _toml.Value) -> ExtraValue:
    if isinstance(value, _toml.Number):
        if not value.is_float:
            return value.to_int()
        number = value.to_decimal()
        if number.is_nan():
            raise PHHError("NaN is not supported")
        return number
    if isinstance(value, tuple):
        return tuple(_read_extra(v) for v in value)
    return value


def _read_field(kind: str, value: _toml.Value) -> object:
    """The value of one known field: amounts still ``Decimal``, actions still raw."""
    if kind == "str":
        if not isinstance(value, str):
            raise PHHError(f"expected a string, got {_describe(value)}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise PHHError(f"expected true or false, got {_describe(value)}")
        return value
    if kind == "int":
        return _expect_number(value).to_int()
    if kind == "int|str":
        return value if isinstance(value, str) else _expect_number(value).to_int()
    if kind == "time":
        if not isinstance(value, _dt.time):
            raise PHHError(f"expected a local time like 13:45:00, got {_describe(value)}")
        return value
    if kind == "money":
        return _read_money(value)
    if kind == "seconds":
        return _read_seconds(value)
    items = _expect_array(value)
    result: list[object] = []
    for i, item in enumerate(items):
        try:
            if kind == "money[]":
                result.append(_read_money(item))
            elif kind == "stack[]":
                result.append(_read_money(item, allow_inf=True))
            elif kind == "int[]":
                result.append(_expect_number(item).to_int())
            elif kind == "seconds[]":
                result.append(_read_seconds(item))
            elif kind in ("str[]", "actions"):
                if not isinstance(item, str):
                    raise PHHError(f"expected a string, got {_describe(item)}")
                result.append(_parse_action(item) if kind == "actions" else item)
            else:  # pragma: no cover
                raise AssertionError(kind)
        except PHHError as exc:
            shown = f" {item!r}" if kind == "actions" and isinstance(item, str) else ""
            raise PHHError(f"[{i}]{shown}: {exc}") from None
    return tuple(result)


def _hand_from_entries(entries: Mapping[str, _toml.Entry], where: str) -> HandHistory:
    values: dict[str, object] = {}
    extra: dict[str, object] = {}
    for key, entry in entries.items():
        kind = _FIELDS.get(key)
        try:
            if kind is None:
                extra[key] = _read_extra(entry.value)
            else:
                values[key] = _read_field(kind, entry.value)
        except _toml.TomlError as exc:
            raise PHHError(f"{where}line {entry.line}: field {key!r}: {exc}", field=key) from None
        except PHHError as exc:
            # Array entries report "[i]...", which reads well right after the name.
            message = str(exc)
            label = "actions" if kind == "actions" else f"field {key!r}"
            sep = "" if message.startswith("[") else ": "
            raise PHHError(f"{where}line {entry.line}: {label}{sep}{message}", field=key) from None
    for name in _ALWAYS_REQUIRED:
        if name not in values:
            raise PHHError(f"{where}missing required field {name!r}", field=name)

    # The scale: the smallest power of ten that makes every amount whole.
    decimals: list[Decimal] = []
    for name in _MONEY_FIELDS:
        value = values.get(name)
        if isinstance(value, tuple):
            decimals.extend(v for v in value if isinstance(v, Decimal))
        elif isinstance(value, Decimal):
            decimals.append(value)
    raw_actions = cast(tuple[_RawAction, ...], values["actions"])
    decimals.extend(a.amount for a in raw_actions if a.amount is not None)
    scale = 10 ** max((_decimal_places(d) for d in decimals), default=0)

    for name in _MONEY_FIELDS:
        value = values.get(name)
        if isinstance(value, tuple):
            values[name] = tuple(None if v is None else _to_units(v, scale) for v in value)
        elif isinstance(value, Decimal):
            values[name] = _to_units(value, scale)
    values["actions"] = tuple(a.build(scale) for a in raw_actions)
    try:
        return HandHistory(**values, scale=scale, extra=FrozenMapping(extra))  # type: ignore[arg-type]
    except PHHError as exc:
        found = entries.get(exc.field or "")
        line = f"line {found.line}: " if found is not None else ""
        raise PHHError(f"{where}{line}{exc}", field=exc.field) from None


def loads(text: str) -> HandHistory:
    """Parse one hand (the text of a ``.phh`` file).

    >>> loads(_EXAMPLE).actions[0]
    Action(kind='cbr', actor=1, target=None, cards=(), amount=300, shows_dealt=False, comment=None)
    >>> loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
    ...       "starting_stacks = [100, 100]\\nactions = ['p2 cbr 6', 'p1 cbr']\\n")
    Traceback (most recent call last):
    ...
    croupier.phh.PHHError: line 6: actions[1] 'p1 cbr': 'cbr' takes one amount, e.g. 'p1 cbr 20'
    """
    doc = _parse_toml(text)
    if doc.tables:
        table = doc.tables[0]
        raise PHHError(
            f"line {table.line}: table [{table.name}] in a single-hand file "
            "(use loads_all for .phhs files)"
        )
    return _hand_from_entries(doc.root, "")


def loads_all(text: str) -> list[HandHistory]:
    """Parse the hands of a ``.phhs`` file (one ``[N]`` table per hand), in file order.

    >>> hands = loads_all("[1]\\n" + _EXAMPLE + "\\n[2]\\n" + _EXAMPLE)
    >>> len(hands), hands[0] == hands[1]
    (2, True)
    """
    doc = _parse_toml(text)
    if doc.root:
        key, entry = next(iter(doc.root.items()))
        raise PHHError(
            f"line {entry.line}: key {key!r} outside of a [N] table "
            "(use loads for single-hand .phh files)",
            field=key,
        )
    return [_hand_from_entries(t.entries, f"hand [{t.name}], ") for t in doc.tables]


def _parse_toml(text: str) -> _toml.Document:
    if not isinstance(text, str):
        raise PHHError(f"expected PHH text as a str, got {type(text).__name__}")
    try:
        return _toml.parse(text)
    except _toml.TomlError as exc:
        raise PHHError(str(exc)) from None


PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def _read_text(source: PathOrFile) -> str:
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data: str | bytes = f.read()
    else:
        data = source.read()
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PHHError(f"not UTF-8 text: {exc}") from None
    return data


def _write_text(text: str, target: PathOrFile) -> None:
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    elif isinstance(target, (io.RawIOBase, io.BufferedIOBase)):
        target.write(text.encode("utf-8"))
    else:
        cast(IO[str], target).write(text)


def load(source: PathOrFile) -> HandHistory:
    """Read one hand from a ``.phh`` file (a path, or a text or binary file object).

    >>> load(io.StringIO(_EXAMPLE)).min_bet
    100
    """
    return loads(_read_text(source))


def load_all(source: PathOrFile) -> list[HandHistory]:
    """Read the hands of a ``.phhs`` file (a path or a file object).

    >>> len(load_all(io.BytesIO(dumps_all([loads(_EXAMPLE)] * 3).encode())))
    3
    """
    return loads_all(_read_text(source))


# -- writing --------------------------------------------------------------------------


def _render_field(hand: HandHistory, name: str, kind: str, value: object) -> str:
    scale = hand.scale
    if kind == "money":
        return _format_amount(cast(int, value), scale)
    if kind in ("money[]", "stack[]"):
        items = cast("tuple[int | None, ...]", value)
        return (
            "[" + ", ".join("inf" if v is None else _format_amount(v, scale) for v in items) + "]"
        )
    if kind == "actions":
        return _toml.format_value(tuple(a.to_text(scale) for a in hand.actions))
    if kind == "seconds":
        return _format_seconds(cast(Decimal, value))
    if kind == "seconds[]":
        return "[" + ", ".join(_format_seconds(v) for v in cast("tuple[Decimal]", value)) + "]"
    return _toml.format_value(value)


def dumps(hand: HandHistory) -> str:
    """The ``.phh`` text of one hand (see the module docstring for the layout).

    >>> print(dumps(loads(_EXAMPLE)), end="")
    variant = 'NT'
    antes = [0, 0]
    blinds_or_straddles = [0.5, 1]
    min_bet = 1
    starting_stacks = [100.25, 100]
    actions = ['p2 cbr 3', 'p1 f']
    """
    if not isinstance(hand, HandHistory):
        raise PHHError(f"expected a HandHistory, got {type(hand).__name__}")
    lines = []
    for name, kind in _FIELDS.items():
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {_render_field(hand, name, kind, value)}")
    for key, value in hand.extra.items():
        try:
            lines.append(f"{_toml.format_key(key)} = {_toml.format_value(value)}")
        except _toml.TomlError as exc:
            raise PHHError(f"extra field {key!r}: {exc}", field=key) from None
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hands, under ``[1]``, ``[2]``, ... headers.

    >>> print(dumps_all([loads(_EXAMPLE)] * 2).count("variant = 'NT'"))
    2
    """
    return "\n".join(f"[{i}]\n{dumps(hand)}" for i, hand in enumerate(hands, 1))


def dump(hand: HandHistory, target: PathOrFile) -> None:
    """Write one hand as ``.phh`` text to a path or a text/binary file object.

    >>> out = io.StringIO(); dump(loads(_EXAMPLE), out); out.getvalue() == dumps(loads(_EXAMPLE))
    True
    """
    _write_text(dumps(hand), target)


def dump_all(hands: Iterable[HandHistory], target: PathOrFile) -> None:
    """Write several hands as ``.phhs`` text to a path or a file object.

    >>> out = io.BytesIO(); dump_all([loads(_EXAMPLE)], out); out.getvalue()[:4]
    b'[1]\\n'
    """
    _write_text(dumps_all(hands), target)


def replay(history: HandHistory) -> Hand:
    """Play a hand history on croupier's betting-state machine; return the hand.

    The hand is finished when the history is complete; every action goes
    through the rules (``croupier.IllegalAction`` otherwise).  See
    ``croupier.replay`` for the choices made (seats, unlimited stacks,
    unknown cards).

    >>> text = '''variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ['d dh p1 AsAd', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 f']
    ... '''
    >>> hand = replay(loads(text))
    >>> hand.is_over, hand.payoffs   # p1 is the big blind (seat 0), p2 the button
    (True, (-2, 2))
    """
    from croupier.replay import replay as _replay

    return _replay(history)
