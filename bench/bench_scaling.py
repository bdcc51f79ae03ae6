#!/usr/bin/env python3
"""How croupier's parallel calls scale with threads: one Markdown table, one run.

    python bench/bench_scaling.py [--quick] [--threads 1,2,4] [--repeat R] [--json PATH]

Times five calls on 1, 2, 4, 8, ... threads up to ``croupier._parallel.usable_cores()``
(and that count itself when it is not a power of two), or on the counts given with
``--threads`` (one thread is always measured: it is the baseline).  The columns:

* **7-card batch**: ``hands.high(deals, threads=t)`` on a ``(4_000_000, 7)`` uint8 array
  of random distinct cards (dealt once, seeded); the figure is millions of rows per second.
* **exact AhKh v QdQc**: ``equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], threads=t)``,
  every board; ms per call.
* **Monte Carlo 4 M deals**: the same match-up with ``samples=4_000_000, seed=1``; ms.
* **Omaha exact AsAhKsKh v JcTc9d8d**: ``equity(Omaha(POT_LIMIT), ...)``, every board; ms.
* **exact AhKh v random**: ``equity(TexasHoldem(NO_LIMIT), ["AhKh", "random"])``, every
  hand and board; ms.

Each cell is the median of ``--repeat`` calls (default 5) timed with
``time.perf_counter`` (garbage collector off), after one warm-up call per column on
the most threads (the pool starts on first use).  The rounds alternate between the
thread counts, so that on a shared machine every count sees the same conditions.
For more than one thread a cell also gives the speedup over one thread (one-thread
time / t-thread time, which for the batch is the ratio of the rates) and the
efficiency (speedup / t).  ``--quick`` (3 repeats, 1 M rows, 1 M Monte Carlo deals)
is CI-sized: well under two minutes on two cores.

croupier promises the same result, bit for bit, on any number of threads, seeded
Monte Carlo included.  Every timed call is checked against the one-thread result
(the batch's values array; the equity result's ``equity``, ``win`` and ``tie``
numbers, and its deal count, compared exactly); the script prints the table and then
exits with status 1, naming the column and thread count, if one differs.

``--json PATH`` writes the machine, the settings and every raw timing (seconds).
Progress goes to stderr, the table to stdout.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from compare_peers import cpu_model  # bench/ is on the path when a script here runs

import croupier
from croupier import NO_LIMIT, POT_LIMIT, Omaha, TexasHoldem, hands
from croupier._parallel import usable_cores

SEED = 20240607
MC_SEED = 1


# ----------------------------------------------------------------------------
# Deals
# ----------------------------------------------------------------------------


def deal(rng: np.random.Generator, n: int, k: int = 7, low: int = 0) -> np.ndarray:
    """``n`` rows of ``k`` distinct card codes ``low``..51 (uint8), uniformly at random.

    Rejection: draw every row's ``k`` codes independently and draw again the rows
    that repeat a card (about a third of the rows for ``k = 7``, then a third of
    those, ...).  Each accepted row is uniform over the ordered ``k``-card deals.
    """
    cards = rng.integers(low, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        ordered = np.sort(cards[todo], axis=1)
        todo = todo[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        cards[todo] = rng.integers(low, 52, size=(todo.size, k), dtype=np.uint8)
    return cards


# ----------------------------------------------------------------------------
# Columns
# ----------------------------------------------------------------------------


@dataclass
class Column:
    """One timed call: ``call(threads)`` returns a result to compare across thread counts."""

    name: str
    call: Callable[[int], Any]
    key: Callable[[Any], bytes]
    rows: int = 0  # > 0: the figure is millions of rows per second, else ms per call

    def figure(self, seconds: float) -> str:
        if self.rows:
            return f"{self.rows / seconds / 1e6:,.1f} M rows/s"
        return f"{seconds * 1e3:,.2f} ms"


def batch_key(values: np.ndarray) -> bytes:
    return str(values.dtype).encode() + str(values.shape).encode() + values.tobytes()


def equity_key(result: Any) -> bytes:
    """The numbers that must not depend on the thread count, as exact bytes."""
    parts = [
        np.asarray(getattr(result, name), dtype=np.float64).tobytes()
        for name in ("equity", "win", "tie")
    ]
    parts.append(str(result.deals).encode())
    return b"|".join(parts)


def columns(rows: int, samples: int, rng: np.random.Generator) -> list[Column]:
    progress(f"dealing {rows:,} rows of 7 cards ...")
    deals = deal(rng, rows)
    holdem = TexasHoldem(NO_LIMIT)
    omaha = Omaha(POT_LIMIT)

    def equity_column(name: str, game: Any, players: list[str], **kwargs: Any) -> Column:
        return Column(
            name,
            lambda t: croupier.equity(game, players, threads=t, **kwargs),
            equity_key,
        )

    return [
        Column(
            f"7-card batch, {rows / 1e6:g} M rows",
            lambda t: hands.high(deals, threads=t),
            batch_key,
            rows=rows,
        ),
        equity_column("exact AhKh v QdQc", holdem, ["AhKh", "QdQc"]),
        equity_column(
            f"Monte Carlo {samples / 1e6:g} M deals",
            holdem,
            ["AhKh", "QdQc"],
            samples=samples,
            seed=MC_SEED,
        ),
        equity_column("Omaha exact AsAhKsKh v JcTc9d8d", omaha, ["AsAhKsKh", "JcTc9d8d"]),
        equity_column("exact AhKh v random", holdem, ["AhKh", "random"]),
    ]


# ----------------------------------------------------------------------------
# Timing
# ----------------------------------------------------------------------------


@dataclass
class Measured:
    times: dict[int, list[float]]  # threads -> seconds of each timed call
    mismatches: list[str]  # one line per thread count whose result differed

    def median(self, threads: int) -> float:
        return statistics.median(self.times[threads])


def measure(column: Column, thread_counts: Sequence[int], repeat: int) -> Measured:
    """Warm up once on the most threads, then ``repeat`` rounds over every count.

    Each call's result is compared with the first one-thread result.
    """
    progress(f"{column.name}: warm-up, then {repeat} rounds on threads {list(thread_counts)}")
    column.call(max(thread_counts))
    reference = column.key(column.call(1))
    times: dict[int, list[float]] = {t: [] for t in thread_counts}
    differ: set[int] = set()
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            for t in thread_counts:
                start = time.perf_counter()
                result = column.call(t)
                times[t].append(time.perf_counter() - start)
                if column.key(result) != reference:
                    differ.add(t)
                del result
    finally:
        if gc_was_on:
            gc.enable()
    mismatches = [
        f"{column.name}: the result on threads={t} differs from the one-thread result"
        for t in sorted(differ)
    ]
    return Measured(times, mismatches)


# ----------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------


def default_threads(usable: int) -> list[int]:
    counts = [1]
    while counts[-1] * 2 <= usable:
        counts.append(counts[-1] * 2)
    if counts[-1] != usable:
        counts.append(usable)
    return counts


def physical_cores() -> int | None:
    """Distinct (package, core) pairs of the usable CPUs (Linux sysfs), or None: on a
    machine with two hardware threads a core, 16 logical cores are 8 physical ones,
    and a compute-bound kernel gains little past 8 threads."""
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    cores = set()
    for cpu in cpus:
        base = f"/sys/devices/system/cpu/cpu{cpu}/topology"
        try:
            with open(f"{base}/physical_package_id", encoding="utf-8") as f:
                package = f.read().strip()
            with open(f"{base}/core_id", encoding="utf-8") as f:
                cores.add((package, f.read().strip()))
        except OSError:
            return None
    return len(cores) or None


def machine() -> dict[str, Any]:
    return {
        "cpu": cpu_model(),
        "physical_cores": physical_cores(),
        "cpu_count": os.cpu_count(),
        "usable_cores": usable_cores(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "croupier": croupier.__version__,
        "platform": platform.platform(),
    }


def machine_line(m: dict[str, Any]) -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (
        f"Machine: {m['cpu']}; {m['cpu_count']} logical cores, {m['usable_cores']} usable, "
        f"{m['physical_cores'] or '?'} physical among them; "
        f"Python {m['python']}; numpy {m['numpy']}; croupier {m['croupier']}; "
        f"load average {load}"
    )


def table(
    cols: Sequence[Column], measured: Sequence[Measured], thread_counts: Sequence[int]
) -> str:
    lines = [
        "| threads | " + " | ".join(c.name for c in cols) + " |",
        "|---:|" + "---:|" * len(cols),
    ]
    for t in thread_counts:
        cells = []
        for column, m in zip(cols, measured, strict=True):
            seconds = m.median(t)
            cell = column.figure(seconds)
            if t > 1:
                speedup = m.median(1) / seconds
                cell += f" ({speedup:.2f}x, {100 * speedup / t:.0f} %)"
            cells.append(cell)
        lines.append(f"| {t} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def parse_threads(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of ints: {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"thread counts must be at least 1: {text!r}")
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="3 repeats, 1 M rows, 1 M Monte Carlo deals (CI-sized)",
    )
    parser.add_argument(
        "--threads",
        type=parse_threads,
        default=None,
        metavar="T,T,...",
        help="thread counts (default 1, 2, 4, ... up to the usable cores, and that count); "
        "1 is always added: it is the baseline",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="R",
        help="timed calls per cell, the median is kept (default 5; --quick 3)",
    )
    parser.add_argument(
        "--rows", type=int, default=None, help="rows of the batch (default 4 M; --quick 1 M)"
    )
    parser.add_argument(
        "--samples", type=int, default=None, help="Monte Carlo deals (default 4 M; --quick 1 M)"
    )
    parser.add_argument("--json", metavar="PATH", help="write every raw timing to PATH")
    args = parser.parse_args(argv)

    usable = usable_cores()
    thread_counts = sorted({1, *(args.threads or default_threads(usable))})
    if thread_counts[-1] > usable:
        parser.error(
            f"--threads {thread_counts[-1]} is more than the {usable} usable cores "
            "(croupier would clamp it)"
        )
    repeat = args.repeat or (3 if args.quick else 5)
    if repeat < 1:
        parser.error("--repeat must be at least 1")
    rows = args.rows or (1_000_000 if args.quick else 4_000_000)
    samples = args.samples or (1_000_000 if args.quick else 4_000_000)

    info = machine()
    started = time.perf_counter()
    cols = columns(rows, samples, np.random.default_rng(SEED))
    measured = [measure(c, thread_counts, repeat) for c in cols]
    elapsed = time.perf_counter() - started

    print(machine_line(info))
    print()
    print(
        f"Median of {repeat} calls per cell (after one warm-up call per column); for t > 1 "
        "the cell adds (speedup over one thread, efficiency = speedup / t).  Seed "
        f"{SEED} for the deals, {MC_SEED} for Monte Carlo; {elapsed:.0f} s in all."
    )
    print()
    print(table(cols, measured, thread_counts))

    mismatches = [line for m in measured for line in m.mismatches]
    print()
    if mismatches:
        for line in mismatches:
            print(f"MISMATCH: {line}")
    else:
        print(f"Results identical on every thread count ({len(cols)} columns, every call).")

    if args.json:
        record = {
            "machine": info,
            "settings": {
                "threads": thread_counts,
                "repeat": repeat,
                "rows": rows,
                "samples": samples,
                "seed": SEED,
                "mc_seed": MC_SEED,
                "quick": args.quick,
            },
            "columns": [
                {
                    "name": c.name,
                    "unit": "M rows/s" if c.rows else "ms",
                    "rows": c.rows or None,
                    "seconds": {str(t): mm.times[t] for t in thread_counts},
                    "median_seconds": {str(t): mm.median(t) for t in thread_counts},
                }
                for c, mm in zip(cols, measured, strict=True)
            ],
            "mismatches": mismatches,
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(record, f, indent=2)
            f.write("\n")
        progress(f"wrote {args.json}")

    if mismatches:
        print("\n".join(mismatches), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
