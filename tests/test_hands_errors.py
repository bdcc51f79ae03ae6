"""Bad input to croupier.hands raises ValueError naming the problem (docs/rules.md §1.1).

Every evaluation function is checked in its scalar form (a list of codes or a
str) and its batch form (a numpy array), with the bad card in the hole and in
the board for the Omaha functions.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from croupier import hands

SINGLE = {
    "high": hands.high,
    "ace_to_five_low": hands.ace_to_five_low,
    "eight_or_better_low": hands.eight_or_better_low,
}
OMAHA = {
    "omaha_high": hands.omaha_high,
    "omaha_eight_or_better_low": hands.omaha_eight_or_better_low,
}
ALL = {**SINGLE, **OMAHA}

# A valid seven-card hand and a valid Omaha deal (4 hole, 5 board), disjoint.
GOOD7 = [51, 46, 41, 36, 31, 26, 21]  # As Qh Jd Ts 9s 8h 7d
GOOD_HOLE = [0, 5, 10, 15]  # 2c 3d 4h 5s
GOOD_BOARD = [16, 21, 26, 31, 44]  # 6c 7d 8h 9s Kc


def assert_value_error(call, match: str) -> None:
    """``call()`` must raise ValueError whose message matches ``match``, and nothing else."""
    try:
        call()
    except ValueError as exc:
        assert re.search(match, str(exc)), f"ValueError {str(exc)!r} does not match {match!r}"
        return
    except Exception as exc:
        pytest.fail(f"expected ValueError matching {match!r}, got {type(exc).__name__}: {exc}")
    pytest.fail(f"expected ValueError matching {match!r}, nothing was raised")


def call_with(name: str, bad: list, where: str, form: str, dtype=np.int64):
    """A zero-argument call of function ``name`` with one bad card list.

    For single-hand functions ``bad`` is the hand; for Omaha functions it
    replaces the hole (``where="hole"``) or the board (``where="board"``).
    ``form`` is ``"list"`` (scalar) or ``"batch"`` (a 3-row array whose middle
    row is the bad one).
    """
    fn = ALL[name]

    def batch(good: list, row: list) -> np.ndarray:
        return np.array([good, row, good], dtype=dtype)

    if name in SINGLE:
        if form == "list":
            return lambda: fn(bad)
        return lambda: fn(batch(GOOD7, bad))
    hole, board = (bad, GOOD_BOARD) if where == "hole" else (GOOD_HOLE, bad)
    if form == "list":
        return lambda: fn(hole, board)
    return lambda: fn(batch(GOOD_HOLE, hole), batch(GOOD_BOARD, board))


def cases(forms=("list", "batch")):
    """(function name, where, form) for every function and form; Omaha also hole/board."""
    out = []
    for name in ALL:
        for where in ("hole", "board") if name in OMAHA else ("cards",):
            for form in forms:
                out.append(pytest.param(name, where, form, id=f"{name}-{where}-{form}"))
    return out


def with_card(where: str, position: int, code) -> list:
    """The good hand / hole / board with the card at ``position`` replaced by ``code``."""
    base = {"cards": GOOD7, "hole": GOOD_HOLE, "board": GOOD_BOARD}[where]
    cards = list(base)
    cards[position] = code
    return cards


def test_good_inputs_are_accepted() -> None:
    # The fixtures used below are valid: any error in the tests comes from the bad card.
    for fn in SINGLE.values():
        assert fn(GOOD7) >= 0
        assert fn(np.array([GOOD7] * 3)).shape == (3,)
    for fn in OMAHA.values():
        assert fn(GOOD_HOLE, GOOD_BOARD) >= 0
        assert fn(np.array([GOOD_HOLE] * 3), np.array([GOOD_BOARD] * 3)).shape == (3,)


# ----------------------------------------------------------------------------
# Codes outside 0..51
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", [52, 99, -1, 64, 1000])
@pytest.mark.parametrize(("name", "where", "form"), cases())
def test_card_code_outside_range_is_rejected(name, where, form, code) -> None:
    bad = with_card(where, 2, code)
    with pytest.raises(ValueError, match=rf"card code {code} is outside 0\.\.51"):
        call_with(name, bad, where, form)()


@pytest.mark.parametrize("code", [52, 99, 255, 64, 128])
@pytest.mark.parametrize(("name", "where", "form"), cases(("batch",)))
def test_card_code_outside_range_in_uint8_array_is_rejected(name, where, form, code) -> None:
    bad = with_card(where, 0, code)
    with pytest.raises(ValueError, match=rf"card code {code} is outside 0\.\.51"):
        call_with(name, bad, where, form, dtype=np.uint8)()


@pytest.mark.parametrize("code", [-1, -128, 52, 127])
@pytest.mark.parametrize(("name", "where", "form"), cases(("batch",)))
def test_card_code_outside_range_in_int8_array_is_rejected(name, where, form, code) -> None:
    bad = with_card(where, 1, code)
    with pytest.raises(ValueError, match=rf"card code {code} is outside 0\.\.51"):
        call_with(name, bad, where, form, dtype=np.int8)()


@pytest.mark.parametrize("code", [2**63, -(2**63) - 1, 10**30])
@pytest.mark.parametrize(("name", "where", "form"), cases(("list",)))
def test_huge_python_int_card_code_is_a_value_error(name, where, form, code) -> None:
    """A Python int too large for a C long is still just a bad card code: ValueError."""
    bad = with_card(where, 1, code)
    assert_value_error(call_with(name, bad, where, form), r"outside 0\.\.51")


@pytest.mark.parametrize("code", [2**63, 2**64 - 1])
@pytest.mark.parametrize(("name", "where", "form"), cases(("batch",)))
def test_huge_code_in_uint64_array_is_rejected(name, where, form, code) -> None:
    bad = with_card(where, 1, code)
    assert_value_error(call_with(name, bad, where, form, dtype=np.uint64), r"outside 0\.\.51")


# ----------------------------------------------------------------------------
# Repeated cards
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "where", "form"), cases())
def test_repeated_card_is_rejected(name, where, form) -> None:
    base = {"cards": GOOD7, "hole": GOOD_HOLE, "board": GOOD_BOARD}[where]
    bad = with_card(where, len(base) - 1, base[0])
    with pytest.raises(ValueError, match="appears twice"):
        call_with(name, bad, where, form)()


@pytest.mark.parametrize("form", ["list", "str", "batch"])
@pytest.mark.parametrize("name", list(OMAHA))
def test_card_repeated_between_hole_and_board_is_rejected(name, form) -> None:
    fn = OMAHA[name]
    board = [GOOD_HOLE[2], *GOOD_BOARD[1:]]  # 4h in the hole and on the board
    with pytest.raises(ValueError, match=r"4h appears twice"):
        if form == "list":
            fn(GOOD_HOLE, board)
        elif form == "str":
            fn("2c 3d 4h 5s", "4h 7d 8h 9s Kc")
        else:
            fn(np.array([GOOD_HOLE] * 2), np.array([GOOD_BOARD, board]))


@pytest.mark.parametrize("name", list(SINGLE))
def test_repeated_card_in_a_string_is_rejected(name) -> None:
    with pytest.raises(ValueError, match=r"As appears twice"):
        SINGLE[name]("As Kd Qh Jc As")


# ----------------------------------------------------------------------------
# Wrong number of cards
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 3, 4, 8, 9])
@pytest.mark.parametrize("form", ["list", "batch"])
@pytest.mark.parametrize("name", list(SINGLE))
def test_single_hand_needs_five_to_seven_cards(name, form, n) -> None:
    cards = list(range(0, 4 * n, 4))  # n distinct cards
    fn = SINGLE[name]
    with pytest.raises(ValueError, match=rf"needs 5 to 7 cards.*got {n}"):
        if form == "list":
            fn(cards)
        else:
            fn(np.array([cards, cards], dtype=np.int64).reshape(2, n))


@pytest.mark.parametrize(("n_hole", "n_board"), [(3, 5), (7, 5), (2, 5), (4, 2), (4, 6), (5, 0)])
@pytest.mark.parametrize("form", ["list", "batch"])
@pytest.mark.parametrize("name", list(OMAHA))
def test_omaha_needs_four_to_six_hole_and_three_to_five_board_cards(
    name, form, n_hole, n_board
) -> None:
    cards = list(range(0, 52, 4))
    hole, board = cards[:n_hole], cards[n_hole : n_hole + n_board]
    what = (
        rf"hole needs 4 to 6 cards.*got {n_hole}"
        if not 4 <= n_hole <= 6
        else rf"board needs 3 to 5 cards.*got {n_board}"
    )
    fn = OMAHA[name]
    with pytest.raises(ValueError, match=what):
        if form == "list":
            fn(hole, board)
        else:
            hole_rows = np.array([hole], dtype=np.int64).reshape(1, n_hole)
            fn(hole_rows, np.array([board], dtype=np.int64).reshape(1, n_board))


# ----------------------------------------------------------------------------
# Non-integer input
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex128, object, "U2"])
@pytest.mark.parametrize(("name", "where", "form"), cases(("batch",)))
def test_non_integer_array_is_rejected(name, where, form, dtype) -> None:
    base = {"cards": GOOD7, "hole": GOOD_HOLE, "board": GOOD_BOARD}[where]
    fn = ALL[name]
    arr = np.array([base], dtype=np.int64)
    arr = arr.astype(dtype) if dtype != "U2" else np.array([[str(c) for c in base]])
    with pytest.raises(ValueError, match="integer dtype"):
        if name in SINGLE:
            fn(arr)
        elif where == "hole":
            fn(arr, np.array([GOOD_BOARD]))
        else:
            fn(np.array([GOOD_HOLE]), arr)


@pytest.mark.parametrize(
    "bad", [3.0, np.float64(3.0), np.float32(3.0), "3", b"3", None, [3], True, np.True_]
)
@pytest.mark.parametrize(("name", "where", "form"), cases(("list",)))
def test_non_integer_card_in_a_list_is_rejected(name, where, form, bad) -> None:
    cards = with_card(where, 3, bad)
    with pytest.raises(ValueError, match="must be an integer"):
        call_with(name, cards, where, form)()


@pytest.mark.parametrize("bad", [3.5, b"As Kd Qh Jc Ts", 12345, None])
@pytest.mark.parametrize("name", list(SINGLE))
def test_cards_that_are_not_a_str_or_a_sequence_are_rejected(name, bad) -> None:
    with pytest.raises(ValueError, match="must be a str or a sequence"):
        SINGLE[name](bad)


# ----------------------------------------------------------------------------
# Bad strings
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("As Kd Qh Jc Xs", r"'Xs'"),
        ("As Kd Qh Jc A", r"'A'"),
        ("As Kd Qh Jc 1s", r"'1s'"),
        ("As Kd Qh Jc Tx", r"'Tx'"),
        ("As Kd Qh Jc 11h", r"'11'|'11h'|'1h'"),
        ("AsKdQhJcT", r"'T'"),
        ("", r"needs 5 to 7 cards, got 0"),
        ("   ", r"needs 5 to 7 cards, got 0"),
        ("As Kd", r"needs 5 to 7 cards, got 2"),
    ],
)
@pytest.mark.parametrize("name", list(SINGLE))
def test_bad_string_is_rejected_naming_the_token(name, text, match) -> None:
    with pytest.raises(ValueError, match=match):
        SINGLE[name](text)


@pytest.mark.parametrize(
    ("hole", "board", "match"),
    [
        ("As Kd Qh Xs", "2c 3c 4c 5c 6c", r"'Xs'"),
        ("As Kd Qh Jc", "2c 3c 4c 1s 6c", r"'1s'"),
        ("As Kd Qh Jc", "2c 3c 4c 5c A", r"'A'"),
        ("", "2c 3c 4c 5c 6c", r"hole needs 4 to 6 cards, got 0"),
        ("As Kd Qh Jc", "", r"board needs 3 to 5 cards, got 0"),
    ],
)
@pytest.mark.parametrize("name", list(OMAHA))
def test_bad_omaha_string_is_rejected_naming_the_token(name, hole, board, match) -> None:
    with pytest.raises(ValueError, match=match):
        OMAHA[name](hole, board)


# ----------------------------------------------------------------------------
# Omaha batch shapes
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole_shape", "board_shape"),
    [((3, 4), (2, 5)), ((3, 4), (3, 1, 5)), ((2, 3, 4), (3, 2, 5)), ((4,), (1, 5)), ((6, 4), (5,))],
)
@pytest.mark.parametrize("name", list(OMAHA))
def test_omaha_batch_needs_same_leading_shape(name, hole_shape, board_shape) -> None:
    hole = np.zeros(hole_shape, dtype=np.int64) + np.arange(4)
    board = np.zeros(board_shape, dtype=np.int64) + np.arange(10, 15)
    with pytest.raises(ValueError, match="same leading shape"):
        OMAHA[name](hole, board)


@pytest.mark.parametrize("name", list(OMAHA))
def test_omaha_batch_hole_with_list_board_is_rejected(name) -> None:
    with pytest.raises(ValueError, match="board must be a numpy array"):
        OMAHA[name](np.array([GOOD_HOLE]), GOOD_BOARD)


# ----------------------------------------------------------------------------
# threads
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [0, -1, "2", 2.0, True, [2]])
@pytest.mark.parametrize("form", ["list", "batch", "big batch"])
@pytest.mark.parametrize("name", list(ALL))
def test_threads_must_be_a_positive_int(name, form, threads) -> None:
    fn = ALL[name]
    rows = 40_000 if form == "big batch" else 2  # above and below the parallel threshold
    with pytest.raises(ValueError, match="threads must be a positive int"):
        if name in SINGLE:
            fn(GOOD7 if form == "list" else np.array([GOOD7] * rows), threads=threads)
        elif form == "list":
            fn(GOOD_HOLE, GOOD_BOARD, threads=threads)
        else:
            fn(np.array([GOOD_HOLE] * rows), np.array([GOOD_BOARD] * rows), threads=threads)


@pytest.mark.parametrize("name", list(ALL))
def test_threads_is_keyword_only(name) -> None:
    fn = ALL[name]
    with pytest.raises(TypeError):
        if name in SINGLE:
            fn(GOOD7, 2)
        else:
            fn(GOOD_HOLE, GOOD_BOARD, 2)


# ----------------------------------------------------------------------------
# A bad batch fails cleanly
# ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def large_deals() -> np.ndarray:
    """100,000 random nine-card deals: large enough for the threaded path."""
    rng = np.random.default_rng(7)
    return np.argsort(rng.random((100_000, 52)), axis=1)[:, :9]


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
@pytest.mark.parametrize("problem", ["code 52", "repeat"])
@pytest.mark.parametrize("name", list(ALL))
def test_bad_row_in_large_batch_raises_and_changes_nothing(
    name, problem, dtype, large_deals
) -> None:
    deals = large_deals.astype(dtype)
    row = 77_777
    if problem == "code 52":
        deals[row, 6] = 52
        match = r"card code 52 is outside 0\.\.51"
    else:
        deals[row, 6] = deals[row, 1]  # a hole card repeated on the board / in the hand
        match = "appears twice"
    before = deals.copy()
    fn = ALL[name]
    args = (deals[:, :7],) if name in SINGLE else (deals[:, :4], deals[:, 4:])
    for threads in (1, 2):
        with pytest.raises(ValueError, match=match):
            fn(*args, threads=threads)
        assert np.array_equal(deals, before)  # the input is untouched
    # The evaluator still works, and the good rows are unaffected.
    good = np.delete(deals, row, axis=0)
    good_args = (good[:, :7],) if name in SINGLE else (good[:, :4], good[:, 4:])
    assert np.array_equal(fn(*good_args, threads=1), fn(*good_args, threads=2))


def test_batch_error_names_the_bad_code() -> None:
    arr = np.array([GOOD7, GOOD7, [*GOOD7[:6], 60]], dtype=np.uint8)
    with pytest.raises(ValueError, match="60"):
        hands.high(arr)


# ----------------------------------------------------------------------------
# describe() and category()
# ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (0, "high"),
        (7463, "high"),
        (-1, "high"),
        (0, "ace_to_five"),
        (6176, "ace_to_five"),
        (57, "eight_or_better"),
        (-1, "eight_or_better"),
        (10**30, "high"),
        (-(10**30), "eight_or_better"),
    ],
)
def test_describe_of_out_of_range_value_is_rejected(value, kind) -> None:
    with pytest.raises(ValueError, match=rf"{value} is not a (hand|{kind}) value"):
        hands.describe(value, kind=kind)


@pytest.mark.parametrize(
    ("value", "kind"),
    [(0, "high"), (7463, "high"), (0, "ace_to_five"), (6176, "ace_to_five"), (2**80, "high")],
)
def test_category_of_out_of_range_value_is_rejected(value, kind) -> None:
    with pytest.raises(ValueError, match=rf"{value} is not a (hand|{kind}) value"):
        hands.category(value, kind)


@pytest.mark.parametrize("value", [1.0, "1", True, None, b"1"])
def test_describe_and_category_need_an_integer(value) -> None:
    with pytest.raises(ValueError, match="must be an integer"):
        hands.describe(value)
    with pytest.raises(ValueError, match="must be an integer"):
        hands.category(value)


@pytest.mark.parametrize("kind", ["razz", "HIGH", "", "low", None])
def test_describe_bad_kind_is_rejected(kind) -> None:
    with pytest.raises(ValueError, match="kind must be one of"):
        hands.describe(1, kind=kind)


@pytest.mark.parametrize("kind", ["eight_or_better", "razz", "", None])
def test_category_bad_kind_is_rejected(kind) -> None:
    with pytest.raises(ValueError, match="kind must be"):
        hands.category(1, kind)
    with pytest.raises(ValueError, match="kind must be"):
        hands.category(np.array([1, 2]), kind)


@pytest.mark.parametrize(
    ("values", "kind"),
    [([0, 5], "high"), ([7463], "high"), ([1, 6176], "ace_to_five"), ([0], "ace_to_five")],
)
def test_category_of_out_of_range_array_is_rejected(values, kind) -> None:
    with pytest.raises(ValueError, match="values must be in 1\\.\\."):
        hands.category(np.array(values, dtype=np.int64), kind)


@pytest.mark.parametrize("dtype", [np.float64, np.bool_])
def test_category_of_non_integer_array_is_rejected(dtype) -> None:
    with pytest.raises(ValueError, match="integer dtype"):
        hands.category(np.array([1, 2], dtype=dtype))
