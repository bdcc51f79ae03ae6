"""croupier.phh: the PHH hand-history reader/writer, on real hand histories.

The data (``tests/data/phh`` in the repository, or ``$CROUPIER_PHH_DATA``):
97 WSOP hands (one ``.phh`` each) and 2954 HandHQ hands in four ``.phhs``
files; their SOURCE.md files give the counts checked here.
"""

from __future__ import annotations

import datetime as dt
import doctest
import importlib
import inspect
import io
import os
import pkgutil
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same parser, as the project reads it on 3.10
    import tomli as tomllib

from croupier import _toml, actions, phh
from croupier.cards import card_code
from croupier.phh import Action, FrozenMapping, HandHistory, PHHError

DATA = Path(os.environ.get("CROUPIER_PHH_DATA", Path(__file__).resolve().parent / "data" / "phh"))
WSOP_FILES = sorted((DATA / "wsop").glob("*.phh"))
HANDHQ_FILES = sorted((DATA / "handhq").glob("*.phhs"))
MONEY_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
)


@pytest.fixture(scope="module")
def wsop() -> dict[str, HandHistory]:
    return {path.name: phh.load(path) for path in WSOP_FILES}


@pytest.fixture(scope="module")
def handhq() -> dict[str, list[HandHistory]]:
    return {path.name: phh.load_all(path) for path in HANDHQ_FILES}


