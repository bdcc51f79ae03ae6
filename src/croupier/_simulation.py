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

With ``records=True`` every hand is kept as a :class:`HandRecord` (its seed, payoffs,
cards, whether it went to showdown or all-in) in ``result.hand_records``; without,
only the totals are summed.  ``to_records()`` and ``to_dataframe()`` give the totals
per seat, ``per_hand=True`` a row per hand and seat:

>>> result = simulate(TexasHoldem(NO_LIMIT), 3, [100] * 2, seed=1, records=True)
>>> [len(r) for r in result.to_records()], len(result.to_records(per_hand=True))
([4, 4], 6)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from croupier._frames import dataframe_of
from croupier._futures import as_executor, ordered_map
from croupier._validate import as_int
from croupier.cards import format_card
from croupier.games import Game
from croupier.hand import Hand

__all__ = ["POLICIES", "HandRecord", "SimulationResult", "simulate"]

Policy = Callable[[Hand, random.Random], None]
CHUNK = 1000
CARD_TEXT = tuple(format_card(c) for c in range(52))  # a record's cards, without checks
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
class HandRecord:
    """One hand of a :func:`simulate` run with ``records=True``.

    ``hand``: its index in the run (0 first); ``seed``: the seed it was dealt and
    played with (``seed + hand``: ``game.start(stacks, seed=record.seed)`` deals it
    again); per seat, ``payoffs`` (chips won or lost) and ``winnings`` (chips taken
    from the pots); ``showdown``: two or more hands were shown down; ``all_in``: a
    seat still in had put in its whole stack; ``holes`` and ``board``: the cards as
    text (a seat's last cards in a draw game; the first board when it was run twice).

    >>> r = HandRecord(0, 7, (2, -2), (4, 0), False, False, ("AsKs", "7c2d"), "")
    >>> r.payoffs[0], r.won
    (2, (True, False))
    """

    hand: int
    seed: int
    payoffs: tuple[int, ...]
    winnings: tuple[int, ...]
    showdown: bool
    all_in: bool
    holes: tuple[str, ...]
    board: str

    @property
    def won(self) -> tuple[bool, ...]:
        """Whether each seat took chips from a pot (what ``SimulationResult.won`` counts)."""
        return tuple(w > 0 for w in self.winnings)


