"""A site's file cut into hands: lines read as they come, each hand's lines together.

>>> import io
>>> text = "PokerStars Hand #1: x\\nline\\n\\nPokerStars Hand #2: y\\n"
>>> [(c.first_line, c.lines) for c in by_header(lambda s: s.startswith("PokerStars "))(
...     iter(text.splitlines()), None)]
[(1, ['PokerStars Hand #1: x', 'line', '']), (4, ['PokerStars Hand #2: y'])]

A hand is at most :data:`MAX_LINES` lines and a line at most
:data:`MAX_LINE` characters: a longer one is an error of that hand (reading
goes on with the next hand), so no input makes a reader hold more than one
bounded hand.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO

__all__ = ["MAX_LINE", "MAX_LINES", "Chunk", "Splitter", "by_header", "text_lines"]

MAX_LINES = 5000
"""The most lines one hand may have (the longest real hands have a few hundred)."""

MAX_LINE = 4000
"""The longest line a hand may have, in characters."""


@dataclass(slots=True)
class Chunk:
    """One hand's lines: ``first_line`` is the line number of ``lines[0]`` in its file;
    ``context`` is what the file said before the hand that the hand needs (iPoker's
    session), ``problem`` why the hand cannot be read whole (too long)."""

    first_line: int
    lines: list[str]
    context: dict[str, str] = field(default_factory=dict)
    problem: str | None = None


Splitter = Callable[[Iterator[str], "str | None"], Iterator[Chunk]]
"""How a site's file is cut into hands: ``split(lines, path)`` yields each hand's :class:`Chunk`."""


def by_header(starts_hand: Callable[[str], bool], prefix: str = "") -> Splitter:
    """The splitter of a site whose every hand begins with a header line
    (``starts_hand(line)``, asked only of lines that begin with ``prefix``); lines
    before the first header are passed over."""

    def split(lines: Iterator[str], path: str | None) -> Iterator[Chunk]:
        chunk: Chunk | None = None
        for number, line in enumerate(lines, 1):
            if len(line) > MAX_LINE:
                if chunk is not None and chunk.problem is None:
                    chunk.problem = f"line {number} is longer than {MAX_LINE} characters"
                continue
            if line.startswith(prefix) and starts_hand(line):
                if chunk is not None:
                    yield chunk
                chunk = Chunk(number, [line])
            elif chunk is not None:
                if len(chunk.lines) >= MAX_LINES:
                    if chunk.problem is None:
                        chunk.problem = f"the hand is longer than {MAX_LINES} lines"
                    continue
                chunk.lines.append(line)
        if chunk is not None:
            yield chunk

    return split


def text_lines(source: IO[str] | IO[bytes]) -> Iterator[str]:
    """The lines of a file object, without their line ends: bytes decoded as UTF-8
    (a UTF-8 or UTF-16 byte order mark says which), undecodable bytes replaced;
    a line cut at :data:`MAX_LINE` + 1 characters so a file with no newline is read
    in bounded pieces (the splitter refuses the hand)."""
    read = source.read
    first = read(4)
    if isinstance(first, str):
        chunks: Iterable[str] = _text_blocks(first, read)  # type: ignore[arg-type]
    else:
        encoding = "utf-8-sig"
        if first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            encoding = "utf-16"
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        chunks = _decoded(first, read, decoder)  # type: ignore[arg-type]
    pending = ""
    for block in chunks:
        pending += block
        lines = pending.split("\n")
        pending = lines.pop()
        for line in lines:
            yield line[: MAX_LINE + 1].rstrip("\r")
        if len(pending) > MAX_LINE:
            yield pending[: MAX_LINE + 1]
            pending = ""
            for rest in chunks:  # the rest of this over-long line
                cut = rest.find("\n")
                if cut >= 0:
                    pending = rest[cut + 1 :]
                    break
            lines = pending.split("\n")
            pending = lines.pop()
            for line in lines:
                yield line[: MAX_LINE + 1].rstrip("\r")
    if pending:
        yield pending[: MAX_LINE + 1].rstrip("\r")


_BLOCK = 1 << 16


def _text_blocks(first: str, read: Callable[[int], str]) -> Iterator[str]:
    yield first.removeprefix("\ufeff")
    while block := read(_BLOCK):
        yield block


def _decoded(
    first: bytes, read: Callable[[int], bytes], decoder: codecs.IncrementalDecoder
) -> Iterator[str]:
    yield decoder.decode(first)
    while block := read(_BLOCK):
        yield decoder.decode(block)
    yield decoder.decode(b"", final=True)
