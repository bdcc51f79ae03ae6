"""PartyPoker hand histories (tests/data/sites/party): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import phh, sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "party"


def texts(hand: sites.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (10, 0, 1)
    for hand in hands:
        assert hand.venue == "PartyPoker"
        result = replay(hand)
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_detect() -> None:
    for path in DATA.glob("*.txt"):
        assert sites.detect(path) == "PartyPoker"


def test_a_walk_and_non_ascii_names() -> None:
    walk = sites.load_all(DATA / "holdem_cash.txt")[0]
    assert walk.hand == 300000001
    assert walk.players == ("玩家一", "Ñandú", "Hero", "Jürgen")
    assert walk.winnings == (0, 10, 0, 0) and "_rake" not in walk.extra
    assert walk.time_zone_abbreviation == "GMT" and walk.day == 2 and walk.month == 11
    assert walk.table == "Amalthea" and walk.seat_count == 6


def test_uncalled_bet_side_pots_muck_and_split() -> None:
    uncalled, side, split = sites.load_all(DATA / "holdem_cash.txt")[1:4]
    assert uncalled.extra["_rake"] == Decimal("0.15")
    assert uncalled.finishing_stacks == (1225, 1120, 715)  # Ñandú, Hero, 玩家一
    assert side.extra["_rake"] == Decimal("0.60")
    assert side.players == ("Ñandú", "Hero", "Jürgen")
    assert side.winnings == (570, 0, 570)
    assert "p3 cbr 2" in texts(side) and "p2 sm" in texts(side)
    assert split.winnings == (0, 31, 31)


def test_omaha_hi_lo_stud_and_fixed_limit() -> None:
    omaha, stud, limit, stud8 = sites.load_all(DATA / "mixed.txt")
    assert stud8.variant == "F7S/8" and texts(stud8) == [
        "d dh p1 4d6c2s",
        "d dh p2 ????Ac",
        "p1 pb",
        "p2 cbr 0.1",
        "p1 f",
    ]
    assert stud8.winnings == (0, 14) and "_rake" not in stud8.extra
    assert limit.variant == "FT" and limit.small_bet == 10 and limit.big_bet == 20
    assert limit.winnings == (57, 0) and texts(limit)[-2:] == ["p1 cbr 0.2", "p2 f"]
    assert omaha.variant == "PO/8" and omaha.winnings == (10, 10, 0)
    assert stud.variant == "F7S" and stud.bring_in == 5 and stud.antes == (2, 2, 2)
    assert "p2 pb" in texts(stud) and "d dh p2 ????2c" in texts(stud)
    assert stud.winnings == (0, 0, 30) and stud.extra["_rake"] == Decimal("0.01")


def test_tournament_antes_and_thousands() -> None:
    hand, walk = sites.load_all(DATA / "tournament.txt")
    assert walk.players == ("Hero", "Jürgen") and walk.winnings == (250, 0)
    assert walk.antes == (25, 25) and walk.finishing_stacks == (4850, 3900)
    assert hand.event == "Tournament #123456" and hand.level == 3
    assert hand.extra["_buy_in"] == "$5 USD" and hand.currency is None
    assert hand.antes == (25, 25, 25) and hand.blinds_or_straddles == (100, 200, 0)
    assert hand.winnings == (0, 0, 3225) and "_rake" not in hand.extra


def test_a_corrupted_hand_names_its_line(tmp_path: Path) -> None:
    text = (DATA / "holdem_cash.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Hero bets [$2 USD]", "Hero bets [$x USD]"), encoding="utf-8")
    skipped: list[SiteError] = []
    reader = sites.iter_load(bad, errors="skip", on_error=skipped.append)
    assert len(list(reader)) == 3 and reader.skipped == 1 and reader.cancelled == 1
    with pytest.raises(SiteError, match=r"hand 300000002, line 42: bad amount"):
        sites.load_all(bad)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("Hero checks", "Hero waves", "line 15: unknown action 'waves'"),
        ("USD PL Omaha Hi-Lo", "USD Bingo", "hand 300000101, line 2: unsupported game 'Bingo'"),
        (
            "Ñandú wins $0.30 USD",
            "Ñandú wins $0.35 USD",
            "300000102, line 54: the winners collected 0.35",
        ),
        ("Jürgen has joined the table.", "Jürgen sings.", "unrecognised line 'Jürgen sings.'"),
    ],
)
def test_bad_lines_are_errors(old: str, new: str, problem: str) -> None:
    text = (DATA / "mixed.txt").read_text(encoding="utf-8").replace(old, new, 1)
    with pytest.raises(SiteError, match=problem) as caught:
        sites.load_all(io.StringIO(text))
    assert caught.value.site == "PartyPoker" and caught.value.line is not None


def test_phh_round_trip() -> None:
    for hand in sites.load_all(DATA / "mixed.txt"):
        assert phh.loads(phh.dumps(hand)) == hand
