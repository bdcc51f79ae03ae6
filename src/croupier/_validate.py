"""One reading of integer and sequence inputs for every public call (chips, seats, seeds,
counts, card codes: :mod:`croupier.cards` builds on these).

An integer is a Python ``int`` or any integer type with ``__index__``
(``numpy.int64`` …); ``bool`` and ``numpy.bool_`` are not integers here
(``True`` is no chip count), nor are floats, strings or bytes, even when
they hold a whole number.  Everything else is a ``ValueError`` naming what
was expected, also when the object's own ``__index__`` fails (a one-element
array, a broken ``__index__``): only ``MemoryError``, ``RecursionError`` and
``KeyboardInterrupt`` pass through.

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
>>> as_int(np.array([5]), "stack")
Traceback (most recent call last):
...
ValueError: stack must be an integer, got ndarray array([5])

A sequence (``as_sequence``) is read once, into a tuple of its own: code
that runs while the items are read (an item's ``__index__``) cannot change
what is read.
"""

from __future__ import annotations

import operator
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "MAX_CHIPS",
    "as_bool",
    "as_int",
    "as_sequence",
    "int_array",
    "is_bool",
    "is_int",
    "shown",
]

PASS_THROUGH = (MemoryError, RecursionError)
"""Exceptions never turned into ``ValueError`` (KeyboardInterrupt is no Exception)."""

_SHOWN = 60  # characters of a value shown in an error message


def shown(value: object) -> str:
    """``repr(value)`` for an error message: at most 60 characters, never an exception.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    >>> shown(-(2**200))
    'a negative int of 201 bits'
    """
    if type(value) is int and not -(10**40) < value < 10**40:
        return f"{'a negative' if value < 0 else 'an'} int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except PASS_THROUGH:
        raise
    except Exception:
        text = f"<{type(value).__name__} object>"
    if not isinstance(text, str):  # pragma: no cover - repr always gives a str
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def is_bool(value: object) -> bool:
    """Whether ``value`` is a ``bool`` or a ``numpy.bool_``."""
    return _is_bool(value)


def _is_bool(value: object) -> bool:
    if isinstance(value, bool):
        return True
    np = sys.modules.get("numpy")  # numpy is never imported for this check
    return np is not None and isinstance(value, np.bool_)


def as_bool(value: object, what: str) -> bool:
    """``value`` as a ``bool`` (a ``bool`` or a ``numpy.bool_``), or ``ValueError``
    naming ``what``: a switch is never read from a string, a number or None.

    >>> as_bool(True, "raw")
    True
    >>> as_bool("no", "raw")
    Traceback (most recent call last):
    ...
    ValueError: raw must be True or False, got str 'no'
    """
    if _is_bool(value):
        return bool(value)
    raise ValueError(f"{what} must be True or False, got {type(value).__name__} {shown(value)}")


def is_int(value: object) -> bool:
    """Whether ``value`` is an integer type for ``as_int`` (its ``__index__`` may still fail)."""
    if type(value) is int:
        return True
    return (
        not _is_bool(value)
        and not isinstance(value, (float, complex, str, bytes, bytearray))
        and hasattr(type(value), "__index__")
    )


def as_int(value: object, what: str) -> int:
    """``value`` as a Python ``int``, or ``ValueError`` naming ``what``."""
    if type(value) is int:
        return value
    if is_int(value):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except PASS_THROUGH:
            raise
        except Exception as exc:  # an array of more than one element, a broken __index__
            raise ValueError(_not_an_int(value, what)) from exc
    raise ValueError(_not_an_int(value, what))


def _not_an_int(value: object, what: str) -> str:
    if _is_bool(value):
        return f"{what} must be an integer, got the bool {shown(value)}"
    return f"{what} must be an integer, got {type(value).__name__} {shown(value)}"


def as_sequence(values: object, what: str, expected: str = "a sequence") -> tuple[object, ...]:
    """The items of ``values``, read once into a tuple (a tuple is returned as it is).

    Any iterable but text (``str``, ``bytes``), mappings, sets (no order) and
    masked numpy arrays (their hidden entries are no input).

    >>> as_sequence([1, 2], "stacks"), as_sequence(iter("ab"), "names")
    ((1, 2), ('a', 'b'))
    >>> as_sequence({1, 2}, "stacks")
    Traceback (most recent call last):
    ...
    ValueError: stacks must be a sequence, got set
    """
    if type(values) is tuple:
        return values
    if type(values) is list:
        return tuple(values)
    if values is None or isinstance(values, (str, bytes, bytearray, dict, set, frozenset)):
        raise ValueError(f"{what} must be {expected}, got {type(values).__name__}")
    ma = sys.modules.get("numpy.ma")  # loaded whenever a masked array exists
    if ma is not None and isinstance(values, ma.MaskedArray):
        int_array(values, what)  # raises: the one message for masked arrays
    try:
        return tuple(values)  # type: ignore[arg-type]
    except PASS_THROUGH:
        raise
    except Exception as exc:
        raise ValueError(
            f"{what} must be {expected}, got {type(values).__name__} "
            f"(reading it raised {type(exc).__name__})"
        ) from exc


def int_array(values: object, what: str) -> npt.NDArray[Any]:
    """A numpy array of integers as a plain ``ndarray`` (any byte order and layout).

    Refused with ``ValueError``: masked arrays (their hidden entries are no
    input), and every dtype but the integer ones (bool, float, complex,
    object, text, dates).  Values are not checked here.

    >>> import numpy as np
    >>> int_array(np.array([[51, 50]], dtype=">i4"), "cards").dtype
    dtype('>i4')
    >>> int_array(np.array([True, False]), "cards")
    Traceback (most recent call last):
    ...
    ValueError: cards array must have an integer dtype, got bool (True is no number here)
    """
    np = sys.modules.get("numpy")
    if np is None or not isinstance(values, np.ndarray):
        raise ValueError(f"{what} must be a numpy array, got {type(values).__name__}")
    ma = sys.modules.get("numpy.ma")
    if ma is not None and isinstance(values, ma.MaskedArray):
        raise ValueError(
            f"{what}: masked arrays are not read (their masked entries are no input); "
            "pass .filled(...) or .compressed()"
        )
    array = np.asarray(values)  # a plain ndarray: no subclass method runs on it later
    kind = array.dtype.kind
    if kind in "iu":
        return array  # type: ignore[no-any-return]
    why = {
        "b": " (True is no number here)",
        "f": " (convert whole numbers with .astype(int))",
        "O": " (convert it with .astype(int))",
    }.get(kind, "")
    raise ValueError(f"{what} array must have an integer dtype, got {array.dtype}{why}")


MAX_CHIPS = 10**40
"""Every amount of chips is below this: the chips at a table together (a hand
refuses stacks that add up to more), and every PHH amount, in the hand's units.

Far beyond any real stack, and bounded so that no input makes unbounded work.
So every amount of a hand croupier plays can be written as PHH, and every PHH
file whose amounts are below 10**18 with at most 18 decimal places (up to 64
players at the finest scale: under 64 * 10**36 units) replays.
"""
