"""Complete hands per second on the betting-state machine (pytest-benchmark).

Issue 4's target: at least 20,000 six-max check-down hands a second; issue
14's: at least 10,000 six-max hands a second of each draw game, random play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import hand_play
import pytest

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


@pytest.mark.parametrize("name", list(hand_play.DRAW_GAMES))
def test_draw_game_random_play(per_hand: PerHand, name: str) -> None:
    # Issue 14's target: at least 10,000 complete six-max draw hands a second.
    result = per_hand(N, hand_play.draw_play, N, hand_play.DRAW_GAMES[name], 6)
    assert isinstance(result, int)
