"""Reading PHH text: one hand (``.phh``) or many (``.phhs``), quick path first.

>>> from croupier.phh._model import _EXAMPLE
>>> loads(_EXAMPLE).min_bet
100
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any, cast

import croupier._impl as _impl
import croupier._toml as _toml
from croupier.actions import (
    Parts,
    decimal_places,
    to_units,
)
from croupier.errors import PHHError, excerpt
from croupier.phh._fields import (
    _ALWAYS_REQUIRED,
    _EXTRA,
    _FIELDS,
    FrozenMapping,
    _action,
    _amounts,
    _convert,
)
from croupier.phh._model import HandHistory
from croupier.phh._paths import PathOrFile, _read_text
from croupier.phh._quick import _quick_hand
from croupier.phh._split import _chunks


def _hand(table: dict[str, object]) -> HandHistory:
    """The hand of one TOML table; errors name the field (not yet the line).

    The quick path first, the checked path when it declines; only the checked
    path under ``CROUPIER_IMPL=pure`` (:mod:`croupier._impl`), the reference.
    """
    if _impl.PURE:
        return _checked_hand(table)
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

    >>> from croupier.phh._model import _EXAMPLE
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

    >>> from croupier.phh._model import _EXAMPLE
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


def load(source: PathOrFile) -> HandHistory:
    """Read one hand from a ``.phh`` file (a path, or a text or binary file object).

    >>> import io
    >>> from croupier.phh._model import _EXAMPLE
    >>> load(io.StringIO(_EXAMPLE)).min_bet
    100
    """
    return loads(_read_text(source))


def load_all(source: PathOrFile) -> list[HandHistory]:
    """Read the hands of a ``.phhs`` file (a path or a file object).

    >>> import io
    >>> from croupier.phh import dumps_all
    >>> from croupier.phh._model import _EXAMPLE
    >>> len(load_all(io.BytesIO(dumps_all([loads(_EXAMPLE)] * 3).encode())))
    3
    """
    return loads_all(_read_text(source))


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
