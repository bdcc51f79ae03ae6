"""The command line under interruption and at scale (issue 12).

Ctrl-C (a real SIGINT sent to a subprocess), progress on a terminal (a
pseudo-terminal) and into a pipe, ASCII-only output, ``--version``, bounds of
the numeric options, the seed of every random run, ``--scheduler`` on a Dask
cluster on loopback, and the rounds behind ``--stderr`` (each round adds new
deals to the ones before).  No timing assertion: only generous timeouts.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import distributed
import pytest
from interrupting import first_line

import croupier
from croupier import NO_LIMIT, _cli
from croupier import _equity as equity_module
from croupier._cli import compute, executors
from croupier._cli import progress as cli_progress
from croupier._equity import equity
from croupier._simulation import simulate

HOLDEM = croupier.TexasHoldem(NO_LIMIT)
HANDHQ = (
    Path(__file__).resolve().parent
    / "data"
    / "phh"
    / "handhq"
    / "ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"
)
COMMAND = [sys.executable, "-m", "croupier"]


def run(*args: str | Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="strict",
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
    )


def assert_usage_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Status 2, nothing on stdout, one ``croupier...: error:`` line, no traceback."""
    assert result.returncode == 2, result
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("croupier") and ": error: " in lines[0], lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])


# ------------------------------------------------------------------ Ctrl-C


