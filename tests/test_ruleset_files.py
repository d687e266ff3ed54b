"""The reconstructed default ruleset: numbers the rulebook fixes, completeness, overrides."""

from __future__ import annotations

import importlib.resources
import tomllib
from pathlib import Path

import pytest

from pbem.rules.encounter_guide import CLASSES, KINGDOMS, MISSIONS
from pbem.rules.information_sheet import DNS
from pbem.rules.ranks import next_rank, previous_rank, rank_index
from pbem.rules.ship import COMPONENTS, fit_problems, spaces_used
from pbem.ruleset_files import FILES, RulesetError, load_ruleset

SECTION_6_FIT = {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}
FERREI_ROW = '"mineral-civiles/hostile" = ["ferrei"'
SECTION_6_CHAIN = ("A", "vegetable", "non-sapiens", "vegetable-monsters", "peaceful", "sevolventes")


@pytest.fixture(scope="module")
def rules():
    return load_ruleset()


def default_text(name: str) -> str:
    return importlib.resources.files("pbem.data").joinpath(name).read_text(encoding="utf-8")


def game_with(tmp_path: Path, name: str, text: str) -> Path:
    (tmp_path / "rules").mkdir(exist_ok=True)
    (tmp_path / "rules" / name).write_text(text, encoding="utf-8")
    return tmp_path


def replaced(name: str, old: str, new: str) -> str:
    text = default_text(name)
    assert old in text, old
    return text.replace(old, new, 1)


# --- every file is marked as a reconstruction ---------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_default_files_carry_provenance(name, rules):
    doc = tomllib.loads(default_text(name))
    assert "replace" in doc["provenance"].lower()
    assert rules.sources[name] == "default"
    assert rules.provenance[name] == doc["provenance"]


# --- ships (3C, 3D, section 6) ------------------------------------------------------


def test_ship_numbers_fixed_by_the_rulebook(rules):
    ships = rules.ships
    assert list(ships) == ["FROMBOLA", "GLADIUM", "SPATHA", "HASTA"]
    assert [ships[s].level for s in ships] == [0, 1, 2, 3]
    assert ships["FROMBOLA"].spaces == 10
    assert ships["GLADIUM"].spaces == 16
    assert ships["FROMBOLA"].parsecs_per_tank == 5
    # Section 6: the GLADIUM's 3 tanks give 15 parsecs.
    assert 3 * ships["GLADIUM"].parsecs_per_tank == 15


def test_ship_limits_are_complete_and_sensible(rules):
    for ship in rules.ships.values():
        assert set(ship.minimum) == set(COMPONENTS) == set(ship.maximum)
        assert ship.minimum["crews"] >= 1 and ship.minimum["tanks"] >= 1
        assert all(ship.minimum[c] <= ship.maximum[c] for c in COMPONENTS)
        assert spaces_used(ship.minimum) <= ship.spaces
    # Tot 100% only on SPATHA and HASTA (4 VI).
    assert rules.ships["FROMBOLA"].maximum["tot"] == 0
    assert rules.ships["GLADIUM"].maximum["tot"] == 0
    assert rules.ships["SPATHA"].maximum["tot"] > 0
    assert rules.ships["HASTA"].maximum["tot"] > 0


def test_section_6_gladium_fits_exactly(rules):
    gladium = rules.ships["GLADIUM"]
    assert fit_problems(gladium, SECTION_6_FIT) == []
    assert spaces_used(SECTION_6_FIT) == 16 == gladium.spaces


# --- ranks (section 2, 3A, section 6) -----------------------------------------------


def test_ranks(rules):
    ranks = rules.ranks
    assert [r.name for r in ranks] == ["Decurio", "Centurio", "Proconsul", "Consul", "Fabius"]
    assert ranks[0].promotion == 7  # section 6: 7 points, promotion
    assert ranks[0].ships == ("FROMBOLA", "GLADIUM")
    assert ranks[1].ships == ("GLADIUM", "SPATHA")
    assert ranks[2].ships == ("SPATHA", "HASTA")
    assert ranks[3].ships == ("HASTA",)
    assert ranks[4].ships == () and ranks[4].promotion is None
    assert all(r.promotion and r.promotion > 0 for r in ranks[:-1])
    assert all(s in rules.ships for r in ranks for s in r.ships)


