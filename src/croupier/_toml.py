"""A small, strict reader and writer for the subset of TOML that PHH files use.

Private helper of :mod:`croupier.phh`.  The standard library's ``tomllib`` only
exists from Python 3.11 on and turns ``0.1`` into a binary float, losing the
text; this reader works on every supported Python and keeps every number as
the exact text of its token (:class:`Number`), so money can be read exactly.

Supported (TOML 1.0 syntax, checked strictly): comments; ``key = value``
lines with bare or quoted keys; ``[name]`` table headers (one level, as in
``.phhs`` files); basic and literal strings, single- and multi-line;
integers (decimal, ``0x``/``0o``/``0b``, 64-bit range), floats including
``inf`` and ``nan``; booleans; offset/local date-times, local dates and local
times; arrays, nested and spread over lines.  Not supported (an error, never
silently misread): dotted keys, sub-tables, arrays of tables, inline tables.

Every error is a :class:`TomlError` (a ``ValueError``) whose message starts
with the line and column.

>>> doc = parse("a = 0.50  # comment\\nb = ['x', [1, 2]]\\n[1]\\nc = 12:30:00\\n")
>>> doc.root["a"].value
Number(text='0.50', is_float=True)
>>> doc.root["b"].value
('x', (Number(text='1', is_float=False), Number(text='2', is_float=False)))
>>> doc.tables[0].name, doc.tables[0].entries["c"].value, doc.tables[0].entries["c"].line
('1', datetime.time(12, 30), 4)
>>> parse("a = 01")
Traceback (most recent call last):
...
croupier._toml.TomlError: line 1, column 5: invalid number or value
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re
from dataclasses import dataclass
from decimal import Decimal

__all__ = [
    "Document",
    "Entry",
    "Number",
    "Table",
    "TomlError",
    "Value",
    "format_key",
    "format_string",
    "format_value",
    "parse",
]


class TomlError(ValueError):
    """Malformed or unsupported TOML."""


@dataclass(frozen=True)
class Number:
    """A TOML integer or float, kept as the text of its token.

    >>> Number("1_000", False).to_int(), Number("0.50", True).to_decimal()
    (1000, Decimal('0.50'))
    >>> Number("-inf", True).to_decimal()
    Decimal('-Infinity')
    """

    text: str
    is_float: bool

    def to_int(self) -> int:
        """The value of an integer token (``ValueError`` for a float token)."""
        if self.is_float:
            raise TomlError(f"expected an integer, got the float {self.text}")
        return int(self.text.replace("_", ""), 0)

    def to_decimal(self) -> Decimal:
        """The exact value as a ``Decimal`` (``inf``, ``nan`` included)."""
        if not self.is_float:
            return Decimal(self.to_int())
        return Decimal(self.text.replace("_", ""))


Value = str | bool | Number | _dt.datetime | _dt.date | _dt.time | tuple["Value", ...]


@dataclass(frozen=True)
class Entry:
    """A value and the 1-based line of its key."""

    value: Value
    line: int


@dataclass(frozen=True)
class Table:
    """A ``[name]`` table: its name, the line of its header and its entries."""

    name: str
    line: int
    entries: dict[str, Entry]


@dataclass(frozen=True)
class Document:
    """The keys before the first table header, then the tables in file order."""

    root: dict[str, Entry]
    tables: list[Table]


_CTRL = "\x00-\x08\x0a-\x1f\x7f"
_WS = re.compile(r"[ \t]*")
_COMMENT = re.compile(rf"#[^{_CTRL}]*")
_NEWLINE = re.compile(r"\r?\n")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(rf'"((?:[^"\\{_CTRL}]|\\[^{_CTRL}])*)"')
_LITERAL = re.compile(rf"'([^'{_CTRL}]*)'")
_ML_BASIC = re.compile(r'"""(?:\r?\n)?((?:[^"\\]|\\[\s\S]|"{1,2}(?!"))*"{0,2})"""')
_ML_LITERAL = re.compile(r"'''(?:\r?\n)?((?:[^']|'{1,2}(?!'))*'{0,2})'''")
_ML_BAD_CHAR = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)")
_ESCAPE = re.compile(
    r"\\(?:([btnfr\"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|([ \t]*\r?\n[ \t\r\n]*)|([\s\S]?))"
)
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_DEC = r"(?:0|[1-9](?:_?[0-9])*)"
_DIGITS = r"[0-9](?:_?[0-9])*"
_NUMBER = re.compile(
    rf"(?P<float>[+-]?{_DEC}(?:\.{_DIGITS}(?:[eE][+-]?{_DIGITS})?|[eE][+-]?{_DIGITS}))"
    r"|(?P<special>[+-]?(?:inf|nan))"
    r"|(?P<prefixed>0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*)"
    rf"|(?P<int>[+-]?{_DEC})"
)
_BOOL = re.compile(r"true|false")
_TIME = r"([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?"
_DATETIME = re.compile(
    rf"([0-9]{{4}})-([0-9]{{2}})-([0-9]{{2}})(?:[Tt ]{_TIME}(Z|z|[+-][0-9]{{2}}:[0-9]{{2}})?)?"
)
_LOCAL_TIME = re.compile(_TIME)
# What may not directly follow a scalar value (so "01", "1.", "1x" are errors).
_TOKEN_CHAR = re.compile(r"[A-Za-z0-9_.+:-]")
_MAX_DEPTH = 64
_INT64 = 2**63


def parse(text: str) -> Document:
    """Parse TOML text (the subset described in the module docstring)."""
    if not isinstance(text, str):
        raise TomlError(f"expected TOML text as a str, got {type(text).__name__}")
    return _Parser(text).parse()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.newlines: list[int] | None = None

    # -- positions and errors --------------------------------------------------

    def line_of(self, pos: int) -> int:
        if self.newlines is None:
            self.newlines = [m.start() for m in re.finditer("\n", self.text)]
        return bisect.bisect_left(self.newlines, pos) + 1

    def error(self, pos: int, message: str) -> TomlError:
        line = self.line_of(pos)
        start = self.text.rfind("\n", 0, pos) + 1
        return TomlError(f"line {line}, column {pos - start + 1}: {message}")

    # -- structure -------------------------------------------------------------

    def parse(self) -> Document:
        text = self.text
        pos = 1 if text.startswith("\ufeff") else 0
        end = len(text)
        root: dict[str, Entry] = {}
        tables: list[Table] = []
        names: set[str] = set()
        current = root
        while True:
            pos = self.skip_line_end(pos, allow_content=True)
            if pos >= end:
                break
            if text[pos] == "[":
                if text.startswith("[[", pos):
                    raise self.error(pos, "arrays of tables are not supported")
                header = pos
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                name, pos = self.key(pos)
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                if text.startswith(".", pos):
                    raise self.error(pos, "dotted table names are not supported")
                if not text.startswith("]", pos):
                    raise self.error(pos, "expected ']' to close the table header")
                if name in names or name in root:
                    raise self.error(header, f"table [{name}] is defined twice")
                names.add(name)
                current = {}
                tables.append(Table(name, self.line_of(header), current))
                pos += 1
            else:
                start = pos
                key, pos = self.key(pos)
                pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
                if text.startswith(".", pos):
                    raise self.error(pos, "dotted keys are not supported")
                if not text.startswith("=", pos):
                    raise self.error(pos, f"expected '=' after the key {key!r}")
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                value, pos = self.value(pos, 0)
                if key in current:
                    raise self.error(start, f"key {key!r} is defined twice")
                current[key] = Entry(value, self.line_of(start))
            pos = self.skip_line_end(pos, allow_content=False)
        return Document(root, tables)

    def skip_line_end(self, pos: int, *, allow_content: bool) -> int:
        """Skip blanks and comments up to the next line's content (or the end).

        With ``allow_content=False`` the rest of the current line must be blank
        or a comment (a statement ends there).
        """
        text = self.text
        end = len(text)
        while True:
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            if pos >= end:
                return pos
            if text[pos] == "#":
                pos = _COMMENT.match(text, pos).end()  # type: ignore[union-attr]
                if pos < end and not _NEWLINE.match(text, pos):
                    raise self.error(pos, "control character in a comment")
            m = _NEWLINE.match(text, pos)
            if m:
                pos = m.end()
                allow_content = True
                continue
            if pos >= end:
                return pos
            if not allow_content:
                raise self.error(pos, "expected the end of the line after the value")
            return pos

    def skip_array_space(self, pos: int) -> int:
        text = self.text
        while True:
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            if text.startswith("#", pos):
                pos = _COMMENT.match(text, pos).end()  # type: ignore[union-attr]
            m = _NEWLINE.match(text, pos)
            if not m:
                return pos
            pos = m.end()

    def key(self, pos: int) -> tuple[str, int]:
        text = self.text
        m = _BARE_KEY.match(text, pos)
        if m:
            return m.group(), m.end()
        if text.startswith('"', pos) and not text.startswith('"""', pos):
            return self.basic_string(pos)
        if text.startswith("'", pos) and not text.startswith("'''", pos):
            return self.literal_string(pos)
        raise self.error(pos, "expected a key")

    # -- values ----------------------------------------------------------------

    def value(self, pos: int, depth: int) -> tuple[Value, int]:
        text = self.text
        if pos >= len(text):
            raise self.error(pos, "expected a value, found the end of the text")
        c = text[pos]
        if c == '"':
            if text.startswith('"""', pos):
                return self.ml_basic_string(pos)
            return self.basic_string(pos)
        if c == "'":
            if text.startswith("'''", pos):
                return self.ml_literal_string(pos)
            return self.literal_string(pos)
        if c == "[":
            return self.array(pos, depth + 1)
        if c == "{":
            raise self.error(pos, "inline tables are not supported")
        scalar: Value
        m = _BOOL.match(text, pos)
        if m:
            scalar = m.group() == "true"
        elif (m := _DATETIME.match(text, pos)) is not None:
            scalar = self.datetime(m)
        elif (m := _LOCAL_TIME.match(text, pos)) is not None:
            scalar = self.time(m, 1)
        elif (m := _NUMBER.match(text, pos)) is not None:
            scalar = self.number(m)
        else:
            raise self.error(pos, "invalid value")
        if _TOKEN_CHAR.match(text, m.end()):
            raise self.error(pos, "invalid number or value")
        return scalar, m.end()

    def number(self, m: re.Match[str]) -> Number:
        token = m.group()
        if m.lastgroup in ("float", "special"):
            return Number(token, True)
        value = int(token.replace("_", ""), 0)
        if not -_INT64 <= value < _INT64:
            raise self.error(m.start(), f"integer {token} does not fit in 64 bits")
        return Number(token, False)

    def time(self, m: re.Match[str], first: int) -> _dt.time:
        hour, minute, second = (int(m.group(first + i)) for i in range(3))
        fraction = m.group(first + 3)
        # TOML: extra precision is truncated, not rounded.
        micro = int((fraction or "0")[:6].ljust(6, "0"))
        try:
            return _dt.time(hour, minute, second, micro)
        except ValueError as exc:
            raise self.error(m.start(), f"invalid time: {exc}") from None

    def datetime(self, m: re.Match[str]) -> _dt.date | _dt.datetime:
        try:
            date = _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError as exc:
            raise self.error(m.start(), f"invalid date: {exc}") from None
        if m.group(4) is None:
            return date
        clock = self.time(m, 4)
        offset = m.group(8)
        tz: _dt.tzinfo | None = None
        if offset is not None:
            if offset in "Zz":
                tz = _dt.timezone.utc
            else:
                hours, minutes = int(offset[1:3]), int(offset[4:6])
                if hours > 23 or minutes > 59:
                    raise self.error(m.start(), f"invalid time offset {offset}")
                sign = -1 if offset[0] == "-" else 1
                tz = _dt.timezone(sign * _dt.timedelta(hours=hours, minutes=minutes))
        return _dt.datetime.combine(date, clock, tz)

    def array(self, pos: int, depth: int) -> tuple[Value, int]:
        if depth > _MAX_DEPTH:
            raise self.error(pos, f"arrays nested more than {_MAX_DEPTH} deep")
        text = self.text
        items: list[Value] = []
        pos += 1
        while True:
            pos = self.skip_array_space(pos)
            if text.startswith("]", pos):
                return tuple(items), pos + 1
            item, pos = self.value(pos, depth)
            items.append(item)
            pos = self.skip_array_space(pos)
            if text.startswith(",", pos):
                pos += 1
            elif text.startswith("]", pos):
                return tuple(items), pos + 1
            elif pos >= len(text):
                raise self.error(pos, "unterminated array")
            else:
                raise self.error(pos, "expected ',' or ']' in the array")

    def basic_string(self, pos: int) -> tuple[str, int]:
        m = _BASIC.match(self.text, pos)
        if not m:
            raise self.error(pos, "invalid or unterminated string")
        return self.unescape(m.group(1), m.start(1), multiline=False), m.end()

    def literal_string(self, pos: int) -> tuple[str, int]:
        m = _LITERAL.match(self.text, pos)
        if not m:
            raise self.error(pos, "invalid or unterminated literal string")
        return m.group(1), m.end()

    def ml_basic_string(self, pos: int) -> tuple[str, int]:
        m = _ML_BASIC.match(self.text, pos)
        if not m:
            raise self.error(pos, "unterminated multi-line string")
        body = m.group(1)
        bad = _ML_BAD_CHAR.search(body)
        if bad:
            raise self.error(m.start(1) + bad.start(), "control character in a string")
        return self.unescape(body, m.start(1), multiline=True), m.end()

    def ml_literal_string(self, pos: int) -> tuple[str, int]:
        m = _ML_LITERAL.match(self.text, pos)
        if not m:
            raise self.error(pos, "unterminated multi-line literal string")
        body = m.group(1)
        bad = _ML_BAD_CHAR.search(body)
        if bad:
            raise self.error(m.start(1) + bad.start(), "control character in a string")
        return body, m.end()

    def unescape(self, body: str, offset: int, *, multiline: bool) -> str:
        if "\\" not in body:
            return body

        def replace(m: re.Match[str]) -> str:
            simple, u4, u8, line_end, _bad = m.groups()
            if simple is not None:
                return _SIMPLE_ESCAPES[simple]
            if u4 is not None or u8 is not None:
                code = int(u4 or u8, 16)
                if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                    raise self.error(offset + m.start(), "escape of an invalid code point")
                return chr(code)
            if line_end is not None and multiline:
                return ""
            shown = m.group()[:2]
            raise self.error(offset + m.start(), f"invalid escape {shown!r}")

        return _ESCAPE.sub(replace, body)


# -- writing -------------------------------------------------------------------

_LITERAL_BAD = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_ESCAPE_OUT = re.compile(r'[\x00-\x1f\x7f"\\]')
_NAMED_OUT = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"'}


def format_string(text: str) -> str:
    """A TOML string: literal (``'...'``) when possible, else basic with escapes.

    >>> print(format_string("AMY'S AVE"), format_string("plain"), format_string("a\\nb"))
    "AMY'S AVE" 'plain' "a\\nb"
    """
    if "'" not in text and not _LITERAL_BAD.search(text):
        return f"'{text}'"

    def replace(m: re.Match[str]) -> str:
        c = m.group()
        if c == "\\":
            return "\\\\"
        return _NAMED_OUT.get(c) or f"\\u{ord(c):04x}"

    return '"' + _ESCAPE_OUT.sub(replace, text) + '"'


def format_key(key: str) -> str:
    """A key, bare when possible.

    >>> format_key("_my_field"), format_key("has space")
    ('_my_field', "'has space'")
    """
    if _BARE_KEY.fullmatch(key):
        return key
    return format_string(key)


def format_decimal(value: Decimal) -> str:
    """A ``Decimal`` as a TOML float (``inf`` for infinity; NaN is an error).

    >>> [format_decimal(Decimal(x)) for x in ("2", "0.50", "-Inf", "1E+2")]
    ['2.0', '0.50', '-inf', '1E+2']
    """
    if value.is_nan():
        raise TomlError("NaN cannot be written")
    if value.is_infinite():
        return "-inf" if value < 0 else "inf"
    text = str(value)  # exact; may use an exponent, as TOML allows ("1E+2")
    return text if any(c in text for c in ".eE") else text + ".0"


def format_value(value: object) -> str:
    """TOML text of a str, bool, int, ``Decimal``, date/time or a sequence of those.

    >>> format_value(("a", 1, True, Decimal("1.5"), ()))
    "['a', 1, true, 1.5, []]"
    """
    if isinstance(value, str):
        return format_string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -_INT64 <= value < _INT64:
            raise TomlError(f"integer {value} does not fit in 64 bits")
        return str(value)
    if isinstance(value, Decimal):
        return format_decimal(value)
    if isinstance(value, Number):
        return value.text
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    raise TomlError(f"cannot write a value of type {type(value).__name__} as TOML")
