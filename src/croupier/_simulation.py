"""Play many hands with a policy: per-seat results and throughput.

``simulate(game, hands, stacks, policy=..., seed=...)`` deals ``hands`` hands
(hand ``k`` uses seed ``seed + k``, so any split of the work gives the same
result) and lets ``policy`` choose every action.  Built-in policies:
``"check-down"`` (check or call), ``"random"`` (seeded random legal actions)
and ``"all-in"`` (the first player to act moves all-in, then everyone calls);
or any callable ``policy(hand, rng)`` that makes one action on the hand.  In
the draws of the draw games, ``"random"`` discards a random number of random
cards and the others stand pat.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> result = simulate(TexasHoldem(NO_LIMIT), 200, [100] * 3, policy="random", seed=1)
>>> result.hands, sum(result.net)          # chips only change hands
(200, 0)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial

from croupier._futures import as_executor, ordered_map
from croupier._validate import as_int
from croupier.games import Game
from croupier.hand import Hand

__all__ = ["POLICIES", "SimulationResult", "simulate"]

Policy = Callable[[Hand, random.Random], None]
CHUNK = 1000
IN_FLIGHT = 64  # chunks submitted to an executor and not yet added


def check_down(hand: Hand, rng: random.Random) -> None:
    """Check or call (post the bring-in when due, stand pat in a draw)."""
    if hand.drawing:
        hand.stand_pat()
    elif hand.bring_in_pending:
        hand.bring_in()
    else:
        hand.check_or_call()


def random_play(hand: Hand, rng: random.Random) -> None:
    """Fold 10 %, raise 15 % (uniform between the minimum and the maximum), else check or
    call; in a draw, discard 0 to all cards (as many as allowed), chosen at random."""
    r = rng.random()
    if hand.drawing:
        seat, most = hand.actor, hand.max_discards
        assert seat is not None and most is not None
        hand.discard(rng.sample(hand.hole(seat), rng.randint(0, most)))
    elif hand.bring_in_pending:
        hand.bring_in() if r < 0.7 else hand.complete()
    elif r < 0.10 and not hand.can_check:
        hand.fold()
    elif r < 0.25 and hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        hand.raise_to(rng.randint(lo, hi))
    else:
        hand.check_or_call()


def all_in(hand: Hand, rng: random.Random) -> None:
    """Move all-in when raising is open, else check or call."""
    seat = hand.actor
    assert seat is not None
    if hand.drawing:
        hand.stand_pat()
    elif hand.bring_in_pending:
        hand.bring_in()
    elif hand.can_raise and hand.max_raise_to == hand.stacks[seat] + hand.bets[seat]:
        hand.all_in()
    else:
        hand.check_or_call()


POLICIES: dict[str, Policy] = {"check-down": check_down, "random": random_play, "all-in": all_in}


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """``hands``: how many were played; ``net``: chips won (+) or lost (-) per seat
    over all hands; ``won``: hands in which each seat took chips from a pot;
    ``seconds`` of wall time and ``hands_per_second``.

    >>> r = SimulationResult(hands=200, net=(32, -32), won=(121, 85), seconds=0.5)
    >>> r.hands_per_second
    400.0
    """

    hands: int
    net: tuple[int, ...]
    won: tuple[int, ...]
    seconds: float

    @property
    def hands_per_second(self) -> float:
        """Hands played a second of wall time (``inf`` if no time was measured)."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def _play(
    game: Game, stacks: tuple[int, ...], policy: Policy, seed: int, first: int, count: int
) -> tuple[list[int], list[int]]:
    """Net chips and pots won per seat over hands ``first .. first + count - 1``."""
    net = [0] * len(stacks)
    won = [0] * len(stacks)
    for k in range(first, first + count):
        rng = random.Random(seed + k)
        hand = game.start(stacks, seed=seed + k)
        steps = 0
        while hand.actor is not None:
            policy(hand, rng)
            steps += 1
            if steps > 10_000:
                raise RuntimeError("a policy did not finish a hand in 10,000 actions")
        payoffs, winnings = hand.payoffs, hand.winnings
        assert payoffs is not None and winnings is not None
        for i, p in enumerate(payoffs):
            net[i] += p
            won[i] += winnings[i] > 0
    return net, won


def simulate(
    game: Game,
    hands: int,
    stacks: Sequence[int],
    *,
    policy: str | Policy = "random",
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> SimulationResult:
    """Play ``hands`` hands of ``game`` from ``stacks`` with ``policy``.

    With ``executor`` (any ``concurrent.futures.Executor``), chunks of 1,000
    hands run there, at most ``IN_FLIGHT`` at a time; the result is the same as
    the local run.  ``progress(hands_done, hands)`` is called after each chunk.
    ``policy``: ``"random"`` (random legal actions), ``"check-down"``, ``"all-in"``,
    or a callable given the hand and a ``random.Random`` that plays one action.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> r = simulate(TexasHoldem(NO_LIMIT), 200, [100, 100], seed=1)
    >>> r.hands, sum(r.net), r.net
    (200, 0, (32, -32))
    """
    hands = as_int(hands, "hands")
    if hands < 1:
        raise ValueError(f"hands must be a positive int, got {hands!r}")
    seed = as_int(seed, "seed")
    executor = as_executor(executor)
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {sorted(POLICIES)} or a callable")
        play = POLICIES[policy]
    else:
        play = policy
    stacks = tuple(stacks)
    game.start(stacks, seed=seed)  # checks the stacks and the table size once, up front
    started = time.perf_counter()
    firsts = range(0, hands, CHUNK)
    n = len(stacks)
    net, won = [0] * n, [0] * n
    done = 0

    def add(part: tuple[list[int], list[int]], count: int) -> None:
        nonlocal done
        for i in range(n):
            net[i] += part[0][i]
            won[i] += part[1][i]
        done += count
        if progress is not None:
            progress(done, hands)

    def size(first: int) -> int:
        return min(CHUNK, hands - first)

    if executor is None:
        for first in firsts:
            add(_play(game, stacks, play, seed, first, size(first)), size(first))
    else:
        calls = (partial(_play, game, stacks, play, seed, first, size(first)) for first in firsts)
        for first, part in zip(firsts, ordered_map(executor, calls, IN_FLIGHT), strict=True):
            add(part, size(first))
    return SimulationResult(hands, tuple(net), tuple(won), time.perf_counter() - started)
