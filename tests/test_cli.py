"""The ``croupier`` command line, run as a subprocess (``python -m croupier``).

Each test starts the installed command line and checks what it prints and its
exit status: the ``eval``, ``replay`` and ``equity`` commands, ``--json``, and
that every error (bad cards or ranges, a card given twice, a missing, truncated
or illegal hand history, an unsupported variant, a bad option) is one line on
stderr with status 2, never a traceback.  Interruption, progress, ASCII
output, seeds and Dask are in ``tests/test_cli_interrupts.py``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import croupier
from croupier import phh
from croupier._equity import equity

# The real hand histories kept in the repository (tests/data/phh).
DATA = Path(__file__).resolve().parent / "data" / "phh"
WSOP = DATA / "wsop"
HOLDEM = WSOP / "wsop-2023-43-5-1_00_02_07.phh"  # NT, four streets and a showdown
RAZZ = WSOP / "wsop-2023-43-5-20_01_00_21.phh"  # FR: a bring-in and a completion
DRAW = WSOP / "wsop-2023-43-5-55_02_29_59.phh"  # F2L3D: three draws and a showdown
HANDHQ = DATA / "handhq" / "ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "croupier", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def assert_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit status 2, nothing on stdout, one ``croupier: error:`` line on stderr
    (``croupier equity: error: argument ...`` for an option argparse refuses)."""
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert re.match(r"croupier( [a-z]+)?: error: ", lines[0]), lines[0]
    for word in words:
        assert word in lines[0]


def test_the_hand_histories_are_there() -> None:
    for path in (HOLDEM, RAZZ, DRAW, HANDHQ):
        assert path.is_file(), path


# ------------------------------------------------------------------- --help


