"""pytest-benchmark: reading and replaying PHH hand histories.

``pytest bench/bench_phh.py`` reads the HandHQ sample (four ``.phhs`` files,
2,954 hands) three times and keeps the best round; ``extra_info`` holds the
hands per second (``--benchmark-json``), and a line per benchmark is printed
(``-s``).  ``test_tomllib_alone`` times only the TOML layer (``tomllib`` with
floats as ``Decimal``), for comparison; ``test_iter_load_and_replay`` reads and
replays with each installed TOML backend.  With ``--benchmark-disable`` each
runs once and checks its result.  ``test_streaming_memory`` streams the sample
repeated 100 times as one file (295,400 hands) in a fresh process and checks
that its peak resident memory stays under 200 MB.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from conftest import HANDHQ_HANDS

from croupier import _toml, phh
from croupier.replay import replay

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HANDS = HANDHQ_HANDS  # the sample's hands (bench/conftest.py)
ROUNDS = 3


def _best_of(benchmark: Any, fn: Callable[[], int]) -> int:
    """``fn()`` (the number of hands read) timed ``ROUNDS`` times; the best rate is kept."""
    hands: int = benchmark.pedantic(fn, rounds=ROUNDS, iterations=1)
    if benchmark.stats is not None:
        rate = hands / benchmark.stats.stats.min
        benchmark.extra_info.update(hands=hands, hands_per_second=rate)
        print(f"\n{benchmark.name}: {hands:,} hands, {rate:,.0f} hands/s (best of {ROUNDS})")
    return hands


def test_load_all(benchmark: Any, handhq_files: list[Path]) -> None:
    """``phh.load_all`` on each file: read, TOML, checks, exact amounts, actions."""
    hands = _best_of(benchmark, lambda: sum(len(phh.load_all(path)) for path in handhq_files))
    assert hands == HANDS


def test_tomllib_alone(benchmark: Any, handhq_files: list[Path]) -> None:
    """Only ``tomllib.loads(text, parse_float=Decimal)`` on the same text."""
    texts = [path.read_text(encoding="utf-8") for path in handhq_files]
    hands = _best_of(
        benchmark, lambda: sum(len(tomllib.loads(t, parse_float=Decimal)) for t in texts)
    )
    assert hands == HANDS


@pytest.mark.parametrize("backend", sorted(_toml.BACKENDS))
def test_iter_load_and_replay(benchmark: Any, handhq_files: list[Path], backend: str) -> None:
    """``phh.iter_load`` over the four files and ``replay`` of every hand."""
    before = _toml.backend()
    _toml.use(backend)

    def run() -> int:
        count = 0
        for history in phh.iter_load(handhq_files):
            replay(history)
            count += 1
        return count

    try:
        assert _best_of(benchmark, run) == HANDS
    finally:
        _toml.use(before)


# The peak resident memory of this process's own address space (VmHWM): unlike
# getrusage's ru_maxrss, which Linux carries across exec from the forking parent.
MEMORY_SCRIPT = """
import sys
from croupier import phh
count = sum(1 for _ in phh.iter_load(sys.argv[1]))
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(count, peak // 1024)
"""


def test_streaming_memory(handhq_files: list[Path], tmp_path: Path) -> None:
    """The sample 100 times as one file: streamed in a process that stays under 200 MB."""
    path = tmp_path / "sample-x100.phhs"
    texts = [p.read_text(encoding="utf-8").rstrip("\n") + "\n" for p in handhq_files]
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(100):
            out.writelines(texts)
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    count, megabytes = map(int, done.stdout.split())
    size = path.stat().st_size // 2**20
    print(f"\nstreamed {count:,} hands from a {size} MB file, peak RSS {megabytes} MB")
    assert count == 100 * HANDS
    assert megabytes < 200
