"""Equity with Omaha ranges (``croupier.omaha_ranges``): enumerated, or Monte Carlo in
numpy batches.

:func:`enumerated` goes through every way to give each range one of its hands (no
card twice, ``random`` excluded) and, for each, every board on the exact kernel
(``croupier._equity_kernels.omaha_exact``); the shares are averaged with each way's
weight (the product of its hands' weights): exact, where :func:`exact_deals` says
the work is small enough (after the flop, a range of hundreds of hands).

Each sample deals every range its hand (in proportion to the weights; ``random``:
any hand), redealing a sample's range hands while two of its hands share a card
(so each deal is drawn in proportion to the product of its hands' weights, card
removal included), then completes the board from the cards left and shares the
pot as ``croupier._equity_kernels`` does: the best high takes it, or half of it
when somebody has an eight-or-better low (hi/lo games), ties split each half.
The hands are valued by ``croupier.hands.omaha_high`` and
``omaha_eight_or_better_low`` on whole batches.  Deals come from numpy's PCG64
seeded with ``seed``, so a result repeats with its seed.

>>> from croupier import POT_LIMIT, Omaha
>>> from croupier.omaha_ranges import parse_omaha_range
>>> r = sampled(Omaha(POT_LIMIT), [[51, 50, 47, 46], parse_omaha_range("KK**")], [], [],
...             20_000, 1)
>>> r.deals, r.exact, 0.5 < r.equity[0] < 0.9
(20000, False, True)
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import numpy.typing as npt

import croupier._equity_kernels as _kernels
import croupier.hands as _hands
from croupier._equity_hands import twice
from croupier._equity_result import EquityResult, result_of
from croupier._game import Game
from croupier.omaha_ranges import OmahaRange
from croupier.variants import rules_of

__all__ = ["enumerated", "exact_deals", "sampled"]

BATCH = 1 << 15  # deals a numpy batch
REDEALS = 10_000  # redeals of a batch's clashing hands before the ranges are refused
MIN_ACCEPTED = 0.005  # the least share of first draws without a clash (else: an error)


def sampled(
    game: Game,
    hands: list[list[int] | OmahaRange],
    known: list[int],
    dead: list[int],
    samples: int,
    seed: int | None,
) -> EquityResult:
    """Each hand's share of the pot over ``samples`` deals (see the module)."""
    hole = game.streets[0].hole
    board_size = sum(s.board for s in game.streets)
    missing = board_size - len(known)
    hilo = rules_of(game.variant).low_value is not None
    fixed = [c for h in hands if isinstance(h, list) for c in h] + known + dead
    twice(fixed, "hands, board and dead cards")
    seen = np.zeros(52, dtype=bool)
    seen[fixed] = True
    draws: list[Any] = []  # per hand: None (fixed), (combos, cumulative weights) or "every"
    for i, h in enumerate(hands):
        if isinstance(h, list):
            draws.append(None)
            continue
        if h.cards != hole:
            raise ValueError(
                f"hand {i + 1}: a range of {h.cards}-card hands, the game deals {hole}"
            )
        if h.every:
            draws.append("every")
            continue
        keep = ~seen[h.combos].any(axis=1)
        combos, weights = h.combos[keep], h.weights[keep]
        if not len(combos):
            raise ValueError(f"hand {i + 1}: no hand of the range {h.text!r} is left once the "
                             "cards seen are out")  # fmt: skip
        cumulative = np.cumsum(weights)
        draws.append((combos, cumulative / cumulative[-1]))
    rng = np.random.Generator(np.random.PCG64(seed))
    n = len(hands)
    fixed_players = [i for i, h in enumerate(hands) if isinstance(h, list)]
    if n * hole + len(known) + len(dead) + missing > 52:
        raise ValueError(f"{n} hands of {hole} cards and the board need more than 52 cards")
    sums = np.zeros((6, n))
    free = np.flatnonzero(~seen)  # cards no fixed hand, board or dead card holds
    done = 0
    while done < samples:
        size = min(BATCH, samples - done)
        holes = np.empty((size, n, hole), dtype=np.uint8)
        for i, h in enumerate(hands):
            if isinstance(h, list):
                holes[:, i, :] = h
        ranged = [i for i, how in enumerate(draws) if how is not None and how != "every"]
        rows = np.arange(size)
        for redeal in range(REDEALS):
            for i in ranged:
                holes[rows, i, :] = _deal(rng, draws[i], len(rows), free, hole)
            clashing = _clashes(holes[rows][:, [*ranged, *fixed_players], :])
            if redeal == 0 and clashing.mean() > 1 - MIN_ACCEPTED:
                raise ValueError(
                    "the ranges leave almost no deal without a card given twice (fewer "
                    f"than {MIN_ACCEPTED:.1%} of the deals drawn)"
                )
            rows = rows[clashing]
            if not len(rows):
                break
        else:  # pragma: no cover - the acceptance checked above makes this very unlikely
            raise ValueError(f"the ranges leave almost no deal ({REDEALS:,} redeals)")
        randoms = [i for i, how in enumerate(draws) if how == "every"]
        if randoms:  # random hands last, from each deal's cards left: no clash possible
            _deal_the_rest(rng, holes, randoms, free, hole)
        boards = _boards(rng, holes, known, free, missing)
        _share(holes, boards, hilo, sums)
        done += size
    return result_of(sums, samples, False)


