"""croupier's pre-flop order of Omaha hands, for the ranges' ``N%`` (see
:mod:`croupier.omaha_ranges`), and the keys that name a hand.

**4 cards.**  ``croupier._omaha_order`` (made by tools/gen_omaha_order.py) ranks the
16,432 classes of 4-card hands alike up to suits by their equity against one random
hand, all in before the flop; a hand's place is its class's.

**5 and 6 cards.**  A hand's score is the sum of the places of the 4-card hands
inside it (5 or 15 of them), the lower the better: an Omaha hand plays two of its
hole cards, and every four of them are a 4-card hand that plays the same pairs.  A
score is the average place times the number of parts, so it orders hands as their
average part does.  Measured against each hand's equity against one random hand (80
random hands, 20,000 deals each; Spearman's rank correlation): 0.92 for 5 cards, 0.83
for 6 (the best part alone: 0.91 and 0.74; the 4-card order itself: 0.99).  Scores
are computed, not stored: every 5-card hand's from the 4-card places (in about 0.1 s,
kept: 23 MB), every 6-card hand's from those (about 1 s, 80 MB while it runs, not
kept).

``N%`` takes whole places (scores), best first, until they hold at least ``N``% of
the hands: a hand's suit relabellings have its place, so they come with it.

A hand's **key** is its card codes, highest first, as base-52 digits: ``int64`` for
up to 6 cards, ordered like the hands' rows in a range.

>>> len(best_keys(0.01, 4)), len(best_keys(0.01, 5))
(2718, 25992)
"""

from __future__ import annotations

import itertools
import math
from typing import Any

__all__ = ["best_keys", "keys", "ranked_hands", "rows", "suit_classes"]

_DECK = 52

_CACHE: dict[int, tuple[Any, Any]] = {}  # cards -> (places, hands), both in colex order
_RANKED: list[Any] = []  # (every 4-card hand's key, its class's place), made once


def keys(hands: Any) -> Any:
    """Each row's key: its codes (highest first) as base-52 digits.

    >>> import numpy as np
    >>> int(keys(np.array([[51, 50, 1, 0]]))[0]) == ((51 * 52 + 50) * 52 + 1) * 52
    True
    """
    import numpy as np

    found = np.zeros(len(hands), dtype=np.int64)
    for j in range(hands.shape[1]):
        found = found * _DECK + hands[:, j].astype(np.int64)
    return found


def rows(found: Any, cards: int) -> Any:
    """The hands (rows of ``uint8`` codes, highest first) that ``found`` keys name.

    >>> rows(keys(rows([1_000_000], 4)), 4).tolist()
    [[7, 5, 42, 40]]
    """
    import numpy as np

    out = np.zeros((len(found), cards), dtype=np.uint8)
    rest = np.asarray(found, dtype=np.int64).copy()
    for j in range(cards - 1, -1, -1):
        out[:, j] = rest % _DECK
        rest //= _DECK
    return out


