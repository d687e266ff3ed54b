"""The data of outer space (S.C. advanced rules B to D; 5F, 5G): TAB. O and P, the
radioactivity and atmosphere of each planet type, the Encounter Guide's environments, all
validated like the rest and replaceable from a game's `rules/` folder; and the hazards of a
map drawn by the GM."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

from pbem import game
from pbem.rules.information_sheet import RADIOACTIVITY
from pbem.rules.tables import RowTable
from pbem.ruleset_files import RulesetError, load_ruleset
from pbem.errors import GameError

from conftest import write_map

RULES = load_ruleset()
TYPES = sorted({v for row in RULES.information.levels[0].rows.values() for v in row if v != "DNS"})


def default_text(name: str) -> str:
    return importlib.resources.files("pbem.data").joinpath(name).read_text(encoding="utf-8")


def replaced(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = default_text(name)
    assert old in text, old
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


# --- the shipped reconstruction ------------------------------------------------------------


def test_tab_o_has_a_row_of_damaging_faces_for_every_planet_type():
    o = RULES.landing_risks
    assert isinstance(o, RowTable) and o.die == 6 and o.by == "planet_type"
    assert sorted(o.rows) == TYPES
    for faces in o.rows.values():
        # Read both ways at once (ruling): the row is 1..mass, so "equal to or lower than
        # the mass" (5G) and "equals one of the numbers written" (S.C. rule C) agree.
        assert list(faces) == list(range(1, len(faces) + 1))
    assert o.result("G", 4) == 4 and o.result("G", 5) == 0 and o.result("D", 1) == 1


def test_tab_p_rolls_a_d10_on_the_guide_s_environments():
    p = RULES.tables["P"]
    assert p.die == 10 and p.by == "none" and p.roller == "officer"
    assert set(p.columns[0].faces) == set(RULES.environments)
    for race in RULES.guide.values():
        for zone in (race.preferred_environment, race.non_vital_environment):
            assert zone is None or zone in RULES.environments


def test_radioactivity_and_atmosphere_for_every_planet_type():
    sheet = RULES.information
    assert sheet.radioactivity_die == 6
    assert sorted(sheet.radioactivity) == sorted(sheet.atmospheres) == TYPES
    for row in sheet.radioactivity.values():
        assert len(row) == 6 and set(row) <= set(RADIOACTIVITY)
    assert sheet.planet_type(("E", "mineral")) == "E" and sheet.planet_type(()) is None


def test_the_guide_s_outer_space_fields_are_there_for_every_non_riskless_race():
    for race in RULES.guide.values():
        if race.riskless:
            continue
        assert race.preferred_environment, race.id
        assert race.preferred_bonus >= 0
        if race.klass == "sapiens" and race.civility in ("sub-civiles", "civiles"):
            assert race.technological_level is not None, race.id


# --- a GM's replacement files, checked --------------------------------------------------------


@pytest.mark.parametrize(("name", "old", "new", "key", "reason"), [
    ("tables.toml", "A = [1, 2]  # terrestrial", "A = [2, 1]", "O.rows.A",
     "each face once, in increasing order"),
    ("tables.toml", "A = [1, 2]  # terrestrial", "A = [1, 7]", "O.rows.A[2]",
     "not a face of the d6"),
    ("tables.toml", "H = [1, 2, 3]  # Neptunian", "", "O.rows.H",
     "missing: the Information Sheet has planets of type H"),
    ("tables.toml", "H = [1, 2, 3]  # Neptunian", "H = [1]\nZ = [1]", "O.rows.Z",
     "not a planet type of the Information Sheet"),
    ("tables.toml", 'by = "planet_type"', 'by = "difference"', "O.by",
     "TAB. O is read by planet_type"),
    ("tables.toml", '"caves", "volcanoes", "plains"]', '"caves", "jungle", "plains"]',
     "P.column[1].faces[9]", "'jungle' is not an environment of the Encounter Guide"),
    ("tables.toml", '"caves", "volcanoes", "plains"]', '"caves", "plains"]',
     "P.column[1].faces", "exactly 10 results"),
    ("guide.toml", '"caves", "volcanoes"]', '"caves", "volcanoes", "jungle"]',
     "environments[10]", "'jungle' is never rolled on TAB. P"),
    ("guide.toml", 'preferred_environment = "volcanoes"', 'preferred_environment = "lava"',
     "races.dracones.preferred_environment", "must be one of plains"),
    ("guide.toml", 'non_vital_environment = "sea"\ndescription = "Six-legged',
     'non_vital_environment = "plains"\ndescription = "Six-legged',
     "races.pasculi.non_vital_environment", "also its preferred_environment"),
    ("information.toml", 'C = ["alpha", "alpha", "alpha", "beta", "beta", "beta"]',
     'C = ["alpha", "alpha", "alpha", "beta", "beta", "gamma"]', "radioactivity.rows.C[6]",
     "must be one of 0, alpha, beta"),
    ("information.toml", 'C = ["alpha", "alpha", "alpha", "beta", "beta", "beta"]',
     'C = ["alpha", "alpha", "alpha", "beta", "beta"]', "radioactivity.rows.C",
     "exactly 6 values"),
    ("information.toml", 'C = "none"\n', "", "atmospheres.C",
     "missing: planet type C needs its atmosphere"),
    ("information.toml", '[radioactivity]\ndie = 6', '[radioactivity]\ndie = 8',
     "radioactivity.die", "must be 6 or 10"),
])  # fmt: skip
def test_bad_outer_space_data_is_named(tmp_path, name, old, new, key, reason):
    with pytest.raises(RulesetError) as e:
        load_ruleset(replaced(tmp_path, name, old, new))
    assert (e.value.key, name in e.value.file) == (key, True), str(e.value)
    assert reason in e.value.reason, str(e.value)


def test_a_gm_s_own_tab_o_and_p_are_the_ones_played(tmp_path):
    folder = replaced(tmp_path, "tables.toml", "G = [1, 2, 3, 4]", "G = [1, 2, 3, 4, 5, 6]")
    rules = load_ruleset(folder)
    assert rules.landing_risks.result("G", 6) == 6
    assert rules.sources["tables.toml"] == "rules/tables.toml"


# --- hazards in a map the GM drew ----------------------------------------------------------------


HAZARDS_TOML = """
[[black_hole]]
x = 25
y = 25

