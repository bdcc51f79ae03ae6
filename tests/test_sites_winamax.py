"""Winamax hand histories (tests/data/sites/winamax): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import phh, sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "winamax"


def texts(hand: sites.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (8, 0, 0)
    assert len(hands) == 8
    for hand in hands:
        assert hand.venue == "Winamax"
        result = replay(hand)  # the stacks net of the rake are checked
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None and hand.winnings is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_a_walk_non_ascii_names_and_euros() -> None:
    walk = sites.load_all(DATA / "cash.txt")[0]
    assert walk.players == ("Élodie", "Hero", "Ñandú", "Jürgen")
    assert walk.hand == "5100-1-1793632443" and walk.currency == "EUR"
    assert walk.winnings == (0, 2, 0, 0) and "d dh p2 Qs9h" in texts(walk)


def test_an_uncalled_bet_returned_though_not_written() -> None:
    hand = sites.load_all(DATA / "cash.txt")[1]
    assert hand.extra["_rake"] == Decimal("0.07")
    assert hand.winnings == (0, 0, 0, 138)
    assert hand.finishing_stacks == (995, 730, 1000, 1318)


def test_side_pots_a_muck_and_a_split_pot() -> None:
    side, split = sites.load_all(DATA / "cash.txt")[2:4]
    assert side.winnings == (0, 0, 860, 655) and "p2 sm" in texts(side)
    assert "p3 cbr 2.7" in texts(side)  # all in on the flop
    assert split.winnings == (0, 69, 0, 69)


def test_omaha_and_tournaments_with_antes() -> None:
    plo, plo5, first, second = sites.load_all(DATA / "omaha_tournament.txt")
    assert (plo.variant, plo5.variant) == ("PO", "P5O")
    assert plo.winnings == (0, 0, 513) and plo5.winnings == (0, 737, 0)
    assert first.event == 'Tournament "Freeroll du Dimanche"' and first.level == 9
    assert first.extra["_buy_in"] == "9€ + 1€" and first.currency is None
    assert first.antes == (40, 40, 40, 40) and first.blinds_or_straddles == (150, 300, 0, 0)
    assert first.winnings == (0, 0, 1710, 0)
    assert second.level == 10 and second.winnings == (0, 11920, 0, 0)


def test_detect_and_a_round_trip() -> None:
    for path in sorted(DATA.glob("*.txt")):
        assert sites.detect(path) == "Winamax"
    hand = sites.load_all(DATA / "cash.txt")[2]
    assert phh.loads(phh.dumps(hand)) == hand


def corrupt(old: str, new: str) -> str:
    text = (DATA / "cash.txt").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            "Élodie collected 1.38€",
            "Élodie collected 1.40€",
            "5100-2-1793632600, line 46: the winners collected 1.40",
        ),
        (
            "Ñandú calls 0.20€",
            "Ñandú checks",
            "5100-2-1793632600, line 35: Ñandú checks facing a bet",
        ),
        (
            "Jürgen mucks hand",
            "Jürgen waves",
            "5100-3-1793632752, line 80: unrecognised line .Jürgen waves.",
        ),
        ("Holdem no limit (0.05€/0.10€) - 2026/11/02 15:16", "Bingo (1€/2€) - x", "'Bingo'"),
    ],
)
def test_a_bad_hand_names_the_file_the_hand_and_the_line(old: str, new: str, problem: str) -> None:
    text = corrupt(old, new)
    with pytest.raises(SiteError, match=problem) as caught:
        sites.load_all(io.StringIO(text))
    error = caught.value
    assert error.site == "Winamax" and error.hand is not None and error.line is not None
    skipped: list[SiteError] = []
    reader = sites.iter_load(io.StringIO(text), errors="skip", on_error=skipped.append)
    assert len(list(reader)) == 3 and reader.skipped == 1
    assert [str(e) for e in skipped] == [str(error)]
