"""The game database: SQLite through sqlite-utils, schema changes as migrations.

Everything a move changes is written in one transaction (`db.atomic()`), so a crash or
a kill during `resolve` leaves the game as it was before the move.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import fields
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import Any, Iterable, Sequence

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .language import Readers

from .defaults import DB_NAME, KEEP_BACKUPS
from .errors import GameError
from .rules.dice import Roll
from .rules.events import Event
from .rules.geometry import Position, Zone
from .rules.hazards import DISTORTION, NET, NUCLEUS, Hazards
from .rules.ship import Ship
from .rules.state import AlienShip, GameState, Landing, Officer, Planet, Specialist

LANDING_FIELDS = frozenset(f.name for f in fields(Landing))

migrations = Migrations("pbem")

CACHE_KIB = 64 * 1024  # the page cache of a connection (`open_db`), at most

# One encoder for every JSON column: json.dumps with options builds a new one at each call.
# Names are kept as written (no \u00f2 escapes), so the database reads well in sqlite3.
_ENCODER = json.JSONEncoder(sort_keys=True, ensure_ascii=False, check_circular=False)


def _c_encoder():
    """The C encoder behind `_ENCODER`, made once: `JSONEncoder.encode` makes a new one at
    every call, a third of the cost of the small dicts of a move's hundred thousand events.
    The same C code with the same options, so the same text (the data are never circular)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator
        return None
    return make(None, _ENCODER.default, json.encoder.encode_basestring, None,
                _ENCODER.key_separator, _ENCODER.item_separator, True, False, True)


_C_ENCODE = _c_encoder()


def to_json(value: Any) -> str:
    """`value` as JSON: keys sorted, names as written."""
    if _C_ENCODE is None or isinstance(value, str):
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


def to_json_each(values: Iterable[Any]) -> list[str]:
    """`to_json` of each value, in one call: a move's data of a hundred thousand events, each
    stored as its own text."""
    if _C_ENCODE is None:
        return [to_json(v) for v in values]
    encode, join, text = _C_ENCODE, "".join, _ENCODER.encode
    return [text(v) if isinstance(v, str) else join(encode(v, 0)) for v in values]


def to_json_once(values: Iterable[Any]) -> list[str]:
    """`to_json_each`, each dict met again (the very object: the rules share one dict
    between the events of a move that say the same, a third of them, and one fit between
    the sheets that show it) written once (`_Writing`)."""
    if _C_ENCODE is None:
        return to_json_each(values)
    return _Writing().each(values)


class _Writing:
    """`to_json` of many values, as the C encoder writes them, in fewer steps.

    A dict is written once, then known by its id (kept with its text, so no other takes
    its id meanwhile). A dict of string keys is laid out once for each set of keys, sorted
    as the encoder sorts them, and its values are written into the layout: the plain ones
    here, the others (lists, numbers with a point) by the C encoder."""

    def __init__(self) -> None:
        self.layouts: dict[tuple, tuple[str, Any] | None] = {}  # None: keys not all strings
        self.written: dict[int, tuple[Any, str]] = {}

    def each(self, values: Iterable[Any]) -> list[str]:
        get, text = self.written.get, self.text
        return [text(v) if (done := get(id(v))) is None else done[1] for v in values]

    def text(self, value: Any) -> str:
        layout = self.layouts.get(tuple(value), False) if type(value) is dict else None
        if layout is False:
            layout = self.layouts[tuple(value)] = _layout(tuple(value))
        written = self.written
        if layout is None:
            text = _ENCODER.encode(value) if isinstance(value, str) else "".join(
                _C_ENCODE(value, 0))
        else:
            # Each value's JSON, a whole number as it is (`%s` prints it as JSON does).
            fmt, get = layout
            text = fmt % tuple([
                v if type(v) is int else _QUOTED(v) if type(v) is str
                else "null" if v is None else ("true" if v else "false") if type(v) is bool
                else (self.text(v) if id(v) not in written else written[id(v)][1])
                if type(v) is dict else "".join(_C_ENCODE(v, 0)) for v in get(value)])
        written[id(value)] = (value, text)
        return text


