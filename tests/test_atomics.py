"""src/croupier/_atomics.h, both branches: the chunk counters' atomics as GCC and Clang
compile them, and as MSVC would (its Interlocked calls run on a stand-in windows.h
with their documented semantics, tests/data/atomics/windows.h), each built with the
C compiler that builds croupier and run: four threads claim 200,000 slots, each once,
each slot's flag claimed once, the sums exact (tests/data/atomics/check.c).

This is not Windows: it checks how the MSVC branch calls the Interlocked functions
(argument order, return values, types), not MSVC itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "atomics"


def compiler() -> str:
    found = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
    assert found, "no C compiler (croupier's build needs one): set CC"
    return found


@pytest.mark.parametrize("branch", ["gnu", "msvc"])
def test_atomics_branch_counts_exactly_under_threads(branch: str, tmp_path: Path) -> None:
    program = tmp_path / f"check-{branch}"
    flags = ["-DFAKE_MSVC", f"-I{DATA}"] if branch == "msvc" else []
    subprocess.run(
        [compiler(), "-O2", "-std=c99", "-D_DEFAULT_SOURCE", "-Wall", "-Werror", *flags,
         f"-I{ROOT / 'src' / 'croupier'}", str(DATA / "check.c"), "-o", str(program),
         "-lpthread"],
        check=True,
    )  # fmt: skip
    run = subprocess.run([str(program)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"{branch}: total 200000 sum 19999900000"), run.stdout
