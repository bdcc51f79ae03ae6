"""pytest-benchmark suite for croupier.hands.

Run ``pytest bench`` to time, ``pytest bench --benchmark-disable`` for a smoke
test (each benchmark runs once and checks its result).  For every function:

* ``call``: a list of ``CALL_HANDS`` hands evaluated one Python call each;
* ``batch``: one call on a ``(BATCH_ROWS, k)`` uint8 array, ``threads=1`` and ``2``.

Short-deck cases deal from the 36-card deck (sixes to aces).

Hands per second of the best round are printed at the end of a timed run and
kept in ``extra_info`` (``--benchmark-json``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest
from compare_peers import SEED, deal

from croupier import hands

if TYPE_CHECKING:
    from conftest import PerHand

BATCH_ROWS = 1_000_000
CALL_HANDS = 100_000


@dataclass(frozen=True)
class Case:
    """One function on one shape of deal: ``hole`` cards, then ``board`` cards (Omaha)."""

    name: str
    fn: Callable[..., Any]
    hole: int
    board: int
    lo: int
    hi: int
    short: bool = False  # dealt from the 36-card short deck

    @property
    def omaha(self) -> bool:
        return self.board > 0


CASES = [
    Case("high-7", hands.high, 7, 0, 1, 7462),
    Case("high-5", hands.high, 5, 0, 1, 7462),
    Case("ace_to_five_low-7", hands.ace_to_five_low, 7, 0, 1, 6175),
    Case("eight_or_better_low-7", hands.eight_or_better_low, 7, 0, 0, 56),
    Case("omaha_high-4+5", hands.omaha_high, 4, 5, 1, 7462),
    Case("omaha_high-5+5", hands.omaha_high, 5, 5, 1, 7462),
    Case("omaha_eight_or_better_low-4+5", hands.omaha_eight_or_better_low, 4, 5, 0, 56),
    Case("deuce_to_seven_low-5", hands.deuce_to_seven_low, 5, 0, 1, 7462),
    Case("deuce_to_seven_low-7", hands.deuce_to_seven_low, 7, 0, 1, 7462),
    Case("badugi-4", hands.badugi, 4, 0, 1, 1092),
    Case("short_deck_high-7", hands.short_deck_high, 7, 0, 1, 1404, short=True),
    Case("short_deck_high-5", hands.short_deck_high, 5, 0, 1, 1404, short=True),
    Case(
        "short_deck_high-7-trips",
        partial(hands.short_deck_high, trips_beat_straight=True),
        7,
        0,
        1,
        1404,
        short=True,
    ),
]
CASE_IDS = [case.name for case in CASES]


@pytest.fixture(scope="session")
def full_deals() -> np.ndarray:
    """``BATCH_ROWS`` deals of 10 distinct cards each (enough for 5 hole + 5 board)."""
    return deal(np.random.default_rng(SEED), BATCH_ROWS, 10)


@pytest.fixture(scope="session")
def short_deals() -> np.ndarray:
    """``BATCH_ROWS`` deals of 7 distinct cards of the 36-card deck (codes 16..51)."""
    return deal(np.random.default_rng(SEED), BATCH_ROWS, 7, 36) + np.uint8(16)


@pytest.fixture
def deals(case: Case, request: pytest.FixtureRequest) -> np.ndarray:
    """The deals of ``case``'s deck."""
    rows: np.ndarray = request.getfixturevalue("short_deals" if case.short else "full_deals")
    return rows


def _split(case: Case, rows: np.ndarray) -> tuple[np.ndarray, ...]:
    if case.omaha:
        hole = np.ascontiguousarray(rows[:, : case.hole])
        board = np.ascontiguousarray(rows[:, 5 : 5 + case.board])
        return hole, board
    return (np.ascontiguousarray(rows[:, : case.hole]),)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_call(case: Case, deals: np.ndarray, per_hand: PerHand) -> None:
    """One Python call per hand, the cards as a list of int codes."""
    arrays = _split(case, deals[:CALL_HANDS])
    fn = case.fn
    if case.omaha:
        holes, boards = (a.tolist() for a in arrays)

        def loop() -> list[int]:
            return [fn(h, b) for h, b in zip(holes, boards, strict=True)]

    else:
        cards = arrays[0].tolist()

        def loop() -> list[int]:
            return [fn(c) for c in cards]

    values = per_hand(CALL_HANDS, loop)
    assert len(values) == CALL_HANDS
    assert type(values[0]) is int
    assert case.lo <= min(values) and max(values) <= case.hi
    # the same hands through the batch path give the same values
    assert values[:1000] == case.fn(*(a[:1000] for a in arrays), threads=1).tolist()


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_batch(case: Case, threads: int, deals: np.ndarray, per_hand: PerHand) -> None:
    """One call on a ``(BATCH_ROWS, k)`` uint8 array (GIL released, ``threads`` cores)."""
    arrays = _split(case, deals)
    values = per_hand(BATCH_ROWS, case.fn, *arrays, threads=threads)
    assert values.shape == (BATCH_ROWS,)
    assert values.dtype == np.uint16
    assert case.lo <= values.min() and values.max() <= case.hi
