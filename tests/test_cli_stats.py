"""``croupier stats``, run as a subprocess (``python -m croupier``).

The text table, ``--json`` and ``--csv`` against the library's own
``croupier.statistics.stats``, ``--player``, ``--skip-errors``, ``--jobs``
(processes: the same output), ``--progress`` (a last line at 100 % on
stderr), and every error as one line on stderr with status 2.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from croupier import phh
from croupier.statistics import COLUMNS, stats

DATA = Path(__file__).resolve().parent / "data" / "phh"
HANDHQ = DATA / "handhq" / "IPN-100NLH-ipn_NLH_handhq_2081-OBFUSCATED.phhs"
ABS = DATA / "handhq" / "ABS-1000NLH-abs_NLH_handhq_67-OBFUSCATED.phhs"
WSOP = DATA / "wsop"
HOLDEM = WSOP / "wsop-2023-43-5-1_00_02_07.phh"  # NT, p1..p5 without names


@pytest.fixture
def illegal(tmp_path: Path) -> Path:
    """The Hold'em hand with a raise to 1 chip: an illegal action (p4 cbr 1)."""
    path = tmp_path / "illegal.phh"
    path.write_text(HOLDEM.read_text().replace("'p4 cbr 170000'", "'p4 cbr 1'"))
    return path


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "croupier", "stats", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def assert_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert re.match(r"croupier( stats)?: error: ", lines[0]), lines[0]
    for word in words:
        assert word in lines[0], lines[0]


def test_the_table_has_a_row_per_player_by_hands() -> None:
    result = run(ABS)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == [
        "player", "hands", "VPIP", "PFR", "3B", "F3B", "CB", "AF", "WTSD", "W$SD", "net",
        "bb/100", "AI", "net", "AI", "bb/100",
    ]  # fmt: skip
    expected = stats(ABS)
    rows = [line.split() for line in lines[1:-1]]
    assert len(rows) == len(expected)
    hands = [int(row[1].replace(",", "")) for row in rows]
    assert hands == sorted(hands, reverse=True)
    for row in rows[:5]:
        player = expected[row[0]]
        assert int(row[1].replace(",", "")) == player.hands
        assert row[2] == f"{player.vpip_percent:.1f}"
        assert Fraction(row[10]) == player.net  # exact: a decimal amount
    assert lines[-1].startswith(f"{expected.hands:,} hands, {len(expected):,} players")
    assert f"all-in adjusted: {expected.all_in_spots:,} hand(s)" in lines[-1]


def test_json_is_the_librarys_result() -> None:
    result = run(ABS, HOLDEM, "--json")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    expected = stats([ABS, HOLDEM])
    assert document["hands"] == expected.hands == 865
    assert document["all_in_spots"] == expected.all_in_spots
    assert document["skipped"] == 0 and document["problems"] == []
    players = {p["player"]: p for p in document["players"]}
    assert set(players) == set(expected)
    for name, record in players.items():
        mine = expected[name]
        assert list(record) == list(COLUMNS)
        assert record["hands"] == mine.hands and record["cbets"] == mine.cbets
        assert Fraction(record["net"]) == mine.net  # an exact decimal string
        adjusted = Fraction(record["all_in_adjusted_net"])
        assert abs(adjusted - mine.all_in_adjusted_net) <= Fraction(1, 2 * 10**6)
        assert record["vpip_percent"] == mine.vpip_percent
        assert record["bb_per_100"] == mine.bb_per_100


def test_csv_has_the_record_columns() -> None:
    result = run(ABS, "--csv")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    expected = stats(ABS)
    assert len(rows) == len(expected)
    assert list(rows[0]) == list(COLUMNS)
    for row in rows:
        mine = expected[row["player"]]
        assert int(row["hands"]) == mine.hands and Fraction(row["net"]) == mine.net
        assert row["aggression_factor"] == ("" if mine.aggression_factor is None else
                                            str(mine.aggression_factor))  # fmt: skip


def test_player_keeps_the_players_asked_for() -> None:
    history = phh.load_all(ABS)[0]
    assert history.players is not None
    first, second = history.players[:2]
    result = run(ABS, "--player", first, "--player", second, "--json")
    assert result.returncode == 0, result.stderr
    names = [p["player"] for p in json.loads(result.stdout)["players"]]
    assert sorted(names) == sorted([first, second])


def test_jobs_gives_the_serial_output() -> None:
    serial = run(ABS, HANDHQ, WSOP, "--skip-errors", "--json")
    assert serial.returncode == 0, serial.stderr
    parallel = run(ABS, HANDHQ, WSOP, "--skip-errors", "--json", "--jobs", "2")
    assert parallel.returncode == 0, parallel.stderr
    assert parallel.stdout == serial.stdout
    assert json.loads(serial.stdout)["skipped"] == 0  # every file replays, the draw games too


def test_skip_errors_names_the_first_on_stderr(illegal: Path) -> None:
    result = run(HOLDEM, illegal, "--skip-errors")
    assert result.returncode == 0
    assert result.stderr.startswith("croupier: skipped 1 hand(s); the first: ")
    assert "p4 cbr 1" in result.stderr
    assert result.stdout.splitlines()[-1].startswith("1 hands, ")


def test_a_bad_hand_without_skip_errors_is_one_line_and_status_2(illegal: Path) -> None:
    assert_error(run(HOLDEM, illegal), illegal.name, "p4 cbr 1")


def test_progress_ends_at_100_on_stderr() -> None:
    result = run(ABS, HOLDEM, "--progress")
    assert result.returncode == 0
    last = result.stderr.splitlines()[-1]
    assert last == "croupier: 100%  865 hands"


def test_a_missing_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    assert_error(run(tmp_path / "none.phhs"), "none.phhs")


def test_a_file_that_is_not_phh_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "text.phh"
    path.write_text("hello = \n", encoding="utf-8")
    assert_error(run(path), "text.phh")


def test_usage_errors_are_one_line_and_status_2() -> None:
    assert_error(run(), "PATH")
    assert_error(run(ABS, "--jobs", "0"), "--jobs")
    assert_error(run(ABS, "--json", "--csv"), "--csv")
