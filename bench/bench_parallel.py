"""pytest-benchmark suite for croupier's thread pool: the same work on 1 thread,
2 threads and the default (every core), to compare.

Run ``python -m pytest bench/bench_parallel.py``.  With both cores free the
2-thread and default rounds should take about half the 1-thread time; with
another process keeping a core busy (``python -c 'while True: pass' &``) the
default should be no slower than one thread, since chunks go to whichever
thread is free and a call never waits for a thread that has not started.

* ``batch``: ``hands.high`` on ``BATCH_ROWS`` random 7-card rows (uint8);
* ``exact_aa_kk``: exact AA against KK pre-flop (range match-ups in chunks);
* ``monte_carlo``: 1,000,000 seeded boards of AhKh against QdQc (40 chunks);
* ``omaha_exact``: every board of a heads-up Omaha pre-flop (1,086,008 boards,
  in chunks by the first two cards).

Each benchmark checks its answer against the 1-thread one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pytest
from compare_peers import SEED, deal
from pytest_benchmark.fixture import BenchmarkFixture

import croupier
from croupier import hands

if TYPE_CHECKING:
    from conftest import PerHand

BATCH_ROWS = 4_000_000
THREADS = [1, 2, None]
IDS = ["1", "2", "default"]
HOLDEM = croupier.TexasHoldem(croupier.NO_LIMIT)
OMAHA = croupier.Omaha(croupier.POT_LIMIT)


@pytest.fixture(scope="module")
def sevens() -> np.ndarray:
    return np.ascontiguousarray(deal(np.random.default_rng(SEED), BATCH_ROWS, 7))


@pytest.mark.parametrize("threads", THREADS, ids=IDS)
def test_batch(threads: int | None, sevens: np.ndarray, per_hand: PerHand) -> None:
    values = per_hand(BATCH_ROWS, hands.high, sevens, threads=threads)
    assert np.array_equal(values[:50_000], hands.high(sevens[:50_000], threads=1))


EQUITY: dict[str, tuple[croupier.Game, list[str], dict[str, Any]]] = {
    "exact_aa_kk": (HOLDEM, ["AA", "KK"], {"exact": True}),
    "monte_carlo": (HOLDEM, ["AhKh", "QdQc"], {"samples": 1_000_000, "seed": 1}),
    "omaha_exact": (OMAHA, ["AsKsQdJd", "9h9c8h7c"], {"exact": True}),
}


@pytest.mark.parametrize("threads", THREADS, ids=IDS)
@pytest.mark.parametrize("name", list(EQUITY))
def test_equity(benchmark: BenchmarkFixture, name: str, threads: int | None) -> None:
    game, hands_, options = EQUITY[name]
    result = benchmark(croupier.equity, game, hands_, threads=threads, **options)
    assert result == croupier.equity(game, hands_, threads=1, **options)