_QUOTED = json.encoder.encode_basestring  # a string as the encoder writes it (names as written)


def _layout(keys: tuple) -> tuple[str, Any] | None:
    """The text of a dict of these keys with `%s` for each value, in sorted order, and the
    getter of the values in that order (always a tuple); None unless all are strings (the
    encoder writes other keys as strings, and sorts them so)."""
    if not all(type(k) is str for k in keys):
        return None
    names = sorted(keys)
    fmt = "{" + ", ".join(_QUOTED(k).replace("%", "%%") + ": %s" for k in names) + "}"
    if len(names) == 1:
        return fmt, lambda data, name=names[0]: (data[name],)
    return fmt, itemgetter(*names) if names else (lambda data: ())


@migrations()
def m001_initial(db: sqlite_utils.Database) -> None:
    db["game"].create(
        {
            "id": int, "name": str, "secret": str, "size": int, "levels": int,
            "per_level": int, "level": str, "moves": int, "move": int,
            "designations": int, "settings": str, "created": str, "ended": int,
        },
        pk="id",
    )
    db["planets"].create(
        {
            "id": int, "x": int, "y": int, "level": int, "base": int, "designation": str,
            "facts": str, "known": int, "discovered_by": int, "discovered_move": int,
        },
        pk="id",
    )
    db["officers"].create(
        {
            "id": int, "name": str, "email": str, "secret_hash": str, "salt": str,
            "rank": str, "score": int, "ship": str, "x": int, "y": int, "level": int,
            "lot": str, "turn_fixed": int, "landed_on": int, "rx": int, "ry": int,
            "rlevel": int, "enlisted_move": int,
        },
        pk="id",
    )
    db["moves"].create({"number": int, "resolved_at": str, "officers": int}, pk="number")
    db["order_files"].create(
        {
            "id": int, "move": int, "officer_id": int, "source": str, "text": str,
            "accepted": int, "problems": str,
        },
        pk="id",
    )
    db["rolls"].create(
        {
            "id": int, "move": int, "officer_id": int, "kind": str, "detail": str,
            "die": int, "result": int, "visibility": str,
        },
        pk="id",
    )
    db["events"].create(
        {
            "id": int, "move": int, "seq": int, "kind": str, "audience": str,
            "officer_id": int, "data": str,
        },
        pk="id",
    )
    db["rolls"].create_index(["move"])
    db["events"].create_index(["move"])
    db["order_files"].create_index(["move"])
    db["officers"].create_index(["name"], unique=True)


@migrations()
def m002_research(db: sqlite_utils.Database) -> None:
    """Unpredictable Research: technologies belong to the officer, not to his ship."""
    officers = db["officers"]
    officers.add_column("technologies", str, not_null_default="{}")
    officers.add_column("research", str, not_null_default="{}")
    officers.add_column("grants_last", int, not_null_default=0)


@migrations()
def m003_landings(db: sqlite_utils.Database) -> None:
    """Landings: aliens on planets, officers on the ground, the end of the game."""
    planets = db["planets"]
    planets.add_column("populated", int, not_null_default=0)
    planets.add_column("aliens", str, not_null_default="[]")
    planets.add_column("hostile", int, not_null_default=0)
    planets.add_column("destroyed", int, not_null_default=0)
    db["officers"].add_column("landing", str)
    db["game"].add_column("winner", str)


@migrations()
def m004_desk(db: sqlite_utils.Database) -> None:
    """The GM's desk: mail written and sent, the GM's actions, deadlines, retirements."""
    db["mails"].create(
        {
            "id": int, "kind": str, "officer_id": int, "move": int, "recipients": str,
            "subject": str, "message_id": str, "file": str, "queued": str, "sent": str,
            "attempts": int, "last_error": str,
        },
        pk="id", not_null={"kind", "recipients", "file", "queued", "attempts", "last_error"},
        defaults={"attempts": 0, "last_error": ""},
    )
    db["mails"].create_index(["sent"])
    db["gm_actions"].create(
        {
            "id": int, "at": str, "move": int, "officer_id": int, "action": str,
            "detail": str, "told": str, "reason": str,
        },
        pk="id",
    )
    db["gm_actions"].create_index(["move"])
    db["deadlines"].create({"move": int, "at": str, "zone": str}, pk="move")
    # The move during which the GM retired the officer; NULL while he serves.
    db["officers"].add_column("retired", int)


