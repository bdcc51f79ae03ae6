r"""Replay a PHH hand history on croupier's betting-state machine.

``replay(history)`` builds the game the file describes, deals the cards it
records, plays every action through :class:`croupier.Hand` (so an action the
rules forbid raises :class:`croupier.IllegalAction`) and returns a
:class:`Replay`: the hand, finished when the file is complete, read in the
history's own order.  ``replay(h).payoffs[0]`` is the result of the file's
first player (``p1``), whatever seat the engine gave it; the engine's
:class:`~croupier.Hand`, numbered by seats, is ``replay(h).hand``.

>>> from croupier import phh
>>> text = (
...     "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\nmin_bet = 2\n"
...     "starting_stacks = [100, 80]\n"
...     "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p1 cbr 6', 'p2 f']\n"
... )
>>> r = replay(phh.loads(text))   # p1 posts the small blind: the button (seat 1)
>>> r.seats, r.payoffs, r.stacks, r.hand.payoffs
((1, 0), (2, -2), (102, 78), (-2, 2))

Choices (PHH leaves them to the reader; those of the table, its game and
seats, are in :mod:`croupier.history_game`):

* A complete file's ``finishing_stacks``, when it has them, are checked
  against the replay's (``check=False`` turns that off): a tampered or
  inconsistent file raises :class:`~croupier.errors.PHHError`.  A player whose
  stack was ``inf`` is not checked.
* A hand a poker site raked (the user field ``_rake``, docs/rules.md §7.4):
  its ``finishing_stacks`` are checked net of that amount (each winner gives
  up no more than it won, the others end as the engine says, and what the
  winners gave up is the rake).
* Unknown cards (``??``) stay unknown unless the player shows them later
  (``sm``); a showdown that depends on an unknown card leaves the hand
  ``unsettled`` (payoffs ``None``), never guessed.
* The hand is dealt by the history's own dealer: each player gets the cards
  of their ``d dh`` lines, in file order, and the board those of the
  ``d db`` lines, whenever the engine deals them (nothing predicts the
  engine's dealing order); a ``sm`` line's cards fill the player's unknown
  cards when the hand is shown, and a shown card the player does not hold
  is a ``ValueError``.
* The showdown is the file's: the engine opens the hands in its order
  (docs/rules.md §6.8) and a player it asks to show or muck mucks when the
  file has a ``pN sm`` line without cards for them, else shows.  A hand the
  rules open (it beats or ties the best shown) is shown whatever the file
  says.
* Draw games: ``pN sd cards`` discards those cards (``pN sd`` stands pat) and
  the player's next ``d dh pN`` cards are the replacements, whether the line
  follows the discard at once or after the other players' discards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from croupier.actions import format_amount, from_events
from croupier.cards import UNKNOWN, card_texts
from croupier.dealer import Dealer
from croupier.errors import IllegalAction, PHHError, WrongBringIn, excerpt
from croupier.hand import Hand
from croupier.history_game import (
    RAKE_PERCENT_FIELD,
    RAKE_TAKEN_FIELD,
    per_seat,
    runs_for,
    setup_for,
    table_fields,
    unlimited_stack,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.actions import Action
    from croupier.phh import HandHistory

__all__ = ["Replay", "check_stacks", "history_of", "replay"]


class _HistoryDealer(Dealer):
    """A hand history's cards, seat by seat: each ``d dh`` line adds to its player's
    cards (draw games: the first is the hand, each later one a draw's
    replacements), each ``d db`` line to the board's; a ``sm`` line's cards are
    what the player reveals at the end, a ``sm`` line without them a muck."""

    __slots__ = ("_holes", "_seats", "_shown", "mucked")

    def __init__(self, history: HandHistory, seat_of: Sequence[int]) -> None:
        n = len(seat_of)
        # Tuples: a player's one d dh line is its cards as they are, no copy.
        holes: list[tuple[int, ...]] = [()] * (n + 1)  # each seat's, then the board's
        shown: list[tuple[int, ...]] = [()] * n
        mucked: set[int] | None = None
        for action in history.actions:
            kind = action.kind
            if kind == "dh":
                target = action.target
                if target is not None and target < n:
                    seat = seat_of[target]
                    holes[seat] = holes[seat] + action.cards
            elif kind == "db":
                holes[n] = holes[n] + action.cards
            elif kind == "sm" and action.actor is not None and action.actor < n:
                if action.cards:
                    shown[seat_of[action.actor]] = action.cards
                elif not action.shows_dealt:
                    if mucked is None:
                        mucked = set()
                    mucked.add(seat_of[action.actor])
        self._holes, self._shown = holes, shown
        self.mucked = mucked
        self._seats = seat_of

    def cards(self, seat: int | None) -> tuple[int, ...]:
        return self._holes[-1 if seat is None else seat]

    def read(self, n: int) -> tuple[list[Sequence[int]], list[Sequence[int]]]:
        return self._holes, self._shown  # type: ignore[return-value]  # (invariant lists)

    def revealed(self, seat: int) -> tuple[int, ...]:
        return self._shown[seat]

    def check_shown(self, hand: Hand) -> None:
        """A ``ValueError`` when a player shows a card they do not hold at the end."""
        for seat, shown in enumerate(self._shown):
            if not shown:
                continue
            held = hand.hole(seat)
            missing = [c for c in shown if c != UNKNOWN and c not in held]
            if len(missing) > held.count(UNKNOWN):  # an unknown card held may be any
                player = list(self._seats).index(seat)
                raise ValueError(
                    f"p{player + 1} shows {''.join(card_texts(shown))} but holds "
                    f"{''.join(card_texts(held))}"
                )


class Replay:
    r"""A hand history played on the engine, read in the history's own order.

    ``source`` is the file's :class:`~croupier.phh.HandHistory`, ``hand`` the
    engine's :class:`~croupier.Hand` (numbered by seats, clockwise from the
    left of the button) and ``seats``, ``seats[p]`` the seat of the history's player
    ``p`` (``p1`` is player 0).  Every other attribute is indexed by the
    history's players, like its ``starting_stacks`` and ``finishing_stacks``.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
    ...               "min_bet = 2\nstarting_stacks = [100, 100]\n"
    ...               "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cc', 'p1 cc']\n")
    >>> r = replay(h)
    >>> r
    Replay(variant='NT', seats=(0, 1), over=False)
    >>> r.stacks, r.hand.street, r.source is h
    ((98, 98), 'flop', True)
    """

    __slots__ = ("hand", "seats", "source")

    def __init__(self, source: HandHistory, hand: Hand, seats: Sequence[int]) -> None:
        self.source = source
        self.hand = hand
        self.seats = tuple(seats)

    def __repr__(self) -> str:
        return f"Replay(variant={self.source.variant!r}, seats={self.seats!r}, over={self.is_over})"

    def _players(self, per_seat: Sequence[int]) -> tuple[int, ...]:
        return tuple(per_seat[seat] for seat in self.seats)

    @property
    def is_over(self) -> bool:
        """Whether the hand ended (the file may stop before the end)."""
        return self.hand.is_over

    @property
    def unsettled(self) -> bool:
        """Whether the showdown depends on an unknown card (payoffs are then ``None``)."""
        return self.hand.unsettled

    @property
    def payoffs(self) -> tuple[int, ...] | None:
        """Each player's net result once the hand is over (``None`` before, or unsettled)."""
        payoffs = self.hand.payoffs
        return None if payoffs is None else self._players(payoffs)

    @property
    def winnings(self) -> tuple[int, ...] | None:
        """The chips each player took from the pots (``Hand.winnings``), per player."""
        winnings = self.hand.winnings
        return None if winnings is None else self._players(winnings)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks the players started with (:func:`unlimited_stack` for ``inf``)."""
        return self._players(self.hand.starting_stacks)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips behind now (at the end: the finishing stacks)."""
        return self._players(self.hand.stacks)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Everything each player put in the hand."""
        return self._players(self.hand.contributions)

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """The players in the order they showed down (empty without a showdown)."""
        player_of = {seat: p for p, seat in enumerate(self.seats)}
        return tuple(player_of[seat] for seat in self.hand.showdown_order)

    def hole(self, player: int) -> tuple[int, ...]:
        """The cards dealt to ``player`` (``-1`` for an unknown card)."""
        return self.hand.hole(self.seats[player])


Watch = Callable[[Hand, int, "Action"], object]


def replay(history: HandHistory, watch: Watch | None = None, *, check: bool = True) -> Replay:
    r"""Play a hand history's actions: a :class:`Replay` (finished if the file is).

    ``watch(hand, seat, action)``, when given, is called just before each
    player action is played, with the engine's hand as it stands (so a caller
    can see what the player faced: the amount to call, the stacks, the pot).
    Raises :class:`croupier.IllegalAction` (naming the action) for an action the
    rules do not allow, ``ValueError`` for a history that cannot be set up, and
    (unless ``check`` is false) :class:`~croupier.errors.PHHError` when the hand
    ends on other stacks than the file's ``finishing_stacks``.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
    ...               "min_bet = 2\nstarting_stacks = [100, 100]\n"
    ...               "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr 100', 'p1 cc',"
    ...               " 'd db 2c7d9h', 'd db Jc', 'd db 3s']\n")
    >>> r = replay(h)
    >>> r.is_over, r.winnings
    (True, (200, 0))
    """
    game, seat_of, in_order, stud = setup_for(history)
    starting = history.starting_stacks
    unlimited = unlimited_stack(history) if None in starting else 0
    stacks = [unlimited if s is None else s for s in starting]
    if not in_order:
        stacks = list(per_seat(stacks, seat_of))
    bring_in_seat = None
    if stud:
        # The first player action is the bring-in (or a completion instead).
        first = next((a for a in history.actions if a.actor is not None), None)
        if first is not None and first.kind in ("pb", "cbr"):
            bring_in_seat = seat_of[first.actor]  # type: ignore[index]
    dealer = _HistoryDealer(history, seat_of)
    try:
        hand = Hand(
            game,
            stacks,
            bring_in_seat=bring_in_seat,
            dealer=dealer,
            auto_showdown=False,
            runs=runs_for(history),
        )
    except WrongBringIn as exc:
        raise IllegalAction(f"the wrong seat brings in: {exc}") from None
    for index, action in enumerate(history.actions):
        actor, kind = action.actor, action.kind
        if actor is None or kind == "sm":
            continue  # dealing (the dealer's) and showing (cards speak)
        seat = seat_of[actor]
        if hand.actor != seat:
            where = _where(history, index)
            error = IllegalAction(f"{where}: it is not seat {seat}'s turn (actor: {hand.actor})")
            error.action_index = index
            raise error
        if watch is not None:
            watch(hand, seat, action)
        try:
            if kind == "f":
                hand.fold()
            elif kind == "cc":
                hand.check_or_call()
            elif kind == "cbr":
                assert action.amount is not None
                hand.raise_to(action.amount)
            elif kind == "pb":
                hand.bring_in()
            elif kind == "sd" and action.cards:
                hand.discard(list(action.cards))
            elif kind == "sd":
                hand.stand_pat()
            else:
                raise IllegalAction(f"{kind!r} is not an action of this game")
        except IllegalAction as exc:
            error = IllegalAction(f"{_where(history, index)}: {exc}")
            error.action_index = index
            raise error from None
    mucked = dealer.mucked
    while hand.showing:  # the file's mucks (pN sm); any other hand asked is shown
        if mucked is not None and hand.actor in mucked:
            hand.muck()
        else:
            hand.show()
    dealer.check_shown(hand)
    result = Replay(history, hand, seat_of)
    if check:
        check_stacks(history, result)
    return result


def check_stacks(history: HandHistory, result: Replay) -> None:
    r"""The check :func:`replay` makes unless ``check=False``: a complete, settled hand
    ends on the file's ``finishing_stacks`` (net of a site's ``_rake``), else a
    :class:`~croupier.errors.PHHError` naming the player.

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    ...         "starting_stacks = [50, 50]\nactions = ['p2 f']\nfinishing_stacks = [52, 48]\n")
    >>> result = replay(phh.loads(text), check=False)
    >>> check_stacks(phh.loads(text), result)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: field 'finishing_stacks': p1 ends the hand with 51, the file ...
    """
    recorded = history.finishing_stacks
    hand = result.hand
    if recorded is not None and hand.is_over and not hand.unsettled:
        ours = hand.stacks
        seat_of = result.seats
        if [ours[seat] for seat in seat_of] != list(recorded) or RAKE_TAKEN_FIELD in history.extra:
            _check_finishing_stacks(history, result)  # raises unless every mismatch is inf's


def _where(history: HandHistory, index: int) -> str:
    """How an error names the history's action ``index`` (made only for errors)."""
    text = history.actions[index].to_text(scale=history.scale)
    return f"action {index} ({text if len(text) <= 60 else excerpt(text)})"  # a long comment