def suit_classes() -> tuple[Any, Any]:
    """Every 4-card hand's key and its class's: the least key of the hand's suit
    relabellings (``AsAhKsKh`` and ``AdAcKdKc`` are one class; 16,432 classes).

    >>> found, least = suit_classes()
    >>> len(found), len(set(least.tolist()))
    (270725, 16432)
    """
    import numpy as np

    combos = np.array(list(itertools.combinations(range(_DECK), 4)), dtype=np.int64)[:, ::-1]
    least = None
    for perm in itertools.permutations(range(4)):
        mapped = -np.sort(-(combos // 4 * 4 + np.array(perm)[combos % 4]), axis=1)
        found = keys(mapped)
        least = found if least is None else np.minimum(least, found)
    assert least is not None
    return keys(combos), least


def ranked_hands() -> tuple[Any, Any]:
    """Every 4-card hand's key and the place of its class in the pre-flop order (0:
    the best).

    >>> import numpy as np
    >>> found, places = ranked_hands()
    >>> def place(*codes): return int(places[found == keys(np.array([codes]))[0]][0])
    >>> place(51, 50, 47, 46), place(3, 2, 1, 0)  # AsAhKsKh; 2s2h2d2c, the last
    (6, 16431)
    """
    if _RANKED:
        return _RANKED[0], _RANKED[1]
    import base64

    import numpy as np

    from croupier._omaha_order import PLACES

    places = np.frombuffer(base64.b64decode("".join(PLACES)), dtype="<u2").astype(np.int64)
    found, least = suit_classes()
    classes = np.unique(least)  # ascending: the order PLACES lists them in
    if len(classes) != len(places):  # pragma: no cover - the generated table is checked
        raise RuntimeError("croupier._omaha_order does not match the classes of hands")
    _RANKED[:] = [found, places[np.searchsorted(classes, least)]]
    return _RANKED[0], _RANKED[1]


def _binomials() -> Any:
    import numpy as np

    return np.array([[math.comb(n, k) for k in range(7)] for n in range(_DECK + 1)], np.int64)


def _colex(ascending: Any) -> Any:
    """Each row's place in the colexicographic order of its size's hands (rows
    ascending): the hands of ``range(top)`` come first, so a level's rows with a given
    highest card are one slice."""
    binom = _binomials()
    return sum(binom[ascending[:, i], i + 1] for i in range(ascending.shape[1]))


def _level(cards: int) -> tuple[Any, Any]:
    """Every hand of 4 or 5 cards: its place (score) and its cards (ascending), colex
    order."""
    import numpy as np

    if cards in _CACHE:
        return _CACHE[cards]
    if cards == 4:
        found, places = ranked_hands()
        ascending = rows(found, 4)[:, ::-1]
        where = _colex(ascending)
        place = np.empty(len(found), dtype=np.uint16)
        place[where] = places
        hands = np.empty_like(ascending)
        hands[where] = ascending
    else:
        place, hands = _up(4, with_hands=True)
    _CACHE[cards] = (place, hands)
    return place, hands


def _up(below: int, with_hands: bool) -> tuple[Any, Any]:
    """The scores of every hand of ``below + 1`` cards from those of ``below`` cards:
    the sum of its parts' of one card fewer (for 6 cards each 4-card part is inside two
    5-card parts, so the sum counts it twice: the order is the same)."""
    import numpy as np

    place, hands = _level(below)
    binom = _binomials()
    # drops[j]: a row's colex place once its card j is dropped and a higher card added,
    # less that card's term (the cards above j move down one position)
    drops = []
    for j in range(below):
        left = sum((binom[hands[:, i], i + 1] for i in range(j)), np.zeros(len(hands), np.int64))
        right = sum(binom[hands[:, i], i] for i in range(j + 1, below))
        drops.append((left + right).astype(np.int32))
    out = np.empty(math.comb(_DECK, below + 1), dtype=np.uint32)
    more = np.empty((len(out), below + 1), dtype=np.uint8) if with_hands else None
    start = 0
    for top in range(below, _DECK):
        n = math.comb(top, below)
        total = place[:n].astype(np.uint32)
        for drop in drops:
            total += place[drop[:n] + binom[top, below]]
        out[start : start + n] = total
        if more is not None:
            more[start : start + n, :below] = hands[:n]
            more[start : start + n, below] = top
        start += n
    return out, more


def best_keys(share: float, cards: int, most: int = 3_000_000) -> Any:
    """The keys (sorted) of the best ``share`` of the ``cards``-card hands: whole
    places, best first, until they hold at least that share.  More than ``most``
    hands is a ``ValueError``.

    >>> len(best_keys(0.05, 4)) >= 0.05 * 270_725
    True
    """
    import numpy as np

    if cards == 6:
        place, _ = _up(5, with_hands=False)
    else:
        place, hands = _level(cards)
    counts = np.cumsum(np.bincount(place))
    last = int(np.searchsorted(counts, math.ceil(share * len(place) - 1e-9)))
    if counts[last] > most:
        raise ValueError(
            f"the best {share * 100:g}% of the {cards}-card hands are {int(counts[last]):,} "
            f"hands, more than {most:,}"
        )
    taken = place <= last
    if cards == 6:  # the rows of each highest card are one slice (see _colex)
        _, five = _level(5)
        parts, start = [], 0
        for top in range(5, _DECK):
            n = math.comb(top, 5)
            chosen = five[:n][taken[start : start + n]]
            parts.append(np.concatenate([chosen, np.full((len(chosen), 1), top, np.uint8)], 1))
            start += n
        hands = np.concatenate(parts)
    else:
        hands = hands[taken]
    return np.sort(keys(hands[:, ::-1]))
