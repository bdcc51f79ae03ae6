"""Fail unless the built API reference documents every public name of croupier.

Run after the site is built (CI's docs step)::

    python tools/check_api_reference.py site/objects.inv

Public: every name in the ``__all__`` of ``croupier`` and of each module whose
dotted name has no part starting with ``_`` (as tests/test_docstrings.py reads
it), and every public method and property those classes define.  A name counts
as documented when the inventory Sphinx wrote lists it, or lists another name of
the same object (``croupier.Hand`` is documented as ``croupier.hand.Hand``).
Reads the inventory with Sphinx's own reader.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import croupier


def public_modules() -> Iterator[ModuleType]:
    """croupier and every module of it with no private part in its name."""
    yield croupier
    for info in pkgutil.walk_packages(croupier.__path__, "croupier."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            yield importlib.import_module(info.name)


def documented_names(inventory: Path) -> set[str]:
    """Every Python object's full name in a Sphinx ``objects.inv``."""
    from sphinx.util.inventory import InventoryFile

    loaded: Any = InventoryFile.loads(inventory.read_bytes(), uri="")
    data = getattr(loaded, "data", loaded)  # an _Inventory from Sphinx 8.2 on, else a dict
    return {name for role, items in data.items() if role.startswith("py:") for name in items}


def resolve(name: str) -> object:
    """The object a full dotted name stands for (None if it names nothing)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            # A class's own attribute as stored (a property, not its value); a
            # module's through getattr (croupier's names load on first use).
            get = getattr if isinstance(obj, ModuleType) else inspect.getattr_static
            obj = get(obj, part, None)
            if obj is None:
                return None
        return obj
    return None


def missing(names: set[str]) -> list[str]:
    """The public names (and their classes' methods and properties) not in ``names``."""
    by_leaf: dict[str, list[object]] = {}
    for full in names:
        by_leaf.setdefault(full.rsplit(".", 1)[-1], []).append(resolve(full))

    def found(full: str, obj: object) -> bool:
        leaf = full.rsplit(".", 1)[-1]
        return full in names or any(other is obj for other in by_leaf.get(leaf, ()))

    absent: list[str] = []
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            full = f"{module.__name__}.{name}"
            if not found(full, obj):
                absent.append(full)
            if not inspect.isclass(obj) or not found(full, obj):
                continue
            for member, value in vars(obj).items():
                if member.startswith("_"):
                    continue
                kinds = (property, classmethod, staticmethod)
                documentable = inspect.isfunction(value) or isinstance(value, kinds)
                if documentable and not found(f"{full}.{member}", value):
                    absent.append(f"{full}.{member}")
    return sorted(set(absent))


def main(argv: list[str]) -> int:
    """Check the inventory named in ``argv``; print what is missing."""
    if len(argv) != 1:
        print("usage: check_api_reference.py SITE/objects.inv", file=sys.stderr)
        return 2
    names = documented_names(Path(argv[0]))
    absent = missing(names)
    for full in absent:
        print(f"not in the API reference: {full}")
    print(f"API reference: {len(names)} Python objects, {len(absent)} public names missing")
    return 1 if absent else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
