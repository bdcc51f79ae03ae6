"""Omaha hand ranges, in the text Omaha calculators use: ``AA**ds, KQJT, [A-T][A-T]**!AAA*``.

A range is a comma-separated list of terms, for 4-, 5- or 6-card Omaha (and their
hi/lo games, and Courchevel's five cards):

==========================  ============================================================
``AA**`` ``AAxx``           two aces and any other cards (``*`` or ``x``: any card,
                            an ace too: ``AA**`` holds ``AAA2``)
``KQJT``                    a king, a queen, a jack and a ten, any suits
``AA``                      fewer places than cards: the rest are ``*`` (``AA**``)
``[AK]``, ``[A-T]``         one card of any of these ranks (``[AK9-6]``: A, K, 9 … 6)
``AsKs**``                  specific cards (the suit in lower case)
``AyKy**``, ``Ay*yKzQz``    suit variables ``w``, ``y``, ``z`` after a place: the same
                            letter is one suit, different letters are different suits
                            (``Ay*y``: an ace and another card of its suit)
``AA**ds``                  double-suited: two suits of at least two cards each;
``AA**ss``                  single-suited: exactly one suit of two or more cards;
``AA**rainbow``             every card of another suit (4 cards at most)
``AA**!AAA*``               the first pattern but not the others (``!`` excludes)
``random``                  every hand (also ``any``)
``15%``                     the best 15% of the hands by croupier's pre-flop order
                            (below); ``15%!AA**`` less the aces
``50%(AA**, KK**)``         a weight, as a percentage in (0, 100], for every hand inside
``AA**ds:0.5``              a weight, as a fraction in (0, 1], for one term
==========================  ============================================================

Ranks may be written in upper or lower case, ``10`` is a ten.  ``x`` is a wildcard
(``AAxx``, as players write it), so the suit variables are ``w``, ``y`` and ``z``
(ProPokerTools' ``AxKx`` is ``AyKy`` here).  A hand matches a
pattern when its cards can be given to the pattern's places one each, every
card allowed in its place.  A hand listed more than once keeps the larger of
its weights.  Parsing reads the text once, left to right; an error names the
term and where it starts.  A range of more than :data:`MAX_COMBOS` hands is an
error (``random`` is never expanded: it is kept as every hand), and so is a term
whose written places can be filled in more than :data:`MAX_WAYS` ways.

The pre-flop order (``croupier._omaha_order``, made by tools/gen_omaha_order.py)
ranks the 16,432 classes of 4-card hands alike up to suits by their equity against
one random hand, all in before the flop, sampled (6,000 deals a class: a class's
equity is known to about 0.6%, so classes within about 1% of each other may come
in either order; the best is about 72%, the worst 10%).  A 5- or 6-card hand
stands where its best 4-card part stands (``croupier._omaha_preflop`` says why and
what that leaves out).  ``N%`` takes whole places, best first, until they hold at
least ``N`` per cent of the hands (of 270,725, 2,598,960 or 20,358,520); for 6 cards that
is at most about 14% (:data:`MAX_COMBOS`).

An :class:`OmahaRange` holds its hands as rows of card codes (the highest first)
in a numpy array, each with a weight in (0, 1].

>>> r = parse_omaha_range("AA**ds")
>>> len(r), r.cards
(864, 4)
>>> len(parse_omaha_range("KQJT")), len(parse_omaha_range("AA**!AAA*"))
(256, 6768)
>>> len(parse_omaha_range("AyKy")), len(parse_omaha_range("AyKz**ds"))
(4894, 1722)
>>> five = parse_omaha_range("AAKK, 50%(QQJJ)", cards=5)
>>> len(five), five.weighted_count(), parse_omaha_range("AAKK:0.5").weighted_count()
(3264, 2448.0, 18.0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from croupier._omaha_preflop import best_keys, suit_classes
from croupier._omaha_preflop import keys as _keys
from croupier._omaha_preflop import rows as _rows
from croupier._validate import shown
from croupier.cards import RANKS, SUITS, format_card

__all__ = ["MAX_COMBOS", "MAX_WAYS", "OmahaRange", "parse_omaha_range", "suit_classes"]

MAX_COMBOS = 3_000_000
"""The most hands a range (but ``random``) may hold."""

MAX_WAYS = 500_000
"""The most ways to give a term's written places their cards (before the wildcards)."""

