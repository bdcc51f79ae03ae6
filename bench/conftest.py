"""pytest configuration for the hand-evaluator benchmarks in bench/.

* Collects ``bench_*.py`` (pytest's default pattern is only ``test_*.py``).
* Records hands per second for each benchmark and prints them after the run
  (pytest-benchmark's own table is per call, and a call evaluates many hands).
* ``handhq_files``: the HandHQ sample kept with the tests (four ``.phhs``
  files, ``HANDHQ_HANDS`` hands), for the hand-history benchmarks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pytest

T = TypeVar("T")
_RATES = pytest.StashKey[list[tuple[str, int, float]]]()

HANDHQ = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh" / "handhq"
HANDHQ_HANDS = 2954


@pytest.fixture(scope="session")
def handhq_files() -> list[Path]:
    """The four ``.phhs`` files of the HandHQ sample (tests/data/phh/handhq)."""
    found = sorted(HANDHQ.glob("*.phhs"))
    assert len(found) == 4, f"the HandHQ sample (4 .phhs files) is not in {HANDHQ}"
    return found


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    if (
        file_path.suffix == ".py"
        and file_path.name.startswith("bench_")
        and not parent.session.isinitpath(file_path)  # an explicit path is collected anyway
    ):
        return pytest.Module.from_parent(parent, path=file_path)
    return None


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RATES] = []


class PerHand(Protocol):
    def __call__(self, hands: int, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...


@pytest.fixture
def per_hand(benchmark: Any, request: pytest.FixtureRequest) -> PerHand:
    """``per_hand(hands, fn, *args, **kwargs)``: ``benchmark(fn, ...)`` for a call on many hands.

    Stores the hand count (and, when timed, hands per second of the best round) in
    ``benchmark.extra_info`` and keeps the rate for the closing summary.  With
    ``--benchmark-disable`` the call runs once, untimed.
    """

    def run(hands: int, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        result: T = benchmark(fn, *args, **kwargs)
        benchmark.extra_info["hands"] = hands
        if benchmark.stats is not None:
            rate = hands / benchmark.stats.stats.min
            benchmark.extra_info["hands_per_second"] = rate
            request.config.stash[_RATES].append((request.node.name, hands, rate))
        return result

    return run


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    rates = terminalreporter.config.stash.get(_RATES, [])
    if not rates:
        return
    terminalreporter.section("hands per second (best round)")
    width = max(len(label) for label, _, _ in rates)
    for label, hands, rate in rates:
        terminalreporter.write_line(f"{label:<{width}}  {hands:>9,} hands  {rate / 1e6:10.2f} M/s")
