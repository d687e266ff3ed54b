"""Optional rule Unpredictable Research (scenario book, rule 19) in whole moves driven
through order files: breakthroughs in the move that makes them, the bulletin, a refusal, a
game without the rule and `pbem new` switching it on. The rule itself is held by
tests/conformance/core/test_research.py."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from pbem import game
from pbem.storage import game_state
from pbem.storage.database import open_db, update_row
from pbem.cli import main
from pbem.rules.dice import ScriptedDice
from pbem.rules.events import OFFICER

from conftest import EXAMPLE_FIT, Game, orders_text, write_map

SECRET = "4tq9-mx2d"
BASE = (10, 10, 2)
FAR = [(25, 3, 2)]  # a planet out of the way of every route below


def research_game(tmp_path: Path, planets=FAR, fit=EXAMPLE_FIT, score=30, private=False,
                  rules=("research",)) -> Game:
    root = tmp_path / "cornifex"
    mapfile = write_map(tmp_path / "map.toml", BASE, planets)
    game.new_game(root, 1, name="cornifex", map_file=mapfile, rules=rules,
                  private_research=private)
    enlisted = game.enlist(root, "Notius", "", "GLADIUM", "MARTHIA", fit, secret=SECRET)
    # In space over the base square, not landed on it: with these scores the MISSUS on
    # the base would promote him (3A) and the research would start on a new ship.
    update_row(open_db(root), "officers", enlisted.officer_id, {"score": score, "landed_on": None})
    return Game(root)


def officer_row(g: Game) -> dict:
    return next(open_db(g.dir).query("SELECT * FROM officers"))


def resolve(g: Game, move: int, *body: str, **script) -> str:
    g.post(f"move{move}.txt", orders_text("Notius", SECRET, move, *body))
    # force: a refused file makes the only officer hold, which resolve refuses by default.
    game.resolve(g.dir, dice=ScriptedDice(script, move=move), force=True)
    return g.report(move, "notius")


def test_movement_breakthrough_lengthens_the_route_of_the_same_move(tmp_path):
    g = research_game(tmp_path)
    path = g.post("check.txt", orders_text("Notius", SECRET, 1, "ROUTE 18 N", "RESEARCH MOVEMENT 2"))
    assert game.check_file(path, g.dir)[1] == []
    path.unlink()
    report = resolve(g, 1, "ROUTE 18 N", "RESEARCH MOVEMENT 2", research=[10, 10])
    assert "thrust 18 with 3 tanks" in report and "Route completed: 18 parsecs." in report
    assert "Movement 1: 2 grants, dice 10, 10; sum 20 of 20: ACQUIRED." in report
    assert "2 grants this move (10 points); next move you may buy up to 4." in report
    row = officer_row(g)
    assert json.loads(row["technologies"])["movement"] == 1 and row["grants_last"] == 2
    assert row["score"] == 20
    assert "  Notius moved.\n    Reached Movement 1 (research)." in g.bulletin(1)
    assert "**Notius moved.**\n\n- Reached Movement 1 (research)." in g.bulletin(1, "md")
    assert "[b]Notius moved.[/b]\n[list]\n[*]Reached Movement 1 (research)." in g.bulletin(1, "bbcode")


def test_movement_without_the_breakthrough_is_cut_at_the_thrust(tmp_path):
    g = research_game(tmp_path)
    report = resolve(g, 1, "ROUTE 18 N", "RESEARCH MOVEMENT 2", research=[9, 3])
    assert "Your thrust allowed only 15 parsecs this move: the route was cut short there." in report
    assert "Route completed: 15 parsecs." in report
    assert "Movement 1: 2 grants, dice 9, 3; sum 12 of 20." in report
    assert json.loads(officer_row(g)["research"]) == {"movement": 12}
    assert "RESEARCH BREAKTHROUGHS" not in g.bulletin(1)
    # Next move: the running 12 grows with a new grant; 8 or more gets there.
    report = resolve(g, 2, "ROUTE 18 S", "RESEARCH MOVEMENT 1", research=[8])
    assert "Movement 1: 1 grant, dice 8; sum 12 + 8 = 20 of 20: ACQUIRED." in report
    assert "Route completed: 18 parsecs." in report


def test_computing_breakthrough_answers_one_more_info(tmp_path):
    planets = [(10, 12, 2), (12, 10, 2)]
    g = research_game(tmp_path, planets)
    body = ("ROUTE NONE", "INFO NEW", "INFO NEW 2", "RESEARCH COMPUTING 2")
    report = resolve(g, 1, *body, research=[10, 10], info=[6, 1])
    assert "P-1, level I (d10: 6)" in report and "P-2, level I (d10: 1)" in report

    (tmp_path / "b").mkdir()
    g2 = research_game(tmp_path / "b", planets)
    report = resolve(g2, 1, *body, research=[1, 1], info=[6, 1])
    assert "P-1, level I (d10: 6)" in report
    assert "INFO NEW 2: not answered, your ship answers only 1 request(s) this move." in report


def test_scanners_sight_a_planet_4_parsecs_away_with_3_radars(tmp_path):
    fit = {"crews": 2, "shields": 4, "lasers": 3, "radars": 3, "computers": 1, "tanks": 3}
    planets = [(14, 10, 2)]
    g = research_game(tmp_path, planets, fit)
    report = resolve(g, 1, "ROUTE NONE", research=[])
    assert "No planet within radar range." in report and "range 3" in report
    report = resolve(g, 2, "ROUTE NONE", "RESEARCH SCANNERS 2", research=[10, 10])
    assert "range 4" in report and "planet P-1, never seen before" in report
    assert "Distance 4 parsecs, direction 4 E." in report


def test_private_breakthroughs_stay_out_of_the_bulletin(tmp_path):
    g = research_game(tmp_path, private=True)
    report = resolve(g, 1, "ROUTE NONE", "RESEARCH TACTICS 2", research=[10, 10])
    assert "Tactics 1: 2 grants, dice 10, 10; sum 20 of 20: ACQUIRED." in report
    assert "reached" not in g.bulletin(1) and "Tactics" not in g.bulletin(1)
    rolls = game_state.load_rolls(open_db(g.dir), 1)
    assert {r.visibility for r in rolls if r.kind == "research"} == {OFFICER}


def test_refused_research_holds_the_ship_and_the_limit_resets(tmp_path):
    g = research_game(tmp_path, score=100)
    resolve(g, 1, "ROUTE NONE", "RESEARCH ATTACK 2", research=[1, 1])
    assert officer_row(g)["grants_last"] == 2
    # 2 last move: at most 4 now. 5 is refused by check and reported at resolve.
    report = resolve(g, 2, "ROUTE 5 N", "RESEARCH ATTACK 3", "RESEARCH DEFENCE 2")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in report
    assert "line 7 (not allowed): 5 grants this move, but after 2 grants last move you may buy at most 4" in report
    assert "0 grants this move (0 points); next move you may buy up to 2." in report
    row = officer_row(g)
    assert row["grants_last"] == 0 and json.loads(row["research"]) == {"attack": 2}


def test_a_game_without_the_rule(tmp_path):
    g = research_game(tmp_path, rules=())
    path = g.post("move1.txt", orders_text("Notius", SECRET, 1, "ROUTE NONE", "RESEARCH ATTACK 1"))
    [p] = game.check_file(path, g.dir)[1]
    assert p.line == 6 and "does not use the optional rule Unpredictable Research" in p.message
    path.unlink()
    report = resolve(g, 1, "ROUTE NONE")
    assert "RESEARCH" not in report.split("ORDERS FOR MOVE")[0]


def test_pbem_new_switches_the_rule_on(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["new", str(tmp_path / "a"), "--seed", "1", "--rule", "research",
                                  "--private-research"])
    assert result.exit_code == 0, result.output
    settings = game_state.load_state(open_db(tmp_path / "a")).settings
    assert settings["rules"] == ["research"] and settings["public_breakthroughs"] is False
    result = runner.invoke(main, ["new", str(tmp_path / "b"), "--seed", "1", "--rule", "research"])
    settings = game_state.load_state(open_db(tmp_path / "b")).settings
    assert settings["public_breakthroughs"] is True
    result = runner.invoke(main, ["new", str(tmp_path / "c"), "--seed", "1", "--rule", "magic"])
    assert result.exit_code != 0 and "magic" in result.output
    result = runner.invoke(main, ["new", str(tmp_path / "d"), "--seed", "1", "--private-research"])
    assert result.exit_code != 0 and "--rule research" in result.output
