r"""The table a PHH hand history describes: its game, where its players sit, and the
fields that write a croupier game back into PHH.

:func:`game_for` reads a history's variant, forced bets, stakes and user
fields and gives the :class:`~croupier.games.Game` and each player's seat
(one ``Game`` per stakes, cached: a corpus has few); :func:`table_fields` is
the other way round, the fields of a played hand's game
(:func:`croupier.replay.history_of` writes them).

>>> from croupier import phh
>>> h = phh.loads("variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\n"
...               "small_bet = 2\nbig_bet = 4\nstarting_stacks = [50, 50]\nactions = []\n"
...               "_cap = 3\n")
>>> game, seats = game_for(h)
>>> game.name, game.cap, seats
("Texas Hold'em", 3, [1, 0])

Choices (PHH leaves them to the reader):

* Player ``pK`` sits at seat ``K - 1`` (seats count from the left of the
  button).  Heads-up, PHH lists the blinds as ``[small, big]`` but the button
  posts the small blind: the player posting the smaller blind is put on the
  button seat (seat 1), whatever its ``pK``, unless the user field
  ``_button`` (``1`` or ``2``) names the button's player.
* Fixed limit: a round has a bet and at most three raises (``cap`` 4),
  unless the user field ``_cap`` gives another cap.  :func:`table_fields`
  writes both fields only when they are needed (docs/rules.md §7.1).
* Rake (docs/rules.md §6.10): PHH has no field for it; the user fields
  ``_rake_percent``, ``_rake_cap`` (in the file's money) and
  ``_rake_no_flop_no_drop`` give the game's :class:`~croupier.Rake`; without
  them no rake is taken (a file's ``winnings`` and ``finishing_stacks`` net
  of a rake it does not describe do not match).
* A site's rake (docs/rules.md §7.4): the user field ``_rake`` is the amount the
  house took from the hand, as the site wrote it; the game has no
  :class:`~croupier.Rake` and :func:`croupier.replay.replay` checks the file's
  stacks net of it.
* Run it twice (docs/rules.md §6.11): the user field ``_runs`` (2 or 3).
* An unlimited stack (``inf``) plays as :func:`unlimited_stack` chips: one
  more than every other amount of the hand together, so no action of the file
  can find it short, at any scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import NamedTuple, cast

from croupier.errors import PHHError, excerpt
from croupier.games import Game, game
from croupier.rake import Rake
from croupier.structures import FIXED_LIMIT, Structure
from croupier.variants import from_phh, phh_codes, rules_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.hand import Hand
    from croupier.phh import HandHistory

__all__ = [
    "BUTTON_FIELD",
    "CAP_FIELD",
    "RAKE_CAP_FIELD",
    "RAKE_NO_FLOP_NO_DROP_FIELD",
    "RAKE_PERCENT_FIELD",
    "RAKE_TAKEN_FIELD",
    "RUNS_FIELD",
    "Setup",
    "game_for",
    "per_seat",
    "runs_for",
    "seats_for",
    "setup_for",
    "table_fields",
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

RAKE_TAKEN_FIELD = "_rake"
"""The user field of the chips a poker site's house took from this hand (its rake, jackpot
and other fees together), in the file's money: a hand imported by :mod:`croupier.sites`,
whose ``finishing_stacks`` and ``winnings`` are net of it (docs/rules.md §7.4)."""

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


def runs_for(history: HandHistory) -> int:
    r"""The number of run-outs the ``_runs`` field gives (1 without it).

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    ...         "starting_stacks = [50, 50]\nactions = []\n")
    >>> runs_for(phh.loads(text)), runs_for(phh.loads(text + "_runs = 2\n"))
    (1, 2)
    """
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


def per_seat(values: Sequence[int], seat_of: Sequence[int]) -> tuple[int, ...]:
    """Values listed by player (``p1`` first) put in seat order (``seat_of``: each
    player's seat).

    >>> per_seat([10, 20], [1, 0])
    (20, 10)
    """
    out = [0] * len(seat_of)
    for player, seat in enumerate(seat_of):
        out[seat] = values[player]
    return tuple(out)


# Games are immutable values, and a corpus has few distinct ones (a table keeps
# its stakes): game_for makes each once, in a cache cleared when it reaches
# _CACHE_SIZE entries.
_CACHE_SIZE = 4096


class Setup(NamedTuple):
    """What replay needs to know of a history's table (:func:`setup_for`): the
    ``game``, the ``seats`` of the players, whether they sit ``in_order`` and
    whether the game is ``stud``.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> Setup(TexasHoldem(NO_LIMIT), (0, 1), True, False).seats
    (0, 1)
    """

    game: Game
    seats: tuple[int, ...]  # the seat of each player (``p1`` first)
    in_order: bool  # every player sits in the seat of their number
    stud: bool


_games: dict[tuple[object, ...], Setup] = {}


def game_for(history: HandHistory) -> tuple[Game, list[int]]:
    r"""The :class:`Game` a hand history describes, and the seat of each player.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n"
    ...               "min_bet = 2\nstarting_stacks = [100, 100, 100]\nactions = []\n")
    >>> game, seats = game_for(h)
    >>> game.name, seats
    ("Texas Hold'em", [0, 1, 2])
    """
    setup = setup_for(history)
    return setup.game, list(setup.seats)


def setup_for(history: HandHistory) -> Setup:
    r"""The cached game of ``history`` and what replay needs to know of it.

    >>> from croupier import phh
    >>> h = phh.loads("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\n"
    ...               "min_bet = 2\nstarting_stacks = [100, 80]\nactions = []\n")
    >>> setup = setup_for(h)
    >>> setup.seats, setup.in_order, setup.stud, setup_for(h) is setup
    ((1, 0), False, False, True)
    """
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
        found = Setup(made, tuple(seats), seats == list(range(len(seats))), made.is_stud)
        if len(_games) >= _CACHE_SIZE:
            _games.clear()
        _games[key] = found
    return found


def _rake_key(history: HandHistory) -> tuple[object, ...]:
    """The part of a game's cache key that the ``_rake_*`` fields make (none: empty)."""
    extra = history.extra
    if not extra or not any([name in extra for name in _RAKE_FIELDS]):
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
    seat_blinds = per_seat(blinds, seat_of)
    antes = per_seat(history.antes, seat_of)
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


