"""What a hand reads of its game at every deal: the plan of a game and table size, and
the order in which a street's cards are dealt.

>>> from croupier import Razz
>>> plan = _plan(Razz(), 3)
>>> plan[1], plan[3], plan[5]   # stud, draws, the cards a hand needs
(True, False, 21)
>>> deal_order(Razz().streets[0], [0, 2])
[(0, 3), (2, 3)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from croupier.structures import FIXED_LIMIT

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Protocol

    from croupier.rake import Rake
    from croupier.structures import Structure
    from croupier.variants import Street, Variant

    class Game(Protocol):
        """What the engine reads of a :class:`croupier.games.Game` (for type checking).

        The engine does not import ``croupier.games``, which imports the engine
        to deal hands (``Game.start``): this keeps the modules in one order.
        """

        # (One typed property a line: what the engine reads, no logic.)
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


# What the engine reads of a game at every deal, worked out once per game and
# table size (games are immutable): (game, is_stud, fixed limit, draws, min_bet,
# cards needed, the forced bets (_bets_of) or None when the game cannot seat that
# many, whether any street deals up cards, the shared up cards of a game without
# them, the game's cards as a list).
# The cache is keyed by the game's id and holds the game, so the id stays its own
# while cached; it is cleared when it reaches _PLANS_SIZE entries.
_PLANS_SIZE = 1024
_ForcedBets = tuple[tuple[int, ...], tuple[int, ...], int, int]
_Plan = tuple[
    "Game", bool, bool, bool, int, int, _ForcedBets | None, bool, list[list[int]], list[int]
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
    bets: _ForcedBets | None
    try:
        bets = _bets_of(game, n)
    except ValueError:
        bets = None
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


def _forced_bets(game: Game, plan: _Plan, n: int) -> _ForcedBets:
    """The antes and blinds of a hand of ``n`` players, and the largest live blind and
    its seat (:func:`_bets_of`): the game's error when it cannot seat them."""
    planned = plan[6]
    return planned if planned is not None else _bets_of(game, n)


def _bets_of(game: Game, n: int) -> _ForcedBets:
    """The antes and blinds of a hand of ``n`` players (the game's error when it cannot
    seat them), and the largest live blind (the big blind or a straddle) and its
    seat: the opening bet pre-flop, at its full amount even when posted all-in for
    less; the player to its left acts first."""
    found = game.forced_bets(n)  # raises the game's error
    antes, blinds = tuple(found[0]), tuple(found[1])
    live = [(amount, seat) for seat, amount in enumerate(blinds) if amount > 0]
    level, seat = max(live) if live else (0, n - 1)
    return antes, blinds, level, seat
