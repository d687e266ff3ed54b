"""3C: fitting out a ship within its spaces and limits; refits only at the base."""

from __future__ import annotations

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.ship import fit_problems, spaces_used

from core import BASE, RULES, in_space, marthia, one, play, state

SECTION_6 = {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}
REFIT = (("computers", 2), ("crews", 2), ("lasers", 2), ("radars", 2), ("shields", 5), ("tanks", 3))


def test_3C_the_container_spaces_of_frombola_10_and_gladium_16():
    assert (RULES.ships["FROMBOLA"].spaces, RULES.ships["GLADIUM"].spaces) == (10, 16)
    assert spaces_used(SECTION_6) == 16 and fit_problems(RULES.ships["GLADIUM"], SECTION_6) == []
    assert fit_problems(RULES.ships["GLADIUM"], SECTION_6 | {"radars": 3}) != []
    assert fit_problems(RULES.ships["FROMBOLA"], SECTION_6) != []


def test_3C_a_refit_at_the_base_replaces_elements_within_the_spaces():
    at_base = state([], [in_space(BASE.position, landed_on=BASE.id)])
    r = play(at_base, {1: Orders(refit=REFIT)})
    assert r.state.officers[1].ship == marthia(lasers=2, computers=2)
    assert one(r, "refit")["fit"]["computers"] == 2


def test_3C_the_fit_cannot_be_changed_in_flight():
    away = state([], [in_space(Position(10, 13, 2))])
    r = play(away, {1: Orders(refit=REFIT)})
    assert "only at the base" in one(r, "refit-refused")["reason"]
    assert r.state.officers[1].ship == marthia()
