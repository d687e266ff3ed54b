"""A real `pbem resolve` process killed with SIGKILL at many instants: every kill leaves the
move either not played, or played with its reports written and its orders archived once
the next `pbem resolve` or `pbem report` has finished what the kill cut short.

Each run copies one prepared game, starts a process running the CLI's `resolve`, waits
until its imports are done (so the instants fall inside the move, not in Python's start),
sleeps for the run's delay and kills it. An uninterrupted resolve, watched from outside,
says how long the move takes; a third of the delays spread over all of it, a few find by
halving when the commit comes in the killed runs themselves, and the rest are packed around
that instant, where the file work after the commit runs: kills land before, during and after
the commit. After each kill the game must be in one of the two whole states, and after the
recovery it must be exactly what an uninterrupted resolve leaves: the same reports, the
same archived and waiting orders, the same database.

By default a short sample of instants runs; `PBEM_KILL_INSTANTS=60 python -m pytest
tests/test_kill.py` runs 60 (any number; they run one after the other).
"""

from __future__ import annotations

import gc
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem import game
from pbem.cli import main

from conftest import EXAMPLE_FIT, orders_text

INSTANTS = int(os.environ.get("PBEM_KILL_INSTANTS", "3"))
OFFICERS = 24
# The CLI's resolve in a process of its own, saying when its imports are done.
RUNNER = ("import sys\n"
          "from pbem.cli import main\n"
          "print('ready', flush=True)\n"
          "main(['resolve', sys.argv[1]])\n")


def tree(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def names(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) if folder.exists() else []


def database(folder: Path) -> list[str]:
    """Every row of every table, the times of the move, of its letters and of its mail
    aside (and the mail's Message-ID, which holds the time)."""
    conn = sqlite3.connect(folder / "game.db")
    try:
        conn.execute("BEGIN")
        conn.execute("UPDATE moves SET resolved_at = ''")
        conn.execute("UPDATE mails SET queued = '', message_id = '', sha256 = ''")  # the file holds the time
        conn.execute("UPDATE letters SET filed = ''")  # when the move filed its orders
        lines = list(conn.iterdump())
        conn.rollback()
        return lines
    finally:
        conn.close()


def played(folder: Path) -> bool:
    conn = sqlite3.connect(folder / "game.db")
    try:
        return conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 1
    finally:
        conn.close()


def start(folder: Path) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", RUNNER, str(folder)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout.readline() == "ready\n"
    return process


@pytest.fixture(scope="module")
def prepared(tmp_path_factory) -> Path:
    """A game of 24 officers with e-mail addresses (so each report is queued as a mail after
    the commit), each of whom sent his orders for move 1 twice (the second file replaces the
    first: the move archives both), and a file sent early for move 2."""
    folder = tmp_path_factory.mktemp("kill") / "game"
    game.new_game(folder, "kill test", name="cornifex", size=20)
    for n in range(OFFICERS):
        name = f"Officer {n:02d}"
        game.enlist(folder, name, f"officer{n:02d}@example.org", "GLADIUM", name, EXAMPLE_FIT,
                    secret=f"s{n:03d}-0000")
        for sent, route in enumerate((("ROUTE 3 N", "ROUTE 2 E + 1 S"), ("ROUTE 4 UP", "ROUTE 5 W"))[n % 2]):
            (folder / "orders" / f"{n:02d}-{sent}.txt").write_text(
                orders_text(name, f"s{n:03d}-0000", 1, route), encoding="utf-8")
    (folder / "orders" / "early.txt").write_text(
        orders_text("Officer 00", "s000-0000", 2, "ROUTE 1 N"), encoding="utf-8")
    # The GM's address last: no welcome letters, only the reports of the move to queue.
    result = CliRunner().invoke(main, ["mail-from", str(folder), "Space Computer <sc@example.org>"])
    assert result.exit_code == 0, result.output
    gc.collect()  # the connection `mail-from` left open closes: game.db alone holds the game
    assert not (folder / "game.db-wal").exists()
    return folder


@pytest.fixture(scope="module")
def reference(prepared, tmp_path_factory) -> tuple[Path, dict[str, float]]:
    """The same move resolved by an uninterrupted process, watched from outside: the
    instants (from the end of its imports) of its commit, of the end of its file work, and
    of its exit."""
    folder = tmp_path_factory.mktemp("reference") / "game"
    shutil.copytree(prepared, folder)
    process = start(folder)
    t0 = time.perf_counter()
    seen: dict[str, float] = {}
    conn = sqlite3.connect(folder / "game.db")
    try:
        while "exit" not in seen or "done" not in seen:
            exited = process.poll() is not None
            try:
                row = conn.execute("SELECT files_done FROM moves").fetchone()
            except sqlite3.OperationalError:  # locked for an instant by the writer
                row = None
            now = time.perf_counter() - t0
            if row is not None:
                seen.setdefault("commit", now)
                if row[0]:
                    seen.setdefault("done", now)
            if exited:
                seen.setdefault("exit", now)
            time.sleep(0.0002)
    finally:
        conn.close()
    assert process.wait(timeout=60) == 0
    return folder, seen


def kill_at(prepared: Path, work: Path, delay: float) -> tuple[Path, bool, bool]:
    """Copy the game, kill a resolve after `delay` seconds; returns the folder, whether the
    move was saved when the process died, and whether the process had finished anyway."""
    folder = work / f"kill-{delay:.6f}"
    shutil.copytree(prepared, folder)
    process = start(folder)
    time.sleep(delay)
    finished = process.poll() is not None
    if not finished:
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    return folder, played(folder), finished


def kill_once_saved(prepared: Path, work: Path) -> tuple[Path, bool, bool]:
    """`kill_at`, the instant found by watching the database: the process is killed as
    soon as the move is seen saved, at whatever speed the machine runs it."""
    folder = work / "kill-once-saved"
    shutil.copytree(prepared, folder)
    process = start(folder)
    while process.poll() is None and not saved_yet(folder):
        time.sleep(0.0002)
    finished = process.poll() is not None
    if not finished:
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    return folder, played(folder), finished


def saved_yet(folder: Path) -> bool:
    conn = sqlite3.connect(folder / "game.db")
    try:
        return conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0] == 1
    except sqlite3.OperationalError:  # locked for an instant by the writer
        return False
    finally:
        conn.close()


