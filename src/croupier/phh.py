"""Read and write poker hand histories in the PHH format.

PHH (https://phh.readthedocs.io) is a TOML-based text format: one hand per
``.phh`` file, or many hands in a ``.phhs`` file under ``[1]``, ``[2]``, ...
table headers.  This module is the data layer only: it reads, checks and
writes the fields (the action notation is :mod:`croupier.actions`); it does
not replay hands (no betting rules are applied here).

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

Every choice of this module (exact money and the scale, ``inf`` stacks, card
text, the checks, what is kept of fields the specification does not define, the
order in which fields are written) is written down in the project's rulebook,
``docs/rules.md`` §7.1.  The TOML itself is read by ``tomllib`` (``tomli`` on
Python 3.10) through :mod:`croupier._toml`.
"""

from __future__ import annotations

import datetime as _dt
import glob
import io
import os
import re
import stat
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from dataclasses import field as _field
from decimal import Decimal
from itertools import islice
from pathlib import Path
from types import MappingProxyType
from typing import IO, Any, Literal, Union, cast

from croupier import _toml
from croupier._validate import MAX_CHIPS
from croupier.actions import (
    MAX_PLACES,
    Action,
    ActionKind,
    Parts,
    check_amount,
    decimal_places,
    format_amount,
    scale_exponent,
    to_units,
)
from croupier.actions import parse as parse_action
from croupier.errors import PHHError, PHHWarning, excerpt
from croupier.structures import Structure
from croupier.variants import RULES, from_phh, rules_of

__all__ = [
    "VARIANTS",
    "Action",
    "ActionKind",
    "FrozenMapping",
    "HandHistory",
    "PHHError",
    "PHHWarning",
    "Source",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "files",
    "iter_load",
    "load",
    "load_all",
    "loads",
    "loads_all",
]

VARIANTS: Mapping[str, str] = MappingProxyType(
    {
        letter + variant: f"{Structure.from_letter(letter).value.capitalize()} {rules.title}"
        for variant, rules in RULES.items()
        for letter in rules.structures
    }
)
"""The variant codes croupier reads and writes, and their names, from the one table of
games (``croupier.variants.RULES``): the PHH specification's codes and croupier's own,
in the same pattern, for the games the specification has no code for (e.g. Courchevel
``NC/8``, ``PC/8``, ``FC/8``: five hole cards; the first flop card is dealt with
``d db`` before the pre-flop actions, the other two after them)."""

_INT64 = 2**63


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

    def get(self, key: str, default: object = None) -> object:
        """``Mapping.get`` without an exception for a missing key (replay asks often)."""
        return self._data.get(key, default)

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


# -- the kinds of fields: each one object that reads, checks and writes ---------------


