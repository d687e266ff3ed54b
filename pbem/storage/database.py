"""The game's database file: where it lies in the game folder, how a command opens it
(brought up to date by the schema's migrations), and the few ways pbem runs statements
on it: rows as dicts, a row inserted or changed by its columns, transactions.

Everything a move changes is written in one transaction (`db.atomic()`), so a crash or
a kill during `resolve` leaves the game as it was before the move.

The database is opened with Python's `sqlite3` alone. sqlite-utils, with what it imports,
is most of a small move's start (0.29 G instructions of the 2.3 G of a 50-officer
`pbem resolve`), so it is loaded only to bring a database up to date (`schema`).
"""

from __future__ import annotations

import contextlib
import datetime
import json
import re
import sqlite3
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from ..defaults import DB_NAME
from ..errors import GameError

CACHE_KIB = 64 * 1024  # the page cache of a connection (`open_db`), at most

# How many migrations the schema has (`schema.migrations`; a test holds the two the
# same). Each is recorded by its name once applied, so a database that records as many
# has them all: told by one query, without loading sqlite-utils.
MIGRATIONS = 14
MIGRATION_SET = "pbem"


class Database:
    """A game's database open: its `sqlite3` connection (`conn`), with rows read as dicts
    (`query`) and transactions (`atomic`), as sqlite-utils gives them."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._savepoints = 0

    def query(self, sql: str, params: Sequence[Any] = ()) -> Iterator[dict[str, Any]]:
        """The rows of a statement, each a dict by column; run at once, read lazily."""
        cursor = self.conn.execute(sql, params)
        keys = [d[0] for d in cursor.description]
        return (dict(zip(keys, row)) for row in cursor)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """A statement run; a write outside a transaction is committed at once."""
        return self._committed(self.conn.execute, sql, params)

    def execute_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        """A statement run for each row; outside a transaction, committed at once."""
        return self._committed(self.conn.executemany, sql, rows)

    def _committed(self, run: Any, sql: str, params: Any) -> sqlite3.Cursor:
        was_in_transaction = self.conn.in_transaction
        try:
            cursor = run(sql, params)
        except Exception:
            if not was_in_transaction and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        if not was_in_transaction and self.conn.in_transaction:
            self.conn.execute("COMMIT")
        return cursor

    @contextlib.contextmanager
    def atomic(self) -> Iterator[Database]:
        """The statements of the block in one transaction, committed when the block ends,
        rolled back when it raises; a block inside another is a savepoint of it."""
        if self.conn.in_transaction:
            self._savepoints += 1
            savepoint = f"pbem_{self._savepoints}"
            self.conn.execute(f"SAVEPOINT {savepoint}")
            try:
                yield self
            except BaseException:
                if self.conn.in_transaction:  # an error may have ended the transaction
                    self.conn.execute(f"ROLLBACK TO SAVEPOINT {savepoint}")
                    self.conn.execute(f"RELEASE SAVEPOINT {savepoint}")
                raise
            self.conn.execute(f"RELEASE SAVEPOINT {savepoint}")
            return
        self.conn.execute("BEGIN")
        try:
            yield self
        except BaseException:
            self.conn.rollback()
            raise
        try:
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.rollback()
            raise

    def close(self) -> None:
        self.conn.close()


def db_path(game_dir: Path) -> Path:
    return Path(game_dir) / DB_NAME


def open_db(game_dir: Path, create: bool = False) -> Database:
    path = db_path(game_dir)
    if not create and not path.exists():
        raise GameError(
            f"no game in {game_dir}: {DB_NAME} is missing; create one with `pbem new {game_dir}`"
        )
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    # A move of ten thousand officers writes some 30 MB in its one transaction. With
    # SQLite's 2 MB page cache, pages spill to the log before the commit and some are
    # written there twice; a cache that holds the move writes each page once, at the
    # commit. Memory only: the commit and what a crash leaves are the same.
    conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    if not up_to_date(conn):
        from .schema import bring_up_to_date  # sqlite-utils: see the top
        bring_up_to_date(conn)
    return Database(conn)


def up_to_date(conn: sqlite3.Connection) -> bool:
    """Whether the database has every migration of the schema."""
    try:
        applied = conn.execute("SELECT count(DISTINCT name) FROM _sqlite_migrations "
                               "WHERE migration_set = ?", (MIGRATION_SET,)).fetchone()[0]
        return applied == MIGRATIONS
    except sqlite3.OperationalError:  # no migration at all yet: a new database
        return False


# --- rows by their columns ---------------------------------------------------------------

_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def _name(name: str) -> str:
    """A table's or a column's name, as pbem's code gives it (never a player's text)."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"not a name of pbem's schema: {name!r}")
    return f'"{name}"'


def _value(value: Any) -> Any:
    """A value as sqlite-utils stored it: tables and lists as JSON, times as ISO text."""
    if isinstance(value, (dict, list, tuple)):
        return json.dumps(value, default=repr, ensure_ascii=False)
    if isinstance(value, (datetime.time, datetime.date, datetime.datetime)):
        return value.isoformat()
    return value


def insert_dicts(db: Database, table: str, rows: Iterable[dict[str, Any]]) -> int | None:
    """Rows inserted, each a dict by column (a column a row lacks is NULL); the rowid of
    the last one, None for no row. Outside a transaction, committed at once."""
    rows = list(rows)
    if not rows:
        return None
    columns = list(dict.fromkeys(key for row in rows for key in row))
    sql = (f"INSERT INTO {_name(table)} ({', '.join(map(_name, columns))}) "
           f"VALUES ({', '.join('?' * len(columns))})")
    if len(rows) == 1:
        return db.execute(sql, [_value(rows[0].get(c)) for c in columns]).lastrowid
    db.execute_many(sql, ([_value(row.get(c)) for c in columns] for row in rows))
    return db.conn.execute("SELECT last_insert_rowid()").fetchone()[0]


def update_row(db: Database, table: str, key: Any, values: dict[str, Any],
               key_column: str = "id") -> None:
    """Some columns of the row whose `key_column` is `key` changed; LookupError for no
    such row. Outside a transaction, committed at once."""
    if not values:
        return
    sets = ", ".join(f"{_name(column)} = ?" for column in values)
    done = db.execute(f"UPDATE {_name(table)} SET {sets} WHERE {_name(key_column)} = ?",
                        [*map(_value, values.values()), key])
    if done.rowcount == 0:
        raise LookupError(f"no row of {table} with {key_column} {key!r}")
