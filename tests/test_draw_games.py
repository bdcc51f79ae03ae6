"""Rule tests of the draw games (docs/rules.md §5.7): the draw, the stub, the games as data.

Each test is named after the rule it checks; the expected values are worked
out by hand from §5.7 in the comments.  Decks are given (``deck=``, dealt from
the top: each seat's hand from seat 0 on, then the draws' cards in the order
the players draw) unless the test is about the seeded stub and its reshuffle.
The hand values are not tested here (the evaluators have their own tests).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from driving import refused

import croupier
from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Badugi,
    DeuceToSevenSingleDraw,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    Game,
    Hand,
    IllegalAction,
    Variant,
    format_cards,
    parse_cards,
    phh,
)
from croupier.actions import lines as phh_lines
from croupier.errors import PHHError
from croupier.games import game as make_game
from croupier.replay import history_of, replay
from croupier.variants import RULES, phh_codes

HANDS = {
    "a": "7c 5d 4h 3s 2c",
    "b": "Kd Kh 9s 8c 6d",
    "c": "Ah Ac Qs Js 3d",
    "d": "Tc 9d 8h 6s 2d",
}


def deal(game: Game, hands: Sequence[str], stub: str = "", stacks: Sequence[int] = ()) -> Hand:
    """A hand of ``game`` dealt ``hands`` (seat 0 first), then the cards of ``stub``."""
    deck = [c for h in hands for c in parse_cards(h)] + parse_cards(stub)
    return game.start(list(stacks) or [100] * len(hands), deck=deck)


def draw_round(hand: Hand, discards: dict[int, str] | None = None) -> list[int]:
    """Every player draws (``discards[seat]``, else stands pat); returns the order."""
    order = []
    while hand.drawing:
        seat = hand.actor
        assert seat is not None
        order.append(seat)
        cards = (discards or {}).get(seat, "")
        hand.discard(cards) if cards else hand.stand_pat()
    return order


# ---------------------------------------------------------------------------
# The draw: who draws, in which order, and when
# ---------------------------------------------------------------------------


def test_draw_order_is_from_the_first_player_left_of_the_button_seat_0_on() -> None:
    # Four players: seat 3 is the button, seats 0 and 1 the blinds.  Pre-flop
    # seat 2 (left of the big blind) acts first and folds; the others call or
    # check.  The draw then goes seat 0, 1, 3: the folded seat 2 does not draw.
    hand = DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)).start([100] * 4, seed=3)
    assert (hand.actor, hand.drawing) == (2, False)
    hand.fold()
    hand.call()
    hand.call()
    hand.check()
    assert hand.street == "first draw" and hand.drawing
    assert draw_round(hand) == [0, 1, 3]
    # After the draw the betting of the street begins with seat 0 as well.
    assert not hand.drawing and hand.actor == 0 and hand.can_check


def test_draw_order_heads_up_the_big_blind_draws_first_and_the_button_last() -> None:
    # Heads-up the button (seat 1) posts the small blind and acts first before
    # the draw; seat 0, the big blind, is left of the button and draws first.
    hand = DeuceToSevenSingleDraw(NO_LIMIT, (1, 2)).start([100, 100], seed=5)
    assert hand.actor == 1
    hand.call()
    hand.check()
    assert draw_round(hand) == [0, 1]
    assert hand.street == "draw" and hand.actor == 0


def test_all_in_players_still_draw_and_the_draws_run_out_without_betting() -> None:
    # Seat 1 goes all-in before the first draw and seat 0 calls: nobody can
    # bet any more, yet both players still draw three times (seat 0 first),
    # with no betting between the draws, then show down.
    hand = Badugi(FIXED_LIMIT, (1, 2), bets=(20, 40)).start([100, 15], seed=11)
    hand.raise_to(15)  # the button (seat 1) raises all-in for less than a bet
    hand.call()
    drawn = []
    while not hand.is_over:
        assert hand.drawing and not hand.can_check and hand.to_call == 0
        drawn.append((hand.street, hand.actor))
        hand.stand_pat()
    assert drawn == [
        (street, seat) for street in ("first draw", "second draw", "third draw") for seat in (0, 1)
    ]
    assert hand.showdown_order == (0, 1)  # nobody could act in the final round: the lowest seat
    shown = format_cards(hand.hole(0)).replace(" ", "")
    assert phh_lines(hand.events)[-2] == f"p1 sm {shown}" and phh_lines(hand.events)[-1].startswith(
        "p2 sm"
    )


def test_a_player_all_in_on_the_blind_draws_with_the_others() -> None:
    # Seat 1 (big blind, 2 chips) is all-in on its blind; the other two call and
    # check: all three draw, seat 1 included, then seats 0 and 2 bet on.
    hand = FiveCardDraw(NO_LIMIT, (1, 2)).start([50, 2, 50], seed=2)
    hand.call()  # seat 2
    hand.call()  # seat 0, the small blind
    assert hand.drawing and draw_round(hand) == [0, 1, 2]
    assert hand.actor == 0 and hand.can_check


def test_betting_is_refused_during_a_draw_and_the_draw_during_betting() -> None:
    hand = DeuceToSevenTripleDraw().start([100, 100, 100], seed=1)
    # Betting: no draw yet.
    refused(hand, hand.stand_pat)
    refused(hand, lambda: hand.discard(hand.hole(2)[:1]))
    assert hand.max_discards is None
    hand.call()
    hand.call()
    hand.check()
    # The draw: every betting action is refused, nothing changes.
    assert hand.drawing and hand.max_discards == 5
    assert not hand.can_check and not hand.can_raise and hand.to_call == 0
    assert hand.min_raise_to is None and hand.max_raise_to is None
    for attempt in (hand.check, hand.call, hand.fold, hand.check_or_call, hand.all_in):
        refused(hand, attempt)
    refused(hand, lambda: hand.raise_to(2))
    refused(hand, hand.bring_in)
    refused(hand, hand.complete)


def test_stand_pat_keeps_every_card_and_deals_nothing() -> None:
    hand = deal(DeuceToSevenSingleDraw(), [HANDS["a"], HANDS["b"]], stub="Qc Qd")
    hand.call()
    hand.check()
    before = hand.hole(0)
    hand.stand_pat()
    assert hand.hole(0) == before
    assert phh_lines(hand.events)[-1] == "p1 sd"  # standing pat: 'sd' without cards, and no deal
    assert hand.actor == 1 and hand.drawing
    hand.discard([])  # discarding nothing is standing pat too
    assert phh_lines(hand.events)[-1] == "p2 sd" and not hand.drawing


def test_discard_deals_as_many_cards_from_the_top_of_the_stub() -> None:
    # Seat 0 throws the 8 and the 6 away: the next two cards of the deck (Qc,
    # Qd) replace them, after the cards kept, in their order.
    hand = deal(DeuceToSevenSingleDraw(), [HANDS["d"], HANDS["b"]], stub="Qc Qd 4c")
    hand.call()
    hand.check()
    hand.discard("8h 6s")
    assert hand.hole(0) == tuple(parse_cards("Tc 9d 2d Qc Qd"))
    assert phh_lines(hand.events)[-2:] == ("p1 sd 8h6s", "d dh p1 QcQd")
    hand.discard(parse_cards("Kd"))  # codes work as well as text
    assert hand.hole(1) == tuple(parse_cards("Kh 9s 8c 6d 4c"))
    assert phh_lines(hand.events)[-2:] == ("p2 sd Kd", "d dh p2 4c")


def test_discarding_cards_not_held_or_twice_is_refused_and_changes_nothing() -> None:
    hand = deal(DeuceToSevenTripleDraw(), [HANDS["a"], HANDS["b"], HANDS["c"]])
    hand.call()
    hand.call()
    hand.check()
    for bad in ("Kd", "7c 7c", [0, 0], "Zz", [52], ["7c"], 7.0, 5, b"7c", {0}, [True]):
        refused(hand, lambda bad=bad: hand.discard(bad))  # type: ignore[misc]
    refused(hand, lambda: hand.discard("??"))  # seat 0 holds no unknown card
    hand.discard("7c 2c")  # and a legal discard is taken
    assert hand.actor == 1


def test_a_hand_history_may_discard_unknown_cards() -> None:
    # A history hides seat 0's hand (-1): it discards two of the unknown cards.
    deck = [-1] * 5 + parse_cards(HANDS["b"]) + parse_cards("2h 3h")
    hand = DeuceToSevenSingleDraw().start([100, 100], deck=deck)
    hand.call()
    hand.check()
    refused(hand, lambda: hand.discard("Kd"))
    hand.discard("????")
    assert hand.hole(0) == (-1, -1, -1, *parse_cards("2h 3h"))
    assert phh_lines(hand.events)[-2:] == ("p1 sd ????", "d dh p1 2h3h")


def test_a_given_deck_that_runs_out_deals_unknown_cards() -> None:
    hand = deal(DeuceToSevenSingleDraw(), [HANDS["a"], HANDS["b"]], stub="Qc")
    hand.call()
    hand.check()
    hand.discard("7c 5d")
    assert hand.hole(0)[-2:] == (parse_cards("Qc")[0], -1)
    hand.stand_pat()
    hand.check()
    hand.check()
    assert hand.is_over and hand.unsettled  # the showdown needs the unknown card


# ---------------------------------------------------------------------------
# The stub and its reshuffle
# ---------------------------------------------------------------------------


class Stub:
    """A model of §5.7: the stub (which cards, not their order) and the muck."""

    def __init__(self, hand: Hand) -> None:
        dealt = {c for seat in range(hand.n_players) for c in hand.hole(seat)}
        self.stub = set(range(52)) - dealt
        self.muck: set[int] = set()
        self.reshuffles = 0
        self.mixed = 0  # reshuffles in which a card of the old stub stayed in the stub

    def fold(self, cards: Sequence[int]) -> None:
        self.muck |= set(cards)

    def draw(self, discards: Sequence[int], new: Sequence[int]) -> None:
        k = len(discards)
        assert len(new) == k == len(set(new))
        assert not set(new) & set(discards)  # never the cards just thrown
        if len(self.stub) >= k:
            assert set(new) <= self.stub  # from the stub while it can serve
            self.stub -= set(new)
        else:
            # The stub left and the muck (not these discards) make the new stub.
            pool = self.stub | self.muck
            assert set(new) <= pool
            self.mixed += bool(self.stub - set(new))
            self.stub, self.muck = pool - set(new), set()
            self.reshuffles += 1
        self.muck |= set(discards)


def play_with_model(
    game: Game, stacks: list[int], seed: int, rng: random.Random
) -> tuple[Stub, int]:
    """Random play where everyone draws a lot, every draw checked against the model;
    returns the model and how many cards of folded hands were dealt again."""
    hand = game.start(stacks, seed=seed)
    model = Stub(hand)
    from_folded = 0
    folded_cards: set[int] = set()
    while hand.actor is not None:
        seat = hand.actor
        if hand.drawing:
            hole = hand.hole(seat)
            most = hand.max_discards
            assert most == len(hole)  # at these tables every draw can be served
            discards = rng.sample(hole, rng.choice([most, most, most - 1, 0]))
            hand.discard(discards)
            new = hand.hole(seat)[len(hole) - len(discards) :]
            from_folded += len(set(new) & folded_cards)
            model.draw(discards, new)
            live = [c for i in range(hand.n_players) if not hand.folded[i] for c in hand.hole(i)]
            assert len(live) == len(set(live))  # no card held twice at once
        elif rng.random() < 0.06 and not hand.can_check:
            model.fold(hand.hole(seat))
            folded_cards |= set(hand.hole(seat))
            hand.fold()
        else:
            hand.check_or_call()
        assert sum(hand.stacks) + hand.pot == sum(stacks)
    assert hand.is_over and hand.payoffs is not None and sum(hand.payoffs) == 0
    return model, from_folded


def test_reshuffle_of_the_discards_when_the_stub_cannot_serve_a_draw() -> None:
    # Six players of badugi and triple draw discarding (nearly) everything
    # exhaust the 52 cards: the stub runs short, and then the stub's last cards
    # and the muck -- every discard and folded hand so far except the cards
    # the drawing player just threw -- are shuffled into a new stub (§5.7).
    rng = random.Random(20261130)
    reshuffles = mixed = used_folded = 0
    for k in range(300):
        game = Badugi() if k % 2 else DeuceToSevenTripleDraw()
        model, from_folded = play_with_model(game, [400] * 6, seed=k, rng=rng)
        reshuffles += model.reshuffles
        used_folded += from_folded
        mixed += model.mixed
    assert reshuffles > 100
    # The stub's last cards are shuffled with the muck, not dealt first: some
    # reshuffles leave a card of the old stub in the new one.
    assert mixed > 10
    # Folded hands are in the muck: some of their cards are dealt again.
    assert used_folded > 0


def test_the_reshuffle_is_the_same_for_the_same_seed() -> None:
    def play(seed: int) -> tuple[str, ...]:
        hand = Badugi().start([100] * 6, seed=seed)
        while hand.actor is not None:
            if hand.drawing:
                hand.discard(hand.hole(hand.actor))
            else:
                hand.check_or_call()
        return phh_lines(hand.events)

    first = play(7)
    assert sum(len(line.split()[-1]) // 2 for line in first if line.startswith("d dh")) > 52
    assert play(7) == first
    assert play(8) != first


def test_when_even_a_reshuffle_cannot_serve_a_draw_the_discard_is_limited() -> None:
    # A table larger than the games seat (ten players of five cards, made
    # directly as a Game): 50 cards are dealt, two stay in the stub.  Each
    # player may draw only as many cards as nobody holds: 52 - 50 = 2.
    rules = RULES[Variant.DEUCE_TO_SEVEN_TRIPLE_DRAW]
    assert rules.value is not None
    big = Game(
        Variant.DEUCE_TO_SEVEN_TRIPLE_DRAW,
        "ten-handed",
        FIXED_LIMIT,
        rules.streets,
        rules.value,
        blinds=(1, 2),
        bets=(2, 4),
        max_players=10,
    )
    hand = big.start([100] * 10, seed=4)
    for _ in range(10):
        hand.check_or_call()
    assert hand.drawing and hand.actor == 0 and hand.max_discards == 2
    refused(hand, lambda: hand.discard(hand.hole(0)[:3]))
    first = hand.hole(0)[:2]
    hand.discard(first)  # the last two cards of the stub
    # Seat 1: the stub is empty; the muck holds seat 0's two discards.
    assert hand.max_discards == 2
    hand.discard(hand.hole(1)[:2])
    assert set(hand.hole(1)[-2:]) == set(first)


def test_the_factories_seat_only_tables_where_every_draw_can_be_served() -> None:
    # §5.7: with h cards a hand, a player drawing h cards needs h of the
    # 52 - h x players cards nobody holds: at most 9 players of five cards,
    # and badugi's four cards would allow 12 (the table limit is 10).
    assert DeuceToSevenTripleDraw().max_players == 9
    assert DeuceToSevenSingleDraw().max_players == 9
    assert FiveCardDraw().max_players == 9
    assert Badugi().max_players == 10
    with pytest.raises(ValueError, match="2 to 9 players"):
        FiveCardDraw().start([100] * 10, seed=1)
    for seed in range(20):
        hand = DeuceToSevenTripleDraw().start([100] * 9, seed=seed)
        while hand.actor is not None:
            if hand.drawing:
                assert hand.max_discards == 5
                hand.discard(hand.hole(hand.actor))
            else:
                hand.check_or_call()


# ---------------------------------------------------------------------------
# The games as data
# ---------------------------------------------------------------------------


def test_each_draw_game_has_its_streets_structures_and_phh_codes() -> None:
    single, triple = DeuceToSevenSingleDraw(), DeuceToSevenTripleDraw()
    assert [s.name for s in single.streets] == ["predraw", "draw"]
    assert [s.draw for s in triple.streets] == [False, True, True, True]
    assert (single.structure, triple.structure) == (NO_LIMIT, FIXED_LIMIT)
    assert (Badugi().structure, FiveCardDraw().structure) == (FIXED_LIMIT, FIXED_LIMIT)
    assert Badugi().streets[0].hole == 4 and FiveCardDraw().streets[0].hole == 5
    assert phh_codes(Variant.DEUCE_TO_SEVEN_SINGLE_DRAW) == ("N2L1D", "P2L1D", "F2L1D")
    assert phh_codes(Variant.DEUCE_TO_SEVEN_TRIPLE_DRAW) == ("F2L3D", "P2L3D", "N2L3D")
    assert phh_codes(Variant.BADUGI) == ("FB", "PB", "NB")
    assert phh_codes(Variant.FIVE_CARD_DRAW) == ("F5CD", "P5CD", "N5CD")
    for code in ("N2L1D", "F2L3D", "FB", "N5CD"):
        assert code in phh.VARIANTS
    for variant in (Variant.BADUGI, Variant.FIVE_CARD_DRAW):
        assert RULES[variant].is_draw and variant in croupier.variants.playable()
    # The same games through croupier.games.game, by their data.
    assert make_game("2L3D", POT_LIMIT).structure is POT_LIMIT
    assert make_game("B", bets=(4, 8)).bets == (4, 8)


def test_fixed_limit_triple_draw_bets_the_small_bet_twice_then_the_big_bet() -> None:
    # Blinds 1/2: the small bet is 2 before and after the first draw, the big
    # bet 4 after the second and the third draw.
    hand = DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)).start([200] * 3, seed=6)
    sizes: list[tuple[str, int]] = []
    while not hand.is_over:
        if hand.drawing:
            hand.stand_pat()
        elif hand.street not in [street for street, _ in sizes]:
            lo, hi = hand.min_raise_to, hand.max_raise_to  # the first to act bets or raises
            assert lo is not None and lo == hi
            sizes.append((hand.street, lo - max(hand.bets)))
            hand.raise_to(lo)
        else:
            hand.check_or_call()
    assert sizes == [("predraw", 2), ("first draw", 2), ("second draw", 4), ("third draw", 4)]
    # Five-card draw in fixed limit: the small bet before the draw, the big one after.
    assert [FiveCardDraw(bets=(5, 10)).unit(k) for k in (0, 1)] == [5, 10]


def test_pot_and_no_limit_draw_games_bet_as_in_holdem() -> None:
    hand = Badugi(POT_LIMIT, (1, 2)).start([100, 100, 100], seed=1)
    assert (hand.min_raise_to, hand.max_raise_to) == (4, 7)  # pot: 3 + 2 to call, raise 5
    hand = DeuceToSevenSingleDraw(NO_LIMIT, (5, 10)).start([1000, 1000], seed=1)
    assert (hand.min_raise_to, hand.max_raise_to) == (20, 1000)


def test_the_first_street_cannot_begin_with_a_draw() -> None:
    rules = RULES[Variant.BADUGI]
    assert rules.value is not None
    streets = (croupier.Street("predraw", hole=4, draw=True), *rules.streets[1:])
    with pytest.raises(ValueError, match="first street"):
        Game(
            Variant.BADUGI, "Badugi", FIXED_LIMIT, streets, rules.value, blinds=(1, 2), bets=(2, 4)
        )


def test_the_showdown_order_is_as_in_holdem() -> None:
    # The last to bet in the final round shows first; then clockwise.
    hand = deal(DeuceToSevenSingleDraw(), [HANDS["a"], HANDS["b"], HANDS["c"]])
    hand.call()
    hand.call()
    hand.check()
    draw_round(hand)
    hand.check()
    hand.raise_to(10)  # seat 1 bets after the draw
    hand.call()
    hand.call()
    assert hand.showdown_order == (1, 2, 0)


# ---------------------------------------------------------------------------
# Hand histories
# ---------------------------------------------------------------------------


def test_a_draw_is_written_as_sd_then_the_replacements_and_replays_the_same() -> None:
    hand = deal(
        DeuceToSevenTripleDraw(), [HANDS["a"], HANDS["b"], HANDS["c"]], stub="Qc Qd 2s 5s 4s"
    )
    hand.call()
    hand.call()
    hand.check()
    draw_round(hand, {1: "Kd Kh", 2: "Ah Ac 3d"})
    assert phh_lines(hand.events)[-5:] == (
        "p1 sd",
        "p2 sd KdKh",
        "d dh p2 QcQd",
        "p3 sd AhAc3d",
        "d dh p3 2s5s4s",
    )
    text = phh.dumps(history_of(hand))
    assert "variant = 'F2L3D'" in text
    again = replay(phh.loads(text))
    assert again.hand.events == hand.events
    assert again.hand.street == "first draw" and again.hand.actor == 0


def test_replay_deals_the_replacements_listed_after_all_the_discards() -> None:
    # PokerKit (and the WSOP files) write every player's discard first, then
    # the deals: each 'd dh pN' line after pN's discard are its replacements.
    text = (
        "variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
        "small_bet = 2\nbig_bet = 4\nstarting_stacks = [50, 50]\n"
        "actions = ['d dh p1 7c5d4h3s2c', 'd dh p2 KdKh9s8c6d', 'p2 cc', 'p1 cc',"
        " 'p1 sd 7c', 'p2 sd KdKh', 'd dh p1 Qc', 'd dh p2 2d3d']\n"
    )
    r = replay(phh.loads(text))
    assert r.hole(0) == tuple(parse_cards("5d 4h 3s 2c Qc"))
    assert r.hole(1) == tuple(parse_cards("9s 8c 6d 2d 3d"))
    assert phh_lines(r.hand.events)[-4:] == ("p1 sd 7c", "d dh p1 Qc", "p2 sd KdKh", "d dh p2 2d3d")


def test_replay_fills_unknown_discarded_hands_with_the_cards_shown() -> None:
    # p1's hand is unknown; it throws three unknown cards, is dealt 2h3h4h and
    # shows 7s6s2h3h4h at the end: the two cards it kept were 7s and 6s.
    text = (
        "variant = 'N2L1D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [50, 50]\n"
        "actions = ['d dh p1 ??????????', 'd dh p2 KdKh9s8c6d', 'p2 cc', 'p1 cc',"
        " 'p1 sd ??????', 'd dh p1 2h3h4h', 'p2 sd', 'p1 cc', 'p2 cc',"
        " 'p1 sm 7s6s2h3h4h', 'p2 sm KdKh9s8c6d']\n"
    )
    r = replay(phh.loads(text))
    assert r.is_over and not r.unsettled
    assert sorted(r.hole(0)) == sorted(parse_cards("7s 6s 2h 3h 4h"))


def test_replay_refuses_a_replacement_that_another_player_holds() -> None:
    text = (
        "variant = 'N2L1D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [50, 50]\n"
        "actions = ['d dh p1 7c5d4h3s2c', 'd dh p2 KdKh9s8c6d', 'p2 cc', 'p1 cc',"
        " 'p1 sd 7c', 'd dh p1 Kd']\n"
    )
    with pytest.raises(IllegalAction, match="Kd to seat 0, but seat 1 holds it"):
        replay(phh.loads(text))
    with pytest.raises(PHHError):
        phh.loads(text.replace("'p1 sd 7c'", "'p1 sd 7'"))


# ---------------------------------------------------------------------------
# Who wins (the values are croupier.hands', §2.6)
# ---------------------------------------------------------------------------


def showdown(game: Game, hands: Sequence[str]) -> tuple[int, ...]:
    """Everyone checks and stands pat to the showdown; the payoffs."""
    hand = deal(game, hands)
    while hand.actor is not None:
        hand.stand_pat() if hand.drawing else hand.check_or_call()
    assert hand.payoffs is not None
    return hand.payoffs


def test_in_deuce_to_seven_a_2_3_4_5_is_ace_high_not_a_straight() -> None:
    # A-5-4-3-2 of mixed suits against a pair of deuces: were it a straight,
    # the pair would win; ace-high without a pair wins.
    wheel, deuces, king = "Ah 5d 4h 3s 2c", "2d 2h 7s 5c 3d", "Kd 8h 5s 4c 3h"
    for game in (DeuceToSevenSingleDraw(), DeuceToSevenTripleDraw()):
        assert showdown(game, [wheel, deuces]) == (2, -2)
        # And it is ace-high, not five-high: a king-high hand beats it.
        assert showdown(game, [wheel, king]) == (-2, 2)


def test_in_badugi_a_three_card_hand_beats_a_four_card_non_badugi() -> None:
    # 7-5-4 of three suits with a fourth heart (a three-card hand) against
    # K-Q-J-T of only two suits (a two-card hand at best): the three cards win.
    assert showdown(Badugi(), ["7c 5d 4h Kh", "Ks Qs Jd Td"]) == (2, -2)
    # A four-card badugi, king-high as it is, beats 7-5-2 (a three-card hand:
    # the 4h and the 2h share a suit).
    assert showdown(Badugi(), ["7c 5d 4h 2h", "Kc Qd Jh Ts"]) == (-2, 2)


def test_five_card_draw_is_won_by_the_best_high_hand() -> None:
    assert showdown(FiveCardDraw(), ["Ah Ad 4h 3s 2c", "Kd Kh Ks 8c 3d"]) == (-2, 2)


def test_statistics_count_the_bet_after_a_draw_not_the_draw_as_the_continuation_bet() -> None:
    # The WSOP triple draw hand: p1 raises before the first draw, discards two
    # cards, then bets first after the draw -- a continuation bet.
    from croupier.statistics import stats

    history = phh.load(Path(__file__).parent / "data/phh/wsop/wsop-2023-43-5-55_02_29_59.phh")
    counted = stats([history])["p1"]
    assert (counted.cbets, counted.cbet_opportunities, counted.pfr) == (1, 1, 1)


# -- equity of the hands as they stand after the last draw (docs/rules.md §7.2) ------


def test_draw_equity_is_the_showdown_of_the_hands_as_they_stand() -> None:
    from croupier import equity

    seven_five = equity(DeuceToSevenTripleDraw(), ["7h5d4c3s2h", "8h6d4s3c2d"])
    assert seven_five.exact and seven_five.equity == (1.0, 0.0) and seven_five.deals == 1
    # A-2-3-4-5 is ace-high in 2-7: a king-high no-pair hand beats it.
    wheel = equity(DeuceToSevenSingleDraw(), ["As2d3c4h5s", "Kd9c7h5d3s"])
    assert wheel.equity == (0.0, 1.0)
    split = equity(Badugi(), ["Ah2d3c4s", "As2h3d4c"])
    assert split.equity == (0.5, 0.5) and split.tie == (1.0, 1.0)
    assert equity(FiveCardDraw(), ["AhAd3c4s9h", "KhKd3d4c9c", "QsQc2h2c7d"]).equity == (0, 0, 1)


def test_draw_equity_refuses_what_a_draw_hand_is_not() -> None:
    from croupier import equity

    with pytest.raises(ValueError, match="has no board"):
        equity(Badugi(), ["Ah2d3c4s", "As2h3d4c"], board="Kc")
    with pytest.raises(ValueError, match="hands have 4 cards, not 5"):
        equity(Badugi(), ["Ah2d3c4s9s", "As2h3d4c"])
    with pytest.raises(ValueError, match="given twice"):
        equity(Badugi(), ["Ah2d3c4s", "Ah2h3d4c"])
