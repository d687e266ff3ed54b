"""5C: the alien vessels KNOX or BRUCEL: space glue, lasers against TAB. M (D destroys, R
halves both factors, a double R is a D), shields against TAB. N; a disengagement on 5 or 6;
no information while hooked."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders
from pbem.rules.state import AlienShip

from conformance.conftest import route
from core import RULES, in_space, one, play, state

M = RULES.tables["M"]
HERE = Position(5, 5, 2)


def held(**kw):
    kind = RULES.alien_ships.ships["KNOX"]
    alien = AlienShip(kind.name, kind.attack, kind.defence, kind.movement, HERE, hooked=(1,), **kw)
    return replace(state([], [in_space(HERE)], settings={"level": "advanced"}), alien_ship=alien)


def test_5C_an_R_halves_both_factors_and_a_second_R_destroys_it():
    assert M.result(-2, 4) == "R"
    r = play(held(), {1: Orders(fire_alien=True)}, {"fire-alien": [4], "alien-ship-fire": [1]})
    ship = r.state.alien_ship
    assert (ship.attack, ship.defence, ship.reductions) == (9, 10, 1)
    assert one(r, "alien-ship-attack")["attack"] == 9
    r = play(replace(r.state, move=6), {1: Orders(fire_alien=True)},
             {"fire-alien": [2], "alien-ship": [1]})
    assert one(r, "fire-alien")["destroyed"] and r.state.alien_ship is None


def test_5C_the_space_glue_holds_him_and_he_receives_no_information():
    orders = Orders(route=route("10 E"), info=(InfoRequest(None, 1),))
    r = play(held(), {1: orders}, {"alien-ship-fire": [1]})
    assert r.state.officers[1].position == HERE
    assert one(r, "info-unanswered")["why"] == "held"
    assert one(r, "alien-ship-attack")["defence"] == 25  # the shields defend in space


def test_5C_a_colleague_comes_to_the_aid_and_both_fire_in_their_turns():
    beta = in_space(Position(2, 5, 2), oid=2, name="Beta", turn=1)
    kind = RULES.alien_ships.ships["KNOX"]
    alien = AlienShip(kind.name, kind.attack, kind.defence, kind.movement, HERE, hooked=(1,))
    s = replace(state([], [in_space(HERE), beta], settings={"level": "advanced"}), alien_ship=alien)
    r = play(s, {2: Orders(route=route("3 E"))}, {"alien-ship-fire": [1]})
    assert r.state.alien_ship.hooked == (1, 2)
    r = play(replace(r.state, move=6), {1: Orders(fire_alien=True), 2: Orders(fire_alien=True)},
             {"fire-alien": [4, 6], "alien-ship": [1]})  # Notius R, then Beta D
    assert [e.officer for e in r.events if e.kind == "fire-alien"] == [1, 2]
    assert r.state.alien_ship is None
