"""Which implementation of croupier's twins runs: ``CROUPIER_IMPL`` (read once).

``CROUPIER_IMPL=compiled`` (the default, also when unset or empty) runs
croupier as built; ``CROUPIER_IMPL=pure`` runs the pure-Python reference of
every twin, so that the whole test suite can run on the references:

* every module compiled from plain Python (``croupier_compiled_py`` in
  CMakeLists.txt: ``hand``, ``actions``, ``phh._*``, ``replay``, ...) is loaded
  from its ``.py`` source instead of its extension module (:class:`SourceFinder`,
  installed by ``croupier/__init__.py`` before anything else is imported);
* the training environments default to ``fast=False`` (the pure-Python
  ``Encoder`` and ``Actions``; see :data:`FAST_DEFAULT`);
* the PHH reader reads TOML with ``tomllib`` (as ``CROUPIER_TOML=tomllib``)
  and every hand on its checked path, never the quick path;
* ``croupier.pots`` settles every hand on its exact path in Python ints, never
  the 64-bit kernels.

Any other value is refused at ``import croupier`` with a ``ValueError`` naming
the variable.  Every twin asks this module (:data:`PURE`); nothing else reads
the variable.  Importing this module (``croupier/__init__.py`` does it first)
installs the finder when :data:`PURE`.

>>> IMPL in IMPLS, PURE == (IMPL == "pure"), FAST_DEFAULT == (not PURE)
(True, True, True)
>>> read({"CROUPIER_IMPL": "pure"}), read({})
('pure', 'compiled')
>>> read({"CROUPIER_IMPL": "fast"})
Traceback (most recent call last):
...
ValueError: CROUPIER_IMPL must be 'compiled' or 'pure' (or unset), got 'fast'
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType

__all__ = ["FAST_DEFAULT", "IMPL", "IMPLS", "PURE", "SourceFinder", "install", "read"]

IMPLS = ("compiled", "pure")
"""The values ``CROUPIER_IMPL`` may take."""


def read(environ: Mapping[str, str]) -> str:
    """The implementation ``environ`` asks for: ``"compiled"`` unless ``CROUPIER_IMPL``
    says ``"pure"`` (``ValueError`` for any other value).

    >>> read({"CROUPIER_IMPL": ""})
    'compiled'
    """
    value = environ.get("CROUPIER_IMPL", "") or "compiled"
    if value not in IMPLS:
        raise ValueError(f"CROUPIER_IMPL must be 'compiled' or 'pure' (or unset), got {value!r}")
    return value


IMPL = read(os.environ)
"""``"compiled"`` or ``"pure"``: what ``CROUPIER_IMPL`` said when croupier was imported."""

PURE = IMPL == "pure"
"""Whether the pure-Python references run (``CROUPIER_IMPL=pure``)."""

FAST_DEFAULT = not PURE
"""The environments' default ``fast=``: the compiled kernel unless :data:`PURE`."""


_EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


class SourceFinder:
    """A ``sys.meta_path`` finder: a ``croupier.*`` module that would load as an
    extension module and has a ``.py`` source beside it (in its package's
    folders, or beside the extension) loads from the source instead.

    Which modules are compiled is not listed here: any extension module with a
    source of the same name is one (``.pyx`` sources are not Python, so the
    Cython kernels stay compiled).

    >>> import croupier.hand
    >>> spec = SourceFinder().find_spec("croupier.hand", croupier.__path__)
    >>> spec is None or spec.origin.endswith("hand.py")
    True
    """

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("croupier.") or path is None:
            return None
        spec = _spec_without(self, fullname, path, target)
        # by the file's name: an editable install wraps the extension's loader
        if spec is None or not (spec.origin or "").endswith(_EXTENSIONS):
            return None
        stem = fullname.rpartition(".")[2]
        folders = [*path, os.path.dirname(spec.origin or "")]
        for folder in folders:
            source = os.path.join(folder, stem + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def _spec_without(
    finder: object, fullname: str, path: Sequence[str], target: ModuleType | None
) -> importlib.machinery.ModuleSpec | None:
    """The spec the other finders of ``sys.meta_path`` give ``fullname``."""
    for other in sys.meta_path:
        find = getattr(other, "find_spec", None)
        if other is finder or find is None:
            continue
        spec: importlib.machinery.ModuleSpec | None = find(fullname, path, target)
        if spec is not None:
            return spec
    return None


def install() -> None:
    """Put a :class:`SourceFinder` first on ``sys.meta_path`` when :data:`PURE` (once).

    >>> install(); sum(isinstance(f, SourceFinder) for f in sys.meta_path) == PURE
    True
    """
    if PURE and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())


install()