class _Kind:
    """How one kind of field is read from TOML, checked and written.

    ``read`` turns a TOML value (floats as ``Decimal``) into the stored value,
    amounts not yet in units (kinds with ``money``); it rejects only what cannot
    be stored.  ``problem`` is the one check of a stored value (``None`` if it
    is valid), made by :class:`HandHistory` however the hand was made.
    """

    money = False

    def __init__(self, expected: str, test: Callable[[Any], bool] = lambda value: True) -> None:
        self.expected, self.test = expected, test

    def read(self, value: object) -> object:
        if isinstance(value, _toml.BadNumber):
            raise PHHError(f"the number {value} is out of range")
        return value

    def ok(self, value: object, scale: int) -> bool:
        return self.test(value)

    def all_ok(self, values: tuple[object, ...], scale: int) -> bool:
        """Whether every one of ``values`` is ok (one call for a whole array)."""
        if type(self).ok is _Kind.ok:
            test = self.test
            return all([test(v) for v in values])
        ok = self.ok
        return all([ok(v, scale) for v in values])

    def problem(self, value: object, scale: int) -> str | None:
        if self.ok(value, scale):
            return None
        shown = str(value) if isinstance(value, Decimal) else repr(value)
        if self.money and _is_int(value) and scale > 1:
            shown = f"{format_amount(cast(int, value), scale)} ({value} units of 1/{scale})"
        expected = self.expected.replace("{limit}", "10**40 units")
        return f" must be {expected}, got {shown}"

    def write(self, value: object, scale: int) -> str:
        return _toml.value(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(low: int, high: int) -> _Kind:
    return _Kind(f"an int in {low}..{high}", lambda v: _is_int(v) and low <= v <= high)


class _Money(_Kind):
    """An amount: ``low`` 1 (positive), 0 (non-negative) or None (either sign)."""

    money = True

    def __init__(self, expected: str, low: int | None, inf: bool = False) -> None:
        super().__init__(expected)
        self.low, self.inf = low, inf

    def read(self, value: object) -> int | Decimal | None:
        value = super().read(value)
        if type(value) is int:
            if -MAX_CHIPS < value < MAX_CHIPS:
                return value
            raise PHHError(f"amount {value} is too large (must be below 10**40)")
        if type(value) is not Decimal:
            raise PHHError(f"expected a number, got {_toml.describe(value)}")
        return None if self.inf and value == Decimal("Infinity") else check_amount(value)

    def ok(self, value: object, scale: int) -> bool:
        if value is None:
            return self.inf
        low = 1 - MAX_CHIPS if self.low is None else self.low
        return _is_int(value) and low <= cast(int, value) < MAX_CHIPS

    def all_ok(self, values: tuple[object, ...], scale: int) -> bool:
        if self.inf and None in values:
            values = tuple([v for v in values if v is not None])
        if not all([type(v) is int for v in values]):
            return super().all_ok(values, scale)  # bools, int subclasses: one by one
        low = 1 - MAX_CHIPS if self.low is None else self.low
        return not values or (
            low <= min(cast(tuple[int, ...], values))
            and max(cast(tuple[int, ...], values)) < MAX_CHIPS
        )

    def write(self, value: object, scale: int) -> str:
        if value is None:
            return "inf"
        text = format_amount(cast(int, value), scale)
        # TOML integers have 64 bits: a larger whole amount is written as an exact
        # decimal number (croupier reads it exactly; see docs/rules.md §7.1).
        return text + ".0" if "." not in text and abs(cast(int, value)) >= _INT64 * scale else text


class _Seconds(_Kind):
    """A duration in seconds: a ``Decimal`` >= 0, or ``inf``."""

    def read(self, value: object) -> object:
        return Decimal(value) if type(value) is int else super().read(value)

    def write(self, value: object, scale: int) -> str:
        seconds = cast(Decimal, value)
        if seconds.is_infinite():
            return "inf"
        exponent = cast(int, seconds.as_tuple().exponent)
        return format(seconds, "f") if exponent < 0 else str(int(seconds))

    def ok(self, value: object, scale: int) -> bool:
        if not isinstance(value, Decimal) or value.is_nan() or value < 0:
            return False
        if value.is_infinite() or not value:
            return True
        return value.adjusted() < 18 and decimal_places(value) <= MAX_PLACES


class _Array(_Kind):
    """A TOML array of ``item``, stored as a tuple."""

    def __init__(self, item: _Kind) -> None:
        super().__init__("a tuple", lambda v: isinstance(v, tuple))
        self.item, self.money = item, item.money

    def read(self, value: object) -> tuple[object, ...]:
        if not isinstance(value, list):
            raise PHHError(f"expected an array, got {_toml.describe(value)}")
        if self.money and all([type(v) is int and -MAX_CHIPS < v < MAX_CHIPS for v in value]):
            return tuple(value)  # whole amounts, as _Money.read reads each of them
        if type(self.item).read is _Kind.read and _toml.BadNumber not in map(type, value):
            return tuple(value)  # what _Kind.read reads each of them to
        read, items = self.item.read, []
        for i, item in enumerate(value):
            try:
                items.append(read(item))
            except PHHError as exc:
                text = isinstance(self.item, _Action) and type(item) is str
                shown = f" {excerpt(item)}" if text else ""
                raise PHHError(f"[{i}]{shown}: {exc}") from None
        return tuple(items)

    def problem(self, value: object, scale: int) -> str | None:
        if not isinstance(value, tuple):
            return super().problem(value, scale)
        if self.item.all_ok(value, scale):
            return None
        for i, item in enumerate(value):
            problem = self.item.problem(item, scale)
            if problem:
                return f"[{i}]{problem}"
        return None

    def write(self, value: object, scale: int) -> str:
        write = self.item.write
        return "[" + ", ".join([write(v, scale) for v in cast(tuple[object, ...], value)]) + "]"


# Real files repeat most action lines ('p3 f', 'd dh p1 ????': the 41,392 lines of
# the HandHQ sample are 2,819 texts), and Parts and Actions are immutable: the
# reader parses each text once and makes each (text, scale) Action once, in
# caches cleared when they reach _CACHE_SIZE entries (memory stays bounded).
_CACHE_SIZE = 1 << 16
_parts_of: dict[str, Parts] = {}
_action_of: dict[tuple[str, int], Action] = {}


class _Action(_Kind):
    """An action, read as :data:`~croupier.actions.Parts` (the amount not yet in units)."""

    def read(self, value: object) -> Parts:
        if type(value) is not str:
            raise PHHError(f"expected a string, got {_toml.describe(value)}")
        parts = _parts_of.get(value)
        if parts is None:
            parts = parse_action(value)
            if len(_parts_of) >= _CACHE_SIZE:
                _parts_of.clear()
            _parts_of[value] = parts
        return parts

    def write(self, value: object, scale: int) -> str:
        return _toml.string(cast(Action, value).to_text(scale))


def _action(text: str, parts: Parts, scale: int) -> Action:
    """The Action of an action line read as ``parts``, amounts in units of ``1/scale``."""
    action = _action_of.get((text, scale))
    if action is None:
        what, actor, target, cards, amount, dealt, comment = parts
        units = None if amount is None else to_units(amount, scale)
        action = Action(what, actor, target, cards, units, dealt, comment)
        if len(_action_of) >= _CACHE_SIZE:
            _action_of.clear()
        _action_of[text, scale] = action
    return action


class _Extra(_Kind):
    """A field the specification does not define (str, bool, int, Decimal, date/time, tuple)."""

    def read(self, value: object) -> object:
        if isinstance(value, list):
            return tuple([self.read(v) for v in value])
        if isinstance(value, dict):
            raise PHHError(
                "a table is not a field value (.phhs files of [N] tables: use loads_all)"
            )
        return super().read(value)

    def problem(self, value: object, scale: int) -> str | None:
        if isinstance(value, tuple):
            return next(filter(None, (self.problem(v, scale) for v in value)), None)
        if isinstance(value, Decimal):
            return "NaN is not supported" if value.is_nan() else None
        if _is_int(value):
            return (
                None if -_INT64 <= cast(int, value) < _INT64 else f"{value} does not fit in 64 bits"
            )
        if isinstance(value, (_dt.datetime, _dt.time)) and value.tzinfo is not None:
            offset = value.utcoffset()
            if isinstance(value, _dt.time) or offset is None or offset % _dt.timedelta(minutes=1):
                return "TOML has only date-times with whole-minute offsets"
        elif not isinstance(value, (str, bool, _dt.date, _dt.time)):
            name = type(value).__name__
            return f"cannot hold a {name} (str, bool, int, Decimal, date/time or tuple)"
        return None


_STR = _Kind("a str", lambda v: isinstance(v, str))
_INT = _int_in(-_INT64, _INT64 - 1)
_INT_OR_STR = _Kind("a str or a 64-bit int", lambda v: isinstance(v, str) or _INT.test(v))
_BET = _Money("a positive int below {limit}", 1)
_AMOUNTS = _Array(_Money("a non-negative int amount below {limit}", 0))
_SECONDS = _Seconds("a Decimal number of seconds >= 0 below 10**18, or infinity")
_EXTRA = _Extra("a str, bool, int, Decimal, date/time or tuple")

# PHH field name -> its kind; the order is the writing order.
_FIELDS: dict[str, _Kind] = {
    "variant": _STR,
    "ante_trimming_status": _Kind("a bool", lambda v: isinstance(v, bool)),
    "antes": _AMOUNTS,
    "blinds_or_straddles": _Array(
        _Money("an int amount of absolute value below {limit} (negative: a dead blind)", None)
    ),
    **dict.fromkeys(["bring_in", "small_bet", "big_bet", "min_bet"], _BET),
    "starting_stacks": _Array(
        _Money("a positive int amount below {limit}, or None (inf)", 1, True)
    ),
    "actions": _Array(_Action("an Action", lambda v: isinstance(v, Action))),
    **dict.fromkeys(["author", "event", "url", "venue", "address", "city", "region"], _STR),
    "postal_code": _STR,
    "country": _STR,
    "time": _Kind(
        "a datetime.time without time zone",
        lambda v: isinstance(v, _dt.time) and v.tzinfo is None,
    ),
    "time_zone": _STR,
    "time_zone_abbreviation": _STR,
    "day": _int_in(1, 31),
    "month": _int_in(1, 12),
    "year": _INT,
    "hand": _INT_OR_STR,
    "level": _INT,
    "seats": _Array(_INT),
    "seat_count": _int_in(1, _INT64 - 1),
    "table": _INT_OR_STR,
    "players": _Array(_STR),
    "finishing_stacks": _AMOUNTS,
    "winnings": _AMOUNTS,
    "currency": _STR,
    "currency_symbol": _STR,
    "time_limit": _SECONDS,
    "time_banks": _Array(_SECONDS),
}
_MONEY_FIELDS = tuple(name for name, kind in _FIELDS.items() if kind.money)
_ALWAYS_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
# Every array but the actions has one entry per player (as many as starting_stacks).
_PER_PLAYER = tuple(n for n, kind in _FIELDS.items() if isinstance(kind, _Array) and n != "actions")


def _amounts(values: Mapping[str, Any], more: Iterable[Any]) -> list[Any]:
    """The amounts of the money fields of ``values`` (field name -> value), then ``more``."""
    found = [a for a in more if a is not None]
    for name in _MONEY_FIELDS:
        value = values.get(name)
        found.extend(a for a in (value if isinstance(value, tuple) else (value,)) if a is not None)
    return found


def _convert(values: Mapping[str, Any], convert: Callable[[Any], int]) -> dict[str, object]:
    """The money fields of ``values``, ``convert`` applied to every amount (``inf`` kept)."""
    changes: dict[str, object] = {}
    for name in _MONEY_FIELDS:
        value = values.get(name)
        if isinstance(value, tuple):
            changes[name] = tuple([None if v is None else convert(v) for v in value])
        elif value is not None:
            changes[name] = convert(value)
    return changes


# -- the hand history -----------------------------------------------------------------


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
    croupier.errors.PHHError: field 'antes' has 1 entries, expected 2 (one per player)
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
        scale = self.scale
        scale_exponent(scale)
        if not isinstance(self.extra, FrozenMapping):
            if not isinstance(self.extra, Mapping):
                raise PHHError("extra must be a mapping", field="extra")
            object.__setattr__(self, "extra", FrozenMapping(self.extra))
        fields = vars(self)
        for name, kind in _FIELDS.items():
            value = fields[name]
            if value is None:
                if name in _ALWAYS_REQUIRED:
                    raise PHHError(f"missing required field {name!r}", field=name)
            elif problem := kind.problem(value, scale):
                raise PHHError(f"field {name!r}{problem}", field=name)
        lowest = self._check_variant()  # the lowest card code of the variant's deck
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
        for i, action in enumerate(self.actions):
            actor, target, amount = action.actor, action.target, action.amount
            if (
                (actor is None or actor < players)
                and (target is None or target < players)
                and (amount is None or amount < MAX_CHIPS)
                and not (lowest and action.cards)
            ):
                continue  # the common case, checked at once
            problem = None
            if max(action.actor or 0, action.target or 0) >= players:
                who = max(action.actor or 0, action.target or 0) + 1
                problem = f"player p{who} does not exist ({players} players)"
            elif lowest and any(c is not None and c < lowest for c in action.cards):
                title = rules_of(from_phh(self.variant)[1]).title
                rank = {16: "six", 32: "ten"}.get(lowest, f"card {lowest}")
                problem = f"{title} has no cards below {rank}"
            elif action.amount is not None and action.amount >= MAX_CHIPS:
                problem = "the amount is too large (must be below 10**40 units)"
            if problem:
                raise PHHError(
                    f"actions[{i}] {excerpt(action.to_text(scale))}: {problem}", field="actions"
                )
        for key, value in self.extra.items():
            if not isinstance(key, str):
                raise PHHError(f"extra field name {excerpt(repr(key))} is not a str", field="extra")
            if key in _FIELDS:
                raise PHHError(f"extra field {excerpt(key)} is a PHH field", field=key)
            if problem := _EXTRA.problem(value, scale):
                raise PHHError(f"extra field {excerpt(key)}: {problem}", field=key)

    def _check_variant(self) -> int:
        """The variant's fields are present and the others absent; its deck's lowest card."""
        variant = self.variant
        try:
            letter, game = from_phh(variant)
        except ValueError:
            raise PHHError(
                f"field 'variant': unknown variant code {excerpt(variant)}", field="variant"
            ) from None
        stud, fixed = rules_of(game).is_stud, letter == "F"
        uses = {"blinds_or_straddles": not stud, "bring_in": stud}
        uses |= {"small_bet": fixed, "big_bet": fixed, "min_bet": not fixed}
        for name, used in uses.items():
            present = getattr(self, name) is not None
            if used and not present:
                raise PHHError(f"missing required field {name!r} (variant {variant})", field=name)
            if present and not used:
                raise PHHError(f"field {name!r} is not used by variant {variant}", field=name)
        return 4 * rules_of(game).lowest_rank

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def to_decimal(self, amount: int) -> Decimal:
        """An amount of this hand (in ``1/scale`` units) as an exact ``Decimal``.

        >>> loads(_EXAMPLE).to_decimal(50)
        Decimal('0.5')
        """
        return Decimal(format_amount(amount, self.scale))

    def with_scale(self, scale: int) -> HandHistory:
        """The same hand with amounts in units of ``1/scale`` (must be exact).

        >>> h = loads(_EXAMPLE).with_scale(1000)
        >>> h.scale, h.blinds_or_straddles
        (1000, (500, 1000))
        >>> h.with_scale(1)
        Traceback (most recent call last):
        ...
        croupier.errors.PHHError: amount 500 at scale 1000 is not a whole number at scale 1
        """
        exponent = scale_exponent(scale) - scale_exponent(self.scale)

        up, down = int(10 ** max(exponent, 0)), int(10 ** max(-exponent, 0))

        def convert(units: int) -> int:
            whole, rest = divmod(units * up, down)
            if rest:
                raise PHHError(
                    f"amount {units} at scale {self.scale} is not a whole number at scale {scale}"
                )
            return whole

        actions = tuple(
            a if a.amount is None else replace(a, amount=convert(a.amount)) for a in self.actions
        )
        return replace(self, scale=scale, actions=actions, **_convert(vars(self), convert))  # type: ignore[arg-type]

    def normalized(self) -> HandHistory:
        """The same hand at the smallest scale that keeps every amount whole.

        :func:`loads` always returns normalized hands, so ``loads(dumps(h)) ==
        h.normalized()`` for every hand ``h``.

        >>> h = loads(_EXAMPLE)
        >>> h.with_scale(10**6).normalized() == h
        True
        """
        amounts = [a for a in _amounts(vars(self), (a.amount for a in self.actions)) if a]
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


# -- reading --------------------------------------------------------------------------


# -- the reader's quick path ------------------------------------------------------------
#
# Real files hold the same few kinds of hands: the fields of the specification with
# their plain types, known action lines.  _quick_hand reads such a table in one pass
# and makes the HandHistory without running its checks again (they are made here,
# on the values as read); on anything else (extra fields, an unusual type or value,
# a line that does not parse) it returns None and _hand takes the checked path,
# which names the problem.  It accepts only what the checked path accepts, and
# makes the same hand (tests/test_phh_quick.py compares them, shipped files and
# fuzzed tables).

# field -> its kind for the quick path (fields not listed take the checked path)
_Q_STR, _Q_BOOL, _Q_INT, _Q_INT_OR_STR, _Q_TIME, _Q_BET, _Q_MONEY, _Q_INTS, _Q_STRS = range(9)
_QUICK_KIND: dict[str, int] = {
    **dict.fromkeys([name for name, kind in _FIELDS.items() if kind is _STR], _Q_STR),
    "ante_trimming_status": _Q_BOOL,
    **dict.fromkeys(["day", "month", "year", "level", "seat_count"], _Q_INT),
    "hand": _Q_INT_OR_STR,
    "table": _Q_INT_OR_STR,
    "time": _Q_TIME,
    **dict.fromkeys(["bring_in", "small_bet", "big_bet", "min_bet"], _Q_BET),
    **dict.fromkeys(
        ["antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings"],
        _Q_MONEY,
    ),
    "seats": _Q_INTS,
    "players": _Q_STRS,
}
# the inclusive range of each int field
_QUICK_RANGE: dict[str, tuple[int, int]] = {
    "day": (1, 31),
    "month": (1, 12),
    "year": (-_INT64, _INT64 - 1),
    "level": (-_INT64, _INT64 - 1),
    "seat_count": (1, _INT64 - 1),
}
# the lowest amount (in units) of each money field; None: no lower bound
_QUICK_LOW: dict[str, int | None] = {
    "antes": 0,
    "blinds_or_straddles": None,
    "starting_stacks": 1,
    "finishing_stacks": 0,
    "winnings": 0,
    "bring_in": 1,
    "small_bet": 1,
    "big_bet": 1,
    "min_bet": 1,
}
_INFINITY = Decimal("Infinity")
# every field of a HandHistory with its default, in order (a hand's __dict__)
_DEFAULTS: dict[str, object] = {
    **dict.fromkeys(_FIELDS),
    "scale": 1,
    "extra": FrozenMapping(),
}
# variant code -> (the fields it needs (True) or must not have (False), its lowest card)
_VARIANT_USES: dict[str, tuple[tuple[tuple[str, bool], ...], int]] = {}
# action text -> (Action if it has no amount else None, parts, decimal places of the
# amount (-1: none), the highest player index named (-1: none), the lowest card (52: none))
_QuickLine = tuple[Action | None, Parts, int, int, int]
_quick_lines: dict[str, _QuickLine] = {}


def _variant_uses(variant: str) -> tuple[tuple[tuple[str, bool], ...], int] | None:
    uses = _VARIANT_USES.get(variant)
    if uses is None:
        try:
            letter, game = from_phh(variant)
        except ValueError:
            return None
        stud, fixed = rules_of(game).is_stud, letter == "F"
        fields = (
            ("blinds_or_straddles", not stud),
            ("bring_in", stud),
            ("small_bet", fixed),
            ("big_bet", fixed),
            ("min_bet", not fixed),
        )
        uses = _VARIANT_USES[variant] = (fields, 4 * rules_of(game).lowest_rank)
    return uses


def _quick_line(text: str) -> _QuickLine | None:
    line = _quick_lines.get(text)
    if line is None:
        try:
            parts = parse_action(text)
        except PHHError:
            return None
        what, actor, target, cards, amount, dealt, comment = parts
        places = -1
        action: Action | None = None
        if amount is None:
            action = Action(what, actor, target, cards, None, dealt, comment)
        elif type(amount) is Decimal:
            places = decimal_places(amount)
        else:
            places = 0
        top = max(-1 if actor is None else actor, -1 if target is None else target)
        low = min([c for c in cards if c is not None], default=52)
        line = (action, parts, places, top, low)
        if len(_quick_lines) >= _CACHE_SIZE:
            _quick_lines.clear()
        _quick_lines[text] = line
    return line


# The reader's Decimal amounts are few objects (croupier._toml makes each float
# token's value once): id -> (the amount, its decimal places or -1 if it is not a
# plain finite amount, its units by scale), holding the amount so the id stays its
# own; cleared when it reaches _CACHE_SIZE entries.
_amount_info: dict[int, tuple[Decimal, int, dict[int, int]]] = {}


def _decimal_info(amount: Decimal) -> tuple[Decimal, int, dict[int, int]]:
    info = _amount_info.get(id(amount))
    if info is not None and info[0] is amount:
        return info
    places = -1
    if amount.is_finite() and not (amount and amount.adjusted() > 39):
        places = decimal_places(amount)
        if places > MAX_PLACES:
            places = -1
    info = (amount, places, {})
    if len(_amount_info) >= _CACHE_SIZE:
        _amount_info.clear()
    _amount_info[id(amount)] = info
    return info


def _quick_amount(value: object) -> int:
    """The decimal places of an amount as read (-1: not a plain finite amount)."""
    if type(value) is int:
        return 0 if -MAX_CHIPS < value < MAX_CHIPS else -1
    if type(value) is Decimal:
        return _decimal_info(value)[1]
    return -1


def _quick_units(value: int | Decimal, scale: int) -> int:
    """``to_units(value, scale)`` of an amount :func:`_quick_amount` accepted."""
    if not isinstance(value, Decimal):
        return value * scale
    units_of = _decimal_info(value)[2]
    units = units_of.get(scale)
    if units is None:
        units = units_of[scale] = to_units(value, scale)
    return units


def _quick_hand(table: dict[str, Any]) -> HandHistory | None:
    """The hand of a plain table, checked in one pass; None: take the checked path."""
    values: dict[str, Any] = dict(_DEFAULTS)
    money: list[str] = []
    places = 0
    infinite = False
    for key, value in table.items():
        kind = _QUICK_KIND.get(key)
        if kind is None:
            if key != "actions":
                return None
            continue  # read below, once the other fields are known
        if kind == _Q_STR:
            if type(value) is not str:
                return None
        elif kind == _Q_MONEY:
            if type(value) is not list:
                return None
            for item in value:
                if type(item) is int:
                    if not -MAX_CHIPS < item < MAX_CHIPS:
                        return None
                elif item is _INFINITY or (type(item) is Decimal and item == _INFINITY):
                    if key != "starting_stacks":
                        return None
                    infinite = True
                else:
                    found = _quick_amount(item)
                    if found < 0:
                        return None
                    if found > places:
                        places = found
            money.append(key)
        elif kind == _Q_BET:
            found = _quick_amount(value)
            if found < 0:
                return None
            if found > places:
                places = found
            money.append(key)
        elif kind == _Q_INT:
            if type(value) is not int:
                return None
            low, high = _QUICK_RANGE[key]
            if not low <= value <= high:
                return None
        elif kind == _Q_BOOL:
            if type(value) is not bool:
                return None
        elif kind == _Q_INT_OR_STR:
            if type(value) is int:
                if not -_INT64 <= value < _INT64:
                    return None
            elif type(value) is not str:
                return None
        elif kind == _Q_TIME:
            if type(value) is not _dt.time or value.tzinfo is not None:
                return None
        elif kind == _Q_INTS:
            if type(value) is not list:
                return None
            for item in value:
                if type(item) is not int or not -_INT64 <= item < _INT64:
                    return None
            value = tuple(value)
        elif kind == _Q_STRS:
            if type(value) is not list:
                return None
            for item in value:
                if type(item) is not str:
                    return None
            value = tuple(value)
        values[key] = value
    texts = table.get("actions")
    variant = values["variant"]
    if type(texts) is not list or variant is None or values["antes"] is None:
        return None
    stacks = values["starting_stacks"]
    if stacks is None:
        return None
    uses = _variant_uses(variant)
    if uses is None:
        return None
    needed, lowest = uses
    for name, used in needed:
        if (values[name] is not None) is not used:
            return None
    players = len(stacks)
    if players < 2:
        return None
    lines: list[_QuickLine] = []
    top, low = -1, 52
    for text in texts:
        if type(text) is not str:
            return None
        line = _quick_line(text)
        if line is None:
            return None
        lines.append(line)
        _, _, line_places, line_top, line_low = line
        if line_places > places:
            places = line_places
        if line_top > top:
            top = line_top
        if line_low < low:
            low = line_low
    if top >= players or (lowest and low < lowest):
        return None
    scale = 10**places
    for name in money:
        value = values[name]
        low_units = _QUICK_LOW[name]
        if type(value) is list:
            items = value
            if len(items) != players:
                return None
            if infinite and name == "starting_stacks":
                units = tuple(
                    [
                        None
                        if i is _INFINITY or (type(i) is Decimal and i == _INFINITY)
                        else _quick_units(i, scale)
                        for i in items
                    ]
                )
                present = [u for u in units if u is not None]
            else:
                whole = [i * scale if type(i) is int else _quick_units(i, scale) for i in items]
                units, present = tuple(whole), whole
            if present and (
                max(present) >= MAX_CHIPS
                or min(present) < (1 - MAX_CHIPS if low_units is None else low_units)
            ):
                return None
            values[name] = units
        else:
            amount = _quick_units(value, scale)
            if not (low_units or 0) <= amount < MAX_CHIPS:
                return None
            values[name] = amount
    for name in ("seats", "players"):
        entries = values[name]
        if entries is not None and len(entries) != players:
            return None
    actions: list[Action] = []
    for text, line in zip(texts, lines, strict=True):
        action = line[0]
        if action is None:
            action = _action(text, line[1], scale)
            if (action.amount or 0) >= MAX_CHIPS:
                return None
        actions.append(action)
    values["actions"] = tuple(actions)
    values["scale"] = scale
    hand = object.__new__(HandHistory)
    object.__setattr__(hand, "__dict__", values)
    return hand


def _hand(table: dict[str, object]) -> HandHistory:
    """The hand of one TOML table; errors name the field (not yet the line)."""
    try:
        quick = _quick_hand(table)
    except (PHHError, ValueError, ArithmeticError):
        quick = None  # the checked path names the problem
    return _checked_hand(table) if quick is None else quick


def _checked_hand(table: dict[str, object]) -> HandHistory:
    """The hand of any TOML table, every field read and checked by its kind."""
    values: dict[str, Any] = {}
    extra: dict[str, object] = {}
    for key, value in table.items():
        kind = _FIELDS.get(key, _EXTRA)
        try:
            (extra if kind is _EXTRA else values)[key] = kind.read(value)
        except PHHError as exc:
            message = str(exc)  # array entries start "[i]", which reads well after the name
            label = "actions" if key == "actions" else f"field {excerpt(key)}"
            sep = "" if message.startswith("[") else ": "
            raise PHHError(f"{label}{sep}{message}", field=key) from None
    for name in _ALWAYS_REQUIRED:
        if name not in values:
            raise PHHError(f"missing required field {name!r}", field=name)
    # The scale: the smallest power of ten that makes every amount whole.
    parts: tuple[Parts, ...] = values["actions"]
    amounts = _amounts(values, (p[4] for p in parts))
    scale = 10 ** max([decimal_places(a) for a in amounts if type(a) is Decimal], default=0)
    values |= _convert(values, lambda amount: to_units(amount, scale))
    texts = cast(list[str], table["actions"])  # a list of str: read above
    values["actions"] = tuple(
        [_action(text, part, scale) for text, part in zip(texts, parts, strict=True)]
    )
    return HandHistory(**values, scale=scale, extra=FrozenMapping(extra))


def _failed(
    failure: Exception, text: str, multi: bool, table: str | None, first_line: int = 1
) -> Exception:
    """The error to raise for a hand of ``text`` that failed with ``failure``.

    A document ``tomllib`` refuses gets ``tomllib``'s located error, whichever
    backend read it (:func:`croupier._toml.confirm`); a ``PHHError`` gets its line.
    """
    _toml.confirm(text, multi=multi, first_line=first_line)
    if not isinstance(failure, PHHError):
        return failure
    return _toml.locate(failure, text, table, first_line=first_line)


def loads(text: str) -> HandHistory:
    """Parse one hand (the text of a ``.phh`` file).

    >>> loads(_EXAMPLE).actions[0]
    Action(kind='cbr', actor=1, target=None, cards=(), amount=300, shows_dealt=False, comment=None)
    >>> loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
    ...       "starting_stacks = [100, 100]\\nactions = ['p2 cbr 6', 'p1 cbr']\\n")
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: line 6: actions[1] 'p1 cbr': 'cbr' takes one amount, e.g. 'p1 cbr 20'
    """
    text, doc = _toml.parse(text, multi=False)
    try:
        return _hand(doc)
    except (PHHError, ValueError, RecursionError) as exc:
        failure = exc
    raise _failed(failure, text, False, None)


def loads_all(text: str) -> list[HandHistory]:
    """Parse the hands of a ``.phhs`` file (one ``[N]`` table per hand), in file order.

    Every ``[name]`` header line starts the next hand; the name is a label only,
    so a name used twice (``.phhs`` files joined end to end, each from ``[1]``)
    gives two hands, as :func:`iter_load` reads them.

    >>> hands = loads_all("[1]\\n" + _EXAMPLE + "\\n[2]\\n" + _EXAMPLE)
    >>> len(hands), hands[0] == hands[1]
    (2, True)
    >>> loads_all("[1]\\n" + _EXAMPLE + "[2]\\n" + _EXAMPLE.replace("'p1 f'", "'p1 fold'"))
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: hand [2], line 14: actions[1] 'p1 fold': unknown player action 'fold'
    """
    if not isinstance(text, str):
        raise PHHError(f"expected PHH text as a str, got {type(text).__name__}")
    data = io.BytesIO(text.encode("utf-8", "surrogatepass"))
    return [
        hand
        for first, chunk, kind in _chunks(data.read)
        for _, hand in _read_chunk(first, chunk, "preamble" if kind == "hand" else kind)
    ]


PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    """``path`` opened for reading in binary, if it is a regular file.

    Anything else is refused with a :class:`PHHError`: a FIFO with no writer
    would block ``open`` forever, a device such as ``/dev/zero`` never ends
    (a pipe's contents can still be read through its file object).  The file
    is opened without blocking and checked before anything is read from it.

    >>> try:
    ...     _open("/dev/null")
    ... except PHHError as exc:
    ...     print(exc)
    /dev/null: not a regular file (FIFOs and devices are not read; pass a pipe's file object)
    """
    return open(os.fspath(path), "rb", opener=_regular)  # its name is the path


def _regular(path: str, flags: int) -> int:
    """``open``'s opener for :func:`_open`: the file descriptor of a regular file."""
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise PHHError(
                f"{path}: not a regular file (FIFOs and devices are not read; "
                "pass a pipe's file object)",
                path=path,
            )
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_text(source: PathOrFile) -> str:
    if isinstance(source, (str, os.PathLike)):
        with _open(source) as f:
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
    fields = [(name, kind, getattr(hand, name)) for name, kind in _FIELDS.items()]
    fields += [(key, _EXTRA, value) for key, value in hand.extra.items()]
    lines = [
        f"{_toml.key(name)} = {kind.write(value, hand.scale)}"
        for name, kind, value in fields
        if value is not None
    ]
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


# -- streaming many hands -------------------------------------------------------------

Source = Union[PathOrFile, Iterable[Union[str, "os.PathLike[str]"]]]  # noqa: UP007
"""What :func:`iter_load` and :func:`files` read: a path (a file, a directory or a
glob pattern), a file object, or an iterable of paths."""

# A table header line ``[name]`` that starts a hand (dotted or array headers do not).
_HEADER_LINE = (
    rb"""[ \t]*\[[ \t]*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*\][ \t]*(?:#[^\n]*)?\r?$"""
)
_HEADER = re.compile(rb"^" + _HEADER_LINE, re.M)  # a table header line
# The same after a newline: a pattern that starts with a literal character is
# searched for that character first (the regex engine tries every position of a
# pattern that starts with ``^``: 80 instructions a byte, against about 2).
_AFTER_NEWLINE = re.compile(rb"\n" + _HEADER_LINE, re.M)


def _headers(data: bytes, start: int, limit: int) -> Iterator[int]:
    """Where the table headers of ``data[start:limit]`` begin (``start`` begins a line)."""
    if start == 0 and _HEADER.match(data, 0, limit):
        yield 0
    for match in _AFTER_NEWLINE.finditer(data, max(start - 1, 0), limit):
        yield match.start() + 1


_BLOCK = 1 << 18  # bytes read at a time
_PHH_SUFFIXES = (".phh", ".phhs")
_WINDOW = 4  # files read ahead by an executor


def files(source: Source) -> list[Path]:
    """The PHH files of ``source``: a path, a directory (every ``.phh`` and ``.phhs``
    file under it, recursively), a glob pattern, or an iterable of those; each
    directory's and pattern's files sorted, in the order given.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("b.phhs", "a.phh", "notes.txt"):
    ...         _ = Path(folder, name).write_text("")
    ...     [p.name for p in files(folder)], [p.name for p in files(Path(folder, "*.phh*"))]
    (['a.phh', 'b.phhs'], ['a.phh', 'b.phhs'])
    """
    given = [source] if isinstance(source, (str, os.PathLike)) else source
    found: list[Path] = []
    for item in given:
        if not isinstance(item, (str, os.PathLike)):
            raise ValueError(f"expected a path, got {type(item).__name__}")
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in _PHH_SUFFIXES and p.is_file())
        elif path.exists():
            found.append(path)
        elif glob.has_magic(str(item)):
            matches = sorted(glob.glob(str(item), recursive=True))
            if not matches:
                raise FileNotFoundError(f"no file matches {str(item)!r}")
            found += [Path(m) for m in matches if not Path(m).is_dir()]
        else:
            raise FileNotFoundError(f"no such file or directory: {str(item)!r}")
    return found


