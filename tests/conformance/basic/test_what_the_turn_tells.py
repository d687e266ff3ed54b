"""The public facts of a turn hold what happened: whether the ship left its square (3F a:
"nor is it obligatory to move"; 5C b: held by the space glue), where a sighting was made
from (3F b, S.C. rule E), and a planet charted earlier in the same move (1: each turn in
player order, so a later officer meets what an earlier one found)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.alien_ship import AlienShip
from pbem.rules.geometry import Position, Segment
from pbem.rules.orders import Orders

from core import RULES, in_space, of, one, planet, play, state

START = Position(10, 14, 2)


def uncharted(pid: int, at: Position):
    return replace(planet("oz-minerals", pid=pid, position=at), designation=None, facts=(),
                   populated=False, discovered_by=None, discovered_move=None)


def test_3Fa_a_route_stopped_on_its_first_parsec_is_no_move():
    # An uncharted planet 2 E, on the route and in view (2 radars) from its start.
    s = state([uncharted(2, Position(12, 14, 2))], [in_space(START)])
    r = play(s, {1: Orders(route=(Segment(4, "E"),))})
    assert one(r, "route")["travelled"] == 0
    assert one(r, "turn")["route"] is False
    assert r.state.officers[1].position == START


def test_5C_a_ship_held_by_the_space_glue_does_not_move():
    kind = RULES.alien_ships.ships["KNOX"]
    knox = AlienShip(kind.name, kind.attack, kind.defence, kind.movement, START, hooked=(1,))
    s = replace(state([], [in_space(START)], settings={"level": "advanced"}), alien_ship=knox)
    orders = Orders(disengage=True, route=(Segment(10, "E"),))
    r = play(s, {1: orders}, {"disengage": [4], "alien-ship-fire": [1]})
    assert one(r, "turn")["route"] is False


def test_3Fb_a_ship_that_flies_no_route_sights_from_where_it_stands():
    near = replace(uncharted(2, Position(12, 14, 2)), designation="P-1", discovered_by=1,
                   discovered_move=1)
    r = play(state([near], [in_space(START)]), {1: Orders()})
    sighted = one(r, "sighting")
    assert sighted["parsec"] == 0 and sighted.get("standing") is True
    flown = play(state([near], [in_space(START)]), {1: Orders(route=(Segment(1, "W"),))})
    assert "standing" not in one(flown, "sighting")


def test_1_a_planet_charted_earlier_in_the_move_is_told_as_such():
    # Notius (turn 0) charts it; Beta (turn 1), from the same square, sights it after him.
    there = uncharted(2, Position(12, 16, 2))
    beta = in_space(START, oid=2, name="Beta", turn=1)
    r = play(state([there], [in_space(START), beta]), {1: Orders(), 2: Orders()})
    first, second = of(r, "sighting")
    assert first["new"] and "found_by" not in first
    assert not second["new"] and second["found_by"] == "Notius"
    again = play(replace(r.state, move=r.state.move + 1), {1: Orders(), 2: Orders()})
    assert all("found_by" not in d for d in of(again, "sighting"))