@migrations()
def m005_fair_play(db: sqlite_utils.Database) -> None:
    """Fair play and safe moves: the commitment to the game secret, the tamper-evident
    ledger of moves, backups kept, and what a move still has to do on disk once saved."""
    from .ledger import commitment  # here: 18 ms, for old games being brought up to date

    game = db["game"]
    game.add_column("commitment", str)
    # Games made before this migration all had their secret from a seed.
    game.add_column("seeded", int, not_null_default=1)
    game.add_column("map_drawn", int)  # 1 drawn from the secret, 0 the GM's map, NULL unknown
    game.add_column("keep_backups", int, not_null_default=KEEP_BACKUPS)
    game.add_column("revealed", int)  # the move after which `pbem reveal` published the secret
    for row in db.query("SELECT id, secret FROM game"):
        game.update(row["id"], {"commitment": commitment(row["secret"])})
    moves = db["moves"]
    # 0 between the commit of a move and the end of its file work (reports, archiving).
    moves.add_column("files_done", int, not_null_default=1)
    moves.add_column("archive", str, not_null_default="[]")  # [[path in orders/, sha256], ...]
    # The files in orders/ the move read and left there for a later move, likewise: with the
    # archive, what orders/ held when the move was resolved, which a rollback puts back.
    moves.add_column("waiting", str, not_null_default="[]")
    db["ledger"].create(
        {
            "move": int, "previous": str, "opening": str, "orders": str, "rolls": str,
            "events": str, "rulings": str, "state": str, "hash": str,
        },
        pk="move",
    )


@migrations()
def m006_charts(db: sqlite_utils.Database) -> None:
    """Charts: each reader's knowledge kept between moves, the GM's Tabula Spatii of each move."""
    db["charts"].create({"reader": str, "move": int, "data": str}, pk="reader")
    db["tabula"].create({"move": int, "data": str}, pk="move")



