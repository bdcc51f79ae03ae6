"""The observation: one fixed-length float32 vector per player, laid out from the game's data.

:class:`Encoder` lays out, for a game and a number of seats ``n`` (``D`` is
the number of cards of the game's deck, ``S`` its number of streets), in
this order:

====================  ===========  =============================================
block                 length       content
====================  ===========  =============================================
``own``               D            1 for each card the player holds
``board``             D            1 for each community card
``up``                n * D        stud only: each seat's up cards, the
                                   player's own seat first, then clockwise
``seats``             6 * n        per seat from the player clockwise: stack,
                                   bet this round, chips put in this hand (in
                                   big blinds), folded, all-in, seated
``pot``               4            pot, to call, min and max "raise to" of the
                                   player when it is their turn (big blinds)
``street``            S            one-hot: the current street
``position``          n            one-hot: the player's seat (the last seat
                                   is the button)
``turn``              n + 1        one-hot: the actor, from the player
                                   clockwise; then 1 when it is the player's
``betting``           S * n * 3    per street and seat (from the player): checks
                                   and calls, bets and raises, the largest
                                   "raise to" (big blinds)
``draws``             R * n * 2    draw games only (``R`` draws): per draw and
                                   seat (from the player), 1 once the seat has
                                   drawn, and the number of cards it discarded
====================  ===========  =============================================

A big blind is ``game.min_bet``: the big blind, or the small bet of a
fixed-limit or stud game.  The betting summary is kept by the caller (the
environments update it with :meth:`Encoder.record` after each action).

>>> from croupier import KuhnPoker
>>> enc = Encoder(KuhnPoker(), 2)
>>> enc.size, enc.offsets["seats"]
(34, 6)
>>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
>>> obs = enc.encode(hand, 0, enc.new_summary())
>>> obs[:3].tolist(), float(obs[enc.offsets["pot"]])       # holds the king; pot of 2 antes
([0.0, 0.0, 1.0], 2.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from croupier._validate import as_int
from croupier.env._rules import record
from croupier.events import EventKind
from croupier.games import Game
from croupier.hand import Hand

__all__ = ["MAX_CHIPS", "Encoder", "check_chips"]

Array = npt.NDArray[np.float32]

MAX_CHIPS = 10**30
"""The most chips an environment's table may hold (its stacks together, a
session's rebuys counted as if each player bought in 10,000 times): every
observation entry and every float32 reward then stays finite (float32 ends
near 3.4e38), with room to spare."""


def check_chips(stacks: Sequence[int], rebuy: int | None = None) -> int:
    """The chips of a table with these stacks (and rebuys), or a ``ValueError`` when
    they are more than :data:`MAX_CHIPS` (the observations would not be finite).

    >>> check_chips([100, 100], rebuy=50)
    1000200
    >>> check_chips([10**39, 10**39])
    Traceback (most recent call last):
    ...
    ValueError: the stacks hold 2e+39 chips, more than 1e+30: observations would not be finite
    """
    total = sum(stacks) + (rebuy or 0) * 10_000 * len(stacks)
    if total > MAX_CHIPS:
        raise ValueError(
            f"the stacks hold {float(total):.0e} chips, more than {float(MAX_CHIPS):.0e}: "
            "observations would not be finite"
        )
    return total


class Encoder:
    """The observation layout of a game for ``n`` seats (see the module's documentation).

    Attributes: ``game`` and ``n``; ``size``, the vector's length; ``offsets``, where
    each block starts (by the block's name); ``streets``, each street's index by
    name; ``deck_index``, each card's place in the game's deck; ``bb``, the big
    blind (amounts are written in big blinds); ``stud`` and ``draws``, whether
    the game deals up cards or draws.

    >>> from croupier import KuhnPoker
    >>> enc = Encoder(KuhnPoker(), 2)
    >>> enc.size, enc.offsets["board"], enc.streets
    (34, 3, {'preflop': 0})
    """

    __slots__ = (
        "_cache",
        "_draw_rounds",
        "_gather",
        "_rotations",
        "bb",
        "deck_index",
        "draws",
        "game",
        "n",
        "offsets",
        "size",
        "streets",
        "stud",
    )

    def __init__(self, game: Game, n: int) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game must be a croupier Game, got {type(game).__name__}")
        n = as_int(n, "n")
        if not game.min_players <= n <= game.max_players:
            raise ValueError(f"{game.name} seats {game.min_players} to {game.max_players}, not {n}")
        self.game = game
        self.n = n
        self.stud = game.is_stud
        self.draws = game.is_draw
        self.bb = float(game.min_bet)
        self.deck_index = {card: k for k, card in enumerate(game.deck)}
        self.streets = {street.name: k for k, street in enumerate(game.streets)}
        d, s = len(game.deck), len(game.streets)
        lengths = {
            "own": d,
            "board": d,
            "up": n * d if self.stud else 0,
            "seats": 6 * n,
            "pot": 4,
            "street": s,
            "position": n,
            "turn": n + 1,
            "betting": s * n * 3,
            "draws": sum(street.draw for street in game.streets) * n * 2,
        }
        offsets, at = {}, 0
        for name, length in lengths.items():
            offsets[name] = at
            at += length
        self.offsets = offsets
        self.size = at
        self._draw_rounds = lengths["draws"] // (2 * n)
        self._cache: dict[tuple[Hand, int, str, int, tuple[int, ...]], Array] = {}
        # The betting summary seen from each seat: a flat index into (streets, seats, 3).
        flat = np.arange(s * n * 3).reshape(s, n, 3)
        self._rotations = {
            m: [[(seat + k) % m for k in range(m)] for seat in range(m)] for m in range(1, n + 1)
        }
        self._gather = [
            flat[:, [(seat + k) % n for k in range(n)]].reshape(-1) for seat in range(n)
        ]

    def new_summary(self) -> Array:
        """An empty betting summary (streets x seats x 3), for :meth:`record`."""
        return np.zeros((len(self.streets), self.n, 3), dtype=np.float32)

    def record(self, summary: Array, street: int, seat: int, raise_to: int | None) -> None:
        """Count an action of ``seat`` on street number ``street`` in ``summary``:
        a check or call (``raise_to`` None) or a bet or raise to ``raise_to``."""
        record(summary, street, seat, raise_to, self.bb)

    def _cards(self, hand: Hand, seat: int) -> Array:
        """The card blocks (own, board, up) of ``seat``: they change only when cards are
        dealt (or drawn: in draw games the cards held are part of the key)."""
        key = (hand, seat, hand.street, len(hand.board), hand.hole(seat) if self.draws else ())
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if len(self._cache) > 4096:
            self._cache.clear()
        cards = np.zeros(self.offsets["seats"], dtype=np.float32)
        index, off = self.deck_index, self.offsets
        for card in hand.hole(seat):
            if card >= 0:
                cards[index[card]] = 1.0
        at = off["board"]
        for card in hand.board:
            if card >= 0:
                cards[at + index[card]] = 1.0
        if self.stud:
            np_, d = hand.n_players, len(index)
            for k in range(np_):
                base = off["up"] + k * d
                for card in hand.up_cards((seat + k) % np_):
                    if card >= 0:
                        cards[base + index[card]] = 1.0
        self._cache[key] = cards
        return cards

    def encode(self, hand: Hand, seat: int, summary: Array, out: Array | None = None) -> Array:
        """The observation of ``seat`` (written into ``out`` when given)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        n, np_ = self.n, hand.n_players
        off, bb = self.offsets, self.bb
        at = off["seats"]
        out[:at] = self._cards(hand, seat)
        stacks, bets, put, folded = hand.stacks, hand.bets, hand.contributions, hand.folded
        values: list[float] = []
        for other in self._rotations[np_][seat]:
            stack = stacks[other]
            values += (
                stack / bb,
                bets[other] / bb,
                put[other] / bb,
                folded[other],
                stack == 0 and not folded[other],
                1.0,
            )
        out[at : at + len(values)] = values
        at = off["pot"]
        out[at] = hand.pot / bb
        actor = hand.actor
        if actor == seat:
            out[at + 1] = hand.to_call / bb
            lo = hand.min_raise_to
            if lo is not None:
                out[at + 2] = lo / bb
                out[at + 3] = (hand.max_raise_to or lo) / bb
        out[off["street"] + self.streets[hand.street]] = 1.0
        out[off["position"] + seat] = 1.0
        if actor is not None:
            out[off["turn"] + (actor - seat) % np_] = 1.0
            if actor == seat:
                out[off["turn"] + n] = 1.0
        at = off["betting"]
        if np_ == n:
            out[at : off["draws"]] = summary.reshape(-1).take(self._gather[seat])
        else:
            rows = summary[:, [(seat + k) % np_ for k in range(np_)]]
            out[at : off["draws"]].reshape(len(self.streets), n, 3)[:, :np_] = rows
        if self._draw_rounds:
            self._draws(hand, seat, out)
        return out

    def _draws(self, hand: Hand, seat: int, out: Array) -> None:
        """The ``draws`` block of ``seat``: the ``k``-th draw of a seat is its ``k``-th
        ``DRAW`` event (every seat still in draws once a round, in seat order)."""
        np_, at = hand.n_players, self.offsets["draws"]
        rounds = [0] * np_
        for event in hand.events:
            if event.kind is EventKind.DRAW:
                other = event.seat
                assert other is not None
                k = at + (rounds[other] * self.n + (other - seat) % np_) * 2
                out[k] = 1.0
                out[k + 1] = len(event.cards)
                rounds[other] += 1

    def encode_many(self, hands: Sequence[Hand], summaries: Array, out: Array) -> None:
        """:meth:`encode` of every hand's actor into the rows of ``out`` (one call per batch).

        Every hand has ``n`` players and an actor; ``summaries`` holds one betting
        summary per hand (hands x streets x seats x 3).

        >>> from croupier import KuhnPoker
        >>> enc = Encoder(KuhnPoker(), 2)
        >>> hands = [KuhnPoker().start([2, 2], deck=deck) for deck in ([44, 36, 40], [36, 44, 40])]
        >>> out = np.empty((2, enc.size), dtype=np.float32)
        >>> enc.encode_many(hands, np.stack([enc.new_summary()] * 2), out)
        >>> out[:, :3].tolist()  # the actor holds the king, then the jack
        [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
        """
        for t, hand in enumerate(hands):
            seat = hand.actor
            assert seat is not None
            self.encode(hand, seat, summaries[t], out[t])
