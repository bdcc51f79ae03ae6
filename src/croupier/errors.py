"""Exceptions of croupier."""

from __future__ import annotations

__all__ = ["IllegalAction"]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the hand is left unchanged.

    >>> raise IllegalAction("seat 2 cannot check: 4 to call")
    Traceback (most recent call last):
    ...
    croupier.errors.IllegalAction: seat 2 cannot check: 4 to call
    """
