#!/usr/bin/env python3
"""croupier on the GPU against croupier on the CPU: throughput, ratios, every result checked.

    python bench/bench_gpu.py [--rows 100000000] [--repeat 5] [--json PATH]

Needs an NVIDIA GPU and CuPy (``pip install ".[gpu]"``); without them it says so and
exits with status 2.  One run prints one Markdown table:

* **7-card high from a device array**: ``hands.high(cards)`` on a CuPy ``(rows, 7)``
  uint8 array of random distinct cards (dealt on the host once, copied once); G hands/s,
  the kernel and the bad-row flag's read-back included, against ``hands.high`` on a
  numpy copy on every CPU core (``threads=None``).
* **7-card high with the copies**: the same from a numpy array: copied to the device,
  evaluated, copied back (what a host-side caller would pay).
* the other evaluators from device arrays (ace-to-five, eight-or-better, deuce-to-seven,
  badugi, short deck, Omaha high and low), a tenth of the rows each.
* **exact equity, range against range**: ``croupier.equity(TexasHoldem, [RANGE_A,
  RANGE_B], exact=True)`` pre-flop (222 and 176 combinations) with ``device="cuda"``
  against the CPU path on every core; the equities must agree to 1e-12.
* **Monte Carlo deals**: the same ranges, ``samples=rows`` deals on the GPU against a
  tenth of them on every CPU core (scaled); the GPU's answer must be within 5 standard
  errors of the exact one.
* **every 7-card hand by category**: ``croupier.gpu.category_counts7()``, all
  133,784,560 hands, against the same kernel compiled for the CPU
  (``croupier._kernels_cpu.enumerate_high7``, one thread) and the Cython core
  (``hands.high`` over every hand on every core).

Every GPU result is compared with the CPU's (values array for array, the category counts
with the published ones); a difference prints the table and exits with status 1.
Each figure is the median of ``--repeat`` timed calls after one warm-up (the first call
compiles the kernels with NVRTC: that time is printed separately).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
from bench_scaling import deal  # bench/ is on the path when a script here runs

from croupier import gpu, hands
from croupier._parallel import usable_cores

RANGE_A = "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+"  # 222 combinations
RANGE_B = "55+, A8s+, K9s+, Q9s+, J9s+, T9s, 98s, AJo+, KQo"  # 176 combinations
SEVEN_CARD_CATEGORIES = [
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020,
    4_047_644, 3_473_184, 224_848, 41_584,
]  # fmt: skip


def timed(call: Callable[[], Any], repeat: int, sync: Callable[[], None]) -> tuple[float, Any]:
    """Median seconds of ``repeat`` calls (after one warm-up) and the last result."""
    result = call()
    sync()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        sync()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args()
    if not gpu.available():
        print('bench_gpu: no CUDA GPU with CuPy here (pip install ".[gpu]")', file=sys.stderr)
        return 2
    import cupy  # type: ignore[import-not-found, unused-ignore]

    sync = cupy.cuda.Device().synchronize
    props = cupy.cuda.runtime.getDeviceProperties(0)
    name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    print(f"GPU: {name}; CPU: {platform.processor() or platform.machine()}, "
          f"{usable_cores()} usable cores; CuPy {cupy.__version__}", flush=True)  # fmt: skip
    rng = np.random.default_rng(29)
    rows: list[dict[str, Any]] = []
    failures: list[str] = []

    def row(what: str, n: int, gpu_s: float, cpu_s: float, same: bool, unit: str = "G/s") -> None:
        scale = {"G/s": 1e9, "M/s": 1e6, "calls/s": 1.0}[unit]
        rows.append(
            {"what": what, "n": n, "gpu_s": gpu_s, "cpu_s": cpu_s, "same": same,
             "gpu_rate": n / gpu_s / scale, "cpu_rate": n / cpu_s / scale, "unit": unit}
        )  # fmt: skip
        if not same:
            failures.append(what)
        gpu_rate, cpu_rate = n / gpu_s / scale, n / cpu_s / scale
        print(f"  {what}: GPU {gpu_rate:,.2f} {unit}, CPU {cpu_rate:,.3f} {unit}, "
              f"{cpu_s / gpu_s:,.1f}x, same: {same}", file=sys.stderr, flush=True)  # fmt: skip

    start = time.perf_counter()
    gpu.category_counts7()  # compiles the module (NVRTC) unless CuPy has it cached
    sync()
    compile_s = time.perf_counter() - start

    host = deal(rng, args.rows, 7)
    device = cupy.asarray(host)
    gpu_s, values = timed(lambda: hands.high(device), args.repeat, sync)
    cpu_s, expected = timed(lambda: hands.high(host), max(1, args.repeat // 2), lambda: None)
    row("7-card high, device array", args.rows, gpu_s, cpu_s,
        bool(np.array_equal(cupy.asnumpy(values), expected)))  # fmt: skip
    copy_s, copied = timed(lambda: cupy.asnumpy(hands.high(cupy.asarray(host))), 2, sync)
    row("7-card high, host array copied both ways", args.rows, copy_s, cpu_s,
        bool(np.array_equal(copied, expected)))  # fmt: skip
    values = copied = device = None  # free the device's memory for what follows

    tenth = max(1, args.rows // 10)
    for what, k, low, fn in [
        ("ace-to-five low, 7 cards", 7, 0, hands.ace_to_five_low),
        ("eight-or-better low, 7 cards", 7, 0, hands.eight_or_better_low),
        ("deuce-to-seven low, 7 cards", 7, 0, hands.deuce_to_seven_low),
        ("badugi, 4 cards", 4, 0, hands.badugi),
        ("short deck, 7 cards", 7, 16, hands.short_deck_high),
    ]:
        cards = deal(rng, tenth, k, low)
        on_device = cupy.asarray(cards)
        gpu_s, values = timed(partial(fn, on_device), args.repeat, sync)
        cpu_s, expected = timed(partial(fn, cards), 1, lambda: None)
        row(what, tenth, gpu_s, cpu_s, bool(np.array_equal(cupy.asnumpy(values), expected)))
    cards = deal(rng, tenth, 9)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    dh, db = cupy.asarray(hole), cupy.asarray(board)
    omaha = [("Omaha high, 4 + 5", hands.omaha_high),
             ("Omaha eight-or-better, 4 + 5", hands.omaha_eight_or_better_low)]  # fmt: skip
    for what, fn in omaha:
        gpu_s, values = timed(partial(fn, dh, db), args.repeat, sync)
        cpu_s, expected = timed(partial(fn, hole, board), 1, lambda: None)
        row(what, tenth, gpu_s, cpu_s, bool(np.array_equal(cupy.asnumpy(values), expected)))

    # Equity: range against range, exact and Monte Carlo, the CPU path on every core.
    from croupier import NO_LIMIT, TexasHoldem, equity

    game = TexasHoldem(NO_LIMIT)
    ranges = [RANGE_A, RANGE_B]
    cpu_s, cpu_exact = timed(lambda: equity(game, ranges, exact=True), 1, lambda: None)
    gpu_s, gpu_exact = timed(
        lambda: equity(game, ranges, exact=True, device="cuda"), args.repeat, sync
    )
    same = gpu_exact.deals == cpu_exact.deals and all(
        abs(x - y) < 1e-12 for x, y in zip(gpu_exact.equity, cpu_exact.equity, strict=True)
    )
    row(f"exact equity, {RANGE_A!r} ({222} combos) v {RANGE_B!r} ({176}), pre-flop", 1,
        gpu_s, cpu_s, same, unit="calls/s")  # fmt: skip
    deals = max(1_000_000, args.rows)
    cpu_deals = max(100_000, deals // 10)
    cpu_s, _ = timed(lambda: equity(game, ranges, samples=cpu_deals, seed=1), 1, lambda: None)
    gpu_s, sampled = timed(
        lambda: equity(game, ranges, samples=deals, seed=1, device="cuda"), args.repeat, sync
    )
    assert sampled.stderr is not None
    near = all(
        abs(x - y) < 5 * e
        for x, y, e in zip(sampled.equity, cpu_exact.equity, sampled.stderr, strict=True)
    )
    row("Monte Carlo deals, the same ranges (CPU: a tenth of the deals)", deals, gpu_s,
        cpu_s * deals / cpu_deals, near, unit="M/s")  # fmt: skip

    import croupier._kernels_cpu as kernels_cpu

    gpu_s, counts = timed(gpu.category_counts7, args.repeat, sync)
    cpu_s, cpu_counts = timed(kernels_cpu.enumerate_high7, 1, lambda: None)
    same = counts.tolist() == SEVEN_CARD_CATEGORIES == cpu_counts.tolist()
    row("every 7-card hand by category (vs the CPU build, 1 thread)", 133_784_560,
        gpu_s, cpu_s, same)  # fmt: skip

    print(f"\nFirst call (NVRTC compile, or CuPy's cache): {compile_s:.2f} s\n")
    print("| work | GPU | CPU | GPU / CPU | same |")
    print("|---|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['what']} ({r['n']:,}) | {r['gpu_rate']:,.2f} {r['unit']} "
              f"({r['gpu_s'] * 1e3:,.2f} ms) | {r['cpu_rate']:,.3f} {r['unit']} "
              f"| {r['cpu_s'] / r['gpu_s']:,.1f}x | {'yes' if r['same'] else 'NO'} |")  # fmt: skip
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"gpu": name, "cores": usable_cores(), "compile_s": compile_s,
                       "rows": rows}, f, indent=1)  # fmt: skip
    if failures:
        print(f"\nbench_gpu: the GPU differs from the CPU: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
