"""A hand in progress: whose turn it is, what they may do, and for how much.

:class:`Hand` is the betting-state machine of docs/rules.md §3 to §6.  It deals the
cards, posts the forced bets, refuses every action the rules do not allow
(:class:`croupier.IllegalAction`, leaving the hand unchanged), runs out the
board when no more betting is possible and settles the pots at showdown with
``croupier.pots``.

Seats are numbered clockwise from the left of the button; the button is the
last seat.  Amounts are "raise to": a player's total in front of them in this
round.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=1)
>>> hand.actor                       # the button acts first pre-flop, three-handed
2
>>> hand.raise_to(6); hand.fold(); hand.call()
>>> hand.street, hand.pot, hand.actor
('flop', 13, 1)
>>> hand.check(); hand.raise_to(10); hand.fold()
>>> hand.is_over, hand.payoffs
(True, (-1, -6, 7))

Draw games (docs/rules.md §5.7): a street with ``draw`` begins with a draw, in
which every player still in, from seat 0 on, discards (``discard``) or stands
pat (``stand_pat``) and is dealt as many cards; betting actions wait for it.

>>> from croupier import DeuceToSevenSingleDraw
>>> hand = DeuceToSevenSingleDraw().start([100, 100], seed=4)
>>> hand.call(); hand.check()
>>> hand.drawing, hand.actor, hand.street
(True, 0, 'draw')
>>> hand.discard(hand.hole(0)[:2]); hand.stand_pat()
>>> hand.drawing, hand.actor
(False, 0)
>>> for event in hand.events[-3:]:
...     print(event)
draw p1 2s5d (street 1)
deal hole p1 9hJd
draw p2 (street 1)
"""

from __future__ import annotations

import os
from collections.abc import Sequence

try:  # the C module behind hashlib.blake2b, without importing hashlib (and OpenSSL)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b
from typing import TYPE_CHECKING, cast

from croupier._shuffle import key_stream, order_by_keys
from croupier._validate import MAX_CHIPS, as_bool, as_int, is_int
from croupier.cards import UNKNOWN, UNKNOWN_TEXT, parse_cards
from croupier.errors import ConcurrentUse, IllegalAction, WrongBringIn
from croupier.events import KINDS, Event, EventKind
from croupier.pots import Pot, Settlement, distribute, settle, side_pots, uncalled
from croupier.structures import FIXED_LIMIT, POT_LIMIT

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol

    from croupier.dealer import Dealer
    from croupier.rake import Rake
    from croupier.structures import Structure
    from croupier.variants import Street, Variant

    class Game(Protocol):
        """What the engine reads of a :class:`croupier.games.Game` (for type checking).

        The engine does not import ``croupier.games``, which imports the engine
        to deal hands (``Game.start``): this keeps the modules in one order.
        """

        @property
        def variant(self) -> Variant: ...
        @property
        def name(self) -> str: ...
        @property
        def structure(self) -> Structure: ...
        @property
        def streets(self) -> tuple[Street, ...]: ...
        @property
        def value(self) -> Callable[[tuple[int, ...], tuple[int, ...]], int]: ...
        @property
        def low_value(self) -> Callable[[tuple[int, ...], tuple[int, ...]], int] | None: ...
        @property
        def bets(self) -> tuple[int, int] | None: ...
        @property
        def cap(self) -> int: ...
        @property
        def min_players(self) -> int: ...
        @property
        def max_players(self) -> int: ...
        @property
        def bring_in(self) -> int: ...
        @property
        def bring_in_key(self) -> Callable[[int], tuple[int, ...]] | None: ...
        @property
        def board_key(self) -> Callable[[tuple[int, ...]], tuple[int, ...]] | None: ...
        @property
        def is_stud(self) -> bool: ...
        @property
        def min_bet(self) -> int: ...
        @property
        def is_draw(self) -> bool: ...
        @property
        def deck(self) -> tuple[int, ...]: ...
        @property
        def rake(self) -> Rake | None: ...
        def forced_bets(self, n: int) -> tuple[list[int], list[int]]: ...
        def unit(self, street: int) -> int: ...


__all__ = ["Hand", "deal_order"]

DECK_SIZE = 52


def deal_order(
    street: Street, seats: Sequence[int], cards_left: int = 52
) -> list[tuple[int | None, int]]:
    """The dealing order of a street: ``(seat, cards)`` for each seat in ``seats``
    (the players still in, from seat 0 on), then ``(None, cards)`` for the board.

    The one dealing order (docs/rules.md §1.5), used by the engine and, through
    :meth:`croupier.games.Game.deals`, by replay: no burn cards; each player
    gets all their cards of the street together.  When the ``cards_left``
    cannot give every player a card (stud, seventh street), one community card
    is dealt instead (§5.4).

    >>> from croupier import Razz
    >>> deal_order(Razz().streets[4], [0, 1, 2], cards_left=2)
    [(None, 1)]
    """
    each: int = street.hole + street.up
    board: int = street.board
    if not each:
        return [(None, board)] if board else []
    if cards_left < each * len(seats):
        return [(None, board + 1)]  # one community card for everyone
    out: list[tuple[int | None, int]] = [(seat, each) for seat in seats]
    if board:
        out.append((None, board))
    return out


