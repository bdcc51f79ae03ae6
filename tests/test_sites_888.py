"""888poker hand histories (tests/data/sites/888): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import phh, sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "888"


def texts(hand: sites.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (10, 0, 0)
    for hand in hands:
        assert hand.venue == "888poker"
        result = replay(hand)
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_detect() -> None:
    for path in DATA.glob("*.txt"):
        assert sites.detect(path) == "888poker"


def test_a_walk_in_euros_and_non_ascii_names() -> None:
    walk = sites.load_all(DATA / "holdem_cash.txt")[0]
    assert walk.hand == 500000001 and walk.currency == "EUR"
    assert walk.players == ("玩家一", "Ñandú", "Hero", "Jürgen")
    assert walk.winnings == (0, 10, 0, 0) and "_rake" not in walk.extra
    assert walk.day == 2 and walk.month == 11 and walk.year == 2026
    assert walk.table == "Amalthea" and walk.seat_count == 6


def test_uncalled_bet_side_pots_muck_and_split() -> None:
    uncalled, side, split = sites.load_all(DATA / "holdem_cash.txt")[1:4]
    assert uncalled.extra["_rake"] == Decimal("0.15")
    assert uncalled.finishing_stacks == (1225, 1120, 715)  # Ñandú, Hero, 玩家一
    assert side.extra["_rake"] == Decimal("0.60")
    assert side.winnings == (570, 0, 570)
    assert "p3 cbr 2" in texts(side) and "p2 sm" in texts(side)
    assert split.winnings == (0, 62, 62) and split.starting_stacks == (12950, 7600, 11715)
    assert split.extra["_rake"] == Decimal("0.60")


def test_omaha_hi_lo_and_omaha() -> None:
    hilo, omaha, limit = sites.load_all(DATA / "mixed.txt")
    assert limit.variant == "FT" and limit.small_bet == 10 and limit.big_bet == 20
    assert limit.winnings == (57, 0) and limit.extra["_rake"] == Decimal("0.03")
    assert hilo.variant == "PO/8" and hilo.winnings == (10, 10, 0) and hilo.currency == "EUR"
    assert omaha.variant == "PO" and omaha.players == ("Hero", "玩家一")
    assert omaha.winnings == (12, 0) and omaha.scale == 10  # $1.20: the big blind is p1
    assert texts(omaha)[-3:] == ["p2 cbr 0.6", "p1 cbr 1.6", "p2 f"]


def test_tournament_antes() -> None:
    hand, walk = sites.load_all(DATA / "tournament.txt")
    assert walk.players == ("Hero", "Jürgen") and walk.winnings == (250, 0)
    assert walk.antes == (25, 25) and walk.finishing_stacks == (4850, 3900)
    assert hand.event == "Tournament #123456" and hand.table == "#3" and hand.seat_count == 9
    assert hand.extra["_buy_in"] == "$5 + $0.50" and hand.currency is None
    assert hand.antes == (25, 25, 25) and hand.blinds_or_straddles == (100, 200, 0)
    assert hand.winnings == (0, 0, 3225) and "_rake" not in hand.extra


def test_euros_with_decimal_commas() -> None:
    hand = sites.load_all(DATA / "holdem_cash.txt")[-1]
    assert hand.currency == "EUR" and hand.currency_symbol == "€" and hand.seat_count == 9
    assert hand.starting_stacks == (4875, 5000) and hand.winnings == (3420, 0)
    assert hand.extra["_rake"] == Decimal("0.80") and "p1 cbr 31.25" in texts(hand)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("Hero checks", "Hero waves", "line 16: unknown action 'waves'"),
        ("Blinds Pot Limit Omaha Hi/Lo", "Blinds Bingo", "500000101, line 3: unsupported game"),
        ("Hero collected [ 0,10€ ]", "Hero collected [ 0,15€ ]", "line 30: the winners collected"),
        ("Jürgen has joined the table", "Jürgen sings", "unrecognised line 'Jürgen sings'"),
    ],
)
def test_bad_lines_are_errors(old: str, new: str, problem: str) -> None:
    text = (DATA / "mixed.txt").read_text(encoding="utf-8").replace(old, new, 1)
    with pytest.raises(SiteError, match=problem) as caught:
        sites.load_all(io.StringIO(text))
    assert caught.value.site == "888poker" and caught.value.line is not None


def test_a_corrupted_hand_names_its_line(tmp_path: Path) -> None:
    text = (DATA / "holdem_cash.txt").read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Hero bets [$2]", "Hero bets [$x]"), encoding="utf-8")
    skipped: list[SiteError] = []
    reader = sites.iter_load(bad, errors="skip", on_error=skipped.append)
    assert len(list(reader)) == 4 and reader.skipped == 1
    with pytest.raises(SiteError, match=r"hand 500000002, line 4\d: bad amount"):
        sites.load_all(bad)


def test_phh_round_trip() -> None:
    for hand in sites.load_all(DATA / "mixed.txt"):
        assert phh.loads(phh.dumps(hand)) == hand
