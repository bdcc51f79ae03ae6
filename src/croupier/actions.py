"""Poker actions in the PHH action notation, as frozen :class:`Action` values.

``d dh p1 AsKd`` deals hole cards to player 1, ``d db 7h8h9h`` deals board
cards, ``p2 cbr 12.5`` completes/bets/raises to 12.5, ``p1 cc`` checks or
calls, ``p1 f`` folds, ``p1 pb`` posts the bring-in, ``p2 sd 7s2c`` discards
(``p2 sd`` stands pat), ``p1 sm AsKd`` shows (``p1 sm`` mucks, ``p1 sm -``
shows the cards dealt before: ``shows_dealt``).  A ``# comment`` may follow;
it is kept without the ``#`` and the blanks around it, and an empty or
comment-only notation is a ``noop``.  ``actor`` is the 0-based player index
(``p1`` is ``0``) or ``None`` for the dealer ``d``, ``target`` the player
dealt to by ``d dh``; cards are croupier card codes (``None`` for an unknown
card ``??``; strict text: upper-case rank, lower-case suit) and a ``cbr``
amount is an ``int`` in units of ``1/scale`` (the ``scale`` of the hand, a
power of ten; at most 18 decimal places, below ``10**40``).
:meth:`Action.to_text` gives the canonical notation (single spaces).

This module is independent of PHH files (:mod:`croupier.phh` reads and
writes them); errors are :class:`~croupier.errors.PHHError`.  It is also the
translation of the engine's record into the notation: :func:`from_events`
turns a hand's :class:`~croupier.events.Event` records into actions and
:func:`lines` into their text (the engine imports nothing of this module).  Parsing uses
``str.split`` and simple checks, no regular expressions.

>>> a = Action.from_text("p2 cbr 12.5 # shove", scale=10)
>>> a
Action(kind='cbr', actor=1, target=None, cards=(), amount=125, shows_dealt=False, comment='shove')
>>> a.to_text(scale=10), Action("cc", actor=0).to_text()
('p2 cbr 12.5 # shove', 'p1 cc')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Context, Decimal
from typing import Literal, cast

from croupier.cards import RANKS, SUITS, UNKNOWN, UNKNOWN_TEXT, card_texts
from croupier.errors import PHHError, excerpt
from croupier.events import CHIP_MOVES, Event, EventKind

__all__ = ["Action", "ActionKind", "PHHError", "from_events", "lines"]

ActionKind = Literal["dh", "db", "pb", "cbr", "cc", "f", "sd", "sm", "noop"]
"""``dh`` deal hole cards, ``db`` deal board cards, ``pb`` post the bring-in,
``cbr`` complete/bet/raise to, ``cc`` check/call, ``f`` fold, ``sd`` stand pat
or discard, ``sm`` show or muck, ``noop`` no action (empty or commentary only)."""

_DEALER_KINDS = frozenset({"dh", "db"})
_PLAYER_KINDS = frozenset({"pb", "cbr", "cc", "f", "sd", "sm"})
_KINDS = _DEALER_KINDS | _PLAYER_KINDS | {"noop"}

# Strict PHH card text (upper-case rank, lower-case suit), by card code.
_CARD_OF: dict[str, int] = {
    rank + suit: 4 * r + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)
}
_CARD_OF[UNKNOWN_TEXT] = UNKNOWN

MAX_PLACES = 18
"""Amounts have at most this many decimal places (the scale is at most ``10**18``)."""
_MAX_ADJUSTED_EXPONENT = 39  # amounts are below 10**40 (MAX_CHIPS) in absolute value
_EXACT = Context(prec=100)  # exact products of checked amounts (at most 58 digits) and scales


# -- amounts --------------------------------------------------------------------------


def decimal_places(value: Decimal) -> int:
    """Decimal places of a finite ``Decimal`` once trailing zeros are dropped.

    >>> decimal_places(Decimal("147.50")), decimal_places(Decimal("1E+2"))
    (1, 0)
    """
    text = str(value)  # linear in the digits, exact
    if "E" not in text:
        return len(text.partition(".")[2].rstrip("0"))
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    n = len(digits)
    while n and digits[n - 1] == 0 and exponent < 0:
        n -= 1
        exponent += 1
    return max(0, -exponent) if any(digits[:n]) else 0


def check_amount(value: Decimal) -> Decimal:
    """``value`` if it is an amount (finite, below ``10**40``, at most 18 places)."""
    if value.is_nan():
        raise PHHError("NaN is not an amount")
    if value.is_infinite():
        raise PHHError("an infinite amount (inf) is only allowed in starting_stacks")
    if value and value.adjusted() > _MAX_ADJUSTED_EXPONENT:
        raise PHHError(f"amount {_number(value)} is too large (must be below 10**40)")
    if decimal_places(value) > MAX_PLACES:
        raise PHHError(f"amount {_number(value)} has more than {MAX_PLACES} decimal places")
    return value


def _number(value: Decimal) -> str:
    """An amount as an error message shows it: whole when short, else an excerpt."""
    text = str(value)
    return text if len(text) <= 40 else excerpt(text)


def to_units(value: Decimal | int, scale: int) -> int:
    """``value * scale`` exactly (``scale`` a power of ten that makes it whole).

    >>> to_units(Decimal("2.50"), 100), to_units(3, 10)
    (250, 30)
    """
    if isinstance(value, int):
        return value * scale
    product = _EXACT.multiply(value, scale)  # exact: amounts have at most 58 digits
    units = int(product)
    if units != product:
        raise PHHError(f"amount {_number(value)} is not a whole number of 1/{scale} units")
    return units


def format_amount(units: int, scale: int) -> str:
    """Shortest exact decimal text of ``units / scale``.

    >>> format_amount(50, 100), format_amount(-150, 100), format_amount(7, 1)
    ('0.5', '-1.5', '7')
    """
    whole, rest = divmod(abs(units), scale)
    sign = "-" if units < 0 else ""
    if not rest:
        return f"{sign}{whole}"
    fraction = str(rest).rjust(len(str(scale)) - 1, "0").rstrip("0")
    return f"{sign}{whole}.{fraction}"


def scale_exponent(scale: object) -> int:
    """``k`` for a scale ``10**k`` (``0 <= k <= 18``); :class:`PHHError` otherwise."""
    text = str(scale)
    if type(scale) is not int or text.rstrip("0") != "1" or len(text) - 1 > MAX_PLACES:
        raise PHHError(
            f"scale must be a power of ten up to 10**{MAX_PLACES}, got {scale!r}", field="scale"
        )
    return len(text) - 1


# -- parsing --------------------------------------------------------------------------

Parts = tuple[ActionKind, int | None, int | None, tuple[int, ...], Decimal | None, bool, str | None]
"""The fields of an :class:`Action`, in order, with the amount still a ``Decimal``."""


def _player(token: str) -> int:
    digits = token[1:]
    if token[:1] != "p" or not (digits.isdigit() and digits.isascii()) or digits[0] == "0":
        raise PHHError(f"expected a player like 'p1', got {excerpt(token)}")
    if len(digits) > 9:  # no table has that many players (and int() has a digit limit)
        raise PHHError(f"player number {token[:12]}... is too large")
    return int(digits) - 1


def _cards(text: str) -> tuple[int, ...]:
    if len(text) % 2:
        raise PHHError(f"bad cards {excerpt(text)}: odd number of characters")
    try:
        return tuple([_CARD_OF[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError as exc:
        raise PHHError(f"bad card {exc.args[0]!r} in {excerpt(text)}") from None


def _amount(token: str) -> Decimal:
    whole, dot, fraction = token.partition(".")
    if not (token.isascii() and whole.isdigit() and (fraction.isdigit() or not dot)):
        raise PHHError(f"bad amount {excerpt(token)}: expected a decimal number like 20 or 2.5")
    amount = check_amount(Decimal(token))
    if not amount:
        raise PHHError("a 'cbr' amount must be positive")
    return amount


def parse(text: str) -> Parts:
    """The :data:`Parts` of one action notation, the amount still a ``Decimal``."""
    if not isinstance(text, str):
        raise PHHError(f"an action must be a string, got {type(text).__name__}")
    body, sharp, comment_text = text.partition("#")
    comment = comment_text.strip() if sharp else None
    tokens = body.split()
    if not tokens:
        return "noop", None, None, (), None, False, comment
    if len(tokens) < 2:
        raise PHHError(f"expected an actor and an action, got {excerpt(body.strip())}")
    who, kind, args = tokens[0], tokens[1], tokens[2:]
    if who == "d":
        if kind == "dh":
            if len(args) != 2:
                raise PHHError("'d dh' takes a player and cards, e.g. 'd dh p1 AsKd'")
            return "dh", None, _player(args[0]), _cards(args[1]), None, False, comment
        if kind == "db":
            if len(args) != 1:
                raise PHHError("'d db' takes cards, e.g. 'd db AsKdQh'")
            return "db", None, None, _cards(args[0]), None, False, comment
        raise PHHError(f"unknown dealer action {excerpt(kind)} (expected 'dh' or 'db')")
    actor = _player(who)
    if kind == "cbr":
        if len(args) != 1:
            raise PHHError("'cbr' takes one amount, e.g. 'p1 cbr 20'")
        return "cbr", actor, None, (), _amount(args[0]), False, comment
    if kind in ("pb", "cc", "f"):
        if args:
            raise PHHError(f"{kind!r} takes no argument")
        return cast(ActionKind, kind), actor, None, (), None, False, comment
    if kind in ("sd", "sm"):
        if len(args) > 1:
            raise PHHError(f"{kind!r} takes at most one argument (cards)")
        if kind == "sm" and args == ["-"]:
            return "sm", actor, None, (), None, True, comment
        cards = _cards(args[0]) if args else ()
        return cast(ActionKind, kind), actor, None, cards, None, False, comment
    raise PHHError(f"unknown player action {excerpt(kind)}")


def _format_cards(cards: Iterable[int]) -> str:
    return "".join(card_texts(cards))


def _is_index(value: object) -> bool:
    return type(value) is int and value >= 0


# -- the Action value -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One PHH action notation, parsed.

    ``kind`` is the action's PHH word (``"cbr"``, ``"cc"``, ``"f"``, ``"dh"`` …:
    :data:`ActionKind`); ``actor`` is the acting player's 0-based index, ``None`` for the dealer
    (and for ``noop``); ``target`` is the player dealt to by ``dh``; ``cards``
    are card codes, :data:`croupier.cards.UNKNOWN` (``-1``) for an unknown card
    ``??``; ``amount`` is the ``cbr`` amount in units of ``1/scale`` of the hand;
    ``shows_dealt`` is set by ``sm -``; ``comment`` is the commentary after
    ``#`` (``None`` if none).
    Construction checks the fields (:class:`~croupier.errors.PHHError`).

    >>> Action.from_text("d dh p3 As??").cards
    (51, -1)
    >>> Action.from_text("p1 raise 5")
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: bad action 'p1 raise 5': unknown player action 'raise'
    >>> Action("cbr", actor=0, amount=0)
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: a 'cbr' action needs a positive int amount
    """

    kind: ActionKind
    actor: int | None = None
    target: int | None = None
    cards: tuple[int, ...] = ()
    amount: int | None = None
    shows_dealt: bool = False
    comment: str | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind not in _KINDS:
            raise PHHError(f"unknown action kind {kind!r}")
        if kind in _PLAYER_KINDS:
            if not _is_index(self.actor):
                raise PHHError(f"a {kind!r} action needs a player index >= 0 as actor")
        elif self.actor is not None:
            raise PHHError(f"a {kind!r} action has no actor (the dealer is None)")
        if kind == "dh":
            if not _is_index(self.target):
                raise PHHError("a 'dh' action needs a player index >= 0 as target")
        elif self.target is not None:
            raise PHHError(f"a {kind!r} action has no target")
        if not isinstance(self.cards, tuple):
            raise PHHError("cards must be a tuple")
        for card in self.cards:
            if type(card) is not int or not UNKNOWN <= card < 52:
                raise PHHError(f"bad card code {card!r} (expected an int in 0..51, or -1: unknown)")
        if kind in _DEALER_KINDS and not self.cards:
            raise PHHError(f"a {kind!r} action needs cards")
        if kind not in _DEALER_KINDS and kind not in ("sd", "sm") and self.cards:
            raise PHHError(f"a {kind!r} action has no cards")
        if kind == "cbr":
            if type(self.amount) is not int or self.amount <= 0:
                raise PHHError("a 'cbr' action needs a positive int amount")
        elif self.amount is not None:
            raise PHHError(f"a {kind!r} action has no amount")
        if not isinstance(self.shows_dealt, bool):
            raise PHHError("shows_dealt must be a bool")
        if self.shows_dealt and (kind != "sm" or self.cards):
            raise PHHError("shows_dealt ('sm -') is only for an 'sm' action without cards")
        if self.comment is not None and (
            not isinstance(self.comment, str) or self.comment != self.comment.strip()
        ):
            raise PHHError("a comment must be a str without leading or trailing blanks")

    @classmethod
    def from_text(cls, text: str, scale: int = 1) -> Action:
        """Parse one action notation; a ``cbr`` amount is given in units of ``1/scale``.

        >>> Action.from_text("  p1   sm   -  ").to_text()
        'p1 sm -'
        >>> Action.from_text("p1 cbr 2.50", scale=100).amount
        250
        """
        scale_exponent(scale)
        try:
            kind, actor, target, cards, amount, shows_dealt, comment = parse(text)
            units = None if amount is None else to_units(amount, scale)
        except PHHError as exc:
            raise PHHError(f"bad action {excerpt(text)}: {exc}") from None
        return cls(kind, actor, target, cards, units, shows_dealt, comment)

    def to_text(self, scale: int = 1) -> str:
        """The canonical notation (single spaces, amounts divided by ``scale``).

        >>> Action("dh", target=0, cards=(51, -1)).to_text()
        'd dh p1 As??'
        >>> Action("noop", comment="burn").to_text()
        '# burn'
        """
        kind = self.kind
        if kind == "noop":
            body = ""
        elif kind == "dh":
            body = f"d dh p{cast(int, self.target) + 1} {_format_cards(self.cards)}"
        elif kind == "db":
            body = f"d db {_format_cards(self.cards)}"
        else:
            body = f"p{cast(int, self.actor) + 1} {kind}"
            if self.amount is not None:
                body += " " + format_amount(self.amount, scale)
            elif self.shows_dealt:
                body += " -"
            elif self.cards:
                body += " " + _format_cards(self.cards)
        if self.comment is None:
            return body
        tail = f"# {self.comment}" if self.comment else "#"
        return f"{body} {tail}" if body else tail


