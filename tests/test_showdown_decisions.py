"""The showdown as players play it (docs/rules.md §6.8, seed 003).

With ``auto_showdown=False`` the engine opens the first hand of the showdown
order and every next hand that beats or ties the best shown so far; any other
hand's player chooses ``show()`` or ``muck()``, and a mucked hand cannot win.
The default (``auto_showdown=True``) follows the same opening rule and mucks,
for the player, a hand that wins nothing.
"""

from __future__ import annotations

import random

import pytest

import croupier
from croupier import NO_LIMIT, IllegalAction, Razz, TexasHoldem, parse_cards, phh
from croupier.dealer import Dealer
from croupier.events import EventKind
from croupier.hand import Hand
from croupier.replay import history_of, replay


class Cards(Dealer):
    """Each seat's cards (and the board's) given as text."""

    def __init__(self, seats: dict[int | None, str]) -> None:
        self.seats = seats

    def cards(self, seat: int | None) -> list[int]:
        return parse_cards(self.seats.get(seat, ""))


# Seed 003's three-handed Razz showdown.  Seat 1 is short and all in on fifth
# street; seat 0 bets every street (so it shows first: the last to bet on
# seventh street), seat 2 calls.  Showdown order 0, 1, 2.
RAZZ_CARDS = {
    0: "9c Kc 7c 5c 3c Qc 2c",  # 9-7-5-3-2
    1: "6d Kd 4d 3d 2d Qd Ad",  # 6-4-3-2-A: the best low
    2: "8h Jh 7h 4h Ah Js 2h",  # 8-7-4-2-A: beats seat 0's, loses to seat 1's
}
RAZZ = Razz(antes=1, bring_in=2, bets=(4, 8))


def razz_to_showdown(auto: bool) -> Hand:
    hand = RAZZ.start([200, 10, 200], dealer=Cards(RAZZ_CARDS), auto_showdown=auto)
    while hand.actor is not None and not hand.showing:
        if hand.bring_in_pending:
            hand.bring_in()
        elif hand.actor == 0 and hand.can_check and hand.can_raise:
            hand.raise_to(hand.min_raise_to)  # type: ignore[arg-type]
        else:
            hand.check_or_call()
    return hand


def shown(hand: Hand) -> list[tuple[str, int | None]]:
    return [
        (e.kind.value, e.seat) for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)
    ]


def test_seed_003_the_hand_that_beats_the_first_is_opened_and_the_next_one_asked() -> None:
    hand = razz_to_showdown(auto=False)
    assert hand.showdown_order == (0, 1, 2)
    # Seat 0 shows first; seat 1's 6-low beats it: opened without asking.
    assert shown(hand) == [("show", 0), ("show", 1)]
    # Seat 2's 8-low beats seat 0's 9 but not seat 1's 6: its player chooses.
    assert hand.showing and hand.actor == 2 and not hand.is_over
    assert hand.payoffs is None


def test_seed_003_a_mucked_hand_cannot_win() -> None:
    mucking, showing = razz_to_showdown(auto=False), razz_to_showdown(auto=False)
    mucking.muck()
    showing.show()
    assert shown(mucking)[-1] == ("muck", 2) and shown(showing)[-1] == ("show", 2)
    # Seat 1 (all in) takes the main pot either way.  The side pot is seat 0's
    # and seat 2's: seat 2's 8-low wins it when shown, nothing when mucked.
    assert mucking.winnings is not None and showing.winnings is not None
    assert mucking.winnings[1] == showing.winnings[1] > 0
    assert mucking.winnings[2] == 0 and showing.winnings[2] > 0
    assert mucking.winnings[0] == showing.winnings[2]  # the side pot went to seat 0
    for hand in (mucking, showing):
        assert hand.is_over and not hand.showing and hand.actor is None
        assert sum(hand.payoffs or ()) == 0
        assert sum(hand.stacks) == 410


def test_auto_showdown_opens_the_same_hands_and_mucks_a_hand_that_wins_nothing() -> None:
    hand = razz_to_showdown(auto=True)
    assert hand.is_over
    # Cards speak: every hand is valued, so seat 2 wins the side pot and is shown.
    assert shown(hand) == [("show", 0), ("show", 1), ("show", 2)]
    manual = razz_to_showdown(auto=False)
    manual.show()
    assert hand.payoffs == manual.payoffs
    assert [str(e) for e in hand.events] == [str(e) for e in manual.events]


def test_auto_showdown_opens_a_hand_that_beats_the_best_shown_even_when_it_loses_later() -> None:
    """Seed 003: the second hand beats the first, so it is opened, though the
    third takes the pot (before, the engine mucked every hand that won nothing)."""
    cards = {
        0: "7c 7d",  # a pair of sevens: shows first (the river bettor)
        1: "8c 8d",  # eights beat sevens: opened
        2: "Ac Ad",  # aces win
        None: "2s 5h 9d Jc Kh",
    }
    game = TexasHoldem(NO_LIMIT, (1, 2))
    hand = game.start([100, 100, 100], dealer=Cards(cards))
    hand.call()  # seat 2 (button) calls
    hand.call()  # seat 0 completes
    hand.check()  # seat 1
    for _ in range(3):  # flop, turn: checked round; river: seat 0 bets, the rest call
        if hand.street == "river":
            hand.raise_to(4)
            hand.call()
            hand.call()
        else:
            hand.check()
            hand.check()
            hand.check()
    assert hand.is_over and hand.showdown_order == (0, 1, 2)
    assert shown(hand) == [("show", 0), ("show", 1), ("show", 2)]
    # A hand worse than the best shown that wins nothing is mucked.
    cards[1] = "3c 4d"
    again = game.start([100, 100, 100], dealer=Cards(cards))
    again.call(), again.call(), again.check()
    while not again.is_over:
        if again.street == "river" and again.actor == 0 and again.can_check:
            again.raise_to(4)
        else:
            again.check_or_call()
    assert shown(again) == [("show", 0), ("muck", 1), ("show", 2)]


