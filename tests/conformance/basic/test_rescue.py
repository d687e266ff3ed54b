"""3F c: the rescue return: through the hyperspace gate to the base, one rank down, a ship
of a lower level, a score of 0."""

from __future__ import annotations

from pbem.rules.ship import Ship

from conformance.conftest import FACE, NO_ARRIVAL
from core import BASE, RULES, marthia, on_ground, one, planet, play, state

B = RULES.tables["B"]


def hit_in_the_tanks(ship: Ship, rank: str, score: int):
    """A DRACONES (F.C. 8) fires at the ship, shields off: one damage, in its last tank."""
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, ship, rank=rank, score=score, shields=False)])
    assert B.result(2 - 8, 1) == 1
    return play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [FACE["tanks"]]})


def test_3Fc_a_ship_whose_tanks_are_all_destroyed_is_abandoned_and_its_officer_demoted():
    spatha = Ship("SPATHA", "VARRO", crews=(3, 3, 3), shields=5, lasers=4, radars=3,
                  computers=2, tanks=1)
    r = hit_in_the_tanks(spatha, "Centurio", 6)

    assert one(r, "rescue")["reason"] == "no tanks left"
    officer = r.state.officers[1]
    assert (officer.rank, officer.score, officer.ship.type) == ("Decurio", 0, "GLADIUM")
    assert (officer.position, officer.landed_on, officer.landing) == (BASE.position, BASE.id, None)


def test_3Fc_an_officer_of_the_lowest_rank_stays_in_it_at_0_points():
    r = hit_in_the_tanks(marthia(tanks=1), "Decurio", 5)
    officer = r.state.officers[1]
    assert (officer.rank, officer.score) == ("Decurio", 0)
    assert RULES.ships[officer.ship.type].level == 0  # a level lower than the GLADIUM lost