_DECK = 52
_SUITS = SUITS
_ALL = (1 << _DECK) - 1
_QUALIFIERS = ("rainbow", "ds", "ss")
_VARIABLES = "wyz"  # suit variables: the same letter one suit, different letters different
_SUIT_MASKS = [sum(1 << (rank * 4 + suit) for rank in range(13)) for suit in range(4)]


@dataclass(frozen=True, repr=False, eq=False)
class OmahaRange:
    """A weighted set of Omaha hands of ``cards`` cards each.

    ``combos``: a numpy ``uint8`` array of shape ``(hands, cards)``, each row a hand's
    card codes, highest first, rows in ascending order of their codes; ``weights``:
    a ``float64`` array, one weight in (0, 1] a row; ``every``: the range is every
    hand (``random``), which is never expanded (``combos`` is then empty);
    ``text``: the text it was read from.

    >>> r = parse_omaha_range("AAKKds")
    >>> len(r), r.cards, str(r), r.hands()[0]
    (6, 4, 'AAKKds', 'AdAcKdKc')
    """

    cards: int
    combos: Any
    weights: Any
    every: bool = False
    text: str = ""

    def __len__(self) -> int:
        """The number of hands (all of them for ``random``)."""
        return math.comb(_DECK, self.cards) if self.every else int(self.combos.shape[0])

    def weighted_count(self) -> float:
        """The sum of the weights."""
        return float(len(self)) if self.every else float(self.weights.sum())

    def hands(self) -> list[str]:
        """Each hand as text (``AsKsQdJd``), in the range's order (not for ``random``)."""
        if self.every:
            raise ValueError("random is every hand: it is not listed")
        return ["".join(format_card(int(c)) for c in row) for row in self.combos]

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], float]]:
        """``(cards, weight)`` for each hand (not for ``random``)."""
        if self.every:
            raise ValueError("random is every hand: it is not listed")
        for row, weight in zip(self.combos.tolist(), self.weights.tolist(), strict=True):
            yield tuple(row), weight

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_omaha_range({self.text!r}, cards={self.cards})"


# -- parsing ------------------------------------------------------------------------------


def parse_omaha_range(text: str, cards: int = 4) -> OmahaRange:
    """The Omaha range that ``text`` writes, for hands of ``cards`` cards (4, 5 or 6).

    >>> r = parse_omaha_range("AA**rainbow")
    >>> len(r), r.hands()[:2]
    (913, ['AdAc2s2h', 'AdAc3h2s'])
    >>> parse_omaha_range("AA**, QQ[").weights
    Traceback (most recent call last):
    ...
    ValueError: bad Omaha range term 'QQ[' at 6: a '[' without its ']'
    """
    import numpy as np

    if not isinstance(text, str):
        raise ValueError(f"an Omaha range is text, got {type(text).__name__} {shown(text)}")
    if isinstance(cards, bool) or cards not in (4, 5, 6):
        raise ValueError(f"cards must be 4, 5 or 6, got {shown(cards)}")
    keys = np.zeros(0, dtype=np.int64)  # each hand's key (see _keys), merged as read
    weights = np.zeros(0)
    every = False
    for term, position, weight in _terms(text):
        if term.lower() in ("random", "any"):
            if weight != 1.0:
                raise ValueError(
                    f"bad Omaha range term {term!r} at {position}: random takes no weight"
                )
            every = True
            continue
        found = _term_keys(term, position, cards)
        keys, weights = _merge(keys, weights, found, np.full(len(found), weight))
        if len(keys) > MAX_COMBOS:
            raise ValueError(f"the range holds more than {MAX_COMBOS:,} hands")
    if not every and not len(keys):
        raise ValueError("an empty Omaha range")
    return OmahaRange(
        cards=cards,
        combos=_rows(keys, cards) if not every else np.zeros((0, cards), dtype=np.uint8),
        weights=weights if not every else np.zeros(0),
        every=every,
        text=" ".join(text.split()),
    )


