"""croupier's one thread pool (``croupier._parallel``): fork, clamp, one pool, same
results on any threads, Ctrl-C, and the requests too big to run.

The fork and Ctrl-C cases run in a subprocess with a generous timeout, so a
hang fails the test (and a crash shows as a signal) instead of stopping the
suite.  Nothing here times anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import tracemalloc
import warnings

import numpy as np
import pytest
import reference as ref

import croupier
from croupier import _equity_kernels as kernels
from croupier import _parallel, equity, hands, parse_cards

HOLDEM = croupier.TexasHoldem(croupier.NO_LIMIT)
OMAHA = croupier.Omaha(croupier.POT_LIMIT)
OMAHA_HILO = croupier.OmahaHiLo(croupier.POT_LIMIT)
RAZZ = croupier.Razz(1, 1, (2, 4))
STUD_HILO = croupier.SevenCardStudHiLo(1, 1, (2, 4))
THREADS = [1, 2, None, 3, 2**63]
HANG = 240  # seconds: a subprocess still running by then is hung


def run_python(code: str, *, timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter; fails on a hang or a death by signal."""
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {proc.stderr}"
    return proc


def batch(rows: int, k: int, seed: int = 1) -> np.ndarray:
    return ref.random_deals(np.random.default_rng(seed), rows, k).astype(np.uint8)


def pool_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("croupier-")]


# ----------------------------------------------------------------------------
# Threads: validated, clamped, one pool
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [0, -1, 2.0, "2", True, [2]])
def test_threads_must_be_a_positive_int_or_none(bad: object) -> None:
    with pytest.raises(ValueError, match="threads must be a positive int"):
        _parallel.thread_count(bad)
    with pytest.raises(ValueError, match="threads must be a positive int"):
        hands.high(batch(40_000, 7), threads=bad)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="threads must be an int"):
        equity(HOLDEM, ["AhKh", "QdQc"], threads=bad)  # type: ignore[arg-type]


def test_threads_beyond_the_cores_are_clamped_to_them() -> None:
    cores = _parallel.usable_cores()
    assert _parallel.thread_count(None) == cores
    assert _parallel.thread_count(2**63) == cores
    assert _parallel.thread_count(10**100) == cores
    assert _parallel.thread_count(np.int64(1)) == 1
    deals = batch(40_000, 7)
    assert np.array_equal(hands.high(deals, threads=2**63), hands.high(deals, threads=1))
    huge = equity(HOLDEM, ["AA", "KK"], exact=True, threads=2**63)
    assert huge == equity(HOLDEM, ["AA", "KK"], exact=True, threads=1)


def test_one_pool_whatever_threads_values_are_used() -> None:
    deals = batch(40_000, 7)
    for threads in [*range(1, 40), None, 2**63, 10**30]:
        hands.high(deals, threads=threads)
        equity(HOLDEM, ["AhKh", "QdQc"], samples=60_000, seed=1, threads=threads)
        equity(HOLDEM, ["AA", "KK"], exact=True, threads=threads)
    found = pool_threads()
    assert len(found) == _parallel.pool_size() == _parallel.usable_cores() - 1
    assert all(t.daemon for t in found)


# ----------------------------------------------------------------------------
# The same results on any number of threads
# ----------------------------------------------------------------------------


def test_batches_are_the_same_on_any_threads() -> None:
    seven = batch(70_000, 7)
    five = np.ascontiguousarray(seven[:, :5])
    hole, board = batch(70_000, 9, seed=3)[:, :4], batch(70_000, 9, seed=3)[:, 4:]
    hole, board = np.ascontiguousarray(hole), np.ascontiguousarray(board)
    for fn in (hands.high, hands.ace_to_five_low, hands.eight_or_better_low):
        for cards in (seven, five):
            one = fn(cards, threads=1)
            assert one[0] == fn(cards[0].tolist())
            for threads in THREADS:
                assert np.array_equal(fn(cards, threads=threads), one)
    for omaha in (hands.omaha_high, hands.omaha_eight_or_better_low):
        one = omaha(hole, board, threads=1)
        assert one[5] == omaha(hole[5].tolist(), board[5].tolist())
        for threads in THREADS:
            assert np.array_equal(omaha(hole, board, threads=threads), one)


