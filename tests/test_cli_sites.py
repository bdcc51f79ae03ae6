"""The command line on poker sites' files: ``stats``, ``replay`` and ``convert``, run as
subprocesses (``python -m croupier``), against the library's own results."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from croupier import phh, sites
from croupier.replay import replay

SITES = Path(__file__).resolve().parent / "data" / "sites"
STARS = SITES / "pokerstars"
PHH = Path(__file__).resolve().parent / "data" / "phh" / "wsop"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "croupier", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def test_stats_on_site_files_equal_stats_on_the_same_hands_converted_to_phh(
    tmp_path: Path,
) -> None:
    out = tmp_path / "all.phhs"
    converted = run("convert", SITES, "-o", out)
    assert converted.returncode == 0, converted.stderr
    count = len(list(sites.iter_histories(SITES)))
    assert f"wrote {count} hand(s)" in converted.stderr
    assert len(phh.load_all(out)) == count
    on_sites = run("stats", SITES, "--json")
    on_phh = run("stats", out, "--json")
    assert on_sites.returncode == on_phh.returncode == 0, on_sites.stderr + on_phh.stderr
    first, second = json.loads(on_sites.stdout), json.loads(on_phh.stdout)
    assert first == second and first["hands"] == count and first["skipped"] == 0


def test_stats_mixes_site_files_and_phh(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    shutil.copytree(STARS, folder / "stars")
    shutil.copytree(PHH, folder / "wsop")
    result = run("stats", folder, "--json")
    assert result.returncode == 0, result.stderr
    expected = len(list(sites.iter_histories(STARS))) + len(list(phh.iter_load(PHH)))
    assert json.loads(result.stdout)["hands"] == expected


def test_convert_to_pokerstars_text_and_back_replays_the_same(tmp_path: Path) -> None:
    text, again = tmp_path / "hands.txt", tmp_path / "again.phhs"
    assert run("convert", STARS, "-o", text).returncode == 0
    assert run("convert", text, "-o", again).returncode == 0
    first = list(sites.iter_histories(STARS))
    second = phh.load_all(again)
    assert len(first) == len(second)
    for a, b in zip(first, second, strict=True):
        assert a.players == b.players and a.seats == b.seats and a.hand == b.hand
        assert a.finishing_stacks == b.finishing_stacks and a.winnings == b.winnings
        assert replay(a).hand.events == replay(b).hand.events


def test_replay_prints_a_site_hand() -> None:
    result = run("replay", STARS / "mixed.txt", "--hand", "5")
    assert result.returncode == 0, result.stderr
    assert "flop (run 2)" in result.stdout and "Lúcia" in result.stdout


def test_a_bad_site_hand_is_one_error_line_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(
        (STARS / "holdem_cash.txt")
        .read_text(encoding="utf-8")
        .replace("玩家一: calls $1.10", "玩家一: calls $1.20"),
        encoding="utf-8",
    )
    result = run("stats", bad)
    assert result.returncode == 2 and result.stdout == ""
    assert "hand 250000000002, line 50" in result.stderr and "Traceback" not in result.stderr
    skipped = run("stats", bad, "--skip-errors", "--json")
    assert skipped.returncode == 0 and json.loads(skipped.stdout)["skipped"] == 1
    converted = run("convert", bad, "-o", tmp_path / "out.phhs", "--skip-errors")
    assert converted.returncode == 0 and "skipped 1 hand(s)" in converted.stderr
    wrong = run("convert", bad, "-o", tmp_path / "out.json")
    assert wrong.returncode == 2 and "must end in .phhs" in wrong.stderr
