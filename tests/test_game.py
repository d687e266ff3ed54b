"""Resolving moves end to end: order files in, reports, bulletins, GM log and database out.

Every test builds a small game folder, posts order files the way a GM saves e-mails,
resolves through `pbem.game` and reads what the officers and the GM would read.
Unless a test says otherwise the base stands at (10, 10) on level 2 of a 30x30 zone.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import jinja2
import pytest

import pbem.game
import pbem.storage.game_state
from pbem import game
from pbem.rules.dice import ScriptedDice
from pbem.errors import GameError
from pbem.storage.database import open_db

from conftest import EXAMPLE_FIT, Game, orders_text, write_map

BASE = (10, 10, 2)
NEAR_ROUTE = (12, 13, 2)  # 2 parsecs E of the 3rd parsec of `ROUTE 3 N` from the base
ALPHA = ("Alpha", "aaaa-1111", EXAMPLE_FIT)
BETA = ("Beta", "bbbb-2222", EXAMPLE_FIT)
GAMMA = ("Gamma", "cccc-3333", EXAMPLE_FIT)


def alpha_orders(move: int, *body: str) -> str:
    return orders_text("Alpha", "aaaa-1111", move, *body)


def beta_orders(move: int, *body: str) -> str:
    return orders_text("Beta", "bbbb-2222", move, *body)


def build_game(root: Path, planets, officers=(ALPHA,), *, seed=1, moves=None) -> Game:
    """A game in `root` (not the conftest folder), for tests that need two games or options."""
    root.mkdir(parents=True)
    mapfile = write_map(root.parent / f"{root.name}-map.toml", BASE, planets)
    game.new_game(root, seed, name="cornifex", map_file=mapfile, moves=moves)
    for name, secret, fit in officers:
        game.enlist(root, name, "", "GLADIUM", name.upper(), fit, secret=secret)
    return Game(root)


def db_rows(g: Game, sql: str, params=()) -> list[dict]:
    conn = sqlite3.connect(g.dir / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, params)]
    finally:
        conn.close()


def dump(g: Game) -> str:
    """The whole database but the letters filed: filing orders is not part of the move, and
    a move that fails leaves them filed (filing them again changes nothing)."""
    conn = sqlite3.connect(g.dir / "game.db")
    try:
        return "\n".join(line for line in conn.iterdump()
                         if not line.startswith('INSERT INTO "letters"'))
    finally:
        conn.close()


def gm_log(g: Game, move: int) -> str:
    return (g.dir / "reports" / f"move-{move:02d}" / "gm-log.txt").read_text(encoding="utf-8")


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def officer_id(g: Game, name: str) -> int:
    return db_rows(g, "SELECT id FROM officers WHERE name = ?", (name,))[0]["id"]


# --- player order and discoveries ----------------------------------------------------


def test_only_the_first_officer_in_player_order_scores_a_discovery(make_game):
    """Turns run in player order: a planet found by the first gives the second nothing."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA, BETA])
    game.fix_order(g.dir, ["Alpha", "Beta"])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N"))
    g.post("beta.txt", beta_orders(1, "ROUTE 3 N"))
    game.resolve(g.dir)

    alpha = g.report(1, "alpha")
    assert "At the 3rd parsec: planet P-1, never seen before (+1 point)." in alpha
    assert "+1 this move." in alpha and "Score 1;" in alpha

    beta = g.report(1, "beta")
    assert "At the 3rd parsec: planet P-1, found earlier this move by Alpha.\n" in beta
    assert "never seen before" not in beta
    assert "None this move." in beta and "Score 0;" in beta

    bulletin = g.bulletin(1)
    alpha, beta = bulletin.split("  Alpha moved.")[1].split("  Beta moved.")
    assert "At the 3rd parsec: P-1 (new), 2 parsecs 2 E." in alpha
    assert "At the 3rd parsec: P-1, 2 parsecs 2 E." in beta
    assert bulletin.count("(new)") == 1
    assert [r["score"] for r in db_rows(g, "SELECT score FROM officers ORDER BY name")] == [1, 0]


