"""The game's state in the database: its row, loading it as it stands, saving a new game,
and saving what a move made of it (the planets and officers it changed, its events, rolls
and order files) in the caller's one transaction.
"""

from __future__ import annotations

import json
from itertools import chain
from operator import itemgetter
from typing import Any, Iterable, Sequence

from ..errors import GameError
from ..json_codec import to_json
from ..language import Readers
from ..rules.dice import Roll
from ..rules.events import Event
from ..rules.geometry import Position, Zone
from ..rules.hazards import DISTORTION, NET, NUCLEUS, Hazards
from ..rules.state import GameState, Officer, Planet
from .rows import (
    alien_ship_from_json, alien_ship_to_json, hazard_rows, landing_from_json, landing_to_json,
    planet_from_row, planet_row, ship_from_json, ship_to_json, specialist_from_json,
    specialist_to_json,
)
from .database import Database, insert_dicts, update_row


def load_planets(db: Database) -> dict[int, Planet]:
    """Every planet by id, in the table's order."""
    return {row["id"]: planet_from_row(row) for row in db.query("SELECT * FROM planets")}


def base_planet(db: Database) -> Planet:
    """The base, where officers enlist."""
    return planet_from_row(next(db.query("SELECT * FROM planets WHERE base = 1")))


def load_hazards(db: Database, levels: int) -> Hazards:
    rows = list(db.query("SELECT * FROM hazards ORDER BY id"))
    if not rows:
        return Hazards()
    hole = next(((r["x"], r["y"]) for r in rows if r["kind"] == NUCLEUS), None)
    nets: dict[int, list[Position]] = {}
    for r in rows:
        if r["kind"] == NET:
            nets.setdefault(r["level"], []).append(Position(r["x"], r["y"], r["level"]))
    distortions = tuple(Position(r["x"], r["y"], r["level"]) for r in rows
                        if r["kind"] == DISTORTION)
    return Hazards(hole, tuple(tuple(nets[level]) for level in sorted(nets)), distortions, levels)


def game_row(db: Database) -> dict[str, Any]:
    rows = list(db.query("SELECT * FROM game"))
    if not rows:
        raise GameError("the game database has no game in it; create one with `pbem new`")
    return rows[0]


def save_new_game(db: Database, game: dict[str, Any], planets: Iterable[Planet],
                  hazards: Hazards | None) -> None:
    """A new game's row, its planets and, in outer space, its hazards; the caller wraps
    this in `db.atomic()`."""
    insert_dicts(db, "game", [game])
    insert_dicts(db, "planets", (planet_row(p) for p in planets))
    if hazards is not None:
        insert_dicts(db, "hazards", hazard_rows(hazards))


def set_keep_backups(db: Database, keep: int) -> None:
    """How many backups of moves the game keeps (`backups.prune`)."""
    db.conn.execute("UPDATE game SET keep_backups = ?", (keep,))


def write_settings(db: Database, settings: dict[str, Any]) -> None:
    """The game's settings, whole, as sorted JSON; the caller holds the transaction."""
    update_row(db, "game", 1, {"settings": json.dumps(settings, sort_keys=True)})


def set_revealed(conn, move: int) -> None:
    """The record is published through `move`; the caller holds the transaction."""
    conn.execute("UPDATE game SET revealed = ?", (move,))


def readers(db: Database) -> Readers:
    """The languages the game's outputs are read in."""
    game = game_row(db)["lang"]
    return Readers(game, {r["id"]: r["lang"] for r in db.query(
        "SELECT id, lang FROM officers WHERE lang IS NOT NULL")})


def _player_order(row: dict[str, Any]) -> tuple:
    # Player order: fixed by the GM where set, else by the lot drawn at enlistment.
    return (row["turn_fixed"] is None, row["turn_fixed"] or 0, row["lot"])


# An officer's columns as `load_state` reads them, in the order `_officer` unpacks them.
_OFFICER_COLUMNS = ("id, name, rank, score, ship, x, y, level, landed_on, rx, ry, rlevel, "
                    "technologies, research, grants_last, landing, personality, specialist")


# `_player_order` as columns, which `load_state` reads after an officer's (unpacked by
# name, not by a starred name: no list made for each row), and as the key of such a row.
_PLAYER_ORDER_COLUMNS = "turn_fixed IS NULL, coalesce(turn_fixed, 0), lot"
_PLAYER_ORDER_LAST = itemgetter(-3, -2, -1)


def _levels(text: str) -> dict[str, int]:
    # Most officers hold no technology and no research sum: "{}", read without the parser.
    return {} if text == "{}" else json.loads(text)