def _check_finishing_stacks(history: HandHistory, result: Replay) -> None:
    recorded = history.finishing_stacks
    assert recorded is not None
    scale = history.scale
    taken = _rake_taken(history)
    if taken is not None:
        _check_net_of_rake(history, result, recorded, taken)
        return
    for p, (ours, theirs) in enumerate(zip(result.stacks, recorded, strict=True)):
        if history.starting_stacks[p] is not None and ours != theirs:
            raise PHHError(
                f"field 'finishing_stacks': p{p + 1} ends the hand with "
                f"{format_amount(ours, scale)}, the file says {format_amount(theirs, scale)} "
                "(replay(..., check=False) skips this check)",
                field="finishing_stacks",
            )


def _rake_taken(history: HandHistory) -> int | None:
    """The ``_rake`` field (the house's take a site recorded) in the hand's units, if there."""
    value = history.extra.get(RAKE_TAKEN_FIELD)
    if value is None:
        return None
    units = value * history.scale if type(value) is int or isinstance(value, Decimal) else None
    if units is None or units != int(units) or units < 0:
        raise PHHError(
            f"field {RAKE_TAKEN_FIELD!r} must be an amount of the file's money, got "
            f"{excerpt(repr(value))}",
            field=RAKE_TAKEN_FIELD,
        )
    if history.extra.get(RAKE_PERCENT_FIELD) is not None:
        raise PHHError(
            f"field {RAKE_TAKEN_FIELD!r} (the rake a site took) and {RAKE_PERCENT_FIELD!r} "
            "(a rake rule) cannot both be given",
            field=RAKE_TAKEN_FIELD,
        )
    return int(units)


