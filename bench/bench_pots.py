"""Benchmarks of croupier.pots through its Python API (pytest-benchmark).

Run with ``python -m pytest bench/bench_pots.py``.  The target (issue 3) is
at least 1,000,000 six-player settlements a second on one core, i.e. under
1 microsecond per ``award`` call with plain lists.

Two kinds of measurement:

* ``test_award_*``: one typical hand (two all-ins of different sizes, a fold,
  a tie in hi/lo) settled over and over;
* ``test_award_batch_*``: 1,000 different random hands per round, so branch
  prediction cannot learn one hand; the time per hand is the round's time
  divided by 1,000.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from croupier.pots import award, side_pots

if TYPE_CHECKING:
    from conftest import PerHand

T = TypeVar("T")
Hand = tuple[list[int], list[bool], list[int], list[int] | None]

# Typical hands: several all-in amounts (a main pot and side pots, chips
# given back), folded players' chips in the pots, ties in the high or low.
HANDS: dict[int, tuple[list[int], list[bool], list[int], list[int]]] = {
    2: ([300, 500], [False, False], [4200, 3100], [30, 30]),
    6: (
        [100, 250, 600, 600, 20, 0],
        [False, False, False, False, True, True],
        [5123, 6001, 2210, 6001, 0, 0],
        [0, 12, 40, 40, 0, 0],
    ),
    9: (
        [100, 250, 600, 600, 20, 0, 1000, 1000, 75],
        [False, False, False, False, True, True, False, False, False],
        [5123, 6001, 2210, 6001, 0, 0, 3333, 120, 7000],
        [0, 12, 40, 40, 0, 0, 7, 0, 55],
    ),
}


def timed(benchmark: BenchmarkFixture, fn: Callable[..., T], *args: object) -> T:
    """Time ``fn(*args)``: it takes well under a microsecond, so each round
    times 1,000 calls (the reported times are per call), after a warm-up."""
    result: T = benchmark.pedantic(  # type: ignore[no-untyped-call]
        fn, args, iterations=1000, rounds=300, warmup_rounds=10
    )
    return result


def random_hands(players: int, hilo: bool, count: int = 1000, seed: int = 1) -> list[Hand]:
    rnd = random.Random(seed * 100 + players)
    out: list[Hand] = []
    for _ in range(count):
        put = [rnd.choice((0, 1, 2, 5, 10, 20, 50)) * 100 for _ in range(players)]
        folded = [rnd.random() < 0.3 for _ in range(players)]
        folded[rnd.randrange(players)] = False
        high = [rnd.randint(1, 7462) for _ in range(players)]
        low = [rnd.choice((0, 0, rnd.randint(1, 56))) for _ in range(players)] if hilo else None
        out.append((put, folded, high, low))
    return out


def settle_all(hands: list[Hand]) -> list[list[int]]:
    return [award(put, folded, high, low) for put, folded, high, low in hands]


@pytest.mark.parametrize("players", [2, 6, 9])
def test_award(benchmark: BenchmarkFixture, players: int) -> None:
    put, folded, high, _ = HANDS[players]
    benchmark.group = "award, one hand"
    out = timed(benchmark, award, put, folded, high)
    assert sum(out) == sum(put)


@pytest.mark.parametrize("players", [2, 6, 9])
def test_award_hilo(benchmark: BenchmarkFixture, players: int) -> None:
    put, folded, high, low = HANDS[players]
    benchmark.group = "award, one hand"
    out = timed(benchmark, award, put, folded, high, low)
    assert sum(out) == sum(put)


@pytest.mark.parametrize("hilo", [False, True], ids=["high", "hilo"])
@pytest.mark.parametrize("players", [2, 6, 9])
def test_award_batch(
    benchmark: BenchmarkFixture, per_hand: PerHand, players: int, hilo: bool
) -> None:
    hands = random_hands(players, hilo)
    benchmark.group = "award, 1000 random hands"
    results = per_hand(len(hands), settle_all, hands)
    assert [sum(out) for out in results] == [sum(h[0]) for h in hands]


@pytest.mark.parametrize("players", [2, 6, 9])
def test_side_pots(benchmark: BenchmarkFixture, players: int) -> None:
    put, folded, _, _ = HANDS[players]
    benchmark.group = "side_pots, one hand"
    pots = timed(benchmark, side_pots, put, folded)
    assert pots
