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

Choices (PHH leaves them to the reader):

* Player ``pK`` sits at seat ``K - 1`` (seats count from the left of the
  button).  Heads-up, PHH lists the blinds as ``[small, big]`` but the button
  posts the small blind: the player posting the smaller blind is put on the
  button seat (seat 1), whatever its ``pK``, unless the user field
  ``_button`` (``1`` or ``2``) names the button's player.
* Fixed limit: a round has a bet and at most three raises (``cap`` 4),
  unless the user field ``_cap`` gives another cap.  :func:`history_of`
  writes both fields only when they are needed (docs/rules.md §7.1).
* Rake (docs/rules.md §6.10): PHH has no field for it; the user fields
  ``_rake_percent``, ``_rake_cap`` (in the file's money) and
  ``_rake_no_flop_no_drop`` give the game's :class:`~croupier.Rake`, which
  :func:`history_of` writes and :func:`replay` reads; without them no rake
  is taken (a file's ``winnings`` and ``finishing_stacks`` net of a rake
  it does not describe do not match).
* An unlimited stack (``inf``) plays as :func:`unlimited_stack` chips: one
  more than every other amount of the hand together, so no action of the file
  can find it short, at any scale.
* A complete file's ``finishing_stacks``, when it has them, are checked
  against the replay's (``check=False`` turns that off): a tampered or
  inconsistent file raises :class:`~croupier.errors.PHHError`.  A player whose
  stack was ``inf`` is not checked.
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
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import cast

from croupier.actions import format_amount, from_events
from croupier.cards import UNKNOWN, card_texts
from croupier.dealer import Dealer
from croupier.errors import IllegalAction, PHHError, WrongBringIn, excerpt
from croupier.games import Game, game
from croupier.hand import Hand
from croupier.rake import Rake
from croupier.structures import FIXED_LIMIT, Structure
from croupier.variants import from_phh, phh_codes, rules_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.actions import Action
    from croupier.phh import HandHistory

__all__ = [
    "BUTTON_FIELD",
    "CAP_FIELD",
    "RAKE_CAP_FIELD",
    "RAKE_NO_FLOP_NO_DROP_FIELD",
    "RAKE_PERCENT_FIELD",
    "RUNS_FIELD",
    "Replay",
    "game_for",
    "history_of",
    "replay",
    "seats_for",
    "unlimited_stack",
]

CAP_FIELD = "_cap"
"""The user field of a fixed-limit hand's cap (bets and raises in a round) when it is not 4."""

RUNS_FIELD = "_runs"
"""The user field of a hand that ran the board out more than once: the number of runs
(2 or 3); each run's ``d db`` lines follow a ``# run K`` comment."""

BUTTON_FIELD = "_button"
"""The user field naming the player on the button (``1`` or ``2``) of a heads-up hand
whose blinds alone would seat the players the other way round."""

RAKE_PERCENT_FIELD = "_rake_percent"
"""The user field of a raked game's rake, in per cent of each pot (docs/rules.md §6.10):
a number (``5``, ``2.5``) or, when no decimal writes it exactly, a string (``'1/3'``)."""

RAKE_CAP_FIELD = "_rake_cap"
"""The user field of the most a raked game takes from one pot, in the file's money."""

RAKE_NO_FLOP_NO_DROP_FIELD = "_rake_no_flop_no_drop"
"""The user field saying whether a hand that ends on its first street is raked
(``false``) or not (``true``, the default)."""

_RAKE_FIELDS = (RAKE_PERCENT_FIELD, RAKE_CAP_FIELD, RAKE_NO_FLOP_NO_DROP_FIELD)


def unlimited_stack(history: HandHistory) -> int:
    r"""The chips a player whose PHH stack is ``inf`` plays with (in the hand's units).

    One more than the finite stacks, the forced bets and every ``cbr`` amount
    together: more than that player could ever put in, whatever the scale.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
    ...               "min_bet = 2\nstarting_stacks = [inf, 100]\nactions = ['p2 cbr 6']\n")
    >>> unlimited_stack(h)
    110
    """
    total = sum(history.antes) + (history.bring_in or 0) + 1
    for stack in history.starting_stacks:
        if stack is not None:
            total += stack
    for blind in history.blinds_or_straddles or ():
        total += abs(blind)
    for action in history.actions:
        amount = action.amount
        if amount is not None:
            total += amount
    return total


def seats_for(history: HandHistory) -> list[int]:
    r"""The seat of each PHH player (index ``K - 1`` of ``pK``).

    >>> from croupier import phh
    >>> text = ("variant = 'NS'\nantes = [1, 1]\nblinds_or_straddles = [2, 0]\nmin_bet = 2\n"
    ...         "starting_stacks = [50, 50]\nactions = []\n")
    >>> seats_for(phh.loads(text)), seats_for(phh.loads(text + "_button = 2\n"))
    ([1, 0], [0, 1])
    """
    n = len(history.starting_stacks)
    button = _button_of(history)
    if button is not None:
        return [1, 0] if n == 2 and button == 0 else list(range(n))
    return _seats_by_blinds(n, history.blinds_or_straddles)


def _seats_by_blinds(n: int, blinds: Sequence[int] | None) -> list[int]:
    """The seats the blinds as written give (heads-up: the smaller blind's poster on the button)."""
    if n == 2 and blinds is not None and blinds[1] < blinds[0]:
        return [1, 0]  # p1 posts the small blind (PHH lists heads-up blinds reversed)
    return list(range(n))


def _button_of(history: HandHistory) -> int | None:
    """The player (0 for ``p1``) the ``_button`` field puts on the button, if it is there."""
    value = history.extra.get(BUTTON_FIELD)
    if value is None:
        return None
    n = len(history.starting_stacks)
    if type(value) is not int or not 1 <= value <= n:
        raise PHHError(
            f"field {BUTTON_FIELD!r} must be the number of a player, 1 to {n}, got {value!r}",
            field=BUTTON_FIELD,
        )
    if history.blinds_or_straddles is None:
        raise PHHError(
            f"field {BUTTON_FIELD!r}: variant {history.variant} has no button",
            field=BUTTON_FIELD,
        )
    if n > 2 and value != n:
        raise PHHError(
            f"field {BUTTON_FIELD!r} must be {n}: with more than two players the last "
            f"player is on the button, got {value}",
            field=BUTTON_FIELD,
        )
    return value - 1


def _cap_of(history: HandHistory, fixed: bool) -> int | None:
    """The fixed-limit cap the ``_cap`` field gives, if it is there."""
    value = history.extra.get(CAP_FIELD)
    if value is None:
        return None
    if not fixed:
        raise PHHError(
            f"field {CAP_FIELD!r}: variant {history.variant} is not fixed-limit (it has no cap)",
            field=CAP_FIELD,
        )
    if type(value) is not int or value < 1:
        raise PHHError(
            f"field {CAP_FIELD!r} must be a positive int (the most bets and raises in a "
            f"round), got {value!r}",
            field=CAP_FIELD,
        )
    return value


def _runs_of(history: HandHistory) -> int:
    """The number of run-outs the ``_runs`` field gives (1 without it)."""
    value = history.extra.get(RUNS_FIELD)
    if value is None:
        return 1
    if type(value) is not int or not 2 <= value <= 3:
        raise PHHError(
            f"field {RUNS_FIELD!r} must be 2 or 3 (the times the board was run out), got {value!r}",
            field=RUNS_FIELD,
        )
    return value


def _rake_of(history: HandHistory) -> Rake | None:
    """The rake the ``_rake_*`` user fields give (docs/rules.md §7.1), if they are there."""
    extra = history.extra
    percent = extra.get(RAKE_PERCENT_FIELD)
    if percent is None:
        for name in _RAKE_FIELDS[1:]:
            if name in extra:
                raise PHHError(
                    f"field {name!r} needs the rake's percentage ({RAKE_PERCENT_FIELD!r})",
                    field=name,
                )
        return None
    if type(percent) not in (int, Decimal, str):
        raise PHHError(
            f"field {RAKE_PERCENT_FIELD!r} must be a number or a string such as '1/3', "
            f"got {excerpt(repr(percent))}",
            field=RAKE_PERCENT_FIELD,
        )
    cap = extra.get(RAKE_CAP_FIELD)
    if cap is not None:
        units: int | Decimal | None = None
        if type(cap) is int or (isinstance(cap, Decimal) and cap.is_finite()):
            units = cap * history.scale
        if units is None or units != int(units) or units <= 0:
            raise PHHError(
                f"field {RAKE_CAP_FIELD!r} must be a positive amount of the file's money, "
                f"got {excerpt(repr(cap))}",
                field=RAKE_CAP_FIELD,
            )
        cap = int(units)
    dropped = extra.get(RAKE_NO_FLOP_NO_DROP_FIELD, True)
    if type(dropped) is not bool:
        raise PHHError(
            f"field {RAKE_NO_FLOP_NO_DROP_FIELD!r} must be true or false, got {dropped!r}",
            field=RAKE_NO_FLOP_NO_DROP_FIELD,
        )
    try:
        return Rake(cast("int | Decimal | str", percent), cap, dropped)
    except ValueError as exc:
        raise PHHError(f"field {RAKE_PERCENT_FIELD!r}: {exc}", field=RAKE_PERCENT_FIELD) from None


def _rake_fields(rake: Rake) -> dict[str, object]:
    """The ``_rake_*`` user fields of ``rake`` (money at scale 1)."""
    percent = rake.percent
    written: object
    if percent.denominator == 1:
        written = percent.numerator
    else:
        with localcontext() as context:
            context.prec = 2 * len(str(percent.denominator)) + len(str(percent.numerator)) + 2
            decimal = Decimal(percent.numerator) / Decimal(percent.denominator)
        written = decimal if Fraction(decimal) == percent else str(percent)
    fields: dict[str, object] = {RAKE_PERCENT_FIELD: written}
    if rake.cap is not None:
        fields[RAKE_CAP_FIELD] = rake.cap
    fields[RAKE_NO_FLOP_NO_DROP_FIELD] = rake.no_flop_no_drop
    return fields


def _typed(value: object) -> tuple[type, object]:
    """A cache key part that tells ``1``, ``True`` and ``1.0`` apart."""
    return type(value), value


def _per_seat(values: Sequence[int], seat_of: Sequence[int]) -> tuple[int, ...]:
    out = [0] * len(seat_of)
    for player, seat in enumerate(seat_of):
        out[seat] = values[player]
    return tuple(out)


# Games are immutable values, and a corpus has few distinct ones (a table keeps
# its stakes): game_for makes each once, in a cache cleared when it reaches
# _CACHE_SIZE entries.
_CACHE_SIZE = 4096
# key -> (game, seat of each player, whether every player sits in his own seat,
# whether the game is stud)
_Entry = tuple[Game, tuple[int, ...], bool, bool]
_games: dict[tuple[object, ...], _Entry] = {}


def game_for(history: HandHistory) -> tuple[Game, list[int]]:
    r"""The :class:`Game` a hand history describes, and the seat of each player.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n"
    ...               "min_bet = 2\nstarting_stacks = [100, 100, 100]\nactions = []\n")
    >>> game, seats = game_for(h)
    >>> game.name, seats
    ("Texas Hold'em", [0, 1, 2])
    """
    entry = _entry(history)
    return entry[0], list(entry[1])


def _entry(history: HandHistory) -> _Entry:
    """The cached game of ``history`` and what replay needs to know of it."""
    key = (
        history.variant,
        history.antes,
        history.blinds_or_straddles,
        history.bring_in,
        history.small_bet,
        history.big_bet,
        history.min_bet,
        len(history.starting_stacks),
        _typed(history.extra.get(CAP_FIELD)),
        _typed(history.extra.get(BUTTON_FIELD)),
        *_rake_key(history),
    )
    found = _games.get(key)
    if found is None:
        made, seats = _make_game(history)
        found = (made, tuple(seats), seats == list(range(len(seats))), made.is_stud)
        if len(_games) >= _CACHE_SIZE:
            _games.clear()
        _games[key] = found
    return found


def _rake_key(history: HandHistory) -> tuple[object, ...]:
    """The part of a game's cache key that the ``_rake_*`` fields make (none: empty)."""
    extra = history.extra
    if not any(name in extra for name in _RAKE_FIELDS):
        return ()
    return (history.scale, *(_typed(extra.get(name)) for name in _RAKE_FIELDS))


def _make_game(history: HandHistory) -> tuple[Game, list[int]]:
    letter, variant = from_phh(history.variant)
    rules = rules_of(variant)
    structure = Structure.from_letter(letter)
    cap = _cap_of(history, structure is FIXED_LIMIT)
    more: dict[str, object] = {} if cap is None else {"cap": cap}
    rake = _rake_of(history)
    if rake is not None:
        more["rake"] = rake
    if rules.is_stud:
        if BUTTON_FIELD in history.extra:
            _button_of(history)  # raises: a stud game has no button
        if None in (history.bring_in, history.small_bet, history.big_bet):
            raise ValueError("a stud hand needs bring_in, small_bet and big_bet")
        assert history.small_bet is not None and history.big_bet is not None
        antes_tuple = tuple(history.antes)
        stud_game = game(
            variant,
            structure,
            antes=antes_tuple if len(set(antes_tuple)) > 1 else antes_tuple[0],
            bring_in=history.bring_in or 0,
            bets=(history.small_bet, history.big_bet),
            **more,
        )
        return stud_game, list(range(len(history.starting_stacks)))
    n = len(history.starting_stacks)
    seat_of = seats_for(history)
    blinds = history.blinds_or_straddles or (0,) * n
    if n == 2:
        # PHH heads-up: player 1 posts the second entry, player 2 the first.
        blinds = (blinds[1], blinds[0])
    seat_blinds = _per_seat(blinds, seat_of)
    antes = _per_seat(history.antes, seat_of)
    bets = None
    if structure is FIXED_LIMIT:
        if history.small_bet is None or history.big_bet is None:
            raise ValueError("a fixed-limit hand needs small_bet and big_bet")
        bets = (history.small_bet, history.big_bet)
    opening = history.min_bet if structure is not FIXED_LIMIT else None
    blind_game = game(
        variant,
        structure,
        antes=antes,
        seat_blinds=seat_blinds,
        opening_bet=opening or None,
        bets=bets,
        **more,
    )
    return blind_game, seat_of


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
    """A hand history played on the engine, read in the history's own order.

    ``source`` is the file's :class:`~croupier.phh.HandHistory`, ``hand`` the
    engine's :class:`~croupier.Hand` (numbered by seats, clockwise from the
    left of the button) and ``seats[p]`` the seat of the history's player
    ``p`` (``p1`` is player 0).  Every other attribute is indexed by the
    history's players, like its ``starting_stacks`` and ``finishing_stacks``.
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
    """Play a hand history's actions: a :class:`Replay` (finished if the file is).

    ``watch(hand, seat, action)``, when given, is called just before each
    player action is played, with the engine's hand as it stands (so a caller
    can see what the player faced: the amount to call, the stacks, the pot).
    Raises :class:`croupier.IllegalAction` (naming the action) for an action the
    rules do not allow, ``ValueError`` for a history that cannot be set up, and
    (unless ``check`` is false) :class:`~croupier.errors.PHHError` when the hand
    ends on other stacks than the file's ``finishing_stacks``.
    """
    game, seat_of, in_order, stud = _entry(history)
    starting = history.starting_stacks
    unlimited = unlimited_stack(history) if None in starting else 0
    stacks = [unlimited if s is None else s for s in starting]
    if not in_order:
        stacks = list(_per_seat(stacks, seat_of))
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
            runs=_runs_of(history),
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
            raise IllegalAction(f"{where}: it is not seat {seat}'s turn (actor: {hand.actor})")
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
            raise IllegalAction(f"{_where(history, index)}: {exc}") from None
    mucked = dealer.mucked
    while hand.showing:  # the file's mucks (pN sm); any other hand asked is shown
        if mucked is not None and hand.actor in mucked:
            hand.muck()
        else:
            hand.show()
    dealer.check_shown(hand)
    result = Replay(history, hand, seat_of)
    recorded = history.finishing_stacks
    if check and recorded is not None and hand.is_over and not hand.unsettled:
        ours = hand.stacks
        if [ours[seat] for seat in seat_of] != list(recorded):
            _check_finishing_stacks(history, result)  # raises unless every mismatch is inf's
    return result


def _where(history: HandHistory, index: int) -> str:
    """How an error names the history's action ``index`` (made only for errors)."""
    text = history.actions[index].to_text(scale=history.scale)
    return f"action {index} ({text if len(text) <= 60 else excerpt(text)})"  # a long comment


