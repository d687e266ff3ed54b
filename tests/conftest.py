"""Shared helpers: build small games in a temporary folder and drive them through files.

Every JSON report or bulletin any test makes is checked against the published schema
(schemas/report.schema.json) when the test ends.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import jsonschema
import pytest

from pbem import game
from pbem.demo import run_demo

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schemas" / "report.schema.json"
SCHEMA = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def pytest_configure(config):
    """The suite keeps its own user cache (the parsed rules files, `ruleset_files.parsed`),
    made empty for each run and inherited by the commands it runs: no run reads what
    another left, and nothing is written into the cache of the user who runs it."""
    cache = tempfile.mkdtemp(prefix="pbem-tests-cache-")
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))
    os.environ["XDG_CACHE_HOME"] = cache


def schema_errors(path: Path) -> list[str]:
    return [f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in SCHEMA.iter_errors(json.loads(path.read_text(encoding="utf-8")))]


@pytest.fixture(autouse=True)
def json_reports_follow_the_schema(request):
    """After each test, every JSON report it wrote validates against the schema."""
    # Asked for before the test runs, so that it is torn down after this check.
    tmp = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if tmp is None:
        return
    errors = []
    for path in sorted(tmp.rglob("reports/move-*/*.json")):
        errors += schema_errors(path)
    assert not errors, "\n".join(errors[:10])

EXAMPLE_FIT = {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}


def write_map(path: Path, base: tuple[int, int, int], planets: list[tuple[int, int, int]], size: int = 30) -> Path:
    lines = [f"size = {size}", "", "[[planet]]", f"level = {base[2]}", f"x = {base[0]}", f"y = {base[1]}", "base = true"]
    for x, y, level in planets:
        lines += ["", "[[planet]]", f"level = {level}", f"x = {x}", f"y = {y}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def orders_text(officer: str, secret: str, move: int, *body: str, game_name: str = "cornifex") -> str:
    return "\n".join([f"GAME {game_name}", f"OFFICER {officer}", f"SECRET {secret}", f"MOVE {move}", *body, "END", ""])


class Game:
    """A test game folder with helpers to post orders and read reports."""

    def __init__(self, root: Path) -> None:
        self.dir = root

    def post(self, filename: str, text: str) -> Path:
        path = self.dir / "orders" / filename
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def report(self, move: int, name_part: str) -> str:
        folder = self.dir / "reports" / f"move-{move:02d}"
        matches = sorted(folder.glob(f"report-*{name_part}*.txt"))
        assert len(matches) == 1, f"no single report for {name_part} in {list(folder.iterdir())}"
        return matches[0].read_text(encoding="utf-8")

    def bulletin(self, move: int, suffix: str = "txt") -> str:
        return (self.dir / "reports" / f"move-{move:02d}" / f"bulletin.{suffix}").read_text(encoding="utf-8")


@pytest.fixture
def make_game(tmp_path):
    """make_game(base, planets, officers=[(name, secret, fit)], size=30) -> Game"""

    def make(base, planets, officers=(("Notius", "4tq9-mx2d", EXAMPLE_FIT),), size=30, ship="GLADIUM"):
        root = tmp_path / "cornifex"
        mapfile = write_map(tmp_path / "map.toml", base, planets, size)
        game.new_game(root, 1, name="cornifex", map_file=mapfile)
        for name, secret, fit in officers:
            game.enlist(root, name, "", ship, name.upper(), fit, secret=secret)
        return Game(root)

    return make


@pytest.fixture(scope="session")
def played_demo(tmp_path_factory) -> Path:
    """The shipped demo, played to its end once per test run; use `demo` for a copy."""
    folder = tmp_path_factory.mktemp("played") / "demo"
    run_demo(folder)
    return folder


@pytest.fixture
def demo(played_demo, tmp_path) -> Path:
    """A copy of the played demo (six moves, the game over, its ledger revealed) to change."""
    folder = tmp_path / "demo"
    shutil.copytree(played_demo, folder)
    return folder
