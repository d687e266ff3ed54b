"""The alien ship (5C, S.C. advanced rule E): its entry, its pursuit, the space glue fight to
destruction, a disengagement, a joint fight, radar and the order checks, with forced dice
on hand-built states of outer space.

Notius flies section 6's GLADIUM MARTHIA (lasers 3: F.C.Att 18; shields 5: F.C.Def 25).
KNOX: F.C.Att 18, F.C.Def 20, movement 6 (TAB. Q as shipped).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from pbem.rules import lawful
from pbem.rules.alien_ship import report_data
from pbem.rules.geometry import distance
from pbem.rules.route import Parsec
from pbem.rules.events import OFFICER, PUBLIC
from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import Orders
from pbem.rules.state import AlienShip

from core import RULES, in_space, of, one, play, state
from parsecs import nearest_parsec

ADVANCED = {"level": "advanced"}
M, N, S = (RULES.tables[t] for t in "MNS")
NO_SHIP, SHIP = 1, 5  # TAB. S faces


def knox(at: Position, **kw) -> AlienShip:
    kind = RULES.alien_ships.ships["KNOX"]
    return AlienShip(kind.name, kind.attack, kind.defence, kind.movement, at, **kw)


def space(*officers, alien=None):
    return replace(state([], list(officers), settings=ADVANCED), alien_ship=alien)


# --- entry (TAB. S, TAB. Q) --------------------------------------------------------------------


def test_tab_s_decides_the_entry_and_tab_q_which_ship_and_side():
    assert S.result(0, NO_SHIP) == "No" and S.result(0, SHIP) == "Yes"
    assert RULES.alien_ships.result(1) == (RULES.alien_ships.ships["KNOX"], "N")
    a = in_space(Position(3, 3, 3))
    b = in_space(Position(20, 3, 3), oid=2, name="Beta", turn=1)
    c = in_space(Position(3, 3, 2), oid=3, name="Gamma", turn=2)
    r = play(space(a, b, c), {}, {"alien-ship": [SHIP, 1, 5]})
    ship = r.state.alien_ship
    # KNOX from the North side, 5th square, on level 3 where two legionaries are in space.
    assert (ship.name, ship.position, ship.entered) == ("KNOX", Position(4, 29, 3), 5)
    entered = one(r, "alien-ship-enters")
    assert entered["side"] == "N"
    assert [e.audience for e in r.events if e.kind.startswith("alien-ship")] == ["gm"]
    r = play(space(a), {}, {"alien-ship": [NO_SHIP]})
    assert r.state.alien_ship is None


def test_the_entry_level_ignores_landed_ships_and_ties_go_to_a_roll():
    from core import BASE

    at_base = in_space(BASE.position, landed_on=BASE.id)  # level 2, but landed
    a = in_space(Position(3, 3, 1), oid=2, name="Beta", turn=1)
    b = in_space(Position(3, 3, 4), oid=3, name="Gamma", turn=2)
    r = play(space(at_base, a, b), {}, {"alien-ship": [SHIP, 1, 1, 2]})
    assert r.state.alien_ship.position.level == 4  # the second of the tied levels 1 and 4


def test_entering_a_legionarys_square_attacks_him():
    a = in_space(Position(0, 29, 2))
    r = play(space(a), {}, {"alien-ship": [SHIP, 1, 1], "alien-ship-fire": [1]})
    assert r.state.alien_ship.hooked == (1,)
    attack = one(r, "alien-ship-attack", 1)
    assert (attack["defence"], attack["attack"]) == (25, 18)
    assert attack["column"] == N.label(25 - 18) and attack["result"] == N.result(7, 1)


# --- pursuit -------------------------------------------------------------------------------


def test_it_flies_toward_the_nearest_legionary_by_its_movement_factor():
    near = in_space(Position(12, 10, 2))
    far = in_space(Position(0, 29, 2), oid=2, name="Beta", turn=1)
    r = play(space(near, far, alien=knox(Position(0, 10, 2))), {}, {})
    assert r.state.alien_ship.position == Position(6, 10, 2)
    assert r.state.alien_ship.hooked == ()
    # Within reach: it enters his square, hooks him and attacks.
    prey = in_space(Position(5, 12, 2))
    r = play(space(prey, alien=knox(Position(0, 10, 2))), {}, {"alien-ship-fire": [1]})
    assert r.state.alien_ship.position == Position(5, 12, 2)
    assert r.state.alien_ship.hooked == (1,) and of(r, "alien-ship-attack", 1)


def test_a_level_change_costs_four_and_is_not_split():
    prey = in_space(Position(5, 5, 3))
    r = play(space(prey, alien=knox(Position(5, 5, 1))), {}, {})
    assert r.state.alien_ship.position == Position(5, 5, 2)  # 4 + 2 left: no second level
    r = play(replace(r.state, move=6), {}, {"alien-ship-fire": [1]})
    assert r.state.alien_ship.position == Position(5, 5, 3) and r.state.alien_ship.hooked == (1,)


def test_landed_ships_do_not_attract_it():
    from core import BASE

    at_base = in_space(BASE.position, landed_on=BASE.id)
    r = play(space(at_base, alien=knox(Position(5, 5, 2))), {}, {})
    assert r.state.alien_ship.position == Position(5, 5, 2)


# --- space glue ------------------------------------------------------------------------------


def test_a_space_glue_fight_to_destruction():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=knox(here, hooked=(1,)))
    # Move 1: 18 against 20 (difference -2), face 4: R, both factors halved.
    r = play(s, {1: Orders(fire_alien=True)}, {"fire-alien": [4], "alien-ship-fire": [1]})
    assert one(r, "fire-alien")["column"] == M.label(-2) and one(r, "fire-alien")["result"] == "R"
    ship = r.state.alien_ship
    assert (ship.attack, ship.defence, ship.reductions) == (9, 10, 1)
    assert one(r, "alien-ship-attack")["attack"] == 9  # it attacks with what it has left
    # Move 2: 18 against 10, face 2: a second R destroys it; he flies his route at once.
    s = replace(r.state, move=6)
    route = (Segment(3, "E"),)
    r = play(s, {1: Orders(fire_alien=True, route=route)}, {"fire-alien": [2], "alien-ship": [NO_SHIP]})
    assert one(r, "fire-alien")["destroyed"]
    assert r.state.alien_ship is None
    destroyed = one(r, "alien-ship-destroyed")
    assert [e.audience for e in r.events if e.kind == "alien-ship-destroyed"] == [OFFICER]
    assert "position" not in destroyed
    # All learn it when every officer has acted: that it is gone, not who, nor where.
    news = [e for e in r.events if e.kind == "alien-ship-wrecked"]
    assert [(e.audience, e.officer, e.data) for e in news] == [(PUBLIC, None, {"name": "KNOX"})]
    kinds = [e.kind for e in r.events]
    assert kinds.index("alien-ship-wrecked") > max(i for i, k in enumerate(kinds) if k == "turn")
    assert r.state.officers[1].position == Position(8, 5, 2)
    assert r.state.officers[1].score == 0  # no points for destroying it


def test_a_d_destroys_it_at_once():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=knox(here, hooked=(1,)))
    r = play(s, {1: Orders(fire_alien=True)}, {"fire-alien": [6], "alien-ship": [NO_SHIP]})
    assert M.result(-2, 6) == "D" and r.state.alien_ship is None


def test_a_disengagement_frees_him_to_fly_his_route():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=knox(here, hooked=(1,)))
    route = (Segment(10, "E"),)
    r = play(s, {1: Orders(disengage=True, route=route)}, {"disengage": [5]})
    assert one(r, "disengage")["free"]
    assert r.state.officers[1].position == Position(15, 5, 2)
    # It follows by its movement factor, but does not catch him this move.
    assert r.state.alien_ship.position == Position(11, 5, 2) and r.state.alien_ship.hooked == ()


def test_a_failed_disengagement_holds_him_and_he_hears_nothing():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=knox(here, hooked=(1,)))
    from pbem.rules.orders import InfoRequest

    orders = Orders(disengage=True, route=(Segment(10, "E"),), info=(InfoRequest(None, 1),))
    r = play(s, {1: orders}, {"disengage": [4], "alien-ship-fire": [1]})
    assert not one(r, "disengage")["free"]
    assert r.state.officers[1].position == here
    assert one(r, "route")["stop"] == "held"
    assert one(r, "info-unanswered")["why"] == "held"
    assert not of(r, "sighting")
    # Research Tactics adds to the roll: 4 + 1 is enough.
    s = replace(s, officers={1: replace(s.officers[1], technologies={"tactics": 1})})
    r = play(s, {1: orders}, {"disengage": [4], "alien-ship-fire": []})
    assert one(r, "disengage")["free"]


def test_shields_off_in_space_leave_the_hull():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=knox(here, hooked=(1,)))
    r = play(s, {1: Orders(shields=False, lines={"SHIELDS": 5})},
             {"alien-ship-fire": [1], "damage": [6]})  # 1 damage; the hull absorbs it
    assert one(r, "alien-ship-attack")["defence"] == 2


def test_its_damage_falls_on_tab_c_and_may_destroy_the_ship():
    here = Position(5, 5, 2)
    s = space(in_space(here), alien=replace(knox(here, hooked=(1,)), attack=60))
    # 25 - 60: the worst column; face 6 gives 4 damages: two hull hits destroy the ship.
    r = play(s, {}, {"alien-ship-fire": [6], "damage": [6, 10]})
    assert one(r, "alien-ship-attack")["result"] == N.result(-35, 6)
    assert one(r, "rescue")["reason"].startswith("two hull hits")
    assert r.state.alien_ship.hooked == ()
    assert r.state.officers[1].landed_on is not None  # back at the base


def test_a_joint_fight():
    here = Position(5, 5, 2)
    notius = in_space(here)
    beta = in_space(Position(2, 5, 2), oid=2, name="Beta", turn=1)
    s = space(notius, beta, alien=knox(here, hooked=(1,)))
    # Beta ends his route in the square: he joins the fight; the alien attacks Notius.
    r = play(s, {2: Orders(route=(Segment(3, "E"),))}, {"alien-ship-fire": [1]})
    assert r.state.alien_ship.hooked == (1, 2)
    assert one(r, "alien-ship-hooks", 2)["joined"] == ["Notius"]
    assert of(r, "alien-ship-attack", 1) and not of(r, "alien-ship-attack", 2)
    # Both fire in their turns, each on TAB. M: Notius R, Beta D.
    s = replace(r.state, move=6)
    r = play(s, {1: Orders(fire_alien=True), 2: Orders(fire_alien=True)},
             {"fire-alien": [4, 6], "alien-ship": [NO_SHIP]})
    assert [e.officer for e in r.events if e.kind == "fire-alien"] == [1, 2]
    assert r.state.alien_ship is None
    assert one(r, "alien-ship-destroyed")["officer_name"] == "Beta"
    assert one(r, "alien-ship-gone", 1)["by"] == "Beta"
    assert one(r, "alien-ship-reduced", 2)["by"] == "Notius"


def test_radar_picks_it_up_during_the_movement_only():
    alien = knox(Position(10, 8, 2))
    mover = in_space(Position(5, 10, 2))
    still = in_space(Position(20, 20, 2), oid=2, name="Beta", turn=1)
    r = play(space(mover, still, alien=alien), {1: Orders(route=(Segment(4, "E"),))},
             {"alien-ship-fire": [1]})  # then it catches him at the end of the move
    seen = one(r, "alien-ship-sighting", 1)
    assert (seen["parsec"], seen["distance"]) == (4, 2)
    # What he reads of it is what any officer who meets it reads, in the same order.
    assert list(seen)[3:] == list(report_data(alien))
    assert {k: seen[k] for k in report_data(alien)} == report_data(alien)
    assert [e.audience for e in r.events if e.kind == "alien-ship-sighting"] == [OFFICER]
    assert not of(r, "alien-ship-sighting", 2)


# --- the checks -----------------------------------------------------------------------------


def check(orders: Orders, s) -> list[str]:
    return [p.message for p in lawful.ship_problems(orders, s.officers[1], s, RULES, set(),
                                                   lawful.roster(s))]


def test_fire_alien_and_disengage_only_while_held():
    here = Position(5, 5, 2)
    free = space(in_space(here))
    assert check(Orders(fire_alien=True, lines={"FIRE": 5}), free) == [
        "no alien ship holds your ship"]
    assert check(Orders(disengage=True, lines={"DISENGAGE": 5}), replace(free, settings={})) == [
        "alien ships are met in outer space only"]
    held = space(in_space(here), alien=knox(here, hooked=(1,)))
    assert check(Orders(fire_alien=True, disengage=True, lines={"FIRE": 5, "DISENGAGE": 6}),
                 held) == []
    assert check(Orders(route=(Segment(3, "E"),), lines={"ROUTE": 5}), held) == [
        "the alien ship KNOX holds your ship: the route is flown only if you break free"]
    unarmed = replace(held, officers={1: replace(held.officers[1],
                                                 ship=replace(held.officers[1].ship, lasers=0))})
    assert check(Orders(fire_alien=True, lines={"FIRE": 5}), unarmed) == [
        "the ship has no lasers to fire at the alien ship"]


def test_fire_alien_and_disengage_are_read():
    from pbem.orders.reader import read_orders

    orders, problems = read_orders("GAME g\nOFFICER N\nSECRET s\nMOVE 1\nFIRE ALIEN\n"
                                   "DISENGAGE\nROUTE 5 E\nEND\n", "o.txt")
    assert not problems
    assert orders.fire_alien and orders.disengage and orders.fire == ()


# --- the report -------------------------------------------------------------------------------


def render(result, tmp_path) -> dict[str, str]:
    from pbem.json_codec import to_json
    from pbem.render import render_move

    events = list(result.events)
    render_move(None, tmp_path, game="cornifex", move=5, events=events,
                texts=[to_json(e.data) for e in events], rolls=list(result.rolls))
    return {p.name: p.read_text(encoding="utf-8") for p in tmp_path.iterdir()}


def test_the_report_tells_the_fight_round_by_round_and_the_sheet(tmp_path):
    from pbem.rules.state import Specialist

    here = Position(5, 5, 2)
    notius = replace(in_space(here), personality=2, specialist=Specialist("psi", 2))
    beta = in_space(Position(2, 5, 2), oid=2, name="Beta", turn=1)
    s = space(notius, beta, alien=knox(here, hooked=(1,)))
    r = play(s, {1: Orders(fire_alien=True, disengage=True, route=(Segment(2, "N"),)),
                 2: Orders(route=(Segment(3, "E"),))},
             {"fire-alien": [4], "disengage": [1], "alien-ship-fire": [1]})
    files = render(r, tmp_path)
    notius_report = files["report-001-notius.txt"]
    assert "THE ALIEN SHIP" in notius_report
    assert "You fire at the alien ship KNOX: its factors are halved. [TAB. M" in notius_report
    assert "Disengagement: the glue holds. [d6 1, 5 or more frees you]" in notius_report
    assert "Not flown: the alien ship's space glue holds your ship." in notius_report
    assert "The alien ship KNOX attacks: no damage. [TAB. N" in notius_report
    assert "personality 2; specialist officer: Princeps PSI (value 2)" in notius_report
    assert "Held by the space glue of the alien ship KNOX." in notius_report
    assert "FIRE ALIEN" in notius_report.split("ORDERS FOR MOVE")[1]  # the advanced form
    beta_report = files["report-002-beta.txt"]
    assert "you join Notius in the fight" in beta_report
    assert "Beta" not in files["bulletin.txt"] or "KNOX" not in files["bulletin.txt"]
    for name, text in files.items():
        if name.startswith("report-002") or name.startswith("bulletin"):
            assert "(5, 5" not in text and "[5, 5" not in text


def test_the_report_tells_desertion_and_a_specialists_fate(tmp_path):
    from core import down, on_ground, planet
    from pbem.rules.state import Specialist

    p = planet("aviarii")
    o = replace(on_ground(p, score=4, **down(0)), personality=3,
                specialist=Specialist("scientist", 2, "animal"))
    s = replace(state([p], [o], settings=ADVANCED))
    r = play(s, {1: Orders(crews_land=1, mission="commerce")},
             {"arrivals": [1], "desertion": [6], "commerce": [1], "damage": [2, 3],
              "scientist": [1], "alien-ship": [NO_SHIP]})
    report = render(r, tmp_path)["report-001-notius.txt"]
    assert "Desertion among the SAPIENS CIVILES: 2 men of the crews just landed desert." in report
    assert "[TAB. I, F.C. + personality 6 to 7, your d6 1: -2]" in report
    assert "risks his life in the damage: he dies" in report
    assert "his loss costs 2 points" in report


def test_the_gm_s_summary_of_the_move_follows_the_alien_ship():
    from pbem.summary import summarize

    here = Position(5, 5, 2)
    notius = in_space(here)
    beta = in_space(Position(2, 5, 2), oid=2, name="Beta", turn=1)
    s = space(notius, beta, alien=knox(here, hooked=(1,)))
    r = play(s, {2: Orders(route=(Segment(3, "E"),))}, {"alien-ship-fire": [1]})
    lines = summarize(5, r.events, {1: "Notius", 2: "Beta"}, 2).lines()
    assert lines[lines.index("The alien ship:") + 1:][:2] == [
        "  KNOX holds Beta", f"  KNOX attacks Notius: {N.result(25 - 18, 1)} damages"]
    r = play(replace(r.state, move=6), {1: Orders(fire_alien=True), 2: Orders(fire_alien=True)},
             {"fire-alien": [4, 6], "alien-ship": [NO_SHIP]})
    assert "  Beta destroyed KNOX" in summarize(6, r.events, {1: "Notius", 2: "Beta"}, 2).lines()
    entered = play(space(in_space(Position(3, 3, 3))), {}, {"alien-ship": [SHIP, 1, 5]})
    assert "  KNOX entered from the N side at x 4, y 29, level 3" in summarize(
        5, entered.events, {1: "Notius"}, 1).lines()


def nearest_parsec_by_distance(path, there, reach):
    """radar_sighting's choice as it was made: every parsec's distance, then the tie-breaks."""
    best = None
    for p in path:
        if p.position.level != there.level:
            continue
        d = distance(p.position, there)
        key = (d, (p.position.x - there.x) ** 2 + (p.position.y - there.y) ** 2)
        if d <= reach and (best is None or key < best[0]):
            best = (key, p)
    return None if best is None else (best[0][0], best[1])


SQUARES = st.builds(Position, st.integers(0, 9), st.integers(0, 9), st.integers(1, 2))


@given(squares=st.lists(SQUARES, max_size=12), there=SQUARES, reach=st.integers(0, 4))
def test_the_alien_ship_is_picked_up_from_the_parsec_weighing_every_distance_would(
        squares, there, reach):
    path = [Parsec(k, q) for k, q in enumerate(squares)]
    assert nearest_parsec(path, there, reach) == nearest_parsec_by_distance(path, there, reach)


@given(squares=st.lists(st.tuples(SQUARES, st.integers(0, 3)), max_size=12), here=SQUARES)
def test_the_alien_ship_pursues_the_one_min_would_pick(squares, here):
    """`nearest`, counted in one loop, is min() by distance, then turn, then id."""
    from pbem.rules.alien_ship import nearest

    officers = [in_space(q, oid=i, name=f"O{i}", turn=t)
                for i, (q, t) in enumerate(squares, start=1)]
    on_level = [o for o in officers if o.position.level == here.level]
    expected = (min(on_level, key=lambda o: (distance(here, o.position), o.turn, o.id))
                if on_level else None)
    assert nearest(None, here, {here.level: on_level}) is expected