def test_rank_helpers(rules):
    ranks = rules.ranks
    assert rank_index(ranks, "Proconsul") == 2
    assert rank_index(ranks, "decurio") == 0
    assert next_rank(ranks, "Decurio").name == "Centurio"
    assert next_rank(ranks, "Fabius") is None
    assert previous_rank(ranks, "Consul").name == "Proconsul"
    assert previous_rank(ranks, "Decurio").name == "Decurio"  # 3F c: stays at the lowest
    with pytest.raises(ValueError, match="unknown rank"):
        rank_index(ranks, "Tribunus")


# --- Information Sheet (S.C. rules F, section 6) ------------------------------------


def test_information_cells_of_the_rulebook(rules):
    info = rules.information
    assert [lv.number for lv in info.levels] == [1, 2, 3, 4, 5, 6]
    assert info.levels[0].die == 10
    assert info.outcome((), 6) == "E"  # turn I: d10 6, Martian
    assert info.outcome((), 1) == "A"  # turn II: d10 1, terrestrial
    assert info.levels[1].die == 6
    assert info.outcome(("A",), 2) == "vegetable"  # turn III: d6 2, vegetable
    # S.C. rule F example: Jupiter (G), vegetable; d10 6 is non sapiens; then d6 1-3
    # poisonous, 4-6 monsters.
    assert info.names["G"].startswith("G (Jupiter")
    assert info.levels[2].die == 10
    assert info.outcome(("G", "vegetable"), 6) == "non-sapiens"
    assert info.levels[3].die == 6
    facts = ("G", "vegetable", "non-sapiens")
    assert [info.outcome(facts, face) for face in range(1, 7)] == ["vegetable-poisonous"] * 3 + [
        "vegetable-monsters"
    ] * 3
    assert info.names["E"] == "E (Martian)" and info.names["A"] == "A (terrestrial)"


def test_section_6_chain_reaches_the_sevolventes(rules):
    info = rules.information
    assert SECTION_6_CHAIN in set(info.paths())
    assert info.is_complete(SECTION_6_CHAIN)
    assert info.race_id(SECTION_6_CHAIN) == "sevolventes"
    assert info.next_level(SECTION_6_CHAIN) is None
    assert info.describe(SECTION_6_CHAIN) == (
        "A (terrestrial)",
        "vegetable",
        "non sapiens",
        "non sapiens vegetable monsters",
        "peaceful",
        "SEVOLVENTES",
    )
    assert info.letters(SECTION_6_CHAIN[:2]) == "A V"  # section 6: "A", then "V" beside it
    assert info.references["vegetable-monsters"] == rules.guide["sevolventes"].reference


def test_information_navigation(rules):
    info = rules.information
    assert info.next_level(()).number == 1
    assert info.next_level(("E",)).number == 2
    assert info.race_id(("A", "vegetable")) is None
    assert not info.is_complete(("A",))
    with pytest.raises(ValueError):
        info.outcome((), 11)
    with pytest.raises(ValueError):
        info.outcome(("A",), 0)
    with pytest.raises(ValueError):
        info.outcome(SECTION_6_CHAIN, 1)
    # OZ minerals end the chain at level III.
    oz = next(p for p in info.paths() if p[-1] == "oz-minerals")
    assert len(oz) == 3 and info.is_complete(oz) and info.next_level(oz) is None


def test_information_is_complete(rules):
    info = rules.information
    has_dns = False
    for lv in info.levels:
        assert lv.die in (6, 10)
        for row in lv.rows.values():
            assert len(row) == lv.die  # every face is covered
            assert any(v != DNS for v in row)
            has_dns |= DNS in row
            for v in row:
                assert v in info.names
    assert has_dns and DNS in info.names
    paths = list(info.paths())
    assert len(paths) == len(set(paths))
    for path in paths:
        assert path[-1] in rules.guide
        assert info.is_complete(path)
    # Every race of the guide can be met.
    assert {p[-1] for p in paths} == set(rules.guide)
    # Every level-IV group names its G.I. reference.
    groups = {p[3] for p in paths if len(p) == 6}
    assert groups == set(info.references)


def test_information_row_keys_follow_the_facts(rules):
    # A complete walk with every face: each reachable row exists (paths() would skip it).
    info = rules.information
    stack = [()]
    while stack:
        facts = stack.pop()
        level = info.next_level(facts)
        if level is None:
            continue
        for face in range(1, level.die + 1):
            value = info.outcome(facts, face)
            if value != DNS:
                stack.append(facts + (value,))


# --- Encounter Guide ----------------------------------------------------------------


