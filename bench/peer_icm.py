"""ICM: croupier against PokerKit's ``pokerkit.analysis.calculate_icm``, in one run.

    python bench/peer_icm.py [--quick]

The same random tables for both (chips 100 to 10,000 a player, payouts falling
from 100): final tables of 6 players with 3 places paid, 9 with 3, 9 with 9 and
(not with ``--quick``) 10 with 10.  croupier's ``icm`` sums exactly over the sets of placed players;
PokerKit sums over every finishing order of the paid places (``n!/(n-m)!``
orders).  Each entry is timed on this thread's CPU time, best of alternating
rounds; the answers are compared first (they must agree to 1e-9).
:func:`headline` gives croupier ÷ PokerKit at 9 players, 9 places for
``compare_peers.py --check``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from functools import partial

from croupier import icm

CASES = ((6, 3), (9, 3), (9, 9), (10, 10))
CHECK = "ICM 9 players 9 places, vs PokerKit calculate_icm"


def tables(players: int, places: int, count: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [
        (
            [rng.randint(100, 10_000) for _ in range(players)],
            sorted((rng.randint(1, 100) for _ in range(places)), reverse=True),
        )
        for _ in range(count)
    ]


def _ours(work: list[tuple[list[int], list[int]]]) -> object:
    return [icm(stacks, payouts) for stacks, payouts in work]


def _theirs(peer: Callable[..., object], work: list[tuple[list[int], list[int]]]) -> object:
    return [peer(payouts, stacks) for stacks, payouts in work]


def best(fn: Callable[[], object], rounds: int) -> float:
    fastest = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.thread_time()
        fn()
        fastest = min(fastest, time.thread_time() - start)
    return fastest


def measure(quick: bool) -> dict[tuple[int, int], dict[str, float]]:
    """Tables per second of each library, per (players, places)."""
    try:
        from pokerkit.analysis import calculate_icm
    except ImportError:
        calculate_icm = None  # type: ignore[assignment]
    rounds = 3 if quick else 5
    out: dict[tuple[int, int], dict[str, float]] = {}
    for players, places in CASES:
        if quick and players > 9:
            continue  # PokerKit takes seconds a table there
        slow = places >= 9
        count = (1 if quick else 3) if slow else 200
        work = tables(players, places, count, players * 100 + places)
        rates: dict[str, float] = {}
        for stacks, payouts in work[:1]:
            ours = icm(stacks, payouts).equity
            if calculate_icm is not None:
                theirs = calculate_icm(payouts, stacks)
                pairs = zip(ours, theirs, strict=True)
                assert all(abs(a - b) <= 1e-9 * max(1, abs(b)) for a, b in pairs)
        timings: dict[str, float] = {"croupier": float("inf")}
        if calculate_icm is not None:
            timings["PokerKit"] = float("inf")
        for _ in range(rounds):
            ours_time = best(partial(_ours, work), 1)
            timings["croupier"] = min(timings["croupier"], ours_time)
            if calculate_icm is not None:
                theirs_time = best(partial(_theirs, calculate_icm, work), 1)
                timings["PokerKit"] = min(timings["PokerKit"], theirs_time)
        for name, seconds in timings.items():
            rates[name] = len(work) / seconds
        out[(players, places)] = rates
    return out


def headline(rates: dict[tuple[int, int], dict[str, float]]) -> dict[str, float]:
    """croupier ÷ PokerKit at 9 players and 9 places (for ``--check``)."""
    row = rates.get((9, 9), {})
    if "PokerKit" not in row:
        return {}
    return {CHECK: row["croupier"] / row["PokerKit"]}


def report(rates: dict[tuple[int, int], dict[str, float]]) -> str:
    lines = [
        "",
        "### ICM: tables a second, one core (bench/peer_icm.py)",
        "",
        "| Players, places paid | croupier | PokerKit calculate_icm | croupier ÷ PokerKit |",
        "|---|---:|---:|---:|",
    ]
    for (players, places), row in rates.items():
        theirs = row.get("PokerKit")
        ratio = f"{row['croupier'] / theirs:,.1f}x" if theirs else "—"
        shown = f"{theirs:,.2f}" if theirs else "—"
        lines.append(f"| {players}, {places} | {row['croupier']:,.0f} | {shown} | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 5")
    args = parser.parse_args()
    print(report(measure(args.quick)))


if __name__ == "__main__":
    main()