# Readable views: the GM browses the game in sqlite3 or Datasette without reading JSON.
VIEWS: dict[str, str] = {
    "standings": """
        SELECT e.move AS move, CAST(j.key AS INTEGER) + 1 AS place,
               json_extract(j.value, '$.officer_name') AS officer,
               json_extract(j.value, '$.rank') AS rank, json_extract(j.value, '$.score') AS score,
               json_extract(j.value, '$.ship') AS ship
        FROM events e, json_each(e.data, '$.rows') j WHERE e.kind = 'standings'""",
    "turns": """
        SELECT e.move AS move, o.name AS officer,
               CASE json_extract(e.data, '$.moved') WHEN 1 THEN 'moved' ELSE 'held' END AS turn
        FROM events e JOIN officers o ON o.id = e.officer_id WHERE e.kind = 'turn'""",
    "sightings": """
        SELECT e.move AS move, o.name AS officer, json_extract(e.data, '$.parsec') AS parsec,
               json_extract(e.data, '$.planet') AS planet,
               json_extract(e.data, '$.distance') AS distance,
               json_extract(e.data, '$.bearing') AS bearing, json_extract(e.data, '$.new') AS new,
               json_extract(e.data, '$.points') AS points
        FROM events e JOIN officers o ON o.id = e.officer_id WHERE e.kind = 'sighting'""",
    "planet_information": """
        SELECT e.move AS move, o.name AS officer, json_extract(e.data, '$.planet') AS planet,
               json_extract(e.data, '$.level') AS level, json_extract(e.data, '$.die') AS die,
               json_extract(e.data, '$.face') AS face, json_extract(e.data, '$.value') AS value,
               json_extract(e.data, '$.wasted') AS wasted
        FROM events e JOIN officers o ON o.id = e.officer_id WHERE e.kind = 'info'""",
    "landings": """
        SELECT e.move AS move, o.name AS officer, json_extract(e.data, '$.planet') AS planet,
               json_extract(e.data, '$.base') AS base, json_extract(e.data, '$.forced') AS forced,
               json_extract(e.data, '$.parsec') AS parsec
        FROM events e JOIN officers o ON o.id = e.officer_id WHERE e.kind = 'landed'""",
    "ship_sheets": """
        SELECT e.move AS move, o.name AS officer, json_extract(e.data, '$.rank') AS rank,
               json_extract(e.data, '$.score') AS score,
               json_extract(e.data, '$.ship_type') AS ship_type,
               json_extract(e.data, '$.ship_name') AS ship_name,
               json_extract(e.data, '$.level') AS ship_level,
               json_extract(e.data, '$.landed') AS landed_on,
               json_extract(e.data, '$.fit.crews') AS crews,
               json_extract(e.data, '$.fit.shields') AS shields,
               json_extract(e.data, '$.fit.lasers') AS lasers,
               json_extract(e.data, '$.fit.radars') AS radars,
               json_extract(e.data, '$.fit.computers') AS computers,
               json_extract(e.data, '$.fit.tanks') AS tanks
        FROM events e JOIN officers o ON o.id = e.officer_id WHERE e.kind = 'sheet'""",
    "event_log": """
        SELECT e.move AS move, e.seq AS seq, e.kind AS kind, e.audience AS seen_by,
               o.name AS officer, e.data AS data
        FROM events e LEFT JOIN officers o ON o.id = e.officer_id""",
    "roll_log": """
        SELECT r.move AS move, o.name AS officer, r.kind AS purpose, r.detail AS detail,
               r.die AS die, r.result AS result, r.visibility AS seen_by
        FROM rolls r LEFT JOIN officers o ON o.id = r.officer_id""",
    "officer_roster": """
        SELECT o.id AS id, o.name AS officer, o.email AS email, o.rank AS rank, o.score AS score,
               json_extract(o.ship, '$.type') AS ship_type,
               json_extract(o.ship, '$.name') AS ship_name,
               o.x AS x, o.y AS y, o.level AS level, p.designation AS landed_on,
               o.enlisted_move AS enlisted_move, o.retired AS retired_in_move
        FROM officers o LEFT JOIN planets p ON p.id = o.landed_on""",
    "planet_list": """
        SELECT p.id AS id, p.designation AS designation, p.level AS level, p.x AS x, p.y AS y,
               p.base AS base, p.known AS known, p.destroyed AS destroyed,
               (SELECT group_concat(f.value, ', ') FROM json_each(p.facts) f) AS facts,
               json_array_length(p.aliens) AS aliens, p.hostile AS hostile,
               o.name AS discovered_by, p.discovered_move AS discovered_move
        FROM planets p LEFT JOIN officers o ON o.id = p.discovered_by""",
}


@migrations()
def m007_views(db: sqlite_utils.Database) -> None:
    """Views with readable names over the JSON columns (see VIEWS)."""
    for name, sql in VIEWS.items():
        db.create_view(name, sql.strip())


@migrations()
def m008_outer_space(db: sqlite_utils.Database) -> None:
    """Outer space: the hazards placed at creation, each planet's radioactivity."""
    db["hazards"].create({"id": int, "kind": str, "level": int, "x": int, "y": int}, pk="id")
    db["planets"].add_column("radioactivity", str)


@migrations()
def m009_inbox(db: sqlite_utils.Database) -> None:
    """The inbox: every mail and order file filed, never deleted, with its date and verdict."""
    db["letters"].create(
        {
            "id": int, "move": int, "declared": int, "officer_id": int, "status": str,
            "source": str, "label": str, "sender": str, "sender_name": str, "subject": str,
            "message_id": str, "refs": str, "date": str, "dated_by": str, "filed": str,
            "digest": str, "found_in": str, "reason": str, "text": str, "problems": str,
            "problems_total": int, "authentic": str, "late": int, "played": int, "answer": int,
        },
        pk="id", not_null={"status", "source", "date", "filed"},
        defaults={"late": 0, "played": 0, "authentic": "", "problems": "[]",
                  "problems_total": 0, "answer": 1},
    )
    # Each mail's fingerprint, checked before it is sent (`pbem.mail.outbox.Writer`).
    db["mails"].add_column("sha256", str, not_null_default="")
    db["letters"].create_index(["move", "officer_id"])
    db["letters"].create_index(["digest"])
    db["letters"].create_index(["status"])


