"""The GPU's kernel source compiled for the CPU (``croupier._kernels_cpu``) against the
Cython core (``croupier.hands``, ``croupier._equity_kernels``) (issue 29).

Exhaustive where the space allows: every 7-card hand (133,784,560) for high,
ace-to-five and eight-or-better lows and the category counts; every 5- and 6-card
hand for every full-deck kind; every 4-card badugi; every 5-, 6- and 7-card
short-deck hand under both rankings.  7-card deuce-to-seven and 4 + 5 Omaha high
and low on 10 million random rows; the other Omaha shapes on 500,000 each.  Exact
equity on random match-ups of 2 to 10 players on every street, and Monte Carlo
against the exact answer.  Bad rows (a repeat, a code past 51, a card the short deck lacks) give
``BAD_ROW`` and the flag, exactly where a slow Python check says a row is bad.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import comb

import numpy as np
import pytest

import croupier._kernels_cpu as K
from croupier import hands

ALL_SEVEN = 133_784_560
# Every 7-card hand by category, high card first (standard counts, e.g. Wikipedia's
# "Poker probability", 7-card table); croupier's enumeration must find these.
SEVEN_CARD_CATEGORIES = [
    23_294_460,
    58_627_800,
    31_433_400,
    6_461_620,
    6_180_020,
    4_047_644,
    3_473_184,
    224_848,
    41_584,
]


def colex(k: int, n: int) -> np.ndarray:
    """Every k-card subset of 0..n-1 in colex order (by highest card, then the next ...):
    the subsets of 0..m-1 are the first comb(m, k) rows, for every m <= n."""
    rows = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for j in range(2, k + 1):
        parts = [
            np.hstack([rows[: comb(top, j - 1)], np.full((comb(top, j - 1), 1), top, np.uint8)])
            for top in range(j - 1, n)
        ]
        rows = np.concatenate(parts)
    return rows


def seven_card_blocks() -> Iterator[np.ndarray]:
    """Every 7-card hand once, in blocks: the five lower cards under each top pair."""
    five = colex(5, 50)
    for g in range(6, 52):
        for f in range(5, g):
            block = np.empty((comb(f, 5), 7), dtype=np.uint8)
            block[:, :5] = five[: comb(f, 5)]
            block[:, 5] = f
            block[:, 6] = g
            yield block


def same(kind: int, cpu: Callable[[np.ndarray], np.ndarray], rows: np.ndarray) -> None:
    values, bad = K.rows(kind, np.ascontiguousarray(rows))
    assert not bad
    expected = cpu(rows)
    if not np.array_equal(values, expected):
        i = int(np.flatnonzero(values != expected)[0])
        raise AssertionError(f"kind {kind}, row {rows[i].tolist()}: {values[i]} != {expected[i]}")


def deal(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """n rows of k distinct card codes, uniformly: rows that repeat a card are drawn again."""
    cards = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while todo.size:
        ordered = np.sort(cards[todo], axis=1)
        todo = todo[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        cards[todo] = rng.integers(0, 52, size=(todo.size, k), dtype=np.uint8)
    return cards


def test_colex_lists_every_subset_once() -> None:
    rows = colex(3, 8)
    assert len(rows) == comb(8, 3) == len({tuple(r) for r in rows.tolist()})
    assert all(list(r) == sorted(r) for r in rows.tolist())
    assert rows[: comb(5, 3)].max() == 4


@pytest.mark.slow
def test_every_seven_card_hand() -> None:
    counts = np.zeros(9, dtype=np.int64)
    seen = 0
    for block in seven_card_blocks():
        values, bad = K.rows(K.HIGH, block)
        assert not bad
        expected = hands.high(block)
        assert np.array_equal(values, expected), block[values != expected][:3].tolist()
        counts += np.bincount(hands.category(expected), minlength=9)
        same(K.ACE_TO_FIVE, hands.ace_to_five_low, block)
        same(K.EIGHT, hands.eight_or_better_low, block)
        seen += len(block)
    assert seen == ALL_SEVEN
    assert counts.tolist() == SEVEN_CARD_CATEGORIES


@pytest.mark.slow
def test_every_six_card_hand() -> None:
    five = colex(5, 51)
    seen = 0
    for top in range(5, 52):
        block = np.empty((comb(top, 5), 6), dtype=np.uint8)
        block[:, :5] = five[: comb(top, 5)]
        block[:, 5] = top
        same(K.HIGH, hands.high, block)
        same(K.ACE_TO_FIVE, hands.ace_to_five_low, block)
        same(K.EIGHT, hands.eight_or_better_low, block)
        same(K.DEUCE_TO_SEVEN, hands.deuce_to_seven_low, block)
        seen += len(block)
    assert seen == comb(52, 6)


@pytest.mark.slow
def test_enumeration_counts_every_seven_card_hand_by_category() -> None:
    counts = K.enumerate_high7()
    assert counts.tolist() == SEVEN_CARD_CATEGORIES
    assert int(counts.sum()) == ALL_SEVEN


def test_every_five_card_hand_every_kind() -> None:
    five = colex(5, 52)
    assert len(five) == comb(52, 5)
    same(K.HIGH, hands.high, five)
    same(K.ACE_TO_FIVE, hands.ace_to_five_low, five)
    same(K.EIGHT, hands.eight_or_better_low, five)
    same(K.DEUCE_TO_SEVEN, hands.deuce_to_seven_low, five)


def test_every_badugi_hand() -> None:
    four = colex(4, 52)
    same(K.BADUGI, hands.badugi, four)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_short_deck_hand(k: int) -> None:
    rows = colex(k, 36) + 16  # sixes (codes 16..19) to aces
    same(K.SHORT_DECK, hands.short_deck_high, rows)
    same(
        K.SHORT_DECK_TRIPS,
        lambda r: hands.short_deck_high(r, trips_beat_straight=True),
        rows,
    )


@pytest.mark.parametrize(
    ("k", "rows"), [(6, 500_000), pytest.param(7, 10_000_000, marks=pytest.mark.slow)]
)
def test_deuce_to_seven_random(k: int, rows: int) -> None:
    rng = np.random.default_rng(29 + k)
    for start in range(0, rows, 1_000_000):
        block = deal(rng, min(1_000_000, rows - start), k)
        same(K.DEUCE_TO_SEVEN, hands.deuce_to_seven_low, block)
        if k == 6:
            same(K.HIGH, hands.high, block)
            same(K.ACE_TO_FIVE, hands.ace_to_five_low, block)
            same(K.EIGHT, hands.eight_or_better_low, block)


@pytest.mark.parametrize(
    ("nh", "nb", "rows"),
    [(nh, nb, 500_000) for nh in (4, 5, 6) for nb in (3, 4, 5) if (nh, nb) != (4, 5)]
    + [pytest.param(4, 5, 10_000_000, marks=pytest.mark.slow)],
)
def test_omaha_random(nh: int, nb: int, rows: int) -> None:
    rng = np.random.default_rng(100 * nh + nb)
    for start in range(0, rows, 1_000_000):
        block = deal(rng, min(1_000_000, rows - start), nh + nb)
        hole, board = np.ascontiguousarray(block[:, :nh]), np.ascontiguousarray(block[:, nh:])
        for low, cpu in ((False, hands.omaha_high), (True, hands.omaha_eight_or_better_low)):
            values, bad = K.omaha_rows(low, hole, board)
            assert not bad
            assert np.array_equal(values, cpu(hole, board)), (nh, nb, low)


def slow_bad(row: list[int], short: bool) -> bool:
    """A row is not a hand: a card twice, a code past 51, a card the short deck lacks."""
    return len(set(row)) < len(row) or max(row) > 51 or (short and min(row) < 16)


@pytest.mark.parametrize(
    ("kind", "k"),
    [(K.HIGH, 7), (K.HIGH, 5), (K.EIGHT, 6), (K.DEUCE_TO_SEVEN, 7), (K.BADUGI, 4),
     (K.SHORT_DECK, 7), (K.SHORT_DECK_TRIPS, 5)],
)  # fmt: skip
def test_bad_rows_are_marked_and_flagged(kind: int, k: int) -> None:
    rng = np.random.default_rng(kind * 10 + k)
    rows = rng.integers(0, 60, size=(20_000, k), dtype=np.uint8)
    rows[:5] = [255, *range(k - 1)]  # the byte any code past 51 becomes
    short = kind in (K.SHORT_DECK, K.SHORT_DECK_TRIPS)
    values, bad = K.rows(kind, rows)
    marked = values == K.BAD_ROW
    expected = np.array([slow_bad(r, short) for r in rows.tolist()])
    assert np.array_equal(marked, expected)
    assert bad == bool(expected.any())
    good = rows[~expected]
    cpu = {
        K.HIGH: hands.high,
        K.EIGHT: hands.eight_or_better_low,
        K.DEUCE_TO_SEVEN: hands.deuce_to_seven_low,
        K.BADUGI: hands.badugi,
        K.SHORT_DECK: hands.short_deck_high,
        K.SHORT_DECK_TRIPS: lambda r: hands.short_deck_high(r, trips_beat_straight=True),
    }[kind]
    assert np.array_equal(values[~expected], cpu(good))
    values, bad = K.rows(kind, np.ascontiguousarray(good))
    assert not bad


def test_bad_omaha_rows_are_marked_and_flagged() -> None:
    rng = np.random.default_rng(7)
    block = rng.integers(0, 56, size=(20_000, 9), dtype=np.uint8)
    hole, board = np.ascontiguousarray(block[:, :4]), np.ascontiguousarray(block[:, 4:])
    expected = np.array([slow_bad(r, False) for r in block.tolist()])
    for low, cpu in ((False, hands.omaha_high), (True, hands.omaha_eight_or_better_low)):
        values, bad = K.omaha_rows(low, hole, board)
        assert bad and np.array_equal(values == K.BAD_ROW, expected)
        assert np.array_equal(values[~expected], cpu(hole[~expected], board[~expected]))


def test_refuses_shapes_the_kernels_do_not_take() -> None:
    with pytest.raises(ValueError, match="does not take 4 cards"):
        K.rows(K.HIGH, np.zeros((1, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="unknown kind"):
        K.rows(9, np.zeros((1, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="hole needs"):
        K.omaha_rows(False, np.zeros((1, 3), dtype=np.uint8), np.zeros((1, 3), dtype=np.uint8))
    assert K.rows(K.HIGH, np.zeros((0, 7), dtype=np.uint8))[0].shape == (0,)


# ----------------------------------------------------------------------------
# Equity: the CPU build of kernels/equity.h against the Cython core
# ----------------------------------------------------------------------------


def random_spot(rng: np.random.Generator, players: int, board: int, dead: int, matchups: int):
    deck = rng.permutation(52).astype(np.uint8)
    known, gone, rest = deck[:board], deck[board : board + dead], deck[board + dead :]
    holes = np.stack(
        [rng.permutation(rest)[: 2 * players].reshape(players, 2) for _ in range(matchups)]
    ).astype(np.uint8)
    return holes, known, gone


@pytest.mark.parametrize("board", [0, 3, 4, 5])
@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_exact_equity_equals_the_cython_kernel(board: int, players: int) -> None:
    from croupier import _equity_kernels, gpu

    rng = np.random.default_rng(100 * board + players)
    spots = 4 if board == 0 and players > 3 else 25
    for _ in range(spots):
        holes, known, gone = random_spot(rng, players, board, int(rng.integers(0, 4)), 2)
        expected, boards = _equity_kernels.holdem_exact(holes, known, gone, 1)
        means, counted = gpu.holdem_exact(holes, known, gone, on_device=False)
        assert np.array_equal(counted, boards)
        assert np.abs(means - expected).max() < 1e-12


def test_exact_equity_boards_that_flush_every_way() -> None:
    """Suited hands on suited boards: every flush correction (board suit counts 0..5)."""
    from croupier import _equity_kernels, gpu, parse_cards

    empty = np.zeros(0, np.uint8)
    for hands_, board in [
        (["AhKh", "QhJh"], ""), (["AhKh", "2h3h", "As2s"], "4h5h"),
        (["AhKh", "QhJh"], "2h3h4h"), (["Ah2c", "KhQh"], "3h4h5h6h"),
        (["AsKd", "QcJc"], "2h3h4h5h9h"), (["Ah2c", "Kh3c", "Qh4c"], "5h6h7h"),
    ]:  # fmt: skip
        holes = np.array([[parse_cards(h) for h in hands_]], dtype=np.uint8)
        known = np.array(parse_cards(board), dtype=np.uint8)
        expected, boards = _equity_kernels.holdem_exact(holes, known, empty, 1)
        means, counted = gpu.holdem_exact(holes, known, empty, on_device=False)
        assert np.array_equal(counted, boards) and np.abs(means - expected).max() < 1e-12


@pytest.mark.parametrize(
    ("holes", "board", "dead"),
    [
        ([[[51, 50], [0, 1]]], [2, 2, 3], []),  # a board card twice
        ([[[51, 50], [0, 1]]], [2, 3, 60], []),  # past 51
        ([[[51, 50], [0, 1]]], [2, 3, 4], [4]),  # dead on the board
        ([[[51, 50], [0, 1]], [[51, 50], [50, 1]]], [2, 3, 4], []),  # match-up 1 repeats
        ([[[51, 50], [0, 2]]], [2, 3, 4], []),  # a hole card on the board
        ([[[51, 50, 49]]], [], []),  # three cards a hand
        ([[[51, 50]]], [], []),  # one player
    ],
)
def test_exact_equity_refuses_what_the_cython_kernel_refuses(holes, board, dead) -> None:
    from croupier import _equity_kernels, gpu

    args = [np.array(holes, np.uint8), np.array(board, np.uint8), np.array(dead, np.uint8)]
    with pytest.raises(ValueError) as cython:
        _equity_kernels.holdem_exact(*args, 1)
    with pytest.raises(ValueError) as shared:
        gpu.holdem_exact(*args, on_device=False)
    if np.array(holes).shape[1] >= 2:  # the player count's message names the GPU's limit
        assert str(shared.value) == str(cython.value)


def test_sampled_tallies_are_the_same_however_the_deals_are_cut() -> None:
    from croupier import gpu

    combos = np.array([[51, 50], [47, 46], [47, 45], [3, 7]], dtype=np.uint8)
    starts = np.array([0, 1, 4], dtype=np.int64)
    cum = np.concatenate([gpu.thresholds(np.ones(1)), gpu.thresholds(np.array([1.0, 2, 0.5]))])
    board = np.array([0], dtype=np.uint8)
    whole, _ = K.holdem_sampled_tallies(combos, starts, cum, board, 1, 99, 0, 10_000, 7)
    left, _ = K.holdem_sampled_tallies(combos, starts, cum, board, 1, 99, 0, 3_333, 256)
    right, _ = K.holdem_sampled_tallies(combos, starts, cum, board, 1, 99, 3_333, 6_667, 1)
    assert np.array_equal(whole, left + right)
    other, _ = K.holdem_sampled_tallies(combos, starts, cum, board, 1, 100, 0, 10_000, 7)
    assert not np.array_equal(whole, other)  # another key, other deals


def test_sampled_equity_is_the_exact_one_within_its_error() -> None:
    """Weighted ranges with card removal, a flop: Monte Carlo within 4.5 standard errors."""
    from croupier import NO_LIMIT, TexasHoldem, equity, gpu, parse_range

    game = TexasHoldem(NO_LIMIT)
    ranges = ["QQ+, AKs:0.5, KQs:0.25", "JJ-99, AQs, KQs"]
    exact = equity(game, ranges, board="Ks7d2c", exact=True)
    parsed = [parse_range(r).without(parse_cards_list("Ks7d2c")) for r in ranges]
    combos = np.array([c for r in parsed for c, _ in r], dtype=np.uint8)
    starts = np.cumsum([0] + [len(r) for r in parsed])
    weights = np.array([w for r in parsed for _, w in r])
    board = np.array(parse_cards_list("Ks7d2c"), dtype=np.uint8)
    sums, deals = gpu.holdem_sampled(
        combos, starts, weights, board, np.zeros(0, np.uint8), 400_000, 5, on_device=False
    )
    mean = sums[0] / deals
    stderr = np.sqrt(np.maximum(sums[5] / deals - mean**2, 0) / deals)
    assert (np.abs(mean - np.array(exact.equity)) < 4.5 * stderr).all(), (mean, exact.equity)


def parse_cards_list(text: str) -> list[int]:
    from croupier import parse_cards

    return list(parse_cards(text))


def test_sampled_equity_gives_up_on_ranges_that_never_fit() -> None:
    from croupier import gpu

    combos = np.array([[51, 50], [51, 49]], dtype=np.uint8)  # AsAh v AsAd: always a clash
    with pytest.raises(ValueError, match="share cards too often"):
        gpu.holdem_sampled(combos, np.array([0, 1, 2]), np.ones(2), np.zeros(0, np.uint8),
                           np.zeros(0, np.uint8), 10, 1, on_device=False)  # fmt: skip


def test_the_equity_wrappers_refuse_what_would_read_out_of_bounds() -> None:
    from croupier import gpu

    five = gpu.rank_multisets(5)
    with pytest.raises(ValueError, match=r"0\.\.51"):
        K.holdem_tallies(np.array([[[60, 1], [2, 3]]], np.uint8), np.zeros(0, np.uint8), 0, five, 8)
    combos = np.array([[51, 50], [0, 1]], dtype=np.uint8)
    cum = np.array([1 << 53, 1 << 53], dtype=np.uint64)
    empty = np.zeros(0, np.uint8)
    for starts in ([0, 2, 2], [0, 1, 3], [1, 1, 2]):
        with pytest.raises(ValueError, match="starts must cut"):
            K.holdem_sampled_tallies(combos, np.array(starts, np.int64), cum, empty, 0, 1, 0, 5, 1)
    # a multiset with a count past 4 (never made by rank_multisets) weighs nothing
    odd = np.array([7 | 7 << 3], dtype=np.uint64)
    holes = np.array([[[51, 50], [0, 1]]], np.uint8)
    assert not K.holdem_tallies(holes, np.array([2, 3], np.uint8), 0, odd, 1).any()
