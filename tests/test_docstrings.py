"""Every public name of croupier is documented: each public function and class has a
docstring with a runnable example (``>>>``; test_doctests runs them), each public
method and property a docstring, and each attribute (a slot or a compiled field) a
docstring under it in the source or its name in its class's docstring.  Public: the
``__all__`` of croupier and of each module whose dotted name has no part starting
with ``_``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import itertools
import pkgutil
import textwrap
import types
from collections.abc import Iterator
from types import ModuleType

import croupier

# Attribute descriptors: a Python slot, a compiled (Cython) field.
FIELDS = ("member_descriptor", "getset_descriptor")
# Compiled functions and methods (Cython 3).
COMPILED = ("cython_function_or_method", "method_descriptor", "builtin_function_or_method")


def public_modules() -> Iterator[ModuleType]:
    yield croupier
    for info in pkgutil.walk_packages(croupier.__path__, "croupier."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        yield importlib.import_module(info.name)


def attribute_docstrings(cls: type) -> set[str]:
    """The fields of ``cls`` with a docstring under them in its source (Sphinx's
    convention: ``name: int = 0`` then a string); none for a compiled class."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return set()
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    found = set()
    for field, after in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found.add(field.target.id)
    return found


def documented() -> tuple[int, list[str]]:
    """How many public names were looked at, and what each undocumented one lacks."""
    problems: list[str] = []
    seen: set[int] = set()
    count = 0
    for module in public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            where = f"{module.__name__}.{name}"
            is_function = inspect.isfunction(obj) or type(obj).__name__ in COMPILED
            if isinstance(obj, types.GenericAlias) or not (inspect.isclass(obj) or is_function):
                continue  # constants and type aliases (a class to inspect on Python 3.10)
            count += 1
            doc = inspect.getdoc(obj) or ""
            if not doc.strip():
                problems.append(f"{where}: no docstring")
            elif ">>>" not in doc:
                problems.append(f"{where}: no example")
            if not inspect.isclass(obj):
                continue
            own = obj.__doc__ or ""
            under = attribute_docstrings(obj)
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                kind = type(value).__name__
                if kind in FIELDS:  # documented by its own docstring or in the class's
                    count += 1
                    if (value.__doc__ or "").strip() or attr in under:
                        continue
                    if f"``{attr}``" not in own and f":attr:`{attr}`" not in own:
                        problems.append(f"{where}.{attr}: an attribute not named in the class")
                elif (
                    isinstance(value, property | staticmethod | classmethod)
                    or inspect.isfunction(value)
                    or kind in COMPILED
                ):
                    count += 1
                    if not (inspect.getdoc(value) or "").strip():
                        problems.append(f"{where}.{attr}: no docstring")
    return count, problems


def test_every_public_name_is_documented_and_every_function_and_class_has_an_example() -> None:
    count, problems = documented()
    assert count > 250  # the walk sees the API (284 names on 2026-12-06)
    assert not problems, "\n".join(problems)