def _merge(keys: Any, weights: Any, more: Any, more_weights: Any) -> tuple[Any, Any]:
    """Two sets of (key, weight), sorted by key, each key once with its larger weight."""
    import numpy as np

    all_keys = np.concatenate([keys, more])
    all_weights = np.concatenate([weights, more_weights])
    order = np.lexsort((-all_weights, all_keys))  # by key, the larger weight first
    all_keys, all_weights = all_keys[order], all_weights[order]
    first = np.ones(len(all_keys), dtype=bool)
    first[1:] = all_keys[1:] != all_keys[:-1]
    return all_keys[first], all_weights[first]


def _terms(text: str) -> Iterator[tuple[str, int, float]]:
    """Each term with where it starts and its weight (``50%( … )`` and ``:w`` read)."""
    i, n = 0, len(text)
    group: float | None = None
    while i < n:
        while i < n and text[i] in " ,":
            i += 1
        if i >= n:
            break
        if group is None:
            close = text.find("%(", i)
            comma = text.find(",", i)
            if close >= 0 and (comma < 0 or close < comma):
                number = text[i:close].strip()
                group = _fraction(number, Decimal(100), text[i : close + 2], i)
                i = close + 2
                continue
        end = i
        while end < n and text[end] not in ",)":
            end += 1
        piece = text[i:end].strip()
        weight = group if group is not None else 1.0
        if ":" in piece:
            piece, _, number = piece.partition(":")
            piece = piece.strip()
            weight = weight * _fraction(number.strip(), Decimal(1), text[i:end], i)
        if not piece:
            raise ValueError(
                f"bad Omaha range term {text[i:end]!r} at {i}: nothing before the weight"
            )
        yield piece, i, weight
        i = end
        if i < n and text[i] == ")":
            if group is None:
                raise ValueError(f"bad Omaha range term ')' at {i}: no '%(' before it")
            group = None
            i += 1
    if group is not None:
        raise ValueError("bad Omaha range: a '%(' without its ')'")


def _fraction(number: str, whole: Decimal, piece: str, position: int) -> float:
    """A weight: ``number`` of ``whole`` (100 for a percentage), in (0, 1]."""
    try:
        value = Decimal(number) / whole
    except ArithmeticError:
        value = Decimal(-1)
    if not value.is_finite() or not 0 < value <= 1:
        raise ValueError(f"bad Omaha range term {piece!r} at {position}: bad weight {number!r}")
    return float(value)


def _places(pattern: str, term: str, position: int, cards: int) -> list[list[int]]:
    """The card masks of a pattern's places (the rest of the hand: any card), once for
    each way to give its suit variables distinct suits (once when it has none)."""
    places: list[int] = []
    variables: list[str | None] = []  # each place's suit variable
    i, n = 0, len(pattern)

    def bad(reason: str) -> ValueError:
        return ValueError(f"bad Omaha range term {term!r} at {position}: {reason}")

    while i < n:
        ch = pattern[i]
        if ch in "*xX":
            places.append(_ALL)
            i += 1
        elif ch == "[":
            close = pattern.find("]", i)
            if close < 0:
                raise bad("a '[' without its ']'")
            ranks = _rank_set(pattern[i + 1 : close], bad)
            places.append(sum(_rank_mask(r) for r in ranks))
            i = close + 1
        elif ch in _VARIABLES:
            raise bad(f"the suit variable {ch!r} follows no rank, '*' or '[ ]'")
        else:
            rank, size = _rank_at(pattern, i)
            if rank is None:
                raise bad(f"{ch!r} is not a rank, '*', 'x' or '['")
            i += size
            if i < n and pattern[i] in _SUITS:
                places.append(1 << (rank * 4 + _SUITS.index(pattern[i])))
                i += 1
            else:
                places.append(_rank_mask(rank))
        if i < n and pattern[i] in _VARIABLES and ch not in "xX":
            variables.append(pattern[i])
            i += 1
        else:
            variables.append(None)
    if len(places) > cards:
        raise bad(f"{len(places)} places for a hand of {cards} cards")
    places += [_ALL] * (cards - len(places))
    variables += [None] * (cards - len(variables))
    names = sorted({v for v in variables if v is not None})
    return [
        [
            mask if v is None else mask & _SUIT_MASKS[suits[names.index(v)]]
            for mask, v in zip(places, variables, strict=True)
        ]
        for suits in itertools.permutations(range(4), len(names))
    ]


