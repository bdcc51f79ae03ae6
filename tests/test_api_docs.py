"""The documentation site's sources hold together without building it (CI builds it
with Sphinx, warnings as errors, and tools/check_api_reference.py checks the built
reference): docs/api.md has one section for each public module, in a reference
directive, and docs/index.md's tables of contents list every page of docs/.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import croupier

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def public_module_names() -> set[str]:
    names = {"croupier"}
    for info in pkgutil.walk_packages(croupier.__path__, "croupier."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.add(info.name)
    return names


def test_the_api_reference_has_a_section_for_each_public_module() -> None:
    text = (DOCS / "api.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## `(croupier[\w.]*)`", text, flags=re.M)
    assert len(sections) == len(set(sections)), "a module has two sections"
    assert set(sections) == public_module_names()
    for name in sections:
        if name == "croupier":
            assert ".. croupier-names::" in text  # croupier.__all__, linked to each home
        else:
            assert f".. croupier-module:: {name}\n" in text, name
            importlib.import_module(name)


def test_every_page_is_in_a_table_of_contents() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = set()
    for block in re.findall(r"```\{toctree\}\n(.*?)```", index, re.S):
        listed |= {line.strip() for line in block.splitlines() if line and not line.startswith(":")}
    pages = {page.stem for page in DOCS.glob("*.md")} - {"index"}
    assert listed == pages
