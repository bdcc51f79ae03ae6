"""pytest-benchmark: player statistics over the HandHQ sample (``croupier.stats``).

``pytest bench/bench_stats.py -s`` times, on the 2,954 hands of the HandHQ
sample (four ``.phhs`` files), best of five rounds each:

* ``test_replay_alone``: ``replay`` of every hand, already read (the floor the
  statistics stand on);
* ``test_stats_without_all_in_equity``: ``stats(hands, all_in_ev=False)`` on the
  hands already read: replay and every counter;
* ``test_stats``: the same with the all-in adjusted winnings (exact equity of
  every all-in spot with known hands; a new cache each round);
* ``test_stats_from_files``: ``stats(paths)``: reading the files too (the
  reading is ``croupier.phh``'s).

Each records the hands per second in ``extra_info`` (``--benchmark-json``) and
prints a line; ``test_stats`` also records the all-in spots and the time of
their equity.  With ``--benchmark-disable`` each runs once and checks its
result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import HANDHQ_HANDS

import croupier.statistics._allin as allin
from croupier import phh
from croupier.replay import replay
from croupier.statistics import Stats, stats

HANDS = HANDHQ_HANDS  # the sample's hands (bench/conftest.py)
ROUNDS = 5


@pytest.fixture(scope="module")
def histories(handhq_files: list[Path]) -> list[phh.HandHistory]:
    hands = [h for path in handhq_files for h in phh.load_all(path)]
    stats(hands[:50])  # numpy and the equity kernels loaded before any round
    return hands


def _best_of(benchmark: Any, fn: Callable[[], int]) -> int:
    """``fn()`` (the number of hands counted) timed ``ROUNDS`` times; the best is kept."""
    hands: int = benchmark.pedantic(fn, rounds=ROUNDS, iterations=1)
    if benchmark.stats is not None:
        best = benchmark.stats.stats.min
        rate = hands / best
        benchmark.extra_info.update(hands=hands, seconds=best, hands_per_second=rate)
        print(f"\n{benchmark.name}: {hands:,} hands in {best:.3f} s, {rate:,.0f} hands/s")
    return hands


def test_replay_alone(benchmark: Any, histories: list[phh.HandHistory]) -> None:
    def run() -> int:
        for history in histories:
            replay(history, check=False)
        return len(histories)

    assert _best_of(benchmark, run) == HANDS


def test_stats_without_all_in_equity(benchmark: Any, histories: list[phh.HandHistory]) -> None:
    assert _best_of(benchmark, lambda: stats(histories, all_in_ev=False).hands) == HANDS


def test_stats(
    benchmark: Any, histories: list[phh.HandHistory], monkeypatch: pytest.MonkeyPatch
) -> None:
    spent: list[float] = []
    exact = allin.exact_shares

    def timed(*args: Any) -> Any:
        start = time.perf_counter()
        try:
            return exact(*args)
        finally:
            spent.append(time.perf_counter() - start)

    monkeypatch.setattr(allin, "exact_shares", timed)
    result: list[Stats] = []

    def run() -> int:
        spent.clear()
        result[:] = [stats(histories)]
        return result[0].hands

    assert _best_of(benchmark, run) == HANDS
    spots, calls = result[0].all_in_spots, len(spent)
    assert spots > 0
    benchmark.extra_info.update(all_in_spots=spots, equity_calls=calls, equity_seconds=sum(spent))
    print(f"  {spots} all-in spots, {calls} exact equities in {sum(spent) * 1000:.1f} ms")


def test_stats_from_files(benchmark: Any, handhq_files: list[Path]) -> None:
    assert _best_of(benchmark, lambda: stats(handhq_files).hands) == HANDS
