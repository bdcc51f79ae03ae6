"""How croupier's objects show themselves in a terminal and a notebook: the text of
``repr`` and the HTML of ``_repr_html_`` (Jupyter's rich display) for
:class:`~croupier.Hand`, :class:`~croupier.phh.HandHistory`,
:class:`~croupier.EquityResult` and :class:`~croupier.Stats`, written once here and
called by each class's methods.

>>> import croupier
>>> hand = croupier.TexasHoldem(croupier.NO_LIMIT).start([200, 200, 200], seed=1)
>>> print(hand_text(hand))
Hand: Texas Hold'em, no-limit, 3 players, preflop, pot 3
  seat 0  stack 199  bet 1  5c 4h
  seat 1  stack 198  bet 2  3h 9s
  seat 2  stack 200  bet 0  Jc 7c  to act: fold, call 2, raise to 4..200
"""

from __future__ import annotations

import html
from typing import Any, TypeAlias

from croupier.cards import card_texts

# The objects shown are typed loosely: this module sits below the classes that call it
# (hand, phh, statistics, _equity_result), so it cannot import them, even for types.
Hand: TypeAlias = Any  # croupier.Hand
HandHistory: TypeAlias = Any  # croupier.phh.HandHistory
EquityResult: TypeAlias = Any  # croupier.EquityResult
Stats: TypeAlias = Any  # croupier.Stats

__all__ = [
    "equity_html",
    "equity_text",
    "hand_html",
    "hand_text",
    "history_html",
    "history_text",
    "legal_text",
    "stats_html",
    "stats_text",
]


def _cards(codes: Any) -> str:
    """Cards as text, ``??`` for one nobody saw (a replayed hand's hidden cards)."""
    return " ".join(card_texts(codes))


def legal_text(hand: Hand) -> str:
    """What the hand's actor may do now, in words ('' when nobody acts).

    >>> import croupier
    >>> hand = croupier.TexasHoldem(croupier.NO_LIMIT).start([200, 200], seed=1)
    >>> legal_text(hand)
    'fold, call 1, raise to 4..200'
    """
    if hand.actor is None or hand.is_over:
        return ""
    if hand.showing:
        return "show, muck"
    if hand.drawing:
        return f"discard up to {hand.max_discards}, stand pat"
    if hand.bring_in_pending:
        return "bring in, complete"
    words = ["fold"]
    words.append("check" if hand.can_check else f"call {hand.to_call}")
    if hand.can_raise:
        low, high = hand.min_raise_to, hand.max_raise_to
        words.append(f"raise to {low}" if low == high else f"raise to {low}..{high}")
    return ", ".join(words)


def _hole_text(hand: Hand, seat: int) -> str:
    """A seat's cards; in stud games the cards dealt face down in parentheses."""
    cards = hand.hole(seat)
    up = set(hand.up_cards(seat))
    if not up:
        return _cards(cards)
    down = [c for c in cards if c not in up]
    return f"({_cards(down)}) {_cards(c for c in cards if c in up)}"


def _seat_rows(hand: Hand) -> list[tuple[int, int, int, str, str]]:
    """(seat, stack, bet, cards, state) for each seat."""
    rows = []
    to_act = legal_text(hand)
    for seat in range(hand.n_players):
        if hand.folded[seat]:
            state = "folded"
        elif seat == hand.actor:
            state = f"to act: {to_act}"
        elif not hand.stacks[seat] and not hand.is_over:
            state = "all in"
        else:
            state = ""
        rows.append((seat, hand.stacks[seat], hand.bets[seat], _hole_text(hand, seat), state))
    return rows


def _headline(hand: Hand) -> str:
    game = hand.game
    where = "over" if hand.is_over else hand.street
    return f"{game.name}, {game.structure.value}, {hand.n_players} players, {where}, pot {hand.pot}"


def hand_text(hand: Hand) -> str:
    """A hand in a few lines: the game, the street and the pot, then each seat's stack,
    bet, cards and state (who is to act, and what they may do), then the board."""
    lines = [f"Hand: {_headline(hand)}"]
    rows = _seat_rows(hand)
    wide = [max(len(str(row[i])) for row in rows) for i in (1, 2, 3)]
    for seat, stack, bet, cards, state in rows:
        line = (
            f"  seat {seat}  stack {stack:<{wide[0]}}  bet {bet:<{wide[1]}}  "
            f"{cards:<{wide[2]}}  {state}"
        )
        lines.append(line.rstrip())
    for i, board in enumerate(hand.boards if len(hand.boards) > 1 else [hand.board]):
        if board:
            lines.append(f"  board{f' {i + 1}' if len(hand.boards) > 1 else ''}  {_cards(board)}")
    if hand.is_over:
        net = (now - then for now, then in zip(hand.stacks, hand.starting_stacks, strict=True))
        lines.append("  net  " + " ".join(f"{n:+d}" for n in net))
    return "\n".join(lines)


def _table(head: list[str], rows: list[list[object]], caption: str) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"
    )