def _check_net_of_rake(
    history: HandHistory, result: Replay, recorded: Sequence[int], taken: int
) -> None:
    """The file's stacks are the engine's less the house's take: each winner gives up
    between nothing and what it won, a player who won nothing ends as the engine says,
    and what the winners gave up is the recorded take (docs/rules.md §7.4)."""
    scale = history.scale
    won = result.winnings or (0,) * len(recorded)
    given = 0
    for p, (ours, theirs) in enumerate(zip(result.stacks, recorded, strict=True)):
        if history.starting_stacks[p] is None:
            continue
        if not 0 <= ours - theirs <= won[p]:
            raise PHHError(
                f"field 'finishing_stacks': p{p + 1} ends the hand with "
                f"{format_amount(ours, scale)} before the rake (won "
                f"{format_amount(won[p], scale)}), the file says "
                f"{format_amount(theirs, scale)}",
                field="finishing_stacks",
            )
        given += ours - theirs
    if given != taken:
        raise PHHError(
            f"field 'finishing_stacks': the winners end the hand with "
            f"{format_amount(given, scale)} less than the engine's settlement, the file's "
            f"rake ({RAKE_TAKEN_FIELD!r}) is {format_amount(taken, scale)}",
            field="finishing_stacks",
        )


def history_of(hand: Hand) -> HandHistory:
    """The PHH hand history of a hand played on croupier (finished or not).

    Its table's fields are :func:`croupier.history_game.table_fields` (user
    fields where PHH has none, which :func:`replay` reads); its actions the
    PHH translation of the hand's events (:func:`croupier.actions.from_events`).

    >>> from croupier import NO_LIMIT, TexasHoldem, phh
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
    >>> hand.raise_to(6); hand.fold()
    >>> text = phh.dumps(history_of(hand))
    >>> replay(phh.loads(text)).payoffs == hand.payoffs
    True
    >>> history_of(TexasHoldem("fixed-limit", (1, 2), bets=(2, 4), cap=3).start([50, 50])).extra
    FrozenMapping({'_cap': 3})
    """
    from croupier.phh import HandHistory

    return HandHistory(
        **table_fields(hand),  # type: ignore[arg-type]
        starting_stacks=hand.starting_stacks,
        actions=from_events(hand.events),
        finishing_stacks=hand.stacks if hand.is_over else None,
    )
