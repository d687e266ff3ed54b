"""An officer's career (`pbem.rules.career`): the rescue return's demotion (rulebook 3F c), one
rank down, score 0, on a lower ship of its default sheet, the pending points of the landing
lost with the ship; and the end of the game, by reaching Fabius or after the last move of a
timed game (rulebook 1, 3A), in the state and, end to end, in the bulletin; and the Tot 100%
(section 4 VI, TAB. L), launched by a SPATHA or HASTA carrying the bomb.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from pbem import game
from pbem.errors import GameError
from pbem.rules.dice import ScriptedDice
from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position, Segment
from pbem.rules.move import resolve_move
from pbem.rules.orders import Orders
from pbem.rules.ship import Ship
from pbem.rules.state import GameState
from pbem.rules.tables import Column

from conftest import EXAMPLE_FIT, orders_text, write_map
from core import (
    BASE, RULES, SHIPS, in_space, marthia, of, on_ground, one, planet, play, state, then,
)

from .test_damage import C, NO_ARRIVAL, dracones_attack

L = RULES.tables["L"]


# --- 7. rescue return and demotion (3F c) ---------------------------------------------------------


@pytest.mark.parametrize("rank, ship_type, new_rank, new_type", [
    ("Decurio", "GLADIUM", "Decurio", "FROMBOLA"),
    ("Decurio", "FROMBOLA", "Decurio", "FROMBOLA"),
    ("Centurio", "SPATHA", "Decurio", "GLADIUM"),
    ("Proconsul", "HASTA", "Centurio", "SPATHA"),
    ("Consul", "HASTA", "Proconsul", "SPATHA"),  # a new ship of a lower level, never a HASTA
])
def test_no_tanks_left_rescue_return_one_rank_down_score_0_lower_ship(rank, ship_type, new_rank, new_type):
    ship = replace(SHIPS[ship_type], tanks=1, shields=0)
    s = dracones_attack(ship, score=6, rank=rank)
    assert C.result(0, 5) == "tanks"

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [5]})

    rescue = one(r, "rescue")
    assert (rescue["reason"], rescue["rank"], rescue["ship_type"]) == ("no tanks left", new_rank, new_type)
    officer = r.state.officers[1]
    assert (officer.rank, officer.score, officer.ship.type) == (new_rank, 0, new_type)
    assert officer.ship.fit() == default_fit(new_type)
    assert (officer.landed_on, officer.position, officer.landing) == (BASE.id, BASE.position, None)
    assert officer.reckoning == Position(0, 0, 0)


def default_fit(ship_type: str) -> dict[str, int]:
    default = RULES.ships[ship_type].default
    return {c: default.get(c, 0) for c in marthia().fit()}


def test_a_rescued_officer_scores_nothing_for_the_move():
    """The pending points of the landing go with the ship."""
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, score=6, shields=False, pending=7, pending_for="elimination")])

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [3], "damage": [6, 10]})

    assert r.state.officers[1].score == 0 and of(r, "points") == []


# --- 10. the end of the game ----------------------------------------------------------------------


def test_an_officer_promoted_fabius_wins_and_ends_the_game(make_game):
    g = make_game((10, 10, 2), [(20, 20, 2)])
    hasta = dict(RULES.ships["HASTA"].default)
    game.enlist(g.dir, "Varro", "", "HASTA", "AQUILA", hasta, rank="Consul", secret="vvvv-1111")
    consul = next(r for r in RULES.ranks if r.name == "Consul")
    conn = sqlite3.connect(g.dir / "game.db")
    with conn:
        conn.execute("UPDATE officers SET score = ? WHERE name = 'Varro'", (consul.promotion,))
    conn.close()

    g.post("varro.txt", orders_text("Varro", "vvvv-1111", 1, "ROUTE 1 N + 1 S"))
    game.resolve(g.dir, dice=ScriptedDice({}, move=1, strict=True))

    assert "    Promoted Fabius." in g.bulletin(1)
    assert "THE GAME IS OVER: Varro WINS (first to reach the rank of Fabius)." in g.bulletin(1)
    assert "THE GAME IS OVER: Varro wins" in g.report(1, "varro")
    with pytest.raises(GameError, match="the game is over"):
        game.resolve(g.dir)


def test_reaching_fabius_sets_the_winner_in_the_state():
    hasta = Ship("HASTA", "AQUILA", crews=(3, 3), shields=8, lasers=5, radars=3, computers=3, tanks=5)
    s = state([], [in_space(Position(11, 10, 2), hasta, rank="Consul", score=15)])

    r = play(s, {1: Orders(route=(Segment(1, "W"),))})

    assert r.state.winner == "Notius"
    end = [e for e in r.events if e.kind == "game-end"]
    assert len(end) == 1 and end[0].audience == PUBLIC and end[0].data["rank"] == "Fabius"


@pytest.mark.parametrize("beta_rank, winner", [("Decurio", "Alpha"), ("Centurio", "Beta")])
def test_a_timed_game_ends_after_its_last_move_rank_first_then_points(beta_rank, winner):
    alpha = in_space(Position(20, 20, 2), name="Alpha", score=6)
    beta_ship = SHIPS["SPATHA"] if beta_rank == "Centurio" else marthia()
    beta = in_space(Position(5, 5, 2), beta_ship, oid=2, name="Beta", rank=beta_rank, score=2, turn=1)
    s = state([], [alpha, beta], move=1, settings={"moves": 2})

    r1 = play(s)
    assert r1.state.winner is None and of(r1, "game-end") == []
    r2 = play(then(r1))
    assert r2.state.winner == winner
    assert one(r2, "game-end")["winner"] == winner


def test_a_timed_game_names_its_winner_in_the_final_bulletin(tmp_path):
    root = tmp_path / "timed"
    mapfile = write_map(tmp_path / "map.toml", (10, 10, 2), [(12, 13, 2)])
    game.new_game(root, 1, name="cornifex", map_file=mapfile, moves=2)
    for name, secret in (("Alpha", "aaaa-1111"), ("Beta", "bbbb-2222")):
        game.enlist(root, name, "", "GLADIUM", name.upper(), EXAMPLE_FIT, secret=secret)
    game.fix_order(root, ["Alpha", "Beta"])

    (root / "orders").joinpath("alpha.txt").write_text(orders_text("Alpha", "aaaa-1111", 1, "ROUTE 3 N"))
    game.resolve(root, dice=ScriptedDice({}, move=1, strict=True))  # Alpha discovers P-1: 1 point
    bulletin1 = (root / "reports" / "move-01" / "bulletin.txt").read_text()
    assert "GAME IS OVER" not in bulletin1
    game.resolve(root, dice=ScriptedDice({}, move=2, strict=True), force=True)  # nobody sent orders

    bulletin2 = (root / "reports" / "move-02" / "bulletin.txt").read_text()
    assert "THE GAME IS OVER: Alpha WINS (highest rank and score after the last move (2))." in bulletin2
    with pytest.raises(GameError, match="the game is over"):
        game.resolve(root)


# --- VI. Tot 100% (TAB. L) ----------------------------------------------------------------------


def spatha(**changes) -> Ship:
    ship = Ship("SPATHA", "VARRO", crews=(3, 3, 3), modules=1, laser_zip3=1, shields=5, lasers=4,
                radars=3, computers=2, tanks=3, tot=1)
    return replace(ship, **changes)


def tot_scene(**varro) -> GameState:
    """Varro's SPATHA in space 3 parsecs N of P-1 (radar 3), Centurio Metella landed on it."""
    p = planet("sevolventes")
    varro = in_space(Position(12, 13, 2), spatha(**varro), oid=1, name="Varro", rank="Centurio", turn=0)
    metella = on_ground(p, spatha(name="CLAUDIA", tot=0), oid=2, name="Metella", rank="Centurio",
                        score=6, turn=1)
    return state([p], [varro, metella])


