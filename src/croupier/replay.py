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
* Hole and board cards are checked against what the engine deals; ``sm``
  lines are accepted after the hand is settled (cards speak).
* Draw games: ``pN sd cards`` discards those cards (``pN sd`` stands pat) and
  the next ``d dh pN`` line deals the replacements, whether it follows the
  discard at once or after the other players' discards; the engine deals
  them in the order of the ``sd`` lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import cast

from croupier.actions import format_amount, from_events
from croupier.cards import card_texts
from croupier.errors import IllegalAction, PHHError, WrongBringIn, excerpt
from croupier.games import Game, game
from croupier.hand import UNKNOWN, Hand
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
    "Replay",
    "game_for",
    "history_of",
    "replay",
    "seats_for",
    "unlimited_stack",
]

CAP_FIELD = "_cap"
"""The user field of a fixed-limit hand's cap (bets and raises in a round) when it is not 4."""

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
# whether the game is stud, whether it draws, the dealing plan of _flop_deck)
_Entry = tuple[Game, tuple[int, ...], bool, bool, bool, tuple[tuple[int, int], ...]]
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
        n = len(seats)
        plan: list[tuple[int, int]] = []
        if not (made.is_stud or made.is_draw):
            # The engine's dealing order (Game.deals), every seat in: in these
            # games every hole card is dealt before anyone can fold.
            dealt = [0] * (n + 1)  # cards so far of each seat, then of the board
            for street in made.streets:
                for target, count in made.deals(street, range(n)):
                    where = n if target is None else target
                    for _ in range(count):
                        plan.append((where, dealt[where]))
                        dealt[where] += 1
        found = (
            made,
            tuple(seats),
            seats == list(range(n)),
            made.is_stud,
            made.is_draw,
            tuple(plan),
        )
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


def _shown(history: HandHistory) -> dict[int, list[int]]:
    """The cards each player (PHH index) shows at showdown, ``UNKNOWN`` for ``??``."""
    return {
        action.actor: [UNKNOWN if c is None else c for c in action.cards]
        for action in history.actions
        if action.kind == "sm" and action.actor is not None and action.cards
    }


def _stud_deck(history: HandHistory) -> list[int]:
    """Stud deals street by street to the players still in, as the file lists them."""
    shown = _shown(history)
    deck: list[int] = []
    dealt = [0] * len(history.starting_stacks)
    for action in history.actions:
        if action.kind not in ("dh", "db"):
            continue
        for c in action.cards:
            card = UNKNOWN if c is None else c
            if action.kind == "dh" and action.target is not None:
                k = dealt[action.target]
                seen = shown.get(action.target, [])
                if card == UNKNOWN and k < len(seen):
                    card = seen[k]
                dealt[action.target] += 1
            deck.append(card)
    return deck + [UNKNOWN] * (52 - len(deck))


