"""The shape of the code: a pure rules core, no import cycles, and SQL only in the storage
layer (DESIGN, STYLE).

The rules core (`pbem/rules/`) takes state, orders and dice and returns a new state and
events: it never touches SQLite, templates, the command line or another part of pbem. Every
import counts, those inside functions and those made only for type checking too, since each
is a dependency a reader has to follow.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pbem"
FORBIDDEN_IN_RULES = ("sqlite3", "sqlite_utils", "jinja2", "click")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, absolute, with `from x import y` also naming x.y."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def in_rules(name: str) -> bool:
    return name == "pbem.rules" or name.startswith("pbem.rules.")


def pbem_imports(name: str) -> set[str]:
    return {m for m in imports(MODULES[name]) if m in MODULES and m != name}


def test_the_rules_core_imports_nothing_but_itself_and_the_standard_library():
    for name, path in MODULES.items():
        if not in_rules(name):
            continue
        for imported in imports(path):
            top = imported.split(".")[0]
            assert top not in FORBIDDEN_IN_RULES, f"{name} imports {imported}"
            if top == "pbem":
                assert in_rules(imported), f"{name} imports {imported}"


def in_mail(name: str) -> bool:
    return name == "pbem.mail" or name.startswith("pbem.mail.")


# The layers over the mail package: the command line, and the move and enlistment, which
# mail the reports and the welcome letter.
OVER_MAIL = ("pbem.cli", "pbem.game", "pbem.move_files")


def over_mail(name: str) -> bool:
    return any(name == o or name.startswith(o + ".") for o in OVER_MAIL)


def test_the_mail_package_is_imported_only_by_the_layers_over_it():
    """The mail package is an application layer over storage, rendering and the reading of
    letters (`pbem.letters`): nothing it builds on imports it, nor anything beside those
    (the roster, the status, the filing of letters); it imports no layer over it."""
    for name in MODULES:
        found = sorted(m for m in pbem_imports(name) if in_mail(m))
        if in_mail(name):
            assert not [m for m in pbem_imports(name) if over_mail(m)], name
        elif not over_mail(name):
            assert not found, f"{name} imports {found}"


def test_no_import_cycles_among_pbem_modules():
    graph = {name: pbem_imports(name) for name in MODULES}
    # A package importing its own modules (pbem.rules -> pbem.rules.x) is not a cycle of
    # the code; drop the edges from a module to the packages that contain it.
    for name, edges in graph.items():
        edges.difference_update(p for p in list(edges) if name.startswith(p + "."))
    visiting: list[str] = []
    done: set[str] = set()

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            cycle = visiting[visiting.index(name):] + [name]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        visiting.append(name)
        for other in sorted(graph[name]):
            visit(other)
        visiting.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_the_cycle_finder_finds_a_cycle(tmp_path, monkeypatch):
    """The test above would fail on a cycle: shown on two modules that import each other."""
    (tmp_path / "pbem").mkdir()
    (tmp_path / "pbem" / "a.py").write_text("from . import b\n")
    (tmp_path / "pbem" / "b.py").write_text("def f():\n    from .a import x\n")
    package = tmp_path / "pbem"
    monkeypatch.setattr(__import__(__name__), "PACKAGE", package)
    found = {module_name(p): p for p in package.rglob("*.py")}
    monkeypatch.setattr(__import__(__name__), "MODULES", found)
    try:
        test_no_import_cycles_among_pbem_modules()
    except AssertionError as e:
        assert "pbem.a -> pbem.b -> pbem.a" in str(e)
    else:
        raise AssertionError("the cycle between pbem.a and pbem.b was not found")


def reached(name: str) -> set[str]:
    """Every pbem module `name` imports, directly or through others."""
    found: set[str] = set()
    todo = [name]
    while todo:
        for other in pbem_imports(todo.pop()) - found:
            found.add(other)
            todo.append(other)
    return found


# Printing orders back and the order form are the rendering's: they need the order words
# (`pbem.orders.keywords`), never the reading of a file.
RENDERING = ("pbem.render", "pbem.order_form", "pbem.order_lines", "pbem.mail.outbox")
ORDER_READING = ("pbem.orders.reader", "pbem.orders.decoding", "pbem.orders.lines",
                 "pbem.orders.secret")


def test_rendering_and_mail_sent_do_not_import_the_order_reader():
    """Reports, order forms, receipts' order lines and the mail that carries them are
    made without the order reader: not imported by them, nor by anything they import."""
    for name in RENDERING:
        assert sorted(reached(name) & set(ORDER_READING)) == [], name


def test_the_rulings_page_names_every_ruling_of_the_code_in_its_order():
    """pbem/rules/rulings.py and docs/rulings.md describe the same set."""
    import re

    from pbem.rules import rulings

    names = [n for n in vars(rulings) if n.isupper()]
    source = (PACKAGE / "rules" / "rulings.py").read_text(encoding="utf-8")
    names.sort(key=lambda n: source.index(f"\n{n} ="))
    section = (PACKAGE.parent / "docs" / "rulings.md").read_text(encoding="utf-8")
    found = re.findall(r"`([A-Z][A-Z_]+)`", section)
    assert [n for n in found if n in names] == names


def test_the_command_line_starts_without_the_games_machinery():
    """`pbem check` without a game loads the order reader alone: SQLite through sqlite-utils,
    the templates, mail and schedules are imported by the commands that use them (speed is
    measured in bench/, this is what makes it)."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from pbem.cli import main\n"
            "from pbem.checking import check_file\n"
            "heavy = {'sqlite_utils', 'jinja2', 'email', 'smtplib', 'dateutil', 'pbem.game',\n"
            "         'pbem.storage', 'pbem.render'}\n"
            "print(sorted(heavy & set(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_move_reads_its_plain_order_files_without_the_mail_machinery():
    """`pbem resolve` files what waits in `orders/` (`pbem.collecting`), nearly always plain
    order files: Python's mail parsing (email, mailbox, html.parser) is imported only when
    a file is a mail (speed is measured in bench/, this is what makes it)."""
    import subprocess
    import sys

    code = ("import sys\n"
            "import pbem.collecting\n"
            "from pbem.letters.files import letters_of_file\n"
            "mail = {'email', 'mailbox', 'html.parser'}\n"
            "plain = letters_of_file('orders/a.txt', 'orders/a.txt', b'GAME x\\nEND\\n', 0.0)\n"
            "print(sorted(mail & set(sys.modules)), plain[0].mail)\n"
            "sent = letters_of_file('orders/b.eml', 'orders/b.eml', b'Subject: x\\n\\nhi\\n', 0.0)\n"
            "print(sorted(mail & set(sys.modules)), sent[0].mail)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[] False", "['email', 'html.parser', 'mailbox'] True"]


