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

from typing import TYPE_CHECKING

from croupier._betting import _answerable, _first_to_act, _give_back, _post_forced, _put_chips
from croupier._deal_plan import _forced_bets, _plan, deal_order
from croupier._deck import _deal_street, _make_deck, _run_boards, _streams_of, _stub_draw, _take
from croupier._discards import _check_given_deal, _discard_codes, _free_cards
from croupier._display import hand_html, hand_text
from croupier._event_records import (
    _BET_RAISE,
    _BRING_IN,
    _CALL,
    _DEAL_HOLE,
    _DRAW,
    _SHOW,
    _events,
    _plain,
)
from croupier._refusals import _refusal
from croupier._showdown import (
    _award_values,
    _payouts,
    _show_early,
    _showdown_order,
    _showdown_values,
)
from croupier._start_args import _check_runs, _checked_bring_in_seat, _checked_stacks
from croupier._stud_order import _best_board_seat, _bring_in_seat
from croupier._validate import as_bool, as_int, is_int
from croupier.cards import UNKNOWN
from croupier.errors import ConcurrentUse, IllegalAction
from croupier.pots import Pot, Settlement, distribute, settle, side_pots
from croupier.structures import FIXED_LIMIT, POT_LIMIT

if TYPE_CHECKING:
    from collections.abc import Sequence

    from croupier._deal_plan import Game, _Plan
    from croupier._showdown import _SettleInputs, _Values
    from croupier.dealer import Dealer
    from croupier.events import Event
    from croupier.variants import Street

__all__ = ["Hand", "deal_order"]