class Hand:
    """One hand of a :class:`croupier.games.Game` (create it with ``game.start``).

    A hand belongs to one thread at a time: an action (``fold``, ``raise_to`` …,
    ``discard``) while another thread is inside an action of the same hand is
    refused with :class:`croupier.errors.ConcurrentUse` and changes nothing.
    """

    __slots__ = (
        "_able",
        "_acted",
        "_aggressor",
        "_auto",
        "_best_high",
        "_best_low",
        "_bets",
        "_blind_level",
        "_board",
        "_boards",
        "_bring_in_pending",
        "_bring_in_seat",
        "_busy",
        "_contributed",
        "_dead",
        "_deck",
        "_drawing",
        "_draws",
        "_first_actor",
        "_fixed",
        "_folded",
        "_forced_bring_in",
        "_free",
        "_full_level",
        "_given",
        "_history",
        "_holes",
        "_increment",
        "_last_blind_seat",
        "_live",
        "_lows",
        "_min_bet",
        "_muck",
        "_mucked",
        "_n",
        "_payoffs",
        "_plan",
        "_previous_aggressor",
        "_raises",
        "_received",
        "_reshuffles",
        "_revealed",
        "_run_values",
        "_runs",
        "_seed",
        "_settle_inputs",
        "_settlement",
        "_show_k",
        "_showdown",
        "_showing",
        "_shown_early",
        "_stacks",
        "_starting",
        "_streams",
        "_street",
        "_stud",
        "_taken",
        "_to_match",
        "_unit",
        "_up",
        "_values",
        "_winnings",
        "actor",
        "game",
        "unsettled",
    )

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        bring_in_seat: int | None = None,
        dealer: Dealer | None = None,
        auto_showdown: bool = True,
        runs: int = 1,
    ) -> None:
        self._busy = False  # an action is under way (Hand._claim)
        if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
            raise ValueError(f"stacks must be a sequence of chip counts, got {stacks!r}")
        stacks = list(stacks)
        for i, s in enumerate(stacks):
            if type(s) is not int:
                stacks[i] = as_int(s, f"stack of seat {i}")
        n = len(stacks)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(
                f"{game.name} needs {game.min_players} to {game.max_players} players, got {n}"
            )
        for i, s in enumerate(stacks):
            if s <= 0:
                raise ValueError(f"stack of seat {i} must be a positive int, got {s!r}")
        if sum(stacks) >= MAX_CHIPS:
            raise ValueError(
                "the stacks add up to 10**40 chips or more, beyond what croupier plays "
                "(croupier._validate.MAX_CHIPS: so every hand can be written as PHH)"
            )
        if seed is not None:
            seed = as_int(seed, "seed")
        if bring_in_seat is not None:
            if not game.is_stud:
                raise ValueError(
                    f"bring_in_seat is for stud games: {game.name} has no bring-in, "
                    f"got {bring_in_seat!r}"
                )
            bring_in_seat = as_int(bring_in_seat, "bring_in_seat")
            if not 0 <= bring_in_seat < n:
                raise ValueError(
                    f"bring_in_seat {bring_in_seat} is not a seat of a {n}-handed game"
                )
        if auto_showdown is not True:
            auto_showdown = as_bool(auto_showdown, "auto_showdown")
        self._auto = auto_showdown
        plan: _Plan = _plan(game, n)
        self._plan = plan
        if type(runs) is not int or runs != 1:
            runs = _check_runs(game, runs)
        self._runs = runs
        # Run it N times: the boards of the runs after the first (docs/rules.md §6.11).
        # (Tuples, not lists: a hand that keeps them has no more objects for the
        # garbage collector to follow.)
        self._boards: tuple[list[int], ...] = ()
        self._run_values: tuple[tuple[list[int], list[int] | None], ...] = ()
        self.game = game
        self._n = n
        self._stud = plan[1]
        self._fixed = plan[2]
        self._unit = 0  # the fixed-limit bet of the current street
        draws = plan[3]
        self._draws = draws
        self._min_bet = plan[4]
        self._drawing = False  # a draw is under way: the actor discards or stands pat
        # Draw games: the discards and folded hands a reshuffle may use (seeded
        # decks), how many reshuffles there were, and the seed they are drawn from.
        self._muck: list[int] = []
        self._reshuffles = 0
        self._free = 0  # during a draw: the cards no player still in holds
        self._seed = seed
        # A dealer's cards: each seat's, then the board's (tuples), how many of
        # each are dealt, and what each seat reveals at the end.
        self._streams: tuple[tuple[int, ...], ...] | None = None
        self._taken: list[int] | None = None
        self._revealed: tuple[tuple[int, ...], ...] | None = None
        if dealer is not None:
            if seed is not None or deck is not None:
                raise ValueError("a hand is dealt by a seed, a deck or a dealer, not two of them")
            self._streams, self._revealed = _streams_of(game, n, draws, dealer)
            # (each seat's stream and the board's; not [0] * (n + 1): arithmetic on n
            # would make the compiled n a Python int and every [0] * n slower)
            taken = [0] * n
            taken.append(0)
            self._taken = taken
            self._deck = []
        else:
            self._deck = _make_deck(game, n, plan, seed, deck, runs)
        self._given = deck is not None or dealer is not None
        self._stacks = stacks  # a list of its own (made above)
        self._starting = tuple(stacks)
        self._bets = [0] * n
        self._contributed = [0] * n
        self._dead = [0] * n  # of the contributions: dead money (no one's bet)
        self._folded = [False] * n
        self._holes: list[list[int]] = [[] for _ in range(n)]
        # Up cards (stud); a game without them shares one list of empty tuples.
        self._up: list[list[int]] = [[] for _ in range(n)] if plan[7] else plan[8]
        self._bring_in_seat: int | None = None
        self._bring_in_pending = False
        self._forced_bring_in = bring_in_seat
        self._board: list[int] = []
        # Events as light tuples (kind, seat, street, amount, cards), made into
        # Event values (and PHH actions) only when asked for.
        self._history: list[tuple[object, ...]] = []
        self._live = n  # players who have not folded
        self._able = n  # players who have not folded and have chips behind
        self._payoffs: tuple[int, ...] | None = None
        self._received: tuple[int, ...] | None = None
        self._settlement: Settlement | None = None
        # What settled the hand (contributions, folded, values, lows, dead money,
        # chips given back): ``settlement`` and ``winnings`` are built from it when asked.
        self._settle_inputs: (
            tuple[list[int], list[bool], list[int], list[int] | None, int, list[int]] | None
        ) = None
        self._winnings: tuple[int, ...] | None = None
        self._showdown: tuple[int, ...] = ()
        # Every hand still in was turned up before a run-out (docs/rules.md §6.8).
        self._shown_early = False
        # The showdown (docs/rules.md §6.8): under way and waiting for the actor
        # to show or muck (auto_showdown=False), its next hand (index into the
        # showdown order), the hands' values, the best high and low shown so
        # far, and which hands were mucked.
        self._showing = False
        self._show_k = 0
        self._values: Sequence[int] = ()
        self._lows: list[int] | None = None
        self._best_high = 0
        self._best_low = 0
        self._mucked: list[bool] | None = None
        self.unsettled = False
        self.actor: int | None = None
        self._street = 0
        # The betting round (set by _begin_street): what each seat faced when it
        # last acted (-1: not yet), the amount to match, the last full raise
        # increment, the amount after the last full raise, bets and raises made.
        self._acted: list[int] = []
        self._to_match = 0
        self._increment = 0
        self._full_level = 0
        self._raises = 0
        self._aggressor: int | None = None
        self._previous_aggressor: int | None = None  # of the round before this one
        self._first_actor: int | None = None
        self._last_blind_seat = 0
        self._blind_level = 0
        self._post_forced_bets()
        self._begin_street(first=True)

    # ------------------------------------------------------------------ views

    @property
    def n_players(self) -> int:
        """Number of seats in the hand."""
        return self._n

    @property
    def street(self) -> str:
        """Name of the current street (the last one once the hand is over)."""
        return self.game.streets[self._street].name

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        """Every run's board, the first run's (:attr:`board`) first: one board unless
        the hand ran it more than once (``runs``; docs/rules.md §6.11).

        >>> from croupier import NO_LIMIT, TexasHoldem
        >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=7, runs=2)
        >>> hand.all_in(); hand.call()
        >>> len(hand.boards), hand.boards[0] == hand.board, sum(hand.payoffs)
        (2, True, 0)
        """
        return (tuple(self._board), *[tuple(b) for b in self._boards])

    def _take(self, k: int, count: int) -> list[int]:
        """The next ``count`` cards of a dealer's stream ``k`` (a seat, or ``n``: the
        board), unknown ones once it runs out."""
        streams, taken = self._streams, self._taken
        assert streams is not None and taken is not None
        stream = streams[k]
        p = taken[k]
        taken[k] = p + count
        if p + count <= len(stream):
            return [stream[p + j] for j in range(count)]
        return [stream[p + j] if p + j < len(stream) else UNKNOWN for j in range(count)]

    @property
    def board(self) -> tuple[int, ...]:
        """Community cards dealt so far."""
        return tuple(self._board)

    def hole(self, seat: int) -> tuple[int, ...]:
        """Every card dealt to ``seat``, in dealing order (``-1`` for an unknown card).

        In stud games this includes the up cards (see ``up_cards``).  In draw
        games it is the hand the seat holds now: the cards kept in the order
        dealt, then the replacements (a folded seat: the hand it folded).
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            self._check_seat(seat)
        return tuple(self._holes[seat])

    def up_cards(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat`` that the table sees (stud); empty in flop games."""
        self._check_seat(seat)
        return tuple(self._up[seat])

    @property
    def bring_in_seat(self) -> int | None:
        """The seat that had to bring in (stud), or None."""
        return self._bring_in_seat

    @property
    def bring_in_pending(self) -> bool:
        """True while the bring-in seat must post the bring-in or complete."""
        return self._bring_in_pending

    @property
    def drawing(self) -> bool:
        """True while a draw is under way: the actor must ``discard`` or ``stand_pat``.

        Betting actions are refused until the draw is over (docs/rules.md §5.7).
        """
        return self._drawing

    @property
    def max_discards(self) -> int | None:
        """How many cards the actor may discard now (None when no draw is under way).

        The whole hand, unless the stub and the cards a reshuffle could use
        hold fewer (only at tables larger than the games seat, §5.7).
        """
        if not self._drawing:
            return None
        assert self.actor is not None
        return min(len(self._holes[self.actor]), self._free)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the hand started with."""
        return self._starting

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each player has behind (not yet bet)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each player has in front of them in this round."""
        return tuple(self._bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Everything each player has put in this hand (bets included)."""
        return tuple(self._contributed)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def pot(self) -> int:
        """All chips in the middle: collected pots plus the bets in front of players.

        Zero once the hand is settled (the chips are back in the stacks).
        """
        if self._payoffs is not None:
            return 0
        return sum(self._contributed)

    @property
    def pots(self) -> list[Pot]:
        """The main pot and side pots of the chips put in so far (``croupier.pots``)."""
        return side_pots(self._live_money(), self._folded, dead=sum(self._dead))

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, as :class:`~croupier.events.Event` records.

        Forced bets, deals, betting actions, draws, chips given back, shows,
        mucks and awards, each with its street (an index into
        ``game.streets``); see :mod:`croupier.events`.

        >>> from croupier import NO_LIMIT, TexasHoldem
        >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
        >>> hand.check_or_call(); hand.check()
        >>> [(e.kind.value, e.seat, e.street) for e in hand.events[4:]]
        [('call', 1, 0), ('check', 0, 0), ('deal board', None, 1)]
        """
        events = [
            Event(
                KINDS[entry[0]],  # type: ignore[call-overload]
                entry[1],  # type: ignore[arg-type]
                entry[2],  # type: ignore[arg-type]
                entry[3],  # type: ignore[arg-type]
                () if entry[4] is None else tuple(entry[4]),  # type: ignore[arg-type]
            )
            for entry in self._history
        ]
        received = self._received
        if received is not None and not self.unsettled:
            # The awards close the record; what each seat received is kept anyway.
            award, street = EventKind.AWARD, self._street
            events += [Event(award, i, street, r) for i, r in enumerate(received) if r]
        return tuple(events)

    @property
    def is_over(self) -> bool:
        return self._received is not None

    @property
    def payoffs(self) -> tuple[int, ...] | None:
        """Net chips won (+) or lost (-) by each seat once the hand is over, else None.

        Net of the rake (``hand.rake``): they add up to ``-hand.rake``.
        """
        return self._payoffs

    @property
    def rake(self) -> int:
        """The chips the house took from the pots (``game.rake``, docs/rules.md §6.10):
        0 without a rake, before the end and for an unsettled hand.

        The payoffs and the rake add up to nothing: ``sum(hand.payoffs) == -hand.rake``.
        """
        settlement = self._settlement
        return 0 if settlement is None else sum(settlement.rake)

    @property
    def winnings(self) -> tuple[int, ...] | None:
        """Chips each seat took from the pots once the hand is over, else None.

        Chips given back are not winnings: an uncalled bet, or a layer of the
        pots that only folded players put chips into (``settlement.returned``),
        so a folded seat's winnings are 0.  With a rake, what is left of the
        pots after it.
        """
        if self._winnings is None and self._settle_inputs is not None:
            received = self._received
            assert received is not None  # settled
            returned = self._settle_inputs[5]
            self._winnings = tuple([r - b for r, b in zip(received, returned, strict=True)])
        return self._winnings

    @property
    def settlement(self) -> Settlement | None:
        """How the pots were settled (``croupier.pots.Settlement``) once the hand is over.

        Its seats are the hand's; it settles the chips still in the middle
        at the end (uncalled bets given back when a round ended are not in
        it); dead money (a big-blind ante, dead blinds) is in its main pot,
        not in any seat's contributions.  None before the end and for an
        unsettled hand.  Built on first use, from the showdown's values.
        """
        if self._settlement is None and self._settle_inputs is not None:
            contributions, folded, values, lows, dead, _ = self._settle_inputs
            self._settlement = settle(contributions, folded, values, lows, dead=dead)
        return self._settlement

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """Seats in the order they showed down (docs/rules.md §6.8), empty if no showdown."""
        return self._showdown

    @property
    def to_call(self) -> int:
        """Chips the actor must add to call (at most their stack); 0 when none acts."""
        return self._to_call()

    def _to_call(self) -> int:
        if self.actor is None or self._drawing or self._showing:
            return 0
        i = self.actor
        return min(self._to_match - self._bets[i], self._stacks[i])

    @property
    def can_check(self) -> bool:
        return (
            self.actor is not None
            and not self._bring_in_pending
            and not self._drawing
            and not self._showing
            and self._bets[self.actor] >= self._to_match
        )

    @property
    def can_raise(self) -> bool:
        """Whether the actor may bet or raise now (including all-in for less)."""
        return self._can_raise()

    def _can_raise(self) -> bool:
        i = self.actor
        if i is None or self._drawing or self._showing:
            return False
        if self._stacks[i] + self._bets[i] <= self._to_match:
            return False  # all they can do is call (all-in) or fold
        if self._bring_in_pending and self._stacks[i] <= self.game.bring_in:
            return False  # a short bring-in seat can only post the bring-in (all-in)
        if self._able < 2:
            return False  # nobody left who could call a raise
        if self._fixed and self._raises >= self.game.cap:
            return False
        acted = self._acted[i]
        if acted >= 0:
            # Fixed limit: half a bet re-opens; otherwise a full increment.
            threshold = (self._unit + 1) // 2 if self._fixed else self._increment
            if acted >= self._full_level and self._to_match - acted < threshold:
                return False
        return self._raise_is_answerable(i)  # someone could put a chip into it

    @property
    def min_raise_to(self) -> int | None:
        """Smallest legal "raise to" (all-in for less when that is all the actor has)."""
        i = self.actor
        if i is None or not self._can_raise():
            return None
        return self._min_raise(i)

    @property
    def max_raise_to(self) -> int | None:
        """Largest legal "raise to"."""
        i = self.actor
        if i is None or not self._can_raise():
            return None
        return self._max_raise(i)

    def _min_raise(self, i: int) -> int:
        """The smallest "raise to" of seat ``i`` (the actor, who may raise)."""
        target = self._fixed_limit_target() if self._fixed else self._to_match + self._increment
        return min(target, self._all_in_amount(i))

    def _max_raise(self, i: int) -> int:
        """The largest "raise to" of seat ``i`` (the actor, who may raise)."""
        cap = self._all_in_amount(i)
        structure = self.game.structure
        if structure is FIXED_LIMIT:
            return min(self._fixed_limit_target(), cap)
        if structure is POT_LIMIT:
            # docs/rules.md §4.2: the pot, but never less than the smallest
            # full bet or raise (an opening bet above a small pot).
            call = self._to_match - self._bets[i]
            limit = self._to_match + self.pot + call
            return min(max(limit, self._to_match + self._increment), cap)
        return cap

    # ---------------------------------------------------------------- actions

    def fold(self) -> None:
        self._claim("fold")
        try:
            i = self._require_actor("fold")
            self._refuse_during_bring_in(i, "fold")
            self._folded[i] = True
            self._live -= 1
            if self._stacks[i]:
                self._able -= 1
            if self._draws:
                self._muck.extend(self._holes[i])  # a reshuffle may use the folded hand
            self._acted[i] = self._to_match
            self._history.append(_plain(0, i, self._street))
            self._advance(i)
        finally:
            self._busy = False

    def check(self) -> None:
        self._claim("check")
        try:
            self._check(self._require_actor("check"))
        finally:
            self._busy = False

    def call(self) -> None:
        self._claim("call")
        try:
            self._call_act()
        finally:
            self._busy = False

    def _call_act(self) -> None:
        i = self._require_actor("call")
        if self._bets[i] >= self._to_match:
            raise IllegalAction(f"seat {i} cannot call: nothing to call (check instead)")
        self._call(i)

    def check_or_call(self) -> None:
        """Check when possible, else call."""
        self._claim("check or call")
        try:
            i = self._require_actor("check or call")
            if self._bets[i] >= self._to_match:
                self._check(i)
            else:
                self._call(i)
        finally:
            self._busy = False

    def _check(self, i: int) -> None:
        self._refuse_during_bring_in(i, "check")
        if self._bets[i] < self._to_match:
            raise IllegalAction(f"seat {i} cannot check: {self.to_call} to call")
        self._acted[i] = self._to_match
        self._history.append(_plain(1, i, self._street))
        self._advance(i)

    def _call(self, i: int) -> None:
        self._put(i, min(self._to_match, self._all_in_amount(i)))
        self._acted[i] = self._to_match
        self._history.append((_CALL, i, self._street, self._bets[i], None))
        self._advance(i)

    def raise_to(self, total: int) -> None:
        """Bet or raise so that this round's total in front of the actor is ``total``."""
        self._claim("raise to")
        try:
            self._raise_act(total)
        finally:
            self._busy = False

    def _raise_act(self, total: object) -> None:
        i = self._require_actor("raise")
        if type(total) is not int:
            if not is_int(total):
                raise IllegalAction(f"raise amount must be an int, got {total!r}")
            total = as_int(total, "raise amount")
        if not self._can_raise():
            raise IllegalAction(f"seat {i} may not raise now")
        lo, hi = self._min_raise(i), self._max_raise(i)
        if not lo <= total <= hi:
            raise IllegalAction(f"seat {i} may raise to {lo}..{hi}, not {total}")
        previous = self._to_match
        increment = total - previous
        full = self._is_full_raise(total, increment)
        self._bring_in_pending = False
        self._put(i, total)
        self._to_match = total
        if full:
            if not self._fixed:
                self._increment = increment
            self._full_level = total
            self._raises += 1
        self._acted[i] = total
        self._aggressor = i
        self._history.append((_BET_RAISE, i, self._street, total, None))
        self._advance(i)

    def bring_in(self) -> None:
        """Stud, third street: the bring-in seat posts the bring-in (all-in if short)."""
        self._claim("bring in")
        try:
            self._bring_in_act()
        finally:
            self._busy = False

    def _bring_in_act(self) -> None:
        i = self._require_actor("bring in")
        if not self._bring_in_pending:
            raise IllegalAction(f"seat {i} cannot bring in: no bring-in is due")
        self._put(i, min(self.game.bring_in, self._all_in_amount(i)))
        # Like a short big blind, a short bring-in still sets the full amount.
        self._to_match = max(self.game.bring_in, self._bets[i])
        self._bring_in_pending = False
        self._acted[i] = self._to_match
        self._history.append((_BRING_IN, i, self._street, self._bets[i], None))
        self._advance(i)

    def complete(self) -> None:
        """Stud, third street: raise the bring-in to a full small bet.

        A bring-in seat with no more chips than the bring-in posts the
        bring-in instead (it cannot complete); one with less than the small
        bet completes all-in for less, which counts as the full completion
        when it is at least half the small bet (docs/rules.md §3, §4).
        """
        self._claim("complete")
        try:
            i = self._require_actor("complete")
            if self._raises or not self._stud or self._street != 0:
                raise IllegalAction(f"seat {i} cannot complete: there is no bring-in to complete")
            everything = self._all_in_amount(i)
            if self._bring_in_pending and everything <= self.game.bring_in:
                self._bring_in_act()  # all they have is no more than the bring-in
                return
            self._raise_act(min(self.game.unit(0), everything))
        finally:
            self._busy = False

    def all_in(self) -> None:
        """Put every chip in: a raise when allowed, else a call for what the actor has.

        A stud bring-in seat with no more chips than the bring-in posts the
        bring-in (all-in): it cannot complete.
        """
        self._claim("all in")
        try:
            i = self._require_actor("go all-in")
            amount = self._all_in_amount(i)
            if self._bring_in_pending and amount <= self.game.bring_in:
                self._bring_in_act()
                return
            if amount <= self._to_match:
                self._call_act()  # calling takes every chip
                return
            if not self.can_raise:
                raise IllegalAction(f"seat {i} may not raise now, so cannot go all-in for {amount}")
            hi = self.max_raise_to
            assert hi is not None
            if amount > hi:
                raise IllegalAction(f"seat {i} cannot go all-in for {amount}: the limit is {hi}")
            self._raise_act(amount)
        finally:
            self._busy = False

    def discard(self, cards: object) -> None:
        """Draw: throw away ``cards`` and be dealt as many from the stub (docs/rules.md §5.7).

        ``cards`` are cards the actor holds: text (``"Kh 7c"``; ``??`` for a
        card unknown to a hand history) or a sequence of codes (``-1``,
        :data:`croupier.cards.UNKNOWN`: an unknown card).  Discarding nothing is standing pat.
        Anything else, or a discard when no draw is under way, raises
        :class:`~croupier.errors.IllegalAction` and changes nothing.

        >>> from croupier import Badugi, format_cards
        >>> hand = Badugi().start([20, 20], seed=9)
        >>> hand.call(); hand.check()
        >>> hand.discard(format_cards(hand.hole(0)[:1]))
        >>> len(hand.hole(0)), [str(event) for event in hand.events[-2:]]
        (4, ['draw p1 3c (street 1)', 'deal hole p1 5c'])
        """
        self._claim("discard")
        try:
            i = self._require_drawer("discard")
            discards = self._discards_of(i, cards)
            self._draw(i, discards)
        finally:
            self._busy = False

    def stand_pat(self) -> None:
        """Draw: keep every card (a ``DRAW`` event without cards; ``pN sd`` in PHH).

        >>> from croupier import DeuceToSevenTripleDraw
        >>> hand = DeuceToSevenTripleDraw().start([20, 20], seed=9)
        >>> hand.call(); hand.check(); hand.stand_pat()
        >>> str(hand.events[-1]), hand.actor
        ('draw p1 (street 1)', 1)
        """
        self._claim("stand pat")
        try:
            i = self._require_drawer("stand pat")
            self._draw(i, [])
        finally:
            self._busy = False

    @property
    def showing(self) -> bool:
        """Whether the showdown waits for the actor to show or muck (``auto_showdown=False``).

        docs/rules.md §6.8 (seed 003): the first hand of the showdown order is
        shown; each next hand that beats or ties the best hand shown so far
        (either half, in the hi/lo games) is shown too; any other hand's
        player chooses, :meth:`show` or :meth:`muck`.  A mucked hand cannot
        win.

        >>> from croupier import Razz, parse_cards
        >>> from croupier.dealer import Dealer
        >>> class Cards(Dealer):   # seat 1 is short: all in on fifth street
        ...     def cards(self, seat):
        ...         return parse_cards({0: "9c Kc 7c 5c 3c Qc 2c", 1: "6d Kd 4d 3d 2d Qd Ad",
        ...                             2: "8h Jh 7h 4h Ah Js 2h", None: ""}[seat])
        >>> hand = Razz(antes=1, bring_in=2, bets=(4, 8)).start(
        ...     [200, 10, 200], dealer=Cards(), auto_showdown=False)
        >>> while not hand.showing:   # seat 0 bets every street, the others call
        ...     if hand.bring_in_pending: hand.bring_in()
        ...     elif hand.actor == 0 and hand.can_check and hand.can_raise:
        ...         hand.raise_to(hand.min_raise_to)
        ...     else: hand.check_or_call()
        >>> hand.actor, [str(e) for e in hand.events if e.kind == "show"]
        (2, ['show p1 9cKc7c5c3cQc2c (street 4)', 'show p2 6dKd4d3d2dQdAd (street 4)'])
        >>> hand.muck()      # its 8-low loses to seat 1's 6-low shown: it may muck...
        >>> hand.payoffs     # ...and so loses the side pot it would win from seat 0's 9
        (11, 20, -31)
        """
        return self._showing

    def show(self) -> None:
        """Showdown: the actor turns their hand face up (a ``SHOW`` event; see :attr:`showing`)."""
        self._claim("show")
        try:
            i = self._require_shower("show")
            self._open_hand(i)
            self._show_k += 1
            self._walk_showdown()
        finally:
            self._busy = False

    def muck(self) -> None:
        """Showdown: the actor throws their hand away unshown; it cannot win (a ``MUCK``
        event; see :attr:`showing`)."""
        self._claim("muck")
        try:
            i = self._require_shower("muck")
            if self._mucked is None:
                self._mucked = [False] * self._n
            self._mucked[i] = True
            self._history.append(_plain(2, i, self._street))
            self._show_k += 1
            self._walk_showdown()
        finally:
            self._busy = False

    # ------------------------------------------------------------- internals

    def _require_shower(self, what: str) -> int:
        if not self._showing:
            raise IllegalAction(
                f"nobody can {what}: the hand is over"
                if self.is_over
                else f"nobody can {what} now: no showdown is waiting for a decision"
            )
        return self.actor  # type: ignore[return-value]

    def _claim(self, what: str) -> None:
        """An action begins: the hand is busy until it ends (``finally``).

        Another thread inside an action of this hand: :class:`ConcurrentUse`, and
        nothing changes.  Compiled, the check and the claim are two C statements
        in a row (no Python code, so no switch of threads, runs between them).
        """
        if self._busy:
            raise ConcurrentUse(f"the hand is in use by another thread ({what} refused)")
        self._busy = True

    def _check_seat(self, seat: int) -> None:
        if not is_int(seat) or not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} in a {self._n}-handed game")

    def _raise_is_answerable(self, i: int) -> bool:
        """Whether another player still in could put in more than the amount to match.

        docs/rules.md §4.1: a raise that no opponent could call any part of
        would only come back uncalled, so it is not offered.
        """
        to_match, bets, stacks, folded = self._to_match, self._bets, self._stacks, self._folded
        for j in range(self._n):
            if j != i and not folded[j] and stacks[j] and bets[j] + stacks[j] > to_match:
                return True
        return False

    def _require_actor(self, what: str) -> int:
        if self.actor is None:
            raise IllegalAction(
                f"nobody can {what}: the hand is over" if self.is_over else f"nobody can {what} now"
            )
        if self._drawing:
            raise IllegalAction(
                f"seat {self.actor} cannot {what} now: it must discard or stand pat (the draw)"
            )
        if self._showing:
            raise IllegalAction(
                f"seat {self.actor} cannot {what} now: it must show or muck (the showdown)"
            )
        return self.actor

    def _require_drawer(self, what: str) -> int:
        if self.actor is None:
            raise IllegalAction(
                f"nobody can {what}: the hand is over" if self.is_over else f"nobody can {what} now"
            )
        if self._showing:
            raise IllegalAction(
                f"seat {self.actor} cannot {what} now: it must show or muck (the showdown)"
            )
        if not self._drawing:
            raise IllegalAction(f"seat {self.actor} cannot {what}: no draw now, it must bet")
        return self.actor

    def _discards_of(self, i: int, cards: object) -> list[int]:
        """The codes of the cards seat ``i`` discards, checked (IllegalAction, nothing changed)."""
        if type(cards) is list or type(cards) is tuple:
            codes = list(cards)
        elif isinstance(cards, str):
            codes = _parse_discards(cards)
        else:
            if isinstance(cards, (bytes, dict, set, frozenset)) or not hasattr(cards, "__iter__"):
                raise IllegalAction(
                    f"seat {i} discards cards: text or a sequence of card codes, got {cards!r}"
                )
            codes = list(cards)
        hole = self._holes[i]
        unknown = 0
        seen = 0  # a bit per card code
        for k in range(len(codes)):
            c = codes[k]
            if type(c) is not int or c < 0 or c >= DECK_SIZE:
                c = codes[k] = _discard_code(c)
                if c == UNKNOWN:
                    unknown += 1
                    continue
            bit = 1 << c
            if seen & bit:
                raise IllegalAction(f"seat {i} cannot discard {_text(c)} twice")
            seen |= bit
            if c not in hole:
                raise IllegalAction(f"seat {i} cannot discard {_text(c)}: it does not hold it")
        if unknown and unknown > hole.count(UNKNOWN):
            raise IllegalAction(
                f"seat {i} cannot discard {unknown} unknown cards: it holds {hole.count(UNKNOWN)}"
            )
        free = self._free
        if len(codes) > free:
            raise IllegalAction(
                f"seat {i} cannot draw {len(codes)} cards: the stub and the discards "
                f"hold {free} (docs/rules.md §5.7)"
            )
        if self._given:
            self._check_given_deal(i, codes)
        return codes

    def _free_cards(self) -> int:
        """Cards no player still in holds: what a draw can be served from (§5.7)."""
        held = 0
        folded, holes = self._folded, self._holes
        for j in range(self._n):
            if not folded[j]:
                held += len(holes[j])
        return len(self.game.deck) - held

    def _check_given_deal(self, i: int, discards: list[int]) -> None:
        """A given deck's (or dealer's) next cards may not be held, or be ``discards`` (§5.7)."""
        deck, k = self._deck, len(discards)
        if self._streams is not None:
            coming: Sequence[int] = self._streams[i][self._taken[i] : self._taken[i] + k]  # type: ignore[index]
        else:
            coming = [deck[-1 - m] for m in range(min(k, len(deck)))]
        taken = set(discards)
        for j in range(self._n):
            if not self._folded[j]:
                taken.update(self._holes[j])
        for m, c in enumerate(coming):
            if c == UNKNOWN:
                continue
            if c in discards:
                raise IllegalAction(
                    f"the deck deals {_text(c)} back to seat {i}, which has just discarded it"
                )
            if c in taken or c in coming[:m]:
                holder = next(
                    (j for j in range(self._n) if not self._folded[j] and c in self._holes[j]),
                    i,
                )
                raise IllegalAction(
                    f"the deck deals {_text(c)} to seat {i}, but seat {holder} holds it"
                )

    def _draw(self, i: int, discards: list[int]) -> None:
        """Seat ``i`` throws ``discards`` away and is dealt as many (checked already)."""
        k = len(discards)
        self._history.append((_DRAW, i, self._street, None, discards))
        if k:
            hole = self._holes[i]
            for c in discards:
                hole.remove(c)
            deck = self._deck
            if self._streams is not None:
                new = self._take(i, k)
            elif self._given:
                new = [deck.pop() if deck else UNKNOWN for _ in range(k)]
            else:
                if len(deck) < k:
                    # The stub cannot serve the draw: it is shuffled with the muck
                    # (not the cards just thrown) into a new stub (§5.7).
                    deck.extend(self._muck)
                    self._deck = deck = _reshuffled(self._seed, self._reshuffles, deck)
                    self._reshuffles += 1
                    self._muck = []
                new = deck[-k:]
                del deck[-k:]
                new.reverse()
                self._muck.extend(discards)
            hole.extend(new)
            self._history.append((_DEAL_HOLE, i, self._street, None, new))
        self._next_drawer(i + 1)

    def _start_draw(self) -> None:
        self._drawing = True
        # No one folds during a draw and every hand keeps its size: the cards a
        # draw can be served from are counted once.
        self._free = self._free_cards()
        self._next_drawer(0)

    def _next_drawer(self, start: int) -> None:
        """The next seat from ``start`` on (seat order) still in draws; none left: betting."""
        folded = self._folded
        for j in range(start, self._n):
            if not folded[j]:
                self.actor = j
                return
        self._drawing = False
        self._begin_betting(False)

    def _all_in_amount(self, i: int) -> int:
        return self._bets[i] + self._stacks[i]

    def _put(self, i: int, total: int) -> None:
        """Move chips from seat i's stack so that its bet becomes ``total``."""
        add = total - self._bets[i]
        self._stacks[i] -= add
        self._bets[i] = total
        self._contributed[i] += add
        if add and not self._stacks[i]:
            self._able -= 1

    def _refuse_during_bring_in(self, i: int, what: str) -> None:
        if self._bring_in_pending:
            raise IllegalAction(f"seat {i} cannot {what}: post the bring-in or complete first")

    def _fixed_limit_target(self) -> int:
        """The one legal fixed-limit "raise to": a full bet, or completing one.

        Before any full bet in the round (only a bring-in, or an all-in for
        less than half a bet) the next bet completes to one unit; afterwards
        each raise adds one unit.
        """
        return self._unit if self._raises == 0 else self._to_match + self._unit

    def _is_full_raise(self, total: int, increment: int) -> bool:
        if self._fixed:
            if total >= self._fixed_limit_target():
                return True  # a full bet or raise (completing a bring-in included)
            return 2 * increment >= self._unit  # docs/rules.md §4.3: half a unit re-opens
        return increment >= self._increment

    def _post_forced_bets(self) -> None:
        planned = self._plan[6]
        if planned[0] is None or planned[1] is None:
            found = self.game.forced_bets(self._n)  # raises the game's error
            antes, blinds = tuple(found[0]), tuple(found[1])
        else:
            antes, blinds = planned[0], planned[1]
        # Antes that every player posts alike are layered like bets (a player
        # all-in for less wins only what they matched); a big-blind ante, other
        # unequal antes and dead blinds are dead money in the main pot.
        layered = len(set(antes)) == 1
        for seat, amount in enumerate(antes):
            if amount:
                self._post_ante(seat, amount, dead=not layered, kind=_ANTE)
        for seat, amount in enumerate(blinds):
            if amount > 0:
                paid = min(amount, self._stacks[seat])
                self._put(seat, paid)
                self._history.append((_BLIND, seat, 0, paid, None))
            elif amount < 0:
                self._post_ante(seat, -amount, dead=True, kind=_DEAD_BLIND)  # a dead blind
        # The largest live blind (the big blind or a straddle) is the opening bet
        # pre-flop, at its full amount even when posted all-in for less; the
        # player to its left acts first.
        live = [(amount, seat) for seat, amount in enumerate(blinds) if amount > 0]
        if live:
            self._blind_level, self._last_blind_seat = max(live)
        else:
            self._blind_level, self._last_blind_seat = 0, self._n - 1

    def _post_ante(self, seat: int, amount: int, dead: bool, kind: int) -> None:
        paid = min(amount, self._stacks[seat])
        self._history.append((kind, seat, 0, paid, None))
        self._stacks[seat] -= paid
        self._contributed[seat] += paid
        if dead:
            self._dead[seat] += paid
        if paid and not self._stacks[seat]:
            self._able -= 1

    def _begin_street(self, first: bool = False) -> None:
        game = self.game
        if self._fixed:
            self._unit = game.unit(self._street)
        street = game.streets[self._street]
        self._deal(street)
        if street.draw:
            self._start_draw()  # the betting begins once everyone has drawn
        else:
            self._begin_betting(first)

    def _begin_betting(self, first: bool) -> None:
        n = self._n
        self._acted = [-1] * n
        self._raises = 0
        self._previous_aggressor = self._aggressor
        self._aggressor = None
        if self._stud:
            self._to_match = 0
            self._increment = self._min_bet
            self._full_level = 0
            start = self._bring_in_start() if first else self._best_board_seat()
        elif first:
            # Pre-flop the big blind (or the largest straddle) is the opening bet,
            # at its full amount even when posted all-in for less.
            self._to_match = max(self._blind_level, max(self._bets))
            self._increment = max(self._min_bet, self._blind_level)
            self._full_level = self._to_match
            self._raises = 1 if self._blind_level else 0
            start = (self._last_blind_seat + 1) % n
        else:
            self._to_match = 0
            self._increment = self._min_bet
            self._full_level = 0
            start = 0
        self.actor = self._find_actor(start)
        self._first_actor = self.actor
        if self.actor is None:
            self._end_street()

    def _deal(self, street: Street) -> None:
        deck = self._deck
        streams = self._streams
        left = len(deck) if streams is None else DECK_SIZE
        seats: list[int] = []
        if street.hole or street.up:  # the players still in get cards
            seats = [i for i in range(self._n) if not self._folded[i]]
            if streams is not None and self._stud:  # the cards left (seventh street)
                left = len(self.game.deck) - len(self._board)
                for hole in self._holes:
                    left -= len(hole)
        for seat, count in deal_order(street, seats, left):
            if streams is not None:
                cards = self._take(self._n if seat is None else seat, count)
            else:
                cards = [deck.pop() for _ in range(count)]
            if seat is None:
                self._board.extend(cards)
                self._history.append((_DEAL_BOARD, None, self._street, None, cards))
            else:
                self._holes[seat].extend(cards)
                if street.up:
                    self._up[seat].extend(cards[street.hole :])
                self._history.append((_DEAL_HOLE, seat, self._street, None, cards))

    def _bring_in_start(self) -> int:
        """Stud third street: the seat whose up card must bring in acts first."""
        key = self.game.bring_in_key
        assert key is not None
        # A player all-in on the ante cannot bring in: the next card in the
        # bring-in order among those with chips does.
        live = [i for i in range(self._n) if not self._folded[i] and self._up[i]]
        with_chips = [i for i in live if self._stacks[i] > 0]
        if with_chips:
            live = with_chips
        if any(self._up[i][-1] == UNKNOWN for i in live):
            # Unknown up cards (a hand history): the history says who brought in.
            if self._forced_bring_in is None:
                raise ValueError("the bring-in depends on unknown up cards: give bring_in_seat")
            seat = self._forced_bring_in
            if seat not in live:
                raise ValueError(
                    f"bring_in_seat {seat} cannot bring in: it is all-in on the ante "
                    "and another player has chips"
                )
        else:
            seat = max(live, key=lambda i: key(self._up[i][-1]))
            if self._forced_bring_in not in (None, seat):
                raise WrongBringIn(
                    f"seat {seat} brings in by the rules, not {self._forced_bring_in}"
                )
        self._bring_in_seat = seat
        self._bring_in_pending = self._stacks[seat] > 0
        return seat

    def _best_board_seat(self) -> int:
        """From fourth street: the best exposed board acts first; ties to the lowest seat."""
        key = self.game.board_key
        assert key is not None
        best_seat, best = 0, None
        for i in range(self._n):
            if self._folded[i]:
                continue
            k = key(tuple(self._up[i]))
            if best is None or k > best:
                best_seat, best = i, k
        return best_seat

    def _find_actor(self, start: int) -> int | None:
        """The first seat from ``start`` on (clockwise) that must act, or None.

        A player acts when behind the amount to match, or when they have not
        acted in this round and someone else could still answer a bet.
        """
        n = self._n
        folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
        to_match = self._to_match
        others_can_bet = self._able > 1
        for k in range(n):
            i = start + k
            if i >= n:
                i -= n
            if folded[i] or not stacks[i]:
                continue
            if bets[i] < to_match or (acted[i] < 0 and others_can_bet):
                return i
        return None

    def _advance(self, last: int) -> None:
        if self._live == 1:
            self.actor = None
            self._return_uncalled()
            self._settle(showdown=False)
            return
        self.actor = self._find_actor(last + 1)
        if self.actor is None:
            self._end_street()

    def _return_uncalled(self) -> None:
        """The part of this round's largest bet that nobody matched goes back (§5.5)."""
        if not self._to_match:
            return  # nobody bet this round
        back = uncalled(self._bets)
        if back is not None:
            top, excess = back
            if not self._stacks[top] and not self._folded[top]:
                self._able += 1
            self._bets[top] -= excess
            self._stacks[top] += excess
            self._contributed[top] -= excess
            self._history.append((_RETURN, top, self._street, excess, None))

    def _end_street(self) -> None:
        self._return_uncalled()
        self._bets = [0] * self._n
        last_street = self._street == len(self.game.streets) - 1
        able = self._able
        if last_street:
            self._settle(showdown=True)
            return
        if able <= 1:
            # No more betting possible: run the board out, then show down.  No
            # one acts in the rounds dealt now (the showdown order knows it).
            # Draw games: the players still in draw, then this comes back here.
            if not self._draws and not self._shown_early:
                self._show_before_run_out()
            start, shared = self._street, len(self._board)
            while self._street < len(self.game.streets) - 1:
                self._street += 1
                street = self.game.streets[self._street]
                self._deal(street)
                self._aggressor = self._previous_aggressor = self._first_actor = None
                if street.draw:
                    if self._fixed:
                        self._unit = self.game.unit(self._street)
                    self._start_draw()
                    return
            if self._runs > 1 and len(self._board) > shared and self._live > 1:
                self._run_again(start, shared)
            self._settle(showdown=True)
            return
        self._street += 1
        self._begin_street()

    def _run_again(self, start: int, shared: int) -> None:
        """Run it N times (docs/rules.md §6.11): the board after the last betting round
        (street ``start``) is dealt again for each run after the first, from the
        same deck; the cards already out (``shared``) are every run's."""
        streets = self.game.streets
        deck = self._deck
        last = self._street
        for run in range(2, self._runs + 1):
            self._history.append((_RUN, None, last, run, None))
            board = self._board[:shared]
            for k in range(start + 1, last + 1):
                count = streets[k].board
                if count:
                    if self._streams is not None:
                        cards = self._take(self._n, count)
                    else:
                        cards = [deck.pop() if deck else UNKNOWN for _ in range(count)]
                    board.extend(cards)
                    self._history.append((_DEAL_BOARD, None, k, None, cards))
            self._boards += (board,)

    def _show_before_run_out(self) -> None:
        """Seed 001 (docs/rules.md §6.8): when nobody can bet any more and cards are
        still to come, every hand still in is turned face up before they are dealt,
        lowest seat first (the showdown order when nobody can act in the final
        round).  Not in the draw games
        (the players still choose their discards), nor with an unknown card (a
        hand history's ``??``: the file's own show lines speak)."""
        live = [i for i in range(self._n) if not self._folded[i]]
        if self._revealed is not None:
            self._reveal(live)
        for i in live:
            if UNKNOWN in self._holes[i]:
                return
        street = self._street
        for i in live:
            self._history.append((_SHOW, i, street, None, list(self._holes[i])))
        self._shown_early = True

    def _reveal(self, live: list[int]) -> None:
        """The dealer's revealed cards fill the unknown cards of the hands still in
        (a hand history's ``??`` that the player shows at the end)."""
        revealed = self._revealed
        assert revealed is not None
        for i in live:
            hole = self._holes[i]
            if UNKNOWN not in hole or not revealed[i]:
                continue
            rest = [c for c in revealed[i] if c != UNKNOWN and c not in hole]
            for k in range(len(hole)):
                if hole[k] == UNKNOWN and rest:
                    hole[k] = rest.pop(0)

    def _settle(self, showdown: bool) -> None:
        self.actor = None
        n = self._n
        values = [0] * n
        lows: list[int] | None = None
        if showdown:
            live = [i for i in range(n) if not self._folded[i]]
            self._showdown = self._showdown_order(live)
            if self._revealed is not None:
                self._reveal(live)
            board = tuple(self._board)
            unknown = UNKNOWN in board
            for i in live:
                if UNKNOWN in self._holes[i]:
                    unknown = True
            for other in self._boards:
                if UNKNOWN in other:
                    unknown = True
            if unknown:
                self.unsettled = True
                self._received = tuple(self._contributed)
                self._payoffs = None
                return
            for i in live:
                values[i] = self.game.value(tuple(self._holes[i]), board)
            if self.game.low_value is not None:
                lows = [0] * n
                for i in live:
                    lows[i] = self.game.low_value(tuple(self._holes[i]), board)
            self._values, self._lows = values, lows
            for other in self._boards:
                run_board = tuple(other)
                run_values = [0] * n
                run_lows: list[int] | None = None
                for i in live:
                    run_values[i] = self.game.value(tuple(self._holes[i]), run_board)
                if lows is not None:
                    run_lows = [0] * n
                    for i in live:
                        run_lows[i] = self.game.low_value(tuple(self._holes[i]), run_board)  # type: ignore[misc]
                self._run_values += ((run_values, run_lows),)
            if not self._auto and not self._shown_early:
                self._walk_showdown()
                return
        self._award()

    def _walk_showdown(self) -> None:
        """``auto_showdown=False``: open the hands in showdown order until one needs its
        player's decision (the actor), else award the pots."""
        order = self._showdown
        k = self._show_k
        while k < len(order):
            i = order[k]
            if k and not self._beats_best(i):
                self._show_k = k
                self._showing = True
                self.actor = i
                return
            self._open_hand(i)
            k += 1
        self._show_k = k
        self._showing = False
        self.actor = None
        self._award()

    def _beats_best(self, i: int) -> bool:
        """Seed 003: whether seat ``i``'s hand beats or ties the best shown so far (the
        high, or a qualifying low in the hi/lo games)."""
        if self._values[i] >= self._best_high:
            return True
        lows = self._lows
        return lows is not None and lows[i] > 0 and lows[i] >= self._best_low

    def _open_hand(self, i: int) -> None:
        self._history.append((_SHOW, i, self._street, None, list(self._holes[i])))
        if self._values[i] > self._best_high:
            self._best_high = self._values[i]
        lows = self._lows
        if lows is not None and lows[i] > self._best_low:
            self._best_low = lows[i]

    def _award(self) -> None:
        """The pots to the best hands still in (not folded, not mucked), and, when the
        engine shows down by itself, who showed and who mucked."""
        n = self._n
        values: list[int] = self._values  # type: ignore[assignment]  # () before a showdown
        lows = self._lows
        if not values:
            values = [0] * n  # no showdown: the last player in takes it all
        folded = self._folded
        mucked = self._mucked
        if mucked is not None:
            # A mucked hand keeps its place in the pots (they were made when the
            # betting ended) but cannot win: it is worse than every other hand.
            values = [0 if mucked[i] else values[i] + 1 for i in range(n)]
            if lows is not None:
                lows = [0 if mucked[i] else lows[i] for i in range(n)]
        money, dead = self._live_money(), sum(self._dead)
        received, returned = distribute(money, folded, values, lows, dead=dead)
        # The flags no longer change: the list itself is kept.
        self._settle_inputs = (money, folded, values, lows, dead, returned)
        if self._auto and not self._shown_early:
            for k, i in enumerate(self._showdown):
                # The first player shows, and every hand that beats or ties the
                # best shown (seed 003); any other is mucked unless it wins a
                # pot or a share (docs/rules.md §6.8: cards speak).
                if k == 0 or self._beats_best(i) or received[i] > returned[i]:
                    self._open_hand(i)
                else:
                    self._history.append(_plain(2, i, self._street))
        rake = self.game.rake
        if self._run_values:
            received = self._split_runs(money, folded, values, lows, dead, returned, rake)
        elif rake is not None:
            # docs/rules.md §6.10: the house takes its part of each pot before it
            # is awarded (who won, and so who showed, is as without it).
            self._settlement = rake.settle(
                money, folded, values, lows, dead=dead, street=self._street
            )
            received = list(self._settlement.payouts)
        if rake is not None:
            assert self._settlement is not None
            taken = sum(self._settlement.rake)
            if taken:
                self._history.append((_RAKE, None, self._street, taken, None))
        self._received = tuple(received)
        contributed, stacks = self._contributed, self._stacks
        self._payoffs = tuple([received[i] - contributed[i] for i in range(n)])
        for i in range(n):
            stacks[i] += received[i]

    def _split_runs(
        self,
        money: list[int],
        folded: list[bool],
        values: list[int],
        lows: list[int] | None,
        dead: int,
        returned: list[int],
        rake: Rake | None,
    ) -> list[int]:
        """Run it N times (docs/rules.md §6.11): each pot is cut into N equal parts, the
        odd chips to the first run's part, and each part is awarded on its run's
        board like a pot of its own.  Builds the settlement; returns what each
        seat receives.  (The runs follow the all-in show of §6.8, so no hand
        was mucked.)  A rake (§6.10) is taken from each pot before it is cut."""
        n = self._n
        runs = [(values, lows), *self._run_values]
        count = len(runs)
        received = list(returned)
        pots = side_pots(money, folded, dead=dead)
        shares: list[tuple[int, ...]] = []
        raked: list[int] = []
        zero = [0] * n
        for pot in pots:
            outside = [i not in pot.eligible for i in range(n)]
            amount = pot.amount
            if rake is not None:
                raked.append(rake.of(amount) if rake.applies(self._street) else 0)
                amount -= raked[-1]
            part, odd = divmod(amount, count)
            row = [0] * n
            for r, (run_values, run_lows) in enumerate(runs):
                chips = part + odd if r == 0 else part
                if chips:
                    got = distribute(zero, outside, run_values, run_lows, dead=chips)[0]
                    for i in range(n):
                        row[i] += got[i]
            shares.append(tuple(row))
            for i in range(n):
                received[i] += row[i]
        contributed = self._contributed
        self._settlement = Settlement(
            pots,
            uncalled(money),
            returned,
            received,
            shares,
            [received[i] - contributed[i] for i in range(n)],
            raked,
        )
        return received

    def _live_money(self) -> list[int]:
        """Each seat's contribution less its dead money (what the pots layer)."""
        contributed, dead = self._contributed, self._dead
        return [contributed[i] - dead[i] for i in range(self._n)]

    def _showdown_order(self, live: list[int]) -> tuple[int, ...]:
        """docs/rules.md §6.8: who shows first, then clockwise.

        The last player to bet or raise in the final round; with no bet then,
        in stud games the last to bet or raise in the round before (seed 003:
        sixth street), else the first to act in the final round.  If that
        player folded, or nobody could act in the final round (the cards
        were run out), the lowest seat still in.
        """
        first = self._aggressor
        if first is None and self._first_actor is not None:
            if self._stud:
                first = self._previous_aggressor
            if first is None:
                first = self._first_actor
        if first is None or self._folded[first]:
            first = live[0]
        n = self._n
        order = []
        for k in range(n):
            i = (first + k) % n
            if not self._folded[i]:
                order.append(i)
        return tuple(order)


