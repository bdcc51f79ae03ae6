"""Run it N times (docs/rules.md §6.11): when nobody can bet any more, the rest of
the board is dealt ``runs`` times; each pot is cut into that many equal parts
(odd chips to the first run's part) and each part is won on its own board.

The expected results are worked out here by a slow, plain reading of the rule
(``twin``), from the hands' values on each board and the pots of
``hand.settlement``.
"""

from __future__ import annotations

import random

import pytest

import croupier
from croupier import NO_LIMIT, POT_LIMIT, TexasHoldem, hands, parse_cards, phh
from croupier.dealer import Dealer
from croupier.events import EventKind
from croupier.hand import Hand
from croupier.history_game import RUNS_FIELD
from croupier.replay import history_of, replay

HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))


class Cards(Dealer):
    def __init__(self, seats: dict[int | None, str]) -> None:
        self.seats = seats

    def cards(self, seat: int | None) -> list[int]:
        return parse_cards(self.seats.get(seat, ""))


def split(amount: int, winners: list[int]) -> dict[int, int]:
    """``amount`` shared by ``winners``, the odd chips one by one to the lowest seats."""
    each, odd = divmod(amount, len(winners))
    return {w: each + (1 if k < odd else 0) for k, w in enumerate(sorted(winners))}


def twin(hand: Hand) -> list[int]:
    """What each seat receives from the pots, by the rule read plainly (hold'em)."""
    settlement = hand.settlement
    assert settlement is not None
    boards = hand.boards
    received = list(settlement.returned)
    live = [i for i in range(hand.n_players) if not hand.folded[i]]
    for pot in settlement.pots:
        part, odd = divmod(pot.amount, len(boards))
        for r, board in enumerate(boards):
            values = {i: hands.high([*hand.hole(i), *board]) for i in live}
            best = max(values[i] for i in pot.eligible)
            chips = part + (odd if r == 0 else 0)
            for seat, won in split(chips, [i for i in pot.eligible if values[i] == best]).items():
                received[seat] += won
    return received


def all_in(hand: Hand) -> Hand:
    while hand.actor is not None:
        if hand.can_raise:
            hand.raise_to(hand.max_raise_to)  # type: ignore[arg-type]
        else:
            hand.check_or_call()
    return hand


# Three players all in pre-flop with side pots (stacks 41, 80, 100 and blinds
# 1/2: a main pot of 123, a side pot of 78, 20 back).  Run 1: the aces win the
# main pot, the sevens the side pot; run 2 makes king-queen a flush, which
# wins both.
THREE = {0: "Ac Ad", 1: "Kh Qh", 2: "7s 7c", None: "2c 5d 9s Jd 3c  4h 8h Th 2s 6d"}


def test_run_it_twice_with_side_pots_and_an_odd_chip() -> None:
    hand = all_in(HOLDEM.start([41, 80, 100], dealer=Cards(THREE), runs=2))
    assert hand.is_over
    assert hand.boards == (
        tuple(parse_cards("2c 5d 9s Jd 3c")),
        tuple(parse_cards("4h 8h Th 2s 6d")),
    )
    settlement = hand.settlement
    assert settlement is not None
    assert [p.amount for p in settlement.pots] == [123, 78]  # 123: odd, split in two
    received = [hand.stacks[i] - hand.starting_stacks[i] + hand.contributions[i] for i in range(3)]
    assert received == twin(hand) == list(settlement.payouts)
    # Main pot: 62 (with the odd chip) to the aces on run 1, 61 to the flush on
    # run 2; side pot: 39 to the sevens on run 1, 39 to the flush on run 2.
    assert settlement.shares == ((62, 61, 0), (0, 39, 39))
    assert sum(hand.payoffs or ()) == 0
    kinds = [e.kind for e in hand.events]
    assert kinds.count(EventKind.RUN) == 1
    run = next(e for e in hand.events if e.kind is EventKind.RUN)
    assert run.amount == 2


def test_run_it_three_times_splits_every_pot_in_three() -> None:
    cards = {0: "Ac Ad", 1: "Kh Qh", None: "2c 5d 9s  Jd 3c  4h 8h Th  6c 7d 2d 3s 4s"}
    # Heads-up all in on the flop (stacks 50 and 51: a pot of 100).
    hand = HOLDEM.start([50, 51], dealer=Cards(cards), runs=3)
    hand.call(), hand.check()
    hand.all_in(), hand.call()
    assert len(hand.boards) == 3 and all(b[:3] == hand.boards[0][:3] for b in hand.boards)
    settlement = hand.settlement
    assert settlement is not None and [p.amount for p in settlement.pots] == [100]
    received = [hand.stacks[i] - hand.starting_stacks[i] + hand.contributions[i] for i in range(2)]
    assert received == twin(hand)
    assert sum(settlement.shares[0]) == 100
    assert sum(hand.payoffs or ()) == 0


