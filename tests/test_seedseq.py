"""A chunk's seed without numpy: src/croupier/_seedseq.h (C) and its pure-Python twin
croupier._seedseq.child_seed, each equal to numpy's

    SeedSequence(root.entropy, spawn_key=(*root.spawn_key, k), pool_size=4)
        .generate_state(1, np.uint64)[0]

for roots of small, 32-bit, 64-bit and long seeds, fresh ones (``SeedSequence()``),
roots that have a spawn key themselves, and ``k`` of one word and of two.  The C
header runs in tests/data/seedseq/check.c, built with the C compiler that builds
croupier, which also times a million children.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from croupier._seedseq import child_seed, int_words, root_words

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "seedseq"

SEEDS = [0, 1, 42, 2**32 - 1, 2**32, 2**64 - 1, 2**64 + 7, 2**200 + 3]
KS = [*range(300), 2**32 - 1, 2**32, 2**40 + 5, 2**64 - 1]


def roots() -> list[np.random.SeedSequence]:
    fresh = [np.random.SeedSequence(None) for _ in range(4)]
    keyed = [
        np.random.SeedSequence(5, spawn_key=(1, 2**33)),
        np.random.SeedSequence(9).spawn(3)[2],
        np.random.SeedSequence([1, 2**40, 3, 4, 5]),
    ]
    return [np.random.SeedSequence(s) for s in SEEDS] + fresh + keyed


def numpy_seed(root: np.random.SeedSequence, k: int) -> int:
    child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, k), pool_size=4)
    return int(child.generate_state(1, np.uint64)[0])


@pytest.fixture(scope="module")
def cases() -> list[tuple[list[int], int, int]]:
    """(root's words, k, numpy's seed) for every root and k."""
    found = []
    for root in roots():
        words = root_words(root)
        found += [(words, k, numpy_seed(root, k)) for k in KS]
    return found


def test_int_words_are_numpys() -> None:
    from numpy.random import bit_generator

    for n in [*SEEDS, *KS]:
        assert int_words(n) == [int(w) for w in bit_generator._int_to_uint32_array(n)]


def test_the_python_twin_is_numpy(cases: list[tuple[list[int], int, int]]) -> None:
    assert len(cases) == 15 * 304
    assert [child_seed(words, k) for words, k, _ in cases] == [seed for _, _, seed in cases]


def test_root_words_pad_the_entropy_then_add_the_roots_spawn_key() -> None:
    assert root_words(np.random.SeedSequence(2**64 + 7)) == [7, 0, 1, 0]
    assert root_words(np.random.SeedSequence(5, spawn_key=(1, 2**33))) == [5, 0, 0, 0, 1, 0, 2]
    assert root_words(np.random.SeedSequence([1, 2**40])) == [1, 0, 256, 0]
    fresh = np.random.SeedSequence()
    assert root_words(fresh) == int_words(fresh.entropy) + [0] * (4 - len(int_words(fresh.entropy)))
    with pytest.raises(TypeError):
        root_words(np.random.SeedSequence("0x10"))  # numpy reads text; croupier never seeds so


def compiler() -> str:
    found = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
    assert found, "no C compiler (croupier's build needs one): set CC"
    return found


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = tmp_path_factory.mktemp("seedseq") / "check"
    subprocess.run(
        [compiler(), "-O2", "-std=c99", "-Wall", "-Werror", f"-I{ROOT / 'src' / 'croupier'}",
         str(DATA / "check.c"), "-o", str(built)],
        check=True,
    )  # fmt: skip
    return built


def test_the_c_header_is_numpy(program: Path, cases: list[tuple[list[int], int, int]]) -> None:
    lines = "".join(f"{' '.join(map(str, words))} ; {k}\n" for words, k, _ in cases)
    run = subprocess.run([str(program)], input=lines, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [str(seed) for _, _, seed in cases]


def test_the_c_header_derives_a_million_seeds_in_well_under_a_second(program: Path) -> None:
    run = subprocess.run([str(program), "time", "1000000"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    fields = run.stdout.split()
    child_s, root_child_s = float(fields[3]), float(fields[6])
    print(run.stdout)
    assert fields[-1] == "agree"
    assert child_s < 0.5 and root_child_s < 0.5, run.stdout
