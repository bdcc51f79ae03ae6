"""Sessions: consecutive hands of one game at one table (:class:`Table`).

Players keep their numbers (0 to n-1) for the whole session.  Before each hand
the table seats the players still in, in the engine's order: in blind games
clockwise from the left of the button (the engine's last seat is the button),
and the button moves one player clockwise after each hand; in stud games the
players sit in their own order and the cards decide who acts.  Stacks carry
over; a player with no chips leaves, or buys in again for ``rebuy`` chips.
Forced bets may follow a schedule: ``(hand number, game)`` pairs, each game
in force from that hand on (:func:`levels` makes one level every N hands).
Every game of the schedule must seat the table's players (checked when the
table is made, with every other argument: a :class:`TableError` names the
problem).

The table keeps its last ``keep`` ended hands (50 by default, the hands a
player can look back on at a site's table): :attr:`Table.history` gives each
as a :class:`~croupier.phh.HandHistory` to replay, print or write to PHH,
with the hand's number (``hand``, from 1), the players in their seats
(``players``: ``"player 3"``; ``seats``: each player's number plus one, as
PHH numbers seats from 1) and the table's size (``seat_count``).  Only the
finished hands are held; the histories are written when asked for.

A ``Table`` belongs to one thread at a time: ``deal`` or ``end_hand`` while
another thread is inside one of them is refused with
:class:`croupier.errors.ConcurrentUse` and changes nothing (the hand it deals
is a :class:`~croupier.hand.Hand`, which refuses a second thread the same way).

>>> from croupier import NO_LIMIT, TexasHoldem
>>> table = Table(TexasHoldem(NO_LIMIT, (1, 2)), [100, 100, 100])
>>> hand = table.deal(seed=1)
>>> table.seats, table.button         # player 0 is the small blind, player 2 the button
((0, 1, 2), 2)
>>> while hand.actor is not None:
...     hand.check_or_call()
>>> table.end_hand(); sum(table.stacks), table.button, table.deal(seed=2) is table.hand
(300, 0, True)
>>> table.seats
(1, 2, 0)
>>> last = table.history[-1]
>>> last.hand, last.players, last.seats
(1, ('player 0', 'player 1', 'player 2'), (1, 2, 3))
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from croupier._guard import Guard
from croupier._validate import as_int, as_sequence, shown
from croupier.games import Game
from croupier.hand import Hand
from croupier.rake import Rake

if TYPE_CHECKING:
    from croupier.phh import HandHistory

__all__ = ["Level", "Table", "TableError", "levels"]


class TableError(ValueError):
    """A table set up or driven wrongly (a bad schedule, a hand not over …).

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> Level(-1, TexasHoldem(NO_LIMIT))
    Traceback (most recent call last):
    ...
    croupier.table.TableError: a level's hand number must be 0 or more, got -1
    """


@dataclass(frozen=True, slots=True)
class Level:
    """A level of a schedule: ``game`` is played from hand number ``hand`` (0 first) on.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> Level(10, TexasHoldem(NO_LIMIT, (2, 4))).hand
    10
    """

    hand: int
    game: Game

    def __post_init__(self) -> None:
        try:
            hand = as_int(self.hand, "a level's hand number")
        except ValueError as exc:
            raise TableError(str(exc)) from None
        if hand < 0:
            raise TableError(f"a level's hand number must be 0 or more, got {hand}")
        if not isinstance(self.game, Game):
            raise TableError(f"a level's game must be a croupier Game, got {shown(self.game)}")
        object.__setattr__(self, "hand", hand)

    @classmethod
    def of(cls, entry: object) -> Level:
        """A schedule entry as a level: a ``Level`` or a ``(hand number, game)`` pair.

        >>> Level.of(5)
        Traceback (most recent call last):
        ...
        croupier.table.TableError: a schedule entry is a Level or a (hand number, game) pair, got 5
        """
        if isinstance(entry, Level):
            return entry
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise TableError(
                f"a schedule entry is a Level or a (hand number, game) pair, got {shown(entry)}"
            )
        return cls(entry[0], entry[1])


def levels(games: Sequence[Game], every: int) -> tuple[Level, ...]:
    """A schedule of one level every ``every`` hands: ``games[k]`` from hand ``k * every``.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> [lv.hand for lv in levels([TexasHoldem(NO_LIMIT, (b, 2 * b)) for b in (1, 2, 5)], 50)]
    [0, 50, 100]
    """
    try:
        every = as_int(every, "every")
        listed = as_sequence(games, "games", "a sequence of games")
    except ValueError as exc:
        raise TableError(str(exc)) from None
    if every < 1:
        raise TableError(f"every must be at least 1 hand, got {every}")
    return tuple(Level(k * every, g) for k, g in enumerate(listed))  # type: ignore[arg-type]


class Table:
    """Consecutive hands of a game (see the module's documentation).

    ``schedule``: :class:`Level` values or ``(hand number, game)`` pairs,
    in increasing hand order; the first level may start later than hand 0
    (``game`` is played until then).  ``rebuy``: a busted player buys in
    again for that many chips (counted in :attr:`bought`), else leaves.
    ``rake``: a :class:`~croupier.Rake` the house takes from every hand's pots
    (every game of the schedule is played with it; docs/rules.md §6.10), in
    place of the games' own; ``None`` (the default) keeps the games' own.

    Attributes: ``initial``, the stacks the table started with; ``stacks_list``,
    each player's stack now (a list the table keeps; ``stacks`` is a copy);
    ``hands_played``, hands ended so far; ``bought`` and ``rebuy`` as above.

    >>> from croupier import KuhnPoker
    >>> table = Table(KuhnPoker(), [3, 3])
    >>> hand = table.deal(seed=2); hand.raise_to(1); hand.call(); table.end_hand()
    >>> sorted(table.stacks), table.hands_played
    ([1, 5], 1)
    """

    __slots__ = (
        "_button",
        "_guard",
        "_hand",
        "_kept",
        "_schedule",
        "_seats",
        "bought",
        "hands_played",
        "initial",
        "rebuy",
        "stacks_list",
    )

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        *,
        schedule: Sequence[Level | tuple[int, Game]] = (),
        rebuy: int | None = None,
        keep: int = 50,
        rake: Rake | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise TableError(f"game must be a croupier Game, got {shown(game)}")
        if rake is not None and not isinstance(rake, Rake):
            raise TableError(f"rake must be a croupier.Rake or None, got {shown(rake)}")
        try:
            chips = [
                as_int(s, f"stack of player {i}")
                for i, s in enumerate(as_sequence(stacks, "stacks", "a sequence of chip counts"))
            ]
            entries = as_sequence(schedule, "schedule", "a sequence of levels")
            if rebuy is not None:
                rebuy = as_int(rebuy, "rebuy")
            keep = as_int(keep, "keep")
        except ValueError as exc:
            raise TableError(str(exc)) from None
        if any(s <= 0 for s in chips):
            raise TableError(f"every stack must be positive, got {shown(chips)}")
        plan = [Level(0, game)]
        for entry in entries:
            level = Level.of(entry)
            start = level.hand
            if start < plan[-1].hand or (start == plan[-1].hand and len(plan) > 1):
                raise TableError(f"schedule hand numbers must increase, got {start}")
            if start == 0:
                plan[0] = level
            else:
                plan.append(level)
        if rake is not None:  # every level's game, raked
            plan = [Level(level.hand, replace(level.game, rake=rake)) for level in plan]
        for level in plan:  # every game of the schedule seats these players
            if not level.game.min_players <= len(chips) <= level.game.max_players:
                raise TableError(
                    f"{level.game.name} (from hand {level.hand}) seats "
                    f"{level.game.min_players} to {level.game.max_players} players, "
                    f"the table has {len(chips)}"
                )
        if rebuy is not None and rebuy <= 0:
            raise TableError(f"rebuy must be a positive number of chips, got {rebuy}")
        if keep < 0:
            raise TableError(f"keep must be a number of hands (0 or more), got {keep}")
        self._start(tuple(plan), tuple(chips), rebuy, keep)

    def _start(
        self,
        schedule: tuple[Level, ...],
        initial: tuple[int, ...],
        rebuy: int | None,
        keep: int,
    ) -> None:
        """The state of a table that has played no hand (its arguments checked)."""
        self._schedule = schedule
        self.initial = initial
        self.stacks_list = list(initial)
        self.rebuy = rebuy
        self.bought = 0
        self.hands_played = 0
        self._hand: Hand | None = None
        self._button = len(initial) - 1
        self._seats: tuple[int, ...] = ()
        self._guard = Guard("the table")
        # The last ended hands: (hand number, seats, hand); histories on demand.
        self._kept: deque[tuple[int, tuple[int, ...], Hand]] = deque(maxlen=keep)

    def _fresh(self) -> Table:
        """A new table as this one was made (its game, schedule, stacks and rebuy),
        without checking them again (PokerEnv.reset: one a hand)."""
        table = object.__new__(Table)
        table._start(self._schedule, self.initial, self.rebuy, self._kept.maxlen or 0)
        return table

    @property
    def game(self) -> Game:
        """The game of the next (or current) hand, by the schedule."""
        if len(self._schedule) == 1:
            return self._schedule[0].game
        current = self._schedule[0].game
        for level in self._schedule:
            if level.hand > self.hands_played:
                break
            current = level.game
        return current

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips (0: left the table); during a hand, as it started."""
        return tuple(self.stacks_list)

    @property
    def players(self) -> tuple[int, ...]:
        """The players still at the table (with chips), in player order."""
        return tuple([i for i, s in enumerate(self.stacks_list) if s > 0])

    @property
    def button(self) -> int:
        """The player on the button (blind games; stud: the last player seated)."""
        return self._button

    @property
    def seats(self) -> tuple[int, ...]:
        """The player in each engine seat of the current (or last) hand."""
        return self._seats

    @property
    def hand(self) -> Hand | None:
        """The hand being played, or None between hands."""
        return self._hand

    @property
    def history(self) -> tuple[HandHistory, ...]:
        """The last ended hands (at most ``keep``), oldest first, as hand histories.

        >>> from croupier import NO_LIMIT, TexasHoldem, phh
        >>> table = Table(TexasHoldem(NO_LIMIT, (1, 2)), [100, 100, 100], keep=2)
        >>> for seed in range(3):
        ...     hand = table.deal(seed=seed)
        ...     hand.fold(); hand.fold()
        ...     table.end_hand()
        >>> [h.hand for h in table.history], table.history[-1].players
        ([2, 3], ('player 2', 'player 0', 'player 1'))
        >>> "seat_count = 3" in phh.dumps(table.history[-1])
        True
        """
        from croupier.replay import history_of

        size = len(self.initial)
        return tuple(
            replace(
                history_of(hand),
                hand=number,
                players=tuple([f"player {p}" for p in seats]),
                seats=tuple([p + 1 for p in seats]),
                seat_count=size,
            )
            for number, seats, hand in self._kept
        )

    @property
    def is_over(self) -> bool:
        """Fewer than two players are left (the session cannot go on)."""
        return len(self.players) < 2

    def deal(self, seed: int | None = None) -> Hand:
        """Seat the players and start the next hand (play it, then :meth:`end_hand`)."""
        with self._guard:
            return self._deal(seed)

    def _deal(self, seed: int | None) -> Hand:
        if self._hand is not None:
            raise TableError("the current hand is not ended: call end_hand first")
        players = self.players
        if len(players) < 2:
            raise TableError("fewer than two players are left: the session is over")
        game = self.game
        button = self._button
        if _is_stud(game):
            seats = players
            button = players[-1]
        else:
            if button not in players:  # the button left: the next player has it
                button = self._next(button, players)
            k = players.index(button)
            seats = players[k + 1 :] + players[: k + 1]
        hand = Hand(game, [self.stacks_list[p] for p in seats], seed=seed)  # game.start
        # The hand is dealt: a refused one (a bad seed) changed nothing.
        self._button, self._seats, self._hand = button, seats, hand
        return hand

    def end_hand(self) -> None:
        """Carry the finished hand's stacks over, let busted players leave (or rebuy)
        and move the button one player clockwise."""
        with self._guard:
            self._end_hand()

    def _end_hand(self) -> None:
        hand = self._hand
        if hand is None or not hand.is_over:
            raise TableError("no finished hand to end")
        for player, stack in zip(self._seats, hand.stacks, strict=True):
            self.stacks_list[player] = stack
        if self.rebuy is not None:
            for player in self._seats:
                if self.stacks_list[player] == 0:
                    self.stacks_list[player] = self.rebuy
                    self.bought += self.rebuy
        self._hand = None
        self.hands_played += 1
        if self._kept.maxlen:
            self._kept.append((self.hands_played, self._seats, hand))
        if not _is_stud(self.game):
            self._button = self._next(self._button, self._seats)
        players = self.players
        if players and self._button not in players:
            self._button = self._next(self._button, players)

    def _next(self, player: int, among: Sequence[int]) -> int:
        """The first of ``among`` clockwise after ``player``."""
        n = len(self.stacks_list)
        for k in range(1, n + 1):
            candidate = (player + k) % n
            if candidate in among:
                return candidate
        return player


# Whether each game is a stud game (the stud button stays put), worked out once
# per game: Game.is_stud reads the variant's rules (games are immutable).
_STUD: dict[int, tuple[Game, bool]] = {}


def _is_stud(game: Game) -> bool:
    found = _STUD.get(id(game))
    if found is None or found[0] is not game:
        if len(_STUD) >= 1024:
            _STUD.clear()
        found = _STUD[id(game)] = (game, game.is_stud)
    return found[1]
