"""A missing optional extra is one line that names it, and nothing tells a user to
install croupier from a package index (it is installed from its folder)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from blocked import run_without

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium"])
@pytest.mark.parametrize("name", ["PokerEnv", "SingleAgentEnv"])
def test_an_environment_without_the_rl_extra_says_to_install_it(missing: str, name: str) -> None:
    line = run_without(missing, f"from croupier.env import {name}")
    assert line.startswith("ModuleNotFoundError: croupier.env.") and "needs the 'rl' extra" in line
    assert 'pip install ".[rl]"' in line and "pip install pettingzoo gymnasium" in line


def test_to_dataframe_without_pandas_says_to_install_it_and_what_needs_nothing() -> None:
    code = (
        "import croupier\n"
        "r = croupier.equity(croupier.TexasHoldem(croupier.NO_LIMIT), ['AhAd', 'KhKd'],"
        " board='2c3c4d5h', exact=True)\n"
        "assert r.to_records()\n"
        "r.to_dataframe()\n"
    )
    line = run_without("pandas", code)
    assert line == (
        "ModuleNotFoundError: EquityResult.to_dataframe needs the 'pandas' extra: "
        'pip install ".[pandas]" in croupier\'s folder, or pip install pandas; '
        "EquityResult.to_records() gives the same data as plain dicts"
    )


def test_every_extra_a_message_names_is_in_pyproject_with_its_packages() -> None:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    from croupier._extras import EXTRAS

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    for extra, packages in EXTRAS.items():
        names = {re.split(r"[\[<>=;]", p)[0] for p in declared[extra]}
        assert names == {re.split(r"[\[']", p.strip("'"))[0] for p in packages.split()}, extra


def test_nothing_says_to_install_croupier_from_an_index() -> None:
    texts = [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("src/croupier/**/*.py")]
    texts += [*ROOT.glob("src/croupier/**/*.pyx")]
    pattern = re.compile(r"pip install ['\"]?croupier\b|croupier\[")
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for path in texts
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "\n".join(found)
