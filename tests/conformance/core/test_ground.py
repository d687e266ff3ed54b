"""Moves on the ground, points and losses, the base, cooperation and the order checks (rulebook
3B-3I, 4, 6; the issue's points 3 to 11; damage is held by test_damage.py, the rescue return
and the end of the game by test_career.py).

Each constraint has a test that would fail if the constraint were removed. Most drive the
pure core (`resolve_move` on a hand-built `GameState`, `ScriptedDice(strict=True)`: every
roll scripted, every scripted roll used) or the ground checker (`check_ground` on a parsed
order file and a `GroundView`); the checks of point 11 and a few headline cases run end to
end through a game folder. Forced die faces are chosen by reading the table cell, with the
column computed in the test from the factors.

Unless a test says otherwise: the base stands at (10, 10) on level 2, the planet P-1 two
parsecs East of it, and the officer flies section 6's GLADIUM MARTHIA (crews 3 + 3,
shields 5, lasers 3, radars 2, computer 1, tanks 3).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem import game
from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.dice import ScriptedDice
from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position, Segment
from pbem.rules.move import MoveResult
from pbem.rules.ship import fit_problems
from pbem.rules.state import GameState, Planet
from pbem.rules.orders import Orders, Payment

from conftest import EXAMPLE_FIT, orders_text
from core import (
    BASE, CREW_FC, HERE, HULL_FC, LASER_FC, RULES, SHIELD_FC, SHIPS, down, faces_to, facts_for,
    in_space, kinds, landing_of, marthia, of, on_ground, one, planet, play, race, state, then,
)

A, B, C = (RULES.tables[t] for t in "ABC")
NO_ARRIVAL = 1  # d6 face 1 brings nobody for every race used below
SECRET = "4tq9-mx2d"  # Notius, enlisted by the conftest's make_game


# The ground checker on its own: a parsed order file and what the checker knows of the ship.


def view(*, on_ground=True, crews=(3, 3), crews_down=(), score=0, tot=0,
         ship_type="GLADIUM") -> GameState:
    """Notius on the ground of P-1 (SEVOLVENTES) or in space beside it, and a colleague Beta."""
    p = planet("sevolventes")
    ship = replace(SHIPS[ship_type], crews=crews, tot=tot)
    if on_ground:
        notius = globals()["on_ground"](p, ship, score=score, crews_down=crews_down,
                                        crews_were_down=bool(crews_down), shields=False)
    else:
        notius = in_space(HERE, ship, score=score)
    beta = in_space(HERE, oid=2, name="Beta", turn=1)
    return replace(state([p], [notius, beta]), name="cornifex")


def ground_problems(s: GameState, *body: str) -> list[tuple[int, str]]:
    """The rules' lawfulness check on a parsed order file, the secret taken as right."""
    orders, problems = read_orders(orders_text("Notius", SECRET, s.move, *body), "orders.txt")
    assert not problems, problems
    return [(p.line, p.message) for p in lawful.problems(orders, s, RULES, lambda i, x: True)]


# End to end: a game folder with one planet P-1 (12, 10, 2) and Notius at the base.


def checked(g, move: int, *body: str) -> list[tuple[int, str]]:
    path = g.post(f"check-{move}.txt", orders_text("Notius", SECRET, move, *body))
    _, problems = game.check_file(path, g.dir)
    path.unlink()
    return [(p.line, p.message) for p in problems]


def resolve(g, move: int, *body: str, dice: dict) -> str:
    g.post(f"move{move}.txt", orders_text("Notius", SECRET, move, *body))
    game.resolve(g.dir, dice=ScriptedDice(dice, move=move, strict=True))
    return g.report(move, "notius")


def test_arrivals_face_1_brings_nobody_for_the_races_used_here():
    for r in ("sevolventes", "luparii", "dracones", "mammuthi", "oz-minerals"):
        assert race(r).arrivals[NO_ARRIVAL - 1] == 0, r


# --- 3. moves on the ground ---------------------------------------------------------------