def all_hands(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> Iterator[HandHistory]:
    yield from wsop.values()
    for hands in handhq.values():
        yield from hands


def source_table(path: Path) -> list[list[str]]:
    """The rows of the markdown table(s) of a SOURCE.md (cells stripped, no header)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("|") and not set(line) <= set("|-: "):
            rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows[1:] if rows else rows


# -- every data file loads, with the counts of SOURCE.md -----------------------------


def test_the_data_is_there() -> None:
    assert len(WSOP_FILES) == 97
    assert len(HANDHQ_FILES) == 4


def test_wsop_counts_per_variant_match_source_md(wsop: dict[str, HandHistory]) -> None:
    rows = [r for r in source_table(DATA / "wsop" / "SOURCE.md") if len(r) == 3]
    expected = {code: int(count) for code, _, count in rows}
    assert expected["NT"] == 11
    assert expected["FT"] == 15
    assert sum(expected.values()) == 97
    assert Counter(h.variant for h in wsop.values()) == expected


def test_handhq_counts_per_file_match_source_md(handhq: dict[str, list[HandHistory]]) -> None:
    rows = [r for r in source_table(DATA / "handhq" / "SOURCE.md") if len(r) == 5]
    expected = {r[0]: int(r[4]) for r in rows}
    assert sorted(expected.values()) == [413, 678, 864, 999]
    assert {name: len(hands) for name, hands in handhq.items()} == expected
    assert sum(len(hands) for hands in handhq.values()) == 2954
    assert {h.variant for hands in handhq.values() for h in hands} == {"NT"}


def test_wsop_hands_have_the_fields_of_their_variant(wsop: dict[str, HandHistory]) -> None:
    for name, h in wsop.items():
        stud = h.variant in ("F7S", "F7S/8", "FR")
        fixed = h.variant.startswith("F")
        assert (h.bring_in is not None) == stud, name
        assert (h.blinds_or_straddles is not None) == (not stud), name
        assert (h.small_bet is not None and h.big_bet is not None) == fixed, name
        assert (h.min_bet is not None) == (not fixed), name
        assert h.finishing_stacks is not None and len(h.finishing_stacks) == h.player_count
        assert h.ante_trimming_status is False
        assert h.scale == 1, name  # WSOP chips are whole numbers


# -- round trips ----------------------------------------------------------------------


def test_round_trip_every_hand(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:
    count = 0
    for h in all_hands(wsop, handhq):
        text = phh.dumps(h)
        again = phh.loads(text)
        assert again == h
        assert hash(again) == hash(h)
        assert phh.dumps(again) == text
        count += 1
    assert count == 97 + 2954


def test_round_trip_multi_hand_files(handhq: dict[str, list[HandHistory]]) -> None:
    for hands in handhq.values():
        text = phh.dumps_all(hands)
        assert text.count("\n[") == len(hands) - 1
        assert text.startswith("[1]\n")
        again = phh.loads_all(text)
        assert again == hands
        assert phh.dumps_all(again) == text


def test_wsop_files_are_written_back_byte_for_byte(wsop: dict[str, HandHistory]) -> None:
    # The WSOP files use the canonical layout (PokerKit's), so dumps reproduces them.
    for path in WSOP_FILES:
        original = path.read_text(encoding="utf-8")
        assert phh.dumps(wsop[path.name]) == original.rstrip("\n") + "\n", path.name


def test_every_action_text_is_canonical(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:
    # The data files write actions canonically, so to_text gives the original strings.
    for path in WSOP_FILES:
        original = re.search(r"^actions = (\[.*\])$", path.read_text(), re.M)
        assert original is not None
        texts = [a.to_text(wsop[path.name].scale) for a in wsop[path.name].actions]
        assert original.group(1) == "[" + ", ".join(f"'{t}'" for t in texts) + "]"
    # HandHQ amounts carry cents ("3.00", "147.50"), written back shortest ("3", "147.5").
    compared = 0
    for path in HANDHQ_FILES:
        lines = re.findall(r"^actions = \[(.*)\]$", path.read_text(), re.M)
        hands = handhq[path.name]
        assert len(lines) == len(hands)
        for line, h in zip(lines, hands, strict=True):
            originals = re.findall(r"'([^']*)'", line)
            assert len(originals) == len(h.actions)
            for original, action in zip(originals, h.actions, strict=True):
                ours = action.to_text(h.scale).split()
                theirs = original.split()
                if action.kind == "cbr":
                    assert ours[:2] == theirs[:2]
                    assert Decimal(ours[2]) == Decimal(theirs[2])
                else:
                    assert ours == theirs
                compared += 1
    assert compared > 40_000


def test_dump_and_load_with_paths_and_file_objects(
    tmp_path: Path, wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:
    h = wsop[WSOP_FILES[0].name]
    phh.dump(h, tmp_path / "one.phh")
    assert phh.load(tmp_path / "one.phh") == h
    assert phh.load(str(tmp_path / "one.phh")) == h
    text_out, bytes_out = io.StringIO(), io.BytesIO()
    phh.dump(h, text_out)
    phh.dump(h, bytes_out)
    assert text_out.getvalue() == bytes_out.getvalue().decode() == phh.dumps(h)
    assert phh.load(io.StringIO(text_out.getvalue())) == h
    assert phh.load(io.BytesIO(bytes_out.getvalue())) == h
    hands = handhq[HANDHQ_FILES[0].name][:25]
    phh.dump_all(hands, tmp_path / "many.phhs")
    assert phh.load_all(tmp_path / "many.phhs") == hands
    with open(tmp_path / "many.phhs", "rb") as f:
        assert phh.load_all(f) == hands


# -- exact money ----------------------------------------------------------------------


def amounts_of(h: HandHistory) -> Iterator[object]:
    for name in MONEY_FIELDS:
        value = getattr(h, name)
        if isinstance(value, tuple):
            yield from (v for v in value if v is not None)
        elif value is not None:
            yield value
    for action in h.actions:
        if action.amount is not None:
            yield action.amount


def test_amounts_are_ints_everywhere(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:
    seen = 0
    for h in all_hands(wsop, handhq):
        assert type(h.scale) is int and h.scale in (1, 10, 100)
        for amount in amounts_of(h):
            assert type(amount) is int, (h.hand, amount)
            seen += 1
        for action in h.actions:
            assert all(c is None or type(c) is int for c in action.cards)
    assert seen > 60_000


def test_handhq_cents_give_scale_100(handhq: dict[str, list[HandHistory]]) -> None:
    hands = handhq["ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"]
    # Hand [3]: blinds [0.50, 1, 0, ...], stacks such as 58.15 and 94.75.
    h = hands[2]
    assert h.scale == 100
    assert h.blinds_or_straddles == (50, 100, 0, 0, 0, 0, 0, 0, 0)
    assert h.min_bet == 100
    assert h.starting_stacks == (2870, 20090, 6900, 3690, 7430, 26400, 5815, 10000, 9475)
    assert [a.amount for a in h.actions if a.kind == "cbr"] == [200, 600, 1700]
    assert h.winnings == (0, 0, 0, 0, 1565, 0, 0, 0, 0)
    assert h.to_decimal(h.blinds_or_straddles[0]) == Decimal("0.5")
    # Hand [1] has only tenths (0.50, 200.30, 81.60, 3.00): the smallest scale is 10.
    first = hands[0]
    assert first.scale == 10
    assert first.blinds_or_straddles == (5, 10, 0)
    assert first.starting_stacks == (2003, 816, 1970)
    assert first.actions[4] == Action("cbr", actor=0, amount=30)
    assert Counter(h.scale for h in hands) == {100: 939, 10: 60}


def test_scale_is_the_smallest_power_of_ten() -> None:
    def hand(stacks: str, blinds: str = "0.50, 1") -> HandHistory:
        return phh.loads(
            "variant = 'NT'\nantes = [0, 0]\n"
            f"blinds_or_straddles = [{blinds}]\nmin_bet = 1\n"
            f"starting_stacks = [{stacks}]\nactions = []\n"
        )

    assert hand("100, 100").scale == 10
    assert hand("100, 100").blinds_or_straddles == (5, 10)
    assert hand("100.25, 100").scale == 100
    assert hand("100, 100", "1, 2").scale == 1
    assert hand("100.0, 1e2", "1.0, 2.00").scale == 1  # trailing zeros do not count
    assert hand("0.001, 1").starting_stacks == (1, 1000)
    exact = hand("0.1, 0.2", "0.1, 0.2")  # never through binary floats
    assert exact.starting_stacks == (1, 2)
    assert exact.to_decimal(sum(exact.starting_stacks)) == Decimal("0.3")


def test_amounts_agree_with_tomllib_decimals(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:

    def check(h: HandHistory, raw: dict[str, object]) -> None:
        for name in MONEY_FIELDS:
            value = raw.get(name)
            if value is None:
                assert getattr(h, name) is None
                continue
            ours = getattr(h, name)
            pairs = zip(value, ours, strict=True) if isinstance(value, list) else [(value, ours)]
            for theirs, units in pairs:
                if theirs == float("inf"):
                    assert units is None
                else:
                    assert Decimal(repr(theirs)) == h.to_decimal(units)
        amounts = [a.split()[2] for a in raw["actions"] if " cbr " in a]  # type: ignore[attr-defined]
        assert [h.to_decimal(u) for u in (a.amount for a in h.actions) if u is not None] == [
            Decimal(x) for x in amounts
        ]

    for path in WSOP_FILES:
        check(wsop[path.name], tomllib.loads(path.read_text()))
    for path in HANDHQ_FILES:
        raw = tomllib.loads(path.read_text())
        for key, h in zip(raw, handhq[path.name], strict=True):
            check(h, raw[key])


# -- the quirks of SOURCE.md ----------------------------------------------------------


def test_ipn_inf_stacks_are_none_and_written_as_inf(handhq: dict[str, list[HandHistory]]) -> None:
    ipn = handhq["IPN-100NLH-ipn_NLH_handhq_2081-OBFUSCATED.phhs"]
    assert all(s is None for h in ipn for s in h.starting_stacks)
    assert all(h.winnings is not None and set(h.winnings) == {0} for h in ipn)
    text = phh.dumps(ipn[0])
    assert "starting_stacks = [inf, inf, " in text
    assert phh.loads(text).starting_stacks == ipn[0].starting_stacks
    others = [h for name, hands in handhq.items() if "IPN" not in name for h in hands]
    assert all(s is not None for h in others for s in h.starting_stacks)


def test_negative_dead_blinds_are_kept(handhq: dict[str, list[HandHistory]]) -> None:
    dead = {
        name[:3]: [h for h in hands if any(b < 0 for b in h.blinds_or_straddles or ())]
        for name, hands in handhq.items()
    }
    assert len(dead["IPN"]) == 26
    assert len(dead["PS-"]) == 8
    assert len(dead["ABS"]) == 0
    h = dead["PS-"][0]
    negative = [b for b in h.blinds_or_straddles or () if b < 0]
    assert negative and all(type(b) is int for b in negative)
    again = phh.loads(phh.dumps(h))
    assert again.blinds_or_straddles == h.blinds_or_straddles
    assert re.search(r"blinds_or_straddles = \[.*-\d", phh.dumps(h))


def test_multi_line_literal_table_name(handhq: dict[str, list[HandHistory]]) -> None:
    path = DATA / "handhq" / "ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"
    assert path.read_text().count("table = '''AMY'S AVE'''") == 121
    amy = [h for h in handhq[path.name] if h.table == "AMY'S AVE"]
    assert len(amy) == 121
    text = phh.dumps(amy[0])
    assert 'table = "AMY\'S AVE"\n' in text
    assert phh.loads(text).table == "AMY'S AVE"


def test_missing_keys_are_none(handhq: dict[str, list[HandHistory]]) -> None:
    ps = handhq["PS-200NLH-ps_NLH_handhq_1198-OBFUSCATED.phhs"]
    no_table = [h for h in ps if h.table is None]
    assert len(no_table) == 5
    assert all(h.seat_count is None and h.player_count == 2 for h in no_table)
    assert sum(h.winnings is None for h in ps) == 92
    for name, hands in handhq.items():
        if name.startswith("ABS"):
            assert all(h.seat_count is None for h in hands)
            assert all(h.venue == "Absolute Poker" for h in hands)
    assert "seat_count" not in phh.dumps(no_table[0])
    assert "table" not in phh.dumps(no_table[0])


def test_abs_100nl_antes_big_blind_only_and_reversed_heads_up(
    handhq: dict[str, list[HandHistory]],
) -> None:
    hands = handhq["ABS-100NLH-abs_NLH_handhq_1-OBFUSCATED.phhs"]
    with_antes = [h for h in hands if any(h.antes)]
    assert len(with_antes) == 170
    assert {h.to_decimal(h.antes[0]) for h in with_antes} == {Decimal("0.25"), Decimal("0.15")}
    blinds = [h.blinds_or_straddles or () for h in hands]
    big_blind_only = [b for b in blinds if b[1] == 0]
    assert len(big_blind_only) == 14
    reversed_heads_up = [
        h for h, b in zip(hands, blinds, strict=True) if len(b) == 2 and b[0] > b[1]
    ]
    assert len(reversed_heads_up) == 2
    assert all(h.actions[2].actor == 0 for h in reversed_heads_up)  # p1 acts first


def test_other_fields_are_typed(
    wsop: dict[str, HandHistory], handhq: dict[str, list[HandHistory]]
) -> None:
    h = handhq["PS-200NLH-ps_NLH_handhq_1198-OBFUSCATED.phhs"][0]
    assert h.time == dt.time(16, 46, 48)
    assert (h.day, h.month, h.year, h.hand) == (20, 7, 2009, 61364181926)
    assert h.seats == tuple(range(1, 10)) and h.seat_count == 9
    assert h.players is not None and len(h.players) == 9
    assert (h.currency_symbol, h.time_zone_abbreviation, h.venue) == ("$", "ET", "PokerStars")
    assert h.extra == {}
    assert all(not h.extra for h in all_hands(wsop, handhq))


# -- actions --------------------------------------------------------------------------


def test_actions_of_a_stud_hand(wsop: dict[str, HandHistory]) -> None:
    h = wsop["wsop-2023-43-5-11_00_35_59.phh"]
    first = h.actions[0]
    assert (first.kind, first.actor, first.target) == ("dh", None, 0)
    assert first.cards == (card_code("Qh"), card_code("Tc"), card_code("Th"))
    assert h.actions[5] == Action("pb", actor=1)
    assert h.actions[6] == Action("cbr", actor=2, amount=200000)
    assert h.actions[-2].cards == tuple(map(card_code, ["Qh", "Tc", "Th", "6c", "Kc", "Ah", "6d"]))
    assert h.actions[-1] == Action("sm", actor=1)  # a muck
    kinds = Counter(a.kind for h in wsop.values() for a in h.actions)
    assert kinds["sd"] == 28 and kinds["pb"] == 36


def test_unknown_cards_are_none(handhq: dict[str, list[HandHistory]]) -> None:
    h = handhq["IPN-100NLH-ipn_NLH_handhq_2081-OBFUSCATED.phhs"][0]
    assert h.actions[0] == Action("dh", target=0, cards=(-1, -1))
    assert h.actions[0].to_text() == "d dh p1 ????"
    shown_unknown = [
        a for hands in handhq.values() for h in hands for a in h.actions if a.kind == "sm"
    ]
    assert any(a.cards == (-1, -1) for a in shown_unknown)
    assert any(a.cards and None not in a.cards for a in shown_unknown)


@pytest.mark.parametrize(
    ("text", "expected", "canonical"),
    [
        ("d dh p1 AsKd", Action("dh", target=0, cards=(51, 45)), None),
        ("d dh p10 ????", Action("dh", target=9, cards=(-1, -1)), None),
        ("d db 2c3d4h", Action("db", cards=(0, 5, 10)), None),
        ("p2 pb", Action("pb", actor=1), None),
        ("p1 cbr 2.50", Action("cbr", actor=0, amount=250), "p1 cbr 2.5"),
        ("p3 cc", Action("cc", actor=2), None),
        ("p3 f", Action("f", actor=2), None),
        ("p2 sd", Action("sd", actor=1), None),
        ("p2 sd 7s2c", Action("sd", actor=1, cards=(23, 0)), None),
        ("p1 sm", Action("sm", actor=0), None),
        ("p1 sm ??Ad", Action("sm", actor=0, cards=(-1, 49)), None),
        ("p1 sm -", Action("sm", actor=0, shows_dealt=True), None),
        ("p1 f # tanked", Action("f", actor=0, comment="tanked"), None),
        ("  p1   f  #   tanked  ", Action("f", actor=0, comment="tanked"), "p1 f # tanked"),
        ("p1 cc #", Action("cc", actor=0, comment=""), None),
        ("p1 cc # a # b", Action("cc", actor=0, comment="a # b"), None),
        ("# Burn card 6s is exposed", Action("noop", comment="Burn card 6s is exposed"), None),
        ("", Action("noop"), None),
        ("   ", Action("noop"), ""),
    ],
)
def test_action_notation(text: str, expected: Action, canonical: str | None) -> None:
    action = Action.from_text(text, scale=100)
    assert action == expected
    assert action.to_text(scale=100) == (text if canonical is None else canonical)
    assert Action.from_text(action.to_text(100), scale=100) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p1", "expected an actor and an action"),
        ("x1 f", "expected a player like 'p1'"),
        ("p0 f", "expected a player like 'p1'"),
        ("p01 f", "expected a player like 'p1'"),
        ("d xx AsKd", "unknown dealer action 'xx'"),
        ("d dh AsKd", "'d dh' takes a player and cards"),
        ("d dh p1", "'d dh' takes a player and cards"),
        ("d db", "'d db' takes cards"),
        ("d db AsK", "odd number of characters"),
        ("d db AsKx", "bad card 'Kx'"),
        ("d db as", "bad card 'as'"),
        ("d db A?", "bad card 'A?'"),
        ("d db 10s", "odd number of characters"),
        ("p1 check", "unknown player action 'check'"),
        ("p1 f now", "'f' takes no argument"),
        ("p1 cbr", "'cbr' takes one amount"),
        ("p1 cbr 1 2", "'cbr' takes one amount"),
        ("p1 cbr x", "bad amount 'x'"),
        ("p1 cbr -5", "bad amount '-5'"),
        ("p1 cbr inf", "bad amount 'inf'"),
        ("p1 cbr nan", "bad amount 'nan'"),
        ("p1 cbr 1e3", "bad amount '1e3'"),
        ("p1 cbr 0", "must be positive"),
        ("p1 cbr 0.001", "not a whole number of 1/100 units"),
        ("p1 sm AsKd QsJs", "at most one argument"),
        ("p1 sd -", "bad cards '-'"),
    ],
)
def test_malformed_action(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=re.escape(message)) as info:
        Action.from_text(text, scale=100)
    assert str(info.value).startswith(f"bad action {text!r}: ")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kind": "raise", "actor": 0}, "unknown action kind"),
        ({"kind": "f"}, "needs a player index"),
        ({"kind": "f", "actor": True}, "needs a player index"),
        ({"kind": "db", "actor": 0, "cards": (1,)}, "has no actor"),
        ({"kind": "dh", "cards": (1,)}, "needs a player index >= 0 as target"),
        ({"kind": "dh", "target": 0}, "needs cards"),
        ({"kind": "dh", "target": 0, "cards": [1]}, "cards must be a tuple"),
        ({"kind": "dh", "target": 0, "cards": (52,)}, "bad card code 52"),
        ({"kind": "cc", "actor": 0, "cards": (1,)}, "has no cards"),
        ({"kind": "cbr", "actor": 0, "amount": 0}, "positive int amount"),
        ({"kind": "cbr", "actor": 0, "amount": 1.5}, "positive int amount"),
        ({"kind": "cc", "actor": 0, "amount": 5}, "has no amount"),
        ({"kind": "sd", "actor": 0, "shows_dealt": True}, "only for an 'sm' action"),
        ({"kind": "f", "actor": 0, "comment": " x"}, "without leading or trailing blanks"),
    ],
)
def test_invalid_action_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PHHError, match=re.escape(message)):
        Action(**kwargs)  # type: ignore[arg-type]


# -- errors in files ------------------------------------------------------------------

BASE = (
    "variant = 'NT'\n"
    "antes = [0, 0, 0]\n"
    "blinds_or_straddles = [0.5, 1, 0]\n"
    "min_bet = 1\n"
    "starting_stacks = [100, 50.25, 80]\n"
    "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 3', 'p1 f', 'p2 f']\n"
    "finishing_stacks = [99.5, 49.25, 81.5]\n"
)


def test_base_example_is_valid() -> None:
    h = phh.loads(BASE)
    assert h.scale == 100
    assert h.finishing_stacks == (9950, 4925, 8150)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("'NT'", "'XY'", "line 1: field 'variant': unknown variant code 'XY'"),
        ("'NT'", "1", "line 1: field 'variant' must be a str, got 1"),
        ("antes = [0, 0, 0]", "antes = [0, 0]", "line 2: field 'antes' has 2 entries, expected 3"),
        ("antes = [0, 0, 0]", "antes = 0", "line 2: field 'antes': expected an array"),
        ("antes = [0, 0, 0]", "antes = [0, '0', 0]", "field 'antes'[1]: expected a number"),
        ("antes = [0, 0, 0]", "antes = [0, -1, 0]", "field 'antes'[1] must be a non-negative"),
        ("antes = [0, 0, 0]\n", "", "missing required field 'antes'"),
        ("min_bet = 1\n", "", "missing required field 'min_bet' (variant NT)"),
        (
            "min_bet = 1",
            "min_bet = 1\nsmall_bet = 1",
            "field 'small_bet' is not used by variant NT",
        ),
        ("min_bet = 1", "min_bet = 1\nbring_in = 1", "field 'bring_in' is not used by variant NT"),
        ("min_bet = 1", "min_bet = nan", "line 4: field 'min_bet': NaN is not an amount"),
        ("min_bet = 1", "min_bet = inf", "only allowed in starting_stacks"),
        ("min_bet = 1", "min_bet = 0", "field 'min_bet' must be a positive int"),
        ("min_bet = 1", "min_bet = true", "field 'min_bet': expected a number, got a boolean"),
        ("min_bet = 1", "min_bet = 1e-19", "more than 18 decimal places"),
        ("min_bet = 1", "min_bet = 1e40", "too large"),
        ("[100, 50.25, 80]", "[100, -50.25, 80]", "field 'starting_stacks'[1] must be a positive"),
        ("[100, 50.25, 80]", "[100, 0, 80]", "field 'starting_stacks'[1] must be a positive"),
        ("[100, 50.25, 80]", "[100, -inf, 80]", "only allowed in starting_stacks"),
        ("[100, 50.25, 80]", "[100, nan, 80]", "NaN is not an amount"),
        ("[100, 50.25, 80]", "[100]", "a hand needs at least 2 players"),
        ("'p3 cbr 3'", "'p3 cbr three'", "line 6: actions[3] 'p3 cbr three': bad amount"),
        ("'p1 f'", "'p4 f'", "line 6: actions[4] 'p4 f': player p4 does not exist (3 players)"),
        ("'d dh p1 ????'", "'d dh p1 ?s??'", "line 6: actions[0] 'd dh p1 ?s??': bad card '?s'"),
        ("'d dh p1 ????'", "5", "line 6: actions[0]: expected a string, got the number 5"),
        ("[99.5, 49.25, 81.5]", "[99.5, 49.25]", "field 'finishing_stacks' has 2 entries"),
        ("[99.5, 49.25, 81.5]", "[99.5, -49.25, 81.5]", "field 'finishing_stacks'[1] must be"),
        ("min_bet = 1", "min_bet = 1\nday = 32", "field 'day' must be an int in 1..31"),
        (
            "min_bet = 1",
            "min_bet = 1\nday = 1.5",
            "line 5: field 'day' must be an int in 1..31, got 1.5",
        ),
        (
            "min_bet = 1",
            "min_bet = 1\ntime = 1979-05-27",
            "line 5: field 'time' must be a datetime.time without time zone, got datetime.date(",
        ),
        (
            "min_bet = 1",
            "min_bet = 1\ntime = 25:00:00",
            "line 5, column 10: field 'time': expected",
        ),
        (
            "min_bet = 1",
            "min_bet = 1\nplayers = ['a', 2, 'c']",
            "line 5: field 'players'[1] must be a str, got 2",
        ),
        ("min_bet = 1", "min_bet = 1\nseats = [1, 2]", "field 'seats' has 2 entries"),
        (
            "min_bet = 1",
            "min_bet = 1\nante_trimming_status = 0",
            "'ante_trimming_status' must be a bool",
        ),
        (
            "min_bet = 1",
            "min_bet = 1\ntime_limit = -5",
            "line 5: field 'time_limit' must be a Decimal",
        ),
        ("min_bet = 1", "min_bet = 1\n_x = nan", "field '_x': NaN is not supported"),
        (
            "min_bet = 1",
            "min_bet = 1\nmin_bet = 2",
            "line 5, column 12: field 'min_bet': cannot overwrite a value",
        ),
        ("min_bet = 1", "min_bet = 1\n[1]", "line 5: field '1': a table is not a field value"),
        ("min_bet = 1", "min_bet = 1 1", "line 4, column 13: field 'min_bet': expected newline"),
        (
            "min_bet = 1",
            "min_bet = {a = 1}",
            "line 4: field 'min_bet': expected a number, got a table",
        ),
        ("min_bet = 1", "min.bet = 1", "line 4: field 'min': a table is not a field value"),
        ("min_bet = 1", "min_bet = 0x", "line 4, column 12: field 'min_bet': expected newline"),
        ("min_bet = 1", "min_bet = 01", "line 4, column 12: field 'min_bet': expected newline"),
        ("'NT'", "'NT", "line 1, column 14: field 'variant': found invalid character '\\n'"),
        ("'NT'", '"N\\qT"', "line 1, column 15: field 'variant': unescaped '\\' in a string"),
    ],
)
def test_malformed_file(old: str, new: str, message: str) -> None:
    assert old in BASE
    with pytest.raises(PHHError, match=re.escape(message)):
        phh.loads(BASE.replace(old, new, 1))


def test_malformed_multi_hand_file() -> None:
    good = f"[1]\n{BASE}\n[2]\n{BASE}"
    assert len(phh.loads_all(good)) == 2
    bad = f"[1]\n{BASE}\n[2]\n{BASE.replace('p1 f', 'p1 fold')}"
    with pytest.raises(PHHError, match=r"^hand \[2\], line 16: actions\[4\] 'p1 fold'"):
        phh.loads_all(bad)
    with pytest.raises(PHHError, match=r"^line 1: key 'variant' is not the \[N\] table of a hand"):
        phh.loads_all(BASE)
    # A repeated table name is a second hand (docs/rules.md §7.1), as iter_load reads it.
    assert phh.loads_all(f"[1]\n{BASE}\n[1]\n{BASE}") == phh.loads_all(good)
    with pytest.raises(PHHError, match=r"^line 1: key '1' is not the \[N\] table of a hand"):
        phh.loads_all(f"[[1]]\n{BASE}")
    assert phh.loads_all("# nothing here\n") == []


def test_truncated_files_raise_value_error() -> None:
    text = WSOP_FILES[0].read_text()
    for cut in (1, 10, 50, 100, len(text) // 2, len(text) - 2):
        with pytest.raises(PHHError):
            phh.loads(text[:cut])


def test_bad_input_types_and_encodings() -> None:
    with pytest.raises(PHHError, match="expected PHH text as a str"):
        phh.loads(b"variant = 'NT'")  # type: ignore[arg-type]
    with pytest.raises(PHHError, match="not UTF-8"):
        phh.load(io.BytesIO(b"variant = '\xff'\n"))
    with pytest.raises(PHHError, match="expected a HandHistory"):
        phh.dumps("variant = 'NT'")  # type: ignore[arg-type]
    assert phh.loads("\ufeff" + BASE) == phh.loads(BASE)  # a UTF-8 byte order mark
    assert phh.loads(BASE.replace("\n", "\r\n")) == phh.loads(BASE)


def mutations(text: str, rng: random.Random, count: int) -> Iterator[str]:
    alphabet = "0123456789.-+_ '\"[]=#\n\r\tpdcbrfhsmAKQJT?xinfae,:\\{}\x00é"
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.5:
                chars[i] = rng.choice(alphabet)
            elif op < 0.75:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        yield "".join(chars)


def test_fuzz_truncations_and_mutations_raise_only_value_error() -> None:
    rng = random.Random(20240611)
    texts = [path.read_text() for path in WSOP_FILES]
    multi = (DATA / "handhq" / "PS-200NLH-ps_NLH_handhq_1198-OBFUSCATED.phhs").read_text()
    texts += [block.split("\n", 1)[1] for block in multi.split("\n\n")[:40]]
    outcomes: Counter[str] = Counter()
    for text in texts:
        cuts = sorted({rng.randrange(len(text)) for _ in range(40)} | {0, len(text) - 1})
        candidates = [text[:cut] for cut in cuts] + list(mutations(text, rng, 40))
        for candidate in candidates:
            try:
                h = phh.loads(candidate)
            except ValueError as exc:
                assert str(exc)
                outcomes["error"] += 1
            else:
                assert isinstance(h, HandHistory)
                assert phh.loads(phh.dumps(h)) == h
                outcomes["valid"] += 1
    assert outcomes["error"] > 5000
    assert outcomes["valid"] > 500


# -- the HandHistory value ------------------------------------------------------------


def small_hand(**changes: object) -> HandHistory:
    fields: dict[str, object] = {
        "variant": "NT",
        "antes": (0, 0),
        "blinds_or_straddles": (1, 2),
        "min_bet": 2,
        "starting_stacks": (200, None),
        "actions": (Action("dh", target=0, cards=(-1, -1)), Action("f", actor=1)),
    }
    fields.update(changes)
    return HandHistory(**fields)  # type: ignore[arg-type]


def test_constructed_hand_round_trips_and_is_hashable() -> None:
    h = small_hand(
        players=("Alice", "Bob"),
        time=dt.time(9, 5, 0, 250000),
        time_limit=Decimal("30"),
        time_banks=(Decimal("60.5"), Decimal("Infinity")),
        hand="A-17",
        table=3,
        extra={"_sponsors": ("", "GGPoker"), "_rate": Decimal("0.10"), "future_field": True},
    )
    assert isinstance(h.extra, FrozenMapping)
    text = phh.dumps(h)
    assert "time = 09:05:00.250000\n" in text
    assert "time_banks = [60.5, inf]\n" in text
    assert text.endswith("_sponsors = ['', 'GGPoker']\n_rate = 0.10\nfuture_field = true\n")
    assert phh.loads(text) == h
    assert len({h, phh.loads(text)}) == 1


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"antes": [0, 0]}, "field 'antes' must be a tuple"),
        ({"antes": (0, True)}, "field 'antes'[1] must be a non-negative int"),
        ({"min_bet": 2.0}, "field 'min_bet' must be a positive int"),
        ({"starting_stacks": (200, 0)}, "field 'starting_stacks'[1] must be a positive"),
        ({"variant": "NLHE"}, "unknown variant code 'NLHE'"),
        ({"variant": "FT"}, "missing required field 'small_bet' (variant FT)"),
        ({"scale": 3}, "scale must be a power of ten"),
        ({"scale": 10**19}, "scale must be a power of ten"),
        ({"time": dt.time(1, 2, tzinfo=dt.timezone.utc)}, "without time zone"),
        ({"actions": (Action("f", actor=2),)}, "actions[0] 'p3 f': player p3 does not exist"),
        ({"actions": ("p1 f",)}, "field 'actions'[0] must be an Action, got 'p1 f'"),
        ({"extra": {"antes": 1}}, "extra field 'antes' is a PHH field"),
        ({"extra": {"_x": [1]}}, "cannot hold a list"),
        ({"extra": {"_x": Decimal("NaN")}}, "NaN is not supported"),
        ({"extra": {"_x": 2**63}}, "does not fit in 64 bits"),
        ({"extra": 5}, "extra must be a mapping"),
        ({"extra": {"_t": dt.time(1, tzinfo=dt.timezone.utc)}}, "whole-minute offsets"),
        (
            {"extra": {"_t": dt.datetime(2024, 1, 1, tzinfo=dt.timezone(dt.timedelta(seconds=1)))}},
            "whole-minute offsets",
        ),
    ],
)
def test_invalid_hand_values(changes: dict[str, object], message: str) -> None:
    with pytest.raises(PHHError, match=re.escape(message)):
        small_hand(**changes)


def test_short_deck_rejects_low_cards() -> None:
    assert small_hand(variant="NS", actions=(Action("db", cards=(card_code("6c"),)),))
    with pytest.raises(PHHError, match="Short-deck Hold'em has no cards below six"):
        small_hand(variant="NS", actions=(Action("db", cards=(card_code("5s"),)),))


def test_short_deck_accepts_unknown_cards() -> None:
    unknown = Action("dh", target=0, cards=(-1, -1))  # "d dh p1 ????": not a card below six
    hand = small_hand(variant="NS", actions=(unknown, Action("f", actor=1)))
    assert hand.actions[0].cards == (-1, -1)


def test_with_scale_and_normalized() -> None:
    h = phh.loads(BASE)
    cents = h.with_scale(1000)
    assert cents.starting_stacks == (100000, 50250, 80000)
    assert cents.actions[3].amount == 3000
    assert cents != h and cents.normalized() == h
    assert phh.dumps(cents) == phh.dumps(h)
    with pytest.raises(PHHError, match="not a whole number at scale 10"):
        h.with_scale(10)
    thousandths = small_hand(
        scale=1000, blinds_or_straddles=(1000, 2000), min_bet=2000, starting_stacks=(5000, None)
    )
    assert thousandths.normalized() == small_hand(starting_stacks=(5, None))
    odd = small_hand(scale=1000, min_bet=2000, starting_stacks=(5000, None))
    assert odd.normalized() == odd  # blinds of 0.001 and 0.002: nothing to drop


def test_extra_fields_keep_types_and_order() -> None:
    text = BASE + (
        "_z = 1\n"
        "_nationalities = [\n  'Peru', 'Italy', # trailing comment\n  'Japan',\n]\n"
        "_when = 2024-06-11T10:00:00Z\n"
        "'quoted key' = \"\\u00e9\\n\"\n"
        "_nested = [[1, 2.5], []]\n"
        "_ml = '''\nline one\nline two'''\n"
    )
    h = phh.loads(text)
    assert list(h.extra) == ["_z", "_nationalities", "_when", "quoted key", "_nested", "_ml"]
    assert h.extra["_nationalities"] == ("Peru", "Italy", "Japan")
    assert h.extra["_when"] == dt.datetime(2024, 6, 11, 10, tzinfo=dt.timezone.utc)
    assert h.extra["quoted key"] == "é\n"
    assert h.extra["_nested"] == ((1, Decimal("2.5")), ())
    assert type(h.extra["_nested"][0][0]) is int
    assert h.extra["_ml"] == "line one\nline two"
    out = phh.dumps(h)
    assert "'quoted key' = \"é\\n\"" in out
    assert phh.loads(out) == h
    assert phh.dumps(phh.loads(out)) == out


# -- the TOML writer ------------------------------------------------------------------


def test_toml_writer_strings() -> None:
    for text in ["", "plain", "AMY'S AVE", 'say "hi"', "back\\slash", "tab\there", "a\nb\x00é'"]:
        written = _toml.string(text)
        assert tomllib.loads(f"a = {written}\n")["a"] == text


# -- documentation (the examples themselves run in tests/test_doctests.py) ------------


def test_public_api_is_documented() -> None:
    finder = doctest.DocTestFinder()
    parts = [
        importlib.import_module(f"croupier.phh.{m.name}")
        for m in pkgutil.iter_modules(phh.__path__)
    ]
    tests = [t for module in (phh, *parts, actions) for t in finder.find(module)]
    with_examples = {t.name.rsplit(".", 1)[-1] for t in tests if t.examples}
    public = {"loads", "load", "dumps", "dump", "loads_all", "load_all", "dumps_all", "dump_all"}
    public |= {"HandHistory", "Action", "from_text", "to_text", "with_scale", "normalized"}
    assert public <= with_examples, sorted(public - with_examples)
    for name in phh.__all__:
        obj = getattr(phh, name)
        if inspect.isclass(obj) or inspect.isfunction(obj):
            assert obj.__doc__ and obj.__doc__ != type(obj).__doc__, name
