"""The `pbem` command as a GM types it: exit codes and the key phrases of what it prints."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main

from conftest import orders_text, write_map

EXAMPLES = Path(__file__).parent / "examples"
FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
# The officers of tests/examples; Varro's file switches on 3 radars, so his ship carries 3.
EXAMPLE_OFFICERS = (
    ("Notius", "4tq9-mx2d", FIT),
    ("Niccolò Varro", "zz81-kq0p", "crews=2,shields=4,lasers=2,radars=3,computers=2,tanks=3"),
    ("Cæcilia Metella", "p0ll-7yre", FIT),
    ("Marcus Aper", "9gh2-llc4", FIT),
)


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def table(db: Path, name: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(f"SELECT * FROM {name} ORDER BY 1").fetchall()
    finally:
        conn.close()


def text_values(db: Path) -> list[str]:
    """Every text value in every table of a database."""
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        values = []
        for t in tables:
            for row in conn.execute(f'SELECT * FROM "{t}"'):
                values += [v for v in row if isinstance(v, str)]
        return values
    finally:
        conn.close()


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def example_game(tmp_path) -> Path:
    """The game the files in tests/examples were written for, move 1 being collected."""
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex")
    for name, secret, fit in EXAMPLE_OFFICERS:
        ok("enlist", folder, "--name", name, "--fit", fit, "--secret", secret)
    return folder


# --- every command: a GameError is words, not a traceback -----------------------------


def least_arguments(command) -> list[str]:
    """A short command line click accepts for a command: a word for each argument and
    each required option (the commands under test never read them)."""
    argv = []
    for param in command.params:
        if param.param_type_name == "argument":
            argv.append(".")  # a path that exists, and a word
        elif param.required:
            argv += [param.opts[0], "1"]
    return argv


@pytest.mark.parametrize("name", sorted(main.commands))
def test_a_game_error_of_any_command_is_a_clean_exit(name, monkeypatch):
    """The group turns a `GameError` of every command into "Error: ..." and exit 1, with
    the player's terminal codes in it shown as escapes."""
    from pbem.errors import GameError

    def refuse(**_params):
        raise GameError("no such officer: Evil\x1b[2J")

    command = main.commands[name]
    monkeypatch.setattr(command, "callback", refuse)
    result = CliRunner().invoke(main, [name, *least_arguments(command)])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[-1] == "Error: no such officer: Evil\\x1b[2J"
    assert "Traceback" not in result.output and result.exception.__class__ is SystemExit


# --- pbem new -------------------------------------------------------------------------


def test_new_creates_the_game_folder(tmp_path):
    """`pbem new DIR --seed 7` creates game.db, orders/ and reports/ and says what it drew."""
    folder = tmp_path / "g"
    out = ok("new", folder, "--seed", "7")
    assert f"Game created in {folder}: 36 planets on 4 levels of 30x30, one base." in out
    assert "pbem enlist" in out
    assert (folder / "game.db").is_file()
    assert (folder / "orders").is_dir() and (folder / "reports").is_dir()


def test_same_seed_draws_the_same_map(tmp_path):
    """The seed decides the map: two games with seed 7 have identical planets tables."""
    ok("new", tmp_path / "a", "--seed", "7")
    ok("new", tmp_path / "b", "--seed", "7")
    ok("new", tmp_path / "c", "--seed", "8")
    a = table(tmp_path / "a" / "game.db", "planets")
    assert len(a) == 36
    assert a == table(tmp_path / "b" / "game.db", "planets")
    assert a != table(tmp_path / "c" / "game.db", "planets")


def test_new_refuses_more_planets_than_squares(tmp_path):
    """--size 3 --planets 10 cannot fit, and says what to change."""
    result = run("new", tmp_path / "g", "--seed", "7", "--size", "3", "--planets", "10")
    assert result.exit_code == 1
    assert "Error: 10 planets do not fit on a 3x3 level; use a larger --size or fewer --planets" in result.output
    assert not (tmp_path / "g" / "game.db").exists()


