"""The rulings of the missions (4 II to 4 V)."""

from __future__ import annotations

from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL
from core import CREW_FC, RULES, down, landing_of, of, on_ground, one, planet, play, state, then

D, E, H = RULES.tables["D"], RULES.tables["E"], RULES.tables["H"]


def aviarii(**landing):
    p = planet("aviarii", (4, 4))
    return state([p], [on_ground(p, **(down(0, 1) | landing))])


def test_ALLIANCE_ATTEMPTS_no_third_proposal_after_two_failures():
    r = play(aviarii(alliance_failures=2), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "alliance"
    r = play(aviarii(alliance_failures=1), {1: Orders(mission="alliance")},
             {"arrivals": [NO_ARRIVAL], "alliance": [4]})
    assert one(r, "mission")["result"] == "Yes"


def test_ALLIANCE_DASH_IS_UNSUCCESSFUL_two_dashes_make_it_impossible():
    factor = RULES.guide["aviarii"].alliance_factor
    dash = next(f for f in range(1, 7) if E.result(factor, f) == "-")
    r = play(aviarii(), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [dash]})
    r = play(then(r), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL], "alliance": [dash]})
    assert landing_of(r).alliance_failures == 2
    r = play(then(r), {1: Orders(mission="alliance")}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "mission-refused")["mission"] == "alliance"


def test_CAPTURE_NO_ONLY_THE_SUBJECT_ATTACKS():
    p = planet("mammuthi", (6, 6))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert D.result(2 * CREW_FC - 6, 1) == "No"
    r = play(s, {1: Orders(mission="capture")}, {"arrivals": [NO_ARRIVAL], "capture": [1], "alien-fire": [1]})
    assert one(r, "alien-fire")["attack"] == 6 and not r.state.planets[2].hostile


def test_COMMERCE_MOVES_two_consecutive_moves_and_no_third():
    p = planet("troglodytae", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    r = play(s, {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    r = play(then(r), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL], "commerce": [5]})
    assert landing_of(r).commerce_moves == 2
    r = play(then(r), {1: Orders(mission="commerce")}, {"arrivals": [NO_ARRIVAL]})
    assert of(r, "mission") == [] and one(r, "mission-refused")["mission"] == "commerce"