def test_fixed_player_order_decides_who_discovers(make_game):
    """The same orders with the player order reversed give the discovery to the other officer."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA, BETA])
    game.fix_order(g.dir, ["Beta", "Alpha"])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N"))
    g.post("beta.txt", beta_orders(1, "ROUTE 3 N"))
    game.resolve(g.dir)
    assert "never seen before (+1 point)" in g.report(1, "beta")
    assert "never seen before" not in g.report(1, "alpha")
    assert "At the 3rd parsec: P-1 (new)" in g.bulletin(1).split("  Beta moved.")[1]


# --- order files: missing, refused, replaced, misaddressed ---------------------------


def test_missing_order_file_holds_the_ship_where_it_is(make_game):
    """No order file: the ship holds, the report says why, and it has not moved next move."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("m1.txt", alpha_orders(1, "ROUTE 3 N"))
    game.resolve(g.dir)
    assert "Position by dead reckoning: 3 N from the base." in g.report(1, "alpha")
    before = db_rows(g, "SELECT x, y, level FROM officers")

    game.resolve(g.dir, force=True)  # move 2: no file for move 2 arrived, so forced
    held = g.report(2, "alpha")
    assert "YOUR SHIP HELD POSITION THIS MOVE.\nno order file arrived for this move\n" in held
    assert "ROUTE\n" not in held
    assert "  Alpha held position (no valid orders).\n" in g.bulletin(2)
    assert db_rows(g, "SELECT x, y, level FROM officers") == before

    g.post("m3.txt", alpha_orders(3, "ROUTE 2 N"))
    game.resolve(g.dir)
    # 3 N, then nothing, then 2 N: the hold moved the ship not at all.
    assert "Position by dead reckoning: 5 N from the base." in g.report(3, "alpha")