[[net]]
level = 1
squares = [[20, 3], [21, 3], [21, 4]]
[[net]]
level = 2
squares = [[20, 3], [20, 4], [20, 5]]
[[net]]
level = 3
squares = [[3, 25], [4, 26], [5, 27]]
[[net]]
level = 4
squares = [[20, 3], [21, 3], [22, 3]]
""" + "".join(f"""
[[distortion]]
level = {level}
x = {x}
y = {y}
""" for level in range(1, 5) for x, y in ((27, 10), (10, 27), (16, 16)))


def hazard_map(tmp_path: Path, extra: str = HAZARDS_TOML, planets=((5, 5, 2),)) -> Path:
    path = write_map(tmp_path / "map.toml", (8, 8, 2), list(planets))
    path.write_text(path.read_text() + extra, encoding="utf-8")
    return path


def test_a_map_s_hazards_are_read_and_stored(tmp_path):
    state = game.new_game(tmp_path / "g", 1, map_file=hazard_map(tmp_path), level="advanced")
    hz = state.hazards
    assert hz.black_hole == (25, 25)
    assert [len(n) for n in hz.nets] == [3, 3, 3, 3] and len(hz.distortions) == 12
    assert hz.at(next(iter(hz.nets[2]))) == "net"


def test_a_basic_game_refuses_a_map_with_hazards(tmp_path):
    with pytest.raises(GameError, match="hazards, which belong to outer space: create the game "
                                        "with --level advanced"):
        game.new_game(tmp_path / "g", 1, map_file=hazard_map(tmp_path))


def test_an_advanced_game_on_a_map_without_hazards_draws_them(tmp_path):
    path = write_map(tmp_path / "map.toml", (8, 8, 2), [(20, 20, 1)])
    state = game.new_game(tmp_path / "g", 1, map_file=path, level="advanced")
    assert state.hazards.black_hole is not None and len(state.hazards.distortions) == 12


@pytest.mark.parametrize(("extra", "message"), [
    (HAZARDS_TOML.replace("[[black_hole]]\nx = 25\ny = 25\n", ""),
     "outer space has exactly one black hole"),
    (HAZARDS_TOML.replace("x = 25\ny = 25", 'x = 25\ny = "south"'),
     "the black hole needs whole numbers x, y"),
    (HAZARDS_TOML.replace("[[20, 3], [21, 3], [21, 4]]", "[[20, 3], [21]]"),
     "net 1 needs its squares as pairs of whole numbers x, y"),
    (HAZARDS_TOML.replace("[[20, 3], [21, 3], [21, 4]]", "[[20, 3], [21, 3], [23, 4]]"),
     "the net of level 1 (x 20, y 3, x 21, y 3, x 23, y 4) is not in one piece"),
    (HAZARDS_TOML.replace("[[20, 3], [20, 4], [20, 5]]", "[[6, 6], [7, 6], [7, 7]]"),
     "the net of level 2 at level 2, x 6, y 6 is 2 parsecs from planet 1 (x 8, y 8)"),
    (HAZARDS_TOML.replace("x = 27\ny = 10", "x = 27\ny = 40", 1),
     "a distortion at level 1, x 27, y 40 is outside the zone"),
    (HAZARDS_TOML.replace("x = 16\ny = 16", "x = 21\ny = 3", 1),
     "a distortion and the net of level 1 share the square level 1, x 21, y 3"),
])
def test_a_map_s_hazards_are_checked_square_by_square(tmp_path, extra, message):
    with pytest.raises(GameError) as e:
        game.new_game(tmp_path / "g", 1, map_file=hazard_map(tmp_path, extra), level="advanced")
    assert message in str(e.value)


def test_a_drawn_advanced_game_places_every_hazard(tmp_path):
    state = game.new_game(tmp_path / "g", "hazards", level="advanced")
    assert state.settings["level"] == "advanced"
    assert len(state.hazards.nets) == 4 and len(state.hazards.distortions) == 12
    # The same seed draws the same planets as a basic game does: the hazards come after.
    basic = game.new_game(tmp_path / "b", "hazards")
    assert [p.position for p in basic.planets.values()] == [
        p.position for p in state.planets.values()]
    assert not basic.hazards


def test_a_zone_too_crowded_for_the_hazards_is_refused_with_the_fix(tmp_path):
    with pytest.raises(GameError, match="use a larger --size or fewer --planets"):
        game.new_game(tmp_path / "g", 1, level="advanced", size=10, planets=9)


def test_the_welcome_letter_of_outer_space_says_what_is_different(tmp_path):
    import email
    from email import policy

    from pbem.storage.database import open_db

    folder = tmp_path / "nulli"
    game.new_game(folder, 3, level="advanced", mail_from="Space Computer <sc@example.org>")
    game.enlist(folder, "Notius", "notius@example.org", "GLADIUM", "MARTHIA",
                {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3})
    row = next(open_db(folder).query("SELECT * FROM mails"))
    message = email.message_from_bytes((folder / row["file"]).read_bytes(), policy=policy.default)
    text = message.get_body(("plain",)).get_content()
    assert "This is outer space: a black hole, nets and distortions lie unseen" in text


def test_verify_redraws_the_hazards_from_the_secret_and_finds_one_moved(tmp_path):
    import sqlite3

    from pbem.verify import verify_path

    folder = tmp_path / "drawn"
    game.new_game(folder, "hazards", level="advanced")
    _, checks = verify_path(folder, None)
    found = {c.name: c for c in checks}
    assert found["map"].ok and "and the hazards of outer space too" in found["map"].message
    conn = sqlite3.connect(folder / "game.db")
    conn.execute("UPDATE hazards SET x = x + 1 WHERE kind = 'net' AND id = "
                 "(SELECT min(id) FROM hazards WHERE kind = 'net')")
    conn.commit()
    conn.close()
    _, checks = verify_path(folder, None)
    found = {c.name: c for c in checks}
    assert found["map"].ok is False and found["map"].message.startswith("hazard 2 is a net")
