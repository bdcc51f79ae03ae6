"""The package's structure: no import cycles, each game named once (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import MappingProxyType

import pytest

import croupier
from croupier import _cli, phh, variants
from croupier.replay import history_of, replay

SRC = Path(__file__).resolve().parent.parent / "src" / "croupier"
CYTHON_IMPORT = re.compile(
    r"^\s*(?:from\s+croupier\.([\w.]+)\s+c?import\s+\(?([\w, ]*)|cimport\s+croupier\.([\w.]+))",
    re.M,
)


def _module_names() -> set[str]:
    """Every module of the package by its dotted name below ``croupier`` (``env.aec``)."""
    names = set()
    for path in SRC.rglob("*"):
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts:
            names.add(_name(path))
    return names


def _name(path: Path) -> str:
    """A module's dotted name below ``croupier``; a subpackage's ``__init__`` is the package."""
    name = ".".join(path.relative_to(SRC).with_suffix("").parts)
    return name if name == "__init__" else name.removesuffix(".__init__")


def _resolve(module: str, imported: list[str], names: set[str]) -> set[str]:
    """The modules ``from croupier.<module> import <imported>`` reaches (``module`` may be "")."""
    found = set()
    for name in imported:
        full = f"{module}.{name}" if module else name
        if full in names:
            found.add(full)  # a submodule imported by name
        elif module:
            found.add(module)
    return found


def _imported(tree: ast.AST, names: set[str]) -> set[str]:
    """croupier modules a module imports anywhere: in functions and for type checking too."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "croupier" or node.module.startswith("croupier."):
                module = node.module.removeprefix("croupier").removeprefix(".")
                found |= _resolve(module, [a.name for a in node.names], names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("croupier."):
                    found.add(alias.name.removeprefix("croupier."))
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> croupier modules it imports, from the sources (.py by ast, .pyx/.pxd by text).

    Modules are named below the package, ``env/`` included (``env.aec``); a
    module's ``.py``, ``.pyx`` and ``.pxd`` count as one.
    """
    graph: dict[str, set[str]] = {}
    names = _module_names()
    for path in sorted(SRC.rglob("*")):
        if "__pycache__" in path.parts:
            continue
        if path.suffix == ".py":
            deps = _imported(ast.parse(path.read_text(encoding="utf-8")), names)
        elif path.suffix in (".pyx", ".pxd"):
            deps = set()
            for module, imported, cimported in CYTHON_IMPORT.findall(path.read_text("utf-8")):
                if cimported:
                    deps.add(cimported)
                else:
                    # A parenthesised list may start on the next line: the module is enough.
                    listed = [n.strip() for n in imported.split(",") if n.strip()]
                    deps |= _resolve(module, listed or [""], names)
        else:
            continue
        name = _name(path)
        graph.setdefault(name, set()).update(d for d in deps if d in names and d != name)
    # The package fronts import what they offer; nothing below imports them.
    for front in ("__init__", "env"):
        graph.pop(front, None)
    for deps in graph.values():
        deps -= {"__init__", "env"}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every module that can reach itself, with one path back to it."""
    found = []
    for start in sorted(graph):
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph.get(node, ())):
                if nxt == start:
                    found.append([*path, start])
                    stack.clear()
                    break
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    return found


def test_the_import_walk_sees_the_imports() -> None:
    graph = import_graph()
    assert "hand" in graph["_game"]  # Game.start deals a Hand
    assert "_eval" in graph["hands"]  # a cimport
    assert "hands" in graph["variants"]  # import croupier.hands as hands
    assert "games" not in graph["hand"]  # the engine types its game with a Protocol
    assert "hand" in graph["replay"] and "phh" in graph["replay"]  # type-only imports count


def test_no_croupier_module_imports_another_in_a_cycle() -> None:
    assert cycles(import_graph()) == []


def test_a_planted_cycle_is_found() -> None:
    graph = import_graph()
    graph["cards"] = {*graph["cards"], "phh"}
    assert any(c[0] == "cards" for c in cycles(graph))


