"""The rulings of the specialist officers (5E)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.state import Planet, Specialist

from conformance.conftest import FACE, NO_ARRIVAL, outer, route
from core import RULES, down, in_space, landing_of, marthia, of, on_ground, one, planet, play, state

ADVANCED = {"level": "advanced"}
R = RULES.tables["R"]


def landed(race_id, specialist, aliens=None, **landing):
    p = planet(race_id, aliens)
    o = replace(on_ground(p, score=4, **landing), specialist=specialist)
    return state([p], [o], settings=ADVANCED)


def test_SCIENTIST_FIELDS_his_value_on_his_kingdom_and_never_on_a_sighting():
    assert RULES.guide["aviarii"].life == "animal"
    pending = {"pending": 5, "pending_for": "elimination"}
    for field, net in (("animal", 5 + 2 - 1), ("mineral", 5 - 1)):
        s = landed("aviarii", Specialist("scientist", 2, field), **down(0), **pending)
        r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})
        assert one(r, "points")["net"] == net
    scout = replace(in_space(Position(24, 12, 2)), specialist=Specialist("scientist", 2, "mineral"))
    r = play(outer([Planet(2, Position(26, 12, 2))], [scout]), {1: Orders()})
    assert one(r, "sighting")["points"] == 1


def test_SCIENTIST_RISK_ONLY_WHEN_DAMAGE_IS_SUFFERED_a_hull_hit_absorbed_risks_nothing():
    scientist = Specialist("scientist", 3, "vegetable")
    s = outer([], [replace(in_space(Position(14, 20, 2)), specialist=scientist)])
    r = play(s, {1: Orders(route=route("4 E"))}, {"black-hole": [2], "damage": [FACE["hull"]]})
    assert of(r, "specialist-risk") == [] and r.state.officers[1].specialist == scientist


def test_ROBUR_LANDS_WITH_THE_FIRST_CREW():
    s = landed("aviarii", Specialist("robur", 3), (4, 4))
    r = play(s, {1: Orders(crews_land=1)}, {"arrivals": [NO_ARRIVAL], "desertion": [1]})
    assert landing_of(r).robur_crew == 0 and of(r, "robur-lands")


def test_SPECIALIST_SURVIVES_THE_RESCUE_he_serves_on_the_new_ship():
    psi = Specialist("psi", 2)
    p = planet("dracones", (8,))
    o = replace(on_ground(p, marthia(tanks=1), shields=False), specialist=psi)
    r = play(state([p], [o], settings=ADVANCED), {},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [FACE["tanks"]]})
    assert one(r, "rescue")["reason"] == "no tanks left"
    assert r.state.officers[1].specialist == psi


def test_TECHNOLOGY_READ_BY_LEVEL_tab_R_column_is_the_races_technological_level():
    s = landed("aviarii", Specialist("scientist", 2, "animal"), (4, 4), **down(0))
    r = play(s, {1: Orders(mission="technology")}, {"arrivals": [NO_ARRIVAL], "technology": [6]})
    assert one(r, "mission")["column"] == R.label(RULES.guide["aviarii"].technological_level)


def test_PSI_WARNS_THROUGH_THE_COMPUTER_no_computer_no_warning_no_risk():
    psi = replace(in_space(Position(17, 5, 2), marthia(computers=0)), specialist=Specialist("psi", 2))
    r = play(outer([], [psi]), {1: Orders(route=route("8 E"))})  # strict dice: no "psi" roll
    assert of(r, "psi-warning") == [] and of(r, "specialist-risk") == []