def test_arrivals_are_rolled_at_the_start_of_every_move_on_the_ground():
    """SEVOLVENTES: d6 2 brings one more (section 6, turn VI); it is there before the fire."""
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"))])
    assert race("sevolventes").arrivals[2 - 1] == 1

    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [2], "legio-fire": [1], "alien-fire": [1]})

    arrivals = one(r, "arrivals")
    assert (arrivals["face"], arrivals["count"], arrivals["present"]) == (2, 1, 3)
    assert kinds(r).index("arrivals") < kinds(r).index("legio-fire")
    assert one(r, "legio-fire")["defence"] == 15  # the newcomer is fired at too


def test_arrivals_are_rolled_also_when_the_officer_holds_without_orders():
    s = state([planet("sevolventes")], [on_ground(planet("sevolventes"))])

    r = play(s, {}, {"arrivals": [2]})

    assert "no order file" in one(r, "held")["reason"]
    assert one(r, "arrivals")["count"] == 1
    assert r.state.planets[2].aliens == (5, 5, 5)


def test_hostile_aliens_attack_every_move_even_a_ship_that_holds():
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, **down(0, 1))])
    assert B.result(2 * CREW_FC - 6, 4) == 1

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [4]})

    attack = one(r, "alien-fire")
    assert (attack["target"], attack["attack"], attack["defence"], attack["lost"]) == ("crews", 6, 6, 1)
    assert r.state.officers[1].ship.crews == (3, 2)
    assert landing_of(r).attacked


def test_hostile_aliens_attack_on_the_landing_move_before_any_mission():
    """Timing c): a peaceful mission against hostile aliens: their fire comes first."""
    p = Planet(2, HERE, designation="P-1", facts=facts_for("luparii"))
    s = state([p], [in_space(BASE.position, landed_on=BASE.id)])
    assert race("luparii").presence[0] == 2
    assert B.result(5 * SHIELD_FC - 6, 1) == 0

    r = play(s, {1: Orders(route=(Segment(2, "E"),), attitude="A", mission="capture")},
             {"presence": [1], "alien-fire": [1]})

    order = kinds(r)
    assert order.index("encounter") < order.index("alien-fire") < order.index("mission-refused")
    assert one(r, "alien-fire")["target"] == "ship"


