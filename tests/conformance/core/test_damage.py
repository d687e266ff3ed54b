"""Damage on the ground (rulebook 4 I, TAB. C; `pbem.rules.damage`): the component table C
names is lost, one the ship lacks takes none, one hull hit is absorbed and two in a move
destroy the ship. A DRACONES (F.C. 8) attacks the ship, shields off and nobody on the
ground: 8 - 2 = +6.
"""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import PUBLIC
from pbem.rules.ship import Ship
from pbem.rules.state import GameState

from core import BASE, HULL_FC, RULES, marthia, of, on_ground, one, planet, play, state, then

B, C = (RULES.tables[t] for t in "BC")
NO_ARRIVAL = 1  # d6 face 1 brings nobody for every race used below


def dracones_attack(ship: Ship | None = None, score=0, rank="Decurio") -> GameState:
    p = planet("dracones", (8,))
    return state([p], [on_ground(p, ship, score=score, rank=rank, shields=False)])


def test_table_C_names_the_component_and_the_ship_loses_one():
    s = dracones_attack()
    assert B.result(HULL_FC - 8, 1) == 1 and C.result(0, 3) == "radars"

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [3]})

    damage = one(r, "damage")
    assert (damage["component"], damage["effect"]) == ("radars", "lost")
    assert r.state.officers[1].ship == replace(marthia(), radars=1)


def test_a_component_the_ship_lacks_takes_no_damage():
    s = dracones_attack()
    assert C.result(0, 7) == "modules" and marthia().modules == 0

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [7]})

    assert one(r, "damage")["effect"] == "none"
    assert r.state.officers[1].ship == marthia()


def test_one_hull_hit_is_absorbed_even_in_two_successive_moves():
    s = dracones_attack()
    assert C.result(0, 6) == "hull"

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [6]})
    assert one(r, "damage")["effect"] == "absorbed"
    r2 = play(then(r), {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [6]})
    assert one(r2, "damage")["effect"] == "absorbed"

    officer = r2.state.officers[1]
    assert officer.ship == marthia() and officer.landing is not None
    assert of(r2, "rescue") == []


def test_two_hull_hits_in_one_move_destroy_the_ship():
    s = dracones_attack(score=5)
    assert B.result(HULL_FC - 8, 3) == 2 and C.result(0, 6) == C.result(0, 10) == "hull"

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [3], "damage": [6, 10]})

    assert [d["effect"] for d in of(r, "damage")] == ["absorbed", "destroyed"]
    rescue = [e for e in r.events if e.kind == "rescue"]
    assert len(rescue) == 1 and rescue[0].audience == PUBLIC
    assert rescue[0].data["lost"] == "GLADIUM"
    officer = r.state.officers[1]
    assert (officer.rank, officer.score, officer.ship.type) == ("Decurio", 0, "FROMBOLA")
    assert (officer.landed_on, officer.position, officer.landing) == (BASE.id, BASE.position, None)