# The layers of docs/architecture.md, lowest first: a module imports only
# modules of its own layer or below.  A new module must be placed here.
LAYERS: tuple[frozenset[str], ...] = (
    # values and checks every layer shares
    frozenset(
        [
            "_validate",
            "_ranking",
            "_names",
            "errors",
            "events",
            "structures",
            "cards",
            "_guard",
            "_impl",
            "_sigint",
            "_toml",
            "_parallel",
            "_futures",
            "_frames",
            "_extras",
            "_display",
            "_chunks",
            "_seedseq",
            "_items",
            "_eval",
        ]
    ),
    # the Cython core: hand values, pots, the shuffle, equity kernels; the GPU path
    # (hands hands it device arrays) and its kernels built for the CPU
    frozenset(["hands", "pots", "_shuffle", "_equity_kernels", "gpu", "_kernels_cpu"]),
    # the engine: each game named once, a game's structure, the dealer, the hand and
    # the modules of its functions, the rake
    frozenset(
        [
            "variants",
            "_game",
            "_constructors",
            "games",
            "dealer",
            "hand",
            "_betting",
            "_deal_plan",
            "_deck",
            "_discards",
            "_event_records",
            "_refusals",
            "_showdown",
            "_start_args",
            "_stud_order",
            "rake",
        ]
    ),
    # what reads or writes hands: notation, files, replay, ranges, equity,
    # statistics, sessions, simulation
    frozenset(
        [
            "actions",
            "phh",
            "phh._fields",
            "phh._model",
            "phh._quick",
            "phh._read",
            "phh._split",
            "phh._paths",
            "phh._write",
            "phh._stream",
            "sites",
            "sites._money",
            "sites._told",
            "sites._finish",
            "sites._builder",
            "sites._split",
            "sites._registry",
            "sites._load",
            "sites._stars",
            "sites._stars_write",
            "sites._gg",
            "sites._winamax",
            "sites._party_888",
            "sites._party",
            "sites._888",
            "sites._ipoker",
            "history_game",
            "replay",
            "ranges",
            "omaha_ranges",
            "_omaha_preflop",
            "_omaha_order",
            "_equity",
            "_equity_chunks",
            "_equity_result",
            "_equity_hands",
            "_omaha_equity",
            "_icm",
            "statistics",
            "statistics._players",
            "statistics._reading",
            "statistics._counting",
            "statistics._allin",
            "statistics._mucked",
            "table",
            "_simulation",
        ]
    ),
    # tools on top: the environments, the plots and the command line
    frozenset(
        [
            "env._rules",
            "env.actions",
            "env.encoding",
            "env.infostate",
            "env._fast",
            "env._aec",
            "env.aec",
            "env.gym",
            "env.vector",
            "plots",
            "_cli.output",
            "_cli.progress",
            "_cli.executors",
            "_cli.report",
            "_cli.icm",
            "_cli.replay",
            "_cli.compute",
            "_cli.stats",
            "_cli.convert",
            "_cli.parser",
            "_cli",
            "__main__",
        ]
    ),
)


def _layer(module: str) -> int:
    return next(k for k, layer in enumerate(LAYERS) if module in layer)


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import of a module from a higher layer than the importer's."""
    return sorted((m, d) for m, deps in graph.items() for d in deps if _layer(d) > _layer(m))


def test_every_module_has_a_layer() -> None:
    placed = set().union(*LAYERS)
    assert set(import_graph()) == placed


def test_no_module_imports_from_a_layer_above_it() -> None:
    assert upward_imports(import_graph()) == []


