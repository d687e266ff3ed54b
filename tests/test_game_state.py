"""Reading the game's state from SQLite: `game_state.load_state` against the plain reading of
every row by name that it replaced (sqlite-utils' dict rows, every JSON text parsed)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import game
from pbem.storage import ledger as ledger_rows
from pbem.json_codec import to_json
from pbem.storage import game_state
from pbem.storage.database import open_db
from pbem.storage.rows import (
    alien_ship_from_json, landing_from_json, landing_to_json, planet_from_row, ship_from_json,
    ship_to_json, specialist_from_json, specialist_to_json,
)
from pbem.rules.geometry import Position, Zone
from pbem.rules.state import GameState, Landing, Officer, Specialist

from conftest import EXAMPLE_FIT, write_map

NAMES = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon")


@pytest.fixture(scope="module")
def five(tmp_path_factory):
    root = tmp_path_factory.mktemp("state")
    mapfile = write_map(root / "map.toml", (10, 10, 2), [(10, 14, 2)])
    game.new_game(root / "g", 1, name="g", map_file=mapfile)
    for name in NAMES:
        game.enlist(root / "g", name, "", "GLADIUM", name.upper(), EXAMPLE_FIT, secret="abcd-1234")
    db = open_db(root / "g")
    yield db
    db.close()


def read_by_name(db, only=None) -> GameState:
    """The state as load_state read it before: every officer a dict row."""
    g = game_state.game_row(db)
    planets = {r["id"]: planet_from_row(r) for r in db.query("SELECT * FROM planets")}
    if only is None:
        rows = list(db.query("SELECT * FROM officers WHERE retired IS NULL"))
        rows.sort(key=game_state._player_order)
        turns = {r["id"]: turn for turn, r in enumerate(rows)}
    else:
        wanted = {" ".join(name.split()).casefold() for name in only}
        order = list(db.query("SELECT id, name, turn_fixed, lot FROM officers "
                              "WHERE retired IS NULL"))
        order.sort(key=game_state._player_order)
        turns = {r["id"]: turn for turn, r in enumerate(order)}
        ids = [r["id"] for r in order if r["name"].casefold() in wanted]
        rows = list(db.query(
            f"SELECT * FROM officers WHERE id IN ({', '.join('?' * len(ids))})", ids)) if ids else []
        rows.sort(key=lambda r: turns[r["id"]])
    officers = {}
    for r in rows:
        officers[r["id"]] = Officer(
            id=r["id"], name=r["name"], rank=r["rank"], score=r["score"],
            ship=ship_from_json(r["ship"]), position=Position(r["x"], r["y"], r["level"]),
            turn=turns[r["id"]], landed_on=r["landed_on"],
            reckoning=Position(r["rx"], r["ry"], r["rlevel"]),
            technologies=json.loads(r["technologies"]), research=json.loads(r["research"]),
            grants_last=r["grants_last"], landing=landing_from_json(r["landing"]),
            personality=r["personality"],
            specialist=specialist_from_json(r["specialist"]),
        )
    return GameState(
        zone=Zone(g["size"], g["levels"]), planets=planets, officers=officers,
        move=g["move"], designations=g["designations"], settings=json.loads(g["settings"]),
        winner=g["winner"], name=g["name"], hazards=game_state.load_hazards(db, g["levels"]),
        alien_ship=alien_ship_from_json(g["alien_ship"]),
    )


OFFICER = st.fixed_dictionaries({
    "turn_fixed": st.none() | st.integers(0, 3),
    "lot": st.sampled_from(["a", "b", "c"]),  # alike lots too: the ties keep their order
    "retired": st.none() | st.just(1),
    "crews": st.sampled_from(["[1, 1]", "[1, 0]", "[0, 0]"]),
    "score": st.integers(0, 30),
    "technologies": st.sampled_from(["{}", "{ }", '{"scanners": 1}']),
})


@settings(max_examples=60, deadline=None)
@given(changes=st.lists(OFFICER, min_size=len(NAMES), max_size=len(NAMES)),
       only=st.lists(st.sampled_from(NAMES + ("nobody", " alpha ")), max_size=3))
def test_the_state_is_read_as_reading_every_row_by_name(five, changes, only):
    db = five
    db.conn.execute("BEGIN")
    try:
        for officer_id, c in enumerate(changes, start=1):
            ship = json.loads(db.conn.execute("SELECT ship FROM officers WHERE id = ?",
                                              (officer_id,)).fetchone()[0])
            ship["crews"] = json.loads(c["crews"])
            db.conn.execute(
                "UPDATE officers SET turn_fixed = ?, lot = ?, retired = ?, ship = ?, score = ?, "
                "technologies = ?, research = ? WHERE id = ?",
                (c["turn_fixed"], c["lot"], c["retired"], json.dumps(ship), c["score"],
                 c["technologies"], c["technologies"], officer_id))
        state = game_state.load_state(db)
        assert state == read_by_name(db)
        for officer, expected in zip(state.officers.values(), read_by_name(db).officers.values()):
            assert list(vars(officer).items()) == list(vars(expected).items())
            assert vars(officer.ship) == vars(expected.ship)
            assert type(officer.ship.crews) is tuple
        assert list(state.officers) == list(read_by_name(db).officers)  # the player order
        assert game_state.load_state(db, only) == read_by_name(db, only)
        assert (list(game_state.load_state(db, only).officers)
                == list(read_by_name(db, only).officers))
    finally:
        db.conn.execute("ROLLBACK")


def test_a_moves_events_are_read_in_their_order_without_a_sort(demo):
    """The ledger and the reports read a move's events in order: the index gives them so."""
    db = open_db(demo)
    try:
        for sql in (ledger_rows._MOVE_SQL["events"].format("*"),
                    "SELECT * FROM events WHERE move=? ORDER BY seq"):
            plan = " ".join(r[-1] for r in db.conn.execute(f"EXPLAIN QUERY PLAN {sql}", (1,)))
            assert "idx_events_move_seq" in plan and "TEMP B-TREE" not in plan, plan
    finally:
        db.close()


