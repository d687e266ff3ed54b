"""The tamper-evident ledger of moves, and the commitment to the game secret it starts from.

Each resolved move records a hash over the previous move's hash, the state the move started
from, the orders it played (as stored: secrets masked), its rolls, its events, the GM's
rulings and the state it left: what decided the move and nothing else (`VERSION`). The first entry's previous hash is the commitment to the game secret, and every
bulletin prints both the commitment and the hash after its move (the chain head): the
players hold the history as it stood when each bulletin was posted, so changing any row of
a past move changes its hash and every one after it, and `pbem verify` names the first move
that no longer matches.

Every value is hashed as canonical JSON (sorted keys, no spaces, UTF-8) of rows read in a
fixed column order, so the GM (from the database) and a player (from the published
`ledger.json`) compute the same digests from the same rows.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any, Iterable, Sequence

from .rules.outer_space import ADVANCED
from .rules.research import PUBLIC_SETTING
from .storage import ledger as ledger_rows

# A fixed label, so the commitment cannot be mistaken for any other hash of the secret.
COMMITMENT_LABEL = b"pbem: commitment to the game secret, v1\n"


def commitment(secret_hex: str) -> str:
    """SHA-256 of the label and the secret: printed from the first bulletin on, it binds the
    GM to the secret that draws the map and every die, without giving it away."""
    return hashlib.sha256(COMMITMENT_LABEL + bytes.fromhex(secret_hex)).hexdigest()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)

# Rows per piece of a long list hashed in pieces (see `digest`).
ROWS_PER_PIECE = 2000


def canonical(value: Any) -> bytes:
    return _CANONICAL.encode(value).encode("utf-8")


def digest(value: Any, *, piece: int = ROWS_PER_PIECE) -> str:
    """SHA-256 of `canonical(value)`. A long list (a move's hundred thousand events) is
    written and hashed a piece of rows at a time: the same bytes reach the hash, and the
    twenty megabytes of its whole text are never held at once (allocating them cost more
    than writing them)."""
    if not isinstance(value, (list, tuple)) or len(value) <= piece:
        return hashlib.sha256(canonical(value)).hexdigest()
    sha = hashlib.sha256(b"[")
    encode = _CANONICAL.encode
    for start in range(0, len(value), piece):
        if start:
            sha.update(b",")
        # A list's text is "[" + its items' texts joined by "," + "]".
        sha.update(encode(value[start:start + piece])[1:-1].encode("utf-8"))
    sha.update(b"]")
    return sha.hexdigest()


# The GM's actions that change the game between two moves: `pbem adjust` (a score, a ship,
# a position) and `pbem retire`. They are chained with the move that follows them; his
# other actions (a new secret, an address) are his desk's. The names are gm_actions.ADJUST
# and gm_actions.RETIRE (a test holds them equal), written here: the storage's schema
# imports the ledger, and the GM's actions are written through the storage.
ADJUST, RETIRE = "adjust", "retire"
RULINGS = (ADJUST, RETIRE)

# What one move played: read in this column order, rows in the order they were written.
# The orders are every letter filed for the move; the ledger hashes those it played.
MOVE_COLUMNS: dict[str, tuple[str, ...]] = {
    "orders": ("officer_id", "source", "text", "accepted", "problems", "played"),
    "rolls": ("officer_id", "kind", "detail", "die", "result", "visibility"),
    "events": ("seq", "kind", "audience", "officer_id", "data"),
    "rulings": ("officer_id", "action", "detail", "told", "reason"),
}

# The state of the game: what moves read and write. Not in it: the secret (bound by the
# commitment instead), the GM's own columns (addresses, officers' secret hashes, backups
# kept, what was revealed, retirements, which his rulings record, the languages read) and
# the player order he may fix between moves (the order played is in every move's events).
# A new column must be put in one list or the other: tests/test_fair_play.py fails on a
# column in neither.
STATE_COLUMNS: dict[str, tuple[str, ...]] = {
    "game": ("name", "size", "levels", "per_level", "level", "moves", "move", "designations",
             "settings", "ended", "winner"),
    "planets": ("id", "x", "y", "level", "base", "designation", "facts", "known",
                "discovered_by", "discovered_move", "populated", "aliens", "hostile",
                "destroyed"),
    "officers": ("id", "name", "rank", "score", "ship", "x", "y", "level", "lot", "landed_on",
                 "rx", "ry", "rlevel", "enlisted_move", "technologies", "research",
                 "grants_last", "landing"),
}
# Outer space adds what only its games have: each planet's radioactivity and the hazards
# placed at creation (5B), the alien ship in play (5C), each commander's personality and
# specialist officer (5D, 5E). A game of inner space is hashed without them, as it always was.
OUTER_SPACE_COLUMNS: dict[str, tuple[str, ...]] = {
    "game": ("alien_ship",),
    "planets": ("radioactivity",),
    "officers": ("personality", "specialist"),
    "hazards": ("id", "kind", "level", "x", "y"),
}
OUTSIDE_THE_STATE: dict[str, tuple[str, ...]] = {
    "game": ("id", "secret", "created", "commitment", "seeded", "map_drawn", "keep_backups",
             "revealed", "lang"),
    "planets": (),
    "officers": ("email", "secret_hash", "salt", "turn_fixed", "retired", "plain_mail", "lang"),
}
# The game's settings that are rules of the game; the others are the GM's desk (his
# address, the schedule of deadlines), which he may change at any time.
GAME_SETTINGS = ("rules", "level", "moves", PUBLIC_SETTING)


def read_move(conn: sqlite3.Connection, move: int) -> dict[str, list[list]]:
    """The orders, rolls and events of one move, as rows of values in MOVE_COLUMNS order."""
    return {part: [list(r) for r in rows] for part, rows in _move_rows(conn, move).items()}


def _move_rows(conn: sqlite3.Connection, move: int,
               events: list[tuple] | None = None) -> dict[str, list[tuple]]:
    # Rows as SQLite gives them: a tuple is hashed as the list it holds (canonical JSON
    # writes both as an array), and a move's tens of thousands of events need no copy.
    # `events`: the rows of the events just inserted (`game_state.event_rows`), the values as
    # SQLite gives them back (whole numbers, strings, None), so they are not read again.
    read = ledger_rows.move_rows(conn, move, MOVE_COLUMNS, RULINGS,
                                 skip=("events",) if events is not None else ())
    return {part: events if part == "events" and events is not None else read[part]
            for part in MOVE_COLUMNS}


def state_columns(level: str | None) -> dict[str, tuple[str, ...]]:
    """The state's tables and columns for a game of this level (the game row's `level`)."""
    if level != ADVANCED:
        return STATE_COLUMNS
    return {**STATE_COLUMNS, **{t: STATE_COLUMNS.get(t, ()) + c
                                for t, c in OUTER_SPACE_COLUMNS.items()}}


def read_state(conn: sqlite3.Connection, through_move: int) -> dict[str, list]:
    """The state as rows in `state_columns` order. Officers enlisted after `through_move`
    are left out: the state a move left is compared with the one the next move started
    from, and enlisting between moves is the GM's right."""
    state = _state_rows(conn, through_move)
    return {table: rows if table == "game" else [list(r) for r in rows]
            for table, rows in state.items()}


