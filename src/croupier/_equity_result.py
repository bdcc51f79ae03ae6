"""The result of ``croupier.equity``: each hand's shares of the pot, and how they were counted.

>>> import numpy as np
>>> r = result_of(np.array([[0.5, 0.5], [0.5, 0.5], [0, 0], [0, 0], [1, 1], [0.25, 0.25]]), 1, True)
>>> r.equity, r.tie, r.deals, r.stderr
((0.5, 0.5), (1.0, 1.0), 1, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier._display import equity_html, equity_text
from croupier._frames import dataframe_of

__all__ = ["EquityResult", "moments", "result_of"]


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Per player: ``equity`` (expected share of the pot), ``win`` (the whole pot
    alone), ``tie`` (a share of the high, tied), ``high``/``low`` (expected share
    from each half in hi/lo games), ``stderr`` (Monte Carlo only); and how many
    ``deals`` were evaluated, ``exact`` or sampled.

    >>> import croupier
    >>> r = croupier.equity(croupier.TexasHoldem(croupier.NO_LIMIT), ["AhAd", "KhKd"],
    ...                     board="2c3c4d5h")
    >>> round(r.equity[0], 4), r.deals, r.exact, r.stderr
    (0.9318, 44, True, None)
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    high: tuple[float, ...]
    low: tuple[float, ...]
    deals: int
    exact: bool
    stderr: tuple[float, ...] | None

    def __str__(self) -> str:
        """Each hand's equity, win and tie in percent, and how they were counted.

        >>> print(result_of(np.array([[1, 0], [1, 0], [0, 0], [1, 0], [0, 0], [1, 0]]), 1, True))
        hand 0  equity 100.00%  win 100.00%  tie 0.00%
        hand 1  equity 0.00%  win 0.00%  tie 0.00%
        1 deals, exact
        """
        return equity_text(self)

    def _repr_html_(self) -> str:
        """The same as an HTML table, which Jupyter shows.

        >>> r = result_of(np.array([[1, 0], [1, 0], [0, 0], [1, 0], [0, 0], [1, 0]]), 1, True)
        >>> r._repr_html_().count("<tr>")
        3
        """
        return equity_html(self)

    def to_records(self) -> list[dict[str, object]]:
        """One dict a hand: ``hand`` (its index), ``equity``, ``win``, ``tie``,
        ``high``, ``low`` and ``stderr`` (``None`` when exact).

        >>> r = result_of(np.array([[1, 0], [1, 0], [0, 0], [1, 0], [0, 0], [1, 0]]), 1, True)
        >>> r.to_records()[0]
        {'hand': 0, 'equity': 1.0, 'win': 1.0, 'tie': 0.0, 'high': 1.0, 'low': 0.0, 'stderr': None}
        """
        return [
            {
                "hand": i,
                "equity": self.equity[i],
                "win": self.win[i],
                "tie": self.tie[i],
                "high": self.high[i],
                "low": self.low[i],
                "stderr": None if self.stderr is None else self.stderr[i],
            }
            for i in range(len(self.equity))
        ]

    def to_dataframe(self) -> Any:
        """The records as a ``pandas.DataFrame`` indexed by hand (needs pandas).

        >>> r = result_of(np.array([[1, 0], [1, 0], [0, 0], [1, 0], [0, 0], [1, 0]]), 1, True)
        >>> try:
        ...     frame = r.to_dataframe()
        ... except ImportError:  # pandas is optional
        ...     frame = None
        >>> frame is None or float(frame.loc[0, "equity"]) == 1.0
        True
        """
        return dataframe_of(self.to_records(), "hand", "EquityResult")


def result_of(
    sums: npt.NDArray[np.float64], divisor: int, exact: bool, deals: int | None = None
) -> EquityResult:
    """The result from summed shares (the rows of ``croupier._equity_kernels``) over
    ``divisor`` deals."""
    mean = sums / divisor
    stderr = None
    if not exact:
        variance = np.maximum(mean[5] - mean[0] ** 2, 0.0)
        stderr = tuple(float(x) for x in np.sqrt(variance / divisor))
    return EquityResult(
        equity=tuple(float(x) for x in mean[0]),
        win=tuple(float(x) for x in mean[3]),
        tie=tuple(float(x) for x in mean[4]),
        high=tuple(float(x) for x in mean[1]),
        low=tuple(float(x) for x in mean[2]),
        deals=divisor if deals is None else deals,
        exact=exact,
        stderr=stderr,
    )


def moments(result: EquityResult) -> npt.NDArray[np.float64]:
    """The summed rows of ``result_of`` (equity, high, low, win, tie, equity squared)
    back from a Monte Carlo result: means times deals, and the squares from
    ``stderr**2 * deals + equity**2`` (the variance ``result_of`` took)."""
    assert result.stderr is not None
    n = result.deals
    mean = np.array(
        [result.equity, result.high, result.low, result.win, result.tie], dtype=np.float64
    )
    square = np.square(result.stderr) * n + np.square(mean[0])
    return np.vstack([mean, square[np.newaxis]]) * n
