"""Sphinx configuration of croupier's documentation site.

Build it (the ``docs`` extra installs Sphinx, MyST and the plot directive)::

    pip install ".[docs]"
    python -m sphinx -W --keep-going -b html docs site

``-W``: a warning fails the build (CI builds it so).  The pages are the Markdown
files of this folder, read by MyST; the API reference (``api.md``) is generated
from the docstrings of the installed package by autodoc; the plots of
``plots.md`` are drawn while the site is built (matplotlib's plot directive, on
the Agg backend).  ``README.md`` at the top of the repository is not a page of
the site (``index.md`` is); it is run by CI instead.
"""

from __future__ import annotations

import croupier

project = "croupier"
author = "croupier developers"
copyright = "2026, croupier developers"
version = release = croupier.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "matplotlib.sphinxext.plot_directive",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "conf.py"]

# MyST: headings get anchors for links such as rules.md#41-no-limit; ``{eval-rst}``
# and ``{plot}`` blocks are directives.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# autodoc: members in the order of the source, each module's own __all__ (autodoc
# follows __all__ when a module has one), type hints in the signature.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
autodoc_typehints = "signature"
napoleon_google_docstring = False
napoleon_numpy_docstring = False

# matplotlib's plot directive: PNG only, the code shown beside the plot.
plot_formats = [("png", 96)]
plot_html_show_formats = False
plot_html_show_source_link = False
plot_include_source = True

html_theme = "furo" if __import__("importlib").util.find_spec("furo") else "alabaster"
html_title = f"croupier {release}"


def _home(name: str) -> str | None:
    """The public module whose reference documents ``croupier.<name>``: the first
    module after ``croupier`` in ``PUBLIC_MODULES`` whose ``__all__`` holds that
    very object; None when only ``croupier`` itself has it (it is documented there)."""
    import importlib

    obj = getattr(croupier, name)
    for module_name in PUBLIC_MODULES:
        if module_name == f"croupier.{name}":
            return module_name  # a module: croupier.hands, croupier.pots
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue  # automodule says so, as a warning
        if name in getattr(module, "__all__", ()) and getattr(module, name) is obj:
            return module_name
    return None


def _public_home(obj: object) -> str:
    """The public module an object was defined in: ``croupier.phh`` for
    ``croupier.phh._model``'s, ``croupier`` for ``croupier._equity``'s."""
    parts = (getattr(obj, "__module__", None) or "").split(".")
    while parts and parts[-1].startswith("_"):
        parts.pop()
    return ".".join(parts)


def _reexported(module_name: str, name: str, obj: object) -> bool:
    """Whether ``module_name.name`` is another public module's name for ``obj`` (as
    ``croupier.games.Street`` is ``croupier.variants.Street``): documented there only,
    so that a reference to it has one target."""
    import importlib

    home = _public_home(obj)
    if home == module_name or home not in PUBLIC_MODULES:
        return False
    return getattr(importlib.import_module(home), name, None) is obj and name in getattr(
        importlib.import_module(home), "__all__", ()
    )


# The public modules, in the order of api.md (tests/test_api_docs.py holds this list
# equal to every public module of the package and to api.md's sections).
PUBLIC_MODULES = [
    line.split("`")[1]
    for line in (__import__("pathlib").Path(__file__).parent / "api.md")
    .read_text(encoding="utf-8")
    .splitlines()
    if line.startswith("## `croupier.")
]


def _skip(
    app: object, what: str, name: str, obj: object, skip: bool, options: object
) -> bool | None:
    """autodoc-skip-member: a module's re-export of another public module's name
    (documented there only, so that a reference to it has one target)."""
    if what == "module" and _reexported(_current_module[0], name, obj):
        return True
    return None


_current_module = [""]


def _note_module(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what == "module":
        _current_module[0] = name


def setup(app: object) -> dict[str, object]:
    """The ``croupier-names`` directive: a table of ``croupier.__all__``, each name
    linked to where the reference documents it, and the names no public module
    holds documented right below it."""
    from docutils import nodes
    from docutils.parsers.rst import Directive
    from docutils.statemachine import StringList

    class CroupierNames(Directive):
        def run(self) -> list[nodes.Node]:
            import inspect

            lines = [
                ".. list-table::",
                "   :header-rows: 1",
                "",
                "   * - name",
                "     - documented in",
            ]
            here: list[str] = []
            for name in croupier.__all__:
                home = _home(name)
                obj = getattr(croupier, name)
                if home == f"croupier.{name}":
                    lines += [f"   * - :py:mod:`croupier.{name}`", f"     - :py:mod:`{home}`"]
                elif home is not None:
                    lines += [
                        f"   * - :py:obj:`croupier.{name} <{home}.{name}>`",
                        f"     - :py:mod:`{home}`",
                    ]
                else:
                    lines += [f"   * - :py:obj:`croupier.{name}`", "     - here, below"]
                    kind = (
                        "autoclass"
                        if inspect.isclass(obj)
                        else "autofunction"
                        if callable(obj)
                        else "autodata"
                    )
                    here += ["", f".. {kind}:: croupier.{name}"]
                    if kind == "autoclass":
                        here += ["   :members:"]
            node = nodes.container()
            self.state.nested_parse(StringList(lines + here), self.content_offset, node)
            return node.children

    class CroupierModule(Directive):
        required_arguments = 1

        def run(self) -> list[nodes.Node]:
            import importlib
            import inspect
            import types

            name = self.arguments[0]
            module = importlib.import_module(name)
            data = [
                member
                for member in getattr(module, "__all__", ())
                if not _reexported(name, member, getattr(module, member))
                and not inspect.ismodule(getattr(module, member))
                and not inspect.isroutine(getattr(module, member))
                and not (
                    inspect.isclass(getattr(module, member))
                    and not isinstance(getattr(module, member), types.GenericAlias)
                )
            ]
            lines = [f".. automodule:: {name}"]
            if data:
                lines += [f"   :exclude-members: {', '.join(data)}"]
            for member in data:
                lines += ["", f".. autodata:: {name}.{member}"]
            node = nodes.container()
            self.state.nested_parse(StringList(lines), self.content_offset, node)
            return node.children

    app.add_directive("croupier-module", CroupierModule)  # type: ignore[attr-defined]
    app.add_directive("croupier-names", CroupierNames)  # type: ignore[attr-defined]
    app.connect("autodoc-process-docstring", _note_module)  # type: ignore[attr-defined]
    app.connect("autodoc-skip-member", _skip)  # type: ignore[attr-defined]
    return {"parallel_read_safe": True}
