"""Run the docstring examples of croupier's modules.

pytest does not collect doctests from the compiled ``croupier.hands``, so they
are run here with ``doctest.testmod``; each module must have examples, and
all of them must pass.
"""

from __future__ import annotations

import doctest

import pytest

import croupier
from croupier import cards, hands


@pytest.mark.parametrize("module", [hands, cards, croupier], ids=lambda m: m.__name__)
def test_module_docstring_examples_pass(module) -> None:
    result = doctest.testmod(module, verbose=False, report=True)
    assert result.attempted > 0, f"no doctest examples found in {module.__name__}"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_every_public_hands_function_has_examples() -> None:
    finder = doctest.DocTestFinder()
    tested = {t.name.rsplit(".", 1)[-1] for t in finder.find(hands) if t.examples}
    public = {
        "high",
        "ace_to_five_low",
        "eight_or_better_low",
        "omaha_high",
        "omaha_eight_or_better_low",
        "category",
        "describe",
    }
    assert public <= tested, f"no examples for {sorted(public - tested)}"