def test_wrong_secret_holds_the_ship_and_is_recorded_as_refused(make_game):
    """A wrong secret: the ship holds, the report says so without echoing it, the file is kept."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha.txt", orders_text("Alpha", "wrng-0000", 1, "ROUTE 3 N"))
    game.resolve(g.dir, force=True)

    report = g.report(1, "alpha")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in report
    assert "your order file orders/alpha.txt was refused:" in report
    assert "orders/alpha.txt, line 3 (not allowed): the secret does not match" in report
    assert "SECRET ****" in report
    assert "wrng-0000" not in report
    assert "wrng-0000" not in g.bulletin(1)
    assert "  Alpha held position (no valid orders).\n" in g.bulletin(1)

    rows = db_rows(g, "SELECT * FROM order_files")
    assert len(rows) == 1
    row = rows[0]
    assert (row["move"], row["officer_id"], row["source"], row["accepted"]) == (
        1, officer_id(g, "Alpha"), "orders/alpha.txt", 0,
    )
    assert any("the secret does not match" in p for p in json.loads(row["problems"]))


def dated(path: Path, seconds: int) -> Path:
    """A file saved at a given time (its modification time: how orders/ files are dated)."""
    os.utime(path, (seconds, seconds))
    return path


def test_later_valid_file_replaces_an_earlier_one(make_game):
    """A later valid file for the same officer wins: later by its time, not by its name."""
    g = make_game(BASE, [], officers=[ALPHA])
    dated(g.post("alpha-1.txt", alpha_orders(1, "ROUTE 3 N")), 1_800_000_000)
    dated(g.post("alpha-2.txt", alpha_orders(1, "ROUTE 2 E")), 1_800_000_060)
    game.resolve(g.dir)

    report = g.report(1, "alpha")
    assert "Ordered: 2 E (2 parsecs;" in report
    assert "Position by dead reckoning: 2 E from the base." in report
    assert "3 N" not in report
    assert "orders/alpha-2.txt: played for Alpha; replaces orders/alpha-1.txt" in gm_log(g, 1)
    rows = db_rows(g, "SELECT source, accepted FROM order_files ORDER BY id")
    assert rows == [
        {"source": "orders/alpha-1.txt", "accepted": 1},
        {"source": "orders/alpha-2.txt", "accepted": 1},
    ]
    assert db_rows(g, "SELECT source, played FROM letters ORDER BY id") == [
        {"source": "orders/alpha-1.txt", "played": 0},
        {"source": "orders/alpha-2.txt", "played": 1},
    ]


def test_a_correction_whose_name_sorts_first_but_saved_later_wins(make_game):
    g = make_game(BASE, [], officers=[ALPHA])
    dated(g.post("b-first-orders.txt", alpha_orders(1, "ROUTE 3 N")), 1_800_000_000)
    dated(g.post("a-correction.txt", alpha_orders(1, "ROUTE 2 E")), 1_800_000_060)
    game.resolve(g.dir)
    assert "Ordered: 2 E (2 parsecs;" in g.report(1, "alpha")
    assert "orders/a-correction.txt: played for Alpha; replaces orders/b-first-orders.txt" in gm_log(g, 1)


def test_later_refused_file_does_not_replace_a_valid_one(make_game):
    """A refused file after a good one leaves the good orders in force."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha-1.txt", alpha_orders(1, "ROUTE 3 N"))
    g.post("alpha-2.txt", orders_text("Alpha", "wrng-0000", 1, "ROUTE 2 E"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "HELD POSITION" not in report
    assert "Ordered: 3 N (3 parsecs;" in report


def test_files_for_another_move_or_game_are_ignored_and_noted(make_game):
    """Orders for another move or another game do not move the ship; the GM log notes them."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("next-move.txt", alpha_orders(2, "ROUTE 3 N"))
    g.post("other-game.txt", orders_text("Alpha", "aaaa-1111", 1, "ROUTE 3 N", game_name="vesuvius"))
    game.resolve(g.dir, force=True)

    # The officer is told why his file did not count.
    assert "no orders for this move arrived: orders/next-move.txt is for move 2; this move is 1" in g.report(1, "alpha")
    assert "  Alpha held position (no valid orders).\n" in g.bulletin(1)
    log = gm_log(g, 1)
    assert ("[gm] order-note (the Space Computer): "
            "text orders/next-move.txt: waits for move 2 (Alpha, early)\n") in log
    assert ("[gm] order-note (the Space Computer): "
            "text orders/other-game.txt: not read (for game vesuvius)\n") in log
    assert db_rows(g, "SELECT * FROM order_files") == []


# --- routes end to end ---------------------------------------------------------------


def test_route_stops_at_the_edge_of_the_zone(make_game):
    """Leaving the zone stops the ship on the last parsec inside, and the report says which."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 15 W"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "Stopped at the edge of the zone at the 10th parsec." in report
    assert "Position by dead reckoning: 10 W from the base." in report
    assert db_rows(g, "SELECT x, y, level FROM officers") == [{"x": 0, "y": 10, "level": 2}]


def test_route_stops_before_a_level_that_does_not_exist(make_game):
    """From level 2, 4 UP + 4 UP reaches level 1 and stops: there is no level 0."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 4 UP + 4 UP"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "Stopped at the 4th parsec: there is no level beyond." in report
    assert "Position by dead reckoning: on the base square, 1 level up." in report
    assert db_rows(g, "SELECT level FROM officers") == [{"level": 1}]


def test_up_changes_level_and_the_reckoning_says_so(make_game):
    """ROUTE 4 UP costs 4 parsecs and moves one level up."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 4 UP"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "Ordered: 4 UP (4 parsecs;" in report
    assert "Route completed: 4 parsecs." in report
    assert "Position by dead reckoning: on the base square, 1 level up." in report

    g.post("alpha-2.txt", alpha_orders(2, "ROUTE 4 DOWN + 2 E"))
    game.resolve(g.dir)
    assert "Position by dead reckoning: 2 E from the base." in g.report(2, "alpha")


def test_uncharted_planet_on_route_stops_the_ship_in_radar_range(make_game):
    """A route through an uncharted planet stops where the radar first shows it."""
    g = make_game(BASE, [(10, 15, 2)], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 8 N", "RADARS 2"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "Stopped at the 3rd parsec: planet P-1 lies on your route." in report
    assert "At the 3rd parsec: planet P-1, never seen before (+1 point)." in report
    assert "Position by dead reckoning: 3 N from the base." in report


def test_uncharted_planet_on_route_without_radar_forces_a_landing(make_game):
    """With RADARS 0 the ship runs onto the planet and lands there."""
    g = make_game(BASE, [(10, 15, 2)], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 8 N", "RADARS 0"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "With no radar on, your route ran onto a planet: forced landing at the 5th parsec." in report
    assert "LANDED ON P-1: with no radar on, your route ran onto it." in report
    assert "On the ground of P-1:" in report
    assert "    Ran onto P-1 unseen: landed there.\n" in g.bulletin(1)
    assert "- Ran onto P\\-1 unseen: landed there.\n" in g.bulletin(1, "md")  # Markdown escapes the dash


def test_ship_without_radar_sights_nothing(make_game):
    """A sheet with no radar sees no planet, not even one 2 parsecs from the route."""
    no_radar = dict(EXAMPLE_FIT, radars=0)
    g = make_game(BASE, [NEAR_ROUTE], officers=[("Alpha", "aaaa-1111", no_radar)])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N"))
    game.resolve(g.dir)
    report = g.report(1, "alpha")
    assert "0 radars on, range 0" in report
    assert "SIGHTINGS\n  No planet within radar range.\n" in report
    assert "  Alpha moved.\n\n" in g.bulletin(1)  # and nothing sighted
    assert db_rows(g, "SELECT COUNT(*) AS n FROM planets WHERE designation LIKE 'P-%'") == [{"n": 0}]


# --- information requests -------------------------------------------------------------


def test_info_on_a_planet_out_of_range_is_not_answered(make_game):
    """INFO on a known planet the route never comes near is wasted, with the reason."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("m1.txt", alpha_orders(1, "ROUTE 3 N + 5 W"))  # sights P-1, ends 7 parsecs away
    game.resolve(g.dir)
    g.post("m2.txt", alpha_orders(2, "ROUTE 5 W", "INFO P-1"))
    game.resolve(g.dir, dice=ScriptedDice({}, move=2, strict=True))  # no roll may happen
    report = g.report(2, "alpha")
    assert "INFO P-1: not answered, that planet was not within radar range of your route." in report
    assert "level" not in g.bulletin(2)  # no information given


def test_info_new_2_with_one_new_planet_is_not_answered(make_game):
    """INFO NEW 2 asks for a second discovery; with only one it is not answered."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW 2"))
    game.resolve(g.dir, dice=ScriptedDice({}, move=1, strict=True))
    report = g.report(1, "alpha")
    assert "INFO NEW 2: not answered, you discovered 1 new planet(s) this move." in report
    assert db_rows(g, "SELECT * FROM rolls") == []


def test_more_info_lines_than_computers_is_refused(make_game):
    """Two INFO lines on a ship with one computer: the check refuses the file, the ship holds."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW", "INFO NEW 2"))
    game.resolve(g.dir, force=True)
    report = g.report(1, "alpha")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in report
    assert (
        "orders/alpha.txt, line 7 (not allowed): 2 INFO requests, but only 1 computer on board (one request each)"
        in report
    )
    assert "keep 1 INFO line and delete the others" in report
    assert "  Alpha held position (no valid orders).\n" in g.bulletin(1)
    assert db_rows(g, "SELECT accepted FROM order_files") == [{"accepted": 0}]


# --- one resolve per move -------------------------------------------------------------


def test_resolve_advances_the_move_counter(make_game):
    """After a resolve the next move is being collected and the move is on record."""
    g = make_game(BASE, [], officers=[ALPHA])
    out = game.resolve(g.dir, force=True)
    assert out.folder == g.dir / "reports" / "move-01"
    assert db_rows(g, "SELECT move FROM game") == [{"move": 2}]
    assert [r["number"] for r in db_rows(g, "SELECT number FROM moves")] == [1]


def test_resolve_refuses_a_move_already_on_record(make_game):
    """A move found in the moves table is never resolved a second time."""
    g = make_game(BASE, [], officers=[ALPHA])
    game.resolve(g.dir, force=True)
    conn = sqlite3.connect(g.dir / "game.db")
    with conn:
        conn.execute("INSERT INTO moves (number, resolved_at, officers) VALUES (2, 'then', 1)")
    conn.close()
    before = dump(g)
    with pytest.raises(GameError, match="move 2 is already resolved"):
        game.resolve(g.dir, force=True)
    assert dump(g) == before
    assert not (g.dir / "reports" / "move-02").exists()


def test_timed_game_refuses_a_move_beyond_its_length(tmp_path):
    """A game created with moves=1 resolves one move and refuses the second."""
    g = build_game(tmp_path / "timed", [], moves=1)
    game.resolve(g.dir, force=True)
    # Refused either as "the game is over" or as "set to 1 moves and all are resolved".
    with pytest.raises(GameError, match=r"the game is over|set to 1 moves and all are resolved"):
        game.resolve(g.dir, force=True)
    assert not (g.dir / "reports" / "move-02").exists()


# --- safety: all or nothing -----------------------------------------------------------


def test_crash_while_saving_leaves_the_database_as_before(make_game, monkeypatch):
    """A crash halfway through saving rolls everything back; the next resolve works."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW"))
    before = dump(g)
    real_save = pbem.storage.game_state.save_move

    def half_save(db, before_state, after_state, *rest):
        conn = db.conn
        conn.execute("UPDATE officers SET score = 99, x = 0")
        conn.execute("INSERT INTO moves (number, resolved_at, officers) VALUES (1, 'x', 1)")
        conn.execute("INSERT INTO events (move, seq, kind, audience, data) VALUES (1, 0, 'x', 'gm', '{}')")
        conn.execute("UPDATE game SET move = 2")
        raise RuntimeError("disk full halfway through the move")

    monkeypatch.setattr(pbem.storage.game_state, "save_move", half_save)
    with pytest.raises(RuntimeError, match="disk full"):
        game.resolve(g.dir)
    assert dump(g) == before
    assert not (g.dir / "reports" / "move-01").exists()

    monkeypatch.setattr(pbem.storage.game_state, "save_move", real_save)
    game.resolve(g.dir)
    assert "never seen before (+1 point)" in g.report(1, "alpha")
    assert db_rows(g, "SELECT move FROM game") == [{"move": 2}]
    assert db_rows(g, "SELECT score FROM officers") == [{"score": 1}]


