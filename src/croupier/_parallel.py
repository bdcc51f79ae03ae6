"""Parallel work: one pool of threads for every parallel kernel of croupier.

The batch evaluators (``croupier.hands``) and equity (``croupier.equity``)
cut their work into chunks (rows of a batch, match-ups, boards, Monte Carlo
rounds) and run them here, on one pool owned by this module:
``usable_cores() - 1`` daemon threads named ``croupier-N``, started on first
use, plus the calling thread, which takes chunks too.  There is no OpenMP.

* **Dynamic hand-out.**  A chunk goes to whichever thread is free next.  A
  call waits only for the chunks already running, never for a pool thread
  that has not started yet, so a core kept busy by another process does
  less of the work instead of holding the call up.
* **``threads=``** (an int of at least 1; ``None``, the default, means every
  usable core) limits how many threads one call uses, the calling thread
  included.  It is clamped to ``usable_cores()``: ``threads=2**63`` means
  every core, and no call ever starts a thread of its own.
* **Interruptible.**  Between chunks (milliseconds each) the calling thread
  runs Python, so Ctrl-C raises ``KeyboardInterrupt`` promptly; the chunks
  not started yet are cancelled, the running ones finish (a chunk's time),
  and the pool stays usable.
* **Fork-safe.**  A child made by ``os.fork()`` (multiprocessing's default on
  Linux) has none of the parent's threads: it forgets the pool and makes a
  new one on first use.  At exit the pool threads are told to stop; being
  daemon threads, they never hold the exit up.

A job (``Job``) is a kernel's cut of its work: the Cython kernels define
theirs (chunks claimed with an atomic counter, without the GIL); ``fold``
runs a Python function on chunk numbers and adds the results up in order.
The kernels keep every buffer a chunk touches in the job object itself, so a
chunk that finishes after its call was interrupted writes into live memory.

>>> usable_cores() >= 1
True
>>> thread_count(None) == usable_cores() == thread_count(2**63)
True
>>> fold(lambda k: [k], 4, threads=2, add=lambda a, b: a + b)  # in order, on any threads
[0, 1, 2, 3]
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError
from typing import Any, Generic, Protocol, TypeVar

from croupier._validate import as_int, is_int

__all__ = [
    "Job",
    "PoolExecutor",
    "fold",
    "pool_busy",
    "pool_size",
    "run",
    "thread_count",
    "usable_cores",
]

T = TypeVar("T")

# How long the calling thread waits without the GIL before it checks for
# signals again (Ctrl-C) while pool threads finish their chunks.
WAIT_SECONDS = 0.05
# Fold results kept waiting for an earlier chunk before the hand-out pauses.
FOLD_WINDOW = 256


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1  # pragma: no cover - not Linux


def thread_count(threads: object) -> int:
    """The threads a call with ``threads=`` uses: ``None`` means every usable core;
    an int of at least 1 is clamped to ``usable_cores()``.  Anything else
    (0, negative, ``bool``, float, str …) is a ``ValueError``.

    >>> thread_count(1)
    1
    >>> thread_count(0)
    Traceback (most recent call last):
    ...
    ValueError: threads must be a positive int or None, got 0
    """
    cores = usable_cores()
    if threads is None:
        return cores
    if not is_int(threads) or as_int(threads, "threads") < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    return min(as_int(threads, "threads"), cores)


class Job(Protocol):
    """Work cut into ``chunks``, run by ``run``.

    ``help`` runs chunks until none is left (on a pool thread; it never
    raises), ``step`` runs one chunk on the calling thread and says whether
    there was one, ``wait(seconds)`` waits at most that long for the chunks
    other threads are running and says whether all are done, and ``cancel``
    hands out no more chunks.
    """

    @property
    def chunks(self) -> int: ...

    def help(self) -> None: ...

    def step(self) -> bool: ...

    def wait(self, seconds: float) -> bool: ...

    def cancel(self) -> None: ...


class _Pool:
    """``size`` daemon threads running the tasks of one queue."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.busy = 0  # threads running a task
        self.lock = threading.Lock()
        self.tasks: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self.threads = [
            threading.Thread(target=self._work, name=f"croupier-{i}", daemon=True)
            for i in range(size)
        ]
        for thread in self.threads:
            thread.start()

    def _work(self) -> None:
        while True:
            task = self.tasks.get()
            if task is None:
                return
            with self.lock:
                self.busy += 1
            try:
                task()
            except BaseException:  # pragma: no cover - a job's help never raises
                pass  # the thread stays in the pool whatever a task did
            finally:
                with self.lock:
                    self.busy -= 1

    def stop(self, seconds: float) -> None:
        """Tell every thread to stop; wait at most ``seconds`` in all for them."""
        for _ in self.threads:
            self.tasks.put(None)
        deadline = time.monotonic() + seconds
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))


