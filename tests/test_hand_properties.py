"""Property tests of ``croupier.Hand``: random legal play in every betting structure.

Random hands (2-10 players, random stacks including stacks smaller than the
blinds, antes, big-blind antes and straddles) are played with random legal
actions, all-ins included.  Everything is seeded, so a failure reproduces.

* ``test_random_hands_*``: 100,000 hands per structure with cheap checks after
  every action (chips conserved, docs/rules.md §1.4) and at the end (the hand ends
  within a bound, payoffs are zero-sum, nobody loses more than their stack or
  wins more from an opponent than they put in (§6), no card is dealt twice).
* ``test_reported_actions_*``: a smaller sample with expensive checks at every
  decision: each action the hand reports legal works (tried on a copy made by
  replaying the same actions on a fresh hand from the same seed), each
  action it reports illegal raises ``IllegalAction`` and changes nothing.
* ``test_unique_best_hand_at_showdown_never_loses``: 20,000 hands per
  structure, hand values from ``croupier.hands`` (docs/rules.md §6.6).
* hypothesis properties for the minimum raise, the pot limit and the cap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from driving import apply, check_settled, refused
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Game, Hand, Structure

SEED = 20261129
HANDS_PER_STRUCTURE = 100_000
CHECKED_HANDS_PER_STRUCTURE = 1_500
BEST_HAND_HANDS_PER_STRUCTURE = 20_000
STRUCTURES = {"no_limit": NO_LIMIT, "pot_limit": POT_LIMIT, "fixed_limit": FIXED_LIMIT}

# An action: (kind, amount); kinds "f" fold, "k" check or call, "x" check,
# "c" call, "a" all-in, "r" raise to ``amount``.
Action = tuple[str, int]


def make_games(structure: Structure, rng: random.Random) -> list[Game]:
    """A pool of games of one structure: blinds, antes, big-blind antes, straddles."""
    games = []
    for sb, bb in [(1, 2), (1, 2), (2, 5), (5, 10), (0, 2), (1, 1)]:
        for antes, bba in [(0, False), (0, False), (1, False), (bb // 2, False), (bb, True)]:
            straddles: tuple[int, ...] = ()
            if rng.random() < 0.25:
                straddles = (2 * bb,) if rng.random() < 0.7 else (2 * bb, 4 * bb)
            options: dict[str, object] = {
                "antes": antes,
                "big_blind_ante": bba,
                "straddles": straddles,
            }
            if structure is FIXED_LIMIT:
                options["bets"] = (bb, 2 * bb)
                options["cap"] = rng.choice([4, 4, 3, 5])
            games.append(croupier.TexasHoldem(structure, (sb, bb), **options))  # type: ignore[arg-type]
    return games


def random_stacks(rng: random.Random, game: Game) -> list[int]:
    """2-10 stacks, some smaller than the big blind (a straddle may go unposted)."""
    bb = game.blinds[1]
    n = rng.randint(2, 10)
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.15:
            stacks.append(rng.randint(1, bb))  # smaller than (or equal to) the big blind
        elif r < 0.6:
            stacks.append(rng.randint(1, 30 * bb))
        else:
            stacks.append(rng.randint(30 * bb, 200 * bb))
    return stacks


def choose(rng: random.Random, hand: Hand) -> Action:
    """A random legal action, as the hand reports them."""
    r = rng.random()
    if hand.can_raise and r < 0.3:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        s = rng.random()
        if s < 0.35:
            return ("r", lo)
        if s < 0.55:
            return ("r", hi)
        if s < 0.7 and all_in_amount(hand) <= hi:
            return ("a", 0)
        return ("r", rng.randint(lo, hi))
    if r < 0.45 and not hand.can_check:
        return ("f", 0)
    if r < 0.47:
        return ("f", 0)  # folding when a check is possible is legal too
    if r < 0.5 and hand.to_call >= hand.stacks[actor(hand)]:
        return ("a", 0)  # all-in as a call
    return ("k", 0)


def actor(hand: Hand) -> int:
    seat = hand.actor
    assert seat is not None
    return seat


def all_in_amount(hand: Hand) -> int:
    seat = actor(hand)
    return hand.bets[seat] + hand.stacks[seat]


def action_bound(stacks: Sequence[int]) -> int:
    """An upper bound on the actions of a hand.

    Each raise lifts the amount to match by at least one chip and never beyond
    the largest stack, and between two raises each player acts at most once:
    per street at most (max stack + 1) x players actions, four streets.
    """
    return 4 * len(stacks) * (max(stacks) + 2)


def check_finished(hand: Hand, game: Game, start: Sequence[int]) -> None:
    """The end-of-hand properties (docs/rules.md §1, §5, §6)."""
    live = check_settled(hand, game, start)
    board = hand.board
    cards = list(board)
    for i in range(len(start)):
        hole = hand.hole(i)
        assert len(hole) == 2
        cards += hole
    assert len(set(cards)) == len(cards)
    assert all(0 <= c < 52 for c in cards)
    order = hand.showdown_order
    if len(live) == 1:
        assert order == ()
    else:
        assert len(board) == 5
        assert sorted(order) == live


def play_random_hand(
    rng: random.Random, game: Game, stacks: list[int], seed: int
) -> tuple[Hand, list[Action]]:
    """Play one hand with random legal actions; chips are checked after each action."""
    hand = game.start(stacks, seed=seed)
    total = sum(stacks)
    assert sum(hand.stacks) + hand.pot == total
    bound = action_bound(stacks)
    actions: list[Action] = []
    while hand.actor is not None:
        action = choose(rng, hand)
        apply(hand, action)
        actions.append(action)
        assert sum(hand.stacks) + hand.pot == total
        assert len(actions) <= bound
    return hand, actions


@pytest.mark.parametrize("name", STRUCTURES)
def test_random_hands_conserve_chips_end_and_settle(name: str) -> None:
    structure = STRUCTURES[name]
    rng = random.Random(f"{SEED}-{name}")
    games = make_games(structure, rng)
    showdowns = folds = all_ins = 0
    for k in range(HANDS_PER_STRUCTURE):
        game = rng.choice(games)
        stacks = random_stacks(rng, game)
        hand, actions = play_random_hand(rng, game, stacks, seed=k)
        check_finished(hand, game, stacks)
        if hand.showdown_order:
            showdowns += 1
        else:
            folds += 1
        if 0 in hand.stacks or ("a", 0) in actions:
            all_ins += 1
    # The sample covers both ways a hand ends, and all-ins.
    assert showdowns > HANDS_PER_STRUCTURE // 10
    assert folds > HANDS_PER_STRUCTURE // 10
    assert all_ins > HANDS_PER_STRUCTURE // 10


def test_unique_best_hand_at_showdown_never_loses() -> None:
    # RULES §6: each pot goes to the best hand among the players who may win it;
    # the unique best hand at the showdown may win every pot it put chips into,
    # so it gets back at least what it put in.  (Ties may lose a chip or a
    # share of dead money to the split.)  The hand values are croupier.hands'.
    # A big blind all-in on the big-blind ante breaks this: see
    # test_betting_rules.py::test_big_blind_all_in_on_the_ante_can_win_with_the_best_hand.
    losers = []
    for name, structure in STRUCTURES.items():
        rng = random.Random(f"{SEED}-best-{name}")
        games = make_games(structure, rng)
        for k in range(BEST_HAND_HANDS_PER_STRUCTURE):
            game = rng.choice(games)
            stacks = random_stacks(rng, game)
            hand, _ = play_random_hand(rng, game, stacks, seed=k)
            payoffs = hand.payoffs
            assert payoffs is not None
            order = hand.showdown_order
            if not order:
                continue
            values = {i: game.value(hand.hole(i), hand.board) for i in order}
            best = max(values.values())
            winners = [i for i in order if values[i] == best]
            if len(winners) == 1 and payoffs[winners[0]] < 0:
                losers.append((name, k, stacks, winners[0], hand.contributions, payoffs))
    assert losers == []


# ---------------------------------------------------------------------------
# Expensive checks: every reported option, legal or not, on every decision
# ---------------------------------------------------------------------------


def check_option_on_copy(
    game: Game, stacks: list[int], seed: int, history: list[Action], option: Action
) -> None:
    """Replay ``history`` on a fresh hand and check ``option`` works as the rules say."""
    copy = game.start(stacks, seed=seed)
    for action in history:
        apply(copy, action)
    seat = actor(copy)
    bet, stack, to_call = copy.bets[seat], copy.stacks[seat], copy.to_call
    total = sum(copy.stacks) + copy.pot
    kind, amount = option
    n_history, street = len(copy.events), copy.street
    apply(copy, option)
    assert sum(copy.stacks) + copy.pot == total
    # The action is recorded (a street may end and deal cards after it).
    assert len(copy.events) > n_history
    if copy.is_over or copy.street != street:
        return  # the round ended: its bets were collected, uncalled chips returned
    if kind == "x" or kind == "f":
        assert copy.stacks[seat] == stack
        assert copy.bets[seat] == bet
        if kind == "f":
            assert copy.folded[seat]
    elif kind == "c":
        assert copy.stacks[seat] == stack - to_call
        assert copy.bets[seat] == bet + to_call
    elif kind == "r":
        assert copy.bets[seat] == amount
        assert copy.stacks[seat] == stack - (amount - bet)
    elif kind == "a":
        assert copy.stacks[seat] == 0


def check_decision(
    rng: random.Random, game: Game, stacks: list[int], seed: int, hand: Hand, history: list[Action]
) -> None:
    """Every reported option of the actor: the legal ones work, the others are refused."""
    seat = actor(hand)
    assert not hand.folded[seat]
    assert hand.stacks[seat] > 0
    bet, stack, to_call = hand.bets[seat], hand.stacks[seat], hand.to_call
    assert 0 <= to_call <= stack
    assert hand.can_check == (to_call == 0)
    legal: list[Action] = [("f", 0)]
    if hand.can_check:
        legal.append(("x", 0))
        refused(hand, hand.call)
    else:
        legal.append(("c", 0))
        refused(hand, hand.check)
    to_match = bet + to_call  # the amount to match (when the actor can cover it)
    everything = bet + stack
    if hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        assert to_match < lo <= hi <= everything
        if game.structure is FIXED_LIMIT:
            assert lo == hi  # bets and raises are exactly one unit
            assert game.bets is not None
            # One unit on top, or, when no full bet was made yet in the round (an
            # all-in for less than half a bet), completing the bet to one unit.
            assert hi - to_match in game.bets or hi in game.bets or hi == everything
        elif game.structure is NO_LIMIT:
            assert hi == everything  # the maximum is the stack
        else:
            # Pot limit (RULES §4): to match + the pot after the call.
            assert hi == min(to_match + hand.pot + to_call, everything)
        legal += [("r", lo), ("r", hi), ("r", rng.randint(lo, hi))]
        refused(hand, lambda: hand.raise_to(lo - 1))
        refused(hand, lambda: hand.raise_to(hi + 1))
        if everything <= hi:
            legal.append(("a", 0))
        else:
            refused(hand, hand.all_in)
    else:
        assert hand.min_raise_to is None and hand.max_raise_to is None
        refused(hand, lambda: hand.raise_to(everything))
        refused(hand, lambda: hand.raise_to(to_match + 1))
        if stack <= to_call:
            legal.append(("a", 0))  # all-in is a call
        else:
            refused(hand, hand.all_in)
    option = rng.choice(legal)
    check_option_on_copy(game, stacks, seed, history, option)


@pytest.mark.parametrize("name", STRUCTURES)
def test_reported_actions_are_legal_and_the_rest_refused(name: str) -> None:
    structure = STRUCTURES[name]
    rng = random.Random(f"{SEED}-checked-{name}")
    games = make_games(structure, rng)
    decisions = 0
    for k in range(CHECKED_HANDS_PER_STRUCTURE):
        game = rng.choice(games)
        stacks = random_stacks(rng, game)
        seed = 1_000_000 + k
        hand = game.start(stacks, seed=seed)
        history: list[Action] = []
        bound = action_bound(stacks)
        while hand.actor is not None:
            check_decision(rng, game, stacks, seed, hand, history)
            decisions += 1
            action = choose(rng, hand)
            apply(hand, action)
            history.append(action)
            assert len(history) <= bound
        check_finished(hand, game, stacks)
        for attempt in (hand.fold, hand.check, hand.call, hand.check_or_call, hand.all_in):
            refused(hand, attempt)
        refused(hand, lambda: hand.raise_to(10))  # noqa: B023
        assert not hand.can_raise and not hand.can_check and hand.to_call == 0
    assert decisions > CHECKED_HANDS_PER_STRUCTURE * 3


def test_same_seed_same_hand() -> None:
    # Reproducibility: the same game, stacks, seed and actions give the same hand.
    rng = random.Random(SEED)
    games = make_games(NO_LIMIT, rng)
    for k in range(200):
        game = rng.choice(games)
        stacks = random_stacks(rng, game)
        hand, actions = play_random_hand(rng, game, stacks, seed=k)
        again = game.start(stacks, seed=k)
        for action in actions:
            apply(again, action)
        assert again.events == hand.events
        assert again.payoffs == hand.payoffs


# ---------------------------------------------------------------------------
# Hypothesis: targeted properties
# ---------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    bb=st.integers(1, 50),
    n=st.integers(3, 10),
    extras=st.lists(st.integers(0, 500), min_size=1, max_size=8),
)
def test_min_reraise_adds_the_largest_increment(bb: int, n: int, extras: list[int]) -> None:
    # RULES §4 (no-limit): each raise adds at least the largest increment so
    # far; a raise that adds exactly that plus ``extra`` is legal, and the next
    # minimum is the new total plus its increment.  Stacks are deep.
    game = croupier.TexasHoldem(NO_LIMIT, (bb // 2, bb))
    hand = game.start([10**9] * n, seed=0)
    to_match, increment = bb, bb
    for extra in extras:
        assert hand.min_raise_to == to_match + increment
        total = to_match + increment + extra
        hand.raise_to(total)
        increment = total - to_match
        to_match = total
        assert hand.to_call == to_match - hand.bets[actor(hand)]


@settings(max_examples=300, deadline=None)
@given(
    sb=st.integers(0, 50),
    extra_bb=st.integers(0, 50),
    n=st.integers(3, 10),
    data=st.data(),
)
def test_pot_limit_max_is_the_pot_after_the_call(
    sb: int, extra_bb: int, n: int, data: st.DataObject
) -> None:
    # RULES §4: after k players call the big blind, the next may raise to
    # bb + (sb + bb + k x bb + bb): the amount to match plus the pot after the call.
    bb = max(sb, 1) + extra_bb
    k = data.draw(st.integers(0, n - 3))
    hand = croupier.TexasHoldem(POT_LIMIT, (sb, bb)).start([10**9] * n, seed=0)
    for _ in range(k):
        hand.call()
    assert hand.max_raise_to == bb + (sb + bb + k * bb + bb)
    assert hand.min_raise_to == 2 * bb


@settings(max_examples=200, deadline=None)
@given(
    cap=st.integers(1, 6),
    n=st.integers(2, 10),
    street=st.sampled_from(["preflop", "flop", "turn", "river"]),
    raisers=st.lists(st.booleans(), min_size=1, max_size=40),
)
def test_fixed_limit_cap_limits_the_bets_of_a_round(
    cap: int, n: int, street: str, raisers: list[bool]
) -> None:
    # RULES §4: one bet and (cap - 1) raises per round; pre-flop the big blind is
    # the bet.  Deep stacks; each player raises when ``raisers`` says so and may.
    game = croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4), cap=cap)
    hand = game.start([10**6] * n, seed=0)
    while hand.street != street:
        hand.check_or_call()
    unit = 2 if street in ("preflop", "flop") else 4
    bets = 1 if street == "preflop" else 0
    level = 2 if street == "preflop" else 0
    for wants_raise in raisers:
        if hand.street != street or hand.actor is None:
            break
        assert hand.can_raise == (bets < cap)
        if hand.can_raise and wants_raise:
            assert hand.min_raise_to == hand.max_raise_to == level + unit
            level += unit
            bets += 1
            hand.raise_to(level)
        else:
            hand.check_or_call()
    assert bets <= cap


@settings(max_examples=300, deadline=None)
@given(
    structure=st.sampled_from([NO_LIMIT, POT_LIMIT, FIXED_LIMIT]),
    stacks=st.lists(st.integers(1, 60), min_size=2, max_size=10),
    seed=st.integers(0, 2**32),
    choices=st.lists(st.integers(0, 7), max_size=200),
)
def test_any_legal_play_conserves_chips_and_ends(
    structure: Structure, stacks: list[int], seed: int, choices: list[int]
) -> None:
    # Short stacks (1..60 with blinds 1/2 and antes 1): many all-ins and side pots.
    # Hypothesis picks the actions; once its choices run out, everyone checks or calls.
    game = croupier.TexasHoldem(structure, (1, 2), antes=1, bets=(2, 4))
    hand = game.start(stacks, seed=seed)
    total = sum(stacks)
    steps = 0
    while hand.actor is not None:
        choice = choices[steps] if steps < len(choices) else 1
        if choice == 0:
            hand.fold()
        elif choice >= 5 and hand.can_raise:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(lo if choice == 5 else hi if choice == 6 else (lo + hi) // 2)
        else:
            hand.check_or_call()
        steps += 1
        assert sum(hand.stacks) + hand.pot == total
        assert steps <= action_bound(stacks)
    check_finished(hand, game, stacks)
