"""Optional rule Unpredictable Research (scenario book, rule 19): the pure rules, the data,
`pbem check`, and whole moves driven through order files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import game
from pbem.storage import game_state
from pbem.storage.database import open_db, update_row
from pbem.cli import main
from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.dice import ScriptedDice
from pbem.rules.events import OFFICER, PUBLIC
from pbem.rules.geometry import Position
from pbem.rules.research import (
    allocate,
    could_reach,
    funding_limit,
    DEFENCE,
    level,
    possible_level,
    research,
    scanner_reach,
)
from pbem.rules.ship import Ship
from pbem.rules.state import GameState, Officer, Zone
from pbem.ruleset_files import TECHNOLOGIES, RulesetError, load_ruleset

from conftest import EXAMPLE_FIT, Game, orders_text, write_map

SECRET = "4tq9-mx2d"
BASE = (10, 10, 2)
FAR = [(25, 3, 2)]  # a planet out of the way of every route below


@pytest.fixture(scope="module")
def rules():
    return load_ruleset().technologies


def officer(**kw) -> Officer:
    values = dict(id=1, name="Notius", rank="Decurio", score=25,
                  ship=Ship("GLADIUM", "MARTHIA", (3, 3), shields=5, lasers=3, radars=2,
                            computers=1, tanks=3),
                  position=Position(10, 10, 2), turn=0)
    return Officer(**(values | kw))


# --- the data -------------------------------------------------------------------------


def test_default_technologies(rules):
    assert rules.grant_cost == 5 and rules.die == 10 and rules.funding_step == 2  # 19.1, 19.3
    assert list(rules.technologies) == [
        "attack", "defence", "movement", "computing", "scanners", "tactics"
    ]
    assert rules.technologies["attack"].cost(1) == 20  # 19.2's example
    for tech in rules.technologies.values():
        assert tech.costs == (20, 30, 40) and tech.top == 3 and tech.effect
    assert rules.find("attack") is rules.find("ATTACK") is rules.technologies["attack"]
    assert rules.nearest("ATACK").name == "Attack"
    assert rules.find("lasers") is None and rules.nearest("xyzzy") is None


def override(tmp_path: Path, old: str, new: str) -> Path:
    from importlib.resources import files

    text = files("pbem.data").joinpath(TECHNOLOGIES).read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / TECHNOLOGIES).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("old, new, key, reason", [
    ("die = 10", "die = 8", "die", "must be 6 or 10"),
    ("grant_cost = 5", "grant_cost = 0", "grant_cost", "at least 1"),
    ("[technologies.tactics]", "[technologies.shields]", "technologies.shields",
     "unknown technology"),
    ('name = "Attack"', 'name = "Laser Attack"', "technologies.attack.name", "one word"),
    ('name = "Defence"', 'name = "Attack"', "technologies.defence.name", "also"),
    ("costs = [20, 30, 40]", "costs = [20, 0, 40]", "technologies.attack.costs[2]",
     "at least 1"),
    ("costs = [20, 30, 40]", "costs = []", "technologies.attack.costs", "at least one level"),
    ('effect = "+1 F.C.Att per ship laser per level"', "", "technologies.attack.effect",
     "missing"),
])
def test_bad_override_names_file_key_and_reason(tmp_path, old, new, key, reason):
    with pytest.raises(RulesetError) as e:
        load_ruleset(override(tmp_path, old, new))
    assert e.value.file == f"rules/{TECHNOLOGIES}"
    assert e.value.key == key and reason in e.value.reason


def test_good_override_replaces_the_costs(tmp_path):
    ruleset = load_ruleset(override(tmp_path, "costs = [20, 30, 40]", "costs = [15, 25]"))
    assert ruleset.technologies.technologies["attack"].costs == (15, 25)
    assert ruleset.sources[TECHNOLOGIES] == f"rules/{TECHNOLOGIES}"


# --- the rule's own examples (19.2, 19.3) ---------------------------------------------


def test_four_grants_rolling_26_acquire_attack_1_and_waste_6(rules):
    # Five grants (25 points): four on Attack 1, the fifth on another technology.
    o = officer(score=25, grants_last=3)
    dice = ScriptedDice({"research": [7, 5, 6, 8, 4]}, strict=True)
    r = research(o, [("ATTACK", 4), ("DEFENCE", 1)], rules, dice)
    assert r.spent == 25 and r.officer.score == 0 and r.grants == 5
    assert r.officer.technologies.get("attack") == 1
    assert "attack" not in r.officer.research  # the 6 over 20 are wasted, not carried
    attack = next(row for row in r.rows if row.id == "attack")
    assert (attack.dice, attack.total, attack.cost, attack.acquired, attack.wasted) == (
        (7, 5, 6, 8), 26, 20, True, 6)
    assert r.officer.research == {"defence": 4}
    assert [(t.name, level) for t, level in r.breakthroughs] == [("Attack", 1)]
    rolls = [(x.kind, x.detail, x.die, x.result) for x in dice.log]
    assert rolls[:4] == [("research", f"ATTACK 1 grant {n}", 10, f)
                         for n, f in enumerate((7, 5, 6, 8), 1)]
    assert rolls[4] == ("research", "DEFENCE 1 grant 1", 10, 4)


def test_19_falls_short_and_one_grant_next_move_always_succeeds(rules):
    o = officer(score=25, grants_last=3)
    r = research(o, [("ATTACK", 4)], rules, ScriptedDice({"research": [7, 5, 6, 1]}))
    assert r.officer.technologies.get("attack", 0) == 0
    assert r.officer.research == {"attack": 19} and not r.breakthroughs
    carried = replace(r.officer, score=5)
    for face in range(1, 11):  # any face of the d10
        nxt = research(carried, [("attack", 1)], rules, ScriptedDice({"research": [face]}))
        assert nxt.officer.technologies["attack"] == 1, face
        assert nxt.officer.research == {}
        row = next(row for row in nxt.rows if row.id == "attack")
        assert (row.before, row.total, row.wasted) == (19, 19 + face, face - 1)


def test_funding_limit_after_3_grants_is_0_to_5_and_after_none_2(rules):
    assert funding_limit(3, rules) == 5 and funding_limit(0, rules) == 2
    o = officer(score=100, grants_last=3)
    for n in range(0, 6):
        funded, refused = allocate([("ATTACK", n)] if n else [], o, rules)
        assert sum(g.grants for g in funded) == n and refused == ()
    funded, refused = allocate([("ATTACK", 4), ("MOVEMENT", 2)], o, rules)
    assert [(g.technology.id, g.grants) for g in funded] == [("attack", 4), ("movement", 1)]
    assert refused[0].order == "RESEARCH MOVEMENT 2" and "at most 5" in refused[0].reason
    # A move with no grant: the next allows at most 2.
    none = research(o, [], rules, ScriptedDice({}, strict=True))
    assert none.officer.grants_last == 0 and none.limit_next == 2 and none.spent == 0


def test_all_grants_are_allocated_before_any_die(rules):
    # Over the limit: the refused grant is never rolled, and nothing is rolled for it.
    o = officer(score=100, grants_last=0)
    dice = ScriptedDice({"research": [1, 2]}, strict=True)
    r = research(o, [("ATTACK", 1), ("SCANNERS", 2)], rules, dice)
    assert [x.detail for x in dice.log] == ["ATTACK 1 grant 1", "SCANNERS 1 grant 1"]
    assert r.grants == 2 and r.officer.grants_last == 2 and r.refusals[0].refused == 1


def test_points_the_officer_does_not_have_are_not_spent(rules):
    o = officer(score=12, grants_last=5)
    r = research(o, [("ATTACK", 4)], rules, ScriptedDice({"research": [1, 1]}, strict=True))
    assert r.grants == 2 and r.officer.score == 2
    assert "12 points pay for 2 grants" in r.refusals[0].reason


def test_top_level_and_unknown_technology_are_refused(rules):
    o = officer(score=50, grants_last=3, technologies={"attack": 3})
    r = research(o, [("ATTACK", 1), ("LASERS", 1)], rules, ScriptedDice({}, strict=True))
    assert r.grants == 0 and r.officer.score == 50
    assert "top level" in r.refusals[0].reason and "no technology LASERS" in r.refusals[1].reason
    top = next(row for row in r.rows if row.id == "attack")
    assert top.researching is None and top.held == 3


def test_dice_visibility_follows_the_gm_setting(rules):
    dice = ScriptedDice({"research": [3]})
    research(officer(), [("TACTICS", 1)], rules, dice, visibility=PUBLIC)
    research(officer(), [("TACTICS", 1)], rules, dice, visibility=OFFICER)
    assert [x.visibility for x in dice.log] == [PUBLIC, OFFICER]


def test_a_breakthrough_is_possible_only_if_the_dice_can_reach_the_cost(rules):
    assert could_reach(0, 2, 20, 10) and not could_reach(0, 1, 20, 10)
    assert could_reach(19, 1, 20, 10) and not could_reach(19, 0, 20, 10)
    o = officer(research={"movement": 5})
    assert possible_level(o, "movement", 1, rules) == 0
    assert possible_level(o, "movement", 2, rules) == 1
    assert possible_level(officer(technologies={"movement": 3}), "movement", 2, rules) == 3


# --- each technology's effect where the game uses it ----------------------------------


def test_attack_and_defence_belong_to_the_officer_not_the_ship():
    from pbem.rules import combat
    from pbem.rules.ground import fire_attack

    race = load_ruleset().guide["sevolventes"]
    o = officer(technologies={"attack": 2, "defence": 1})
    assert fire_attack(o, ("lasers",), False, race) == 3 * (6 + 2)  # 3 lasers of 6, +2 each
    assert combat.ship_defence(o.ship, True, level(o, DEFENCE)) == 5 * (5 + 1)  # 5 shields
    # Promoted to a SPATHA with other lasers and shields: the levels come along.
    spatha = Ship("SPATHA", "AQUILA", (3, 3, 3), shields=2, lasers=6, tanks=4)
    promoted = replace(o, ship=spatha, rank="Centurio")
    assert fire_attack(promoted, ("lasers",), False, race) == 6 * 8
    assert combat.ship_defence(spatha, True, level(promoted, DEFENCE)) == 12
    assert fire_attack(officer(), ("lasers",), False, race) == 18


def test_scanners_carry_the_radar_beyond_3_parsecs():
    assert scanner_reach(3, 0) == 3 and scanner_reach(5, 0) == 3
    assert scanner_reach(3, 1) == 4 and scanner_reach(2, 1) == 3 and scanner_reach(4, 2) == 5
    assert scanner_reach(0, 3) == 0  # no radar on, nothing seen


# --- pbem check -----------------------------------------------------------------------


def ctx(research_on: bool = True, **kw) -> GameState:
    """Notius alone in space, in a game with or without the rule."""
    settings = {"rules": ["research"]} if research_on else {}
    return GameState(Zone(30), {}, {1: officer(**kw)}, 1, settings=settings, name="cornifex")


def problems(*body: str, context: GameState) -> list:
    orders, unreadable = read_orders(orders_text("Notius", SECRET, 1, *body), "o.txt")
    assert unreadable == [], unreadable
    return lawful.problems(orders, context, load_ruleset(), lambda i, s: s == SECRET)


def test_check_accepts_lawful_research():
    assert problems("RESEARCH ATTACK 1", "research defence 1", context=ctx()) == []
    assert problems("RICERCA attack 2", context=ctx()) == []


def test_check_research_in_a_game_without_the_rule():
    [p] = problems("ROUTE 5 N", "RESEARCH ATTACK 2", context=ctx(False))
    assert p.line == 6 and "does not use the optional rule Unpredictable Research" in p.message
    assert "delete the RESEARCH lines" in p.fix and p.kind == "unlawful"


def test_check_unknown_technology_suggests_the_nearest():
    [p] = problems("RESEARCH ATACK 2", context=ctx())
    assert p.line == 5 and p.message == "unknown technology ATACK; did you mean ATTACK?"
    assert p.fix == "write RESEARCH ATTACK 2"
    [p] = problems("RESEARCH XYZZY 1", context=ctx())
    assert "ATTACK, DEFENCE, MOVEMENT, COMPUTING, SCANNERS, TACTICS" in p.fix


def test_check_funding_limit_at_the_line_that_goes_over():
    [p] = problems("RESEARCH ATTACK 2", "RESEARCH MOVEMENT 1", context=ctx(score=100))
    assert p.line == 6
    assert "3 grants this move, but after 0 grants last move you may buy at most 2" in p.message
    assert p.fix == "buy at most 2 grants in all"
    assert problems("RESEARCH ATTACK 5", context=ctx(score=100, grants_last=3)) == []
    [p] = problems("RESEARCH ATTACK 6", context=ctx(score=100, grants_last=3))
    assert "at most 5" in p.message


def test_check_points_the_officer_does_not_have():
    [p] = problems("RESEARCH ATTACK 1", "RESEARCH DEFENCE 1", context=ctx(score=7))
    assert p.line == 6
    assert p.message == "2 grants cost 10 points (5 each), but you have 7 points"
    assert p.fix == "buy at most 1 grant in all"


def test_check_top_level():
    [p] = problems("RESEARCH ATTACK 1", context=ctx(technologies={"attack": 3}))
    assert "top level" in p.message and p.line == 5


def test_check_allows_the_thrust_a_movement_breakthrough_could_give():
    # GLADIUM, 3 tanks of 5 parsecs: 15; Movement 1 would give 18.
    [p] = problems("ROUTE 18 N", context=ctx(score=30))
    assert "15 parsecs of thrust" in p.message
    assert problems("ROUTE 18 N", "RESEARCH MOVEMENT 2", context=ctx(score=30)) == []
    # One grant cannot reach 20 from 0: no allowance; from a running 12 it can.
    [p] = problems("ROUTE 18 N", "RESEARCH MOVEMENT 1", context=ctx(score=30))
    assert "15 parsecs of thrust" in p.message
    assert problems("ROUTE 18 N", "RESEARCH MOVEMENT 1",
                    context=ctx(score=30, research={"movement": 12})) == []
    # A level held counts always.
    assert problems("ROUTE 18 N", context=ctx(technologies={"movement": 1})) == []
    [p] = problems("ROUTE 19 N", context=ctx(technologies={"movement": 1}))
    assert "18 parsecs of thrust (6 per tank)" in p.message


def test_check_allows_the_info_a_computing_breakthrough_could_give():
    [p] = problems("INFO NEW", "INFO NEW 2", context=ctx())
    assert "only 1 computer on board" in p.message
    assert problems("INFO NEW", "INFO NEW 2", "RESEARCH COMPUTING 2", context=ctx()) == []
    [p] = problems("INFO NEW", "INFO NEW 2", "INFO NEW 3", "RESEARCH COMPUTING 2", context=ctx())
    assert "and Computing 1" in p.message and p.line == 7


# --- whole moves through order files --------------------------------------------------


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


# --- the RESEARCH order ---------------------------------------------------------------


def test_research_lines_are_read_with_their_line_numbers():
    text = orders_text("Notius", SECRET, 1, "research attack 4", "RICERCA Movement 1")
    orders, unreadable = read_orders(text, "o.txt")
    assert unreadable == []
    assert [(r.technology, r.grants, r.line) for r in orders.research] == [
        ("ATTACK", 4, 5), ("MOVEMENT", 1, 6)]


@pytest.mark.parametrize("line, message, fix", [
    ("RESEARCH 4 ATTACK", "the technology comes before the grants", "write RESEARCH ATTACK 4"),
    ("RESEARCH ATTACK 1 4", "they always go to the next level", "write RESEARCH ATTACK 4"),
    ("RESEARCH ATTACK", "needs the number of grants", "write e.g. RESEARCH ATTACK 2"),
    ("RESEARCH ATTACK 0", "buys no grant", "RESEARCH ATTACK 1 or more"),
    ("RESEARCH", "RESEARCH is empty", "RESEARCH ATTACK 4"),
    ("RESEARCH ATTACK DEFENCE 2", "is not a technology and a number of grants",
     "one line per technology"),
])
def test_unreadable_research_lines(line, message, fix):
    orders, [p] = read_orders(orders_text("Notius", SECRET, 1, line), "o.txt")
    assert orders.research == () and p.line == 5 and message in p.message and fix in p.fix
