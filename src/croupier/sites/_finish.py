"""A told hand made into a checked :class:`~croupier.phh.HandHistory`: the players'
order, the forced bets in their places, the PHH actions (each card where it was
dealt), the scale of the money, the replay on the engine and the checks of the
site's totals and stacks (the choices: :mod:`croupier.sites._builder`).

>>> from decimal import Decimal as D
>>> from croupier.sites._builder import HandBuilder
>>> b = HandBuilder("Example", "9")
>>> b.game("NT", small_blind=D(1), big_blind=D(2)); b.button = 1
>>> b.seat(1, "Ann", D(50)); b.seat(2, "Bob", D(50))
>>> order_of(b)
['Bob', 'Ann']
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from decimal import Decimal
from typing import cast

import croupier.replay as _replay
from croupier.actions import Action, ActionKind
from croupier.cards import UNKNOWN, card_code
from croupier.errors import IllegalAction, PHHError
from croupier.history_game import RAKE_TAKEN_FIELD, RUNS_FIELD
from croupier.phh import HandHistory
from croupier.sites._money import SYMBOLS, scale_of
from croupier.sites._told import ZERO, Told

__all__ = ["make_history", "order_of"]


def make_history(b: Told) -> HandHistory:
    """The hand ``b`` tells, its last round's bets put in, in PHH: replayed on the engine
    and checked (see :mod:`croupier.sites._builder`)."""
    if b.code is None:
        raise b.error("the hand names no game")
    if len(b._seats) < 2:
        raise b.error("the hand has fewer than two players")
    order = order_of(b)
    index = {name: i for i, name in enumerate(order)}
    rules = b._rules
    assert rules is not None
    stud, letter = rules.is_stud, b.code[0]
    starting = [b._seats[name].stack for name in order]
    antes = _antes(b, order)
    blinds = None if stud else _blinds(b, order)
    put_in = [b._put_in.get(name, ZERO) for name in order]
    collected = [b._collected.get(name, ZERO) for name in order]
    finishing = [s - p + c for s, p, c in zip(starting, put_in, collected, strict=True)]
    if any(f < 0 for f in finishing):
        raise b.error("a player puts in more than its stack")
    stakes: dict[str, Decimal | None] = {}
    if letter == "F":
        stakes["small_bet"], stakes["big_bet"] = b.small_bet, b.big_bet
        if b.small_bet is None or b.big_bet is None:
            raise b.error("a fixed-limit hand needs its small and big bets")
    else:
        stakes["min_bet"] = b.big_blind or max(blinds or [ZERO]) or None
        if stakes["min_bet"] is None:
            raise b.error("the hand's big blind is not known")
    if stud:
        stakes["bring_in"] = b.bring_in_amount or _default_bring_in(b.small_bet)
    actions_money = [a[2] for a in b._items if isinstance(a[2], Decimal)]
    amounts: list[Decimal] = [
        *starting, *antes, *(blinds or []), *finishing, *collected, b.rake,
        *(v for v in stakes.values() if v is not None), *actions_money,
    ]  # fmt: skip
    scale = scale_of(amounts)

    def units(amount: Decimal) -> int:
        return int(amount * scale)

    actions, lines = _actions(b, order, index, rules.is_draw, units)
    extra = dict(b.extra)
    if b.rake:
        extra[RAKE_TAKEN_FIELD] = b.rake
    if b._runs > 1:
        extra[RUNS_FIELD] = b._runs
    if b._cashouts:
        extra["_cashout"] = tuple(b._cashouts.get(name, ZERO) for name in order)
    if b.hero is not None and b.hero in index:
        extra["_hero"] = b.hero
    when = b.time
    try:
        history = HandHistory(
            variant=b.code,
            antes=tuple(units(a) for a in antes),
            blinds_or_straddles=None if blinds is None else tuple(units(b) for b in blinds),
            starting_stacks=tuple(units(s) for s in starting),
            actions=tuple(actions),
            venue=b.site,
            hand=b.number_value,
            table=b.table,
            event=b.event,
            level=b.level,
            seats=tuple(b._seats[name].number for name in order),
            seat_count=b.seat_count,
            players=tuple(order),
            finishing_stacks=tuple(units(f) for f in finishing),
            winnings=tuple(units(c) for c in collected),
            currency=b.currency,
            currency_symbol=b.currency_symbol
            or next((s for s, c in SYMBOLS.items() if c == b.currency), None),
            time=None if when is None else when.time(),
            day=None if when is None else when.day,
            month=None if when is None else when.month,
            year=None if when is None else when.year,
            time_zone_abbreviation=b.time_zone,
            scale=scale,
            extra=extra,
            **{k: None if v is None else units(v) for k, v in stakes.items()},  # type: ignore[arg-type]
        )
    except PHHError as exc:
        raise b.error(str(exc), b.first_line) from None
    _check(b, history, lines, put_in, collected)
    return history


def order_of(b: Told) -> list[str]:
    """The players in PHH's order: the first seat after the button, the button last
    (stud: by seat number)."""
    seats = sorted(b._seats.values(), key=lambda s: s.number)
    assert b.code is not None
    if b.is_stud:
        return [s.name for s in seats]
    if b.button is None:
        raise b.error("the hand has no button")
    after = [s for s in seats if s.number > b.button]
    before = [s for s in seats if s.number <= b.button]
    return [s.name for s in after + before]


def _blinds(b: Told, order: list[str]) -> list[Decimal]:
    """Each player's live blind or straddle, checked to be in its place; a blind
    posted short by a player all in is the game's (the engine posts what it has)."""
    n = len(order)
    names = order[::-1] if n == 2 else order  # heads-up the button posts the small blind
    stakes = {"sb": b.small_blind, "bb": b.big_blind}
    if b.small_bet is not None:  # fixed limit: the big blind is the small bet
        stakes = {"sb": b.small_bet / 2, "bb": b.small_bet}
    amounts = [ZERO] * n
    straddles = 0
    for i, name in enumerate(names):
        for kind, amount in b._posts.get(name, {}).items():
            if kind == "ante":
                continue
            place = {"sb": 0, "bb": 1}.get(kind)
            if place is None:  # a straddle: after the big blind, in turn
                place = 2 + straddles
                straddles += 1
            if i != place:
                raise b.error(
                    f"{name} posts a {kind} out of its place (a missed or dead blind "
                    "is not supported)"
                )
            game = stakes.get(kind)
            if game is not None and amount < game and _all_in_posting(b, name, amount):
                amount = game
            amounts[i] = amount
    return amounts  # heads-up: PHH lists the small blind (the button's) first


