"""The Operations Tables (section 4, TAB. A to L) and the default ship sheets: the cells the
worked example fixes, completeness, monotony, vocabularies, labels and bad overrides."""

from __future__ import annotations

import importlib.resources
import tomllib
from pathlib import Path

import pytest

from pbem.rules.ship import COMPONENTS, fit_problems, spaces_used
from pbem.rules.tables import (
    DAMAGE_LOCATIONS,
    NUMBERS,
    OUTCOMES,
    READ_BY,
    ROLLERS,
    OUTER_TABLE_IDS,
    TABLE_IDS,
    TOT_INNER_SPACE_COLUMN,
    Column,
    Table,
)
from pbem.ruleset_files import RulesetError, load_ruleset

SECTION_6_FIT = {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}
VALUES = range(-30, 31)  # well past the printed columns at both ends
A_SECOND_COLUMN = 'upto = -4\nfaces = ["-", "-", "-", "-", "-", "F"]'


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


@pytest.fixture(scope="module")
def tables(rules):
    return rules.tables


def default_text(name: str) -> str:
    return importlib.resources.files("pbem.data").joinpath(name).read_text(encoding="utf-8")


def replaced(name: str, old: str, new: str) -> str:
    text = default_text(name)
    assert old in text, old
    return text.replace(old, new, 1)


def game_with(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / name).write_text(text, encoding="utf-8")
    return tmp_path


# --- the worked example (section 6) -------------------------------------------------


def test_section_6_legio_fire(tables):
    # Turn V: 2 crews, F.C.Att. 6, fire on 2 SEVOLVENTES of F.C. 5 (10): the Decurio
    # rolls 6 and gets F, one of the two killed.
    a = tables["A"]
    assert a.result(2 * 3 - 2 * 5, 6) == "F"
    assert a.roller == "officer"


def test_section_6_alien_fire(tables):
    b = tables["B"]
    # Read Legio minus Alien, like every table (4 I).
    # Turn V: the surviving SEVOLVENTES (5) attacks one crew (F.C.Def. 3); the S.C. rolls 1.
    assert b.result(3 - 5, 1) == 0
    # Turn VI: two SEVOLVENTES (10) attack the 2 withdrawing crews (6): two men lost.
    assert b.result(6 - 10, 4) == 2
    assert 2 in b.column_for(-4).faces
    assert b.roller == "sc"


# --- completeness -------------------------------------------------------------------


def test_all_nine_tables_and_those_of_the_commander_and_the_alien_ship(tables):
    assert TABLE_IDS == ("A", "B", "C", "D", "E", "F", "G", "H", "L")
    assert OUTER_TABLE_IDS == ("I", "M", "N", "P", "R", "S")
    assert tuple(tables) == TABLE_IDS + OUTER_TABLE_IDS
    for tid, t in tables.items():
        assert t.id == tid and t.title.strip()
        assert t.by == READ_BY[tid]
        assert t.roller in ROLLERS
    assert tables["C"].die == tables["P"].die == 10
    assert all(tables[t].die == 6 for t in TABLE_IDS + OUTER_TABLE_IDS if t not in ("C", "P"))


@pytest.mark.parametrize("tid", TABLE_IDS + OUTER_TABLE_IDS)
def test_every_face_and_every_value_has_a_result(tables, tid):
    t = tables[tid]
    assert t.die in (6, 10)
    assert all(len(c.faces) == t.die for c in t.columns)
    # Open-ended: the last column has no upto, the first one bounds only the high side.
    assert t.columns[-1].upto is None
    assert all(c.upto is not None for c in t.columns[:-1])
    uptos = [c.upto for c in t.columns[:-1]]
    assert uptos == sorted(set(uptos))
    assert t.column_for(-10_000) is t.columns[0]
    assert t.column_for(10_000) is t.columns[-1]
    for value in VALUES:
        for face in range(1, t.die + 1):
            assert t.result(value, face) is not None
    for face in (0, t.die + 1, -1):
        with pytest.raises(ValueError, match=f"d{t.die}"):
            t.result(0, face)


def test_columns_are_chosen_by_upto(tables):
    a = tables["A"]
    assert a.column_for(-7) is a.columns[0]
    assert a.column_for(-6) is a.columns[1] is a.column_for(-4)
    assert a.column_for(-3) is a.columns[2]
    assert a.column_for(6) is a.columns[-2]
    assert a.column_for(7) is a.columns[-1]


# --- vocabularies -------------------------------------------------------------------


