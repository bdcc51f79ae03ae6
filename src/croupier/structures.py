"""Betting structures, kept apart from the games so that every game can use each.

>>> NO_LIMIT, POT_LIMIT.value
(<Structure.NO_LIMIT: 'no-limit'>, 'pot-limit')
"""

from __future__ import annotations

from enum import Enum

__all__ = ["FIXED_LIMIT", "NO_LIMIT", "POT_LIMIT", "Structure"]


class Structure(Enum):
    """How much a player may bet or raise (RULES.md §4)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


NO_LIMIT = Structure.NO_LIMIT
POT_LIMIT = Structure.POT_LIMIT
FIXED_LIMIT = Structure.FIXED_LIMIT
