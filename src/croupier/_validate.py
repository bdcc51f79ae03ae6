"""One reading of integer inputs for every public call (chips, seats, seeds, counts).

An integer is a Python ``int`` or any integer type with ``__index__``
(``numpy.int64`` …); ``bool`` and ``numpy.bool_`` are not integers here
(``True`` is no chip count), nor are floats, strings or bytes, even when
they hold a whole number.  Everything else is a ``ValueError`` naming what
was expected.

>>> import numpy as np
>>> as_int(np.int64(5), "stack"), as_int(7, "stack")
(5, 7)
>>> as_int(True, "stack")
Traceback (most recent call last):
...
ValueError: stack must be an integer, got the bool True
>>> as_int(2.0, "stack")
Traceback (most recent call last):
...
ValueError: stack must be an integer, got float 2.0
"""

from __future__ import annotations

import operator
import sys

__all__ = ["MAX_CHIPS", "as_int", "is_bool", "is_int"]


def is_bool(value: object) -> bool:
    """Whether ``value`` is a ``bool`` or a ``numpy.bool_``."""
    return _is_bool(value)


def _is_bool(value: object) -> bool:
    if isinstance(value, bool):
        return True
    np = sys.modules.get("numpy")  # numpy is never imported for this check
    return np is not None and isinstance(value, np.bool_)


def is_int(value: object) -> bool:
    """Whether ``value`` is read as an integer by ``as_int``."""
    if type(value) is int:
        return True
    return (
        not _is_bool(value)
        and not isinstance(value, (float, complex, str, bytes))
        and hasattr(type(value), "__index__")
    )


def as_int(value: object, what: str) -> int:
    """``value`` as a Python ``int``, or ``ValueError`` naming ``what``."""
    if type(value) is int:
        return value
    if _is_bool(value):
        raise ValueError(f"{what} must be an integer, got the bool {value!r}")
    if not is_int(value):
        raise ValueError(f"{what} must be an integer, got {type(value).__name__} {value!r}")
    return operator.index(value)  # type: ignore[arg-type]


MAX_CHIPS = 10**40
"""Every amount of chips is below this: the chips at a table together (a hand
refuses stacks that add up to more), and every PHH amount, in the hand's units.

Far beyond any real stack, and bounded so that no input makes unbounded work.
So every amount of a hand croupier plays can be written as PHH, and every PHH
file whose amounts are below 10**18 with at most 18 decimal places (up to 64
players at the finest scale: under 64 * 10**36 units) replays.
"""