_pool: _Pool | None = None
_pool_lock = threading.Lock()


def _get_pool() -> _Pool:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = _Pool(usable_cores() - 1)
        return _pool


def pool_size() -> int:
    """How many threads the pool has (``usable_cores() - 1`` once started, else 0)."""
    return 0 if _pool is None else _pool.size


def pool_busy() -> int:
    """How many of the pool's threads are running a job's chunks now."""
    return 0 if _pool is None else _pool.busy


def _forget_pool() -> None:
    """In a forked child: the parent's threads are gone; start afresh on first use."""
    global _pool, _pool_lock
    _pool = None
    _pool_lock = threading.Lock()


def _stop_pool() -> None:
    """At exit: the threads finish the chunk they are running (if any) and stop."""
    with _pool_lock:
        if _pool is not None:
            _pool.stop(seconds=1.0)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)
atexit.register(_stop_pool)


def run(job: Job, threads: int) -> None:
    """Run every chunk of ``job`` on at most ``threads`` threads (the caller's included).

    Returns when all chunks are done; re-raises whatever interrupted the
    caller (``KeyboardInterrupt``, an error of a chunk) after cancelling the
    chunks not started and waiting for the running ones.
    """
    helpers = min(threads, job.chunks) - 1
    if helpers > 0:
        pool = _get_pool()
        for _ in range(min(helpers, pool.size)):
            pool.tasks.put(job.help)
    try:
        while job.step():
            pass
        while not job.wait(WAIT_SECONDS):
            pass
    except BaseException:
        job.cancel()
        while not job.wait(WAIT_SECONDS):
            pass
        raise


class _Fold(Generic[T]):
    """``fold``'s job: chunk ``k`` is ``fn(k)``; results are added up in order of ``k``.

    Once every chunk is handed out, the calling thread runs again a chunk a
    pool thread still holds (after waiting a chunk's time for it): a
    thread on a core another process keeps busy may be late by many chunks'
    time.  ``fn`` gives the same result whoever runs it; the first one kept.
    """

    def __init__(self, fn: Callable[[int], T], count: int, add: Callable[[T, T], T]) -> None:
        self.chunks = count
        self._fn = fn
        self._add = add
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._next = 0  # the next chunk to hand out
        self._held: set[int] = set()  # chunks handed out, not finished
        self._ready: dict[int, T] = {}  # finished chunks waiting for an earlier one
        self._folded = 0  # chunks added into total
        self._stop = False
        self._chunk_time = 0.0  # the calling thread's last chunk, in seconds
        self.total: T | None = None
        self.error: BaseException | None = None

    def _claim(self, late: bool) -> int:
        """The next chunk; with ``late``, else one a pool thread holds.  -1 when there is
        none, -2 while too many results wait for an earlier chunk."""
        with self._lock:
            if self._stop:
                return -1
            if self._next < self.chunks:
                if self._next - self._folded >= FOLD_WINDOW:
                    return -2
                self._next += 1
                self._held.add(self._next - 1)
                return self._next - 1
            if late and self._held:
                return min(self._held)
            return -1

    def _run(self, k: int) -> None:
        try:
            part = self._fn(k)
        except BaseException as error:
            with self._lock:
                self.error = self.error or error
                self._stop = True
                self._changed.notify_all()
            raise
        with self._lock:
            if k not in self._held:
                return  # another thread finished it first
            self._held.discard(k)
            self._ready[k] = part
            while self._folded in self._ready:
                part = self._ready.pop(self._folded)
                self.total = part if self.total is None else self._add(self.total, part)
                self._folded += 1
            self._changed.notify_all()

    def help(self) -> None:
        try:
            while (k := self._claim(late=False)) >= 0:
                self._run(k)
        except BaseException:
            pass  # recorded in self.error for the caller

    def step(self) -> bool:
        k = self._claim(late=False)
        if k == -1:
            k = self._claim(late=True)
            if k < 0:
                return False
            with self._changed:  # a chunk's time for the pool thread to finish it
                self._changed.wait_for(lambda: k not in self._held, self._chunk_time)
                if k not in self._held:
                    return True
        if k == -2:  # a chunk on another thread holds the fold up: wait for it a little
            with self._changed:
                self._changed.wait(WAIT_SECONDS)
            return True
        start = time.perf_counter()
        self._run(k)
        self._chunk_time = time.perf_counter() - start
        return True

    def wait(self, seconds: float) -> bool:
        with self._changed:
            return self._changed.wait_for(
                lambda: self._stop or self._folded == self.chunks, seconds
            )

    def cancel(self) -> None:
        with self._lock:
            self._stop = True


