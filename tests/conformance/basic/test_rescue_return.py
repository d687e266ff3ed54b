"""3F c: "one no longer knows how to calculate the return route to the base, or ... all the
tanks are destroyed. Crew and U.C. would then be transferred, abandoning the ship, through
hyperspace rescue gates, directly to the base. This would however entail the demotion of
the U.C., who would set out again with a new ship of a level lower than the one lost and
from a score of 0 ... if he were a U.C. of the lowest rank, he would remain in that rank at
0 points." The officer calls it with RESCUE."""

from __future__ import annotations

from dataclasses import replace

from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conftest import orders_text
from core import BASE, RULES, SHIPS, down, in_space, on_ground, one, planet, play, state

AWAY = Position(14, 14, 2)


def test_3Fc_the_rescue_called_demotes_with_a_ship_of_a_lower_level():
    varro = in_space(AWAY, SHIPS["SPATHA"], rank="Centurio", score=5)
    r = play(state([], [varro]), {1: Orders(rescue=True)})
    rescued = one(r, "rescue")
    assert (rescued["lost"], rescued["rank"], rescued["ship_type"]) == ("SPATHA", "Decurio",
                                                                         "GLADIUM")
    o = r.state.officers[1]
    assert (o.rank, o.score, o.ship.type) == ("Decurio", 0, "GLADIUM")
    assert o.position == BASE.position and o.landed_on == BASE.id and o.landing is None


def test_3Fc_the_lowest_rank_stays_at_0_points():
    r = play(state([], [in_space(AWAY, score=4)]), {1: Orders(rescue=True)})
    o = r.state.officers[1]
    assert (o.rank, o.score, o.ship.type) == ("Decurio", 0, "FROMBOLA")


def test_3Fc_a_rescue_from_the_ground_leaves_the_landing_and_its_points():
    p = planet("sevolventes")
    notius = on_ground(p, pending=4, pending_for="elimination", **down(0))
    r = play(state([p], [notius]), {1: Orders(rescue=True)})
    o = r.state.officers[1]
    assert o.landing is None and o.landed_on == BASE.id and o.score == 0
    assert not r.state.planets[p.id].known  # nobody took off from it


def checked(s, *body):
    s = replace(s, name="cornifex")
    orders, unreadable = read_orders(orders_text("Notius", "s", s.move, *body), "o.txt")
    assert unreadable == []
    return [p.message for p in lawful.problems(orders, s, RULES, lambda i, x: True)]


def test_3Fc_rescue_is_lawful_away_from_the_base_and_alone():
    assert checked(state([], [in_space(AWAY)]), "RESCUE") == []
    at_base = state([], [in_space(BASE.position, landed_on=BASE.id)])
    assert checked(at_base, "RESCUE") == [
        "your ship is on the base: there is nothing to be rescued from"]
    assert checked(state([], [in_space(AWAY)]), "RESCUE", "ROUTE 3 N") == [
        "RESCUE abandons the ship, which then carries out no ROUTE order"]
