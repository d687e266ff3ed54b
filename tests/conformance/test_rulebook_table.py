"""The "rulebook, section by section" table of docs/rulebook.md and the conformance suite, in step.

Each row of the table names a section (`3B`) and the conformance files that hold it. Every
row has a test named by its section in one of its files (`test_3B_...`), every file it
names exists, and every conformance test of the rulebook's folders is named by a section
that some row holds. Every ruling of `pbem/rules/rulings.py` has a test named by it in
`rulings/`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pbem.rules import rulings

HERE = Path(__file__).parent
RULEBOOK_PAGE = HERE.parent.parent / "docs" / "rulebook.md"
RULEBOOK_FOLDERS = ("basic", "sc", "advanced", "research")  # not rulings/ nor core/: no sections


def table() -> dict[str, list[str]]:
    """Section -> the files of its row, read from docs/rulebook.md."""
    part = RULEBOOK_PAGE.read_text(encoding="utf-8")
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = re.findall(r"`([^`]+\.py)`", cells[3])
    return rows


def names_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")]


def holds(name: str, section: str) -> bool:
    return name.startswith(f"test_{section}_")


def test_the_table_has_its_rows():
    assert len(table()) > 50


def test_every_file_the_table_names_exists():
    missing = {f for files in table().values() for f in files if not (HERE / f).is_file()}
    assert not missing, f"named in docs/rulebook.md's table, not in tests/conformance/: {sorted(missing)}"


def test_every_section_of_the_table_has_a_test_in_its_files():
    untested = [section for section, files in table().items()
                if not any(holds(name, section) for f in files if (HERE / f).is_file()
                           for name in names_in(HERE / f))]
    assert not untested, f"sections with no test_<section>_... in their files: {untested}"


def test_every_conformance_test_holds_a_section_of_the_table():
    sections = table()
    stray = [f"{path.relative_to(HERE)}::{name}"
             for folder in RULEBOOK_FOLDERS for path in sorted((HERE / folder).glob("test_*.py"))
             for name in names_in(path)
             if not any(holds(name, s) and str(path.relative_to(HERE)) in files
                        for s, files in sections.items())]
    assert not stray, f"tests whose section is in no row naming their file: {stray}"


def test_every_ruling_has_its_test():
    names = [n for n in vars(rulings) if n.isupper()]
    tests = [t for path in (HERE / "rulings").glob("test_*.py") for t in names_in(path)]
    untested = [n for n in names if not any(t == f"test_{n}" or t.startswith(f"test_{n}_") for t in tests)]
    assert not untested, f"rulings with no test_<RULING>_... in tests/conformance/rulings/: {untested}"
