"""Parallel work: how many cores this process may use.

One place for the core count that the batch evaluators (``croupier.hands``)
and equity (``croupier.equity``) size their threads by.

>>> usable_cores() >= 1
True
"""

from __future__ import annotations

import os

__all__ = ["usable_cores"]


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - not Linux
