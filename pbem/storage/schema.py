"""The schema of the game's database: each change to it a numbered migration, applied in
order when the database is opened (`database.open_db`), and the readable views over it.

A migration is never changed once released: a game made by an older pbem is brought up
to date by running the ones it lacks, so each keeps its number and its effect.
"""

from __future__ import annotations

import sqlite3

import sqlite_utils
from sqlite_utils.migrations import Migrations

from ..defaults import KEEP_BACKUPS

migrations = Migrations("pbem")


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
    from ..ledger import commitment  # here: 18 ms, for old games being brought up to date

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


def bring_up_to_date(conn: sqlite3.Connection) -> None:
    """Every migration the database lacks applied, in order (`database.open_db`)."""
    migrations.apply(sqlite_utils.Database(conn, execute_plugins=False))