class Hand:
    """One hand of a :class:`croupier.games.Game` (create it with ``game.start``).

    A hand belongs to one thread at a time: an action (``fold``, ``raise_to`` …,
    ``discard``) while another thread is inside an action of the same hand is
    refused with :class:`croupier.errors.ConcurrentUse` and changes nothing; what
    is read (the properties, ``repr``) while another thread acts may be half
    changed.  ``repr`` and, in a notebook, ``_repr_html_`` show the seats, stacks,
    cards, pot, whose turn it is and what that player may do.

    Attributes besides the properties: ``game``, the :class:`croupier.Game` dealt;
    ``actor``, the seat to act (``None`` when nobody acts); ``unsettled``, True
    when the hand ended with a showdown it could not settle (a hand with unknown
    cards, replayed from a history).

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT).start([100, 100], seed=7)
    >>> hand.actor, hand.to_call, hand.min_raise_to
    (1, 1, 4)
    >>> hand.call(); hand.check()
    >>> hand.street, len(hand.board)
    ('flop', 3)
    """

    # The fields (typed and described in hand.pxd): slots, as in the compiled class.
    __slots__ = tuple(
        "_able _acted _aggressor _auto _best_high _best_low _bets "  # noqa: SIM905
        "_blind_level _board _boards _bring_in_pending _bring_in_seat _busy _contributed _dead "
        "_deck _drawing _draws _first_actor _fixed _folded _forced_bring_in _free _full_level "
        "_given _history _holes _increment _last_blind_seat _live _lows _min_bet _muck _mucked "
        "_n _payoffs _plan _previous_aggressor _raises _received _reshuffles _revealed "
        "_run_values _runs _seed _settle_inputs _settlement _show_k _showdown _showing "
        "_shown_early _stacks _starting _streams _street _stud _taken _to_match _unit _unknown _up "
        "_values _winnings actor game unsettled".split()
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
        self._busy = False
        stacks = _checked_stacks(game, stacks)  # a list of its own
        n = len(stacks)
        if seed is not None:
            seed = as_int(seed, "seed")
        if bring_in_seat is not None:
            bring_in_seat = _checked_bring_in_seat(game, bring_in_seat, n)
        if auto_showdown is not True:
            auto_showdown = as_bool(auto_showdown, "auto_showdown")
        plan: _Plan = _plan(game, n)
        if type(runs) is not int or runs != 1:
            runs = _check_runs(game, runs)
        self.game, self._n, self._plan, self._runs, self._auto = game, n, plan, runs, auto_showdown
        self._boards: tuple[list[int], ...] = ()
        self._run_values: tuple[_Values, ...] = ()
        draws = plan[3]
        self._stud, self._fixed, self._draws, self._min_bet = plan[1], plan[2], draws, plan[4]
        self._muck: list[int] = []
        self._seed = seed
        self._streams: tuple[tuple[int, ...], ...] | None = None
        self._taken: list[int] | None = None
        self._revealed: tuple[tuple[int, ...], ...] | None = None
        if dealer is not None:
            if seed is not None or deck is not None:
                raise ValueError("a hand is dealt by a seed, a deck or a dealer, not two of them")
            self._streams, self._taken, self._revealed = _streams_of(game, n, draws, dealer)
            self._deck = []
        else:
            self._deck = _make_deck(game, n, plan, seed, deck, runs)
        self._given = deck is not None or dealer is not None
        self._stacks, self._starting, self._folded = stacks, tuple(stacks), [False] * n
        self._bets, self._contributed, self._dead = [0] * n, [0] * n, [0] * n
        self._holes: list[list[int]] = [[] for _ in range(n)]
        self._up: list[list[int]] = [[] for _ in range(n)] if plan[7] else plan[8]
        self._bring_in_seat: int | None = None
        self._forced_bring_in = bring_in_seat
        self._board: list[int] = []
        self._history: list[tuple[object, ...]] = []
        self._live = self._able = n
        self._payoffs: tuple[int, ...] | None = None
        self._received: tuple[int, ...] | None = None
        self._settlement: Settlement | None = None
        self._settle_inputs: _SettleInputs | None = None
        self._winnings: tuple[int, ...] | None = None
        self._showdown: tuple[int, ...] = ()
        self._values: Sequence[int] = ()
        self._lows: list[int] | None = None
        self._mucked: list[bool] | None = None
        self._unknown: list[int] | None = None  # showdown hands with an unknown card
        self.actor: int | None = None
        self._acted: list[int] = []
        self._aggressor: int | None = None
        self._previous_aggressor: int | None = None
        self._first_actor: int | None = None
        self.unsettled = self._drawing = self._bring_in_pending = False
        self._shown_early = self._showing = False
        self._unit = self._reshuffles = self._free = self._show_k = self._street = 0
        self._best_high = self._best_low = self._to_match = self._increment = 0
        self._full_level = self._raises = self._last_blind_seat = self._blind_level = 0
        self._post_forced_bets()
        self._begin_street(first=True)

    def __repr__(self) -> str:
        """The game, the street and the pot, then each seat's stack, bet, cards and
        state (the actor's legal actions), then the board; the net results at the end.

        >>> from croupier import KuhnPoker
        >>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
        >>> hand
        Hand: Kuhn Poker, fixed-limit, 2 players, preflop, pot 2
          seat 0  stack 1  bet 0  Kc  to act: fold, check, raise to 1
          seat 1  stack 1  bet 0  Jc
        >>> hand.check(); hand.check(); hand
        Hand: Kuhn Poker, fixed-limit, 2 players, over, pot 0
          seat 0  stack 3  bet 0  Kc
          seat 1  stack 1  bet 0  Jc
          net  +1 -1
        """
        return hand_text(self)

    def _repr_html_(self) -> str:
        """:meth:`__repr__` as an HTML table, which Jupyter shows.

        >>> from croupier import KuhnPoker
        >>> KuhnPoker().start([2, 2], deck=[44, 36, 40])._repr_html_().count("<tr>")
        3
        """
        return hand_html(self)

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

    # The read-only views of the hand's fields, one property each (alike in shape).
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
        """Whether each seat has folded."""
        return tuple(self._folded)

    @property
    def pot(self) -> int:
        """All chips in the middle: collected pots plus the bets in front of players.

        Zero once the hand is settled (the chips are back in the stacks).
        """
        return 0 if self._payoffs is not None else sum(self._contributed)

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
        return _events(self._history, None if self.unsettled else self._received, self._street)

    @property
    def is_over(self) -> bool:
        """True once the hand is settled: nobody acts any more and the pots are paid."""
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
        inputs, received = self._settle_inputs, self._received  # set together, when settled
        if self._winnings is None and inputs is not None and received is not None:
            self._winnings = tuple([r - b for r, b in zip(received, inputs[5], strict=True)])
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
        """Whether the actor may check now (nothing to call, no bring-in, draw or show due)."""
        i = self.actor
        if i is None or self._bring_in_pending or self._drawing or self._showing:
            return False
        return self._bets[i] >= self._to_match

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
        if self._able < 2 or (self._fixed and self._raises >= self.game.cap):
            return False  # nobody left who could call a raise, or the cap is reached
        acted = self._acted[i]
        if acted >= 0:
            # Fixed limit: half a bet re-opens; otherwise a full increment.
            threshold = (self._unit + 1) // 2 if self._fixed else self._increment
            if acted >= self._full_level and self._to_match - acted < threshold:
                return False
        return _answerable(i, self._to_match, self._bets, self._stacks, self._folded)

    @property
    def min_raise_to(self) -> int | None:
        """Smallest legal "raise to" (all-in for less when that is all the actor has)."""
        i = self.actor
        return None if i is None or not self._can_raise() else self._min_raise(i)

    @property
    def max_raise_to(self) -> int | None:
        """Largest legal "raise to"."""
        i = self.actor
        return None if i is None or not self._can_raise() else self._max_raise(i)

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

    def fold(self) -> None:
        """The actor folds: out of the hand, their chips stay in the pot.

        >>> from croupier import KuhnPoker
        >>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
        >>> hand.raise_to(1); hand.fold()
        >>> hand.is_over, hand.folded, hand.stacks
        (True, (False, True), (3, 1))
        """
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
        """The actor checks (refused with :class:`croupier.IllegalAction` facing a bet).

        >>> from croupier import KuhnPoker
        >>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
        >>> hand.check(); hand.actor
        1
        """
        self._claim("check")
        try:
            self._check(self._require_actor("check"))
        finally:
            self._busy = False

    def call(self) -> None:
        """The actor calls: puts in ``to_call`` chips (all in when that is the stack).

        >>> from croupier import KuhnPoker
        >>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
        >>> hand.raise_to(1); hand.to_call
        1
        >>> hand.call(); hand.is_over, hand.stacks  # Kc beats Jc
        (True, (4, 0))
        """
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
            discards = _discard_codes(i, cards, self._holes[i], self._free)
            if self._given:  # its next cards may not be held, or be the discards
                holes, taken = self._holes, self._taken
                _check_given_deal(
                    i, discards, self._deck, self._streams, taken, self._folded, holes
                )
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

    def _require_shower(self, what: str) -> int:
        if not self._showing:
            raise _refusal(what, "show", self.actor, self.is_over, self._drawing, False)
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

    def _require_actor(self, what: str) -> int:
        if self.actor is None or self._drawing or self._showing:
            raise _refusal(what, "bet", self.actor, self.is_over, self._drawing, self._showing)
        return self.actor

    def _require_drawer(self, what: str) -> int:
        if self.actor is None or self._showing or not self._drawing:
            raise _refusal(what, "draw", self.actor, self.is_over, self._drawing, self._showing)
        return self.actor

    def _draw(self, i: int, discards: list[int]) -> None:
        """Seat ``i`` throws ``discards`` away and is dealt as many (checked already)."""
        k = len(discards)
        self._history.append((_DRAW, i, self._street, None, discards))
        if k:
            hole = self._holes[i]
            for c in discards:
                hole.remove(c)
            deck, muck = self._deck, self._muck
            if self._streams is not None:
                new = _take(self._streams, self._taken, i, k)
            elif self._given:
                new = [deck.pop() if deck else UNKNOWN for _ in range(k)]
            else:
                new, self._reshuffles = _stub_draw(k, deck, muck, self._seed, self._reshuffles)
                muck.extend(discards)
            hole.extend(new)
            self._history.append((_DEAL_HOLE, i, self._street, None, new))
        self._next_drawer(i + 1)

    def _start_draw(self) -> None:
        self._drawing = True
        # Counted once: no one folds during a draw and every hand keeps its size.
        self._free = _free_cards(self.game.deck, self._folded, self._holes)
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
        if _put_chips(i, total, self._stacks, self._bets, self._contributed):
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
        antes, blinds, level, last = _forced_bets(self.game, self._plan, self._n)
        self._blind_level, self._last_blind_seat = level, last
        stacks, bets, contributed, dead = self._stacks, self._bets, self._contributed, self._dead
        self._able -= _post_forced(antes, blinds, stacks, bets, contributed, dead, self._history)

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
        self._previous_aggressor, self._aggressor = self._aggressor, None
        self._to_match = self._full_level = self._raises = 0
        self._increment = self._min_bet
        if self._stud:
            if first:
                start = self._bring_in_start()
            else:
                start = _best_board_seat(self.game.board_key, self._up, self._folded)
        elif first:
            # Pre-flop the big blind (or the largest straddle) is the opening bet,
            # at its full amount even when posted all-in for less.
            self._to_match = max(self._blind_level, max(self._bets))
            self._increment = max(self._min_bet, self._blind_level)
            self._full_level = self._to_match
            self._raises = 1 if self._blind_level else 0
            start = (self._last_blind_seat + 1) % n
        else:
            start = 0
        self.actor = self._find_actor(start)
        self._first_actor = self.actor
        if self.actor is None:
            self._end_street()

    def _deal(self, street: Street) -> None:
        game, k, deck, streams = self.game, self._street, self._deck, self._streams
        taken, folded, holes, up = self._taken, self._folded, self._holes, self._up
        _deal_street(
            game, street, k, deck, streams, taken, folded, holes, up, self._board, self._history
        )

    def _bring_in_start(self) -> int:
        """Stud third street: the seat whose up card must bring in acts first."""
        key, stacks = self.game.bring_in_key, self._stacks
        seat = _bring_in_seat(key, self._up, self._folded, stacks, self._forced_bring_in)
        self._bring_in_seat = seat
        self._bring_in_pending = stacks[seat] > 0
        return seat

    def _find_actor(self, start: int) -> int | None:
        """The first seat from ``start`` on (clockwise) that must act, or None."""
        folded, stacks, bets, acted = self._folded, self._stacks, self._bets, self._acted
        return _first_to_act(start, folded, stacks, bets, acted, self._to_match, self._able > 1)

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
        if self._to_match:  # somebody bet this round
            bets, stacks, history = self._bets, self._stacks, self._history
            if _give_back(bets, stacks, self._contributed, self._folded, history, self._street):
                self._able += 1

    def _end_street(self) -> None:
        self._return_uncalled()
        self._bets = [0] * self._n
        if self._street == len(self.game.streets) - 1:  # the last street
            self._settle(showdown=True)
            return
        if self._able <= 1:
            # No more betting possible: run the board out, then show down.  No
            # one acts in the rounds dealt now (the showdown order knows it).
            # Draw games: the players still in draw, then this comes back here.
            if not self._draws and not self._shown_early:
                holes, folded, history = self._holes, self._folded, self._history
                self._shown_early = _show_early(
                    self._revealed, holes, folded, history, self._street
                )
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
                game, last, deck, streams = self.game, self._street, self._deck, self._streams
                board, taken, history = self._board[:shared], self._taken, self._history
                self._boards = _run_boards(
                    game, start, last, self._runs, board, deck, streams, taken, history
                )
            self._settle(showdown=True)
            return
        self._street += 1
        self._begin_street()

    def _settle(self, showdown: bool) -> None:
        self.actor = None
        if showdown:
            folded, first, holes = self._folded, self._first_actor, self._holes
            aggressor, previous = self._aggressor, self._previous_aggressor
            self._showdown = _showdown_order(aggressor, previous, first, self._stud, folded)
            revealed, board, boards = self._revealed, self._board, self._boards
            found = _showdown_values(
                self.game, holes, folded, revealed, board, boards, not self._auto
            )
            if found is None:  # an unknown card: the hand is left unsettled
                self._leave_unsettled()
                return
            self._values, self._lows, self._run_values, unknown = found
            self._unknown = unknown or None
            if not self._auto and not self._shown_early:
                self._walk_showdown()
                return
        self._award()

    def _leave_unsettled(self) -> None:
        """An unknown card decides the showdown: no payoffs (``unsettled``)."""
        self.unsettled = True
        self._received = tuple(self._contributed)

    def _walk_showdown(self) -> None:
        """``auto_showdown=False``: open the hands in showdown order until one needs its
        player's decision (the actor), else award the pots.  A hand with an unknown
        card always asks (its player may muck it)."""
        order = self._showdown
        k = self._show_k
        unknown = self._unknown
        while k < len(order):
            i = order[k]
            if (k and not self._beats_best(i)) or (unknown is not None and i in unknown):
                self._show_k, self._showing, self.actor = k, True, i
                return
            self._open_hand(i)
            k += 1
        self._show_k, self._showing, self.actor = k, False, None
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
        engine shows down by itself, who showed and who mucked.  A hand with an unknown
        card that was shown, not mucked, leaves the hand unsettled."""
        n, folded, lows = self._n, self._folded, self._lows
        unknown, mucked = self._unknown, self._mucked
        if unknown is not None and (mucked is None or not all([mucked[i] for i in unknown])):
            self._leave_unsettled()
            return
        values: list[int] = self._values  # type: ignore[assignment]  # () before a showdown
        if not values or self._mucked is not None:
            values, lows = _award_values(values, lows, self._mucked, n)
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
        rake, runs, street = self.game.rake, self._run_values, self._street
        if runs or rake is not None:  # else the pots are as distributed
            received, self._settlement = _payouts(
                self._settle_inputs, received, rake, runs, street, self._contributed, self._history
            )
        self._received = tuple(received)
        contributed, stacks = self._contributed, self._stacks
        self._payoffs = tuple([received[i] - contributed[i] for i in range(n)])
        for i in range(n):
            stacks[i] += received[i]

    def _live_money(self) -> list[int]:
        """Each seat's contribution less its dead money (what the pots layer)."""
        contributed, dead = self._contributed, self._dead
        return [contributed[i] - dead[i] for i in range(self._n)]
