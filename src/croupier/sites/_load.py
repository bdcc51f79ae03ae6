"""Reading site files hand by hand: :func:`iter_load`, :func:`load_all`, :func:`detect`.

>>> import io
>>> from croupier.sites._stars import EXAMPLE
>>> [h.hand for h in iter_load(io.StringIO(EXAMPLE + "\\n" + EXAMPLE))]
[1001, 1001]
"""

from __future__ import annotations

import itertools
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import IO, Literal, cast

import croupier.phh as phh
from croupier._futures import as_executor, ordered_map
from croupier.errors import PHHError, PHHWarning, SiteError
from croupier.phh import HandHistory
from croupier.phh._paths import _open, files
from croupier.sites._builder import Cancelled
from croupier.sites._registry import SITES, Site, site_named
from croupier.sites._split import text_lines

__all__ = [
    "HISTORY_SUFFIXES",
    "SUFFIXES",
    "Import",
    "detect",
    "history_files",
    "iter_histories",
    "iter_load",
    "load_all",
    "site_files",
]

SUFFIXES = (".txt", ".xml")
"""The files a directory is searched for (a file named directly is read whatever its name)."""

_PHH = (".phh", ".phhs")
HISTORY_SUFFIXES = _PHH + SUFFIXES
"""The files :func:`iter_histories` searches a directory for: PHH's and the sites'."""

_HEAD = 4096  # characters read to tell the site
_WINDOW = 4


