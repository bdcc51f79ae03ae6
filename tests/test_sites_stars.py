"""PokerStars hand histories (tests/data/sites/pokerstars): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "pokerstars"


def texts(hand: sites.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (14, 0, 1)
    assert len(hands) == 14
    for hand in hands:
        assert hand.venue == "PokerStars"
        result = replay(hand)  # the stacks net of the rake are checked
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None and hand.winnings is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_a_walk_and_non_ascii_names() -> None:
    walk = sites.load_all(DATA / "holdem_cash.txt")[0]
    assert walk.players == ("玩家一", "Ñandú", "Hero", "Jürgen")
    assert walk.seats == (2, 3, 6, 1)  # the sitting-out seat 5 is not dealt in
    assert walk.winnings == (0, 10, 0, 0) and walk.scale == 100
    assert walk.time_zone_abbreviation == "CET" and walk.day == 2 and walk.month == 11
    assert texts(walk)[-3:] == ["p3 f", "p4 f", "p1 f"]


def test_side_pots_rake_and_uncalled_bet() -> None:
    hand = sites.load_all(DATA / "holdem_cash.txt")[2]
    assert hand.hand == 250000000003
    assert hand.extra["_rake"] == Decimal("1.04")
    assert hand.winnings == (2334, 0, 0, 0)  # Hero (small blind) is p1
    assert hand.finishing_stacks == (2431, 960, 0, 0)
    assert "p1 cbr 5.86" in texts(hand)  # all in on the flop


def test_a_muck_revealed_in_the_summary_and_a_split_pot() -> None:
    muck, split = sites.load_all(DATA / "holdem_cash.txt")[3:5]
    assert "p3 sm" in texts(muck) and "d dh p3 Ts9s" in texts(muck)
    assert split.winnings == (43, 42, 0)


def test_tournament_fields_antes_and_thousands() -> None:
    first, second, zoom = sites.load_all(DATA / "tournament.txt")
    assert first.event == "Tournament #3900000001" and first.level == 9
    assert first.extra["_buy_in"] == "$10+$1 USD" and first.currency is None
    assert first.antes == (40, 40, 40, 40) and first.blinds_or_straddles == (150, 300, 0, 0)
    assert first.winnings == (0, 0, 0, 6890)
    assert second.level == 10 and second.winnings == (0, 13090, 0)
    assert zoom.currency == "USD" and zoom.extra["_rake"] == Decimal("1.75")


def test_stud_draw_hilo_run_it_twice_cancelled_and_cash_out() -> None:
    reader = sites.iter_load(DATA / "mixed.txt")
    stud, razz, draw, omaha, twice, cashed = reader
    assert reader.cancelled == 1
    assert stud.variant == "F7S/8" and texts(stud)[:4] == [
        "d dh p1 ????Kd",
        "d dh p2 Ac2d3h",
        "d dh p3 Ks8c9s",
        "p2 pb",
    ]
    assert stud.winnings == (0, 32, 33) and stud.bring_in == 2
    assert razz.variant == "FR" and razz.extra["_mix"] == "HORSE"
    assert draw.variant == "F2L3D" and "p3 sd Kd" in texts(draw) and "p2 sd ????" in texts(draw)
    assert omaha.variant == "PO/8" and omaha.winnings == (0, 107, 107)
    assert twice.extra["_runs"] == 2 and "# run 2" in texts(twice)
    assert cashed.extra["_cashout"] == (0, Decimal("63.50"), 0)


def test_detect_and_the_site_argument() -> None:
    assert sites.detect(DATA / "mixed.txt") == "PokerStars"
    assert len(sites.load_all(DATA / "tournament.txt", site="pokerstars")) == 3
    with pytest.raises(ValueError, match="unknown site 'nowhere'"):
        sites.load_all(DATA / "tournament.txt", site="nowhere")


def corrupt(old: str, new: str) -> str:
    text = (DATA / "holdem_cash.txt").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("玩家一: calls $1.10", "玩家一: calls $1.20", "0002, line 50: the players put 3.25"),
        (
            "Hero: bets $1.60",
            "Hero: bets $0.01",
            "0002, line 44: action 11 .p2 cbr 0.01.: seat 1 may raise",
        ),
        ("Jürgen: folds\n玩家一: folds", "Jürgen: checks\n玩家一: folds", "line 13: Jürgen checks"),
        ("Hero collected $3.01", "Hero collected $3.10", "0002, line 50: the winners collected"),
        (
            "Jürgen collected $1.70",
            "Jürgen collected $1.75",
            "0004, line 126: the winners collected 1.75 and the rake is 0.05",
        ),
    ],
)
def test_a_bad_hand_names_the_file_the_hand_and_the_line(old: str, new: str, problem: str) -> None:
    text = corrupt(old, new)
    with pytest.raises(SiteError, match=problem) as caught:
        sites.load_all(io.StringIO(text))
    error = caught.value
    assert error.site == "PokerStars" and error.hand is not None and error.line is not None
    skipped: list[SiteError] = []
    reader = sites.iter_load(io.StringIO(text), errors="skip", on_error=skipped.append)
    assert len(list(reader)) == 4 and reader.skipped == 1
    assert [str(e) for e in skipped] == [str(error)]


def test_unknown_lines_and_games_are_errors() -> None:
    text = corrupt('Ñandú said, "gl all"', "Ñandú waves")
    with pytest.raises(SiteError, match="unrecognised line 'Ñandú waves'"):
        sites.load_all(io.StringIO(text))
    text = corrupt("Hold'em No Limit ($0.05/$0.10 USD) - 2026/11/02 15:15", "Bingo ($1/$2) - x")
    with pytest.raises(SiteError, match=r"hand 250000000002.*unsupported game 'Bingo'"):
        sites.load_all(io.StringIO(text))


def test_a_file_of_no_known_site_is_an_error() -> None:
    with pytest.raises(SiteError, match="not a hand history of a known site"):
        sites.load_all(io.StringIO("variant = 'NT'\n"))


def test_an_action_out_of_turn_is_named_by_its_own_line_when_equal_actions_repeat() -> None:
    # "玩家一: checks" is written three times (one shared action object): the error names
    # the turn's, the first one played out of turn, not the river's after it.
    text = "\n".join(
        [
            "PokerStars Hand #77: Hold'em No Limit ($0.05/$0.10 USD) - 2026/11/02 15:14:03 ET",
            "Table 'Amalthea' 6-max Seat #2 is the button",
            "Seat 1: Jürgen ($10 in chips)",
            "Seat 2: 玩家一 ($10 in chips)",
            "玩家一: posts small blind $0.05",
            "Jürgen: posts big blind $0.10",
            "*** HOLE CARDS ***",
            "玩家一: calls $0.05",
            "Jürgen: checks",
            "*** FLOP *** [2c 7d 9h]",
            "Jürgen: checks",
            "玩家一: checks",
            "*** TURN *** [2c 7d 9h] [Ts]",
            "玩家一: checks",
            "Jürgen: checks",
            "*** RIVER *** [2c 7d 9h Ts] [3s]",
            "Jürgen: checks",
            "玩家一: checks",
            "*** SHOW DOWN ***",
            "*** SUMMARY ***",
            "Total pot $0.20 | Rake $0",
        ]
    )
    with pytest.raises(SiteError, match=r"hand 77, line 14: .*turn") as caught:
        sites.load_all(io.StringIO(text))
    assert caught.value.line == 14
