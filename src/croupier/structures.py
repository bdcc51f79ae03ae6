"""Betting structures, kept apart from the games so that every game can use each.

>>> NO_LIMIT, POT_LIMIT.value
(<Structure.NO_LIMIT: 'no-limit'>, 'pot-limit')
"""

from __future__ import annotations

from enum import Enum

__all__ = ["FIXED_LIMIT", "NO_LIMIT", "POT_LIMIT", "Structure"]


class Structure(Enum):
    """How much a player may bet or raise (docs/rules.md §4).

    >>> Structure.POT_LIMIT.letter, Structure.from_letter("F")
    ('P', <Structure.FIXED_LIMIT: 'fixed-limit'>)
    """

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"

    @property
    def letter(self) -> str:
        """The structure's letter in PHH variant codes: ``N``, ``P`` or ``F``."""
        return self.value[0].upper()

    @classmethod
    def from_letter(cls, letter: str) -> Structure:
        """The structure of a PHH letter (``ValueError`` for any other text)."""
        for structure in cls:
            if structure.letter == letter:
                return structure
        raise ValueError(f"unknown betting structure letter {letter!r} (N, P or F)")


NO_LIMIT = Structure.NO_LIMIT
POT_LIMIT = Structure.POT_LIMIT
FIXED_LIMIT = Structure.FIXED_LIMIT
