"""The basic level read again as a demanding GM and a rules lawyer would.

Each test pins one point where the move once did something the rulebook does not say (or
the check let through an order the move then mishandled), with the section it follows.
They drive the pure core like the mission and ground tests: a hand-built state, one move
with every roll scripted (`play`), and the rules' own lawfulness check on parsed orders.
"""

from __future__ import annotations

import importlib.resources
from dataclasses import replace

import pytest

from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.board import Board
from pbem.rules.dice import ScriptedDice
from pbem.rules.ground import Party, damage
from pbem.rules.geometry import Segment
from pbem.rules.orders import InfoRequest, Orders, Payment
from pbem.rules.ship import WEAPONS
from pbem.rules.state import GameState
from pbem.rules.tables import DAMAGE_LOCATIONS, Column
from pbem.ruleset_files import RulesetError, load_ruleset

from conftest import orders_text
from core import (
    CREW_FC, HERE, LASER_FC, RULES, SHIELD_FC, down, in_space, kinds, landing_of, marthia, of,
    on_ground, one, planet, play, state,
)

A, B, C, D, E, F, G, H, L = (RULES.tables[t] for t in "ABCDEFGHL")
NO_ARRIVAL = 1  # d6 face 1 brings nobody for every race used here


def checked(s: GameState, *body: str) -> list[tuple[int, str]]:
    """What the lawfulness check says of these orders for Notius (the secret taken as right)."""
    s = replace(s, name="cornifex")
    orders, unreadable = read_orders(orders_text("Notius", "s", s.move, *body), "o.txt")
    assert unreadable == [], unreadable
    return [(p.line, p.message) for p in lawful.problems(orders, s, RULES, lambda i, x: True)]


# --- fire: 4 I, 3G a ------------------------------------------------------------------------


def test_an_elimination_without_fire_meets_the_hostile_aliens_fire_once():
    """MISSION ELIMINATION is fire: with hostile aliens both fire at once (4 I b); they do
    not attack first and then answer the elimination a second time."""
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert A.result(2 * CREW_FC - 6, 6) == "U"
    r = play(s, {1: Orders(mission="elimination")},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [6], "alien-fire": [1]})
    assert len(of(r, "legio-fire")) == 1
    assert len(of(r, "alien-fire")) == 1  # the simultaneous answer, of the two who began
    assert one(r, "alien-fire")["attack"] == 6


def test_fire_nobody_can_deliver_provokes_nobody():
    """FIRE LASERS from a ship with no lasers: no shot, so the peaceful aliens stay peaceful
    and do not fire (4 I: "a single attack makes hostile")."""
    p = planet("sevolventes")
    s = state([p], [on_ground(p, marthia(lasers=0))])
    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "legio-fire") == [] and of(r, "alien-fire") == []
    assert not r.state.planets[2].hostile
    assert one(r, "mission-refused")["why"] == "no-one-to-fire"
    # The check refuses it before the move, and TARGET 0 likewise.
    assert checked(s, "FIRE LASERS") == [(5, "the ship has no lasers to fire")]
    s = state([p], [on_ground(p)])
    assert checked(s, "FIRE LASERS", "TARGET 0") == [(6, "TARGET 0 fires at nobody")]
    r = play(s, {1: Orders(fire=("lasers",), targets=0)}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "alien-fire") == [] and not r.state.planets[2].hostile


def test_the_attitude_decides_who_fires_on_landing():
    """3G a: attitudes A and C land without fire, so MISSION ELIMINATION with them is
    refused by the check; at the move it fires nothing."""
    base_side = in_space(HERE._replace(x=HERE.x - 2))
    p = replace(planet("sevolventes", ()), populated=False)
    s = state([p], [base_side])
    assert checked(s, "ROUTE 2 E", "LAND A", "MISSION ELIMINATION") == [
        (7, "attitude A lands without fire, and an elimination is fire")]
    assert checked(s, "ROUTE 2 E", "LAND B", "MISSION ELIMINATION") == []
    r = play(s, {1: Orders(route=(Segment(2, "E"),), attitude="C", mission="elimination")},
             {"presence": [3]})
    assert of(r, "legio-fire") == [] and of(r, "alien-fire") == []
    assert one(r, "mission-refused")["why"] == "attitude-no-fire"


