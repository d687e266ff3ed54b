"""The game's database as pbem opens it (pbem/storage/database.py): with Python's sqlite3
alone when it is up to date, brought up to date by the schema's migrations otherwise;
rows as dicts, rows inserted and changed by their columns, transactions."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from pbem import game
from pbem.storage import database, schema
from pbem.storage.database import Database, insert_dicts, open_db, update_row


def test_the_migrations_counted_are_the_schemas():
    assert database.MIGRATIONS == len(schema.migrations._migrations)
    assert database.MIGRATION_SET == schema.migrations.name


def test_a_new_game_is_up_to_date(tmp_path):
    game.new_game(tmp_path / "g", 1, name="g", size=12)
    db = open_db(tmp_path / "g")
    assert database.up_to_date(db.conn)
    db.close()


def test_a_database_lacking_migrations_is_brought_up_to_date(tmp_path):
    game.new_game(tmp_path / "g", 1, name="g", size=12)
    conn = sqlite3.connect(database.db_path(tmp_path / "g"))
    with conn:
        conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", (schema.m014_languages.__name__,))
        conn.execute("ALTER TABLE game DROP COLUMN lang")
        conn.execute("ALTER TABLE officers DROP COLUMN lang")
    conn.close()
    db = open_db(tmp_path / "g")
    assert database.up_to_date(db.conn)
    assert "lang" in [r["name"] for r in db.query("PRAGMA table_info(game)")]
    db.close()


def _db() -> Database:
    db = Database(sqlite3.connect(":memory:"))
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT)")
    return db


def test_rows_are_dicts_by_column():
    db = _db()
    assert insert_dicts(db, "t", [{"a": "x"}, {"b": "y"}]) == 2
    assert list(db.query("SELECT * FROM t ORDER BY id")) == [
        {"id": 1, "a": "x", "b": None}, {"id": 2, "a": None, "b": "y"}]
    assert insert_dicts(db, "t", []) is None


def test_values_are_stored_as_sqlite_utils_stored_them():
    from datetime import datetime, timezone

    db = _db()
    when = datetime(1982, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    row = insert_dicts(db, "t", [{"a": {"é": [1, 2]}, "b": when}])
    assert list(db.query("SELECT a, b FROM t WHERE id = ?", [row])) == [
        {"a": '{"é": [1, 2]}', "b": "1982-01-02T03:04:05+00:00"}]
    update_row(db, "t", row, {"a": (3,), "b": "z"})
    assert list(db.query("SELECT a, b FROM t")) == [{"a": "[3]", "b": "z"}]


def test_a_row_changed_by_its_key_must_be_there():
    db = _db()
    with pytest.raises(LookupError, match="no row of t with id 7"):
        update_row(db, "t", 7, {"a": "x"})


def test_only_names_of_the_schema_are_taken_as_names():
    db = _db()
    with pytest.raises(ValueError, match="not a name"):
        update_row(db, "t", 1, {'a" = 1; --': "x"})
    with pytest.raises(ValueError, match="not a name"):
        insert_dicts(db, "t; DROP TABLE t", [{"a": "x"}])


def test_a_write_outside_a_transaction_is_committed_at_once(tmp_path):
    path = tmp_path / "d.db"
    db = Database(sqlite3.connect(path))
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT)")
    insert_dicts(db, "t", [{"a": "x"}])
    update_row(db, "t", 1, {"b": "y"})
    db.execute_many("INSERT INTO t (a) VALUES (?)", [("p",), ("q",)])
    assert not db.conn.in_transaction
    other = sqlite3.connect(path)
    assert other.execute("SELECT count(*), max(b) FROM t").fetchone() == (3, "y")
    other.close()
    db.close()


def test_a_block_commits_or_rolls_back_whole_and_a_block_inside_is_a_savepoint():
    db = _db()
    with db.atomic():
        insert_dicts(db, "t", [{"a": "kept"}])
        with pytest.raises(RuntimeError):
            with db.atomic():
                insert_dicts(db, "t", [{"a": "undone inside"}])
                raise RuntimeError
        with db.atomic():
            insert_dicts(db, "t", [{"a": "kept inside"}])
    with pytest.raises(RuntimeError):
        with db.atomic():
            insert_dicts(db, "t", [{"a": "undone"}])
            raise RuntimeError
    assert not db.conn.in_transaction
    assert [r["a"] for r in db.query("SELECT a FROM t ORDER BY id")] == ["kept", "kept inside"]


def test_a_move_is_resolved_without_sqlite_utils(tmp_path):
    """`pbem resolve` of an up-to-date game does not load sqlite-utils (nor the pluggy and
    sqlite-fts4 it imports): an eighth of a small move's process."""
    from conftest import EXAMPLE_FIT

    root = tmp_path / "g"
    game.new_game(root, 1, name="g", size=12)
    game.enlist(root, "Alpha", "", "GLADIUM", "ALPHA", EXAMPLE_FIT, secret="abcd-1234")
    code = ("import sys\n"
            "from pbem.cli import main\n"
            "try:\n"
            "    main(['resolve', sys.argv[1], '--force'])\n"
            "except SystemExit as e:\n"
            "    assert not e.code, e.code\n"
            "print(sorted(m for m in sys.modules\n"
            "             if m.split('.')[0] in {'sqlite_utils', 'pluggy', 'sqlite_fts4'}))\n")
    done = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