def test_a_killed_resolve_leaves_one_of_the_two_whole_outcomes(prepared, reference, tmp_path):
    ref, seen = reference
    before = {"db": database(prepared), "orders": tree(prepared / "orders")}
    after = {"db": database(ref), "orders": tree(ref / "orders"), "reports": tree(ref / "reports"),
             "backups": names(ref / "backups"), "outbox": names(ref / "outbox")}
    assert len(after["outbox"]) == OFFICERS  # one report mail each
    runs = []

    def kill(delay: float) -> bool:
        runs.append(kill_at(prepared, tmp_path, delay))
        return runs[-1][1]

    # A third of the instants spread over the whole move; then, with enough of them, a few
    # to find by halving when the commit comes in the runs themselves (a kill before it
    # leaves nothing saved), and the rest packed from just before it to a little after,
    # where the file work runs and a kill leaves a half-finished move.
    end = 1.1 * seen["exit"]
    spread = INSTANTS if INSTANTS < 12 else INSTANTS // 3
    for i in range(spread):
        kill(end * i / max(1, spread - 1))
    # The instants above are those of the uninterrupted run, which a loaded machine may not
    # keep: a kill at once after the imports (the first above) leaves the move unplayed,
    # and one found by watching the database comes once the move is saved, however slow.
    runs.append(kill_once_saved(prepared, tmp_path))
    if INSTANTS >= 12:
        before_commit, after_commit = 0.0, end
        for _ in range(6):
            middle = (before_commit + after_commit) / 2
            if kill(middle):
                after_commit = middle
            else:
                before_commit = middle
        left = INSTANTS - len(runs)
        start_, stop = before_commit - 0.002, after_commit + 0.008
        for i in range(left):
            kill(max(0.0, start_ + (stop - start_) * i / max(1, left - 1)))

    outcomes = {"not played": 0, "half-finished, completed": 0, "played whole": 0}
    for folder, saved, finished in runs:
        if not saved:
            # Not played: the database as it was, orders/ untouched, no reports of the move.
            assert database(folder) == before["db"], folder
            assert tree(folder / "orders") == before["orders"], folder
            assert not (folder / "reports" / "move-01").exists(), folder
            assert names(folder / "outbox") == [], folder
            outcomes["not played"] += 1
            out = CliRunner().invoke(main, ["resolve", str(folder)]).output
            assert "Move resolved." in out, out
        else:
            out = CliRunner().invoke(main, ["report", str(folder)]).output
            half = "Move 1 was found half-finished" in out
            assert not (half and finished), out  # a process that ran to its end left it whole
            outcomes["half-finished, completed" if half else "played whole"] += 1
        # Either way, now exactly what an uninterrupted resolve leaves.
        assert database(folder) == after["db"], folder
        assert tree(folder / "orders") == after["orders"], folder
        assert tree(folder / "reports") == after["reports"], folder
        assert names(folder / "backups") == after["backups"], folder
        assert names(folder / "outbox") == after["outbox"], folder

    print(f"\n{len(runs)} kills over {end:.3f} s (an uninterrupted run committed at "
          f"{seen['commit']:.4f} s): "
          + ", ".join(f"{n} {what}" for what, n in outcomes.items()))
    assert outcomes["not played"] >= 1
    assert outcomes["half-finished, completed"] + outcomes["played whole"] >= 1