def test_crews_never_land_and_re_embark_in_the_same_move():
    """One CREWS line only; and at resolve re-embarking wins: the crews aboard stay aboard."""
    orders, problems = read_orders(orders_text("Notius", SECRET, 5, "CREWS LAND", "CREWS EMBARK"), "o.txt")
    assert [(p.line, p.message) for p in problems] == [
        (6, "a second CREWS line (the first is on line 5)")]

    p = planet("sevolventes")
    s = state([p], [on_ground(p, marthia(crews=(3, 3, 3)), **down(0))])
    r = play(s, {1: Orders(crews_land=0, crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})

    assert [c["action"] for c in of(r, "crews")] == ["embarked"]
    assert landing_of(r).crews_down == ()


def test_check_refuses_crews_landing_in_the_move_the_ship_takes_off():
    assert ground_problems(view(), "CREWS LAND", "ROUTE 2 W") != []


def test_crews_never_land_with_the_shields_on():
    assert ground_problems(view(), "SHIELDS ON", "CREWS LAND") == [(5, "crews cannot land with the shields on")]
    assert ground_problems(view(crews_down=(0, 1)), "SHIELDS ON", "CREWS EMBARK") == [
        (5, "crews cannot re-embark with the shields on")]
    assert ground_problems(view(), "SHIELDS OFF", "CREWS LAND") == []

    # At resolve a SHIELDS ON that slipped through is overruled by the landing crews.
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])  # attitude A: shields on
    r = play(s, {1: Orders(shields=True, crews_land=0)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews")["action"] == "landed"
    assert of(r, "shields") == []
    assert landing_of(r).shields is False


def test_no_crew_under_3_men_lands():
    """Crews 3 + 1: one complete crew only."""
    assert ground_problems(view(crews=(3, 1)), "CREWS LAND 2") == [
        (5, "only 1 complete crew(s) of 3 men aboard can land")]
    assert ground_problems(view(crews=(3, 1)), "CREWS LAND 1") == []
    assert ground_problems(view(crews=(2, 1)), "CREWS LAND") == [
        (5, "no complete crew of 3 men is aboard to land (no crew under 3 men lands)")]
    # On landing too (attitude C and D land crews).
    space = view(on_ground=False, crews=(3, 1))
    assert ground_problems(space, "ROUTE 2 E", "LAND C 2") == [
        (6, "only 1 complete crew(s) of 3 men can land")]

    p = planet("sevolventes")
    s = state([p], [on_ground(p, marthia(crews=(3, 1)))])
    r = play(s, {1: Orders(crews_land=2)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews") == {"planet": "P-1", "action": "landed", "count": 1}
    assert landing_of(r).crews_down == (0,)

    s = state([p], [on_ground(p, marthia(crews=(2, 1)))])
    r = play(s, {1: Orders(crews_land=0)}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews")["action"] == "none-able"
    assert landing_of(r).crews_down == ()


def test_ship_lasers_never_fire_while_crews_land_or_re_embark():
    assert ground_problems(view(), "CREWS LAND", "FIRE LASERS") == [
        (6, "the ship's lasers never fire while crews land or re-embark")]
    assert ground_problems(view(crews_down=(0, 1)), "CREWS EMBARK", "FIRE LASERS") == [
        (6, "withdrawing crews do not fire")]
    assert ground_problems(view(crews_down=(0, 1)), "FIRE LASERS") == []  # crews already down: allowed

    # At resolve FIRE ALL while crews land: only the crews fire (6, not 18 + 6).
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    assert A.result(2 * CREW_FC - 10, 1) == "-" and B.result(2 * CREW_FC - 10, 1) == 0
    r = play(s, {1: Orders(crews_land=0, fire=("lasers", "crews"))},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [1], "alien-fire": [1]})
    fire = one(r, "legio-fire")
    assert (fire["fire_with"], fire["attack"]) == (["crews"], 2 * CREW_FC)


def test_on_re_embarking_the_aliens_attack_the_crews_when_the_guide_says_crews():
    """LUPARII (re-embark target: crews): the attack costs men, not damages."""
    assert race("luparii").reembark_target == "crews"
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, attacked=True, **down(0, 1))])
    assert B.result(2 * CREW_FC - 6, 6) == 2

    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})

    attack = one(r, "alien-fire")
    assert (attack["target"], attack["lost"]) == ("crews", 2)
    assert of(r, "damage") == []
    assert r.state.officers[1].ship.crews == (3, 1)


def test_on_re_embarking_the_aliens_attack_the_ship_when_the_guide_says_ship():
    """DRACONES (re-embark target: ship): the attack is damages on TAB. C; no man is lost."""
    assert race("dracones").reembark_target == "ship"
    p = planet("dracones", (8,))
    s = state([p], [on_ground(p, attacked=True, **down(0, 1))])
    # Even with crews on the ground the target is the ship, whose shields are off (hull 2).
    assert B.result(HULL_FC - 8, 1) == 1 and C.result(0, 3) == "radars"

    r = play(s, {1: Orders(crews_embark=True)},
             {"arrivals": [NO_ARRIVAL], "alien-fire": [1], "damage": [3]})

    attack = one(r, "alien-fire")
    assert (attack["target"], attack["defence"], attack["result"]) == ("ship", HULL_FC, 1)
    assert one(r, "damage")["component"] == "radars"
    officer = r.state.officers[1]
    assert officer.ship.crews == (3, 3) and officer.ship.radars == 1


def test_take_off_with_crews_down_needs_crews_embark():
    assert ground_problems(view(crews_down=(0, 1)), "ROUTE 2 W") == [
        (5, "your crews are on the ground: the ship cannot take off without them")]
    assert ground_problems(view(crews_down=(0, 1)), "CREWS EMBARK", "ROUTE 2 W") == []

    # At resolve the crews are never left behind: a take-off takes them aboard.
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, pending=5, pending_for="elimination", **down(0, 1))])
    r = play(s, {1: Orders(route=(Segment(2, "W"),))}, {"arrivals": [NO_ARRIVAL]})
    assert one(r, "crews")["action"] == "embarked"
    assert one(r, "points")["net"] == 4
    assert r.state.officers[1].landing is None