def test_tot_yes_cancels_the_planet_and_rescues_whoever_is_landed_there():
    s = tot_scene()
    assert L.column_for(3) is L.column_number(3)  # the inner-space column
    assert L.result(3, 4) == "Yes"

    r = play(s, {1: Orders(tot="P-1")}, {"tot": [4]})

    tot = [e for e in r.events if e.kind == "tot"]
    assert len(tot) == 1 and tot[0].audience == PUBLIC
    assert (tot[0].data["planet"], tot[0].data["result"]) == ("P-1", "Yes")
    assert r.state.planets[2].destroyed
    assert r.state.officers[1].ship.tot == 0

    rescue = [e for e in r.events if e.kind == "rescue"]
    assert len(rescue) == 1 and rescue[0].officer == 2
    metella = r.state.officers[2]
    assert (metella.rank, metella.score, metella.ship.type) == ("Decurio", 0, "GLADIUM")
    assert (metella.landed_on, metella.position, metella.landing) == (BASE.id, BASE.position, None)

    # The planet is no longer sighted, nor does it stop a route that crosses its square.
    r2 = play(then(r), {1: Orders(route=(Segment(5, "S"),))})
    assert all(x["planet"] != "P-1" for x in of(r2, "sighting"))
    route = one(r2, "route")
    assert (route["travelled"], route["stop"]) == (5, "")