# The engine records each event's kind as its code (croupier.events.KINDS).
_ANTE, _BLIND, _DEAD_BLIND = EventKind.ANTE.code, EventKind.BLIND.code, EventKind.DEAD_BLIND.code
_DEAL_HOLE, _DEAL_BOARD = EventKind.DEAL_HOLE.code, EventKind.DEAL_BOARD.code
_FOLD, _CHECK, _CALL = EventKind.FOLD.code, EventKind.CHECK.code, EventKind.CALL.code
_BET_RAISE, _BRING_IN, _DRAW = (
    EventKind.BET_RAISE.code,
    EventKind.BRING_IN.code,
    EventKind.DRAW.code,
)
_RETURN, _SHOW = EventKind.RETURN.code, EventKind.SHOW.code
_RUN = EventKind.RUN.code
_MUCK = EventKind.MUCK.code
_RAKE = EventKind.RAKE.code
# Events without an amount or cards (fold, check, muck) are the same tuple each
# time for a seat and street: made once here, so recording one allocates nothing
# (fewer objects for the garbage collector: replay keeps whole hands).
_PLAIN_KINDS = (_FOLD, _CHECK, _MUCK)  # ``which`` of _plain: 0, 1, 2
_PLAIN: list[tuple[int, int, int, None, None]] = [
    (kind, seat, street, None, None)
    for kind in _PLAIN_KINDS
    for street in range(8)
    for seat in range(32)
]


