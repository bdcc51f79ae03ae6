"""Hold'em ranges in PokerStove / Equilab text: croupier.ranges.parse_range and Range.

Card codes are ``4 * rank + suit`` (rank 0 = deuce ... 12 = ace; suits c d h s),
so the aces are 48..51 and ``AhKh`` is (50, 46).  Expected combos below are
worked out by hand from that rule, not from the parser.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import parse_cards
from croupier.ranges import Range, parse_range

ALL_COMBOS = [(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1)]


def combos(text: str) -> set[tuple[int, int]]:
    return {combo for combo, _ in parse_range(text)}


def weights(text: str) -> dict[tuple[int, int], float]:
    return dict(parse_range(text).combos)


def error_of(text: str) -> str:
    with pytest.raises(ValueError) as info:
        parse_range(text)
    return str(info.value)


# ---------------------------------------------------------------- counts


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("TT+", 30),
        ("22-55", 24),
        ("KTs+", 12),
        ("KTo+", 36),
        ("KT+", 48),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("AhKh", 1),
        ("22+", 78),
        ("A2s+", 48),
        ("A2o+", 144),
    ],
)
def test_each_token_kind_has_the_standard_number_of_combos(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_every_hand_class_listed_gives_all_1326_starting_hands() -> None:
    text = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
    r = parse_range(text)
    assert len(r) == 1326
    assert [combo for combo, _ in r] == ALL_COMBOS
    assert r.weighted_count() == 1326.0


def test_all_169_classes_written_one_by_one_give_all_1326_starting_hands() -> None:
    ranks = "AKQJT98765432"
    tokens = [a + a for a in ranks]
    for a, b in itertools.combinations(ranks, 2):
        tokens += [a + b + "s", a + b + "o"]
    assert len(tokens) == 169
    assert len(parse_range(", ".join(tokens))) == 1326


def test_random_is_every_two_cards_and_reads_back_from_its_text() -> None:
    for text in ("random", "Random", "any", " random , AA"):
        r = parse_range(text)
        assert [combo for combo, _ in r] == ALL_COMBOS
        assert parse_range(str(r)) == r
    half = parse_range("50%(random), AA")
    assert half.weighted_count() == 6 + 0.5 * 1320


# ---------------------------------------------------------------- exact combos


def test_a_pair_is_the_six_ways_to_take_two_of_its_four_cards() -> None:
    # Ac Ad Ah As = 48 49 50 51
    assert combos("AA") == {(51, 50), (51, 49), (51, 48), (50, 49), (50, 48), (49, 48)}


def test_suited_means_one_combo_per_suit() -> None:
    # Kc..Ks = 44..47
    assert combos("AKs") == {(48, 44), (49, 45), (50, 46), (51, 47)}


def test_offsuit_means_every_suit_pair_that_differs() -> None:
    expected = {(48 + s, 44 + t) for s in range(4) for t in range(4) if s != t}
    assert len(expected) == 12
    assert combos("AKo") == expected


def test_no_suffix_means_suited_and_offsuit() -> None:
    assert combos("AK") == combos("AKs") | combos("AKo")
    assert not combos("AKs") & combos("AKo")


def test_a_specific_combo_is_stored_higher_code_first() -> None:
    assert parse_range("AhKh").combos == (((50, 46), 1.0),)
    assert parse_range("KhAh").combos == (((50, 46), 1.0),)
    assert parse_range("2c3d").combos == (((5, 0), 1.0),)
    assert parse_range("AsKd").combos == (((51, 45), 1.0),)


def test_pair_plus_runs_up_to_aces() -> None:
    assert combos("TT+") == combos("TT, JJ, QQ, KK, AA")
    assert combos("AA+") == combos("AA")


def test_pair_span_covers_both_ends_in_either_order() -> None:
    assert combos("22-55") == combos("22, 33, 44, 55")
    assert combos("55-22") == combos("22-55")
    assert combos("77-77") == combos("77")


def test_plus_raises_the_second_card_to_one_below_the_first() -> None:
    assert combos("KTs+") == combos("KTs, KJs, KQs")
    assert combos("KTo+") == combos("KTo, KJo, KQo")
    assert combos("KT+") == combos("KT, KJ, KQ")
    assert combos("T9s+") == combos("T9s")  # not a connector ladder
    assert combos("32+") == combos("32")


def test_span_with_the_same_top_card_covers_both_ends_in_either_order() -> None:
    assert combos("A5s-A2s") == combos("A5s, A4s, A3s, A2s")
    assert combos("A2s-A5s") == combos("A5s-A2s")
    assert combos("K9o-KJo") == combos("KJo, KTo, K9o")
    assert combos("Q8-QT") == combos("QT, Q9, Q8")


def test_ranks_may_be_lower_case_or_10_and_in_either_order() -> None:
    assert combos("aks") == combos("AKs")
    assert combos("tt+") == combos("TT+")
    assert combos("KAs") == combos("AKs")
    assert combos("TKs+") == combos("KTs+")
    assert combos("A10s") == combos("ATs")
    assert combos("10s9s") == {(35, 31)}  # Ts = 4*8+3, 9s = 4*7+3
    assert combos("ahkh") == {(50, 46)}


def test_spaces_around_tokens_and_commas_are_ignored() -> None:
    assert parse_range("  AA ,KK,  50 % ( QQ ,JJ ) ") == parse_range("AA, KK, 50%(QQ, JJ)")


# ---------------------------------------------------------------- weights


def test_unweighted_combos_weigh_one() -> None:
    assert set(weights("AA, AKs").values()) == {1.0}


def test_percent_weight_applies_to_every_combo_inside() -> None:
    w = weights("50%(AQs, KQs)")
    assert set(w) == combos("AQs, KQs")
    assert set(w.values()) == {0.5}


def test_colon_weight_is_a_fraction_for_one_token() -> None:
    assert parse_range("AQs:0.5") == parse_range("50%(AQs)")
    assert parse_range("AQs : .25, KK:1") == parse_range("25%(AQs), KK")


def test_weights_mix_with_full_weight_tokens() -> None:
    w = weights("AA, 25%(KK), QQ:0.75")
    assert {w[c] for c in combos("AA")} == {1.0}
    assert {w[c] for c in combos("KK")} == {0.25}
    assert {w[c] for c in combos("QQ")} == {0.75}
    assert parse_range("AA, 25%(KK), QQ:0.75").weighted_count() == 6 + 1.5 + 4.5


def test_weight_bounds_100_percent_and_fraction_one_are_allowed() -> None:
    assert parse_range("100%(AA)") == parse_range("AA")
    assert parse_range("AA:1") == parse_range("AA")
    assert parse_range("0.5%(AA)").weighted_count() == pytest.approx(0.03)


# ---------------------------------------------------------------- duplicates


def test_a_combo_listed_twice_is_counted_once() -> None:
    assert len(parse_range("AA, AA")) == 6
    assert len(parse_range("AhAs, AA")) == 6
    assert len(parse_range("TT+, QQ-KK, AK, AKs")) == 30 + 16


def test_a_combo_listed_twice_keeps_the_larger_weight() -> None:
    assert parse_range("AA, 50%(AA)") == parse_range("AA")
    assert parse_range("50%(AA), AA") == parse_range("AA")
    w = weights("50%(AKs), 25%(AK)")
    assert {w[c] for c in combos("AKs")} == {0.5}
    assert {w[c] for c in combos("AKo")} == {0.25}
    assert weights("30%(AsKs), 20%(AKs)")[(51, 47)] == 0.3


# ---------------------------------------------------------------- Range


def test_combos_are_in_descending_order_without_repeats() -> None:
    cs = [combo for combo, _ in parse_range("22-55, A2s+, KhQd, 50%(JJ+)")]
    assert cs == sorted(set(cs), reverse=True)


def test_iterating_yields_combo_weight_entries_and_len_counts_combos() -> None:
    r = parse_range("AhKh, 50%(AsKs)")
    assert list(r) == [((51, 47), 0.5), ((50, 46), 1.0)]
    assert len(r) == 2
    assert r.weighted_count() == 1.5


def test_without_drops_every_combo_using_a_dead_card() -> None:
    r = parse_range("AA, AKs, 50%(KK)")
    alive = r.without(parse_cards("As Kh"))
    assert len(alive) == 3 + 2 + 3
    assert all(51 not in c and 46 not in c for c, _ in alive)
    assert alive.weighted_count() == 3 + 2 + 1.5
    assert dict(alive.combos).items() <= dict(r.combos).items()


def test_without_nothing_dead_is_the_same_range() -> None:
    r = parse_range("QQ+, AK")
    assert r.without([]) == r
    assert r.without(parse_cards("2c 7d")) == r


def test_without_every_card_is_empty() -> None:
    r = parse_range("AA").without(range(52))
    assert len(r) == 0
    assert str(r) == ""


def test_equal_ranges_compare_and_hash_equal() -> None:
    assert parse_range("AKs, AKo") == parse_range("AK")
    assert hash(parse_range("AKs, AKo")) == hash(parse_range("AK"))
    assert parse_range("AK") != parse_range("AKs")


def test_range_is_frozen() -> None:
    r = parse_range("AA")
    with pytest.raises(AttributeError):
        r.combos = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "entries",
    [
        (((46, 50), 1.0),),  # lower code first
        (((50, 50), 1.0),),  # same card
        (((52, 0), 1.0),),  # not a card
        (((50, 46), 0.0),),  # weight zero
        (((50, 46), 1.5),),  # weight above one
        (((50, 46), 1),),  # weight not a float
        (((46, 42), 1.0), ((50, 46), 1.0)),  # ascending
        (((50, 46), 1.0), ((50, 46), 0.5)),  # repeated
    ],
)
def test_range_constructor_refuses_entries_not_in_normal_form(entries: tuple) -> None:
    with pytest.raises(ValueError):
        Range(entries)


# ---------------------------------------------------------------- text form


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("AA", "AA"),
        ("kk, AA, QQ", "QQ+"),
        ("22, 33, 44, 55", "55-22"),
        ("AKs, AKo", "AK"),
        ("KTs, KJs, KQs", "KTs+"),
        ("KQs", "KQs"),
        ("A2s-A5s", "A5s-A2s"),
        ("AA, 77, 22", "AA, 77, 22"),
        ("AhKh, AsKs", "AsKs, AhKh"),
        ("AKs, AsKd", "AKs, AsKd"),
        ("50%(QQ), AA, 25%(AKs)", "AA, 50%(QQ), 25%(AKs)"),
        ("33.3%(AA)", "33.3%(AA)"),
        ("AA:0.125", "12.5%(AA)"),
    ],
)
def test_str_is_a_normalized_text(text: str, normalized: str) -> None:
    assert str(parse_range(text)) == normalized


def test_repr_is_a_parse_range_call() -> None:
    assert repr(parse_range("aks")) == "parse_range('AKs')"


@pytest.mark.parametrize(
    "text",
    [
        "AA",
        "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32",
        "TT+, AQs+, KQo, 50%(A5s-A2s), AhKh, 2c2d",
        "AKs, AKo, AQo, AJo, ATo, 10s9s",
        "33.3%(AA), 12.5%(KK), 0.1%(QQ), 7%(JJ)",
        "AA, AsKs:0.3, AhKh:0.7, 2h3d",
    ],
)
def test_str_parses_back_to_an_equal_range(text: str) -> None:
    r = parse_range(text)
    assert parse_range(str(r)) == r


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(ALL_COMBOS),
        st.one_of(st.just(1.0), st.floats(min_value=1e-6, max_value=1.0)),
        min_size=1,
        max_size=300,
    )
)
def test_str_parses_back_to_an_equal_range_for_any_weighted_combos(
    entries: dict[tuple[int, int], float],
) -> None:
    r = Range(tuple(sorted(entries.items(), reverse=True)))
    assert parse_range(str(r)) == r


# ---------------------------------------------------------------- errors


def test_bad_token_error_names_the_token_and_its_position() -> None:
    assert error_of("AA, AKx").startswith("bad range token 'AKx' at 4: expected a hand like AA")
    assert error_of("QQ+,  50%(AKs, Q9x)").startswith("bad range token 'Q9x' at 15: ")
    assert error_of("AK o").startswith("bad range token 'AK o' at 0: ")
    assert error_of("AhKx").startswith("bad range token 'AhKx' at 0: ")


def test_a_trailing_dash_is_not_a_range() -> None:
    assert error_of("77-").startswith("bad range token '77-' at 0: expected a hand like")


def test_a_pair_cannot_be_suited_or_offsuit() -> None:
    assert error_of("KK, AAs") == "bad range token 'AAs' at 4: a pair cannot be suited or offsuit"
    assert error_of("AAo+").startswith("bad range token 'AAo+' at 0: a pair cannot be")


@pytest.mark.parametrize("token", ["A5s-K2s", "A5s-A2o", "A5s-A2", "22-A5s", "AKs-QQ"])
def test_a_span_joins_two_pairs_or_the_same_top_card_and_kind(token: str) -> None:
    assert error_of(token) == (
        f"bad range token {token!r} at 0: a span joins two pairs (22-55) "
        "or two hands with the same top card and kind (A5s-A2s)"
    )


def test_a_combo_cannot_use_the_same_card_twice() -> None:
    assert error_of("AA, AsAs") == "bad range token 'AsAs' at 4: the same card twice"


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_text_is_an_error(text: str) -> None:
    assert error_of(text) == "empty range: expected hands such as 'TT+, AKs'"


@pytest.mark.parametrize(
    ("text", "position"),
    [("AA,,KK", 3), ("AA, ", 4), (", AA", 0), ("50%(AA,)", 7), ("50%()", 4)],
)
def test_an_empty_token_is_an_error_at_its_place(text: str, position: int) -> None:
    assert error_of(text) == (
        f"bad range token '' at {position}: empty token (a doubled or trailing comma?)"
    )


def test_unbalanced_or_nested_parentheses_are_errors() -> None:
    assert error_of("AA, 50%(KK, QQ") == "bad range token '50%(KK, QQ' at 4: '(' without ')'"
    assert error_of("AA)") == "bad range token ')' at 2: ')' without '('"
    assert error_of("50%(AA, 20%(KK))") == "bad range token '(' at 11: weights cannot be nested"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0%(AA)", "bad range token '0%(AA)' at 0: a weight must be in (0, 100]%, got 0"),
        ("150%(AA)", "bad range token '150%(AA)' at 0: a weight must be in (0, 100]%, got 150"),
        ("KK, 100.5%(AA)", "bad range token '100.5%(AA)' at 4: a weight must be in (0, 100]%"),
        ("AA:0", "bad range token 'AA:0' at 0: a weight must be in (0, 1], got 0"),
        ("AA:1.5", "bad range token 'AA:1.5' at 0: a weight must be in (0, 1], got 1.5"),
    ],
)
def test_a_weight_outside_its_bounds_is_an_error(text: str, message: str) -> None:
    assert error_of(text).startswith(message)


@pytest.mark.parametrize(
    "text", ["x%(AA)", "-5%(AA)", "50(AA)", "AA:x", "AA%", "50%(AA)(KK)", "50%(AA) KK"]
)
def test_a_malformed_weight_is_an_error(text: str) -> None:
    assert error_of(text) == (
        f"bad range token {text!r} at 0: expected a weight like 50%(AQs, KQs) or AQs:0.5"
    )


def test_a_token_inside_a_weight_cannot_have_its_own_weight() -> None:
    assert error_of("50%(AA, KK:0.5)") == (
        "bad range token 'KK:0.5' at 8: a token inside a weight cannot have its own weight"
    )


def test_text_that_is_not_a_str_is_an_error() -> None:
    with pytest.raises(ValueError, match=re.escape("a range must be given as a str, got list")):
        parse_range(["AA"])  # type: ignore[arg-type]