# --- 4 and 5. points and losses -------------------------------------------------------------


def test_points_need_one_complete_crew_re_embarking():
    """Crews 2 + 1 after their losses: nobody complete comes back, the points are lost (3I c)."""
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, marthia(crews=(2, 1)), pending=5, pending_for="elimination",
                              **down(0, 1))])

    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})

    lost = one(r, "points-lost")
    assert (lost["mission"], lost["gross"], lost["reason"]) == ("elimination", 5, "no complete crew re-embarked")
    assert of(r, "points") == []
    assert r.state.officers[1].score == 0


def test_points_with_crews_3_plus_1_one_complete_crew_is_enough():
    """Section 6, turn VI: crews 3 + 1 re-embark and the 5 points (minus 1) are paid."""
    p = planet("sevolventes", ())
    s = state([p], [on_ground(p, marthia(crews=(3, 1)), score=3, pending=5, pending_for="elimination",
                              **down(0, 1))])

    r = play(s, {1: Orders(crews_embark=True)}, {"arrivals": [NO_ARRIVAL]})

    assert (one(r, "points")["net"], r.state.officers[1].score) == (4, 7)


def laser_kill_then_take_off() -> MoveResult:
    """Landed with attitude B, the lasers kill both SEVOLVENTES; no crew ever goes down."""
    p = planet("sevolventes")
    s = state([p], [on_ground(p)])
    assert A.result(3 * LASER_FC - 10, 2) == "U"
    r = play(s, {1: Orders(fire=("lasers",))}, {"arrivals": [NO_ARRIVAL], "legio-fire": [2]})
    assert landing_of(r).pending == 5
    return play(then(r), {1: Orders(route=(Segment(2, "W"),))}, {"arrivals": [NO_ARRIVAL]})


def test_no_points_unless_a_crew_was_on_the_ground():
    """4, general note: points only if crews were landed, even for the ship's lasers' work."""
    r = laser_kill_then_take_off()
    assert of(r, "points") == []
    assert r.state.officers[1].score == 0


def test_points_lost_is_reported_when_no_crew_was_ever_on_the_ground():
    r = laser_kill_then_take_off()
    lost = one(r, "points-lost")
    assert (lost["mission"], lost["reason"]) == ("elimination", "no crew was on the ground")


@pytest.mark.parametrize("ship_type, gross, net", [("GLADIUM", 4, 3), ("SPATHA", 4, 2), ("HASTA", 2, 0)])
def test_points_minus_the_ship_level_never_below_zero(ship_type, gross, net):
    race_id = "secor-plants" if gross == 4 else "oz-minerals"
    p = planet(race_id, ())
    s = state([p], [on_ground(p, SHIPS[ship_type], score=1, pending=gross, pending_for="collect",
                              mission="collect", **down(0))])

    r = play(s, {1: Orders(crews_embark=True)})

    points = one(r, "points")
    assert (points["gross"], points["level"], points["net"]) == (gross, RULES.ships[ship_type].level, net)
    assert r.state.officers[1].score == 1 + net


@pytest.mark.parametrize("ship_type, penalty", [("GLADIUM", 0), ("SPATHA", 2), ("HASTA", 2)])
def test_each_man_lost_costs_a_point_on_spatha_and_hasta_only(ship_type, penalty):
    p = planet("luparii", (3, 3))
    # Two crews without a module go down (modules ride with the first crews): F.C.Def 6.
    crews = {"GLADIUM": (0, 1), "SPATHA": (1, 2), "HASTA": (2, 3)}[ship_type]
    s = state([p], [on_ground(p, SHIPS[ship_type], score=5, **down(*crews))])
    assert B.result(2 * CREW_FC - 6, 6) == 2

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})

    losses = one(r, "losses")
    assert (losses["men"], losses["penalty"]) == (2, penalty)
    assert r.state.officers[1].score == 5 - penalty