def _plain(which: int, seat: int, street: int) -> tuple[int, int, int, None, None]:
    """The record (kind, seat, street, None, None) of a fold (``which`` 0), check (1) or
    muck (2), shared for the first 32 seats and 8 streets."""
    if seat < 32 and street < 8:
        return _PLAIN[(which * 8 + street) * 32 + seat]
    return (_PLAIN_KINDS[which], seat, street, None, None)


def _text(card: int) -> str:
    return "??" if card == UNKNOWN else "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def _discard_code(card: object) -> int:
    """One discarded card given as a number: a code 0..51, or ``-1`` (unknown)."""
    if is_int(card):
        code = as_int(card, "card")
        if -1 <= code < DECK_SIZE:
            return code
    raise IllegalAction(f"a discarded card must be a card code 0..51 (or -1), got {card!r}")


def _parse_discards(text: str) -> list[int]:
    """Discards written as text; ``??`` is an unknown card (a hand history)."""
    codes: list[int] = []
    for chunk in text.replace(",", " ").split():
        rest = chunk
        while rest:
            cut = rest.find(UNKNOWN_TEXT)
            if cut < 0:
                cut = len(rest)
            try:
                codes.extend(parse_cards(rest[:cut]))
            except ValueError as exc:
                raise IllegalAction(f"cannot discard {text!r}: {exc}") from None
            if cut < len(rest):
                codes.append(UNKNOWN)
            rest = rest[cut + len(UNKNOWN_TEXT) :]
    return codes


