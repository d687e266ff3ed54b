"""No dead code: every module-level name of `pbem/` is used somewhere in `pbem/` or `tests/`.

A scan of the syntax trees, by name: a name counts as used when any module reads it, reads
an attribute of that name, or imports it. Coarse (two names alike count as one), but it
finds what nothing reads any more, which is what goes stale unseen.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Names read by what the scan does not see.
USED_ELSEWHERE = {
    "main",  # pbem.cli: the `pbem` entry point of pyproject.toml
}
# Decorators that register what they decorate, so it runs without being named again:
# click's commands (`@main.command()`) and the schema's migrations (`@migrations()`).
REGISTERING = {"command", "migrations"}


def decorator_name(node: ast.expr) -> str:
    node = node.func if isinstance(node, ast.Call) else node
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def defined(tree: ast.Module) -> list[str]:
    """The module-level names a module defines, but those it registers by decorator."""
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not {decorator_name(d) for d in node.decorator_list} & REGISTERING:
                names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [n for n in names if not (n.startswith("__") and n.endswith("__"))]


def read(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add(node.name.rsplit(".", 1)[-1])
    return found


def unused(root: Path) -> list[str]:
    """`module.name` for each module-level name of root/pbem that nothing in root reads."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path))
             for folder in ("pbem", "tests") for path in sorted((root / folder).rglob("*.py"))}
    used = set().union(*map(read, trees.values())) | USED_ELSEWHERE
    return [f"{path.relative_to(root).with_suffix('').as_posix().replace('/', '.')}.{name}"
            for path, tree in trees.items() if path.relative_to(root).parts[0] == "pbem"
            for name in defined(tree) if name not in used]


def test_every_module_level_name_of_pbem_is_used():
    assert unused(ROOT) == []


def test_the_scan_finds_a_name_nothing_reads(tmp_path):
    (tmp_path / "pbem").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "pbem" / "ship.py").write_text(
        "SIDES = 4\nLEVELS = 4\n\n@main.command()\ndef order():\n    return LEVELS\n")
    (tmp_path / "tests" / "test_ship.py").write_text("from pbem.ship import order\n")
    assert unused(tmp_path) == ["pbem.ship.SIDES"]
