"""Test collection.

PokerKit 0.7.7, the oracle of tests/test_pokerkit_differential.py,
tests/test_draw_pokerkit.py and tests/test_pokerkit_runs.py, needs Python
3.11 or newer, so the test extra installs it only there; on Python 3.10
those modules are not collected (rather than skipped).  Everywhere else a
missing PokerKit is an error, not a skip.
"""

from __future__ import annotations

import sys

from croupier import _impl

ORACLE = [
    "test_pokerkit_differential.py",
    "test_draw_pokerkit.py",
    "test_pokerkit_runs.py",
    "test_pokerkit_rake.py",
]
# The environments' compiled core (env._rules, env._fast, env._aec) reads the
# compiled Hand's C fields: under CROUPIER_IMPL=pure, where croupier.hand is the
# plain Python class, croupier.env cannot be imported, and the modules that test
# it are not collected (rather than skipped).
ENVIRONMENTS = [
    "test_env.py",
    "test_env_cfr.py",
    "test_env_fast.py",
    "test_env_inputs.py",
    "test_fuzz_env.py",
    "test_table_errors.py",
]
collect_ignore = ORACLE if sys.version_info < (3, 11) else []
collect_ignore += ENVIRONMENTS if _impl.PURE else []


def pytest_report_header() -> list[str]:
    """The implementation under test (``CROUPIER_IMPL``), and what it leaves out."""
    left_out = f"; not collected: {', '.join(collect_ignore)}" if collect_ignore else ""
    return [f"croupier: CROUPIER_IMPL={_impl.IMPL}{left_out}"]
