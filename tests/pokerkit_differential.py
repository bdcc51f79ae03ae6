"""Differential testing of croupier's betting engine against PokerKit 0.7.7.

PokerKit is a test oracle only: nothing here is copied from it, and croupier
never imports it.  Each random hand is played on both engines with the same
deck (croupier's dealing order: each street deals every player still in
their cards, seat 0 first, then the board; no burn cards, so PokerKit burns
unknown cards) and the same actions, chosen at random among croupier's legal
options.  At every decision point both engines must agree on who acts, the
amount to call, whether a check or a raise is allowed, the smallest and
largest raise-to, the stud bring-in and every stack; at the end on every
final stack.  croupier's final stacks are also checked against an
independent reading of the pot rules (docs/rules.md §6, ``docs_stacks``),
which needs no PokerKit.

A table may carry a rake (``Table.rake``, docs/rules.md §6.10): PokerKit then
takes it through its rake hook (``State.rake``, floored like croupier's) and
the pot model takes it from each pot; ``tests/test_rake.py`` plays such tables.

Where the engines differ by a rule choice (a convention of docs/rules.md) or
by a known PokerKit bug, a named rule (``RULES``) recognises exactly that
situation: the hand is counted under that name and its comparison stops
there, or, when the difference is confined to one decision point, goes on
past it.  Everything else is an unexplained difference, reported with a
reproducer (game, stacks, deck and actions, as croupier code).

A long run: ``python tests/pokerkit_differential.py --minutes 10`` (``--jobs 2``
for two processes, ``--hands N`` for N hands of each game instead of a time
budget, ``--seed`` for other hands).  It prints, per game, the hands compared
to the end and the hands per rule, then every unexplained difference with a
reproducer, and exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import functools
import multiprocessing
import random
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pokerkit as pk

import croupier
from croupier import Hand, IllegalAction
from croupier.actions import lines as phh_lines
from croupier.cards import format_card

# ---------------------------------------------------------------------------
# Games: one table description, built on both engines
# ---------------------------------------------------------------------------

BLIND_GAMES = ("NL Hold'em", "PL Hold'em", "FL Hold'em", "PL Omaha", "FL Omaha Hi/Lo")
STUD_GAMES = ("Razz", "Seven-Card Stud", "Seven-Card Stud Hi/Lo")
GAMES = BLIND_GAMES + STUD_GAMES
FIXED = frozenset({"FL Hold'em", "FL Omaha Hi/Lo", *STUD_GAMES})
HI_LO = frozenset({"FL Omaha Hi/Lo", "Seven-Card Stud Hi/Lo"})
BIG_BET_STREETS = frozenset({"turn", "river", "fifth", "sixth", "seventh"})
CAP = 4  # fixed limit: a bet and three raises (docs/rules.md §4.3), on both engines

_AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)  # the driver deals the cards (and burns unknown cards)
_PK_CARDS = tuple(next(iter(pk.Card.parse(format_card(c)))) for c in range(52))
_STUD_CODE = {"Razz": "Razz", "Seven-Card Stud": "SevenCardStud"}


@dataclass(frozen=True)
class Table:
    """One hand's set-up: game, forced bets, stacks (seat 0 first) and deck (top first)."""

    game: str
    stacks: tuple[int, ...]
    deck: tuple[int, ...]
    blinds: tuple[int, int] = (0, 0)
    antes: int = 0
    bets: tuple[int, int] = (0, 0)  # fixed limit: (small, big)
    bring_in: int = 0
    rake: croupier.Rake | None = None  # docs/rules.md §6.10, on both engines

    @property
    def n(self) -> int:
        return len(self.stacks)

    @property
    def stud(self) -> bool:
        return self.game in STUD_GAMES

    @property
    def fixed(self) -> bool:
        return self.game in FIXED

    def unit(self, street: str) -> int:
        """The fixed-limit bet of a street."""
        return self.bets[1] if street in BIG_BET_STREETS else self.bets[0]

    def posted_blinds(self) -> list[int]:
        """What each seat really posts as a blind (all-in for less when short)."""
        n, (sb, bb) = self.n, self.blinds
        nominal = [bb, sb] if n == 2 else [sb, bb] + [0] * (n - 2)
        return [min(b, s - min(self.antes, s)) for b, s in zip(nominal, self.stacks, strict=True)]

    def croupier_game(self) -> croupier.Game:
        game = self._croupier_game()
        return game if self.rake is None else dataclasses.replace(game, rake=self.rake)

    def _croupier_game(self) -> croupier.Game:
        g, blinds, antes, bets = self.game, self.blinds, self.antes, self.bets
        if g == "NL Hold'em":
            return croupier.TexasHoldem(croupier.NO_LIMIT, blinds, antes=antes)
        if g == "PL Hold'em":
            return croupier.TexasHoldem(croupier.POT_LIMIT, blinds, antes=antes)
        if g == "FL Hold'em":
            return croupier.TexasHoldem(croupier.FIXED_LIMIT, blinds, antes=antes, bets=bets)
        if g == "PL Omaha":
            return croupier.Omaha(croupier.POT_LIMIT, blinds, antes=antes)
        if g == "FL Omaha Hi/Lo":
            return croupier.OmahaHiLo(croupier.FIXED_LIMIT, blinds, antes=antes, bets=bets)
        stud = {
            "Razz": croupier.Razz,
            "Seven-Card Stud": croupier.SevenCardStud,
            "Seven-Card Stud Hi/Lo": croupier.SevenCardStudHiLo,
        }[g]
        return stud(antes, self.bring_in, bets)

    def pokerkit_state(self) -> pk.State:
        """The hand on PokerKit: its game class's streets and hand types (the hand
        values cached, see ``_cached``), the driver dealing the cards."""
        game, structure, streets = _pk_game(self)
        return pk.State(
            _AUTOMATIONS,
            game.deck,
            tuple(_cached(h) for h in game.hand_types),
            streets,
            structure,
            True,
            self.antes,
            self.blinds if not self.stud else 0,
            self.bring_in,
            self.stacks,
            self.n,
            rake=self.pokerkit_rake(),
        )

    def pokerkit_rake(self) -> Callable[[int, pk.State], tuple[int, int]]:
        """The table's rake as PokerKit's rake function (``State.rake``: called for
        each pot).  PokerKit's own ``pokerkit.rake`` rounds to the nearest chip and
        counts a hand as "flopped" once a board card is out (never in stud); the
        rules page rounds down and rakes a hand that reached its second street
        (docs/rules.md §6.10), so this function says the same with PokerKit's
        state: a board card out, or in stud a fourth card dealt."""
        rake, stud = self.rake, self.stud

        def raked(amount: int, state: pk.State) -> tuple[int, int]:
            if rake is None:
                return 0, amount
            if rake.no_flop_no_drop:
                if stud:
                    flopped = max(len(h) for h in state.hole_cards) > 3
                else:
                    flopped = any(state.board_cards)
                if not flopped:
                    return 0, amount
            rate = rake.rate
            taken = amount * rate.numerator // rate.denominator
            if rake.cap is not None:
                taken = min(taken, rake.cap)
            return taken, amount - taken

        return raked

    def code(self) -> str:
        """The set-up as croupier code (a reproducer's first lines)."""
        g = self.game
        if self.stud:
            game = f"croupier.{_STUD_CODE.get(g, 'SevenCardStudHiLo')}"
            game += f"({self.antes}, {self.bring_in}, {self.bets})"
        else:
            cls = "TexasHoldem" if "Hold'em" in g else "OmahaHiLo" if "Hi/Lo" in g else "Omaha"
            structure = {"NL": "NO_LIMIT", "PL": "POT_LIMIT", "FL": "FIXED_LIMIT"}[g[:2]]
            bets = f", bets={self.bets}" if self.fixed else ""
            game = f"croupier.{cls}(croupier.{structure}, {self.blinds}, antes={self.antes}{bets})"
        if self.rake is not None:
            game = f"dataclasses.replace({game}, rake=croupier.{self.rake!r})"
        deck = " ".join(format_card(c) for c in self.deck)
        return (
            f"game = {game}  # {g}\n"
            f"hand = game.start({list(self.stacks)}, deck=croupier.parse_cards({deck!r}))"
        )