def test_a_hand_that_ties_the_best_shown_is_opened_and_splits() -> None:
    cards = {0: "Ac Kd", 1: "Ad Kc", 2: "2c 7d", None: "Qs Jh 4d 9c 3s"}
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start(
        [100, 100, 100], dealer=Cards(cards), auto_showdown=False
    )
    while hand.actor is not None and not hand.showing:
        hand.check_or_call()
    # Seat 0 (first to act on the river) shows; seat 1 ties: opened; seat 2 asked.
    assert shown(hand) == [("show", 0), ("show", 1)] and hand.actor == 2
    hand.muck()
    assert hand.payoffs == (1, 1, -2)


def test_decisions_are_refused_out_of_turn_and_change_nothing() -> None:
    hand = razz_to_showdown(auto=False)
    before = (hand.events, hand.stacks, hand.actor)
    for act in (hand.fold, hand.check, hand.call, hand.check_or_call, hand.bring_in):
        with pytest.raises(IllegalAction, match="must show or muck"):
            act()
    with pytest.raises(IllegalAction, match="must show or muck"):
        hand.raise_to(100)
    with pytest.raises(IllegalAction, match="must show or muck"):
        hand.stand_pat()
    assert (hand.to_call, hand.can_check, hand.can_raise, hand.min_raise_to) == (
        0,
        False,
        False,
        None,
    )
    assert (hand.events, hand.stacks, hand.actor) == before
    hand.muck()
    for act in (hand.show, hand.muck):
        with pytest.raises(IllegalAction, match="the hand is over"):
            act()
    fresh = RAZZ.start([200, 10, 200], seed=1, auto_showdown=False)
    with pytest.raises(IllegalAction, match="no showdown is waiting"):
        fresh.show()
    with pytest.raises(ValueError, match="auto_showdown"):
        RAZZ.start([200, 10, 200], seed=1, auto_showdown=1)  # type: ignore[arg-type]


def test_seed_001_all_in_hands_are_shown_before_the_run_out_and_nobody_is_asked() -> None:
    cards = {0: "Qc Qd", 1: "Ac Ad", 2: "Kc Kd", None: "2s 5h 9d Jc 3h"}
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start(
        [50, 80, 100], dealer=Cards(cards), auto_showdown=False
    )
    hand.all_in()  # seat 2
    hand.all_in()  # seat 0
    hand.all_in()  # seat 1
    assert hand.is_over and not hand.showing
    assert shown(hand) == [("show", 0), ("show", 1), ("show", 2)]
    first_board = next(i for i, e in enumerate(hand.events) if e.kind is EventKind.DEAL_BOARD)
    assert all(i < first_board for i, e in enumerate(hand.events) if e.kind is EventKind.SHOW)


def test_a_mucked_showdown_round_trips_through_phh() -> None:
    hand = razz_to_showdown(auto=False)
    hand.muck()
    text = phh.dumps(history_of(hand))
    assert "'p3 sm'" in text
    again = replay(phh.loads(text))
    assert again.hand.payoffs == hand.payoffs
    assert shown(again.hand) == shown(hand)


GAMES = [
    croupier.TexasHoldem(NO_LIMIT, (1, 2)),
    croupier.OmahaHiLo(croupier.POT_LIMIT, (1, 2)),
    croupier.SevenCardStudHiLo(1, 1, (2, 4)),
    croupier.Razz(1, 1, (2, 4)),
    croupier.DeuceToSevenTripleDraw(croupier.FIXED_LIMIT, (1, 2), bets=(2, 4)),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_showdowns_conserve_chips_never_pay_a_mucked_hand_and_replay(
    game: croupier.Game,
) -> None:
    rng = random.Random(game.name)
    asked = mucked = 0
    for seed in range(120):
        stacks = [rng.randint(10, 200) for _ in range(rng.randint(2, 6))]
        hand = game.start(stacks, seed=seed, auto_showdown=False)
        while not hand.is_over:
            if hand.showing:
                asked += 1
                if rng.random() < 0.5:
                    mucked += 1
                    hand.muck()
                else:
                    hand.show()
            elif hand.drawing:
                hand.stand_pat() if rng.random() < 0.5 else hand.discard(hand.hole(hand.actor)[:1])  # type: ignore[index]
            elif hand.bring_in_pending:
                hand.bring_in()
            elif rng.random() < 0.1:
                hand.fold()
            elif rng.random() < 0.8 or not hand.can_raise:
                hand.check_or_call()
            else:
                hand.raise_to(hand.min_raise_to)  # type: ignore[arg-type]
        assert hand.payoffs is not None and sum(hand.payoffs) == 0
        assert sum(hand.stacks) == sum(stacks)
        winnings = hand.winnings
        assert winnings is not None
        for e in hand.events:
            if e.kind is EventKind.MUCK:
                assert e.seat is not None and winnings[e.seat] == 0
        again = replay(phh.loads(phh.dumps(history_of(hand))))
        assert again.hand.payoffs == hand.payoffs
    assert asked and mucked  # the decisions were exercised