def _quotes(data: bytes, open_quote: bytes | None, i: int, end: int) -> bytes | None:
    """The multi-line string delimiter still open after ``data[i:end]`` (``None``: none)."""
    while True:
        if open_quote is None:
            starts = [(j, q) for q in (b"'''", b'"""') if (j := data.find(q, i, end)) >= 0]
            if not starts:
                return None
            i, open_quote = min(starts)
            i += 3
        else:
            j = data.find(open_quote, i, end)
            if j < 0:
                return open_quote
            i, open_quote = j + 3, None


def _chunks(read: Callable[[int], bytes]) -> Iterator[tuple[int, bytes, str]]:
    """``(first line, text, kind)`` of each part of a file, in file order.

    ``read(n)`` gives the file's next bytes (``b""`` at the end).  ``kind`` is
    ``"table"`` for a hand's ``[N]`` table, ``"preamble"`` for what comes before
    the first header (only blank and comment lines are allowed there) and
    ``"hand"`` for a file without headers (a ``.phh`` hand).  A header inside a
    multi-line string does not start a table.  This is the one rule of every
    reader (:func:`loads_all`, :func:`load_all`, :func:`iter_load`): each header
    line starts the next hand, whatever its name, so two tables of the same name
    are two hands (docs/rules.md §7.1).

    Reading is linear in the file's size, however long its lines and tables: a
    block is searched for its last newline only; the bytes of a line not yet
    ended, and the whole lines of a part not yet ended, are kept as a list of
    pieces, each joined once (never copied again as more is read); each run of
    whole lines is searched for headers by one regular expression, and scanned
    for multi-line strings only where it holds ``''`` or ``""``.
    """
    first, kind, open_quote = 1, "hand", None
    parts: list[bytes] = []  # the whole lines of the current part, in pieces
    partial: list[bytes] = []  # the line being read (no newline yet), in pieces
    block = read(_BLOCK)
    if block.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
        block = block[3:]
    while True:
        if block:
            cut = block.rfind(b"\n") + 1
            if not cut:
                partial.append(block)
                block = read(_BLOCK)
                continue
            lines = b"".join([*partial, block[:cut]]) if partial else block[:cut]
            partial = [block[cut:]] if cut < len(block) else []
        else:  # the end: the last line, if it has no newline
            lines = b"".join(partial)
            partial = []
        start = scanned = 0  # the current part starts at `start`; quotes are known up to `scanned`
        for at in _headers(lines, 0, len(lines)):
            if lines.find(b"''", scanned, at) >= 0 or lines.find(b'""', scanned, at) >= 0:
                open_quote = _quotes(lines, open_quote, scanned, at)
            scanned = at
            if open_quote is not None:
                continue  # inside a multi-line string
            parts.append(lines[start:at])
            chunk = b"".join(parts)
            parts = []
            if kind == "table" or chunk.strip():
                yield first, chunk, "preamble" if kind == "hand" else kind
            first += chunk.count(b"\n")
            start, kind = at, "table"
        if lines.find(b"''", scanned) >= 0 or lines.find(b'""', scanned) >= 0:
            open_quote = _quotes(lines, open_quote, scanned, len(lines))
        parts.append(lines[start:] if start else lines)
        if not block:
            break
        block = read(_BLOCK)
    chunk = b"".join(parts)
    if kind == "table" or chunk.strip():
        yield first, chunk, kind


