"""Monte Carlo as one compiled job (``_equity_kernels.*_sampled_chunks``, issue 28) gives
exactly what the Python loop over one-chunk kernels gives (``_equity_chunks.kernel_chunks``
without ``native``: numpy's SeedSequence child ``k`` seeds chunk ``k``, the chunks'
sums added in order): bit for bit, for every kernel, on one thread and on several,
with a short last chunk, across the job's windows of chunks, and through
``croupier.equity`` with and without an executor.  Also the vectorized suit classes
against a loop over the permutations, and the ranges' unchecked constructor against
the checked one.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import croupier
from croupier import (
    NO_LIMIT,
    POT_LIMIT,
    Omaha,
    OmahaHiLo,
    Razz,
    SevenCardStudHiLo,
    TexasHoldem,
    parse_cards,
)
from croupier import _equity_chunks as chunks
from croupier import _equity_kernels as kernels
from croupier._seedseq import root_words
from croupier.ranges import Range, parse_range

NONE = np.zeros(0, dtype=np.uint8)


def loop(run, samples: int, seed: int, size: int) -> np.ndarray:
    """The reference: chunk ``k`` seeded by numpy's child ``k``, the sums added in order."""
    root = np.random.SeedSequence(seed)
    total = None
    for k in range(-(-samples // size)):
        child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, k))
        part = np.array(
            run(int(child.generate_state(1, np.uint64)[0]), min(size, samples - k * size))
        )
        total = part if total is None else total + part
    assert total is not None
    return total


def cards(text: str) -> np.ndarray:
    return np.array(parse_cards(text), dtype=np.uint8)


def stub_without(*used: np.ndarray) -> np.ndarray:
    gone = set(np.concatenate(used).tolist())
    return np.array([c for c in range(52) if c not in gone], dtype=np.uint8)


@pytest.mark.parametrize(("samples", "size"), [(1, 25_000), (60_001, 25_000), (9_001, 7)])
@pytest.mark.parametrize("threads", [1, 2])
def test_every_kernel_as_one_job_equals_the_loop(samples: int, size: int, threads: int) -> None:
    seed = 2**70 + 11
    words = root_words(np.random.SeedSequence(seed))
    holes = np.array([parse_cards("AhKh"), parse_cards("QdQc"), parse_cards("7s6s")], np.uint8)
    board = cards("2c7d")
    stub = stub_without(holes.ravel(), board)
    got = kernels.holdem_sampled_chunks(holes, board, stub, 3, words, samples, size, threads)
    want = loop(
        lambda s, n: kernels.holdem_sampled(holes, board, stub, 3, s, n), samples, seed, size
    )
    assert got.tobytes() == want.tobytes()

    combos = np.array([[51, 47], [50, 46], [43, 39], [40, 36], [27, 26]], dtype=np.uint8)
    starts, weights = np.array([0, 2, 5]), np.array([1.0, 0.5, 1.0, 0.25, 1.0])
    got = kernels.holdem_range_sampled_chunks(
        combos, starts, weights, NONE, NONE, words, samples, size, threads
    )
    want = loop(
        lambda s, n: kernels.holdem_range_sampled(combos, starts, weights, NONE, NONE, s, n),
        samples,
        seed,
        size,
    )
    assert got.tobytes() == want.tobytes()

    omaha = np.array([parse_cards("AsAhKsKh"), parse_cards("JcTc9d8d")], dtype=np.uint8)
    ostub = stub_without(omaha.ravel(), board)
    for hilo, kind in [(False, 0), (True, 0)]:
        got = kernels.omaha_sampled_chunks(
            omaha, board, ostub, 3, hilo, words, samples, size, threads, kind
        )
        want = loop(
            lambda s, n, h=hilo, k=kind: kernels.omaha_sampled(omaha, board, ostub, 3, h, s, n, k),
            samples,
            seed,
            size,
        )
        assert got.tobytes() == want.tobytes()

    held = cards("As Ad Kc Qh Qd Js 2c")
    spots = np.array([0, 3, 7])
    sstub = stub_without(held)
    got = kernels.stud_sampled_chunks(
        held, spots, sstub, False, True, words, samples, size, threads
    )
    want = loop(
        lambda s, n: kernels.stud_sampled(held, spots, sstub, False, True, s, n),
        samples,
        seed,
        size,
    )
    assert got.tobytes() == want.tobytes()


def test_the_job_crosses_its_windows_of_chunks_in_order() -> None:
    # 5,000 chunks of 3 deals: more than the 4,096 chunks a job keeps at once.
    holes = np.array([parse_cards("AhKh"), parse_cards("QdQc")], np.uint8)
    stub = stub_without(holes.ravel())
    words = root_words(np.random.SeedSequence(5))
    got = kernels.holdem_sampled_chunks(holes, NONE, stub, 5, words, 15_000, 3, 2)
    want = loop(lambda s, n: kernels.holdem_sampled(holes, NONE, stub, 5, s, n), 15_000, 5, 3)
    assert got.tobytes() == want.tobytes()


