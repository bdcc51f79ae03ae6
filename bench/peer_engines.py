"""Complete hands per second: croupier's engine against PokerKit's, same policies.

Used by ``bench/compare_peers.py`` (``--engines``).  PokerKit is only a peer
here, never a dependency of croupier.  Policies, for both engines:

* check-down: every player checks or calls to the showdown;
* heads-up all-in: the first to act pre-flop goes all-in, the other calls;
* random: seeded random legal actions (fold 10 %, raise the minimum 15 %,
  else check or call).

In the draws of the draw games (issue 14) check-down and all-in stand pat;
random play throws away a random number (0 to all) of random cards.  PokerKit
has no five-card draw: its engine is configured with the game's rules (one
draw, high hands, fixed limit), as for Courchevel.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable
from typing import Any

import croupier

Row = tuple[str, str, int, float]  # (game, library, hands, hands per second)


def _rate(play: Callable[[int], object], hands: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        play(hands)
        best = min(best, time.perf_counter() - t)
    return hands / best


# --------------------------------------------------------------------- croupier


def _croupier_loop(
    game: croupier.Game, players: int, stack: int, policy: str
) -> Callable[[int], int]:
    draws = game.is_draw
    discards = policy == "random"

    def play(hands: int) -> int:
        rng = random.Random(1)
        done = 0
        for k in range(hands):
            hand = game.start([stack] * players, seed=k)
            while hand.actor is not None:
                if draws and hand.drawing:
                    if discards:
                        hole = hand.hole(hand.actor)
                        hand.discard(rng.sample(hole, rng.randint(0, len(hole))))
                    else:
                        hand.stand_pat()
                elif hand.bring_in_pending:
                    hand.bring_in()
                elif policy == "all-in":
                    hand.all_in() if hand.can_raise else hand.check_or_call()
                elif policy == "random":
                    r = rng.random()
                    if r < 0.1 and not hand.can_check:
                        hand.fold()
                    elif r < 0.25 and hand.can_raise:
                        lo = hand.min_raise_to
                        assert lo is not None
                        hand.raise_to(lo)
                    else:
                        hand.check_or_call()
                else:
                    hand.check_or_call()
            done += hand.is_over
        return done

    return play


# --------------------------------------------------------------------- PokerKit


def _pokerkit_loop(
    create: Callable[[], Any], policy: str, draws: bool = False
) -> Callable[[int], int]:
    discards = policy == "random"

    def play(hands: int) -> int:
        rng = random.Random(1)
        done = 0
        for _ in range(hands):
            state = create()
            while state.status:
                if draws and state.can_stand_pat_or_discard():
                    if discards:
                        hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
                        state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
                    else:
                        state.stand_pat_or_discard()
                elif state.can_post_bring_in():
                    state.post_bring_in()
                elif policy == "all-in" and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to(
                        state.max_completion_betting_or_raising_to_amount
                    )
                elif policy == "random":
                    r = rng.random()
                    if r < 0.1 and state.can_fold():
                        state.fold()
                    elif r < 0.25 and state.can_complete_bet_or_raise_to():
                        state.complete_bet_or_raise_to(
                            state.min_completion_betting_or_raising_to_amount
                        )
                    else:
                        state.check_or_call()
                else:
                    state.check_or_call()
            done += 1
        return done

    return play


def _pokerkit_games() -> dict[str, Callable[[int, int], Any]] | None:
    try:
        import pokerkit as pk
    except ImportError:
        return None
    # The draw games run the stub out: PokerKit then warns at each reshuffle.
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning, "pokerkit")
    auto = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )
    # PokerKit has no Courchevel: the same engine configured with its rules (five
    # hole cards and the first flop card before the pre-flop betting, Omaha hands
    # with an eight-or-better low, pot limit).
    courchevel_streets = (
        pk.Street(False, (False,) * 5, 1, False, pk.Opening.POSITION, 2, None),
        pk.Street(True, (), 2, False, pk.Opening.POSITION, 2, None),
        pk.Street(True, (), 1, False, pk.Opening.POSITION, 2, None),
        pk.Street(True, (), 1, False, pk.Opening.POSITION, 2, None),
    )

    # Five-card draw: one draw, high hands, fixed limit 2/4 (the blinds 1/2).
    draw_streets = (
        pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, 2, 4),
        pk.Street(True, (), 0, True, pk.Opening.POSITION, 4, 4),
    )

    def five_card_draw(n: int, stack: int) -> Any:
        return pk.State(
            auto,
            pk.Deck.STANDARD,
            (pk.StandardHighHand,),
            draw_streets,
            pk.BettingStructure.FIXED_LIMIT,
            True,
            0,
            (1, 2),
            0,
            (stack,) * n,
            n,
        )

    def courchevel(n: int, stack: int) -> Any:
        return pk.State(
            auto,
            pk.Deck.STANDARD,
            (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand),
            courchevel_streets,
            pk.BettingStructure.POT_LIMIT,
            True,
            0,
            (1, 2),
            0,
            (stack,) * n,
            n,
        )

    return {
        "2-7-single": lambda n, stack: pk.NoLimitDeuceToSevenLowballSingleDraw.create_state(
            auto, True, 0, (1, 2), 2, (stack,) * n, n
        ),
        "2-7-triple": lambda n, stack: pk.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            auto, True, 0, (1, 2), 2, 4, (stack,) * n, n
        ),
        "badugi": lambda n, stack: pk.FixedLimitBadugi.create_state(
            auto, True, 0, (1, 2), 2, 4, (stack,) * n, n
        ),
        "five-card-draw": five_card_draw,
        "courchevel": courchevel,
        "holdem": lambda n, stack: pk.NoLimitTexasHoldem.create_state(
            auto, True, 0, (1, 2), 2, (stack,) * n, n
        ),
        "razz": lambda n, stack: pk.FixedLimitRazz.create_state(
            auto, True, 1, 1, 2, 4, (stack,) * n, n
        ),
        "stud": lambda n, stack: pk.FixedLimitSevenCardStud.create_state(
            auto, True, 1, 1, 2, 4, (stack,) * n, n
        ),
        "omaha-hilo": lambda n, stack: (
            pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
                auto, True, 0, (1, 2), 2, 4, (stack,) * n, n
            )
        ),
    }


CASES: list[tuple[str, str, croupier.Game, int, int, str]] = [
    # (label, PokerKit game, croupier game, players, stack, policy)
    (
        "Hold'em NL 6-max check-down",
        "holdem",
        croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2)),
        6,
        200,
        "check-down",
    ),
    (
        "Hold'em NL heads-up all-in pre-flop",
        "holdem",
        croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2)),
        2,
        200,
        "all-in",
    ),
    (
        "Hold'em NL 6-max random play",
        "holdem",
        croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
    ("Razz 8 players check-down", "razz", croupier.Razz(1, 1, (2, 4)), 8, 200, "check-down"),
    ("Razz 8 players random play", "razz", croupier.Razz(1, 1, (2, 4)), 8, 200, "random"),
    (
        "Seven-Card Stud 8 players random play",
        "stud",
        croupier.SevenCardStud(1, 1, (2, 4)),
        8,
        200,
        "random",
    ),
    (
        "Seven-Card Stud Hi/Lo 8 players random play",
        "",
        croupier.SevenCardStudHiLo(1, 1, (2, 4)),
        8,
        200,
        "random",
    ),
    (
        "Omaha Hi/Lo FL 6-max check-down",
        "omaha-hilo",
        croupier.OmahaHiLo(croupier.FIXED_LIMIT, (1, 2), bets=(2, 4)),
        6,
        200,
        "check-down",
    ),
    (
        "Omaha Hi/Lo FL 6-max random play",
        "omaha-hilo",
        croupier.OmahaHiLo(croupier.FIXED_LIMIT, (1, 2), bets=(2, 4)),
        6,
        200,
        "random",
    ),
    (
        "Courchevel Hi/Lo PL 6-max random play",
        "courchevel",
        croupier.CourchevelHiLo(croupier.POT_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
    # The draw games: check-down stands pat, random play draws at random.
    (
        "2-7 Single Draw NL 6-max check-down",
        "2-7-single",
        croupier.DeuceToSevenSingleDraw(croupier.NO_LIMIT, (1, 2)),
        6,
        200,
        "check-down",
    ),
    (
        "2-7 Single Draw NL 6-max random play",
        "2-7-single",
        croupier.DeuceToSevenSingleDraw(croupier.NO_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
    (
        "2-7 Triple Draw FL 6-max check-down",
        "2-7-triple",
        croupier.DeuceToSevenTripleDraw(croupier.FIXED_LIMIT, (1, 2)),
        6,
        200,
        "check-down",
    ),
    (
        "2-7 Triple Draw FL 6-max random play",
        "2-7-triple",
        croupier.DeuceToSevenTripleDraw(croupier.FIXED_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
    (
        "Badugi FL 6-max random play",
        "badugi",
        croupier.Badugi(croupier.FIXED_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
    (
        "Five-Card Draw FL 6-max random play",
        "five-card-draw",
        croupier.FiveCardDraw(croupier.FIXED_LIMIT, (1, 2)),
        6,
        200,
        "random",
    ),
]


def engine_rows(quick: bool = False) -> list[Row]:
    """Hands per second of every case, croupier and (when installed) PokerKit."""
    hands, peer_hands, repeat = (500, 20, 2) if quick else (5000, 100, 3)
    pk_games = _pokerkit_games()
    rows: list[Row] = []
    for label, pk_name, game, n, stack, policy in CASES:
        rows.append(
            (label, "croupier", hands, _rate(_croupier_loop(game, n, stack, policy), hands, repeat))
        )
        if pk_games is not None and pk_name:
            create = pk_games[pk_name]
            loop = _pokerkit_loop(lambda c=create, n=n, s=stack: c(n, s), policy, game.is_draw)
            rows.append((label, "pokerkit", peer_hands, _rate(loop, peer_hands, repeat)))
    return rows


if __name__ == "__main__":  # pragma: no cover
    for label, lib, hands, rate in engine_rows(quick=True):
        print(f"{label:42} {lib:9} {hands:6} {rate:12,.0f} hands/s")
