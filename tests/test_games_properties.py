"""Property tests of the stud and Omaha-family games: random legal play on the shared engine.

For each game and every betting structure it supports -- Razz, Seven-Card Stud
and Seven-Card Stud Hi/Lo (fixed limit); Courchevel Hi/Lo, Omaha and Omaha
Hi/Lo (no-, pot- and fixed-limit) -- 100,000 hands of 2-8 players with random
stacks (some shorter than the antes, the bring-in or the blinds) are played
with random actions chosen among those the hand reports legal.  Everything is
seeded, so a failure reproduces.

* ``test_random_hands_*``: every hand ends within a bound; at the end chips are
  conserved (docs/rules.md §1.4), payoffs are zero-sum, nobody loses more than their
  stack or wins from an opponent more than they put in (§6), no card is dealt
  twice and every player holds the cards the game deals (stud: the up cards
  are the third to sixth cards; the community seventh card, §5).
* ``test_reported_actions_*``: a smaller sample with checks at every decision:
  chips are conserved after every action; a random action the hand reports
  legal (other than the one played) is accepted by a copy rebuilt from the
  same seed by replaying the action list, with the effect the rules say; and
  actions the hand reports illegal raise ``IllegalAction`` and change nothing.

Tables are of 2-8 players, or fewer when the game seats fewer (six-card Omaha
seats 7: 8 x 6 + 5 = 53 cards would not fit in the deck).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from driving import apply, check_settled, refused

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Game, Hand, Structure
from croupier.actions import lines as phh_lines

SEED = 20261130
HANDS_PER_CONFIG = 100_000
CHECKED_HANDS_PER_CONFIG = 300

# An action: (kind, amount); kinds "b" bring in, "C" complete, "f" fold,
# "k" check or call, "x" check, "c" call, "a" all-in, "r" raise to ``amount``.
Action = tuple[str, int]

STUD_MAKERS: dict[str, Callable[..., Game]] = {
    "razz": croupier.Razz,
    "stud": croupier.SevenCardStud,
    "stud_hi_lo": croupier.SevenCardStudHiLo,
}
FLOP_MAKERS: dict[str, Callable[..., Game]] = {
    "courchevel_hi_lo": croupier.CourchevelHiLo,
    "omaha": croupier.Omaha,
    "omaha_hi_lo": croupier.OmahaHiLo,
}
STRUCTURES = {"no_limit": NO_LIMIT, "pot_limit": POT_LIMIT, "fixed_limit": FIXED_LIMIT}
CONFIGS = [f"{name}-fixed_limit" for name in STUD_MAKERS] + [
    f"{name}-{structure}" for name in FLOP_MAKERS for structure in STRUCTURES
]


@dataclass(frozen=True)
class Table:
    """A game and the most players it is played with here."""

    game: Game
    max_players: int


def stud_tables(make: Callable[..., Game], rng: random.Random) -> list[Table]:
    """Stud games (fixed limit): antes, bring-ins below the small bet, caps."""
    tables = []
    for bring_in, bets in [(1, (2, 4)), (1, (4, 8)), (2, (5, 10)), (5, (10, 20)), (3, (4, 8))]:
        for antes in (0, 1, 2, bets[0] // 2):
            game = make(antes, bring_in, bets, cap=rng.choice([4, 4, 3, 5]))
            tables.append(Table(game, min(8, game.max_players)))
    return tables


def flop_tables(make: Callable[..., Game], structure: Structure, rng: random.Random) -> list[Table]:
    """Blind games of one structure: blinds, antes, big-blind antes, straddles, hole cards."""
    tables = []
    for sb, bb in [(1, 2), (1, 2), (2, 5), (5, 10), (0, 2), (1, 1)]:
        for antes, bba in [(0, False), (0, False), (1, False), (bb // 2, False), (bb, True)]:
            options: dict[str, object] = {"antes": antes, "big_blind_ante": bba}
            if rng.random() < 0.2:
                options["straddles"] = (2 * bb,)
            if structure is FIXED_LIMIT:
                options["bets"] = (bb, 2 * bb)
                options["cap"] = rng.choice([4, 4, 3, 5])
            if make is not croupier.CourchevelHiLo:
                options["hole_cards"] = rng.choice([4, 4, 5, 6])
            game = make(structure, (sb, bb), **options)
            tables.append(Table(game, min(8, game.max_players)))
    return tables


def make_tables(config: str, rng: random.Random) -> list[Table]:
    name, structure = config.split("-")
    if name in STUD_MAKERS:
        return stud_tables(STUD_MAKERS[name], rng)
    return flop_tables(FLOP_MAKERS[name], STRUCTURES[structure], rng)


def random_stacks(rng: random.Random, table: Table) -> list[int]:
    """2-8 stacks, some no larger than the forced bets (all-in on the ante or blind)."""
    game = table.game
    unit = game.bets[0] if game.bets else game.blinds[1]
    forced = max(
        game.antes if isinstance(game.antes, int) else 0,
        game.bring_in,
        *(game.blinds or (0,)),
    )
    n = rng.randint(2, table.max_players)
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.12:
            stacks.append(rng.randint(1, forced + 1))
        elif r < 0.55:
            stacks.append(rng.randint(1, 30 * unit))
        else:
            stacks.append(rng.randint(30 * unit, 200 * unit))
    return stacks


def actor(hand: Hand) -> int:
    seat = hand.actor
    assert seat is not None
    return seat


def legal_options(hand: Hand, completable: bool) -> list[Action]:
    """The actions the hand reports legal now (``completable``: a stud completion is)."""
    if hand.bring_in_pending:
        return [("b", 0), ("C", 0)]
    seat = actor(hand)
    everything = hand.bets[seat] + hand.stacks[seat]
    options: list[Action] = [("f", 0), ("x", 0) if hand.can_check else ("c", 0)]
    if hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        options += [("r", lo), ("r", hi)]
        if everything <= hi:
            options.append(("a", 0))
        if completable:
            options.append(("C", 0))
    elif hand.stacks[seat] <= hand.to_call:
        options.append(("a", 0))  # all-in is a call
    return options


def choose(rng: random.Random, hand: Hand, completable: bool) -> Action:
    """A random action among those the hand reports legal (calls and checks favoured)."""
    if hand.bring_in_pending:
        return ("b", 0) if rng.random() < 0.75 else ("C", 0)
    r = rng.random()
    if r < 0.22 and hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        s = rng.random()
        if completable and s < 0.2:
            return ("C", 0)
        if s < 0.5:
            return ("r", lo)
        if s < 0.65:
            return ("r", hi)
        seat = actor(hand)
        if s < 0.8 and hand.bets[seat] + hand.stacks[seat] <= hi:
            return ("a", 0)
        return ("r", rng.randint(lo, hi))
    if r < 0.36 and not hand.can_check:
        return ("f", 0)
    if r < 0.37:
        return ("f", 0)  # folding when a check is possible is legal too
    return ("k", 0)


def is_stud(game: Game) -> bool:
    return game.bring_in_key is not None


def action_bound(game: Game, stacks: Sequence[int]) -> int:
    """An upper bound on the actions of a hand.

    Each raise lifts the amount to match by at least one chip and never beyond
    the largest stack, and between two raises each player acts at most once;
    plus one bring-in.
    """
    return len(game.streets) * len(stacks) * (max(stacks) + 2) + 1


class Tracker:
    """What the driver knows about the hand: whether a stud completion is still open."""

    __slots__ = ("raised", "stud")

    def __init__(self, game: Game) -> None:
        self.stud = is_stud(game)
        self.raised = False

    def completable(self, hand: Hand) -> bool:
        # After a bring-in and before any bet or raise on third street, any
        # player may complete (docs/rules.md §3.4).
        return self.stud and not self.raised and hand.street == "third"

    def record(self, hand: Hand, action: Action) -> None:
        """Call before applying ``action``."""
        kind = action[0]
        if kind in ("r", "C"):
            self.raised = True
        elif kind == "a":
            seat = actor(hand)
            if hand.stacks[seat] > hand.to_call:
                self.raised = True


def check_finished(hand: Hand, game: Game, start: Sequence[int]) -> str:
    """The end-of-hand properties (docs/rules.md §1, §5, §6); returns how the hand ended."""
    n = len(start)
    assert not hand.unsettled
    live = check_settled(hand, game, start)
    folded = hand.folded
    board = hand.board
    cards = list(board)
    showdown = len(live) > 1
    if is_stud(game):
        assert len(board) <= 1
        for i in range(n):
            hole = hand.hole(i)
            assert 3 <= len(hole) <= 7
            assert hand.up_cards(i) == hole[2:6]  # 2 down, 4 up, 1 down
            if showdown and not folded[i]:
                # To the end: a 7th card each, or the community card (§5).
                assert len(hole) + len(board) == 7
            cards += hole
        if showdown:
            check_seventh_street(hand, n, len(cards) - len(board))
    else:
        hole_count = game.streets[0].hole
        if showdown:
            assert len(board) == 5
        else:
            assert len(board) >= game.streets[0].board
        for i in range(n):
            hole = hand.hole(i)
            assert len(hole) == hole_count
            assert hand.up_cards(i) == ()
            cards += hole
    assert len(set(cards)) == len(cards)
    assert all(0 <= c < 52 for c in cards)
    order = hand.showdown_order
    if not showdown:
        assert order == ()
        return "fold"
    assert sorted(order) == live
    return "community" if board and is_stud(game) else "showdown"


def check_seventh_street(hand: Hand, n: int, hole_cards: int) -> None:
    """The community card comes exactly when the deck cannot give every player a card (§5).

    The deck holds the cards the table can need, 7 x n, at most 52.
    """
    deck = min(52, 7 * n)
    if not hand.board:
        # Each player in at the 7th-street deal got a 7th card: it fitted.
        seventh = sum(1 for i in range(n) if len(hand.hole(i)) == 7)
        assert seventh > 0
        assert deck - (hole_cards - seventh) >= seventh
        return
    # The community card: the players still in when it came (those who had
    # not folded before it) were more than the cards left.
    history = phh_lines(hand.events)
    deal = history.index(f"d db {croupier.format_card(hand.board[0])}")
    folds = sum(1 for line in history[:deal] if line.endswith(" f"))
    assert deck - hole_cards < n - folds


def play_random_hand(
    rng: random.Random, game: Game, stacks: list[int], seed: int
) -> tuple[Hand, list[Action]]:
    """Play one hand with random reported-legal actions (cheap: no per-action checks)."""
    hand = game.start(stacks, seed=seed)
    tracker = Tracker(game)
    bound = action_bound(game, stacks)
    actions: list[Action] = []
    while hand.actor is not None:
        action = choose(rng, hand, tracker.completable(hand))
        tracker.record(hand, action)
        apply(hand, action)
        actions.append(action)
        assert len(actions) <= bound
    return hand, actions


@pytest.mark.parametrize("config", CONFIGS)
def test_random_hands_conserve_chips_end_and_settle(config: str) -> None:
    rng = random.Random(f"{SEED}-{config}")
    tables = make_tables(config, rng)
    ends = {"fold": 0, "showdown": 0, "community": 0}
    all_ins = 0
    sizes = set()
    for k in range(HANDS_PER_CONFIG):
        table = rng.choice(tables)
        stacks = random_stacks(rng, table)
        hand, _ = play_random_hand(rng, table.game, stacks, seed=k)
        ends[check_finished(hand, table.game, stacks)] += 1
        if 0 in hand.stacks:
            all_ins += 1
        sizes.add(len(stacks))
    # The sample covers both ways a hand ends, busted players and every table size.
    assert ends["fold"] > HANDS_PER_CONFIG // 10
    assert ends["showdown"] > HANDS_PER_CONFIG // 10
    assert all_ins > HANDS_PER_CONFIG // 10
    assert sizes == set(range(2, 9))
    if config.split("-")[0] in STUD_MAKERS:
        # Eight players to the end sometimes exhaust the deck (RULES §5).
        assert ends["community"] > 20
    else:
        assert ends["community"] == 0


# ---------------------------------------------------------------------------
# Every decision checked on a smaller sample
# ---------------------------------------------------------------------------


def check_refusals(hand: Hand, game: Game) -> None:
    """Actions the hand reports illegal are refused and change nothing."""
    seat = actor(hand)
    bet, stack = hand.bets[seat], hand.stacks[seat]
    everything = bet + stack
    if hand.bring_in_pending:
        # RULES §3: bring in or complete, nothing else.
        assert not hand.can_check and hand.to_call == 0
        refused(hand, hand.fold)
        refused(hand, hand.check)
        refused(hand, hand.call)
        return
    refused(hand, hand.bring_in)
    if is_stud(game) and (hand.street != "third" or max(hand.bets) >= game.unit(0)):
        refused(hand, hand.complete)  # no bring-in left to complete
    if not is_stud(game):
        refused(hand, hand.complete)
    if hand.can_check:
        refused(hand, hand.call)
    else:
        refused(hand, hand.check)
    if hand.can_raise:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert lo is not None and hi is not None
        assert bet + hand.to_call < lo <= hi <= everything
        if game.structure is FIXED_LIMIT:
            assert lo == hi
        elif game.structure is NO_LIMIT:
            assert hi == everything
        else:
            # Pot limit (RULES §4): the amount to match + the pot after the call.
            to_call = hand.to_call
            assert hi == min(bet + to_call + hand.pot + to_call, everything)
        refused(hand, lambda: hand.raise_to(lo - 1))
        refused(hand, lambda: hand.raise_to(hi + 1))
        if everything > hi:
            refused(hand, hand.all_in)
    else:
        assert hand.min_raise_to is None and hand.max_raise_to is None
        refused(hand, lambda: hand.raise_to(everything))
        if stack > hand.to_call:
            refused(hand, hand.all_in)


def check_option_on_copy(
    game: Game, stacks: list[int], seed: int, hand: Hand, history: list[Action], option: Action
) -> None:
    """Rebuild the hand from its seed, replay ``history`` and play ``option``: it is accepted."""
    copy = game.start(stacks, seed=seed)
    for action in history:
        apply(copy, action)
    assert copy.events == hand.events  # the same seed and actions: the same hand
    seat = actor(copy)
    bet, stack, to_call = copy.bets[seat], copy.stacks[seat], copy.to_call
    total = sum(copy.stacks) + copy.pot
    kind, amount = option
    n_history, street = len(copy.events), copy.street
    apply(copy, option)  # must not raise
    assert sum(copy.stacks) + copy.pot == total
    assert len(copy.events) > n_history
    if copy.is_over or copy.street != street:
        return  # the round ended: bets collected, uncalled chips returned
    if kind in ("x", "f"):
        assert copy.bets[seat] == bet and copy.stacks[seat] == stack
        assert copy.folded[seat] == (kind == "f")
    elif kind == "c":
        assert copy.bets[seat] == bet + to_call
    elif kind == "r":
        assert copy.bets[seat] == amount
    elif kind == "a":
        assert copy.stacks[seat] == 0
    elif kind == "b":
        assert copy.bets[seat] == min(game.bring_in, bet + stack)
    elif kind == "C":
        assert copy.bets[seat] == min(game.unit(0), bet + stack)
    assert copy.stacks[seat] == stack - (copy.bets[seat] - bet)


@pytest.mark.parametrize("config", CONFIGS)
def test_reported_actions_are_accepted_and_the_rest_refused(config: str) -> None:
    rng = random.Random(f"{SEED}-checked-{config}")
    tables = make_tables(config, rng)
    tried: dict[str, int] = {}
    for k in range(CHECKED_HANDS_PER_CONFIG):
        table = rng.choice(tables)
        game = table.game
        stacks = random_stacks(rng, table)
        seed = 1_000_000 + k
        hand = game.start(stacks, seed=seed)
        total = sum(stacks)
        assert sum(hand.stacks) + hand.pot == total
        tracker = Tracker(game)
        history: list[Action] = []
        bound = action_bound(game, stacks)
        while hand.actor is not None:
            check_refusals(hand, game)
            completable = tracker.completable(hand)
            options = legal_options(hand, completable)
            action = choose(rng, hand, completable)
            others = [o for o in options if o != action] or options
            option = rng.choice(others)
            check_option_on_copy(game, stacks, seed, hand, history, option)
            tried[option[0]] = tried.get(option[0], 0) + 1
            tracker.record(hand, action)
            apply(hand, action)
            history.append(action)
            assert sum(hand.stacks) + hand.pot == total
            assert len(history) <= bound
        check_finished(hand, game, stacks)
        for attempt in (hand.fold, hand.check, hand.call, hand.bring_in, hand.complete):
            refused(hand, attempt)
        assert not hand.can_raise and not hand.can_check and hand.to_call == 0
    # Every kind of action was tried on a copy.
    kinds = {"f", "r", "a", "c", "x"} | (
        {"b", "C"} if config.split("-")[0] in STUD_MAKERS else set()
    )
    assert kinds <= set(tried), tried


@pytest.mark.parametrize("config", CONFIGS)
def test_same_seed_same_hand(config: str) -> None:
    # Reproducibility: the same game, stacks, seed and actions give the same hand.
    rng = random.Random(f"{SEED}-again-{config}")
    tables = make_tables(config, rng)
    for k in range(100):
        table = rng.choice(tables)
        stacks = random_stacks(rng, table)
        hand, actions = play_random_hand(rng, table.game, stacks, seed=k)
        again = table.game.start(stacks, seed=k)
        for action in actions:
            apply(again, action)
        assert again.events == hand.events
        assert again.payoffs == hand.payoffs
