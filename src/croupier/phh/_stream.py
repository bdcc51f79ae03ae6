"""Streaming many PHH files hand by hand (:func:`iter_load`), in workers if asked.

>>> import io
>>> from croupier.phh import dumps_all, loads
>>> from croupier.phh._model import _EXAMPLE
>>> len(list(iter_load(io.StringIO(dumps_all([loads(_EXAMPLE)] * 2)))))
2
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from functools import partial
from typing import IO, Literal, cast

from croupier._futures import as_executor, ordered_map
from croupier.errors import PHHError, PHHWarning
from croupier.phh._model import HandHistory
from croupier.phh._paths import Source, _open, files
from croupier.phh._read import _read_chunk
from croupier.phh._split import _chunks

_WINDOW = 4  # files read ahead by an executor


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

    >>> import io
    >>> from croupier.phh import dumps_all, loads
    >>> from croupier.phh._model import _EXAMPLE
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
    pool = as_executor(executor)
    if pool is None:
        for path in paths:
            with _open(path) as f:
                yield from _stream(f.read, str(path), errors, report)
        return
    calls = (partial(_load_path, str(path), errors) for path in paths)
    for hands, skipped in ordered_map(pool, calls, _WINDOW):
        for error in skipped:
            report(error)
        yield from hands


def _load_path(path: str, errors: str) -> tuple[list[HandHistory], list[PHHError]]:
    """The hands of one file and the errors of the hands skipped (run in a worker)."""
    skipped: list[PHHError] = []
    with _open(path) as f:
        return list(_stream(f.read, path, errors, skipped.append)), skipped