def _record(hand: Hand, k: int, seed: int) -> HandRecord:
    """The record of finished hand ``k``, dealt with ``seed``."""
    payoffs, winnings = hand.payoffs, hand.winnings
    assert payoffs is not None and winnings is not None
    folded, put_in, started = hand.folded, hand.contributions, hand.starting_stacks
    n = hand.n_players
    return HandRecord(
        hand=k,
        seed=seed,
        payoffs=payoffs,
        winnings=winnings,
        showdown=len(hand.showdown_order) > 1,
        all_in=any(not folded[i] and put_in[i] == started[i] for i in range(n)),
        holes=tuple("".join(CARD_TEXT[c] for c in hand.hole(i)) for i in range(n)),
        board="".join(CARD_TEXT[c] for c in hand.board),
    )


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """``hands``: how many were played; ``net``: chips won (+) or lost (-) per seat
    over all hands; ``won``: hands in which each seat took chips from a pot;
    ``seconds`` of wall time and ``hands_per_second``; ``big_blind``: the game's
    big blind (its small bet without blinds: stud), for ``bb_per_100``;
    ``hand_records``: one :class:`HandRecord` a hand, in order, when
    :func:`simulate` was asked for ``records=True`` (else empty).

    >>> r = SimulationResult(hands=200, net=(32, -32), won=(121, 85), seconds=0.5)
    >>> r.hands_per_second
    400.0
    """

    hands: int
    net: tuple[int, ...]
    won: tuple[int, ...]
    seconds: float
    big_blind: int | None = None
    hand_records: tuple[HandRecord, ...] = field(default=(), repr=False)

    @property
    def hands_per_second(self) -> float:
        """Hands played a second of wall time (``inf`` if no time was measured)."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")

    @property
    def bb_per_100(self) -> tuple[float, ...] | None:
        """Big blinds won per 100 hands, per seat: ``100 * net / big_blind / hands``
        (None when the big blind is not known).

        >>> SimulationResult(200, (32, -32), (121, 85), 0.5, big_blind=2).bb_per_100
        (8.0, -8.0)
        """
        if not self.big_blind or not self.hands:
            return None
        return tuple(100 * n / self.big_blind / self.hands for n in self.net)

    def to_records(self, per_hand: bool = False) -> list[dict[str, object]]:
        """One dict a seat: ``seat``, ``net``, ``won`` (hands in which it took chips)
        and ``bb_per_100`` (None when the big blind is not known); needs nothing.

        With ``per_hand`` (a run with ``records=True``), one dict a hand and seat, in
        order: ``hand``, ``seat``, ``seed``, ``payoff``, ``winnings``, ``won``,
        ``showdown``, ``all_in``, ``hole`` and ``board`` (the :class:`HandRecord`'s
        values); a ``ValueError`` when the run kept no records.

        >>> r = SimulationResult(200, (32, -32), (121, 85), 0.5, big_blind=2)
        >>> r.to_records()[0]
        {'seat': 0, 'net': 32, 'won': 121, 'bb_per_100': 8.0}
        """
        if per_hand:
            if len(self.hand_records) != self.hands:
                raise ValueError(
                    "per_hand needs the hands' records: simulate(..., records=True) keeps them"
                )
            return [
                {
                    "hand": r.hand,
                    "seat": seat,
                    "seed": r.seed,
                    "payoff": r.payoffs[seat],
                    "winnings": r.winnings[seat],
                    "won": r.winnings[seat] > 0,
                    "showdown": r.showdown,
                    "all_in": r.all_in,
                    "hole": r.holes[seat],
                    "board": r.board,
                }
                for r in self.hand_records
                for seat in range(len(r.payoffs))
            ]
        rates = self.bb_per_100
        return [
            {
                "seat": seat,
                "net": self.net[seat],
                "won": self.won[seat],
                "bb_per_100": None if rates is None else rates[seat],
            }
            for seat in range(len(self.net))
        ]

    def to_dataframe(self, per_hand: bool = False) -> Any:
        """The records as a ``pandas.DataFrame`` (needs pandas): indexed by seat, or
        with ``per_hand`` by hand and seat (see :meth:`to_records`).

        >>> r = SimulationResult(200, (32, -32), (121, 85), 0.5, big_blind=2)
        >>> try:
        ...     frame = r.to_dataframe()
        ... except ImportError:  # pandas is optional
        ...     frame = None
        >>> frame is None or int(frame.loc[1, "net"]) == -32
        True
        """
        index = ["hand", "seat"] if per_hand else "seat"
        return dataframe_of(self.to_records(per_hand), index, "SimulationResult")


def _play(
    game: Game,
    stacks: tuple[int, ...],
    policy: Policy,
    seed: int,
    first: int,
    count: int,
    records: bool = False,
) -> tuple[list[int], list[int], list[HandRecord]]:
    """Net chips and pots won per seat over hands ``first .. first + count - 1``, and
    each hand's record when ``records``."""
    net = [0] * len(stacks)
    won = [0] * len(stacks)
    kept: list[HandRecord] = []
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
        if records:
            kept.append(_record(hand, k, seed + k))
    return net, won, kept


def simulate(
    game: Game,
    hands: int,
    stacks: Sequence[int],
    *,
    policy: str | Policy = "random",
    seed: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
    records: bool = False,
) -> SimulationResult:
    """Play ``hands`` hands of ``game`` from ``stacks`` with ``policy``.

    With ``executor`` (any ``concurrent.futures.Executor``), chunks of 1,000
    hands run there, at most ``IN_FLIGHT`` at a time; the result is the same as
    the local run.  ``progress(hands_done, hands)`` is called after each chunk.
    ``policy``: ``"random"`` (random legal actions), ``"check-down"``, ``"all-in"``,
    or a callable given the hand and a ``random.Random`` that plays one action.
    ``records=True`` keeps a :class:`HandRecord` of every hand in the result's
    ``hand_records`` (the same whatever the executor: hand ``k`` is dealt with
    ``seed + k``); without it only the totals are kept.

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
    kept: list[HandRecord] = []
    done = 0
    records = bool(records)

    def add(part: tuple[list[int], list[int], list[HandRecord]], count: int) -> None:
        nonlocal done
        for i in range(n):
            net[i] += part[0][i]
            won[i] += part[1][i]
        kept.extend(part[2])
        done += count
        if progress is not None:
            progress(done, hands)

    def size(first: int) -> int:
        return min(CHUNK, hands - first)

    if executor is None:
        for first in firsts:
            add(_play(game, stacks, play, seed, first, size(first), records), size(first))
    else:
        calls = (
            partial(_play, game, stacks, play, seed, first, size(first), records)
            for first in firsts
        )
        for first, part in zip(firsts, ordered_map(executor, calls, IN_FLIGHT), strict=True):
            add(part, size(first))
    seconds = time.perf_counter() - started
    big_blind = game.min_bet or None
    return SimulationResult(hands, tuple(net), tuple(won), seconds, big_blind, tuple(kept))
