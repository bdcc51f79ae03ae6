"""Records as a ``pandas.DataFrame``: the one place croupier reaches for pandas (an
optional dependency: the ``pandas`` extra, see :mod:`croupier._extras`).

>>> try:
...     frame = dataframe_of([{"player": 0, "equity": 0.5}], "player", "Example")
... except ImportError:  # pandas is optional
...     frame = None
>>> frame is None or float(frame.loc[0, "equity"]) == 0.5
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier._extras import require

__all__ = ["dataframe_of"]


def dataframe_of(
    records: list[dict[str, object]],
    index: str | list[str],
    owner: str,
    columns: Sequence[str] | None = None,
) -> Any:
    """``records`` as a DataFrame indexed by ``index`` (a column, or columns: a
    ``MultiIndex``); an ``ImportError`` that says how to install pandas (and that
    ``owner.to_records()`` gives the same data) without it."""
    pandas = require(
        "pandas",
        f"{owner}.to_dataframe",
        "pandas",
        f"; {owner}.to_records() gives the same data as plain dicts",
    )
    frame = pandas.DataFrame.from_records(
        records, columns=None if columns is None else list(columns)
    )
    return frame.set_index(index)
