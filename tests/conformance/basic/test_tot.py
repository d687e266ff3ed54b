"""4 VI: the Tot 100% (TAB. L, column 3 in inner space): SPATHA and HASTA only; a colleague
landed on the planet struck loses his ship as in a rescue return."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.ship import Ship

from conformance.conftest import problems
from core import RULES, SHIPS, in_space, of, on_ground, one, planet, play, state

L = RULES.tables["L"]
SPATHA = Ship("SPATHA", "VARRO", crews=(3, 3, 3), modules=1, laser_zip3=1, shields=5, lasers=4,
              radars=3, computers=2, tanks=3, tot=1)


def scene():
    p = planet("sevolventes")
    varro = in_space(Position(12, 13, 2), SPATHA, oid=1, name="Varro", rank="Centurio")
    metella = on_ground(p, replace(SPATHA, name="CLAUDIA", tot=0), oid=2, name="Metella",
                        rank="Centurio", score=6, turn=1)
    return state([p], [varro, metella])


def test_4VI_yes_cancels_the_planet_and_the_colleague_landed_there_is_rescued():
    assert L.column_for(3) is L.column_number(3) and L.result(3, 4) == "Yes"
    r = play(scene(), {1: Orders(tot="P-1")}, {"tot": [4]})
    assert r.state.planets[2].destroyed and r.state.officers[1].ship.tot == 0
    assert one(r, "rescue", 2) is not None
    assert (r.state.officers[2].rank, r.state.officers[2].score) == ("Decurio", 0)


def test_4VI_no_changes_nothing():
    assert L.result(3, 1) == "No"
    r = play(scene(), {1: Orders(tot="P-1")}, {"tot": [1], "arrivals": [1]})
    assert not r.state.planets[2].destroyed and of(r, "rescue") == []


def test_4VI_only_a_spatha_or_hasta_embarks_a_tot():
    from pbem.rules.ship import fit_problems
    assert fit_problems(RULES.ships["GLADIUM"], dict(RULES.ships["GLADIUM"].default, tot=1)) != []
    assert RULES.ships["SPATHA"].maximum["tot"] > 0 and RULES.ships["HASTA"].maximum["tot"] > 0
    assert problems(state([planet("sevolventes")], [in_space(Position(12, 13, 2), SHIPS["GLADIUM"])]),
                    "TOT P-1") != []
