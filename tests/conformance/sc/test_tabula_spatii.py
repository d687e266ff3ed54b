"""S.C. basic A, B: the S.C. and his material (a d6 and a d10); C: the Tabula Spatii, four
levels of nine planets each, one of them the base."""

from __future__ import annotations

from collections import Counter

import pytest

from pbem.rules.dice import ScriptedDice, SeededDice
from pbem.rules.galaxy import draw_map
from pbem.rules.geometry import Zone

from core import RULES


def test_SC_B_the_S_C_rolls_only_a_six_sided_and_a_ten_sided_die():
    assert {level.die for level in RULES.information.levels} <= {6, 10}
    assert {len(c.faces) for t in RULES.tables.values() for c in t.columns} <= {6, 10}
    with pytest.raises(ValueError):
        ScriptedDice({"info": [7]}, strict=True).roll(6, "info", "a face a d6 does not have")


@pytest.mark.parametrize("seed", [b"cornifex", b"notius", b"marthia"])
def test_SC_C_four_levels_of_nine_planets_one_base_none_overlapping(seed):
    planets = draw_map(Zone(30), 9, SeededDice(seed, 0))
    assert Counter(p.position.level for p in planets) == {1: 9, 2: 9, 3: 9, 4: 9}
    assert len({p.position for p in planets}) == 36
    assert [p.known for p in planets if p.base] == [True]  # one base, known to all
