"""Equity: how often each hand wins (and splits) against the others.

``equity(game, hands, board)`` deals every remaining board (exact) or random
boards (Monte Carlo) and counts, per player, the share of the pot won: a
whole pot, half of a hi/lo pot, a third of a three-way tie.  The hand values
come from the numpy batch kernels of ``croupier.hands`` (no GIL, all cores).

Works today for the flop games (Texas Hold'em, Omaha, Omaha Hi/Lo,
Courchevel Hi/Lo) with known hole cards.  Ranges and stud games are not done
yet.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> result = equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], board="2c7d9h", exact=True)
>>> result.deals, sum(result.equity)   # every turn and river; the shares add up to one pot
(990, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

import numpy as np
import numpy.typing as npt

from croupier import hands as _hands
from croupier.cards import parse_cards
from croupier.games import Game, holdem_high, omaha_low_value, omaha_value

__all__ = ["EquityResult", "equity"]

# Up to this many boards, equity enumerates them all unless told otherwise.
EXACT_LIMIT = 2_000_000
DEFAULT_SAMPLES = 100_000
CHUNK = 200_000

Cards = Sequence[int] | str
Shares = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Per player: ``equity`` (expected share of the pot), ``win`` (the whole pot
    alone), ``tie`` (a share of the high, tied), ``high``/``low`` (expected share
    from each half in hi/lo games), ``stderr`` (Monte Carlo only); and how many
    ``deals`` were evaluated, ``exact`` or sampled."""

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    deals: int
    exact: bool
    stderr: tuple[float, ...] | None


def _cards(value: Cards, what: str) -> list[int]:
    codes = parse_cards(value) if isinstance(value, str) else [int(c) for c in value]
    for c in codes:
        if not 0 <= c < 52:
            raise ValueError(f"{what}: card code {c} is outside 0..51")
    return codes