@migrations()
def m010_commander_and_alien_ship(db: sqlite_utils.Database) -> None:
    """Outer space, part 2: the commander's personality (5D), the specialist officer aboard
    (5E), the alien ship in play (5C)."""
    db["officers"].add_column("personality", int, not_null_default=0)
    db["officers"].add_column("specialist", str)
    db["game"].add_column("alien_ship", str)


@migrations()
def m011_events_in_order(db: sqlite_utils.Database) -> None:
    """A move's events are read in their order (the ledger hashes them so, a report is
    rendered from them): an index on the move and the order, which SQLite reads in order,
    instead of the move alone and a sort of some 70,000 rows each time."""
    db.conn.execute("DROP INDEX IF EXISTS idx_events_move")
    db["events"].create_index(["move", "seq"])


@migrations()
def m012_the_gms_desk(db: sqlite_utils.Database) -> None:
    """The GM's desk: the UIDs of each IMAP folder `pbem inbox` filed (under the folder's
    UIDVALIDITY, so a folder made anew is read anew) and whether it marked or moved each;
    the officers who want their reports as plain text only."""
    db["imap_uids"].create(
        {"folder": str, "uidvalidity": int, "uid": int, "letter_id": int, "done": int},
        pk=("folder", "uidvalidity", "uid"), not_null={"folder", "uidvalidity", "uid"},
        defaults={"done": 0},
    )
    db["officers"].add_column("plain_mail", int, not_null_default=0)


@migrations()
def m013_ledger_of_what_decided(db: sqlite_utils.Database) -> None:
    """The ledger commits to each officer's played orders by their text (`ledger.VERSION`
    2): the letter a move played is marked among those filed for it, and each entry keeps
    the version it was written with (those written before, 1), so each verifies as written."""
    db["order_files"].add_column("played", int, not_null_default=0)
    db["ledger"].add_column("version", int, not_null_default=1)


@migrations()
def m014_languages(db: sqlite_utils.Database) -> None:
    """The language of the game (its bulletins, and its officers' reports unless they chose
    another) and of each officer (None: the game's). Games made before it are English."""
    db["game"].add_column("lang", str, not_null_default="en")
    db["officers"].add_column("lang", str)


def readers(db: sqlite_utils.Database) -> Readers:
    """The languages the game's outputs are read in."""
    game = game_row(db)["lang"]
    return Readers(game, {r["id"]: r["lang"] for r in db.query(
        "SELECT id, lang FROM officers WHERE lang IS NOT NULL")})


def db_path(game_dir: Path) -> Path:
    return Path(game_dir) / DB_NAME


def open_db(game_dir: Path, create: bool = False) -> sqlite_utils.Database:
    path = db_path(game_dir)
    if not create and not path.exists():
        raise GameError(
            f"no game in {game_dir}: {DB_NAME} is missing; create one with `pbem new {game_dir}`"
        )
    # Without sqlite-utils' plugins: the game's database runs no code but pbem's, and
    # finding them reads the metadata of every installed package (0.1 to 0.3 s a command).
    db = sqlite_utils.Database(path, execute_plugins=False)
    db.conn.execute("PRAGMA journal_mode=WAL")
    db.conn.execute("PRAGMA synchronous=NORMAL")
    # A move of ten thousand officers writes some 30 MB in its one transaction. With
    # SQLite's 2 MB page cache, pages spill to the log before the commit and some are
    # written there twice; a cache that holds the move writes each page once, at the
    # commit. Memory only: the commit and what a crash leaves are the same.
    db.conn.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    migrations.apply(db)
    return db