@pytest.mark.parametrize("tid", TABLE_IDS + OUTER_TABLE_IDS)
def test_results_are_in_the_vocabulary(tables, tid):
    results = [r for c in tables[tid].columns for r in c.faces]
    if tid in NUMBERS:
        assert all(isinstance(r, int) and not isinstance(r, bool) for r in results)
        if NUMBERS[tid] is not None:
            assert min(results) >= NUMBERS[tid]
    elif tid == "C":
        assert set(results) <= set(DAMAGE_LOCATIONS)
    elif tid == "P":
        assert set(results) == set(load_ruleset().environments)  # 5F: one list of zones
    else:
        assert set(results) <= set(OUTCOMES[tid])


def test_vocabularies_of_the_rulebook(tables):
    assert OUTCOMES["A"] == ("-", "F", "U")
    assert OUTCOMES["D"] == OUTCOMES["E"] == OUTCOMES["F"] == ("No", "-", "Yes")
    assert OUTCOMES["L"] == OUTCOMES["S"] == ("No", "Yes")
    assert OUTCOMES["M"] == ("-", "R", "D")  # 5C b: R halves, D destroys
    # Commerce gives negative points as damage, in outer space too (TAB. I, 5D e).
    assert NUMBERS == {"B": 0, "G": 0, "H": None, "I": None, "N": 0, "R": 0}
    # Every word of A, D, E, F and L can come up.
    for tid, words in OUTCOMES.items():
        assert {r for c in tables[tid].columns for r in c.faces} == set(words), tid


def test_damage_location(tables):
    c = tables["C"]
    assert len(c.columns) == 1 and c.by == "none"
    faces = c.columns[0].faces
    assert set(faces) <= set(COMPONENTS) | {"hull"}
    assert "hull" in faces
    assert "crews" not in faces  # crews are lost only through TAB. B (3D a)
    assert c.result(0, 1) == c.result(99, 1) == faces[0]


def test_commerce_can_cost_damage_and_buy_points(tables):
    h = [r for c in tables["H"].columns for r in c.faces]
    assert min(h) < 0 < max(h)


def test_veneration_points(tables):
    g = tables["G"]
    assert len(g.columns) == 1
    assert all(n >= 0 for n in g.columns[0].faces) and max(g.columns[0].faces) > 0


# --- monotony -----------------------------------------------------------------------


def rank_of(tid: str, result: str | int) -> int:
    return OUTCOMES[tid].index(result) if tid in OUTCOMES else result


@pytest.mark.parametrize(
    ("tid", "value_sign"),
    [("A", 1), ("B", -1), ("D", 1), ("F", 1), ("E", 1), ("L", 1), ("H", -1)],
)
def test_monotone(tables, tid, value_sign):
    """A higher face is never worse; a higher value is never worse (for H, never better:
    a shrewder merchant). B counts losses, so "worse" there means more, and a higher value
    (a stronger defence against the aliens) means fewer."""
    t = tables[tid]
    for value in VALUES:
        for face in range(1, t.die + 1):
            here = rank_of(tid, t.result(value, face))
            if face < t.die:
                assert here <= rank_of(tid, t.result(value, face + 1)), (value, face)
            right = rank_of(tid, t.result(value + 1, face))
            assert value_sign * (right - here) >= 0, (value, face)


def test_low_differences_mostly_spare_the_crews(tables):
    b = tables["B"]
    assert b.column_for(7).faces == (0,) * 6
    assert sum(b.column_for(4).faces) <= 1


def test_extremes(tables):
    assert set(tables["A"].column_for(-50).faces) == {"-"}
    assert "U" in tables["A"].column_for(50).faces
    assert tables["D"].column_for(-50).faces[0] == "No"
    assert tables["D"].column_for(50).faces[-1] == "Yes"


def test_tot_inner_space_column(tables):
    # 4 VI: inner space reads column no. 3; it covers personality 2 and 3, whichever way
    # the printed columns were numbered.
    lt = tables["L"]
    col = lt.column_number(TOT_INNER_SPACE_COLUMN)
    assert col is lt.column_for(2) is lt.column_for(3)
    assert "Yes" in col.faces and "No" in col.faces
    with pytest.raises(ValueError):
        lt.column_number(0)
    with pytest.raises(ValueError):
        lt.column_number(len(lt.columns) + 1)


# --- labels -------------------------------------------------------------------------