def test_the_score_never_goes_below_zero():
    p = planet("luparii", (3, 3))
    s = state([p], [on_ground(p, SHIPS["SPATHA"], score=1, **down(1, 2))])

    r = play(s, {}, {"arrivals": [NO_ARRIVAL], "alien-fire": [6]})

    assert one(r, "losses")["penalty"] == 2
    assert r.state.officers[1].score == 0


@pytest.mark.parametrize("first_takes_off", [True, False])
def test_a_planet_left_by_one_officer_is_known_and_closed_to_everyone(first_takes_off):
    """Notius takes off from P-1 (turn 1); then Beta's landing route on it is refused and
    Gamma's route over its square is not stopped. If Notius stays, both meet the planet."""
    p = planet("oz-minerals", ())
    notius = on_ground(p, oid=1, turn=0)
    beta = in_space(Position(12, 12, 2), oid=2, name="Beta", turn=1)
    gamma = in_space(Position(12, 14, 2), oid=3, name="Gamma", turn=2)
    s = state([p], [notius, beta, gamma])
    orders = {
        1: Orders(route=(Segment(2, "W"),)) if first_takes_off else Orders(),
        2: Orders(route=(Segment(2, "S"),), attitude="C"),
        3: Orders(route=(Segment(6, "S"),)),
    }

    r = play(s, orders)

    if first_takes_off:
        assert r.state.planets[2].known
        assert one(r, "known", 1)["planet"] == "P-1"
        assert "known planets are crossed out" in one(r, "landing-refused", 2)["reason"]
        assert r.state.officers[2].landing is None and of(r, "points", 2) == []
        route = one(r, "route", 3)
        assert (route["travelled"], route["stop"]) == (6, "")
    else:
        assert not r.state.planets[2].known
        assert r.state.officers[2].landing is not None  # Beta lands and collects
        assert landing_of(r, 2).pending == 2
        assert one(r, "route", 3)["stop"] == "planet-ahead"


# --- 8. the base ---------------------------------------------------------------------------------


@pytest.mark.parametrize("score, promoted", [(7, True), (6, False)])
def test_back_at_the_base_with_the_threshold_the_officer_is_promoted(score, promoted):
    assert RULES.ranks[0].name == "Decurio" and RULES.ranks[0].promotion == 7
    s = state([], [in_space(Position(11, 10, 2), score=score)])

    r = play(s, {1: Orders(route=(Segment(1, "W"),))})

    officer = r.state.officers[1]
    assert officer.landed_on == BASE.id
    if promoted:
        event = [e for e in r.events if e.kind == "promotion"]
        assert len(event) == 1 and event[0].audience == PUBLIC
        assert (event[0].data["rank"], event[0].data["ship_type"]) == ("Centurio", "SPATHA")
        assert (officer.rank, officer.score, officer.ship.type) == ("Centurio", 0, "SPATHA")
        assert officer.ship.name == "MARTHIA"
    else:
        assert of(r, "promotion") == []
        assert (officer.rank, officer.score, officer.ship.type) == ("Decurio", 6, "GLADIUM")


def test_promotion_needs_the_missus_at_the_base():
    """7 points in space are not a promotion (3A: one must return to the base)."""
    s = state([], [in_space(Position(20, 20, 2), score=7)])
    r = play(s, {1: Orders(route=(Segment(1, "N"),))})
    assert of(r, "promotion") == [] and r.state.officers[1].rank == "Decurio"


def test_refit_at_the_base_and_only_there():
    good = (("computers", 2), ("crews", 2), ("lasers", 2), ("radars", 2), ("shields", 5), ("tanks", 3))
    at_base = state([], [in_space(BASE.position, landed_on=BASE.id)])
    r = play(at_base, {1: Orders(refit=good)})
    assert one(r, "refit")["fit"]["computers"] == 2
    assert r.state.officers[1].ship == marthia(lasers=2, computers=2)

    away = state([], [in_space(Position(10, 13, 2))])
    r = play(away, {1: Orders(refit=good)})
    assert "only at the base" in one(r, "refit-refused")["reason"]
    assert r.state.officers[1].ship == marthia()

    bad = tuple((dict(good) | {"crews": 5}).items())
    r = play(at_base, {1: Orders(refit=bad)})
    assert "a GLADIUM carries at most 4" in one(r, "refit-refused")["reason"]


