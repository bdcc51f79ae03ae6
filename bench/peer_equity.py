"""Equity timings: croupier against the peers that are installed, same spots.

Used by ``bench/compare_peers.py`` (``--no-equity`` skips it).  Peers are only
used here, never by croupier: pokerfast (OMPEval's exact enumeration), xiapl
(exact and Monte Carlo), eval7 (Monte Carlo; exact as a Python loop over its
evaluator) and PokerKit's ``calculate_equities`` (Monte Carlo).  Every peer
runs on one thread, and the ratio column compares it with croupier on one
thread; croupier on both cores is shown beside.  Each entry is the best of a
few runs; PokerKit is timed on fewer samples and scaled.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

import croupier

Row = tuple[str, str, float, str]  # (workload, library, seconds, note)


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t)
    return best


EXACT = "AhKh vs QdQc pre-flop, exact"
MC = "AhKh vs QdQc pre-flop, Monte Carlo 100,000"
RANGES = "AA vs KK pre-flop, exact (36 match-ups)"
COURCHEVEL = "Courchevel Hi/Lo three-way, Monte Carlo 100,000"
RANGE = "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
RANGE_MC = f"AhKh vs {RANGE}, Monte Carlo 100,000"


def _eval7_rows(repeat: int) -> list[Row]:
    """eval7: its Monte Carlo entry, and exact as a Python loop over ``eval7.evaluate``."""
    import itertools

    import eval7

    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    villain = [eval7.Card("Qd"), eval7.Card("Qc")]
    rows: list[Row] = [
        (
            MC,
            "eval7",
            _best(
                lambda: eval7.py_hand_vs_range_monte_carlo(
                    hero, eval7.HandRange("QdQc"), [], 100_000
                ),
                repeat,
            ),
            "one thread",
        )
    ]
    rows.append(
        (
            RANGE_MC,
            "eval7",
            _best(
                lambda: eval7.py_hand_vs_range_monte_carlo(
                    hero, eval7.HandRange(RANGE), [], 100_000
                ),
                repeat,
            ),
            "one thread (hand vs range)",
        )
    )
    gone = {str(c) for c in hero + villain}
    deck = [c for c in eval7.Deck().cards if str(c) not in gone]

    def loop() -> float:
        won = 0.0
        for board in itertools.combinations(deck, 5):
            a = eval7.evaluate(hero + list(board))
            b = eval7.evaluate(villain + list(board))
            won += 1.0 if a > b else 0.5 if a == b else 0.0
        return won

    rows.append((EXACT, "eval7", _best(loop, 1), "a Python loop over eval7.evaluate"))
    return rows


def equity_rows(quick: bool = False) -> list[Row]:
    """Croupier on one thread (the issue's targets) and on both cores, then each peer."""
    repeat = 3 if quick else 7
    holdem = croupier.TexasHoldem(croupier.NO_LIMIT)
    courchevel = croupier.CourchevelHiLo(croupier.POT_LIMIT)
    three = ["As2d3cKh4s", "QdQc8h9hTs", "5c6c7d8dJh"]
    rows: list[Row] = []
    for threads, note in ((1, "one thread"), (None, "both cores")):
        label = "croupier" if threads == 1 else "croupier, both cores"
        rows += [
            (
                EXACT,
                label,
                _best(
                    lambda t=threads: croupier.equity(
                        holdem, ["AhKh", "QdQc"], exact=True, threads=t
                    ),
                    repeat,
                ),
                note,
            ),
            (
                MC,
                label,
                _best(
                    lambda t=threads: croupier.equity(
                        holdem, ["AhKh", "QdQc"], samples=100_000, seed=1, threads=t
                    ),
                    repeat,
                ),
                note,
            ),
            (
                RANGES,
                label,
                _best(
                    lambda t=threads: croupier.equity(holdem, ["AA", "KK"], exact=True, threads=t),
                    repeat,
                ),
                note,
            ),
            (
                RANGE_MC,
                label,
                _best(
                    lambda t=threads: croupier.equity(
                        holdem, ["AhKh", RANGE], samples=100_000, seed=1, threads=t
                    ),
                    repeat,
                ),
                note,
            ),
            (
                COURCHEVEL,
                label,
                _best(
                    lambda t=threads: croupier.equity(
                        courchevel, three, samples=100_000, seed=1, threads=t
                    ),
                    3,
                ),
                note,
            ),
        ]
    try:
        import pokerfast.equity as pf

        if pf.available():
            for label, hands in ((EXACT, ["AhKh", "QdQc"]), (RANGES, ["AA", "KK"])):
                rows.append(
                    (
                        label,
                        "pokerfast (OMPEval)",
                        _best(lambda h=hands: pf.equity(h, exact=True, threads=1), repeat),
                        "one thread",
                    )
                )
    except ImportError:
        pass
    try:
        import xiapl.card as xc
        import xiapl.simulation as xs

        def masks(hands: list[str]) -> list[int]:
            out = []
            for h in hands:
                m = 0
                for k in range(0, len(h), 2):
                    m |= 1 << xc.Card.from_string(h[k : k + 2]).id
                out.append(m)
            return out

        pair = masks(["AhKh", "QdQc"])
        exact = xs.SimulationOptions.exact()
        sampled = xs.SimulationOptions.mc_seeded(100_000, 1)
        exact.threads = sampled.threads = 1  # its default, 0, uses every core
        rows.append(
            (
                EXACT,
                "xiapl",
                _best(lambda: xs.calculate_equity(pair, 0, exact), repeat),
                "one thread",
            )
        )
        rows.append(
            (
                MC,
                "xiapl",
                _best(lambda: xs.calculate_equity(pair, 0, sampled), repeat),
                "one thread",
            )
        )
    except ImportError:
        pass
    with contextlib.suppress(ImportError):
        rows += _eval7_rows(repeat)
    try:
        import pokerkit as pk

        def pokerkit_equity(hands: list[str], hand_types: Any, hole: int, samples: int) -> None:
            pk.calculate_equities(
                [pk.parse_range(h) if hole == 2 else [list(pk.Card.parse(h))] for h in hands],
                (),
                hole,
                5,
                pk.Deck.STANDARD,
                hand_types,
                sample_count=samples,
            )

        samples = 200 if quick else 1000
        t = _best(lambda: pokerkit_equity(["AhKh", "QdQc"], (pk.StandardHighHand,), 2, samples), 1)
        rows.append((MC, "pokerkit", t * 100_000 / samples, f"{samples:,} samples, scaled"))
        t = _best(
            lambda: pokerkit_equity(
                three, (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand), 5, samples // 10
            ),
            1,
        )
        rows.append(
            (
                COURCHEVEL,
                "pokerkit",
                t * 100_000 / (samples // 10),
                f"{samples // 10:,} samples, scaled",
            )
        )
    except ImportError:
        pass
    return rows


def equity_report(quick: bool = False) -> str:
    rows = equity_rows(quick)
    ours = {label: t for label, lib, t, _ in rows if lib == "croupier"}
    out = [
        "",
        "### Equity",
        "",
        "| Workload | Library | Time | this ÷ croupier (one thread) | Note |",
        "|---|---|---:|---:|---|",
    ]
    order = list(dict.fromkeys(label for label, *_ in rows))
    for label, lib, t, note in sorted(rows, key=lambda row: order.index(row[0])):
        out.append(f"| {label} | {lib} | {t * 1000:,.2f} ms | {t / ours[label]:,.1f}x | {note} |")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(equity_report(quick=True))
