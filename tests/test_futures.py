"""croupier._futures: work on a caller's executor, in order, in a bounded window."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any

import pytest

from croupier._futures import as_executor, ordered_map


class LazyExecutor:
    """Runs a call only when its result is asked for; records what it was given."""

    def __init__(self) -> None:
        self.submitted = 0
        self.ran: list[int] = []
        self.futures: list[Future[Any]] = []

    def submit(self, call: Callable[[], Any]) -> Future[Any]:
        executor = self
        index = self.submitted

        class Lazy(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                if not self.done():
                    executor.ran.append(index)
                    self.set_result(call())
                return super().result(timeout)

        future = Lazy()
        self.submitted += 1
        self.futures.append(future)
        return future


def test_results_come_in_order_from_a_thread_pool() -> None:
    with ThreadPoolExecutor(4) as pool:
        results = list(ordered_map(pool, (partial(pow, k, 3) for k in range(500)), window=7))
    assert results == [k**3 for k in range(500)]


@pytest.mark.parametrize("window", [1, 2, 5, 300])
def test_no_more_than_the_window_is_submitted_ahead(window: int) -> None:
    executor = LazyExecutor()
    seen = 0
    for result in ordered_map(executor, (partial(int, k) for k in range(40)), window):  # type: ignore[arg-type]
        assert result == seen
        seen += 1
        # the results yielded, plus those submitted and not yet yielded
        assert executor.submitted - seen <= window
        assert executor.submitted == min(40, seen + window)
    assert seen == 40 and executor.ran == list(range(40))


def test_stopping_early_cancels_the_calls_not_run() -> None:
    executor = LazyExecutor()
    results = ordered_map(executor, (partial(int, k) for k in range(10)), 4)  # type: ignore[arg-type]
    assert next(results) == 0
    results.close()
    assert executor.ran == [0]
    assert [f.cancelled() for f in executor.futures] == [False, True, True, True, True]


def test_an_exception_is_raised_when_its_result_is_due_and_the_rest_cancelled() -> None:
    executor = LazyExecutor()
    calls = [partial(int, "1"), partial(int, "x"), partial(int, "3"), partial(int, "4")]
    results = ordered_map(executor, calls, 2)  # type: ignore[arg-type]
    assert next(results) == 1
    with pytest.raises(ValueError, match="invalid literal"):
        next(results)
    assert executor.ran == [0, 1]
    assert executor.futures[2].cancelled()


def test_bad_window_and_bad_executor_are_refused() -> None:
    with pytest.raises(ValueError, match="window must be at least 1"):
        next(ordered_map(LazyExecutor(), [], 0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"concurrent\.futures\.Executor .*got str"):
        as_executor("pool")
    pool = ThreadPoolExecutor(1)
    assert as_executor(pool) is pool and as_executor(None) is None
    pool.shutdown()