def test_refit_orders_are_checked_like_an_enlistment(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)])
    assert checked(g, 1, "REFIT crews=5,shields=5,lasers=3,radars=2,computers=1,tanks=3") == [
        (5, "the new sheet is not valid: crews = 5: a GLADIUM carries at most 4"),
        (5, "the new sheet is not valid: the sheet fills 19 spaces; a GLADIUM has 16: remove 3"),
    ]
    assert checked(g, 1, "REFIT crews=2,shields=4,lasers=3,radars=2,computers=2,tanks=3") == []

    report = resolve(g, 1, "REFIT crews=2,shields=4,lasers=3,radars=2,computers=2,tanks=3", "ROUTE 3 N",
                     dice={})
    assert "Refitted at the base." in report
    assert checked(g, 2, "REFIT crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3") == [
        (5, "a ship is refitted only at the base")]


# --- 9. cooperation (3I b) -------------------------------------------------------------------------


def test_pay_moves_points_to_a_colleague():
    s = state([], [in_space(Position(20, 20, 2), score=5),
                   in_space(Position(5, 5, 2), oid=2, name="Beta", score=1, turn=1)])

    r = play(s, {1: Orders(pay=(Payment(3, "beta"),))})

    assert [(p["direction"], p["amount"]) for p in of(r, "payment")] == [("paid", 3), ("received", 3)]
    assert (r.state.officers[1].score, r.state.officers[2].score) == (2, 4)

    r = play(s, {1: Orders(pay=(Payment(6, "Beta"),))})
    assert "your score is 5" in one(r, "payment-refused")["reason"]
    assert (r.state.officers[1].score, r.state.officers[2].score) == (5, 1)


def test_check_refuses_paying_more_than_the_score_or_to_nobody():
    assert ground_problems(view(score=2), "PAY 3 TO Beta") == [(5, "you pay 3 points and your score is 2")]
    assert ground_problems(view(score=2), "PAY 2 TO Beta") == []
    assert ground_problems(view(score=2), "PAY 1 TO Nobody") == [(5, "no colleague named Nobody")]
    assert ground_problems(view(score=2), "PAY 1 TO Notius") == [(5, "no colleague named Notius")]


def test_pbem_check_refuses_a_payment_beyond_the_score(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)],
                  officers=[("Notius", SECRET, EXAMPLE_FIT), ("Beta", "bbbb-2222", EXAMPLE_FIT)])
    assert checked(g, 1, "PAY 1 TO Beta") == [(5, "you pay 1 points and your score is 0")]
    assert checked(g, 1, "PAY 1 TO Betta") == [(5, "no colleague named Betta"),
                                              (5, "you pay 1 points and your score is 0")]


def test_two_officers_on_one_planet_fire_at_the_same_alien():
    """Notius wounds the first SEVOLVENTES (F: 5 to 2); Beta, next in turn, fires at the
    same alien and sees it as Notius left it: F.C. 2."""
    p = planet("sevolventes")
    notius = on_ground(p, oid=1, turn=0, **down(0, 1))
    beta = on_ground(p, oid=2, name="Beta", turn=1, **down(0, 1))
    s = state([p], [notius, beta])
    assert A.result(2 * CREW_FC - 5, 3) == "F"  # Notius: +1
    assert A.result(2 * CREW_FC - 2, 5) == "U"  # Beta: +4
    assert B.result(2 * CREW_FC - (2 + 5), 1) == 0 and B.result(CREW_FC - 5, 1) == 0

    fire = Orders(fire=("crews",), targets=1)
    r = play(s, {1: fire, 2: fire},
             {"arrivals": [NO_ARRIVAL], "legio-fire": [3, 5], "alien-fire": [1, 1]})

    first, second = one(r, "legio-fire", 1), one(r, "legio-fire", 2)
    assert (first["defence"], first["result"], first["wounded"]) == (5, "F", 1)
    assert (second["defence"], second["result"], second["killed"]) == (2, "U", 1)
    assert r.state.planets[2].aliens == (5,)
    # Both wait for their crews to bring back the points of the elimination.
    assert landing_of(r, 2).pending == 5 and landing_of(r, 1).pending == 0


