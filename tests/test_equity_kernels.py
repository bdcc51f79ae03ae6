"""Direct calls of the compiled Hold'em equity kernels with bad input: a clear
ValueError, never a crash or a read outside a table."""

from __future__ import annotations

import numpy as np
import pytest

from croupier import _equity_kernels as equity_kernels
from croupier import parse_cards


def cards(text: str) -> np.ndarray:
    return np.array(parse_cards(text), dtype=np.uint8)


def holes(*hands: str) -> np.ndarray:
    return np.array([[parse_cards(h) for h in hands]], dtype=np.uint8)


NONE = np.zeros(0, dtype=np.uint8)


@pytest.mark.parametrize(
    ("match_ups", "board", "dead", "message"),
    [
        (np.array([[[99, 3], [4, 5]]], dtype=np.uint8), NONE, NONE, "match-up 0"),
        (holes("AhKh", "AhQc"), NONE, NONE, "match-up 0"),
        (holes("AhKh", "QdQc"), cards("2c3c4c5c6c7c"), NONE, "board has 5 cards"),
        (holes("AhKh", "QdQc"), cards("2c2c"), NONE, "board"),
        (holes("AhKh", "QdQc"), cards("2c"), cards("2c"), "dead card"),
        (holes("AhKh", "QdQc"), NONE, np.array([200], dtype=np.uint8), "dead card"),
        (holes("AhKh"), NONE, NONE, "2 to 23 players"),
        (np.zeros((1, 24, 2), dtype=np.uint8), NONE, NONE, "2 to 23 players"),
        (np.zeros((1, 2, 3), dtype=np.uint8), NONE, NONE, "2 cards"),
        (holes("AhKh", "QdQc"), NONE, np.arange(4, 52, dtype=np.uint8)[4:], "too few cards"),
    ],
)
def test_exact_kernel_refuses_bad_cards_and_shapes(
    match_ups: np.ndarray, board: np.ndarray, dead: np.ndarray, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        equity_kernels.holdem_exact(match_ups, board, dead, 1)


def test_exact_kernel_with_no_match_up_returns_empty_arrays() -> None:
    means, boards = equity_kernels.holdem_exact(np.zeros((0, 2, 2), np.uint8), NONE, NONE, 2)
    assert means.shape == (0, 6, 2) and boards.shape == (0,)


def test_exact_kernel_on_a_full_board_counts_one_board() -> None:
    means, boards = equity_kernels.holdem_exact(holes("AhKh", "QdQc"), cards("Qs2c7d9hTc"), NONE, 1)
    assert boards.tolist() == [1]
    assert means[0, 0].tolist() == [0.0, 1.0]  # trips queens against ace high


@pytest.mark.parametrize(
    ("hand_rows", "board", "stub", "missing", "message"),
    [
        (np.array([[99, 3], [4, 5]], dtype=np.uint8), NONE, cards("2c3c4c5c6c"), 5, "0..51"),
        (holes("AhKh", "QdQc")[0], NONE, cards("2c3c4c5cAh"), 5, "twice"),
        (holes("AhKh", "QdQc")[0], NONE, cards("2c3c4c"), 5, "cannot deal"),
        (holes("AhKh", "QdQc")[0], cards("2c"), cards("3c4c5c6c7c"), 5, "board of 5"),
        (np.zeros((2, 3), dtype=np.uint8), NONE, cards("2c3c4c5c6c"), 5, "2 hole cards"),
    ],
)
def test_sampling_kernel_refuses_bad_cards_and_shapes(
    hand_rows: np.ndarray, board: np.ndarray, stub: np.ndarray, missing: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        equity_kernels.holdem_sampled(hand_rows, board, stub, missing, 1, 100)


def ranged(*blocks: list[tuple[str, float]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(combos, starts, weights) of players' blocks of (two cards, weight)."""
    combos = np.array([parse_cards(c) for block in blocks for c, _ in block], dtype=np.uint8)
    starts = np.cumsum([0] + [len(b) for b in blocks], dtype=np.int64)
    weights = [w for block in blocks for _, w in block]
    return combos, starts, np.array(weights, dtype=np.float64)


@pytest.mark.parametrize(
    ("blocks", "board", "message"),
    [
        (([("AhKh", 1.0)], [("QdQd", 1.0)]), NONE, "combination 1"),
        (([("AhKh", 1.0)], [("QdQc", 0.0)]), NONE, "player 2: weights"),
        (([("AhKh", 1.0)], [("QdQc", float("nan"))]), NONE, "player 2: weights"),
        (([("AhKh", 1.0)], [("QdQc", float("inf"))]), NONE, "player 2: weights"),
        (([("AhKh", 1.0)], [("QdQc", -1.0)]), NONE, "player 2: weights"),
        (([("AhKh", 1.0)],), NONE, "2 to 23 players"),
        (([("AhKh", 1.0)], [("QdQc", 1.0)]), cards("2c2c"), "board or dead"),
        (([("AhKh", 1.0)], [("QdQc", 1.0)]), cards("2c3c4c5c6c7c"), "board of 5"),
    ],
)
def test_range_sampling_kernel_refuses_bad_ranges(
    blocks: tuple[list[tuple[str, float]], ...], board: np.ndarray, message: str
) -> None:
    combos, starts, weights = ranged(*blocks)
    with pytest.raises(ValueError, match=message):
        equity_kernels.holdem_range_sampled(combos, starts, weights, board, NONE, 1, 100)


@pytest.mark.parametrize(
    ("starts", "message"),
    [
        ([0, 1, 3], "starts and weights"),
        ([1, 1, 2], "starts and weights"),
        ([0, 0, 2], "player 1 has no"),
        ([0, 5, 2], "player 2 has no"),  # block 1 would run past the combinations
    ],
)
def test_range_sampling_kernel_refuses_starts_that_do_not_cover_the_combinations(
    starts: list[int], message: str
) -> None:
    combos, _, weights = ranged([("AhKh", 1.0)], [("QdQc", 1.0)])
    with pytest.raises(ValueError, match=message):
        equity_kernels.holdem_range_sampled(
            combos, np.array(starts, dtype=np.int64), weights, NONE, NONE, 1, 10
        )


def test_range_sampling_kernel_gives_up_when_no_deal_exists() -> None:
    combos, starts, weights = ranged([("AhKh", 1.0)], [("AhQc", 1.0)])
    with pytest.raises(ValueError, match="cannot be dealt together"):
        equity_kernels.holdem_range_sampled(combos, starts, weights, NONE, NONE, 1, 10)


@pytest.mark.parametrize("kernel", ["exact", "sampled"])
@pytest.mark.parametrize(
    ("hand_rows", "board", "stub", "missing", "message"),
    [
        (
            np.array([[99, 1, 2, 3], [4, 5, 6, 7]], dtype=np.uint8),
            NONE,
            cards("2c3c4c5c6c"),
            5,
            "0..51",
        ),
        (
            np.array([[8, 1, 2, 3], [4, 5, 6, 8]], dtype=np.uint8),
            NONE,
            cards("Ac2s3s4s5s"),
            5,
            "twice",
        ),
        (np.zeros((2, 7), dtype=np.uint8), NONE, cards("2c3c4c5c6c"), 5, "2 to 6 cards"),
        (np.zeros((1, 4), dtype=np.uint8), NONE, cards("2c3c4c5c6c"), 5, "2 to 23 players"),
        (
            np.array([[8, 9, 10, 11], [12, 13, 14, 15]], dtype=np.uint8),
            cards("2c"),
            cards("7c8c9c"),
            4,
            "cannot complete",
        ),
        (
            np.array([[8, 9, 10, 11], [12, 13, 14, 15]], dtype=np.uint8),
            cards("2c"),
            cards("7c8c9cTc"),
            5,
            "cannot complete",
        ),
    ],
)
def test_omaha_kernels_refuse_bad_cards_and_shapes(
    kernel: str,
    hand_rows: np.ndarray,
    board: np.ndarray,
    stub: np.ndarray,
    missing: int,
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        if kernel == "exact":
            equity_kernels.omaha_exact(hand_rows, board, stub, missing, True, 2)
        else:
            equity_kernels.omaha_sampled(hand_rows, board, stub, missing, True, 1, 100)


@pytest.mark.parametrize("kernel", ["exact", "sampled"])
@pytest.mark.parametrize(
    ("held", "starts", "stub", "message"),
    [
        (np.array([99, 1, 2, 3], dtype=np.uint8), [0, 2, 4], cards("9s9h"), "0..51"),
        (cards("As2d3cAs"), [0, 3, 4], cards("9s9h"), "twice"),
        (cards("As2d3cKs"), [0, 3, 4], cards("9s9h"), "cannot complete"),
        (cards("As2d3cKs"), [0, 4], cards("9s9h"), "2 to 23 players"),
        (cards("As2d3cKs"), [0, 5, 4], cards("9s9h"), "player 2 must hold 0 to 7"),
        (cards("As2d3cKs"), [0, 0, 4], cards("9s9h"), "cannot complete"),  # 0: none known
        (cards("As2d3cKs"), [0, 2, 3], cards("9s9h"), "starts must cover"),
        (cards("As2d3cKs5h6h7h8h"), [0, 0, 8], cards("9s9h"), "player 2 must hold"),
    ],
)
def test_stud_kernels_refuse_bad_cards_and_shapes(
    kernel: str, held: np.ndarray, starts: list[int], stub: np.ndarray, message: str
) -> None:
    start_array = np.array(starts, dtype=np.int64)
    with pytest.raises(ValueError, match=message):
        if kernel == "exact":
            equity_kernels.stud_exact(held, start_array, stub, True, False)
        else:
            equity_kernels.stud_sampled(held, start_array, stub, False, True, 1, 100)
