"""Complete hands per second on the betting-state machine (pytest-benchmark).

Issue 4's target: at least 20,000 six-max check-down hands a second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import hand_play

if TYPE_CHECKING:
    from conftest import PerHand

N = 2_000


def test_six_max_check_down(per_hand: PerHand) -> None:
    result = per_hand(N, hand_play.check_down, N, 6)
    assert isinstance(result, int)


def test_heads_up_all_in_preflop(per_hand: PerHand) -> None:
    result = per_hand(N, hand_play.heads_up_all_in, N)
    assert abs(result) <= 200 * N  # nobody wins more than the stacks


def test_random_legal_play(per_hand: PerHand) -> None:
    result = per_hand(N, hand_play.random_play, N, 6)
    assert isinstance(result, int)