def test_the_defaults_the_command_line_shows_are_the_games():
    from pbem import defaults
    from pbem.rules import research
    from pbem.storage import database, schema

    assert defaults.OPTIONAL_RULES == (research.RULE,)
    assert database.DB_NAME == defaults.DB_NAME and schema.KEEP_BACKUPS == defaults.KEEP_BACKUPS


def test_the_rulebook_page_maps_every_rulebook_section_to_modules_that_exist():
    """The table of docs/rulebook.md, "The rulebook, section by section", names, for every
    section of the rulebook, rules modules that exist; every module of the core that holds a
    rule of the game is named there. (Its test files are checked by
    tests/conformance/test_rulebook_table.py.)"""
    import re

    table = (PACKAGE.parent / "docs" / "rulebook.md").read_text(encoding="utf-8")
    rows = [line.strip("|").split(" | ") for line in table.splitlines()
            if line.startswith("| `")]
    sections = set()
    for _code, title, _where, _tested in rows:
        sections |= set(re.findall(r"\b(\d[A-I]?)\b", title.split(":")[0]))
    modules = set(re.findall(r"`([a-z_]+\.py)`", table))  # the rows' and the press's below
    assert sorted(m for m in modules if not (PACKAGE / "rules" / m).is_file()) == []
    # The machinery of the core holds no rule of its own: the move's board, the dice, the
    # events, the orders' value type, the check, the ruleset's value types, the rulings, the
    # frozen values made and copied at once, the words of counts and slips, the texts said
    # to a reader.
    machinery = {"__init__.py", "board.py", "dice.py", "events.py", "lawful.py", "orders.py",
                 "ruleset.py", "rulings.py", "said.py", "state.py", "values.py", "wording.py"}
    concepts = {p.name for p in (PACKAGE / "rules").glob("*.py")} - machinery
    assert sorted(concepts - modules) == []
    rulebook = {"1", "2", "4", "6"} | {f"3{c}" for c in "ABCDEFGHI"} | {f"5{c}" for c in "ABCDEFG"}
    assert sorted(rulebook - sections) == []


