"""The executors of the command line's long runs: ``counting`` wraps an executor
so that a progress bar counts its chunks, ``cluster`` is a Dask cluster's
executor (``--scheduler``), ``processes`` a pool of worker processes that
nothing outlives (``stats --jobs``).

``counting(executor, bar)`` wraps an executor so that ``bar`` counts its
chunks as they finish (chunks done of chunks submitted, drawn once the caller
waits for a result, when they are all submitted): equity's exact and
fixed-size Monte Carlo runs hand every chunk to the executor they are given,
so the bar moves without the library knowing.  ``counted`` makes one over
``threads`` threads of this process, or over a cluster's executor.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from croupier._cli.output import UsageError, one_line
from croupier._extras import needs

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from croupier._cli.progress import Progress

__all__ = ["cluster", "counted", "counting", "processes"]

CONNECT_SECONDS = 5  # to reach a --scheduler that does not answer

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
        raise UsageError(needs("dask", "--scheduler")) from None
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