def _key_material(seed: int | None) -> bytes:
    """The BLAKE2b key of a hand's shuffles: its seed's digits (random without a seed)."""
    if seed is None:
        return os.urandom(32)
    material = str(seed if type(seed) is int else as_int(seed, "seed")).encode()
    if len(material) > 64:
        material = blake2b(material).digest()
    return material


def _reshuffled(seed: int | None, index: int, cards: list[int]) -> list[int]:
    """``cards`` in an order drawn from the hand's seed: the stub of reshuffle ``index``.

    As ``_shuffled``: a 32-bit BLAKE2b key per card (keyed by the seed, with
    the reshuffle's number in each block), sorted; 16 keys a block.
    """
    counter = index.to_bytes(4, "little")
    stream = _key_stream(seed, b"croupier-draw", counter, (len(cards) + 15) >> 4)
    return order_by_keys(stream, list(cards), list(range(len(cards))), len(cards))


def _shuffled(seed: int | None, need: int, cards: Sequence[int] = range(52)) -> list[int]:
    """The top ``need`` cards of a shuffled deck of ``cards``, the same for the same ``seed``.

    Every card gets a 32-bit key from BLAKE2b (keyed by the seed, in counter
    mode) and the deck is sorted by key: a uniform shuffle (two equal keys,
    about 3 in 10 million decks, keep card order), faster than seeding a
    Mersenne Twister per hand, and the same on every platform.
    """
    deck = cards if type(cards) is list else list(cards)
    stream = _key_stream(seed, b"croupier-deck", b"", _DECK_BLOCKS)
    return order_by_keys(stream, deck, deck, need)  # keyed by card code