def _imports_the_face(path: Path) -> bool:
    """Whether a module imports ``croupier`` itself (``from croupier import X``, ``import
    croupier``): the package's face, which imports nearly everything."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        (isinstance(node, ast.ImportFrom) and node.module == "croupier" and node.level == 0)
        or (isinstance(node, ast.Import) and any(a.name == "croupier" for a in node.names))
        for node in ast.walk(tree)
    )


def test_no_module_below_the_tools_imports_the_package_face(tmp_path: Path) -> None:
    # ``from croupier import hands`` runs croupier/__init__.py, which imports the
    # layers above: the structure drawing shows it as an arrow back up.  Modules
    # import each other by their own names (``import croupier.hands as hands``).
    top = LAYERS[-1]
    below = [
        path
        for path in SRC.rglob("*.py")
        if _name(path) not in top and _name(path) != "__init__" and "__pycache__" not in path.parts
    ]
    assert len(below) > 40
    planted = tmp_path / "planted.py"
    planted.write_text("import croupier.hands as hands\nfrom croupier import pots\n")
    assert _imports_the_face(planted)
    assert [_name(path) for path in below if _imports_the_face(path)] == []


def test_the_engine_imports_nothing_of_the_file_format() -> None:
    graph = import_graph()
    statistics = {m for m in graph if m.startswith("statistics.")}
    for engine in ("hand", "_game", "_constructors", "games", "variants", "events", "rake"):
        assert not graph[engine] & {"phh", "actions", "replay", *statistics}, engine


def test_a_planted_upward_import_is_found() -> None:
    graph = import_graph()
    graph["hand"] = {*graph["hand"], "actions"}
    graph["table"] = {*graph["table"], "env.infostate"}
    assert upward_imports(graph) == [("hand", "actions"), ("table", "env.infostate")]


def _code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (docstrings and ``__all__`` left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exports = {
        id(node)
        for assign in ast.walk(tree)
        if isinstance(assign, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in assign.targets)
        for node in ast.walk(assign.value)
    }
    docstrings = exports | {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


def test_no_module_but_the_table_keeps_a_list_of_games() -> None:
    # Every name of a game (title, --game name, PHH codes) is written in
    # variants.py only; the other modules dispatch on the table.
    names = set()
    for variant, rules in variants.RULES.items():
        names |= {rules.title, rules.command, *variants.phh_codes(variant)}
    names -= {"O", "R", "T"}  # one-letter codes are too common to be names
    names -= {r.equity for r in variants.RULES.values()}  # kernel names, read from the table
    folders = ("*.py", "statistics/*.py", "phh/*.py", "sites/*.py")
    for path in sorted(p for folder in folders for p in SRC.glob(folder)):
        if path.name == "variants.py":
            continue
        assert not (_code_strings(path) & names), path.name
    assert croupier.Variant is variants.Variant


@pytest.fixture
def toy_variant(monkeypatch: pytest.MonkeyPatch) -> str:
    """A new game in the one table only: Hold'em's rules under the code ``X``."""
    toy = variants.VariantRules(
        "Toy Hold'em",
        "toy",
        "",
        own="N",
        usual="N",
        streets=variants.HOLDEM_STREETS,
        value=variants.holdem_high,
        equity="holdem",
    )
    monkeypatch.setattr(variants, "RULES", MappingProxyType({**variants.RULES, "X": toy}))
    return "X"


def test_a_variant_added_to_the_table_is_played_written_replayed_and_computed(
    toy_variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = croupier.games.game(toy_variant, croupier.NO_LIMIT, blinds=(1, 2))
    assert game.name == "Toy Hold'em" and not game.is_stud
    hand = game.start([100, 100, 100], seed=5)
    hand.raise_to(6)
    hand.fold()
    hand.call()
    while not hand.is_over:
        hand.check_or_call()
    # The PHH writer and reader know its code, and replay plays it back.
    text = phh.dumps(history_of(hand))
    assert "variant = 'NX'" in text
    again = replay(phh.loads(text))
    assert again.payoffs == hand.payoffs and again.hand.game.name == "Toy Hold'em"
    # Equity dispatches on the table's kernel name.
    r = croupier.equity(game, ["AhKh", "QdQc"], exact=True)
    assert r.deals == 1712304 and round(r.equity[0], 9) == 0.462144572
    # The command line offers it as --game toy, for equity and simulate.
    assert _cli.main(["equity", "AhKh", "QdQc", "--board", "2c7d9h", "--game", "toy"]) == 0
    assert "990 deals, exact" in capsys.readouterr().out
    code = _cli.main(["simulate", "--game", "toy", "--hands", "20", "--players", "3"])
    assert code == 0 and "20 hands in" in capsys.readouterr().out


# The fold rule of the environments: "fold is legal only facing a bet and while
# no bring-in is due", written as ``to_call > 0 and not bring_in_pending``.
FOLD_RULE = re.compile(r"to_call\b[^\n]*>\s*0\s+and\s+not\s+[\w.]*bring_in_pending")
# A definition (a ``def``, ``cpdef`` or ``cdef inline`` with its body), not a declaration.
RULE_DEFINITION = re.compile(
    r"^\s*(?:c?p?def|cdef inline)\s+[\w ]*?\b(can_fold|fold_legal)\([^\n]*:\s*$", re.M
)


def _sources() -> dict[str, str]:
    return {
        str(path.relative_to(SRC)): path.read_text(encoding="utf-8")
        for path in sorted(SRC.rglob("*"))
        if path.suffix in (".py", ".pyx", ".pxd") and "__pycache__" not in path.parts
    }


def test_the_fold_rule_is_written_once() -> None:
    # env/_rules.py holds it (fold_legal, a C function compiled: env/_rules.pxd only
    # declares it) and its Python face (can_fold): the kernel and the pure-Python
    # environments call them.
    sources = _sources()
    written = [name for name, text in sources.items() if FOLD_RULE.search(text)]
    assert written == ["env/_rules.py"]
    defined = sorted(
        (name, match) for name, text in sources.items() for match in RULE_DEFINITION.findall(text)
    )
    assert defined == [("env/_rules.py", "can_fold"), ("env/_rules.py", "fold_legal")]


def test_a_second_fold_rule_is_found() -> None:
    text = "    fold = hand._to_call() > 0 and not hand._bring_in_pending\n"
    assert FOLD_RULE.search(text)
    assert RULE_DEFINITION.findall("def can_fold(hand: Hand) -> bool:\n") == ["can_fold"]


def _assigned(path: Path, name: str) -> ast.expr:
    """The value a module assigns to ``name`` at its top level."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                assert node.value is not None
                return node.value
    raise AssertionError(f"{path.name} assigns no {name}")


