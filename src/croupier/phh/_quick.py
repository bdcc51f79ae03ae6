"""The reader's quick path: a plain table read and checked in one pass.

Real files hold the same few kinds of hands: the fields of the specification with
their plain types, known action lines.  :func:`_quick_hand` reads such a table in
one pass and makes the HandHistory without running its checks again (they are made
here, on the values as read); on anything else (extra fields, an unusual type or
value, a line that does not parse) it returns None and the checked path
(:func:`croupier.phh._read._checked_hand`) names the problem.  It accepts only what
the checked path accepts, and makes the same hand (tests/test_phh_quick.py compares
them, shipped files and fuzzed tables).  Its tables come from the field table of
:mod:`croupier.phh._fields`.

>>> from croupier.phh._model import _EXAMPLE
>>> from croupier import _toml
>>> _quick_hand(_toml.parse(_EXAMPLE, multi=False)[1]).min_bet
100
>>> _quick_hand({"variant": "NT", "_note": "an extra field"}) is None
True
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any, cast

from croupier._validate import MAX_CHIPS
from croupier.actions import (
    MAX_PLACES,
    Action,
    Parts,
    decimal_places,
    to_units,
)
from croupier.actions import parse as parse_action
from croupier.errors import PHHError
from croupier.phh._fields import (
    _BOOL,
    _CACHE_SIZE,
    _FIELDS,
    _INT,
    _INT64,
    _INT_OR_STR,
    _STR,
    _TIME,
    FrozenMapping,
    _action,
    _Array,
    _Kind,
    _Money,
    variant_uses,
)
from croupier.phh._model import HandHistory

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

# The quick path's tables, made from the field table (_FIELDS) and its kinds.
_Q_STR, _Q_BOOL, _Q_INT, _Q_INT_OR_STR, _Q_TIME, _Q_BET, _Q_MONEY, _Q_INTS, _Q_STRS = range(9)


def _quick_code(kind: _Kind) -> int | None:
    """How the quick path reads a field of ``kind`` (None: only the checked path)."""
    if kind is _STR:
        return _Q_STR
    if kind is _BOOL:
        return _Q_BOOL
    if kind is _INT_OR_STR:
        return _Q_INT_OR_STR
    if kind is _TIME:
        return _Q_TIME
    if kind.range is not None:
        return _Q_INT
    if isinstance(kind, _Money):
        return _Q_BET
    if isinstance(kind, _Array):
        if kind.money:
            return _Q_MONEY
        if kind.item is _INT:
            return _Q_INTS
        if kind.item is _STR:
            return _Q_STRS
    return None


def _lowest(kind: _Kind) -> int | None:
    """The lowest amount (in units) of a money field's kind; None: no lower bound."""
    money = kind.item if isinstance(kind, _Array) else kind
    return cast(_Money, money).low


# field -> its kind for the quick path (fields not listed take the checked path)
_QUICK_KIND: dict[str, int] = {
    name: code for name, kind in _FIELDS.items() if (code := _quick_code(kind)) is not None
}
# the inclusive range of each int field
_QUICK_RANGE: dict[str, tuple[int, int]] = {
    name: kind.range for name, kind in _FIELDS.items() if kind.range is not None
}
# the lowest amount (in units) of each money field; None: no lower bound
_QUICK_LOW: dict[str, int | None] = {
    name: _lowest(kind)
    for name, kind in _FIELDS.items()
    if _QUICK_KIND.get(name) in (_Q_BET, _Q_MONEY)
}
_INFINITY = Decimal("Infinity")
# every field of a HandHistory with its default, in order (a hand's __dict__)
_DEFAULTS: dict[str, object] = {
    **dict.fromkeys(_FIELDS),
    "scale": 1,
    "extra": FrozenMapping(),
}
# action text -> (Action if it has no amount else None, parts, decimal places of the
# amount (-1: none), the highest player index named (-1: none), the lowest card (52: none))
_QuickLine = tuple[Action | None, Parts, int, int, int]
_quick_lines: dict[str, _QuickLine] = {}


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
        elif kind in (_Q_MONEY, _Q_BET):  # a list of amounts, or one amount
            if kind == _Q_BET:
                amounts = [value]
            elif type(value) is list:
                amounts = value
            else:
                return None
            for item in amounts:
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
    uses = variant_uses(variant)
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
