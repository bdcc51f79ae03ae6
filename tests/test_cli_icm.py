"""``croupier icm``, run as a subprocess, against the library's own results."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from croupier import icm


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "croupier", "icm", *args],
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def test_json_is_the_library_result() -> None:
    done = run("5000", "3000", "2000", "1000", "--payouts", "50", "30", "20", "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    expected = icm([5000, 3000, 2000, 1000], [50, 30, 20])
    assert document["exact"] is True and document["samples"] == 0
    assert document["equity"] == list(expected.equity)
    assert document["places"] == [list(row) for row in expected.places]


def test_sampling_repeats_with_its_seed_and_says_its_error() -> None:
    args = ("100", "50", "25", "--payouts", "6", "3", "1", "--samples", "5000", "--seed", "4")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert "±" in first.stdout and "sampled (5,000 orders, seed 4)" in first.stdout
    sampled = icm([100, 50, 25], [6, 3, 1], exact=False, samples=5000, seed=4)
    assert f"equity {sampled.equity[0]:.2f} ± {sampled.stderr[0]:.2f}" in first.stdout


def test_bad_input_is_one_line_and_status_2() -> None:
    for args, words in [
        (("5", "-1", "--payouts", "1"), "must be a number >= 0, got '-1'"),
        (("0", "0", "--payouts", "1"), "at least one player with chips"),
        (("1", "2", "--payouts", "1", "2"), "payouts must not increase"),
        (("1", "2"), "--payouts"),
    ]:
        done = run(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
