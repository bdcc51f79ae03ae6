"""The .pyi stubs of the compiled modules: CI's ``mypy.stubtest`` checks every one.

A stub added in src/croupier without its module in the stubtest command of
``.ci/run`` fails here, so that no stub goes unchecked against its module.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
ALLOWLIST = ROOT / "tools" / "stubtest_allowlist.txt"


def stubtest_command() -> list[str]:
    """The words of the ``python -m mypy.stubtest`` command in .ci/run (continuations joined)."""
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    commands = [line.split() for line in text.splitlines() if "-m mypy.stubtest" in line]
    assert len(commands) == 1, "expected one mypy.stubtest command in .ci/run"
    return commands[0]


def stubbed_modules() -> set[str]:
    """The module of every .pyi file under src (``croupier.env._aec`` ...)."""
    return {".".join(p.relative_to(SRC).with_suffix("").parts) for p in SRC.rglob("*.pyi")}


def test_every_stub_is_checked_by_stubtest_in_ci() -> None:
    words = stubtest_command()
    modules = {w for w in words if w.startswith("croupier")}
    stubs = stubbed_modules()
    assert {"croupier.hands", "croupier.pots", "croupier.env._aec"} <= stubs
    assert stubs - modules == set(), "stubs that CI's stubtest does not check"
    assert modules - stubs == set(), "modules without a stub in CI's stubtest command"


def test_stubtest_reads_the_allowlist_whose_every_entry_says_why() -> None:
    words = stubtest_command()
    assert words[words.index("--allowlist") + 1] == "tools/stubtest_allowlist.txt"
    lines = ALLOWLIST.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            re.compile(line)  # an entry is a regular expression
            assert lines[i - 1].startswith("#"), f"allowlist entry without a comment: {line}"
