"""Benchmarks of ``croupier.equity`` (pytest-benchmark), one thread unless named.

Run with ``python -m pytest bench/bench_equity.py``.  The issue's targets, on
one core: exact AhKh vs QdQc faster than OMPEval (pokerfast, about 2.4 ms
here), 100,000 Monte Carlo boards faster than xiapl (about 2.9 ms), and a
Courchevel Hi/Lo three-way Monte Carlo at least 100 times PokerKit's.
``bench/compare_peers.py`` times the peers in the same run.

Each benchmark also checks its answer, so a fast wrong kernel fails here too.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import croupier

HOLDEM = croupier.TexasHoldem(croupier.NO_LIMIT)
COURCHEVEL = croupier.CourchevelHiLo(croupier.POT_LIMIT)


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_ahkh_against_qdqc_preflop(benchmark: BenchmarkFixture, threads: int) -> None:
    result = benchmark(croupier.equity, HOLDEM, ["AhKh", "QdQc"], exact=True, threads=threads)
    assert result.deals == 1_712_304
    assert result.equity[0] == pytest.approx(0.462144572, abs=5e-10)


def test_exact_aa_against_kk_preflop_ranges(benchmark: BenchmarkFixture) -> None:
    result = benchmark(croupier.equity, HOLDEM, ["AA", "KK"], exact=True, threads=1)
    assert result.deals == 36 * 1_712_304
    assert result.equity[0] == pytest.approx(0.8195, abs=1e-4)


@pytest.mark.parametrize("threads", [1, 2])
def test_monte_carlo_100k_ahkh_against_qdqc(benchmark: BenchmarkFixture, threads: int) -> None:
    result = benchmark(
        croupier.equity, HOLDEM, ["AhKh", "QdQc"], samples=100_000, seed=1, threads=threads
    )
    assert result.stderr is not None
    assert abs(result.equity[0] - 0.462144572) <= 4 * result.stderr[0]


def test_monte_carlo_10k_courchevel_three_way(benchmark: BenchmarkFixture) -> None:
    hands = ["As2d3cKh4s", "QdQc8h9hTs", "5c6c7d8dJh"]
    result = benchmark(croupier.equity, COURCHEVEL, hands, samples=10_000, seed=1, threads=1)
    assert sum(result.equity) == pytest.approx(1.0)


def test_monte_carlo_100k_hand_against_a_range(benchmark: BenchmarkFixture) -> None:
    hands = ["AhKh", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"]
    result = benchmark(croupier.equity, HOLDEM, hands, samples=100_000, seed=1, threads=1)
    exact = croupier.equity(HOLDEM, hands, exact=True)
    assert result.stderr is not None
    assert abs(result.equity[0] - exact.equity[0]) <= 4 * result.stderr[0]


def test_monte_carlo_100k_razz_three_way(benchmark: BenchmarkFixture) -> None:
    razz = croupier.Razz(1, 1, (2, 4))
    hands = ["As2d3c", "KhQhJh", "5c5d9s"]
    result = benchmark(croupier.equity, razz, hands, samples=100_000, seed=1, threads=1)
    assert result.deals == 100_000 and sum(result.equity) == pytest.approx(1.0)


def test_exact_razz_heads_up_on_fifth_street(benchmark: BenchmarkFixture) -> None:
    razz = croupier.Razz(1, 1, (2, 4))
    result = benchmark(croupier.equity, razz, ["As2d3c4h6s", "KhQhJh2c3d"], exact=True, threads=1)
    assert result.deals == 671_580 and result.exact
