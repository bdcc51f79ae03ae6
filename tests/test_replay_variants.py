"""Replaying the WSOP stud, Omaha-family and draw hands (tests/data/phh/wsop) on the engine.

Every ``FR`` (Razz), ``F7S`` (seven-card stud), ``F7S/8`` (stud hi/lo),
``FO/8`` (fixed-limit Omaha hi/lo), ``PO`` (pot-limit Omaha), ``N2L1D``
(no-limit 2-7 single draw) and ``F2L3D`` (fixed-limit 2-7 triple draw) hand is
played through ``croupier.replay``: each action must be legal (an illegal one
raises ``IllegalAction``), and the hand must end with the file's
``finishing_stacks``.  The counts per variant are those of the directory's
SOURCE.md; with the Hold'em hands of tests/test_replay.py they are every file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier import phh
from croupier.replay import replay

# The real hand histories kept in the repository.
DATA = Path(__file__).resolve().parent / "data" / "phh"
WSOP = sorted((DATA / "wsop").glob("*.phh"))
# SOURCE.md: hands per variant code.
EXPECTED = {"FR": 10, "F7S": 13, "F7S/8": 13, "FO/8": 14, "PO": 7, "N2L1D": 7, "F2L3D": 7}
HOLDEM = ("NT", "FT")  # replayed in tests/test_replay.py
VARIANT_OF = {path: phh.load(path).variant for path in WSOP}
HANDS = [path for path in WSOP if VARIANT_OF[path] in EXPECTED]


def test_source_md_counts_of_the_replayed_variants() -> None:
    counts = {code: 0 for code in EXPECTED}
    for path in HANDS:
        counts[VARIANT_OF[path]] += 1
    assert counts == EXPECTED
    assert len(HANDS) == sum(EXPECTED.values()) == 71


def test_with_the_holdem_hands_every_wsop_file_is_replayed() -> None:
    others = [path for path in WSOP if path not in HANDS]
    assert others and all(VARIANT_OF[path] in HOLDEM for path in others)
    assert len(WSOP) == 97


def test_source_md_lists_these_variants_with_these_counts() -> None:
    # The table of SOURCE.md itself: "| FR | fixed-limit Razz | 10 |" and so on.
    text = (DATA / "wsop" / "SOURCE.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2].isdigit():
            rows[cells[0]] = int(cells[2])
    assert {code: rows[code] for code in EXPECTED} == EXPECTED


@pytest.mark.parametrize("path", HANDS, ids=lambda p: f"{VARIANT_OF[p]}-{p.stem}")
def test_wsop_replay_ends_with_the_files_finishing_stacks(path: Path) -> None:
    history = phh.load(path)
    hand = replay(history)  # read by player, as the file lists them
    assert hand.is_over and not hand.unsettled
    finishing = hand.stacks
    assert history.finishing_stacks is not None
    assert finishing == history.finishing_stacks
    # Chips are conserved: what the players end with is what they started with.
    starting = [s for s in history.starting_stacks if s is not None]  # no unlimited stacks
    assert len(starting) == len(finishing)
    assert sum(finishing) == sum(starting)
