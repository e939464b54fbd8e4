"""The client's import graph: no circle, the game window knows no screen, no screen knows
another (client/navigator.py builds them all).

Imports are read with `ast`, at module level and inside functions alike (an import moved
into a function still ties the two modules together; it only hides the circle until the
function runs). Imports under `if TYPE_CHECKING:` are left out: they never run, and are
how a module names another's type without depending on it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCENE_BASES = frozenset({"Scene", "FormScene", "PromptScene"})
"""Classes every screen builds on, not screens themselves: a module defining only these
(client/scene.py, client/scenes/form.py) is not a scene module."""

SCENE_IMPORTS_ALLOWED = frozenset({("client.scenes.replay", "client.scenes.table")})
"""Scene modules that import another scene module, each named: the replay viewer is the
table screen shown from a record (ReplayScene subclasses TableScene). This set may only
shrink."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(tree: ast.Module, known: frozenset[str]) -> set[str]:
    """The `known` modules this module imports, anywhere but under `if TYPE_CHECKING:`
    (`from client.scenes import table` names the module client.scenes.table)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_known_prefixes(alias.name, known))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.update(_known_prefixes(node.module, known))
            for alias in node.names:
                found.update({f"{node.module}.{alias.name}"} & known)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _known_prefixes(name: str, known: frozenset[str]) -> set[str]:
    """The module itself (importing a.b.c runs a, a.b and a.b.c: package markers count
    only where they import something, so their own module is what matters here)."""
    return {name} & known


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Each module of `package` under `root` -> the package's modules it imports."""
    files = sorted(p for p in (root / package).rglob("*.py") if "__pycache__" not in p.parts)
    names = {module_name(p, root): p for p in files}
    known = frozenset(names)
    return {
        name: imported_modules(ast.parse(path.read_text(encoding="utf-8")), known) - {name}
        for name, path in names.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm),
    each sorted: every import circle is inside one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph.get(node, ())):
            if successor not in index:
                connect(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def scene_modules(root: Path = ROOT) -> set[str]:
    """The modules that define a screen: a class whose name ends in Scene, besides the
    bases every screen builds on."""
    found = set()
    for path in (root / "client").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if (
                isinstance(node, ast.ClassDef)
                and node.name.endswith("Scene")
                and node.name not in SCENE_BASES
            ):
                found.add(module_name(path, root))
    return found


def _closure(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        node = todo.pop()
        for successor in graph.get(node, ()):
            if successor not in seen:
                seen.add(successor)
                todo.append(successor)
    return seen


GRAPH = import_graph(ROOT, "client")
SCENES = scene_modules()
WITHOUT_NAVIGATOR = {name: found for name, found in GRAPH.items() if name != "client.navigator"}
"""The graph but the navigator's own imports: what a module reaches without it."""


def test_the_walk_sees_the_client() -> None:
    # The checks below must not pass by finding nothing.
    assert "client.scenes.table" in SCENES and "client.scenes.menu" in SCENES
    assert "client.scene" not in SCENES and "client.scenes.form" not in SCENES
    assert "client.navigator" in GRAPH["client.app"]
    assert "client.scenes.menu" in GRAPH["client.navigator"]  # imported inside a method


def test_the_client_has_no_import_circle() -> None:
    found = circles(GRAPH)
    assert not found, "import circles among client modules:\n" + "\n".join(
        " <-> ".join(c) for c in found
    )


def test_the_app_imports_no_scene() -> None:
    """client/app.py is the window and the frame loop: it reaches screens only through the
    navigator, which imports each one when it is first shown."""
    reached = _closure(WITHOUT_NAVIGATOR, "client.app")
    assert not reached & SCENES, sorted(reached & SCENES)


def test_no_scene_imports_another_scene() -> None:
    found = {
        (scene, other)
        for scene in SCENES
        for other in _closure(WITHOUT_NAVIGATOR, scene)
        if other in SCENES and other != scene
    }
    assert found <= SCENE_IMPORTS_ALLOWED, sorted(found - SCENE_IMPORTS_ALLOWED)
    stale = SCENE_IMPORTS_ALLOWED - found
    assert not stale, f"no longer imported, take them out of SCENE_IMPORTS_ALLOWED: {stale}"


def test_outside_the_scenes_only_the_navigator_imports_one() -> None:
    """The rest of the client (the App, the command line, the overlays) opens a screen
    through `app.nav`."""
    found = {
        f"{name} imports {sorted(imported & SCENES)}"
        for name, imported in GRAPH.items()
        if not name.startswith("client.scenes.") and name != "client.navigator"
        if imported & SCENES
    }
    assert not found, sorted(found)


def test_only_the_navigator_builds_scenes() -> None:
    """A screen is constructed (`SomethingScene(...)`) in client/navigator.py alone."""
    names = {
        node.name
        for path in (ROOT / "client").rglob("*.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef) and node.name.endswith("Scene")
    }
    built = []
    for path in sorted((ROOT / "client").rglob("*.py")):
        if module_name(path) == "client.navigator":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if called in names:
                    built.append(f"{path.relative_to(ROOT)}:{node.lineno} builds {called}")
    assert not built, "\n".join(built)


# --- the checks themselves can fail ------------------------------------------------------------


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return tmp_path


def test_a_circle_through_a_function_level_import_is_found(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from pkg.b import x\n",
            "b.py": "def f():\n    from pkg import a\n",
            "c.py": "import pkg.a\n",
        },
    )
    assert circles(import_graph(root, "pkg")) == [["pkg.a", "pkg.b"]]


def test_a_type_checking_import_is_no_circle(tmp_path: Path) -> None:
    root = _package(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "import pkg.b\n",
            "b.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg.a import A\n",
        },
    )
    assert circles(import_graph(root, "pkg")) == []