def test_seeded_runs_deal_the_first_run_as_one_run_would_and_no_card_twice() -> None:
    rng = random.Random(5)
    ran = 0
    for seed in range(200):
        stacks = [rng.randint(5, 150) for _ in range(rng.randint(2, 6))]
        runs = rng.choice((2, 3))
        one = all_in(HOLDEM.start(stacks, seed=seed))
        many = all_in(HOLDEM.start(stacks, seed=seed, runs=runs))
        assert many.boards[0] == one.board
        assert many.hole(0) == one.hole(0)
        if len(many.boards) > 1:
            ran += 1
            assert len(many.boards) == runs
            cards = [c for i in range(many.n_players) for c in many.hole(i)]
            first = many.boards[0]
            shared = next(k for k in range(5) if any(b[k] != first[k] for b in many.boards))
            cards += list(first[:shared]) + [c for b in many.boards for c in b[shared:]]
            assert len(set(cards)) == len(cards)
        assert sum(many.payoffs or ()) == 0
        assert sum(many.stacks) == sum(stacks)
        received = [
            many.stacks[i] - many.starting_stacks[i] + many.contributions[i]
            for i in range(many.n_players)
        ]
        assert received == twin(many)
    assert ran > 150


def test_no_run_out_no_second_board() -> None:
    hand = HOLDEM.start([100, 100], seed=3, runs=2)
    hand.raise_to(6), hand.fold()
    assert hand.boards == ((),) and hand.is_over
    hand = HOLDEM.start([100, 100], seed=3, runs=2)
    while hand.actor is not None:
        hand.check_or_call()  # betting to the river: nothing left to run out
    assert len(hand.boards) == 1 and len(hand.board) == 5


def test_hi_lo_run_twice_conserves_chips_and_round_trips() -> None:
    game = croupier.OmahaHiLo(POT_LIMIT, (1, 2))
    rng = random.Random(9)
    for seed in range(60):
        stacks = [rng.randint(5, 100) for _ in range(rng.randint(2, 5))]
        hand = all_in(game.start(stacks, seed=seed, runs=2))
        assert sum(hand.payoffs or ()) == 0 and sum(hand.stacks) == sum(stacks)
        again = replay(phh.loads(phh.dumps(history_of(hand))))
        assert again.hand.payoffs == hand.payoffs
        assert again.hand.boards == hand.boards


def test_a_run_twice_hand_round_trips_through_phh() -> None:
    hand = all_in(HOLDEM.start([41, 80, 100], dealer=Cards(THREE), runs=2))
    history = history_of(hand)
    assert history.extra[RUNS_FIELD] == 2
    text = phh.dumps(history)
    assert "_runs = 2" in text and "'# run 2'" in text
    lines = [a.to_text() for a in history.actions]
    run = lines.index("# run 2")
    assert lines[run - 1 : run + 3] == ["d db 3c", "# run 2", "d db 4h8hTh", "d db 2s"]
    again = replay(phh.loads(text))
    assert again.hand.payoffs == hand.payoffs
    assert again.hand.boards == hand.boards
    assert [str(e) for e in again.hand.events] == [str(e) for e in hand.events]
    # Without the field the extra board lines are cards the game never deals:
    # the hand ends otherwise than the file says.
    with pytest.raises(phh.PHHError, match="finishing_stacks"):
        replay(phh.loads(text.replace("_runs = 2\n", "")))


@pytest.mark.parametrize("runs", [0, 4, True, "2", 2.0, None])
def test_bad_runs_are_refused(runs: object) -> None:
    with pytest.raises(ValueError, match="runs"):
        HOLDEM.start([100, 100], seed=1, runs=runs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "game",
    [
        croupier.Razz(1, 1, (2, 4)),
        croupier.DeuceToSevenTripleDraw(croupier.FIXED_LIMIT, (1, 2), bets=(2, 4)),
    ],
    ids=lambda g: g.name,
)
def test_games_without_a_board_cannot_run_it_twice(game: croupier.Game) -> None:
    with pytest.raises(ValueError, match="no board to run out"):
        game.start([100, 100], seed=1, runs=2)


def test_a_bad_runs_field_is_a_phh_error() -> None:
    hand = all_in(HOLDEM.start([41, 80, 100], dealer=Cards(THREE), runs=2))
    text = phh.dumps(history_of(hand)).replace("_runs = 2", "_runs = 5")
    with pytest.raises(phh.PHHError, match="_runs"):
        replay(phh.loads(text))