def _deal(rng: np.random.Generator, how: Any, count: int, free: Any, hole: int) -> Any:
    """``count`` hands drawn from a range: its combos by weight."""
    combos, cumulative = how
    picks = np.searchsorted(cumulative, rng.random(count), side="right")
    return combos[np.minimum(picks, len(combos) - 1)]


def _deal_the_rest(
    rng: np.random.Generator, holes: Any, players: list[int], free: Any, hole: int
) -> None:
    """Deal the ``random`` players' hands of every deal from the cards it has left."""
    size = len(holes)
    keys = rng.random((size, 52))
    keys[:, np.setdiff1d(np.arange(52), free)] = 2.0  # seen: never dealt
    others = [i for i in range(holes.shape[1]) if i not in players]
    if others:
        np.put_along_axis(keys, holes[:, others, :].reshape(size, -1).astype(np.intp), 2.0, 1)
    count = hole * len(players)
    drawn = np.argpartition(keys, count - 1, axis=1)[:, :count].astype(np.uint8)
    for k, i in enumerate(players):
        holes[:, i, :] = drawn[:, k * hole : (k + 1) * hole]


def _clashes(holes: Any) -> Any:
    """Which deals give a card to two hands."""
    flat = np.sort(holes.reshape(len(holes), -1), axis=1)
    return (flat[:, 1:] == flat[:, :-1]).any(axis=1)


def _boards(rng: np.random.Generator, holes: Any, known: list[int], free: Any, missing: int) -> Any:
    """Each deal's board: the known cards and ``missing`` drawn from those left."""
    size = len(holes)
    if not missing:
        return np.broadcast_to(np.array(known, dtype=np.uint8), (size, len(known))).copy()
    keys = rng.random((size, 52))
    keys[:, np.setdiff1d(np.arange(52), free)] = 2.0  # seen: never drawn
    np.put_along_axis(keys, holes.reshape(size, -1).astype(np.intp), 2.0, axis=1)
    drawn = np.argpartition(keys, missing - 1, axis=1)[:, :missing].astype(np.uint8)
    head = np.broadcast_to(np.array(known, dtype=np.uint8), (size, len(known)))
    return np.concatenate([head, drawn], axis=1)


