"""Rulings that the code made without naming them, each now a constant of `rulings.py`:
what each decides, and what the other reading would decide, with forced dice."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules import damage, rulings, specialists
from pbem.rules.alien_ship import AlienShip
from pbem.rules.geometry import Position, Segment
from pbem.rules.hazards import Hazards
from pbem.rules.orders import Orders
from pbem.rules.state import Planet, Specialist

from core import RULES, faces_to, in_space, marthia, of, on_ground, one, planet, play, state

C = RULES.tables["C"]
FACE = {part: list(C.columns[0].faces).index(part) + 1 for part in ("hull", "shields")}
ZONE = {z: RULES.tables["P"].columns[0].faces.index(z) + 1 for z in RULES.environments}
OUTER = {"rules": [], "level": "advanced"}


def hits(*parts: str) -> damage.Damaged:
    faces = iter(FACE[p] for p in parts)
    return damage.suffer(marthia(), len(parts), C, lambda: next(faces), 0)


def test_ANY_TWO_HULL_HITS_IN_A_TURN_flipped(monkeypatch):
    """4 I: two hull hits of one turn with a shield lost between them destroy the ship."""
    assert rulings.ANY_TWO_HULL_HITS_IN_A_TURN
    assert hits("hull", "shields", "hull").lost == damage.LOST_HULL
    monkeypatch.setattr(rulings, "ANY_TWO_HULL_HITS_IN_A_TURN", False)
    assert hits("hull", "shields", "hull").lost is None
    assert hits("hull", "hull").lost == damage.LOST_HULL


def test_UNDECLARED_LANDING_ATTITUDE_flipped(monkeypatch):
    """3G a: a route run onto a planet with no radar on lands with attitude A."""
    target = Planet(3, Position(12, 14, 2))

    def ran_onto():
        s = state([replace(planet("oz-minerals", position=target.position, pid=3),
                           designation=None, populated=False, facts=())],
                  [in_space(Position(10, 14, 2))])
        return play(s, {1: Orders(route=(Segment(4, "E"),), radars=0)},
                    {"info": faces_to("oz-minerals")})

    assert rulings.UNDECLARED_LANDING_ATTITUDE == "A"
    assert one(ran_onto(), "attitude")["attitude"] == "A"
    monkeypatch.setattr(rulings, "UNDECLARED_LANDING_ATTITUDE", "B")
    assert one(ran_onto(), "attitude")["attitude"] == "B"


def test_RELANDING_ROLLS_NO_ARRIVALS_flipped(monkeypatch):
    """S.C. rule G c: the re-landing's move rolls TAB. O and P, no arrivals."""
    p = planet("sevolventes")

    def reland(dice):
        s = replace(state([p], [on_ground(p, zone="desert")], settings=dict(OUTER)),
                    hazards=Hazards(None, (), ()))
        return play(s, {1: Orders(attitude="A")}, dice)

    r = reland({"landing-risk": [3], "presence": [1], "landing-zone": [ZONE["plains"]]})
    assert one(r, "landed")["how"] == "relanding" and of(r, "arrivals") == []
    monkeypatch.setattr(rulings, "RELANDING_ROLLS_NO_ARRIVALS", False)
    r = reland({"arrivals": [1], "landing-risk": [3], "presence": [1],
                "landing-zone": [ZONE["plains"]]})
    assert len(of(r, "arrivals")) == 1


def test_PSI_VALUE_CHANGES_NOTHING_flipped(monkeypatch):
    """5E a: a PSI of any value costs 3 points when he dies."""
    rules = RULES.specialists
    assert [specialists.loss(Specialist("psi", v), rules) for v in (1, 4)] == [3, 3]
    monkeypatch.setattr(rulings, "PSI_VALUE_CHANGES_NOTHING", False)
    assert [specialists.loss(Specialist("psi", v), rules) for v in (1, 4)] == [1, 4]


def test_STANDING_RADAR_PICKS_UP_THE_ALIEN_SHIP_flipped(monkeypatch):
    """S.C. rule E a: a ship on the ground picks the alien ship up from its square (it does
    not attract the alien ship, 5C a: nothing else happens)."""
    kind = RULES.alien_ships.ships["KNOX"]
    ground = planet("oz-minerals", position=Position(10, 14, 2))
    knox = AlienShip(kind.name, kind.attack, kind.defence, kind.movement,
                     Position(12, 14, 2))  # 2 parsecs E: in reach of 2 radars

    def stand():
        s = replace(state([ground], [on_ground(ground)], settings=dict(OUTER)),
                    alien_ship=knox, hazards=Hazards(None, (), ()))
        return play(s, {1: Orders()})

    seen = one(stand(), "alien-ship-sighting")
    assert (seen["parsec"], seen["distance"]) == (0, 2)
    monkeypatch.setattr(rulings, "STANDING_RADAR_PICKS_UP_THE_ALIEN_SHIP", False)
    assert of(stand(), "alien-ship-sighting") == []
