"""A hand played on croupier, written as PHH, read back and replayed, ends the same.

Covers every game and structure, including Courchevel, whose PHH codes
(``NC/8``, ``PC/8``, ``FC/8``) are croupier's own.
"""

from __future__ import annotations

import random

import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, phh
from croupier.games import Game
from croupier.replay import history_of, replay

GAMES = {
    "holdem-nl": croupier.TexasHoldem(NO_LIMIT, (1, 2)),
    "holdem-fl": croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "omaha-pl": croupier.Omaha(POT_LIMIT, (1, 2)),
    "omaha-hilo-fl": croupier.OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "courchevel-nl": croupier.CourchevelHiLo(NO_LIMIT, (1, 2)),
    "courchevel-pl": croupier.CourchevelHiLo(POT_LIMIT, (1, 2)),
    "courchevel-fl": croupier.CourchevelHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "razz": croupier.Razz(1, 1, (2, 4)),
    "stud": croupier.SevenCardStud(1, 1, (2, 4)),
    "stud-hilo": croupier.SevenCardStudHiLo(1, 1, (2, 4)),
}


def play_randomly(game: Game, rng: random.Random, seed: int) -> croupier.Hand:
    hand = game.start([rng.randint(5, 300) for _ in range(rng.randint(2, 8))], seed=seed)
    while not hand.is_over:
        r = rng.random()
        if hand.bring_in_pending:
            hand.bring_in() if r < 0.7 else hand.complete()
        elif r < 0.1:
            hand.fold()
        elif r < 0.8 or not hand.can_raise:
            hand.check_or_call()
        else:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.randint(lo, hi))
    return hand


@pytest.mark.parametrize("name", sorted(GAMES))
def test_played_hand_round_trips_through_phh_and_replays_the_same(name: str) -> None:
    rng = random.Random(name)
    for seed in range(300):
        hand = play_randomly(GAMES[name], rng, seed)
        history = history_of(hand)
        text = phh.dumps(history)
        back = phh.loads(text)
        assert back == history
        assert phh.dumps(back) == text
        again = replay(back)
        assert again.is_over
        assert again.stacks == hand.stacks == back.finishing_stacks
        assert again.hand.events == hand.events


def test_courchevel_is_written_with_croupiers_own_codes() -> None:
    codes = set()
    for structure, bets in ((NO_LIMIT, None), (POT_LIMIT, None), (FIXED_LIMIT, (2, 4))):
        game = croupier.CourchevelHiLo(structure, (1, 2), bets=bets)
        hand = game.start([100, 100, 100], seed=1)
        codes.add(history_of(hand).variant)
        # The first flop card is dealt before the first pre-flop action.
        lines = history_of(hand).actions
        assert [a.kind for a in lines[:4]] == ["dh", "dh", "dh", "db"]
        assert len(lines[3].cards) == 1
    assert codes == {"NC/8", "PC/8", "FC/8"}


def test_layers_given_back_round_trip_as_stacks_not_as_a_pot_won() -> None:
    # docs/rules.md §6: antes 5, blinds 1/2, seat 1 all-in for 3 on the ante,
    # everyone else folds: (-3, +6, -3).  The file's finishing stacks say so,
    # and the replay pays the same, with nothing won by the folded seats.
    game = croupier.TexasHoldem(NO_LIMIT, (1, 2), antes=5)
    hand = game.start([100, 3, 100], seed=1)
    hand.fold()
    hand.fold()
    back = phh.loads(phh.dumps(history_of(hand)))
    assert back.finishing_stacks == (97, 9, 97)
    again = replay(back)
    assert again.payoffs == hand.payoffs == (-3, 6, -3)
    assert again.winnings == hand.winnings == (0, 9, 0)


def test_a_short_bring_in_all_in_round_trips_as_a_bring_in() -> None:
    # docs/rules.md §3: a bring-in seat holding no more than the bring-in can
    # only bring in; its all-in is written as the bring-in ("pb").
    game = croupier.Razz(antes=1, bring_in=2, bets=(4, 8))
    for seed in range(40):
        hand = game.start([3, 100, 100], seed=seed)
        if hand.bring_in_seat != 0:
            continue
        hand.all_in()
        while not hand.is_over:
            hand.check_or_call()
        history = history_of(hand)
        assert history.actions[3].to_text() == "p1 pb"  # after the three deals of third street
        assert replay(phh.loads(phh.dumps(history))).stacks == hand.stacks
        return
    raise AssertionError("no deal in 40 seeds made seat 0 bring in")
