"""No file can stop a move: hostile input, hostile names, hostile file systems.

What the Internet sends, and what a GM's folder may hold, tried against `pbem check` and
`pbem resolve`: numbers that are not ASCII digits or have thousands of them, files that are
not files, are binary, UTF-16, too large, or hold terminal codes; names with newlines;
secrets in quoted replies; a bug met on one file. Whatever it is, the move goes on for
everyone else and the GM log names the file.
"""

from __future__ import annotations

import os
import re
import socket
import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import pbem.collecting
import pbem.game
from pbem import game, names, orderfolder, terminal
from pbem.cli import main
from pbem.addresses import email_address
from pbem.orders.decoding import NotText, decode
from pbem.orders.limits import (
    MOST_FILE_BYTES, MOST_LINE_CHARS, MOST_LINES_PER_ORDER, MOST_PROBLEMS_LISTED,
    MOST_ROUTE_PARSECS,
)
from pbem.orders.reader import read_orders
from pbem.orders.secret import without_secret
from pbem.rules import lawful
from pbem.rules.orders import UNREADABLE
from pbem.errors import GameError

from conftest import EXAMPLE_FIT, Game, orders_text, write_map
from unreadable import without_reading_rights

BASE = (10, 10, 2)
OFFICERS = {  # name: secret
    "Alpha": "aaaa-1111", "Beta": "bbbb-2222", "Gamma": "cccc-3333", "Delta": "dddd-4444",
    "Epsilon": "eeee-5555",
}
TEN_MB = 10 * 1024 * 1024


def orders_of(name: str, *body: str, move: int = 1) -> str:
    return orders_text(name, OFFICERS[name], move, *body)


def new_game(root: Path, officers=OFFICERS) -> Game:
    root.mkdir(parents=True, exist_ok=True)
    game.new_game(root, 1, name="cornifex",
                  map_file=write_map(root / "map.toml", BASE, [(20, 20, 4)]))
    for name, secret in officers.items():
        game.enlist(root, name, "", "GLADIUM", name.upper(), EXAMPLE_FIT, secret=secret)
    (root / "orders").mkdir(exist_ok=True)
    return Game(root)


@pytest.fixture
def g(tmp_path) -> Game:
    return new_game(tmp_path / "cornifex")


def gm_log(g: Game, move: int = 1) -> str:
    return (g.dir / "reports" / f"move-{move:02d}" / "gm-log.txt").read_text(encoding="utf-8")


def check(*args) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", *map(str, args)], catch_exceptions=False)
    return result.exit_code, result.output


def moved(g: Game, name: str, parsecs: int) -> bool:
    return f"Route completed: {parsecs} parsecs." in g.report(1, name.lower())


