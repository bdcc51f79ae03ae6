"""pytest-benchmark: reading PHH hand histories (``croupier.phh.load_all``).

``pytest bench/bench_phh.py`` reads the HandHQ sample (four ``.phhs`` files,
2,954 hands) three times and keeps the best round; ``extra_info`` holds the
hands per second (``--benchmark-json``), and a line per benchmark is printed
(``-s``).  ``test_tomllib_alone`` times only the TOML layer (``tomllib`` with
floats as ``Decimal``), for comparison.  With ``--benchmark-disable`` each runs
once and checks its result.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from croupier import phh

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

# The HandHQ sample kept in the repository (tests/data/phh/handhq, with its SOURCE.md).
HANDHQ = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh" / "handhq"
HANDS = 2954
ROUNDS = 3


@pytest.fixture(scope="module")
def files() -> list[Path]:
    found = sorted(HANDHQ.glob("*.phhs"))
    if len(found) != 4:
        pytest.skip(f"the HandHQ sample (4 .phhs files) is not in {HANDHQ}")
    return found


def _best_of(benchmark: Any, fn: Callable[[], int]) -> int:
    """``fn()`` (the number of hands read) timed ``ROUNDS`` times; the best rate is kept."""
    hands: int = benchmark.pedantic(fn, rounds=ROUNDS, iterations=1)
    if benchmark.stats is not None:
        rate = hands / benchmark.stats.stats.min
        benchmark.extra_info.update(hands=hands, hands_per_second=rate)
        print(f"\n{benchmark.name}: {hands:,} hands, {rate:,.0f} hands/s (best of {ROUNDS})")
    return hands


def test_load_all(benchmark: Any, files: list[Path]) -> None:
    """``phh.load_all`` on each file: read, TOML, checks, exact amounts, actions."""
    hands = _best_of(benchmark, lambda: sum(len(phh.load_all(path)) for path in files))
    assert hands == HANDS


def test_tomllib_alone(benchmark: Any, files: list[Path]) -> None:
    """Only ``tomllib.loads(text, parse_float=Decimal)`` on the same text."""
    texts = [path.read_text(encoding="utf-8") for path in files]
    hands = _best_of(
        benchmark, lambda: sum(len(tomllib.loads(t, parse_float=Decimal)) for t in texts)
    )
    assert hands == HANDS
