"""The commander's personality (5D), desertion (3D a, 5D f) and the specialist officers
(5E), with forced dice on hand-built states (the pure core), and the order checks.

Unless a test says otherwise the game explores outer space, Notius is on the ground of P-1
with section 6's GLADIUM MARTHIA, and P-1 holds two AVIARII (sapiens civiles, peaceful,
F.C. 4 each, F.ALL. 3, merchants, technological level 3; no arrival on a d6 of 1).
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules import lawful, specialists
from pbem.rules.board import Board
from pbem.rules.dice import ScriptedDice
from pbem.rules.orders import Orders
from pbem.rules.state import Specialist

from core import RULES, SHIPS, down, landing_of, of, on_ground, one, planet, play, state

ADVANCED = {"level": "advanced"}
NO_ARRIVAL = 1
A, B, D, E, G, L, R = (RULES.tables[t] for t in "ABDEGLR")


def aviarii(**kw):
    return planet("aviarii", **kw)


def ground(p=None, *, personality=3, specialist=None, settings=ADVANCED, ship=None,
           score=0, **landing):
    p = p or aviarii()
    o = replace(on_ground(p, ship, score=score, **landing), personality=personality,
                specialist=specialist)
    return state([p], [o], settings=settings)


# --- personality (5D) -----------------------------------------------------------------------


def test_personality_is_added_once_to_the_crews_attack_and_defence():
    s = ground(**down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    fire = one(r, "legio-fire")
    assert fire["attack"] == 3 + 3 + 3  # two crews of 3 men, plus the personality once (5D a)
    assert fire["defence"] == 8
    # The peaceful survivors answer; the crews defend with 6 + 3.
    assert one(r, "alien-fire")["defence"] == 6 + 3


def test_personality_does_not_count_in_inner_space():
    s = ground(settings={}, **down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6
    assert one(r, "alien-fire")["defence"] == 6


def test_personality_is_subtracted_from_the_alliance_roll_and_kept_on_the_die():
    s = ground(**down(0))
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [6]})
    m = one(r, "mission")
    # 6 - 3 reads face 3 of F.ALL. 3: "-", where the face 6 would have allied.
    assert (m["face"], m["modified"], m["result"]) == (6, 3, "-")
    assert E.result(3, 6) == "Yes" and E.result(3, 3) == "-"
    assert landing_of(r).alliance_failures == 1
    # A personality of 5 and a face of 2: -3, kept on the die as face 1 (ruling).
    s = ground(personality=5, **down(0))
    r = play(s, {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [2], "alien-fire": [1]})
    m = one(r, "mission")
    assert (m["modified"], m["result"]) == (1, E.result(3, 1))


def test_personality_counts_in_a_capture():
    p = planet("pasculi", aliens=(2,))
    r = play(ground(p, **down(0, 1)), {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1]})
    assert one(r, "mission")["column"] == D.label(6 + 3 - 2)  # men, no weapons, + 3 (5D c)
    r = play(ground(p, settings={}, **down(0, 1)), {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1]})
    assert one(r, "mission")["column"] == D.label(6 - 2)


def test_personality_is_subtracted_from_veneration_not_from_intimidation():
    r = play(ground(), {1: Orders(mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [2], "veneration": [6]})
    f, g = of(r, "mission")
    assert f["table"] == "F" and "modified" not in f and f["result"] == "Yes"
    assert g["table"] == "G" and g["modified"] == 3 and g["result"] == G.result(0, 3)
    assert landing_of(r).pending == G.result(0, 3) < G.result(0, 6)


def test_commerce_reads_tab_i_by_the_merchants_fc_plus_the_personality():
    r = play(ground(**down(0)), {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    m = one(r, "mission")
    assert m["table"] == "I" and m["column"] == RULES.tables["I"].label(4 + 3)
    assert landing_of(r).pending == RULES.tables["I"].result(7, 5)
    r = play(ground(settings={}, **down(0)), {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    assert one(r, "mission")["table"] == "H"


def test_tot_reads_the_personalitys_column_in_outer_space():
    from pbem.rules.career import launch_tot

    here = aviarii().position
    target = planet("dracones", pid=3, position=here._replace(x=here.x + 2), designation="P-2")
    for personality, settings, expected in ((5, ADVANCED, L.column_for(5).faces[1]),
                                            (5, {}, L.column_number(3).faces[1])):
        s = ground(target, personality=personality, settings=settings)
        board = Board.from_state(s)
        o = replace(s.officers[1], ship=replace(SHIPS["SPATHA"], tot=1))
        launch_tot(board, o, target.id, RULES, ScriptedDice({"tot": [2]}, strict=True))
        assert [e.data["result"] for e in board.events if e.kind == "tot"] == [expected]
    assert L.column_for(5).faces[1] != L.column_number(3).faces[1]


# --- desertion (3D a, 5D f) -------------------------------------------------------------------


def test_crews_landing_among_sapiens_civiles_desert_above_seven():
    r = play(ground(), {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    d = one(r, "desertion")
    assert (d["face"], d["personality"], d["men"]) == (6, 3, 2)  # 9 is 7 + 2
    assert r.state.officers[1].ship.crews == (3, 1)  # recorded like losses, last crew first
    assert one(r, "losses")["penalty"] == 0  # a GLADIUM pays no point per man


def test_desertion_only_from_the_crews_just_landed_and_charged_on_a_spatha():
    ship = SHIPS["SPATHA"]
    r = play(ground(ship=ship, score=5, **down(0)), {1: Orders(crews_land=1)},
             {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert r.state.officers[1].ship.crews == (3, 1, 3)  # the crew down before keeps its men
    assert r.state.officers[1].score == 5 - 2


def test_no_desertion_up_to_seven_nor_among_other_peoples_nor_in_inner_space():
    r = play(ground(personality=1), {1: Orders(crews_land=0)},
             {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert one(r, "desertion")["men"] == 0 and r.state.officers[1].ship.crews == (3, 3)
    # Sub civiles, super civiles, inner space: no roll at all (strict dice would fail).
    for p, settings in ((planet("troglodytae"), ADVANCED), (planet("oraculares"), ADVANCED),
                        (aviarii(), {})):
        r = play(ground(p, settings=settings), {1: Orders(crews_land=0)},
                 {"arrivals": [NO_ARRIVAL]})
        assert not of(r, "desertion")


# --- specialists (5E) --------------------------------------------------------------------------

ROBUR = Specialist("robur", 3)
SCIENTIST = Specialist("scientist", 2, "animal")


def test_robur_adds_his_value_to_the_crews_he_landed_with_and_forbids_alliances():
    s = ground(personality=0, specialist=ROBUR, robur_crew=0, **down(0, 1))
    r = play(s, {1: Orders(fire=("crews",))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    assert one(r, "legio-fire")["attack"] == 6 + 3
    s = ground(personality=0, specialist=ROBUR, robur_crew=0, **down(0))
    problems = lawful.ship_problems(Orders(mission="alliance", lines={"MISSION": 5}),
                                    s.officers[1], s, RULES, set(),
        lawful.roster(s))
    assert [p.message for p in problems] == [
        "a Princeps ROBUR is aboard: no alliance of any kind is possible (5E b)"]
    r = play(s, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "robur"


def test_the_check_refuses_an_alliance_landing_with_a_robur_unless_he_stays_at_the_base():
    from core import BASE, in_space
    from pbem.rules.geometry import Segment

    at_base = replace(in_space(BASE.position, landed_on=BASE.id), specialist=ROBUR)
    s = state([aviarii()], [at_base], settings=ADVANCED)
    landing = dict(route=(Segment(2, "E"),), attitude="C", mission="alliance",
                   lines={"ROUTE": 5, "LAND": 6, "MISSION": 7})
    problems = lawful.ship_problems(Orders(**landing), at_base, s, RULES, set(), lawful.roster(s))
    assert [p.message for p in problems] == [
        "a Princeps ROBUR is aboard: no alliance of any kind is possible (5E b)"]
    landing["lines"] = landing["lines"] | {"SPECIALIST": 8}
    problems = lawful.ship_problems(Orders(**landing, specialist=None), at_base, s, RULES,
                                    set(), lawful.roster(s))
    assert problems == []


def test_robur_goes_down_with_the_first_crew_and_dies_with_it():
    s = ground(personality=0, specialist=ROBUR)
    r = play(s, {1: Orders(crews_land=1)}, {"arrivals": [NO_ARRIVAL], "desertion": [1]})
    assert landing_of(r).robur_crew == 0 and of(r, "robur-lands")
    # Two hostile DRACONES (16) against his crew of 3 (+ 3): 3 men lost, ROBUR with them.
    p = planet("dracones")
    s = ground(p, personality=0, specialist=ROBUR, score=10, robur_crew=1, **down(1))
    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})
    assert one(r, "alien-fire")["defence"] == 3 + 3
    lost = one(r, "specialist-lost")
    assert (lost["why"], lost["penalty"]) == ("crew-lost", 5)
    officer = r.state.officers[1]
    assert officer.specialist is None and officer.score == 10 - 5
    assert officer.ship.crews == (3,)


def test_a_scientist_adds_his_value_on_planets_of_his_kingdom_before_the_level():
    pending = {"pending": 5, "pending_for": "elimination"}
    s = ground(specialist=SCIENTIST, **down(0), **pending)
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 5 + 2 - 1
    s = ground(specialist=Specialist("scientist", 2, "mineral"), **down(0), **pending)
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 5 - 1


def test_a_scientist_risks_his_life_each_time_the_ship_suffers_damage():
    # A bad bargain (TAB. I, F.C. 4 + 0: face 1 gives -1): one damage, on the lasers.
    s = ground(personality=0, specialist=SCIENTIST, score=4, **down(0))
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2], "scientist": [3]})
    risk = one(r, "specialist-risk")
    assert risk["dead"] and risk["face"] == 3
    assert r.state.officers[1].specialist is None and r.state.officers[1].score == 4 - 2
    # He survives on 4 to 6; a hit the hull absorbs is no damage: no roll at all.
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2], "scientist": [4]})
    assert r.state.officers[1].specialist == SCIENTIST
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [6]})
    assert not of(r, "specialist-risk")


def test_technological_research_reads_tab_r_by_the_technological_level():
    s = ground(specialist=SCIENTIST, **down(0))
    r = play(s, {1: Orders(mission="technology")}, {"arrivals": [NO_ARRIVAL], "technology": [6]})
    m = one(r, "mission")
    assert m["table"] == "R" and m["column"] == R.label(3)
    assert landing_of(r).pending == R.result(3, 6) and landing_of(r).mission == "technology"
    # The landing's one mission: no alliance after it.
    s2 = replace(s, officers={1: replace(s.officers[1], landing=landing_of(r))})
    r = play(s2, {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "one-type"


def test_technological_research_needs_a_scientist_and_a_technological_level():
    s = ground(**down(0))
    problems = lawful.ship_problems(Orders(mission="technology", lines={"MISSION": 5}),
                                    s.officers[1], s, RULES, set(),
        lawful.roster(s))
    assert any("needs a scientist officer" in p.message for p in problems)
    s = ground(planet("sevolventes"), specialist=SCIENTIST, **down(0))
    problems = lawful.ship_problems(Orders(mission="technology", lines={"MISSION": 5}),
                                    s.officers[1], s, RULES, set(),
        lawful.roster(s))
    assert any("no technological level" in p.message for p in problems)


def test_specialist_order_at_the_base_in_outer_space_only():
    from core import BASE, in_space

    at_base = in_space(BASE.position, landed_on=BASE.id)
    s = state([], [at_base], settings=ADVANCED)
    orders = Orders(specialist=SCIENTIST, lines={"SPECIALIST": 5})
    assert lawful.ship_problems(orders, at_base, s, RULES, set(),
        lawful.roster(s)) == []
    r = play(s, {1: orders})
    assert r.state.officers[1].specialist == SCIENTIST
    out = in_space(BASE.position._replace(x=3))
    elsewhere = state([], [out], settings=ADVANCED)
    problems = lawful.ship_problems(orders, out, elsewhere, RULES, set(), lawful.roster(elsewhere))
    assert [p.message for p in problems] == [
        "a specialist officer embarks or leaves only at the base"]
    inner = state([], [at_base])
    problems = lawful.ship_problems(orders, at_base, inner, RULES, set(), lawful.roster(inner))
    assert "outer space only" in problems[0].message
    bad = Orders(specialist=Specialist("robur", 7), lines={"SPECIALIST": 5})
    problems = lawful.ship_problems(bad, at_base, s, RULES, set(),
        lawful.roster(s))
    assert [p.message for p in problems] == ["a specialist's value is 1 to 4, not 7"]
    # SPECIALIST NONE lands him at the base.
    s = state([], [replace(at_base, specialist=ROBUR)], settings=ADVANCED)
    r = play(s, {1: Orders(specialist=None, lines={"SPECIALIST": 5})})
    assert r.state.officers[1].specialist is None


def test_specialist_orders_are_read():
    from pbem.orders.reader import read_orders

    text = ("GAME g\nOFFICER Notius\nSECRET s\nMOVE 1\nSPECIALIST scientist mineral 3\n"
            "MISSION TECHNOLOGY\nEND\n")
    orders, problems = read_orders(text, "o.txt")
    assert not problems
    assert orders.specialist == Specialist("scientist", 3, "mineral")
    assert orders.mission == "technology"
    orders, problems = read_orders(text.replace("scientist mineral 3", "NONE"), "o.txt")
    assert not problems and orders.given_specialist and orders.specialist is None
    _, problems = read_orders(text.replace("scientist mineral 3", "wizard 2"), "o.txt")
    assert "PSI, ROBUR or SCIENTIST" in problems[0].message


# --- enlistment and the store ---------------------------------------------------------------


def outer_space_game(tmp_path):
    """A game folder whose stored level is advanced (outer space)."""
    import json

    from pbem import game
    from pbem.storage import game_state
    from pbem.storage.database import open_db, update_row

    root = tmp_path / "cornifex"
    game.new_game(root, 1, name="cornifex", size=12)
    db = open_db(root)
    settings = json.loads(game_state.game_row(db)["settings"]) | {"level": "advanced"}
    update_row(db, "game", 1, {"settings": json.dumps(settings), "level": "advanced"})
    return root


def test_enlist_declares_the_personality_and_the_specialist(tmp_path):
    from click.testing import CliRunner

    from pbem.storage import game_state
    from pbem.storage.database import open_db
    from pbem.cli import main

    root = outer_space_game(tmp_path)
    fit = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
    run = CliRunner().invoke(main, ["enlist", str(root), "--name", "Notius", "--fit", fit,
                                    "--personality", "4", "--specialist", "scientist mineral 3"])
    assert run.exit_code == 0, run.output
    officer = game_state.load_state(open_db(root)).officers[1]
    assert officer.personality == 4
    assert officer.specialist == Specialist("scientist", 3, "mineral")
    for args, message in (
            (["--personality", "6"], "a personality is 0 (diplomatic) to 5 (aggressive), not 6"),
            (["--specialist", "robur 5"], "a specialist's value is 1 to 4, not 5"),
            (["--specialist", "scientist water 2"], "prepared for one kingdom")):
        run = CliRunner().invoke(main, ["enlist", str(root), "--name", "Beta", "--fit", fit,
                                        *args])
        assert run.exit_code != 0 and message in run.output, run.output


def test_enlist_refuses_them_in_inner_space(tmp_path):
    from pbem import game
    from pbem.errors import GameError

    root = tmp_path / "inner"
    game.new_game(root, 1, size=12)
    import pytest

    with pytest.raises(GameError, match="belong to the advanced level"):
        game.enlist(root, "Notius", "", "GLADIUM", "MARTHIA", {"crews": 2, "tanks": 3},
                    personality=2)


def test_the_store_keeps_the_specialist_and_the_alien_ship(tmp_path):
    from pbem.storage.rows import (
        alien_ship_from_json, alien_ship_to_json, specialist_from_json, specialist_to_json,
    )
    from pbem.rules.geometry import Position
    from pbem.rules.state import AlienShip

    ship = AlienShip("KNOX", 9, 10, 6, Position(4, 5, 2), reductions=1, hooked=(1,), entered=3)
    assert alien_ship_from_json(alien_ship_to_json(ship)) == ship
    assert specialist_from_json(specialist_to_json(SCIENTIST)) == SCIENTIST
    assert alien_ship_from_json(None) is None