def within_seconds(seconds: float, work) -> object:
    """Run `work` in a thread: a reader that blocks (on a FIFO) fails the test, not hangs it."""
    result: dict = {}

    def run() -> None:
        try:
            result["value"] = work()
        except BaseException as e:  # handed to the test below
            result["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: it blocked"
    if "error" in result:
        raise result["error"]
    return result.get("value")


# --- 1. every input is data: numbers ---------------------------------------------------

NOT_ASCII = ["²", "①", "٣", "１２", "𝟗"]
HEADER = "GAME cornifex\nOFFICER Alpha\nSECRET aaaa-1111\nMOVE 1\n"


@pytest.mark.parametrize("template", [
    "MOVE {n}", "ROUTE {n} N", "ROUTE N {n}", "TANKS {n}", "RADARS {n}", "TARGET {n}",
    "INFO NEW {n}", "INFO P {n}", "LAND C {n}", "CREWS LAND {n}", "PAY {n} TO Beta",
    "RESEARCH ATTACK {n}", "RESEARCH {n} ATTACK", "RESEARCH ATTACK 1 {n}",
    "REFIT crews={n},shields=5,lasers=3,radars=2,computers=1,tanks=3",
])
@pytest.mark.parametrize("n", NOT_ASCII + ["9" * 5000])
def test_a_number_is_ascii_digits_within_a_bound_or_an_unreadable_line(template, n):
    """`isdigit()` takes ² and ①, which `int()` refuses, and `int()` refuses more than
    4,300 digits: every number of every order is read as ASCII digits with a bound, and
    anything else is an unreadable line quoting it, never an exception."""
    line = template.format(n=n)
    text = HEADER.replace("MOVE 1\n", "") + line + "\nEND\n" if line.startswith("MOVE") \
        else HEADER + line + "\nEND\n"
    orders, problems = read_orders(text, "orders/x.txt")
    bad = [p for p in problems if p.line == text.split("\n").index(line) + 1]
    assert bad and all(p.kind == UNREADABLE for p in bad), problems
    assert all(len(str(p)) < 1000 for p in problems)  # 5,000 digits are not echoed


@pytest.mark.parametrize("line, bound", [
    ("ROUTE 1000000 N", f"a route is at most {MOST_ROUTE_PARSECS} parsecs"),
    ("ROUTE 600 N + 600 E", f"the route is 1200 parsecs long: a route is at most {MOST_ROUTE_PARSECS}"),
    ("TANKS 100", "no ship carries more than 99 tanks"),
    ("RADARS 1000", "no ship carries more than 99 radars"),
    ("TARGET 100", "TARGET names at most 99 aliens"),
    ("LAND C 100", "no ship carries more than 99 crews"),
    ("CREWS LAND 100", "no ship carries more than 99 crews"),
    ("INFO NEW 100", "the first 99 planets you discover"),
    ("PAY 1000 TO Beta", "a payment is at most 999 points"),
    ("RESEARCH ATTACK 100", "at most 99 grants"),
    ("REFIT crews=100,shields=5", "no ship carries more than 99 of a component"),
])
def test_a_number_beyond_its_bound_is_refused_by_name(line, bound):
    problems = read_orders(HEADER + line + "\nEND\n", "x")[1]
    assert [p.line for p in problems] == [5] and bound in problems[0].message, problems


def test_move_10000_is_refused_by_its_bound():
    problems = read_orders(HEADER.replace("MOVE 1", "MOVE 10000") + "END\n", "x")[1]
    assert "moves are numbered up to 9999" in problems[0].message


def test_the_two_line_file_of_the_issue_and_land_c_superscript_resolve(g):
    """`GAME whatever` / `MOVE ²` and `LAND C ²` used to crash `resolve` for everyone."""
    g.post("a.txt", "GAME whatever\nMOVE \u00b2\n")
    g.post("b.txt", orders_of("Beta", "ROUTE 2 N", "LAND C \u00b2"))
    g.post("c.txt", orders_of("Alpha", "ROUTE 3 N"))
    game.resolve(g.dir, force=True)
    assert moved(g, "Alpha", 3)
    assert "LAND needs an attitude A, B, C or D, not C \u00b2" in g.report(1, "beta")
    assert "orders/a.txt: not read (for game whatever)" in gm_log(g)


# --- 1. every input is data: entries that are not files ----------------------------------


def test_a_fifo_is_skipped_without_waiting(g):
    os.mkfifo(g.dir / "orders" / "pipe.txt")
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N"))
    within_seconds(20, lambda: game.resolve(g.dir, force=True))
    assert moved(g, "Alpha", 3)
    assert "orders/pipe.txt: skipped: it is a named pipe (FIFO), not a file; remove it" in gm_log(g)
    assert (g.dir / "orders" / "pipe.txt").exists()  # left for the GM to remove

    code, out = within_seconds(20, lambda: check(g.dir / "orders" / "pipe.txt"))
    assert code == 1 and "not checked: it is a named pipe (FIFO), not a file" in out


def test_a_socket_a_broken_link_and_a_link_out_of_orders_are_skipped(g, tmp_path):
    orders = g.dir / "orders"
    outside = tmp_path / "private.txt"
    outside.write_text(orders_of("Beta", "ROUTE 1 S"), encoding="utf-8")
    (orders / "broken.txt").symlink_to(tmp_path / "nothing-here")
    (orders / "outside.txt").symlink_to(outside)
    (orders / "folder-link").symlink_to(tmp_path, target_is_directory=True)
    (orders / "inside.txt").symlink_to(orders / "mail" / "beta.txt")
    g.post("mail/beta.txt", orders_of("Beta", "ROUTE 2 E"))
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(orders / "sock.txt"))
        game.resolve(g.dir, force=True)
    finally:
        server.close()
    log = gm_log(g)
    assert "orders/broken.txt: skipped: it is a broken link (it points to nothing)" in log
    assert "orders/outside.txt: skipped: it is a link leading out of orders/" in log
    assert "orders/folder-link: skipped: it is a link leading out of orders/" in log
    assert "orders/sock.txt: skipped: it is a socket, not a file" in log
    # A link inside orders/ is followed; the one leading out was never read.
    assert "Ordered: 2 E" in g.report(1, "beta") and "1 S" not in g.report(1, "beta")