# -- the engine's events in the notation -----------------------------------------------

_PHH_KIND: dict[EventKind, ActionKind] = {
    EventKind.FOLD: "f",
    EventKind.CHECK: "cc",
    EventKind.CALL: "cc",
    EventKind.BET_RAISE: "cbr",
    EventKind.BRING_IN: "pb",
    EventKind.DRAW: "sd",
    EventKind.SHOW: "sm",
    EventKind.MUCK: "sm",
}


def _of_event(event: Event) -> Action:
    kind = event.kind
    if kind is EventKind.DEAL_HOLE:
        return Action("dh", target=event.seat, cards=event.cards)
    if kind is EventKind.DEAL_BOARD:
        return Action("db", cards=event.cards)
    if kind is EventKind.RUN:  # the next board lines are that run's (user field _runs)
        return Action("noop", comment=f"run {event.amount}")
    code = _PHH_KIND[kind]
    if kind is EventKind.BET_RAISE:
        return Action(code, actor=event.seat, amount=event.amount)
    if kind is EventKind.DRAW or kind is EventKind.SHOW:
        return Action(code, actor=event.seat, cards=event.cards)
    return Action(code, actor=event.seat)  # a muck shows no cards


def from_events(events: Iterable[Event]) -> tuple[Action, ...]:
    """A hand's events in the PHH notation: its deals and actions, as PHH records them.

    The forced bets (PHH fields of their own), chips given back and awards
    have no action; check and call are both ``cc``, a show and a muck both
    ``sm``; players and targets are seats (``p1`` is seat 0) and a ``cbr``
    amount is in chips.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=3)
    >>> hand.raise_to(6); hand.fold()
    >>> [(a.kind, a.actor, a.amount) for a in from_events(hand.events)[2:]]
    [('cbr', 1, 6), ('f', 0, None)]
    """
    return tuple(_of_event(event) for event in events if event.kind not in CHIP_MOVES)


def lines(events: Iterable[Event], scale: int = 1) -> tuple[str, ...]:
    """The PHH action lines of a hand's events (:func:`from_events`, as text).

    >>> from croupier import DeuceToSevenSingleDraw
    >>> hand = DeuceToSevenSingleDraw().start([100, 100], seed=4)
    >>> hand.call(); hand.check(); hand.discard(hand.hole(0)[:2]); hand.stand_pat()
    >>> lines(hand.events)[-3:]
    ('p1 sd 2s5d', 'd dh p1 9hJd', 'p2 sd')
    """
    return tuple(action.to_text(scale) for action in from_events(events))
