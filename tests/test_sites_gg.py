"""GGPoker hand histories (tests/data/sites/ggpoker): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import phh, sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "ggpoker"


def texts(hand: sites.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (15, 0, 0)
    assert len(hands) == 15
    for hand in hands:
        assert hand.venue == "GGPoker"
        result = replay(hand)  # the stacks net of the rake are checked
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None and hand.winnings is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_a_walk_non_ascii_names_and_unknown_cards() -> None:
    walk = sites.load_all(DATA / "holdem_cash.txt")[0]
    assert walk.players == ("玩家一", "Hero", "Ñandú", "Jürgen")
    assert walk.hand == "HD2000001" and walk.winnings == (0, 2, 0, 0)
    assert "d dh p2 Qs9h" in texts(walk) and "d dh p1 ????" in texts(walk)


def test_a_straddle_an_uncalled_bet_and_the_jackpot() -> None:
    hand = sites.load_all(DATA / "holdem_cash.txt")[1]
    assert hand.blinds_or_straddles == (5, 10, 20, 0, 0)
    assert hand.extra["_rake"] == Decimal("0.20")  # rake and jackpot
    assert hand.winnings == (0, 0, 0, 0, 285)


def test_side_pots_a_muck_and_a_split_pot() -> None:
    side, split = sites.load_all(DATA / "holdem_cash.txt")[2:4]
    assert side.players == ("Ñandú", "Jürgen", "玩家一", "Hero")
    assert side.winnings == (0, 0, 860, 655)
    assert "p2 sm" in texts(side) or "d dh p2 KhQh" in texts(side)
    assert split.winnings == (0, 69, 0, 69)


def test_omaha_five_and_six_cards() -> None:
    plo, plo5, plo6 = sites.load_all(DATA / "omaha.txt")
    assert (plo.variant, plo5.variant, plo6.variant) == ("PO", "P5O", "P6O")
    assert plo5.winnings == (0, 737, 0) and plo6.winnings == (0, 0, 125)


def test_run_two_and_three_times_and_cash_outs() -> None:
    twice, thrice, lost, won = sites.load_all(DATA / "runs_cashout.txt")
    assert twice.extra["_runs"] == 2 and "# run 2" in texts(twice)
    assert thrice.extra["_runs"] == 3 and "# run 3" in texts(thrice)
    assert thrice.winnings == (3230, 0, 6460)
    assert lost.extra["_cashout"] == (0, Decimal("63.50"), 0)
    assert won.extra["_cashout_risk"] == (0, Decimal("14.75"), 0)


def test_short_deck_and_tournaments() -> None:
    short, steal, first, second = sites.load_all(DATA / "shortdeck_tournament.txt")
    assert short.variant == "NS" and short.antes == (1, 1, 1)
    assert steal.winnings == (0, 0, 8) and "d dh p1 ????" in texts(steal)  # unknown cards
    assert first.event == "Tournament #300001" and first.level == 9
    assert first.extra["_tournament"] == "Daily Deepstack $10"
    assert first.antes == (40, 40, 40, 40) and first.winnings == (0, 0, 1710, 0)
    assert second.level == 10 and second.winnings == (0, 11920, 0, 0)


def test_detect_and_a_round_trip() -> None:
    for path in sorted(DATA.glob("*.txt")):
        assert sites.detect(path) == "GGPoker"
    hand = sites.load_all(DATA / "runs_cashout.txt")[0]
    assert phh.loads(phh.dumps(hand)) == hand


def corrupt(old: str, new: str) -> str:
    text = (DATA / "holdem_cash.txt").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            "玩家一 collected $2.85",
            "玩家一 collected $2.95",
            "HD2000002, line 61: the winners collected 2.95",
        ),
        ("Ñandú: calls $0.50", "Ñandú: checks", "HD2000002, line 47: Ñandú checks facing a bet"),
        ("Jürgen: mucks hand", "Jürgen: waves", "HD2000003, line 101: unknown action 'waves'"),
        (
            "Hold'em No Limit ($0.05/$0.10) - 2026/11/02 15:16",
            "Bingo ($1/$2) - x",
            "HD2000002, line 28: unsupported game 'Bingo'",
        ),
    ],
)
def test_a_bad_hand_names_the_file_the_hand_and_the_line(old: str, new: str, problem: str) -> None:
    text = corrupt(old, new)
    with pytest.raises(SiteError, match=problem) as caught:
        sites.load_all(io.StringIO(text))
    error = caught.value
    assert error.site == "GGPoker" and error.hand is not None and error.line is not None
    skipped: list[SiteError] = []
    reader = sites.iter_load(io.StringIO(text), errors="skip", on_error=skipped.append)
    assert len(list(reader)) == 3 and reader.skipped == 1
    assert [str(e) for e in skipped] == [str(error)]
