"""6: the worked example, Decurio Notius on the GLADIUM MARTHIA, six turns with the dice
the rulebook quotes. With the base at the origin its planets stand at (-2, 11), (8, 5) and
(10, -4); here the base is at (10, 10) on level 2."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import Planet

from conformance.conftest import route
from core import BASE, in_space, landing_of, of, one, play, state, then

PLANETS = [Planet(2, Position(8, 21, 2)), Planet(3, Position(18, 15, 2)), Planet(4, Position(20, 6, 2))]


def sightings(r) -> list[tuple[int, str, bool, int, str]]:
    return [(s["parsec"], s["planet"], s["new"], s["points"], s["bearing"])
            for s in of(r, "sighting") if not s["base"]]


def test_6_the_worked_example_turn_by_turn():
    s = replace(state(PLANETS, [in_space(BASE.position, landed_on=BASE.id)], move=1), designations=0)

    # Turn I: 10 N + 5 E, a planet at the 10th parsec, 1 W + 1 NW; one information: d10 6, E.
    r = play(s, {1: Orders(route=route("10 N", "5 E"), info=(InfoRequest(None, 1),))}, {"info": [6]})
    assert sightings(r) == [(10, "P-1", True, 1, "1 W + 1 NW")]
    assert r.state.planets[2].facts == ("E",) and r.state.officers[1].score == 1

    # Turn II: 5 S + 10 SE, planets at the 6th (1 E + 1 NE) and 12th (2 SW); d10 1 on the second: A.
    r = play(then(r), {1: Orders(route=route("5 S", "10 SE"), info=(InfoRequest(None, 2),))},
             {"info": [1]})
    assert sightings(r) == [(6, "P-2", True, 1, "1 E + 1 NE"), (12, "P-3", True, 1, "2 SW")]
    assert r.state.planets[4].facts == ("A",) and r.state.officers[1].score == 3

    # Turn III: 3 NW + 1 SW, the terrestrial planet at the 4th parsec, 1 SW; d6 2: vegetable.
    r = play(then(r), {1: Orders(route=route("3 NW", "1 SW"), info=(InfoRequest("P-3"),))},
             {"info": [2]})
    assert (4, "P-3", False, 0, "1 SW") in sightings(r)
    assert r.state.planets[4].facts == ("A", "vegetable")

    # Turn IV: lands with 1 SW, attitude A; the missing information and presence 2: two
    # peaceful SEVOLVENTES of F.C. 5.
    r = play(then(r), {1: Orders(route=route("1 SW"), attitude="A")},
             {"info": [6, 5, 1, 1], "presence": [2]})
    assert r.state.planets[4].facts[-1] == "sevolventes"
    assert r.state.planets[4].aliens == (5, 5) and not r.state.planets[4].hostile
    assert of(r, "alien-fire") == []

    # Turn V: shields off, two crews land and fire: TAB. A -4, d6 6: F, one killed; the
    # survivor attacks a single crew: d6 1, nothing.
    r = play(then(r), {1: Orders(shields=False, crews_land=2, fire=("crews",))},
             {"arrivals": [1], "legio-fire": [6], "alien-fire": [1]})
    assert (one(r, "legio-fire")["result"], one(r, "legio-fire")["killed"]) == ("F", 1)
    assert (one(r, "alien-fire")["crews"], one(r, "alien-fire")["lost"]) == (1, 0)
    assert landing_of(r).pending == 5

    # Turn VI: a new SEVOLVENTES arrives (d6 2); both attack the withdrawing crews: two men
    # lost, 3 + 1; 5 - 1 points; 4 NW + 6 W ends on the base: 7 points, promotion.
    r = play(then(r), {1: Orders(crews_embark=True, route=route("4 NW", "6 W"))},
             {"arrivals": [2], "alien-fire": [4]})
    assert one(r, "arrivals")["count"] == 1 and one(r, "alien-fire")["lost"] == 2
    assert one(r, "points")["net"] == 4
    officer = r.state.officers[1]
    assert officer.position == BASE.position
    assert (officer.rank, officer.score, officer.ship.type) == ("Centurio", 0, "SPATHA")
    assert one(r, "promotion")["score"] == 7
