"""The draw games against PokerKit 0.7.7: the same cards and actions, the same results.

Random hands of 2-7 single draw (no-limit), 2-7 triple draw and badugi (fixed
limit) and five-card draw (fixed limit; PokerKit's engine configured with its
rules, as ``bench/peer_engines.py`` does) are played on croupier with random
legal actions and random draws, 2 to 6 players with random stacks of ten big
blinds or more, the stub running out now and then.  (Shorter stacks reach the
conventions where the engines part -- a raise over a short all-in, for one --
which tests/test_pokerkit_differential.py names and shows on Hold'em.)  Each
hand is then played on PokerKit with the cards croupier dealt (PokerKit deals
nothing itself) and the same actions:
PokerKit must accept every action, and both engines must end on the same
stacks.  PokerKit takes every discard of a draw before dealing; croupier's
history deals each player's cards after their discard: the driver holds the
replacements back until the draw is over.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import pokerkit as pk
import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, Game, Hand, format_card
from croupier.actions import from_events
from croupier.actions import lines as phh_lines

A = pk.Automation
AUTOMATIONS = (
    A.ANTE_POSTING,
    A.BET_COLLECTION,
    A.BLIND_OR_STRADDLE_POSTING,
    A.CARD_BURNING,
    A.HOLE_CARDS_SHOWING_OR_MUCKING,
    A.HAND_KILLING,
    A.CHIPS_PUSHING,
    A.CHIPS_PULLING,
)
FIVE_CARD_DRAW_STREETS = (
    pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, 2, 4),
    pk.Street(True, (), 0, True, pk.Opening.POSITION, 4, 4),
)


def five_card_draw(stacks: tuple[int, ...]) -> Any:
    return pk.State(
        AUTOMATIONS,
        pk.Deck.STANDARD,
        (pk.StandardHighHand,),
        FIVE_CARD_DRAW_STREETS,
        pk.BettingStructure.FIXED_LIMIT,
        True,
        0,
        (1, 2),
        0,
        stacks,
        len(stacks),
    )


GAMES: dict[str, tuple[Game, Callable[[tuple[int, ...]], Any]]] = {
    "2-7 single draw": (
        croupier.DeuceToSevenSingleDraw(NO_LIMIT, (1, 2)),
        lambda s: pk.NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, True, 0, (1, 2), 2, s, len(s)
        ),
    ),
    "2-7 triple draw": (
        croupier.DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2), bets=(2, 4)),
        lambda s: pk.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            AUTOMATIONS, True, 0, (1, 2), 2, 4, s, len(s)
        ),
    ),
    "badugi": (
        croupier.Badugi(FIXED_LIMIT, (1, 2), bets=(2, 4)),
        lambda s: pk.FixedLimitBadugi.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, s, len(s)),
    ),
    "five-card draw": (croupier.FiveCardDraw(FIXED_LIMIT, (1, 2), bets=(2, 4)), five_card_draw),
}
HANDS = 250


def cards(codes: tuple[int | None, ...]) -> list[Any]:
    return [next(iter(pk.Card.parse(format_card(c)))) for c in codes if c is not None]


def play_croupier(game: Game, stacks: list[int], seed: int, rng: random.Random) -> Hand:
    hand = game.start(stacks, seed=seed)
    while hand.actor is not None:
        if hand.drawing:
            hole = hand.hole(hand.actor)
            hand.discard(rng.sample(hole, rng.choice([0, len(hole), rng.randint(0, len(hole))])))
            continue
        r = rng.random()
        if r < 0.1 and not hand.can_check:
            hand.fold()
        elif r < 0.3 and hand.can_raise:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.randint(lo, hi))
        else:
            hand.check_or_call()
    return hand


def play_pokerkit(state: Any, hand: Hand) -> None:
    """croupier's actions on PokerKit; a draw's deals wait for the draw's last discard."""
    held: list[list[Any]] = []
    drawing = False
    for action in from_events(hand.events):
        if action.kind == "dh" and drawing:
            held.append(cards(action.cards))
            continue
        if action.kind != "sd" and held:
            for dealt in held:
                state.deal_hole(dealt)
            held = []
        if action.kind == "dh":
            state.deal_hole(cards(action.cards))
        elif action.kind == "sd":
            drawing = True
            state.stand_pat_or_discard(cards(action.cards))
        elif action.kind == "f":
            state.fold()
        elif action.kind == "cc":
            state.check_or_call()
        elif action.kind == "cbr":
            state.complete_bet_or_raise_to(action.amount)
    for dealt in held:
        state.deal_hole(dealt)


@pytest.mark.parametrize("name", list(GAMES))
def test_pokerkit_accepts_every_action_and_ends_on_the_same_stacks(name: str) -> None:
    game, create = GAMES[name]
    rng = random.Random(f"draw-pokerkit-{name}")
    reshuffled = 0
    for k in range(HANDS):
        stacks = [rng.randint(20, 300) for _ in range(rng.randint(2, 6))]
        hand = play_croupier(game, stacks, seed=k, rng=rng)
        state = create(tuple(stacks))
        with warnings.catch_warnings():
            # PokerKit warns when a draw deals cards from its reserve (the muck).
            warnings.simplefilter("ignore", UserWarning)
            play_pokerkit(state, hand)
        assert not state.status, (k, phh_lines(hand.events))
        assert tuple(state.stacks) == hand.stacks, (k, phh_lines(hand.events))
        reshuffled += sum(len(a.cards) for a in from_events(hand.events) if a.kind == "dh") > 52
    assert reshuffled > 0
