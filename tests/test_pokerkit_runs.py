"""Run it N times against PokerKit 0.7.7 (a test oracle only; Python 3.11+, see
conftest.py): the same deal and actions, PokerKit in cash-game mode selecting
the same number of run-outs, end on the same stacks."""

from __future__ import annotations

import random

import pokerkit as pk
import pokerkit_differential as diff

import croupier
from croupier import NO_LIMIT, TexasHoldem, hands
from croupier.events import EventKind
from croupier.hand import Hand
from croupier.pots import side_pots, uncalled

HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))

# The automations of the differential driver: croupier's test gives the cards and
# selects the run-outs itself.
_PK_AUTOMATIONS = diff._AUTOMATIONS


def pokerkit_stacks(hand: Hand, runs: int) -> list[int]:
    """The same deal and actions on PokerKit (cash-game mode, ``runs`` run-outs)."""
    stacks = list(hand.starting_stacks)
    state = pk.NoLimitTexasHoldem.create_state(
        _PK_AUTOMATIONS, True, 0, (1, 2), 2, stacks, len(stacks), mode=pk.Mode.CASH_GAME
    )
    text = croupier.format_cards
    board = [text(e.cards).replace(" ", "") for e in hand.events if e.kind is EventKind.DEAL_BOARD]
    actions = [e for e in hand.events if e.is_betting]
    for seat in range(hand.n_players):
        state.deal_hole(text(hand.hole(seat)).replace(" ", ""), seat)
    while state.status:
        if state.can_burn_card():
            state.burn_card("??")  # croupier burns no card (docs/rules.md §1.5)
        elif state.can_select_runout_count():
            state.select_runout_count(runs)
        elif state.can_deal_board():
            state.deal_board(board.pop(0))
        elif state.actor_index is not None:
            event = actions.pop(0)
            assert event.seat == state.actor_index
            if event.kind is EventKind.BET_RAISE:
                state.complete_bet_or_raise_to(event.amount)
            elif event.kind is EventKind.FOLD:
                state.fold()
            else:
                state.check_or_call()
        else:
            raise AssertionError(f"PokerKit waits for something else: {state}")
    assert not board and not actions
    return list(state.stacks)


def split(amount: int, winners: list[int]) -> dict[int, int]:
    each, odd = divmod(amount, len(winners))
    return {w: each + (1 if k < odd else 0) for k, w in enumerate(sorted(winners))}


def pots_after_mucks(hand: Hand) -> list[int]:
    """The final stacks when the pots are made only after the hands that win nothing
    are mucked (PokerKit's way): each pot cut by run, the odd chips to run 1."""
    winnings = hand.winnings
    assert winnings is not None
    n = hand.n_players
    out = [hand.folded[i] or winnings[i] == 0 for i in range(n)]
    stacks = [hand.starting_stacks[i] - hand.contributions[i] for i in range(n)]
    back = uncalled(hand.contributions)
    money = list(hand.contributions)
    if back is not None:
        stacks[back[0]] += back[1]
        money[back[0]] -= back[1]
    live = [i for i in range(n) if not out[i]]
    for pot in side_pots(money, out):
        part, odd = divmod(pot.amount, len(hand.boards))
        for r, board in enumerate(hand.boards):
            values = {i: hands.high([*hand.hole(i), *board]) for i in live}
            best = max(values[i] for i in pot.eligible)
            won = split(
                part + (odd if r == 0 else 0), [i for i in pot.eligible if values[i] == best]
            )
            for seat, chips in won.items():
                stacks[seat] += chips
    return stacks


def test_runs_agree_with_pokerkit() -> None:
    """PokerKit mucks the hands that win nothing before it makes the pots, so a
    loser's all-in no longer cuts them; croupier cuts the pots when the betting
    ends (docs/rules.md §6.11).  The chips are the same; where the cut moves an
    odd chip of a run, PokerKit's stacks are those of that reading of the rule."""
    rng = random.Random(11)
    compared = merged = tied = 0
    for seed in range(300):
        runs = rng.choice((2, 3))
        stacks = [rng.randint(5, 200) for _ in range(rng.randint(3, 6))]
        hand = HOLDEM.start(stacks, seed=seed, runs=runs)
        while hand.actor is not None:  # some fold, some go all in, on any street
            r = rng.random()
            if r < 0.15 and hand.to_call:
                hand.fold()
            elif r < 0.5 and hand.can_raise:
                hand.all_in()
            else:
                hand.check_or_call()
        if len(hand.boards) == 1:
            continue
        live = [i for i in range(hand.n_players) if not hand.folded[i]]
        values = [[hands.high([*hand.hole(i), *b]) for i in live] for b in hand.boards]
        if any(len(set(v)) < len(v) for v in values):
            tied += 1  # a tie: the engines give odd chips differently (docs/rules.md §6.7)
            continue
        theirs = pokerkit_stacks(hand, runs)
        if theirs == list(hand.stacks):
            compared += 1
        else:
            assert theirs == pots_after_mucks(hand), (seed, stacks, runs)
            merged += 1
    assert compared > 100 and merged, (compared, merged, tied)