def _read_chunk(first: int, data: bytes, kind: str) -> list[tuple[str | None, HandHistory]]:
    """The ``(table name, hand)`` of one part of a file (see :func:`_chunks`)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PHHError(f"line {first}: not UTF-8 text: {exc}", line=first) from None
    text, doc = _toml.parse(text, multi=kind != "hand", first_line=first)
    if kind == "hand":
        try:
            return [(None, _hand(doc))] if doc else []
        except (PHHError, ValueError, RecursionError) as exc:
            failure = exc
        raise _failed(failure, text, False, None, first)
    hands: list[tuple[str | None, HandHistory]] = []
    for name, table in doc.items():
        if kind == "preamble" or not isinstance(table, dict):
            error = PHHError(
                f"key {excerpt(name)} is not the [N] table of a hand (use loads for .phh files)"
            )
            raise _toml.locate(error, text, None, name, first_line=first) from None
        try:
            hands.append((name, _hand(table)))
        except (PHHError, ValueError, RecursionError) as exc:
            failure = exc
        else:
            continue
        raise _failed(failure, text, True, name, first)
    return hands


def _stream(
    read: Callable[[int], bytes],
    name: str | None,
    errors: str,
    on_error: Callable[[PHHError], object],
) -> Iterator[HandHistory]:
    for first, data, kind in _chunks(read):
        try:
            hands = [hand for _, hand in _read_chunk(first, data, kind)]
        except PHHError as exc:
            error = PHHError(
                f"{name}: {exc}" if name else str(exc),
                field=exc.field,
                path=name,
                table=exc.table,
                line=exc.line if exc.line is not None else first,
            )
            if errors == "raise":
                raise error from None
            on_error(error)
            continue
        yield from hands


def _warn(error: PHHError) -> None:
    warnings.warn(f"skipped: {error}", PHHWarning, stacklevel=4)


def _reader(source: IO[str] | IO[bytes]) -> Callable[[int], bytes]:
    """``read(n)`` of a text or binary file object, as bytes."""

    def read(n: int) -> bytes:
        data = source.read(n)
        return data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data

    return read


def iter_load(
    source: Source,
    *,
    errors: Literal["raise", "skip"] = "raise",
    on_error: Callable[[PHHError], object] | None = None,
    executor: Executor | None = None,
) -> Iterator[HandHistory]:
    """Yield the hands of PHH files one by one, in file order, holding one hand at a time.

    ``source`` is a path (a ``.phh`` or ``.phhs`` file, a directory of them or a
    glob pattern: see :func:`files`), a text or binary file object, or an
    iterable of paths.  A bad hand raises :class:`PHHError` naming the file, the
    hand's ``[N]`` table and the line (also its ``path``, ``table`` and ``line``
    attributes); with ``errors="skip"`` it is passed to ``on_error`` (by default:
    issued as a :class:`~croupier.errors.PHHWarning`) and reading goes on with
    the next hand.  With an ``executor`` (any :class:`concurrent.futures.Executor`,
    Dask's included) whole files are read in its workers, a few files ahead,
    and their hands yielded in the same order as without one.

    Each ``[N]`` table is read on its own: every header line starts the next hand,
    and two tables of the same name are two hands, as in :func:`load_all` (the rule
    of :func:`_chunks`, the one reader of both).

    >>> text = dumps_all([loads(_EXAMPLE)] * 3).replace("'p1 f'", "'p1 fold'", 1)
    >>> bad = []
    >>> hands = list(iter_load(io.StringIO(text), errors="skip", on_error=bad.append))
    >>> len(hands), str(bad[0])
    (2, "hand [1], line 7: actions[1] 'p1 fold': unknown player action 'fold'")
    >>> next(iter_load(io.StringIO(text)))
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: hand [1], line 7: actions[1] 'p1 fold': unknown player action 'fold'
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}")
    report = _warn if on_error is None else on_error
    if hasattr(source, "read"):
        if executor is not None:
            raise ValueError("an executor reads files by path, not a file object")
        stream = cast("IO[str] | IO[bytes]", source)
        name = getattr(stream, "name", None)
        yield from _stream(_reader(stream), name if isinstance(name, str) else None, errors, report)
        return
    paths = files(cast("str | os.PathLike[str] | Iterable[str | os.PathLike[str]]", source))
    if executor is None:
        for path in paths:
            with _open(path) as f:
                yield from _stream(f.read, str(path), errors, report)
        return
    if not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must have a submit method, got {type(executor).__name__}")
    pending: deque[Future[tuple[list[HandHistory], list[PHHError]]]] = deque()
    queue = iter(paths)
    for path in islice(queue, _WINDOW):
        pending.append(executor.submit(_load_path, str(path), errors))
    while pending:
        hands, skipped = pending.popleft().result()
        for path in islice(queue, 1):
            pending.append(executor.submit(_load_path, str(path), errors))
        for error in skipped:
            report(error)
        yield from hands


def _load_path(path: str, errors: str) -> tuple[list[HandHistory], list[PHHError]]:
    """The hands of one file and the errors of the hands skipped (run in a worker)."""
    skipped: list[PHHError] = []
    with _open(path) as f:
        return list(_stream(f.read, path, errors, skipped.append)), skipped
