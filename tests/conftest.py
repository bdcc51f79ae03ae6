"""Test collection.

PokerKit 0.7.7, the oracle of tests/test_pokerkit_differential.py, needs Python
3.11 or newer, so the test extra installs it only there; on Python 3.10 that
one module is not collected (rather than skipped).  Everywhere else a missing
PokerKit is an error, not a skip.
"""

from __future__ import annotations

import sys

collect_ignore = ["test_pokerkit_differential.py"] if sys.version_info < (3, 11) else []
