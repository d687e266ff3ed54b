"""Attack and Defence levels (Unpredictable Research) where the game uses them: in combat.

Attack adds 1 to each ship laser's F.C.Att (6 -> 7), Defence 1 to each shield's F.C.Def
(5 -> 6). Both belong to the officer, so they count on whatever ship he flies.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.orders import Orders

from core import LASER_FC, SHIELD_FC, marthia, on_ground, one, planet, play, state


def test_attack_levels_add_to_every_ship_laser():
    """Lasers fire with 6 + Attack each: 3 lasers with Attack 2 make F.C.Att 24."""
    p = planet("strangulatores", (6,))
    officer = replace(on_ground(p), technologies={"attack": 2})
    result = play(state([p], [officer]), {1: Orders(fire=("lasers",))},
                  {"arrivals": [1], "legio-fire": [1], "alien-fire": [1]})
    fire = one(result, "legio-fire")
    assert fire["attack"] == 3 * (LASER_FC + 2) == 24


def test_defence_levels_add_to_every_shield():
    """Shields defend with 5 + Defence each: 5 shields with Defence 1 make F.C.Def 30."""
    p = planet("strangulatores", (6,))
    officer = replace(on_ground(p, ship=marthia()), technologies={"defence": 1})
    result = play(state([p], [officer]), {1: Orders()},
                  {"arrivals": [1], "alien-fire": [1]})
    attack = one(result, "alien-fire")
    assert attack["target"] == "ship"
    assert attack["defence"] == 5 * (SHIELD_FC + 1) == 30
