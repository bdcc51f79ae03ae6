"""How the command line runs long work: progress on stderr, chunk-counting
executors, a Dask cluster's executor, ASCII-safe output.

``Progress`` shows how far a run is on stderr.  On a terminal it is one line
redrawn in place (``\\r``), at most every ``REDRAW_EVERY`` seconds and not
before ``FIRST_DRAW`` (a short run shows only its last line), ending at
100 %.  Elsewhere (a file, a pipe) there are no redraws: a plain line at most
every ``PLAIN_EVERY`` seconds, and a last one at 100 %.  The share shown
never goes back (a plan that grows holds the bar still).

>>> import io
>>> log = io.StringIO()                 # not a terminal
>>> bar = Progress("hands", log)
>>> bar.update(500, 2000)               # too soon for a line
>>> bar.finish()
>>> print(log.getvalue(), end="")
croupier: 100%  2,000 of 2,000 hands

``counting(executor, bar)`` wraps an executor so that ``bar`` counts its
chunks as they finish (chunks done of chunks submitted, drawn once the caller
waits for a result, when they are all submitted): equity's exact and
fixed-size Monte Carlo runs hand every chunk to the executor they are given,
so the bar moves without the library knowing.  ``counted`` makes one over
``threads`` threads of this process, or over a cluster's executor.

**Why a bar of our own.**  tqdm or rich would be loaded only with
``--progress``, so ``croupier eval`` would not pay for them (its start-up is
about 45-50 ms at best here, 10 of them Python's own: under the 60 ms
bound of issue 12).  But as an optional extra (``croupier[cli]``) either needs a
fallback for when it is not installed, which is this bar anyway; tqdm writes
``\\r`` redraws into files unless told to print nothing (``disable=None``);
and importing them was measured at 45 ms (tqdm 4.70) and 42 ms
(``rich.progress``, rich 15), the least of 20 ``python -X importtime`` runs on
the project's 2-core machine, against under 1 ms for this module.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import IO, TYPE_CHECKING, Any

from croupier.errors import bounded

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

__all__ = [
    "Progress",
    "UsageError",
    "ascii_safe",
    "cluster",
    "counted",
    "counting",
    "encodes",
    "one_line",
    "plus_minus",
    "processes",
    "progress",
]

CONNECT_SECONDS = 5  # to reach a --scheduler that does not answer
PLAIN_EVERY = 10.0  # seconds between progress lines when stderr is not a terminal
REDRAW_EVERY = 0.1  # seconds between redraws on a terminal
FIRST_DRAW = 0.3  # no bar before this (short runs show only their last line)


class UsageError(ValueError):
    """A bad option found after parsing (exit status 2, one line)."""


def one_line(exc: BaseException) -> str:
    """An error as one line: an OSError's reason and file, else its text; at most
    ``croupier.errors.MESSAGE_LIMIT`` characters (a long one keeps its start and end).

    >>> one_line(ValueError("bad action 'p1 " + "x" * 10**7 + "'"))[:18]
    "bad action 'p1 xxx"
    >>> len(one_line(ValueError("x" * 10**7))) <= 500
    True
    """
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror if exc.filename is None else f"{exc.strerror}: {exc.filename}"
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(bounded(text).split())


def encodes(stream: IO[str], text: str) -> bool:
    """Whether ``stream`` can write ``text`` in its encoding."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def ascii_safe(stream: IO[str]) -> None:
    """Make ``stream`` write what its encoding lacks as backslash escapes, not fail."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and not encodes(stream, "±…é♠"):
        reconfigure(errors="backslashreplace")


def plus_minus() -> str:
    """The plus-minus sign stdout can write."""
    return "±" if encodes(sys.stdout, "±") else "+/-"


class Progress:
    """How far a run is, on stderr (see the module docstring).

    ``update(done, total)`` may be called from any thread; ``clear()`` wipes
    the line on a terminal before other output; ``finish(note)`` writes the
    last line (100 %); ``abandon()`` ends a half-drawn line (Ctrl-C).
    """

    WIDTH = 30

    def __init__(self, unit: str, stream: IO[str] | None = None) -> None:
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.started = time.monotonic()
        self.last = self.started - PLAIN_EVERY + FIRST_DRAW  # the first plain line's time
        self.drawn = 0  # width of the line on the terminal now
        self.done = self.total = 0
        self.shown = 0.0  # the largest share drawn so far
        self.closed = False
        self.lock = threading.Lock()

    def _text(self, done: int, total: int) -> str:
        # The share shown never goes back (a plan that grows holds the bar still).
        share = max(done / total if total > 0 else 1.0, self.shown)
        self.shown = share
        percent = f"{int(100 * share):3d}%"
        counts = f"  {done:,} of {total:,} {self.unit}" if self.unit else ""
        if not self.tty:
            return f"croupier: {percent.strip()}{counts}"
        filled = int(self.WIDTH * share)
        return f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {percent}{counts}"

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed: no more progress
            self.closed = True

    def update(self, done: int, total: int) -> None:
        with self.lock:
            if self.closed:
                return
            self.done, self.total = done, total
            now = time.monotonic()
            if self.tty:
                if now - self.started < FIRST_DRAW or now - self.last < REDRAW_EVERY:
                    return
                text = self._text(done, total)
                self._write("\r" + text.ljust(self.drawn))
                self.drawn = len(text)
            else:
                if now - self.last < PLAIN_EVERY:
                    return
                self._write(self._text(done, total) + "\n")
            self.last = now

    def clear(self) -> None:
        with self.lock:
            if self.tty and self.drawn and not self.closed:
                self._write("\r" + " " * self.drawn + "\r")
                self.drawn = 0

    def finish(self, note: str = "") -> None:
        """The last line: 100 %, and ``note`` (what was done) when given."""
        with self.lock:
            if self.closed:
                return
            total = max(self.total, self.done, 1) if self.unit else 1
            text = self._text(total, total) + (f"  {note}" if note else "")
            self._write(("\r" + text.ljust(self.drawn) if self.tty else text) + "\n")
            self.closed = True

    def abandon(self) -> None:
        with self.lock:
            if self.tty and self.drawn and not self.closed:
                self._write("\n")
            self.closed = True


@contextmanager
def progress(shown: bool, unit: str) -> Iterator[Progress | None]:
    """A ``Progress`` when ``shown``, ended on the way out whatever happens."""
    if not shown:
        yield None
        return
    bar = Progress(unit)
    try:
        yield bar
    finally:
        bar.abandon()  # a no-op after finish()


_TCP_SCHEMES = ("tcp", "tls", "ws", "wss")  # the schemes whose address is a TCP port


def _reachable(scheduler: str) -> None:
    """Check ``--scheduler ADDRESS`` before a Dask client is made for it.

    A bad address (``''``, an unknown scheme, no port) is refused at once; a
    TCP port nothing listens on is refused at once (the client would try it
    again until its timeout); a port that does not answer as a Dask scheduler
    (the client would wait for it forever) fails after ``CONNECT_SECONDS``.
    """
    import asyncio
    import socket

    from distributed.comm.addressing import get_address_host_port, parse_address
    from distributed.comm.core import connect

    try:
        scheme = parse_address(scheduler)[0]
        host, port = get_address_host_port(scheduler)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"--scheduler {scheduler!r}: not an address: {one_line(exc)}") from None
    if scheme in _TCP_SCHEMES:
        try:
            socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
        except OSError as exc:
            raise UsageError(f"--scheduler {scheduler}: cannot connect: {one_line(exc)}") from None

    async def handshake() -> None:
        opened = await asyncio.wait_for(
            connect(scheduler, timeout=CONNECT_SECONDS),  # type: ignore[no-untyped-call]
            CONNECT_SECONDS,
        )
        await opened.close()

    try:
        asyncio.run(handshake())
    except (OSError, ValueError, TypeError, asyncio.TimeoutError) as exc:
        text = one_line(exc) if str(exc) else f"no answer in {CONNECT_SECONDS} s"
        raise UsageError(f"--scheduler {scheduler}: cannot connect: {text}") from None


@contextmanager
def cluster(scheduler: str | None) -> Iterator[Executor | None]:
    """The executor of ``--scheduler ADDRESS`` (a Dask cluster's), else None.

    The address is checked first (:func:`_reachable`), so a bad one fails in a
    few seconds with one line; a client that still fails to start is closed
    at once (left to the garbage collector, its close waits 20 s at exit and
    prints a traceback).
    """
    if scheduler is None:
        yield None
        return
    try:
        import distributed
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask: pip install 'croupier[dask]' (dask[distributed])"
        ) from None
    _reachable(scheduler)
    made: list[Any] = []

    class Client(distributed.Client):
        """Dask's client, kept once made, so that one that fails to start is closed."""

        def start(self, **kwargs: Any) -> None:
            made.append(self)
            super().start(**kwargs)  # type: ignore[no-untyped-call]

    try:
        client = Client(  # type: ignore[no-untyped-call]
            scheduler, timeout=CONNECT_SECONDS, set_as_default=False
        )
    except Exception as exc:  # any failure to connect, whatever distributed raises
        for half in made:
            with suppress(Exception):
                half.close(timeout=1)
        raise UsageError(f"--scheduler {scheduler}: cannot connect: {one_line(exc)}") from None
    try:
        yield client.get_executor()  # type: ignore[no-untyped-call]
    except BaseException:  # Ctrl-C, an error: do not wait long for a tidy close
        with suppress(Exception):
            client.close(timeout=1)  # type: ignore[no-untyped-call]
        raise
    client.close()  # type: ignore[no-untyped-call]


def _ignore_sigint() -> None:
    """A worker process's first step: Ctrl-C is the parent's to handle."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def processes(jobs: int) -> Iterator[Executor]:
    """A pool of ``jobs`` worker processes that nothing outlives (``stats --jobs``).

    The workers are started by a forkserver (spawned where there is none; not
    fork: a forked child of a process with threads may deadlock).  They never
    see a Ctrl-C: the forkserver is started with SIGINT blocked, a mask that it
    and every worker it forks keep, and each worker ignores SIGINT too; the
    parent alone stops the run.  Leaving by an exception (Ctrl-C, an error)
    kills the workers at once; the forkserver and multiprocessing's resource
    tracker then end with the program, as they do when their last client
    process is gone.
    """
    import multiprocessing
    import signal
    from concurrent.futures import ProcessPoolExecutor

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    if method == "forkserver":
        from multiprocessing import forkserver, resource_tracker

        # The tracker first: it ignores SIGINT itself, and starting it unblocks SIGINT.
        resource_tracker.ensure_running()
        masked = hasattr(signal, "pthread_sigmask")
        if masked:
            before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            forkserver.ensure_running()
        finally:
            if masked:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)  # a Ctrl-C comes now
    pool = ProcessPoolExecutor(
        jobs, mp_context=multiprocessing.get_context(method), initializer=_ignore_sigint
    )
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: Executor) -> None:
    """Kill the worker processes of a ``ProcessPoolExecutor`` (their running tasks
    too) and let it release its queues, within a second or two."""
    # The executor's thread that watches the workers ends once they are gone; it
    # holds the queues, whose semaphores multiprocessing's resource tracker would
    # otherwise report as leaked at exit.
    watcher = getattr(pool, "_executor_manager_thread", None)
    kill = getattr(pool, "kill_workers", None)  # Python 3.14
    if callable(kill):
        with suppress(Exception):
            kill()
    else:  # before 3.14 the executor keeps its processes (pid -> Process) in _processes
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with suppress(Exception):
                process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    if watcher is not None:
        with suppress(Exception):
            watcher.join(2)


def counting(inner: Executor, bar: Progress) -> Executor:
    """An executor that hands each chunk to ``inner`` and counts the chunks that
    finish, for ``bar``: chunks done of chunks submitted, drawn once the caller
    waits for a result (its chunks are all submitted then, so the share only
    grows)."""
    from concurrent.futures import Executor, Future

    lock = threading.Lock()
    counts = {"submitted": 0, "finished": 0, "waiting": 0}

    def show() -> None:
        with lock:
            finished, submitted, waiting = (
                counts["finished"],
                counts["submitted"],
                counts["waiting"],
            )
        if waiting:
            bar.update(finished, submitted)

    class Watched(Future[Any]):
        """The caller's future of a chunk running on ``inner``."""

        def __init__(self, future: Future[Any]) -> None:
            super().__init__()
            self.inner = future

        def result(self, timeout: float | None = None) -> Any:
            with lock:
                first = not counts["waiting"]
                counts["waiting"] = 1
            if first:
                show()
            if not self.done():
                # A PoolExecutor runs its waiting calls when a result is asked for; an
                # exception comes back through this future.
                with contextlib.suppress(Exception):
                    self.inner.result(timeout)
            return super().result(timeout)

        def cancel(self) -> bool:
            return self.inner.cancel() and super().cancel()

    def finished(future: Future[Any], watched: Watched) -> None:
        with lock:
            counts["finished"] += 1
        if not watched.cancelled():
            if future.cancelled():
                watched.cancel()
            elif future.exception() is not None:
                watched.set_exception(future.exception())
            else:
                watched.set_result(future.result())
        show()

    class Counting(Executor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            with lock:
                counts["submitted"] += 1
            future = inner.submit(fn, *args, **kwargs)
            watched = Watched(future)
            future.add_done_callback(lambda f: finished(f, watched))
            return watched

        def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
            inner.shutdown(wait=wait, cancel_futures=cancel_futures)

    return Counting()


@contextmanager
def counted(
    executor: Executor | None, threads: int | None, bar: Progress | None
) -> Iterator[Executor | None]:
    """``executor`` as is without a bar; with one, an executor that counts chunks,
    over ``executor`` or over croupier's one pool (``threads`` of it)."""
    if bar is None:
        yield executor
        return
    own = None
    if executor is None:  # croupier's one pool, seen as an executor (no second pool)
        from croupier._parallel import PoolExecutor

        executor = own = PoolExecutor(threads)
    try:
        yield counting(executor, bar)
    finally:
        if own is not None:
            own.shutdown(wait=False, cancel_futures=True)