def detect(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> str:
    """The site whose hand history ``source`` is: a path, a file object (its position
    is kept) or the text itself (a ``str`` with a newline in it).

    >>> from croupier.sites._stars import EXAMPLE
    >>> detect(EXAMPLE)
    'PokerStars'
    >>> detect("variant = 'NT'\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.errors.SiteError: not a hand history of a known site (PokerStars, ...)
    """
    if isinstance(source, str) and "\n" in source:
        head = source[:_HEAD]
    elif isinstance(source, (str, os.PathLike)):
        with _open(source) as f:
            head = next(_heads(f), "")
    else:
        stream = source
        where = stream.tell() if stream.seekable() else None
        head = next(_heads(stream), "")
        if where is not None:
            stream.seek(where)
    return _site_of(head, None).name


def _heads(stream: IO[str] | IO[bytes]) -> Iterator[str]:
    lines: list[str] = []
    size = 0
    for line in text_lines(stream):
        lines.append(line)
        size += len(line) + 1
        if size >= _HEAD or len(lines) >= 40:
            break
    yield "\n".join(lines)


def _site_of(head: str, path: str | None) -> Site:
    for site in SITES:
        if site.detect(head):
            return site
    names = ", ".join(site.name for site in SITES)
    where = f"{path}: " if path else ""
    raise SiteError(f"{where}not a hand history of a known site ({names}, ...)", path=path)


class Import(Iterator[HandHistory]):
    """The hands of site files, one at a time (:func:`iter_load`), and what was passed
    over: ``hands`` read, ``skipped`` (bad hands, with ``errors="skip"``) and
    ``cancelled`` (hands the site cancelled), counted as reading goes.

    Not thread-safe: one consumer iterates it.

    >>> hands = Import(iter([]))  # iter_load's answer for a folder of no hand
    >>> list(hands), hands.hands, hands.skipped, hands.cancelled
    ([], 0, 0, 0)
    """

    def __init__(self, hands: Iterator[HandHistory | int | SiteError]) -> None:
        self._hands = hands
        self.hands = self.skipped = self.cancelled = 0

    def __iter__(self) -> Import:
        return self

    def __next__(self) -> HandHistory:
        while True:
            item = next(self._hands)
            if isinstance(item, HandHistory):
                self.hands += 1
                return item
            if isinstance(item, SiteError):
                self.skipped += 1
            else:
                self.cancelled += item

    def __repr__(self) -> str:
        return (
            f"<Import: {self.hands} hands read, {self.skipped} skipped, {self.cancelled} cancelled>"
        )


def _hands_of(
    stream: IO[str] | IO[bytes], path: str | None, site: Site | None, errors: str
) -> Iterator[HandHistory | int | SiteError]:
    """Each hand of one file, or 1 for a cancelled hand, or the error of a bad one
    (``errors="skip"``; else raised).  A file of blank lines has no hands."""
    lines = text_lines(stream)
    if site is None:
        head: list[str] = []
        for line in lines:
            head.append(line)
            if line.strip() and not line.startswith("#Game No"):  # (Party's, 888's hand number)
                break
        if not any(line.strip() for line in head):
            return
        site = _site_of("\n".join(head), path)
        lines = itertools.chain(head, lines)
    for chunk in site.split(lines, path):
        try:
            if chunk.problem is not None:
                raise SiteError(
                    f"{path + ': ' if path else ''}{site.name} hand at line {chunk.first_line}: "
                    f"{chunk.problem}",
                    site=site.name,
                    path=path,
                    line=chunk.first_line,
                )
            yield site.read(chunk, path)
        except Cancelled:
            yield 1
        except SiteError as exc:
            if errors != "skip":
                raise
            yield exc


def site_files(source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The site files of ``source``: a file, a directory (its ``.txt`` and ``.xml`` files,
    recursively, sorted), a glob pattern, or an iterable of those.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("b.txt", "a.xml", "c.phh", "notes.md"):
    ...     _ = (folder / name).write_text("")
    >>> [path.name for path in site_files(folder)]
    ['a.xml', 'b.txt']
    """
    return files(source, SUFFIXES)


def iter_load(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str | os.PathLike[str]],
    site: str | None = None,
    *,
    errors: Literal["strict", "skip", "raise"] = "strict",
    on_error: Callable[[SiteError], object] | None = None,
    executor: Executor | None = None,
) -> Import:
    """The hands of poker sites' hand history files, one by one in file order.

    ``source`` is a path (a file, a directory searched for ``.txt`` and ``.xml``
    files, or a glob pattern), a text or binary file object, or an iterable of
    paths.  ``site`` names the site (``"PokerStars"`` …, any case); without it
    each file's site is told from its first line (:func:`detect`).  Each hand is
    checked by replaying it (see :mod:`croupier.sites`): a bad hand raises
    :class:`~croupier.errors.SiteError` naming the file, the hand and the line;
    with ``errors="skip"`` it is passed to ``on_error`` (by default issued as a
    :class:`~croupier.errors.PHHWarning`) and counted in ``skipped``.  A hand
    the site cancelled is passed over and counted in ``cancelled``.  With an
    ``executor``, whole files are read in its workers, a few ahead, and their
    hands yielded in the same order.  Memory stays flat: one hand at a time
    (one file at a time per worker).

    >>> import io
    >>> from croupier.sites._stars import EXAMPLE
    >>> text = EXAMPLE + "\\n" + EXAMPLE.replace("calls $0.04", "calls $0.05")
    >>> hands = iter_load(io.StringIO(text), errors="skip", on_error=print)
    >>> len(list(hands)), hands.skipped   # doctest: +ELLIPSIS
    PokerStars hand 1001, line ...: the players put 0.74 in the pot, the site's total is 0.73
    (1, 1)
    """
    if errors not in ("strict", "skip", "raise"):  # "raise": phh.iter_load's word
        raise ValueError(f"errors must be 'strict' or 'skip', got {errors!r}")
    chosen = None if site is None else site_named(site)
    report = _warn if on_error is None else on_error
    return Import(_items(source, chosen, errors, report, executor))


def _items(
    source: object,
    site: Site | None,
    errors: str,
    report: Callable[[SiteError], object],
    executor: Executor | None,
) -> Iterator[HandHistory | int | SiteError]:
    if hasattr(source, "read"):
        if executor is not None:
            raise ValueError("an executor reads files by path, not a file object")
        stream = cast("IO[str] | IO[bytes]", source)
        name = getattr(stream, "name", None)
        yield from _reported(
            _hands_of(stream, name if isinstance(name, str) else None, site, errors), report
        )
        return
    paths = site_files(cast("str | os.PathLike[str] | Iterable[str | os.PathLike[str]]", source))
    pool = as_executor(executor)
    if pool is None:
        for path in paths:
            with _open(path) as f:
                yield from _reported(_hands_of(f, str(path), site, errors), report)
        return
    name = None if site is None else site.name
    calls = (partial(_load_path, str(path), name, errors) for path in paths)
    for items in ordered_map(pool, calls, _WINDOW):
        yield from _reported(iter(items), report)


def _reported(
    items: Iterator[HandHistory | int | SiteError], report: Callable[[SiteError], object]
) -> Iterator[HandHistory | int | SiteError]:
    for item in items:
        if isinstance(item, SiteError):
            report(item)
        yield item


def _load_path(path: str, site: str | None, errors: str) -> list[HandHistory | int | SiteError]:
    """One file's hands, cancellations and skipped errors (run in a worker)."""
    with _open(path) as f:
        return list(_hands_of(f, path, None if site is None else site_named(site), errors))


def _warn(error: SiteError) -> None:
    warnings.warn(f"skipped: {error}", PHHWarning, stacklevel=4)


def load_all(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str | os.PathLike[str]],
    site: str | None = None,
    *,
    errors: Literal["strict", "skip"] = "strict",
) -> list[HandHistory]:
    """Every hand of ``source`` in a list (:func:`iter_load`'s hands).

    >>> import io
    >>> from croupier.sites._stars import EXAMPLE
    >>> [h.variant for h in load_all(io.StringIO(EXAMPLE))]
    ['NT']
    """
    return list(iter_load(source, site, errors=errors))


def history_files(
    source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> list[Path]:
    """The hand history files of ``source``, PHH and sites' alike: a file, a directory
    (its ``.phh``, ``.phhs``, ``.txt`` and ``.xml`` files, recursively, sorted), a glob
    pattern, or an iterable of those.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("b.txt", "a.xml", "c.phh", "notes.md"):
    ...     _ = (folder / name).write_text("")
    >>> [path.name for path in history_files(folder)]
    ['a.xml', 'b.txt', 'c.phh']
    """
    return files(source, HISTORY_SUFFIXES)


def iter_histories(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str | os.PathLike[str]],
    *,
    errors: Literal["raise", "skip"] = "raise",
    on_error: Callable[[PHHError], object] | None = None,
) -> Iterator[HandHistory]:
    """The hands of PHH files and sites' files mixed, one by one in file order: a file
    named ``.phh`` or ``.phhs`` is read by :func:`croupier.phh.iter_load`, any other by
    :func:`iter_load` (its site detected).  ``errors`` and ``on_error`` as theirs; a
    file object is read as PHH when its name says so, else as a site's.

    >>> import io
    >>> from croupier.sites._stars import EXAMPLE
    >>> [h.venue for h in iter_histories(io.StringIO(EXAMPLE))]
    ['PokerStars']
    """
    report = on_error
    if hasattr(source, "read"):
        stream = cast("IO[str] | IO[bytes]", source)
        name = getattr(stream, "name", None)
        if isinstance(name, str) and name.endswith(_PHH):
            yield from phh.iter_load(stream, errors=errors, on_error=report)
        else:
            yield from iter_load(stream, errors=_strict(errors), on_error=report)
        return
    for path in history_files(source):
        if path.suffix in _PHH:
            yield from phh.iter_load(path, errors=errors, on_error=report)
        else:
            yield from iter_load(path, errors=_strict(errors), on_error=report)


def _strict(errors: str) -> Literal["strict", "skip"]:
    return "skip" if errors == "skip" else "strict"
