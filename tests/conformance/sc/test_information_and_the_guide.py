"""S.C. rule F: the information requested climbs the Information Sheet to the race's name;
"The news written on [the G.I.] must be read IN FULL ... The number of Aliens present is
declared on the basis of a new die roll, made before reading the whole." (ruling
GUIDE_READ_WHEN_THE_RACE_IS_NAMED: when an answer by request names the race)."""

from __future__ import annotations

from dataclasses import replace

from pbem.rules.events import PUBLIC
from pbem.rules.geometry import Position
from pbem.rules.orders import InfoRequest, Orders

from core import faces_to, facts_for, in_space, of, one, planet, play, state

AT = Position(14, 14, 2)
FC = 5  # SEVOLVENTES; presence d6 4 gives 3


def charted(known: int):
    """P-1, SEVOLVENTES, with its first `known` facts given and nobody landed yet."""
    return replace(planet("sevolventes", position=AT), facts=facts_for("sevolventes")[:known],
                   populated=False, aliens=(), hostile=False)


def ask(known: int, dice: dict):
    s = state([charted(known)], [in_space(Position(12, 14, 2))])
    return play(s, {1: Orders(info=(InfoRequest("P-1"),))}, dice)


def test_SC_F_an_answer_naming_the_race_reads_the_guide_and_rolls_the_presence():
    r = ask(5, {"info": faces_to("sevolventes")[5:], "presence": [4]})
    assert one(r, "info")["level"] == "VI"
    met = one(r, "encounter")
    assert (met["race"], met["present"], met["fc"]) == ("SEVOLVENTES", 3, [FC] * 3)
    assert met["sheet"]["description"] and met["sheet"]["fc"] == FC  # read in full
    assert next(e for e in r.events if e.kind == "encounter").audience == PUBLIC
    assert met["guide"] is True  # read from the G.I., not met on the ground
    p = r.state.planets[2]
    assert p.populated and p.aliens == (FC, FC, FC) and not p.hostile


def test_SC_F_a_level_IV_answer_gives_the_reference_alone():
    r = ask(3, {"info": faces_to("sevolventes")[3:4]})
    assert one(r, "info")["reference"] is not None
    assert of(r, "encounter") == [] and of(r, "presence") == []
    assert not r.state.planets[2].populated