def test_labels(tables):
    a = tables["A"]
    assert a.label(-4) == "difference -6 to -4"
    assert a.label(-6) == "difference -6 to -4"
    assert a.label(7) == "difference 7 or more"
    assert a.label(100) == "difference 7 or more"
    assert a.label(-7) == "difference -7 or less"
    assert a.label(-100) == "difference -7 or less"
    assert a.label(0) == "difference -1 to 0"
    assert tables["E"].label(3) == "alliance factor 3"
    assert tables["E"].label(0) == "alliance factor 1 or less"
    assert tables["H"].label(9) == "F.C. 6 or more"
    assert tables["L"].label(2) == "personality 2 to 3"
    assert tables["C"].label(4) == "single column"
    # One label per column.
    for t in tables.values():
        labels = {t.label(v) for v in VALUES}
        assert len(labels) == len(t.columns), t.id


def test_hand_made_table():
    t = Table(
        "X",
        "test",
        6,
        "difference",
        "officer",
        (Column(-1, ("-",) * 6), Column(1, ("F",) * 6), Column(None, ("U",) * 6)),
    )
    assert [t.result(v, 1) for v in (-5, -1, 0, 1, 2, 9)] == ["-", "-", "F", "F", "U", "U"]
    assert t.label(0) == "difference 0 to 1"
    single = Table("Y", "one", 6, "difference", "sc", (Column(None, (1,) * 6),))
    assert single.label(3) == "any difference" and single.result(-99, 6) == 1
    with pytest.raises(ValueError):
        t.result(0, True)


# --- default ship sheets ------------------------------------------------------------


def test_default_sheets_are_lawful(rules):
    for ship in rules.ships.values():
        assert set(ship.default) == set(COMPONENTS)
        assert fit_problems(ship, ship.default) == [], ship.name
        assert ship.default["crews"] >= 1 and ship.default["tanks"] >= 1
        assert spaces_used(ship.default) == ship.spaces  # every space put to use
    gladium = rules.ships["GLADIUM"].default
    assert {c: n for c, n in gladium.items() if n} == SECTION_6_FIT  # MARTHIA


def test_missing_default_is_the_minimum_sheet(tmp_path):
    text = default_text("ships.toml")
    start = text.index("[FROMBOLA.default]")
    end = text.index("[GLADIUM]")
    game = game_with(tmp_path, "ships.toml", text[:start] + text[end:])
    ship = load_ruleset(game).ships["FROMBOLA"]
    assert ship.default == {c: ship.minimum.get(c, 0) for c in COMPONENTS}


# --- the file and its overrides -----------------------------------------------------


def test_provenance(rules):
    doc = tomllib.loads(default_text("tables.toml"))
    assert "not public" in doc["provenance"] and "Replace" in doc["provenance"]
    assert rules.provenance["tables.toml"] == doc["provenance"]
    assert rules.sources["tables.toml"] == "default"


def test_bad_column_length_names_file_key_and_reason(tmp_path):
    text = replaced(
        "tables.toml",
        A_SECOND_COLUMN,
        'upto = -4\nfaces = ["-", "-", "-", "-", "F"]',
    )
    with pytest.raises(RulesetError) as e:
        load_ruleset(game_with(tmp_path, "tables.toml", text))
    assert e.value.file == "rules/tables.toml"
    assert e.value.key == "A.column[2].faces"
    assert "exactly 6" in e.value.reason and "got 5" in e.value.reason
    assert str(e.value).startswith("rules/tables.toml: A.column[2].faces: must list exactly 6")


def test_good_override_is_used(tmp_path):
    better = 'upto = -4\nfaces = ["-", "-", "-", "-", "F", "F"]'
    text = replaced("tables.toml", A_SECOND_COLUMN, better)
    rules = load_ruleset(game_with(tmp_path, "tables.toml", text))
    assert rules.sources["tables.toml"] == "rules/tables.toml"
    assert rules.tables["A"].result(-4, 5) == "F"
    assert load_ruleset().tables["A"].result(-4, 5) == "-"


