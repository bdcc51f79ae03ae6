"""``CROUPIER_IMPL`` (croupier._impl): the one switch between croupier as built and
its pure-Python references.

Each implementation is checked in a fresh interpreter (the variable is read once,
at ``import croupier``), so both are checked whichever one this suite runs on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from croupier import _impl

SRC = Path(__file__).resolve().parent.parent / "src" / "croupier"

# What a fresh interpreter reports about the implementation it imported.
PROBE = """
import importlib, importlib.machinery, json, pkgutil
import croupier
from croupier import _impl, _toml, pots
from croupier.hand import Hand
from croupier.phh import _read
from croupier.phh._model import _EXAMPLE
from croupier import NO_LIMIT, TexasHoldem
from croupier.env import PokerEnv, VectorEnv

quick_calls = []
quick = _read._quick_hand
_read._quick_hand = lambda table: quick_calls.append(1) or quick(table)
_read.loads(_EXAMPLE)
files = {}
for info in pkgutil.walk_packages(croupier.__path__, prefix="croupier."):
    if info.name == "croupier.__main__" or (_impl.PURE and info.name == "croupier.env._fast"):
        continue  # the environments' compiled kernel is left out under pure
    files[info.name] = importlib.import_module(info.name).__file__
env = PokerEnv(TexasHoldem(NO_LIMIT, (1, 2)), [100, 100, 100])
hands = []
for seed in (0, 7, 2**64 - 1, 2**64, -5):
    env.reset(seed=seed)
    hands.append([env.hand.hole(seat) for seat in range(3)])
try:
    VectorEnv(TexasHoldem(NO_LIMIT, (1, 2)), 2, [100, 100], fast=True)
except ValueError as exc:
    fast = str(exc)
else:
    fast = None
print(json.dumps({
    "impl": _impl.IMPL,
    "files": files,
    "heap_type": bool(Hand.__flags__ & (1 << 9)),
    "toml": _toml.backend(),
    "quick_calls": len(quick_calls),
    "big_pot": pots.award([10**30, 10**30], [False, False], high=[1, 2]),
    "kernel": env._kernel is not None,
    "hands": hands,
    "fast": fast,
}))
"""


def probe(impl: str | None) -> dict[str, object]:
    """The ``PROBE`` of an interpreter started with ``CROUPIER_IMPL=impl`` (None: unset)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CROUPIER_IMPL", "CROUPIER_TOML")}
    if impl is not None:
        env["CROUPIER_IMPL"] = impl
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True
    )
    report: dict[str, object] = json.loads(done.stdout)
    return report


def sources_of(files: dict[str, str]) -> dict[str, str]:
    """Module -> the suffix of its source in src/croupier (``.py`` or ``.pyx``)."""
    found = {}
    for name in files:
        parts = name.removeprefix("croupier.").split(".")
        base = SRC.joinpath(*parts)
        if (base / "__init__.py").is_file():
            found[name] = ".py"
        else:
            found[name] = ".pyx" if base.with_suffix(".pyx").is_file() else ".py"
    return found


def test_pure_loads_every_module_from_its_python_source() -> None:
    report = probe("pure")
    files = report["files"]
    assert isinstance(files, dict)
    sources = sources_of(files)
    assert report["impl"] == "pure"
    for name, file in files.items():
        if sources[name] == ".py":  # hand, actions, phh._read, table ...: plain Python
            assert file.endswith(".py"), (name, file)
        else:  # the Cython kernels have no runtime twin (tests/reference*.py)
            assert not file.endswith(".py"), (name, file)
    assert files["croupier.hand"].endswith("hand.py")
    assert report["heap_type"] is True  # Hand is a plain class
    assert report["toml"] == "tomllib"
    assert report["quick_calls"] == 0  # the PHH reader's checked path only
    assert report["big_pot"] == [0, 2 * 10**30]
    assert files["croupier.env._rules"].endswith("_rules.py")
    assert files["croupier.env._aec"].endswith("_aec.py")
    assert "croupier.env._fast" not in files  # the environments run without the kernel
    assert report["kernel"] is False  # fast=False is the default
    assert "CROUPIER_IMPL=pure" in str(report["fast"])  # and fast=True is refused


@pytest.mark.parametrize("impl", [None, "", "compiled"])
def test_compiled_is_the_default(impl: str | None) -> None:
    report = probe(impl)
    files = report["files"]
    assert isinstance(files, dict)
    assert report["impl"] == "compiled"
    compiled = [n for n, f in files.items() if not f.endswith(".py")]
    # hand.py and the PHH reader are compiled as written (CMakeLists.txt)
    assert {"croupier.hand", "croupier.actions", "croupier.phh._read"} <= set(compiled)
    assert {"croupier.env._rules", "croupier.env._aec", "croupier.env._fast"} <= set(compiled)
    assert report["heap_type"] is False  # Hand is an extension type
    assert report["quick_calls"] == 1
    assert report["kernel"] is True
    assert report["fast"] is None


def test_the_same_seeds_deal_the_same_hands_compiled_and_pure() -> None:
    # PokerEnv's SplitMix64 (env/_aec.py): C integers compiled, masked Python ints pure
    compiled, pure = probe("compiled")["hands"], probe("pure")["hands"]
    assert compiled == pure
    assert isinstance(compiled, list) and len({str(h) for h in compiled}) == 5


def test_any_other_value_is_refused_naming_the_variable() -> None:
    env = {**os.environ, "CROUPIER_IMPL": "fast"}
    done = subprocess.run(
        [sys.executable, "-c", "import croupier"], env=env, capture_output=True, text=True
    )
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    message = "CROUPIER_IMPL must be 'compiled' or 'pure' (or unset), got 'fast'"
    assert last == f"ValueError: {message}"


def test_the_finder_is_installed_only_under_pure() -> None:
    installed = [f for f in sys.meta_path if isinstance(f, _impl.SourceFinder)]
    assert len(installed) == (1 if _impl.PURE else 0)
    finder = _impl.SourceFinder()
    assert finder.find_spec("json", None) is None  # not croupier's
    assert finder.find_spec("croupier.cards", [str(SRC)]) is None  # plain Python already
