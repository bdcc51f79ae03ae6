"""Plots for notebooks: a hand's equity street by street, a player's winnings.

Each function draws on a matplotlib ``Axes`` (``ax=``, else a new figure's) and
returns it.  matplotlib is the ``plot`` extra (``pip install ".[plot]"`` in
croupier's folder): it is imported when a function is called, so ``import
croupier.plots`` works without it, and a call without it is a one-line
``ModuleNotFoundError`` saying how to install it.  ``docs/plots.md`` shows both.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
>>> hand.all_in(); hand.call()
>>> [(street, [round(e, 3) for e in shares]) for street, shares in street_equity(hand)][-1]
('river', [1.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from croupier._extras import require
from croupier.events import EventKind
from croupier.statistics import stats_by_hand
from croupier.variants import rules_of

if TYPE_CHECKING:
    import os

    from croupier.games import Game
    from croupier.hand import Hand
    from croupier.phh import HandHistory

__all__ = ["cumulative_winnings", "equity_by_street", "street_equity", "winnings"]


def _axes(ax: Any, what: str) -> Any:
    """``ax``, or a new figure's Axes; matplotlib imported here (the ``plot`` extra)."""
    pyplot = require("plot", what, "matplotlib.pyplot")
    if ax is None:
        _, ax = pyplot.subplots()
    return ax


def street_equity(
    hand: Hand, *, samples: int | None = None, seed: int = 0
) -> list[tuple[str, tuple[float, ...]]]:
    """Each street the hand has dealt, by name, with every seat's equity once its
    cards are out: :func:`croupier.equity` of the hands still in (a seat that folded
    on an earlier street has 0; a folded hand's cards stay in the deck), the board
    as dealt by then.

    ``samples`` and ``seed`` go to :func:`croupier.equity` (the default: exact when
    it enumerates, else sampled from ``seed``).  A draw game (the cards change), a
    game equity does not compute, or a hand still in that is not known (``??``) is a
    ``ValueError``.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=3)
    >>> hand.fold(); hand.call(); hand.check()      # the button (seat 2) folds pre-flop
    >>> for street, shares in street_equity(hand):
    ...     print(street, [round(e, 3) for e in shares])
    preflop [0.406, 0.361, 0.233]
    flop [0.809, 0.191, 0.0]
    """
    from croupier._equity import equity  # numpy: on first use

    game = cast("Game", hand.game)
    if game.is_draw:
        raise ValueError(f"street_equity: {game.name} is a draw game (the cards change)")
    if rules_of(game.variant).equity is None:
        raise ValueError(f"street_equity: croupier.equity does not compute {game.name}")
    n = hand.n_players
    last = len(game.streets)
    folded_on = [last] * n  # the street each seat folded on (last: never)
    for event in hand.events:
        if event.kind is EventKind.FOLD and event.seat is not None:
            folded_on[event.seat] = event.street
    board = hand.board
    out: list[tuple[str, tuple[float, ...]]] = []
    dealt = on_board = 0
    for k, street in enumerate(game.streets):
        dealt += street.hole + street.up
        on_board += street.board
        seats = [s for s in range(n) if folded_on[s] >= k]
        holes = [hand.hole(s)[:dealt] for s in seats]
        if len(board) < on_board or any(len(h) < dealt for h in holes):
            break  # not dealt yet
        for seat, hole in zip(seats, holes, strict=True):
            if any(c < 0 for c in hole):
                raise ValueError(f"street_equity: seat {seat}'s cards are not known")
        # Two hands at least: a street is dealt only while two are still in.
        result = equity(game, holes, board[:on_board], samples=samples, seed=seed)
        shares = [0.0] * n
        for seat, share in zip(seats, result.equity, strict=True):
            shares[seat] = share
        out.append((street.name, tuple(shares)))
    return out