def _rank_at(text: str, i: int) -> tuple[int | None, int]:
    """The rank written at ``text[i]`` (``10`` for ten) and its length; None if none."""
    if text.startswith("10", i):
        return RANKS.index("T"), 2
    upper = text[i].upper()
    if upper in RANKS:
        return RANKS.index(upper), 1
    return None, 1


def _rank_set(inside: str, bad: Any) -> list[int]:
    ranks: set[int] = set()
    i = 0
    while i < len(inside):
        rank, size = _rank_at(inside, i)
        if rank is None:
            raise bad(f"{inside[i]!r} is not a rank inside '[ ]'")
        i += size
        if i < len(inside) and inside[i] == "-":
            top, size = _rank_at(inside, i + 1) if i + 1 < len(inside) else (None, 1)
            if top is None:
                raise bad("a '-' without a rank after it inside '[ ]'")
            i += 1 + size
            ranks.update(range(min(rank, top), max(rank, top) + 1))
        else:
            ranks.add(rank)
    if not ranks:
        raise bad("an empty '[ ]'")
    return sorted(ranks)


def _rank_mask(rank: int) -> int:
    return 0b1111 << (rank * 4)


def _term_keys(term: str, position: int, cards: int) -> Any:
    """The keys of the hands one term holds (a pattern, its suits, its exclusions)."""
    import numpy as np

    parts = term.split("!")
    head = parts[0].strip()
    if head.endswith("%") and head[:-1].replace(".", "", 1).isdigit():
        keys = _top_keys(head, term, position, cards)
    else:
        keys = _pattern_keys(head, term, position, cards)
    for other in parts[1:]:
        if not other.strip():
            raise ValueError(f"bad Omaha range term {term!r} at {position}: nothing after '!'")
        keys = keys[~_matches(_rows(keys, cards), other.strip(), term, position, cards)]
    return np.asarray(keys, dtype=np.int64)


def _top_keys(percent: str, term: str, position: int, cards: int) -> Any:
    """The best ``percent`` of the hands by croupier's pre-flop order (see the module)."""
    share = _fraction(percent[:-1], Decimal(100), term, position)
    try:
        return best_keys(share, cards, MAX_COMBOS)
    except ValueError as error:
        raise ValueError(f"bad Omaha range term {term!r} at {position}: {error}") from None


def _split_qualifier(pattern: str) -> tuple[str, str | None]:
    low = pattern.lower()
    for name in _QUALIFIERS:
        if low.endswith(name) and len(pattern) > len(name):
            return pattern[: -len(name)], name
    return pattern, None


def _pattern_keys(pattern: str, term: str, position: int, cards: int) -> Any:
    """Every hand a pattern (and its suit qualifier) holds, as sorted keys."""
    import numpy as np

    body, qualifier = _split_qualifier(pattern.strip())
    found = [
        _filled_keys(places, term, position, cards)
        for places in _places(body, term, position, cards)
    ]
    keys = np.unique(np.concatenate(found)) if len(found) > 1 else found[0]
    if qualifier is not None:
        keys = keys[_suited(_rows(keys, cards), qualifier)]
    if len(keys) > MAX_COMBOS:
        raise ValueError(
            f"bad Omaha range term {term!r} at {position}: it holds more than {MAX_COMBOS:,} hands"
        )
    return keys