def _hostile_folder(orders: Path, tmp_path: Path) -> None:
    """One entry of each kind a GM's orders/ may hold, some in folders of their own."""
    (orders / "mail" / "deep").mkdir(parents=True)
    (orders / "notes.txt").mkdir()
    (orders / "archive" / "move-01").mkdir(parents=True)
    (orders / ".hidden").mkdir()
    for name in ("a.txt", "mail/b.txt", "mail/deep/c.eml", "notes.txt/d.txt", ".e.txt",
                 "archive/move-01/f.txt", ".hidden/g.txt", "mail/archive"):
        (orders / name).write_text("GAME cornifex\n", encoding="utf-8")
    os.mkfifo(orders / "pipe.txt")
    (orders / "broken.txt").symlink_to(tmp_path / "nothing-here")
    (orders / "inside.txt").symlink_to(orders / "a.txt")
    (orders / "folder-link").symlink_to(orders / "mail", target_is_directory=True)
    (orders / "mail" / "loop").symlink_to(orders / "mail", target_is_directory=True)


def test_the_listing_of_orders_names_every_entry_but_the_archive_and_the_hidden(g, tmp_path):
    # Every entry that is not a folder, links to folders among them (refused when read),
    # in name order; folders named like files told to the GM; no link followed.
    orders = g.dir / "orders"
    _hostile_folder(orders, tmp_path)
    folders: list = []
    found = orderfolder.order_files(g.dir, folders)
    assert [rel for rel, _ in found] == [
        "a.txt", "broken.txt", "folder-link", "inside.txt", "mail/archive", "mail/b.txt",
        "mail/deep/c.eml", "mail/loop", "notes.txt/d.txt", "pipe.txt"]
    assert all(path == os.path.join(orders, *rel.split("/")) for rel, path in found)
    assert folders == [("notes.txt", "a folder named like a file; what is inside it is "
                        "read as order files")]


