"""The specialist officers (rulebook 5E; `pbem.rules.specialists`), every die forced.

In outer space (5B b, c; S.C. advanced rule A): the Princeps PSI senses the net that held a
route and where a distortion put the ship, and risks his life at each warning; a scientist
risks his at every damaging event, the black hole's and a planet's mass (TAB. O) included;
a ship the alien ship holds meets no hazard of the route it cannot fly. The map is
`test_outer_space`'s: on level 2 the net covers (20, 5), (21, 5), (22, 5), a distortion lies
at (5, 25), the black hole's nucleus at (20, 20).

On the ground: the Robur's crews, the scientist's bonus, his risk and his research, and the
checks of the SPECIALIST order, on test_personality.py's planet and officer.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.charts import svg
from pbem.rules import lawful, rulings
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import AlienShip, Planet, Specialist

from core import (
    RULES, down, faces_to, in_space, landing_of, marthia, of, one, planet, play, state,
)

from .test_outer_space import FACE, ZONE, outer, report_of, route
from .test_personality import ADVANCED, NO_ARRIVAL, R, aviarii, ground

PSI = Specialist("psi", 2)
SCIENTIST = Specialist("scientist", 3, "vegetable")
LIVES, KILLS = 2, 1  # the PSI's d6 after a warning (specialists.toml: 1 kills)


def with_psi(at: Position, **kw):
    return replace(in_space(at, **kw), specialist=PSI)


# --- the Princeps PSI and the nets (5B b) ------------------------------------------------------


def test_the_psi_senses_the_net_and_the_officer_is_told_where_his_route_really_stopped():
    # 8 E from (17, 5): held at the 3rd parsec, (20, 5). Without a PSI he would believe his
    # 8 parsecs flown (test_outer_space); with one he is told the truth, and reckons it.
    s = outer([], [with_psi(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))}, {"psi": [LIVES]})
    o = r.state.officers[1]
    told = one(r, "route")
    assert (told["stop"], told["travelled"], told["stop_parsec"]) == ("net", 3, 3)
    assert told["reckoning"] == [3, 0, 0] and list(o.reckoning) == [3, 0, 0]
    assert o.position == Position(20, 5, 2)
    assert one(r, "psi-warning") == {"hazard": "net", "parsec": 3}
    risk = one(r, "specialist-risk")
    assert (risk["why"], risk["face"], risk["dead"]) == ("net", LIVES, False)
    assert o.specialist == PSI
    text = report_of(r)
    assert "Held at the 3rd parsec by a magneto-gravitational net, which your Princeps PSI sensed" in text
    assert "Your Princeps PSI (value 2) senses the net: he survives. [d6 2; 1 kills]" in text
    assert "Position by dead reckoning: 3 E from the base." in text
    # Only the square stays with the GM: the officer's events name none.
    assert one(r, "net")["square"] == [20, 5, 2]


def test_a_warning_may_kill_the_psi_and_his_loss_costs_three_points():
    s = outer([], [with_psi(Position(17, 5, 2), score=5)])
    r = play(s, {1: Orders(route=route("8 E"))}, {"psi": [KILLS]})
    o = r.state.officers[1]
    assert RULES.specialists.psi_deadly == (1,) and RULES.specialists.psi_loss == 3
    assert o.specialist is None and o.score == 5 - 3
    assert one(r, "route")["stop"] == "net"  # the warning was given all the same
    lost = one(r, "specialist-lost")
    assert (lost["why"], lost["penalty"]) == ("net", 3)
    text = report_of(r)
    assert "senses the net: he dies" in text and "his loss costs 3 points" in text
    assert "specialist officer: none" in text


def test_the_loss_of_the_psi_never_takes_the_score_below_zero():
    s = outer([], [with_psi(Position(17, 5, 2), score=1)])
    r = play(s, {1: Orders(route=route("8 E"))}, {"psi": [KILLS]})
    assert r.state.officers[1].score == 0


def test_without_a_computer_the_psi_warns_of_nothing_and_risks_nothing():
    assert rulings.PSI_WARNS_THROUGH_THE_COMPUTER
    s = outer([], [replace(with_psi(Position(17, 5, 2)), ship=marthia(computers=0))])
    r = play(s, {1: Orders(route=route("8 E"))})  # no "psi" roll scripted: none is made
    assert of(r, "psi-warning") == [] and of(r, "specialist-risk") == []
    assert list(r.state.officers[1].reckoning) == [8, 0, 0]  # the route ordered, believed flown


def test_another_specialist_senses_nothing():
    s = outer([], [replace(in_space(Position(17, 5, 2)), specialist=SCIENTIST)])
    r = play(s, {1: Orders(route=route("8 E"))})
    assert one(r, "route")["stop"] == "" and of(r, "psi-warning") == []


def test_a_route_that_meets_no_hazard_costs_the_psi_nothing():
    s = outer([], [with_psi(Position(10, 12, 2))])
    r = play(s, {1: Orders(route=route("3 N"))})
    assert of(r, "psi-warning") == [] and of(r, "specialist-risk") == []


def test_in_inner_space_there_is_no_net_to_sense():
    s = replace(outer([], [with_psi(Position(17, 5, 2))]), settings={"rules": [], "level": "basic"})
    r = play(s, {1: Orders(route=route("8 E"))})
    assert of(r, "psi-warning") == []


# --- the Princeps PSI and the distortions (5B c) -----------------------------------------------


def test_the_psi_tells_where_the_distortion_put_the_ship():
    # 8 N from (5, 20): blocked at the 5th parsec, (5, 25); d6 2 (East), d6 3: out at (8, 25).
    # The route's reckoning is where it was blocked; the PSI's adds the shift.
    s = outer([], [with_psi(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3], "psi": [LIVES]})
    o = r.state.officers[1]
    assert o.position == Position(8, 25, 2)
    told = one(r, "route")
    assert (told["stop"], told["stop_parsec"], told["reckoning"]) == ("distortion", 5, [0, 5, 0])
    warning = one(r, "psi-warning")
    assert warning == {"hazard": "distortion", "parsec": 5, "bearing": "3 E", "levels": 0,
                       "reckoning": [3, 5, 0]}
    assert list(o.reckoning) == [3, 5, 0]
    assert one(r, "specialist-risk")["why"] == "distortion"
    text = report_of(r)
    assert "Your Princeps PSI senses where it has put you: 3 E from where it blocked you." in text
    assert "Position by dead reckoning: 2 N + 3 NE from the base." in text
    assert "your instruments cannot tell" not in text


def test_a_shift_up_or_down_is_told_in_levels():
    s = outer([], [with_psi(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [6, 4], "psi": [LIVES]})
    assert r.state.officers[1].position == Position(5, 25, 3)
    assert one(r, "psi-warning")["levels"] == 1
    assert list(r.state.officers[1].reckoning) == [0, 5, 1]
    assert "Your Princeps PSI senses where it has put you: 1 level down." in report_of(r)


def test_a_psi_put_down_on_a_planet_by_the_distortion_knows_where_he_landed():
    target = Planet(3, Position(8, 25, 2))
    s = outer([target], [with_psi(Position(5, 20, 2))])
    r = play(s, {1: Orders(route=route("8 N"))},
             {"distortion": [2, 3], "psi": [LIVES], "info": faces_to("sevolventes"),
              "radioactivity": [5], "landing-risk": [3], "presence": [2],
              "landing-zone": [ZONE["plains"]]})
    assert one(r, "landed")["how"] == "forced-landing"  # public: the cause is his alone
    assert list(r.state.officers[1].reckoning) == [3, 5, 0]


def test_the_officer_s_chart_marks_the_net_his_psi_sensed(tmp_path):
    s = outer([], [with_psi(Position(17, 5, 2))])
    r = play(s, {1: Orders(route=route("8 E"))}, {"psi": [LIVES]})
    from pbem.render import render_move
    from pbem.json_codec import to_json

    render_move(None, tmp_path, game="cornifex", move=5, events=list(r.events),
                texts=[to_json(e.data) for e in r.events], rolls=list(r.rolls))
    chart = (tmp_path / "report-001-notius.html").read_text("utf-8")
    assert svg.STOP_WORDS["net"] in chart


# --- scientists and the damage of outer space (5E c) ----------------------------------------


def test_a_scientist_risks_his_life_in_the_black_hole_s_damage():
    # 4 E from (14, 20): 2 - 1 - 4, three damages; a component lost, so his d6: 1 to 3 kills.
    s = outer([], [replace(in_space(Position(14, 20, 2), score=4), specialist=SCIENTIST)])
    r = play(s, {1: Orders(route=route("4 E"))},
             {"black-hole": [4], "damage": [FACE["shields"], FACE["lasers"], FACE["hull"]],
              "scientist": [2]})
    o = r.state.officers[1]
    assert o.specialist is None and o.score == 4 - SCIENTIST.value
    assert one(r, "specialist-lost")["why"] == "damage"
    text = report_of(r)
    assert text.index("felt the effects of a black hole") < text.index("risks his life")


def test_a_black_hole_hit_the_hull_absorbs_is_no_damage_to_fear():
    assert rulings.SCIENTIST_RISK_ONLY_WHEN_DAMAGE_IS_SUFFERED
    s = outer([], [replace(in_space(Position(14, 20, 2)), specialist=SCIENTIST)])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [2], "damage": [FACE["hull"]]})
    assert of(r, "specialist-risk") == [] and r.state.officers[1].specialist == SCIENTIST


def test_a_scientist_risks_his_life_in_the_damage_of_a_heavy_planet():
    # TAB. O on a type A planet: face 2, two damages, one of them a loss.
    target = planet("sevolventes", position=Position(12, 12, 2))
    s = outer([target], [replace(in_space(Position(12, 14, 2)), specialist=SCIENTIST)])
    r = play(s, {1: Orders(route=route("2 S"), attitude="A")},
             {"landing-risk": [2], "presence": [1], "landing-zone": [ZONE["plains"]],
              "damage": [FACE["radars"], FACE["modules"]], "scientist": [4]})
    risk = one(r, "specialist-risk")
    assert (risk["why"], risk["face"], risk["dead"]) == ("damage", 4, False)
    assert r.state.officers[1].specialist == SCIENTIST


# --- the alien ship's glue and the hazards ------------------------------------------------------


def knox(at: Position, hooked=(1,)) -> AlienShip:
    kind = RULES.alien_ships.ships["KNOX"]
    return AlienShip(kind.name, kind.attack, kind.defence, kind.movement, at, hooked=hooked,
                     entered=1)


def test_a_ship_the_alien_ship_holds_meets_no_hazard_of_the_route_it_cannot_fly():
    # Held at (14, 20), 4 E would pass 2 parsecs from the nucleus: the glue holds, the route
    # is not flown, no black hole roll is made (none scripted); then the alien attacks.
    here = Position(14, 20, 2)
    s = replace(outer([], [with_psi(here)]), alien_ship=knox(here))
    r = play(s, {1: Orders(route=route("4 E"), disengage=True)},
             {"disengage": [1], "alien-ship-fire": [1]})
    assert one(r, "route")["stop"] == "held"
    assert of(r, "black-hole-roll") == [] and of(r, "psi-warning") == []
    assert r.state.officers[1].position == here


def test_once_free_the_route_meets_its_hazards_and_the_psi_senses_them():
    # Disengaged at (17, 5): 8 E is flown and held by the net; the PSI warns.
    here = Position(17, 5, 2)
    s = replace(outer([], [with_psi(here)]), alien_ship=knox(here))
    r = play(s, {1: Orders(route=route("8 E"), disengage=True)},
             {"disengage": [5], "psi": [LIVES], "alien-ship-fire": [1]})
    assert one(r, "disengage")["free"]
    assert one(r, "route")["stop"] == "net" and one(r, "psi-warning")["parsec"] == 3
    # The alien ship then follows him to the net's square, 3 parsecs off, and holds him again.
    assert r.state.alien_ship.position == Position(20, 5, 2)
    assert r.state.alien_ship.hooked == (1,)


def test_a_distortion_that_puts_a_ship_in_the_alien_ship_s_square_is_held_there():
    # The alien ship waits at (8, 25); the distortion's shift (East 3) puts the ship there.
    s = replace(outer([], [in_space(Position(5, 20, 2))]),
                alien_ship=knox(Position(8, 25, 2), hooked=()))
    r = play(s, {1: Orders(route=route("8 N"))}, {"distortion": [2, 3], "alien-ship-fire": [1]})
    assert r.state.alien_ship.hooked == (1,)
    assert one(r, "alien-ship-hooks", 1)["name"] == "KNOX"


def test_the_alien_ship_flies_through_the_hazards_untouched():
    # From (14, 5) toward a legionary at (26, 5): its path crosses the net of (20..22, 5).
    s = replace(outer([], [in_space(Position(26, 5, 2))]),
                alien_ship=knox(Position(14, 5, 2), hooked=()))
    r = play(s)
    assert r.state.alien_ship.position == Position(20, 5, 2)  # its movement of 6, unheld
    assert of(r, "net") == []
    s = replace(s, alien_ship=knox(Position(19, 5, 2), hooked=()))
    r = play(s)
    assert r.state.alien_ship.position == Position(25, 5, 2)  # straight through the net


# --- the specialists on the ground (5E) --------------------------------------------------------------------------

ROBUR = Specialist("robur", 3)
ANIMAL_SCIENTIST = Specialist("scientist", 2, "animal")


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
    s = ground(specialist=ANIMAL_SCIENTIST, **down(0), **pending)
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 5 + 2 - 1
    s = ground(specialist=Specialist("scientist", 2, "mineral"), **down(0), **pending)
    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "points")["net"] == 5 - 1


def test_a_scientist_risks_his_life_each_time_the_ship_suffers_damage():
    # A bad bargain (TAB. I, F.C. 4 + 0: face 1 gives -1): one damage, on the lasers.
    s = ground(personality=0, specialist=ANIMAL_SCIENTIST, score=4, **down(0))
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2], "scientist": [3]})
    risk = one(r, "specialist-risk")
    assert risk["dead"] and risk["face"] == 3
    assert r.state.officers[1].specialist is None and r.state.officers[1].score == 4 - 2
    # He survives on 4 to 6; a hit the hull absorbs is no damage: no roll at all.
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [2], "scientist": [4]})
    assert r.state.officers[1].specialist == ANIMAL_SCIENTIST
    r = play(s, {1: Orders(mission="commerce")},
             {"arrivals": [NO_ARRIVAL], "commerce": [1], "damage": [6]})
    assert not of(r, "specialist-risk")


def test_technological_research_reads_tab_r_by_the_technological_level():
    s = ground(specialist=ANIMAL_SCIENTIST, **down(0))
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
    s = ground(planet("sevolventes"), specialist=ANIMAL_SCIENTIST, **down(0))
    problems = lawful.ship_problems(Orders(mission="technology", lines={"MISSION": 5}),
                                    s.officers[1], s, RULES, set(),
        lawful.roster(s))
    assert any("no technological level" in p.message for p in problems)


def test_specialist_order_at_the_base_in_outer_space_only():
    from core import BASE, in_space

    at_base = in_space(BASE.position, landed_on=BASE.id)
    s = state([], [at_base], settings=ADVANCED)
    orders = Orders(specialist=ANIMAL_SCIENTIST, lines={"SPECIALIST": 5})
    assert lawful.ship_problems(orders, at_base, s, RULES, set(),
        lawful.roster(s)) == []
    r = play(s, {1: orders})
    assert r.state.officers[1].specialist == ANIMAL_SCIENTIST
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