def _check_finishing_stacks(history: HandHistory, result: Replay) -> None:
    recorded = history.finishing_stacks
    assert recorded is not None
    for p, (ours, theirs) in enumerate(zip(result.stacks, recorded, strict=True)):
        if history.starting_stacks[p] is not None and ours != theirs:
            scale = history.scale
            raise PHHError(
                f"field 'finishing_stacks': p{p + 1} ends the hand with "
                f"{format_amount(ours, scale)}, the file says {format_amount(theirs, scale)} "
                "(replay(..., check=False) skips this check)",
                field="finishing_stacks",
            )


def history_of(hand: Hand) -> HandHistory:
    """The PHH hand history of a hand played on croupier (finished or not).

    Courchevel, which the PHH specification has no code for, is written as
    ``NC/8``, ``PC/8`` or ``FC/8`` (see ``croupier.phh.VARIANTS``).  What PHH
    has no field for is written as a user field that :func:`replay` reads
    (docs/rules.md §7.1): a fixed-limit cap other than 4 as ``_cap``, and
    the button's player (``_button``) of a heads-up hand whose button posts
    more than the other player (a button blind), which the blinds alone would
    seat the other way round; a raked game's rake as ``_rake_percent``,
    ``_rake_cap`` and ``_rake_no_flop_no_drop``.

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

    game = hand.game
    code = game.structure.letter + game.variant
    if code not in phh_codes(game.variant) or game.streets != rules_of(game.variant).streets:
        raise ValueError(f"{game.name} has no PHH variant code")
    n = hand.n_players
    antes, blinds = game.forced_bets(n)
    stud = game.is_stud
    if n == 2 and not stud:
        blinds = [blinds[1], blinds[0]]  # PHH lists heads-up blinds as [small, big]
    fixed = game.structure is FIXED_LIMIT
    extra: dict[str, object] = {}
    if fixed and game.cap != 4:
        extra[CAP_FIELD] = game.cap
    if n == 2 and not stud and _seats_by_blinds(n, blinds) != [0, 1]:
        extra[BUTTON_FIELD] = 2  # p2 (seat 1) is the button, though it posts more
    if game.rake is not None:
        extra.update(_rake_fields(game.rake))
    runs = len(hand.boards)
    if runs > 1:
        extra[RUNS_FIELD] = runs
    return HandHistory(
        variant=code,
        antes=tuple(antes),
        blinds_or_straddles=None if stud else tuple(blinds),
        bring_in=game.bring_in if stud else None,
        small_bet=game.bets[0] if fixed and game.bets else None,
        big_bet=game.bets[1] if fixed and game.bets else None,
        min_bet=None if fixed else game.min_bet,
        starting_stacks=hand.starting_stacks,
        actions=from_events(hand.events),
        finishing_stacks=hand.stacks if hand.is_over else None,
        extra=extra,
    )