def test_preview_meets_the_same_files_as_resolve(g, tmp_path):
    """`pbem preview` plays the move on a copy of the folder: the copy holds what resolve
    would meet (a FIFO, links as links), and reading it blocks no more than resolve."""
    from pbem import preview

    orders = g.dir / "orders"
    os.mkfifo(orders / "pipe.txt")
    (orders / "broken.txt").symlink_to(tmp_path / "nothing-here")
    outside = tmp_path / "private.txt"
    outside.write_text(orders_of("Beta", "ROUTE 1 S"), encoding="utf-8")
    (orders / "outside.txt").symlink_to(outside)
    g.post("delta.txt", orders_of("Delta", "junk\n" * (TEN_MB // 5)))
    for name in OFFICERS:
        if name != "Delta":
            g.post(f"{name.lower()}.txt", orders_of(name, "ROUTE 2 N"))
    seen = within_seconds(60, lambda: preview.preview(g.dir))
    log = (seen.folder / "gm-log.txt").read_text(encoding="utf-8")
    assert "orders/pipe.txt: skipped: it is a named pipe (FIFO)" in log
    assert "orders/broken.txt: skipped: it is a broken link" in log
    assert "orders/outside.txt: skipped: it is a link leading out of orders/" in log
    assert "larger than 64 KiB" in (seen.folder / "report-004-delta.txt").read_text(encoding="utf-8")


def test_a_folder_named_like_an_order_file_is_noted_and_checked_without_exit_2(g):
    (g.dir / "orders" / "notius.txt").mkdir()
    game.resolve(g.dir, force=True)
    assert "orders/notius.txt/: a folder named like a file" in gm_log(g)
    code, out = check(g.dir / "orders" / "notius.txt")
    assert code == 1 and "not checked: it is a folder, not a file" in out
    code, out = check(g.dir / "orders" / "no-such-file.txt")
    assert code == 1 and "not checked: it does not exist" in out


def test_a_folder_that_cannot_be_listed_is_noted(g):
    if os.geteuid() == 0:
        pytest.skip("root lists any folder; the test of one of each hostile file runs this "
                    "case as nobody")
    folder = g.dir / "orders" / "locked"
    folder.mkdir()
    folder.chmod(0)
    try:
        game.resolve(g.dir, force=True)
    finally:
        folder.chmod(0o755)
    assert "orders/locked/: the folder cannot be read" in gm_log(g)


def test_the_mail_reader_skips_what_is_not_a_file_without_waiting(tmp_path):
    """The inbox holds what the Internet sends too: a FIFO or a broken link among the mail
    is one unreadable letter, at once."""
    from pbem.letters.reading import read_letters

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "a.txt").write_text(orders_of("Alpha", "ROUTE 3 N"), encoding="utf-8")
    os.mkfifo(inbox / "b.eml")
    letters = within_seconds(20, lambda: list(read_letters([inbox])))
    assert [bool(letter.orders) for letter in letters] == [True, False]
    assert "it is a named pipe (FIFO), not a file" in letters[1].reason
    (tmp_path / "gone.eml").symlink_to(tmp_path / "nothing")
    [letter] = within_seconds(20, lambda: list(read_letters([tmp_path / "gone.eml"])))
    assert "it is a broken link" in letter.reason


# --- 2. limits -----------------------------------------------------------------------------


def test_a_10_mb_file_is_refused_unread_and_its_officer_told(g):
    """10 MB of junk before END: one problem, at once, and the officer knows why he holds."""
    g.post("delta.txt", orders_of("Delta", "junk\n" * (TEN_MB // 5)))
    code, out = check(g.dir / "orders" / "delta.txt", "--game", g.dir)
    assert code == 1 and len(out) < 2000
    assert f"larger than {MOST_FILE_BYTES // 1024} KiB and its orders do not end" in out
    game.resolve(g.dir, force=True)
    report = g.report(1, "delta")
    assert "YOUR SHIP HELD POSITION" in report and "larger than 64 KiB" in report
    assert len(report) < 10_000


def test_what_follows_end_may_be_as_long_as_it_likes(g):
    """A reply quoting a long thread below the orders: only the first 64 KiB are read, and
    the orders end within them."""
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N") + "> old mail\n" * (TEN_MB // 11))
    code, out = check(g.dir / "orders" / "alpha.txt", "--game", g.dir)
    assert code == 0, out
    game.resolve(g.dir, force=True)
    assert moved(g, "Alpha", 3)


def test_problems_are_listed_up_to_the_limit_then_counted(g):
    junk = "".join(f"junk{n}\n" for n in range(3000))
    g.post("alpha.txt", orders_of("Alpha", junk))
    code, out = check(g.dir / "orders" / "alpha.txt")
    assert code == 1
    assert out.count("(cannot be read)") == MOST_PROBLEMS_LISTED
    assert f"... and {3000 - MOST_PROBLEMS_LISTED:,} more problems" in out
    assert "alpha.txt: 3,000 problems." in out
    game.resolve(g.dir, force=True)
    report = g.report(1, "alpha")
    assert report.count("(cannot be read)") == MOST_PROBLEMS_LISTED
    assert f"... and {3000 - MOST_PROBLEMS_LISTED:,} more problems" in report


def test_a_line_longer_than_the_limit_is_refused():
    line = "ROUTE " + " + ".join(["1 N"] * 200)
    assert len(line) > MOST_LINE_CHARS
    problems = read_orders(HEADER + line + "\nEND\n", "x")[1]
    assert [p.line for p in problems] == [5]
    assert f"an order line has at most {MOST_LINE_CHARS}" in problems[0].message
    assert len(problems[0].text) <= 121


def test_lines_of_one_order_are_read_up_to_the_limit():
    info = "".join(f"INFO P-{n}\n" for n in range(MOST_LINES_PER_ORDER + 5))
    orders, problems = read_orders(HEADER + info + "END\n", "x")
    assert len(orders.info) == MOST_LINES_PER_ORDER
    assert len(problems) == 5
    assert f"more than {MOST_LINES_PER_ORDER} INFO lines" in problems[0].message


# --- 1. decoding: UTF-16, binary, NUL bytes ------------------------------------------------


ORDERS = orders_text("Alpha", "aaaa-1111", 1, "ROUTE 3 N")


@pytest.mark.parametrize("encoding, mark", [
    ("utf-16-le", True), ("utf-16-be", True), ("utf-16-le", False), ("utf-16-be", False),
    ("utf-32-le", True), ("utf-32-be", True),
])
def test_utf16_and_utf32_are_read(encoding, mark):
    data = ORDERS.encode(encoding)
    if mark:
        data = "\ufeff".encode(encoding) + data
    orders, problems = read_orders(data, "x")
    assert problems == [] and orders.officer == "Alpha"


def test_a_binary_file_is_one_problem_not_thousands():
    data = bytes(range(256)) * 200
    orders, problems = read_orders(data, "photo.jpg")
    assert len(problems) == 1 and "this is not a text file" in problems[0].message
    with pytest.raises(NotText):
        decode(b"GAME x\n\0\0\0binary\0")
    # Control characters in more than one character in ten: not text either.
    with pytest.raises(NotText):
        decode(b"\x01\x02\x03\x04GAME")


def test_nul_padding_at_the_end_is_not_binary():
    assert read_orders(ORDERS.encode() + b"\0" * 100, "x")[1] == []


# --- 3. names and addresses ----------------------------------------------------------------


@pytest.mark.parametrize("field, value, why", [
    ("name", "Notius\nBcc: x@y", "U+000A"),
    ("name", "Not\x1b]0;x\x07ius", "U+001B"),
    ("name", "N" * 41, "at most 40"),
    ("name", "Legio #7", "# starts a comment"),
    ("ship", "MARTHIA\nBcc: x@y", "ship's name"),
    ("ship", "S\u202eX", "RIGHT-TO-LEFT OVERRIDE"),
    ("ship", "S" * 41, "at most 40"),
    ("email", "notius@example.org\nBcc: x@y", "U+000A"),
    ("email", "Notius <notius@example.org>", "not one e-mail address"),
    ("email", "notius@", "not an e-mail address"),
    ("email", "notius", "not an e-mail address"),
    ("email", "a@b.org,c@d.org", "not an e-mail address"),
    ("email", '"notius"@example.org', "write it as notius@example.org"),
])
def test_names_and_addresses_are_refused_at_enlistment(g, field, value, why):
    args = {"name": "Zeta", "ship": "ZETA", "email": "zeta@example.org"}
    args[field] = value
    with pytest.raises(GameError, match=re.escape(why)):
        game.enlist(g.dir, args["name"], args["email"], "GLADIUM", args["ship"], EXAMPLE_FIT)
    assert len(sqlite3.connect(g.dir / "game.db").execute("SELECT id FROM officers").fetchall()) == 5


def test_a_good_name_and_address_are_kept_as_given(g):
    enlisted = game.enlist(g.dir, "  Niccolò   Varro ", "varro@example.org", "GLADIUM",
                           "MARTHIA II", EXAMPLE_FIT)
    assert enlisted.name == "Niccolò Varro"
    row = sqlite3.connect(g.dir / "game.db").execute(
        "SELECT email, ship FROM officers WHERE name = ?", (enlisted.name,)).fetchone()
    assert row[0] == "varro@example.org" and '"MARTHIA II"' in row[1]


def test_a_game_name_is_checked_too(tmp_path):
    with pytest.raises(GameError, match="give the game a name with --name"):
        game.new_game(tmp_path / "my game #1", 1)
    with pytest.raises(GameError, match="U\\+000A"):
        game.new_game(tmp_path / "g", 1, name="cornifex\nBcc: x@y")


def test_the_functions_are_there_for_every_later_change():
    """The mail and roster commands change addresses and names through the same checks."""
    assert email_address(" notius@example.org ") == "notius@example.org"
    with pytest.raises(names.NameRefused):
        names.ship_name("A\rB")


def test_check_shows_terminal_codes_as_escapes(g, tmp_path):
    path = tmp_path / "evil\x1b[31m.txt"
    path.write_bytes("GAME cornifex\nOFFICER \x1b]0;pwned\x07Alpha\nSECRET aaaa-1111\n"
                     "MOVE 1\nROUTE \x1b[2J3 N\u202e\nFLY \x9b31m\nEND\n".encode())
    code, out = check(path, "--game", g.dir)
    assert code == 1
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    assert "\\x1b]0;pwned\\x07Alpha" in out and "evil\\x1b[31m.txt" in out


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.text(st.characters(max_codepoint=0x7f), max_size=40),
                 st.text(st.characters(max_codepoint=0xff), max_size=40)))
def test_a_line_is_cleaned_as_the_pattern_cleans_it(text):
    # Most names are printable ASCII, returned with no search for what to escape.
    assert terminal.clean_line(text) == terminal._UNSAFE_OR_NEWLINE.sub(terminal._escape, text)


def test_a_file_name_with_a_newline_stays_on_its_line(g):
    g.post("alpha\nBcc: x@y.txt", orders_of("Alpha", "ROUTE 3 N", "FLY"))
    game.resolve(g.dir, force=True)
    report = g.report(1, "alpha")
    assert "your order file orders/alpha\\x0aBcc: x@y.txt was refused" in report
    assert "\nBcc:" not in report


def test_a_file_name_that_is_not_utf8_is_read_and_shown_by_its_bytes(g):
    folder = os.fsencode(g.dir / "orders")
    with open(os.path.join(folder, b"caf\xe9.txt"), "wb") as f:
        f.write(orders_of("Alpha", "ROUTE 3 N", "FLY").encode())
    game.resolve(g.dir, force=True)
    assert "your order file orders/caf\\xe9.txt was refused" in g.report(1, "alpha")
    rows = sqlite3.connect(g.dir / "game.db").execute("SELECT source FROM order_files").fetchall()
    assert rows == [("orders/caf\\xe9.txt",)]


# --- 4. secrets ----------------------------------------------------------------------------


@pytest.mark.parametrize("line", [
    "> SECRET aaaa-1111", ">> secret aaaa-1111", "> > Secret: aaaa-1111", "# SECRET aaaa-1111",
    "SECRTE aaaa-1111", "my secret is aaaa-1111", "\x1b]0;x\x07SECRET aaaa-1111",
    "segreto aaaa-1111", "SECRET=aaaa-1111",
])
def test_a_secret_is_masked_quoted_or_not(g, line):
    g.post("alpha.txt", f"Dear GM,\n{line}\n" + orders_of("Alpha", "ROUTE 3 N", line)
           + f"\n> {line}\n")
    code, out = check(g.dir / "orders" / "alpha.txt", "--game", g.dir)
    assert "aaaa-1111" not in out
    game.resolve(g.dir, force=True)
    db = sqlite3.connect(g.dir / "game.db")
    assert all("aaaa-1111" not in row for row in db.iterdump())
    for report in (g.dir / "reports" / "move-01").iterdir():
        assert "aaaa-1111" not in report.read_text(encoding="utf-8")


def test_the_stored_copy_masks_the_secret_wherever_it_is_written():
    text = "Hi, aaaa-1111 is mine\nSECRET aaaa-1111\nMOVE 1\n"
    assert without_secret(text, "aaaa-1111") == "Hi, **** is mine\nSECRET ****\nMOVE 1\n"


# --- 5. one move never fails for one file --------------------------------------------------


def test_a_bug_met_on_one_file_holds_its_officer_and_the_move_goes_on(g, monkeypatch):
    real = lawful.judged

    def failing(orders, *args, **kw):
        if orders.officer == "Beta":
            raise ZeroDivisionError("a bug")
        return real(orders, *args, **kw)

    monkeypatch.setattr(lawful, "judged", failing)
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N"))
    g.post("beta.txt", orders_of("Beta", "ROUTE 3 N"))
    game.resolve(g.dir, force=True)
    assert moved(g, "Alpha", 3)
    beta = g.report(1, "beta")
    assert "YOUR SHIP HELD POSITION" in beta
    assert "could not be read: pbem met an error of its own on it (ZeroDivisionError)" in beta
    assert "orders/beta.txt: skipped: pbem failed on it (ZeroDivisionError: a bug, in failing" \
        in gm_log(g)


def test_a_bug_met_on_a_file_beside_good_orders_is_named_in_its_officers_report(g, monkeypatch):
    """Every letter that did not simply count is named to its officer: one pbem failed on
    is named in his report even when his other orders are played."""
    real = lawful.judged

    def failing(orders, *args, **kw):
        if orders.source.endswith("beta-odd.txt"):
            raise ZeroDivisionError("a bug")
        return real(orders, *args, **kw)

    monkeypatch.setattr(lawful, "judged", failing)
    g.post("beta.txt", orders_of("Beta", "ROUTE 3 N"))
    g.post("beta-odd.txt", orders_of("Beta", "ROUTE 2 N"))
    game.resolve(g.dir, force=True)
    assert moved(g, "Beta", 3)
    beta = g.report(1, "beta")
    assert "YOUR SHIP HELD POSITION" not in beta
    assert "LETTERS THAT DID NOT COUNT\n- your order file orders/beta-odd.txt could not be " \
        "read: pbem met an error of its own on it (ZeroDivisionError)" in beta
    assert "beta-odd" not in g.report(1, "alpha") and "beta-odd" not in g.bulletin(1)


def test_a_bug_in_reading_an_unknown_file_is_named_in_the_gm_log(g, monkeypatch):
    real = pbem.collecting.letters_of_file

    def failing(path, source, data=None, mtime=None):
        if source.endswith("odd.txt"):
            raise RecursionError("deep")
        return real(path, source, data, mtime)

    monkeypatch.setattr(pbem.collecting, "letters_of_file", failing)
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N"))
    g.post("odd.txt", "anything")
    game.resolve(g.dir, force=True)
    assert moved(g, "Alpha", 3)
    assert "orders/odd.txt: skipped: pbem failed on it (RecursionError: deep" in gm_log(g)
    assert "its officer is not known" in gm_log(g)


def test_a_bug_in_the_rules_during_the_move_still_stops_it_untouched(g, monkeypatch):
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N"))
    before = list(sqlite3.connect(g.dir / "game.db").iterdump())

    def broken(*args, **kw):
        raise ZeroDivisionError("a bug in the rules")

    monkeypatch.setattr(pbem.game, "resolve_move", broken)
    with pytest.raises(ZeroDivisionError):
        game.resolve(g.dir, force=True)
    # The letters filed from orders/ stay filed: filing is not the move, and changes
    # nothing when it is done again.
    assert [line for line in sqlite3.connect(g.dir / "game.db").iterdump()
            if not line.startswith('INSERT INTO "letters"')] == before
    assert not (g.dir / "reports" / "move-01").exists()


# --- acceptance: one of each hostile file beside good files --------------------------------


def resolve_unprivileged(folder: Path) -> None:
    """`resolve` where a file of mode 000 cannot be read, as root too (`unreadable`)."""
    def play() -> None:
        game.resolve(folder, force=True)

    without_reading_rights(play)


def test_one_of_each_hostile_file_beside_good_files(tmp_path):
    g = new_game(tmp_path / "cornifex")
    orders = g.dir / "orders"
    g.post("alpha.txt", orders_of("Alpha", "ROUTE 3 N"))
    g.post("beta.txt", orders_of("Beta", "ROUTE 2 E"))
    (orders / "gamma-utf16.txt").write_bytes(orders_of("Gamma", "ROUTE 4 S").encode("utf-16"))
    hostile = {
        "binary.dat": bytes(range(256)) * 64,
        "empty.txt": b"",
        "ten-mb.txt": orders_of("Delta", "ROUTE 1 W", "junk\n" * (TEN_MB // 5)).encode(),
        "superscript.txt": "GAME whatever\nMOVE \u00b2\n".encode(),
        "digits.txt": orders_of("Epsilon", "TANKS " + "9" * 5000).encode(),
    }
    for name, data in hostile.items():
        (orders / name).write_bytes(data)
    os.mkfifo(orders / "fifo.txt")
    (orders / "broken-link.txt").symlink_to(tmp_path / "gone.txt")
    (orders / "directory.txt").mkdir()
    # Beta's second file, later in name order: were it read, Beta would fly 1 S.
    (orders / "unreadable.txt").write_text(orders_of("Beta", "ROUTE 1 S"), encoding="utf-8")
    (orders / "unreadable.txt").chmod(0)
    (orders / "locked").mkdir()
    (orders / "locked" / "beta.txt").write_text(orders_of("Beta", "ROUTE 1 S"), encoding="utf-8")
    (orders / "locked").chmod(0)

    try:
        resolve_unprivileged(g.dir)
    finally:
        (orders / "locked").chmod(0o755)  # for the folder to be removed

    assert moved(g, "Alpha", 3) and moved(g, "Beta", 2) and moved(g, "Gamma", 4)
    assert "1 S" not in g.report(1, "beta")
    assert "larger than 64 KiB" in g.report(1, "delta")
    # 5,000 digits make a line longer than any order line.
    assert "an order line has at most 500" in g.report(1, "epsilon")
    log = gm_log(g)
    for name in [*hostile, "fifo.txt", "broken-link.txt", "directory.txt", "unreadable.txt"]:
        assert f"orders/{name}" in log, name
    assert "orders/unreadable.txt: skipped: it cannot be read (permission denied)" in log
    assert "orders/locked/: the folder cannot be read (Permission denied)" in log
    for report in (g.dir / "reports" / "move-01").iterdir():
        assert report.stat().st_size < 50_000, report.name
