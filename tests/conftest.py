"""Test collection.

PokerKit 0.7.7, the oracle of the test modules in ``ORACLE`` below, needs
Python 3.11 or newer, so the test extra installs it only there; on Python
3.10 those modules are not collected (rather than skipped).  Everywhere else a
missing PokerKit is an error, not a skip.
"""

from __future__ import annotations

import sys

import pytest

from croupier import _impl

ORACLE = [
    "test_pokerkit_differential.py",
    "test_draw_pokerkit.py",
    "test_pokerkit_runs.py",
    "test_pokerkit_rake.py",
    "test_pokerkit_icm.py",
    "test_pokerkit_equity.py",
]
collect_ignore = ORACLE if sys.version_info < (3, 11) else []

# The slow part of the suite, marked ``slow`` module by module (``python -m pytest -m
# "not slow"`` leaves it out; the README's plain ``python -m pytest`` runs everything):
# the peer oracles, randomized property runs, exhaustive enumerations, fuzzing, and the
# interrupt tests that start Python processes.
SLOW = {
    *ORACLE,
    "test_games_properties.py",
    "test_hand_properties.py",
    "test_draw_properties.py",
    "test_hands_exhaustive.py",
    "test_hands_random.py",
    "test_hands_draw.py",
    "test_omaha_ranges.py",
    "test_fuzz.py",
    "test_fuzz_env.py",
    "test_sites_fuzz.py",
    "test_cli_interrupts.py",
}

# The environments' compiled kernel (env._fast: it cimports the compiled Hand) is
# left out under CROUPIER_IMPL=pure, where the environments run fast=False: the
# tests of the kernel (a ``fast=True`` case, or a test marked ``kernel``) are
# deselected there; every other env test runs on the pure-Python engine.


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "kernel: a test of the compiled env kernel (env._fast)")
    config.addinivalue_line("markers", "slow: in the slow part of the suite (conftest's SLOW)")


def is_kernel_test(item: pytest.Item) -> bool:
    """Whether ``item`` tests the compiled kernel (it cannot run under pure)."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("fast") is True:
        return True
    return item.get_closest_marker("kernel") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the modules of ``SLOW``; under pure, deselect the tests of the compiled
    kernel (:func:`is_kernel_test`)."""
    for item in items:
        if item.path.name in SLOW:
            item.add_marker(pytest.mark.slow)
    if not _impl.PURE:
        return
    deselected = [item for item in items if is_kernel_test(item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if not is_kernel_test(item)]


def pytest_report_header() -> list[str]:
    """The implementation under test (``CROUPIER_IMPL``), and what it leaves out."""
    left_out = f"; not collected: {', '.join(collect_ignore)}" if collect_ignore else ""
    kernel = "; the compiled env kernel's tests deselected" if _impl.PURE else ""
    return [f"croupier: CROUPIER_IMPL={_impl.IMPL}{left_out}{kernel}"]
