"""How equity's work runs: Monte Carlo chunks and exact Hold'em match-ups, on croupier's
thread pool or on any ``concurrent.futures.Executor`` (e.g. Dask's), summed in order
so that the result does not depend on where they ran.

>>> import numpy as np
>>> total, count = kernel_chunks(lambda seed, size: [[float(size)]], 60_000, 1, 1, None)
>>> total.tolist(), count                   # three chunks: 25,000 + 25,000 + 10,000
([[60000.0]], 60000)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

import numpy as np
import numpy.typing as npt

import croupier._equity_kernels as equity_kernels
import croupier.gpu as gpu
from croupier._futures import ordered_map
from croupier._parallel import fold
from croupier._seedseq import root_words
from croupier.ranges import Range

__all__ = [
    "DEFAULT_SAMPLES",
    "KERNEL_CHUNK",
    "MATCHUP_CHUNK",
    "NO_DEAL",
    "MatchUps",
    "exact_match_ups",
    "group_match_ups",
    "kernel_chunks",
    "sampled_ranges",
]

DEFAULT_SAMPLES = 100_000
KERNEL_CHUNK = 25_000  # Monte Carlo boards per kernel call (and per seed)
MATCHUP_CHUNK = 1_024  # Hold'em match-ups per exact kernel call
SUIT_CLASS_BLOCK = 16_384  # match-ups whose suit classes are keyed at once (< 16 MB)
NO_DEAL = "the ranges cannot be dealt together: every combination shares a card"


def _assignments(
    ranges: list[Range],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]:
    """Every way to give each player a combination of their range, without a shared
    card: ``(holes, weights)``, holes of shape ``(ways, players, 2)``, in the order of
    ``itertools.product`` over the ranges (built a player at a time in numpy: 572
    ways in about 0.1 ms, where a Python product took 1.6 ms), each weight the
    product of the combinations' weights."""
    picks = np.zeros((1, 0), dtype=np.intp)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1)
    tables = []
    for r in ranges:
        cards = np.array([combo for combo, _ in r], dtype=np.uint8).reshape(-1, 2)
        tables.append(cards)
        bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
        combo_masks = bits[:, 0] | bits[:, 1]
        rows, cols = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)  # row-major
        picks = np.concatenate([picks[rows], cols[:, None]], axis=1)
        masks = masks[rows] | combo_masks[cols]
        weights = weights[rows] * np.array([w for _, w in r], dtype=np.float64)[cols]
    holes = np.stack([tables[p][picks[:, p]] for p in range(len(ranges))], axis=1)
    return holes.astype(np.uint8), weights


