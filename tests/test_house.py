"""The shape of the house, read from the source with ``ast``: every game package has the same
rooms, there is no import cycle, no game imports another, and rule code never imports drawing
or widget code.

The one exception is an object drawing itself: a ``_repr_svg_`` / ``_repr_html_`` method may
import the game's ``svg`` module inside the method, as python-chess boards do.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from negenlab import games

PACKAGE = Path(__file__).resolve().parents[1] / "negenlab"
GAMES = games.NAMES
ROOMS = ("rules", "game", "agents", "study", "svg", "plot", "widgets", "cli", "report")
# modules of a game package that draw, show or report; everything else in a game package is rule code
PRESENTATION = {"svg", "plot", "widgets", "cli", "report", "__init__"}
DRAWING = (
    "matplotlib",
    "ipywidgets",
    "anywidget",
    "IPython",
    "negenlab.core.plot",
    "negenlab.core.widgets",
    "negenlab.report",
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(module: str, node: ast.ImportFrom | ast.Import, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = module if is_package else module.rsplit(".", 1)[0]
    for _ in range(node.level - 1):
        base = base.rsplit(".", 1)[0]
    target = (base + "." + node.module if node.module else base) if node.level else node.module
    # "from . import svg" names a module; "from .svg import x" names svg
    return [target + "." + a.name for a in node.names] + [target] if node.module is None else [target]


def imports(path: Path) -> list[tuple[str, bool, bool]]:
    """(imported module, at module level, inside a _repr_*_ method) for every import in ``path``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    module, is_package = module_name(path), path.name == "__init__.py"
    out = []

    def walk(node, depth: int, in_repr: bool):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                guarded = isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test)
                if not guarded:
                    out.extend((t, depth == 0, in_repr) for t in resolve(module, child, is_package))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, depth + 1, in_repr or (child.name.startswith("_repr_") and child.name.endswith("_")))
            elif isinstance(child, ast.ClassDef):
                walk(child, depth, in_repr)
            else:
                walk(child, depth if not isinstance(child, (ast.Lambda,)) else depth + 1, in_repr)

    walk(tree, 0, False)
    return out


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def test_every_game_package_has_the_same_rooms():
    missing = {g: [r for r in ROOMS if f"negenlab.{g}.{r}" not in MODULES] for g in GAMES}
    assert not any(missing.values()), f"rooms missing: { {g: m for g, m in missing.items() if m} }"


def import_graph() -> nx.DiGraph:
    """Module -> module it imports, at module level or inside a function (an import put inside a
    function hides a cycle, it does not remove it); only a ``_repr_*_`` display hook may import
    what imports its module (a board drawing itself, as python-chess does)."""
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        graph.add_node(name)
        for target, _, in_repr in imports(path):
            while target and target not in MODULES:
                target = target.rsplit(".", 1)[0] if "." in target else ""
            if target and not in_repr and target != name and not name.startswith(target + "."):
                graph.add_edge(name, target)
    return graph


def test_no_import_cycle():
    cycles = sorted(nx.simple_cycles(import_graph()), key=len)
    assert not cycles, f"{len(cycles)} import cycles, the shortest: {cycles[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_game_imports_another(game):
    others = tuple(f"negenlab.{g}" for g in GAMES if g != game)
    bad = [
        (name, t)
        for name, path in MODULES.items()
        if name.startswith(f"negenlab.{game}")
        for t, _, _ in imports(path)
        if t.startswith(others)
    ]
    assert not bad, f"{game} imports another game: {bad}"


@pytest.mark.parametrize("game", GAMES)
def test_rule_code_never_imports_drawing_or_widget_code(game):
    drawing = DRAWING + tuple(f"negenlab.{game}.{m}" for m in ("svg", "plot", "widgets", "report"))
    bad = []
    for name, path in MODULES.items():
        room = name.rsplit(".", 1)[-1]
        if not name.startswith(f"negenlab.{game}.") or room in PRESENTATION:
            continue
        for target, _, in_repr in imports(path):
            self_drawing = in_repr and target.startswith(f"negenlab.{game}.svg")
            if target.startswith(drawing) and not self_drawing:
                bad.append(f"{name} imports {target}")
    assert not bad, "rule code imports drawing or widget code:\n" + "\n".join(bad)


def test_the_checks_can_fail(tmp_path):
    """The walker sees a cycle and a drawing import when there is one (a made-up package)."""
    src = tmp_path / "a.py"
    src.write_text("import matplotlib\nfrom .b import x\n\ndef f():\n    from . import svg\n")
    global PACKAGE
    saved, PACKAGE = PACKAGE, tmp_path
    try:
        found = imports(src)
    finally:
        PACKAGE = saved
    assert ("matplotlib", True, False) in found and any(t.endswith("b") and top for t, top, _ in found)
    assert any(t.endswith("svg") and not top for t, top, _ in found)


def test_one_list_of_games():
    """The registry's list is the one the packaging, the Makefile and every game's entry agree with."""
    import tomllib

    pyproject = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text())
    packages = set(pyproject["tool"]["setuptools"]["packages"])
    assert {f"negenlab.{g}" for g in GAMES} <= packages
    assert {p.split(".")[1] for p in packages if p.count(".") == 1} - {"core", "report", "data"} == set(GAMES)
    assert "-m negenlab.games" in (PACKAGE.parent / "Makefile").read_text()
    for g in GAMES:
        entry = games.entry(g)
        assert entry.title == games.TITLES[g], g
        assert entry.players, f"{g}: no player is described for the glossary"