def _all_in_posting(b: Told, name: str, amount: Decimal) -> bool:
    """Whether ``name``'s forced bets (``amount`` and its ante) are its whole stack."""
    ante = b._posts.get(name, {}).get("ante", ZERO)
    return amount + ante >= b._seats[name].stack


def _antes(b: Told, order: list[str]) -> list[Decimal]:
    """Each player's ante; one posted short by a player all in is the others' largest."""
    posted = [b._posts.get(name, {}).get("ante", ZERO) for name in order]
    most = max(posted)
    return [
        most if 0 < a < most and a >= b._seats[name].stack else a
        for a, name in zip(posted, order, strict=True)
    ]


def _actions(
    b: Told,
    order: list[str],
    index: dict[str, int],
    draw: bool,
    to_units: Callable[[Decimal], int],
) -> tuple[list[Action], list[int]]:
    """The PHH actions of the items, and the line of each."""
    known = _known_cards(b, order, draw)
    actions: list[Action] = []
    lines: list[int] = []
    assert b.code is not None
    assert b._rules is not None
    stud, hole = b._rules.is_stud, b._rules.streets[0].hole
    if not stud:  # every player's first cards, before the first action
        for player in order:
            first = known.get(player, [None] * hole)[:hole]
            actions.append(_action("dh", target=index[player], cards=_codes(b, first)))
            lines.append(b.first_line)
    for kind, name, payload, line in b._items:
        b.line = line
        if kind == "dh":
            assert name is not None and isinstance(payload, list)
            if not stud:
                continue  # written above
            cards = known[name][: len(payload)]
            known[name] = known[name][len(payload) :]
            actions.append(_action("dh", target=index[name], cards=_codes(b, cards)))
        elif kind == "dr":  # a draw's replacements
            assert name is not None and isinstance(payload, list)
            actions.append(_action("dh", target=index[name], cards=_codes(b, payload)))
        elif kind == "db":
            assert isinstance(payload, list)
            actions.append(_action("db", cards=_codes(b, payload)))
        elif kind == "run":  # the next board cards are run ``payload``'s
            if payload == 1:
                continue
            actions.append(Action("noop", comment=f"run {payload}"))
        else:
            assert name is not None
            actor = index[name]
            if kind == "cbr":
                assert isinstance(payload, Decimal)
                actions.append(_action("cbr", actor=actor, amount=to_units(payload)))
            elif kind == "sd":
                assert isinstance(payload, list)
                actions.append(_action("sd", actor=actor, cards=_codes(b, payload)))
            elif kind == "sm":  # a show (its cards) or a muck (none, or what was revealed)
                shown = payload if isinstance(payload, list) else []
                actions.append(_action("sm", actor=actor, cards=_codes(b, shown)))
            else:
                actions.append(_action(kind, actor=actor))
        lines.append(line)
    return actions, lines