def map_file(path: Path, planets: list[dict], size: int = 30) -> Path:
    lines = [f"size = {size}"]
    for p in planets:
        lines += ["", "[[planet]]"] + [f"{k} = {str(v).lower()}" for k, v in p.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("planets, problem", [
    ([dict(level=2, x=1, y=1, base=True), dict(level=2, x=1, y=1)],
     "planet 2 overlaps planet 1 at level 2, x 1, y 1: two planets cannot share a parsec square"),
    ([dict(level=2, x=1, y=1), dict(level=3, x=4, y=4)],
     "no base planet: mark exactly one planet with base = true"),
    ([dict(level=2, x=1, y=1, base=True), dict(level=3, x=4, y=4, base=True)],
     "2 base planets (planets 1, 2): keep exactly one"),
    ([dict(level=2, x=1, y=1, base=True), dict(level=2, x=30, y=4)],
     "planet 2 at level 2, x 30, y 4 is outside the zone (x and y from 0 to 29, level from 1 to 4)"),
], ids=["overlap", "no-base", "two-bases", "outside"])
def test_new_refuses_a_bad_map(tmp_path, planets, problem):
    """A GM's map with overlapping planets, no base, two bases or a planet outside is refused."""
    mapfile = map_file(tmp_path / "map.toml", planets)
    result = run("new", tmp_path / "g", "--seed", "1", "--map", mapfile)
    assert result.exit_code == 1
    assert f"{mapfile}: the map is not valid:" in result.output
    assert problem in result.output
    assert not (tmp_path / "g" / "game.db").exists()


def test_new_accepts_a_valid_map(tmp_path):
    """A valid map file is used as drawn: its planets, its base, its size."""
    mapfile = write_map(tmp_path / "map.toml", (10, 10, 2), [(8, 21, 2), (18, 15, 2)], size=25)
    out = ok("new", tmp_path / "g", "--seed", "1", "--map", mapfile)
    assert "3 planets on 4 levels of 25x25, one base." in out
    rows = table(tmp_path / "g" / "game.db", "planets")
    assert [(r[1], r[2], r[3], r[4]) for r in rows] == [(10, 10, 2, 1), (8, 21, 2, 0), (18, 15, 2, 0)]


# --- pbem enlist ----------------------------------------------------------------------


@pytest.fixture
def new_game(tmp_path) -> Path:
    folder = tmp_path / "g"
    ok("new", folder, "--seed", "7")
    return folder


def test_enlist_prints_the_secret_once_and_stores_only_a_hash(new_game):
    """The drawn secret is printed once and never lies in clear in any column of the database."""
    out = ok("enlist", new_game, "--name", "Notius", "--fit", FIT)
    assert "Enlisted Notius (officer 1) on the base." in out
    assert out.count("Secret:") == 1
    secret = re.search(r"^Secret: (\S+)$", out, re.M).group(1)
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", secret)
    assert "stored only as a hash" in out
    values = text_values(new_game / "game.db")
    assert any("Notius" in v for v in values)  # the search does reach the officers table
    for variant in (secret, secret.upper(), secret.replace("-", "")):
        assert not any(variant in v for v in values)


def test_enlist_refuses_a_sheet_over_the_spaces(new_game):
    """A GLADIUM has 16 spaces; a 20-space sheet is refused with the count."""
    result = run("enlist", new_game, "--name", "X",
                 "--fit", "crews=4,shields=6,lasers=4,radars=2,computers=1,tanks=3")
    assert result.exit_code == 1
    assert "the sheet fills 20 spaces; a GLADIUM has 16: remove 4" in result.output
    assert "Secret:" not in result.output


def test_enlist_refuses_a_sheet_below_the_minimum(new_game):
    """A ship needs at least one tank."""
    result = run("enlist", new_game, "--name", "X",
                 "--fit", "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=0")
    assert result.exit_code == 1
    assert "tanks = 0: a GLADIUM needs at least 1" in result.output
    assert table(new_game / "game.db", "officers") == []


def test_enlist_reads_a_sheet_file(new_game, tmp_path):
    """--sheet reads one `component = count` per line, with comments."""
    sheet = tmp_path / "marthia.txt"
    sheet.write_text("# GLADIUM MARTHIA\ncrews = 2\nshields = 5\nlasers = 3\n"
                     "radars = 2  # two radars\ncomputers = 1\ntanks = 3\n", encoding="utf-8")
    out = ok("enlist", new_game, "--name", "Notius", "--ship-name", "MARTHIA", "--sheet", sheet)
    assert "Enlisted Notius (officer 1) on the base." in out
    conn = sqlite3.connect(new_game / "game.db")
    ship = conn.execute("SELECT ship FROM officers").fetchone()[0]
    conn.close()
    assert '"name": "MARTHIA"' in ship and '"radars": 2' in ship and '"tanks": 3' in ship


def test_enlist_refuses_a_name_already_enlisted(new_game):
    """Two officers cannot share a name, whatever its case."""
    ok("enlist", new_game, "--name", "Notius", "--fit", FIT)
    for name in ("Notius", "NOTIUS"):
        result = run("enlist", new_game, "--name", name, "--fit", FIT)
        assert result.exit_code == 1
        assert "an officer named" in result.output and "is already enlisted" in result.output
    assert len(table(new_game / "game.db", "officers")) == 1


# --- pbem check -----------------------------------------------------------------------


@pytest.mark.parametrize("name, officer, move", [
    ("01-crlf-signature.txt", "Notius", 1),
    ("02-bom-utf8-tabs-lowercase.txt", "Niccolò Varro", 1),
    ("03-latin1.txt", "Cæcilia Metella", 1),
    ("04-quoted-reply.txt", "Marcus Aper", 2),
])
def test_check_reads_the_real_example_files(name, officer, move):
    """Files 01-04 as mail clients deliver them are good orders."""
    out = ok("check", EXAMPLES / name)
    assert f"{EXAMPLES / name}: good orders for {officer}, move {move}." in out


def test_check_reports_each_mistake_by_line():
    """05-mistakes.txt: four problems, lines 5 to 8, exit 1."""
    path = EXAMPLES / "05-mistakes.txt"
    result = run("check", path)
    assert result.exit_code == 1
    out = result.output
    assert f"{path}, line 5 (cannot be read): unknown order ROUET; did you mean ROUTE?" in out
    assert f"{path}, line 6 (cannot be read): 3 UP is not a whole number of levels" in out
    assert f"{path}, line 7 (cannot be read): RADARS needs a whole number, e.g. RADARS 2" in out
    assert f"{path}, line 8 (cannot be read): INFO needs a planet" in out
    assert f"{path}: 4 problems." in out


def test_check_against_the_game(example_game):
    """With --game, 01 is good for move 1; INFO on planets not yet named is refused by line."""
    out = ok("check", EXAMPLES / "01-crlf-signature.txt", "--game", example_game)
    assert "good orders for Notius, move 1." in out

    for name, line, planet in (("02-bom-utf8-tabs-lowercase.txt", 7, "P-2"),
                               ("03-latin1.txt", 8, "P-3")):
        result = run("check", EXAMPLES / name, "--game", example_game)
        assert result.exit_code == 1
        assert f"{EXAMPLES / name}, line {line} (not allowed): no planet {planet} is known" in result.output
        assert f"{EXAMPLES / name}: 1 problem." in result.output


def test_check_says_orders_for_a_later_move_wait_for_it(example_game):
    """04 is for move 2 while move 1 is being collected: as the inbox and resolve file it,
    it waits for move 2, its header checked now."""
    path = EXAMPLES / "04-quoted-reply.txt"
    result = run("check", path, "--game", example_game)
    assert result.exit_code == 0, result.output
    assert (f"{path}: orders of Marcus Aper for move 2, a later move: they wait for it, and are "
            "checked in full when it is collected.") in result.output
    wrong = path.read_text(encoding="utf-8").replace("9gh2-llc4", "gues-s000")
    (example_game / "wrong.txt").write_text(wrong, encoding="utf-8")
    result = run("check", example_game / "wrong.txt", "--game", example_game)
    assert result.exit_code == 1 and "the secret does not match" in result.output


def test_check_refuses_a_route_beyond_the_thrust(example_game, tmp_path):
    """3 tanks of a GLADIUM give 15 parsecs; ROUTE 20 N is refused on its line."""
    path = tmp_path / "far.txt"
    path.write_text(orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 20 N"), encoding="utf-8")
    result = run("check", path, "--game", example_game)
    assert result.exit_code == 1
    assert (f"{path}, line 5 (not allowed): the route is 20 parsecs, but 3 tanks give 15 parsecs of thrust "
            "(5 per tank)") in result.output
    assert "shorten the route to 15 parsecs" in result.output


def test_check_never_suggests_asking_about_the_base(example_game):
    """The fix offered for an unknown planet names only planets that can be asked about."""
    result = run("check", EXAMPLES / "02-bom-utf8-tabs-lowercase.txt", "--game", example_game)
    assert "no planet P-2 is known" in result.output
    assert "BASE" not in result.output


# --- pbem resolve / report / demo -----------------------------------------------------


def test_resolve_in_the_game_folder(example_game, monkeypatch):
    """`pbem resolve` with no argument resolves the current folder's move, then the next
    (forced: only one officer of four sends orders)."""
    (example_game / "orders" / "notius.txt").write_bytes((EXAMPLES / "01-crlf-signature.txt").read_bytes())
    monkeypatch.chdir(example_game)
    out = ok("resolve", "--force")
    assert "Move resolved. Reports, bulletins and the GM log are in reports/move-01" in out
    assert "Ordered: 10 N + 5 E (15 parsecs;" in (
        example_game / "reports" / "move-01" / "report-001-notius.txt").read_text(encoding="utf-8")
    out = ok("resolve", "--force")
    assert "reports/move-02" in out
    assert (example_game / "reports" / "move-02" / "bulletin.txt").is_file()


def test_resolve_without_a_game_is_a_clear_error(tmp_path, monkeypatch):
    """No game.db here: exit 1 and say how to create one; nothing is created."""
    monkeypatch.chdir(tmp_path)
    result = run("resolve")
    assert result.exit_code == 1
    assert "Error: no game in .: game.db is missing; create one with `pbem new .`" in result.output
    assert list(tmp_path.iterdir()) == []


def test_demo_plays_a_timed_game_to_its_end(tmp_path):
    """`pbem demo DIR` resolves the six moves of its timed game, writes every file, says
    where to look; an officer is promoted and the final bulletin names the winner."""
    folder = tmp_path / "demo"
    out = ok("demo", folder)
    assert f"Demo game built in {folder} and 6 moves resolved." in out
    assert f"Read a report, e.g. {folder}/reports/move-06/bulletin.txt" in out
    final = (folder / "reports" / "move-06" / "bulletin.txt").read_text(encoding="utf-8")
    assert "  Cæcilia Metella moved.\n" in final and "    Promoted Centurio, with a GLADIUM." in final
    assert "THE GAME IS OVER: Cæcilia Metella WINS" in final
    assert "the game is over" in run("resolve", folder).output
    for n in range(1, 7):
        move = folder / "reports" / f"move-{n:02d}"
        assert f"  {move}" in out
        names = sorted(p.name for p in move.iterdir())
        assert names == sorted(
            ["bulletin.bbcode", "bulletin.html", "bulletin.json", "bulletin.md", "bulletin.txt",
             "chart-gm.svg", "chart-public.svg", "gm-log.txt"]
            + [f"report-{stem}.{suffix}" for stem in ("001-notius", "002-niccolo-varro",
                                                      "003-caecilia-metella", "004-marcus-aper")
               for suffix in ("html", "json", "txt")])


def test_the_advanced_demo_plays_outer_space_in_its_own_folder(tmp_path, monkeypatch):
    """`pbem demo --advanced` builds the demo of outer space, by default in demo-advanced:
    a net, a distortion, the black hole, a radioactive non-vital landing, a re-landing; then
    the alien ship met, fought together and destroyed, and the specialist officers at work."""
    monkeypatch.chdir(tmp_path)
    out = ok("demo", "--advanced")
    folder = Path("demo-advanced")
    assert f"Demo game built in {folder} and 8 moves resolved." in out
    first = folder / "reports" / "move-01"
    assert "Nullius distortion" in (first / "report-002-aulus-crispus.txt").read_text("utf-8")
    assert "black hole" in (first / "report-003-tiberius-gracchus.txt").read_text("utf-8")
    assert "[gm] net (Livia Drusa)" in (first / "gm-log.txt").read_text("utf-8")
    landing = (folder / "reports" / "move-02" / "report-004-sextus-varus.txt").read_text("utf-8")
    assert "where the HORTENSES cannot live" in landing and "BIMPER suit" in landing
    assert "LANDED AGAIN ON P-1" in (folder / "reports" / "move-05" / "report-004-sextus-varus.txt"
                                     ).read_text("utf-8")

    def report(move: int, name: str) -> str:
        return next((folder / "reports" / f"move-{move:02d}").glob(f"report-*-{name}.txt")
                    ).read_text("utf-8")

    assert "6 + 2 for your scientist officer" in report(4, "sextus-varus")
    assert "Your Princeps ROBUR (value 2) goes down" in report(5, "tiberius-gracchus")
    assert "which your Princeps PSI sensed" in report(6, "livia-drusa")
    assert "Your radar picks up the alien ship BRUCEL" in report(6, "aulus-crispus")
    assert "holds your ship in its space glue" in report(6, "aulus-crispus")
    assert "you join Aulus Crispus in the fight" in report(7, "livia-drusa")
    assert "Technological research: 1 point obtained" in report(7, "sextus-varus")
    assert "You fire at the alien ship BRUCEL: it is destroyed" in report(8, "aulus-crispus")
    assert "The alien ship BRUCEL was destroyed this move" in (
        folder / "reports" / "move-08" / "bulletin.txt").read_text("utf-8")
    assert not Path("demo").exists()


def test_demo_is_reproducible(tmp_path):
    """Two demos in two folders write byte-identical reports, bulletins and GM logs."""
    ok("demo", tmp_path / "one")
    ok("demo", tmp_path / "two")
    one = folder_bytes(tmp_path / "one" / "reports")
    assert len(one) == 6 * 20 + 1  # six moves of 20 files (4 officers x 3 reports, 5 bulletins,
    # 2 charts, 1 GM log), and the ledger revealed at the end
    assert one == folder_bytes(tmp_path / "two" / "reports")


def test_report_writes_the_last_move_again(tmp_path):
    """`pbem report DIR` re-renders the last resolved move with the same bytes."""
    folder = tmp_path / "demo"
    ok("demo", folder)
    last = folder / "reports" / "move-06"
    original = folder_bytes(last)
    for p in last.iterdir():
        p.unlink()
    out = ok("report", folder)
    assert f"Reports written again in {last}" in out
    assert folder_bytes(last) == original
    result = run("report", folder, "--move", "7")
    assert result.exit_code == 1
    assert "Error: move 7 has not been resolved" in result.output


# --- help -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(main.commands))
def test_every_command_has_help(name):
    """Every command documents itself under --help."""
    command = main.commands[name]
    assert command.help and command.help.strip()
    out = ok(name, "--help")
    assert f"Usage: main {name}" in out
    assert command.help.strip().splitlines()[0] in out


def test_check_reports_a_wrong_secret_an_unknown_order_and_what_is_unlawful_at_once(
        example_game, tmp_path):
    """One answer, one mail round trip: the unreadable line first, then what is not lawful
    among the rest, the header beside them, each with its line and the line quoted."""
    path = tmp_path / "mixed.txt"
    path.write_text(orders_text("Notius", "wrong-one", 1, "ROUET 10 N", "RADARS 5", "TANKS 9"),
                    encoding="utf-8")
    result = run("check", path, "--game", example_game)
    assert result.exit_code == 1
    out = result.output
    assert f"{path}, line 5 (cannot be read): unknown order ROUET; did you mean ROUTE?" in out
    assert f"{path}, line 3 (not allowed): the secret does not match" in out
    assert f"{path}, line 6 (not allowed): RADARS 5, but only 2 radars on board" in out
    assert f"{path}, line 7 (not allowed): TANKS 9, but only 3 tanks on board" in out
    assert "    > ROUET 10 N" in out and "    > TANKS 9" in out
    assert f"{path}: 4 problems." in out
    assert out.index("line 5 (cannot be read)") < out.index("line 3 (not allowed)")


# --- charts, site, history --------------------------------------------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("played") / "demo"
    CliRunner().invoke(main, ["demo", str(folder)], catch_exceptions=False)
    return folder


def test_map_draws_each_readers_chart(played, tmp_path):
    """`pbem map --for` an officer, public or gm: SVG on standard output or in a file."""
    mine = ok("map", played, "--for", "notius", "--move", "3")
    assert mine.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    assert "chart of Decurio Notius after move 3" in mine and 'data-reader="officer"' in mine
    assert 'data-reader="public"' in ok("map", played, "--for", "public")
    out = tmp_path / "gm.svg"
    assert f"Chart written to {out}" in ok("map", played, "--for", "GM", "-o", out)
    assert out.read_text(encoding="utf-8") == (played / "reports" / "move-06" / "chart-gm.svg").read_text(encoding="utf-8")
    for args, error in (
        (("--for", "Nobody"), "no officer named 'Nobody'; use an officer's name, public or gm"),
        (("--for", "public", "--move", "7"), "move 7 has not been resolved; the last resolved is move 6"),
        (("--for", "public", "--move", "0"), "move 0 has not been resolved"),
    ):
        result = run("map", played, *args)
        assert result.exit_code == 1 and f"Error: {error}" in result.output


def test_site_writes_every_move_and_an_index(played, tmp_path):
    out = tmp_path / "site"
    assert f"Site written to {out}" in ok("site", played, "-o", out)
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["index.html"] + [f"move-{n:02d}.html" for n in range(1, 7)] + [f"chart-{n:02d}.svg" for n in range(1, 7)])
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<a href="move-06.html">Move 6</a>' in index and '<img src="chart-06.svg"' in index
    assert "The game is over: Cæcilia Metella wins" in index
    page = (out / "move-03.html").read_text(encoding="utf-8")
    assert '<a href="move-02.html">Move 2</a><a href="move-04.html">Move 4</a>' in page
    # Only public news: no officer's private route goes on the site.
    assert "Ordered:" not in page and "secret" not in page.lower()
    assert (out / "chart-06.svg").read_bytes() == (played / "reports" / "move-06" / "chart-public.svg").read_bytes()
    empty = tmp_path / "empty"
    ok("new", empty, "--seed", "1")
    result = run("site", empty)
    assert result.exit_code == 1 and "no move has been resolved yet" in result.output


def test_history_shows_places_and_one_officers_record(played):
    everybody = ok("history", played)
    assert "cornifex: 6 moves resolved, 4 officers." in everybody
    assert re.search(r"Cæcilia Metella\s+Centurio\s+4 \(0\)\s+4 \(0\)\s+4 \(0\)\s+1 \(10\)\s+1 \(10\)\s+1 \(0\)", everybody)
    assert "The game is over: Cæcilia Metella won." in everybody
    hers = ok("history", played, "--officer", "cæcilia metella")
    assert re.search(r"4\s+1/4\s+Decurio\s+10\s+\+10\s+moved\s+discovered P-12, P-13, P-14, P-15, P-16; took off from P-4", hers)
    assert re.search(r"6\s+1/4\s+Centurio\s+0\s+-10\s+moved\s+landed on the base; promoted Centurio", hers)
    assert re.search(r"3\s+2/4\s+Decurio\s+3\s+\+0\s+held\s+-", ok("history", played, "--officer", "Niccolò Varro"))
    result = run("history", played, "--officer", "Nobody")
    assert result.exit_code == 1 and "no officer named 'Nobody'; the officers are: Cæcilia Metella" in result.output


def test_the_ship_types_are_one_command_away_and_in_the_gm_guide():
    """`pbem ships`: spaces, minimums and maximums of every type; the GM's guide shows
    the same table."""
    out = ok("ships")
    head, level, spaces = out.splitlines()[:3]
    assert head.split() == ["FROMBOLA", "GLADIUM", "SPATHA", "HASTA"]
    assert spaces.split() == ["spaces", "10", "16", "22", "30"]  # FROMBOLA 10, GLADIUM 16
    tot = next(line for line in out.splitlines() if line.startswith("tot"))
    assert tot.split() == ["tot", "0", "0", "0-1", "0-2"]  # only SPATHA and HASTA (4 VI)
    assert max(map(len, out.splitlines())) <= 80
    guide = (Path(__file__).parent.parent / "docs" / "gm-guide.md").read_text(encoding="utf-8")
    assert "```text\n" + out + "```" in guide
    assert "`pbem ships` lists each" in " ".join(ok("enlist", "--help").split())