def _state_rows(conn: sqlite3.Connection, through_move: int) -> dict[str, list]:
    # `read_state` with each row a tuple as SQLite gives it (hashed the same, see _move_rows).
    state = ledger_rows.state_rows(conn, state_columns(ledger_rows.game_level(conn)), through_move)
    game = state["game"]
    at = STATE_COLUMNS["game"].index("settings")
    settings = json.loads(game[at])
    game[at] = json.dumps({k: settings[k] for k in GAME_SETTINGS if k in settings}, sort_keys=True)
    return state


def state_digests(state: dict[str, list]) -> dict[str, str]:
    """One digest per table, so a mismatch can say which table changed."""
    return {table: digest(rows) for table, rows in state.items()}


# What a ledger entry commits to. Version 1 hashed every letter filed for the move with
# where it was filed (its path in orders/, the GM's mailbox), and the GM's notes about
# letters, some for later moves: the same orders filed under other names, or an early
# letter for the next move, gave another hash. Version 2 (DESIGN, architecture) hashes
# each officer's played orders by their text, in officer order, and the events without
# the desk's words about letters: the GM's notes on them (`order-note`), an officer's
# letters that did not count as his report names them (`letter`), and why a ship held as
# its report words it (which names the letter; that the ship held stays). Entries keep
# the version they were written with, so every past move still verifies.
VERSION = 2
_LETTER_WORDS: dict[str, tuple[str, ...] | None] = {
    "order-note": None, "letter": None, "held": ("reason",)}


def _played(orders: list[list]) -> list[list]:
    """Each officer's played orders, by their text: where they were filed is not hashed."""
    at, text, played = (MOVE_COLUMNS["orders"].index(c) for c in ("officer_id", "text", "played"))
    return sorted(([r[at], r[text]] for r in orders if r[played]), key=lambda r: r[0])