def test_ranges_that_cannot_be_dealt_raise_from_the_job() -> None:
    combos = np.array([[51, 47], [51, 46]], dtype=np.uint8)  # both hold the ace of spades
    with pytest.raises(ValueError, match="cannot be dealt together"):
        kernels.holdem_range_sampled_chunks(
            combos, np.array([0, 1, 2]), np.ones(2), NONE, NONE, [1, 0, 0, 0], 10, 5, 2
        )


@pytest.mark.parametrize(("samples", "size"), [(0, 5), (5, 0)])
def test_the_job_refuses_no_deals(samples: int, size: int) -> None:
    holes = np.array([parse_cards("AhKh"), parse_cards("QdQc")], np.uint8)
    with pytest.raises(ValueError, match="positive"):
        kernels.holdem_sampled_chunks(
            holes, NONE, stub_without(holes.ravel()), 5, [1], samples, size, 1
        )


def test_seed_words_are_32_bit() -> None:
    holes = np.array([parse_cards("AhKh"), parse_cards("QdQc")], np.uint8)
    with pytest.raises(ValueError, match="32-bit"):
        kernels.holdem_sampled_chunks(
            holes, NONE, stub_without(holes.ravel()), 5, [2**32], 10, 5, 1
        )


@pytest.mark.parametrize(
    ("game", "hands"),
    [
        (TexasHoldem(NO_LIMIT), ["AhKh", "QdQc", "7s7c"]),
        (TexasHoldem(NO_LIMIT), ["TT+, AKs", "random"]),
        (Omaha(POT_LIMIT), ["AsAhKsKh", "JcTc9d8d"]),
        (OmahaHiLo(POT_LIMIT), ["As2hKs3h", "JcTc9d8d"]),
        (Razz(), ["As2d3h", "KcQdJh"]),
        (SevenCardStudHiLo(), ["As2d3h", "KcKdJh"]),
    ],
)
def test_equity_is_the_same_on_the_pool_and_on_an_executor(game: object, hands: list[str]) -> None:
    on_pool = croupier.equity(game, hands, samples=60_000, seed=7, threads=2)
    with ThreadPoolExecutor(2) as executor:
        on_executor = croupier.equity(game, hands, samples=60_000, seed=7, executor=executor)
    one = croupier.equity(game, hands, samples=60_000, seed=7, threads=1)
    for r in (on_executor, one):
        assert r.equity == on_pool.equity and r.win == on_pool.win and r.tie == on_pool.tie


def suit_classes_by_loop(holes: np.ndarray, fixed: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The twin: each permutation of the suits that keeps ``fixed`` in place, one at a time."""
    keys = []
    for perm in itertools.permutations(range(4)):
        card_map = [4 * (c // 4) + perm[c % 4] for c in range(52)]
        if {card_map[c] for c in fixed} != set(fixed):
            continue
        row = []
        for match_up in holes.tolist():
            code = 0
            for hand in match_up:
                mapped = sorted((card_map[c] for c in hand), reverse=True)
                code = code * 2704 + mapped[0] * 52 + mapped[1]
            row.append(code)
        keys.append(row)
    smallest = np.array(keys).min(axis=0)
    _, first, group = np.unique(smallest, return_index=True, return_inverse=True)
    return first, group.reshape(-1)


@pytest.mark.parametrize(
    ("ranges", "board"),
    [
        (["AhKh", "random"], ""),
        (["AhKh", "random"], "2c7d9h"),
        (["QQ+,AKs", "TT,99,88,AQs,KQs"], "Ks7d2c"),
        (["AsKs", "22+", "A2s+"], "Ts9s"),
        (["77", "88", "99"], ""),
        (["AA", "KK"], "2c2d2h"),
    ],
)
@pytest.mark.parametrize("block", [16_384, 100])  # 100: many blocks of match-ups
def test_vectorized_suit_classes_equal_the_loop(
    ranges: list[str], board: str, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chunks, "SUIT_CLASS_BLOCK", block)
    fixed = parse_cards(board)
    every, _ = chunks._assignments([parse_range(r).without(fixed) for r in ranges])
    first, group = chunks._suit_classes(every, fixed)
    want_first, want_group = suit_classes_by_loop(every, fixed)
    assert first.tolist() == want_first.tolist() and group.tolist() == want_group.tolist()


@pytest.mark.parametrize(
    "text", ["random", "TT+, AKs, 50%(KQo)", "AhKh, AA:0.5", "22-55, A5s-A2s", "KTs+, 10%(random)"]
)
def test_ranges_built_unchecked_pass_the_check(text: str) -> None:
    r = parse_range(text)
    assert Range(r.combos) == r  # the checked constructor accepts what parsing built
    dead = parse_cards("Ah 7c 2d")
    assert Range(r.without(dead).combos) == r.without(dead)