@pytest.mark.parametrize(
    ("game", "hands_", "board", "options"),
    [
        (HOLDEM, ["AhKh", "QdQc"], "", {"exact": True}),
        (HOLDEM, ["AA,KK,QQ", "AKs,AKo", "22+"], "2c7d9h", {"exact": True}),
        (HOLDEM, ["AhKh", "QdQc", "Tc9c"], "", {"samples": 120_000, "seed": 7}),
        (HOLDEM, ["AhKh", "22+,A2s+,KTs+", "random"], "", {"samples": 60_000, "seed": 2}),
        (OMAHA, ["AsKsQdJd", "9h9c8h7c", "2c3c4d5d"], "", {"exact": True}),
        (OMAHA_HILO, ["As2sQdJd", "9h9c8h7c", "2c3c4d5d"], "", {"exact": True}),
        (OMAHA_HILO, ["As2sQdJd", "9h9c8h7c"], "Kc8d3h", {"samples": 80_000, "seed": 3}),
        (RAZZ, ["As2d3c4h6s7d", "KhQhJh2c3d4s", "5c5d9s8s7h"], "", {"exact": True}),
        (STUD_HILO, ["As2d3c4h6s7d", "KhQhJh2c3d", "5c5d9s8sTh"], "", {"exact": True}),
        (RAZZ, ["As2d3c", "KhQhJh", "5c5d9s"], "", {"samples": 80_000, "seed": 1}),
    ],
)
def test_equity_is_the_same_on_any_threads(
    game: croupier.Game, hands_: list[str], board: str, options: dict[str, object]
) -> None:
    one = equity(game, hands_, board=board, threads=1, **options)  # type: ignore[arg-type]
    assert sum(one.equity) == pytest.approx(1.0)
    for threads in THREADS[1:]:
        assert equity(game, hands_, board=board, threads=threads, **options) == one  # type: ignore[arg-type]


def test_exact_kernels_give_the_same_sums_however_the_deals_are_cut() -> None:
    """Three-way ties give shares of a third, which floating-point sums would round
    differently in another order: the kernels count deals in integers instead."""
    holes = np.array([parse_cards(h) for h in ("AsKdQh2c", "AhKcQd2d", "AdKhQs2h")], np.uint8)
    stub = np.array([c for c in range(52) if c not in holes], dtype=np.uint8)
    none = np.zeros(0, np.uint8)
    rows = [kernels.omaha_exact(holes, none, stub, 5, False, t) for t in (1, 2, None)]
    assert rows[0] == rows[1] == rows[2]
    assert min(rows[0][4]) > 0  # every hand ties the high on some boards
    # Chunk by chunk (the first new card) by hand, added in integers too: the same.
    by_first = [
        kernels.omaha_exact(holes, stub[i : i + 1], stub[i + 1 :], 4, False, 1)
        for i in range(len(stub) - 4)
    ]
    assert [[sum(part[r][p] for part in by_first) for p in range(3)] for r in range(6)] == [
        pytest.approx(row, rel=1e-12) for row in rows[0]
    ]


# ----------------------------------------------------------------------------
# fork
# ----------------------------------------------------------------------------


