"""Hold'em hand ranges in the text players already use (PokerStove / Equilab style).

A range is a comma-separated list of tokens (spaces around them are ignored):

==================  ==========================================================
``AA``              a pair: 6 combos
``AKs`` ``AKo``     suited (4 combos) or offsuit (12); ``AK`` is both (16)
``TT+``             a pair and every pair above it: TT, JJ, QQ, KK, AA
``KTs+``            the second card rises up to one below the first: KTs, KJs, KQs
                    (also ``KTo+`` and ``KT+``)
``22-55``           a span of pairs; ``A5s-A2s`` a span with the same top card and
                    kind.  Either order: ``A2s-A5s`` is the same.
``AhKh``            one specific combo (suits in lower case)
``random``          any two cards: all 1,326 combos (also ``any``)
``50%(AQs, KQs)``   a weight, as a percentage in (0, 100], for every combo inside
``AQs:0.5``         a weight, as a fraction in (0, 1], for one token
==================  ==========================================================

Ranks may be written in upper or lower case, ``10`` means ten (``A10s``,
``10s9s``), and the higher rank may come second (``KAs`` is ``AKs``).  A combo
listed more than once keeps the larger of its weights.

A :class:`Range` holds each combo as a pair of card codes (see
:mod:`croupier.cards`), the higher code first, with a weight in (0, 1].

>>> r = parse_range("QQ+, AKs, 50%(AQs)")
>>> len(r), r.weighted_count()
(26, 24.0)
>>> str(r)
'QQ+, AKs, 50%(AQs)'
>>> len(r.without(parse_cards("As")))
21
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Context, Decimal

from croupier._validate import as_sequence, shown
from croupier.cards import RANKS, as_cards, format_card, parse_cards, rank_code

__all__ = ["Combo", "Range", "parse_range"]

Combo = tuple[int, int]
"""Two card codes, the higher first: ``(50, 46)`` is ``AhKh``."""


@dataclass(frozen=True, repr=False)
class Range:
    """A weighted set of two-card Hold'em combos.

    ``combos`` holds ``((high_code, low_code), weight)`` entries, each combo at
    most once, in descending order of the combo, with ``0 < weight <= 1``.
    Build one with :func:`parse_range`; the constructor only checks that form.

    Iterating yields the ``(combo, weight)`` entries; ``len`` is the number of
    combos; ``str`` is a normalized text that :func:`parse_range` reads back to
    an equal range.

    >>> r = parse_range("AhKh, 50%(AsKs)")
    >>> list(r)
    [((51, 47), 0.5), ((50, 46), 1.0)]
    >>> r
    parse_range('AhKh, 50%(AsKs)')
    """

    combos: tuple[tuple[Combo, float], ...]

    def __post_init__(self) -> None:
        entries = as_sequence(self.combos, "combos")  # any sequence, kept as a tuple
        object.__setattr__(self, "combos", entries)
        previous: Combo | None = None
        for entry in entries:
            if not (
                type(entry) is tuple
                and len(entry) == 2
                and type(entry[0]) is tuple
                and len(entry[0]) == 2
            ):
                raise ValueError(f"a range entry must be ((high, low), weight), got {shown(entry)}")
            (high, low), weight = entry
            if not (
                type(high) is int and type(low) is int and 51 >= high > low >= 0
            ):  # exact ints: bool codes or floats would break equality and hashing
                raise ValueError(
                    f"a combo must be two card codes, higher first: {shown((high, low))}"
                )
            if not (isinstance(weight, float) and 0.0 < weight <= 1.0):
                raise ValueError(f"a weight must be a float in (0, 1], got {shown(weight)}")
            if previous is not None and previous <= (high, low):
                raise ValueError("combos must be distinct and in descending order")
            previous = (high, low)

    @classmethod
    def _checked(cls, combos: tuple[tuple[Combo, float], ...]) -> Range:
        """A range of entries this module built and knows valid (distinct combos, higher
        card first, in descending order, weights in (0, 1]): not checked again.  The
        check costs 0.7 ms for the 1,326 combos of ``random``, paid before any thread
        of an equity call starts (issue 28)."""
        made = object.__new__(cls)
        object.__setattr__(made, "combos", combos)
        return made

    def __len__(self) -> int:
        """The number of combos, whatever their weights.

        >>> len(parse_range("AA, 50%(KK)"))
        12
        """
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(self.combos)

    def weighted_count(self) -> float:
        """The sum of the weights: the number of combos counting each by its weight.

        >>> parse_range("AA, 50%(KK)").weighted_count()
        9.0
        """
        return math.fsum(weight for _, weight in self.combos)

    def without(self, dead: Iterable[int] | str) -> Range:
        """The range without the combos that use any of the ``dead`` cards (codes or text,
        read as ``croupier.cards.as_cards``).

        >>> board = parse_cards("Ah 7c 2d")
        >>> len(parse_range("AA, KK").without(board))
        9
        """
        gone = set(as_cards(dead, "dead"))
        kept = tuple(e for e in self.combos if e[0][0] not in gone and e[0][1] not in gone)
        return Range._checked(kept)  # a subset of a valid range, in the same order

    def __str__(self) -> str:
        """Normalized text: full weight first, then each weight in descending order.

        Within a weight: pairs (high to low), then hands by top card, each
        top card as both / suited / offsuit; runs are joined (``TT+``,
        ``KTs+``, ``55-22``, ``A5s-A2s``) and combos outside a whole hand
        class are listed one by one.  An empty range gives ``''``.

        >>> str(parse_range("aks, AKo, 2s2c, 33-44, kk+, 25%(a2s-a5s), aqs:0.25"))
        'KK+, 44-33, AK, 2s2c, 25%(AQs, A5s-A2s)'
        """
        by_weight: dict[float, set[Combo]] = {}
        for combo, weight in self.combos:
            by_weight.setdefault(weight, set()).add(combo)
        parts = []
        for weight in sorted(by_weight, reverse=True):
            text = ", ".join(_describe(by_weight[weight]))
            parts.append(text if weight == 1.0 else f"{_percent_text(weight)}%({text})")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"parse_range({str(self)!r})"


def parse_range(text: str) -> Range:
    """Parse a Hold'em range such as ``"TT+, AQs+, KQo, 50%(A5s-A2s), AhKh"``.

    See the module docstring for the syntax.  A combo listed more than once
    keeps the larger weight.  Raises ``ValueError`` for empty text and for any
    bad token, naming the token and its position (0-based) in ``text``.

    >>> len(parse_range("TT+")), len(parse_range("AK")), len(parse_range("KTs+"))
    (30, 16, 12)
    >>> parse_range("AhKh").combos
    (((50, 46), 1.0),)
    >>> parse_range("AA, AKx")
    Traceback (most recent call last):
    ...
    ValueError: bad range token 'AKx' at 4: expected a hand like AA, AKs, AKo, AK, TT+, \