def _interrupt(args: list[str]) -> tuple[int, str, str]:
    """Start the command with ``--progress`` (its first progress line on the
    stderr pipe says the work is under way), send one SIGINT, and return the
    status, stdout and the stderr printed after that first line."""
    child = subprocess.Popen(
        [*COMMAND, *args, "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    try:
        assert child.stderr is not None
        first = first_line(child.stderr.fileno(), 120)
        assert first.startswith(b"croupier: "), first
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)  # generous: the stop takes well under 1 s
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return child.returncode, out.decode(), err.decode()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--hands", "10000000"],
        ["equity", "AhKh", "QdQc", "--samples", "200000000", "--seed", "1"],
        ["equity", "AhKh", "QdQc", "--stderr", "1e-7", "--samples", "10000000000"],
        ["equity", "AhKh", "QdQc", "--samples", "100000000", "--threads", "1"],
    ],
    ids=["simulate", "equity-samples", "equity-stderr", "equity-one-thread"],
)
def test_one_ctrl_c_stops_with_one_line_and_status_130(args: list[str]) -> None:
    status, out, err = _interrupt(args)
    assert status == 130, (status, err)
    assert out == ""
    # Progress lines may have come before it; the interruption is one line, and the last.
    assert err.splitlines()[-1:] == ["croupier: interrupted"], err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_a_second_ctrl_c_changes_nothing() -> None:
    args = ["equity", "AhKh", "QdQc", "--stderr", "1e-7", "--samples", "10000000000"]
    child = subprocess.Popen(
        [*COMMAND, *args, "--progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert child.stderr is not None
        first_line(child.stderr.fileno(), 120)
        child.send_signal(signal.SIGINT)
        time.sleep(0.01)
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 130
    assert err.decode().splitlines()[-1:] == ["croupier: interrupted"]
    assert b"Traceback" not in err and out == b""


def _running_threads(pid: int) -> int:
    """The threads of process ``pid`` (Linux's /proc), or 2 after a few seconds elsewhere."""
    tasks = Path(f"/proc/{pid}/task")
    if not Path("/proc/self/task").is_dir():  # pragma: no cover - not Linux
        time.sleep(5)
        return 2
    return len(list(tasks.iterdir()))


def test_ctrl_c_without_progress_during_the_librarys_own_threads() -> None:
    """No --progress: the equity call runs on the library's threads; the first
    thread beside the main one says the work is under way."""
    child = subprocess.Popen(
        [*COMMAND, "equity", "AhKh", "QdQc", "--samples", "200000000", "--threads", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while _running_threads(child.pid) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert (child.returncode, out, err) == (130, "", "croupier: interrupted\n")


def test_main_called_from_python_returns_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(compute, "evaluate", interrupted)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert _cli.main(["eval", "As Ks Qs Js Ts"]) == 130  # returns: no os._exit in-process
    assert err.getvalue() == "croupier: interrupted\n"


# ------------------------------------------------------------------ progress


class _Terminal(io.StringIO):
    """stderr as a terminal, for the progress bar run in this process."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def every_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw on every update (no rate limit), so a test sees every step."""
    for name in ("FIRST_DRAW", "REDRAW_EVERY", "PLAIN_EVERY"):
        monkeypatch.setattr(cli_progress, name, 0.0)


def _percents(text: str) -> list[int]:
    return [int(p) for p in re.findall(r"(\d+)%", text)]


@pytest.mark.usefixtures("every_draw")
@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QdQc", "--samples", "600000", "--seed", "2"],  # Monte Carlo chunks
        ["equity", "22+", "AK, AQ, AJ, KQ", "--board", "2c7d9h", "--exact"],  # exact match-ups
        ["equity", "AhKh", "QdQc", "--stderr", "0.0004", "--seed", "2"],  # rounds to a target
        ["simulate", "--hands", "5000", "--seed", "2"],
        ["replay", str(HANDHQ)],
    ],
    ids=["samples", "exact", "stderr", "simulate", "replay"],
)
def test_progress_moves_on_a_terminal_and_ends_at_100(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert _cli.main([*args, "--progress"]) == 0
    drawn = terminal.getvalue()
    assert drawn.startswith("\r[") and drawn.endswith("\n") and drawn.count("\n") == 1
    frames = [f for f in drawn.split("\r") if f.strip()]  # (replay wipes the line: blanks)
    percents = [_percents(f)[0] for f in frames]
    assert percents == sorted(percents)  # it only moves forward
    assert len(set(percents)) >= 3  # and it moves
    assert percents[-1] == 100 and "100%" in frames[-1]
    assert capsys.readouterr().out  # the command's own output is on stdout, untouched


def test_the_total_of_a_run_to_a_target_is_reached() -> None:
    seen: list[tuple[int, int]] = []
    result = equity(
        HOLDEM, ["AhKh", "QdQc"], stderr=0.0004, seed=5, progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (result.deals, result.deals)  # 100 %: the plan met
    assert all(done < total for done, total in seen[:-1])  # never 100 % before the end
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})


def _pseudo_terminal_stderr(args: list[str]) -> tuple[int, str, bytes]:
    """Run the command with stderr on a pseudo-terminal; its status, stdout and
    what the terminal received."""
    master, slave = pty.openpty()
    child = subprocess.Popen([*COMMAND, *args], stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    received = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed its end
                break
            if not data:
                break
            received += data
        elif child.poll() is not None:
            break
    os.close(master)
    out, _ = child.communicate(timeout=60)
    return child.returncode, out, received


def test_progress_redraws_in_place_on_a_real_terminal() -> None:
    status, out, received = _pseudo_terminal_stderr(
        ["equity", "AhKh", "QdQc", "--samples", "400000", "--seed", "3", "--progress"]
    )
    assert status == 0, received
    assert b"\r[" in received and received.rstrip().endswith(b"400,000 deals")
    assert b"100%" in received
    assert out.endswith(", seed 3\n")


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QdQc", "--samples", "400000", "--seed", "3"],
        ["equity", "AhKh", "QdQc", "--stderr", "0.001", "--seed", "3"],
        ["simulate", "--hands", "3000", "--seed", "3"],
        ["replay", str(HANDHQ), "--json"],
    ],
    ids=["samples", "stderr", "simulate", "replay"],
)
def test_progress_into_a_file_has_no_redraws_and_a_last_line_at_100(args: list[str]) -> None:
    result = run(*args, "--progress")
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("croupier: ") for line in lines)
    assert lines[-1].startswith("croupier: 100%")


