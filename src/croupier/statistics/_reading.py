"""Reading hands for ``stats``: files streamed hand by hand, hand histories, and
tasks for an executor (a file each, or 500 hand histories), summed in order.

>>> from croupier import phh
>>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
>>> len(_sources([phh.loads(text), phh.loads(text)]))  # one run of two hand histories
1
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Union

import croupier.sites as sites
from croupier._futures import as_executor, ordered_map
from croupier.errors import bounded
from croupier.phh import HandHistory
from croupier.phh._paths import _open
from croupier.statistics._allin import AllIn
from croupier.statistics._counting import Run
from croupier.statistics._players import Stats, merge

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = ["HANDS_PER_TASK", "StatsError", "stats", "stats_by_hand"]

Source = Union[HandHistory, str, "os.PathLike[str]"]
Errors = Literal["raise", "skip"]

HANDS_PER_TASK = 500  # HandHistory objects given to an executor at a time


class StatsError(ValueError):
    """A hand that cannot be counted, named by its file and its place in the file
    (examples: :func:`stats`).  It is ``croupier.statistics.StatsError``.

    Its message is at most ``croupier.errors.MESSAGE_LIMIT`` characters (an action
    line of megabytes is cut, its start and its end kept).

    >>> error = StatsError("hand 3: a bad action")
    >>> isinstance(error, ValueError), str(error)
    (True, 'hand 3: a bad action')
    """

    def __init__(self, message: str) -> None:
        super().__init__(bounded(message))


StatsError.__module__ = "croupier.statistics"  # its public home (tracebacks, pickles)


# -- reading --------------------------------------------------------------------------


def _count_file(
    run: Run, path: Path, errors: Errors, progress: Callable[[int, int], object] | None = None
) -> None:
    """Count every hand of one file, streamed (``sites.iter_histories``: PHH or a site's
    text, one hand in memory at a time); ``progress(done, size)`` in bytes of the file
    read, after each hand."""
    try:
        f = _open(path)  # closed below; tell() gives the progress
    except (OSError, ValueError) as exc:  # ValueError: not a regular file (a FIFO...)
        message = _unopened(path, exc)
        if errors == "raise":
            raise StatsError(message) from None
        run.skip(message)
        return
    with f:
        size = max(1, os.fstat(f.fileno()).st_size)
        hands = sites.iter_histories(f, errors=errors, on_error=lambda e: run.skip(str(e)))
        k = 0
        while True:
            try:
                history = next(hands, None)
            except ValueError as exc:  # a hand that cannot be read (errors="raise")
                raise StatsError(_one_line(exc)) from None
            if history is None:
                break
            k += 1
            _count_one(run, history, k, path, errors)
            if progress is not None:
                progress(min(f.tell(), size), size)


def _unopened(path: Path, exc: OSError | ValueError) -> str:
    """Why a file could not be opened (ValueError: not a regular file, a FIFO...)."""
    return f"{path}: {_one_line(exc)}" if isinstance(exc, OSError) else str(exc)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def _count_hands(run: Run, hands: Iterable[HandHistory], first: int, errors: Errors) -> None:
    for k, history in enumerate(hands, first):
        _count_one(run, history, k, None, errors)


def _count_one(run: Run, history: HandHistory, k: int, path: Path | None, errors: Errors) -> None:
    """Count hand ``k`` (of the file at ``path``); one that cannot be counted is a
    :class:`StatsError` naming it (``errors="raise"``) or a skipped hand."""
    try:
        run.count(history)
    except ValueError as exc:
        message = f"hand {k}: {exc}" if path is None else f"{path}, hand {k}: {exc}"
        if errors == "raise":
            raise StatsError(message) from None
        run.skip(message)


@dataclass(frozen=True)
class _Options:
    players: frozenset[str] | None
    errors: Errors
    all_in_ev: bool


def _file_stats(path: str, options: _Options) -> Stats:
    """One file's statistics (the task an executor runs: top level, so it pickles)."""
    run = Run(options.players, options.all_in_ev)
    _count_file(run, Path(path), options.errors)
    return run.result()


def _hands_stats(hands: list[HandHistory], first: int, options: _Options) -> Stats:
    """The statistics of some hands (an executor's task)."""
    run = Run(options.players, options.all_in_ev)
    _count_hands(run, hands, first, options.errors)
    return run.result()