def fold(fn: Callable[[int], T], count: int, threads: int | None, add: Callable[[T, T], T]) -> T:
    """``fn(0)`` + ``fn(1)`` + … + ``fn(count - 1)`` added with ``add`` from the left, in that
    order whatever the threads, with ``fn`` run on up to ``threads`` of them (it
    should release the GIL for its work).  Only results waiting for an earlier
    chunk are kept, never all of them.  An exception of ``fn`` is raised here.
    """
    if count < 1:
        raise ValueError(f"fold needs at least one chunk, got {count}")
    job = _Fold(fn, count, add)
    run(job, thread_count(threads))
    if job.error is not None:
        raise job.error
    assert job.total is not None
    return job.total


class PoolExecutor(Executor):
    """A ``concurrent.futures.Executor`` over croupier's one pool (no threads of its own).

    Submitted calls wait; the first ``result()`` asked for runs every call
    waiting, on up to ``threads`` threads of the pool (:func:`fold`), and their
    futures complete as they finish.  For code written against an executor
    (the command line counts chunks this way for its progress bar), so that
    it needs no second pool.

    >>> ex = PoolExecutor(threads=2)
    >>> futures = [ex.submit(pow, k, 2) for k in range(5)]
    >>> [f.result() for f in futures]
    [0, 1, 4, 9, 16]
    """

    def __init__(self, threads: int | None = None) -> None:
        self._threads = thread_count(threads)
        self._lock = threading.Lock()
        self._waiting: list[tuple[_PoolFuture, Callable[..., Any], tuple[Any, ...], dict[str, Any]]]
        self._waiting = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = _PoolFuture(self)
        with self._lock:
            self._waiting.append((future, fn, args, kwargs))
        return future

    def _run_waiting(self) -> None:
        with self._lock:
            batch, self._waiting = self._waiting, []
        batch = [item for item in batch if item[0].set_running_or_notify_cancel()]
        if not batch:
            return

        def one(k: int) -> int:
            future, fn, args, kwargs = batch[k]
            # A late chunk may run twice (see fold): the first result stands.
            with contextlib.suppress(InvalidStateError):
                try:
                    value = fn(*args, **kwargs)
                except Exception as exc:  # the future's, raised by its result()
                    future.set_exception(exc)
                    return 0
                future.set_result(value)
            return 0

        fold(one, len(batch), self._threads, lambda a, b: 0)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            batch, self._waiting = self._waiting, []
        for future, *_ in batch:
            future.cancel()


class _PoolFuture(Future[Any]):
    """A future of :class:`PoolExecutor`: asking for its result runs what waits."""

    def __init__(self, executor: PoolExecutor) -> None:
        super().__init__()
        self._executor = executor

    def result(self, timeout: float | None = None) -> Any:
        if not self.done():
            self._executor._run_waiting()
        return super().result(timeout)

    def exception(self, timeout: float | None = None) -> BaseException | None:
        if not self.done():
            self._executor._run_waiting()
        return super().exception(timeout)