def _combinations(m: int, k: int) -> npt.NDArray[np.intp]:
    """All k-combinations of range(m), one per row, in lexicographic order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    combos = np.arange(m, dtype=np.intp)[:, None]
    for _ in range(k - 1):
        last = combos[:, -1]
        counts = m - 1 - last
        rows = np.repeat(combos, counts, axis=0)
        first = np.repeat(last + 1, counts)
        offsets = np.arange(int(counts.sum()), dtype=np.intp) - np.repeat(
            np.cumsum(counts) - counts, counts
        )
        combos = np.hstack([rows, (first + offsets)[:, None]])
    return combos


def _values(
    game: Game, holes: list[list[int]], boards: npt.NDArray[np.uint8], threads: int | None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None]:
    """High (and low) values of every player on every board: arrays (n_boards, n_players)."""
    n = boards.shape[0]
    high = np.empty((n, len(holes)), dtype=np.int64)
    low = np.empty((n, len(holes)), dtype=np.int64) if game.low_value else None
    for p, hole in enumerate(holes):
        hole_rows = np.broadcast_to(np.array(hole, dtype=np.uint8), (n, len(hole)))
        if game.value is holdem_high:
            high[:, p] = _hands.high(np.hstack([hole_rows, boards]), threads=threads)
        elif game.value is omaha_value:
            high[:, p] = _hands.omaha_high(np.ascontiguousarray(hole_rows), boards, threads=threads)
        else:
            raise ValueError(f"equity is not available for {game.name} yet")
        if low is not None:
            if game.low_value is not omaha_low_value:
                raise ValueError(f"equity is not available for {game.name} yet")
            low[:, p] = _hands.omaha_eight_or_better_low(
                np.ascontiguousarray(hole_rows), boards, threads=threads
            )
    return high, low


def _shares(
    high: npt.NDArray[np.int64], low: npt.NDArray[np.int64] | None
) -> tuple[Shares, Shares, Shares, Shares, Shares]:
    """Per board and player: total share, share of the high, of the low, whole-pot wins, ties."""
    best = high.max(axis=1, keepdims=True)
    winners = high == best
    count = winners.sum(axis=1, keepdims=True)
    high_share = winners / count
    if low is None:
        total = high_share
        low_share = np.zeros_like(high_share)
        whole = high_share == 1.0
    else:
        best_low = low.max(axis=1, keepdims=True)
        has_low = best_low > 0
        low_winners = (low == best_low) & has_low
        low_count = np.maximum(low_winners.sum(axis=1, keepdims=True), 1)
        low_share = np.where(has_low, 0.5 * low_winners / low_count, 0.0)
        high_share = np.where(has_low, 0.5 * high_share, high_share)
        total = high_share + low_share
        whole = total == 1.0
    tie = winners & (count > 1)
    return total, high_share, low_share, whole.astype(np.float64), tie.astype(np.float64)


def _evaluate_chunk(
    game: Game,
    holes: list[list[int]],
    boards: npt.NDArray[np.uint8],
    threads: int | None,
) -> npt.NDArray[np.float64]:
    """Sums over a chunk of boards: rows total, high, low, whole, tie, total**2."""
    high, low = _values(game, holes, boards, threads)
    total, high_share, low_share, whole, tie = _shares(high, low)
    return np.stack(
        [
            total.sum(axis=0),
            high_share.sum(axis=0),
            low_share.sum(axis=0),
            whole.sum(axis=0),
            tie.sum(axis=0),
            (total**2).sum(axis=0),
        ]
    )


def equity(
    game: Game,
    hands: Sequence[Cards],
    board: Cards = (),
    dead: Cards = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
) -> EquityResult:
    """Equity of each hand: exact over every remaining board, or Monte Carlo.

    ``exact=None`` enumerates when there are at most 2,000,000 boards, else
    samples ``samples`` boards (default 100,000) from a generator seeded with
    ``seed``.  ``executor`` (any ``concurrent.futures.Executor``, e.g. Dask's)
    evaluates chunks of boards; the result does not depend on it.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> r = equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], exact=True)
    >>> r.deals, round(r.equity[0], 9)
    (1712304, 0.462144572)
    """
    holes = [_cards(h, f"hand {i + 1}") for i, h in enumerate(hands)]
    if len(holes) < 2:
        raise ValueError("equity needs at least two hands")
    hole_count = game.streets[0].hole
    for i, h in enumerate(holes):
        if len(h) != hole_count:
            raise ValueError(f"hand {i + 1} has {len(h)} cards; {game.name} deals {hole_count}")
    known = _cards(board, "board")
    gone = [c for h in holes for c in h] + known + _cards(dead, "dead")
    if len(set(gone)) != len(gone):
        raise ValueError("a card is given twice (hands, board and dead cards must differ)")
    board_size = sum(s.board for s in game.streets)
    if len(known) > board_size:
        raise ValueError(f"{game.name} has {board_size} board cards, not {len(known)}")
    if board_size == 0:
        raise ValueError(f"equity is not available for {game.name} yet")
    stub = [c for c in range(52) if c not in set(gone)]
    missing = board_size - len(known)
    total_boards = math.comb(len(stub), missing)
    if exact is None:
        exact = samples is None and total_boards <= EXACT_LIMIT
    deck = np.array(stub, dtype=np.uint8)
    fixed = np.array(known, dtype=np.uint8)

    def boards_of(index: npt.NDArray[np.intp]) -> npt.NDArray[np.uint8]:
        rows = index.shape[0]
        return np.ascontiguousarray(
            np.hstack([np.broadcast_to(fixed, (rows, len(known))), deck[index]])
        )

    jobs: list[Callable[[], npt.NDArray[np.float64]]] = []
    if exact:
        combos = _combinations(len(stub), missing)
        for start in range(0, combos.shape[0], CHUNK):
            jobs.append(
                partial(
                    _evaluate_chunk, game, holes, boards_of(combos[start : start + CHUNK]), threads
                )
            )
        deals = combos.shape[0]
    else:
        count = DEFAULT_SAMPLES if samples is None else samples
        if count < 1:
            raise ValueError(f"samples must be positive, got {count}")
        streams = np.random.SeedSequence(seed).spawn(math.ceil(count / CHUNK))
        for k, stream in enumerate(streams):
            size = min(CHUNK, count - k * CHUNK)

            def job(
                stream: np.random.SeedSequence = stream, size: int = size
            ) -> npt.NDArray[np.float64]:
                rng = np.random.default_rng(stream)
                index = np.argsort(rng.random((size, len(stub))), axis=1)[:, :missing]
                return _evaluate_chunk(game, holes, boards_of(index), threads)

            jobs.append(job)
        deals = count
    if executor is None:
        parts = [job() for job in jobs]
    else:
        parts = [f.result() for f in [executor.submit(job) for job in jobs]]
    sums = np.sum(parts, axis=0)
    mean = sums / deals
    stderr = None
    if not exact:
        variance = np.maximum(mean[5] - mean[0] ** 2, 0.0)
        stderr = tuple(float(x) for x in np.sqrt(variance / deals))
    return EquityResult(
        equity=tuple(float(x) for x in mean[0]),
        win=tuple(float(x) for x in mean[3]),
        tie=tuple(float(x) for x in mean[4]),
        high=tuple(float(x) for x in mean[1]),
        low=tuple(float(x) for x in mean[2]),
        deals=deals,
        exact=bool(exact),
        stderr=stderr,
    )