def _pk_game(t: Table) -> tuple[pk.Poker, pk.BettingStructure, tuple[pk.Street, ...]]:
    """PokerKit's game class for the table, its betting structure and streets."""
    g, small, big, bb = t.game, t.bets[0], t.bets[1], t.blinds[1]
    game: pk.Poker
    if g in ("NL Hold'em", "PL Hold'em"):
        game = pk.NoLimitTexasHoldem((), True, t.antes, t.blinds, bb)
    elif g == "FL Hold'em":
        game = pk.FixedLimitTexasHoldem((), True, t.antes, t.blinds, small, big)
    elif g == "PL Omaha":
        game = pk.PotLimitOmahaHoldem((), True, t.antes, t.blinds, bb)
    elif g == "FL Omaha Hi/Lo":
        game = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(
            (), True, t.antes, t.blinds, small, big
        )
    else:
        stud = {
            "Razz": pk.FixedLimitRazz,
            "Seven-Card Stud": pk.FixedLimitSevenCardStud,
            "Seven-Card Stud Hi/Lo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
        }[g]
        game = stud((), True, t.antes, t.bring_in, small, big)
    if g == "PL Hold'em":  # PokerKit has no class for it: no-limit hold'em, pot limit
        return game, pk.BettingStructure.POT_LIMIT, game.streets
    if g == "FL Omaha Hi/Lo":
        # PokerKit 0.7.7's class is pot-limit (it mixes in PotLimitPokerMixin):
        # its streets with the fixed-limit cap, fixed limit.
        streets = tuple(
            dataclasses.replace(s, max_completion_betting_or_raising_count=CAP)
            for s in game.streets
        )
        return game, pk.BettingStructure.FIXED_LIMIT, streets
    return game, game.betting_structure, game.streets


_CACHES: list[dict[tuple[object, ...], object]] = []


def _card_tuple(cards: Any) -> tuple[pk.Card, ...]:
    return tuple(pk.Card.clean(cards)) if isinstance(cards, str) else tuple(cards)


@functools.cache
def _cached(hand_type: type[pk.Hand]) -> type[pk.Hand]:
    """``hand_type`` with ``from_game`` memoised (per hand, see ``play_hand``).

    PokerKit evaluates the same hands again and again while it decides who
    shows, who can win and who gets each pot; the values are pure functions
    of the cards, so caching them changes nothing but the time.
    """
    cache: dict[tuple[object, ...], object] = {}
    _CACHES.append(cache)

    class Cached(hand_type):  # type: ignore[valid-type, misc]
        @classmethod
        def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> pk.Hand:
            key = (_card_tuple(hole_cards), _card_tuple(board_cards))
            if key not in cache:
                try:
                    cache[key] = super().from_game(*key)
                except ValueError as e:
                    cache[key] = e
            value = cache[key]
            if isinstance(value, ValueError):
                raise value
            return value  # type: ignore[return-value]

        @functools.cached_property
        def entry(self) -> Any:  # compared many times: look it up once
            return super().entry

    Cached.__name__ = Cached.__qualname__ = hand_type.__name__
    return Cached