# --- 11. pbem check, with line numbers; and what only the move reveals ------------------------------


def test_check_refuses_ground_orders_away_from_a_planet(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)])
    assert checked(g, 1, "ROUTE 3 N", "MISSION ALLIANCE") == [(6, "MISSION ALLIANCE while not landed")]
    assert checked(g, 1, "LAND A") == [(5, "LAND goes with the route that ends on the planet")]
    assert checked(g, 1, "RADARS 2", "FIRE CREWS") == [
        (6, "FIRE is a ground order, and you are not on the ground")]
    assert checked(g, 1, "CREWS LAND") == [(5, "CREWS is a ground order, and you are not on the ground")]
    assert checked(g, 1, "ROUTE 2 E", "LAND C", "SHIELDS OFF") == [
        (7, "SHIELDS is a ground order, and the landing attitude says what happens on landing")]
    assert checked(g, 1, "ROUTE 2 E", "LAND C", "MISSION ALLIANCE") == []


def land_on_luparii(g, attitude: str, alien_fire: int) -> str:
    """Move 1: Notius lands on P-1 and meets two hostile LUPARII (presence d6 1), who attack
    the landed crews at once (timing c)."""
    assert race("luparii").presence[0] == 2
    return resolve(g, 1, "ROUTE 2 E", attitude,
                   dice={"info": faces_to("luparii"), "presence": [1], "alien-fire": [alien_fire]})


def test_check_refuses_crews_landing_with_the_shields_on(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)])
    resolve(g, 1, "ROUTE 2 E", "LAND A", dice={"info": faces_to("sevolventes"), "presence": [2]})

    assert checked(g, 2, "SHIELDS ON", "CREWS LAND") == [(5, "crews cannot land with the shields on")]
    assert checked(g, 2, "SHIELDS OFF", "CREWS LAND") == []
    assert checked(g, 2, "CREWS LAND", "FIRE LASERS") == [
        (6, "the ship's lasers never fire while crews land or re-embark")]


def test_check_refuses_a_crew_of_2_men_landing(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)])
    assert B.result(2 * CREW_FC - 6, 4) == 1
    report = land_on_luparii(g, "LAND C", 4)  # 6 against 6: d6 4, one man lost
    assert "Crews now: 3 + 2 men." in report
    assert checked(g, 2, "ROUTE 2 W") == [
        (5, "your crews are on the ground: the ship cannot take off without them")]

    assert B.result((CREW_FC + 2) - 6, 1) == 0
    resolve(g, 2, "CREWS EMBARK", dice={"arrivals": [NO_ARRIVAL], "alien-fire": [1]})

    assert checked(g, 3, "CREWS LAND 2") == [(5, "only 1 complete crew(s) of 3 men aboard can land")]
    assert checked(g, 3, "CREWS LAND 1") == []


def test_check_lets_a_complete_crew_land_while_a_reduced_one_is_down(make_game):
    g = make_game((10, 10, 2), [(12, 10, 2)])
    assert B.result(CREW_FC - 6, 2) == 1  # two LUPARII against the one crew down: one man lost
    report = land_on_luparii(g, "LAND C 1", 2)
    assert "Crews now: 2 + 3 men." in report  # the 2-man crew is down, the complete one aboard

    assert checked(g, 2, "CREWS LAND 1") == []


def test_an_unlawful_mission_is_reported_at_resolve(make_game):
    """The checker cannot know who lives on P-1: the move says why the mission is impossible."""
    g = make_game((10, 10, 2), [(12, 10, 2)])
    assert checked(g, 1, "ROUTE 2 E", "LAND C", "MISSION ALLIANCE") == []

    report = resolve(g, 1, "ROUTE 2 E", "LAND C", "MISSION ALLIANCE",
                     dice={"info": faces_to("sevolventes"), "presence": [2]})

    assert "2 crews landed." in report
    assert "No alliance: the SEVOLVENTES make no alliances." in report
