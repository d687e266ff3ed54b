"""Desertion (rulebook 3D a, 5D f; `pbem.rules.desertion`): crews landing among sapiens
civiles desert above seven, with the commander's personality added to the d6, only from the
crews just landed. The planet and the officer are test_personality.py's.
"""

from __future__ import annotations

from pbem.rules.orders import Orders

from core import SHIPS, down, of, one, planet, play

from .test_personality import ADVANCED, NO_ARRIVAL, aviarii, ground


# --- desertion (3D a, 5D f) -------------------------------------------------------------------


def test_crews_landing_among_sapiens_civiles_desert_above_seven():
    r = play(ground(), {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    d = one(r, "desertion")
    assert (d["face"], d["personality"], d["men"]) == (6, 3, 2)  # 9 is 7 + 2
    assert r.state.officers[1].ship.crews == (3, 1)  # recorded like losses, last crew first
    assert one(r, "losses")["penalty"] == 0  # a GLADIUM pays no point per man


def test_desertion_only_from_the_crews_just_landed_and_charged_on_a_spatha():
    ship = SHIPS["SPATHA"]
    r = play(ground(ship=ship, score=5, **down(0)), {1: Orders(crews_land=1)},
             {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert r.state.officers[1].ship.crews == (3, 1, 3)  # the crew down before keeps its men
    assert r.state.officers[1].score == 5 - 2


def test_no_desertion_up_to_seven_nor_among_other_peoples_nor_in_inner_space():
    r = play(ground(personality=1), {1: Orders(crews_land=0)},
             {"arrivals": [NO_ARRIVAL], "desertion": [6]})
    assert one(r, "desertion")["men"] == 0 and r.state.officers[1].ship.crews == (3, 3)
    # Sub civiles, super civiles, inner space: no roll at all (strict dice would fail).
    for p, settings in ((planet("troglodytae"), ADVANCED), (planet("oraculares"), ADVANCED),
                        (aviarii(), {})):
        r = play(ground(p, settings=settings), {1: Orders(crews_land=0)},
                 {"arrivals": [NO_ARRIVAL]})
        assert not of(r, "desertion")
