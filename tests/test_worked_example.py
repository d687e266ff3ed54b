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
    assert "P-3, level II, asked by Notius: vegetable" in bulletin
