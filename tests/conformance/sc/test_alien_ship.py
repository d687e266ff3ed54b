"""S.C. advanced E: the alien ship: one at a time (TAB. S, Q), entering on the level with
most legionaries, moving last toward the nearest ship in space along the shortest path;
space glue combat (TAB. N, M), disengagement on 5 or 6; no points for destroying it."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import AlienShip

from conformance.conftest import route
from core import BASE, RULES, in_space, kinds, one, play, state

M, S = RULES.tables["M"], RULES.tables["S"]
NO_SHIP, SHIP = 1, 5


def knox(at: Position, **kw) -> AlienShip:
    kind = RULES.alien_ships.ships["KNOX"]
    return AlienShip(kind.name, kind.attack, kind.defence, kind.movement, at, **kw)


def space(*officers, alien=None):
    return replace(state([], list(officers), settings={"level": "advanced"}), alien_ship=alien)


def test_SCadv_E_it_enters_by_tab_S_on_the_level_with_most_legionaries():
    assert S.result(0, NO_SHIP) == "No" and S.result(0, SHIP) == "Yes"
    a, b = in_space(Position(3, 3, 3)), in_space(Position(20, 3, 3), oid=2, name="Beta", turn=1)
    c = in_space(Position(3, 3, 2), oid=3, name="Gamma", turn=2)
    r = play(space(a, b, c), {}, {"alien-ship": [SHIP, 1, 5]})
    assert (r.state.alien_ship.name, r.state.alien_ship.position.level) == ("KNOX", 3)


def test_SCadv_E_it_moves_after_the_last_officer_toward_the_nearest_ship_in_space():
    near = in_space(Position(12, 10, 2), turn=0)
    landed = in_space(Position(3, 10, 2), oid=2, name="Beta", turn=1, landed_on=BASE.id)
    r = play(space(near, landed, alien=knox(Position(0, 10, 2))), {}, {})
    assert r.state.alien_ship.position == Position(6, 10, 2)  # movement 6, past the landed ship
    assert kinds(r).index("alien-ship-moves") > max(i for i, k in enumerate(kinds(r)) if k == "turn")


def test_SCadv_E_with_nobody_on_its_level_it_changes_level_toward_the_most_populated():
    one_above = in_space(Position(5, 5, 2))
    two_below = [in_space(Position(20, 20, 4), oid=2, name="Beta", turn=1),
                 in_space(Position(22, 20, 4), oid=3, name="Gamma", turn=2)]
    r = play(space(one_above, *two_below, alien=knox(Position(5, 5, 3))), {}, {})
    assert r.state.alien_ship.position.level == 4


def test_SCadv_E_a_hooked_legionary_disengages_on_5_or_6():
    here = Position(5, 5, 2)
    for face, free in ((5, True), (4, False)):
        s = space(in_space(here), alien=knox(here, hooked=(1,)))
        r = play(s, {1: Orders(disengage=True, route=route("10 E"))},
                 {"disengage": [face]} | ({} if free else {"alien-ship-fire": [1]}))
        assert one(r, "disengage")["free"] is free
        assert r.state.officers[1].position == (Position(15, 5, 2) if free else here)


def test_SCadv_E_no_points_for_destroying_it():
    here = Position(5, 5, 2)
    s = space(in_space(here, score=2), alien=knox(here, hooked=(1,)))
    assert M.result(-2, 6) == "D"
    r = play(s, {1: Orders(fire_alien=True)}, {"fire-alien": [6], "alien-ship": [NO_SHIP]})
    assert r.state.alien_ship is None and r.state.officers[1].score == 2