def test_the_phh_field_table_is_written_once() -> None:
    # The quick reader's tables are made from phh._fields._FIELDS, not restated.
    quick = SRC / "phh" / "_quick.py"
    for table in ("_QUICK_KIND", "_QUICK_RANGE", "_QUICK_LOW"):
        value = _assigned(quick, table)
        assert isinstance(value, ast.DictComp), table
        assert "_FIELDS" in ast.unparse(value), table
    assert isinstance(_assigned(SRC / "phh" / "_fields.py", "_FIELDS"), ast.Dict)
    from croupier.phh import _fields, _quick

    assert set(_quick._QUICK_RANGE) == {n for n, k in _fields._FIELDS.items() if k.range}
    assert set(_quick._QUICK_LOW) == {n for n, k in _fields._FIELDS.items() if k.money}


def drawing() -> list[list[str]]:
    """The modules of docs/architecture.md's drawing, layer by layer from the top."""
    text = (SRC.parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```\nEvery module on one line", 1)[1].split("```", 1)[0]
    layers: list[list[str]] = []
    for line in block.splitlines()[3:]:
        if line and not line.startswith(" "):
            layers.append([])
        elif line.startswith("  ") and layers:
            path = Path(line.split()[0])
            if path.parts[0] != "tools" and path.suffix not in (".h", ".cu"):  # not modules
                layers[-1].append(_name(SRC / path))
    return [layer for layer in layers if layer]


def test_the_drawing_shows_every_module_once_in_its_layer() -> None:
    drawn = drawing()
    names = [name for layer in drawn for name in layer]
    assert len(names) == len(set(names))
    faces = {"__init__", "env"}  # the faces the import walk leaves out (see import_graph)
    assert set(names) - faces == set(import_graph())
    assert [set(layer) - faces for layer in drawn] == list(reversed(LAYERS))
