"""``Hand.events``: the engine's own record of a hand (croupier.events).

The events are checked against what the hand itself says, with a slow
reading written here from the module's table of amounts:

* the chips: each seat's payoff worked out from the events alone (forced
  bets, the last "raise to" total of each street, chips given back, awards)
  is the hand's payoff, and the awards add up to everything put in;
* the streets: every betting action and draw carries the street the hand
  was on when it was made;
* the cards: the deals (less the discards) are each seat's hole cards and
  the board;
* the showdown: every seat still in shows or mucks once, a folded seat never;
* the PHH actions are the events translated (``from_events(hand.events)``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter, defaultdict

import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Hand
from croupier.actions import from_events
from croupier.events import BETTING, Event, EventKind
from croupier.games import Game

GAMES: dict[str, Game] = {
    "holdem-nl": croupier.TexasHoldem(NO_LIMIT, (1, 2)),
    "holdem-nl-antes-straddle": croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=1, straddles=(4,)),
    "holdem-bb-ante": croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=2, big_blind_ante=True),
    "holdem-dead-blind": croupier.TexasHoldem(NO_LIMIT, (1, 2), seat_blinds=(1, 2, -2)),
    "holdem-fl": croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "omaha-hilo-pl": croupier.OmahaHiLo(POT_LIMIT, (1, 2)),
    "short-deck": croupier.ShortDeckHoldem(NO_LIMIT, antes=1, button_blind=2),
    "razz": croupier.Razz(1, 1, (2, 4)),
    "stud-hilo": croupier.SevenCardStudHiLo(1, 1, (2, 4)),
    "five-card-draw": croupier.FiveCardDraw(NO_LIMIT, (1, 2)),
    "triple-draw": croupier.DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "badugi": croupier.Badugi(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "kuhn": croupier.KuhnPoker(),
    "leduc": croupier.LeducHoldem(),
}

HANDS = 300


def _stacks(game: Game, rng: random.Random) -> list[int]:
    players = rng.randint(game.min_players, min(game.max_players, 6))
    if game.seat_blinds is not None:
        players = len(game.seat_blinds)
    return [rng.choice([3, 8, rng.randint(5, 400)]) for _ in range(players)]


def _play(game: Game, rng: random.Random, seed: int) -> tuple[Hand, list[tuple[int, int]]]:
    """A hand played at random; returns it and (events before, street) of each move."""
    hand = game.start(_stacks(game, rng), seed=seed)
    moves: list[tuple[int, int]] = []
    while not hand.is_over:
        moves.append((len(hand.events), game.streets.index(_street_of(hand))))
        r = rng.random()
        if hand.drawing:
            held = hand.hole(hand.actor)  # type: ignore[arg-type]
            most = hand.max_discards
            k = rng.randint(0, len(held) if most is None else min(most, len(held)))
            hand.discard(rng.sample(held, k)) if k else hand.stand_pat()
        elif hand.bring_in_pending:
            hand.bring_in() if r < 0.6 else hand.complete()
        elif r < 0.1 and hand.to_call:
            hand.fold()
        elif r < 0.75 or not hand.can_raise:
            hand.check_or_call()
        else:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
    return hand, moves


def _street_of(hand: Hand) -> object:
    return next(s for s in hand.game.streets if s.name == hand.street)


def _held_before(events: tuple[Event, ...], end: int, seat: int) -> tuple[int | None, ...]:
    """The cards ``seat`` holds after ``events[:end]``: its deals less its discards."""
    held: list[int | None] = []
    for e in events[:end]:
        if e.seat == seat and e.kind is EventKind.DEAL_HOLE:
            held.extend(e.cards)
        elif e.seat == seat and e.kind is EventKind.DRAW:
            for card in e.cards:
                held.remove(card)
    return tuple(held)


def _payoffs_from_events(hand: Hand) -> list[int]:
    """Each seat's payoff, from the events alone (the module's table of amounts)."""
    n = hand.n_players
    put = [0] * n  # forced bets that are not a round's bet (antes, dead blinds)
    round_total: dict[tuple[int, int], int] = defaultdict(int)  # (street, seat) -> "to" total
    back = [0] * n
    award = [0] * n
    for e in hand.events:
        if e.kind in (EventKind.ANTE, EventKind.DEAD_BLIND):
            put[e.seat] += e.amount  # type: ignore[index,operator]
        elif e.kind is EventKind.BLIND:
            round_total[e.street, e.seat] = e.amount  # type: ignore[index,assignment]
        elif e.kind in (EventKind.CALL, EventKind.BET_RAISE, EventKind.BRING_IN):
            assert e.amount is not None and e.seat is not None
            assert e.amount >= round_total[e.street, e.seat]  # a total only grows
            round_total[e.street, e.seat] = e.amount
        elif e.kind is EventKind.RETURN:
            back[e.seat] += e.amount  # type: ignore[index,operator]
        elif e.kind is EventKind.AWARD:
            award[e.seat] += e.amount  # type: ignore[index,operator]
    for (_, seat), total in round_total.items():
        put[seat] += total
    return [award[i] + back[i] - put[i] for i in range(n)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_tell_the_whole_hand(name: str) -> None:
    game = GAMES[name]
    rng = random.Random(name)
    kinds: Counter[EventKind] = Counter()
    for seed in range(HANDS):
        hand, moves = _play(game, rng, seed)
        events = hand.events
        kinds.update(e.kind for e in events)
        assert all(isinstance(e, Event) for e in events)
        # Chips: the payoffs, and every chip put in comes back as an award.
        assert hand.payoffs is not None
        assert tuple(_payoffs_from_events(hand)) == hand.payoffs
        # Streets: each move's first event is on the street the hand was on.
        for before, street in moves:
            move = events[before]
            assert move.is_betting or move.kind is EventKind.DRAW, move
            assert move.street == street, (move, street)
        assert [e.street for e in events] == sorted(e.street for e in events)
        # Cards: the deals less the discards are the hands and the board.
        holes: dict[int, list[int | None]] = defaultdict(list)
        board: list[int | None] = []
        for e in events:
            if e.kind is EventKind.DEAL_HOLE:
                holes[e.seat].extend(e.cards)  # type: ignore[index]
            elif e.kind is EventKind.DEAL_BOARD:
                assert e.seat is None
                board.extend(e.cards)
            elif e.kind is EventKind.DRAW:
                for card in e.cards:
                    holes[e.seat].remove(card)  # type: ignore[index]
        for seat in range(hand.n_players):
            assert sorted(holes[seat]) == sorted(hand.hole(seat))  # type: ignore[type-var]
        assert tuple(board) == hand.board
        # The showdown: each seat still in shows or mucks once, in the
        # showdown order, showing the cards it holds then (an all-in run-out
        # shows them before the cards still to come, docs/rules.md §6.8).
        at_showdown = [e for e in events if e.kind in (EventKind.SHOW, EventKind.MUCK)]
        if at_showdown:
            assert sorted(e.seat for e in at_showdown) == [  # type: ignore[type-var]
                i for i in range(hand.n_players) if not hand.folded[i]
            ]
            assert [e.seat for e in at_showdown] == list(hand.showdown_order)
            for e in at_showdown:
                assert e.seat is not None
                held = _held_before(events, events.index(e), e.seat)
                assert e.cards == (held if e.kind is EventKind.SHOW else ())
        else:
            assert sum(not f for f in hand.folded) == 1
        # PHH: the actions are the events translated.
        phh = [a.kind for a in from_events(hand.events)]
        translated = [
            {
                EventKind.FOLD: "f",
                EventKind.CHECK: "cc",
                EventKind.CALL: "cc",
                EventKind.BET_RAISE: "cbr",
                EventKind.BRING_IN: "pb",
                EventKind.DRAW: "sd",
                EventKind.SHOW: "sm",
                EventKind.MUCK: "sm",
                EventKind.DEAL_HOLE: "dh",
                EventKind.DEAL_BOARD: "db",
            }[e.kind]
            for e in events
            if e.kind
            not in (
                EventKind.ANTE,
                EventKind.BLIND,
                EventKind.DEAD_BLIND,
                EventKind.RETURN,
                EventKind.AWARD,
            )
        ]
        assert phh == translated
    # Every kind the game can make was made.
    expected = {EventKind.DEAL_HOLE, EventKind.FOLD, EventKind.CALL, EventKind.AWARD}
    expected |= {EventKind.SHOW, EventKind.MUCK, EventKind.RETURN, EventKind.BET_RAISE}
    if game.is_stud:
        expected |= {EventKind.BRING_IN, EventKind.ANTE}
    elif name not in ("kuhn", "leduc"):
        expected |= {EventKind.BLIND, EventKind.CHECK}
    if name == "holdem-dead-blind":
        expected.add(EventKind.DEAD_BLIND)
    if any(s.draw for s in game.streets):
        expected.add(EventKind.DRAW)
    if any(s.board for s in game.streets):
        expected.add(EventKind.DEAL_BOARD)
    assert expected <= set(kinds), expected - set(kinds)


def test_an_event_is_a_frozen_value_that_prints_its_parts() -> None:
    event = Event(EventKind.SHOW, seat=2, street=3, cards=(51, -1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 1  # type: ignore[misc]
    assert str(event) == "show p3 As?? (street 3)"
    assert event == Event(EventKind.SHOW, 2, 3, None, (51, -1))
    assert not event.is_betting
    assert {
        EventKind.FOLD,
        EventKind.CHECK,
        EventKind.CALL,
        EventKind.BET_RAISE,
        EventKind.BRING_IN,
    } == BETTING
    assert str(Event(EventKind.BLIND, seat=0, street=0, amount=2)) == "blind p1 2"


def test_an_unsettled_hand_has_no_award() -> None:
    """Unknown cards at showdown (a hand history's ``??``): the engine cannot say who
    shows or wins, so there is no show, muck or award (a replayed history adds
    the shows it records)."""
    game = croupier.TexasHoldem(NO_LIMIT, (1, 2))
    hand = game.start([50, 50], deck=[-1] * 9)
    while not hand.is_over:
        hand.check_or_call()
    assert hand.unsettled
    kinds = {e.kind for e in hand.events}
    assert EventKind.BET_RAISE not in kinds and EventKind.CALL in kinds
    assert not kinds & {EventKind.AWARD, EventKind.SHOW, EventKind.MUCK}
    deals = [e for e in hand.events if e.kind is EventKind.DEAL_HOLE]
    assert [e.cards for e in deals] == [(-1, -1), (-1, -1)]
