"""croupier.icm against PokerKit's ``pokerkit.analysis.calculate_icm`` (a test oracle:
Python 3.11+, see tests/conftest.py) on random tables."""

from __future__ import annotations

import random

from pokerkit.analysis import calculate_icm

from croupier import icm


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def test_pokerkit_agrees() -> None:
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(2, 7)
        stacks = [rng.randint(1, 5000) for _ in range(n)]
        payouts = sorted((rng.randint(0, 100) for _ in range(rng.randint(1, n))), reverse=True)
        theirs = calculate_icm(payouts, stacks)
        assert all(close(a, b) for a, b in zip(icm(stacks, payouts).equity, theirs, strict=True))