def test_guide_covers_every_kingdom_and_class(rules):
    guide = rules.guide
    assert len(guide) >= 24
    assert {r.life for r in guide.values()} == set(KINGDOMS)
    assert {r.klass for r in guide.values()} == set(CLASSES)
    for life in KINGDOMS:
        assert {r.klass for r in guide.values() if r.life == life} >= {"non-sapiens", "sapiens"}
    civilities = {(r.life, r.civility) for r in guide.values() if r.klass == "sapiens"}
    assert len(civilities) == 9


def test_sevolventes_sheet(rules):
    s = rules.guide["sevolventes"]
    assert s.name == "SEVOLVENTES"
    assert (s.life, s.klass, s.group, s.disposition) == (
        "vegetable",
        "non-sapiens",
        "vegetable-monsters",
        "peaceful",
    )
    assert s.fc == 5
    assert s.points["elimination"] == 5  # section 6: "You gain 5 points"
    assert 2 in s.presence  # section 6: present in a number of 2
    assert s.arrivals[2 - 1] == 1  # section 6: arrivals roll of 2 brings one more
    assert s.reembark_target == "crews"  # section 6: the attack hits the withdrawing crews


def test_riskless_finds(rules):
    oz, secor = rules.guide["oz-minerals"], rules.guide["secor-plants"]
    assert dict(oz.points) == {"collect": 2} and oz.riskless and oz.life == "mineral"
    assert dict(secor.points) == {"collect": 4} and secor.riskless and secor.life == "vegetable"
    assert oz.disposition is None and secor.disposition is None


def test_every_sheet_is_filled(rules):
    for race in rules.guide.values():
        assert len(race.presence) == 6 and len(race.arrivals) == 6
        assert all(isinstance(n, int) and n >= 0 for n in race.presence + race.arrivals)
        assert set(race.points) <= set(MISSIONS) and race.points
        assert race.description.strip()
        assert isinstance(race.fc, int) and isinstance(race.reference, int)
        if race.klass == "sapiens":
            assert race.civility and not race.capturable
            assert (race.alliance_factor is not None) == (race.civility != "sub-civiles")
            if race.merchant:
                assert race.civility in ("sub-civiles", "civiles")
        if race.alliance_value is not None:
            assert race.points["alliance"] == race.alliance_value
        if race.klass == "non-sapiens":
            assert "elimination" in race.points and race.alliance_factor is None
        if race.group:
            assert race.reference == rules.information.references[race.group]


# --- overrides in the game folder ---------------------------------------------------


def test_no_rules_folder_gives_defaults(tmp_path):
    rules = load_ruleset(tmp_path)
    assert set(rules.sources.values()) == {"default"}
    assert load_ruleset() is load_ruleset()  # cached


def test_bad_ship_override_names_file_key_and_reason(tmp_path):
    game = game_with(tmp_path, "ships.toml", replaced("ships.toml", "spaces = 16", 'spaces = "x"'))
    with pytest.raises(RulesetError) as e:
        load_ruleset(game)
    assert e.value.file == "rules/ships.toml"
    assert e.value.key == "GLADIUM.spaces"
    assert str(e.value) == "rules/ships.toml: GLADIUM.spaces: must be a whole number, got 'x'"


def test_good_override_replaces_the_default(tmp_path):
    text = replaced("ships.toml", "spaces = 16", "spaces = 18")
    game = game_with(tmp_path, "ships.toml", text)
    rules = load_ruleset(game)
    assert rules.ships["GLADIUM"].spaces == 18
    assert rules.sources["ships.toml"] == "rules/ships.toml"
    assert rules.sources["guide.toml"] == "default"
    # Editing the override is seen at the next load.
    (game / "rules" / "ships.toml").write_text(text.replace("spaces = 18", "spaces = 20"))
    assert load_ruleset(game).ships["GLADIUM"].spaces == 20


def test_toml_syntax_error_reports_file_and_line(tmp_path):
    game = game_with(tmp_path, "ranks.toml", "provenance = 'x'\n[[ranks]\nname = 'Decurio'\n")
    with pytest.raises(RulesetError) as e:
        load_ruleset(game)
    assert e.value.file == "rules/ranks.toml"
    assert "line 2" in str(e.value) and "syntax" in str(e.value)


