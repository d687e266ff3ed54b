"""One command at a time changes a game: the game's lock, through the CLI as real processes.

No test races on timing. The test process takes the game's lock first; the commands it
then starts must each say that they wait for it (a line on standard error, read before
anything else happens), and the game must be as it was. Then the test lets go, the commands
run one after the other in whichever order the OS gives them, and what they did together
must be right in either order: nothing lost, nothing sent twice, no traceback.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import game
from pbem.cli import main
from pbem.lock import LOCK_NAME, game_lock
from pbem.mail import waiting

from conftest import EXAMPLE_FIT
from test_send import Inbox, smtp_server

PBEM = str(Path(sys.executable).with_name("pbem"))
OFFICERS = {"Alpha": "aaaa-1111", "Beta": "bbbb-2222"}
WAIT = "120"  # seconds a command started here waits: far more than any of them takes


def orders_mail(move: int) -> bytes:
    return (f"From: alpha@example.org\nSubject: orders\nDate: Mon, 30 Nov 2026 20:00:00 +0000\n\n"
            f"GAME cornifex\nOFFICER Alpha\nSECRET {OFFICERS['Alpha']}\nMOVE {move}\n"
            f"ROUTE 1 N\nEND\n").encode()


@pytest.fixture
def folder(tmp_path) -> Path:
    """Two mailed officers, moves 1 and 2 resolved (move 3 is collected), mail queued, and
    a mail of orders for move 3 waiting to be filed."""
    folder = tmp_path / "cornifex"
    game.new_game(folder, 7, name="cornifex", size=12, mail_from="SC <sc@example.org>")
    for name, secret in OFFICERS.items():
        game.enlist(folder, name, f"{name.lower()}@example.org", "GLADIUM", name, EXAMPLE_FIT,
                    secret=secret)
    game.resolve(folder, force=True)
    game.resolve(folder, force=True)
    (tmp_path / "orders.eml").write_bytes(orders_mail(3))
    return folder


def commands(folder: Path, port: int) -> dict[str, list[str]]:
    return {
        "inbox": ["inbox", str(folder), str(folder.parent / "orders.eml")],
        "resolve": ["resolve", str(folder), "--force"],
        "send": ["send", str(folder), "--host", "127.0.0.1", "--port", str(port)],
        "rollback": ["rollback", str(folder)],
    }


def start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([PBEM, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PBEM_LOCK_WAIT": WAIT})


def database(folder: Path) -> list[str]:
    conn = sqlite3.connect(folder / "game.db")
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def moves(folder: Path) -> int:
    conn = sqlite3.connect(folder / "game.db")
    try:
        return conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    finally:
        conn.close()


def run_together(folder: Path, first: list[str], second: list[str]) -> list[tuple[int, str, str]]:
    """Start both while the test holds the game; each says it waits, the game unchanged;
    then let go and return (exit status, output, errors) of each."""
    before = database(folder)
    with game_lock(folder, "pbem test-holder"):
        processes = [start(first), start(second)]
        for p in processes:
            line = p.stderr.readline()
            assert "is held by `pbem test-holder` (pid" in line, line
            assert f"waiting up to {int(WAIT)} s for it." in line
        assert database(folder) == before
    results = []
    for p in processes:
        out, err = p.communicate(timeout=300)
        results.append((p.returncode, out, err))
        assert "Traceback" not in err, err
    return results


PAIRS = [("inbox", "inbox"), ("resolve", "resolve"), ("send", "send"),
         ("rollback", "rollback"), ("inbox", "resolve"), ("inbox", "send"),
         ("inbox", "rollback"), ("resolve", "send"), ("resolve", "rollback"),
         ("send", "rollback")]


@pytest.mark.parametrize("a, b", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_two_commands_started_together_run_one_after_the_other(folder, a, b):
    smtp = Inbox()
    with smtp_server(smtp) as port:
        given = commands(folder, port)
        (code_a, out_a, err_a), (code_b, out_b, err_b) = run_together(folder, given[a], given[b])
    outputs = {a: out_a} if a == b else {a: out_a, b: out_b}
    assert (code_a, code_b) == (0, 0), (out_a, err_a, out_b, err_b)
    conn = sqlite3.connect(folder / "game.db")
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        sent = conn.execute("SELECT COUNT(*) FROM mails WHERE sent IS NOT NULL").fetchone()[0]
    finally:
        conn.close()
    # Every mail the server got, once; none marked sent that it did not get.
    ids = [m["Message-ID"] for m in smtp.messages()]
    assert len(ids) == len(set(ids))
    if "rollback" not in (a, b):
        assert len(ids) == sent
    if a == b == "send":
        assert "The outbox is empty: nothing to send." in out_a + out_b
    if a == b == "inbox":
        assert "1 filed before." in out_a + out_b
    if a == b == "resolve":  # moves 3 and 4, each backed up as it was before it
        assert moves(folder) == 4
        for move in (3, 4):
            backup = folder / "backups" / f"move-{move:02d}" / "game.db"
            assert moves(backup.parent) == move - 1, backup
    if a == b == "rollback":  # moves 2 and 1 undone, one each
        assert {"Rolled back move 2:" in out_a, "Rolled back move 2:" in out_b} == {True, False}
        assert "Rolled back move 1:" in out_a + out_b
        assert moves(folder) == 0
    if {a, b} == {"inbox", "resolve"}:
        # Filed first, the mail is played in move 3; filed after, it is refused as late.
        # Never accepted for a move that was played without it.
        if "accepted for move 3 (Alpha)" in outputs["inbox"]:
            assert "Move 3: 2 officers, 1 with valid orders" in outputs["resolve"]
        else:
            assert "refused" in outputs["inbox"]
            assert "Alpha: no order file arrived for this move" in outputs["resolve"]


def test_a_command_that_waits_too_long_says_which_command_holds_the_game(folder):
    before = database(folder)
    with game_lock(folder, "pbem resolve"):
        done = subprocess.run([PBEM, "--wait", "0.2", *commands(folder, 25)["inbox"]],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert (f"Error: {folder} is busy: `pbem resolve` (pid {os.getpid()}, since "
            in done.stderr)
    assert "Run this again when it is done, or wait longer with `pbem --wait SECONDS` " \
           "or PBEM_LOCK_WAIT." in done.stderr
    assert database(folder) == before


def test_a_lock_left_by_a_killed_command_never_blocks(folder):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom pbem.lock import game_lock\n"
         "with game_lock(sys.argv[1], 'pbem resolve'):\n print('held', flush=True)\n"
         " time.sleep(600)\n", str(folder)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    assert f"pbem resolve\n{holder.pid}\n" in (folder / LOCK_NAME).read_text()
    done = subprocess.run([PBEM, "--wait", "0", *commands(folder, 25)["inbox"]],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "accepted for move 3 (Alpha)" in done.stdout


def test_commands_that_only_read_run_beside_the_holder(folder):
    with game_lock(folder, "pbem resolve"):
        for args in (["status"], ["officers"], ["history"], ["map", "--for", "public"],
                     ["backups"]):
            if args == ["backups"]:
                continue  # it may change what is kept: it takes the lock (below)
            done = CliRunner().invoke(main, ["--wait", "0", args[0], str(folder), *args[1:]])
            assert done.exit_code == 0, (args, done.output)


# Every command that changes a game, with arguments it would run with.
CHANGING = {
    "enlist": ["--name", "Gamma", "--fit", "crews=1"], "order": ["Beta", "Alpha"],
    "resolve": ["--force"], "report": [], "mail-from": ["sc@example.org"],
    "send": ["--host", "127.0.0.1"], "resend": ["Alpha", "--move", "1"], "inbox": ["x.eml"],
    "remind": [], "settings": [], "schedule": ["--clear"],
    "new-secret": ["Alpha", "--reason", "lost"], "email": ["Alpha", "", "--reason", "gone"],
    "retire": ["Alpha", "--reason", "gone"], "adjust": ["Alpha", "--score", "+1", "--reason", "r"],
    "rollback": [], "backups": [], "reveal": ["--early"],
}


@pytest.mark.parametrize("command", sorted(CHANGING))
def test_every_command_that_changes_a_game_takes_its_lock(folder, command):
    before = database(folder)
    with game_lock(folder, "pbem resolve"):
        done = CliRunner().invoke(main, ["--wait", "0", command, str(folder), *CHANGING[command]])
    assert done.exit_code == 1, done.output
    assert f"is busy: `pbem resolve` (pid {os.getpid()}" in done.output
    assert database(folder) == before


def test_a_send_stopped_while_it_delivered_never_sends_that_mail_again(folder):
    """A claim left by a stopped send: the mail may have arrived, so it is not sent again,
    and the GM is told."""
    conn = sqlite3.connect(folder / "game.db")
    with conn:
        first = conn.execute("SELECT id, subject FROM mails ORDER BY id").fetchone()
        conn.execute("UPDATE mails SET sent = 'sending 99999' WHERE id = ?", [first[0]])
    conn.close()
    smtp = Inbox()
    with smtp_server(smtp) as port:
        done = CliRunner().invoke(main, commands(folder, port)["send"])
    assert done.exit_code == 0, done.output
    assert f"  unsure  {first[1]} to alpha@example.org: a send was stopped" in done.output
    assert first[1] not in [m["Subject"] for m in smtp.messages()]
    assert waiting.count(folder) == 0


# --- what stays private on a shared machine ----------------------------------------------

def test_a_game_folder_is_private_to_the_gm_whatever_the_umask(tmp_path):
    """game.db (the secret: map and dice), backups, unsent letters with secrets, reports:
    every folder 0700 and file 0600, under the umask 022 of most shells."""
    mailed = tmp_path / "mail.eml"
    mailed.write_bytes(orders_mail(1))
    folder = tmp_path / "shared" / "cornifex"
    folder.mkdir(parents=True, mode=0o755)  # made ready by the GM, open to all
    before = os.umask(0o022)
    try:
        for args in (["new", folder, "--seed", "7", "--name", "cornifex", "--size", "12",
                      "--gm-email", "sc@example.org"],
                     ["enlist", folder, "--name", "Alpha", "--email", "alpha@example.org",
                      "--fit", "crews=1,tanks=1", "--secret", OFFICERS["Alpha"]],
                     ["inbox", folder, mailed], ["preview", folder], ["resolve", folder, "--force"],
                     ["report", folder], ["resolve", folder, "--force"], ["rollback", folder],
                     ["reveal", folder, "--early"]):
            done = CliRunner().invoke(main, [str(a) for a in args])
            assert done.exit_code == 0, (args, done.output)
        assert os.umask(0o022) == 0o022  # given back as it was
    finally:
        os.umask(before)
    made = [folder, *folder.rglob("*")]
    assert {"game.db", "backups", "outbox", "reports", "rolled-back", "preview"} <= {
        p.name for p in folder.iterdir()}
    assert any(p.parent.name == "outbox" for p in made)  # the welcome letter, unsent
    opened = [(p.relative_to(folder).as_posix(), oct(p.stat().st_mode & 0o777)) for p in made
              if p.stat().st_mode & 0o077]
    assert opened == []


def test_a_game_folder_pbem_cannot_write_in_is_said_plainly(folder, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("pbem.lock.os.open", refused)
    done = CliRunner().invoke(main, commands(folder, 25)["inbox"])
    assert done.exit_code == 1
    assert done.output == (f"Error: {folder / LOCK_NAME}: the game's lock cannot be opened "
                           "(Permission denied); pbem needs to write in the game folder\n")