@pytest.mark.parametrize(
    "command", [[], ["eval"], ["replay"], ["equity"]], ids=lambda c: " ".join(c) or "-"
)
def test_help_exits_0(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: croupier")
    assert result.stderr == ""
    for name in command or ["eval", "replay", "equity"]:
        assert name in result.stdout


def test_no_command_is_a_usage_error() -> None:
    result = run()
    assert result.returncode == 2
    assert "usage: croupier" in result.stderr and "Traceback" not in result.stderr


# --------------------------------------------------------------------- eval


def test_eval_prints_value_and_description() -> None:
    result = run("eval", "As Ks Qs Js Ts 2c 3d")
    assert result.returncode == 0
    assert result.stdout == "high 7462  Royal flush\n"


def test_eval_json() -> None:
    result = run("eval", "As", "Ks", "Qs", "Js", "Ts", "--json")
    assert result.returncode == 0
    doc = json.loads(result.stdout)
    assert doc["cards"] == "As Ks Qs Js Ts"
    assert doc["results"] == [{"kind": "high", "value": 7462, "description": "Royal flush"}]


def test_eval_every_kind() -> None:
    result = run("eval", "--kind", "all", "5c 4d 3h 2s Ac")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["high", "ace_to_five", "eight_or_better"]
    assert "traight" in lines[0]  # the wheel is a straight for high


@pytest.mark.parametrize("cards", ["Xx Ks Qs Js Ts", "As Ks", "As As Qs Js Ts"])
def test_eval_bad_cards_is_one_line_and_status_2(cards: str) -> None:
    assert_error(run("eval", cards))


# ------------------------------------------------------------------- replay


def test_replay_prints_the_hand_street_by_street() -> None:
    result = run("replay", HOLDEM)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    lines = [line.strip() for line in out.splitlines()]
    assert lines[0] == "NT: No-limit Texas Hold'em"
    streets = [line for line in out.splitlines() if line in ("preflop", "flop", "turn", "river")]
    assert streets == ["preflop", "flop", "turn", "river"]
    for expected in (
        "p1 dealt 7s4s",
        "p3 folds",
        "p4 raises to 170000",
        "p2 calls 90000",  # 170000 less the big blind
        "pot 500000",  # blinds, the big blind's ante and two bets of 170000
        "board JcTs2d",
        "p2 checks",
        "p4 bets 140000",
        "p4 shows 6d5h",
        "main pot 2630000: p2, p4",
        "p2  +1275000",
    ):
        assert expected in lines, expected
    # The preflop actions come before the flop, in the file's order.
    assert lines.index("p4 raises to 170000") < lines.index("flop") < lines.index("p4 bets 140000")


def test_replay_ends_with_the_files_finishing_stacks() -> None:
    history = phh.load(HOLDEM)
    assert history.finishing_stacks is not None
    out = run("replay", HOLDEM).stdout.splitlines()
    at = out.index("finishing stacks:")
    finishing = [line.split() for line in out[at + 1 : at + 6]]
    assert finishing == [
        [f"p{k + 1}", str(history.to_decimal(s))] for k, s in enumerate(history.finishing_stacks)
    ]


@pytest.mark.parametrize("path", [HOLDEM, RAZZ], ids=lambda p: p.stem)
def test_replay_json(path: Path) -> None:
    history = phh.load(path)
    result = run("replay", "--json", path)
    assert result.returncode == 0, result.stderr
    docs = result.stdout.splitlines()
    assert len(docs) == 1
    doc = json.loads(docs[0])
    assert doc["variant"] == history.variant
    assert doc["players"] == ["p1", "p2", "p3", "p4", "p5"]
    assert doc["starting_stacks"] == [
        str(history.to_decimal(s or 0)) for s in history.starting_stacks
    ]
    assert history.finishing_stacks is not None
    assert doc["finishing_stacks"] == [str(history.to_decimal(s)) for s in history.finishing_stacks]
    assert doc["unsettled"] is False
    assert sum(Decimal(p) for p in doc["payoffs"]) == 0
    assert sum(Decimal(w) for w in doc["winnings"]) == Decimal(doc["streets"][-1]["pot"])
    assert sum(Decimal(p["amount"]) for p in doc["pots"]) == Decimal(doc["streets"][-1]["pot"])
    # Every player action of the file is there, once, in order.
    actions = [a for s in doc["streets"] for a in s["actions"]]
    assert len(actions) == sum(1 for a in history.actions if a.kind in ("f", "cc", "cbr", "pb"))
    for action in actions:
        assert set(action) == {"player", "action", "amount", "all_in", "text"}
        assert action["amount"] is None or isinstance(action["amount"], str)


def test_replay_json_of_a_holdem_hand() -> None:
    doc = json.loads(run("replay", "--json", HOLDEM).stdout)
    assert [s["name"] for s in doc["streets"]] == ["preflop", "flop", "turn", "river"]
    assert [s["board"] for s in doc["streets"]] == [[], ["Jc", "Ts", "2d"], ["As"], ["Qs"]]
    assert doc["streets"][0]["hole"][3] == {"player": "p4", "cards": ["6d", "5h"]}
    first = doc["streets"][0]["actions"][1]
    assert first == {
        "player": "p4",
        "action": "raise",
        "amount": "170000",
        "all_in": False,
        "text": "p4 raises to 170000",
    }
    assert doc["pots"] == [{"amount": "2630000", "eligible": ["p2", "p4"]}]
    assert doc["winnings"] == ["0", "2630000", "0", "0", "0"]
    assert doc["payoffs"] == ["-40000", "1275000", "0", "-1235000", "0"]
    assert [a["text"] for a in doc["showdown"]] == ["p4 shows 6d5h", "p2 shows Js8h"]


def test_replay_a_stud_hand_with_a_bring_in() -> None:
    result = run("replay", RAZZ)
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert lines[0] == "FR: Fixed-limit Razz"
    assert [x for x in lines if x in ("third", "fourth", "fifth", "sixth", "seventh")] == [
        "third",
        "fourth",
        "fifth",
        "sixth",
    ]
    for expected in (
        "p1 dealt 7c3hKc",
        "p1 brings in 50000",
        "p2 completes to 200000",
        "p3 calls 200000",
        "p2 dealt Jh",  # fourth street: one card to each player still in
        "p3 bets 200000",
        "p2 folds",
        "main pot 1900000: p3",
        "p3  +1050000",
    ):
        assert expected in lines, expected


def test_replay_one_hand_of_a_phhs_file() -> None:
    result = run("replay", HANDHQ, "--hand", "3")
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert lines[:2] == ["hand 3", "NT: No-limit Texas Hold'em"]
    assert "hand 1" not in lines and "hand 4" not in lines
    # Player names come from the file; amounts in its units (dollars, cents).
    assert "YnmJng67aC1XXLmkUMV2Dw  58.15" in lines
    assert "ZpYc8/ksQYSNFEFIeiSSWw calls 0.5" in lines
    assert "LHSEggf8hUg0kqvaCgiJcw raises to 17" in lines
    assert "main pot 17: LHSEggf8hUg0kqvaCgiJcw" in lines


def test_replay_every_hand_of_a_phhs_file(tmp_path: Path) -> None:
    path = tmp_path / "three.phhs"
    path.write_text(phh.dumps_all(phh.load_all(HANDHQ)[:3]))
    text = run("replay", path)
    assert text.returncode == 0, text.stderr
    assert [x for x in text.stdout.splitlines() if x.startswith("hand ")] == [
        "hand 1",
        "hand 2",
        "hand 3",
    ]
    result = run("replay", "--json", path)
    assert result.returncode == 0, result.stderr
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["hand"] for d in docs] == [1, 2, 3]
    assert docs[0]["starting_stacks"] == ["200.3", "81.6", "197"]
    only = json.loads(run("replay", "--json", "--hand", "2", path).stdout)
    assert only == docs[1]


