"""ICM: what tournament chips are worth in prize money (the Malmuth-Harville model).

The independent chip model takes each player's chance of finishing first to be its
share of the chips, and, once the first place is decided, the chance of each other
player finishing second to be its share of the chips left, and so on down the paid
places.  :func:`icm` gives each player's expected prize (its *equity* in the
prize pool) and the chance of each player taking each paid place
(docs/icm.md: the model, the choices, the fast method and its measured error).

Exactly, by summing over the sets of players who take the places above: the
probability that the first ``k`` places go to a set ``A`` of players (in any
order) is worked out once per set, so the cost is the number of sets of fewer
than ``m`` players (``m`` paid places) times the players, not the ``n!/(n-m)!``
finishing orders.  Nine players and nine places: 511 sets; a hundred players
and three places: 5,051.  When the sets times the players would be more than
``exact_limit``,
the places are sampled instead (Monte Carlo): the Malmuth-Harville order is the
order of ``E_i / s_i`` with independent ``E_i ~ Exp(1)`` (the smallest first),
one draw per player per sample; the result carries each equity's standard error.

>>> r = icm([5000, 3000, 2000], [50, 30, 20])
>>> [round(e, 2) for e in r.equity], r.exact
([38.39, 32.75, 28.86], True)
>>> [round(p, 4) for p in r.places[0]]   # the chip leader's chance of 1st, 2nd, 3rd
[0.5, 0.3393, 0.1607]

Choices (docs/icm.md): a player with no chips has busted and takes the lowest
places left (players who busted in the same hand share those places' prizes
equally); payouts past the number of players are already paid out and are
ignored; payouts may not increase from one place to the next; stacks and
payouts are any non-negative real numbers (``int``,
``float``, ``Decimal``, numpy scalars), worked in ``float``.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from croupier._frames import dataframe_of
from croupier._validate import as_int, as_sequence, shown

__all__ = ["ICMResult", "icm", "icm_all_in"]

EXACT_LIMIT = 1 << 21
"""The most steps (sets of placed players times players) :func:`icm` sums exactly by
default: about a second of Python at the most."""

_CHUNK = 1 << 18  # Monte Carlo: draws (samples x players) per numpy batch


@dataclass(frozen=True, slots=True)
class ICMResult:
    """What :func:`icm` found.

    ``equity``: ``equity[i]`` is player ``i``'s expected prize; ``places``:
    ``places[i][k]`` its chance of finishing in paid place ``k`` (0: first);
    ``exact``: whether it was summed exactly (else sampled ``samples`` times, with
    ``stderr`` holding the standard error of each equity; zeros when exact).

    >>> r = icm([1, 1], [10, 0])
    >>> r.equity, r.places, r.stderr, r.samples
    ((5.0, 5.0), ((0.5, 0.5), (0.5, 0.5)), (0.0, 0.0), 0)
    """

    equity: tuple[float, ...]
    places: tuple[tuple[float, ...], ...]
    exact: bool
    samples: int
    stderr: tuple[float, ...]

    def to_records(self) -> list[dict[str, object]]:
        """One dict a player: ``player`` (its index), ``equity``, ``stderr`` and
        ``place_1`` … (its chance of each paid place).

        >>> icm([3, 1], [1]).to_records()[0]
        {'player': 0, 'equity': 0.75, 'stderr': 0.0, 'place_1': 0.75}
        """
        return [
            {
                "player": i,
                "equity": self.equity[i],
                "stderr": self.stderr[i],
                **{f"place_{k + 1}": p for k, p in enumerate(self.places[i])},
            }
            for i in range(len(self.equity))
        ]

    def to_dataframe(self) -> Any:
        """The records as a ``pandas.DataFrame`` indexed by player (needs pandas).

        >>> try:
        ...     frame = icm([3, 1], [1]).to_dataframe()
        ... except ImportError:  # pandas is optional
        ...     frame = None
        >>> frame is None or round(float(frame.loc[0, "equity"]), 2) == 0.75
        True
        """
        return dataframe_of(self.to_records(), "player", "ICMResult")


def _amounts(values: object, what: str) -> list[float]:
    """Non-negative finite real numbers, as floats; ``ValueError`` naming ``what``."""
    items = as_sequence(values, what)
    out: list[float] = []
    for i, item in enumerate(items):
        if isinstance(item, bool) or not isinstance(item, (numbers.Real, Decimal)):
            raise ValueError(
                f"{what}[{i}] must be a number, got {type(item).__name__} {shown(item)}"
            )
        value = float(item)
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{what}[{i}] must be a finite number >= 0, got {shown(item)}")
        out.append(value)
    return out


def _steps(players: int, places: int) -> int:
    """The exact sum's steps: the sets of fewer than ``places`` players out of
    ``players``, each times the players."""
    return players * sum(math.comb(players, k) for k in range(places))


def icm(
    stacks: object,
    payouts: object,
    *,
    exact: bool | None = None,
    samples: int = 1_000_000,
    seed: int | None = None,
    exact_limit: int = EXACT_LIMIT,
) -> ICMResult:
    """Each player's expected prize under the Malmuth-Harville model (see the module).

    ``stacks``: each player's chips (at least one player with chips); ``payouts``:
    the prize of 1st, 2nd … place.  ``exact`` forces the exact sum (``True``) or
    sampling (``False``); by default the sum is exact when it takes at most
    ``exact_limit`` steps (sets of placed players times players).  Sampling draws
    ``samples`` finishing orders from ``seed`` (numpy's PCG64; ``None``: fresh
    entropy).

    >>> r = icm([70, 20, 10], [60, 40], exact=False, samples=200_000, seed=7)
    >>> r.exact, abs(r.equity[0] - icm([70, 20, 10], [60, 40]).equity[0]) < 4 * r.stderr[0]
    (False, True)
    >>> icm([10, -1], [1])
    Traceback (most recent call last):
    ...
    ValueError: stacks[1] must be a finite number >= 0, got -1
    """
    chips = _amounts(stacks, "stacks")
    prizes = _amounts(payouts, "payouts")
    n = len(chips)
    if n == 0 or not any(chips):
        raise ValueError("icm needs at least one player with chips")
    samples = as_int(samples, "samples")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    if seed is not None:
        seed = as_int(seed, "seed")
    limit = as_int(exact_limit, "exact_limit")
    for k in range(1, len(prizes)):
        if prizes[k] > prizes[k - 1]:
            raise ValueError(f"payouts must not increase: place {k + 1} pays more than place {k}")
    if exact is not None and not isinstance(exact, bool):
        raise ValueError(f"exact must be True, False or None, got {shown(exact)}")
    reported = min(len(prizes), n)  # the places asked about (past n: already paid out)
    prizes = prizes[:n] + [0.0] * (n - len(prizes))
    alive = [i for i in range(n) if chips[i] > 0]
    busted = [i for i in range(n) if chips[i] == 0]
    paid = min(reported, len(alive))  # the places the players with chips play for
    places = [[0.0] * n for _ in range(n)]
    stderr = [0.0] * n
    if exact is None:
        exact = _steps(len(alive), paid) <= limit
    if exact:
        _exact_places(chips, alive, paid, places)
        taken = 0
    else:
        taken = samples
        _sampled_places(chips, alive, paid, prizes, places, stderr, samples, seed)
    equity = [sum(places[i][k] * prizes[k] for k in range(paid)) for i in range(n)]
    if busted:  # the busted share the places below the players with chips
        share = sum(prizes[len(alive) :]) / len(busted)
        for i in busted:
            equity[i] = share
            for k in range(len(alive), n):
                places[i][k] = 1.0 / len(busted)
    shown_places = max(reported, 1)
    return ICMResult(
        equity=tuple(equity),
        places=tuple(tuple(row[:shown_places]) for row in places),
        exact=exact,
        samples=taken,
        stderr=tuple(stderr),
    )


def _exact_places(
    chips: list[float], alive: list[int], paid: int, places: list[list[float]]
) -> None:
    """``places[i][k]`` for the first ``paid`` places, summed over the sets of players
    placed above (each set's probability worked out once)."""
    total = sum(chips[i] for i in alive)
    level: dict[int, tuple[float, float]] = {0: (1.0, total)}  # set -> (prob, chips left)
    for place in range(paid):
        following: dict[int, tuple[float, float]] = {}
        for taken, (prob, left) in level.items():
            for i in alive:
                bit = 1 << i
                if taken & bit:
                    continue
                p = prob * chips[i] / left
                places[i][place] += p
                key = taken | bit
                before = following.get(key)
                if before is None:
                    following[key] = (p, left - chips[i])
                else:
                    following[key] = (before[0] + p, before[1])
        level = following


def _sampled_places(
    chips: list[float],
    alive: list[int],
    paid: int,
    prizes: list[float],
    places: list[list[float]],
    stderr: list[float],
    samples: int,
    seed: int | None,
) -> None:
    """``places`` and ``stderr`` from ``samples`` Malmuth-Harville orders (see the module)."""
    import numpy as np

    if paid == 0:
        return
    rng = np.random.Generator(np.random.PCG64(seed))
    weights = np.array([chips[i] for i in alive])
    m = len(alive)
    counts = np.zeros((m, paid), dtype=np.int64)
    rows = max(1, _CHUNK // m)
    done = 0
    while done < samples:
        batch = min(rows, samples - done)
        keys = rng.standard_exponential((batch, m)) / weights
        if paid < m:
            top = np.argpartition(keys, paid - 1, axis=1)[:, :paid]
            order = np.take_along_axis(
                top, np.argsort(np.take_along_axis(keys, top, axis=1), axis=1), axis=1
            )
        else:
            order = np.argsort(keys, axis=1)
        flat = order * paid + np.arange(paid)  # (player, place) as one index
        counts += np.bincount(flat.ravel(), minlength=m * paid).reshape(m, paid)
        done += batch
    prize = np.array(prizes[:paid])
    share = counts / samples
    mean = share @ prize
    second = share @ (prize * prize)
    spread = np.sqrt(np.maximum(second - mean * mean, 0.0) / samples)
    for j, i in enumerate(alive):
        places[i][:paid] = share[j].tolist()
        stderr[i] = float(spread[j])


def icm_all_in(
    stacks: object,
    payouts: object,
    players: tuple[int, int],
    win: float,
    tie: float = 0.0,
    **options: Any,
) -> ICMResult:
    """The ICM equity, in prize money, after ``players[0]`` and ``players[1]`` are all in
    against each other: the first wins the smaller stack from the second with
    probability ``win``, they split (stacks unchanged) with probability ``tie``, and
    the second wins otherwise.  Compare it with :func:`icm` of the stacks after a fold
    to price a call or a shove.  ``options`` go to :func:`icm`; when the three outcomes
    are exact, so is the result, and a sampled result's errors are combined.

    >>> before = icm([50, 30, 20], [70, 30]).equity[2]
    >>> after = icm_all_in([50, 30, 20], [70, 30], (2, 1), win=0.5).equity[2]
    >>> round(before, 2), round(after, 2)   # a coin flip for it all costs the short stack
    (22.57, 20.67)
    """
    chips = _amounts(stacks, "stacks")
    if (
        not isinstance(players, tuple)
        or len(players) != 2
        or any(isinstance(p, bool) or not isinstance(p, int) for p in players)
        or not all(0 <= p < len(chips) for p in players)
        or players[0] == players[1]
    ):
        raise ValueError(f"players must be two different player indices, got {shown(players)}")
    for name, value in (("win", win), ("tie", tie)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"{name} must be a probability, got {shown(value)}")
    p_win, p_tie = float(win), float(tie)
    if not (0 <= p_win <= 1 and 0 <= p_tie <= 1 and p_win + p_tie <= 1 + 1e-12):
        raise ValueError(
            f"win and tie must be probabilities summing to at most 1, got {win}, {tie}"
        )
    a, b = players
    risked = min(chips[a], chips[b])
    if risked == 0:
        raise ValueError(f"player {a if chips[a] == 0 else b} has no chips to put in")
    outcomes: list[tuple[float, list[float]]] = []
    for prob, sign in ((p_win, 1.0), (max(0.0, 1.0 - p_win - p_tie), -1.0), (p_tie, 0.0)):
        after = list(chips)
        after[a] += sign * risked
        after[b] -= sign * risked
        outcomes.append((prob, after))
    results = [(prob, icm(after, payouts, **options)) for prob, after in outcomes if prob > 0]
    n = len(chips)
    width = max(len(r.places[0]) for _, r in results)
    equity = [sum(prob * r.equity[i] for prob, r in results) for i in range(n)]
    places = [
        tuple(
            sum(prob * (r.places[i][k] if k < len(r.places[i]) else 0.0) for prob, r in results)
            for k in range(width)
        )
        for i in range(n)
    ]
    error = [math.sqrt(sum((prob * r.stderr[i]) ** 2 for prob, r in results)) for i in range(n)]
    return ICMResult(
        equity=tuple(equity),
        places=tuple(places),
        exact=all(r.exact for _, r in results),
        samples=max(r.samples for _, r in results),
        stderr=tuple(error),
    )
