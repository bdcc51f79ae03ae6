"""Equity timings: croupier against the peers that are installed, same spots.

Used by ``bench/compare_peers.py`` (``--no-equity`` skips it).  Peers are only
used here, never by croupier: pokerfast (OMPEval's exact enumeration), xiapl
(exact and Monte Carlo), eval7 (Monte Carlo; exact as a Python loop over its
evaluator) and PokerKit's ``calculate_equities`` (Monte Carlo).  Every peer
runs on one thread, and the ratio column compares it with croupier on one
thread; croupier on both cores is shown beside.

The fast entries are timed in interleaved rounds (three calls of each entry
in a row per round, the best call kept), so a neighbour on a shared machine
slows all of them alike while each still runs with its own data in cache.
The slow ones (eval7's Python loop, PokerKit) run once, PokerKit on fewer
samples, scaled.  Below the table, the range-against-range answers of each library
side by side (``agreement``): the same inputs give the same equity.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import croupier

Row = tuple[str, str, float, str]  # (workload, library, seconds, note)

EXACT = "AhKh vs QdQc pre-flop, exact"
MC = "AhKh vs QdQc pre-flop, Monte Carlo 100,000"
RANGES = "AA vs KK pre-flop, exact (36 match-ups)"
RANGE = "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"
RANGE_MC = f"AhKh vs {RANGE}, Monte Carlo 100,000"
COURCHEVEL = "Courchevel Hi/Lo three-way, Monte Carlo 100,000"
OMAHA_RANGE = "Omaha AsAhKdQd vs KK**ds (864 hands), Monte Carlo 100,000"
# Range against range: both ranges written as lists (pokerfast 0.2 reads a span such as
# TT-88 differently when other terms follow it; lists it reads as croupier does).
HERO, VILLAIN = "QQ+,AKs", "TT,99,88,AQs,KQs"
RVR = f"{HERO} vs {VILLAIN} pre-flop, exact (516 match-ups)"
RVR_FLOP = f"{HERO} vs {VILLAIN} on Ks7d2c, exact (405 match-ups)"
RVR_MC = f"{HERO} vs {VILLAIN} pre-flop, Monte Carlo 100,000"
THREE = ["As2d3cKh4s", "QdQc8h9hTs", "5c6c7d8dJh"]


@dataclass(frozen=True)
class Entry:
    label: str
    library: str
    run: Callable[[], object]
    note: str
    slow: bool = False  # run once, not in the interleaved rounds
    scale: float = 1.0  # seconds measured x scale = seconds reported


def _croupier(threads: int | None, note: str) -> list[Entry]:
    holdem = croupier.TexasHoldem(croupier.NO_LIMIT)
    courchevel = croupier.CourchevelHiLo(croupier.POT_LIMIT)
    omaha = croupier.Omaha(croupier.POT_LIMIT)
    library = "croupier" if threads == 1 else "croupier, both cores"
    spots: list[tuple[str, croupier.Game, list[str], dict[str, Any]]] = [
        (EXACT, holdem, ["AhKh", "QdQc"], {"exact": True}),
        (MC, holdem, ["AhKh", "QdQc"], {"samples": 100_000, "seed": 1}),
        (RANGES, holdem, ["AA", "KK"], {"exact": True}),
        (RANGE_MC, holdem, ["AhKh", RANGE], {"samples": 100_000, "seed": 1}),
        (COURCHEVEL, courchevel, THREE, {"samples": 100_000, "seed": 1}),
        (OMAHA_RANGE, omaha, ["AsAhKdQd", "KK**ds"], {"samples": 100_000, "seed": 1}),
        (RVR, holdem, [HERO, VILLAIN], {"exact": True}),
        (RVR_FLOP, holdem, [HERO, VILLAIN], {"exact": True, "board": "Ks7d2c"}),
        (RVR_MC, holdem, [HERO, VILLAIN], {"samples": 100_000, "seed": 1}),
    ]
    return [
        Entry(
            label,
            library,
            lambda g=game, h=hands, o=options: croupier.equity(g, h, threads=threads, **o),
            note,
        )
        for label, game, hands, options in spots
    ]


def _pokerfast() -> list[Entry]:
    import pokerfast.equity as pf

    if not pf.available():
        return []
    return [
        Entry(
            label,
            "pokerfast (OMPEval)",
            lambda h=hands, b=board: pf.equity(h, board=b, exact=True, threads=1),
            "",
        )
        for label, hands, board in (
            (EXACT, ["AhKh", "QdQc"], ""),
            (RANGES, ["AA", "KK"], ""),
            (RVR, [HERO, VILLAIN], ""),
            (RVR_FLOP, [HERO, VILLAIN], "Ks7d2c"),
        )
    ]


def _xiapl() -> list[Entry]:
    import xiapl.card as xc
    import xiapl.simulation as xs

    pair = [
        sum(1 << xc.Card.from_string(h[k : k + 2]).id for k in range(0, len(h), 2))
        for h in ("AhKh", "QdQc")
    ]
    exact = xs.SimulationOptions.exact()
    sampled = xs.SimulationOptions.mc_seeded(100_000, 1)
    exact.threads = sampled.threads = 1  # its default, 0, uses every core
    return [
        Entry(EXACT, "xiapl", lambda: xs.calculate_equity(pair, 0, exact), ""),
        Entry(MC, "xiapl", lambda: xs.calculate_equity(pair, 0, sampled), ""),
    ]


def _eval7() -> list[Entry]:
    import eval7

    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    villain = [eval7.Card("Qd"), eval7.Card("Qc")]
    gone = {str(c) for c in hero + villain}
    deck = [c for c in eval7.Deck().cards if str(c) not in gone]
    wide = eval7.HandRange(RANGE)
    hero_range, villain_range = eval7.HandRange(HERO), eval7.HandRange(VILLAIN)
    per_hand = 100_000 // len(hero_range.hands)  # its iterations are per hand of hero's

    def loop() -> float:
        won = 0.0
        for board in itertools.combinations(deck, 5):
            a = eval7.evaluate(hero + list(board))
            b = eval7.evaluate(villain + list(board))
            won += 1.0 if a > b else 0.5 if a == b else 0.0
        return won

    return [
        Entry(
            MC,
            "eval7",
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("QdQc"), [], 100_000),
            "",
        ),
        Entry(
            RANGE_MC,
            "eval7",
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, wide, [], 100_000),
            "hand vs range",
        ),
        Entry(
            RVR_MC,
            "eval7",
            lambda: eval7.py_all_hands_vs_range(hero_range, villain_range, [], per_hand),
            f"py_all_hands_vs_range, {per_hand:,} deals for each of hero's "
            f"{len(hero_range.hands)} hands",
        ),
        Entry(EXACT, "eval7", loop, "a Python loop over eval7.evaluate", slow=True),
    ]


def _pokerkit(quick: bool) -> list[Entry]:
    import pokerkit as pk

    def run(hands: list[Any], hand_types: Any, hole: int, samples: int) -> None:
        pk.calculate_equities(
            [
                h
                if not isinstance(h, str)  # a range given as its hands
                else pk.parse_range(h)
                if hole == 2
                else [list(pk.Card.parse(h))]
                for h in hands
            ],
            (),
            hole,
            5,
            pk.Deck.STANDARD,
            hand_types,
            sample_count=samples,
        )

    samples = 200 if quick else 1000
    from croupier.omaha_ranges import parse_omaha_range

    kings = [list(pk.Card.parse("".join(h))) for h in parse_omaha_range("KK**ds").hands()]
    omaha_hilo = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)
    return [
        Entry(
            MC,
            "pokerkit",
            lambda: run(["AhKh", "QdQc"], (pk.StandardHighHand,), 2, samples),
            f"{samples:,} samples, scaled",
            slow=True,
            scale=100_000 / samples,
        ),
        Entry(
            OMAHA_RANGE,
            "pokerkit",
            lambda: run(["AsAhKdQd", kings], (pk.OmahaHoldemHand,), 4, samples // 2),
            f"{samples // 2:,} samples, scaled; the range as croupier.omaha_ranges lists it",
            slow=True,
            scale=100_000 / (samples // 2),
        ),
        Entry(
            COURCHEVEL,
            "pokerkit",
            lambda: run(THREE, omaha_hilo, 5, samples // 10),
            f"{samples // 10:,} samples, scaled",
            slow=True,
            scale=100_000 / (samples // 10),
        ),
    ]


def _entries(quick: bool) -> list[Entry]:
    entries = _croupier(1, "one thread") + _croupier(None, "both cores")
    for peer in (_pokerfast, _xiapl, _eval7, lambda: _pokerkit(quick)):
        with contextlib.suppress(ImportError):
            entries += peer()
    return entries


def equity_rows(quick: bool = False) -> list[Row]:
    """(workload, library, best seconds, note) for croupier and each installed peer."""
    entries = _entries(quick)
    best = {id(e): float("inf") for e in entries}
    rounds = 3 if quick else 9
    for _ in range(rounds):
        for e in entries:
            for _ in range(0 if e.slow else 3):  # back to back: the caches are the entry's own
                t = time.perf_counter()
                e.run()
                best[id(e)] = min(best[id(e)], time.perf_counter() - t)
    for e in entries:
        if e.slow:
            t = time.perf_counter()
            e.run()
            best[id(e)] = time.perf_counter() - t
    return [(e.label, e.library, best[id(e)] * e.scale, e.note) for e in entries]


def agreement() -> list[str]:
    """Hero's range-against-range equity from croupier and each installed peer."""
    holdem = croupier.TexasHoldem(croupier.NO_LIMIT)
    lines = []
    for label, board in ((RVR, ""), (RVR_FLOP, "Ks7d2c")):
        ours = croupier.equity(holdem, [HERO, VILLAIN], board=board, exact=True).equity[0]
        found = [f"croupier {ours:.9f}"]
        with contextlib.suppress(ImportError):
            import pokerfast.equity as pf

            if pf.available():
                theirs = pf.equity([HERO, VILLAIN], board=board, exact=True, threads=1)[0]
                found.append(f"pokerfast {theirs:.9f}")
        lines.append(f"* {label}: " + ", ".join(found))
    with contextlib.suppress(ImportError):
        import eval7

        hero, villain = eval7.HandRange(HERO), eval7.HandRange(VILLAIN)
        by_hand = eval7.py_all_hands_vs_range(hero, villain, [], 100_000 // len(hero.hands))

        def left(hand: Any) -> int:  # villain's hands that share no card with it
            cards = {str(c) for c in hand}
            return sum(1 for v, _ in villain.hands if not cards & {str(c) for c in v})

        pairs = sum(left(h) for h in by_hand)
        mean = sum(e * left(h) for h, e in by_hand.items()) / pairs  # each pair alike
        sampled = croupier.equity(holdem, [HERO, VILLAIN], samples=100_000, seed=1)
        lines.append(
            f"* {RVR_MC}: croupier {sampled.equity[0]:.4f} ± {sampled.stderr[0]:.4f}, eval7 "
            f"{mean:.4f} (its hands' equities weighted by the pairs each makes)"
        )
    return lines


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
    out += ["", "Range against range, hero's equity from each library:", "", *agreement()]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(equity_report(quick=True))
