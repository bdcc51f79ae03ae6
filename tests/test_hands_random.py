"""Random deals and hand-picked hands for croupier.hands, checked against tests/reference.py.

Hand-picked expectations are worked out from docs/rules.md §2 in the
comments; nothing here was copied from croupier's own output.
"""

from __future__ import annotations

import numpy as np
import pytest
import reference as ref

from croupier import format_cards, hands

Category = hands.Category

SEED = 20240611
EVAL = {
    "high": hands.high,
    "a5": hands.ace_to_five_low,
    "low8": hands.eight_or_better_low,
}
REF_SCALAR = {"high": ref.ref_high, "a5": ref.ref_a5, "low8": ref.ref_low8}


def rng(offset: int = 0) -> np.random.Generator:
    return np.random.default_rng(SEED + offset)


def low_deck_deals(gen: np.random.Generator, n: int, k: int) -> np.ndarray:
    """Deals from the 32 cards ace..eight only, where lows and pairs are common."""
    low_codes = np.array([c for c in range(52) if ref.low_rank(c // 4) <= 8])
    assert low_codes.size == 32
    return low_codes[np.argsort(gen.random((n, 32)), axis=1)[:, :k]]


def deal(deck: str, gen: np.random.Generator, n: int, k: int) -> np.ndarray:
    """Random deals from the full deck or from the ace..eight deck."""
    return ref.random_deals(gen, n, k) if deck == "full" else low_deck_deals(gen, n, k)


def assert_same(got: np.ndarray, want: np.ndarray, rows: np.ndarray, what: str) -> None:
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (
        f"{what}: {bad.size} of {got.size} differ; e.g. {format_cards(rows[bad[0]].tolist())}: "
        f"got {got[bad[0]]}, reference {want[bad[0]]}"
    )


# ----------------------------------------------------------------------------
# Scalar and batch forms agree
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(EVAL))
@pytest.mark.parametrize("k", [5, 6, 7])
def test_scalar_forms_agree_with_batch(kind: str, k: int) -> None:
    fn = EVAL[kind]
    deals = ref.random_deals(rng(k), 300, k)
    batch = fn(deals)
    assert batch.dtype == np.uint16 and batch.shape == (300,)
    for row, want in zip(deals, batch.tolist(), strict=True):
        codes = row.tolist()
        text = format_cards(codes)
        forms = [
            fn(codes),
            fn(tuple(codes)),
            fn(text),
            fn(text.replace(" ", "")),
            fn([np.int64(c) for c in codes]),
            fn([np.uint8(c) for c in codes]),
            fn(row.astype(np.uint8)),  # a 1-D array gives a 0-d array
        ]
        assert all(type(v) is int for v in forms[:6])
        assert forms[6].shape == () and forms[6].dtype == np.uint16
        assert [int(v) for v in forms] == [want] * len(forms), text


@pytest.mark.parametrize("kind", list(EVAL))
def test_batch_dtypes_and_layouts_agree(kind: str) -> None:
    fn = EVAL[kind]
    deals = ref.random_deals(rng(1), 6000, 7)
    want = fn(deals.astype(np.uint8))
    for dtype in (np.int64, np.int32, np.int16, np.int8, np.uint16, np.uint32, np.uint64):
        assert np.array_equal(fn(deals.astype(dtype)), want), dtype
    # Non-contiguous inputs: Fortran order, a strided view, reversed card order.
    assert np.array_equal(fn(np.asfortranarray(deals)), want)
    wide = np.zeros((6000, 14), dtype=np.int64)
    wide[:, ::2] = deals
    assert np.array_equal(fn(wide[:, ::2]), want)
    assert np.array_equal(fn(deals[:, ::-1]), want)
    assert np.array_equal(fn(deals[::-1])[::-1], want)
    wide8 = wide.astype(np.uint8)
    assert np.array_equal(fn(wide8[:, ::2]), want)
    # Byte order, read-only and broadcast (read-only, zero-stride) inputs.
    assert np.array_equal(fn(deals.astype(">i4")), want)
    frozen = deals.astype(np.uint8)
    frozen.flags.writeable = False
    assert np.array_equal(fn(frozen), want)
    same = np.broadcast_to(deals[0].astype(np.uint8), (5, 7))
    assert np.array_equal(fn(same), np.full(5, want[0]))


@pytest.mark.parametrize("kind", list(EVAL))
def test_multidimensional_batch_evaluates_the_last_axis(kind: str) -> None:
    fn = EVAL[kind]
    deals = ref.random_deals(rng(2), 30 * 40, 7)
    flat = fn(deals)
    cube = fn(deals.reshape(30, 40, 7))
    assert cube.shape == (30, 40) and cube.dtype == np.uint16
    assert np.array_equal(cube.reshape(-1), flat)
    assert fn(deals[:0]).shape == (0,)
    assert fn(deals.reshape(2, 3, 200, 7)).shape == (2, 3, 200)


@pytest.mark.parametrize("kind", list(EVAL))
def test_threads_do_not_change_results(kind: str) -> None:
    fn = EVAL[kind]
    deals = ref.random_deals(rng(3), 150_000, 7).astype(np.uint8)
    one = fn(deals, threads=1)
    assert np.array_equal(fn(deals, threads=2), one)
    assert np.array_equal(fn(deals, threads=None), one)
    assert np.array_equal(fn(deals), one)
    assert fn(deals[:10].tolist()[0], threads=2) == one[0]


def test_omaha_scalar_forms_agree_with_batch() -> None:
    gen = rng(4)
    for nh, nb in [(4, 5), (5, 5), (6, 5), (4, 3), (5, 4), (6, 3)]:
        deals = ref.random_deals(gen, 200, nh + nb)
        hole, board = deals[:, :nh], deals[:, nh:]
        high = hands.omaha_high(hole, board)
        low = hands.omaha_eight_or_better_low(hole, board)
        assert high.shape == low.shape == (200,) and high.dtype == low.dtype == np.uint16
        for i in range(200):
            h, b = hole[i].tolist(), board[i].tolist()
            assert hands.omaha_high(h, b) == high[i]
            assert hands.omaha_high(tuple(h), format_cards(b)) == high[i]
            assert hands.omaha_eight_or_better_low(format_cards(h), b) == low[i]
            assert hands.omaha_eight_or_better_low(hole[i].tolist(), board[i]) == low[i]
        cube = hands.omaha_high(hole.reshape(10, 20, nh), board.reshape(10, 20, nb))
        assert np.array_equal(cube.reshape(-1), high)
        assert np.array_equal(
            hands.omaha_eight_or_better_low(hole, board, threads=1),
            hands.omaha_eight_or_better_low(hole.astype(np.uint8), board, threads=2),
        )


def test_omaha_threads_do_not_change_results() -> None:
    deals = ref.random_deals(rng(5), 120_000, 9).astype(np.uint8)
    hole, board = deals[:, :4], deals[:, 4:]
    for fn in (hands.omaha_high, hands.omaha_eight_or_better_low):
        assert np.array_equal(fn(hole, board, threads=1), fn(hole, board, threads=2))


# ----------------------------------------------------------------------------
# Against the reference: 7 cards (and 5, 6 from the low-only deck)
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("deck", ["full", "ace_to_eight"])
def test_seven_card_values_match_reference(deck: str) -> None:
    deals = deal(deck, rng(6), 200_000, 7)
    want = ref.best_of_subsets(deals)
    for kind, fn in EVAL.items():
        assert_same(fn(deals), want[kind], deals, f"{kind} ({deck} deck)")
    if deck == "ace_to_eight":
        # Make sure both outcomes of eight-or-better were exercised.
        assert 0 < np.count_nonzero(want["low8"]) < len(deals)


@pytest.mark.parametrize("k", [5, 6])
def test_low_deck_five_and_six_card_values_match_reference(k: int) -> None:
    deals = low_deck_deals(rng(7 + k), 100_000, k)
    want = ref.best_of_subsets(deals)
    for kind, fn in EVAL.items():
        assert_same(fn(deals), want[kind], deals, f"{kind} ({k} cards)")


@pytest.mark.parametrize("kind", list(EVAL))
def test_seven_card_scalar_path_matches_pure_python_reference(kind: str) -> None:
    fn, want = EVAL[kind], REF_SCALAR[kind]
    gen = rng(8)
    deals = np.concatenate((ref.random_deals(gen, 1500, 7), low_deck_deals(gen, 1500, 7)))
    for row in deals.tolist():
        assert fn(row) == want(row), format_cards(row)


# ----------------------------------------------------------------------------
# Against the reference: Omaha 2 + 3
# ----------------------------------------------------------------------------


@pytest.mark.parametrize("n_hole", [4, 5])
@pytest.mark.parametrize("deck", ["full", "ace_to_eight"])
def test_omaha_values_match_reference(n_hole: int, deck: str) -> None:
    n = 200_000 if deck == "full" else 50_000
    deals = deal(deck, rng(9 + n_hole), n, n_hole + 5)
    hole, board = deals[:, :n_hole], deals[:, n_hole:]
    want = ref.omaha_best(hole, board)
    assert_same(hands.omaha_high(hole, board), want["high"], deals, "omaha_high")
    assert_same(hands.omaha_eight_or_better_low(hole, board), want["low8"], deals, "omaha low")
    assert 0 < np.count_nonzero(want["low8"]) < n


@pytest.mark.parametrize(("n_hole", "n_board"), [(6, 5), (4, 3), (4, 4), (5, 3), (6, 4)])
def test_omaha_other_sizes_match_reference(n_hole: int, n_board: int) -> None:
    deals = ref.random_deals(rng(20 + 7 * n_hole + n_board), 30_000, n_hole + n_board)
    hole, board = deals[:, :n_hole], deals[:, n_hole:]
    want = ref.omaha_best(hole, board)
    assert_same(hands.omaha_high(hole, board), want["high"], deals, "omaha_high")
    assert_same(hands.omaha_eight_or_better_low(hole, board), want["low8"], deals, "omaha low")


@pytest.mark.parametrize("n_hole", [4, 5])
def test_omaha_scalar_path_matches_pure_python_reference(n_hole: int) -> None:
    gen = rng(30 + n_hole)
    deals = np.concatenate(
        (ref.random_deals(gen, 1500, n_hole + 5), low_deck_deals(gen, 1500, n_hole + 5))
    )
    for row in deals.tolist():
        hole, board = row[:n_hole], row[n_hole:]
        assert hands.omaha_high(hole, board) == ref.ref_omaha_high(hole, board), row
        assert hands.omaha_eight_or_better_low(hole, board) == ref.ref_omaha_low8(hole, board)


# ----------------------------------------------------------------------------
# Razz (ace-to-five) patterns, worked by hand
# ----------------------------------------------------------------------------

# (hand, best five as low ranks in reading order [ace = 1], describe() text, pairing category)
RAZZ_PATTERNS = [
    # K K 7 7 4 4 2: only four ranks, so one pair at best; the lowest pair that
    # leaves three other ranks is fours, with K-7-2.
    ("Kc Kd 7c 7d 4c 4d 2c", [4, 4, 13, 7, 2], "Pair of fours", Category.PAIR),
    # K K K 7 7 3 3: three ranks force two pair; 7-7-3-3 (higher pair seven)
    # beats K-K-7-7 and K-K-3-3; the kicker is the king.
    ("Kc Kd Kh 7c 7d 3c 3d", [7, 7, 3, 3, 13], "Two pair, sevens and threes", Category.TWO_PAIR),
    # 7 7 7 K K 3 3: the same three ranks: sevens and threes, king kicker.
    ("7c 7d 7h Kc Kd 3c 3d", [7, 7, 3, 3, 13], "Two pair, sevens and threes", Category.TWO_PAIR),
    # 3 3 3 K K 7 7: again sevens and threes with a king.
    ("3c 3d 3h Kc Kd 7c 7d", [7, 7, 3, 3, 13], "Two pair, sevens and threes", Category.TWO_PAIR),
    # 4 4 4 4 K K K: two ranks: 4444K (quads), 444KK or KKK44 (full houses);
    # a full house beats quads, and the lower trips win: fours full of kings.
    (
        "4c 4d 4h 4s Kc Kd Kh",
        [4, 4, 4, 13, 13],
        "Full house, fours over kings",
        Category.FULL_HOUSE,
    ),
    # A A A A K K K: AAAAK (quads) or AAAKK / KKKAA; aces are low, so aces full of kings.
    (
        "Ac Ad Ah As Kc Kd Kh",
        [1, 1, 1, 13, 13],
        "Full house, aces over kings",
        Category.FULL_HOUSE,
    ),
    # AABBCCD with A A 2 2 3 3 4: four ranks, one pair at best; the lowest pair
    # is aces (ace = 1), kickers 4-3-2.
    ("Ac Ad 2c 2d 3c 3d 4c", [1, 1, 4, 3, 2], "Pair of aces", Category.PAIR),
]


@pytest.mark.parametrize(("text", "best", "words", "cat"), RAZZ_PATTERNS)
def test_razz_paired_patterns(text: str, best: list[int], words: str, cat: Category) -> None:
    codes = ref.cards(text)
    assert ref.a5_best_five(codes) == best  # the reference agrees with the hand-worked best five
    value = hands.ace_to_five_low(text)
    assert value == ref.ref_a5(codes)
    assert hands.describe(value, kind="ace_to_five") == words
    assert hands.category(value, "ace_to_five") is cat


def test_razz_any_no_pair_hand_beats_any_paired_hand() -> None:
    # Worst no-pair low K-Q-J-T-9 (a straight, which does not count) vs the best
    # pair A-A-2-3-4.
    worst_no_pair = hands.ace_to_five_low("Kc Qd Jh Ts 9c")
    assert worst_no_pair > hands.ace_to_five_low("Ac Ad 2h 3s 4c")
    # There are C(13,5) = 1287 no-pair lows, so the worst of them has 6175 - 1287 + 1.
    assert worst_no_pair == 6175 - 1287 + 1 == ref.ref_a5(ref.cards("Kc Qd Jh Ts 9c"))
    assert hands.category(worst_no_pair, "ace_to_five") is Category.HIGH_CARD


def test_razz_wheel_is_best_even_suited() -> None:
    assert hands.ace_to_five_low("As 2s 3s 4s 5s") == 6175
    assert hands.ace_to_five_low("Ac 2d 3h 4s 5c") == 6175
    assert hands.describe(6175, kind="ace_to_five") == "Five-four low"


def test_razz_quads_are_the_worst_class() -> None:
    # Quads are the worst class; among quads the highest quads with the highest
    # kicker (KKKKQ) is worst of all: value 1.
    assert hands.ace_to_five_low("Kc Kd Kh Ks Qc") == 1
    assert hands.category(1, "ace_to_five") is Category.FOUR_OF_A_KIND
    # AAAA2 is the best quads, but still worse than the worst full house KKKQQ.
    assert hands.ace_to_five_low("Ac Ad Ah As 2c") < hands.ace_to_five_low("Kc Kd Kh Qs Qc")


def test_razz_pair_compares_pair_before_kickers() -> None:
    # 2-2 with K-Q-J beats 3-3 with A-4-5: the pair is compared first.
    assert hands.ace_to_five_low("2c 2d Kh Qs Jc") > hands.ace_to_five_low("3c 3d Ah 4s 5c")
    # Same pair of nines: kickers from the top, 7 = 7, then 4 < 5, so 9-9-7-4-3 wins.
    assert hands.ace_to_five_low("9c 9d 7h 4s 3c") > hands.ace_to_five_low("9h 9s 7c 5s 2c")


def test_razz_two_pair_compares_higher_pair_then_lower_pair_then_kicker() -> None:
    a5 = hands.ace_to_five_low
    assert a5("6c 6d 5h 5s Kc") > a5("7c 7d 2h 2s Ac")  # higher pair 6 < 7
    assert a5("7c 7d 2h 2s Kc") > a5("7h 7s 3h 3s Ac")  # lower pair 2 < 3
    assert a5("7c 7d 2h 2s Ac") > a5("7h 7s 2c 2d 3c")  # kicker A < 3


def test_razz_seven_five_low_description() -> None:
    value = hands.ace_to_five_low("7c 5d 4h 3s 2c Kd Kh")
    assert value == ref.ref_a5(ref.cards("7c 5d 4h 3s 2c Kd Kh"))
    assert hands.describe(value, kind="ace_to_five") == "Seven-five low"


# ----------------------------------------------------------------------------
# High: hand-picked orderings
# ----------------------------------------------------------------------------


def test_seven_five_four_three_two_is_value_one() -> None:
    assert hands.high("7c 5d 4h 3s 2c") == 1
    assert hands.describe(1) == "High card, seven"


def test_royal_flush_is_value_7462() -> None:
    assert hands.high("As Ks Qs Js Ts") == 7462
    assert hands.high("Ah Kh Qh Jh Th 2c 3d") == 7462
    assert hands.describe(7462) == "Royal flush"


def test_wheel_is_lowest_straight() -> None:
    wheel = hands.high("5c 4d 3h 2s Ac")
    assert hands.category(wheel) is Category.STRAIGHT
    assert wheel < hands.high("6c 5d 4h 3s 2c")
    assert wheel == hands.high("Ac Ad Ah Ks Qc") + 1  # right above the best trips
    assert hands.describe(wheel) == "Straight, five high"


def test_steel_wheel_is_lowest_straight_flush() -> None:
    steel = hands.high("5s 4s 3s 2s As")
    assert hands.category(steel) is Category.STRAIGHT_FLUSH
    assert steel < hands.high("6s 5s 4s 3s 2s")
    assert hands.describe(steel) == "Straight flush, five high"


def test_four_aces_with_a_king_is_the_best_quads() -> None:
    quads = hands.high("Ac Ad Ah As Kc")
    assert hands.category(quads) is Category.FOUR_OF_A_KIND
    assert quads + 1 == hands.high("5s 4s 3s 2s As")  # only straight flushes are above it
    assert hands.describe(quads) == "Four of a kind, aces"


def test_ace_is_not_high_in_a_wraparound() -> None:
    # Q-K-A-2-3 is not a straight: just ace high.
    value = hands.high("Qc Kd Ah 2s 3c")
    assert hands.category(value) is Category.HIGH_CARD
    assert hands.describe(value) == "High card, ace"


def test_flush_beats_straight_and_full_house_beats_flush() -> None:
    high = hands.high
    assert high("2h 4h 6h 8h Th") > high("Ac Kd Qh Js Tc")
    assert high("2c 2d 2h 3s 3c") > high("Ah Kh Qh Jh 9h")


def test_seventh_card_kicker_does_not_play_beyond_five() -> None:
    # Both make A-A-K-Q-J; the sixth and seventh cards do not count.
    assert hands.high("Ac Ad Kh Qs Jc 3d 2h") == hands.high("As Ah Kd Qc Jd 4d 3c")


def test_high_category_and_describe_of_representative_hands() -> None:
    cases = [
        ("Kh Kd Ks 9c 9d 2h 3s", Category.FULL_HOUSE, "Full house, kings over nines"),
        ("9h 9d 9s Kc Kd", Category.FULL_HOUSE, "Full house, nines over kings"),
        ("Ah Ad Kc Ks 2h", Category.TWO_PAIR, "Two pair, aces and kings"),
        ("4h 4d Kc Qs 2h", Category.PAIR, "Pair of fours"),
        ("7c 7d 7h As 2c", Category.THREE_OF_A_KIND, "Three of a kind, sevens"),
        ("2h 7h 9h Jh Ah", Category.FLUSH, "Flush, ace high"),
        ("9c Td Jh Qs Kc", Category.STRAIGHT, "Straight, king high"),
        ("9h Th Jh Qh Kh", Category.STRAIGHT_FLUSH, "Straight flush, king high"),
        ("3c 3d 3h 3s 2c", Category.FOUR_OF_A_KIND, "Four of a kind, threes"),
    ]
    for text, cat, words in cases:
        value = hands.high(text)
        assert value == ref.ref_high(ref.cards(text)), text
        assert hands.category(value) is cat, text
        assert hands.category(value, kind="high") is cat, text
        assert hands.describe(value) == words, text
        assert hands.describe(value, kind="high") == words, text


def test_describe_and_category_accept_numpy_values() -> None:
    values = hands.high(np.array([ref.cards("Kh Kd Ks 9c 9d 2h 3s")], dtype=np.uint8))
    assert hands.describe(values[0]) == "Full house, kings over nines"
    assert hands.category(values[0]) is Category.FULL_HOUSE
    assert hands.category(values).tolist() == [Category.FULL_HOUSE]
    assert hands.category(values[:0]).shape == (0,)
    low = hands.ace_to_five_low(np.array([ref.cards("7c 5d 4h 3s 2c Kd Kh")]))
    assert hands.describe(low[0], kind="ace_to_five") == "Seven-five low"


# Words that open describe() for each high category.
CATEGORY_OPENING = {
    ref.HIGH_CARD: "High card, ",
    ref.PAIR: "Pair of ",
    ref.TWO_PAIR: "Two pair, ",
    ref.TRIPS: "Three of a kind, ",
    ref.STRAIGHT: "Straight, ",
    ref.FLUSH: "Flush, ",
    ref.FULL_HOUSE: "Full house, ",
    ref.QUADS: "Four of a kind, ",
    ref.STRAIGHT_FLUSH: "Straight flush, ",
}
NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
         "queen", "king", "ace")  # fmt: skip
PLURAL = {n: n + ("es" if n == "six" else "s") for n in NAMES}


def test_every_high_value_is_described_by_its_category_and_top_rank() -> None:
    for value, key in enumerate(ref.sorted_high_keys(), start=1):
        words = hands.describe(value)
        cat, top = key[0], NAMES[key[1]]
        if key == (ref.STRAIGHT_FLUSH, 12):
            assert words == "Royal flush"
            continue
        assert words.startswith(CATEGORY_OPENING[cat]), (value, key, words)
        grouped = cat in (ref.PAIR, ref.TWO_PAIR, ref.TRIPS, ref.FULL_HOUSE, ref.QUADS)
        rest = words[len(CATEGORY_OPENING[cat]) :]
        assert rest.split()[0] == (PLURAL[top] if grouped else top), (value, key, words)
        if cat == ref.FULL_HOUSE:
            assert rest == f"{PLURAL[top]} over {PLURAL[NAMES[key[2]]]}", (value, key, words)
        if cat == ref.TWO_PAIR:
            assert rest == f"{PLURAL[top]} and {PLURAL[NAMES[key[2]]]}", (value, key, words)


def test_category_of_value_arrays_matches_reference() -> None:
    values = np.arange(1, 7463)
    want = np.array([k[0] for k in ref.sorted_high_keys()], dtype=np.uint8)
    got = hands.category(values)
    assert got.dtype == np.uint8 and np.array_equal(got, want)
    got2d = hands.category(values.reshape(91, 82).astype(np.uint16))
    assert got2d.shape == (91, 82) and np.array_equal(got2d.reshape(-1), want)
    assert [hands.category(v) for v in (1, 7462)] == [Category.HIGH_CARD, Category.STRAIGHT_FLUSH]


def test_ace_to_five_category_of_value_arrays_matches_reference() -> None:
    values = np.arange(1, 6176)
    want = np.array(
        [ref.LOW_CLASS_AS_CATEGORY[ref.a5_class_of_value(v)] for v in values.tolist()],
        dtype=np.uint8,
    )
    assert np.array_equal(hands.category(values, "ace_to_five"), want)
    assert np.array_equal(hands.category(values, kind="ace_to_five"), want)


def test_every_no_pair_ace_to_five_value_is_described_by_its_top_two_cards() -> None:
    keys = ref.sorted_a5_keys()
    low_names = {1: "ace", **{r: NAMES[r - 2] for r in range(2, 14)}}
    for i, key in enumerate(keys):
        if key[0] != ref.LOW_NO_PAIR:
            continue
        value = len(keys) - i
        want = f"{low_names[key[1]].capitalize()}-{low_names[key[2]]} low"
        assert hands.describe(value, kind="ace_to_five") == want, key


# ----------------------------------------------------------------------------
# Eight-or-better
# ----------------------------------------------------------------------------


def test_eight_seven_six_five_four_is_eight_low_value_one() -> None:
    assert hands.eight_or_better_low("8c 7d 6h 5s 4c") == 1
    assert hands.describe(1, kind="eight_or_better") == "Eight-seven low"


def test_wheel_is_best_eight_or_better_low() -> None:
    assert hands.eight_or_better_low("As 2s 3s 4s 5s") == 56
    assert hands.eight_or_better_low("5c 4d 3h 2s Ac Kd Kh") == 56
    assert hands.describe(56, kind="eight_or_better") == "Five-four low"


def test_only_four_low_ranks_is_no_low() -> None:
    assert hands.eight_or_better_low("As 2d 3h 4s 9c Kd Kh") == 0
    assert hands.eight_or_better_low("As Ad 2h 3c 4s 4d 9h") == 0  # pairs do not add ranks
    assert hands.eight_or_better_low("Ac 2d 3h 4s 9c") == 0
    assert hands.describe(0, kind="eight_or_better") == "No low"


def test_paired_low_cards_still_make_a_low_from_five_distinct_ranks() -> None:
    # A A 2 3 4 8 8: five distinct low ranks A, 2, 3, 4, 8: an eight-four low.
    value = hands.eight_or_better_low("As Ad 2h 3c 4s 8d 8h")
    assert value == ref.ref_low8(ref.cards("As Ad 2h 3c 4s 8d 8h"))
    # Eight-high lows number C(7,4) = 35 and 8-4-3-2-A is the best of them.
    assert value == 35
    assert hands.describe(value, kind="eight_or_better") == "Eight-four low"


def test_nine_is_not_an_eight_or_better_card() -> None:
    assert hands.eight_or_better_low("9c 5d 4h 3s 2c") == 0
    assert hands.eight_or_better_low("8c 5d 4h 3s 2c") > 0


def test_every_eight_or_better_value_is_described_by_its_top_two_cards() -> None:
    keys = ref.sorted_low8_keys()
    low_names = {1: "ace", **{r: NAMES[r - 2] for r in range(2, 9)}}
    for i, key in enumerate(keys):
        value = len(keys) - i
        want = f"{low_names[key[0]].capitalize()}-{low_names[key[1]]} low"
        assert hands.describe(value, kind="eight_or_better") == want, key


# ----------------------------------------------------------------------------
# Omaha: hand-picked
# ----------------------------------------------------------------------------


def test_omaha_four_hole_spades_and_one_board_spade_is_not_a_flush() -> None:
    # With four spades it would be a royal flush; Omaha takes two hole cards, so
    # A-K + T-8-7 ... best is ace-king high (no pair, no straight possible).
    hole, board = "As Ks Qs Js", "Ts 2d 3h 7c 8d"
    value = hands.omaha_high(hole, board)
    assert value == ref.ref_omaha_high(ref.cards(hole), ref.cards(board))
    assert hands.category(value) is Category.HIGH_CARD
    assert value == hands.high("As Ks Ts 8d 7c")


def test_omaha_board_flush_needs_two_hole_cards_of_the_suit() -> None:
    # Board of five spades, one spade in the hole: no flush.
    value = hands.omaha_high("As 2d 3c 4h", "Ks Qs Js Ts 9s")
    assert hands.category(value) is Category.HIGH_CARD
    # Best is A + 4 with K-Q-J: ace, king, queen, jack, four.
    assert value == hands.high("As 4h Ks Qs Js") == ref.ref_high(ref.cards("As 4h Ks Qs Js"))


def test_omaha_board_straight_not_playable_without_two_hole_cards() -> None:
    # Board 5-6-7-8-9 is a straight on its own, but Omaha needs two hole cards:
    # with A A K K in the hole the best is a pair of aces (A A 9 8 7).
    hole, board = "Ac Ad Kh Ks", "5c 6d 7h 8s 9c"
    value = hands.omaha_high(hole, board)
    assert hands.category(value) is Category.PAIR
    assert hands.describe(value) == "Pair of aces"
    assert value == hands.high("Ac Ad 9c 8s 7h")
    assert hands.high(board) > value  # in hold'em the board would play


def test_omaha_needs_three_board_cards_not_four() -> None:
    # Quads on board with a pair in the hole: three board kings + two hole queens.
    value = hands.omaha_high("Qc Qd 2h 3s", "Kc Kd Kh Ks 4c")
    assert value == hands.high("Qc Qd Kc Kd Kh")
    assert hands.describe(value) == "Full house, kings over queens"


def test_omaha_low_needs_two_low_hole_cards() -> None:
    assert hands.omaha_eight_or_better_low("As Kd Kc Kh", "2c 3d 4h 5s 6s") == 0
    assert hands.omaha_eight_or_better_low("As 2d Kc Kh", "3c 4d 8h Qs Js") == 35


def test_omaha_low_hole_pair_must_be_distinct_ranks_from_the_board() -> None:
    # The five ranks must be distinct: hole A-A is a pair, and hole A-2 with a
    # board of 2-3-4 (the only low board cards) repeats the deuce.  A-5 makes the wheel.
    assert hands.omaha_eight_or_better_low("Ac Ad Kc Kh", "2c 3d 4h Qs Js") == 0
    assert hands.omaha_eight_or_better_low("Ac 2d Kc Kh", "2c 3d 4h Qs Js") == 0
    assert hands.omaha_eight_or_better_low("Ac 5d Kc Kh", "2c 3d 4h Qs Js") == 56


def test_omaha_high_and_low_may_use_different_hole_pairs() -> None:
    hole, board = "As 2d Kh Ks", "Kc 3h 4s 7d 9c"
    # High: Kh Ks + Kc 9c 7d, trip kings.  Low: As 2d + 3h 4s 7d, seven-four low.
    high = hands.omaha_high(hole, board)
    low = hands.omaha_eight_or_better_low(hole, board)
    assert high == hands.high("Kh Ks Kc 9c 7d")
    assert low == hands.eight_or_better_low("As 2d 3h 4s 7d")
    assert hands.describe(high) == "Three of a kind, kings"
    assert hands.describe(low, kind="eight_or_better") == "Seven-four low"
    # No single hole pair gives both.
    hc, bc = ref.cards(hole), ref.cards(board)
    assert high == ref.ref_omaha_high(hc, bc) and low == ref.ref_omaha_low8(hc, bc)
    for i, j in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]:
        pair = [hc[i], hc[j]]
        both = (
            ref.high_dense(ref.omaha_high_key(pair, bc)) == high
            and ref.low8_dense(ref.omaha_low8_key(pair, bc)) == low
        )
        assert not both