def load_state(db: Database, only: Iterable[str] | None = None) -> GameState:
    """The game as it stands. With `only` (names as an order file writes them, in any case
    and spacing), the officers of those names alone, each in his place in the player
    order: what checking one order file needs, whatever the number of officers."""
    g = game_row(db)
    planets = load_planets(db)
    if only is None:
        # Plain rows, the player order's key (`_player_order`) last: ten thousand officers.
        rows = db.conn.execute(
            f"SELECT {_OFFICER_COLUMNS}, {_PLAYER_ORDER_COLUMNS} "
            "FROM officers WHERE retired IS NULL").fetchall()
        rows.sort(key=_PLAYER_ORDER_LAST)
        turns = None  # each officer's turn is his row's place
    else:
        wanted = {" ".join(name.split()).casefold() for name in only}
        order = list(db.query("SELECT id, name, turn_fixed, lot FROM officers "
                              "WHERE retired IS NULL"))
        order.sort(key=_player_order)
        turns = {r["id"]: turn for turn, r in enumerate(order)}
        ids = [r["id"] for r in order if r["name"].casefold() in wanted]
        rows = db.conn.execute(
            f"SELECT {_OFFICER_COLUMNS}, {_PLAYER_ORDER_COLUMNS} FROM officers "
            f"WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall() if ids else []
        rows.sort(key=lambda r: turns[r[0]])
    officers = {}
    for turn, (id_, name, rank, score, ship, x, y, level, landed_on, rx, ry, rlevel,
               technologies, research, grants_last, landing, personality,
               specialist, _, _, _) in enumerate(rows):
        officers[id_] = Officer(
            id=id_, name=name, rank=rank, score=score, ship=ship_from_json(ship),
            position=Position(x, y, level),
            turn=turn if turns is None else turns[id_], landed_on=landed_on,
            reckoning=Position(rx, ry, rlevel), technologies=_levels(technologies),
            research=_levels(research), grants_last=grants_last,
            landing=landing_from_json(landing), personality=personality,
            specialist=specialist_from_json(specialist),
        )
    return GameState(
        zone=Zone(g["size"], g["levels"]), planets=planets, officers=officers,
        move=g["move"], designations=g["designations"], settings=json.loads(g["settings"]),
        winner=g["winner"], name=g["name"], hazards=load_hazards(db, g["levels"]),
        alien_ship=alien_ship_from_json(g["alien_ship"]),
    )


def event_rows(events: list[Event], texts: list[str]) -> list[tuple]:
    """A move's events as rows of the `events` table, in the ledger's column order
    (`ledger.MOVE_COLUMNS`): seq, kind, audience, officer_id, data."""
    return [(seq, e.kind, e.audience, e.officer, text)
            for seq, (e, text) in enumerate(zip(events, texts))]


def _levels_text(levels: dict[str, int]) -> str:
    return to_json(levels) if levels else "{}"  # most officers: no technology, no research


def officer_rows(before: GameState, after: GameState) -> list[tuple]:
    """The values of `save_move`'s UPDATE of each officer the move changed, his ship None
    when it is the very ship he started the move with: the row holds its text already (the
    text it was read from, as `ship_to_json` wrote it), and most ships come out of a move
    untouched."""
    was = before.officers
    rows = []
    for o in after.officers.values():
        old = was.get(o.id)
        if old is o:  # the rules make a new officer for any change; this one is untouched
            continue
        ship = None if old is not None and old.ship is o.ship else ship_to_json(o.ship)
        specialist = specialist_to_json(o.specialist) if o.specialist is not None else None
        position, reckoning = o.position, o.reckoning
        rows.append((o.rank, o.score, ship, position.x, position.y, position.level,
                     o.landed_on, reckoning.x, reckoning.y, reckoning.level,
                     _levels_text(o.technologies), _levels_text(o.research), o.grants_last,
                     landing_to_json(o.landing), specialist, o.id))
    return rows


def save_officers(conn, before: GameState, after: GameState) -> None:
    """The officers a move changed, written as `after` has them."""
    # A NULL ship (`officer_rows`) keeps the text the row holds.
    conn.executemany(
        "UPDATE officers SET rank=?, score=?, ship=coalesce(?, ship), x=?, y=?, level=?, "
        "landed_on=?, rx=?, ry=?, rlevel=?, technologies=?, research=?, grants_last=?, "
        "landing=?, specialist=? WHERE id=?",
        officer_rows(before, after),
    )


_ORDER_FILE = itemgetter("move", "officer_id", "source", "text", "accepted", "problems", "played")

# Rows one INSERT writes (`insert_rows`): a hundred rows of up to nine values stay under
# the 999 values a statement that SQLite allowed before 3.32.
ROWS_PER_INSERT = 100


def insert_rows(conn, head: str, row: str, rows: Sequence[tuple],
                per: int = ROWS_PER_INSERT) -> None:
    """`head` ("INSERT INTO t (a, b) VALUES ") of each of `rows`, `row` ("(?,?)") the
    values of one, `per` rows a statement: SQLite steps through one statement of a hundred
    rows in much less time than through a hundred statements (a move's 85,000 events, 40%
    less). The rows go in in their order, and so get the ids one statement each gives."""
    whole = len(rows) - len(rows) % per
    if whole:
        flat = chain.from_iterable
        conn.executemany(head + ",".join([row] * per),
                         [tuple(flat(rows[i:i + per])) for i in range(0, whole, per)])
    if whole < len(rows):
        conn.execute(head + ",".join([row] * (len(rows) - whole)),
                     tuple(chain.from_iterable(rows[whole:])))


def save_move(
    db: Database,
    before: GameState,
    after: GameState,
    events: list[tuple],
    rolls: Iterable[Roll],
    order_files: Iterable[dict[str, Any]],
    resolved_at: str,
) -> None:
    """Write one resolved move, its `events` as `event_rows`; the caller wraps this in
    `db.atomic()`."""
    conn = db.conn
    move = before.move
    changed = [p for p in after.planets.values() if before.planets.get(p.id) != p]
    conn.executemany(
        "UPDATE planets SET designation=:designation, facts=:facts, known=:known, "
        "discovered_by=:discovered_by, discovered_move=:discovered_move, "
        "populated=:populated, aliens=:aliens, hostile=:hostile, destroyed=:destroyed, "
        "radioactivity=:radioactivity WHERE id=:id",
        [planet_row(p) for p in changed],
    )
    save_officers(conn, before, after)
    insert_rows(conn, "INSERT INTO events (move, seq, kind, audience, officer_id, data) VALUES ",
                f"({int(move)},?,?,?,?,?)", events)
    insert_rows(conn, "INSERT INTO rolls (move, officer_id, kind, detail, die, result, "
                "visibility) VALUES ", "(?,?,?,?,?,?,?)",
                [(r.move, r.officer, r.kind, r.detail, r.die, r.result, r.visibility)
                 for r in rolls])
    insert_rows(conn, "INSERT INTO order_files (move, officer_id, source, text, accepted, "
                "problems, played) VALUES ", "(?,?,?,?,?,?,?)",
                list(map(_ORDER_FILE, order_files)))
    conn.execute(
        "INSERT INTO moves (number, resolved_at, officers) VALUES (?,?,?)",
        (move, resolved_at, len(after.officers)),
    )
    conn.execute(
        "UPDATE game SET move=?, designations=?, settings=?, winner=?, ended=?, alien_ship=? "
        "WHERE id=1",
        (move + 1, after.designations, json.dumps(after.settings, sort_keys=True),
         after.winner, int(after.winner is not None), alien_ship_to_json(after.alien_ship)),
    )


def move_resolved(db: Database, move: int) -> bool:
    """Whether the move is saved (its files may still be half-written: `move_files`)."""
    return db.conn.execute("SELECT 1 FROM moves WHERE number = ?", (move,)).fetchone() is not None


def save_files_to_archive(conn, move: int, archive: list[list[str]],
                          waiting: list[list[str]]) -> None:
    """A saved move's files still to be put in place: the order files it dealt with and
    those waiting for a later move, each with its fingerprint (`backups.back_up`)."""
    conn.execute("UPDATE moves SET files_done = 0, archive = ?, waiting = ? WHERE number = ?",
                 (json.dumps(archive), json.dumps(waiting), move))


def gm_acted(db: Database, move: int, action: str) -> bool:
    """Whether the GM's log holds such an action while the move was being collected."""
    return db.conn.execute("SELECT 1 FROM gm_actions WHERE move = ? AND action = ?",
                           (move, action)).fetchone() is not None


def load_events(db: Database, move: int) -> tuple[list[Event], list[str]]:
    """A move's events and the JSON text each was stored as."""
    rows = list(db.query("SELECT * FROM events WHERE move=? ORDER BY seq", [move]))
    events = [Event(r["kind"], r["audience"], r["officer_id"], json.loads(r["data"])) for r in rows]
    return events, [r["data"] for r in rows]


def load_rolls(db: Database, move: int) -> list[Roll]:
    return [
        Roll(r["move"], r["officer_id"], r["kind"], r["detail"], r["die"], r["result"],
             r["visibility"])
        for r in db.query("SELECT * FROM rolls WHERE move=? ORDER BY id", [move])
    ]
