"""The draw games' property tests at full size: 100,000 hands per game and structure.

``tests/test_draw_properties.py`` plays 1,000 random hands per game x
structure (2 to 6 players) in the suite; this runs the same tests with
``CROUPIER_DRAW_HANDS`` hands each (default 100,000, and a twentieth of that
checked at every decision), which takes about half an hour on one core::

    python bench/draw_properties.py            # 100,000 hands per configuration
    python bench/draw_properties.py 20000      # fewer
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    hands = int(argv[0]) if argv else 100_000
    env = {**os.environ, "CROUPIER_DRAW_HANDS": str(hands)}
    started = time.perf_counter()
    test = ROOT / "tests" / "test_draw_properties.py"
    command = [
        sys.executable,
        "-m",
        "pytest",
        str(test),
        "-q",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
    ]
    status = subprocess.call(command, env=env, cwd=ROOT)
    print(
        f"{hands:,} hands per configuration: {time.perf_counter() - started:,.0f} s, exit {status}"
    )
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
