"""3D b to d: individual weapons on modules, the ship's lasers, the shields and the hull."""

from __future__ import annotations

import pytest

from pbem.rules import combat
from pbem.rules.orders import Orders

from conformance.conftest import NO_ARRIVAL
from core import RULES, down, marthia, on_ground, one, planet, play, state

A, B = RULES.tables["A"], RULES.tables["B"]


@pytest.mark.parametrize("weapon, life, attack", [
    ("laser_zip3", "animal", 5), ("laser_zip3", "mineral", 5),
    ("ho1", "animal", 6), ("ho1", "vegetable", 4), ("ho1", "mineral", 3),
    ("sil12", "mineral", 6), ("sil12", "vegetable", 3), ("sil12", "animal", 3),
])
def test_3Db_an_individual_weapon_adds_its_attack_by_the_life_form(weapon, life, attack):
    ship = marthia(modules=1, **{weapon: 1})
    assert combat.crew_attack(ship, [0], life) == 3 + attack
    assert combat.crew_attack(ship, [1], life) == 3  # the second crew has no module


def test_3Db_a_module_raises_its_crews_defence_to_4():
    """3D a's example: two crews, one with a weapon: Att 3+5 and 3, Def 3+1 and 3."""
    ship = marthia(modules=1, laser_zip3=1)
    assert combat.crew_defence(ship, [0]) == 4 and combat.crew_defence(ship, [1]) == 3
    assert (combat.crew_attack(ship, [0, 1], "animal"), combat.crew_defence(ship, [0, 1])) == (11, 7)


def test_3Db_a_crew_lost_with_its_module_loses_the_module_and_its_weapon():
    """Two DRACONES (8 each) against the one crew down, the one with the LASER ZIP 3 module
    (defence 4): TAB. B -12, d6 4: 3 men, the whole crew."""
    p = planet("dracones", (8, 8))
    s = state([p], [on_ground(p, marthia(modules=1, laser_zip3=1), **down(0))])
    assert B.result(4 - 16, 4) == 3
    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [4]})
    ship = r.state.officers[1].ship
    assert (ship.crews, ship.modules, ship.laser_zip3) == ((3,), 0, 0)


def test_3Dc_each_ship_laser_attacks_with_6():
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})
    assert one(r, "legio-fire")["attack"] == 3 * 6


def test_3Dd_shields_defend_5_each_and_without_them_the_hull_2():
    assert combat.ship_defence(marthia(), shields_on=True) == 25
    assert combat.ship_defence(marthia(), shields_on=False) == 2
    assert combat.ship_defence(marthia(shields=0), shields_on=True) == 2

    p = planet("dracones", (8,))
    for shields, defence in ((True, 25), (False, 2)):
        s = state([p], [on_ground(p, shields=shields)])
        r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1]}
                 | ({"damage": [FACE_NOTHING]} if B.result(defence - 8, 1) else {}))
        assert (one(r, "alien-fire")["target"], one(r, "alien-fire")["defence"]) == ("ship", defence)


FACE_NOTHING = RULES.tables["C"].columns[0].faces.index("modules") + 1  # MARTHIA has none
