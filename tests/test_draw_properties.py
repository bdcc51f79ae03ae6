"""Property tests of the draw games: random legal play on the shared engine (docs/rules.md §5.7).

For each draw game -- 2-7 single draw, 2-7 triple draw, badugi, five-card
draw -- in every structure (no-, pot- and fixed-limit), hands of 2 to 6
players with random stacks (some no larger than the blinds) are played with
random actions among those the hand reports legal; in the draws a player
throws away a random part of the hand, often all of it, so six players of
triple draw or badugi run the stub out and the discards are reshuffled.
Everything is seeded, so a failure reproduces.

* ``test_random_draw_hands_*``: every hand ends within a bound; at the end
  chips are conserved, payoffs are zero-sum, nobody loses more than their
  stack or wins from an opponent more than they put in (§6); after every
  draw no card is held twice by the players still in, and every player
  holds a full hand; every tenth hand (of the usual fixed-limit cap, which
  PHH does not record) is written as PHH, read back and replayed to the same
  history and payoffs.
* ``test_reported_draw_actions_*``: a smaller sample with checks at every
  decision: betting actions are refused during a draw and the draw during
  betting, illegal discards and raises are refused, all without changing the
  hand; a random reported-legal action (other than the one played) is
  accepted by a copy rebuilt from the same seed by replaying the action list.

``HANDS_PER_CONFIG`` is small so the suite stays quick;
``bench/draw_properties.py`` runs the same tests with 100,000 hands per game
and structure (environment variable ``CROUPIER_DRAW_HANDS``).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Sequence

import pytest
from driving import apply as apply_betting
from driving import check_settled, refused

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Game, Hand, phh
from croupier.actions import from_events
from croupier.actions import lines as phh_lines
from croupier.replay import history_of, replay

SEED = 20261201
HANDS_PER_CONFIG = int(os.environ.get("CROUPIER_DRAW_HANDS", "1000"))
CHECKED_HANDS_PER_CONFIG = max(1, HANDS_PER_CONFIG // 20)

MAKERS: dict[str, Callable[..., Game]] = {
    "single_draw": croupier.DeuceToSevenSingleDraw,
    "triple_draw": croupier.DeuceToSevenTripleDraw,
    "badugi": croupier.Badugi,
    "five_card_draw": croupier.FiveCardDraw,
}
STRUCTURES = {"no_limit": NO_LIMIT, "pot_limit": POT_LIMIT, "fixed_limit": FIXED_LIMIT}
CONFIGS = [f"{name}-{structure}" for name in MAKERS for structure in STRUCTURES]

# A move: (kind, cards or amount). Kinds: "d" discard, "p" stand pat, "f" fold,
# "k" check or call, "x" check, "c" call, "a" all-in, "r" raise to the amount.
Move = tuple[str, object]


def tables(config: str, rng: random.Random) -> list[Game]:
    """Games of one kind and structure: blinds, antes, straddles, fixed-limit caps."""
    name, structure = config.split("-")
    games = []
    for sb, bb in [(1, 2), (1, 2), (2, 5), (5, 10), (0, 2), (1, 1)]:
        for antes in (0, 0, 1, bb // 2):
            options: dict[str, object] = {"antes": antes}
            if rng.random() < 0.15:
                options["straddles"] = (2 * bb,)
            if STRUCTURES[structure] is FIXED_LIMIT:
                options["bets"] = (bb, 2 * bb)
                options["cap"] = rng.choice([4, 4, 3, 5])
            games.append(MAKERS[name](STRUCTURES[structure], (sb, bb), **options))
    return games


def random_stacks(rng: random.Random, game: Game) -> list[int]:
    """2-6 stacks, some no larger than the blinds (all-in on the blind)."""
    bb = game.blinds[1]
    stacks = []
    for _ in range(rng.randint(2, 6)):
        r = rng.random()
        if r < 0.1:
            stacks.append(rng.randint(1, bb + 1))
        elif r < 0.5:
            stacks.append(rng.randint(1, 30 * bb))
        else:
            stacks.append(rng.randint(30 * bb, 200 * bb))
    return stacks


def choose(rng: random.Random, hand: Hand) -> Move:
    """A random reported-legal move: in a draw often the whole hand, else calls favoured."""
    seat = hand.actor
    assert seat is not None
    if hand.drawing:
        hole, most = hand.hole(seat), hand.max_discards
        assert most is not None
        r = rng.random()
        if r < 0.15:
            return ("p", ())
        count = most if r < 0.45 else rng.randint(0, most)
        return ("d", tuple(rng.sample(hole, count)))
    r = rng.random()
    if r < 0.22 and hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        s = rng.random()
        if s < 0.5:
            return ("r", lo)
        if s < 0.65:
            return ("r", hi)
        if s < 0.8 and hand.bets[seat] + hand.stacks[seat] <= hi:
            return ("a", 0)
        return ("r", rng.randint(lo, hi))
    if r < 0.33 and not hand.can_check:
        return ("f", 0)
    if r < 0.34:
        return ("f", 0)
    return ("k", 0)


def apply(hand: Hand, move: Move) -> None:
    """The draws here; every betting move as tests/driving.py makes it."""
    kind, arg = move
    if kind == "d":
        hand.discard(list(arg))  # type: ignore[call-overload]
    elif kind == "p":
        hand.stand_pat()
    else:
        apply_betting(hand, (kind, arg))  # type: ignore[arg-type]


def bound(game: Game, stacks: Sequence[int]) -> int:
    """Each raise lifts the amount to match by a chip, each player draws once a draw."""
    return len(game.streets) * len(stacks) * (max(stacks) + 3)


def check_cards(hand: Hand, size: int) -> None:
    """The players still in hold full hands, and no card twice (§5.7)."""
    live = [seat for seat in range(hand.n_players) if not hand.folded[seat]]
    cards = [c for seat in live for c in hand.hole(seat)]
    assert all(len(hand.hole(seat)) == size for seat in range(hand.n_players))
    assert len(set(cards)) == len(cards) and all(0 <= c < 52 for c in cards)


def dealt(hand: Hand) -> int:
    return sum(len(a.cards) for a in from_events(hand.events) if a.kind == "dh")


def play(rng: random.Random, game: Game, stacks: list[int], seed: int) -> tuple[Hand, list[Move]]:
    hand = game.start(stacks, seed=seed)
    size = game.streets[0].hole
    moves: list[Move] = []
    limit = bound(game, stacks)
    while hand.actor is not None:
        move = choose(rng, hand)
        apply(hand, move)
        moves.append(move)
        if move[0] == "d":
            check_cards(hand, size)
        assert len(moves) <= limit, "the hand did not end"
    return hand, moves


@pytest.mark.parametrize("config", CONFIGS)
def test_random_draw_hands_conserve_chips_and_cards_end_and_settle(config: str) -> None:
    rng = random.Random(f"{SEED}-{config}")
    games = tables(config, rng)
    ends = {"fold": 0, "showdown": 0}
    reshuffled = all_in = 0
    sizes = set()
    for k in range(HANDS_PER_CONFIG):
        game = rng.choice(games)
        stacks = random_stacks(rng, game)
        hand, _ = play(rng, game, stacks, seed=k)
        live = check_settled(hand, game, stacks)
        check_cards(hand, game.streets[0].hole)
        ends["showdown" if len(live) > 1 else "fold"] += 1
        assert sorted(hand.showdown_order) == (live if len(live) > 1 else [])
        reshuffled += dealt(hand) > 52  # the stub ran out: the muck was reshuffled
        all_in += 0 in hand.stacks
        sizes.add(len(stacks))
        if k % 10 == 0 and game.cap == 4:  # PHH round trip (PHH has no cap: 4, the usual)
            again = replay(phh.loads(phh.dumps(history_of(hand))))
            assert again.hand.events == hand.events and again.payoffs == hand.payoffs
    assert ends["fold"] > HANDS_PER_CONFIG // 10
    assert ends["showdown"] > HANDS_PER_CONFIG // 10
    assert all_in > HANDS_PER_CONFIG // 20
    assert sizes == set(range(2, 7))
    # Five or six players drawing a lot run the stub out, even in single draw.
    assert reshuffled > HANDS_PER_CONFIG // 200


def check_refusals(rng: random.Random, hand: Hand) -> None:
    """What the hand reports illegal is refused and changes nothing."""
    seat = hand.actor
    assert seat is not None
    hole = hand.hole(seat)
    others = [c for c in range(52) if c not in hole]
    if hand.drawing:
        for attempt in (hand.fold, hand.check, hand.call, hand.check_or_call, hand.all_in):
            refused(hand, attempt)
        refused(hand, hand.bring_in)
        refused(hand, hand.complete)
        refused(hand, lambda: hand.raise_to(hand.bets[seat] + hand.stacks[seat]))
        refused(hand, lambda: hand.discard([rng.choice(others)]))
        refused(hand, lambda: hand.discard([hole[0], hole[0]]))
        refused(hand, lambda: hand.discard([*hole[1:], 52]))
        assert not hand.can_check and not hand.can_raise and hand.to_call == 0
        return
    refused(hand, hand.stand_pat)
    refused(hand, lambda: hand.discard(hole[:1]))
    refused(hand, hand.bring_in)
    refused(hand, hand.complete)
    everything = hand.bets[seat] + hand.stacks[seat]
    if hand.can_check:
        refused(hand, hand.call)
    else:
        refused(hand, hand.check)
    if hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        assert hand.bets[seat] + hand.to_call < lo <= hi <= everything
        refused(hand, lambda: hand.raise_to(lo - 1))
        refused(hand, lambda: hand.raise_to(hi + 1))
    else:
        refused(hand, lambda: hand.raise_to(everything))


def options(hand: Hand, rng: random.Random) -> list[Move]:
    """Moves the hand reports legal now."""
    seat = hand.actor
    assert seat is not None
    if hand.drawing:
        hole, most = hand.hole(seat), hand.max_discards
        assert most is not None
        return [("p", ()), ("d", tuple(rng.sample(hole, rng.randint(1, most)))), ("d", hole)]
    out: list[Move] = [("f", 0), ("x", 0) if hand.can_check else ("c", 0)]
    if hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        out += [("r", lo), ("r", hi)]
    return out


@pytest.mark.parametrize("config", CONFIGS)
def test_reported_draw_actions_are_accepted_and_the_rest_refused(config: str) -> None:
    rng = random.Random(f"{SEED}-checked-{config}")
    games = tables(config, rng)
    tried: set[str] = set()
    for k in range(CHECKED_HANDS_PER_CONFIG):
        game = rng.choice(games)
        stacks = random_stacks(rng, game)
        seed = 1_000_000 + k
        hand = game.start(stacks, seed=seed)
        moves: list[Move] = []
        while hand.actor is not None:
            check_refusals(rng, hand)
            move = choose(rng, hand)
            option = rng.choice([o for o in options(hand, rng) if o != move] or [move])
            copy = game.start(stacks, seed=seed)
            for earlier in moves:
                apply(copy, earlier)
            assert phh_lines(copy.events) == phh_lines(
                hand.events
            )  # the same seed and moves: the same hand
            apply(copy, option)  # a reported-legal move is accepted
            assert sum(copy.stacks) + copy.pot == sum(stacks)
            tried.add(option[0])
            apply(hand, move)
            moves.append(move)
            assert sum(hand.stacks) + hand.pot == sum(stacks)
            assert len(moves) <= bound(game, stacks)
        check_settled(hand, game, stacks)
        refused(hand, hand.stand_pat)
        refused(hand, functools.partial(hand.discard, []))
    assert {"p", "d", "f", "r"} <= tried