@pytest.mark.parametrize(
    ("old", "new", "key", "reason"),
    [
        ("[A]\ntitle = \"Legio fire\"\ndie = 6", "[A]\ntitle = \"Legio fire\"\ndie = 8",
         "A.die", "must be 6 or 10"),
        (A_SECOND_COLUMN, A_SECOND_COLUMN.replace("-4", "-8"), "A.column[2].upto",
         "above the previous column's upto -7"),
        (A_SECOND_COLUMN, A_SECOND_COLUMN.replace("upto = -4\n", ""), "A.column[2].upto",
         "missing"),
        ('faces = ["F", "U", "U", "U", "U", "U"]',
         'upto = 9\nfaces = ["F", "U", "U", "U", "U", "U"]',
         "A.column[8].upto", "open at the high end"),
        (A_SECOND_COLUMN, A_SECOND_COLUMN.replace('"F"', '"K"'), "A.column[2].faces[6]",
         'must be one of "-", "F", "U"'),
        ("faces = [0, 0, 0, 0, 0, 1]", "faces = [0, 0, 0, 0, 0, -1]", "B.column[7].faces[6]",
         "at least 0"),
        ("faces = [0, 0, 0, 0, 0, 1]", 'faces = [0, 0, 0, 0, 0, "1"]', "B.column[7].faces[6]",
         "whole number"),
        ('faces = ["shields", "lasers"', 'faces = ["bridge", "lasers"', "C.column[1].faces[1]",
         "must be one of"),
        ('[[C.column]]\nfaces', '[[C.column]]\nupto = 3\nfaces = ["hull"]\n[[C.column]]\nfaces',
         "C.column", "one column"),
        ('faces = ["No", "No", "No", "-", "-", "Yes"]',
         'faces = ["No", "No", "No", "-", "-", "yes"]',
         "D.column[3].faces[6]", 'must be one of "No", "-", "Yes"'),
        ("faces = [1, 1, 2, 2, 3, 4]", "faces = [1, 1, 2, 2, 3, -4]", "G.column[1].faces[6]",
         "at least 0"),
        ('by = "alliance_factor"', 'by = "fc"', "E.by", "read by alliance_factor"),
        ('by = "alliance_factor"', 'by = "charisma"', "E.by", "must be one of"),
        ('roller = "sc"', 'roller = "gm"', "B.roller", "must be one of officer, sc"),
        ("[L]\n", "[Z]\ntitle = 'x'\n[L]\n", "Z", "unknown key"),
        ("[G]\n", "[Gx]\n", "Gx", "unknown key"),
    ],
)  # fmt: skip
def test_bad_table_overrides_are_named(tmp_path, old, new, key, reason):
    game = game_with(tmp_path, "tables.toml", replaced("tables.toml", old, new))
    with pytest.raises(RulesetError) as e:
        load_ruleset(game)
    assert e.value.file == "rules/tables.toml"
    assert e.value.key == key, str(e.value)
    assert reason in e.value.reason, str(e.value)


def test_missing_table_is_named(tmp_path):
    text = default_text("tables.toml")
    start = text.index("# --- TAB. G")
    end = text.index("# --- TAB. H")
    with pytest.raises(RulesetError) as e:
        load_ruleset(game_with(tmp_path, "tables.toml", text[:start] + text[end:]))
    assert (e.value.file, e.value.key) == ("rules/tables.toml", "G")
    assert "missing" in e.value.reason


def test_tot_needs_column_3(tmp_path):
    text = default_text("tables.toml")
    start = text.index("[[L.column]]  # 1\n")
    end = text.index("[[L.column]]  # 5 or more")
    with pytest.raises(RulesetError) as e:
        load_ruleset(game_with(tmp_path, "tables.toml", text[:start] + text[end:]))
    assert e.value.key == "L.column" and "column no. 3" in e.value.reason


@pytest.mark.parametrize(
    ("old", "new", "key", "reason"),
    [
        ("[GLADIUM.default]  # section 6: MARTHIA, 16 spaces\ncrews = 2\nshields = 5",
         "[GLADIUM.default]  # section 6: MARTHIA, 16 spaces\ncrews = 2\nshields = 9",
         "GLADIUM.default", "at most 6"),
        ("[GLADIUM.default]  # section 6: MARTHIA, 16 spaces\ncrews = 2",
         "[GLADIUM.default]  # section 6: MARTHIA, 16 spaces\ncrews = 2\nphasers = 1",
         "GLADIUM.default.phasers", "unknown component"),
        ("[HASTA.default]  # 30 spaces\ncrews = 4", "[HASTA.default]  # 30 spaces\ncrews = -4",
         "HASTA.default.crews", "at least 0"),
        ("[FROMBOLA.default]  # 10 spaces\ncrews = 2", "[FROMBOLA.default]  # 10 spaces\ncrews = 3",
         "FROMBOLA.default", "fills 11 spaces"),
    ],
)  # fmt: skip
def test_bad_default_sheets_are_named(tmp_path, old, new, key, reason):
    game = game_with(tmp_path, "ships.toml", replaced("ships.toml", old, new))
    with pytest.raises(RulesetError) as e:
        load_ruleset(game)
    assert e.value.file == "rules/ships.toml"
    assert e.value.key == key, str(e.value)
    assert reason in e.value.reason, str(e.value)
