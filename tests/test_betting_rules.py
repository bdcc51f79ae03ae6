"""Rule tests of the betting-state machine (``croupier.Hand``) against docs/rules.md §3-§6.

Every situation (1-12) and question (1-13) of seed 000 ("raise rights",
minimum raise, short all-ins, re-opening) and the quiz Q1-Q4 of seed 001
(No-Limit Hold'em flow, side pots) is played through a ``Hand`` here; the
comment of each test gives the seed's question and answer (translated), and the
assertions check the engine against that answer.  Everything else is worked out
by hand from docs/rules.md in the comments; no expected value was copied from the
engine's own output.

Seats are numbered clockwise from the left of the button, the button is the
last seat: at a 6-max table seat 0 = SB, 1 = BB, 2 = UTG, 3 = HJ, 4 = CO,
5 = BTN.  A player "all-in for 8" is given a stack of 8 (blinds included).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from driving import act, play, refused

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Hand, IllegalAction, parse_cards
from croupier.actions import lines as phh_lines
from croupier.pots import Pot

SB, BB, UTG, HJ, CO, BTN = range(6)


def table(
    n: int = 6,
    short: dict[int, int] | None = None,
    structure: croupier.Structure = NO_LIMIT,
    blinds: tuple[int, int] = (1, 2),
    stack: int = 100,
    **options: object,
) -> Hand:
    """A fresh hand: ``n`` players with ``stack`` chips, except the ``short`` seats."""
    stacks = [stack] * n
    for seat, amount in (short or {}).items():
        stacks[seat] = amount
    game = croupier.TexasHoldem(structure, blinds, **options)  # type: ignore[arg-type]
    return game.start(stacks, seed=1)


def deck(*holes: str, board: str) -> list[int]:
    """A deck order: the hole cards of seat 0, 1, ... then the five board cards."""
    cards = [c for h in holes for c in parse_cards(h)] + parse_cards(board)
    assert len(cards) == len(set(cards))
    return cards


# ===========================================================================
# Seed 000: minimum raise (situations 1-3, questions 1-4)
# ===========================================================================


def test_seed000_situation1_open_raise_is_at_least_two_big_blinds() -> None:
    # SB 1, BB 2, UTG raises: the smallest open raise is to 4 (2 BB).
    hand = table()
    assert hand.actor == UTG
    assert hand.to_call == 2
    assert hand.min_raise_to == 4
    with pytest.raises(IllegalAction):
        hand.raise_to(3)
    act(hand, UTG, 4)
    assert hand.bets[UTG] == 4


def test_seed000_situation2_min_reraise_adds_the_last_increment_not_double() -> None:
    # UTG to 4 (+2): HJ's minimum 3-bet is to 4 + 2 = 6, not 8.
    hand = play(table(), [(UTG, 4)])
    assert hand.min_raise_to == 6
    act(hand, HJ, 6)
    assert hand.bets[HJ] == 6


def test_seed000_situation3_min_reraise_after_an_open_to_three_big_blinds() -> None:
    # UTG to 6 (+4): HJ may raise to 6 + 4 = 10 or more.
    hand = play(table(), [(UTG, 6)])
    assert hand.min_raise_to == 10
    with pytest.raises(IllegalAction):
        hand.raise_to(9)
    act(hand, HJ, 10)


def test_seed000_q1_min_reraise_after_open_to_five() -> None:
    # Q1: SB 1, BB 2, UTG to 5: HJ's minimum 3-bet?  A1: 8 (5 - 2 = 3; 5 + 3).
    hand = play(table(), [(UTG, 5)])
    assert hand.min_raise_to == 8


def test_seed000_q2_min_reraise_adds_last_increment() -> None:
    # Q2: UTG to 5, HJ 3-bets to 16, CO and BTN fold: SB's minimum 4-bet?
    # A2: 27 (the last increment is 16 - 5 = 11; 16 + 11).
    hand = play(table(), [(UTG, 5), (HJ, 16), (CO, "f"), (BTN, "f")])
    assert hand.actor == SB
    assert hand.to_call == 15
    assert hand.min_raise_to == 27
    with pytest.raises(IllegalAction):
        hand.raise_to(26)


def test_seed000_q3_open_raise_with_blinds_2_5_is_to_two_big_blinds() -> None:
    # Q3: SB 2, BB 5: UTG's minimum open raise?  A3: 10 (2 BB); 8 is not a raise.
    hand = table(blinds=(2, 5))
    assert hand.min_raise_to == 10
    with pytest.raises(IllegalAction):
        hand.raise_to(8)


def test_seed000_q4_min_reraise_with_half_dollar_small_blind() -> None:
    # Q4: SB $0.5, BB $1, UTG to $3: HJ's minimum 3-bet?  A4: $5 (3 - 1 = 2; 3 + 2).
    # Amounts are integer chips, so the test counts in half-dollars: blinds
    # 1/2, UTG to 6, answer 10 half-dollars = $5.
    hand = play(table(blinds=(1, 2)), [(UTG, 6)])
    assert hand.min_raise_to == 10


# ===========================================================================
# Seed 000: raise rights (situations 4-10, questions 5-7)
# ===========================================================================


def test_seed000_situation4_all_in_for_the_exact_raise_is_a_call() -> None:
    # UTG to 6, HJ all-in 6, CO/BTN/SB fold, BB calls 6: the flop comes with
    # 1 + 3 x 6 = 19 in the pot.
    hand = play(
        table(short={HJ: 6}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.street == "flop"
    assert hand.pot == 19
    assert hand.pots == [Pot(19, (BB, UTG, HJ))]


def test_seed000_situation5_short_all_in_call_makes_a_side_pot() -> None:
    # UTG to 6, HJ all-in 5, folds, BB calls 6: main pot SB's 1 + 5 x 3 = 16,
    # side pot the difference 1 x 2 = 2 (BB and UTG only).
    hand = play(
        table(short={HJ: 5}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.street == "flop"
    assert hand.pots == [Pot(16, (BB, UTG, HJ)), Pot(2, (BB, UTG))]


def test_seed000_situation6_short_all_in_above_the_raise_does_not_reopen() -> None:
    # UTG to 6, HJ all-in 8 (less than the minimum 10), folds, BB calls 8:
    # UTG was not raised, so may only call (2 more) or fold.
    hand = play(
        table(short={HJ: 8}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.actor == UTG
    assert hand.to_call == 2
    assert not hand.can_raise
    assert hand.min_raise_to is None and hand.max_raise_to is None


def test_seed000_situation7_full_reraise_after_short_all_in_reopens() -> None:
    # UTG to 6, HJ all-in 8, folds, BB 3-bets to 20: UTG was raised, so UTG may raise.
    # By hand: BB added 20 - 8 = 12, the largest increment of the round, so
    # the minimum is 20 + 12 = 32.
    hand = play(
        table(short={HJ: 8}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, 20)],
    )
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 14
    assert hand.min_raise_to == 32


def test_seed000_situation8_reraise_after_a_call_reopens() -> None:
    # UTG to 6, HJ calls 6, folds, BB 3-bets to 20: UTG may raise (20 - 6 = 14,
    # so by hand the minimum is 20 + 14 = 34).
    hand = play(table(), [(UTG, 6), (HJ, "c"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, 20)])
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.min_raise_to == 34


def test_seed000_situation9_blind_all_in_for_less_still_counts_as_full_blind() -> None:
    # SB 1, BB posts all-in for 1: UTG may raise (UTG has not acted).  RULES §3:
    # the amount to call is still the full big blind and the minimum raise is to 4.
    hand = table(short={BB: 1})
    assert hand.stacks[BB] == 0 and hand.bets[BB] == 1
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 2
    assert hand.min_raise_to == 4
    with pytest.raises(IllegalAction):
        hand.raise_to(3)


def test_seed000_situation10_big_blind_who_has_not_acted_may_raise() -> None:
    # UTG all-in for 1 (less than a big blind), HJ/CO/BTN fold, SB calls 2:
    # the BB has not acted, so the BB may raise (or check).
    hand = play(
        table(short={UTG: 1}),
        [(UTG, "a"), (HJ, "f"), (CO, "f"), (BTN, "f"), (SB, "c")],
    )
    assert hand.actor == BB
    assert hand.can_check
    assert hand.to_call == 0
    assert hand.can_raise
    assert hand.min_raise_to == 4


def test_seed000_q5_all_in_that_is_a_full_raise_reopens() -> None:
    # Q5: UTG to 6, HJ all-in 15, folds, BB calls 15: does UTG have raise rights?
    # A5: yes, HJ's all-in was a raise (15 >= 10).  By hand: increment 9, min 24.
    hand = play(
        table(short={HJ: 15}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 9
    assert hand.min_raise_to == 24


def test_seed000_q6_no_raise_when_nobody_left_to_act() -> None:
    # Q6: UTG to 6, HJ all-in 8, folds, BB all-in 36: does UTG have raise rights?
    # A6: no: nobody after UTG has an action left (HJ and BB are all-in).
    hand = play(
        table(short={HJ: 8, BB: 36}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "a")],
    )
    assert hand.actor == UTG
    assert hand.to_call == 30
    assert not hand.can_raise
    assert hand.min_raise_to is None
    with pytest.raises(IllegalAction):
        hand.all_in()


def test_seed000_q7_two_short_all_ins_below_a_full_raise_do_not_reopen() -> None:
    # Q7: UTG to 6, HJ all-in 7, CO/BTN fold, SB all-in 9, BB calls 9: raise rights
    # for UTG?  A7: no; SB's all-in was not a raise either (9 < 7 + 4), and in
    # total UTG faces 9 - 6 = 3 < 4.
    hand = play(
        table(short={HJ: 7, SB: 9}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "a"), (BB, "c")],
    )
    assert hand.actor == UTG
    assert hand.to_call == 3
    assert not hand.can_raise


# ===========================================================================
# Seed 000: short all-ins and the minimum raise (situation 11, questions 8-10)
# ===========================================================================


def test_seed000_situation11_min_raise_after_short_all_in_adds_last_full_increment() -> None:
    # UTG to 6, HJ all-in 8, CO/BTN/SB fold: the BB (not yet acted) may raise;
    # the minimum is 8 + 4 = 12 (the short all-in plus the last full increment).
    hand = play(table(short={HJ: 8}), [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f")])
    assert hand.actor == BB
    assert hand.can_raise
    assert hand.min_raise_to == 12
    with pytest.raises(IllegalAction):
        hand.raise_to(10)


def test_seed000_q8_player_yet_to_act_may_raise_over_short_all_in() -> None:
    # Q8: UTG to 6, HJ all-in 7: raise rights for CO and the minimum?
    # A8: yes (CO has not acted), minimum 7 + 4 = 11.
    hand = play(table(short={HJ: 7}), [(UTG, 6), (HJ, "a")])
    assert hand.actor == CO
    assert hand.can_raise
    assert hand.to_call == 7
    assert hand.min_raise_to == 11


def test_seed000_q9_short_all_in_big_blind_does_not_reopen_for_small_blind() -> None:
    # Q9: UTG to 6, HJ all-in 6, CO/BTN fold, SB calls 6, BB all-in 7, UTG calls 7:
    # raise rights for SB?  A9: no, nobody raised SB; SB must call 1 or fold.
    hand = play(
        table(short={HJ: 6, BB: 7}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "c"), (BB, "a"), (UTG, "c")],
    )
    assert hand.actor == SB
    assert hand.to_call == 1
    assert not hand.can_raise
    with pytest.raises(IllegalAction):
        hand.raise_to(11)


def test_seed000_q10_full_raise_over_short_all_in_sets_new_increment() -> None:
    # Q10: UTG to 6, HJ all-in 9, CO/BTN fold, SB calls 9, BB all-in 14: raise
    # rights for UTG and the minimum?  A10: yes (BB's 14 >= 9 + 4 = 13 is a
    # raise), minimum 14 + 5 = 19 (the largest increment, 14 - 9).
    hand = play(
        table(short={HJ: 9, BB: 14}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "c"), (BB, "a")],
    )
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 8
    assert hand.min_raise_to == 19
    with pytest.raises(IllegalAction):
        hand.raise_to(18)


# ===========================================================================
# Seed 000: re-opening (situation 12, questions 11-13)
# ===========================================================================


def test_seed000_situation12_short_all_ins_adding_up_to_a_raise_reopen() -> None:
    # UTG to 6, HJ all-in 9, CO all-in 11, BTN/SB fold, BB calls 11: UTG's raise
    # rights come back (11 - 6 >= 4); the minimum is 11 + 4 = 15.
    hand = play(
        table(short={HJ: 9, CO: 11}),
        [(UTG, 6), (HJ, "a"), (CO, "a"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 5
    assert hand.min_raise_to == 15


def test_seed000_q11_short_all_ins_below_a_raise_do_not_reopen() -> None:
    # Q11: UTG to 6, HJ all-in 8, CO all-in 9, BTN/SB fold, BB calls 9: raise
    # rights for UTG?  A11: no (nobody's bet reached HJ's minimum of 10).
    hand = play(
        table(short={HJ: 8, CO: 9}),
        [(UTG, 6), (HJ, "a"), (CO, "a"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    assert hand.actor == UTG
    assert hand.to_call == 3
    assert not hand.can_raise


def _seed000_q12(hand: Hand) -> Hand:
    # UTG to 6, HJ all-in 8, CO calls 8, BTN all-in 11, SB folds, BB calls 11.
    return play(hand, [(UTG, 6), (HJ, "a"), (CO, "c"), (BTN, "a"), (SB, "f"), (BB, "c")])


def test_seed000_q12_reopened_for_the_raiser_min_adds_largest_increment() -> None:
    # Q12: raise rights for UTG and the minimum?  A12: yes (BTN's 11 reaches
    # HJ's minimum 10), minimum 11 + 4 = 15.
    hand = _seed000_q12(table(short={HJ: 8, BTN: 11}))
    assert hand.actor == UTG
    assert hand.can_raise
    assert hand.to_call == 5
    assert hand.min_raise_to == 15


def test_seed000_q13_not_reopened_for_the_caller_of_the_short_all_in() -> None:
    # Q13: in Q12, UTG calls: raise rights for CO?  A13: no: CO acted at 8, the
    # minimum raise over that was 8 + 4 = 12 and no bet has reached 12.
    hand = _seed000_q12(table(short={HJ: 8, BTN: 11}))
    act(hand, UTG, "c")
    assert hand.actor == CO
    assert hand.to_call == 3
    assert not hand.can_raise
    with pytest.raises(IllegalAction):
        hand.raise_to(15)
    with pytest.raises(IllegalAction):
        hand.all_in()


# ===========================================================================
# Seed 001: flow, minimum bet/raise and the quiz Q1-Q4 (blinds 50/100)
# ===========================================================================


def test_seed001_preflop_min_raises_add_the_last_increment() -> None:
    # Seed 001: UTG's minimum is 200; UTG raises to 300 (+200); the next minimum
    # is 500; that player raises to 800 (+500); the next minimum is 1300.
    hand = table(blinds=(50, 100), stack=10_000)
    assert hand.min_raise_to == 200
    act(hand, UTG, 300)
    assert hand.min_raise_to == 500
    act(hand, HJ, 800)
    assert hand.min_raise_to == 1300


def test_seed001_quiz_q1_min_raise_after_open_to_300() -> None:
    # Q1: blinds 50/100, UTG raises to 300: the next player's minimum raise?
    # Answer: 500 (the increment 200 again: 300 + 200).
    hand = play(table(blinds=(50, 100), stack=10_000), [(UTG, 300)])
    assert hand.min_raise_to == 500
    with pytest.raises(IllegalAction):
        hand.raise_to(499)


def _limp_to_flop_50_100(n: int, stack: int = 10_000, short: dict[int, int] | None = None) -> Hand:
    """Blinds 50/100, everybody calls, the big blind checks: the flop, seat 0 to act."""
    hand = table(n=n, blinds=(50, 100), stack=stack, short=short)
    for seat in [*range(2, n), 0]:
        act(hand, seat, "c")
    act(hand, 1, "x")
    assert hand.street == "flop"
    return hand


def test_seed001_flop_min_bet_is_the_big_blind_and_min_raise_the_bet() -> None:
    # Seed 001, flop: the smallest bet is 100 (the BB); A bets 150, so B's
    # minimum raise is to 300 (+150).
    hand = _limp_to_flop_50_100(4)
    assert hand.can_check
    assert hand.min_raise_to == 100
    with pytest.raises(IllegalAction):
        hand.raise_to(99)
    act(hand, 0, 150)
    assert hand.min_raise_to == 300


def test_seed001_quiz_q2_min_reraise_on_the_flop() -> None:
    # Q2: flop, A bets 150, B raises to 450: C's minimum re-raise?
    # Answer: 750 (B added 300; 450 + 300).
    hand = play(_limp_to_flop_50_100(4), [(0, 150), (1, 450)])
    assert hand.actor == 2
    assert hand.to_call == 450
    assert hand.min_raise_to == 750
    with pytest.raises(IllegalAction):
        hand.raise_to(749)


def test_seed001_quiz_q3_side_pot_of_two_all_ins_and_a_caller() -> None:
    # Q3: pre-flop A all-in 300, B all-in 700, C (1000 chips) calls, the others
    # fold (the blinds left out of the count): the side pot?  Answer: 800
    # ((700 - 300) from B and C).  Here A, B, C are seats 2, 3, 4 and the
    # blinds 50 + 100 fold, so they are dead in the main pot: 3 x 300 + 150.
    hand = play(
        table(n=5, blinds=(50, 100), short={2: 300, 3: 700, 4: 1000}, stack=5000),
        [(2, "a"), (3, "a"), (4, "c"), (0, "f"), (1, "f")],
    )
    assert hand.stacks[4] == 300  # C put in 700 of 1000
    assert hand.pots == [Pot(1050, (2, 3, 4)), Pot(800, (3, 4))]


def test_seed001_quiz_q4_calling_an_all_in_for_less_costs_only_its_amount() -> None:
    # Q4: flop, A all-in with 200 left, B (1000 left) the only opponent: what does
    # B put in to call?  Answer: 200.  Heads-up with blinds 50/100: A is the big
    # blind (seat 0, 300 chips, first to act after the flop), B the button (1100).
    hand = play(table(n=2, blinds=(50, 100), short={0: 300, 1: 1100}), [(1, "c"), (0, "x")])
    assert hand.street == "flop"
    assert hand.stacks == (200, 1000)
    act(hand, 0, "a")
    assert hand.actor == 1
    assert hand.to_call == 200
    assert not hand.can_raise  # nobody left who could answer a raise
    act(hand, 1, "c")
    assert hand.is_over
    assert hand.contributions == (300, 300)


def test_seed001_flop_short_all_in_open_for_the_next_player_not_for_the_bettor() -> None:
    # Seed 001: flop, A bets 200, B all-in for 300 (+100 < the minimum +200).
    # C (not yet acted) may call 300 or raise to at least 300 + 200 = 500; after
    # C calls, A may only call or fold.
    hand = _limp_to_flop_50_100(4, short={1: 400})
    assert hand.stacks[1] == 300
    act(hand, 0, 200)
    act(hand, 1, "a")
    assert hand.actor == 2
    assert hand.can_raise
    assert hand.to_call == 300
    assert hand.min_raise_to == 500
    act(hand, 2, "c")
    act(hand, 3, "f")
    assert hand.actor == 0
    assert hand.to_call == 100
    assert not hand.can_raise


def test_seed001_side_pot_example_and_payoffs_at_showdown() -> None:
    # Seed 001: blinds 50/100.  A (SB, 200 chips), D (BB), B (UTG, 500), C
    # (button, 1200).  B all-in 500, C calls 500, A all-in 200, D folds.
    # Main 700 (A, B, C), side 600 (B, C).  With A > C > B: A +500, C +100,
    # B -500, D -100.
    a, d, b, c = 0, 1, 2, 3
    cards = deck("Ac Ad", "3h 8h", "Qc Qd", "Kc Kd", board="2c 7d 9h Js 4s")
    game = croupier.TexasHoldem(NO_LIMIT, (50, 100))
    hand = game.start([200, 1000, 500, 1200], deck=cards)
    play(hand, [(b, "a"), (c, "c"), (a, "a"), (d, "f")])
    assert hand.pots == [Pot(700, (a, b, c)), Pot(600, (b, c))]
    assert hand.is_over
    assert hand.payoffs == (500, -100, -500, 100)
    assert hand.stacks == (700, 900, 0, 1300)


# ===========================================================================
# Blinds, the big blind's option, heads-up order
# ===========================================================================


def test_big_blind_gets_the_option_when_only_called() -> None:
    # RULES §4: if the big blind is only called, it may check or raise.
    hand = play(table(n=3), [(2, "c"), (0, "c")])
    assert hand.street == "preflop"
    assert hand.actor == 1
    assert hand.can_check and hand.to_call == 0
    assert hand.can_raise and hand.min_raise_to == 4
    with pytest.raises(IllegalAction):
        hand.call()
    act(hand, 1, "x")
    assert hand.street == "flop"
    assert hand.pot == 6


def test_big_blind_option_raise_reopens_for_the_limpers() -> None:
    # The BB raises to 6 (+4) over two limpers: both face a full raise, so may re-raise
    # (minimum 6 + 4 = 10).
    hand = play(table(n=3), [(2, "c"), (0, "c"), (1, 6)])
    assert hand.actor == 2
    assert hand.can_raise and hand.min_raise_to == 10


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    # RULES §1: heads-up the button (seat 1) posts the small blind and acts first
    # pre-flop; seat 0 (big blind) acts first on every later street.
    hand = table(n=2)
    assert hand.bets == (2, 1)
    assert hand.actor == 1
    assert hand.to_call == 1
    act(hand, 1, "c")
    assert hand.actor == 0 and hand.can_check  # the big blind's option
    act(hand, 0, "x")
    for street in ("flop", "turn", "river"):
        assert hand.street == street
        assert hand.actor == 0
        act(hand, 0, "x")
        assert hand.actor == 1
        act(hand, 1, "x")
    assert hand.is_over


def test_first_to_act_after_the_flop_is_the_first_active_seat_left_of_button() -> None:
    # RULES §5: after the flop the first active player left of the button acts.
    # SB folds pre-flop, so the BB (seat 1) opens the flop.
    hand = play(table(n=4), [(2, "c"), (3, "c"), (0, "f"), (1, "x")])
    assert hand.street == "flop"
    assert hand.actor == 1


# ===========================================================================
# Pot limit
# ===========================================================================


def test_pot_limit_utg_may_raise_to_at_most_seven_with_blinds_1_2() -> None:
    # RULES §4: 1/2, no action: pot 3, UTG calls 2 -> 5, raise to 2 + 5 = 7.
    hand = table(structure=POT_LIMIT)
    assert hand.min_raise_to == 4
    assert hand.max_raise_to == 7
    with pytest.raises(IllegalAction):
        hand.raise_to(8)
    act(hand, UTG, 7)
    # By hand, next (HJ): pot 1 + 2 + 7 = 10, call 7 -> 17, raise to 7 + 17 = 24.
    assert hand.max_raise_to == 24
    assert hand.min_raise_to == 12


def test_pot_limit_pot_100_bet_100_next_raises_to_at_most_400() -> None:
    # RULES §4 (seed 004): pot 100, a bet of 100 -> the next player may raise to 400.
    # Heads-up 1/2 with 1000 each.  The pot is built with actions, each maximum
    # worked by hand: button (SB) pot-raise: 2 + (3 + 1) = 6; BB: 6 + (8 + 4) = 18;
    # button raises to 50 (between 18 + 12 = 30 and 18 + (24 + 12) = 54); BB calls.
    hand = table(n=2, structure=POT_LIMIT, stack=1000)
    assert hand.max_raise_to == 6
    act(hand, 1, 6)
    assert hand.max_raise_to == 18
    act(hand, 0, 18)
    assert (hand.min_raise_to, hand.max_raise_to) == (30, 54)
    act(hand, 1, 50)
    act(hand, 0, "c")
    assert hand.street == "flop" and hand.pot == 100
    assert hand.max_raise_to == 100  # a pot-sized bet
    act(hand, 0, 100)
    assert hand.actor == 1
    assert hand.max_raise_to == 400
    assert hand.min_raise_to == 200
    with pytest.raises(IllegalAction):
        hand.raise_to(401)
    act(hand, 1, 400)
    assert hand.bets == (100, 400)


def test_pot_limit_min_raise_never_exceeds_max_with_an_unposted_straddle() -> None:
    # Heads-up pot limit, blinds 2/5, a game with straddles 10 and 20 that no
    # seat can post heads-up.  The button (2 in) faces 5: by RULES §4 the
    # opening raise is to at least 2 BB = 10 and at most 5 + (7 + 3) = 15.  A
    # hand that says a raise is allowed must offer a minimum <= the maximum.
    hand = table(n=2, structure=POT_LIMIT, blinds=(2, 5), straddles=(10, 20), stack=500)
    assert hand.bets == (5, 2)
    assert hand.can_raise
    assert hand.max_raise_to == 15
    assert hand.min_raise_to == 10


def test_pot_limit_max_is_capped_by_the_stack() -> None:
    # UTG has 5 chips: the pot limit (7) is beyond them, so all-in 5 is the most.
    hand = table(structure=POT_LIMIT, short={UTG: 5})
    assert hand.min_raise_to == 4
    assert hand.max_raise_to == 5


# ===========================================================================
# Fixed limit
# ===========================================================================


def _fixed(n: int = 4, short: dict[int, int] | None = None, cap: int = 4) -> Hand:
    """Blinds 1/2, limit 2/4, ``n`` players with 100 except the ``short`` seats."""
    return table(n=n, structure=FIXED_LIMIT, bets=(2, 4), short=short, cap=cap)


def test_fixed_limit_bets_are_one_small_bet_preflop_and_flop() -> None:
    hand = _fixed()
    # Pre-flop the big blind (2) is the bet: a raise is to exactly 2 + 2 = 4.
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    for bad in (3, 5, 6):
        with pytest.raises(IllegalAction):
            hand.raise_to(bad)
    play(hand, [(2, "c"), (3, "c"), (0, "c"), (1, "x")])
    assert hand.street == "flop"
    assert (hand.min_raise_to, hand.max_raise_to) == (2, 2)
    with pytest.raises(IllegalAction):
        hand.raise_to(3)
    act(hand, 0, 2)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)


def test_fixed_limit_bets_are_one_big_bet_on_turn_and_river() -> None:
    hand = play(_fixed(), [(2, "c"), (3, "c"), (0, "c"), (1, "x")])
    play(hand, [(0, "x"), (1, "x"), (2, "x"), (3, "x")])
    assert hand.street == "turn"
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)
    with pytest.raises(IllegalAction):
        hand.raise_to(2)
    act(hand, 0, 4)
    assert (hand.min_raise_to, hand.max_raise_to) == (8, 8)
    play(hand, [(1, "c"), (2, "c"), (3, "c")])
    assert hand.street == "river"
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 4)


def test_fixed_limit_cap_preflop_big_blind_counts_as_the_bet() -> None:
    # Bet (the big blind 2) + three raises: 4, 6, 8; then only call or fold.
    hand = play(_fixed(), [(2, 4), (3, 6), (0, 8)])
    assert hand.actor == 1
    assert hand.to_call == 6
    assert not hand.can_raise
    with pytest.raises(IllegalAction):
        hand.raise_to(10)
    act(hand, 1, "c")
    assert hand.actor == 2 and not hand.can_raise


def test_fixed_limit_cap_one_bet_and_three_raises_after_the_flop() -> None:
    hand = play(_fixed(), [(2, "c"), (3, "c"), (0, "c"), (1, "x")])
    play(hand, [(0, 2), (1, 4), (2, 6), (3, 8)])
    assert hand.actor == 0
    assert hand.to_call == 6
    assert not hand.can_raise


def test_fixed_limit_cap_is_configurable() -> None:
    # cap=3: bet + two raises.  Pre-flop: 2 (BB), 4, 6, then capped.
    hand = play(_fixed(cap=3), [(2, 4), (3, 6)])
    assert hand.actor == 0
    assert not hand.can_raise


def _fixed_turn(short_stack: int) -> Hand:
    """4 players, 1/2 blinds, 2/4 limit; all call pre-flop, check the flop: the turn.

    Seat 1 starts with ``short_stack`` and has ``short_stack - 2`` left on the turn.
    """
    hand = play(_fixed(short={1: short_stack}), [(2, "c"), (3, "c"), (0, "c"), (1, "x")])
    play(hand, [(0, "x"), (1, "x"), (2, "x"), (3, "x")])
    assert hand.street == "turn"
    return hand


def test_fixed_limit_all_in_raise_of_half_a_bet_counts_as_full_and_reopens() -> None:
    # Turn (unit 4): seat 0 bets 4, seat 1 all-in to 6 (+2 = half a unit): a full
    # raise.  Seat 2 (not yet acted) may raise exactly one unit: to 10.  Seat 2
    # calls, seat 3 folds: seat 0 faces a full raise and may raise again (to 10).
    hand = _fixed_turn(8)
    play(hand, [(0, 4), (1, "a")])
    assert hand.bets[1] == 6 and hand.stacks[1] == 0
    assert hand.actor == 2
    assert (hand.min_raise_to, hand.max_raise_to) == (10, 10)
    play(hand, [(2, "c"), (3, "f")])
    assert hand.actor == 0
    assert hand.to_call == 2
    assert hand.can_raise
    assert (hand.min_raise_to, hand.max_raise_to) == (10, 10)


def test_fixed_limit_all_in_raise_under_half_a_bet_does_not_reopen() -> None:
    # Turn (unit 4): seat 0 bets 4, seat 1 all-in to 5 (+1 < half a unit): not a
    # raise.  Seat 2 (not yet acted) may still raise; it calls 5, seat 3 folds:
    # seat 0 may only call 1 or fold.
    hand = _fixed_turn(7)
    play(hand, [(0, 4), (1, "a")])
    assert hand.bets[1] == 5 and hand.stacks[1] == 0
    assert hand.actor == 2
    assert hand.can_raise
    play(hand, [(2, "c"), (3, "f")])
    assert hand.actor == 0
    assert hand.to_call == 1
    assert not hand.can_raise
    with pytest.raises(IllegalAction):
        hand.raise_to(9)


def test_fixed_limit_short_all_ins_adding_to_less_than_half_a_bet_do_not_reopen() -> None:
    # Blinds 1/2, limit 2/8 (a big bet of four small ones is allowed: RULES §4
    # says "normally twice").  Turn, unit 8, five players: seat 0 bets 8, seat 1
    # calls, seat 2 folds, seat 3 all-in to 9 (+1), seat 4 all-in to 10 (+1).
    # Neither all-in is half a unit (4), and together they add 2 < 4 either:
    # under RULES §4 nothing re-opened the betting, so seat 0 (who bet 8) may
    # only call 2 or fold.
    game = croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 8))
    hand = game.start([100, 100, 100, 11, 12], seed=1)
    play(hand, [(2, "c"), (3, "c"), (4, "c"), (0, "c"), (1, "x")])
    play(hand, [(0, "x"), (1, "x"), (2, "x"), (3, "x"), (4, "x")])
    assert hand.street == "turn"
    play(hand, [(0, 8), (1, "c"), (2, "f"), (3, "a"), (4, "a")])
    assert hand.bets == (8, 8, 0, 9, 10)
    assert hand.actor == 0
    assert hand.to_call == 2
    assert not hand.can_raise


# ===========================================================================
# Short all-in blinds, uncalled bets
# ===========================================================================


def test_short_all_in_big_blind_counts_as_a_full_blind() -> None:
    # RULES §3: BB all-in for 1 of 2.  UTG's call is the full 2, the minimum raise
    # is to 4.  UTG calls, BTN folds, SB completes (1 more): the flop, with a
    # main pot of 1 x 3 = 3 (SB, BB, UTG) and a side pot of 1 + 1 = 2 (SB, UTG).
    hand = table(n=4, short={1: 1})
    assert hand.bets == (1, 1, 0, 0)
    assert hand.to_call == 2
    assert hand.min_raise_to == 4
    with pytest.raises(IllegalAction):
        hand.raise_to(3)
    play(hand, [(2, "c"), (3, "f")])
    assert hand.actor == 0 and hand.to_call == 1
    act(hand, 0, "c")
    assert hand.street == "flop"
    assert hand.pots == [Pot(3, (0, 1, 2)), Pot(2, (0, 2))]
    assert hand.actor == 0


def test_short_all_in_bet_after_the_flop_is_called_for_its_own_amount() -> None:
    # RULES §3: after the flop a short all-in bet may be called for its own amount.
    # Seat 1 has 1 chip left on the flop and bets it.
    hand = play(table(n=3, short={1: 3}), [(2, "c"), (0, "c"), (1, "x")])
    act(hand, 0, "x")
    act(hand, 1, "a")
    assert hand.bets[1] == 1
    assert hand.actor == 2
    assert hand.to_call == 1


def test_uncalled_raise_preflop_goes_back_to_the_raiser() -> None:
    # BTN raises to 10, both blinds fold: the 8 above the BB is uncalled, so the
    # BTN wins SB 1 + BB 2: stacks 99, 98, 103.
    hand = play(table(n=3), [(2, 10), (0, "f"), (1, "f")])
    assert hand.is_over
    assert hand.payoffs == (-1, -2, 3)
    assert hand.stacks == (99, 98, 103)
    assert hand.showdown_order == ()


def test_uncalled_part_of_an_all_in_goes_back_before_showdown() -> None:
    # Heads-up: the button (100) shoves, the BB (40) calls all-in: 60 of the
    # shove is unmatched and goes back.  The BB wins (aces): BB 80, button 60.
    cards = deck("Ac Ad", "Kc Kd", board="2c 7d 9h Js 4s")
    game = croupier.TexasHoldem(NO_LIMIT, (1, 2))
    hand = game.start([40, 100], deck=cards)
    play(hand, [(1, "a"), (0, "c")])
    assert hand.is_over
    assert hand.board == tuple(parse_cards("2c 7d 9h Js 4s"))
    assert hand.contributions == (40, 40)
    assert hand.payoffs == (40, -40)
    assert hand.stacks == (80, 60)


def test_uncalled_bet_on_the_river_goes_back() -> None:
    # 3 players limp (pot 6), check to the river; seat 0 bets 50 and both fold:
    # seat 0 wins 2 + 2, stacks 104, 98, 98.
    hand = play(table(n=3), [(2, "c"), (0, "c"), (1, "x")])
    for _ in range(2):
        play(hand, [(0, "x"), (1, "x"), (2, "x")])
    assert hand.street == "river"
    play(hand, [(0, 50), (1, "f"), (2, "f")])
    assert hand.payoffs == (4, -2, -2)
    assert hand.stacks == (104, 98, 98)


# ===========================================================================
# Illegal actions change nothing
# ===========================================================================


def test_check_facing_a_bet_is_refused_and_changes_nothing() -> None:
    hand = table()
    refused(hand, lambda: hand.check())
    hand = play(_limp_to_flop_50_100(3), [(0, 100)])
    refused(hand, lambda: hand.check())


def test_call_with_nothing_to_call_is_refused() -> None:
    hand = play(table(n=3), [(2, "c"), (0, "c")])
    refused(hand, lambda: hand.call())


def test_raise_below_the_minimum_or_above_the_maximum_is_refused() -> None:
    hand = play(table(), [(UTG, 6)])  # HJ: 10 ..100
    assert (hand.min_raise_to, hand.max_raise_to) == (10, 100)
    for total in (9, 101, 6):
        refused(hand, lambda: hand.raise_to(total))  # noqa: B023
    pl = table(structure=POT_LIMIT)
    refused(pl, lambda: pl.raise_to(8))
    fl = _fixed()
    refused(fl, lambda: fl.raise_to(5))


@pytest.mark.parametrize("total", [10.0, 10.5, 4.5])
def test_raise_amount_that_is_not_an_int_is_refused(total: float) -> None:
    # RULES §1: amounts are integers, nothing is ever rounded away; hand.py
    # refuses a non-int amount (``type(total) is not int``).  HJ may raise to
    # 10..100 after UTG's 6 (and UTG, at the start, to 4..100), so only the
    # type can make these illegal.
    hand = play(table(), [(UTG, 6)])
    refused(hand, lambda: hand.raise_to(total))  # type: ignore[arg-type]
    opening = table()
    refused(opening, lambda: opening.raise_to(total))  # type: ignore[arg-type]


def test_raise_amount_true_is_not_an_int_amount() -> None:
    # A bool is no chip amount (``type(True) is not int``).  Seat 1 has exactly 1
    # chip on the flop, so raise_to(1) would be legal: only the type refuses True.
    hand = play(table(n=3, short={1: 3}), [(2, "c"), (0, "c"), (1, "x")])
    act(hand, 0, "x")
    assert (hand.min_raise_to, hand.max_raise_to) == (1, 1)
    refused(hand, lambda: hand.raise_to(True))


def test_raise_when_betting_is_not_reopened_is_refused() -> None:
    # Seed 000, situation 6: UTG may not raise (nor go all-in for more).
    hand = play(
        table(short={HJ: 8}),
        [(UTG, 6), (HJ, "a"), (CO, "f"), (BTN, "f"), (SB, "f"), (BB, "c")],
    )
    refused(hand, lambda: hand.raise_to(12))
    refused(hand, lambda: hand.all_in())


def test_every_action_after_the_hand_is_over_is_refused() -> None:
    hand = play(table(n=3), [(2, 10), (0, "f"), (1, "f")])
    assert hand.is_over and hand.actor is None
    attempts: list[Callable[[], object]] = [
        hand.fold,
        hand.check,
        hand.call,
        hand.check_or_call,
        lambda: hand.raise_to(20),
        hand.all_in,
    ]
    for attempt in attempts:
        refused(hand, attempt)


# ===========================================================================
# Forced bets: antes, big-blind ante, straddles
# ===========================================================================


def test_antes_are_posted_by_everyone_and_are_not_live_bets() -> None:
    # 4 players, antes 1, blinds 1/2: stacks 98, 97, 99, 99; pot 4 + 3 = 7.
    hand = table(n=4, antes=1)
    assert hand.stacks == (98, 97, 99, 99)
    assert hand.bets == (1, 2, 0, 0)
    assert hand.contributions == (2, 3, 1, 1)
    assert hand.pot == 7
    assert hand.actor == 2
    assert hand.to_call == 2
    assert hand.min_raise_to == 4


def test_big_blind_ante_is_paid_by_the_big_blind_alone() -> None:
    # Big-blind ante 8 for a 4-handed table (the table's ante, paid by the BB),
    # blinds 1/2: BB puts in 8 + 2.
    hand = table(n=4, antes=8, big_blind_ante=True)
    assert hand.stacks == (99, 90, 100, 100)
    assert hand.bets == (1, 2, 0, 0)
    assert hand.contributions == (1, 10, 0, 0)
    assert hand.pot == 11
    assert hand.to_call == 2 and hand.min_raise_to == 4


def test_big_blind_ante_heads_up_is_paid_by_seat_0() -> None:
    # Heads-up the big blind is seat 0 (the button, seat 1, posts the small blind).
    hand = table(n=2, antes=2, big_blind_ante=True)
    assert hand.contributions == (4, 1)
    assert hand.bets == (2, 1)


def test_all_in_on_the_ante_is_skipped_and_plays_only_the_pot_it_matched() -> None:
    # Antes 1: seat 2 has 1 chip and is all-in on the ante, so seat 3 acts first.
    # Seat 3 calls 2, the SB completes, the BB checks: seat 2 is in the main pot
    # of the four antes only; the blinds' 3 x 2 = 6 is a side pot.
    hand = table(n=4, antes=1, short={2: 1})
    assert hand.stacks[2] == 0
    assert hand.actor == 3
    play(hand, [(3, "c"), (0, "c"), (1, "x")])
    assert hand.street == "flop"
    assert hand.pots == [Pot(4, (0, 1, 2, 3)), Pot(6, (0, 1, 3))]


def test_straddle_is_the_opening_bet_and_gets_the_option() -> None:
    # 5 players, blinds 1/2, UTG straddles 4: the next seat faces 4, the minimum
    # raise is to 8; when all call, the straddler may check or raise.
    hand = table(n=5, straddles=(4,))
    assert hand.bets == (1, 2, 4, 0, 0)
    assert hand.actor == 3
    assert hand.to_call == 4
    assert hand.min_raise_to == 8
    play(hand, [(3, "c"), (4, "c"), (0, "c"), (1, "c")])
    assert hand.actor == 2
    assert hand.can_check and hand.can_raise
    assert hand.min_raise_to == 8
    act(hand, 2, "x")
    assert hand.street == "flop" and hand.pot == 20


def test_double_straddle() -> None:
    # 6 players, straddles 4 and 8: seat 4 acts first, facing 8; min raise to 16.
    hand = table(n=6, straddles=(4, 8))
    assert hand.bets == (1, 2, 4, 8, 0, 0)
    assert hand.actor == 4
    assert hand.to_call == 8
    assert hand.min_raise_to == 16


def test_straddle_game_min_bet_after_the_flop_is_the_big_blind() -> None:
    # RULES §4 (no-limit): "Minimum bet: the big blind."  The straddle (4) is the
    # opening bet pre-flop only; on the flop the smallest bet is the BB, 2.
    hand = play(table(n=4, straddles=(4,)), [(3, "c"), (0, "c"), (1, "c"), (2, "x")])
    assert hand.street == "flop"
    assert hand.actor == 0
    assert hand.min_raise_to == 2


def test_straddle_that_is_not_posted_does_not_change_the_opening_bet() -> None:
    # Heads-up nobody can straddle (the seat after the BB is the button), so the
    # game's straddle (4) is not posted: the bets are the blinds 2 and 1, the
    # button calls 1 and, RULES §4, the smallest open raise is to 2 BB = 4.
    hand = table(n=2, straddles=(4,))
    assert hand.bets == (2, 1)
    assert hand.to_call == 1
    assert hand.min_raise_to == 4


def test_big_blind_all_in_on_the_ante_can_win_with_the_best_hand() -> None:
    # Big-blind ante 3, blinds 1/2, 3 players; the BB has exactly 3 chips, pays
    # the ante first (the TDA order the engine uses) and is all-in with no live
    # blind.  The button and the SB call 2 and check it down; the BB holds aces.
    # The BB is still in the hand (it shows down), and its 3 chips are dead
    # money in the main pot, "which every player still in may win" (croupier.pots).
    # Whichever reading of RULES §3/§6 one takes -- the ante counts as the BB's
    # stake (it wins min(3, 2) from each caller: +4) or it is dead money that
    # only a pot for everyone still in holds (it wins its 3 back: 0) -- the best
    # hand must not lose its chips: the BB's payoff is at least 0, and some pot
    # lists the BB as eligible.
    cards = deck("Qc Qd", "Ac Ad", "Kc Kd", board="2c 7d 9h Js 4s")
    game = croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=3, big_blind_ante=True)
    hand = game.start([100, 3, 100], deck=cards)
    assert hand.stacks == (99, 0, 100)
    assert hand.contributions == (1, 3, 0)
    play(hand, [(2, "c"), (0, "c")])
    assert hand.street == "flop"
    for _ in range(3):
        play(hand, [(0, "x"), (2, "x")])
    assert hand.is_over
    assert 1 in hand.showdown_order
    assert sum(hand.payoffs or ()) == 0
    assert any(1 in pot.eligible for pot in hand.pots)
    assert (hand.payoffs or ())[1] >= 0


# ===========================================================================
# Showdown: order, best hand wins, ties, side pots with three all-ins
# ===========================================================================


def test_showdown_last_aggressor_of_the_river_shows_first_then_clockwise() -> None:
    # 3 players limp, check to the river; river: seat 0 checks, seat 1 bets 10,
    # seats 2 and 0 call.  Seat 1 shows first, then 2, then 0.  Seat 2 has aces
    # and wins 3 x 12 = 36: +24, the others -12.
    cards = deck("Qc Qd", "Kc Kd", "Ac Ad", board="2c 7d 9h Js 4s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100] * 3, deck=cards)
    play(hand, [(2, "c"), (0, "c"), (1, "x")])
    for _ in range(2):
        play(hand, [(0, "x"), (1, "x"), (2, "x")])
    play(hand, [(0, "x"), (1, 10), (2, "c"), (0, "c")])
    assert hand.is_over
    assert hand.showdown_order == (1, 2, 0)
    assert hand.payoffs == (-12, -12, 24)


def test_showdown_after_checked_river_first_to_act_shows_first() -> None:
    # 4 players, the SB folds pre-flop; the river is checked around: the first
    # to act on the river (BB, seat 1) shows first, then 2, 3.  Seat 3 has the
    # best hand (kings; seat 1 queens, seat 2 a pair of nines): wins 2 + 3 x 2.
    cards = deck("5c 6d", "Qc Qd", "3h 9c", "Kc Kd", board="2c 7d 9h Js 4s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100] * 4, deck=cards)
    play(hand, [(2, "c"), (3, "c"), (0, "f"), (1, "x")])
    for _ in range(3):
        play(hand, [(1, "x"), (2, "x"), (3, "x")])
    assert hand.is_over
    assert hand.showdown_order == (1, 2, 3)
    assert hand.payoffs == (-1, -2, -2, 5)


def test_showdown_order_wraps_clockwise_from_the_button_bettor() -> None:
    # 4 players to the river; the button (seat 3) bets 10, seats 0 and 1 call,
    # seat 2 folds: order 3, 0, 1.  Seat 0 has a straight (7-8-9-T-J) and wins
    # 12 + 12 + 2 + 12 = 38: +26 (seats 1 and 3 -12, seat 2 -2).
    cards = deck("Tc 8d", "Qc Qd", "3h 8c", "Kc Kd", board="2c 7d 9h Js 4s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100] * 4, deck=cards)
    play(hand, [(2, "c"), (3, "c"), (0, "c"), (1, "x")])
    for _ in range(2):
        play(hand, [(0, "x"), (1, "x"), (2, "x"), (3, "x")])
    play(hand, [(0, "x"), (1, "x"), (2, "x"), (3, 10), (0, "c"), (1, "c"), (2, "f")])
    assert hand.showdown_order == (3, 0, 1)
    assert hand.payoffs == (26, -12, -2, -12)


def test_showdown_tie_splits_and_odd_chip_goes_left_of_the_button() -> None:
    # The board is a royal flush: seats 1 and 2 tie.  Pot 1 (folded SB) + 2 + 2 = 5:
    # 2 each and the odd chip to seat 1 (nearer the button's left): +1 and 0.
    cards = deck("2c 3d", "4c 5d", "6c 7d", board="As Ks Qs Js Ts")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100] * 3, deck=cards)
    play(hand, [(2, "c"), (0, "f"), (1, "x")])
    for _ in range(3):
        play(hand, [(1, "x"), (2, "x")])
    assert hand.payoffs == (-1, 1, 0)


def test_side_pots_at_showdown_with_three_all_ins_for_different_amounts() -> None:
    # 4 players: seat 2 all-in 30, seat 3 all-in 60, SB (seat 0) all-in 100,
    # BB (200) calls 100.  Pots: main 4 x 30 = 120 (all), side 3 x 30 = 90
    # (0, 1, 3), side 2 x 40 = 80 (0, 1).  Seat 2 (aces) wins the main pot:
    # +90; seat 3 (kings) the first side pot: 90 - 60 = +30; seat 0 (queens)
    # the last: 80 - 100 = -20; seat 1 -100.  Sum 0.
    cards = deck("Qc Qd", "3h 8h", "Ac Ad", "Kc Kd", board="2c 7d 9h Js 4s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100, 200, 30, 60], deck=cards)
    play(hand, [(2, "a"), (3, "a"), (0, "a"), (1, "c")])
    assert hand.is_over
    assert len(hand.board) == 5
    assert hand.pots == [Pot(120, (0, 1, 2, 3)), Pot(90, (0, 1, 3)), Pot(80, (0, 1))]
    assert hand.payoffs == (-20, -100, 90, 30)
    assert hand.stacks == (80, 100, 120, 90)
    assert sum(hand.stacks) == 390


def test_showdown_cards_speak_the_best_hand_wins_whoever_bet() -> None:
    # Heads-up, the button bets every street and the BB calls; the BB's flush
    # (hearts) beats the button's two pair.  Each put in 2 + 4 + 8 + 16 = 30.
    cards = deck("Ah 3h", "Kc Qd", board="Kh Qh 7c 2h 9s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], deck=cards)
    play(hand, [(1, "c"), (0, "x")])
    for bet in (4, 8, 16):
        play(hand, [(0, "x"), (1, bet), (0, "c")])
    assert hand.showdown_order == (1, 0)
    assert hand.payoffs == (30, -30)


def test_showdown_after_an_all_in_run_out_the_lowest_seat_shows_first() -> None:
    # docs/rules.md §6.8: nobody could act on the river (the cards were run out after
    # an all-in pre-flop), so the first player still in left of the button
    # (seat 0, the big blind heads-up) shows first, not the all-in raiser.
    cards = deck("Ac Ad", "Kc Kd", board="2c 7d 9h Js 4s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], deck=cards)
    play(hand, [(1, "a"), (0, "c")])
    assert hand.showdown_order == (0, 1)
    # Both hands were turned up before the flop (seed 001), lowest seat first.
    assert phh_lines(hand.events)[-5:-3] == ("p1 sm AcAd", "p2 sm KcKd")
    assert hand.payoffs == (100, -100)


# ===========================================================================
# The all-in principle when everyone with chips folds (docs/rules.md §6.1, seed 002)
# ===========================================================================


def test_everyone_with_chips_folds_to_an_all_in_on_the_ante() -> None:
    # Antes 5, blinds 1/2, stacks 100, 3, 100: seat 1 (the big blind) is all-in
    # for 3 on its ante and posts no blind; the button folds, then the small
    # blind (facing the full big blind) folds.  In: seat 0 5 + 1 (its blind
    # goes back uncalled), seat 1 3, seat 2 5.  Seat 1 may win 3 from each
    # opponent: 3 + 3 + 3 = 9, +6; the 2 + 2 above its all-in were contested
    # by nobody still in and go back: (-3, +6, -3), not (-5, +10, -5).
    game = croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=5)
    hand = game.start([100, 3, 100], seed=1)
    play(hand, [(2, "f"), (0, "f")])
    assert hand.payoffs == (-3, 6, -3)
    assert hand.winnings == (0, 9, 0)
    assert hand.stacks == (97, 9, 97)
    assert hand.showdown_order == ()
    settlement = hand.settlement
    assert settlement is not None
    assert settlement.pots == (Pot(9, (1,)),)
    assert settlement.returned == (2, 0, 2)


def test_everyone_with_chips_folds_to_two_short_all_ins() -> None:
    # Antes 5, blinds 1/2, stacks 100, 3, 2, 100; seat 1 (AsAh) is all-in for 3
    # and seat 2 for 2 on the antes.  The button (seat 3) and the small blind
    # fold.  Main pot: 2 from each of the four = 8, for seats 1 and 2; the
    # layer 2..3: 1 each from seats 0, 1, 3 = 3, for seat 1 alone.  Aces beat
    # KsKh: seat 1 takes 8 + 3 = 11 (+8), seat 2 loses 2, and seats 0 and 3
    # get their 2 above 3 back (seat 0's blind of 1 was uncalled): (-3, 8, -2, -3).
    cards = parse_cards("7c2d AsAh KsKh 9c4d 3s8dJc Qd 5h")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=5).start([100, 3, 2, 100], deck=cards)
    assert hand.actor == 3
    play(hand, [(3, "f"), (0, "f")])
    assert hand.payoffs == (-3, 8, -2, -3)
    assert hand.winnings == (0, 11, 0, 0)
    assert hand.showdown_order == (1, 2)
    # Both hands are turned up before the board is run out (seed 001), the
    # loser's too: nothing is mucked.
    text = phh_lines(hand.events)
    shows = text.index("p2 sm AsAh"), text.index("p3 sm KsKh")
    assert shows[1] == shows[0] + 1 and text[shows[1] + 1] == "d db 3s8dJc"
    assert not [line for line in text if line == "p3 sm"]


def test_fixed_limit_everyone_with_chips_folds_to_an_all_in_on_the_ante() -> None:
    # Fixed limit 2/4, antes 2, blinds 1/2, five players; seat 1 is all-in for
    # 1 on its ante.  Everyone folds to the full big blind: seats 2, 3, 4 lose
    # their ante of 2, seat 0 its ante and blind, 3 (the blind of 1 goes back
    # uncalled).  Seat 1 wins 1 from each of the four opponents, +4; each gets
    # the 1 above seat 1's all-in back: (-1, 4, -1, -1, -1).
    game = croupier.TexasHoldem(FIXED_LIMIT, (1, 2), antes=2, bets=(2, 4))
    hand = game.start([50, 1, 50, 50, 50], seed=3)
    play(hand, [(2, "f"), (3, "f"), (4, "f"), (0, "f")])
    assert hand.payoffs == (-1, 4, -1, -1, -1)
    assert hand.winnings == (0, 5, 0, 0, 0)


def test_a_folded_player_wins_nothing_even_when_chips_come_back() -> None:
    # Seat 2 (the button) raises to 10, the small blind folds and the big blind
    # (stack 4) calls all-in for 4: the 6 of the raise above it go back to
    # seat 2 uncalled and the board is run out.  Winnings count only what the
    # pots paid (the small blind 1, and 4 + 4): the folded seat's are 0.
    hand = play(table(n=3, short={1: 4}), [(2, 10), (0, "f"), (1, "c")])
    assert hand.is_over
    winnings, payoffs = hand.winnings, hand.payoffs
    assert winnings is not None and payoffs is not None
    assert winnings[0] == 0 and payoffs[0] == -1
    assert sum(winnings) == 1 + 4 + 4  # the pots: small blind 1, 4 + 4 matched
    assert sum(payoffs) == 0


def test_chips_are_conserved_through_a_long_hand() -> None:
    # Pre-flop: BTN 6, SB 16, BB and BTN call (pot 48; stacks 134, 284, 64).
    # Flop: SB bets 20, BB raises to 60, BTN all-in 64 (short: +4 < +40), SB
    # calls 64; the BB, who acted at 60, may only call 4 (no re-opening).
    # Turn: SB all-in 70, BB calls; the river is dealt.  The SB's flush wins
    # everything: 150 + 150 + 80 = 380.  ``act`` checks chips after each action.
    cards = deck("Ah 3h", "Kc Qd", "Jc Jd", board="Kh Qh 7c 2h 9s")
    hand = croupier.TexasHoldem(NO_LIMIT, (1, 2)).start([150, 300, 80], deck=cards)
    play(hand, [(2, 6), (0, 16), (1, "c"), (2, "c")])
    assert hand.stacks == (134, 284, 64)
    play(hand, [(0, 20), (1, 60), (2, "a"), (0, "c")])
    assert hand.stacks == (70, 224, 0)
    assert hand.actor == 1 and hand.to_call == 4 and not hand.can_raise
    play(hand, [(1, "c"), (0, "a"), (1, "c")])
    assert hand.is_over
    assert hand.contributions == (150, 150, 80)
    assert hand.payoffs == (230, -150, -80)
    assert hand.stacks == (380, 150, 0)
