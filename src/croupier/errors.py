"""Exceptions of croupier."""

from __future__ import annotations

__all__ = ["IllegalAction", "PHHError"]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the hand is left unchanged.

    >>> raise IllegalAction("seat 2 cannot check: 4 to call")
    Traceback (most recent call last):
    ...
    croupier.errors.IllegalAction: seat 2 cannot check: 4 to call
    """


class PHHError(ValueError):
    """Malformed PHH input, or an invalid ``HandHistory`` or ``Action`` value.

    Raised by :mod:`croupier.phh` and :mod:`croupier.actions`; ``field`` is
    the PHH field concerned, when there is one.

    >>> raise PHHError("line 1: field 'variant': unknown variant code 'XX'", field="variant")
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: line 1: field 'variant': unknown variant code 'XX'
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field