def _filled_keys(places: list[int], term: str, position: int, cards: int) -> Any:
    """Every hand whose cards fill ``places`` (masks of the cards each may take), as
    sorted keys."""
    import numpy as np

    fixed = [mask for mask in places if mask != _ALL]
    free = cards - len(fixed)
    # The cards of the places written: places alike (``[AKQ][AKQ]``) take combinations
    # of their cards, the groups of places a product of those.
    groups: dict[int, int] = {}
    for mask in fixed:
        groups[mask] = groups.get(mask, 0) + 1
    ways = math.prod(math.comb(mask.bit_count(), k) for mask, k in groups.items())
    if ways > MAX_WAYS:  # (a Python loop below: about a second at the most)
        raise ValueError(
            f"bad Omaha range term {term!r} at {position}: more than {MAX_WAYS:,} "
            "ways to fill its places (split it into terms)"
        )
    partial: set[tuple[int, ...]] = set()
    options = [list(itertools.combinations(_bits(mask), k)) for mask, k in groups.items()]
    for choice in itertools.product(*options):
        cards_chosen = [c for part in choice for c in part]
        if len(set(cards_chosen)) == len(cards_chosen):
            partial.add(tuple(sorted(cards_chosen)))
    count = len(partial) * math.comb(_DECK - len(fixed), free)  # rows before merging
    if count > 2 * MAX_COMBOS:  # (a hand is at most comb(cards, fixed) of the rows)
        least = count // math.comb(cards, len(fixed))
        raise ValueError(
            f"bad Omaha range term {term!r} at {position}: "
            + (
                f"it holds more than {MAX_COMBOS:,} hands"
                if least > MAX_COMBOS
                else f"more than {2 * MAX_COMBOS:,} hands to look at (split it into terms)"
            )
        )
    rows: list[Any] = []
    picks = _combinations(_DECK - len(fixed), free)
    for chosen in partial:
        rest = np.array([c for c in range(_DECK) if c not in chosen], dtype=np.uint8)
        if free:
            extra = rest[picks]
            head = np.broadcast_to(np.array(chosen, dtype=np.uint8), (len(extra), len(chosen)))
            rows.append(np.concatenate([head, extra], axis=1))
        else:
            rows.append(np.array([chosen], dtype=np.uint8))
    if not rows:
        return np.zeros(0, dtype=np.int64)
    hands = np.sort(np.concatenate(rows), axis=1)[:, ::-1]
    return np.unique(_keys(hands))


def _combinations(n: int, k: int) -> Any:
    """Every ``k`` of ``range(n)``, ascending, as the rows of a numpy array (built a
    column at a time: no Python tuple per row).

    >>> _combinations(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    import numpy as np

    rows = np.zeros((1, 0), dtype=np.intp)
    for _ in range(k):
        last = rows[:, -1] if rows.shape[1] else np.full(len(rows), -1, dtype=np.intp)
        counts = n - 1 - last  # the values above each row's last
        rows = np.repeat(rows, counts, axis=0)
        starts = np.repeat(last + 1, counts)
        offsets = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
        rows = np.concatenate([rows, (starts + offsets)[:, None]], axis=1)
    return rows


def _bits(mask: int) -> list[int]:
    return [c for c in range(_DECK) if mask >> c & 1]


def _suited(hands: Any, qualifier: str) -> Any:
    """Which hands have the suits ``qualifier`` names (see the module)."""
    import numpy as np

    suits = hands % 4
    counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    two_or_more = (counts >= 2).sum(axis=1)
    if qualifier == "ds":
        return two_or_more >= 2
    if qualifier == "ss":
        return two_or_more == 1
    return counts.max(axis=1) <= 1  # rainbow


def _matches(hands: Any, pattern: str, term: str, position: int, cards: int) -> Any:
    """Which of ``hands`` a pattern (and its suits) holds: each place is given a card."""
    import numpy as np

    body, qualifier = _split_qualifier(pattern)
    found = np.zeros(len(hands), dtype=bool)
    for written in _places(body, term, position, cards):
        places = [mask for mask in written if mask != _ALL]
        allowed = [
            np.array([(mask >> c) & 1 for c in range(_DECK)], dtype=bool)[hands] for mask in places
        ]  # allowed[p][h, j]: card j of hand h may take place p
        for cols in itertools.permutations(range(cards), len(places)):
            ok = np.ones(len(hands), dtype=bool)
            for p, j in enumerate(cols):
                ok &= allowed[p][:, j]
            found |= ok
    if qualifier is not None:
        found &= _suited(hands, qualifier)
    return found
