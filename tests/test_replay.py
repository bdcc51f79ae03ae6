"""Replaying real hand histories (tests/data/phh) on the betting-state machine.

The WSOP files give ``finishing_stacks``: a replay must reproduce them exactly.
The HandHQ files give, for some hands, ``winnings`` net of rake: the players the
replay pays must be exactly those the file names (who, not how much).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier import phh
from croupier.replay import replay, seats_for

# The real hand histories kept in the repository.
DATA = Path(__file__).resolve().parent / "data" / "phh"
WSOP = sorted((DATA / "wsop").glob("*.phh"))
HANDHQ = sorted((DATA / "handhq").glob("*.phhs"))
HOLDEM = ("NT", "FT")
# Hold'em hands only: the other variants belong to issue 5's games.
WSOP_HOLDEM = [p for p in WSOP if phh.load(p).variant in HOLDEM]


def test_the_hand_histories_are_there() -> None:
    assert len(WSOP) == 97 and len(HANDHQ) == 4


@pytest.mark.parametrize("path", WSOP_HOLDEM, ids=lambda p: p.stem)
def test_wsop_holdem_replay_ends_with_the_files_finishing_stacks(path: Path) -> None:
    history = phh.load(path)
    hand = replay(history)
    assert hand.is_over and not hand.unsettled
    seat_of = seats_for(history)
    finishing = tuple(hand.stacks[seat_of[p]] for p in range(len(seat_of)))
    assert finishing == history.finishing_stacks


def test_every_wsop_holdem_hand_is_replayed() -> None:
    variants = [phh.load(p).variant for p in WSOP_HOLDEM]
    assert variants.count("NT") == 11 and variants.count("FT") == 15 and len(variants) == 26


@pytest.mark.parametrize("path", HANDHQ, ids=lambda p: p.stem)
def test_handhq_replays_without_illegal_actions_and_pays_the_named_winners(path: Path) -> None:
    hands = phh.load_all(path)
    compared = 0
    for k, history in enumerate(hands):
        hand = replay(history)  # raises IllegalAction on any action the rules refuse
        winnings = history.winnings
        if not hand.is_over or hand.unsettled or winnings is None or not any(winnings):
            continue
        assert hand.winnings is not None
        seat_of = seats_for(history)
        paid = {p for p in range(len(seat_of)) if hand.winnings[seat_of[p]] > 0}
        named = {p for p, w in enumerate(winnings) if w > 0}
        assert paid == named, f"hand {k + 1}: the replay pays {paid}, the file names {named}"
        compared += 1
    assert compared > 0 or path.name.startswith("IPN")  # IPN files give no winnings
