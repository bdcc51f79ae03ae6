#!/usr/bin/env python3
"""What 16 threads would cost, counted on any machine: instructions, not seconds.

    python bench/count_scaling.py [--threads 16] [--rows 1000000] [--samples 1000000]

Two cores cannot time sixteen threads, but they can count what sixteen threads
execute.  For each column of ``bench/bench_scaling.py`` this script runs the call
once under Valgrind's callgrind (which runs a process's threads one at a time and
counts every instruction of every thread) with ``threads=1`` and once with
``threads=N`` on a pool of ``N - 1`` helpers (``croupier._parallel.usable_cores`` is
patched to say ``N``, so the pool and the chunking are the ones an ``N``-core machine
gets).  Only the timed call is counted: a small helper built at first use with the C
compiler and ``valgrind/callgrind.h`` zeroes every thread's counters just before it and
dumps them just after it (the warm-up call and the interpreter's start are not counted;
what the zeroing and dumping themselves cost each thread is measured once with nothing
between them and taken off).

For each column it prints:

* **1 thread** and **N threads**: every instruction of the call, all threads together;
* **overhead**: how many more instructions ``N`` threads execute than one (claims,
  wake-ups, per-thread scratch, the in-order merge);
* **chunks**: the part inside the jobs' ``chunk`` functions (the work the threads
  share: ``hands._Batch.chunk``, ``_equity_kernels._Job.chunk``), all threads;
* **serial**: what the calling thread executes outside its chunks at ``N`` threads
  (parsing, set-up, building the result, handing the job to the pool, waiting):
  the part no other thread can take;
* **bound**: Amdahl's ceiling on the speed-up from these counts,
  ``I(1) / (serial(N) + (I(N) - serial(N)) / W)``, ``W`` the ways ``C`` chunks share
  ``N`` threads (``C / ceil(C / N)``): what ``N`` cores could at best reach if every
  instruction cost the same (memory, clock and hardware threads not counted).
  Callgrind gives each thread's counts (``--separate-threads=yes``).

It needs ``valgrind`` and its headers (``valgrind/callgrind.h``) and a C compiler; it is
a development tool, not part of CI.  A run takes a few minutes.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HELPER_C = r"""
#include <valgrind/callgrind.h>
void croupier_count_zero(void) { CALLGRIND_ZERO_STATS; }
void croupier_count_dump(void) { CALLGRIND_DUMP_STATS_AT("croupier-call"); }
"""

CHUNK = re.compile(r"__pyx_f_8croupier_\w*_(?:Batch|Job)_chunk\b")


def build_helper(folder: Path) -> Path:
    source = folder / "count.c"
    source.write_text(HELPER_C)
    library = folder / "libcount.so"
    subprocess.run(["cc", "-O1", "-shared", "-fPIC", str(source), "-o", str(library)], check=True)
    return library


def child(column_index: int, threads: int, cores: int, rows: int, samples: int, lib: str) -> None:
    """Run in the child, under callgrind: warm up, then count one call."""
    import numpy as np

    import croupier._parallel as parallel

    parallel.usable_cores = lambda: cores  # the pool and chunking of a `cores`-core machine
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_scaling import SEED, columns

    column = columns(rows, samples, np.random.default_rng(SEED))[column_index]
    helper = ctypes.CDLL(lib)
    column.call(threads)  # warm-up: the pool starts, the tables are touched
    # Callgrind's client requests zero and dump the counters of the thread that makes
    # them, so every pool thread makes them too: one task each, held at a barrier
    # until all have theirs (so that no thread takes two).
    pool = parallel._get_pool() if threads > 1 else None

    def on_each_thread(request: Callable[[], object]) -> None:
        request()
        if pool is not None:
            barrier = threading.Barrier(pool.size + 1)

            def task() -> None:
                request()
                barrier.wait()

            for _ in range(pool.size):
                pool.tasks.put(task)
            barrier.wait()

    # First with nothing between: what the requests themselves cost each thread
    # (the pool threads' barrier), taken off the counted call's figures.
    on_each_thread(helper.croupier_count_zero)
    on_each_thread(helper.croupier_count_dump)
    on_each_thread(helper.croupier_count_zero)
    column.call(threads)
    on_each_thread(helper.croupier_count_dump)


NAMED = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")


def totals(out_file: Path, names: dict[str, str]) -> tuple[int, int, int]:
    """(all instructions, instructions inside chunk functions, chunk calls) of one
    thread's dump, read from callgrind's file format: a ``calls=`` line under
    ``cfn=`` is followed by the line that gives the call's inclusive cost.
    ``names``: function ids to names, kept across the files of one run."""
    total = chunks = calls = 0
    callee = ""
    after_calls = False
    for line in out_file.read_text().splitlines():
        if after_calls:
            if CHUNK.search(callee):
                chunks += int(line.split()[-1])
            after_calls = False
        elif line.startswith(("fn=", "cfn=")):
            match = NAMED.match(line)
            if match:
                if match.group(2):
                    names[match.group(1)] = match.group(2)
                if line.startswith("cfn="):
                    callee = names.get(match.group(1), "")
        elif line.startswith("calls="):
            after_calls = True
            if CHUNK.search(callee):
                calls += int(line.split()[0].removeprefix("calls="))
        elif line.startswith("summary:"):  # this dump's cost ("totals:" adds costs
            total = int(line.split()[1])  # of calls begun before the counters were zeroed)
    return total, chunks, calls


@dataclass
class Counted:
    """One call's instructions: the calling thread's and the pool threads'."""

    caller: int  # every instruction of the calling thread
    caller_chunks: int  # the calling thread's instructions inside chunk functions
    helpers: int  # every instruction of the pool's threads
    helper_chunks: int
    chunk_calls: int = 0  # chunks run, all threads

    @property
    def total(self) -> int:
        return self.caller + self.helpers

    @property
    def chunks(self) -> int:
        return self.caller_chunks + self.helper_chunks

    @property
    def serial(self) -> int:
        """What only the calling thread does: everything outside its chunks."""
        return self.caller - self.caller_chunks