KTs+, 22-55, A5s-A2s, AhKh or random
    """
    if not isinstance(text, str):
        raise ValueError(f"a range must be given as a str, got {type(text).__name__}")
    if not text.strip():
        raise ValueError("empty range: expected hands such as 'TT+, AKs'")
    weights: dict[Combo, float] = {}
    for token, position, weight in _weighted_tokens(text):
        for combo in _combos(token, position):
            weights[combo] = max(weight, weights.get(combo, 0.0))
    return Range._checked(tuple(sorted(weights.items(), reverse=True)))


# ---------------------------------------------------------------- parsing

_RANK = r"(10|[2-9TJQKAtjqka])"
_CLASS = re.compile(rf"{_RANK}{_RANK}([so]?)(\+?)")
_SPAN = re.compile(rf"{_RANK}{_RANK}([so]?)-{_RANK}{_RANK}([so]?)")
_COMBO = re.compile(rf"{_RANK}[cdhs]{_RANK}[cdhs]")
_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_GROUP = re.compile(rf"{_NUMBER}\s*%\s*\(([^()]*)\)")
_NUMBER_ONLY = re.compile(_NUMBER)
_DECIMAL = Context()  # the default context, whatever the program set as its own
_EXPECTED = "expected a hand like AA, AKs, AKo, AK, TT+, KTs+, 22-55, A5s-A2s, AhKh or random"


def _error(token: str, position: int, reason: str) -> ValueError:
    return ValueError(f"bad range token {shown(token)} at {position}: {reason}")


def _piece(text: str, start: int, end: int) -> tuple[str, int]:
    """``text[start:end]`` without surrounding spaces, and where that begins."""
    part = text[start:end]
    stripped = part.strip()
    position = start + len(part) - len(part.lstrip())
    if not stripped:
        raise _error("", position, "empty token (a doubled or trailing comma?)")
    return stripped, position


def _split(text: str, commas: list[int], start: int, end: int) -> list[tuple[str, int]]:
    """``text[start:end]`` cut at the ``commas`` positions: (piece, position) each."""
    bounds = [start - 1, *commas, end]
    return [_piece(text, a + 1, b) for a, b in itertools.pairwise(bounds)]


def _top_level_commas(text: str) -> list[int]:
    """Positions of the commas outside parentheses; checks the parentheses."""
    commas, depth, opened = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            if depth:
                raise _error("(", i, "weights cannot be nested")
            depth, opened = 1, i
        elif char == ")":
            if not depth:
                raise _error(")", i, "')' without '('")
            depth = 0
        elif char == "," and not depth:
            commas.append(i)
    if depth:
        piece, position = _piece(text, text.rfind(",", 0, opened) + 1, len(text))
        raise _error(piece, position, "'(' without ')'")
    return commas


def _weighted_tokens(text: str) -> Iterator[tuple[str, int, float]]:
    """Every hand token of ``text`` with its position and weight."""
    for piece, position in _split(text, _top_level_commas(text), 0, len(text)):
        group = _GROUP.fullmatch(piece)
        colon = _colon(piece)
        if group:
            weight = _weight(group[1], Decimal(100), piece, position)
            start, end = position + group.start(2), position + group.end(2)
            commas = [i for i in range(start, end) if text[i] == ","]
            for token, at in _split(text, commas, start, end):
                if ":" in token:
                    raise _error(token, at, "a token inside a weight cannot have its own weight")
                yield token, at, weight
        elif colon:
            yield colon[0], position, _weight(colon[1], Decimal(1), piece, position)
        elif "(" in piece or "%" in piece or ":" in piece:
            raise _error(piece, position, "expected a weight like 50%(AQs, KQs) or AQs:0.5")
        else:
            yield piece, position, 1.0


def _colon(piece: str) -> tuple[str, str] | None:
    """``(token, number)`` of ``token : number`` (blanks around the colon allowed), or None.

    Split at the last colon with ``str`` methods: a regular expression with a
    lazy token before ``\\s*:`` backtracks quadratically over long blanks.
    """
    token, colon, number = piece.rpartition(":")
    number = number.lstrip()
    if not colon or not _NUMBER_ONLY.fullmatch(number):
        return None
    return token.rstrip(), number


def _weight(number: str, whole: Decimal, piece: str, position: int) -> float:
    """``number`` out of ``whole`` as a float in (0, 1].

    Compared before any arithmetic (a number of a million digits would
    overflow the decimal context), then scaled in a context of its own.
    """
    value = Decimal(number)
    if 0 < value <= whole:
        weight = float(_DECIMAL.scaleb(value, -2) if whole == 100 else value)
        if weight > 0.0:
            return weight
    unit = "%" if whole == 100 else ""
    text = number if len(number) <= 40 else number[:37] + "..."
    raise _error(piece, position, f"a weight must be in (0, {whole}]{unit}, got {text}")


def _rank(text: str) -> int:
    code = rank_code(text)
    assert code is not None  # the tokenizer only passes ranks
    return code


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """The combos of one hand class: ranks ``high >= low``, kind ``''``, ``'s'`` or ``'o'``."""
    if high == low:
        return [(4 * high + t, 4 * high + s) for s, t in itertools.combinations(range(4), 2)]
    return [
        (4 * high + s, 4 * low + t)
        for s in range(4)
        for t in range(4)
        if kind == "" or (kind == "s") == (s == t)
    ]


def _combos(token: str, position: int) -> list[Combo]:
    """The combos of one hand token (no weight)."""
    if token.lower() in ("random", "any"):
        return [(high, low) for high in range(52) for low in range(high)]
    if _COMBO.fullmatch(token):
        high, low = sorted(parse_cards(token), reverse=True)
        if high == low:
            raise _error(token, position, "the same card twice")
        return [(high, low)]
    match = _CLASS.fullmatch(token)
    if match:
        high, low = sorted((_rank(match[1]), _rank(match[2])), reverse=True)
        kind, plus = match[3], match[4]
        if high == low and kind:
            raise _error(token, position, "a pair cannot be suited or offsuit")
        if high == low:
            lows = range(low, 13) if plus else range(low, low + 1)
            return [c for r in lows for c in _class_combos(r, r, "")]
        lows = range(low, high) if plus else range(low, low + 1)
        return [c for r in lows for c in _class_combos(high, r, kind)]
    match = _SPAN.fullmatch(token)
    if match:
        high1, low1 = sorted((_rank(match[1]), _rank(match[2])), reverse=True)
        high2, low2 = sorted((_rank(match[4]), _rank(match[5])), reverse=True)
        kind = match[3]
        pairs = high1 == low1 and high2 == low2 and not kind and not match[6]
        same_top = high1 == high2 and high1 != low1 and high2 != low2 and kind == match[6]
        if not (pairs or same_top):
            raise _error(
                token,
                position,
                "a span joins two pairs (22-55) or two hands with the same top card "
                "and kind (A5s-A2s)",
            )
        lows = range(min(low1, low2), max(low1, low2) + 1)
        if pairs:
            return [c for r in lows for c in _class_combos(r, r, "")]
        return [c for r in lows for c in _class_combos(high1, r, kind)]
    raise _error(token, position, _EXPECTED)


# ---------------------------------------------------------------- formatting


def _percent_text(weight: float) -> str:
    """``weight`` as a percentage that parses back to exactly ``weight``."""
    return format(Decimal(repr(weight)).scaleb(2).normalize(), "f")


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers, as (top, bottom), highest first."""
    runs: list[tuple[int, int]] = []
    for v in sorted(values, reverse=True):
        if runs and runs[-1][1] == v + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _describe(combos: set[Combo]) -> list[str]:
    """Tokens for a set of combos of one weight (see :meth:`Range.__str__`)."""
    left = set(combos)
    tokens = []

    def take(high: int, low: int, kind: str) -> bool:
        whole = set(_class_combos(high, low, kind))
        if whole <= left:
            left.difference_update(whole)
            return True
        return False

    pairs = [r for r in range(12, -1, -1) if take(r, r, "")]
    for top, bottom in _runs(pairs):
        t, b = RANKS[top], RANKS[bottom]
        if top == 12 and bottom < top:
            tokens.append(f"{b}{b}+")
        elif bottom < top:
            tokens.append(f"{t}{t}-{b}{b}")
        else:
            tokens.append(f"{t}{t}")
    for high in range(12, 0, -1):
        for kind in ("", "s", "o"):
            lows = [low for low in range(high - 1, -1, -1) if take(high, low, kind)]
            h = RANKS[high]
            for top, bottom in _runs(lows):
                if top == high - 1 and bottom < top:
                    tokens.append(f"{h}{RANKS[bottom]}{kind}+")
                elif bottom < top:
                    tokens.append(f"{h}{RANKS[top]}{kind}-{h}{RANKS[bottom]}{kind}")
                else:
                    tokens.append(f"{h}{RANKS[top]}{kind}")
    tokens.extend(format_card(a) + format_card(b) for a, b in sorted(left, reverse=True))
    return tokens