# --- secrets ---------------------------------------------------------------------------

def new_secret() -> str:
    """A secret like `4tq9-mx2d-k8p3`: 60 bits, easy to copy from an e-mail."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    chars = "".join(secrets.choice(alphabet) for _ in range(12))
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))


def hash_secret(secret: str, salt: str) -> str:
    # Secrets are machine-made with high entropy, so a salted SHA-256 is enough and keeps
    # checking thousands of order files fast. Case is folded: mail clients capitalise.
    return hashlib.sha256(f"{salt}:{secret.strip().lower()}".encode()).hexdigest()


def secret_matches(secret: str, salt: str, stored: str) -> bool:
    return hmac.compare_digest(hash_secret(secret, salt), stored)


# --- rows <-> values -------------------------------------------------------------------

def ship_to_json(ship: Ship) -> str:
    # vars() rather than asdict(): a ship holds only numbers, strings and a tuple of ints.
    return to_json(vars(ship))


def ship_from_json(text: str) -> Ship:
    return _ship(json.loads(text))


def _ship(data: dict[str, Any]) -> Ship:
    data["crews"] = tuple(data["crews"])
    return Ship(**data)


def ships_from_json(texts: Iterable[str]) -> dict[str, Ship]:
    """`ship_from_json` of each distinct text, by text. Ten thousand officers' ships (each
    of its own name, so each a text of its own) are parsed as one JSON array: one call of
    the parser instead of ten thousand, each a value as `ship_from_json` reads it."""
    distinct = list(dict.fromkeys(texts))
    try:
        data = json.loads(f"[{', '.join(distinct)}]")
    except json.JSONDecodeError:
        data = None  # a broken text: read one by one, so the error is that text's
    if data is None or len(data) != len(distinct):  # e.g. "1, 2", two values in one column
        return {text: ship_from_json(text) for text in distinct}
    return {text: _ship(d) for text, d in zip(distinct, data)}


# Outer space's fields of a landing (5F; 5E b, the crew a ROBUR went down with), written only
# once they are set: a landing of inner space is stored, and hashed by the ledger, as it
# always was.
OUTER_LANDING_DEFAULTS = {"zone": None, "relandings": 0, "robur_crew": None}


def landing_to_json(landing: Landing | None) -> str | None:
    if landing is None:
        return None
    data = vars(landing)
    if any(data[k] != v for k, v in OUTER_LANDING_DEFAULTS.items()):
        return to_json(data)
    return to_json({k: v for k, v in data.items() if k not in OUTER_LANDING_DEFAULTS})


def landing_from_json(text: str | None) -> Landing | None:
    if not text:
        return None
    data = json.loads(text)
    data["crews_down"] = tuple(data["crews_down"])
    # A field a later version dropped (once `captured`) is not read back.
    return Landing(**{k: v for k, v in data.items() if k in LANDING_FIELDS})


def specialist_to_json(specialist: Specialist | None) -> str | None:
    return None if specialist is None else to_json(vars(specialist))


def specialist_from_json(text: str | None) -> Specialist | None:
    return Specialist(**json.loads(text)) if text else None


def alien_ship_to_json(ship: AlienShip | None) -> str | None:
    if ship is None:
        return None
    data = vars(ship) | {"position": list(ship.position), "hooked": list(ship.hooked)}
    return to_json(data)


def alien_ship_from_json(text: str | None) -> AlienShip | None:
    if not text:
        return None
    data = json.loads(text)
    data["position"] = Position(*data["position"])
    data["hooked"] = tuple(data["hooked"])
    return AlienShip(**data)


def planet_from_row(r: dict[str, Any]) -> Planet:
    return Planet(
        id=r["id"], position=Position(r["x"], r["y"], r["level"]), base=bool(r["base"]),
        designation=r["designation"], facts=tuple(json.loads(r["facts"] or "[]")),
        known=bool(r["known"]), discovered_by=r["discovered_by"],
        discovered_move=r["discovered_move"], populated=bool(r["populated"]),
        aliens=tuple(json.loads(r["aliens"])), hostile=bool(r["hostile"]),
        destroyed=bool(r["destroyed"]), radioactivity=r["radioactivity"],
    )


_PLANET_COLUMNS = ("id", "x", "y", "level", "base", "designation", "facts", "known",
                   "discovered_by", "discovered_move", "populated", "aliens", "hostile",
                   "destroyed", "radioactivity")


def load_planets(db: sqlite_utils.Database) -> dict[int, Planet]:
    """Every planet by id, in the table's order: `planet_from_row` of each row, the lists
    of facts and aliens most planets share ("[]") read once, and each planet made from its
    fields at once (a big map holds thousands, read every move)."""
    lists: dict[str | None, tuple] = {}

    def listed(text: str | None) -> tuple:
        found = lists.get(text)
        if found is None:
            found = lists[text] = tuple(json.loads(text or "[]"))
        return found

    planets = {}
    for (id_, x, y, level, base, designation, facts, known, discovered_by, discovered_move,
         populated, aliens, hostile, destroyed, radioactivity) in db.conn.execute(
            f"SELECT {', '.join(_PLANET_COLUMNS)} FROM planets"):
        planets[id_] = Planet(
            id=id_, position=Position(x, y, level), base=bool(base),
            designation=designation, facts=listed(facts), known=bool(known),
            discovered_by=discovered_by, discovered_move=discovered_move,
            populated=bool(populated), aliens=listed(aliens), hostile=bool(hostile),
            destroyed=bool(destroyed), radioactivity=radioactivity)
    return planets


def planet_row(p: Planet) -> dict[str, Any]:
    return {
        "id": p.id, "x": p.position.x, "y": p.position.y, "level": p.position.level,
        "base": int(p.base), "designation": p.designation, "facts": json.dumps(list(p.facts)),
        "known": int(p.known), "discovered_by": p.discovered_by,
        "discovered_move": p.discovered_move, "populated": int(p.populated),
        "aliens": json.dumps(list(p.aliens)), "hostile": int(p.hostile),
        "destroyed": int(p.destroyed), "radioactivity": p.radioactivity,
    }


def hazard_rows(hazards: Hazards) -> list[dict[str, Any]]:
    """One row per hazard square; the black hole's once, its level NULL (it is on all)."""
    rows: list[dict[str, Any]] = []
    if hazards.black_hole is not None:
        rows.append({"kind": NUCLEUS, "level": None, "x": hazards.black_hole[0],
                     "y": hazards.black_hole[1]})
    for net in hazards.nets:
        rows += [{"kind": NET, "level": p.level, "x": p.x, "y": p.y} for p in net]
    rows += [{"kind": DISTORTION, "level": p.level, "x": p.x, "y": p.y}
             for p in hazards.distortions]
    return rows