def test_progress_lines_into_a_file_say_how_far(
    every_draw: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = io.StringIO()  # not a terminal
    monkeypatch.setattr(sys, "stderr", log)
    assert _cli.main(["simulate", "--hands", "4000", "--seed", "1", "--progress"]) == 0
    assert log.getvalue().splitlines() == [
        "croupier: 25%  1,000 of 4,000 hands",
        "croupier: 50%  2,000 of 4,000 hands",
        "croupier: 75%  3,000 of 4,000 hands",
        "croupier: 100%  4,000 of 4,000 hands",
        "croupier: 100%  4,000 of 4,000 hands",  # the last line, written by finish()
    ]
    assert "seed 1" in capsys.readouterr().out


def test_simulate_reports_its_chunks_and_gives_the_same_result_on_an_executor() -> None:
    seen: list[tuple[int, int]] = []
    local = simulate(HOLDEM, 3500, [100] * 3, seed=4, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1000, 3500), (2000, 3500), (3000, 3500), (3500, 3500)]
    spread_seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        spread = simulate(
            HOLDEM,
            3500,
            [100] * 3,
            seed=4,
            executor=pool,
            progress=lambda d, t: spread_seen.append((d, t)),
        )
    assert (spread.net, spread.won) == (local.net, local.won)
    assert sorted(d for d, _ in spread_seen)[-1] == 3500 and len(spread_seen) == 4


# ------------------------------------------------------------------ the rounds of --stderr