def test_replay_with_unknown_cards_is_unsettled() -> None:
    # Hand 2: a showdown of three players, two of whose cards are unknown.
    result = run("replay", HANDHQ, "--hand", "2")
    assert result.returncode == 0, result.stderr
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "ahN79dgDL8C99nHik5Up7Q dealt ????" in lines
    assert "ahN79dgDL8C99nHik5Up7Q shows ????" in lines
    assert lines[-1] == "result: unsettled (unknown cards)"
    assert "winnings:" not in lines
    doc = json.loads(run("replay", "--json", HANDHQ, "--hand", "2").stdout)
    assert doc["unsettled"] is True
    assert doc["winnings"] is None and doc["payoffs"] is None and doc["finishing_stacks"] is None
    assert doc["pots"] == [{"amount": "3", "eligible": doc["players"][:3]}]


# ------------------------------------------------------------------- errors


def test_replay_a_missing_file(tmp_path: Path) -> None:
    assert_error(run("replay", tmp_path / "nope.phh"), "No such file", "nope.phh")


def test_replay_a_directory(tmp_path: Path) -> None:
    assert_error(run("replay", tmp_path))


def test_replay_a_truncated_file(tmp_path: Path) -> None:
    text = HOLDEM.read_text()
    path = tmp_path / "half.phh"
    path.write_text(text[: len(text) // 2])
    assert_error(run("replay", path), "half.phh")


def test_replay_a_truncated_phhs_file(tmp_path: Path) -> None:
    text = HANDHQ.read_text()
    cut = text.index("actions = [", text.index("[3]")) + 20  # inside hand 3's actions
    path = tmp_path / "half.phhs"
    path.write_text(text[:cut])
    assert_error(run("replay", path), "half.phhs")


def test_replay_an_unknown_variant(tmp_path: Path) -> None:
    path = tmp_path / "unknown.phh"
    path.write_text(HOLDEM.read_text().replace("variant = 'NT'", "variant = 'NXX'"))
    assert_error(run("replay", path), "NXX")


def test_replay_a_draw_game_shows_the_discards_and_the_replacements() -> None:
    result = run("replay", DRAW)
    assert result.returncode == 0, result.stderr
    text = result.stdout
    # Each draw is a street of its own: the discards, the cards dealt for them.
    for street in ("predraw", "first draw", "second draw", "third draw"):
        assert f"\n{street}\n" in text
    assert "p1 discards QdJc\n  p1 draws As6s\n  p2 discards KsKd4s\n  p2 draws 7s7c5c" in text
    assert "p2 stands pat" in text
    history = phh.load(DRAW)
    assert history.finishing_stacks is not None
    assert f"p2  {history.finishing_stacks[1]}" in text  # 3000000: the 7-6-5-4-2 wins
    document = json.loads(run("replay", DRAW, "--json").stdout)
    kinds = [a["action"] for street in document["streets"] for a in street["actions"]]
    assert kinds.count("discard") == 5 and kinds.count("draw") == 5
    assert kinds.count("stand_pat") == 1


def test_replay_an_illegal_action(tmp_path: Path) -> None:
    path = tmp_path / "illegal.phh"
    path.write_text(HOLDEM.read_text().replace("'p4 cbr 170000'", "'p4 cbr 1'"))
    assert_error(run("replay", path), "illegal.phh", "p4 cbr 1")


def test_replay_a_file_that_is_not_phh(tmp_path: Path) -> None:
    path = tmp_path / "binary.phh"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_error(run("replay", path))


@pytest.mark.parametrize("number", ["0", "1000"])
def test_replay_a_hand_the_file_does_not_have(number: str) -> None:
    assert_error(run("replay", HANDHQ, "--hand", number), f"--hand {number}")


# ------------------------------------------------------------------- equity

FLOP = ("AhKh", "QdQc", "--board", "2c7d9h")  # 990 turns and rivers


def percents(line: str) -> dict[str, float]:
    """``{"equity": 28.28, "win": ...}`` from a line of ``croupier equity``."""
    words = line.split()[1:]
    return {w: float(v.rstrip("%")) for w, v in zip(words[::2], words[1::2], strict=True)}


def test_equity_of_a_flop_spot() -> None:
    result = run("equity", *FLOP)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert [line.split()[0] for line in lines[:2]] == ["AhKh", "QdQc"]
    assert lines[2] == "990 deals, exact"
    rows = [percents(line) for line in lines[:2]]
    assert [set(r) for r in rows] == [{"equity", "win", "tie"}] * 2  # no hi/lo shares
    expected = equity(croupier.TexasHoldem(croupier.NO_LIMIT), ["AhKh", "QdQc"], "2c7d9h")
    assert [r["equity"] for r in rows] == [round(100 * e, 2) for e in expected.equity]
    assert sum(r["equity"] for r in rows) == pytest.approx(100, abs=0.011)


def test_equity_json_is_the_library_result() -> None:
    result = run("equity", *FLOP, "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert set(doc) == {"game", "board", "dead", "hands", "deals", "exact", "seed"}
    assert (doc["game"], doc["board"], doc["dead"]) == ("holdem", "2c7d9h", "")
    assert doc["seed"] is None  # an exact run uses none
    expected = equity(
        croupier.TexasHoldem(croupier.NO_LIMIT), ["AhKh", "QdQc"], "2c7d9h", exact=True
    )
    assert doc["deals"] == expected.deals == 990
    assert doc["exact"] is True
    assert [h["hand"] for h in doc["hands"]] == ["AhKh", "QdQc"]
    for i, hand in enumerate(doc["hands"]):
        assert set(hand) == {"hand", "equity", "win", "tie", "high", "low", "stderr"}
        assert hand["equity"] == expected.equity[i]
        assert hand["win"] == expected.win[i]
        assert hand["tie"] == expected.tie[i]
        assert hand["high"] == expected.high[i]
        assert hand["low"] == expected.low[i]
        assert hand["stderr"] is None
        assert all(isinstance(hand[k], float) for k in ("equity", "win", "tie", "high", "low"))
    assert sum(h["equity"] for h in doc["hands"]) == pytest.approx(1.0, abs=1e-12)


def test_equity_with_dead_cards_and_a_turn() -> None:
    result = run("equity", "AhKh", "QdQc", "--board", "2c 7d 9h Th", "--dead", "Jh", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["board"], doc["dead"], doc["deals"]) == ("2c7d9hTh", "Jh", 43)
    expected = equity(croupier.TexasHoldem(croupier.NO_LIMIT), ["AhKh", "QdQc"], "2c7d9hTh", "Jh")
    assert [h["equity"] for h in doc["hands"]] == list(expected.equity)


def test_equity_of_a_range_by_monte_carlo_is_deterministic_with_a_seed() -> None:
    args = ("equity", "TT+, AKs", "AhKh", "--samples", "50000", "--seed", "1")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["TT+,", "AhKh"]
    assert lines[0].startswith("TT+, AKs  equity")
    assert lines[2].startswith("50000 deals, Monte Carlo, ±")
    assert lines[2].endswith(", seed 1")
    rows = [percents(line.replace("TT+, AKs", "range")) for line in lines[:2]]
    assert sum(r["equity"] for r in rows) == pytest.approx(100, abs=0.011)
    doc = json.loads(run(*args, "--json").stdout)
    assert doc["exact"] is False and doc["deals"] == 50000 and doc["seed"] == 1
    expected = equity(
        croupier.TexasHoldem(croupier.NO_LIMIT), ["TT+, AKs", "AhKh"], samples=50000, seed=1
    )
    assert [h["equity"] for h in doc["hands"]] == list(expected.equity)
    assert expected.stderr is not None
    assert [h["stderr"] for h in doc["hands"]] == list(expected.stderr)
    assert all(0 < h["stderr"] < 0.01 for h in doc["hands"])


def test_equity_of_courchevel_hi_lo_has_high_and_low_shares() -> None:
    args = ("equity", "As2d3cKh4s", "QdQc8h9hTs", "--game", "courchevel", "--board", "5c")
    result = run(*args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    rows = [percents(line) for line in lines[:2]]
    assert [set(r) for r in rows] == [{"equity", "win", "tie", "high", "low"}] * 2
    for r in rows:
        assert r["high"] + r["low"] == pytest.approx(r["equity"], abs=0.011)
    assert rows[0]["low"] > 0 and rows[1]["low"] == 0  # only the first hand can make a low
    assert lines[2].endswith("deals, exact")
    doc = json.loads(run(*args, "--json").stdout)
    assert doc["game"] == "courchevel"
    expected = equity(
        croupier.CourchevelHiLo(croupier.POT_LIMIT), ["As2d3cKh4s", "QdQc8h9hTs"], "5c"
    )
    assert [h["high"] for h in doc["hands"]] == list(expected.high)
    assert [h["low"] for h in doc["hands"]] == list(expected.low)
    assert sum(h["equity"] for h in doc["hands"]) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["XxKh", "QdQc", *FLOP[2:]], ["hand 1", "XxKh"]),  # a bad card (not a range either)
        (["TT+, AKx", "AhKh"], ["hand 1", "AKx"]),  # a bad range
        (["AhKhQs", "QdQc"], ["hand 1", "3 cards"]),
        (["AhKh", "QdQc", "--board", "2c7d9x"], ["--board", "9x"]),
        (["AhKh", "QdQc", "--dead", "Zz"], ["--dead"]),
        (["AhKh", "AhQc"], ["twice"]),  # a card used twice: in two hands,
        (["AhKh", "QdQc", "--board", "Ah7d9h"], ["twice"]),  # in a hand and the board,
        (["AhKh", "QdQc", *FLOP[2:], "--dead", "7d"], ["twice"]),  # on the board and dead
        (["AhKh"], ["two hands"]),
        ([], ["two hands"]),
        (["AhKh", "QdQc", "--samples", "0"], ["--samples"]),
        (["AhKh", "QdQc", "--threads", "0"], ["--threads"]),
        (["AhKh", "QdQc", "--samples", "10", "--seed", "-1"], ["--seed"]),
        (["AhKh", "QdQc", "--board", "2c7d9h4s5s6s"], ["6"]),  # too many board cards
        (["As2d3cKh", "QdQc8h9hTs", "--game", "courchevel"], ["hand 1", "4 cards"]),
        (["AA[", "KK", "--game", "omaha"], ["hand 1", "AA[", "without its ']'"]),
        (["AA", "random", "--game", "omaha", "--exact"], ["random Omaha range", "sample it"]),
        (["AA", "KK", "--game", "razz"], ["hand 1", "AA"]),  # no ranges in stud
    ],
    ids=lambda x: " ".join(x) or "-",
)
def test_equity_errors_are_one_line_and_status_2(args: list[str], words: list[str]) -> None:
    assert_error(run("equity", *args), *words)


def test_simulate_prints_every_seat_and_repeats_with_the_seed() -> None:
    args = ["simulate", "--game", "razz", "--players", "4", "--hands", "300", "--seed", "3"]
    first = run(*args, "--json")
    again = run(*args, "--json")
    assert first.returncode == again.returncode == 0
    one, two = json.loads(first.stdout), json.loads(again.stdout)
    assert one["hands"] == 300 and len(one["net"]) == 4 and sum(one["net"]) == 0
    assert (one["net"], one["won"]) == (two["net"], two["won"])
    text = run(*args)
    assert text.returncode == 0
    assert text.stdout.count("seat ") == 4 and "300 hands in" in text.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "1"],
        ["--hands", "0"],
        ["--stack", "0"],
    ],
)
def test_simulate_bad_options_exit_2_with_one_line(args: list[str]) -> None:
    result = run("simulate", *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_equity_for_razz_takes_the_cards_each_player_holds() -> None:
    result = run(
        "equity", "As2d5h7c8sKc", "2c3h4d6sKhQd", "--game", "razz", "--dead", "Qs", "--json"
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["exact"] is True and doc["deals"] == 39 * 38  # 52 - 12 held - 1 dead, 1 card each
    assert sum(h["equity"] for h in doc["hands"]) == pytest.approx(1.0)


def test_equity_samples_to_a_target_standard_error_with_a_progress_bar() -> None:
    result = run(
        "equity", "AhKh", "QdQc", "--stderr", "0.004", "--seed", "1", "--progress", "--json"
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["exact"] is False
    assert max(h["stderr"] for h in doc["hands"]) <= 0.004
    assert "deals" in result.stderr and "Traceback" not in result.stderr
    clash = run("equity", "AhKh", "QdQc", "--stderr", "0.004", "--exact")
    assert clash.returncode == 2 and "--stderr" in clash.stderr