_DECK_BLOCKS = 4  # 64 keys: one for each card of a full deck


def _key_stream(seed: int | None, person: bytes, prefix: bytes, blocks: int) -> bytes:
    """``blocks`` 64-byte BLAKE2b digests of ``prefix`` + the block's counter, keyed by
    the seed (16 keys of 32 bits each): the key stream of the shuffles (in C:
    ``croupier._shuffle.key_stream``, hashlib's digests)."""
    return key_stream(_key_material(seed), person, prefix, blocks)


# What the engine reads of a game at every deal, worked out once per game and
# table size (games are immutable): (game, is_stud, fixed limit, draws, min_bet,
# cards needed, (antes, blinds) or (None, None) when the game cannot seat that many,
# whether any street deals up cards, the shared up cards of a game without them,
# the game's cards as a list).
# The cache is keyed by the game's id and holds the game, so the id stays its own
# while cached; it is cleared when it reaches _PLANS_SIZE entries.
_PLANS_SIZE = 1024
_Plan = tuple[
    "Game",
    bool,
    bool,
    bool,
    int,
    int,
    tuple[tuple[int, ...], tuple[int, ...]] | tuple[None, None],
    bool,
    list[list[int]],
    list[int],
]
_plans: dict[tuple[int, int], _Plan] = {}