def _draw_deck(history: HandHistory, game: Game, seat_of: Sequence[int]) -> list[int]:
    """Draw games: each seat's hand, then every draw's replacements in ``sd`` order.

    A player's first ``d dh`` line is their hand; each later one deals the
    replacements of their last discard.  The cards are followed through the
    draws so that those shown at the showdown fill the unknown ones they held.
    """
    n = len(seat_of)
    cells: list[int] = []  # every card dealt, as the history has it (UNKNOWN for ??)
    first: list[list[int] | None] = [None] * n  # the cells of each player's first hand
    held: list[list[int]] = [[] for _ in range(n)]  # the cells each player holds
    waiting: list[int | None] = [None] * n  # the discard whose replacements are due
    draws: list[list[int]] = []  # the replacement cells of each discard, in sd order
    for action in history.actions:
        p = action.actor if action.kind == "sd" else action.target
        if p is None or p >= n or action.kind not in ("sd", "dh"):
            continue
        cards = [UNKNOWN if c is None else c for c in action.cards]
        if action.kind == "dh":
            new = list(range(len(cells), len(cells) + len(cards)))
            cells.extend(cards)
            due = waiting[p]
            if first[p] is None:
                first[p] = new
            elif due is not None and len(draws[due]) == len(new):
                draws[due] = new
                waiting[p] = None
            else:
                wanted = 0 if due is None else len(draws[due])
                raise ValueError(f"p{p + 1} is dealt {len(new)} cards after discarding {wanted}")
            held[p].extend(new)
            continue
        hand = held[p]
        for card in cards:  # the discards leave the hand (a known card may name a ??)
            match = next((c for c in hand if cells[c] == card), None)
            if match is None:
                match = next((c for c in hand if cells[c] == UNKNOWN), None)
                if match is not None:
                    cells[match] = card
            if match is not None:
                hand.remove(match)
        if cards:
            draws.append([-1] * len(cards))
            waiting[p] = len(draws) - 1
    for player, shown in _shown(history).items():
        if player >= n:
            continue
        hand = held[player]
        rest = list(shown)
        for c in hand:
            if cells[c] != UNKNOWN:
                if cells[c] not in rest and UNKNOWN not in rest:
                    raise ValueError(
                        f"p{player + 1} shows {card_texts(shown)} but holds "
                        f"{card_texts(cells[c] for c in hand)}"
                    )
                rest.remove(cells[c] if cells[c] in rest else UNKNOWN)
        for c in hand:
            if cells[c] == UNKNOWN and rest:
                cells[c] = rest.pop(0)
    hand_size = game.streets[0].hole
    deck: list[int] = []
    for seat in range(n):
        dealt = [cells[c] for c in first[seat_of.index(seat)] or ()][:hand_size]
        deck.extend(dealt + [UNKNOWN] * (hand_size - len(dealt)))
    for slots in draws:
        deck.extend(UNKNOWN if c < 0 else cells[c] for c in slots)
    return deck


def _flop_deck(
    history: HandHistory, seat_of: Sequence[int], plan: tuple[tuple[int, int], ...]
) -> list[int]:
    """The deck of a flop game: ``plan`` gives the (seat, or ``n`` for the board,
    and its card number) of each card in dealing order (see :func:`_entry`)."""
    n = len(seat_of)
    dealt: list[list[int]] = [[] for _ in range(n + 1)]  # each seat's cards, then the board
    shown = False
    for action in history.actions:
        kind = action.kind
        if kind == "dh":
            target = action.target
            if target is not None:
                hole = dealt[seat_of[target]]
                for c in action.cards:
                    hole.append(UNKNOWN if c is None else c)
        elif kind == "db":
            board = dealt[n]
            for c in action.cards:
                board.append(UNKNOWN if c is None else c)
        elif kind == "sm" and action.cards:
            shown = True
    if shown:
        _fill_shown(history, seat_of, dealt)
    return [dealt[where][k] if k < len(dealt[where]) else UNKNOWN for where, k in plan]


def _fill_shown(history: HandHistory, seat_of: Sequence[int], holes: list[list[int]]) -> None:
    """The cards shown at showdown fill the unknown hole cards (``holes`` per seat)."""
    for player, cards in _shown(history).items():
        seat = seat_of[player]
        hole = holes[seat]
        if len(cards) == len(hole):
            for k, (dealt, seen) in enumerate(zip(hole, cards, strict=True)):
                if dealt == UNKNOWN:
                    hole[k] = seen
                elif seen not in (dealt, UNKNOWN) and sorted(hole) != sorted(cards):
                    raise ValueError(f"seat {seat} shows {cards} but was dealt {hole}")


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
    game, seat_of, in_order, stud, draws, plan = _entry(history)
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
        deck = _stud_deck(history)
    elif draws:
        deck = _draw_deck(history, game, seat_of)
    else:
        deck = _flop_deck(history, seat_of, plan)
    try:
        hand = Hand(game, stacks, deck=deck, bring_in_seat=bring_in_seat)
    except WrongBringIn as exc:
        raise IllegalAction(f"the wrong seat brings in: {exc}") from None
    for index, action in enumerate(history.actions):
        actor, kind = action.actor, action.kind
        if actor is None or kind == "sm":
            continue  # dealing (done from the deck) and showing (cards speak)
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
                hand.discard([UNKNOWN if c is None else c for c in action.cards])
            elif kind == "sd":
                hand.stand_pat()
            else:
                raise IllegalAction(f"{kind!r} is not an action of this game")
        except IllegalAction as exc:
            raise IllegalAction(f"{_where(history, index)}: {exc}") from None
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