# Card code maps of the 24 suit permutations: code 4 * rank + suit -> 4 * rank + perm[suit].
_SUIT_MAPS = np.array(
    [[4 * (c // 4) + perm[c % 4] for c in range(52)] for perm in itertools.permutations(range(4))],
    dtype=np.int64,
)


def _suit_classes(
    holes: npt.NDArray[np.uint8], fixed: list[int]
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Group match-ups that a permutation of the suits turns into each other.

    Only the permutations that leave the set ``fixed`` (board and dead cards)
    in place count, so match-ups in a group have the same equity.  Returns
    the index of one match-up per group and each match-up's group.  With more
    than five players (a key of more than 64 bits) or a single match-up every
    match-up is its own group.
    """
    count, players = holes.shape[0], holes.shape[1]
    if players > 5 or count == 1:
        return np.arange(count), np.arange(count)
    keep = np.array(sorted(set(fixed)), dtype=np.int64)
    maps = _SUIT_MAPS[(np.sort(_SUIT_MAPS[:, keep], axis=1) == keep).all(axis=1)]
    maps = maps.astype(np.uint8)
    # Every permutation at once (one numpy pass, not one per permutation: 3.3 ms -> 0.7
    # ms for a hand against 1,225 combinations, work done before the threads start), in
    # blocks of match-ups so that memory stays small (2,000,000 match-ups may come).
    smallest = np.empty(count, dtype=np.int64)
    for start in range(0, count, SUIT_CLASS_BLOCK):
        mapped = maps[:, holes[start : start + SUIT_CLASS_BLOCK]]  # (perms, block, players, 2)
        code = np.zeros(mapped.shape[:2], dtype=np.int64)
        for p in range(players):
            code *= 2704
            code += mapped[:, :, p].max(axis=2).astype(np.int64) * 52
            code += mapped[:, :, p].min(axis=2)
        smallest[start : start + SUIT_CLASS_BLOCK] = code.min(axis=0)
    _, first, group = np.unique(smallest, return_index=True, return_inverse=True)
    return first, group.reshape(-1)


@dataclass(frozen=True)
class MatchUps:
    """Hold'em match-ups to enumerate: one per group alike up to suits."""

    holes: npt.NDArray[np.uint8]  # (groups, players, 2)
    weights: npt.NDArray[np.float64]  # summed weights of each group's match-ups
    members: npt.NDArray[np.int64]  # match-ups in each group


def group_match_ups(ranges: list[Range], fixed: list[int]) -> MatchUps:
    """Every way to deal the ranges together, grouped by ``_suit_classes``."""
    every, weights = _assignments(ranges)
    if not len(every):
        raise ValueError(NO_DEAL)
    first, group = _suit_classes(every, fixed)
    return MatchUps(
        np.ascontiguousarray(every[first]),
        np.bincount(group, weights=weights).astype(np.float64),
        np.bincount(group).astype(np.int64),
    )


def exact_match_ups(
    match_ups: MatchUps,
    known: list[int],
    dead: list[int],
    threads: int | None,
    executor: Executor | None,
    device: str | None = None,
) -> tuple[npt.NDArray[np.float64], int]:
    """Weighted mean shares over match-ups, every board of each.

    ``croupier._equity_kernels.holdem_exact`` counts boards by rank multiset
    and corrects only the suited boards that make a flush (well under a
    millisecond for a pre-flop match-up).  Match-ups go in chunks to
    ``executor`` when one is given; the chunks are summed in order, so the
    result is the same with or without it.  ``device="cuda"``: every match-up at
    once on the GPU (``croupier.gpu.holdem_exact``: the same boards, integer sums).
    """
    holes, weights, members = match_ups.holes, match_ups.weights, match_ups.members
    board = np.array(known, dtype=np.uint8)
    dead_cards = np.array(dead, dtype=np.uint8)
    if device is not None:
        means, boards = gpu.holdem_exact(holes, board, dead_cards)
        deals = int((boards * members).sum())
        return np.tensordot(weights, means, axes=1) / weights.sum(), deals

    def chunk(start: int) -> tuple[npt.NDArray[np.float64], int]:
        stop = start + MATCHUP_CHUNK
        means, boards = equity_kernels.holdem_exact(holes[start:stop], board, dead_cards, threads)
        deals = int((boards * members[start:stop]).sum())
        return np.tensordot(weights[start:stop], means, axes=1), deals

    starts = range(0, len(holes), MATCHUP_CHUNK)
    if executor is None:
        parts = [chunk(start) for start in starts]
    else:
        parts = list(ordered_map(executor, (partial(chunk, start) for start in starts)))
    total = parts[0][0]
    for part, _ in parts[1:]:
        total = total + part
    return total / weights.sum(), sum(deals for _, deals in parts)


def sampled_ranges(
    ranges: list[Range],
    known: list[int],
    dead: list[int],
    samples: int | None,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
    device: str | None = None,
) -> tuple[npt.NDArray[np.float64], int]:
    """Hold'em Monte Carlo over ranges on the nogil kernel ``holdem_range_sampled``, or
    with ``device="cuda"`` on the GPU (``croupier.gpu.holdem_sampled``: its own
    counter-based random numbers, so other deals for the same seed)."""
    combos = np.array([c for r in ranges for c, _ in r], dtype=np.uint8)
    starts = np.cumsum([0] + [len(r) for r in ranges], dtype=np.int64)
    weights = np.array([w for r in ranges for _, w in r], dtype=np.float64)
    board = np.array(known, dtype=np.uint8)
    dead_cards = np.array(dead, dtype=np.uint8)
    if device is not None:
        count = DEFAULT_SAMPLES if samples is None else samples
        return gpu.holdem_sampled(combos, starts, weights, board, dead_cards, count, seed)

    def run(chunk_seed: int, size: int) -> list[list[float]]:
        return equity_kernels.holdem_range_sampled(
            combos, starts, weights, board, dead_cards, chunk_seed, size
        )

    def native(
        words: list[int], count: int, size: int, threads: int | None
    ) -> npt.NDArray[np.float64]:
        return equity_kernels.holdem_range_sampled_chunks(
            combos, starts, weights, board, dead_cards, words, count, size, threads
        )

    return kernel_chunks(run, samples, seed, threads, executor, native)


# A compiled Monte Carlo of every chunk at once (``_equity_kernels.*_sampled_chunks``):
# (root seed words, deals, deals per chunk, threads) -> the chunks' sums added in order.
Native = Callable[[list[int], int, int, "int | None"], npt.NDArray[np.float64]]


def kernel_chunks(
    run: Callable[[int, int], list[list[float]]],
    samples: int | None,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
    native: Native | None = None,
) -> tuple[npt.NDArray[np.float64], int]:
    """Monte Carlo in chunks of KERNEL_CHUNK deals, each ``run(seed, size)`` with its own seed.

    Chunk ``k`` is seeded by the ``k``-th child of ``SeedSequence(seed)``
    (what ``spawn`` would give, made when the chunk runs) and the chunks are
    added up in order, so the result depends on ``seed`` only: not on the
    threads nor on ``executor`` (which gets the chunks when one is given).
    Memory does not grow with ``samples``.

    Without an executor, ``native`` (when the kernel has one) runs every chunk
    as one compiled job on croupier's pool: each chunk's seed derived in C
    (``_seedseq.h``, bit for bit numpy's), its deals and its sums without the
    GIL, the chunks added in the same order; the same numbers as the Python
    loop over ``run``, which held the GIL between chunks (a seed, a list, an
    array and a lock each: with many threads they queued for it).
    """
    count = DEFAULT_SAMPLES if samples is None else samples
    root = np.random.SeedSequence(seed)
    chunks = -(-count // KERNEL_CHUNK)
    if native is not None and executor is None:
        return native(root_words(root), count, KERNEL_CHUNK, threads), count

    def chunk(k: int) -> npt.NDArray[np.float64]:
        stream = np.random.SeedSequence(
            root.entropy, spawn_key=(*root.spawn_key, k), pool_size=root.pool_size
        )
        size = min(KERNEL_CHUNK, count - k * KERNEL_CHUNK)
        return np.array(run(int(stream.generate_state(1, np.uint64)[0]), size))

    if executor is None:
        return fold(chunk, chunks, threads, _add), count
    total: npt.NDArray[np.float64] | None = None
    for part in ordered_map(executor, (partial(chunk, k) for k in range(chunks))):
        total = part if total is None else total + part
    assert total is not None
    return total, count


def _add(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return a + b
