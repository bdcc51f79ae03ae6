"""Fuzzing in bounded time: mutated hand histories and concurrent calls.

(issue 12.)  Mutations of the real hand histories shipped with the tests must
be read, or refused with a ``PHHError``; a history that is read must replay,
or be refused with a ``ValueError`` (``IllegalAction``, ``PHHError``); a
replayed hand that ends settles every chip.  No other exception, no crash, no
hang.  Calls from 8 threads at once give the serial results.  (Random play of
every game, random numpy inputs and forked children have their own suites:
tests/test_hand_limits.py, tests/test_kernel_inputs.py,
tests/test_parallel.py.)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import croupier
from croupier import NO_LIMIT, POT_LIMIT, TexasHoldem, hands, phh
from croupier.errors import PHHError
from croupier.replay import replay

DATA = Path(__file__).resolve().parent / "data" / "phh"
TEXTS = [p.read_text(encoding="utf-8") for p in sorted((DATA / "wsop").glob("*.phh"))]
# A few hands of each HandHQ file (their .phhs files hold thousands).
for path in sorted((DATA / "handhq").glob("*.phhs")):
    TEXTS.extend(phh.dumps(h) for h in phh.load_all(path)[:5])

# Pieces of text a mutation may put in: PHH tokens, numbers at and beyond every
# limit, TOML syntax, card text, junk.
PIECES = [
    "inf", "-inf", "nan", "0", "-1", "1e400", "1e40", "9" * 40, "9" * 5000, "0.0000000000000000001",
    "2**63", "9223372036854775808", "18446744073709551616.0", "1_000", "0x10", "true", "[", "]",
    "[[", "{", "}", "'", '"', "\\", "=", "\n", "#", ",", ".", "??", "As", "Ks", "2c", "Tc", "1s",
    "d dh p1 ", "d db ", "p1 cbr ", "p2 cc", "p3 f", "p9 cbr 5", "p1 sm ", "p1 sm -", "cbr",
    "variant = 'NT'", "variant = 'XX'", "[1]", "antes = [0]", "\x00", "é", "\ufeff",
]  # fmt: skip


def mutate(text: str, rng: random.Random, steps: int) -> str:
    """``text`` after ``steps`` random edits (delete, insert, replace, duplicate a line)."""
    for _ in range(steps):
        kind = rng.randrange(5)
        at = rng.randrange(len(text) + 1)
        if kind == 0 and text:  # delete a span
            text = text[:at] + text[at + rng.randrange(1, 8) :]
        elif kind == 1:  # insert a piece
            text = text[:at] + rng.choice(PIECES) + text[at:]
        elif kind == 2:  # replace a number by another
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = rng.choice(digits)
                j = i
                while j < len(text) and (text[j].isdigit() or text[j] == "."):
                    j += 1
                text = text[:i] + rng.choice(PIECES[:16]) + text[j:]
        elif kind == 3:  # duplicate or drop a line
            lines = text.split("\n")
            k = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines.insert(k, lines[rng.randrange(len(lines))])
            else:
                del lines[k]
            text = "\n".join(lines)
        else:  # swap two action strings
            parts = text.split("', '")
            if len(parts) > 2:
                i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
                parts[i], parts[j] = parts[j], parts[i]
                text = "', '".join(parts)
    return text


def check_history_text(text: str) -> None:
    """Read, replay and settle ``text``; only the documented exceptions may come out."""
    try:
        history = phh.loads(text)
    except PHHError:
        return
    assert phh.loads(phh.dumps(history)) == history  # what is read can be written back
    try:
        result = replay(history)
    except ValueError:  # IllegalAction, PHHError (finishing stacks), a game it cannot set up
        return
    if result.is_over and not result.unsettled:
        assert result.payoffs is not None
        assert sum(result.payoffs) == 0  # no chip lost or created
        start, end = result.starting_stacks, result.stacks
        assert [e - s for s, e in zip(start, end, strict=True)] == list(result.payoffs)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(TEXTS) - 1), st.integers(1, 6), st.randoms(use_true_random=False))
def test_mutated_hand_histories_are_read_or_refused(
    index: int, steps: int, rng: random.Random
) -> None:
    check_history_text(mutate(TEXTS[index], rng, steps))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(TEXTS) - 1), st.randoms(use_true_random=False))
def test_mutated_multi_hand_files_name_the_hand(index: int, rng: random.Random) -> None:
    text = f"[1]\n{TEXTS[index]}\n[2]\n{mutate(TEXTS[index], rng, 3)}"
    try:
        phh.loads_all(text)
    except PHHError as exc:
        assert str(exc).startswith(("hand [", "line ")), str(exc)


def test_the_mutations_reach_every_outcome() -> None:
    # The fuzzing above is only worth something if mutated files are sometimes
    # read and replayed to the end, and sometimes refused by each layer.
    rng = random.Random(12)
    outcomes = {"refused by the reader": 0, "refused by the replay": 0, "replayed": 0}
    for k in range(300):
        text = mutate(TEXTS[k % len(TEXTS)], rng, 1)
        try:
            history = phh.loads(text)
        except PHHError:
            outcomes["refused by the reader"] += 1
            continue
        try:
            replay(history)
        except ValueError:
            outcomes["refused by the replay"] += 1
            continue
        outcomes["replayed"] += 1
    assert all(count >= 10 for count in outcomes.values()), outcomes


# -- 8 threads at once -------------------------------------------------------------


def run_in_threads(work: Callable[[int], object], n: int = 8) -> list[object]:
    """``work(k)`` for k in 0..n-1, all started together on n threads."""
    results: list[object] = [None] * n
    errors: list[BaseException] = []
    barrier = threading.Barrier(n)

    def run(k: int) -> None:
        try:
            barrier.wait()
            results[k] = work(k)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    assert not errors, errors
    return results


def test_eight_threads_get_the_serial_results() -> None:
    rng = np.random.default_rng(5)
    batch = np.array([rng.permutation(52)[:7] for _ in range(40_000)], dtype=np.int16)
    game = TexasHoldem(NO_LIMIT, (1, 2))
    texts = TEXTS[:8]

    def work(k: int) -> object:
        values = hands.high(batch, threads=1 + k % 3)
        eq = croupier.equity(game, ["AsAh", "KsKh"], samples=20_000, seed=k)
        sim = croupier.simulate(game, 200, [100] * 3, policy="random", seed=k)
        replayed = replay(phh.loads(texts[k])).payoffs
        return values.tobytes(), eq.equity, sim.net, replayed

    serial = [work(k) for k in range(8)]
    assert run_in_threads(work) == serial


def test_eight_threads_playing_one_hand_each_and_sharing_a_game() -> None:
    game = TexasHoldem(POT_LIMIT, (1, 2))

    def work(k: int) -> object:
        hand = game.start([10**30, 10**6, 50 + k], seed=k)  # huge stacks too
        rng = random.Random(k)
        while not hand.is_over:
            if hand.can_raise and rng.random() < 0.4:
                assert hand.min_raise_to is not None and hand.max_raise_to is not None
                hand.raise_to(rng.randint(hand.min_raise_to, hand.max_raise_to))
            else:
                hand.check_or_call()
        assert hand.payoffs is not None
        return hand.payoffs

    serial = [work(k) for k in range(8)]
    assert all(sum(p) == 0 for p in serial)  # type: ignore[arg-type]
    assert run_in_threads(work) == serial
