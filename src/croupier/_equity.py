"""Equity: how often each hand wins (and splits) against the others.

``equity(game, hands, board)`` deals every remaining board (exact) or random
boards (Monte Carlo) and counts, per player, the share of the pot won: a
whole pot, half of a hi/lo pot, a third of a three-way tie.  Every game runs
on the nogil kernels of ``croupier._equity_kernels`` (Hold'em exact by rank
multisets and flush corrections).

Works for the flop games (Texas Hold'em, Omaha, Omaha Hi/Lo, Courchevel
Hi/Lo) with known hole cards or Hold'em ranges (``croupier.ranges``), and for
the stud games (Razz, Seven-Card Stud, Stud Hi/Lo) from the cards each player
holds so far, with the cards seen elsewhere as ``dead``.

This module reads and checks a request and dispatches it on the variant's
kernel; ``croupier._equity_chunks`` runs the work in chunks (on the thread
pool or an executor), ``croupier._equity_result`` is the result type.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> result = equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], board="2c7d9h", exact=True)
>>> result.deals, sum(result.equity)   # every turn and river; the shares add up to one pot
(990, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import cast

import numpy as np
import numpy.typing as npt

import croupier._equity_kernels as equity_kernels
from croupier._equity_chunks import (
    DEFAULT_SAMPLES,
    KERNEL_CHUNK,
    MatchUps,
    exact_match_ups,
    group_match_ups,
    kernel_chunks,
    sampled_ranges,
)
from croupier._equity_hands import Cards, cards_of, hand_of, is_holdem, is_omaha, twice
from croupier._equity_result import EquityResult, moments, result_of
from croupier._futures import as_executor
from croupier._omaha_equity import enumerated as omaha_enumerated
from croupier._omaha_equity import exact_deals as omaha_exact_deals
from croupier._omaha_equity import sampled as omaha_sampled
from croupier._parallel import thread_count
from croupier._validate import as_int, as_sequence, is_int
from croupier.cards import format_card
from croupier.games import Game
from croupier.omaha_ranges import OmahaRange
from croupier.ranges import Range
from croupier.variants import rules_of

__all__ = ["EquityResult", "equity"]

# Up to this many boards, equity enumerates them all unless told otherwise.
EXACT_LIMIT = 2_000_000
# exact=True is refused beyond these (minutes of work on one core): deals of a
# game dealt deal by deal (stud; Omaha boards never come near), and
# combinations of Hold'em ranges (the product of their sizes) to deal.
EXACT_MAX_DEALS = 2_000_000_000
EXACT_MAX_COMBINATIONS = 2_000_000
MAX_SAMPLES = 10_000_000_000  # Monte Carlo deals (about an hour on one core)
HOLDEM_EXACT_WORK = 50_000_000  # match-ups x min(boards, 50,000) enumerated when exact=None
MATCHUP_SCAN_LIMIT = 100_000  # range combinations looked at to decide (exact=None)

Shares = npt.NDArray[np.float64]


def equity(
    game: Game,
    hands: Sequence[Cards | Range | OmahaRange],
    board: Cards = (),
    dead: Cards = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    device: str | None = None,
) -> EquityResult:
    """Equity of each hand (specific cards, a Hold'em range such as ``"TT+, AKs"``, or
    in the Omaha games an Omaha range such as ``"AA**ds"``: :mod:`croupier.omaha_ranges`).

    With Omaha ranges, ``exact=None`` enumerates when the ways to deal the ranges
    times the boards are at most 2,000,000 (after the flop, a range of hundreds of
    hands): every way, each board on the exact kernel, averaged by the product of
    the hands' weights.  Else the deals are sampled (``samples``, default 100,000,
    or to a ``stderr``), each range's hand drawn by its weights with card removal,
    in numpy batches on this thread (``croupier._omaha_equity``; ``executor`` is not
    used).  ``exact=True`` is refused for ``random`` and past 2,000,000 ways.

    With ``stderr`` (a target standard error, Monte Carlo only), sampling runs
    in rounds until every hand's standard error is at most ``stderr`` or
    ``samples`` (default 10,000,000) deals are done: 25,000 deals first, then
    as many more as the standard error so far says are needed (3 % over).
    Each round adds new deals to those of the rounds before (none is dealt
    twice), in calls of at most 500,000 deals with seeds drawn from ``seed``,
    so the result repeats with the seed whatever the threads.  ``progress`` is
    called as ``progress(deals_done, deals_planned)`` after each call (the
    plan grows when a round falls short) and ends with both equal; without
    ``stderr`` it is called once, at the end.

    ``exact=None`` enumerates every deal when there are at most 2,000,000 of
    them (boards times range combinations), else samples ``samples`` deals
    (default 100,000) from a generator seeded with ``seed`` (for stud, the
    deals are the ways to complete every player's seven cards).  Texas Hold'em
    has a faster exact kernel (ranks first, flushes after; under a
    millisecond per pre-flop match-up): there, unless ``samples`` is given,
    specific hands are always enumerated, and ranges when they make at most
    1,000 pre-flop match-ups once those alike up to suits are grouped
    (match-ups x min(boards, 50,000) <= 50,000,000, looked at for up to
    100,000 combinations of the ranges).
    ``exact=True`` is refused (a ValueError that says how big the request
    is) beyond 2,000,000,000 deals of a stud game, or for Hold'em ranges
    whose sizes multiply to more than 2,000,000 combinations: minutes of
    work or more on one core; ``samples=`` is the way there.  ``samples``
    is at most 10,000,000,000.

    The work runs in chunks on croupier's one thread pool
    (``croupier._parallel``): at most ``threads`` threads (default, None:
    every core this process may use; a larger number is clamped to that),
    with the same result on any number of threads.  Between chunks the
    call checks for Ctrl-C, which stops it within a fraction of a second.
    ``executor``
    (any ``concurrent.futures.Executor``, e.g. Dask's) evaluates chunks of
    deals: Monte Carlo samples and the match-ups of exact Hold'em ranges;
    the deals of one exact spot are enumerated in this process on
    ``threads`` cores (milliseconds).  The result does not depend on it.

    ``device="cuda"`` runs Texas Hold'em (hands or ranges, 2 to 10 players) on an
    NVIDIA GPU through CuPy (``croupier.gpu``; the ``gpu`` extra): exact requests on
    the GPU's version of the same rank-multiset kernel (the same answer to about
    1e-13: its sums are integers), Monte Carlo with counter-based random numbers
    (reproducible by ``seed``, on the GPU and on the CPU build of the kernel alike,
    but other deals than the CPU path's for the same seed).  It does not go with
    ``executor``, ``stderr`` or ``threads``, nor with other games.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> r = equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], exact=True)
    >>> r.deals, round(r.equity[0], 9)
    (1712304, 0.462144572)
    >>> r = equity(TexasHoldem(NO_LIMIT), ["AA", "KK"], board="2c7d9h", exact=True)
    >>> r.deals                                   # 36 pairs of combos x 45 x 44 / 2
    35640
    """
    hands = cast(
        Sequence[Cards | Range | OmahaRange], as_sequence(hands, "hands")
    )  # read once, for every round
    samples, seed, threads_used = _check_options(samples, seed, threads)
    executor = as_executor(executor)
    if device is not None:
        if device != "cuda":
            raise ValueError(f"device must be None (the CPU) or 'cuda', got {device!r}")
        for name, value in (("executor", executor), ("stderr", stderr), ("threads", threads)):
            if value is not None:
                raise ValueError(f"device='cuda' does not go with {name}=")
    threads = threads_used
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be a callable, got {type(progress).__name__}")
    if stderr is not None:
        if exact:
            raise ValueError("stderr= is a Monte Carlo target: it does not go with exact=True")
        return _to_target(
            game, hands, board, dead, samples, stderr, seed, threads, executor, progress
        )
    result = _equity(game, hands, board, dead, exact, samples, seed, threads, executor, device)
    if progress is not None:
        progress(result.deals, result.deals)
    return result


def _check_options(
    samples: object, seed: object, threads: object
) -> tuple[int | None, int | None, int]:
    """Each option as an int or None; ValueError naming it unless it is one in range.

    ``threads`` comes back as the threads to use (None: every core; clamped to
    the cores); ``samples`` above MAX_SAMPLES is refused before anything is
    allocated.
    """
    out: list[int | None] = []
    for name, value, low in (("samples", samples, 1), ("seed", seed, 0), ("threads", threads, 1)):
        if value is not None and (not is_int(value) or as_int(value, name) < low):
            raise ValueError(f"{name} must be an int of at least {low} or None, got {value!r}")
        out.append(None if value is None else as_int(value, name))
    if out[0] is not None and out[0] > MAX_SAMPLES:
        raise ValueError(f"samples must be at most {MAX_SAMPLES:,}, got {_size(out[0])}")
    return out[0], out[1], thread_count(out[2])


def stud_deals(held: Sequence[int], left: int) -> int | None:
    """The deals that complete stud hands of ``held[i]`` cards each to seven cards from
    ``left`` cards (the deck less every known card); None when the deck cannot.

    >>> stud_deals([7, 6], 38), stud_deals([5, 5], 40), stud_deals([3] * 8, 20)
    (38, 548340, None)
    """
    deals = 1
    for k in held:
        need = 7 - k
        if need > left:
            return None
        deals *= math.comb(left, need)
        left -= need
    return deals


def _size(count: int) -> str:
    """A count for a message: with commas, or its power of ten when it is huge."""
    if count < 10**18:
        return f"{count:,}"
    return f"about 10**{round(math.log10(count))}"


def _too_big(what: str, count: int, limit: int) -> ValueError:
    """The refusal of an exact request of ``count`` (deals or combinations)."""
    return ValueError(
        f"exact equity here is {_size(count)} {what}, more than the {limit:,} croupier "
        f"enumerates (minutes of work on one core); pass samples= (say samples=1_000_000) "
        "for Monte Carlo instead"
    )


# A run to a target standard error (``stderr=``): the first round, and the most
# deals of one call (progress is reported after each).
FIRST_ROUND = 25_000
ROUND_CALL = 500_000
TARGET_CAP = 10_000_000  # deals at most, unless samples= says otherwise
ROUND_KEY = 0x726F756E64  # the spawn key of round seeds ("round"), apart from chunk seeds


def _round_seed(base: int, call: int) -> int:
    """The seed of call ``call`` of a run to a target: ``base`` itself for the first
    (so a run that stops there equals ``samples=25_000, seed=base``), then seeds
    drawn from ``base`` under a spawn key of their own."""
    if call == 0:
        return base
    stream = np.random.SeedSequence(base, spawn_key=(ROUND_KEY, call))
    return int(stream.generate_state(1, np.uint64)[0])


def _to_target(
    game: Game,
    hands: Sequence[Cards | Range | OmahaRange],
    board: Cards,
    dead: Cards,
    samples: int | None,
    target: float,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
    progress: Callable[[int, int], object] | None,
) -> EquityResult:
    """Monte Carlo rounds until every standard error is at most ``target``.

    Round one deals ``FIRST_ROUND``; each later round plans the total the
    standard error so far asks for, ``done * (worst / target) ** 2`` plus 3 %
    (at least one more chunk, at most ``samples``), and deals only the new
    part, in calls of at most ``ROUND_CALL`` deals with seeds of their own
    (``_round_seed``).  The calls' summed rows (``moments``) add up to the
    result.
    """
    if isinstance(target, bool) or not (
        isinstance(target, float | int) and target > 0 and math.isfinite(target)
    ):
        raise ValueError(f"stderr must be a positive number, got {target!r}")
    cap = TARGET_CAP if samples is None else samples
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
    sums: npt.NDArray[np.float64] | None = None
    done = calls = 0
    planned = min(FIRST_ROUND, cap)
    while True:
        while done < planned:
            size = min(ROUND_CALL, planned - done)
            part = _equity(
                game, hands, board, dead, False, size, _round_seed(seed, calls), threads, executor
            )
            rows = moments(part)
            sums = rows if sums is None else sums + rows
            done += size
            calls += 1
            if calls == 1 and (is_holdem(game) or is_omaha(game)):  # parse ranges once
                hole = game.streets[0].hole
                hands = [
                    hand_of(h, i, hole, is_holdem(game), is_omaha(game))
                    for i, h in enumerate(hands)
                ]
            if progress is not None and done < planned:
                progress(done, planned)
        assert sums is not None
        result = part if calls == 1 else result_of(sums, done, False)
        assert result.stderr is not None
        worst = max(result.stderr)
        if worst <= target or done >= cap:
            if progress is not None:
                progress(done, done)
            return result
        wanted = math.ceil(1.03 * done * (worst / target) ** 2)
        planned = min(cap, max(wanted, done + KERNEL_CHUNK))


def _equity(
    game: Game,
    hands: Sequence[Cards | Range | OmahaRange],
    board: Cards,
    dead: Cards,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
    device: str | None = None,
) -> EquityResult:
    if not isinstance(game, Game):
        raise ValueError(f"game must be a croupier Game, got {type(game).__name__}")
    if device is not None and not is_holdem(game):
        raise ValueError(f"device='cuda' computes Texas Hold'em equity, not {game.name}'s")
    hands = cast(Sequence[Cards | Range | OmahaRange], as_sequence(hands, "hands"))  # read once
    if len(hands) < 2:
        raise ValueError("equity needs at least two hands")
    if game.is_draw:
        return _draw_equity(game, hands, board, dead)
    kernel = rules_of(game.variant).equity
    if kernel is None:
        raise ValueError(f"equity is not available for {game.name} yet")
    if kernel in ("stud", "razz"):
        if cards_of(board, "board"):
            raise ValueError(
                f"{game.name} has no board: give the cards seen elsewhere as dead cards"
            )
        return _stud_equity(game, hands, dead, exact, samples, seed, threads, executor)
    hole_count = game.streets[0].hole
    omaha = is_omaha(game)
    parsed = [hand_of(h, i, hole_count, is_holdem(game), omaha) for i, h in enumerate(hands)]
    known = cards_of(board, "board")
    dead_cards = cards_of(dead, "dead")
    board_size = sum(s.board for s in game.streets)
    if board_size == 0:
        raise ValueError(f"equity is not available for {game.name} yet")
    if len(known) > board_size:
        raise ValueError(f"{game.name} has {board_size} board cards, not {len(known)}")
    twice(known + dead_cards, "hands, board and dead cards")
    if any(isinstance(h, OmahaRange) for h in parsed):
        holes_or_ranges = [h for h in parsed if isinstance(h, list | OmahaRange)]
        twice([c for h in parsed if isinstance(h, list) for c in h] + known + dead_cards,
               "hands, board and dead cards")  # fmt: skip
        size = omaha_exact_deals(holes_or_ranges, known, dead_cards, board_size)
        if exact is None:
            exact = samples is None and size is not None and size[1] <= EXACT_LIMIT
        if exact:
            if size is None:
                raise ValueError("exact equity with a random Omaha range is too big: sample it "
                                 "(samples=, or stderr=)")  # fmt: skip
            if size[0] > EXACT_MAX_COMBINATIONS:
                raise _too_big("ways to deal the ranges", size[0], EXACT_MAX_COMBINATIONS)
            if size[1] > EXACT_MAX_DEALS:
                raise _too_big("deals", size[1], EXACT_MAX_DEALS)
            return omaha_enumerated(game, holes_or_ranges, known, dead_cards, threads)
        count = DEFAULT_SAMPLES if samples is None else samples
        return omaha_sampled(game, holes_or_ranges, known, dead_cards, count, seed)
    if all(isinstance(h, list) for h in parsed):
        holes = [h for h in parsed if isinstance(h, list)]
        gone = [c for h in holes for c in h] + known + dead_cards
        twice(gone, "hands, board and dead cards")
        if is_holdem(game) and (exact or (exact is None and samples is None)):
            single = MatchUps(np.array([holes], dtype=np.uint8), np.ones(1), np.ones(1, np.int64))
            mean, deals = exact_match_ups(single, known, dead_cards, threads, executor, device)
            return result_of(mean, 1, True, deals)
        if device is None:  # on the GPU, sampled as ranges of one combination each
            sums, deals, was_exact = _fixed_hands(
                game, holes, known, gone, exact, samples, seed, threads, executor
            )
            return result_of(sums, deals, was_exact)
    ranges = [
        Range(combos=(((h[0], h[1]) if h[0] > h[1] else (h[1], h[0]), 1.0),))
        if isinstance(h, list)
        else cast(Range, h)  # (Omaha ranges went above)
        for h in parsed
    ]
    ranges = [r.without(known + dead_cards) for r in ranges]
    for i, r in enumerate(ranges):
        if not len(r):
            raise ValueError(f"hand {i + 1}: no combination is left beside the known cards")
    missing = board_size - len(known)
    per_deal = math.comb(52 - len(known) - len(dead_cards) - 2 * len(ranges), missing)
    at_most = math.prod(len(r) for r in ranges)  # combinations before card conflicts
    match_ups = None
    if exact is None:
        # Enumerate when the match-ups left after grouping by suits are few
        # enough (the rank-and-suit kernel: a few thousand classes each).
        exact = False
        if samples is None and at_most <= MATCHUP_SCAN_LIMIT:
            match_ups = group_match_ups(ranges, known + dead_cards)
            exact = len(match_ups.holes) * min(per_deal, 50_000) <= HOLDEM_EXACT_WORK
    if exact:
        if match_ups is None and at_most > EXACT_MAX_COMBINATIONS:
            raise _too_big("combinations of the ranges to deal", at_most, EXACT_MAX_COMBINATIONS)
        match_ups = match_ups or group_match_ups(ranges, known + dead_cards)
        mean, deals = exact_match_ups(match_ups, known, dead_cards, threads, executor, device)
        return result_of(mean, 1, True, deals)
    sums, deals = sampled_ranges(
        ranges, known, dead_cards, samples, seed, threads, executor, device
    )
    return result_of(sums, deals, False)


def _draw_equity(
    game: Game, hands: Sequence[Cards | Range | OmahaRange], board: Cards, dead: Cards
) -> EquityResult:
    """Draw games: the hands as they stand after the last draw (no card is to come).

    Each hand is a whole hand of the game (five cards, badugi four); the pot
    goes to the best of them, split among equal ones: an exact result of one
    deal (docs/rules.md §7.2).
    """
    if cards_of(board, "board"):
        raise ValueError(f"{game.name} has no board")
    size = game.streets[0].hole
    held = []
    for i, h in enumerate(hands):
        if isinstance(h, Range | OmahaRange):
            raise ValueError(f"hand {i + 1}: {game.name} takes the cards held, not a range")
        cards = cards_of(h, f"hand {i + 1}")
        if len(cards) != size:
            raise ValueError(f"hand {i + 1}: {game.name} hands have {size} cards, not {len(cards)}")
        held.append(cards)
    twice([c for h in held for c in h] + cards_of(dead, "dead"), "hands and dead cards")
    outside = sorted({c for h in held for c in h} - set(game.deck))
    if outside:
        raise ValueError(f"card {format_card(outside[0])} is not in the {game.name} deck")
    values = [game.value(tuple(h), ()) for h in held]
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    rows = np.zeros((6, len(held)))
    for i in winners:
        share = 1.0 / len(winners)
        rows[0][i] = rows[1][i] = share
        rows[5][i] = share * share
        rows[3 if len(winners) == 1 else 4][i] = 1.0
    return result_of(rows, 1, True)


# (Its parameters are _equity's less the board: the request as checked there.)
def _stud_equity(
    game: Game,
    hands: Sequence[Cards | Range | OmahaRange],
    dead: Cards,
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
) -> EquityResult:
    """Stud games: each hand is the cards a player holds so far (up and down, 0 to 7;
    ``"random"`` is none known); the rest of their seven cards come from the deck less
    every known card.

    Every completion (exact) is enumerated in this process on the nogil
    kernel ``stud_exact`` (on ``threads`` threads); Monte Carlo chunks go to
    ``executor`` when one is given (each with a seed of its own, so the
    result is the same without).
    """
    known: list[list[int]] = []
    for i, h in enumerate(hands):
        if isinstance(h, Range | OmahaRange):
            raise ValueError(f"hand {i + 1}: stud hands are cards, not ranges")
        if isinstance(h, str) and h.strip().lower() in ("random", "any"):
            known.append([])  # nothing known: every card of its seven still to come
            continue
        cards = cards_of(h, f"hand {i + 1}")
        if not len(cards) <= 7:
            raise ValueError(f"hand {i + 1} has {len(cards)} cards; a stud hand has 0 to 7")
        known.append(cards)
    gone = [c for h in known for c in h] + cards_of(dead, "dead")
    twice(gone, "hands and dead cards")
    stub = np.array([c for c in range(52) if c not in set(gone)], dtype=np.uint8)
    deals = stud_deals([len(h) for h in known], len(stub))
    if deals is None:
        raise ValueError("the deck cannot complete every hand (no community card here)")
    if exact is None:
        exact = samples is None and deals <= EXACT_LIMIT
    if exact and deals > EXACT_MAX_DEALS:
        raise _too_big("deals", deals, EXACT_MAX_DEALS)
    held = np.array([c for h in known for c in h], dtype=np.uint8)
    starts = np.cumsum([0] + [len(h) for h in known], dtype=np.int64)
    rules = rules_of(game.variant)
    razz = rules.equity == "razz"
    hilo = rules.low_value is not None
    if exact:
        rows, count = equity_kernels.stud_exact(held, starts, stub, razz, hilo, threads)
        return result_of(np.array(rows), count, True)
    sums, count = kernel_chunks(
        lambda chunk_seed, size: equity_kernels.stud_sampled(
            held, starts, stub, razz, hilo, chunk_seed, size
        ),
        samples,
        seed,
        threads,
        executor,
        lambda words, deals, size, threads: equity_kernels.stud_sampled_chunks(
            held, starts, stub, razz, hilo, words, deals, size, threads
        ),
    )
    return result_of(sums, count, False)


def _fixed_hands(
    game: Game,
    holes: list[list[int]],
    known: list[int],
    gone: list[int],
    exact: bool | None,
    samples: int | None,
    seed: int | None,
    threads: int | None,
    executor: Executor | None,
) -> tuple[npt.NDArray[np.float64], int, bool]:
    """Summed shares over every board (exact) or sampled boards, for known hole cards.

    Hold'em Monte Carlo and the Omaha games (Omaha, Omaha Hi/Lo, Courchevel)
    run on the nogil kernels of ``croupier._equity_kernels``; exact enumeration
    runs in this process on ``threads`` cores, Monte Carlo chunks go to
    ``executor`` when one is given.
    """
    board_size = sum(s.board for s in game.streets)
    deck = game.deck
    if len(deck) < 52:
        outside = sorted(set(gone) - set(deck))
        if outside:
            raise ValueError(f"card {format_card(outside[0])} is not in the {game.name} deck")
    stub = np.array([c for c in deck if c not in set(gone)], dtype=np.uint8)
    missing = board_size - len(known)
    boards = math.comb(len(stub), missing)
    if exact is None:
        exact = samples is None and boards <= EXACT_LIMIT
    if exact and boards > EXACT_MAX_DEALS:  # pragma: no cover - at most C(48, 5) boards
        raise _too_big("boards", boards, EXACT_MAX_DEALS)
    fixed = np.array(known, dtype=np.uint8)
    hole_matrix = np.array(holes, dtype=np.uint8)
    if is_holdem(game) and not exact:
        sums, count = kernel_chunks(
            lambda chunk_seed, size: equity_kernels.holdem_sampled(
                hole_matrix, fixed, stub, missing, chunk_seed, size
            ),
            samples,
            seed,
            threads,
            executor,
            lambda words, deals, size, threads: equity_kernels.holdem_sampled_chunks(
                hole_matrix, fixed, stub, missing, words, deals, size, threads
            ),
        )
        return sums, count, False
    kind = _BOARD_KINDS.get(rules_of(game.variant).equity or "")
    if kind is None:
        raise ValueError(f"equity is not available for {game.name} yet")
    hilo = rules_of(game.variant).low_value is not None
    if exact:
        rows = equity_kernels.omaha_exact(hole_matrix, fixed, stub, missing, hilo, threads, kind)
        return np.array(rows), boards, True
    sums, count = kernel_chunks(
        lambda chunk_seed, size: equity_kernels.omaha_sampled(
            hole_matrix, fixed, stub, missing, hilo, chunk_seed, size, kind
        ),
        samples,
        seed,
        threads,
        executor,
        lambda words, deals, size, threads: equity_kernels.omaha_sampled_chunks(
            hole_matrix, fixed, stub, missing, hilo, words, deals, size, threads, kind
        ),
    )
    return sums, count, False


# The equity kernels that deal a five-card board one board at a time
# (``_equity_kernels.omaha_exact``'s ``kind``): Omaha's two-plus-three, and the
# hold'em games of the short (36-card) and royal (20-card) decks.
_BOARD_KINDS = {"omaha": 0, "short_deck": 1, "royal": 2}