def test_every_package_of_pbem_is_installed():
    """`pip install .` copies only the packages pyproject.toml names: a new sub-package left
    out works in a checkout and breaks every installed pbem on its first import."""
    import tomllib

    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(project["tool"]["setuptools"]["packages"])
    found = {".".join(("pbem",) + p.parent.relative_to(PACKAGE).parts)
             for p in PACKAGE.rglob("__init__.py")}
    assert sorted(found - listed) == []


# SQL lives in the storage layer (`pbem/storage/`), and nowhere else.
# A call that runs a statement, on a connection or a sqlite-utils database.
STATEMENT_CALLS = frozenset({"execute", "executemany", "executescript", "query"})
# A string that starts a statement, in capitals as pbem writes them (the text before the
# first value of an f-string counts alone: `f"UPDATE {table} SET ..."` starts "UPDATE ").
SQL_TEXT = re.compile(
    r"\s*(SELECT\s|INSERT\s+(OR\s+[A-Z]+\s+)?(INTO\s|$)|UPDATE\s+(\S+\s+SET\s|$)|DELETE\s+FROM\s"
    r"|REPLACE\s+INTO\s|(CREATE|DROP)\s+(TABLE|INDEX|VIEW|TRIGGER|UNIQUE|TEMP)\s|ALTER\s+TABLE\s"
    r"|PRAGMA\s|WITH\s+\w+\s+AS\s)")


def _is_database(node: ast.AST) -> bool:
    """`db`, `self.db`, `x.db`, or `open_db(...)`: what pbem calls its database."""
    if isinstance(node, ast.Name):
        return node.id == "db" or node.id.endswith("_db")
    if isinstance(node, ast.Attribute):
        return node.attr == "db" or node.attr.endswith("_db")
    if isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
            node.func, "id", "")
        return name == "open_db"
    return False


def sql_in(source: str) -> list[str]:
    """Where `source` runs or writes SQL: statement calls, sqlite-utils tables
    (`db["officers"].update(...)`, `db["mails"].rows`) and statements' text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in STATEMENT_CALLS):
            found.append(f"line {node.lineno}: .{node.func.attr}(...)")
        elif isinstance(node, ast.Subscript) and _is_database(node.value):
            found.append(f"line {node.lineno}: a table of the database")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and SQL_TEXT.match(node.value)):
            found.append(f"line {node.lineno}: {node.value.strip()[:40]!r}")
    return found


def test_no_sql_outside_the_storage_layer():
    """Every statement pbem runs is written in `pbem/storage/`; the rest of pbem calls its
    functions with plain values."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if rel.startswith("pbem/storage/"):
            continue
        where = sql_in(path.read_text(encoding="utf-8"))
        if where:
            found[rel] = where
    assert found == {}


def test_the_sql_finder_finds_statements_tables_and_their_text():
    """The test above would fail on each kind of SQL it looks for, and not on look-alikes."""
    assert len(sql_in("db.conn.execute(x)\nconn.executemany(x, y)\ndb.query(x)\n")) == 3
    assert len(sql_in("db['officers'].update(1, {})\nself.db['mails'].count_where(x)\n"
                      "store.open_db(d)['mails'].rows\n")) == 3
    assert len(sql_in("x = 'SELECT id FROM officers'\ny = f'UPDATE {t} SET a = ?'\n")) == 2
    assert sql_in("row['ship'].update(x)\nsettings.get('rules')\n"
                  "say('Select the officer first')\nwords = ('WITH', 'UPDATE')\n") == []


# A module holds one concept and says which in its opening docstring; past this many lines
# it is two concepts or says, in a paragraph of its docstring that starts "Length:", why
# its one concept needs the length (issue: the house).
MOST_LINES = 700
LONG = 600


def test_every_module_says_what_it_holds_and_fits():
    unsaid, too_long, unexplained = [], [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(text)) or ""
        lines = text.count("\n")
        if not doc.strip():
            unsaid.append(rel)
        if lines > MOST_LINES:
            too_long.append(f"{rel} ({lines} lines)")
        elif lines > LONG and "\nLength:" not in f"\n{doc}":
            unexplained.append(f"{rel} ({lines} lines)")
    assert not unsaid, f"modules without an opening docstring: {unsaid}"
    assert not too_long, f"modules over {MOST_LINES} lines: split them by concept: {too_long}"
    assert not unexplained, (f"modules over {LONG} lines whose docstring has no 'Length:' "
                             f"paragraph saying why: {unexplained}")
