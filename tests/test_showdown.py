"""Issue 23, the showdown: when nobody can bet any more before the last card,
every hand still in is turned face up before the rest is dealt (seed 001), in
the events and in the PHH history, and stays shown at the showdown."""

from __future__ import annotations

import random

import pytest

from croupier import NO_LIMIT, DeuceToSevenTripleDraw, SevenCardStud, TexasHoldem, phh
from croupier.actions import lines
from croupier.cards import parse_cards
from croupier.events import EventKind
from croupier.hand import Hand
from croupier.replay import history_of, replay


def deck_of(*groups: str) -> list[int]:
    """A deck order: the cards of ``groups`` from the top, then the rest ascending."""
    cards = [c for group in groups for c in parse_cards(group)]
    assert len(cards) == len(set(cards)), "a card is listed twice"
    return cards + [c for c in range(52) if c not in cards]


def seed_001_three_way() -> Hand:
    """Seed 001's side pots: A (small blind) all-in for 200, B (under the gun)
    all-in for 500, C (button) calls 500, D (big blind) folds its 100."""
    game = TexasHoldem(NO_LIMIT, (50, 100))
    # Seats: 0 A small blind, 1 D big blind, 2 B under the gun, 3 C button.
    deck = deck_of("AsAh", "7c2d", "QsQh", "KdKc", "9s 8s 3d 4h 5c")
    hand = game.start([200, 1000, 500, 1000], deck=deck)
    hand.raise_to(500)  # B all-in
    hand.call()  # C
    hand.call()  # A all-in for less
    hand.fold()  # D
    return hand


def test_seed_001_every_hand_is_shown_before_the_run_out() -> None:
    hand = seed_001_three_way()
    assert hand.is_over and [p.amount for p in hand.pots] == [700, 600]
    kinds = [e.kind for e in hand.events]
    first_board = kinds.index(EventKind.DEAL_BOARD)
    shown = [e for e in hand.events if e.kind is EventKind.SHOW]
    assert {e.seat for e in shown} == {0, 2, 3}  # the three players still in
    assert max(i for i, k in enumerate(kinds) if k is EventKind.SHOW) < first_board
    assert EventKind.MUCK not in kinds  # the losing QQ was face up: not mucked
    for e in shown:
        assert e.seat is not None and e.cards == hand.hole(e.seat)
        assert e.street == 0  # shown on the street the betting ended
    # The history writes them before the board: `pN sm` lines, then `d db`.
    text = lines(hand.events)
    shows = [k for k, line in enumerate(text) if " sm " in line]
    boards = [k for k, line in enumerate(text) if line.startswith("d db")]
    assert len(shows) == 3 and max(shows) < min(boards)
    # Nobody could act on the later streets: the lowest seat still in first.
    assert [e.seat for e in shown] == [0, 2, 3] and hand.showdown_order == (0, 2, 3)


def test_the_shown_hands_round_trip_through_phh() -> None:
    hand = seed_001_three_way()
    history = phh.loads(phh.dumps(history_of(hand)))
    again = replay(history)
    assert again.hand.events == hand.events and again.payoffs == hand.payoffs


def test_a_call_on_the_river_is_an_ordinary_showdown() -> None:
    # All-in on the last street: nothing is left to deal, the showdown order
    # holds and a losing hand is mucked (docs/rules.md §6.8).
    game = TexasHoldem(NO_LIMIT, (1, 2))
    deck = deck_of("AsAh", "KdKc", "QsQh", "2c 7d 9h 4s 3c")
    hand = game.start([100, 100, 100], deck=deck)
    while hand.street != game.streets[-1].name:
        hand.check_or_call()
    hand.all_in()  # seat 0 (AA) all-in, both call
    hand.call()
    hand.call()
    assert hand.showdown_order == (0, 1, 2)
    kinds = [(e.kind, e.seat) for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
    assert kinds == [(EventKind.SHOW, 0), (EventKind.MUCK, 1), (EventKind.MUCK, 2)]


def test_stud_hands_are_shown_before_the_cards_still_to_come() -> None:
    # Two short stacks all-in on third street: every hand is turned up, then
    # fourth to seventh street are dealt.
    game = SevenCardStud(antes=1, bring_in=1, bets=(2, 4))
    hand = game.start([2, 2, 50], seed=7)
    while not hand.is_over:
        if hand.bring_in_pending:
            hand.bring_in()
        else:
            hand.check_or_call()
    events = hand.events
    kinds = [e.kind for e in events]
    shows = [k for k, kind in enumerate(kinds) if kind is EventKind.SHOW]
    deals = [k for k, e in enumerate(events) if e.kind is EventKind.DEAL_HOLE and e.street > 0]
    assert len(shows) == 3 and EventKind.MUCK not in kinds
    assert max(shows) < min(deals) and len(deals) == 4 * 3  # streets 4 to 7, three players
    assert all(events[k].street == 0 for k in shows)
    assert all(events[k].cards == hand.hole(events[k].seat or 0)[:3] for k in shows)


def test_draw_games_are_not_shown_before_the_draws() -> None:
    # In the draw games the players still choose their discards: nothing is
    # turned up before the last draw.
    game = DeuceToSevenTripleDraw(blinds=(1, 2))
    hand = game.start([3, 100], seed=2)  # the button is all-in on its call
    while not hand.is_over:
        if hand.drawing:
            hand.stand_pat()
        else:
            hand.check_or_call()
    kinds = [e.kind for e in hand.events]
    last_draw = max(i for i, k in enumerate(kinds) if k is EventKind.DRAW)
    assert all(i > last_draw for i, k in enumerate(kinds) if k is EventKind.SHOW)


@pytest.mark.parametrize("seed", range(40))
def test_all_in_hands_always_show_every_live_hand_once(seed: int) -> None:
    rng = random.Random(seed)
    game = TexasHoldem(NO_LIMIT, (1, 2))
    hand = game.start([rng.randint(3, 60) for _ in range(rng.randint(2, 6))], seed=seed)
    while not hand.is_over:
        if rng.random() < 0.4 and hand.can_raise:
            hand.all_in()
        else:
            hand.check_or_call()
    shown = [e.seat or 0 for e in hand.events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
    assert sorted(shown) == sorted(hand.showdown_order)  # each live hand once
    total = sum(hand.payoffs or ())
    assert total == 0