def load_hazards(db: sqlite_utils.Database, levels: int) -> Hazards:
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


def game_row(db: sqlite_utils.Database) -> dict[str, Any]:
    rows = list(db["game"].rows)
    if not rows:
        raise GameError("the game database has no game in it; create one with `pbem new`")
    return rows[0]


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


def load_state(db: sqlite_utils.Database, only: Iterable[str] | None = None) -> GameState:
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
    # Ships and specialists are values (frozen): officers whose sheets read the same share
    # one, each text read once.
    ships = ships_from_json(r[4] for r in rows)
    specialists: dict[str | None, Specialist | None] = {}
    for turn, (id_, name, rank, score, ship, x, y, level, landed_on, rx, ry, rlevel,
               technologies, research, grants_last, landing, personality,
               specialist, _, _, _) in enumerate(rows):
        if specialist not in specialists:
            specialists[specialist] = specialist_from_json(specialist)
        officers[id_] = Officer(
            id=id_, name=name, rank=rank, score=score, ship=ships[ship],
            position=Position(x, y, level),
            turn=turn if turns is None else turns[id_], landed_on=landed_on,
            reckoning=Position(rx, ry, rlevel), technologies=_levels(technologies),
            research=_levels(research), grants_last=grants_last,
            landing=landing_from_json(landing), personality=personality,
            specialist=specialists[specialist],
        )
    return GameState(
        zone=Zone(g["size"], g["levels"]), planets=planets, officers=officers,
        move=g["move"], designations=g["designations"], settings=json.loads(g["settings"]),
        winner=g["winner"], name=g["name"], hazards=load_hazards(db, g["levels"]),
        alien_ship=alien_ship_from_json(g["alien_ship"]),
    )


