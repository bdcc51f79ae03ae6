"""Dead money (a big-blind ante, dead blinds) goes to the main pot (docs/rules.md §3.1, §3.3, §6.5).

Worked by hand: dead chips are nobody's bet, so they are not layered and never
returned as uncalled; every player still in may win them with the main pot.
"""

from __future__ import annotations

import pytest

from croupier.pots import Pot, award, settle, side_pots


def test_dead_money_joins_the_main_pot() -> None:
    # A 200 all-in, B 500, C 500 (seed 001 without D) plus 120 of big-blind ante.
    assert side_pots([200, 500, 500], [False] * 3, dead=120) == [
        Pot(720, (0, 1, 2)),
        Pot(600, (1, 2)),
    ]


def test_dead_money_goes_to_the_main_pot_winner_not_back_to_its_payer() -> None:
    # The big blind (seat 0) paid a 120 ante and raised to 875, the button
    # (seat 1) shoved and the big blind folded: 875 each is called, the ante is
    # dead money in the pot the button wins: 875 + 875 + 120.
    assert award([875, 875], [True, False], high=[None, 1], dead=120) == [0, 1870]


def test_dead_money_is_split_like_the_main_pot_in_hi_lo() -> None:
    # Main pot 3 x 100 + 31 dead = 331: high half 166 (odd chip), low half 165.
    got = award([100, 100, 100], [False] * 3, high=[3, 2, 1], low=[0, 0, 5], dead=31)
    assert got == [166, 0, 165]


def test_dead_money_with_no_bets_forms_a_pot_for_everyone_still_in() -> None:
    assert side_pots([0, 0, 0], [False, True, False], dead=9) == [Pot(9, (0, 2))]
    assert award([0, 0, 0], [False, True, False], high=[1, None, 1], dead=9) == [5, 0, 4]


def test_settle_reports_dead_money_in_the_main_pot_and_payouts() -> None:
    s = settle([200, 500, 500], [False] * 3, high=[3, 1, 2], dead=120)
    assert s.pots[0] == Pot(720, (0, 1, 2))
    assert s.payouts == (720, 0, 600)
    assert sum(s.payouts) == 1200 + 120


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None])
def test_bad_dead_money_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="dead"):
        award([1, 1], [False, False], high=[1, 2], dead=bad)  # type: ignore[arg-type]


def test_dead_money_is_a_pot_of_its_own_when_a_player_still_in_bet_nothing() -> None:
    # The big blind paid a 3-chip big-blind ante and is all-in on it: no live
    # chips.  The other two put 2 each in the main pot.  The 3 dead chips are a
    # pot every player still in may win; the 4 live chips only the two others.
    assert side_pots([2, 0, 2], [False] * 3, dead=3) == [Pot(3, (0, 1, 2)), Pot(4, (0, 2))]
    # The big blind holds the best hand: it wins the dead pot, seat 2 the main pot.
    assert award([2, 0, 2], [False] * 3, high=[1, 9, 5], dead=3) == [0, 3, 4]
