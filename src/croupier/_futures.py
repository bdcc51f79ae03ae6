"""Work on any ``concurrent.futures.Executor``, in order and in a bounded window.

Equity's Monte Carlo chunks and exact match-ups, simulations, statistics over
files and the PHH stream over files all hand work to a caller's executor (a
``ThreadPoolExecutor``, a ``ProcessPoolExecutor``, Dask's client ...).  They do
it through :func:`ordered_map`, the one place that decides how many calls are
submitted ahead, in what order their results come back and what happens to the
calls not yet run when the caller stops early (an exception, Ctrl-C, a
generator closed): they are cancelled.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from functools import partial
>>> with ThreadPoolExecutor(2) as pool:
...     list(ordered_map(pool, (partial(pow, k, 2) for k in range(6)), window=3))
[0, 1, 4, 9, 16, 25]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from itertools import islice
from typing import TypeVar

__all__ = ["WINDOW", "as_executor", "ordered_map"]

R = TypeVar("R")

WINDOW = 256  # calls submitted to an executor and not yet returned, by default


def as_executor(executor: object) -> Executor | None:
    """``executor`` when it is ``None`` or has a ``submit`` method, else a ``ValueError``.

    >>> as_executor(None) is None
    True
    >>> as_executor(4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: executor must be a concurrent.futures.Executor (...), got int
    """
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            "executor must be a concurrent.futures.Executor (e.g. a Dask client's "
            f"get_executor()), got {type(executor).__name__}"
        )
    return executor  # type: ignore[return-value]


def ordered_map(
    executor: Executor, calls: Iterable[Callable[[], R]], window: int = WINDOW
) -> Iterator[R]:
    """Run each of ``calls`` on ``executor``; yield their results in the order of ``calls``.

    At most ``window`` calls are submitted and not yet yielded, so memory does
    not grow with the number of calls (``calls`` may be a generator); the next
    call is submitted before a result is yielded, so the executor keeps working
    while the caller uses it.  A call's exception is raised when its result is
    due.  When the iteration stops early, the calls still pending are
    cancelled (those already running finish on their own).  A call must be
    something the executor can run: a process pool needs it picklable (a
    ``functools.partial`` of a module-level function).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as pool:
    ...     results = ordered_map(pool, [lambda: 1, lambda: 1 // 0, lambda: 3])
    ...     next(results)
    ...     next(results)
    Traceback (most recent call last):
    ...
    ZeroDivisionError: integer division or modulo by zero
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window!r}")
    pending: deque[Future[R]] = deque()
    queue = iter(calls)
    try:
        for call in islice(queue, window):
            pending.append(executor.submit(call))
        while pending:
            result = pending.popleft().result()
            for call in islice(queue, 1):
                pending.append(executor.submit(call))
            yield result
    finally:
        for future in pending:
            future.cancel()
