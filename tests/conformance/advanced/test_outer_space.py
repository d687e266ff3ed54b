"""5A: outer space, open to officers already tested: every rule of inner space holds, and
the hazards, the alien ship, the personality and the specialists come with it."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders

from conformance.conftest import outer, route
from core import in_space, of, one, play, state


def test_5A_outer_space_has_hazards_on_the_routes_and_inner_space_none():
    officer = in_space(Position(17, 5, 2))
    r = play(outer([], [officer]), {1: Orders(route=route("8 E"))})
    assert r.state.officers[1].position == Position(20, 5, 2)  # held by the net
    r = play(state([], [officer]), {1: Orders(route=route("8 E"))})  # an inner-space zone
    assert r.state.officers[1].position == Position(25, 5, 2) and of(r, "net") == []


def test_5A_the_rules_of_inner_space_remain_valid():
    """A sighting pays 2 minus the ship's level in outer space too."""
    from pbem.rules.state import Planet
    p = Planet(2, Position(26, 12, 2))
    r = play(outer([p], [in_space(Position(24, 12, 2))]), {1: Orders()})
    assert (one(r, "sighting")["new"], one(r, "sighting")["points"]) == (True, 1)