def officer_lot(game_secret: str, officer_id: int) -> str:
    """The lot drawn for the player order: seeded, and independent of enlistment order."""
    return hmac.new(bytes.fromhex(game_secret), f"turn-order|{officer_id}".encode(),
                    hashlib.sha256).hexdigest()


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
    untouched. A specialist is written once for all the officers who share him."""
    was = before.officers
    specialists: dict[Specialist | None, str | None] = {}
    rows = []
    for o in after.officers.values():
        old = was.get(o.id)
        if old is o:  # the rules make a new officer for any change; this one is untouched
            continue
        ship = None if old is not None and old.ship is o.ship else ship_to_json(o.ship)
        specialist = specialists.get(o.specialist)
        if specialist is None and o.specialist is not None:
            specialist = specialists[o.specialist] = specialist_to_json(o.specialist)
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
    db: sqlite_utils.Database,
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


def move_resolved(db: sqlite_utils.Database, move: int) -> bool:
    """Whether the move is saved (its files may still be half-written: `move_files`)."""
    return bool(db["moves"].count_where("number = ?", [move]))


def save_files_to_archive(conn, move: int, archive: list[list[str]],
                          waiting: list[list[str]]) -> None:
    """A saved move's files still to be put in place: the order files it dealt with and
    those waiting for a later move, each with its fingerprint (`backups.back_up`)."""
    conn.execute("UPDATE moves SET files_done = 0, archive = ?, waiting = ? WHERE number = ?",
                 (json.dumps(archive), json.dumps(waiting), move))


def gm_acted(db: sqlite_utils.Database, move: int, action: str) -> bool:
    """Whether the GM's log holds such an action while the move was being collected."""
    return bool(db["gm_actions"].count_where("move = ? AND action = ?", [move, action]))


def load_events(db: sqlite_utils.Database, move: int) -> tuple[list[Event], list[str]]:
    """A move's events and the JSON text each was stored as."""
    rows = list(db.query("SELECT * FROM events WHERE move=? ORDER BY seq", [move]))
    events = [Event(r["kind"], r["audience"], r["officer_id"], json.loads(r["data"])) for r in rows]
    return events, [r["data"] for r in rows]


def load_rolls(db: sqlite_utils.Database, move: int) -> list[Roll]:
    return [
        Roll(r["move"], r["officer_id"], r["kind"], r["detail"], r["die"], r["result"],
             r["visibility"])
        for r in db.query("SELECT * FROM rolls WHERE move=? ORDER BY id", [move])
    ]


# --- charts ----------------------------------------------------------------------------

def load_charts(db: sqlite_utils.Database) -> dict[str, tuple[int, str]]:
    """Every kept chart knowledge: reader -> (move, JSON)."""
    return {r[0]: (r[1], r[2]) for r in db.conn.execute("SELECT reader, move, data FROM charts")}


def save_charts(db: sqlite_utils.Database, rows: list[tuple[str, int, str]]) -> None:
    db.conn.execute("DELETE FROM charts")
    db.conn.executemany("INSERT INTO charts (reader, move, data) VALUES (?,?,?)", rows)


def save_tabula(db: sqlite_utils.Database, move: int, data: str) -> None:
    db.conn.execute("INSERT OR REPLACE INTO tabula (move, data) VALUES (?,?)", (move, data))


def load_tabula(db: sqlite_utils.Database, move: int) -> dict[str, Any] | None:
    row = db.conn.execute("SELECT data FROM tabula WHERE move = ?", (move,)).fetchone()
    return json.loads(row[0]) if row else None
