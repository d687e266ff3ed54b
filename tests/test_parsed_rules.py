"""The rules files' parsed TOML kept between runs (pbem/ruleset_files/parsed.py): the same
ruleset from the cache as from the files, whatever state the cache is in."""

from __future__ import annotations

import os
import tomllib

import pytest

from pbem import ruleset_files
from pbem.ruleset_files import RulesetError, load_ruleset, parsed


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    ruleset_files._load.cache_clear()
    yield parsed.folder()
    ruleset_files._load.cache_clear()


def _fresh(game_dir=None):
    ruleset_files._load.cache_clear()
    return load_ruleset(game_dir)


def test_the_ruleset_from_the_cache_is_the_ruleset_of_the_files(cache):
    first = _fresh()
    kept = sorted(p.name for p in cache.iterdir())
    assert len(kept) == len(ruleset_files.FILES)
    assert _fresh() == first
    assert sorted(p.name for p in cache.iterdir()) == kept


def test_an_entry_cut_short_or_of_another_kind_costs_a_parse(cache):
    first = _fresh()
    entries = sorted(cache.iterdir())
    entries[0].write_bytes(entries[0].read_bytes()[:10])
    entries[1].write_bytes(b"\x00 not marshal")
    entries[2].write_bytes(__import__("marshal").dumps([1, 2, 3]))
    assert _fresh() == first


def test_an_edited_override_is_parsed_anew(tmp_path, cache):
    game = tmp_path / "game"
    (game / "rules").mkdir(parents=True)
    default = (ruleset_files.importlib.resources.files("pbem.data") / "ships.toml")
    text = default.read_text(encoding="utf-8")
    (game / "rules" / "ships.toml").write_text(text, encoding="utf-8")
    assert _fresh(game).sources["ships.toml"] == "rules/ships.toml"
    (game / "rules" / "ships.toml").write_text(text + "\n[[[", encoding="utf-8")
    with pytest.raises(RulesetError, match="rules/ships.toml: TOML syntax error"):
        _fresh(game)


def test_a_syntax_error_is_never_kept(cache):
    calls = []

    def parse(text):
        calls.append(text)
        return tomllib.loads(text)

    with pytest.raises(tomllib.TOMLDecodeError):
        parsed.parsed("a = [", parse)
    with pytest.raises(tomllib.TOMLDecodeError):
        parsed.parsed("a = [", parse)
    assert len(calls) == 2
    assert parsed.parsed("a = 1", parse) == {"a": 1}
    assert parsed.parsed("a = 1", parse) == {"a": 1}
    assert len(calls) == 3


def test_a_document_with_a_date_is_parsed_at_every_run(cache):
    calls = []

    def parse(text):
        calls.append(text)
        return tomllib.loads(text)

    assert parsed.parsed("when = 1982-01-01", parse) == parsed.parsed("when = 1982-01-01", parse)
    assert len(calls) == 2


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_folder_others_may_write_to_is_not_used(cache):
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    first = _fresh()
    assert list(cache.iterdir()) == []
    assert _fresh() == first


def test_no_cache_folder_costs_a_parse(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    try:
        assert _fresh() == _fresh()
    finally:
        ruleset_files._load.cache_clear()
