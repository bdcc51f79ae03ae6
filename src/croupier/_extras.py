"""The optional extras, and the one-line error a missing one gives.

croupier is installed from its folder (a clone or an unpacked source archive), not
from a package index, so the message names the extra as ``pip install ".[rl]"``
there, and the packages themselves for an installed croupier.

>>> print(needs("rl", "croupier.env.PokerEnv"))  # doctest: +NORMALIZE_WHITESPACE
croupier.env.PokerEnv needs the 'rl' extra: pip install ".[rl]" in croupier's folder,
or pip install pettingzoo gymnasium
>>> try:
...     require("pandas", "EquityResult.to_dataframe", "no_such_module_here")
... except ImportError as error:
...     print(type(error).__name__, error.name)
ModuleNotFoundError no_such_module_here
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRAS", "needs", "require"]

EXTRAS = {
    "dask": "'dask[distributed]'",
    "gpu": "cupy-cuda12x",
    "pandas": "pandas",
    "plot": "matplotlib",
    "rl": "pettingzoo gymnasium",
}
"""Each optional extra of pyproject.toml that code checks for, with its packages."""


def needs(extra: str, what: str) -> str:
    """The one line that says ``what`` needs ``extra`` and how to install it."""
    return (
        f'{what} needs the {extra!r} extra: pip install ".[{extra}]" in croupier\'s folder, '
        f"or pip install {EXTRAS[extra]}"
    )


def require(extra: str, what: str, module: str, also: str = "") -> ModuleType:
    """``module``, imported; missing, a ``ModuleNotFoundError`` of one line (:func:`needs`,
    then ``also``)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(needs(extra, what) + also, name=error.name) from None
