"""Cards as codes and text (docs/rules.md §1.1): croupier.parse_cards, format_cards, ...

A card is ``code = 4 * rank + suit``, rank 0 = deuce ... 12 = ace, suit
0..3 = c, d, h, s.  Text is rank then suit (``As``, ``Td``); parsing also takes
lower-case ranks, ``10`` for ten, and cards written together, apart or with
commas.  Anything else is a ValueError that names the bad token.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import croupier
from croupier.cards import card_code, format_card, format_cards, parse_cards

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_TEXT = [r + s for r in RANKS for s in SUITS]  # in code order: 2c 2d 2h 2s 3c ... As


def test_codes_follow_four_times_rank_plus_suit() -> None:
    assert parse_cards("2c") == [0]
    assert parse_cards("2d 2h 2s") == [1, 2, 3]
    assert parse_cards("3c") == [4]
    assert parse_cards("Ts") == [4 * 8 + 3]
    assert parse_cards("As") == [51]
    assert parse_cards("Kd") == [4 * 11 + 1]


@pytest.mark.parametrize("code", range(52))
def test_every_card_round_trips(code: int) -> None:
    text = ALL_TEXT[code]
    assert format_card(code) == text
    assert card_code(text) == code
    assert parse_cards(text) == [code]
    assert parse_cards(format_card(code)) == [code]
    assert format_cards([code]) == text


def test_whole_deck_round_trips_together_and_apart() -> None:
    deck = list(range(52))
    spaced = format_cards(deck)
    assert spaced == " ".join(ALL_TEXT)
    assert parse_cards(spaced) == deck
    assert parse_cards(spaced.replace(" ", "")) == deck
    assert parse_cards(spaced.replace(" ", ",")) == deck
    assert parse_cards(spaced.replace(" ", ", ")) == deck
    shuffled = list(np.random.default_rng(3).permutation(52))
    assert parse_cards(format_cards(shuffled)) == [int(c) for c in shuffled]


def test_format_cards_accepts_numpy_integers() -> None:
    arr = np.array([51, 45, 34], dtype=np.uint8)
    assert format_cards(arr) == "As Kd Th"
    assert format_cards(arr.astype(np.int64).tolist()) == "As Kd Th"
    assert format_cards(tuple(arr)) == "As Kd Th"


def test_format_cards_of_nothing_is_empty() -> None:
    assert format_cards([]) == ""


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("AsKd", [51, 45]),
        ("As Kd", [51, 45]),
        ("as kd", [51, 45]),
        ("asKd", [51, 45]),
        ("As,Kd", [51, 45]),
        ("As, Kd", [51, 45]),
        (" As  Kd ", [51, 45]),
        ("As\tKd\nQh", [51, 45, 42]),
        ("10h", [34]),
        ("Th", [34]),
        ("th", [34]),
        ("10h10s", [34, 35]),
        ("As10dKc", [51, 33, 44]),
        ("jc qd kh as", [36, 41, 46, 51]),
        ("As Kd 10h", [51, 45, 34]),
    ],
)
def test_accepted_spellings(text: str, codes: list[int]) -> None:
    assert parse_cards(text) == codes


def test_lower_case_ranks_equal_upper_case() -> None:
    for r, s in itertools.product(RANKS, SUITS):
        assert parse_cards(r.lower() + s) == parse_cards(r + s)
        assert card_code(r.lower() + s) == card_code(r + s)


def test_ten_spelled_10_equals_t() -> None:
    for s in SUITS:
        assert card_code("10" + s) == card_code("T" + s) == 4 * 8 + SUITS.index(s)


def test_parse_cards_keeps_order_and_repeats() -> None:
    # Repeats are the evaluator's business, not the parser's.
    assert parse_cards("Kd As Kd") == [45, 51, 45]


def test_package_reexports_card_functions() -> None:
    assert croupier.parse_cards is parse_cards
    assert croupier.format_cards is format_cards
    assert croupier.format_card is format_card


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("Xs", "Xs"),
        ("A", "A"),
        ("1s", "1s"),
        ("As Kx", "Kx"),
        ("As Zd Kd", "Zd"),
        ("AsK", "K"),
        ("As 1", "1"),
        ("11h", "11"),
        ("As-Kd", "-K"),
        ("0s", "0s"),
        ("Ace", "e"),  # "Ac" then a stray "e"
    ],
)
def test_bad_token_is_a_value_error_naming_it(text: str, token: str) -> None:
    with pytest.raises(ValueError, match=rf"'{token}'"):
        parse_cards(text)


def test_first_bad_token_is_named_even_after_good_cards() -> None:
    with pytest.raises(ValueError, match=r"'Qx'"):
        parse_cards("As Kd Qh Jc Qx Ts")


@pytest.mark.parametrize("bad", [None, 51, ["As"], b"As"])
def test_parse_cards_needs_a_str(bad) -> None:
    with pytest.raises(ValueError, match="str"):
        parse_cards(bad)


@pytest.mark.parametrize("token", ["", "A", "Ax", "1c", "Asx", "s", "10", "100c"])
def test_card_code_rejects_bad_tokens(token: str) -> None:
    with pytest.raises(ValueError, match="bad card"):
        card_code(token)


@pytest.mark.parametrize("code", [52, -1, 99, 1.0, "As", None])
def test_format_card_rejects_non_codes(code) -> None:
    with pytest.raises(ValueError, match="0\\.\\.51"):
        format_card(code)


@pytest.mark.parametrize("codes", [[51, 52], [-1], [0, 1, 99]])
def test_format_cards_rejects_codes_outside_range(codes) -> None:
    with pytest.raises(ValueError, match="0\\.\\.51"):
        format_cards(codes)


def test_upper_case_suit_is_refused_rules_1() -> None:
    # docs/rules.md §1.1: lower-case ranks are accepted; suits are c d h s only.
    with pytest.raises(ValueError, match="'QH'"):
        parse_cards("QH")


@pytest.mark.parametrize("bad", [True, 51.7, 52, -1, "As"])
def test_format_card_refuses_what_is_not_a_card_code(bad: object) -> None:
    with pytest.raises(ValueError, match=r"0\.\.51"):
        format_card(bad)  # type: ignore[arg-type]