def equity_by_street(
    hand: Hand,
    *,
    ax: Any = None,
    players: Sequence[str] | None = None,
    samples: int | None = None,
    seed: int = 0,
) -> Any:
    """A line a seat: its equity on each street the hand has dealt
    (:func:`street_equity`), pre-flop to the river (stud: third to seventh street).

    ``hand`` is a :class:`croupier.Hand`, finished or running (a replayed history's
    ``replay(history).hand`` too); ``players`` names the lines (default ``seat 0``,
    ``seat 1`` ...).  Draws on ``ax`` (default: a new figure's) and returns it;
    needs matplotlib (the ``plot`` extra).

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
    >>> hand.all_in(); hand.call()
    >>> try:
    ...     ax = equity_by_street(hand)
    ... except ImportError:  # matplotlib is optional
    ...     ax = None
    >>> ax is None or [line.get_label() for line in ax.get_lines()] == ["seat 0", "seat 1"]
    True
    """
    names = [f"seat {s}" for s in range(hand.n_players)] if players is None else list(players)
    if len(names) != hand.n_players:
        raise ValueError(f"players names {len(names)} seats, the hand has {hand.n_players}")
    ax = _axes(ax, "croupier.plots.equity_by_street")
    streets = street_equity(hand, samples=samples, seed=seed)
    xs = list(range(len(streets)))
    for seat, name in enumerate(names):
        ax.plot(xs, [shares[seat] for _, shares in streets], marker="o", label=name)
    ax.set_xticks(xs)
    ax.set_xticklabels([street for street, _ in streets])
    ax.set_ylim(0.0, 1.0)
    ax.set_ylabel("equity")
    ax.set_title(f"{cast('Game', hand.game).name}: equity by street")
    ax.legend()
    return ax


def cumulative_winnings(
    hands: Iterable[HandHistory | str | os.PathLike[str]] | HandHistory | str | os.PathLike[str],
    player: str,
    *,
    big_blinds: bool = False,
    all_in_ev: bool = True,
) -> tuple[list[float], list[float]]:
    """``player``'s running total of ``net`` and of ``all_in_adjusted_net`` after each
    hand they were dealt in (:func:`croupier.statistics.stats_by_hand`; in big blinds
    with ``big_blinds``).  ``hands`` is what :func:`croupier.stats` reads.

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> cumulative_winnings([phh.loads(text)] * 3, "p2")
    ([-1.0, -2.0, -3.0], [-1.0, -2.0, -3.0])
    """
    net = adjusted = Fraction(0)
    nets: list[float] = []
    adjusteds: list[float] = []
    for one in stats_by_hand(hands, player=player, all_in_ev=all_in_ev):
        if player not in one:
            continue
        p = one[player]
        net += p.big_blinds if big_blinds else p.net
        adjusted += p.all_in_adjusted_big_blinds if big_blinds else p.all_in_adjusted_net
        nets.append(float(net))
        adjusteds.append(float(adjusted))
    if not nets:
        raise ValueError(f"player {player!r} is dealt in none of the hands")
    return nets, adjusteds


def winnings(
    hands: Iterable[HandHistory | str | os.PathLike[str]] | HandHistory | str | os.PathLike[str],
    player: str,
    *,
    ax: Any = None,
    big_blinds: bool = False,
    all_in_ev: bool = True,
) -> Any:
    """``player``'s cumulative winnings over the hands they were dealt in, and the
    all-in adjusted line (each all-in spot's result replaced by its equity share,
    as :func:`croupier.stats` counts it): :func:`cumulative_winnings`, drawn.

    ``hands``: hand histories or files, as :func:`croupier.stats` reads them;
    ``big_blinds`` draws big blinds instead of chips.  Draws on ``ax`` (default: a
    new figure's) and returns it; needs matplotlib (the ``plot`` extra).

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> try:
    ...     ax = winnings([phh.loads(text)] * 3, "p1")
    ... except ImportError:  # matplotlib is optional
    ...     ax = None
    >>> ax is None or list(ax.get_lines()[0].get_ydata()) == [1.0, 2.0, 3.0]
    True
    """
    ax = _axes(ax, "croupier.plots.winnings")
    nets, adjusted = cumulative_winnings(hands, player, big_blinds=big_blinds, all_in_ev=all_in_ev)
    xs = list(range(1, len(nets) + 1))
    ax.plot(xs, nets, label="net")
    ax.plot(xs, adjusted, label="all-in adjusted", linestyle="--")
    ax.set_xlabel("hands")
    ax.set_ylabel("big blinds" if big_blinds else "chips")
    ax.set_title(f"{player}: winnings over {len(nets)} hands")
    ax.legend()
    return ax
