"""The rulings of the alien ship (5C, S.C. advanced rule E)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import AlienShip

from conformance.conftest import route
from core import RULES, in_space, kinds, of, one, play, state

HERE = Position(5, 5, 2)


def knox(at: Position, **kw) -> AlienShip:
    kind = RULES.alien_ships.ships["KNOX"]
    return AlienShip(kind.name, kind.attack, kind.defence, kind.movement, at, **kw)


def space(*officers, alien=None):
    return replace(state([], list(officers), settings={"level": "advanced"}), alien_ship=alien)


def test_ALIEN_SHIP_MOVES_FROM_THE_MOVE_AFTER_ITS_ENTRY():
    prey = in_space(Position(4, 20, 3))
    r = play(space(prey), {}, {"alien-ship": [5, 1, 5]})  # KNOX from the North, 5th square
    entry = r.state.alien_ship.position
    assert entry == Position(4, 29, 3)  # it stays where it entered
    r = play(replace(r.state, move=6), {}, {})
    assert r.state.alien_ship.position == Position(4, 23, 3)  # then 6 toward the prey


def test_ALIEN_SHIP_ATTACKS_THE_FIRST_HOOKED_in_a_joint_fight():
    notius, beta = in_space(HERE), in_space(Position(2, 5, 2), oid=2, name="Beta", turn=1)
    s = space(notius, beta, alien=knox(HERE, hooked=(1,)))
    r = play(s, {2: Orders(route=route("3 E"))}, {"alien-ship-fire": [1]})
    assert r.state.alien_ship.hooked == (1, 2)
    assert of(r, "alien-ship-attack", 1) and not of(r, "alien-ship-attack", 2)


def test_SHIELDS_ON_IN_SPACE_unless_ordered_off():
    s = space(in_space(HERE), alien=knox(HERE, hooked=(1,)))
    r = play(s, {}, {"alien-ship-fire": [1]})
    assert one(r, "alien-ship-attack")["defence"] == 25
    r = play(s, {1: Orders(shields=False, lines={"SHIELDS": 5})},
             {"alien-ship-fire": [1], "damage": [6]})
    assert one(r, "alien-ship-attack")["defence"] == 2


def test_FIRE_BEFORE_DISENGAGING_the_legionary_fires_then_rolls_to_leave():
    s = space(in_space(HERE), alien=knox(HERE, hooked=(1,)))
    r = play(s, {1: Orders(fire_alien=True, disengage=True, route=route("10 E"))},
             {"fire-alien": [1], "disengage": [5]})
    assert kinds(r).index("fire-alien") < kinds(r).index("disengage")