def random_table(rng: random.Random, game: str) -> Table:
    """A random table: 2 to 9 players (stud: 8), antes, and often short stacks.

    Two tables in three have stacks of every size, down to less than the
    forced bets (blinds larger than stacks, all-in on the ante); the others
    are deep.
    """
    deck = tuple(rng.sample(range(52), 52))
    extra: dict[str, Any]
    if game in STUD_GAMES:
        n = rng.randint(2, 8)
        small = rng.choice((2, 4, 10))
        bring_in = rng.randint(1, small - 1)
        antes = rng.choice((0, 0, 1, bring_in, small // 2))
        unit, forced = small, antes + bring_in
        extra = {"bring_in": bring_in, "bets": (small, 2 * small)}
    else:
        n = rng.randint(2, 9)
        bb = rng.choice((2, 2, 4, 10))
        sb = rng.choice((bb // 2, bb // 2, 1, bb))
        antes = rng.choice((0, 0, 0, 1, bb // 2, bb))
        unit, forced = bb, antes + bb
        extra = {"blinds": (sb, bb), "bets": (bb, 2 * bb) if game in FIXED else (0, 0)}
    deep = rng.random() < 0.3
    stacks = []
    for _ in range(n):
        r = 1.0 if deep else rng.random()
        if r < 0.12:
            stacks.append(rng.randint(1, forced + 1))
        elif r < 0.35:
            stacks.append(rng.randint(forced + 1, forced + 8 * unit))
        else:
            stacks.append(rng.randint(20 * unit, 150 * unit))
    return Table(game, tuple(stacks), deck, antes=antes, **extra)


# ---------------------------------------------------------------------------
# Observations at a decision point
# ---------------------------------------------------------------------------

FIELDS = (
    "actor",
    "to_call",
    "can_check",
    "can_raise",
    "min_raise_to",
    "max_raise_to",
    "bring_in",
    "stacks",
)
RAISE_FIELDS = frozenset({"can_raise", "min_raise_to", "max_raise_to"})
Observation = dict[str, Any]


def observe_croupier(hand: Hand) -> Observation:
    return {
        "actor": hand.actor,
        "to_call": hand.to_call,
        "can_check": hand.can_check,
        "can_raise": hand.can_raise,
        "min_raise_to": hand.min_raise_to,
        "max_raise_to": hand.max_raise_to,
        "bring_in": hand.bring_in_pending,
        "stacks": hand.stacks,
    }


def observe_pokerkit(state: pk.State) -> Observation:
    actor = state.actor_index
    call = state.checking_or_calling_amount
    # The smallest raise-to is None exactly when PokerKit allows no raise
    # (can_complete_bet_or_raise_to() is the same test, done again).
    lo = state.min_completion_betting_or_raising_to_amount
    return {
        "actor": actor,
        "to_call": call or 0,
        "can_check": actor is not None and call == 0,
        "can_raise": lo is not None,
        "min_raise_to": lo,
        "max_raise_to": None if lo is None else state.max_completion_betting_or_raising_to_amount,
        "bring_in": state.can_post_bring_in(),
        "stacks": tuple(state.stacks),
    }


# ---------------------------------------------------------------------------
# One hand on both engines
# ---------------------------------------------------------------------------

# An action is a croupier method and its argument: ("raise_to", 6), ("call", None)...
Action = tuple[str, int | None]


@dataclass(frozen=True)
class Step:
    """One action as croupier recorded it."""

    street: str
    seat: int
    action: Action
    kind: str  # croupier's history line: "f", "cc", "cbr", "pb"
    total: int  # "cbr": the raise-to amount; "pb": the bring-in posted; else the bet before


@dataclass
class Divergence(Exception):
    """Where the engines first disagree: ``stage`` "decision", "deal", "end" or
    "error" (an engine raised); or "docs": croupier against the rules page."""

    stage: str
    fields: frozenset[str]
    ours: Observation
    theirs: Observation

    def text(self) -> str:
        if self.stage == "docs":
            return f"docs: {self.theirs['docs']}"
        names = ", ".join(sorted(self.fields))
        ours = {k: self.ours[k] for k in sorted(self.fields) if k in self.ours}
        theirs = {k: self.theirs[k] for k in sorted(self.fields) if k in self.theirs}
        return f"{self.stage}: {names}: croupier {ours}, PokerKit {theirs}"


@dataclass
class Play:
    """A hand in progress on both engines and what happened so far."""

    table: Table
    hand: Hand
    state: pk.State
    steps: list[Step] = field(default_factory=list)
    dealt: int = 0  # cards of the deck given to PokerKit so far
    resumed: list[str] = field(default_factory=list)  # rules passed over, in order

    def round_steps(self) -> list[Step]:
        """The steps of the current betting round (croupier's street)."""
        street = self.hand.street
        return [s for s in self.steps if s.street == street]


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: "compared" to the end, "filtered" by a rule, or a "difference"."""

    kind: str
    rule: str = ""
    resumed: tuple[str, ...] = ()
    detail: str = ""
    reproducer: str = ""
    rake: int = 0  # compared hands: the chips the house took (both engines)


def _pk_deal(play: Play) -> None:
    """Give PokerKit the cards croupier deals, in croupier's order (burning unknown cards)."""
    state, deck = play.state, play.table.deck
    while state.status:
        if state.card_burning_status:
            state.burn_card("??")
        elif any(state.hole_dealing_statuses):
            need = sum(map(len, state.hole_dealing_statuses))
            if need > len(deck) - play.dealt:  # PokerKit would deal from the muck
                raise Divergence(
                    "deal",
                    frozenset({"cards"}),
                    {"cards": f"{len(play.hand.board)} community card(s)"},
                    {"cards": f"{need} hole cards, {len(deck) - play.dealt} left in the deck"},
                )
            seat = state.hole_dealee_index
            assert seat is not None
            k = len(state.hole_dealing_statuses[seat])
            state.deal_hole([_PK_CARDS[c] for c in deck[play.dealt : play.dealt + k]], seat)
            play.dealt += k
        elif any(state.board_dealing_counts):
            count = state.board_dealing_count
            assert count is not None
            state.deal_board([_PK_CARDS[c] for c in deck[play.dealt : play.dealt + count]])
            play.dealt += count
        else:
            return


@dataclass(frozen=True)
class Style:
    """How a hand is played: how often a player facing a bet folds, and how
    often a player who may raise does (min, max, in between, or all-in)."""

    fold: float
    raise_: float

    @staticmethod
    def random(rng: random.Random) -> Style:
        return Style(rng.choice((0.03, 0.12, 0.3, 0.6)), rng.choice((0.1, 0.3, 0.5)))


def choose(rng: random.Random, hand: Hand, style: Style, may_raise: bool = True) -> list[Action]:
    """Candidate actions, most wanted first (the first one croupier accepts is played)."""
    out: list[Action] = []
    if hand.bring_in_pending:
        if may_raise and rng.random() < 0.3:
            out.append(("complete", None))  # croupier posts the bring-in if that is all
        out.append(("bring_in", None))
        return out
    lo, hi = (hand.min_raise_to, hand.max_raise_to) if may_raise else (None, None)
    if not hand.can_check and rng.random() < style.fold:
        out.append(("fold", None))
    elif lo is not None and hi is not None and rng.random() < style.raise_:
        r = rng.random()
        if hand.street == "third" and r < 0.1:
            out.append(("complete", None))  # only before any completion
        if r < 0.4:
            out.append(("raise_to", lo))
        elif r < 0.6:
            out.append(("raise_to", hi))
        elif r < 0.85:
            out.append(("raise_to", rng.randint(lo, hi)))
        else:
            out.append(("all_in", None))
    out.append(("check", None) if hand.can_check else ("call", None))
    return out


def _next(
    rng: random.Random | None, hand: Hand, style: Style, may_raise: bool = True
) -> list[Action]:
    """Random candidates from ``rng``, or without it: bring in, check or call."""
    if rng is not None:
        return choose(rng, hand, style, may_raise)
    if hand.bring_in_pending:
        return [("bring_in", None)]
    return [("check", None) if hand.can_check else ("call", None)]


def _apply_croupier(hand: Hand, action: Action) -> None:
    method, amount = action
    if method == "raise_to":
        assert amount is not None
        hand.raise_to(amount)
    else:
        getattr(hand, method)()


def _apply_pokerkit(state: pk.State, step: Step) -> None:
    if step.kind == "f":
        state.fold()
    elif step.kind == "cc":
        state.check_or_call()
    elif step.kind == "pb":
        state.post_bring_in()
    elif step.kind == "cbr":
        state.complete_bet_or_raise_to(step.total)
    else:  # pragma: no cover
        raise AssertionError(step.kind)


def play_hand(
    table: Table, rng: random.Random | None = None, actions: Sequence[Action] = ()
) -> Outcome:
    """Play ``table`` on both engines: ``actions`` first, then random ones from
    ``rng`` (without ``rng``: check, call and post the bring-in to the end).

    When a rule stops the comparison, croupier plays on alone and its final
    stacks are checked against the pot rules (docs/rules.md §6).
    """
    for cache in _CACHES:
        cache.clear()
    style = Style.random(rng) if rng is not None else Style(0, 0)
    hand = table.croupier_game().start(list(table.stacks), deck=list(table.deck))
    play, script = Play(table, hand, table.pokerkit_state()), list(actions)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a PokerKit warning is a difference too
        try:
            _run(play, rng, style, script)
            return Outcome("compared", resumed=tuple(play.resumed), rake=hand.rake)
        except Divergence as d:
            outcome = classify(play, d)
        except Exception as e:  # an engine refused or failed: a difference
            text = f"{type(e).__name__}: {e}"
            outcome = classify(play, Divergence("error", frozenset({"error"}), {}, {"error": text}))
    if outcome.kind == "filtered":
        while hand.actor is not None:
            _step(play, [script.pop(0)] if script else _next(rng, hand, style))
        model = docs_stacks(play)
        if hand.stacks != model:
            detail = (
                f"docs: croupier alone after {outcome.rule}: final stacks {hand.stacks}, "
                f"by the pot rules (docs/rules.md §6) {model}"
            )
            return Outcome("difference", detail=detail, reproducer=reproducer(play))
    return outcome


def _step(play: Play, candidates: Sequence[Action]) -> Step:
    """croupier's actor plays the first of ``candidates`` it accepts; returns the step."""
    hand = play.hand
    seat, street = hand.actor, hand.street
    assert seat is not None
    bet, behind, to_call, pending = (
        hand.bets[seat],
        hand.stacks[seat],
        hand.to_call,
        hand.bring_in_pending,
    )
    for k, action in enumerate(candidates):
        try:
            _apply_croupier(hand, action)
        except IllegalAction:
            if k == len(candidates) - 1:
                raise
            continue
        break
    # What croupier did, as its history records it ("f", "cc", "cbr", "pb"), worked
    # out from the action (reading hand.history every time would be slow).
    method, amount = action
    everything = bet + behind
    if method in ("fold", "check", "call", "bring_in"):
        kind, total = {"fold": "f", "bring_in": "pb"}.get(method, "cc"), bet
    elif method == "raise_to":
        assert amount is not None
        kind, total = "cbr", amount
    elif pending and everything <= play.table.bring_in:  # complete(), all_in(): bring in
        kind, total = "pb", bet
    elif method == "all_in":
        kind, total = ("cc", bet) if to_call >= behind else ("cbr", everything)
    else:
        kind, total = "cbr", min(play.table.bets[0], everything)
    if kind == "pb":
        total = min(play.table.bring_in, everything)
    step = Step(street, seat, action, kind, total)
    play.steps.append(step)
    return step


def _check_history(play: Play) -> None:
    """The driver's record of the actions is croupier's history (a driver check)."""
    lines = [
        line.split(" ", 1)[1] for line in phh_lines(play.hand.events) if not line.startswith("d ")
    ]
    actions = [line for line in lines if not line.startswith("sm")]
    ours = [f"{s.kind} {s.total}" if s.kind == "cbr" else s.kind for s in play.steps]
    assert actions == ours, (actions, ours)


def docs_decision_problem(play: Play) -> str:
    """What croupier offers at this decision point that the rules page forbids
    outright, where PokerKit cannot tell (it offers the same): "" if nothing."""
    hand, t = play.hand, play.table
    i = hand.actor
    if (
        hand.bring_in_pending
        and i is not None
        and hand.can_raise
        and hand.stacks[i] + hand.bets[i] <= t.bring_in
    ):
        return (
            f"the bring-in seat {i} has no more chips than the bring-in, yet may raise to "
            f"{hand.min_raise_to}..{hand.max_raise_to} "
            "(docs/rules.md §3.4: it can neither complete nor raise)"
        )
    return ""


def _run(play: Play, rng: random.Random | None, style: Style, script: list[Action]) -> None:
    hand, state = play.hand, play.state
    _pk_deal(play)
    may_raise = True
    while True:
        ours, theirs = observe_croupier(hand), observe_pokerkit(state)
        if hand.actor is None and state.actor_index is None:
            break
        problem = docs_decision_problem(play)
        if problem:  # croupier against the rules page, whatever PokerKit says
            raise Divergence("docs", frozenset({"docs"}), {}, {"docs": problem})
        diff = frozenset(f for f in FIELDS if ours[f] != theirs[f])
        if diff:
            d = Divergence("decision", diff, ours, theirs)
            rule = find_rule(play, d)
            if rule is None or rule.resume is None:
                raise d
            play.resumed.append(rule.name)
            if rule.resume == "pokerkit acts":  # a pointless check croupier does not ask for
                state.check_or_call()
                _pk_deal(play)
                continue
            may_raise = False  # croupier offers a raise PokerKit does not, or the reverse
        candidates = [script.pop(0)] if script else _next(rng, hand, style, may_raise)
        may_raise = True
        _apply_pokerkit(state, _step(play, candidates))
        _pk_deal(play)
    if not hand.is_over or state.status:
        over = {"over": hand.is_over}, {"over": not state.status}
        raise Divergence("end", frozenset({"over"}), *over)
    _check_history(play)
    final, model = tuple(state.stacks), docs_stacks(play)
    if hand.stacks != model:  # croupier against the rules page, whatever PokerKit says
        problem = (
            f"final stacks {hand.stacks}, by the pot rules (docs/rules.md §6) {model} "
            f"(PokerKit {final})"
        )
        raise Divergence("docs", frozenset({"docs"}), {}, {"docs": problem})
    if hand.stacks != final:
        raise Divergence(
            "end",
            frozenset({"final stacks"}),
            {"final stacks": hand.stacks},
            {"final stacks": final},
        )
    theirs = sum(pot.raked_amount for pot in state.pots)
    if hand.rake != theirs:
        raise Divergence("end", frozenset({"rake"}), {"rake": hand.rake}, {"rake": theirs})


# ---------------------------------------------------------------------------
# The rules page, read independently: pots and awards (docs/rules.md §6)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Split:
    """One pot or half-pot shared by ``winners``: everyone gets ``share``, and
    ``odd`` more chips go to the winners nearest the left of the button."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    half: str  # "", "high" or "low"

    @property
    def share(self) -> int:
        return self.amount // len(self.winners)

    @property
    def odd(self) -> int:
        return self.amount % len(self.winners)


def docs_splits(
    contributions: Sequence[int],
    folded: Sequence[bool],
    high: Sequence[int],
    low: Sequence[int] | None,
    rake: Callable[[int], int] | None = None,
) -> tuple[list[Split], list[int]]:
    """The pots of docs/rules.md §6 as splits, and the chips that go back unwon.

    Pots are layered at every amount put in by a player still in (§6.2); a
    layer that only folded players reached goes back to those who put chips
    into it (§6.3).  Hi/lo: each pot is halved, the odd chip to the high half,
    when one of its eligible players has a qualifying low (``low > 0``), else
    the best high takes it all (§6.6).  Ties share, the odd chips one at a
    time from the lowest seat (§6.7, in ``docs_stacks``).  ``rake(amount)``: the
    chips the house takes from a pot before it is shared (§6.10).
    """
    n = len(contributions)
    live = [i for i in range(n) if not folded[i]]
    splits: list[Split] = []
    previous = 0
    for level in sorted({contributions[i] for i in live if contributions[i] > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        if rake is not None and sum(c > previous for c in contributions) > 1:
            amount -= rake(amount)  # chips of one player alone were nobody's bet to call
        eligible = tuple(i for i in live if contributions[i] >= level)
        best = max(high[i] for i in eligible)
        winners = tuple(i for i in eligible if high[i] == best)
        lows = [i for i in eligible if low is not None and low[i] > 0]
        if lows:
            assert low is not None
            best_low = max(low[i] for i in lows)
            low_winners = tuple(i for i in lows if low[i] == best_low)
            splits.append(Split(amount - amount // 2, eligible, winners, "high"))
            splits.append(Split(amount // 2, eligible, low_winners, "low"))
        else:
            splits.append(Split(amount, eligible, winners, ""))
        previous = level
    back = [max(0, c - previous) for c in contributions]
    return splits, back


def _hand_values(play: Play) -> tuple[list[int], list[int] | None]:
    """Each live player's high (and low) value; zeros without a showdown."""
    hand = play.hand
    n, game, board = hand.n_players, hand.game, hand.board
    live = [i for i in range(n) if not hand.folded[i]]
    high, low = [0] * n, ([0] * n if game.low_value is not None else None)
    if len(live) > 1:
        for i in live:
            high[i] = game.value(hand.hole(i), board)
            if low is not None and game.low_value is not None:
                low[i] = game.low_value(hand.hole(i), board)
    return high, low


def docs_rake(play: Play) -> Callable[[int], int] | None:
    """The chips the house takes from a pot of the hand (docs/rules.md §6.10), read
    from the rules page: the percentage rounded down, at most the cap, nothing
    when the hand ended on its first street (no flop, no drop)."""
    rake, hand = play.table.rake, play.hand
    if rake is None:
        return None
    first = hand.game.streets[0].name == hand.street
    if rake.no_flop_no_drop and first:
        return None

    def taken(amount: int) -> int:
        chips = int(amount * rake.percent / 100)  # exact Fraction: floor (amounts >= 0)
        return chips if rake.cap is None else min(chips, rake.cap)

    return taken


def docs_stacks(play: Play) -> tuple[int, ...]:
    """Final stacks by docs/rules.md §6 from croupier's cards and contributions."""
    hand = play.hand
    high, low = _hand_values(play)
    splits, received = docs_splits(hand.contributions, hand.folded, high, low, docs_rake(play))
    for s in splits:
        for k, i in enumerate(s.winners):
            received[i] += s.share + (1 if k < s.odd else 0)
    return tuple(
        start - c + r
        for start, c, r in zip(play.table.stacks, hand.contributions, received, strict=True)
    )


# ---------------------------------------------------------------------------
# Named rules: conventions of the rules page, known PokerKit bugs, questions
# ---------------------------------------------------------------------------

CONVENTION, POKERKIT_BUG, QUESTION = "convention", "PokerKit bug", "croupier question"


@dataclass(frozen=True)
class Rule:
    """A named, explained difference between the engines.

    ``applies`` recognises the situation (its docstring says which, citing
    docs/rules.md).  ``resume`` says how the comparison goes on past it: "no
    raise" (the difference is only in who may raise, or to how much: nobody
    raises at this decision point, so both engines stay in step), "pokerkit
    acts" (PokerKit's actor makes the check croupier does not ask for), or
    None: the hand stops there (croupier plays it out alone, checked against
    the pot rules).
    """

    name: str
    kind: str  # CONVENTION, POKERKIT_BUG or QUESTION
    section: str
    summary: str
    applies: Callable[[Play, Divergence], bool]
    resume: str | None = None


def short_blind(play: Play, d: Divergence) -> bool:
    """docs/rules.md §3.2: a short blind changes nothing for the other players:
    calling still costs the whole big blind and a raise still goes to two big
    blinds (also when the big blind was all-in on its ante and posted
    nothing).  PokerKit uses the chips posted.  Recognised pre-flop when the
    big blind posted less than the big blind and croupier asks for the call
    the rules say."""
    t, hand = play.table, play.hand
    i = hand.actor
    if t.stud or d.stage != "decision" or hand.street != "preflop" or i is None:
        return False
    if max(t.posted_blinds()) >= t.blinds[1]:
        return False
    level = max(t.blinds[1], *hand.bets)
    return hand.to_call == min(level - hand.bets[i], hand.stacks[i])


def no_pointless_check(play: Play, d: Divergence) -> bool:
    """docs/rules.md §5.5, a Choice: a player with chips who has not acted is
    asked to act only if someone else could still answer a bet (when everyone
    else is all-in, only to call).  PokerKit asks them anyway, when all they
    may do is check."""
    t = d.theirs
    if d.stage != "decision" or d.ours["actor"] is not None or t["actor"] is None:
        return False
    if t["to_call"] != 0 or t["can_raise"] or not t["can_check"]:
        return False
    state, seat = play.state, t["actor"]
    return all(not state.stacks[j] for j in range(play.table.n) if j != seat and state.statuses[j])


@dataclass
class OpenRound:
    """A no- or pot-limit betting round replayed by docs/rules.md §4.1: the amount
    to match, the last full raise increment, the amount after the last full
    raise, and what each seat faced when it last acted."""

    level: int = 0
    increment: int = 0
    full_level: int = 0
    acted: dict[int, int] = field(default_factory=dict)


def open_round(play: Play) -> OpenRound:
    bb = play.table.blinds[1]
    r = OpenRound(increment=bb)
    if play.hand.street == "preflop":
        r.level = r.full_level = bb
    for s in play.round_steps():
        if s.kind == "cbr":
            if s.total - r.level >= r.increment:
                r.increment, r.full_level = s.total - r.level, s.total
            r.level = s.total
        r.acted[s.seat] = r.level
    return r


def _open_raise_right(play: Play, d: Divergence, croupier_may: bool) -> OpenRound | None:
    """The round, when this is a no- or pot-limit difference only in whether the
    actor, who has acted in this round already and not faced a full raise
    since, may raise again, croupier saying ``croupier_may``."""
    hand = play.hand
    i = hand.actor
    if play.table.fixed or d.stage != "decision" or not d.fields <= RAISE_FIELDS or i is None:
        return None
    if hand.can_raise != croupier_may or d.theirs["can_raise"] == croupier_may:
        return None
    r = open_round(play)
    if i not in r.acted or r.acted[i] < r.full_level or hand.bets[i] + hand.to_call != r.level:
        return None
    return r


def short_all_in_does_not_reopen(play: Play, d: Divergence) -> bool:
    """docs/rules.md §4.1: a short all-in does not count as a raise, and a player
    who has acted gets the right to raise back only when the amount to call
    has risen by a full increment since; a Choice spells out the case of
    players who checked facing an all-in bet of less than the minimum bet:
    they may call or fold.  PokerKit measures an all-in against the largest
    bet or raise so far in the round, nothing at first (pre-flop the big blind
    does not count), so the round's first short all-in re-opens the betting."""
    r = _open_raise_right(play, d, croupier_may=False)
    return r is not None and 0 < r.level - r.acted[play.hand.actor or 0] < r.increment


def pokerkit_short_all_ins_add_up(play: Play, d: Divergence) -> bool:
    """PokerKit bug (0.7.7): short all-ins that add up to a full raise re-open the
    betting only if no further short all-in follows.  docs/rules.md §4.1
    ("the right to raise", seed 000 situation 12): the right comes back when
    the amount to call has risen by a full increment in total since the
    player acted, however many short all-ins made it up."""
    r = _open_raise_right(play, d, croupier_may=True)
    return r is not None and r.level - r.acted[play.hand.actor or 0] >= r.increment


@dataclass
class LimitRound:
    """A fixed-limit betting round replayed by docs/rules.md §4.3 (and §3.4).

    ``events``: each bet or raise as "full", "half" (an all-in adding at least
    half a unit: counts as full) or "short" (an all-in adding less: not a
    raise), with whether a full bet had been made before it.
    """

    unit: int
    level: int = 0
    full: int = 0  # full bets and raises so far (the big blind counts pre-flop)
    full_level: int = 0  # the amount to match after the last full one
    acted: dict[int, int] = field(default_factory=dict)  # seat: amount it last acted on
    events: list[tuple[str, bool]] = field(default_factory=list)

    def target(self) -> int:
        """The one legal raise-to: a full bet (or the completion), or one unit more."""
        return self.unit if self.full == 0 else self.level + self.unit

    def expected(self, hand: Hand) -> tuple[bool, int | None]:
        """(may raise, the raise-to) for croupier's actor by the rules page."""
        i = hand.actor
        assert i is not None
        behind, bet = hand.stacks[i], hand.bets[i]
        able = sum(1 for j, s in enumerate(hand.stacks) if s and not hand.folded[j])
        may = behind + bet > self.level and able >= 2 and self.full < CAP
        if may and i in self.acted:
            rise = self.level - self.acted[i]
            may = self.acted[i] < self.full_level or 2 * rise >= self.unit
        return may, (min(self.target(), behind + bet) if may else None)


def limit_round(play: Play) -> LimitRound:
    t, street = play.table, play.hand.street
    r = LimitRound(t.unit(street))
    if street == "preflop":
        r.level = r.full_level = t.blinds[1]  # the big blind, even posted short (§3.2)
        r.full = 1
    for s in play.round_steps():
        if s.kind == "cbr":
            full_before = r.full > 0
            if s.total >= r.target():
                kind = "full"
            elif 2 * (s.total - r.level) >= r.unit:
                kind = "half"
            else:
                kind = "short"
            r.events.append((kind, full_before))
            r.level = s.total
            if kind != "short":
                r.full += 1
                r.full_level = s.total
        elif s.kind == "pb":
            r.level = max(t.bring_in, s.total)  # a short bring-in still sets the full one
        r.acted[s.seat] = r.level
    return r


def _limit_rule(play: Play, d: Divergence) -> LimitRound | None:
    """The round, if this is a fixed-limit difference only in who may raise, or
    to how much, and croupier follows the rules page (§4.3) exactly."""
    if not play.table.fixed or d.stage != "decision" or not d.fields <= RAISE_FIELDS:
        return None
    r = limit_round(play)
    hand = play.hand
    can, to = r.expected(hand)
    if (hand.can_raise, hand.min_raise_to, hand.max_raise_to) != (can, to, to):
        return None
    return r


def limit_cap_counts_big_blind(play: Play, d: Divergence) -> bool:
    """docs/rules.md §4.3: the cap is a bet and three raises, and before the flop
    the big blind is the bet, so three raises follow it.  PokerKit starts
    counting at the first raise and allows four."""
    r = _limit_rule(play, d)
    if r is None or play.table.stud or play.hand.street != "preflop":
        return False
    return (
        all(kind == "full" for kind, _ in r.events)
        and r.full == CAP
        and not play.hand.can_raise
        and play.state.completion_betting_or_raising_count == CAP - 1
    )


def stud_all_in_below_completion(play: Play, d: Divergence) -> bool:
    """docs/rules.md §3.4, §4.3 (a Choice): on third street, after only the
    bring-in, an all-in for less than the completion that adds less than half
    the small bet is not the round's bet: the next player may call it or
    complete to the small bet.  PokerKit makes the next raise a full small bet
    above the all-in (and counts the all-in toward the cap)."""
    r = _limit_rule(play, d)
    if r is None or play.hand.street != "third":
        return False
    return any(kind == "short" and not full_before for kind, full_before in r.events)


def limit_half_bet_all_in_reopens(play: Play, d: Divergence) -> bool:
    """docs/rules.md §4.3: an all-in that adds half a unit or more is treated as a
    whole bet or raise: it re-opens the betting and counts toward the cap.
    PokerKit re-opens only for a full unit (or short all-ins adding up to
    one)."""
    r = _limit_rule(play, d)
    return r is not None and any(kind == "half" for kind, _ in r.events)


def limit_short_all_in_is_no_raise(play: Play, d: Divergence) -> bool:
    """docs/rules.md §4.3: an all-in that adds less than half a unit leaves the
    players who have acted without a new raise and does not count toward the
    cap; before any full bet the next bet completes to one unit (a Choice).
    PokerKit counts it toward the cap, lets it re-open the betting when it is
    the round's first wager, and makes the next raise a unit above it."""
    r = _limit_rule(play, d)
    third = play.hand.street == "third"  # there, before a completion: the stud rule
    return r is not None and any(
        kind == "short" and (full_before or not third) for kind, full_before in r.events
    )


def _short_bring_in_seat(play: Play, d: Divergence) -> int | None:
    t, hand = play.table, play.hand
    if not t.stud or d.stage != "decision" or hand.street != "third":
        return None
    seat = hand.bring_in_seat
    if seat is None or hand.stacks[seat] + hand.bets[seat] > t.bring_in:
        return None
    return seat


def stud_short_bring_in_only_posts(play: Play, d: Divergence) -> bool:
    """docs/rules.md §3.4: a bring-in player with no more chips than the bring-in
    can neither complete nor raise: whatever it puts in is its bring-in.
    PokerKit offers it a 'completion' to the same all-in amount."""
    hand = play.hand
    seat = _short_bring_in_seat(play, d)
    return (
        seat is not None
        and hand.bring_in_pending
        and d.fields <= RAISE_FIELDS
        and not hand.can_raise
        and d.theirs["min_raise_to"] == d.theirs["max_raise_to"] == hand.stacks[seat]
    )


def stud_short_bring_in_stands(play: Play, d: Divergence) -> bool:
    """docs/rules.md §3.4: after a bring-in posted all-in for less, the next player
    faces the full bring-in, as after a short blind (§3.2): it calls it,
    completes or folds.  PokerKit uses the chips posted."""
    t, hand = play.table, play.hand
    seat = _short_bring_in_seat(play, d)
    i = hand.actor
    if seat is None or i is None or hand.bring_in_pending or hand.bets[seat] >= t.bring_in:
        return False
    level = max(t.bring_in, *hand.bets)
    return hand.to_call == min(level - hand.bets[i], hand.stacks[i])


def stud_bring_in_all_in_on_ante(play: Play, d: Divergence) -> bool:
    """docs/rules.md §3.4, a Choice: a player all-in on the ante cannot bring in;
    the bring-in passes to the next card in bring-in order among the players
    with chips.  PokerKit gives the bring-in to the next seat clockwise."""
    t, hand, state = play.table, play.hand, play.state
    if not t.stud or d.stage != "decision" or hand.street != "third" or play.steps:
        return False
    opener = state.opener_index
    return (
        "actor" in d.fields
        and opener is not None
        and state.stacks[opener] == 0
        and hand.bring_in_seat != opener
    )


def stud_community_card(play: Play, d: Divergence) -> bool:
    """docs/rules.md §5.4: if the deck cannot give every player still in a
    seventh-street card, a single card is dealt face up in the middle for
    everyone.  PokerKit deals them hole cards from the muck instead."""
    hand = play.hand
    return (
        play.table.stud
        and d.stage == "deal"
        and hand.street == "seventh"
        and len(hand.board) == 1
        and len(play.table.deck) - play.dealt < sum(not f for f in hand.folded)
    )


def _pk_received(play: Play) -> list[int]:
    hand = play.hand
    start, final = play.table.stacks, play.state.stacks
    return [f - (s - c) for f, s, c in zip(final, start, hand.contributions, strict=True)]


def _end_with_croupier_right(play: Play, d: Divergence) -> bool:
    """The final stacks differ, and croupier's agree with the pot rules (§6)."""
    return d.stage == "end" and d.fields == {"final stacks"}


def _odd_chip_bounds(play: Play) -> tuple[list[int], list[int]]:
    """Per seat: the chips it wins by docs/rules.md §6 without any odd chip, and
    how many odd chips of its pots and halves it could hold besides."""
    high, low = _hand_values(play)
    splits, floor = docs_splits(
        play.hand.contributions, play.hand.folded, high, low, docs_rake(play)
    )
    slack = [0] * play.table.n
    for s in splits:
        amount = s.amount
        if s.half:  # share out the smaller half; the high half's odd chip is slack
            total = sum(x.amount for x in splits if x.eligible == s.eligible)
            amount = total // 2
            for i in s.winners:
                slack[i] += total % 2
        k = len(s.winners)
        for i in s.winners:
            floor[i] += amount // k
            slack[i] += amount % k
    return floor, slack


def odd_chips(play: Play, d: Divergence) -> bool:
    """docs/rules.md §6.2, §6.6, §6.7: the pots are cut at every all-in amount and
    each pot (each half in hi/lo) is divided on its own, its odd chips going
    one at a time to the tied players nearest the left of the button, the odd
    chip between hi/lo halves to the high.  PokerKit first merges the side
    pots that the same players can still win and gives all the odd chips of
    a division to one player.  Recognised when every seat got from PokerKit
    its even share of every pot and half it won, plus at most the odd chips
    of those."""
    if not _end_with_croupier_right(play, d):
        return False
    floor, slack = _odd_chip_bounds(play)
    got = _pk_received(play)
    return any(slack) and all(
        floor[i] <= got[i] <= floor[i] + slack[i] for i in range(play.table.n)
    )


def pokerkit_hilo_low_half_without_low(play: Play, d: Divergence) -> bool:
    """PokerKit bug (0.7.7): in a hi/lo game it halves every pot as soon as any
    player has a qualifying low, so a side pot in which no eligible player has
    a low (docs/rules.md §6.6: the best high takes the whole pot) gives its
    low half to the contenders left as if they tied.  Recognised when only
    players of such pots get other chips than the pot rules give (beyond odd
    chips, and, with a rake, beyond the difference between the engines' rakes:
    PokerKit rakes the pots it merged, ``pokerkit_rakes_merged_pots``)."""
    if play.table.game not in HI_LO or not _end_with_croupier_right(play, d):
        return False
    high, low = _hand_values(play)
    assert low is not None
    if not any(low):
        return False
    splits, _ = docs_splits(play.hand.contributions, play.hand.folded, high, low, docs_rake(play))
    lowless = {i for s in splits if s.half == "" for i in s.eligible}
    floor, slack = _odd_chip_bounds(play)
    got = _pk_received(play)
    others = [i for i in range(play.table.n) if i not in lowless]
    gap = abs(play.hand.rake - sum(pot.raked_amount for pot in play.state.pots))
    return bool(lowless) and all(
        floor[i] - gap <= got[i] <= floor[i] + slack[i] + gap for i in others
    )


def pokerkit_rakes_merged_pots(play: Play, d: Divergence) -> bool:
    """docs/rules.md §6.10: the rake is taken from each pot as the bets built it
    (§6.2: the main pot, then each side pot), whoever wins it.  PokerKit rakes
    its pots at the end, once it has merged the consecutive pots whose players
    still holding a hand that wins something are the same: one player winning
    the main and a side pot pays one cap, and the rounding once (and divides
    the merged pot's odd chips its own way, as in ``odd_chips``).  Recognised
    when croupier's final stacks agree with the pot rules, PokerKit's rake is
    that of the merged pots, some pots were merged, the stacks differ in all
    by the difference of the two rakes, and only on seats that won a merged
    pot or, by at most the odd chips of the divisions they shared, a pot."""
    rake = docs_rake(play)
    if rake is None or not _end_with_croupier_right(play, d):
        return False
    hand = play.hand
    high, low = _hand_values(play)
    splits, _ = docs_splits(hand.contributions, hand.folded, high, low)
    survivors = {i for s in splits for i in s.winners}
    pots: list[tuple[tuple[int, ...], int, set[int]]] = []  # hi/lo: the two halves, one pot
    for s in splits:
        if pots and pots[-1][0] == s.eligible:
            eligible, amount, winners = pots.pop()
            pots.append((eligible, amount + s.amount, winners | set(s.winners)))
        else:
            pots.append((s.eligible, s.amount, set(s.winners)))
    groups: list[tuple[tuple[int, ...], int, int, set[int]]] = []  # key, chips, pots, winners
    for eligible, amount, winners in pots:
        key = tuple(i for i in eligible if i in survivors)
        if groups and groups[-1][0] == key:
            _, chips, count, won = groups.pop()
            groups.append((key, chips + amount, count + 1, won | winners))
        else:
            groups.append((key, amount, 1, winners))
    if not any(count > 1 for _, _, count, _ in groups):
        return False
    theirs = sum(pot.raked_amount for pot in play.state.pots)
    if theirs != sum(rake(chips) for _, chips, _, _ in groups):
        return False
    merged = set().union(*(won for _, _, count, won in groups if count > 1))
    odd = [sum(len(s.winners) - 1 for s in splits if i in s.winners) for i in range(play.table.n)]
    final = play.state.stacks
    changed = [i for i in range(play.table.n) if final[i] != hand.stacks[i]]
    return sum(final) - sum(hand.stacks) == hand.rake - theirs and all(
        i in merged or abs(final[i] - hand.stacks[i]) <= odd[i] for i in changed
    )


def pokerkit_leaves_last_round_unraked(play: Play, d: Divergence) -> bool:
    """PokerKit bug (0.7.7): in a hand won by everyone else folding, PokerKit gives
    the winner's own bet of the last betting round back whole, the part the
    others called included, and rakes only the rest of the pot (docs/rules.md
    §6.10: every chip in a pot is raked; only a bet nobody called goes back
    unraked).  Recognised when one player is left, croupier's final stacks
    agree with the pot rules, and PokerKit took the rake of the pot less the
    winner's last bet, the winner keeping the difference."""
    rake, hand = docs_rake(play), play.hand
    live = [i for i in range(play.table.n) if not hand.folded[i]]
    if rake is None or len(live) != 1 or not _end_with_croupier_right(play, d):
        return False
    theirs = sum(pot.raked_amount for pot in play.state.pots)
    final, winner = play.state.stacks, live[0]
    before = sum(hand.contributions) - hand.bets[winner]  # the pot less the winner's bet
    others = [i for i in range(play.table.n) if i != winner]
    return (
        theirs == rake(before) != hand.rake
        and all(final[i] == hand.stacks[i] for i in others)
        and final[winner] - hand.stacks[winner] == hand.rake - theirs
    )


RULES: tuple[Rule, ...] = (
    Rule(
        "short_blind_counts_full",
        CONVENTION,
        "§3.2",
        "a short big blind still counts in full: the call is the big blind, the raise two",
        short_blind,
    ),
    Rule(
        "stud_bring_in_all_in_on_ante",
        CONVENTION,
        "§3.4",
        "the bring-in card's owner is all-in on the ante: the next card in order brings in",
        stud_bring_in_all_in_on_ante,
    ),
    Rule(
        "stud_short_bring_in_only_posts",
        CONVENTION,
        "§3.4",
        "a bring-in seat with no more chips than the bring-in can only post it",
        stud_short_bring_in_only_posts,
        resume="no raise",
    ),
    Rule(
        "stud_short_bring_in_stands",
        CONVENTION,
        "§3.4",
        "after a bring-in posted all-in for less, the next player faces the full bring-in",
        stud_short_bring_in_stands,
    ),
    Rule(
        "stud_all_in_below_completion",
        CONVENTION,
        "§3.4, §4.3",
        "third street: an all-in adding less than half the completion; the next may complete",
        stud_all_in_below_completion,
        resume="no raise",
    ),
    Rule(
        "limit_cap_counts_big_blind",
        CONVENTION,
        "§4.3",
        "fixed-limit cap before the flop: the big blind is the bet, then three raises",
        limit_cap_counts_big_blind,
        resume="no raise",
    ),
    Rule(
        "limit_half_bet_all_in_reopens",
        CONVENTION,
        "§4.3",
        "fixed limit: an all-in adding half a unit or more is a full raise",
        limit_half_bet_all_in_reopens,
        resume="no raise",
    ),
    Rule(
        "limit_short_all_in_is_no_raise",
        CONVENTION,
        "§4.3",
        "fixed limit: an all-in adding less than half a unit is no raise; the next may complete",
        limit_short_all_in_is_no_raise,
        resume="no raise",
    ),
    Rule(
        "short_all_in_does_not_reopen",
        CONVENTION,
        "§4.1",
        "no/pot limit: the round's first short all-in does not re-open the betting",
        short_all_in_does_not_reopen,
        resume="no raise",
    ),
    Rule(
        "pokerkit_short_all_ins_add_up",
        POKERKIT_BUG,
        "§4.1",
        "short all-ins adding up to a full raise re-open, even if another short all-in follows",
        pokerkit_short_all_ins_add_up,
        resume="no raise",
    ),
    Rule(
        "no_pointless_check",
        CONVENTION,
        "§5.5",
        "nobody is asked to act when no one could answer a bet (PokerKit asks for a check)",
        no_pointless_check,
        resume="pokerkit acts",
    ),
    Rule(
        "stud_community_card",
        CONVENTION,
        "§5.4",
        "seventh street with too few cards: one community card (PokerKit re-deals the muck)",
        stud_community_card,
    ),
    Rule(
        "pokerkit_hilo_low_half_without_low",
        POKERKIT_BUG,
        "§6.6",
        "a hi/lo side pot in which nobody has a low is still halved",
        pokerkit_hilo_low_half_without_low,
    ),
    Rule(
        "odd_chips",
        CONVENTION,
        "§6.2, §6.7",
        "each pot and half divided on its own, odd chips one at a time from the lowest seat",
        odd_chips,
    ),
    Rule(
        "pokerkit_rakes_merged_pots",
        CONVENTION,
        "§6.10",
        "the rake is taken from each pot as built; PokerKit rakes the pots it merged by winners",
        pokerkit_rakes_merged_pots,
    ),
    Rule(
        "pokerkit_leaves_last_round_unraked",
        POKERKIT_BUG,
        "§6.10",
        "a hand won by folds: PokerKit does not rake the winner's last bet, called or not",
        pokerkit_leaves_last_round_unraked,
    ),
)
RULES_BY_NAME = {r.name: r for r in RULES}


def find_rule(play: Play, d: Divergence) -> Rule | None:
    for rule in RULES:
        if rule.applies(play, d):
            return rule
    return None


def classify(play: Play, d: Divergence) -> Outcome:
    rule = find_rule(play, d)
    if rule is not None and rule.resume is None:
        return Outcome("filtered", rule.name, tuple(play.resumed))
    return Outcome("difference", detail=d.text(), reproducer=reproducer(play))


def reproducer(play: Play) -> str:
    lines = ["import croupier", play.table.code()]
    for s in play.steps:
        method, amount = s.action
        lines.append(f"hand.{method}({'' if amount is None else amount})  # seat {s.seat}")
    lines.append(
        "print(hand.actor, hand.to_call, hand.can_check, hand.can_raise, hand.min_raise_to,"
        " hand.max_raise_to, hand.stacks, hand.payoffs)"
    )
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------


@dataclass
class Report:
    """Per game: hands compared to the end, filtered per rule, and the differences."""

    compared: Counter[str] = field(default_factory=Counter)
    filtered: dict[str, Counter[str]] = field(default_factory=dict)
    resumed: dict[str, Counter[str]] = field(default_factory=dict)
    differences: dict[str, list[Outcome]] = field(default_factory=dict)

    def add(self, game: str, outcome: Outcome) -> None:
        for name in set(outcome.resumed):
            self.resumed.setdefault(game, Counter())[name] += 1
        if outcome.kind == "compared":
            self.compared[game] += 1
        elif outcome.kind == "filtered":
            self.filtered.setdefault(game, Counter())[outcome.rule] += 1
        else:
            self.differences.setdefault(game, []).append(outcome)

    def hands(self, game: str) -> int:
        return (
            self.compared[game]
            + sum(self.filtered.get(game, Counter()).values())
            + len(self.differences.get(game, []))
        )

    def merge(self, other: Report) -> None:
        self.compared.update(other.compared)
        for mine, theirs in ((self.filtered, other.filtered), (self.resumed, other.resumed)):
            for game, counts in theirs.items():
                mine.setdefault(game, Counter()).update(counts)
        for game, outcomes in other.differences.items():
            self.differences.setdefault(game, []).extend(outcomes)

    def rule_counts(self) -> Counter[str]:
        """Hands per rule (stopped there or passed over), all games."""
        total: Counter[str] = Counter()
        for counts in (*self.filtered.values(), *self.resumed.values()):
            total.update(counts)
        return total

    def text(self, examples: int = 3) -> str:
        out = []
        for game in GAMES:
            if not self.hands(game):
                continue
            out.append(
                f"{game}: {self.hands(game)} hands, {self.compared[game]} compared to the end"
            )
            for name, count in sorted(self.filtered.get(game, Counter()).items()):
                out.append(f"    stopped by {name}: {count}")
            for name, count in sorted(self.resumed.get(game, Counter()).items()):
                out.append(f"    passed over {name}: {count}")
            diffs = self.differences.get(game, [])
            if diffs:
                out.append(f"    UNEXPLAINED DIFFERENCES: {len(diffs)}")
                kinds = Counter(o.detail.split(": croupier")[0] for o in diffs)
                for kind, count in kinds.most_common():
                    out.append(f"      {count} x {kind}")
                for o in diffs[:examples]:
                    out.append("      " + o.detail)
                    out.append("        " + o.reproducer.replace("\n", "\n        "))
        return "\n".join(out)


def hands(game: str, count: int, seed: int = 0) -> Iterator[tuple[Table, random.Random]]:
    """``count`` deterministic random hands of ``game`` (set-up, then the action stream)."""
    for k in range(count):
        rng = random.Random(f"{seed}:{game}:{k}")
        yield random_table(rng, game), rng


def run(count: int, seed: int = 0, games: Sequence[str] = GAMES, jobs: int = 1) -> Report:
    """``count`` hands of each game; ``jobs`` processes share the games out (the
    hands and the report are the same for any number of jobs)."""
    if jobs <= 1 or len(games) <= 1:
        report = Report()
        for game in games:
            for table, rng in hands(game, count, seed):
                report.add(game, play_hand(table, rng))
        return report
    # The slowest games first, so that the processes finish together.
    order = sorted(games, key=lambda g: ("Omaha" not in g, "Hi/Lo" not in g))
    report = Report()
    with _pool(min(jobs, len(games))) as pool:
        for part in pool.map(run, [count] * len(order), [seed] * len(order), [[g] for g in order]):
            report.merge(part)
    return report


def _pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    """Worker processes, started fresh (forking a process with threads, as a
    test session may have, can deadlock)."""
    return concurrent.futures.ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))


def _run_for(minutes: float, seed: int, batch: int = 50) -> Report:
    """Batches of ``batch`` hands of every game, seeds from ``seed`` on, for ``minutes``."""
    report, deadline = Report(), time.monotonic() + 60 * minutes
    while time.monotonic() < deadline:
        report.merge(run(batch, seed))
        seed += 1
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Random hands of every game for ``--minutes`` (or ``--hands`` per game), then
    the counts per game and per rule, and every unexplained difference."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="time budget (default 1)")
    parser.add_argument("--hands", type=int, default=0, help="hands per game instead of a budget")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument("--examples", type=int, default=3, help="reproducers shown per game")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    if args.hands:
        report = run(args.hands, args.seed, jobs=args.jobs)
    else:  # each process its own seeds: 1_000_000 batches apart
        seeds = [(args.seed * 100 + k) * 1_000_000 for k in range(max(1, args.jobs))]
        report = Report()
        with _pool(len(seeds)) as pool:
            for part in pool.map(_run_for, [args.minutes] * len(seeds), seeds):
                report.merge(part)
    total = sum(report.hands(g) for g in GAMES)
    print(f"{total} hands in {time.monotonic() - start:.0f} s (seed {args.seed})")
    print(report.text(args.examples))
    counts = report.rule_counts()
    print("\nrules (hands stopped there or passed over, all games):")
    for rule in RULES:
        print(f"  {counts[rule.name]:7} {rule.name} [{rule.kind}, docs/rules.md {rule.section}]")
        print(f"          {rule.summary}")
    differences = sum(len(v) for v in report.differences.values())
    print(f"\nunexplained differences: {differences}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