def test_intimidation_while_crews_land_counts_no_ship_lasers():
    """3D c: the lasers never fire while crews land; the theoretical combat of an
    intimidation (4 IV) in that move is the landed crews' alone."""
    p = planet("troglodytae", (3,) * 2)
    s = state([p], [on_ground(p, shields=False)])
    crews = 2 * CREW_FC  # two complete crews land, no individual weapons
    assert F.label(crews - 6) != F.label(crews + 3 * LASER_FC - 6)
    dash = F.column_for(crews - 6).faces.index("-") + 1
    r = play(s, {1: Orders(crews_land=0, mission="intimidation")},
             {"arrivals": [NO_ARRIVAL], "intimidation": [dash]})
    assert one(r, "mission")["column"] == F.label(crews - 6)


def test_crews_re_embarking_carry_out_no_mission():
    """A mission takes a move on the ground (3G b): CREWS EMBARK with MISSION is refused by
    the check, and the move says the mission was not tried instead of dropping it."""
    p = planet("troglodytae", (3,) * 2)
    s = state([p], [on_ground(p, **down(0, 1))])
    assert (5, "crews re-embarking carry out no mission (a mission takes a move on the "
               "ground, 3G b)") in checked(s, "MISSION INTIMIDATION", "CREWS EMBARK")
    r = play(s, {1: Orders(crews_embark=True, mission="intimidation")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["why"] == "re-embarking"
    assert of(r, "mission") == []


# --- missions: 4 II, 4 III -----------------------------------------------------------------------


def test_a_failed_capture_makes_only_its_subject_attack():
    """4 II: on No "the Alien subjected to the capture attempt" attacks; the others keep
    their disposition (ruling CAPTURE_NO_ONLY_THE_SUBJECT_ATTACKS)."""
    p = planet("mammuthi", (6, 6))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(2 * CREW_FC - 6, 1) == "No"
    r = play(s, {1: Orders(mission="capture")},
             {"arrivals": [NO_ARRIVAL], "capture": [1], "alien-fire": [1]})
    assert one(r, "alien-fire")["attack"] == 6
    assert not r.state.planets[2].hostile


# --- damage: 4 I, TAB. C -----------------------------------------------------------------------


def test_every_damage_table_C_can_name_is_suffered_as_named():
    """A GM's TAB. C may name any component the move can damage; each is taken away as
    named (a module with its weapon, a weapon leaving its module), the hull absorbs one."""
    ship = marthia(crews=(3, 3, 3), modules=3, laser_zip3=1, ho1=1, sil12=1, tot=1)
    for part in DAMAGE_LOCATIONS:
        table = replace(C, columns=(Column(None, (part,) * C.die),))
        rules = replace(RULES, tables={**RULES.tables, "C": table})
        p = planet("sevolventes")
        s = state([p], [on_ground(p, ship, shields=False)])
        party = Party(Board.from_state(s), s.officers[1], s.officers[1].landing, rules,
                      ScriptedDice({"damage": [1]}, strict=True))
        damage(party, 1)
        after = party.ship
        if part == "hull":
            assert after == ship and party.hull_hits == 1
        elif part in WEAPONS:
            assert getattr(after, part) == getattr(ship, part) - 1 and after.modules == 3, part
        elif part == "modules":
            assert after.modules == 2 and after.sil12 == 0  # the last mounted goes with it
        else:
            assert getattr(after, part) == getattr(ship, part) - 1, part


def test_a_table_C_naming_the_crews_is_refused_with_the_reason(tmp_path):
    text = importlib.resources.files("pbem.data").joinpath("tables.toml").read_text("utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "tables.toml").write_text(
        text.replace('faces = ["shields", "lasers"', 'faces = ["crews", "lasers"'), "utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path)
    assert "C.column[1].faces[1]" in str(caught.value)
    assert "crews are lost man by man on TAB. B" in str(caught.value)


# --- the career: 3A, 3F c --------------------------------------------------------------------


def test_a_frombola_decurio_is_promoted_into_a_gladium():
    """3A, section 6: "the ship of the immediately higher level": FROMBOLA (0) to GLADIUM
    (1), as a GLADIUM Decurio goes to a SPATHA (2)."""
    from core import BASE, SHIPS

    for start, promoted in (("FROMBOLA", "GLADIUM"), ("GLADIUM", "SPATHA")):
        s = state([], [in_space(BASE.position._replace(x=11), SHIPS[start], score=7)])
        r = play(s, {1: Orders(route=(Segment(1, "W"),))})
        officer = r.state.officers[1]
        assert (officer.rank, officer.ship.type) == ("Centurio", promoted)
        assert one(r, "promotion")["ship_type"] == promoted


def test_a_score_reached_on_the_base_promotes_without_a_fly_out():
    """The MISSUS is on the base (3A): points paid by a colleague to an officer standing
    there promote him in his own turn, whether he moves or holds."""
    from core import BASE

    beta = replace(in_space(BASE.position, oid=2, name="Beta", turn=0, score=8),
                   landed_on=BASE.id)
    notius = replace(in_space(BASE.position, oid=1, turn=1, score=5), landed_on=BASE.id)
    s = state([], [beta, notius])
    r = play(s, {2: Orders(pay=(Payment(2, "Notius"),))})  # Notius holds: no orders
    assert r.state.officers[1].rank == "Centurio"
    assert one(r, "promotion", 1)["rank"] == "Centurio"
    assert (r.state.officers[2].rank, r.state.officers[2].score) == ("Decurio", 6)


def test_a_tie_at_the_end_of_a_timed_game_is_a_shared_victory_and_says_so(tmp_path):
    """1: the highest rank, then the most points; still equal, they share the victory
    (ruling SHARED_VICTORY_ON_A_TIE), and the final bulletin says why."""
    from pathlib import Path

    from pbem.render import render_move

    alpha = in_space(HERE._replace(x=20), name="Alpha", score=6)
    beta = in_space(HERE._replace(x=3), oid=2, name="Beta", score=6, turn=1)
    s = state([], [alpha, beta], move=2, settings={"moves": 2})
    r = play(s)
    end = one(r, "game-end")
    assert end["winners"] == ["Alpha", "Beta"] and r.state.winner == "Alpha and Beta"
    assert "equal in rank (Decurio) and points (6)" in end["reason"]
    out = Path(tmp_path) / "out"
    render_move(None, out, game="cornifex", move=2, events=list(r.events),
                texts=["{}"] * len(r.events), rolls=[])
    bulletin = (out / "bulletin.txt").read_text()
    assert "THE GAME IS OVER: Alpha and Beta SHARE THE VICTORY (equal in rank" in bulletin


def test_a_game_of_the_advanced_level_plays_outer_space(tmp_path):
    """`pbem new --level advanced` places the hazards, and the move plays them: a route into
    a net is held there unseen, the officer told his route completed, the GM told the truth."""
    from pbem import game
    from pbem.demo import ADVANCED

    from conftest import EXAMPLE_FIT

    state = game.new_game(tmp_path / "drawn", 1, level="advanced")
    assert state.settings["level"] == "advanced" and state.hazards
    folder = tmp_path / "nulli"
    game.new_game(folder, 1, name="nulli", level="advanced",
                  map_file=ADVANCED.orders() / ADVANCED.map)
    game.enlist(folder, "Notius", "", "GLADIUM", "MARTHIA", EXAMPLE_FIT, secret="s-1")
    (folder / "orders" / "notius.txt").write_text(
        orders_text("Notius", "s-1", 1, "ROUTE 8 E", game_name="nulli"), encoding="utf-8")
    reports = game.resolve(folder).folder
    report = (reports / "report-001-notius.txt").read_text("utf-8")
    assert "Route completed: 8 parsecs." in report and "8 E from the base" in report
    assert "[gm] net (Notius)" in (reports / "gm-log.txt").read_text("utf-8")
    assert game.game_state.load_state(game.open_db(folder)).officers[1].position.x == 16


def test_the_technical_sheet_promises_only_points_the_rules_pay(tmp_path):
    """Intimidation pays TAB. G's veneration points, commerce TAB. H's (4 IV, 4 V): the
    guide has no points of its own for them, refuses them, and the sheet says where the
    points come from."""
    from pbem.rules.landing import technical_sheet

    for r in RULES.guide.values():
        assert set(r.points) <= {"elimination", "capture", "alliance", "collect"}, r.id
    sheet = technical_sheet(RULES.guide["troglodytae"])
    assert sheet["intimidable"] and sheet["merchant"] and "intimidation" not in sheet["points"]
    text = importlib.resources.files("pbem.data").joinpath("guide.toml").read_text("utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "guide.toml").write_text(
        text.replace("points = { elimination = 2 }", "points = { elimination = 2, intimidation = 5 }", 1),
        "utf-8")
    with pytest.raises(RulesetError, match=r"points.intimidation: the intimidation pays the "
                                           r"points of TAB. G \(veneration points\)"):
        load_ruleset(tmp_path)


def test_level_IV_information_gives_the_GI_reference():
    """S.C. rule F: "The IV level also indicates the reference ... on the G.I."."""
    from core import faces_to, facts_for

    facts = facts_for("sevolventes")
    p = replace(planet("sevolventes", ()), facts=facts[:3], populated=False)
    s = state([p], [in_space(HERE._replace(x=HERE.x - 1))])
    r = play(s, {1: Orders(info=(InfoRequest("P-1"),))}, {"info": [faces_to("sevolventes")[3]]})
    info = one(r, "info")
    assert info["level"] == "IV"
    assert info["reference"] == RULES.guide["sevolventes"].reference
    from pbem.render import MoveView
    assert info in MoveView(r.events).public_context()["info"]


# --- what the officer is told: 3D f II, 3F, reports ------------------------------------------


def report_of(result, oid=1) -> str:
    """The officer's report of a move played on the pure core, rendered as the GM gets it."""
    import tempfile
    from pathlib import Path

    from pbem.render import render_move, report_name

    out = Path(tempfile.mkdtemp())
    render_move(None, out, game="cornifex", move=5, events=list(result.events),
                texts=["{}"] * len(result.events), rolls=[])
    name = result.state.officers[oid].name
    return (out / report_name(oid, name)).read_text(encoding="utf-8")


def test_without_a_computer_the_ship_is_told_nothing_but_landed_on():
    """3D f II: no sightings, no stop, no discovery points told; the planet it lands on is
    named, and everything about the landing is told."""
    from pbem.rules.events import GM, OFFICER, PUBLIC

    p1 = replace(planet("sevolventes", ()), populated=False, designation=None, facts=())
    p2 = replace(planet("sevolventes", (), pid=3, position=HERE._replace(y=HERE.y + 2),
                        designation=None), populated=False, facts=())
    blind = in_space(HERE._replace(x=HERE.x - 3), marthia(computers=0, radars=2))
    s = replace(state([p1, p2], [blind]), designations=0)
    # 3 E runs onto P-1 (the radar stops the route a parsec before it); P-2 is in range.
    r = play(s, {1: Orders(route=(Segment(3, "E"),))})
    mine = [e for e in r.events if e.officer == 1]
    assert not [e for e in mine if e.kind == "sighting"]
    route = one(r, "route")
    assert route["link"] is False and "stop" not in route and "travelled" not in route
    assert r.state.officers[1].reckoning.x == 3  # he reckons the route flown to its end
    assert r.state.designations == 0 and r.state.officers[1].score == 0
    untold = [e for e in r.events if e.kind == "untold-route"]
    assert untold and untold[0].audience == GM and untold[0].data["stop"] == "planet-ahead"
    text = report_of(r)
    assert "No computer on board" in text and "SIGHTINGS" not in text
    # Without a radar either, he runs onto the planet and lands: that he is told.
    blind = in_space(HERE._replace(x=HERE.x - 3), marthia(computers=0, radars=0))
    s = replace(state([p1], [blind]), designations=0)
    r = play(s, {1: Orders(route=(Segment(3, "E"),))}, {"info": [1] * 6, "presence": [1]})
    assert one(r, "landed")["planet"] == "P-1"
    assert "LANDED ON P-1" in report_of(r) and of(r, "encounter")


def test_a_vertical_arrival_onto_an_uncharted_planet_says_why_it_landed():
    """Ruling VERTICAL_ARRIVAL_LANDS: the radar does not see across levels, so 4 DOWN onto an
    uncharted planet lands on it; the report does not say "no radar" when radar was on."""
    below = HERE._replace(level=HERE.level + 1)
    p = replace(planet("sevolventes", (), position=below, designation=None), populated=False,
                facts=())
    s = replace(state([p], [in_space(HERE)]), designations=0)
    r = play(s, {1: Orders(route=(Segment(4, "DOWN"),))}, {"info": [1] * 6, "presence": [1]})
    assert one(r, "route")["stop"] == "vertical-landing"
    text = report_of(r)
    assert "no radar" not in text.lower()
    assert "came onto a planet from another level, where the radar does not reach" in text


def test_a_take_off_stopped_at_once_is_told_plainly():
    """Not "the 0th parsec": at the start of the route."""
    from pbem.rules.geometry import Position

    edge = replace(planet("sevolventes", position=Position(0, 10, 2)), id=2)
    s = state([edge], [on_ground(edge)])
    r = play(s, {1: Orders(route=(Segment(2, "W"),))}, {"arrivals": [NO_ARRIVAL]})
    text = report_of(r)
    assert "0th" not in text
    assert "Stopped at the edge of the zone at the start of the route." in text


def test_a_report_tells_the_ground_left_before_the_route_and_the_base_after():
    """Arrivals and re-embarking on P-1 come before the take-off, under P-1's name; the
    promotion at the base after the landing there."""
    p = planet("sevolventes")
    s = state([p], [on_ground(p, score=6, **down(0, 1), pending=5, pending_for="elimination")])
    r = play(s, {1: Orders(route=(Segment(2, "W"),), crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
    text = report_of(r)
    assert text.index("ON THE GROUND OF P-1") < text.index("ROUTE") < text.index(
        "You landed on the BASE.") < text.index("AT THE BASE\n  PROMOTION")
    assert "Crews re-embarked" in text[text.index("ON THE GROUND OF P-1"):text.index("ROUTE")]


def test_a_route_not_flown_because_the_ship_was_lost_is_still_reported():
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, marthia(shields=0), **down(0, 1))])
    r = play(s, {1: Orders(route=(Segment(2, "W"),), crews_embark=True)},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [6], "damage": [6, 10]})
    assert one(r, "rescue")
    text = report_of(r)
    assert "Ordered: 2 W. Not flown: your ship was lost on the ground" in text


def test_an_officer_on_the_ground_is_told_his_sightings():
    """The radar of a ship on the ground sees (3D e); what the bulletin lists of it, his
    report lists too."""
    p = planet("sevolventes")
    other = replace(planet("sevolventes", pid=3, position=HERE._replace(x=HERE.x + 1),
                           designation="P-2"))
    s = state([p, other], [on_ground(p)])
    r = play(s, {1: Orders()}, {"arrivals": [NO_ARRIVAL]})
    assert [x["planet"] for x in of(r, "sighting")] == ["P-2", "BASE"]
    text = report_of(r)
    assert "SIGHTINGS\n  Where your ship stands: planet P-2" in text


def test_the_planet_of_the_ships_own_square_is_no_sighting():
    """Taking off from P-1, the ship does not "sight" P-1 from its first parsec; a route
    crossing a known planet says so at distance 0."""
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    r = play(s, {1: Orders(route=(Segment(1, "N"),))}, {"arrivals": [NO_ARRIVAL]})
    assert "P-1" not in [x["planet"] for x in of(r, "sighting")]
    known = replace(planet("sevolventes"), known=True)
    s = state([known], [in_space(HERE._replace(x=HERE.x - 1))])
    r = play(s, {1: Orders(route=(Segment(2, "E"),))})
    (crossed,) = [x for x in of(r, "sighting") if x["planet"] == "P-1"]
    assert (crossed["distance"], crossed["parsec"]) == (0, 1)
    assert "On your route." in report_of(r)


# --- cooperation: 3I b -----------------------------------------------------------------------


def pair_on_p1(aliens=(5, 5)):
    p = planet("sevolventes", aliens)
    notius = on_ground(p, oid=1, turn=0, **down(0, 1))
    beta = on_ground(p, oid=2, name="Beta", turn=1, **down(0, 1))
    return state([p], [notius, beta])


def test_two_officers_on_one_planet_fire_together_in_one_roll():
    """3I b: "adding for example one's F.C.Att. in case of a clash against the same Alien":
    both order FIRE ... WITH the other; one TAB. A roll with both F.C.Att, in the turn of
    the first of them; both are told, both opened fire, both wait for the points."""
    s = pair_on_p1()
    together = 4 * CREW_FC  # two crews each
    assert A.result(together - 10, 5) == "U" and A.result(2 * CREW_FC - 10, 5) != "U"
    orders = {1: Orders(fire=("crews",), cooperate="Beta"),
              2: Orders(fire=("crews",), cooperate="Notius")}
    r = play(s, orders, {"arrivals": [NO_ARRIVAL], "legio-fire": [5]})
    fire = one(r, "legio-fire", 1)
    assert (fire["attack"], fire["own"], fire["ally"], fire["result"]) == (together, 6, "Beta", "U")
    assert of(r, "legio-fire", 2) == []  # no second volley in Beta's turn
    joint = one(r, "joint-fire", 2)
    assert (joint["ally"], joint["own"], joint["killed"]) == ("Notius", 6, 2)
    assert one(r, "joint-done", 2) is not None
    for oid in (1, 2):
        landing = landing_of(r, oid)
        assert landing.fired and landing.pending == RULES.guide["sevolventes"].points["elimination"]
    assert "joined Notius's in his turn: 2 killed" in report_of(r, 2)


def test_fire_ordered_with_a_colleague_who_does_not_join_goes_alone():
    s = pair_on_p1()
    orders = {1: Orders(fire=("crews",), cooperate="Beta"), 2: Orders()}
    faces = [f for f in range(1, 7) if A.result(2 * CREW_FC - 10, f) == "-"]
    # The survivors answer Notius, and attack Beta in his turn: they are hostile now.
    r = play(s, orders, {"arrivals": [NO_ARRIVAL], "legio-fire": [faces[0]],
                         "alien-fire": [1, 1]})
    assert one(r, "joint-refused", 1)["why"] == "not-joined"
    assert one(r, "legio-fire", 1)["attack"] == 2 * CREW_FC
    assert of(r, "joint-fire") == [] and not landing_of(r, 2).fired


def test_the_check_wants_the_colleague_on_the_same_ground():
    s = pair_on_p1()
    assert checked(s, "FIRE CREWS WITH Beta") == []
    assert checked(s, "FIRE CREWS WITH Nobody") == [(5, "no colleague named Nobody")]
    away = replace(s, officers={**s.officers, 2: in_space(HERE, oid=2, name="Beta", turn=1)})
    assert checked(away, "FIRE CREWS WITH Beta") == [(5, "Beta is not on the ground of this planet")]


def test_the_men_of_a_crew_are_read_from_the_ruleset(tmp_path):
    """No 3 in the code: ships.toml says how many men make a crew (3D a), and a ruleset with
    crews of 4 lands, counts and checks crews of 4."""
    text = importlib.resources.files("pbem.data").joinpath("ships.toml").read_text("utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "ships.toml").write_text(text.replace("crew_men = 3", "crew_men = 4"),
                                                   "utf-8")
    rules = load_ruleset(tmp_path)
    assert {t.crew_men for t in rules.ships.values()} == {4}
    p = planet("sevolventes")
    s = replace(state([p], [on_ground(p, marthia(crews=(4, 3)), shields=False)]), name="cornifex")
    orders, _ = read_orders(orders_text("Notius", "s", s.move, "CREWS LAND 2"), "o.txt")
    (problem,) = lawful.problems(orders, s, rules, lambda i, x: True)
    assert problem.message == "only 1 complete crew(s) of 4 men aboard can land"
