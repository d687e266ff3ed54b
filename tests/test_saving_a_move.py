"""Writing a move to SQLite: the rows written many a statement (`game_state.insert_rows`) against
one INSERT a row, the way a move's events, rolls and order files were written before."""

from __future__ import annotations

import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.storage import game_state

VALUE = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1), st.text(max_size=12))
ROWS = st.lists(st.tuples(st.integers(0, 10**6), VALUE, VALUE), max_size=60)


def table(before: int) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, move INTEGER, seq INTEGER, "
                 "a TEXT, b TEXT)")
    conn.execute("CREATE INDEX t_move_seq ON t (move, seq)")
    conn.executemany("INSERT INTO t (move, seq, a, b) VALUES (0, ?, 'x', NULL)",
                     [(n,) for n in range(before)])
    return conn


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, per=st.integers(1, 9), before=st.integers(0, 5))
def test_rows_written_many_a_statement_are_those_written_one_by_one(rows, per, before):
    one, many = table(before), table(before)
    one.executemany("INSERT INTO t (move, seq, a, b) VALUES (3,?,?,?)", rows)
    game_state.insert_rows(many, "INSERT INTO t (move, seq, a, b) VALUES ", "(3,?,?,?)", rows,
                      per=per)
    read = "SELECT id, move, seq, a, b, typeof(a), typeof(b) FROM t ORDER BY id"
    assert many.execute(read).fetchall() == one.execute(read).fetchall()


def test_a_statement_of_rows_stays_under_the_oldest_limit_of_values():
    # SQLite before 3.32 refused a statement of more than 999 values; the widest rows a
    # move writes (its rolls) have seven.
    conn = sqlite3.connect(":memory:")
    conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, 999)
    conn.execute("CREATE TABLE r (a, b, c, d, e, f, g)")
    rows = [tuple(range(n, n + 7)) for n in range(game_state.ROWS_PER_INSERT * 2 + 1)]
    game_state.insert_rows(conn, "INSERT INTO r VALUES ", "(?,?,?,?,?,?,?)", rows)
    assert conn.execute("SELECT * FROM r ORDER BY rowid").fetchall() == rows