def table_fields(hand: Hand) -> dict[str, object]:
    """The PHH fields of ``hand``'s table: the variant code, forced bets, stakes and
    the user fields croupier's readers need (``extra``), as keyword arguments of
    :class:`~croupier.phh.HandHistory`.

    Courchevel, which the PHH specification has no code for, is written as
    ``NC/8``, ``PC/8`` or ``FC/8`` (see ``croupier.phh.VARIANTS``).  What PHH
    has no field for is a user field (docs/rules.md §7.1), written only when
    needed: a fixed-limit cap other than 4 as ``_cap``; the button's player
    (``_button``) of a heads-up hand whose button posts more than the other
    player (a button blind), which the blinds alone would seat the other way
    round; a raked game's rake as ``_rake_percent``, ``_rake_cap`` and
    ``_rake_no_flop_no_drop``; a hand run out more than once as ``_runs``.

    >>> from croupier import TexasHoldem
    >>> game = TexasHoldem("fixed-limit", (1, 2), bets=(2, 4), cap=3)
    >>> fields = table_fields(game.start([50, 50]))
    >>> fields["variant"], fields["blinds_or_straddles"], fields["extra"]
    ('FT', (1, 2), {'_cap': 3})
    """
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
    return {
        "variant": code,
        "antes": tuple(antes),
        "blinds_or_straddles": None if stud else tuple(blinds),
        "bring_in": game.bring_in if stud else None,
        "small_bet": game.bets[0] if fixed and game.bets else None,
        "big_bet": game.bets[1] if fixed and game.bets else None,
        "min_bet": None if fixed else game.min_bet,
        "extra": extra,
    }
