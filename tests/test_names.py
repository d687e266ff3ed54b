"""Officer names that only look alike are refused at enlistment, as a case-only duplicate is.

"Alphа" with a Cyrillic а, "Ａｌｐｈａ" in full-width letters or "ΑLPHA" with a Greek Alpha
read as Alpha on every screen: in the standings, a bulletin or the GM's terminal, two such
officers could not be told apart, and a player could pass for another.
"""

from __future__ import annotations

import pytest

from pbem import game, names

from conftest import EXAMPLE_FIT
from test_terminal import folder, pbem  # noqa: F401 - the fixture


def test_names_that_only_look_alike_are_refused_at_enlistment(folder):
    refused = {
        "Alph\u0430": "U+0430 CYRILLIC SMALL LETTER A",  # Cyrillic а
        "Ａｌｐｈａ": "U+FF21 FULLWIDTH LATIN CAPITAL LETTER A",
        "\u0391LPHA": "U+0391 GREEK CAPITAL LETTER ALPHA",
    }
    for name, why in refused.items():
        done = pbem("enlist", folder, "--name", name, "--fit", "crews=1,tanks=1")
        assert done.returncode == 1, name
        assert f"looks just like the enlisted officer 'Alpha'" in done.stderr
        assert why in done.stderr
    game.enlist(folder, "L\u0456via", "", "GLADIUM", "Livia", EXAMPLE_FIT)  # Cyrillic і
    done = pbem("enlist", folder, "--name", "Livia", "--fit", "crews=1,tanks=1")
    assert "looks just like the enlisted officer 'Lіvia'" in done.stderr
    assert "an officer named 'ALPHA' is already enlisted" in pbem(
        "enlist", folder, "--name", "ALPHA", "--fit", "crews=1,tanks=1").stderr
    assert pbem("enlist", folder, "--name", "Alfa", "--fit", "crews=1,tanks=1").returncode == 0


@pytest.mark.parametrize("a, b", [("Alpha", "\uff21\uff4c\uff50\uff48\uff41"), ("Scipio", "S\u0441ipi\u043e"),
                                  ("Livia", "L\u0456via"), ("Kaeso", "\u039aaeso"),
                                  ("Notius", "NOTIUS")])
def test_look_alike_names_read_the_same(a, b):
    assert names.look_alike(a) == names.look_alike(b)


@pytest.mark.parametrize("a, b", [("Alpha", "Alfa"), ("Niccolò", "Niccolo"), ("Varro", "Varo")])
def test_names_that_read_otherwise_do_not(a, b):
    assert names.look_alike(a) != names.look_alike(b)
