"""The PHH fields and their kinds: each field read from TOML, checked and written by one
object, in one table (``_FIELDS``, the writing order).

The reader's quick path (:mod:`croupier.phh._quick`) takes its tables from this one
(each kind's ``quick`` code, an int field's range, a money field's lowest amount),
and :func:`variant_uses` is the one statement of which betting fields a variant uses.

>>> _FIELDS["antes"].problem((1, -1), 1)
'[1] must be a non-negative int amount below 10**40 units, got -1'
>>> [name for name, used in variant_uses("FR")[0] if used]
['bring_in', 'small_bet', 'big_bet']
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Iterator, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any, cast

import croupier._toml as _toml
from croupier._validate import MAX_CHIPS
from croupier.actions import (
    MAX_PLACES,
    Action,
    Parts,
    check_amount,
    decimal_places,
    format_amount,
    to_units,
)
from croupier.actions import parse as parse_action
from croupier.errors import PHHError, excerpt
from croupier.structures import Structure
from croupier.variants import RULES, from_phh, rules_of

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
    range: tuple[int, int] | None = None  # an int field's inclusive range (_int_in)

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
    kind = _Kind(f"an int in {low}..{high}", lambda v: _is_int(v) and low <= v <= high)
    kind.range = (low, high)
    return kind


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
_BOOL = _Kind("a bool", lambda v: isinstance(v, bool))
_TIME = _Kind(
    "a datetime.time without time zone", lambda v: isinstance(v, _dt.time) and v.tzinfo is None
)
_SECONDS = _Seconds("a Decimal number of seconds >= 0 below 10**18, or infinity")
_EXTRA = _Extra("a str, bool, int, Decimal, date/time or tuple")

# PHH field name -> its kind; the order is the writing order.
_FIELDS: dict[str, _Kind] = {
    "variant": _STR,
    "ante_trimming_status": _BOOL,
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
    "time": _TIME,
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


# variant code -> (the fields it needs (True) or must not have (False), its lowest card)
_VARIANT_USES: dict[str, tuple[tuple[tuple[str, bool], ...], int]] = {}


def variant_uses(variant: str) -> tuple[tuple[tuple[str, bool], ...], int] | None:
    """The betting fields a variant needs (True) or must not have (False), and the
    lowest card code of its deck; None for an unknown code.  The one statement of
    which fields a variant uses (the checked and the quick path read it).

    >>> variant_uses("NT")[0][0], variant_uses("XX")
    (('blinds_or_straddles', True), None)
    """
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
