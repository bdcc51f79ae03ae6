"""Equity timings: croupier against the peers that are installed, same spots.

Used by ``bench/compare_peers.py`` (``--no-equity`` skips it).  Peers are only
used here, never by croupier: pokerfast (OMPEval's exact enumeration) and
xiapl (exact and Monte Carlo) and PokerKit's ``calculate_equities`` (Monte
Carlo).  Each entry is the best of a
few runs; PokerKit is timed on fewer samples and scaled.
"""

from __future__ import annotations

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


def equity_rows(quick: bool = False) -> list[Row]:
    repeat = 3 if quick else 7
    holdem = croupier.TexasHoldem(croupier.NO_LIMIT)
    courchevel = croupier.CourchevelHiLo(croupier.POT_LIMIT)
    three = ["As2d3cKh4s", "QdQc8h9hTs", "5c6c7d8dJh"]
    rows: list[Row] = [
        (
            "AhKh vs QdQc pre-flop, exact",
            "croupier",
            _best(lambda: croupier.equity(holdem, ["AhKh", "QdQc"], exact=True), repeat),
            "",
        ),
        (
            "AhKh vs QdQc pre-flop, Monte Carlo 100,000",
            "croupier",
            _best(
                lambda: croupier.equity(holdem, ["AhKh", "QdQc"], samples=100_000, seed=1), repeat
            ),
            "",
        ),
        (
            "Courchevel Hi/Lo three-way, Monte Carlo 100,000",
            "croupier",
            _best(lambda: croupier.equity(courchevel, three, samples=100_000, seed=1), 3),
            "",
        ),
    ]
    try:
        import pokerfast.equity as pf

        if pf.available():
            rows.append(
                (
                    "AhKh vs QdQc pre-flop, exact",
                    "pokerfast (OMPEval)",
                    _best(lambda: pf.equity(["AhKh", "QdQc"], exact=True), repeat),
                    "",
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
        rows.append(
            (
                "AhKh vs QdQc pre-flop, exact",
                "xiapl",
                _best(lambda: xs.calculate_equity(pair, 0, xs.SimulationOptions.exact()), repeat),
                "",
            )
        )
        rows.append(
            (
                "AhKh vs QdQc pre-flop, Monte Carlo 100,000",
                "xiapl",
                _best(
                    lambda: xs.calculate_equity(
                        pair, 0, xs.SimulationOptions.mc_seeded(100_000, 1)
                    ),
                    repeat,
                ),
                "",
            )
        )
    except ImportError:
        pass
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
        rows.append(
            (
                "AhKh vs QdQc pre-flop, Monte Carlo 100,000",
                "pokerkit",
                t * 100_000 / samples,
                f"timed on {samples:,} samples, scaled",
            )
        )
        t = _best(
            lambda: pokerkit_equity(
                three, (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand), 5, samples // 10
            ),
            1,
        )
        rows.append(
            (
                "Courchevel Hi/Lo three-way, Monte Carlo 100,000",
                "pokerkit",
                t * 100_000 / (samples // 10),
                f"timed on {samples // 10:,} samples, scaled",
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
        "| Workload | Library | Time | this ÷ croupier | Note |",
        "|---|---|---:|---:|---|",
    ]
    for label, lib, t, note in rows:
        out.append(f"| {label} | {lib} | {t * 1000:,.2f} ms | {t / ours[label]:,.1f}x | {note} |")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(equity_report(quick=True))
