"""Rulebook section 6, turns I to III, replayed through order files with the quoted dice.

Decurio Notius, GLADIUM MARTHIA (crews 2, shields 5, lasers 3, radar 2, computer 1,
tanks 3). With the base at the origin the example puts its planets at (-2, 11),
(8, 5) and (10, -4); here the base stands at (10, 10) on level 2.
"""

from pbem import game
from pbem.rules.dice import ScriptedDice

from conftest import orders_text

BASE = (10, 10, 2)
PLANETS = [(8, 21, 2), (18, 15, 2), (20, 6, 2)]


def test_section_6_turns_I_to_III(make_game):
    g = make_game(BASE, PLANETS)

    g.post("move1-notius.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 10 N + 5 E", "RADARS 2", "INFO NEW"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [6]}, move=1, strict=True))
    r1 = g.report(1, "notius")
    assert "Route completed: 15 parsecs." in r1
    assert "At the 10th parsec: planet P-1, never seen before (+1 point)." in r1
    assert "Distance 2 parsecs, direction 1 W + 1 NW." in r1
    assert "P-1, level I (d10: 6): E (Martian)." in r1
    assert "Score 1;" in r1

    g.post("move2-notius.txt", orders_text("Notius", "4tq9-mx2d", 2, "ROUTE 5 S + 10 SE", "RADARS 2", "INFO NEW 2"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [1]}, move=2, strict=True))
    r2 = g.report(2, "notius")
    assert "At the 6th parsec: planet P-2, never seen before (+1 point)." in r2
    assert "Distance 2 parsecs, direction 1 E + 1 NE." in r2
    assert "At the 12th parsec: planet P-3, never seen before (+1 point)." in r2
    assert "Distance 2 parsecs, direction 2 SW." in r2
    assert "P-3, level I (d10: 1): A (terrestrial)." in r2
    assert "+2 this move." in r2 and "Score 3;" in r2

    g.post("move3-notius.txt", orders_text("Notius", "4tq9-mx2d", 3, "ROUTE 3 NW + 1 SW", "RADARS 2", "INFO P-3"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [2]}, move=3, strict=True))
    r3 = g.report(3, "notius")
    assert "At the 4th parsec: planet P-3." in r3
    assert "Distance 1 parsec, direction 1 SW. Information: A (terrestrial)." in r3
    assert "P-3, level II (d6: 2): vegetable." in r3
    assert "None this move." in r3 and "Score 3;" in r3
    # Turn IV lands with 1 SW: the ship stands at (11, -3) from the base.
    assert "Position by dead reckoning: 8 E + 3 SE from the base." in r3

    bulletin = g.bulletin(3)
    assert "P-3, level II: vegetable." in bulletin.split("  Notius moved.")[1]


def test_section_6_turns_IV_to_VI_landing_mission_and_promotion(make_game):
    g = make_game(BASE, PLANETS)
    secret = "4tq9-mx2d"
    script = [
        ("ROUTE 10 N + 5 E", "INFO NEW"), ("ROUTE 5 S + 10 SE", "INFO NEW 2"),
        ("ROUTE 3 NW + 1 SW", "INFO P-3"),
    ]
    dice = [{"info": [6]}, {"info": [1]}, {"info": [2]}]
    for move, (orders, d) in enumerate(zip(script, dice), 1):
        g.post(f"move{move}.txt", orders_text("Notius", secret, move, *orders))
        game.resolve(g.dir, dice=ScriptedDice(d, move=move, strict=True))

    # Turn IV: landing with shields on, no crews, no fire; the missing information and the
    # presence roll: non sapiens (d10 6), monsters (d6 5), peaceful (d6 1), SEVOLVENTES (d10 1).
    g.post("move4.txt", orders_text("Notius", secret, 4, "ROUTE 1 SW", "LAND A"))
    game.resolve(g.dir, dice=ScriptedDice({"info": [6, 5, 1, 1], "presence": [2]}, move=4, strict=True))
    r4 = g.report(4, "notius")
    assert "You landed on P-3 with attitude A" in r4
    assert "SEVOLVENTES" in r4 and "2 present, F.C. 5 each, peaceful" in r4
    assert "non sapiens" in r4.lower()
    b4 = g.bulletin(4)
    assert "SEVOLVENTES" in b4

    # Turn V: shields off, two crews land and fire at both: TAB. A at -4 with a 6 gives F,
    # one killed; the survivor turns hostile and attacks a single crew: TAB. B +2 with a 1: 0.
    g.post("move5.txt", orders_text("Notius", secret, 5, "SHIELDS OFF", "CREWS LAND 2", "FIRE CREWS"))
    game.resolve(g.dir, dice=ScriptedDice({"arrivals": [1], "legio-fire": [6], "alien-fire": [1]},
                                          move=5, strict=True))
    r5 = g.report(5, "notius")
    assert "2 crews landed." in r5
    assert "F.C.Att 6 against F.C. 6" not in r5
    assert ("Your fire (crews): 1 killed; 1 left. [TAB. A, F.C.Att 6 against F.C. 10, "
            "difference -4 (difference -6 to -4), your d6 6: F]") in r5
    assert ("The aliens fire on 1 crew: no loss. [TAB. B, F.C.Def 3 against F.C. 5, "
            "difference -2 (difference -2 to -1), the S.C.'s d6 1: 0]") in r5
    assert "Points waiting for the re-embarking: 5 (elimination)." in r5

    # Turn VI: arrivals d6 2 brings one more; the two attack the withdrawing crews
    # (TAB. B +4, a 4): two men lost, crews 3 + 1; 5 - 1 points; the route lands on the base
    # with 7 points: promotion, a ship of the next level.
    g.post("move6.txt", orders_text("Notius", secret, 6, "CREWS EMBARK", "ROUTE 4 NW + 6 W"))
    game.resolve(g.dir, dice=ScriptedDice({"arrivals": [2], "alien-fire": [4]}, move=6, strict=True))
    r6 = g.report(6, "notius")
    assert "New aliens: 1 arrived, 2 present [arrivals, d6 2]." in r6
    assert ("The aliens fire on 2 crews: 2 men lost. [TAB. B, F.C.Def 6 against F.C. 10, "
            "difference -4 (difference -4 to -3), the S.C.'s d6 4: 2]") in r6
    assert "Crews now: 3 + 1 men." in r6
    assert "Points for the elimination: 5 - 1 for the ship's level = 4." in r6
    assert "You landed on the BASE." in r6
    assert "PROMOTION: you are now Centurio" in r6 and "SPATHA" in r6
    assert "Score 0; Centurio" in r6
    b6 = g.bulletin(6)
    assert "Promoted Centurio, with a SPATHA." in b6
    assert "took off from P-3" in b6