def _sources(hands: Iterable[Source] | Source) -> list[Path | list[HandHistory]]:
    """Files and runs of hands, in the order given."""
    if isinstance(hands, (str, os.PathLike, HandHistory)):
        hands = [hands]
    if not isinstance(hands, Iterable):
        raise ValueError(
            "hands must be hand histories, paths or an iterable of them, "
            f"got {type(hands).__name__}"
        )
    out: list[Path | list[HandHistory]] = []
    for item in hands:
        if isinstance(item, HandHistory):
            if not out or not isinstance(out[-1], list):
                out.append([])
            last = out[-1]
            assert isinstance(last, list)
            last.append(item)
        elif isinstance(item, (str, os.PathLike)):
            try:
                out.extend(sites.history_files(item))
            except FileNotFoundError:
                out.append(Path(item))  # counting it says what is wrong (or skips it)
        else:
            raise ValueError(
                f"expected a HandHistory or a path, got {type(item).__name__} ({item!r:.60})"
            )
    return out


def stats(
    hands: Iterable[Source] | Source,
    *,
    player: str | Iterable[str] | None = None,
    errors: Errors = "raise",
    executor: Executor | None = None,
    all_in_ev: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> Stats:
    """The statistics of every player of ``hands`` (:class:`Stats`).

    ``hands``: hand histories, paths of ``.phh``/``.phhs`` files or of poker
    sites' hand history files (:mod:`croupier.sites`), directories (their
    ``.phh``, ``.phhs``, ``.txt`` and ``.xml`` files, sorted) or globs, or an
    iterable of them.  ``player`` keeps only that player (or those players).  A hand that
    cannot be replayed raises :class:`StatsError` naming its file and its
    place in the file (``errors="raise"``), or is left out and counted in
    ``Stats.skipped`` (``errors="skip"``).  ``all_in_ev=False`` leaves out
    the all-in equity (the adjusted figures then equal the actual ones).

    With an ``executor`` (any ``concurrent.futures.Executor``: threads,
    processes, Dask's ``client.get_executor()``), each file is counted by a
    task of its own (hand histories, 500 at a time) and the results are
    summed: the same result as without it.  ``progress(done, total)`` is
    called as work is done (bytes of the files, a hand history counting 1).

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> s = stats([phh.loads(text)] * 3)
    >>> s["p1"].walks, s["p1"].vpip_percent, s["p1"].net, s["p2"].bb_per_100
    (3, None, Fraction(3, 1), -50.0)

    A hand that cannot be counted is a :class:`StatsError`:

    >>> bad = phh.loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                 "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p1 f']\\n")
    >>> stats([bad])
    Traceback (most recent call last):
    ...
    croupier.statistics.StatsError: hand 1: action 0 (p1 f): it is not seat 0's turn (actor: 1)
    """
    executor = as_executor(executor)
    wanted = _checked(player, errors)
    sources = _sources(hands)
    sizes = [_size(s) for s in sources]
    options = _Options(wanted, errors, bool(all_in_ev))
    if executor is not None:
        return _on_executor(executor, sources, sizes, options, progress)
    run = Run(wanted, options.all_in_ev)
    total = sum(sizes)
    done = 0
    first = 1
    for source, size in zip(sources, sizes, strict=True):
        if isinstance(source, Path):
            step = None
            if progress is not None:
                step = _part(progress, done, size, total)
            _count_file(run, source, errors, step)
        else:
            _count_hands(run, source, first, errors)
            first += len(source)
        done += size
        if progress is not None:
            progress(done, total)
    return run.result()


def _checked(player: str | Iterable[str] | None, errors: Errors) -> frozenset[str] | None:
    """The players wanted (None: every one), once ``errors`` is checked."""
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}")
    if player is None:
        return None
    wanted = frozenset([player] if isinstance(player, str) else player)
    if not all(isinstance(name, str) for name in wanted):
        raise ValueError(f"player must be a name or names, got {player!r}")
    return wanted


