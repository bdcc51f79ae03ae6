"""The one rule that cuts a file into hands: each ``[N]`` header line starts the next.

>>> import io
>>> [(first, kind) for first, _, kind in _chunks(io.BytesIO(b"# c\\n[1]\\na = 1\\n[1]\\n").read)]
[(1, 'preamble'), (2, 'table'), (4, 'table')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

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