def hand_html(hand: Hand) -> str:
    """:func:`hand_text` as an HTML table (Jupyter shows it for ``_repr_html_``).

    >>> import croupier
    >>> hand = croupier.KuhnPoker().start([2, 2], deck=[44, 36, 40])
    >>> hand_html(hand).count("<tr>")
    3
    """
    rows: list[list[object]] = [list(row) for row in _seat_rows(hand)]
    caption = _headline(hand)
    if hand.board:
        caption += f"; board {_cards(hand.board)}"
    return _table(["seat", "stack", "bet", "cards", "state"], rows, caption)


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def equity_text(result: EquityResult) -> str:
    """Each hand's equity, win and tie as percentages, and how they were counted.

    >>> import croupier
    >>> r = croupier.equity(croupier.TexasHoldem(croupier.NO_LIMIT), ["AhAd", "KhKd"],
    ...                     board="2c3c4d5h", exact=True)
    >>> print(equity_text(r))
    hand 0  equity 93.18%  win 86.36%  tie 13.64%
    hand 1  equity 6.82%  win 0.00%  tie 13.64%
    44 deals, exact
    """
    lines = []
    for i, equity in enumerate(result.equity):
        line = f"hand {i}  equity {_percent(equity)}  win {_percent(result.win[i])}"
        line += f"  tie {_percent(result.tie[i])}"
        if any(result.low):
            line += f"  high {_percent(result.high[i])}  low {_percent(result.low[i])}"
        if result.stderr is not None:
            line += f"  ± {_percent(result.stderr[i])}"
        lines.append(line)
    lines.append(f"{result.deals:,} deals, {'exact' if result.exact else 'Monte Carlo'}")
    return "\n".join(lines)


def equity_html(result: EquityResult) -> str:
    """:func:`equity_text` as an HTML table.

    >>> import croupier
    >>> r = croupier.equity(croupier.Razz(), ["As2s3s", "KsKhKd"], samples=1000, seed=1)
    >>> equity_html(r).count("<tr>")
    3
    """
    head = ["hand", "equity", "win", "tie", "high", "low", "std. error"]
    rows: list[list[object]] = [
        [
            i,
            _percent(result.equity[i]),
            _percent(result.win[i]),
            _percent(result.tie[i]),
            _percent(result.high[i]),
            _percent(result.low[i]),
            "" if result.stderr is None else _percent(result.stderr[i]),
        ]
        for i in range(len(result.equity))
    ]
    caption = f"{result.deals:,} deals, {'exact' if result.exact else 'Monte Carlo'}"
    return _table(head, rows, caption)


_STATS_HEAD = ["player", "hands", "VPIP %", "PFR %", "net", "bb/100", "all-in adj. bb/100"]
_MOST_PLAYERS = 20  # shown in text; the HTML table and to_dataframe() have every player


def _number(value: object, places: int) -> str:
    return "" if value is None else f"{float(value):.{places}f}"  # type: ignore[arg-type]


def _stats_rows(stats: Stats) -> list[list[object]]:
    rows: list[list[object]] = []
    for p in stats.players:
        record = p.to_record()
        rows.append(
            [
                p.player,
                p.hands,
                _number(record["vpip_percent"], 1),
                _number(record["pfr_percent"], 1),
                record["net"],
                _number(record["bb_per_100"], 2),
                _number(record["all_in_adjusted_bb_per_100"], 2),
            ]
        )
    return rows


def stats_text(stats: Stats) -> str:
    """What a run counted, then a line a player (the first 20 by name).

    >>> from croupier.statistics import PlayerStats, Stats
    >>> print(stats_text(Stats((PlayerStats("Ann", hands=4, vpip=1, net=5),), hands=4)))
    Stats: 4 hands, 0 skipped, 1 players
      Ann  hands 4  VPIP 25.0%  PFR 0.0%  net 5  bb/100 0.00
    """
    lines = [f"Stats: {stats.hands:,} hands, {stats.skipped:,} skipped, {len(stats)} players"]
    for player, hands, vpip, pfr, net, bb100, _ in _stats_rows(stats)[:_MOST_PLAYERS]:
        lines.append(
            f"  {player}  hands {hands}  VPIP {vpip}%  PFR {pfr}%  net {net}  bb/100 {bb100}"
        )
    if len(stats) > _MOST_PLAYERS:
        lines.append(f"  … {len(stats) - _MOST_PLAYERS} more (to_records(), to_dataframe())")
    return "\n".join(lines)


def stats_html(stats: Stats) -> str:
    """Each player's main statistics as an HTML table (every player).

    >>> from croupier.statistics import PlayerStats, Stats
    >>> stats_html(Stats((PlayerStats("Ann", hands=4),), hands=4)).count("<tr>")
    2
    """
    caption = f"{stats.hands:,} hands, {stats.skipped:,} skipped"
    return _table(_STATS_HEAD, _stats_rows(stats), caption)


def history_text(history: HandHistory) -> str:
    """A hand history as its constructor call with only the fields that are set (not
    at their defaults): what the hand says, without forty ``None``.

    >>> from croupier.phh import Action, HandHistory
    >>> history_text(HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2),
    ...                          min_bet=2, starting_stacks=(200, 200), actions=()))
    "HandHistory(variant='NT', antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2, \
starting_stacks=(200, 200), actions=())"
    """
    import dataclasses

    shown = []
    for field in dataclasses.fields(history):
        value = getattr(history, field.name)
        if field.default is not dataclasses.MISSING and value == field.default:
            continue
        if field.default_factory is not dataclasses.MISSING and value == field.default_factory():
            continue
        shown.append(f"{field.name}={value!r}")
    return f"HandHistory({', '.join(shown)})"


def history_html(history: HandHistory) -> str:
    """A hand history's players, starting stacks and actions as an HTML table.

    >>> from croupier.phh import Action, HandHistory
    >>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...                 starting_stacks=(200, 200), actions=(Action("f", actor=1),),
    ...                 players=("Ann", "<Bob>"))
    >>> "&lt;Bob&gt;" in history_html(h), history_html(h).count("<tr>")
    (True, 3)
    """
    count = history.player_count
    names = history.players or tuple(f"p{i + 1}" for i in range(count))
    stacks = history.starting_stacks
    rows: list[list[object]] = [
        [f"p{i + 1}", names[i], "inf" if stacks[i] is None else stacks[i]] for i in range(count)
    ]
    caption = f"{history.variant}: " + (" ".join(str(a) for a in history.actions) or "no actions")
    return _table(["seat", "player", "starting stack"], rows, caption)