def test_a_move_runs_its_named_steps_in_order(make_game, monkeypatch):
    """`game.STEPS` is the whole of a move: each step runs once, in the listed order, and a
    refusal stops the move before the backup, with nothing saved."""
    ran: list[str] = []

    def traced(name, step):
        def run(m):
            ran.append(name)
            step(m)
        return run

    assert [name for name, _ in game.STEPS] == [
        "collect", "refuse early", "play", "back up", "commit", "finish"]
    monkeypatch.setattr(game, "STEPS", tuple((n, traced(n, s)) for n, s in game.STEPS))
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA, BETA])
    before = dump(g)
    with pytest.raises(GameError, match="not resolved"):  # both ships would hold
        game.resolve(g.dir)
    assert ran == ["collect", "refuse early", "play"] and dump(g) == before
    ran.clear()
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW"))
    game.resolve(g.dir, force=True)
    assert ran == [name for name, _ in game.STEPS]
    assert db_rows(g, "SELECT move FROM game") == [{"move": 2}]


def test_crash_while_rendering_writes_nothing_to_the_database(make_game, monkeypatch):
    """The reports are rendered before anything is saved: a renderer crash changes nothing."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW"))
    before = dump(g)

    def broken_render(*args, **kwargs):
        raise RuntimeError("template engine exploded")

    monkeypatch.setattr(pbem.game, "render_move", broken_render)
    with pytest.raises(RuntimeError, match="template engine exploded"):
        game.resolve(g.dir)
    assert dump(g) == before
    assert not (g.dir / "reports" / "move-01").exists()


# --- determinism and re-rendering ------------------------------------------------------


def play_two_moves(g: Game) -> None:
    g.post("m1-alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW"))
    g.post("m1-beta.txt", beta_orders(1, "ROUTE 2 S + 3 W"))
    game.resolve(g.dir)
    g.post("m2-alpha.txt", alpha_orders(2, "ROUTE NONE", "INFO P-1"))
    g.post("m2-beta.txt", beta_orders(2, "ROUTE 4 DOWN"))
    game.resolve(g.dir)


def test_same_seed_and_orders_give_byte_identical_output(tmp_path):
    """Two fresh games with one seed and one set of orders write the very same files."""
    planets = [NEAR_ROUTE, (6, 7, 2), (10, 10, 3)]
    first = build_game(tmp_path / "first", planets, officers=(ALPHA, BETA), seed="same seed")
    second = build_game(tmp_path / "second", planets, officers=(ALPHA, BETA), seed="same seed")
    play_two_moves(first)
    play_two_moves(second)
    for move in ("move-01", "move-02"):
        a = folder_bytes(first.dir / "reports" / move)
        b = folder_bytes(second.dir / "reports" / move)
        assert sorted(a) == sorted(
            ["bulletin.bbcode", "bulletin.html", "bulletin.json", "bulletin.md", "bulletin.txt",
             "chart-gm.svg", "chart-public.svg", "gm-log.txt"]
            + [f"report-{stem}.{suffix}" for stem in ("001-alpha", "002-beta")
               for suffix in ("html", "json", "txt")])
        assert a == b
    # The seeded dice were really used: move 1 and 2 answered information requests.
    assert "P-1, level I (d10:" in first.report(1, "alpha")
    assert "P-1, level II (d6:" in first.report(2, "alpha")


def test_rerender_reproduces_the_original_bytes(make_game):
    """`game.rerender` writes a resolved move again, byte for byte, from the database."""
    g = make_game(BASE, [NEAR_ROUTE, (6, 7, 2)], officers=[ALPHA, BETA])
    play_two_moves(g)
    for move in (1, 2):
        folder = g.dir / "reports" / f"move-{move:02d}"
        original = folder_bytes(folder)
        for p in folder.iterdir():
            p.unlink()
        assert game.rerender(g.dir, move) == folder
        assert folder_bytes(folder) == original
    with pytest.raises(GameError, match="move 3 has not been resolved"):
        game.rerender(g.dir, 3)


# --- rolls, hidden information ----------------------------------------------------------


def test_every_information_roll_is_logged(make_game):
    """Each roll is stored with move, officer, purpose, die and result, and the GM log lists it."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N", "INFO NEW"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [6]}, move=1, strict=True))

    rows = db_rows(g, "SELECT move, officer_id, kind, detail, die, result, visibility FROM rolls")
    assert rows == [{
        "move": 1, "officer_id": officer_id(g, "Alpha"), "kind": "info",
        "detail": "P-1 level I", "die": 10, "result": 6, "visibility": "public",
    }]
    assert ("ROLLS, BY OFFICER AND PURPOSE\n  Alpha\n    info\n"
            "      P-1 level I  d10 =  6   seen by public\n") in gm_log(g, 1)
    assert "P-1, level I (d10: 6): E (Martian)." in g.report(1, "alpha")


