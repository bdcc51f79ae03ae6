"""Ways to play complete hands on croupier's engine, shared by the benchmarks.

Each function plays ``n`` hands and returns a checksum of the payoffs (so the
work cannot be skipped and the caller can check the result).
"""

from __future__ import annotations

import random

import croupier

NO_LIMIT_1_2 = croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2))


def check_down(n: int, players: int = 6, seed: int = 0) -> int:
    """Everyone checks or calls to the showdown (no-limit 1/2, 200 chips each)."""
    game = NO_LIMIT_1_2
    stacks = [200] * players
    total = 0
    for k in range(n):
        hand = game.start(stacks, seed=seed + k)
        while hand.actor is not None:
            hand.check_or_call()
        payoffs = hand.payoffs
        assert payoffs is not None
        total += payoffs[0]
    return total


def heads_up_all_in(n: int, seed: int = 0) -> int:
    """Heads-up: the button moves all-in pre-flop and the big blind calls."""
    game = NO_LIMIT_1_2
    total = 0
    for k in range(n):
        hand = game.start([200, 200], seed=seed + k)
        hand.all_in()
        hand.call()
        payoffs = hand.payoffs
        assert payoffs is not None
        total += payoffs[0]
    return total


def random_play(n: int, players: int = 6, seed: int = 0) -> int:
    """Random legal actions: fold, check/call, minimum or maximum raise, all-in."""
    game = NO_LIMIT_1_2
    rng = random.Random(seed)
    total = 0
    for k in range(n):
        hand = game.start([rng.randint(20, 400) for _ in range(players)], seed=seed + k)
        while hand.actor is not None:
            r = rng.random()
            if r < 0.15 and not hand.can_check:
                hand.fold()
            elif r < 0.8 or not hand.can_raise:
                hand.check_or_call()
            else:
                lo, hi = hand.min_raise_to, hand.max_raise_to
                assert lo is not None and hi is not None
                hand.raise_to(lo if r < 0.95 else hi)
        payoffs = hand.payoffs
        assert payoffs is not None
        total += payoffs[0]
    return total


DRAW_GAMES = {
    "2-7 single draw NL": croupier.DeuceToSevenSingleDraw(croupier.NO_LIMIT, (1, 2)),
    "2-7 triple draw FL": croupier.DeuceToSevenTripleDraw(croupier.FIXED_LIMIT, (1, 2)),
    "badugi FL": croupier.Badugi(croupier.FIXED_LIMIT, (1, 2)),
    "five-card draw FL": croupier.FiveCardDraw(croupier.FIXED_LIMIT, (1, 2)),
}


def draw_play(n: int, game: croupier.Game, players: int = 6, seed: int = 0) -> int:
    """A draw game (200 chips each): random betting as ``random_play``, and in each
    draw a random number (0 to all) of random cards thrown away."""
    rng = random.Random(seed)
    stacks = [200] * players
    total = 0
    for k in range(n):
        hand = game.start(stacks, seed=seed + k)
        while hand.actor is not None:
            if hand.drawing:
                hole = hand.hole(hand.actor)
                hand.discard(rng.sample(hole, rng.randint(0, len(hole))))
                continue
            r = rng.random()
            if r < 0.15 and not hand.can_check:
                hand.fold()
            elif r < 0.8 or not hand.can_raise:
                hand.check_or_call()
            else:
                lo = hand.min_raise_to
                assert lo is not None
                hand.raise_to(lo)
        payoffs = hand.payoffs
        assert payoffs is not None
        total += payoffs[0]
    return total