def test_a_forked_child_can_use_every_parallel_kernel() -> None:
    """After the parent ran every parallel kernel on the pool, the same calls in a
    child made by os.fork() return (libgomp and a cached executor used to hang)."""
    proc = run_python(
        """
        import os, sys, time
        import numpy as np
        import croupier
        from croupier import equity, hands

        H = croupier.TexasHoldem(croupier.NO_LIMIT)
        O = croupier.OmahaHiLo(croupier.POT_LIMIT)
        R = croupier.Razz(1, 1, (2, 4))
        rng = np.random.default_rng(5)
        deals = np.argsort(rng.random((40_000, 52)), axis=1)[:, :9].astype(np.uint8)

        def work():
            return [
                hands.high(np.ascontiguousarray(deals[:, :7])).tobytes(),
                hands.omaha_high(np.ascontiguousarray(deals[:, :4]),
                                 np.ascontiguousarray(deals[:, 4:]), threads=2).tobytes(),
                equity(H, ["AA", "KK"], exact=True),
                equity(H, ["AhKh", "QdQc"], samples=100_000, seed=1),
                equity(O, ["As2sQdJd", "9h9c8h7c"], exact=True),
                equity(R, ["As2d3c4h6s", "KhQhJh2c3d"], exact=True),
            ]

        parent = work()
        pid = os.fork()
        if pid == 0:
            os._exit(0 if work() == parent else 1)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                print("child status", status)
                sys.exit(0 if status == 0 else 1)
            time.sleep(0.05)
        os.kill(pid, 9)
        print("the child hung")
        sys.exit(2)
        """
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "child status 0" in proc.stdout


def test_the_pool_is_forgotten_in_a_forked_child() -> None:
    equity(HOLDEM, ["AA", "KK"], exact=True)  # the pool exists in this process
    reader, writer = os.pipe()
    with warnings.catch_warnings():
        # Python 3.12+ warns that this process has threads: forking it anyway
        # (as multiprocessing does) is the case under test.
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        try:
            before = _parallel.pool_size()
            equity(HOLDEM, ["AA", "KK"], exact=True)
            os.write(writer, f"{before} {_parallel.pool_size()} {len(pool_threads())}".encode())
        finally:
            os._exit(0)
    os.close(writer)
    deadline = time.monotonic() + HANG
    while not os.waitpid(pid, os.WNOHANG)[0]:
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung")
        time.sleep(0.05)
    with os.fdopen(reader) as pipe:
        before, after, threads = pipe.read().split()
    cores = _parallel.usable_cores()
    assert (int(before), int(after), int(threads)) == (0, cores - 1, cores - 1)


# ----------------------------------------------------------------------------
# Ctrl-C
# ----------------------------------------------------------------------------

INTERRUPTED = """
import signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import numpy as np
import croupier
from croupier import _parallel, hands

def check_the_pool_afterwards():
    deadline = time.monotonic() + 60
    while _parallel.pool_busy():  # the threads stop within a chunk's time
        assert time.monotonic() < deadline, "pool threads still busy"
        time.sleep(0.01)
    deals = np.argsort(np.random.default_rng(1).random((40_000, 52)), axis=1)[:, :7]
    deals = deals.astype(np.uint8)
    assert np.array_equal(hands.high(deals), hands.high(deals, threads=1))
    r = croupier.equity(croupier.TexasHoldem(croupier.NO_LIMIT), ["AA", "KK"], exact=True)
    assert r.deals == 36 * 1_712_304
    print("pool usable", flush=True)
"""


def test_ctrl_c_stops_a_long_exact_equity_and_the_pool_stays_usable() -> None:
    code = INTERRUPTED + textwrap.dedent(
        """
        razz = croupier.Razz(1, 1, (2, 4))
        print("start", flush=True)
        try:
            croupier.equity(razz, ["As2d3c4h", "KhQhJh"], exact=True)  # 1.6e9 deals: a minute
        except KeyboardInterrupt:
            print("KeyboardInterrupt", flush=True)
            check_the_pool_afterwards()
            sys.exit(0)
        print("finished without an interrupt")
        sys.exit(1)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "start"
        time.sleep(0.5)  # well inside the enumeration
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=HANG)
    finally:
        proc.kill()
    assert proc.returncode == 0, out + err
    assert out.split() == ["KeyboardInterrupt", "pool", "usable"]


def test_ctrl_c_stops_a_huge_batch() -> None:
    """A batch of millions of rows is cut into chunks: a SIGINT during it raises
    KeyboardInterrupt there instead of after the last row."""
    code = INTERRUPTED + textwrap.dedent(
        """
        import os
        from croupier import parse_cards
        row = parse_cards("As Kd Qh Jc 9s 2c 3d 4h 5s 7c")
        rows = np.ascontiguousarray(np.broadcast_to(np.array(row, np.uint8), (16_000_000, 10)))
        hole, board = np.ascontiguousarray(rows[:, :5]), np.ascontiguousarray(rows[:, 5:])
        threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            hands.omaha_high(hole, board, threads=1)  # a second or more on one thread
        except KeyboardInterrupt:
            print("KeyboardInterrupt", flush=True)
            check_the_pool_afterwards()
            sys.exit(0)
        print("finished without an interrupt")
        sys.exit(1)
        """
    )
    proc = run_python(code)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["KeyboardInterrupt", "pool", "usable"]


def test_an_error_in_a_chunk_reaches_the_caller_and_the_pool_stays_usable() -> None:
    def chunk(k: int) -> int:
        if k == 37:
            raise ValueError("chunk 37")
        return k

    with pytest.raises(ValueError, match="chunk 37"):
        _parallel.fold(chunk, 100, None, lambda a, b: a + b)
    assert _parallel.fold(lambda k: k, 100, None, lambda a, b: a + b) == sum(range(100))


def test_fold_adds_in_order_of_the_chunks_on_any_threads() -> None:
    for threads in THREADS:
        assert _parallel.fold(lambda k: [k], 600, threads, lambda a, b: a + b) == list(range(600))


# ----------------------------------------------------------------------------
# Requests too big to run
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "hands_", "size"),
    [
        (RAZZ, ["As", "Kd"], "112,173,277,616,400 deals"),  # C(48, 6) x C(42, 6) ways
        (HOLDEM, ["random", "random", "random"], "2,331,473,976 combinations"),  # 1326 ** 3
    ],
)
def test_exact_requests_far_too_big_are_refused_with_their_size(
    game: croupier.Game, hands_: list[str], size: str
) -> None:
    with pytest.raises(ValueError, match=f"exact equity here is {size}.*samples="):
        equity(game, hands_, exact=True)
    assert equity(game, hands_, samples=2_000, seed=1).deals == 2_000  # sampling still works


@pytest.mark.parametrize("samples", [10**10 + 1, 10**15, 10**400])
def test_too_many_samples_are_refused_before_anything_is_allocated(samples: int) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(ValueError, match="samples must be at most 10,000,000,000"):
            equity(HOLDEM, ["AhKh", "QdQc"], samples=samples)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_monte_carlo_memory_does_not_grow_with_samples() -> None:
    def peak(samples: int) -> int:
        equity(HOLDEM, ["AhKh", "QdQc"], samples=25_000, seed=1)  # warm caches first
        tracemalloc.start()
        try:
            equity(HOLDEM, ["AhKh", "QdQc"], samples=samples, seed=1)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small, large = peak(250_000), peak(10_000_000)  # 10 chunks, 400 chunks
    assert large < 2 * small + 200_000


def test_the_pool_as_an_executor_starts_no_threads_of_its_own() -> None:
    # The command line's progress bar counts chunks through an Executor: it is
    # croupier's one pool (issue 12: one pool, whatever the caller).
    import threading

    from croupier._parallel import PoolExecutor

    ex = PoolExecutor(threads=2)
    squares = [ex.submit(pow, k, 2) for k in range(50)]
    failing = ex.submit(int, "not a number")
    assert [f.result() for f in squares] == [k * k for k in range(50)]
    with pytest.raises(ValueError):
        failing.result()
    names = {t.name for t in threading.enumerate()}
    assert not any(name.startswith(("ThreadPoolExecutor", "croupier-cli")) for name in names)
    equity = croupier.equity(
        croupier.TexasHoldem(croupier.NO_LIMIT), ["AsAh", "KsKh"], samples=60_000, seed=4
    )
    via = croupier.equity(
        croupier.TexasHoldem(croupier.NO_LIMIT),
        ["AsAh", "KsKh"],
        samples=60_000,
        seed=4,
        executor=ex,
    )
    assert via.equity == equity.equity