def count(index: int, threads: int, args: argparse.Namespace, folder: Path, lib: Path) -> Counted:
    out = folder / f"cg.{index}.{threads}"
    env = dict(os.environ, PYTHONHASHSEED="0")
    subprocess.run(
        [
            "valgrind", "--tool=callgrind", "--separate-threads=yes",
            f"--callgrind-out-file={out}",
            sys.executable, __file__, "--child", str(index), str(threads),
            "--threads", str(args.threads), "--rows", str(args.rows),
            "--samples", str(args.samples), "--lib", str(lib),
        ],
        check=True, env=env, capture_output=True,
    )  # fmt: skip
    # One file a thread for each dump: cg.I.T.P-NN, P counting the dumps of the run,
    # NN the thread (01 the main thread).  Each thread's first dump is the
    # requests' own cost, its second the counted call plus that cost.
    counted = Counted(0, 0, 0, 0)
    names: dict[str, str] = {}
    dumps: dict[str, list[tuple[int, int, int]]] = {}
    paths = sorted(
        folder.glob(f"{out.name}.*-*"), key=lambda p: int(p.name.rsplit(".", 1)[1].split("-")[0])
    )
    for path in paths:
        dumps.setdefault(path.name.rsplit("-", 1)[1], []).append(totals(path, names))
    for thread, pair in dumps.items():
        if len(pair) != 2:
            raise SystemExit(f"thread {thread} made {len(pair)} dumps, not 2")
        (base, _, _), (total, chunks, calls) = pair
        counted.chunk_calls += calls
        if thread == "01":
            counted.caller, counted.caller_chunks = total - base, chunks
        else:
            counted.helpers += total - base
            counted.helper_chunks += chunks
    for path in folder.glob(f"{out.name}*"):
        path.unlink()
    if not counted.caller:
        raise SystemExit(f"no dump of the counted call for column {index}, {threads} threads")
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--samples", type=int, default=1_000_000)
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    parser.add_argument("--lib", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.threads, args.rows, args.samples, args.lib)
        return

    sys.path.insert(0, str(Path(__file__).parent))
    import numpy as np
    from bench_scaling import SEED, columns

    names = [c.name for c in columns(1000, 1000, np.random.default_rng(SEED))]
    names[0] = names[0].replace("0.001", f"{args.rows / 1e6:g}")
    names[2] = names[2].replace("0.001", f"{args.samples / 1e6:g}")
    n = args.threads
    print(f"Instructions of one call, all threads counted (callgrind), {n} threads against 1\n")
    print(
        f"| column | 1 thread | {n} threads | overhead | chunks at {n} "
        f"| serial at {n} | bound at {n} |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lib = build_helper(folder)
        for index, name in enumerate(names):
            print(f"{name} ...", file=sys.stderr, flush=True)
            one = count(index, 1, args, folder, lib).total
            many = count(index, n, args, folder, lib)
            # The shared part cannot be cut finer than its chunks: c chunks on n threads
            # take ceil(c / n) rounds, so they go at most c / ceil(c / n) ways.
            chunks = max(1, many.chunk_calls)
            ways = chunks / -(-chunks // n)
            bound = one / (many.serial + (many.total - many.serial) / ways)
            print(
                f"| {name} | {one / 1e6:,.1f} M | {many.total / 1e6:,.1f} M "
                f"| {100 * (many.total - one) / one:+.2f} % "
                f"| {many.chunks / 1e6:,.1f} M in {many.chunk_calls:,} "
                f"| {many.serial / 1e6:,.2f} M ({100 * many.serial / many.total:.2f} %) "
                f"| {bound:.1f}x |",
                flush=True,
            )


if __name__ == "__main__":
    main()