def stats_by_hand(
    hands: Iterable[Source] | Source,
    *,
    player: str | Iterable[str] | None = None,
    errors: Errors = "raise",
    all_in_ev: bool = True,
) -> Iterator[Stats]:
    """The statistics of each hand of ``hands``, one :class:`Stats` a hand, in order:
    what :func:`stats` sums (``sum(stats_by_hand(h)) == stats(h)``), hand by hand,
    for a running total (each player's ``net`` and ``all_in_adjusted_net`` a hand:
    ``croupier.plots.winnings`` draws them).

    The arguments are :func:`stats`' (no executor: the hands are read here, one
    at a time, as they are asked for).  With ``errors="skip"`` a hand (or a file)
    that cannot be counted gives a ``Stats`` with ``skipped=1`` and no player.

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> [s["p1"].net for s in stats_by_hand([phh.loads(text)] * 2)]
    [Fraction(1, 1), Fraction(1, 1)]
    """
    options = _Options(_checked(player, errors), errors, bool(all_in_ev))
    return _by_hand(_sources(hands), options)


def _by_hand(sources: list[Path | list[HandHistory]], options: _Options) -> Iterator[Stats]:
    """Each hand's ``Stats``; one all-in cache of pot shares for the whole run."""
    shared = AllIn() if options.all_in_ev else None

    def one(history: HandHistory, k: int, path: Path | None) -> Stats:
        run = Run(options.players, options.all_in_ev)
        run.all_in = shared
        _count_one(run, history, k, path, options.errors)
        return run.result()

    first = 1
    problems: list[str] = []  # hands a file's reader skipped (errors="skip"), not yet given

    def note(error: Exception) -> None:
        problems.append(str(error))

    for source in sources:
        if not isinstance(source, Path):
            for k, history in enumerate(source, first):
                yield one(history, k, None)
            first += len(source)
            continue
        try:
            f = _open(source)
        except (OSError, ValueError) as exc:
            if options.errors == "raise":
                raise StatsError(_unopened(source, exc)) from None
            yield _skipped(_unopened(source, exc))
            continue
        with f:
            histories = sites.iter_histories(f, errors=options.errors, on_error=note)
            k = 0
            while True:
                try:
                    read = next(histories, None)
                except ValueError as exc:  # a hand that cannot be read (errors="raise")
                    raise StatsError(_one_line(exc)) from None
                for message in problems:
                    yield _skipped(message)
                problems.clear()
                if read is None:
                    break
                k += 1
                yield one(read, k, source)


def _skipped(message: str) -> Stats:
    """A hand (or file) left out: ``skipped=1`` and its message."""
    run = Run(None, all_in_ev=False)
    run.skip(message)
    return run.result()


def _size(source: Path | list[HandHistory]) -> int:
    """The work of a source for ``progress``: a file's bytes, or its number of hands."""
    if isinstance(source, list):
        return len(source)
    try:
        return max(1, source.stat().st_size)
    except OSError:
        return 1  # reading it will say what is wrong


def _part(
    progress: Callable[[int, int], object], base: int, size: int, total: int
) -> Callable[[int, int], object]:
    """Progress within one file: hand ``k`` of ``n`` done is ``k / n`` of its bytes."""

    def step(k: int, n: int) -> object:
        return progress(base + size * k // n, total)

    return step


def _on_executor(
    executor: Executor,
    sources: list[Path | list[HandHistory]],
    sizes: list[int],
    options: _Options,
    progress: Callable[[int, int], object] | None,
) -> Stats:
    calls: list[Callable[[], Stats]] = []
    done_after: list[int] = []  # bytes or hands done once each call's result is in
    first, done = 1, 0
    for source, size in zip(sources, sizes, strict=True):
        if isinstance(source, Path):
            calls.append(partial(_file_stats, str(source), options))
            done_after.append(done := done + size)
            continue
        for start in range(0, len(source), HANDS_PER_TASK):
            chunk = source[start : start + HANDS_PER_TASK]
            calls.append(partial(_hands_stats, chunk, first, options))
            first += len(chunk)
            done_after.append(done := done + len(chunk))
    total = sum(sizes)

    def results() -> Iterator[Stats]:
        # in order: problems keep the order of the input
        for stats, done in zip(ordered_map(executor, calls), done_after, strict=True):
            yield stats
            if progress is not None:
                progress(done, total)

    return merge(results())