def test_hidden_orders_and_reasons_stay_private(make_game):
    """An officer's report and the bulletin never show another officer's route or hold reason."""
    g = make_game(BASE, [NEAR_ROUTE], officers=[ALPHA, BETA, GAMMA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N"))
    g.post("beta.txt", beta_orders(1, "ROUTE 7 SW + 2 W"))
    g.post("gamma.txt", orders_text("Gamma", "wrng-0000", 1, "ROUTE 1 E"))
    game.resolve(g.dir)

    beta_route = "7 SW + 2 W"
    assert f"Ordered: {beta_route}" in g.report(1, "beta")
    assert "the secret does not match" in g.report(1, "gamma")
    alpha = g.report(1, "alpha")
    assert beta_route not in alpha
    assert "the secret does not match" not in alpha and "gamma.txt" not in alpha
    assert "the secret does not match" not in g.report(1, "beta")
    for suffix in ("txt", "md", "bbcode"):
        bulletin = g.bulletin(1, suffix)
        assert "Ordered:" not in bulletin
        assert "Position by dead reckoning" not in bulletin
        assert beta_route not in bulletin
        # The bulletin names the game secret's commitment, never an officer's secret or a refusal.
        assert "the secret does not match" not in bulletin and "wrng-0000" not in bulletin
        assert "refused" not in bulletin


# --- escaping ---------------------------------------------------------------------------

EVIL = "Evil [url=x]*Bold*_ <b>"


def test_names_are_escaped_in_markdown_and_bbcode(make_game):
    """A player's name cannot inject Markdown, HTML or BBCode into the bulletins."""
    g = make_game(BASE, [], officers=[(EVIL, "aaaa-1111", EXAMPLE_FIT)])
    game.enlist(g.dir, "Other", "", "GLADIUM", "[b]S[/b]", EXAMPLE_FIT, secret="bbbb-2222")
    game.resolve(g.dir, force=True)

    md = g.bulletin(1, "md")
    assert r"**Evil \[url=x\]\*Bold\*\_ &lt;b&gt; held position (no valid orders).**" in md
    assert r"1. Decurio **Evil \[url=x\]\*Bold\*\_ &lt;b&gt;**: 0 points (GLADIUM)" in md
    assert "*Bold*" not in md and "<b>" not in md and "[url=x]" not in md

    bb = g.bulletin(1, "bbcode")
    assert "[b]Evil &#91;url=x&#93;*Bold*_ <b> held position (no valid orders).[/b]" in bb
    assert "[url=x]" not in bb and "[b]S[/b]" not in bb

    # Plain text shows the name as written; the ship name only appears in the own report.
    assert f"  {EVIL} held position" in g.bulletin(1)
    assert "Ship [b]S[/b]: GLADIUM, level 1" in g.report(1, "other")


def test_control_and_bidi_characters_are_refused_in_names_and_stripped_from_text(make_game):
    """A name hiding a bidi override or a control character is refused at enlistment,
    officer's or ship's; what a player wrote in his order file prints without them."""
    g = make_game(BASE, [], officers=[])
    with pytest.raises(GameError, match="RIGHT-TO-LEFT OVERRIDE"):
        game.enlist(g.dir, "Mal\u202eicious\x07 Name", "", "GLADIUM", "S", EXAMPLE_FIT)
    with pytest.raises(GameError, match="ship's name"):
        game.enlist(g.dir, "Plain", "", "GLADIUM", "Mal\u202eicious\x07 Ship", EXAMPLE_FIT)
    game.enlist(g.dir, "Plain", "", "GLADIUM", "S", EXAMPLE_FIT, secret="aaaa-1111")
    g.post("plain.txt", orders_text("Plain", "aaaa-1111", 1, "ROUTE 3 N", "FLY mal\u202eicious\x07"))
    game.resolve(g.dir, force=True)
    report = g.report(1, "plain")
    assert "> FLY malicious\n" in report
    for folder_file in (g.dir / "reports" / "move-01").iterdir():
        text = folder_file.read_text(encoding="utf-8")
        assert "\u202e" not in text and "\x07" not in text, folder_file.name


# --- templates and rules from the game folder ------------------------------------------


def test_game_folder_template_replaces_the_shipped_one(make_game):
    """templates/bulletin.txt.j2 in the game folder is used instead of the shipped one."""
    g = make_game(BASE, [], officers=[ALPHA])
    (g.dir / "templates").mkdir()
    (g.dir / "templates" / "bulletin.txt.j2").write_text(
        "HOUSE BULLETIN {{ game }} move {{ move }}: {{ standings|length }} officer(s)\n",
        encoding="utf-8",
    )
    game.resolve(g.dir, force=True)
    assert g.bulletin(1) == "HOUSE BULLETIN cornifex move 1: 1 officer(s)\n"
    assert g.bulletin(1, "md").startswith("# VII Legio · cornifex · bulletin of move 1\n")


def test_template_with_an_undefined_variable_fails_loudly(make_game):
    """A misspelt variable raises instead of printing a blank, and nothing is saved."""
    g = make_game(BASE, [], officers=[ALPHA])
    (g.dir / "templates").mkdir()
    (g.dir / "templates" / "bulletin.txt.j2").write_text(
        "Bulletin {{ move }}: {{ standigns }}\n", encoding="utf-8"
    )
    with pytest.raises(jinja2.UndefinedError, match="standigns"):
        game.resolve(g.dir, force=True)
    assert db_rows(g, "SELECT move FROM game") == [{"move": 1}]
    assert not (g.dir / "reports" / "move-01").exists()


def test_bad_ruleset_override_is_refused_by_new_game(tmp_path):
    """A broken rules/ships.toml stops `new_game` with a message naming the file."""
    folder = tmp_path / "broken"
    (folder / "rules").mkdir(parents=True)
    (folder / "rules" / "ships.toml").write_text("[GLADIUM\nlevel = 1\n", encoding="utf-8")
    with pytest.raises(GameError, match=r"rules/ships\.toml: TOML syntax error"):
        game.new_game(folder, 1, name="cornifex")
    assert not (folder / "game.db").exists()


def test_bad_ruleset_override_is_refused_by_resolve(make_game):
    """A rules/ships.toml broken after creation stops `resolve`, naming file and key."""
    g = make_game(BASE, [], officers=[ALPHA])
    (g.dir / "rules").mkdir()
    (g.dir / "rules" / "ships.toml").write_text(
        '[GLADIUM]\nlevel = "one"\nspaces = 16\nparsecs_per_tank = 5\n'
        "[GLADIUM.minimum]\n[GLADIUM.maximum]\n",
        encoding="utf-8",
    )
    with pytest.raises(GameError, match=r"rules/ships\.toml: GLADIUM\.level: must be a whole number"):
        game.resolve(g.dir)
    assert db_rows(g, "SELECT move FROM game") == [{"move": 1}]


# --- bugs found while writing these tests ----------------------------------------------


def test_every_enlisted_name_can_be_written_in_an_order_file(make_game):
    """An officer the GM may enlist must be able to send orders under his name."""
    g = make_game(BASE, [], officers=[ALPHA])
    try:
        game.enlist(g.dir, "Legio #7", "", "GLADIUM", "S", EXAMPLE_FIT, secret="dddd-4444")
    except GameError:
        return  # refusing the name at enlistment keeps the promise too
    g.post("legio.txt", orders_text("Legio #7", "dddd-4444", 1, "ROUTE 3 N"))
    game.resolve(g.dir)
    assert "Route completed: 3 parsecs." in g.report(1, "legio")


def test_the_secret_is_not_kept_in_clear_after_orders_are_filed(make_game):
    """Secrets are stored only as a hash, also after the order files are recorded."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("alpha.txt", alpha_orders(1, "ROUTE 3 N"))
    game.resolve(g.dir)
    assert "aaaa-1111" not in dump(g)


def test_orders_dealt_with_are_archived_and_later_ones_wait(make_game):
    """After a move its files go to orders/archive/move-NN/; a file for a later move stays
    in orders/ and is read when its move comes."""
    g = make_game(BASE, [], officers=[ALPHA])
    g.post("mail/alpha-1.txt", alpha_orders(1, "ROUTE 3 N"))
    g.post("alpha-2.txt", alpha_orders(2, "ROUTE 2 E"))
    g.post("notes.txt", "nothing to do with orders\n")
    game.resolve(g.dir)
    orders = g.dir / "orders"
    assert sorted(p.relative_to(orders).as_posix() for p in orders.rglob("*") if p.is_file()) == [
        "alpha-2.txt", "archive/move-01/mail/alpha-1.txt", "archive/move-01/notes.txt",
    ]
    game.resolve(g.dir)
    assert "Ordered: 2 E" in g.report(2, "alpha")
    assert (orders / "archive" / "move-02" / "alpha-2.txt").is_file()


def test_a_jump_in_officers_holding_waits_for_force_as_a_broken_fetch_would(make_game):
    """Three moves with every order in; then a third of the officers' mail is missing, as
    when a mailbox fetch broke halfway: resolve refuses and says so, --force plays it."""
    officers = [(f"Officer{n:02d}", f"secr-{n:04d}", EXAMPLE_FIT) for n in range(12)]
    g = make_game((10, 10, 2), [(20, 20, 2)], officers=officers)
    for move in (1, 2, 3):
        for name, secret, _ in officers:
            g.post(f"{name}-{move}.txt", orders_text(name, secret, move, "ROUTE 1 N"))
        game.resolve(g.dir)
    for name, secret, _ in officers[:8]:
        g.post(f"{name}-4.txt", orders_text(name, secret, 4, "ROUTE 1 S"))
    with pytest.raises(game.StrayRun) as refused:
        game.resolve(g.dir)
    assert ("4 of 12 officers would hold position (33%), against 0% in the last 3 moves: "
            "is all the mail filed?") in str(refused.value)
    assert "--force" in str(refused.value)
    assert len(list(open_db(g.dir).query("SELECT number FROM moves"))) == 3  # nothing played
    done = game.resolve(g.dir, force=True)
    assert done.move == 4 and done.summary.with_orders == 8