@pytest.mark.parametrize(
    ("name", "old", "new", "key", "reason"),
    [
        ("ships.toml", "[FROMBOLA.maximum]\ncrews", "[FROMBOLA.maximum]\nphasers = 1\ncrews",
         "FROMBOLA.maximum.phasers", "unknown component"),
        ("ships.toml", "level = 1", "level = -1", "GLADIUM.level", "at least 0"),
        ("ships.toml", "[HASTA.minimum]\ncrews = 1", "[HASTA.minimum]\ncrews = 9",
         "HASTA.minimum.crews", "above the maximum"),
        ("ranks.toml", '["GLADIUM", "SPATHA"]', '["TRIREMIS"]', "ranks[2] (Centurio).ships",
         "unknown ship type 'TRIREMIS'"),
        # A FROMBOLA Decurio promoted would need a Centurio's GLADIUM (3A).
        ("ranks.toml", '["GLADIUM", "SPATHA"]', '["SPATHA"]', "ranks[1] (Decurio).ships",
         "a Decurio promoted from a FROMBOLA (level 0) becomes Centurio with a ship of level 1"),
        # A rescued GLADIUM Decurio needs the FROMBOLA, a ship of a lower level (3F c).
        ("ranks.toml", '["FROMBOLA", "GLADIUM"]', '["GLADIUM"]', "ranks[1] (Decurio).ships",
         "a Decurio rescued from a GLADIUM (level 1) becomes Decurio with a ship of level 0"),
        ("ranks.toml", "promotion = 7", 'promotion = "seven"', "ranks[1] (Decurio).promotion",
         "whole number"),
        ("information.toml", "die = 6\nkey = [1]", "die = 8\nkey = [1]", "levels.2.die",
         "must be 6 or 10"),
        ("information.toml", 'A = ["animal", "vegetable", "vegetable", "animal", "mineral", "DNS"]',
         'A = ["animal", "vegetable", "vegetable", "animal", "mineral"]', "levels.2.rows.A",
         "exactly 6"),
        ("information.toml", 'A = ["animal", "vegetable", "vegetable", "animal", "mineral", "DNS"]',
         'A = ["DNS", "DNS", "DNS", "DNS", "DNS", "DNS"]', "levels.2.rows.A", "every face"),
        ("information.toml", 'H = ["mineral"', 'Z = ["mineral"', "levels.2.rows", "no row 'H'"),
        ("information.toml", 'H = ["mineral", "animal", "DNS", "mineral", "vegetable", "animal"]',
         'H = ["mineral", "animal", "DNS", "mineral", "vegetable", "animal"]\n'
         'Z = ["mineral", "animal", "DNS", "mineral", "vegetable", "animal"]',
         "levels.2.rows.Z", "never be reached"),
        ("information.toml", FERREI_ROW, FERREI_ROW.replace("ferrei", "gorgones"),
         'levels.6.rows."mineral-civiles/hostile"[1]', "no display name"),
        ("information.toml", FERREI_ROW, FERREI_ROW.replace("ferrei", "hostile"),
         'levels.6.rows."mineral-civiles/hostile"', "not a race of the Encounter Guide"),
        ("information.toml", "mineral-civiles = 28", "mineral-civiles = 99",
         "references.mineral-civiles", "gives 'ferrei' of this group the reference 28"),
        ("information.toml", '"vegetable-monsters/peaceful" = ["sevolventes"',
         '"vegetable-monsters/peaceful" = ["strangulatores"',
         'levels.6.rows."vegetable-monsters/peaceful"', "gives it disposition 'hostile'"),
        ("guide.toml", 'presence = [1, 2, 2, 3, 3, 4]', 'presence = [1, 2, 2, 3, 3]',
         "races.sevolventes.presence", "exactly 6"),
        ("guide.toml", 'group = "vegetable-monsters"\ndisposition = "peaceful"',
         'group = "vegetable-monsters"\ndisposition = "hostile"',
         "races.sevolventes.disposition", "Information Sheet reaches it"),
        ("guide.toml", 'civility = "civiles"\nfc = 4', 'civility = "civiles"\nfc = "four"',
         "races.aviarii.fc", "whole number"),
        ("guide.toml", "points = { elimination = 6 }\ncapturable = false",
         "points = { elimination = 6, capture = 2 }\ncapturable = false",
         "races.voragines.points.capture", "not possible"),
    ],
)  # fmt: skip
def test_bad_overrides_are_named(tmp_path, name, old, new, key, reason):
    game = game_with(tmp_path, name, replaced(name, old, new))
    with pytest.raises(RulesetError) as e:
        load_ruleset(game)
    assert e.value.key == key, str(e.value)
    assert reason in e.value.reason, str(e.value)
    assert name in e.value.file


def test_unreadable_override_encoding(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "guide.toml").write_bytes(b"provenance = '\xe9'\n")
    with pytest.raises(RulesetError, match="rules/guide.toml: not UTF-8"):
        load_ruleset(tmp_path)
