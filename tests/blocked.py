"""Run Python code in a fresh interpreter with an optional module made unimportable, for
the tests of the one-line "needs the ... extra" errors (test_extras, test_plots,
test_simulation_records)."""

from __future__ import annotations

import subprocess
import sys


def run_without(module: str, code: str) -> str:
    """The last line of stderr of ``code`` run with ``module`` not importable."""
    result = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.modules[{module!r}] = None\n{code}"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result
    return result.stderr.strip().splitlines()[-1]