def write_in_full(conn, state: GameState) -> None:
    """Every officer of `state` written with each of his values encoded anew: what
    `game_state.save_officers` writes, keeping the text of a ship the move did not touch."""
    conn.executemany(
        "UPDATE officers SET rank=?, score=?, ship=?, x=?, y=?, level=?, landed_on=?, "
        "rx=?, ry=?, rlevel=?, technologies=?, research=?, grants_last=?, landing=?, "
        "specialist=? WHERE id=?",
        [(o.rank, o.score, ship_to_json(o.ship), *o.position, o.landed_on, *o.reckoning,
          to_json(o.technologies), to_json(o.research), o.grants_last,
          landing_to_json(o.landing), specialist_to_json(o.specialist), o.id)
         for o in state.officers.values()])


def officer_table(conn) -> list[tuple]:
    return conn.execute("SELECT * FROM officers ORDER BY id").fetchall()


MOVED = st.fixed_dictionaries({
    "score": st.integers(0, 30),
    "crews": st.none() | st.sampled_from([(1, 1), (1, 0)]),  # None: the very ship kept
    "technologies": st.sampled_from([{}, {"scanners": 1}]),
    "landing": st.none() | st.builds(Landing, planet=st.just(1), zone=st.none() | st.just("A")),
    "specialist": st.none() | st.sampled_from([Specialist("psi", 2), Specialist("scientist", 1, "animal")]),
    "untouched": st.booleans(),
})


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(MOVED, min_size=len(NAMES), max_size=len(NAMES)))
def test_the_officers_a_move_changed_are_written_as_encoding_each_in_full(five, moves):
    db = five
    before = game_state.load_state(db)
    officers = dict(before.officers)
    for (officer_id, o), m in zip(before.officers.items(), moves):
        if m["untouched"]:
            continue
        ship = o.ship if m["crews"] is None else replace(o.ship, crews=m["crews"])
        officers[officer_id] = replace(
            o, score=m["score"], ship=ship, technologies=m["technologies"],
            research=m["technologies"], landing=m["landing"], specialist=m["specialist"],
            position=Position(o.position.x + 1, o.position.y, o.position.level))
    after = replace(before, officers=officers)
    tables = []
    for write in (lambda conn: game_state.save_officers(conn, before, after),
                  lambda conn: write_in_full(conn, after)):
        db.conn.execute("BEGIN")
        try:
            write(db.conn)
            tables.append(officer_table(db.conn))
        finally:
            db.conn.execute("ROLLBACK")
    assert tables[0] == tables[1]