def _deciding(events: list[list]) -> list[list]:
    """The events without the desk's words about letters (`_LETTER_WORDS`)."""
    kind, data = MOVE_COLUMNS["events"].index("kind"), MOVE_COLUMNS["events"].index("data")
    # A move's tens of thousands of events, a few of them about letters (the GM's notes
    # last): those are found, and only they are changed or taken out of a copy.
    about = [i for i, row in enumerate(events) if row[kind] in _LETTER_WORDS]
    if not about:
        return events
    kept = list(events)
    for i in reversed(about):
        row = events[i]
        words = _LETTER_WORDS[row[kind]]
        if words is None:
            del kept[i]
        else:
            facts = {k: v for k, v in json.loads(row[data]).items() if k not in words}
            kept[i] = [*row[:data], json.dumps(facts, sort_keys=True), *row[data + 1:]]
    return kept


def move_digests(rows: dict[str, list[list]], version: int = VERSION) -> dict[str, str]:
    if version == 1:
        letters = len(MOVE_COLUMNS["orders"]) - 1  # no `played` then
        return {part: digest([r[:letters] for r in rows[part]] if part == "orders" else rows[part])
                for part in MOVE_COLUMNS}
    return {part: digest(_played(rows[part]) if part == "orders" else
                         _deciding(rows[part]) if part == "events" else rows[part])
            for part in MOVE_COLUMNS}


def entry_hash(move: int, previous: str, opening: dict[str, str], parts: dict[str, str],
               state: dict[str, str], version: int = VERSION) -> str:
    versioned = {} if version == 1 else {"version": version}
    return digest({"move": move, "previous": previous, "opening": opening, **parts,
                   "state": state, **versioned})


ENTRY_COLUMNS = ("move", "previous", "opening", *MOVE_COLUMNS, "state", "hash", "version")


def entry(conn: sqlite3.Connection, move: int) -> dict[str, Any] | None:
    row = ledger_rows.entry(conn, move, ENTRY_COLUMNS)
    if row is None:
        return None
    out = dict(zip(ENTRY_COLUMNS, row))
    out["opening"] = json.loads(out["opening"])
    out["state"] = json.loads(out["state"])
    return out


def head(conn: sqlite3.Connection, move: int) -> str | None:
    """The chain head after `move`: the hash the bulletin of that move prints."""
    return ledger_rows.head(conn, move)


def previous_hash(conn: sqlite3.Connection, move: int, game_commitment: str) -> str:
    """The hash a new entry chains to: the last entry before `move`, or the commitment
    (the first move, or the first of a game resolved before pbem kept a ledger)."""
    found = ledger_rows.last_hash_before(conn, move)
    return found if found is not None else game_commitment


def opening_state(conn: sqlite3.Connection, move: int) -> dict[str, str]:
    """Digests of the state a move starts from, taken before it is saved."""
    return state_digests(_state_rows(conn, move - 1))


def changed_since_last_move(conn: sqlite3.Connection, move: int,
                            opening: dict[str, str]) -> list[str]:
    """Tables changed outside a move since the last entry (none after a fresh start)."""
    last = entry(conn, move - 1)
    if last is None:
        return []
    return [t for t in opening if last["state"].get(t) != opening[t]]


def record_move(conn: sqlite3.Connection, move: int, opening: dict[str, str],
                game_commitment: str, events: list[tuple] | None = None) -> str:
    """Write the ledger entry of a move just saved, inside the move's transaction, from the
    rows as the database now holds them (`events`: the rows of its events as just
    inserted); returns the new chain head."""
    parts = move_digests(_move_rows(conn, move, events))
    state = state_digests(_state_rows(conn, move))
    previous = previous_hash(conn, move, game_commitment)
    digest_ = entry_hash(move, previous, opening, parts, state)
    ledger_rows.insert_entry(
        conn, ENTRY_COLUMNS,
        (move, previous, json.dumps(opening, sort_keys=True), *(parts[p] for p in MOVE_COLUMNS),
         json.dumps(state, sort_keys=True), digest_, VERSION),
    )
    return digest_


def as_dicts(columns: Sequence[str], rows: Iterable[Sequence]) -> list[dict[str, Any]]:
    return [dict(zip(columns, r)) for r in rows]


def as_lists(columns: Sequence[str], rows: Iterable[dict[str, Any]]) -> list[list]:
    return [[r[c] for c in columns] for r in rows]
