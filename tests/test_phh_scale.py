"""Reading PHH at scale and from odd files (issue 22, item 8).

* Error messages quote at most a short excerpt of the input: a 10 MB action
  line gives a message of a few hundred characters (``PHHError``,
  ``StatsError``, the command line's one line on stderr).
* Reading is linear in the input, however long its lines and tables: checked
  without timing, by the bytes the reader allocates between two reads (a
  reader that copies what it holds each time it reads more allocates the
  square of the line's length).
* A FIFO with no writer, or a device, is refused at once (``open`` would block
  forever on the FIFO); every such test runs against a deadline.
* One rule for repeated ``[N]`` tables, in every reader: each header starts
  the next hand, whatever its name.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from croupier import phh, statistics
from croupier.errors import MESSAGE_LIMIT, PHHError
from croupier.phh import _split
from croupier.replay import replay

COMMAND = [sys.executable, "-m", "croupier"]
HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = [{actions}]
"""
BIG = 10_000_000  # characters of the bad action lines: 10 MB


def hand(*actions: str) -> str:
    return HAND.format(actions=", ".join(f"'{a}'" for a in actions))


def run(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


# ------------------------------------------------------------------ messages

BAD_ACTIONS = {
    "unknown action": ("p1 " + "x" * BIG, "unknown player action"),
    "huge amount": ("p1 cbr " + "9" * BIG, "too large"),
    "no actor": ("x" * BIG, "expected an actor and an action"),
    "bad cards": ("d dh p1 " + "Zz" * (BIG // 2), "bad card 'Zz'"),
    "bad player": ("p" + "1x" * (BIG // 2) + " f", "expected a player like 'p1'"),
    "argument": ("p2 f " + "y" * BIG, "'f' takes no argument"),
}
READERS: dict[str, Callable[[str], object]] = {
    "loads": phh.loads,
    "loads_all": lambda text: phh.loads_all("[1]\n" + text),
    "iter_load": lambda text: list(phh.iter_load(io.StringIO("[1]\n" + text))),
}


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("case", sorted(BAD_ACTIONS))
def test_a_bad_10_mb_action_gives_a_short_message(reader: str, case: str) -> None:
    action, problem = BAD_ACTIONS[case]
    with pytest.raises(PHHError) as caught:
        READERS[reader](hand("p2 cbr 6", action))
    message = str(caught.value)
    assert len(message) < MESSAGE_LIMIT, len(message)
    assert problem in message, message  # still says what is wrong,
    assert "actions[1]" in message and "characters)" in message, message  # where, and how long


def test_a_long_table_name_or_field_name_gives_a_short_message() -> None:
    name = "n" * BIG
    field = "[1]\n" + hand("p2 f") + f"{name} = {{a = 1}}\n"  # a table is not a field value
    for text in (f"[{name}]\n" + hand("p1 fold"), field):
        with pytest.raises(PHHError) as caught:
            phh.loads_all(text)
        assert len(str(caught.value)) <= MESSAGE_LIMIT


def test_a_hand_that_cannot_be_replayed_gives_a_short_stats_error() -> None:
    # Read fine (a comment may be any length), refused by the replay, which names the action.
    history = phh.loads(hand("p1 cc # " + "z" * BIG))
    with pytest.raises(statistics.StatsError) as caught:
        statistics.stats([history])
    message = str(caught.value)
    assert len(message) <= MESSAGE_LIMIT and "not seat 0's turn" in message, message
    skipped = statistics.stats([history], errors="skip")
    assert skipped.skipped == 1 and len(skipped.problems[0]) <= MESSAGE_LIMIT


@pytest.mark.parametrize("action", ["p1 " + "x" * BIG, "p1 cc # " + "z" * BIG])
def test_croupier_stats_prints_a_short_line_on_stderr(tmp_path: Path, action: str) -> None:
    path = tmp_path / "big.phhs"
    path.write_text("[1]\n" + hand(action))
    result = run("stats", path)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr) < MESSAGE_LIMIT + 100, len(result.stderr)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("croupier: error: ")
    skipped = run("stats", path, "--skip-errors")
    assert skipped.returncode == 0, skipped.stderr
    assert skipped.stderr.startswith("croupier: skipped 1 hand(s); the first: ")
    assert len(skipped.stderr) < MESSAGE_LIMIT + 100, len(skipped.stderr)


# ------------------------------------------------------------------ linear reading


def _allocated_between_reads(data: bytes, block: int) -> tuple[int, int]:
    """(bytes allocated by ``phh._split._chunks`` beyond what it held, summed over the
    intervals between two of its reads; the parts' total size)."""
    source = io.BytesIO(data)
    total = 0
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]

        def read(n: int) -> bytes:
            nonlocal total, base
            peak = tracemalloc.get_traced_memory()[1]
            total += peak - base  # what this interval allocated on top of the start
            out = source.read(block)
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            return out

        size = sum(len(chunk) for _, chunk, _ in _split._chunks(read))
    finally:
        tracemalloc.stop()
    return total, size


@pytest.mark.parametrize(
    "text",
    [
        "[1]\n" + hand("p2 f") + "_note = '" + "x" * 2_000_000 + "'\n",  # one long line
        "[1]\n# " + "c" * 2_000_000 + "\n" + hand("p2 f"),  # a long comment
        "[1]\n" + hand("p2 f") + "_n = [\n" + "1,\n" * 700_000 + "]\n",  # a long table
        "# " + "p" * 2_000_000 + "\n[1]\n" + hand("p2 f"),  # before the first table
    ],
    ids=["line", "comment", "table", "preamble"],
)
def test_reading_allocates_in_proportion_to_the_input(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 4 KB blocks a 2 MB line takes 500 reads: a reader that copied what it
    holds at each read would allocate about 500 MB; this one, a few times 2 MB."""
    monkeypatch.setattr(_split, "_BLOCK", 4096)
    data = text.encode()
    allocated, size = _allocated_between_reads(data, 4096)
    assert size == len(data)  # every byte is in a part, once
    assert allocated < 8 * len(data), (allocated, len(data))


def test_a_long_line_reads_to_the_same_hand() -> None:
    note = "x" * 3_000_000
    text = "[1]\n" + hand("p2 f") + f"_note = '{note}'\n[2]\n" + hand("p2 f")
    hands = list(phh.iter_load(io.BytesIO(text.encode())))
    assert [h.extra.get("_note") for h in hands] == [note, None]
    assert hands == phh.loads_all(text)


# ------------------------------------------------------------------ FIFOs and devices


def _within(seconds: float, call: Callable[[], object], unblock: Callable[[], None]) -> object:
    """``call()``'s result or exception, run in a thread; if it is still running after
    ``seconds`` (blocked), ``unblock()`` frees it and the test fails."""
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["value"] = call()
        except BaseException as exc:
            outcome["value"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        unblock()
        thread.join(10)
        pytest.fail(f"still blocked after {seconds} s")
    return outcome["value"]


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "hands.phhs"
    os.mkfifo(path)
    yield path


def _writer(path: Path) -> Callable[[], None]:
    """Open the FIFO for writing and close it: a reader blocked in open() gets EOF."""

    def unblock() -> None:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)

    return unblock


@pytest.mark.parametrize(
    "read",
    [
        lambda p: list(phh.iter_load(p)),
        lambda p: list(phh.iter_load([p])),
        lambda p: phh.load_all(p),
        lambda p: phh.load(p),
        lambda p: statistics.stats(p),
    ],
    ids=["iter_load", "iter_load-list", "load_all", "load", "stats"],
)
def test_a_fifo_without_a_writer_is_refused_at_once(
    fifo: Path, read: Callable[[Path], object]
) -> None:
    outcome = _within(20, lambda: read(fifo), _writer(fifo))
    assert isinstance(outcome, ValueError), outcome
    assert "not a regular file" in str(outcome) and str(fifo) in str(outcome)


def test_stats_skips_a_fifo_with_skip_errors(fifo: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.phhs"
    good.write_text("[1]\n" + hand("p2 f"))
    outcome = _within(20, lambda: statistics.stats([fifo, good], errors="skip"), _writer(fifo))
    assert isinstance(outcome, statistics.Stats), outcome
    assert (outcome.hands, outcome.skipped) == (1, 1)
    assert "not a regular file" in outcome.problems[0]


def test_a_device_is_refused() -> None:
    with pytest.raises(PHHError, match="/dev/null: not a regular file"):
        list(phh.iter_load("/dev/null"))


def test_croupier_stats_on_a_fifo_is_one_line_and_status_2(fifo: Path) -> None:
    try:
        result = run("stats", fifo, timeout=60)
    except subprocess.TimeoutExpired:  # blocked in open(): free it, then fail
        _writer(fifo)()
        pytest.fail("croupier stats blocked on a FIFO")
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1 and "not a regular file" in result.stderr


# ------------------------------------------------------------------ repeated tables


def test_a_repeated_table_name_is_a_second_hand_in_every_reader(tmp_path: Path) -> None:
    """The rule (docs/rules.md §7.1): every [name] header starts the next hand."""
    first, second = hand("p2 cbr 6", "p1 f"), hand("p2 f")
    text = f"[1]\n{first}\n[1]\n{second}"
    path = tmp_path / "joined.phhs"
    path.write_text(text)
    expected = [phh.loads(first), phh.loads(second)]
    assert phh.loads_all(text) == expected
    assert phh.load_all(path) == expected
    assert list(phh.iter_load(path)) == expected
    assert list(phh.iter_load(io.StringIO(text))) == expected
    assert statistics.stats(path).hands == 2
    replayed = run("replay", path, "--hand", "2", "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.count("\n") == 1 and '"payoffs": ["1", "-1"]' in replayed.stdout
    assert run("replay", path).stdout.count("hand ") == 2


def test_replay_names_a_refused_action_with_a_long_comment_by_an_excerpt() -> None:
    text = (
        'variant = "NT"\nante_trimming_status = true\nantes = [0, 0]\n'
        "blinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
        f'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p1 cbr 5 # {"x" * 10**6}"]\n'
    )
    with pytest.raises(ValueError, match="not seat 0's turn") as caught:
        replay(phh.loads(text))
    assert len(str(caught.value)) < 500 and "1,000,011 characters" in str(caught.value)
