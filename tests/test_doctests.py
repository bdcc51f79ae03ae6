"""Every docstring example of the ``croupier`` package, and every README example, runs as shown.

One test walks the package with ``pkgutil`` (the pure-Python modules and the
compiled ones: ``hands``, ``pots``, ``_equity_kernels``, ``env._fast``, and ``hand``,
``env._rules`` and ``env._aec``, which Cython compiles from their ``.py``) and runs
each example that ``doctest`` finds in
each module.  It counts them per module against the ``>>>`` lines of the
module's source in ``src/croupier``: a module, a compiled function or a
property whose examples doctest cannot see fails the test instead of being
skipped in silence.  The README and the pages of docs/ run the way
``python -m doctest README.md`` runs them.  Under ``CROUPIER_IMPL=pure``
(croupier._impl) the modules compiled from Python are checked to be their ``.py``
sources instead, and the environments' compiled kernel ``croupier.env._fast`` (it
needs the compiled ``Hand``) is left out.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.machinery
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import croupier
from croupier import _impl, hands

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "croupier"
README = ROOT / "README.md"
COMPILED = (
    "croupier._equity_kernels",
    "croupier.env._aec",
    "croupier.env._fast",
    "croupier.env._rules",
    "croupier.hand",
    "croupier.hands",
    "croupier.pots",
)
# Compiled functions whose examples must be found (Cython 3: cython_function_or_method).
COMPILED_FUNCTIONS = (
    "croupier.hands.high",
    "croupier.hands.describe",
    "croupier.pots.award",
    "croupier.pots.settle",
    "croupier._equity_kernels.holdem_exact",
    "croupier._equity_kernels.stud_exact",
)
EXAMPLE = re.compile(r"^\s*>>>", flags=re.M)
# Modules whose classes name another module as their home (their ``__module__``).
REHOMED = {
    "croupier.env._rules": "croupier.env.actions",  # ActionsError
    "croupier.statistics._reading": "croupier.statistics",  # StatsError
}


def source_of(name: str) -> Path:
    """The file in src/croupier that a module of the package is built from."""
    stem = "__init__" if name == "croupier" else name.removeprefix("croupier.")
    parts = stem.split(".")
    if (SRC / parts[0]).is_dir():  # a subpackage (croupier.env): its __init__ or a module
        parts = parts if len(parts) > 1 else [*parts, "__init__"]
    for suffix in (".pyx", ".py"):
        path = SRC.joinpath(*parts[:-1], f"{parts[-1]}{suffix}")
        if path.is_file():
            return path
    raise AssertionError(f"no source for {name} in {SRC}")


def runs(name: str) -> bool:
    """Whether module ``name`` can be imported here: all but ``croupier.env._fast`` under pure."""
    return not (_impl.PURE and name == "croupier.env._fast")


def module_names() -> list[str]:
    """``croupier`` and every module in it, as pkgutil finds them in the installed package."""
    found = pkgutil.walk_packages(croupier.__path__, prefix="croupier.")
    return ["croupier", *sorted({m.name for m in found if runs(m.name)})]


def find_examples(module: ModuleType) -> list[doctest.DocTest]:
    """doctest's finder on ``module``, plus what it misses in compiled code, without repeats.

    The stock finder sees Cython 3 functions and methods, but not the
    properties of a compiled class (``getset_descriptor``), so those are
    added.  Cython also puts every function's docstring in the module's
    ``__test__`` dictionary: those copies are dropped, so that each example
    runs once.
    """
    tests = [t for t in doctest.DocTestFinder().find(module) if t.examples]
    parser = doctest.DocTestParser()
    for cls in vars(module).values():
        if not inspect.isclass(cls) or cls.__module__ != module.__name__:
            continue
        for attr, value in vars(cls).items():
            compiled = inspect.isgetsetdescriptor(value) or inspect.ismemberdescriptor(value)
            if compiled and isinstance(value.__doc__, str):
                name = f"{module.__name__}.{cls.__qualname__}.{attr}"
                test = parser.get_doctest(value.__doc__, dict(vars(module)), name, None, None)
                if test.examples and all(t.name != name for t in tests):
                    tests.append(test)
    direct = {examples_of(t) for t in tests if ".__test__." not in t.name}
    return [t for t in tests if ".__test__." not in t.name or examples_of(t) not in direct]


def examples_of(test: doctest.DocTest) -> tuple[tuple[str, str], ...]:
    """What a docstring's examples say (Cython's ``__test__`` copy lacks the signature line)."""
    return tuple((example.source, example.want) for example in test.examples)


def test_every_docstring_example_and_the_readme_run_as_shown() -> None:
    names = module_names()
    sources = {p.stem for p in SRC.iterdir() if p.suffix in (".py", ".pyx")}
    for package in (p for p in SRC.iterdir() if (p / "__init__.py").is_file()):
        sources |= {
            package.name if p.stem == "__init__" else f"{package.name}.{p.stem}"
            for p in [*package.glob("*.py"), *package.glob("*.pyx")]
        }
    sources = {s for s in sources if runs(f"croupier.{s}")}
    walked = {"__init__" if n == "croupier" else n.removeprefix("croupier.") for n in names}
    assert walked == sources, f"modules and sources differ: {sorted(walked ^ sources)}"

    report: dict[str, tuple[int, int, int]] = {}  # name: (in the source, found, failed)
    for name in names:
        expected = len(EXAMPLE.findall(source_of(name).read_text(encoding="utf-8")))
        if name == "croupier.__main__":  # importing it runs the command line
            assert expected == 0, "croupier/__main__.py cannot have examples"
            continue
        module = importlib.import_module(name)
        tests = find_examples(module)
        runner = doctest.DocTestRunner(verbose=False)
        for test in tests:
            if test.filename is None or not test.filename.endswith((".py", ".pyx")):
                test.filename = str(source_of(name))  # compiled: name the source in reports
            runner.run(test)
        result = runner.summarize(verbose=False)
        report[name] = (expected, result.attempted, result.failed)
    # A class whose __module__ names its public home (for tracebacks) has its examples
    # found in that module, not in the one that defines it: the two are counted together.
    for defined, home in REHOMED.items():
        if defined in report and home in report:
            a, b = report.pop(defined), report.pop(home)
            report[f"{defined} + {home}"] = (a[0] + b[0], a[1] + b[1], a[2] + b[2])

    compiled = [name for name in COMPILED if runs(name)]
    for name in compiled:
        module = importlib.import_module(name)
        suffix = Path(module.__file__ or "").name
        if _impl.PURE and source_of(name).suffix == ".py":  # loaded from its source
            assert suffix == source_of(name).name, (name, suffix)
        else:
            assert suffix.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), (name, suffix)
    collected = {t.name for name in compiled for t in find_examples(importlib.import_module(name))}
    for qualified in COMPILED_FUNCTIONS:
        module_name, function = qualified.rsplit(".", 1)
        obj = getattr(importlib.import_module(module_name), function)
        assert not inspect.isfunction(obj), f"{qualified} is not compiled"
        assert qualified in collected, f"the examples of the compiled {qualified} were not found"

    # The README and the docs pages, exactly as `python -m doctest README.md` runs them:
    # no option flags.
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        run = doctest.testfile(str(page), module_relative=False, report=False, verbose=False)
        examples = len(EXAMPLE.findall(page.read_text(encoding="utf-8")))
        report[str(page.relative_to(ROOT))] = (examples, run.attempted, run.failed)

    table = "\n".join(
        f"  {name}: {expected} in the source, {run} run, {failed} failed"
        for name, (expected, run, failed) in report.items()
    )
    missed = [n for n, (expected, attempted, _) in report.items() if expected != attempted]
    assert not missed, f"examples not collected (or found twice) in {missed}:\n{table}"
    failed = [n for n, (_, _, f) in report.items() if f]
    assert not failed, f"examples failed in {failed} (the output above says which):\n{table}"
    with_examples = [n for n, (e, _, _) in report.items() if e]
    assert len(with_examples) >= 17, table  # 16 modules and the README today


def test_every_public_hands_function_has_examples() -> None:
    tested = {t.name.rsplit(".", 1)[-1] for t in find_examples(hands)}
    public = {
        "high",
        "ace_to_five_low",
        "eight_or_better_low",
        "omaha_high",
        "omaha_eight_or_better_low",
        "deuce_to_seven_low",
        "badugi",
        "short_deck_high",
        "category",
        "describe",
    }
    assert public <= tested, f"no examples for {sorted(public - tested)}"