def test_tot_no_changes_nothing_and_the_bomb_stays_aboard():
    s = tot_scene()
    assert L.result(3, 1) == "No"

    r = play(s, {1: Orders(tot="P-1")}, {"tot": [1], "arrivals": [NO_ARRIVAL]})  # Metella waits

    assert one(r, "tot")["result"] == "No"
    assert not r.state.planets[2].destroyed
    assert r.state.officers[1].ship.tot == 1
    assert of(r, "rescue") == []
    assert r.state.officers[2].landing is not None


def test_tot_reads_column_number_3_of_a_printed_table():
    columns = tuple(Column(upto, ("No",) * 6) for upto in (0, 1, 2)) + (
        Column(3, ("Yes",) * 6), Column(4, ("Yes",) * 6), Column(None, ("Yes",) * 6))
    printed = replace(L, columns=columns)  # one column per personality 0, 1, 2, 3, 4, 5
    ruleset = replace(RULES, tables={**RULES.tables, "L": printed})
    assert printed.column_number(3).faces[0] == "No"

    dice = ScriptedDice({"tot": [1], "arrivals": [NO_ARRIVAL]}, strict=True)  # Metella may wait
    r = resolve_move(tot_scene(), {1: Orders(tot="P-1")}, {}, ruleset, dice)

    assert one(r, "tot")["result"] == "No"
    assert not r.state.planets[2].destroyed


def test_tot_is_only_for_a_spatha_or_hasta_with_a_bomb(make_game):
    g = make_game((10, 10, 2), [(12, 13, 2)])
    spatha_fit = {"crews": 3, "modules": 1, "laser_zip3": 1, "shields": 6, "lasers": 4,
                  "radars": 3, "computers": 2, "tanks": 3}
    game.enlist(g.dir, "Varro", "", "SPATHA", "VARRO", spatha_fit, rank="Centurio", secret="vvvv-1111")

    path = g.post("notius.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 3 N", "TOT P-1"))
    _, problems = game.check_file(path, g.dir)
    assert [(p.line, p.message) for p in problems] == [(6, "a GLADIUM carries no Tot 100% (only SPATHA, HASTA)")]

    path = g.post("varro.txt", orders_text("Varro", "vvvv-1111", 1, "ROUTE 3 N", "TOT P-1"))
    _, problems = game.check_file(path, g.dir)
    assert [(p.line, p.message) for p in problems] == [(6, "no Tot 100% left on board")]