def test_rounds_to_a_target_deal_each_deal_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every deal the rounds ask the engine for is in the result: none is dealt twice."""
    asked: list[int] = []
    real = equity_module._equity

    def counting(*args: object) -> object:
        asked.append(args[5])  # type: ignore[arg-type]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(equity_module, "_equity", counting)
    result = equity(HOLDEM, ["AhKh", "QdQc"], stderr=0.0003, seed=8)
    assert result.stderr is not None and max(result.stderr) <= 0.0003
    assert sum(asked) == result.deals
    assert len(asked) > 2 and max(asked) <= equity_module.ROUND_CALL
    # The plan follows the standard error: not a doubling past it.  At the
    # end the standard error is within 10 % of the target (deals ~ 1/stderr**2).
    assert max(result.stderr) > 0.0003 * 0.9


def test_rounds_to_a_target_repeat_with_the_seed_on_any_threads() -> None:
    one = equity(HOLDEM, ["AhKh", "QdQc", "7s7c"], stderr=0.001, seed=6, threads=1)
    two = equity(HOLDEM, ["AhKh", "QdQc", "7s7c"], stderr=0.001, seed=6, threads=2)
    assert one == two
    assert equity(HOLDEM, ["AhKh", "QdQc", "7s7c"], stderr=0.001, seed=7) != one
    # A run that stops after its first round is that round.
    first = equity(HOLDEM, ["AhKh", "QdQc"], stderr=0.5, seed=6)
    assert first == equity(HOLDEM, ["AhKh", "QdQc"], samples=25_000, seed=6)


def test_rounds_to_a_target_agree_with_the_exact_equity() -> None:
    exact = equity(HOLDEM, ["AhKh", "QdQc"], exact=True)
    sampled = equity(HOLDEM, ["AhKh", "QdQc"], stderr=0.0005, seed=3)
    assert sampled.stderr is not None
    for e, m, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se
    assert sum(sampled.equity) == pytest.approx(1.0)


def test_stderr_with_exact_true_is_refused() -> None:
    with pytest.raises(ValueError, match="exact"):
        equity(HOLDEM, ["AhKh", "QdQc"], exact=True, stderr=0.01)


# ------------------------------------------------------------------ options and seeds


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout == f"croupier {croupier.__version__}\n"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["equity", "AhKh", "QdQc", "--samples", str(10**30)], ["--samples"]),
        # The library's bound (croupier._equity.MAX_SAMPLES), refused while parsing.
        (["equity", "AhKh", "QdQc", "--samples", str(10**10 + 1)], ["--samples", "10,000,000,000"]),
        (["equity", "AhKh", "QdQc", "--samples", "0"], ["--samples"]),
        (["equity", "AhKh", "QdQc", "--samples", "-5"], ["--samples"]),
        (["equity", "AhKh", "QdQc", "--samples", "lots"], ["--samples", "lots"]),
        (["equity", "AhKh", "QdQc", "--samples", "1" * 5000], ["--samples", "5000 characters"]),
        (["equity", "AhKh", "QdQc", "--threads", str(10**30)], ["--threads"]),
        (["equity", "AhKh", "QdQc", "--threads", "0"], ["--threads"]),
        (["equity", "AhKh", "QdQc", "--threads", "-2"], ["--threads"]),
        (["equity", "AhKh", "QdQc", "--seed", "-1"], ["--seed"]),
        (["equity", "AhKh", "QdQc", "--stderr", "0"], ["--stderr"]),
        (["equity", "AhKh", "QdQc", "--stderr", "nan"], ["--stderr"]),
        (["equity", "AhKh", "QdQc", "--stderr", "inf"], ["--stderr"]),
        (["equity", "AhKh", "QdQc", "--game", "bridge"], ["--game", "bridge"]),
        (["equity", "AhKh", "QdQc", "--frobnicate"], ["--frobnicate"]),
        (["equity", "AhKh", "QdQc", "--stderr", "0.01", "--exact"], ["--stderr", "--exact"]),
        (["equity", "AhKh", "Qd♠c"], ["hand 2"]),
        (["simulate", "--hands", str(10**30)], ["--hands"]),
        (["simulate", "--hands", "-1"], ["--hands"]),
        (["simulate", "--players", "11"], ["--players"]),
        (["simulate", "--stack", "0"], ["--stack"]),
        (["simulate", "--seed", "x"], ["--seed"]),
        (["simulate", "--game", "bridge"], ["--game"]),
        (["replay", "no/such/file.phh"], ["No such file"]),
        (["replay", str(HANDHQ), "--hand", "x"], ["--hand"]),
        (["eval", "As Ks Qs Js Xx"], ["Xx"]),
        (["poker"], ["poker"]),
    ],
    ids=lambda x: " ".join(x)[:60] if isinstance(x, list) else None,
)
def test_every_bad_argument_is_one_line_and_status_2(
    args: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status = _cli.main(args)  # in this process: the same path as the program's, faster
    out, err = capsys.readouterr()
    assert_usage_error(subprocess.CompletedProcess(args, status, out, err), *words)


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QdQc", "--samples", str(10**30)],
        ["equity", "AhKh", "QdQc", "--threads", str(10**30)],
        ["simulate", "--hands", "0"],
    ],
)
def test_bad_bounds_from_the_program_itself(args: list[str]) -> None:
    assert_usage_error(run(*args), args[-2])


def test_no_command_prints_the_usage_and_status_2() -> None:
    result = run()
    assert result.returncode == 2
    assert result.stderr.startswith("usage: croupier")
    assert result.stderr.splitlines()[-1].startswith("croupier: error: ")


def test_a_random_equity_run_prints_its_seed_and_repeats_with_it() -> None:
    args = ["equity", "TT+, AKs", "AhKh", "--samples", "30000"]
    drawn = json.loads(run(*args, "--json").stdout)
    assert isinstance(drawn["seed"], int) and drawn["seed"] >= 0
    again = json.loads(run(*args, "--seed", str(drawn["seed"]), "--json").stdout)
    assert again == drawn
    text = run(*args, "--seed", str(drawn["seed"])).stdout
    assert text.splitlines()[-1].endswith(f"seed {drawn['seed']}")
    expected = equity(HOLDEM, ["TT+, AKs", "AhKh"], samples=30000, seed=drawn["seed"])
    assert [h["equity"] for h in drawn["hands"]] == list(expected.equity)


def test_a_random_simulation_prints_its_seed_and_repeats_with_it() -> None:
    args = ["simulate", "--players", "3", "--hands", "400"]
    drawn = json.loads(run(*args, "--json").stdout)
    assert isinstance(drawn["seed"], int)
    again = json.loads(run(*args, "--seed", str(drawn["seed"]), "--json").stdout)
    assert (again["net"], again["won"], again["seed"]) == (
        drawn["net"],
        drawn["won"],
        drawn["seed"],
    )
    text = run(*args, "--seed", str(drawn["seed"])).stdout
    assert text.splitlines()[-1].endswith(f"seed {drawn['seed']}")


# ------------------------------------------------------------------ ASCII terminals


def _ascii_run(*args: str | Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*COMMAND, *map(str, args)],
        capture_output=True,
        timeout=120,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize(
    "env",
    [
        {"PYTHONIOENCODING": "ascii"},
        {"LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"},
    ],
    ids=["PYTHONIOENCODING=ascii", "LC_ALL=C"],
)
def test_an_ascii_terminal_gets_ascii(env: dict[str, str], tmp_path: Path) -> None:
    result = _ascii_run("equity", "TT+, AKs", "AhKh", "--samples", "30000", "--seed", "1", **env)
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode("ascii")  # raises if anything else came out
    assert "+/-" in out.splitlines()[-1]
    # A hand history with names outside ASCII replays: the names as escapes.
    path = tmp_path / "names.phh"
    path.write_text(
        "variant = 'NT'\n"
        "antes = [0, 0]\n"
        "blinds_or_straddles = [1, 2]\n"
        "min_bet = 2\n"
        "starting_stacks = [100, 100]\n"
        "players = ['Jöns', 'Zoë ♠']\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 7h2c', 'p2 f']\n",
        encoding="utf-8",
    )
    replayed = _ascii_run("replay", path, **env)
    assert replayed.returncode == 0, replayed.stderr
    text = replayed.stdout.decode("ascii")
    assert "J\\xf6ns" in text and "Zo\\xeb \\u2660" in text
    assert _ascii_run("equity", "--help", **env).stdout.decode("ascii")
    bad = _ascii_run("eval", "A♠ K♠ Qs Js Ts", **env)
    assert bad.returncode == 2 and b"Traceback" not in bad.stderr
    bad.stderr.decode("ascii")


# ------------------------------------------------------------------ Dask


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "TT+, AKs", "AhKh", "--samples", "120000", "--seed", "5"],
        ["equity", "AhKh", "QdQc", "7s7c", "--stderr", "0.002", "--seed", "5"],
        ["equity", "22+", "AK, AQ, AJ, KQ", "--board", "2c7d9h", "--exact", "--progress"],
        ["simulate", "--players", "4", "--hands", "2500", "--seed", "5", "--progress"],
    ],
    ids=["samples", "stderr", "exact", "simulate"],
)
def test_a_dask_cluster_gives_the_local_result(args: list[str], scheduler: str) -> None:
    local = run(*args, "--json")
    spread = run(*args, "--json", "--scheduler", scheduler)
    assert local.returncode == spread.returncode == 0, spread.stderr
    assert "Traceback" not in spread.stderr
    one, two = json.loads(local.stdout), json.loads(spread.stdout)
    for doc in (one, two):  # wall time differs; everything else is the same
        doc.pop("seconds", None)
        doc.pop("hands_per_second", None)
    assert one == two


def test_a_scheduler_that_is_not_there_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as s:  # a loopback port that nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)
    args = ["simulate", "--hands", "10", "--scheduler", f"tcp://127.0.0.1:{port}"]
    status = _cli.main(args)
    out, err = capsys.readouterr()
    assert_usage_error(subprocess.CompletedProcess(args, status, out, err), "cannot connect")


def test_scheduler_without_dask_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from croupier._cli import main\n"
        "sys.exit(main(['equity', 'AhKh', 'QdQc', '--scheduler', 'tcp://127.0.0.1:1']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert_usage_error(result, "--scheduler needs the 'dask' extra: pip install \".[dask]\"")