def _known_cards(b: Told, order: list[str], draw: bool) -> dict[str, list[str | None]]:
    """Each player's cards in the order dealt, unknown ones filled from its show
    (or revealed muck); draw games: the first hand only, shows are final hands."""
    dealt: dict[str, list[str | None]] = {}
    for kind, name, payload, _ in b._items:
        if kind == "dh" and name is not None and isinstance(payload, list):
            dealt.setdefault(name, []).extend(payload)
    if draw:
        return dealt
    for kind, name, payload, line in b._items:
        if kind != "sm" or name is None:
            continue
        cards = payload[1] if isinstance(payload, tuple) else payload
        assert isinstance(cards, list)
        if not cards:
            continue
        have = dealt.setdefault(name, [])
        if not have:
            have.extend([None] * len(cards))
        if len(cards) > len(have):  # (fewer: shown before the last cards, all in)
            raise b.error(f"{name} shows {len(cards)} cards but holds {len(have)}", line)
        for i, (held, shown) in enumerate(zip(have, cards, strict=False)):
            if held is None:
                have[i] = shown
            elif held != shown:
                raise b.error(f"{name} shows {shown} where it was dealt {held}", line)
    return dealt


def _check(
    b: Told,
    history: HandHistory,
    lines: list[int],
    put_in: list[Decimal],
    collected: list[Decimal],
) -> None:
    """Replay ``history`` (an error names the line of the action it concerns), check the
    site's total pot, then the stacks the text gives against the engine's."""
    try:
        result = _replay.replay(history, check=False)
    except (IllegalAction, PHHError, ValueError) as exc:
        index = getattr(exc, "action_index", None)
        line = (
            lines[index]
            if index is not None and 0 <= index < len(lines)
            else _failing_line(history, lines, b.first_line)
        )
        raise b.error(str(exc), line) from None
    if not result.is_over or result.unsettled:
        state = "unsettled (cards not shown decide it)" if result.is_over else "not over"
        where = lines[-1] if lines else b.first_line  # the last action's line
        raise b.error(f"the hand is {state} where the site's text ends", where)
    total = b._total
    if total is not None:
        if sum(put_in) != total:
            raise b.error(
                f"the players put {sum(put_in)} in the pot, the site's total is {total}",
                b._total_line,
            )
        if sum(collected) + b.rake != total:
            raise b.error(
                f"the winners collected {sum(collected)} and the rake is {b.rake}, "
                f"the site's total pot is {total}",
                b._total_line,
            )
    try:
        _replay.check_stacks(history, result)
    except PHHError as exc:
        raise b.error(str(exc), b._total_line) from None


def _failing_line(history: HandHistory, lines: list[int], first: int) -> int:
    """The line of the last action a replay of ``history`` plays before it fails (the
    replay again, watching each action: made only for an error).  One action object
    may stand for several lines (:func:`_action` shares them): its lines are taken in
    the order the replay plays it."""
    by_action: dict[int, list[int]] = {}
    for action, line in zip(history.actions, lines, strict=True):
        by_action.setdefault(id(action), []).append(line)
    watch = _Watch(by_action, first)
    with contextlib.suppress(ValueError):
        _replay.replay(history, watch, check=False)
    return watch.line


class _Watch:
    """A replay's ``watch``: the line of the last action played (no closure: compiled)."""

    def __init__(self, lines: dict[int, list[int]], first: int) -> None:
        self.lines, self.line = lines, first

    def __call__(self, hand: object, seat: int, action: Action) -> None:
        left = self.lines.get(id(action))
        if left:
            self.line = left.pop(0)


_ActionKey = tuple[str, int | None, int | None, tuple[int, ...], int | None]
_actions_made: dict[_ActionKey, Action] = {}
_ACTIONS_KEPT = 4096  # the cache is emptied when it holds this many


def _action(
    kind: str,
    actor: int | None = None,
    target: int | None = None,
    cards: tuple[int, ...] = (),
    amount: int | None = None,
) -> Action:
    """``Action(kind, actor, target, cards, amount)``, one object for equal actions
    (actions are frozen; a hand's ``p1 cc`` lines share one): about a sixth of a
    PokerStars hand's import was making and checking its actions."""
    key = (kind, actor, target, cards, amount)
    made = _actions_made.get(key)
    if made is None:
        made = Action(cast("ActionKind", kind), actor, target, cards, amount)
        if len(_actions_made) >= _ACTIONS_KEPT:
            _actions_made.clear()
        _actions_made[key] = made
    return made


_CODES = {text: card_code(text) for text in (r + s for r in "23456789TJQKA" for s in "cdhs")}
_CODES[None] = UNKNOWN  # type: ignore[index]


def _codes(builder: Told, cards: list[str | None]) -> tuple[int, ...]:
    try:
        return tuple([_CODES[c] for c in cards])  # type: ignore[index]
    except KeyError:
        try:
            return tuple([UNKNOWN if c is None else card_code(c) for c in cards])
        except ValueError as exc:
            raise builder.error(str(exc)) from None


def _default_bring_in(small_bet: Decimal | None) -> Decimal:
    """A stud bring-in the text does not show (the first player completed, so it plays
    no part): the smallest amount written as the small bet is (one chip, one cent)."""
    if small_bet is None:
        return Decimal(1)
    exponent = small_bet.as_tuple().exponent
    unit = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    return unit if unit < small_bet else small_bet / 2
