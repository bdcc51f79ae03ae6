"""Rule tests of the stud and Omaha-family games against docs/rules.md and seeds 003/004.

Razz, Seven-Card Stud (Hi/Lo), Omaha (Hi/Lo) and Courchevel Hi/Lo run on the
shared betting engine (``croupier.Hand``).  Each test is named after the rule it
checks; its comment works the expected values out by hand from docs/rules.md, seed
003 (Razz: bring-in, completion, cap, who acts first, 7th street, showdown) or
seed 004 (Courchevel Hi/Lo: five hole cards, the first flop card before the
pre-flop betting, the 2+3 rule, eight-or-better, the three structures).  No
expected value was copied from the engine's output.

Decks are stacked with ``deck_of``: the cards listed come off the top in that
order, then every other card.  Dealing order (no burns): each street deals, to
every player still in from seat 0 on, that player's cards of the street (stud
third street: two down then one up), then the street's board cards.

Seats count clockwise from the left of the button; the button is the last seat.
In stud, "lowest seat" is the tied player nearest the left of the stud button.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from driving import act, play, refused

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Hand, hands, parse_cards
from croupier.actions import lines as phh_lines


def deck_of(*groups: str) -> list[int]:
    """A deck order: the cards of ``groups`` from the top, then the rest ascending."""
    cards = [c for group in groups for c in parse_cards(group)]
    assert len(cards) == len(set(cards)), "a card is listed twice"
    return cards + [c for c in range(52) if c not in cards]


def check_down(hand: Hand, until: str | None = None) -> Hand:
    """Everyone posts the bring-in when due, else checks or calls, until ``until`` or the end."""
    total = sum(hand.stacks) + hand.pot
    while hand.actor is not None and hand.street != until:
        if hand.bring_in_pending:
            hand.bring_in()
        else:
            hand.check_or_call()
        assert sum(hand.stacks) + hand.pot == total
    return hand


def razz(**options: int) -> croupier.Game:
    """Razz, 2/4 fixed limit, ante 1, bring-in 1 (seed 003's $2/$4 game in whole chips)."""
    return croupier.Razz(
        antes=options.get("antes", 1),
        bring_in=options.get("bring_in", 1),
        bets=(options.get("small", 2), options.get("big", 4)),
    )


def stud() -> croupier.Game:
    return croupier.SevenCardStud(antes=1, bring_in=1, bets=(2, 4))


def stud8() -> croupier.Game:
    return croupier.SevenCardStudHiLo(antes=1, bring_in=1, bets=(2, 4))


# ===========================================================================
# The bring-in (docs/rules.md §3.4; seed 003, third street)
# ===========================================================================


def test_razz_highest_up_card_brings_in_ties_broken_by_suit_spades_highest() -> None:
    # Seed 003: with Qd, Qh and Qs showing, the Qs brings in (bridge order:
    # spades > hearts > diamonds > clubs).  Seats 0, 1, 2 show Qd, Qs, Qh, and
    # seat 3 a lower card (Ac is low in Razz), so seat 1 brings in.
    hand = razz().start([100] * 4, deck=deck_of("2c 3c Qd", "4c 5c Qs", "6c 7c Qh", "8c 9c Ac"))
    assert [hand.up_cards(i) for i in range(4)] == [(c,) for c in parse_cards("Qd Qs Qh Ac")]
    assert hand.bring_in_seat == 1
    assert hand.actor == 1
    assert hand.bring_in_pending


def test_razz_ace_is_low_so_a_king_brings_in_against_an_ace() -> None:
    # RULES §3: aces are low in Razz, so the king is the highest up card.
    hand = razz().start([100] * 2, deck=deck_of("2c 3c As", "4c 5c Kd"))
    assert hand.bring_in_seat == 1
    assert hand.actor == 1


def test_stud_lowest_up_card_brings_in_ties_broken_by_suit_clubs_lowest() -> None:
    # Seven-card stud: the lowest up card brings in; of three deuces the 2c
    # (clubs lowest).  Seats show 2d, 2h, 2c, Ks: seat 2 brings in.
    hand = stud().start([100] * 4, deck=deck_of("Kc 3c 2d", "4c 5c 2h", "6c 7c 2c", "8c 9c Ks"))
    assert hand.bring_in_seat == 2
    assert hand.actor == 2


def test_stud_ace_is_high_for_the_bring_in() -> None:
    # In stud high the ace is the highest card: the deuce brings in, not the ace.
    hand = stud().start([100] * 3, deck=deck_of("Kc 3c Ac", "4c 5c 2s", "6c 7c 9d"))
    assert hand.bring_in_seat == 1


def test_stud_hi_lo_lowest_up_card_brings_in() -> None:
    # Stud hi/lo brings in like stud high: the lowest card, here 3h over 3s/9c.
    hand = stud8().start([100] * 3, deck=deck_of("Kc 2c 3s", "4c 5c 3h", "6c 7c 9c"))
    assert hand.bring_in_seat == 1


def test_bring_in_seat_must_bring_in_or_complete_before_anything_else() -> None:
    # Seed 003: the bring-in player has two choices: post the bring-in or
    # complete to the small bet.  Folding or checking first is refused; so is a
    # call (nothing is bet yet) and a raise other than the completion to 2.
    hand = razz().start([100] * 3, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h"))
    assert hand.actor == 0 and hand.bring_in_pending
    assert not hand.can_check
    assert hand.min_raise_to == hand.max_raise_to == 2  # completing is the only raise
    refused(hand, hand.fold)
    refused(hand, hand.check)
    refused(hand, hand.call)
    refused(hand, lambda: hand.raise_to(3))
    refused(hand, lambda: hand.raise_to(4))
    act(hand, 0, "b")
    # Posting the bring-in: 1 chip in front of seat 0 (stack 100 - ante 1 - 1).
    assert hand.bets == (1, 0, 0)
    assert hand.stacks == (98, 99, 99)
    assert not hand.bring_in_pending
    refused(hand, hand.bring_in)  # only once


def test_others_may_call_the_bring_in_fold_or_complete() -> None:
    # After a bring-in of 1 (2/4 game), the next players may fold, call 1, or
    # complete to 2; no other amount.  Seat 0 (Kd up) brings in.
    hand = razz().start([100] * 4, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h", "8c 9c 8h"))
    act(hand, 0, "b")
    assert hand.actor == 1
    assert hand.to_call == 1 and not hand.can_check
    assert hand.min_raise_to == hand.max_raise_to == 2
    refused(hand, hand.check)
    refused(hand, lambda: hand.raise_to(3))
    refused(hand, lambda: hand.raise_to(4))
    act(hand, 1, "c")  # calls the bring-in
    assert hand.bets == (1, 1, 0, 0)
    act(hand, 2, "f")  # folds
    assert hand.folded == (False, False, True, False)
    act(hand, 3, "C")  # completes to the small bet
    assert hand.bets == (1, 1, 0, 2)


def test_completing_the_bring_in_is_a_full_bet_and_reopens_the_betting() -> None:
    # Completion raises the bring-in to a full small bet: it is the round's one
    # bet, so the next raise is one more small bet, to 2 + 2 = 4, and the
    # bring-in seat and the player who only called the bring-in may raise again.
    hand = razz().start([100] * 4, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h", "8c 9c 8h"))
    play(hand, [(0, "b"), (1, "c"), (2, "C")])
    assert hand.actor == 3
    assert hand.to_call == 2
    assert hand.min_raise_to == hand.max_raise_to == 4
    act(hand, 3, "c")
    assert hand.actor == 0  # the bring-in seat: 1 in, 1 to call, may raise
    assert hand.to_call == 1
    assert hand.can_raise and hand.min_raise_to == hand.max_raise_to == 4
    act(hand, 0, "c")
    assert hand.actor == 1  # called the bring-in, now faces the completion
    assert hand.to_call == 1
    assert hand.can_raise and hand.min_raise_to == 4
    act(hand, 1, "c")
    # Everyone matched 2: the round is over; pot 4 antes + 4 x 2 = 12.
    assert hand.street == "fourth"
    assert hand.pot == 12


def test_bring_in_seat_may_complete_at_once() -> None:
    # The bring-in seat may complete to 2 instead of bringing in; that is the
    # bet, so the others face 2 and the next raise is to 4.
    hand = razz().start([100] * 3, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h"))
    act(hand, 0, "C")
    assert hand.bets == (2, 0, 0)
    assert not hand.bring_in_pending
    assert hand.actor == 1 and hand.to_call == 2
    assert hand.min_raise_to == hand.max_raise_to == 4
    refused(hand, hand.complete)  # there is no bring-in left to complete


def test_completion_is_the_full_bet_even_when_the_bring_in_is_more_than_half_a_bet() -> None:
    # RULES §3-§4: the bring-in player may post the bring-in or complete to the
    # small bet; the bring-in and its completion together are the round's one
    # bet, and each raise then adds one small bet.  Bring-in 3, bets 4/8:
    # seat 0 brings in 3, seat 1 completes to 4, so seat 2 may call 4, fold,
    # or raise to 4 + 4 = 8 -- never "raise" to 4, which adds nothing.
    hand = razz(bring_in=3, small=4, big=8).start(
        [100] * 4, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h", "8c 9c 8h")
    )
    play(hand, [(0, "b"), (1, "C")])
    assert hand.bets == (3, 4, 0, 0)
    assert hand.actor == 2 and hand.to_call == 4
    assert hand.min_raise_to == hand.max_raise_to == 8
    refused(hand, lambda: hand.raise_to(4))


@pytest.mark.parametrize(("bring_in", "small", "big"), [(5, 2, 4), (2, 2, 4)])
def test_a_raise_is_always_above_the_bring_in_even_one_not_below_the_small_bet(
    bring_in: int, small: int, big: int
) -> None:
    # RULES §3: the bring-in player posts the bring-in or completes *up* to the
    # small bet, so a bring-in is meant to be less than the small bet.  A game
    # whose bring-in is not (5 with bets 2/4, or 2 with bets 2/4) should be
    # refused; if it is accepted, the player after the bring-in faces it to
    # call, and a raise must be to more than the bring-in (RULES §4: amounts
    # are "raise to" the new amount to match; a "raise" to the bring-in itself
    # adds nothing, and one to less would lower the bet).
    try:
        game = razz(bring_in=bring_in, small=small, big=big)
    except ValueError:
        return  # refused: the rule holds
    hand = game.start([100] * 3, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h"))
    act(hand, 0, "b")
    assert hand.actor == 1 and hand.to_call == bring_in
    lo = hand.min_raise_to
    assert lo is None or lo > bring_in, f"a raise to {lo} is offered over a bring-in of {bring_in}"


# ===========================================================================
# A bring-in seat short of chips (docs/rules.md §3, §4)
# ===========================================================================

# Ante 1, bring-in 2.  Seat 0 shows the card that must bring in: Kd in Razz
# (the highest; the others show 5c and 6d), 2c in Stud and Stud Hi/Lo (the
# lowest; the others show Kc and Qd).
SHORT_GAMES = {
    "razz": (croupier.Razz, "2h 3h Kd", "4h 5h 5c", "7h 8h 6d"),
    "stud": (croupier.SevenCardStud, "2h 3h 2c", "4h 5h Kc", "7h 8h Qd"),
    "stud8": (croupier.SevenCardStudHiLo, "2h 3h 2c", "4h 5h Kc", "7h 8h Qd"),
}


def short_bring_in(name: str, stack: int, small: int = 4) -> Hand:
    """Three players, ante 1, bring-in 2, bets ``small``/2 x ``small``; seat 0 brings in."""
    make, *holes = SHORT_GAMES[name]
    game = make(antes=1, bring_in=2, bets=(small, 2 * small))
    hand = game.start([stack, 100, 100], deck=deck_of(*holes))
    assert hand.bring_in_seat == 0 and hand.actor == 0 and hand.bring_in_pending
    return hand


@pytest.mark.parametrize("name", sorted(SHORT_GAMES))
@pytest.mark.parametrize("stack", [3, 2])  # after the ante: exactly the bring-in (2), less (1)
@pytest.mark.parametrize("how", ["all_in", "complete", "bring_in"])
def test_a_bring_in_seat_with_no_more_than_the_bring_in_can_only_bring_in(
    name: str, stack: int, how: str
) -> None:
    # §3: the bring-in seat posts the bring-in or completes to the small bet;
    # with no more chips than the bring-in it cannot complete, so whatever it
    # puts in is the bring-in (all-in).  The next player faces the full
    # bring-in of 2 (as with a short blind) and may complete to the small bet.
    hand = short_bring_in(name, stack)
    assert hand.stacks[0] == stack - 1
    assert not hand.can_raise
    assert hand.min_raise_to is None and hand.max_raise_to is None
    refused(hand, lambda: hand.raise_to(stack - 1))
    refused(hand, lambda: hand.raise_to(4))
    getattr(hand, how)()
    assert phh_lines(hand.events)[-1] == "p1 pb"
    assert hand.bets[0] == stack - 1 and hand.stacks[0] == 0
    assert hand.actor == 1
    assert hand.to_call == 2
    assert hand.can_raise and hand.min_raise_to == hand.max_raise_to == 4  # complete


@pytest.mark.parametrize("name", sorted(SHORT_GAMES))
def test_a_short_completion_of_half_the_small_bet_or_more_is_a_full_completion(name: str) -> None:
    # Ante 1, bring-in 2, bets 4/8, seat 0 has 3 after the ante: more than the
    # bring-in, less than the small bet.  It may go all-in for 3, a completion
    # for less; §4's short all-in rule: 3 is at least half of 4, so it counts
    # as the full completion, and the next player may call 3 or raise to 3 + 4.
    hand = short_bring_in(name, 4)
    assert hand.can_raise and hand.min_raise_to == hand.max_raise_to == 3
    hand.all_in()
    assert phh_lines(hand.events)[-1] == "p1 cbr 3"
    assert hand.actor == 1 and hand.to_call == 3
    assert hand.min_raise_to == hand.max_raise_to == 7


@pytest.mark.parametrize("name", sorted(SHORT_GAMES))
def test_a_short_completion_of_less_than_half_the_small_bet_may_be_completed(name: str) -> None:
    # Bets 8/16: an all-in completion to 3 is less than half of 8, so it is not
    # a full completion: the next player may call 3 or complete to 8.
    hand = short_bring_in(name, 4, small=8)
    hand.all_in()
    assert phh_lines(hand.events)[-1] == "p1 cbr 3"
    assert hand.actor == 1 and hand.to_call == 3
    assert hand.min_raise_to == hand.max_raise_to == 8


# ===========================================================================
# The cap on third street (docs/rules.md §4.3; seed 003)
# ===========================================================================


def test_third_street_cap_counts_bring_in_and_completion_as_the_one_bet() -> None:
    # Seed 003, $2/$4: bring-in, completion to 2, two raises make 6 ("three
    # bets"); one more raise is allowed (to 8), then the round is capped.
    # Five players; seat 0 (Kd, the highest card) brings in.
    hand = razz().start(
        [100] * 5, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h", "8c 9c 8h", "Tc Jc 9s")
    )
    play(hand, [(0, "b"), (1, "C")])
    assert hand.min_raise_to == hand.max_raise_to == 4
    act(hand, 2, 4)
    assert hand.min_raise_to == hand.max_raise_to == 6
    act(hand, 3, 6)
    assert hand.can_raise  # three bets so far: one more raise
    assert hand.min_raise_to == hand.max_raise_to == 8
    act(hand, 4, 8)
    # Capped: the bring-in seat (1 in) may only call 7 or fold.
    assert hand.actor == 0
    assert hand.to_call == 7
    assert not hand.can_raise
    assert hand.min_raise_to is None and hand.max_raise_to is None
    refused(hand, lambda: hand.raise_to(10))
    refused(hand, lambda: hand.raise_to(8))
    act(hand, 0, "c")
    assert not hand.can_raise  # still capped for everyone
    refused(hand, lambda: hand.raise_to(10))


def test_third_street_cap_when_the_bring_in_seat_completes() -> None:
    # The completion by the bring-in seat is the bet: raises to 4, 6, 8, capped.
    hand = razz().start(
        [100] * 5, deck=deck_of("2c 3c Kd", "4c 5c 6d", "6c 7c 7h", "8c 9c 8h", "Tc Jc 9s")
    )
    play(hand, [(0, "C"), (1, 4), (2, 6), (3, 8)])
    assert hand.actor == 4
    assert hand.to_call == 8
    assert not hand.can_raise
    refused(hand, lambda: hand.raise_to(10))


def test_razz_bets_small_on_third_and_fourth_big_from_fifth() -> None:
    # RULES §4: Razz 3rd and 4th street bet the small bet (2), 5th, 6th and 7th
    # the big bet (4).  Heads-up, everyone checks or calls between the bets.
    hand = razz().start([100] * 2, deck=deck_of("2c 3c Kd", "4c 5c 6d"))
    units = {}
    check_down(hand, until="fourth")
    for street in ("fourth", "fifth", "sixth", "seventh"):
        assert hand.street == street
        assert hand.can_check
        units[street] = hand.min_raise_to
        assert hand.max_raise_to == hand.min_raise_to
        check_down(
            hand, until={"fourth": "fifth", "fifth": "sixth", "sixth": "seventh"}.get(street)
        )
    assert units == {"fourth": 2, "fifth": 4, "sixth": 4, "seventh": 4}


# ===========================================================================
# Who acts first from fourth street (docs/rules.md §5.4; seed 003)
# ===========================================================================


def test_razz_lowest_board_acts_first_compared_from_the_highest_card() -> None:
    # Third street up: Kd (seat 0, brings in), 7c, 5c.  Fourth street up:
    # Qd, 2c, 6c -> boards K-Q, 7-2, 6-5.  Ace-to-five compares from the top:
    # 6-5 is lower than 7-2, so seat 2 acts first (not seat 1, the deuce).
    deck = deck_of("2h 3h Kd", "4h 5h 7c", "8h 9h 5c", "Qd", "2c", "6c", "Jd", "3c", "5d")
    hand = check_down(razz().start([100] * 3, deck=deck), until="fourth")
    assert hand.street == "fourth"
    assert hand.up_cards(2) == tuple(parse_cards("5c 6c"))
    assert hand.actor == 2
    # Fifth street up: Jd, 3c, 5d -> K-Q-J, 7-3-2, 6-5-5.  A pair is worse than
    # any unpaired board, so 7-3-2 (seat 1) acts first, not 6-5-5.
    check_down(hand, until="fifth")
    assert hand.street == "fifth"
    assert hand.actor == 1


def test_razz_pair_on_board_is_worse_than_no_pair() -> None:
    # Third street up: 2c, Qc, Kd (seat 2 brings in).  Fourth: 2d, Kc, Ks ->
    # boards 2-2 (a pair), K-Q, K-K (a pair).  Any unpaired board is lower
    # than a paired one, so K-Q (seat 1) acts first, not the deuces.
    deck = deck_of("3h 4h 2c", "5h 6h Qc", "7h 8h Kd", "2d", "Kc", "Ks")
    hand = razz().start([100] * 3, deck=deck)
    assert hand.bring_in_seat == 2
    check_down(hand, until="fourth")
    assert hand.up_cards(0) == tuple(parse_cards("2c 2d"))
    assert hand.actor == 1


def test_razz_tied_boards_lowest_seat_acts_first() -> None:
    # Four players.  Third street up: 3c, 9d, Kd (seat 2 brings in), Ah.
    # Fourth: Ad, Qc, 8c, 3s -> boards 3-A, Q-9, K-8, A-3: seats 0 and 3 tie
    # with the best board; the tie goes to the lowest seat, 0 (even though
    # seat 3 sits first after the bring-in).
    deck = deck_of("2h 4h 3c", "5h 6h 9d", "7h 8h Kd", "Th Jh Ah", "Ad", "Qc", "8c", "3s")
    hand = razz().start([100] * 4, deck=deck)
    assert hand.bring_in_seat == 2
    check_down(hand, until="fourth")
    assert hand.actor == 0


def test_razz_tied_boards_between_later_seats_go_to_the_lower_one() -> None:
    # Four players.  Third street up: 9d, 2c, Kd (seat 2 brings in), 2d.
    # Fourth: 8c, 5c, Qc, 5d -> 9-8, 5-2, K-Q, 5-2: seats 1 and 3 tie with the
    # best board; seat 1, the lower seat, acts first (seat 3 would be first
    # clockwise from the bring-in).
    deck = deck_of("2h 4h 9d", "5h 6h 2c", "7h 8h Kd", "Th Jh 2d", "8c", "5c", "Qc", "5d")
    hand = razz().start([100] * 4, deck=deck)
    assert hand.bring_in_seat == 2
    check_down(hand, until="fourth")
    assert hand.actor == 1


def test_stud_highest_board_acts_first_pairs_beat_high_cards() -> None:
    # Third street up: 2c (seat 0 brings in), Kd, 9h.  Fourth: 2d, Ad, 9c ->
    # boards 2-2, A-K, 9-9.  The highest poker board is the pair of nines
    # (pairs beat high cards, a higher pair beats a lower one): seat 2.
    deck = deck_of("3h 4h 2c", "5h 6h Kd", "7h 8h 9h", "2d", "Ad", "9c", "2h", "Ah", "Kc")
    hand = stud().start([100] * 3, deck=deck)
    assert hand.bring_in_seat == 0
    check_down(hand, until="fourth")
    assert hand.actor == 2
    # Fifth: 2h, Ah, Kc -> 2-2-2 (trips), A-A-K, 9-9-K: the trips act first.
    check_down(hand, until="fifth")
    assert hand.actor == 0


def test_stud_tied_boards_lowest_seat_acts_first() -> None:
    # Four players.  Third street up: Kc, 5d, 2c (seat 2 brings in), As.
    # Fourth: Ac, 6d, 3c, Kh -> K-A, 6-5, 3-2, A-K: seats 0 and 3 tie with
    # ace-king; the lowest seat, 0, acts first.
    deck = deck_of("2h 4h Kc", "5h 6h 5d", "7h 8h 2c", "Th Jh As", "Ac", "6d", "3c", "Kh")
    hand = stud().start([100] * 4, deck=deck)
    assert hand.bring_in_seat == 2
    check_down(hand, until="fourth")
    assert hand.actor == 0


# ===========================================================================
# Seventh street (docs/rules.md §5.4; seed 003)
# ===========================================================================


def test_seventh_street_is_one_down_card_and_a_betting_round() -> None:
    # Heads-up Razz to the end: each player has 7 cards, 4 of them up (one on
    # each of 3rd-6th street); the 7th-street card is face down.
    deck = deck_of("2h 3h Kd", "4h 5h Qd", "6c", "7c", "8c", "9c", "Tc", "Jc", "Ts", "Js")
    hand = check_down(razz().start([100] * 2, deck=deck), until="seventh")
    assert hand.street == "seventh" and hand.actor is not None
    assert hand.board == ()
    assert [len(hand.hole(i)) for i in range(2)] == [7, 7]
    assert hand.hole(0)[-1] == parse_cards("Ts")[0]
    assert hand.up_cards(0) == tuple(parse_cards("Kd 6c 8c Tc"))
    assert hand.up_cards(1) == tuple(parse_cards("Qd 7c 9c Jc"))


def test_community_seventh_card_when_the_deck_runs_out_plays_for_everyone() -> None:
    # Seed 003 / RULES §5: eight players stay to 7th street: 8 x 6 = 48 cards
    # are out after 6th street, 4 are left for 8 players, so one community card
    # is dealt face up for all.  Each seat's six cards (3rd street two down
    # and one up, then 4th, 5th, 6th up) and the community card 5c:
    seats = [
        "Ah As 2h 2s 3h 3s",  # 0: A-2-3 paired, with 5c still a pair
        "4d 4h 4s 5d 5h 5s",  # 1: fours and fives
        "6c 6h 6s 7c 7h 7s",  # 2: sixes and sevens
        "Ac 2c 3c 4c Kc Kd",  # 3: A-2-3-4 + 5c = 5-4-3-2-A, the wheel
        "8c 8d 8h 8s 9c 9d",  # 4: eights and nines
        "Ad 2d 3d 6d 7d Qc",  # 5: A-2-3-6-7 (+ 5c: 6-5-3-2-A)
        "9h 9s Tc Td Th Ts",  # 6: nines and tens
        "Jc Jd Jh Js Qd Qh",  # 7: jacks and queens
    ]
    cards = [s.split() for s in seats]
    order = [c for s in cards for c in s[:3]]  # third street, seat by seat
    for street in (3, 4, 5):
        order += [s[street] for s in cards]
    deck = deck_of(" ".join(order), "5c")
    hand = razz().start([100] * 8, deck=deck)
    check_down(hand, until="seventh")
    assert hand.street == "seventh"
    assert hand.board == tuple(parse_cards("5c"))
    for seat in range(8):
        assert hand.hole(seat) == tuple(parse_cards(seats[seat]))  # no 7th card of its own
        assert len(hand.up_cards(seat)) == 4
    check_down(hand)
    # With the community 5c seat 3 has the wheel and wins alone; without it
    # seat 5's 7-6-3-2-A would beat seat 3's K-4-3-2-A.  Pot: 8 antes + the
    # bring-in 1 called by 7 players = 16; seat 3 nets 16 - 2 = +14.
    assert hand.is_over
    assert hand.winnings == (0, 0, 0, 16, 0, 0, 0, 0)
    assert hand.payoffs == (-2, -2, -2, 14, -2, -2, -2, -2)


def test_seven_players_get_their_own_seventh_card() -> None:
    # Seven players need 7 x 7 = 49 <= 52 cards: no community card.
    hand = check_down(razz().start([100] * 7, seed=3))
    assert hand.board == ()
    assert [len(hand.hole(i)) for i in range(7)] == [7] * 7


# ===========================================================================
# Razz showdown (docs/rules.md §2.2, §6.8; seed 003)
# ===========================================================================


def test_razz_paired_low_loses_to_any_unpaired_low() -> None:
    # Seat 0: Ac Ad 2c 2d 3c 3d 4c -> best five A-A-2-3-4 (a pair of aces).
    # Seat 1: 9c Tc Kd Jc Qc Kc Ks -> K-Q-J-T-9, no pair (straights and flushes
    # do not count): any unpaired low beats any paired one, so seat 1 wins.
    # Kd is the higher up card: seat 1 brings in 1, seat 0 calls; pot 2 + 2 = 4.
    deck = deck_of("Ac Ad 2c", "9c Tc Kd", "2d", "Jc", "3c", "Qc", "3d", "Kc", "4c", "Ks")
    hand = razz().start([100] * 2, deck=deck)
    assert hand.bring_in_seat == 1
    check_down(hand)
    assert hand.payoffs == (-2, 2)


def test_razz_two_paired_lows_are_compared_by_the_pair_first() -> None:
    # Seat 0: 2c 2d 8c 6c 6d 7c 7d -> best 2-2 with 8-7-6 (a pair of deuces).
    # Seat 1: 3h 3s 6h 4h 4s 5h 5s -> best 3-3 with 6-5-4 (a pair of threes).
    # RULES §2: the pair is compared first: deuces beat threes, although seat 1's
    # top card (6) is lower than seat 0's (8).  8c up brings in: pot 4, seat 0 +2.
    deck = deck_of("2c 2d 8c", "3h 3s 6h", "6c", "4h", "6d", "4s", "7c", "5h", "7d", "5s")
    hand = razz().start([100] * 2, deck=deck)
    assert hand.bring_in_seat == 0
    check_down(hand)
    assert hand.payoffs == (2, -2)


def test_razz_equal_lows_split_with_the_odd_chip_to_the_lowest_seat() -> None:
    # Seat 2 shows Kd and brings in 1; seat 0 folds (ante 1 lost); seat 1 calls.
    # Seats 1 and 2 both make 5-4-3-2-A.  Pot 3 antes + 1 + 1 = 5, split 2 + 2
    # with the odd chip to the lowest seat: seat 1 takes 3, seat 2 takes 2.
    deck = deck_of(
        "Qh Qs 9c", "Ac 2c 3c", "Ad 2d Kd", "4c", "3d", "5c", "4d", "Jc", "5d", "Js", "Jh"
    )
    hand = razz().start([100] * 3, deck=deck)
    assert hand.bring_in_seat == 2
    play(hand, [(2, "b"), (0, "f"), (1, "c")])
    check_down(hand)
    assert hand.winnings == (0, 3, 2)
    assert hand.payoffs == (-1, 1, 0)


# Seat 0: Ah 2h down, Kd up (brings in), then 3d 4d 5d up and 6h down: a
# wheel, 5-4-3-2-A, the best low, on a board K-3-4-5.  Seat 1: Jh Qh down,
# 7c up, then 2c 3c 4c up and 8c down: 8-7-4-3-2, on a board 7-2-3-4, the
# lower board, so seat 1 acts first from fourth street on.
SIXTH_STREET_DECK = ("Ah 2h Kd", "Jh Qh 7c", "3d", "2c", "4d", "3c", "5d", "4c", "6h", "8c")


def test_razz_checked_seventh_street_the_sixth_street_bettor_shows_first() -> None:
    # Seed 003: if nobody bets on the river (seventh street), the last player
    # to bet or raise on sixth street shows first.  Sixth street: seat 1
    # checks, seat 0 bets 4, seat 1 calls; seventh is checked through.  Seat 0
    # shows first (not seat 1, the first to act on seventh); seat 1's 8-7 low
    # loses to the wheel, so it may muck.  Pot: antes 2 + 1 + 1 + 4 + 4 = 12.
    hand = razz().start([100, 100], deck=deck_of(*SIXTH_STREET_DECK))
    assert hand.bring_in_seat == 0
    play(hand, [(0, "b"), (1, "c")])
    check_down(hand, until="sixth")
    assert hand.actor == 1
    play(hand, [(1, "x"), (0, 4), (1, "c")])
    assert hand.street == "seventh" and hand.actor == 1
    play(hand, [(1, "x"), (0, "x")])
    assert hand.showdown_order == (0, 1)
    assert phh_lines(hand.events)[-2:] == ("p1 sm Ah2hKd3d4d5d6h", "p2 sm")
    assert hand.payoffs == (6, -6)


def test_razz_no_bet_on_sixth_or_seventh_the_first_to_act_on_seventh_shows_first() -> None:
    # The same cards checked down from fourth street: nobody bet on sixth
    # street either, so the first to act on seventh (seat 1) shows first; the
    # wheel of seat 0 wins and is shown too.
    hand = razz().start([100, 100], deck=deck_of(*SIXTH_STREET_DECK))
    play(hand, [(0, "b"), (1, "c")])
    check_down(hand)
    assert hand.showdown_order == (1, 0)
    assert phh_lines(hand.events)[-2:] == ("p2 sm JhQh7c2c3c4c8c", "p1 sm Ah2hKd3d4d5d6h")
    assert hand.payoffs == (2, -2)


# ===========================================================================
# Seven-Card Stud Hi/Lo: eight-or-better (docs/rules.md §2.3, §6.6)
# ===========================================================================

# Seat 0 shows 2c and brings in 1, seat 1 completes to 2, seat 2 calls and
# seat 0 folds: pot 3 antes + 1 + 2 + 2 = 8 for seats 1 and 2, who check down.
# Seat 1: Ks Kh Kd Qd Qh 9s Ts, kings full of queens (no low).
STUD8_SEAT1 = ["Ks Kh Kd", "Qd", "Qh", "9s", "Ts"]


def stud8_hand(seat2: list[str]) -> Hand:
    order = [c for pair in zip(STUD8_SEAT1[1:], seat2[1:], strict=True) for c in pair]
    deck = deck_of("3s 4s 2c", STUD8_SEAT1[0], seat2[0], *order)
    hand = stud8().start([100] * 3, deck=deck)
    assert hand.bring_in_seat == 0
    play(hand, [(0, "b"), (1, "C"), (2, "c"), (0, "f")])
    return check_down(hand)


def test_stud_hi_lo_eight_low_qualifies_and_takes_half() -> None:
    # Seat 2: 8c 7c 6h 5d 4h Jd Qs: high is the 8-high straight (loses to the
    # full house), low is 8-7-6-5-4, the worst low that still qualifies.
    # Pot 8: high half 4 to seat 1, low half 4 to seat 2; each put in 3: +1.
    hand = stud8_hand(["8c 7c 6h", "5d", "4h", "Jd", "Qs"])
    assert hand.winnings == (0, 4, 4)
    assert hand.payoffs == (-2, 1, 1)


def test_stud_hi_lo_nine_low_does_not_qualify_so_high_scoops() -> None:
    # Seat 2: 9c 7c 6h 5d 4h Jd Qs: only four ranks of 8 or lower (7-6-5-4),
    # so no low: the full house takes the whole pot of 8.
    hand = stud8_hand(["9c 7c 6h", "5d", "4h", "Jd", "Qs"])
    assert hand.winnings == (0, 8, 0)
    assert hand.payoffs == (-2, 5, -3)


def test_stud_hi_lo_odd_chip_of_the_split_goes_to_the_high_half() -> None:
    # Seat 0 shows 2c and must bring in; seat 1 folds (ante 1), seat 2 calls.
    # Seat 0: 3c 4d 2c 5d 7h Jd Tc: low 7-5-4-3-2, high only jack-high.
    # Seat 2: Ks Kh Kd Qd 8s 6s 2d: three kings, no low (8-6-2 only).
    # Pot 3 + 1 + 1 = 5: high half 3 (the odd chip) to seat 2, low 2 to seat 0.
    deck = deck_of(
        "3c 4d 2c", "9s Ts Jh", "Ks Kh Kd", "5d", "Qd", "7h", "8s", "Jd", "6s", "Tc", "2d"
    )
    hand = stud8().start([100] * 3, deck=deck)
    assert hand.bring_in_seat == 0
    play(hand, [(0, "b"), (1, "f"), (2, "c")])
    check_down(hand)
    assert hand.winnings == (2, 0, 3)
    assert hand.payoffs == (0, -1, 1)


# ===========================================================================
# Courchevel Hi/Lo: the deal (docs/rules.md §5.3; seed 004)
# ===========================================================================


def test_courchevel_five_hole_cards_and_first_flop_card_before_the_preflop_betting() -> None:
    # Seed 004: five hole cards each, and the first flop card is dealt face up
    # before the pre-flop betting; the other two flop cards come after it.
    holes = ["Ac 2c 3c 4c 5c", "Ad 2d 3d 4d 5d", "Ah 2h 3h 4h 5h"]
    deck = deck_of(*holes, "Ks", "Qs Js", "Ts", "9s")
    hand = croupier.CourchevelHiLo(NO_LIMIT, (1, 2)).start([100] * 3, deck=deck)
    assert hand.street == "preflop"
    assert hand.actor == 2  # three-handed the button acts first pre-flop
    assert hand.board == tuple(parse_cards("Ks"))
    for seat, hole in enumerate(holes):
        assert hand.hole(seat) == tuple(parse_cards(hole))
    check_down(hand, until="flop")
    assert hand.board == tuple(parse_cards("Ks Qs Js"))
    check_down(hand, until="turn")
    assert hand.board == tuple(parse_cards("Ks Qs Js Ts"))
    check_down(hand, until="river")
    assert hand.board == tuple(parse_cards("Ks Qs Js Ts 9s"))


def test_courchevel_two_plus_three_rule_one_suited_hole_card_makes_no_flush() -> None:
    # Board Ah Kh Qh Jh 2c.  Seat 0 holds Th 3c 4d 7s 8c: with the Th it would
    # be a royal flush in hold'em, but it must use exactly two hole cards and
    # three board cards: one heart is no flush, and A-K-Q-J-T would need four
    # board cards, so its best is A-K-Q-T-8.  Seat 1 holds 2d 2s 5c 6c 9d:
    # 2d 2s + 2c A K = three deuces, the best high.  Only A and 2 on the board
    # are 8 or lower, so no low: seat 1 scoops the pot of 2 + 2.
    deck = deck_of("Th 3c 4d 7s 8c", "2d 2s 5c 6c 9d", "Ah", "Kh Qh", "Jh", "2c")
    hand = croupier.CourchevelHiLo(NO_LIMIT, (1, 2)).start([100] * 2, deck=deck)
    check_down(hand)
    assert hand.board == tuple(parse_cards("Ah Kh Qh Jh 2c"))
    assert hand.payoffs == (-2, 2)
    # The same values straight from croupier.hands: no flush for seat 0.
    hole0, board = parse_cards("Th 3c 4d 7s 8c"), parse_cards("Ah Kh Qh Jh 2c")
    assert hands.category(hands.omaha_high(hole0, board)) == hands.Category.HIGH_CARD
    royal = hands.high(parse_cards("Th") + board)  # hold'em-style: any five of them
    assert hands.category(royal) == hands.Category.STRAIGHT_FLUSH


# ===========================================================================
# Hi/lo splits: quartering, odd chips, scoops (docs/rules.md §6.6, §6.7; seed 004)
# ===========================================================================

# Board 3c | 6d 7h | Kc | Ks (Courchevel: the first card before the pre-flop).
# Seat 0: Kh Kd Qc Qd Jc -> four kings (Kh Kd + Kc Ks 7h), no low.
# Seats 1 and 2: A-2 + 3-6-7 = 7-6-3-2-A, the same low (the board's only
# cards of 8 or lower are 3, 6, 7, so no better low exists for them).
QUARTER_HOLES = ("Kh Kd Qc Qd Jc", "Ac 2d 9c 9d Tc", "Ah 2h 9h 9s Th")


def courchevel_showdown(holes: Sequence[str], board: str, big_blind: int) -> Hand:
    """Three players, blinds 1/``big_blind``: all call the big blind, then check down."""
    deck = deck_of(*holes, board)  # the board in dealing order: first card, 2, 1, 1
    hand = croupier.CourchevelHiLo(NO_LIMIT, (1, big_blind)).start([100] * 3, deck=deck)
    play(hand, [(2, "c"), (0, "c"), (1, "x")])
    assert hand.street == "flop" and hand.pot == 3 * big_blind
    return check_down(hand)


@pytest.mark.parametrize(
    ("big_blind", "winnings"),
    [
        # Pot 12: high half 6 to seat 0; low half 6 split 3 + 3 (a quarter each).
        (4, (6, 3, 3)),
        # Pot 6: high 3; low 3 split 1 + 1 and its odd chip to the lowest seat, 1.
        (2, (3, 2, 1)),
        # Pot 9: the odd chip of the split goes to the high half: 5 and 4; 2 + 2.
        (3, (5, 2, 2)),
        # Pot 15: high 8 (odd chip); low 7 = 3 + 3 + the odd chip to seat 1.
        (5, (8, 4, 3)),
    ],
)
def test_courchevel_two_equal_lows_quarter_the_pot(
    big_blind: int, winnings: tuple[int, int, int]
) -> None:
    hand = courchevel_showdown(QUARTER_HOLES, "3c 6d 7h Kc Ks", big_blind)
    assert hand.board == tuple(parse_cards("3c 6d 7h Kc Ks"))
    assert hand.winnings == winnings
    assert hand.payoffs == tuple(w - big_blind for w in winnings)


def test_courchevel_quartered_low_loses_chips() -> None:
    # Pot 12 (everyone 4): each low player gets back only a quarter, 3: -1 each.
    hand = courchevel_showdown(QUARTER_HOLES, "3c 6d 7h Kc Ks", 4)
    assert hand.payoffs == (2, -1, -1)


def test_courchevel_odd_chip_between_the_halves_goes_to_the_high() -> None:
    # Seat 2 has no low now (9h 9s Th Jh Qh): one low (seat 1).  Pot 9:
    # high 5 (with the odd chip) to seat 0, low 4 to seat 1.
    holes = (QUARTER_HOLES[0], QUARTER_HOLES[1], "9h 9s Th Jh Qh")
    hand = courchevel_showdown(holes, "3c 6d 7h Kc Ks", 3)
    assert hand.winnings == (5, 4, 0)
    assert hand.payoffs == (2, 1, -3)


def test_courchevel_high_scoops_when_nobody_has_a_qualifying_low() -> None:
    # Board 3c Js Qs Kc Ks: only one card of 8 or lower, so no low can be made
    # with three board cards; seat 0's four kings take the whole pot of 9.
    hand = courchevel_showdown(QUARTER_HOLES, "3c Js Qs Kc Ks", 3)
    assert hand.winnings == (9, 0, 0)
    assert hand.payoffs == (6, -3, -3)


def test_omaha_hi_lo_two_equal_lows_quarter_the_pot() -> None:
    # Omaha Hi/Lo, four hole cards: seat 0 Kh Kd Qc Qd (four kings on a
    # 3c 6d 7h Kc Ks board), seats 1 and 2 A-2 for the same 7-6-3-2-A low.
    # Blinds 1/4, everyone calls 4: pot 12 = high 6 + low 3 + 3.
    deck = deck_of("Kh Kd Qc Qd", "Ac 2d 9c 9d", "Ah 2h 9h 9s", "3c 6d 7h", "Kc", "Ks")
    hand = croupier.OmahaHiLo(NO_LIMIT, (1, 4)).start([100] * 3, deck=deck)
    play(hand, [(2, "c"), (0, "c"), (1, "x")])
    check_down(hand)
    assert hand.winnings == (6, 3, 3)
    assert hand.payoffs == (2, -1, -1)


# ===========================================================================
# Courchevel betting structures (docs/rules.md §4; seed 004)
# ===========================================================================


def test_courchevel_pot_limit_bet_of_the_pot_allows_a_raise_to_four_times() -> None:
    # Seed 004: pot 100, a bet of 100: the next player may raise to at most 400
    # (call 100, the pot is then 300, raise 300 more).  Blinds 5/10, four
    # players: UTG (seat 2) raises to 25, the button and both blinds call:
    # 4 x 25 = 100 on the flop.  Seat 0 bets the pot (at most 100), seat 1 may
    # raise to between 200 (a raise of at least 100) and 400.
    hand = croupier.CourchevelHiLo(POT_LIMIT, (5, 10)).start([1000] * 4, seed=4)
    # Pre-flop the pot limit for UTG: 10 to call + pot after the call 25 = 35.
    assert hand.max_raise_to == 35
    play(hand, [(2, 25), (3, "c"), (0, "c"), (1, "c")])
    assert hand.street == "flop" and hand.pot == 100
    assert hand.actor == 0
    assert hand.max_raise_to == 100
    act(hand, 0, 100)
    assert hand.actor == 1
    assert hand.min_raise_to == 200
    assert hand.max_raise_to == 400
    refused(hand, lambda: hand.raise_to(401))
    act(hand, 1, 400)
    assert hand.pot == 600


def test_courchevel_no_limit_min_raise_adds_the_last_bet() -> None:
    # Seed 004 (no-limit): after a bet of 5 the smallest raise is to 10; the
    # largest is the stack.  Blinds 1/2, three players call to the flop.
    hand = croupier.CourchevelHiLo(NO_LIMIT, (1, 2)).start([100] * 3, seed=5)
    play(hand, [(2, "c"), (0, "c"), (1, "x")])
    assert hand.street == "flop"
    assert hand.min_raise_to == 2  # the minimum bet is the big blind
    act(hand, 0, 5)
    assert hand.min_raise_to == 10
    assert hand.max_raise_to == 98  # seat 1's whole stack: 100 - 2
    refused(hand, lambda: hand.raise_to(9))


def test_courchevel_fixed_limit_units_and_cap() -> None:
    # Seed 004 (limit, $2/$4): pre-flop and flop bets and raises are the small
    # bet (the big blind, 2), turn and river the big bet (4); at most four bets
    # a round (bet, raise, re-raise, cap).
    game = croupier.CourchevelHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4))
    hand = game.start([100] * 3, seed=6)
    assert hand.min_raise_to == hand.max_raise_to == 4  # the big blind is the bet
    play(hand, [(2, 4), (0, 6), (1, 8)])  # raises 2, 3, 4: capped
    assert not hand.can_raise
    play(hand, [(2, "c"), (0, "c")])
    assert hand.street == "flop"
    assert hand.min_raise_to == hand.max_raise_to == 2
    play(hand, [(0, 2), (1, 4), (2, 6), (0, 8)])
    assert hand.actor == 1 and not hand.can_raise
    play(hand, [(1, "c"), (2, "c")])
    assert hand.street == "turn"
    assert hand.min_raise_to == hand.max_raise_to == 4
    play(hand, [(0, "x"), (1, "x"), (2, "x")])
    assert hand.street == "river"
    assert hand.min_raise_to == hand.max_raise_to == 4


# ===========================================================================
# Omaha: the deal
# ===========================================================================


@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_omaha_deals_the_right_number_of_hole_cards(hole_cards: int) -> None:
    # Each player gets ``hole_cards`` cards, then the board 3 + 1 + 1; nothing
    # is dealt twice.  Six players: 6 x hole_cards + 5 cards.
    for game in (
        croupier.Omaha(NO_LIMIT, (1, 2), hole_cards=hole_cards),
        croupier.OmahaHiLo(POT_LIMIT, (1, 2), hole_cards=hole_cards),
    ):
        hand = game.start([100] * 6, seed=hole_cards)
        assert [len(hand.hole(i)) for i in range(6)] == [hole_cards] * 6
        assert hand.board == ()
        check_down(hand)
        assert len(hand.board) == 5
        cards = [c for i in range(6) for c in hand.hole(i)] + list(hand.board)
        assert len(set(cards)) == 6 * hole_cards + 5


def test_omaha_hole_cards_follow_the_deck_order() -> None:
    # The deck deals all four cards of seat 0, then seat 1, then the flop.
    deck = deck_of("Ac Kc Qc Jc", "Ad Kd Qd Jd", "2h 3h 4h", "5h", "6h")
    hand = croupier.Omaha(POT_LIMIT, (1, 2)).start([100] * 2, deck=deck)
    assert hand.hole(0) == tuple(parse_cards("Ac Kc Qc Jc"))
    assert hand.hole(1) == tuple(parse_cards("Ad Kd Qd Jd"))
    check_down(hand)
    assert hand.board == tuple(parse_cards("2h 3h 4h 5h 6h"))
    # The board's own straight flush does not play: each player must use two
    # hole cards (A, K, Q, J, no hearts) and three board cards, which makes no
    # straight, flush or pair; both best hands are A-K-6-5-4: a tie, the pot of
    # 2 + 2 is split 2 and 2.
    assert hand.payoffs == (0, 0)


@pytest.mark.parametrize(
    "game",
    [
        croupier.Omaha(NO_LIMIT, (1, 2), hole_cards=4),
        croupier.Omaha(NO_LIMIT, (1, 2), hole_cards=5),
        croupier.Omaha(NO_LIMIT, (1, 2), hole_cards=6),
        croupier.OmahaHiLo(NO_LIMIT, (1, 2), hole_cards=6),
        croupier.CourchevelHiLo(NO_LIMIT, (1, 2)),
    ],
    ids=["omaha4", "omaha5", "omaha6", "omaha_hi_lo6", "courchevel"],
)
def test_the_largest_table_a_flop_game_accepts_can_be_dealt_to_the_river(
    game: croupier.Game,
) -> None:
    # RULES §1: one 52-card deck.  A flop game deals every player its hole
    # cards and then five board cards; with nobody folding, a table of n
    # players needs n x hole + 5 cards.  Omaha 4: 10 x 4 + 5 = 45; Omaha 5:
    # 8 x 5 + 5 = 45; Courchevel: 9 x 5 + 5 = 50; Omaha 6 at 8 players:
    # 8 x 6 + 5 = 53 > 52, so the game must not seat 8 (7 x 6 + 5 = 47 would do).
    n = game.max_players
    hole = game.streets[0].hole
    assert n * hole + 5 <= 52, f"{game.name} seats {n} players but needs {n * hole + 5} cards"
    hand = check_down(game.start([100] * n, seed=1))
    assert hand.is_over and len(hand.board) == 5
