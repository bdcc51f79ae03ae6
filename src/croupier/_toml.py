"""TOML for the PHH reader: a thin front over ``tomllib`` (``tomli`` on Python 3.10).

Reading is a library's: :func:`parse` calls ``tomllib.loads`` (``tomli`` on
Python 3.10), or the Rust-backed ``toml_rs`` when it is installed (the
``fast`` extra; 4-6 times faster, see the README's figures), with
floats as exact ``Decimal`` values.  Both give the same values for every valid
document (the tests compare them on every shipped file); a document the fast
backend refuses is read again by ``tomllib``, so every failure (syntax, an
integer beyond Python's digit limit, nesting too deep for the recursion limit)
is the same :class:`~croupier.errors.PHHError`, naming the line, the column
and the key, whichever backend is in use.  ``CROUPIER_TOML=tomllib`` in the
environment (or ``CROUPIER_IMPL=pure``, or :func:`use`) turns the fast backend
off.  Lines are looked up in the text only when an error is reported
(:func:`locate`), so the good path costs nothing more than the backend.
Writing is a few lines (:func:`value`): PHH needs only strings, booleans,
integers, exact decimals, dates and times, and flat arrays of them.

>>> text, doc = parse("a = 0.10\\nb = ['x', 1]\\n", multi=False)
>>> doc
{'a': Decimal('0.10'), 'b': ['x', 1]}
>>> parse("a = 1\\nb = [1,\\n", multi=False)
Traceback (most recent call last):
...
croupier.errors.PHHError: line 2, column 8: field 'b': invalid value
>>> print(value(("AMY'S", 2, True, Decimal("0.5"))))
["AMY'S", 2, true, 0.5]
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, cast

import croupier._impl as _impl
from croupier.errors import PHHError, excerpt

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["BACKENDS", "BadNumber", "backend", "confirm", "describe", "key", "locate", "parse"]
__all__ += ["standard", "string", "use", "value"]

_Loads = Callable[..., dict[str, Any]]


def _backends() -> dict[str, _Loads]:
    found: dict[str, _Loads] = {"tomllib": tomllib.loads}
    try:
        import toml_rs
    except ImportError:
        pass
    else:
        found["toml_rs"] = toml_rs.loads
    try:
        import tomli
    except ImportError:
        pass
    else:
        # tomli is tomllib's own code; its wheels are compiled (mypyc) and read the
        # HandHQ sample 2 times faster: a backend only when compiled.
        if not tomli.__file__ or not tomli.__file__.endswith(".py"):
            found["tomli"] = tomli.loads
    return found


BACKENDS: dict[str, _Loads] = _backends()
"""The TOML readers installed: ``tomllib`` (always; ``tomli`` on Python 3.10), and
``toml_rs`` and a compiled ``tomli`` when installed."""

_loads: _Loads = tomllib.loads
_name = "tomllib"
_FAST_BRACKETS = 256


def use(name: str) -> None:
    """Read TOML with the backend ``name`` (a key of :data:`BACKENDS`, or ``"auto"``).

    ``"auto"`` is the fastest installed (``toml_rs``, then a compiled
    ``tomli``, then ``tomllib``): what croupier uses unless the environment says
    ``CROUPIER_TOML=tomllib``.

    >>> before = backend(); use("tomllib"); backend()
    'tomllib'
    >>> use(before)
    """
    global _loads, _name
    if name == "auto":
        name = next(n for n in ("toml_rs", "tomli", "tomllib") if n in BACKENDS)
    if name not in BACKENDS:
        installed = ", ".join(BACKENDS)
        raise ValueError(f"unknown or missing TOML backend {name!r} (installed: {installed})")
    _loads, _name = BACKENDS[name], name


def backend() -> str:
    """The name of the TOML backend in use (``"toml_rs"``, ``"tomli"`` or ``"tomllib"``).

    >>> backend() in BACKENDS
    True
    """
    return _name


# CROUPIER_IMPL=pure reads with tomllib too (croupier._impl).
use("tomllib" if _impl.PURE or os.environ.get("CROUPIER_TOML") == "tomllib" else "auto")


class BadNumber:
    """A TOML float that ``Decimal`` cannot hold (``1e99999999999999999999``).

    >>> parse("a = 1e99999999999999999999", multi=False)[1]["a"]
    BadNumber('1e99999999999999999999')
    """

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"BadNumber({self.text!r})"


def _decimal(text: str) -> Decimal | BadNumber:
    """``parse_float`` for tomllib: the exact value of a float token."""
    try:
        return Decimal(text)
    except ArithmeticError:  # an exponent beyond what Decimal holds
        return BadNumber(text)


class _Decimals(dict[str, "Decimal | BadNumber"]):
    """Float token -> its value, made once: real files repeat the same amounts
    (``0.50``, ``1``), and a hit is a dict lookup in C, not a Python call.  Cleared
    when it reaches ``_DECIMALS`` entries.

    >>> cache = _Decimals()
    >>> cache["0.50"] is cache["0.50"], cache["0.50"]
    (True, Decimal('0.50'))
    """

    def __missing__(self, text: str) -> Decimal | BadNumber:
        if len(self) >= _DECIMALS:
            self.clear()
        value = self[text] = _decimal(text)
        return value


_DECIMALS = 1 << 16
_parse_float = _Decimals().__getitem__


def describe(item: object) -> str:
    """A TOML value, as the reading errors show it.

    >>> describe(Decimal("2.5")), describe("x"), describe([1])
    ('the number 2.5', "the string 'x'", 'an array')
    """
    if isinstance(item, BadNumber) or type(item) in (int, Decimal):
        return f"the number {item}"
    if isinstance(item, str):
        return f"the string {excerpt(item)}"
    names: dict[type, str] = {bool: "a boolean", list: "an array", dict: "a table"}
    return names.get(type(item), f"a {type(item).__name__}")


_TOML_AT = re.compile(r" \(at (?:line (\d+), column (\d+)|end of document)\)$")
# A table header ([name], [name.sub], [[name]]) or the key of a key = value line.
_STATEMENT = re.compile(
    r"""^[ \t]*(\[\[?[ \t]*)?([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')[ \t]*(?(1)[.\]]|[=.])""", re.M
)


def _statements(text: str) -> Iterator[tuple[int, str | None, str | None]]:
    """``(line, table, key)`` of every header (key ``None``) and key line.

    Only for error messages: a regular expression, not a TOML parser (it does not
    skip multi-line strings), and only run when an error is reported.
    """
    line, last, table = 1, 0, None
    for m in _STATEMENT.finditer(text):
        line += text.count("\n", last, m.start())
        last, name = m.start(), m[2][1:-1] if m[2][0] in "'\"" else m[2]
        if m[1]:
            table = name
        yield line, table, None if m[1] else name


def parse(text: str, *, multi: bool, first_line: int = 1) -> tuple[str, dict[str, Any]]:
    """``(text, document)``: the text without a byte order mark, and its TOML.

    Errors name the hand's ``[table]`` too when ``multi`` (a ``.phhs`` file);
    their line numbers count from ``first_line`` (the text's first line in its file).
    """
    if not isinstance(text, str):
        raise PHHError(f"expected PHH text as a str, got {type(text).__name__}")
    text = text.removeprefix("\ufeff")  # a UTF-8 byte order mark
    # toml_rs recurses on nested arrays and tables and crashes the interpreter
    # past a few thousand levels (seen: 10,000): it reads only texts with at most
    # _FAST_BRACKETS openers (a hand has about ten), tomllib the others.
    if _name != "tomllib" and text.count("[") + text.count("{") <= _FAST_BRACKETS:
        try:
            return text, _loads(text, parse_float=_parse_float)
        except Exception:  # read again by tomllib below, for its located message
            pass
    return text, _standard(text, multi, first_line)


def confirm(text: str, *, multi: bool, first_line: int = 1) -> None:
    """Read ``text`` again with ``tomllib`` when the fast backend read it.

    Called on the error path of a hand the fast backend read: a document
    ``tomllib`` refuses (e.g. an integer beyond Python's digit limit, which
    ``toml_rs`` reads) raises ``tomllib``'s located error, so both backends
    refuse the same documents with the same messages.
    """
    if _name != "tomllib":
        _standard(text.removeprefix("\ufeff"), multi, first_line)


def standard(text: str, *, multi: bool, first_line: int = 1) -> dict[str, Any]:
    """The document of ``text`` read by ``tomllib`` (errors as :func:`parse` gives them).

    >>> standard("a = 1\\na = 2\\n", multi=False)
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: line 2, column 6: field 'a': cannot overwrite a value
    """
    return _standard(text.removeprefix("\ufeff"), multi, first_line)


def _standard(text: str, multi: bool, first_line: int) -> dict[str, Any]:
    pos: int | None = None
    try:
        return tomllib.loads(text, parse_float=_parse_float)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
    except ValueError as exc:  # an integer beyond Python's digit limit for int()
        found = re.search(r"[0-9](?:_?[0-9]){640,}", text)
        message, pos = f"integer too long: {exc}", found.start() if found else None
    except RecursionError:
        found = re.search(r"(?:[\[{][ \t\n]*){100}", text)
        message, pos = "arrays or inline tables nested too deeply", found.end() if found else None
    at = _TOML_AT.search(message)
    message = message[: at.start()] if at else message
    if at and at[1]:
        line, column = int(at[1]), int(at[2])
    else:  # at ``pos``, or else at the end of the text
        pos = len(text.rstrip()) if pos is None else pos
        line, column = text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)
    table = name = None
    for found_line, table_name, key_name in _statements(text):
        if found_line > line:
            break
        table, name = table_name, key_name
    where = f"hand [{table}], " if multi and table is not None else ""
    about = f"field {name!r}: " if name else ""
    detail = message[:1].lower() + message[1:]
    line += first_line - 1
    raise PHHError(
        f"{where}line {line}, column {column}: {about}{detail}",
        field=name,
        table=table if multi else None,
        line=line,
    )


def locate(
    exc: PHHError, text: str, table: str | None, name: str | None = None, first_line: int = 1
) -> PHHError:
    """``exc`` with the line of its field (looked up only now) and the hand's table.

    >>> locate(PHHError("bad", field="b"), "a = 1\\nb = 2\\n", None)
    PHHError('line 2: bad')
    """
    name = name or exc.field
    found = (n for n, t, k in _statements(text) if (t, k) in ((table, name), (name, None)))
    line = next(found, None) if name else None
    line = None if line is None else line + first_line - 1
    where = f"hand [{table}], " if table is not None else ""
    message = f"{where}{f'line {line}: ' if line else ''}{exc}"
    return PHHError(message, field=name, table=table, line=line)


def string(text: str) -> str:
    r"""A TOML string: literal (``'...'``) when possible, else basic with escapes.

    >>> print(string("AMY'S AVE"), string("plain"), string("a\nb\\"))
    "AMY'S AVE" 'plain' "a\nb\\"
    """
    if "'" not in text and not re.search(r"[\x00-\x08\x0a-\x1f\x7f]", text):
        return f"'{text}'"
    # JSON escapes are TOML escapes; TOML also escapes DEL.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def key(name: str) -> str:
    """A TOML key: bare when it can be, else quoted.

    >>> key("min_bet"), key("a key")
    ('min_bet', "'a key'")
    """
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else string(name)


def value(item: object) -> str:
    """TOML text of a str, bool, int, ``Decimal``, date/time or a tuple of those.

    >>> value(("a", 1, True, Decimal("2"), Decimal("-Infinity"), ()))
    "['a', 1, true, 2.0, -inf, []]"
    """
    if isinstance(item, str):
        return string(item)
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, Decimal):
        if item.is_infinite():
            return "-inf" if item < 0 else "inf"
        text = str(item)  # exact; may use an exponent, as TOML allows ("1E+2")
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(item, tuple):
        return "[" + ", ".join([value(v) for v in item]) + "]"
    return str(item) if isinstance(item, int) else cast(_dt.date, item).isoformat()
