"""Test collection.

PokerKit 0.7.7, the oracle of tests/test_pokerkit_differential.py,
tests/test_draw_pokerkit.py and tests/test_pokerkit_runs.py, needs Python
3.11 or newer, so the test extra installs it only there; on Python 3.10
those modules are not collected (rather than skipped).  Everywhere else a
missing PokerKit is an error, not a skip.
"""

from __future__ import annotations

import sys

ORACLE = [
    "test_pokerkit_differential.py",
    "test_draw_pokerkit.py",
    "test_pokerkit_runs.py",
    "test_pokerkit_rake.py",
]
collect_ignore = ORACLE if sys.version_info < (3, 11) else []