def _share(holes: Any, boards: Any, hilo: bool, sums: npt.NDArray[np.float64]) -> None:
    """Add the batch's shares to ``sums`` (the rows of ``result_of``)."""
    n = holes.shape[1]
    high = np.stack([_hands.omaha_high(holes[:, i, :], boards) for i in range(n)], axis=1)
    best = high.max(axis=1, keepdims=True)
    top = high == best
    winners = top.sum(axis=1, keepdims=True)
    if hilo:
        low = np.stack(
            [_hands.omaha_eight_or_better_low(holes[:, i, :], boards) for i in range(n)], axis=1
        )
        best_low = low.max(axis=1, keepdims=True)
        has_low = best_low > 0
        low_top = (low == best_low) & has_low
        low_share = np.where(has_low, 0.5, 0.0) / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
        high_share = np.where(has_low, 0.5, 1.0) / winners
    else:
        low_top = np.zeros_like(top)
        low_share = np.zeros((len(high), 1))
        high_share = 1.0 / winners
    high_part = top * high_share
    low_part = low_top * low_share
    share = high_part + low_part
    sums[0] += share.sum(axis=0)
    sums[1] += high_part.sum(axis=0)
    sums[2] += low_part.sum(axis=0)
    sums[3] += (share == 1.0).sum(axis=0)
    sums[4] += (top & (winners > 1)).sum(axis=0)
    sums[5] += (share * share).sum(axis=0)


def exact_deals(hands: list[list[int] | OmahaRange], known: list[int], dead: list[int],
                board_size: int) -> tuple[int, int] | None:  # fmt: skip
    """The ways to give the ranges their hands (counted before card clashes) and the
    deals an enumeration would go through (ways times boards); None when a range is
    ``random``."""
    if any(isinstance(h, OmahaRange) and h.every for h in hands):
        return None
    seen = set([c for h in hands if isinstance(h, list) for c in h] + known + dead)
    ways, held = 1, 0
    for h in hands:
        if isinstance(h, OmahaRange):
            ways *= sum(1 for row in h.combos.tolist() if not seen.intersection(row))
            held += h.cards
        else:
            held += len(h)
    left = 52 - len(known) - len(dead) - held
    return ways, ways * math.comb(max(left, 0), board_size - len(known))


def enumerated(
    game: Game,
    hands: list[list[int] | OmahaRange],
    known: list[int],
    dead: list[int],
    threads: int | None,
) -> EquityResult:
    """Each hand's exact share of the pot, the ranges' hands weighted (see the module)."""
    hole = game.streets[0].hole
    board_size = sum(s.board for s in game.streets)
    rules = rules_of(game.variant)
    hilo = rules.low_value is not None
    fixed = [c for h in hands if isinstance(h, list) for c in h] + known + dead
    seen = set(fixed)
    choices: list[list[tuple[tuple[int, ...], float]]] = []
    for i, h in enumerate(hands):
        if isinstance(h, list):
            choices.append([(tuple(h), 1.0)])
            continue
        if h.cards != hole:
            raise ValueError(f"hand {i + 1}: a range of {h.cards}-card hands, the game deals "
                             f"{hole}")  # fmt: skip
        kept = [(tuple(row), w) for row, w in h if not seen.intersection(row)]
        if not kept:
            raise ValueError(f"hand {i + 1}: no hand of the range {h.text!r} is left once the "
                             "cards seen are out")  # fmt: skip
        choices.append(kept)
    n = len(hands)
    total = np.zeros((6, n))
    weight_sum = 0.0
    deals = 0
    board = np.array(known, dtype=np.uint8)
    missing = board_size - len(known)
    for way in itertools.product(*choices):
        cards = [c for holding, _ in way for c in holding]
        if len(set(cards)) != len(cards):
            continue  # two hands share a card: not a deal
        weight = math.prod(w for _, w in way)
        gone = set(cards) | set(known) | set(dead)
        stub = np.array([c for c in range(52) if c not in gone], dtype=np.uint8)
        holes = np.array([holding for holding, _ in way], dtype=np.uint8)
        rows = np.array(_kernels.omaha_exact(holes, board, stub, missing, hilo, threads, 0))
        boards = math.comb(len(stub), missing)
        total += weight * rows / boards
        weight_sum += weight
        deals += boards
    if not weight_sum:
        raise ValueError("the ranges leave no deal without a card given twice")
    return result_of(total / weight_sum, 1, True, deals)
