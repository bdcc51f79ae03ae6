"""iPoker XML hand histories (tests/data/sites/ipoker): read, replayed and checked."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import phh, sites
from croupier.errors import SiteError
from croupier.replay import replay

DATA = Path(__file__).parent / "data" / "sites" / "ipoker"
CASH = DATA / "holdem_cash.xml"


def texts(hand: phh.HandHistory) -> list[str]:
    return [a.to_text(hand.scale) for a in hand.actions]


def test_every_file_imports_and_reaches_its_recorded_results() -> None:
    reader = sites.iter_load(DATA)
    hands = list(reader)
    assert (reader.hands, reader.skipped, reader.cancelled) == (8, 0, 0)
    for hand in hands:
        assert hand.venue == "iPoker"
        result = replay(hand)
        assert result.is_over and not result.unsettled
        assert hand.finishing_stacks is not None and hand.winnings is not None
        rake = int(hand.extra.get("_rake", 0) * hand.scale)
        assert sum(hand.finishing_stacks) + rake == sum(s or 0 for s in hand.starting_stacks)


def test_detect_each_file() -> None:
    for path in sorted(DATA.glob("*.xml")):
        assert sites.detect(path) == "iPoker"


def test_a_walk_non_ascii_names_and_euros() -> None:
    walk = sites.load_all(CASH)[0]
    assert walk.hand == 5550000001
    assert walk.players == ("Jürgen", "玩家一", "Hero")
    assert walk.winnings == (0, 10, 0) and walk.scale == 100
    assert walk.finishing_stacks == (495, 805, 1000)
    assert walk.extra["_hero"] == "Hero"
    assert "d dh p3 AsKh" in texts(walk)


def test_an_uncalled_bet_returned_and_the_rake() -> None:
    hand = sites.load_all(CASH)[1]
    assert hand.extra["_rake"] == Decimal("0.01")
    assert hand.players == ("玩家一", "Hero", "Jürgen")
    assert hand.finishing_stacks == (790, 1019, 490)
    assert "d dh p2 TdJd" in texts(hand)


def test_side_pots_with_an_all_in() -> None:
    hand = sites.load_all(CASH)[2]
    assert hand.players == ("Hero", "Jürgen", "玩家一")
    assert "p2 cbr 2" in texts(hand)  # type 7: all in, a raise to 2.00
    assert hand.finishing_stacks == (700, 600, 700)


def test_a_split_pot_and_a_muck() -> None:
    split, muck = sites.load_all(CASH)[3:5]
    assert split.winnings == (30, 30)
    assert muck.winnings == (0, 0, 100)
    assert "p2 sm" in texts(muck) and "p3 sm AsKh" in texts(muck)
    assert "p3 cbr 0.2" in texts(muck)  # type 6: raise by the chips added


def test_omaha_hi_lo_split() -> None:
    [hand] = sites.load_all(DATA / "omaha_hilo.xml")
    assert hand.variant == "PO/8"
    assert hand.players == ("Ñandú", "Hero") and hand.winnings == (30, 30)


def test_stud_with_antes_and_a_bring_in() -> None:
    [hand] = sites.load_all(DATA / "stud.xml")
    assert hand.variant == "F7S"
    assert hand.players == ("Hero", "Ann", "Zoë")
    assert "p2 pb" in texts(hand)
    assert hand.winnings == (0, 0, 51)


def test_a_tournament_with_antes() -> None:
    [hand] = sites.load_all(DATA / "tournament.xml")
    assert hand.event == "Tournament #88001234"
    assert hand.scale == 1 and hand.antes == (25, 25, 25)
    assert hand.winnings == (3225, 0, 0)  # Zoë (the small blind) is p1


def test_an_imported_hand_dumps_and_loads_back_equal() -> None:
    for hand in sites.load_all(DATA):
        assert phh.loads(phh.dumps(hand)) == hand


def test_a_corrupted_hand_names_its_line() -> None:
    text = CASH.read_text(encoding="utf-8").replace(
        'player="Jürgen" type="3" sum="€0.10"', 'player="Jürgen" type="3" sum="€0.15"'
    )
    hands = sites.iter_load(io.StringIO(text), errors="skip", on_error=lambda e: None)
    assert len(list(hands)) == 4 and hands.skipped == 1
    with pytest.raises(SiteError, match=r"iPoker hand 5550000002, line \d+"):
        sites.load_all(io.StringIO(text))


def test_bad_xml_and_unknown_codes_are_site_errors() -> None:
    text = CASH.read_text(encoding="utf-8")
    for bad in (
        text.replace(
            '<action no="3" player="Hero" type="0"', '<action no="3" player="Hero" type="99"'
        ),
        text.replace('<round no="1">', '<round no="1"', 1),
        text.replace("SA HK", "SZ HK", 1),
    ):
        with pytest.raises(SiteError, match="iPoker hand"):
            sites.load_all(io.StringIO(bad))


def test_a_doctype_or_entity_declaration_is_refused() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n<session>\n'
    )
    head = '<?xml version="1.0"?>\n<session sessioncode="1">\n'
    assert sites.detect(head) == "iPoker"
    with pytest.raises(SiteError, match="DOCTYPE or entity"):
        sites.load_all(io.StringIO(head + bomb.split("\n", 1)[1]), site="iPoker")
    text = CASH.read_text(encoding="utf-8").replace(
        '<game gamecode="5550000002">', "<!ENTITY x 'y'>\n<game gamecode=\"5550000002\">"
    )
    hands = sites.iter_load(io.StringIO(text), errors="skip", on_error=lambda e: None)
    assert len(list(hands)) == 1 and hands.skipped == 1


def test_mutated_xml_gives_only_site_errors() -> None:
    import random

    text = CASH.read_text(encoding="utf-8")
    rng = random.Random(7)
    pieces = ["<", ">", "/", '"', "&", "&lol;", "]]>", "<!--", "X", "€", "<game>", "</game>", ""]
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(chars))
            chars[at : at + rng.randint(0, 3)] = rng.choice(pieces)
        mutated = "".join(chars)
        try:
            for _hand in sites.iter_load(io.StringIO(mutated), site="iPoker"):
                pass
        except SiteError as exc:
            assert "iPoker" in str(exc)


def test_not_a_session_a_cut_file_and_a_bad_session_head() -> None:
    with pytest.raises(SiteError, match=r"iPoker hand at line 2: not an iPoker <session>"):
        sites.load_all(io.StringIO('<?xml version="1.0"?>\n<other>\n</other>\n'))
    text = CASH.read_text(encoding="utf-8")
    cut = text[: text.index('<game gamecode="5550000002">') + 200]
    hands = sites.iter_load(io.StringIO(cut), errors="skip", on_error=lambda e: None)
    assert len(list(hands)) == 1 and hands.skipped == 1
    bad_head = text.replace("<mode>real</mode>", "<mode>real</mod>")
    with pytest.raises(SiteError, match="bad XML in the session"):
        sites.load_all(io.StringIO(bad_head))