def _plan(game: Game, n: int) -> _Plan:
    key = (id(game), n)
    found = _plans.get(key)
    if found is not None and found[0] is game:
        return found
    need = 0
    draws = ups = False
    for street in game.streets:
        need += (street.hole + street.up) * n + street.board
        if street.draw:
            draws = True
        if street.up:
            ups = True
    bets: tuple[tuple[int, ...], tuple[int, ...]] | tuple[None, None]
    try:
        antes, blinds = game.forced_bets(n)
        bets = (tuple(antes), tuple(blinds))
    except ValueError:
        bets = (None, None)
    plan: _Plan = (
        game,
        game.is_stud,
        game.structure is FIXED_LIMIT,
        draws,
        game.min_bet,
        min(len(game.deck), need),
        bets,
        ups,
        # the up cards of every seat when the game has none: shared, read only
        cast("list[list[int]]", [() for _ in range(n)]),
        list(game.deck),  # the cards a shuffle sorts (read only)
    )
    if len(_plans) >= _PLANS_SIZE:
        _plans.clear()
    _plans[key] = plan
    return plan


def _streams_of(
    game: Game, n: int, draws: bool, dealer: Dealer
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """What ``dealer`` deals each seat and the board, and what each seat reveals at
    the end: read once and checked here."""
    dealt, shows = dealer.read(n)
    if type(dealt) is not list or len(dealt) != n + 1 or type(shows) is not list or len(shows) != n:
        raise ValueError(
            f"Dealer.read({n}) must give a list of {n + 1} card sequences and a list of {n}"
        )
    streams: list[tuple[int, ...]] = []
    known: list[int] = []
    for seat in range(n + 1):
        cards = _dealer_cards(game, dealt[seat], seat, n)
        known += cards
        streams.append(cards)
    revealed: list[tuple[int, ...]] = []
    for seat in range(n):
        shown = shows[seat]
        if shown or (type(shown) is not tuple and type(shown) is not list):
            cards = _dealer_cards(game, shown, seat, n, "revealed cards")
            own = streams[seat]
            known += [c for c in cards if c not in own]
            revealed.append(cards)
        else:
            revealed.append(())
    # Draw games: a card discarded may be dealt again after a reshuffle (§5.7;
    # checked when it is dealt).
    if not draws:
        seen = [c for c in known if c != UNKNOWN]
        if len(set(seen)) != len(seen):
            for c in seen:
                if seen.count(c) > 1:
                    raise ValueError(f"the dealer deals {_text(c)} twice")
    return tuple(streams), tuple(revealed)


def _dealer_cards(
    game: Game, values: object, seat: int, n: int, what: str = "cards"
) -> tuple[int, ...]:
    """A dealer's answer for ``seat`` (``n``: the board) as a tuple of the game's card
    codes."""
    kind = type(values)
    if kind is not list and kind is not tuple:
        if isinstance(values, (str, bytes, dict, set, frozenset)) or not hasattr(values, "__len__"):
            raise ValueError(
                f"the dealer's {_whose(seat, n, what)} must be a sequence of card codes, "
                f"got {values!r}"
            )
        values = list(values)  # type: ignore[call-overload]
    cards: tuple[int, ...] = tuple(values)  # type: ignore[arg-type]
    for c in cards:
        if type(c) is not int or not -1 <= c < DECK_SIZE:
            return _dealer_cards_slowly(game, cards, seat, n, what)
    in_game = game.deck
    if len(in_game) < DECK_SIZE:
        for c in cards:
            if c != UNKNOWN and c not in in_game:
                raise ValueError(
                    f"the dealer's {_whose(seat, n, what)}: {_text(c)} is not in the "
                    f"{game.name} deck"
                )
    return cards


def _dealer_cards_slowly(
    game: Game, cards: tuple[object, ...], seat: int, n: int, what: str
) -> tuple[int, ...]:
    """Numpy integers are cards too; anything else is named in a ``ValueError``."""
    codes: list[int] = []
    for c in cards:
        if not is_int(c) or not -1 <= c < DECK_SIZE:  # type: ignore[operator]
            raise ValueError(
                f"the dealer's {_whose(seat, n, what)}: {c!r} is not a card code 0..51 (or -1)"
            )
        codes.append(as_int(c, "card"))
    return _dealer_cards(game, codes, seat, n, what)


def _whose(seat: int, n: int, what: str) -> str:
    return "board's cards" if seat == n else f"{what} of seat {seat}"


def _check_runs(game: Game, runs: object) -> int:
    """``runs`` (run it N times) if the game can run its board that many times."""
    if not is_int(runs) or isinstance(runs, bool) or not 1 <= as_int(runs, "runs") <= 3:
        raise ValueError(f"runs must be 1, 2 or 3 (times the board is run out), got {runs!r}")
    count = as_int(runs, "runs")
    if count > 1 and (game.is_stud or game.is_draw or not any(s.board for s in game.streets[1:])):
        raise ValueError(f"runs: {game.name} has no board to run out more than once")
    return count


def _make_deck(
    game: Game, n: int, plan: _Plan, seed: int | None, deck: Sequence[int] | None, runs: int = 1
) -> list[int]:
    need, draws = plan[5], plan[3]
    if runs > 1:  # the boards of the other runs (the first run's deck is unchanged)
        need = min(len(game.deck), need + (runs - 1) * sum(s.board for s in game.streets[1:]))
    cards_of_game = game.deck
    if deck is None:
        # Draw games: the whole deck, the stub of the draws (docs/rules.md §5.7).
        return _shuffled(seed, len(cards_of_game) if draws else need, plan[9])[::-1]
    else:
        if isinstance(deck, (str, bytes, dict, set, frozenset)) or not hasattr(deck, "__len__"):
            raise ValueError(
                f"deck must be a sequence of card codes (see croupier.parse_cards), got {deck!r}"
            )
        given = list(deck)  # read once
        cards = given
        if not all([type(c) is int and -1 <= c < 52 for c in given]):
            cards = []  # numpy integers, or a bad card: one by one
            for c in given:
                if not is_int(c) or not -1 <= c < 52:
                    raise ValueError(f"deck card {c!r} is not a card code 0..51 (or -1)")
                cards.append(as_int(c, "deck card"))
        # Draw games: the deck goes on with the draws' cards, where a card discarded
        # and reshuffled may come again (checked when dealt, §5.7).
        known = [c for c in (cards[:need] if draws else cards) if c != UNKNOWN]
        if len(set(known)) != len(known):
            raise ValueError("deck has a card twice")
        if len(cards_of_game) < 52:
            outside = [c for c in known if c not in cards_of_game]
            if outside:
                raise ValueError(f"deck card {outside[0]} is not in the {game.name} deck")
    if len(cards) < need:
        raise ValueError(f"the deck needs at least {need} cards for {n} players, has {len(cards)}")
    cards.reverse()  # deal by popping from the end
    return cards
