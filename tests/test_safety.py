"""Safe moves for the GM: stray runs refused, preview, backups, rollback, and moves cut
short between their commit and their files finished by the next resolve or report."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import tarfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import pbem.move_files
from pbem import backups, game, move_files, orderfolder, preview, rollback
from pbem.orders.limits import MOST_FILE_BYTES
from pbem.storage import game_state
from pbem.storage.database import open_db
from pbem.orderfolder import read_order_file
from pbem.cli import main
from pbem.errors import GameError

from conftest import EXAMPLE_FIT, Game, orders_text, write_map

BASE = (10, 10, 2)
GOLDEN = Path(__file__).resolve().parent.parent / "reports"
DEMO_ORDERS = Path(__file__).resolve().parent.parent / "orders"
OFFICERS = [(name, f"{name[0].lower() * 4}-1111", EXAMPLE_FIT)
            for name in ("Alpha", "Beta", "Gamma", "Delta")]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def dump(folder: Path) -> str:
    conn = sqlite3.connect(folder / "game.db")
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def post(g: Game, move: int, *names: str, body: str = "ROUTE 2 N") -> None:
    for name, secret, _ in OFFICERS:
        if name in names:
            g.post(f"{name.lower()}.txt", orders_text(name, secret, move, body))


@pytest.fixture
def four(make_game) -> Game:
    """Four officers on the base of an empty map, move 1 being collected."""
    return make_game(BASE, [(10, 14, 2)], officers=OFFICERS)


def build_demo_game(folder: Path) -> None:
    """The demo game with its orders in place and no move resolved."""
    from pbem.demo import build_demo

    build_demo(folder)


# --- stray runs -------------------------------------------------------------------------


def test_a_second_resolve_with_no_orders_is_refused_with_the_summary(four, monkeypatch):
    """The GM types `pbem resolve` twice: the second run finds no orders, prints who would
    hold and why, refuses, and changes nothing; --force plays it."""
    post(four, 1, "Alpha", "Beta", "Gamma", "Delta")
    assert run("resolve", four.dir).exit_code == 0
    before = dump(four.dir)
    result = run("resolve", four.dir)
    assert result.exit_code == 1
    assert result.output.startswith(
        "Move 2: 4 officers, 0 with valid orders, 4 holding position.\nHeld:\n")
    for name in ("Alpha", "Beta", "Gamma", "Delta"):
        assert f"  {name}: no order file arrived for this move\n" in result.output
    assert ("Error: move 2 not resolved: no officer sent valid orders for move 2. Put the "
            "missing orders in orders/ (`pbem preview` shows the move as it stands), or run "
            "`pbem resolve --force` to play it anyway") in result.output
    assert dump(four.dir) == before
    assert not (four.dir / "reports" / "move-02").exists()
    assert not (four.dir / "backups" / "move-02").exists()

    result = run("resolve", four.dir, "--force")
    assert result.exit_code == 0
    assert "Move resolved. Reports, bulletins and the GM log are in" in result.output
    assert "  Alpha held position (no valid orders).\n" in four.bulletin(2)


def test_more_than_half_holding_is_refused_and_half_is_not(four):
    post(four, 1, "Alpha")
    with pytest.raises(game.StrayRun, match="3 of 4 officers would hold position") as refused:
        game.resolve(four.dir)
    assert refused.value.summary.with_orders == 1
    assert sorted(name for name, _ in refused.value.summary.held) == ["Beta", "Delta", "Gamma"]
    post(four, 1, "Beta")
    done = game.resolve(four.dir)
    assert done.summary.with_orders == 2 and done.summary.stray is None


def test_a_refused_file_counts_as_holding_and_its_reason_is_in_the_summary(four):
    post(four, 1, "Alpha", "Beta")
    four.post("gamma.txt", orders_text("Gamma", "wrng-0000", 1, "ROUTE 2 N"))
    out = run("resolve", four.dir).output
    assert "Move 1: 4 officers, 2 with valid orders, 2 holding position.\n" in out
    assert "  Gamma: your order file orders/gamma.txt was refused:\n" in out
    assert "    orders/gamma.txt, line 3 (not allowed): the secret does not match\n" in out
    assert "  Delta: no order file arrived for this move\n" in out


def test_the_summary_names_landings_losses_destroyed_ships_and_promotions(tmp_path):
    """The demo's moves as the GM sees them when resolving."""
    folder = tmp_path / "demo"
    build_demo_game(folder)
    outs = [run("resolve", folder).output for _ in range(6)]
    assert "  Cæcilia Metella forced landing on P-4\n" in outs[2]
    assert "Losses:\n  Marcus *Aper* on P-5: 1 man lost (crews now 2 + 3)\n" in outs[3]
    assert "  Niccolò Varro: your order file orders/move-05/varro.txt was refused:\n" in outs[4]
    assert "ROUET; did you mean ROUTE?" in outs[4]
    assert "Promotions:\n  Cæcilia Metella is promoted Centurio\n" in outs[5]
    assert "The game ends: Cæcilia Metella wins" in outs[5]
    assert "No landing, loss, ship destroyed or promotion.\n" in outs[0]


def test_a_destroyed_ship_is_in_the_summary():
    from pbem.rules.events import Event
    from pbem.summary import summarize

    summary = summarize(3, [Event("rescue", "public", 1, {
        "officer_name": "Alpha", "reason": "two hull hits in one move", "lost": "GLADIUM",
        "rank": "Decurio", "ship_type": "FROMBOLA"})], {1: "Alpha"}, 1)
    assert "Ships destroyed:\n  Alpha lost the GLADIUM (two hull hits in one move): rescue " \
           "return, now Decurio" in summary.text()


# --- preview ------------------------------------------------------------------------------


def test_preview_changes_nothing_and_shows_what_resolve_will_write(four):
    post(four, 1, "Alpha", "Beta", "Gamma")
    db_before = (four.dir / "game.db").read_bytes()
    orders_before = files(four.dir / "orders")
    result = run("preview", four.dir)
    assert result.exit_code == 0, result.output
    assert "Move 1: 4 officers, 3 with valid orders, 1 holding position." in result.output
    assert "  Delta: no order file arrived for this move\n" in result.output
    assert f"Preview of move 1: the reports are in {four.dir / 'preview' / 'move-01'}" in result.output
    assert (four.dir / "game.db").read_bytes() == db_before
    assert files(four.dir / "orders") == orders_before
    assert list((four.dir / "reports").iterdir()) == []
    assert not (four.dir / "backups").exists()
    previewed = files(four.dir / "preview" / "move-01")
    assert "bulletin.txt" in previewed and "report-004-delta.txt" in previewed

    game.resolve(four.dir)
    assert files(four.dir / "reports" / "move-01") == previewed


def test_preview_says_when_resolve_would_refuse(four):
    post(four, 1, "Alpha")
    out = run("preview", four.dir).output
    assert ("`pbem resolve` would refuse this move (3 of 4 officers would hold position) "
            "unless --force.") in out
    shown = preview.preview(four.dir)
    assert shown.refusal == "3 of 4 officers would hold position"


def test_preview_uses_the_game_folders_templates_and_keeps_only_the_latest(four):
    (four.dir / "templates").mkdir()
    (four.dir / "templates" / "bulletin.txt.j2").write_text("HOUSE {{ move }}\n", encoding="utf-8")
    post(four, 1, "Alpha", "Beta", "Gamma", "Delta")
    preview.preview(four.dir)
    assert (four.dir / "preview" / "move-01" / "bulletin.txt").read_text(encoding="utf-8") == "HOUSE 1\n"
    game.resolve(four.dir)
    post(four, 2, "Alpha", "Beta", "Gamma", "Delta", body="ROUTE 2 S")
    preview.preview(four.dir)
    assert sorted(p.name for p in (four.dir / "preview").iterdir()) == ["move-02"]


def test_preview_of_a_game_that_is_over_is_refused(demo):
    with pytest.raises(GameError, match="the game is over"):
        preview.preview(demo)


# --- backups ------------------------------------------------------------------------------


def test_each_move_backs_up_the_game_and_the_orders_it_read(four):
    post(four, 1, "Alpha", "Beta", "Gamma", "Delta")
    four.post("later.txt", orders_text("Alpha", "aaaa-1111", 2, "ROUTE 1 N"))
    before = dump(four.dir)
    sent = files(four.dir / "orders")
    done = game.resolve(four.dir)
    assert done.backup == four.dir / "backups" / "move-01"
    conn = sqlite3.connect(done.backup / "game.db")
    assert "\n".join(conn.iterdump()) == before
    conn.close()
    with tarfile.open(done.backup / "orders.tar") as tar:
        held = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}
    # Every file the move read, byte for byte: those it dealt with and the one for move 2,
    # which is still waiting in orders/.
    assert held == sent
    assert sorted(files(four.dir / "orders")) == [
        "archive/move-01/alpha.txt", "archive/move-01/beta.txt", "archive/move-01/delta.txt",
        "archive/move-01/gamma.txt", "later.txt"]


@settings(max_examples=200, deadline=None)
@given(members=st.lists(st.tuples(
    st.text(alphabet=st.sampled_from("ab c/.-_é\u4e00"), min_size=1, max_size=130),
    st.sampled_from([0, 1_700_000_000, 8 ** 11 - 1, 8 ** 11]),
    st.binary(max_size=1100)), max_size=4))
def test_the_backup_of_the_orders_is_the_tar_file_tarfile_writes(tmp_path_factory, members):
    """orders.tar is written without tarfile's per-member machinery, to its very bytes:
    plain names by pbem, long and non-ASCII ones (a pax header) by tarfile."""
    import io

    expected = io.BytesIO()
    with tarfile.open(fileobj=expected, mode="w") as tar:
        for name, mtime, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), mtime, 0o644
            tar.addfile(info, io.BytesIO(data))
    path = tmp_path_factory.mktemp("tar") / "orders.tar"
    backups.write_tar(path, members)
    assert path.read_bytes() == expected.getvalue()


@pytest.fixture(scope="module")
def four_collecting(tmp_path_factory) -> Game:
    """`four`, for a property test: one game whose orders/ each example fills anew."""
    root = tmp_path_factory.mktemp("collecting")
    mapfile = write_map(root / "map.toml", BASE, [(10, 14, 2)])
    game.new_game(root / "cornifex", 1, name="cornifex", map_file=mapfile)
    for name, secret, fit in OFFICERS:
        game.enlist(root / "cornifex", name, "", "GLADIUM", name.upper(), fit, secret=secret)
    return Game(root / "cornifex")


MAIL_HEAD = b"From: alpha@example.org\nSubject: orders\n\n"
MBOX_HEAD = b"From alpha@example.org Mon Nov 30 20:01:00 2026\n"


@settings(max_examples=30, deadline=None)
@given(contents=st.lists(st.one_of(
    st.binary(max_size=300),
    st.text(max_size=200).map(lambda t: orders_text("Alpha", "aaaa-1111", 1, t).encode()),
    # Past a file's most bytes, plain (read to the most + 1) or a mail (read further).
    st.sampled_from([0, 1, 2, 700]).map(lambda k: b"x" * (MOST_FILE_BYTES + k)),
    st.sampled_from([0, 1, 2, 700]).map(lambda k: MAIL_HEAD + b"y" * (MOST_FILE_BYTES + k)),
    # An mbox of one mail or two: each letter's digest is its mail's, not the file's.
    st.text(max_size=100).map(lambda t: MBOX_HEAD + MAIL_HEAD + orders_text(
        "Alpha", "aaaa-1111", 1, t).encode()),
    st.integers(1, 2).map(lambda n: (MBOX_HEAD + MAIL_HEAD + b"hello\n\n") * n),
), min_size=1, max_size=4))
def test_the_backup_keeps_what_the_collection_read_as_reading_the_file_again(
        four_collecting, contents):
    """The backup takes the bytes the move read of each file instead of reading it again,
    and the fingerprint of those the collection took whole as one letter: those are what
    reading the file again gives, whatever the file."""
    orders = four_collecting.dir / "orders"
    shutil.rmtree(orders, ignore_errors=True)
    orders.mkdir()
    for k, data in enumerate(contents):
        (orders / f"{k}.txt").write_bytes(data)
        os.utime(orders / f"{k}.txt", (1_700_000_000 + k, 1_700_000_000 + 3600 * k))
    db = open_db(four_collecting.dir)
    try:
        state = game_state.load_state(db)
        collected = game.collect_orders(four_collecting.dir, db, state,
                                        game.ruleset_for(four_collecting.dir))
    finally:
        db.close()
    listed = orderfolder.order_files(four_collecting.dir)
    assert collected.read == {rel: read_order_file(path) for rel, path in listed}
    for rel, digest in collected.digests.items():
        assert digest == hashlib.sha256(collected.read[rel]).hexdigest()
    kept = four_collecting.dir / "kept"
    again = four_collecting.dir / "again"
    prints = []
    for where, keep, taken in ((kept, 1, True), (again, 1, False),
                               (four_collecting.dir, 0, True), (four_collecting.dir, 0, False)):
        if keep:
            shutil.rmtree(where, ignore_errors=True)
        read, mtimes, digests = ((collected.read, collected.mtimes, collected.digests) if taken
                                 else (None, None, None))
        conn = sqlite3.connect(four_collecting.dir / "game.db")
        try:
            prints.append(backups.back_up(where, conn, 1, listed, keep, read, mtimes, digests)[1])
        finally:
            conn.close()
    assert files(kept) == files(again)
    assert prints[0] == prints[1] == prints[2] == prints[3]


def test_the_gm_sets_how_many_backups_are_kept(demo):
    assert [b.move for b in backups.backups(demo)] == [1, 2, 3, 4, 5, 6]
    out = run("backups", demo, "--keep", "2").output
    assert "Deleted the backup of the game before move 1.\n" in out
    assert "Deleted the backup of the game before move 4.\n" in out
    assert f"  before move 6: {demo / 'backups' / 'move-06'} (" in out
    assert out.endswith("2 backups; the game keeps the last 2.\n")
    assert [b.move for b in backups.backups(demo)] == [5, 6]
    assert sorted(p.name for p in (demo / "backups").iterdir()) == ["move-05", "move-06"]
    # Each move made from now on keeps the count: roll back one and play it again.
    rollback.rollback(demo)
    backups.keep(demo, 1)
    game.resolve(demo)
    assert [b.move for b in backups.backups(demo)] == [6]


def test_no_backups_means_no_rollback(make_game, tmp_path):
    g = make_game(BASE, [], officers=OFFICERS[:1])
    backups.keep(g.dir, 0)
    post(g, 1, "Alpha")
    assert game.resolve(g.dir).backup is None
    assert not (g.dir / "backups").exists()
    with pytest.raises(GameError, match="no backup of the game before move 1, so it cannot be "
                                        "rolled back that far; backups kept: none"):
        rollback.rollback(g.dir)


# --- rollback -----------------------------------------------------------------------------


def test_rollback_then_resolve_writes_the_same_reports(demo):
    """Undo the last move: its orders are back, its reports aside; resolving it again
    writes the same bytes, and the ledger still verifies."""
    original = files(demo / "reports" / "move-06")
    archived = files(demo / "orders" / "archive" / "move-06")
    result = run("rollback", demo)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(
        "Rolled back move 6: move 6 is being collected again, 4 order files back in orders/.\n")
    assert game_state.game_row(open_db(demo))["move"] == 6
    assert not (demo / "reports" / "move-06").exists()
    assert not (demo / "orders" / "archive" / "move-06").exists()
    for rel, data in archived.items():
        assert (demo / "orders" / rel).read_bytes() == data
    aside = demo / "rolled-back" / "01-move-06"
    assert files(aside / "reports" / "move-06") == original
    assert (aside / "game.db").is_file()

    game.resolve(demo)
    assert files(demo / "reports" / "move-06") == original
    assert run("verify", demo).exit_code == 0


def test_rollback_to_an_earlier_move_replays_the_same_game(demo):
    """Back to move 3: moves 3 to 6 undone. The demo's files for moves 4 to 6 were all in
    orders/ when move 3 was resolved, so they all go back there, and the same reports
    come out of the four moves."""
    done = rollback.rollback(demo, to=3)
    assert done.undone == (3, 4, 5, 6) and done.later_orders == ()
    assert [b.move for b in backups.backups(demo)] == [1, 2, 3]
    assert sorted(p.name for p in (done.aside / "backups").iterdir()) == [
        "move-04", "move-05", "move-06"]
    for _ in range(4):
        game.resolve(demo)
    for move in range(3, 7):
        folder = f"move-{move:02d}"
        assert files(demo / "reports" / folder) == files(GOLDEN / folder), folder


def test_rollback_keeps_aside_the_orders_that_came_in_later(make_game):
    """Move 2's alpha.txt came in after move 1 was resolved: rolled back to 1, orders/ holds
    only move 1's file, as then; move 2's waits aside for the GM. Both moves replay alike."""
    g = make_game(BASE, [(12, 13, 2)], officers=OFFICERS[:1])
    post(g, 1, "Alpha", body="ROUTE 3 N")
    game.resolve(g.dir)
    post(g, 2, "Alpha", body="ROUTE 3 S")
    game.resolve(g.dir)
    first, second = (files(g.dir / "reports" / f"move-0{m}") for m in (1, 2))
    result = run("rollback", g.dir, "--to", "1")
    later = g.dir / "rolled-back" / "01-moves-01-02" / "orders" / "move-02"
    assert f"put each move's back in orders/ before resolving it again:\n  {later}\n" in result.output
    assert sorted(files(g.dir / "orders")) == ["alpha.txt"]
    assert "MOVE 1" in (g.dir / "orders" / "alpha.txt").read_text(encoding="utf-8")
    game.resolve(g.dir)
    assert files(g.dir / "reports" / "move-01") == first
    os.replace(later / "alpha.txt", g.dir / "orders" / "alpha.txt")
    game.resolve(g.dir)
    assert files(g.dir / "reports" / "move-02") == second
    assert run("verify", g.dir).exit_code == 0
def test_rollback_refuses_a_move_not_resolved(four):
    with pytest.raises(GameError, match="no move has been resolved yet"):
        rollback.rollback(four.dir)
    result = run("rollback", four.dir, "--to", "2")
    assert result.exit_code == 1


def test_rollback_needs_the_backup_of_that_move(demo):
    backups.keep(demo, 2)
    result = run("rollback", demo, "--to", "2")
    assert result.exit_code == 1
    assert ("there is no backup of the game before move 2, so it cannot be rolled back that "
            "far; backups kept: before move 5, before move 6") in result.output
    assert game_state.game_row(open_db(demo))["move"] == 7


# --- a move cut short after its commit ------------------------------------------------------


def cut_short_after_commit(folder: Path, monkeypatch) -> None:
    """Resolve with the file work failing right after the commit, as a kill there would."""
    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed after the commit")

    with monkeypatch.context() as m:
        m.setattr(pbem.move_files, "publish", killed)
        with pytest.raises(KeyboardInterrupt):
            game.resolve(folder)


def test_report_finishes_a_half_finished_move_and_says_so(tmp_path, monkeypatch):
    folder = tmp_path / "demo"
    build_demo_game(folder)
    cut_short_after_commit(folder, monkeypatch)
    db = open_db(folder)
    assert move_files.half_finished(db) == [1]
    db.close()
    assert not (folder / "reports" / "move-01").exists()
    assert (folder / "orders" / "move-01" / "notius.txt").exists()

    result = run("report", folder)
    assert result.exit_code == 0
    assert result.output.startswith(
        f"Move 1 was found half-finished (saved, but its reports or its archiving not done): "
        f"its reports are now in {folder / 'reports' / 'move-01'} and 4 order files archived.\n")
    assert files(folder / "reports" / "move-01") == files(GOLDEN / "move-01")
    assert not (folder / "orders" / "move-01" / "notius.txt").exists()
    assert (folder / "orders" / "archive" / "move-01" / "move-01" / "notius.txt").exists()


def test_resolve_finishes_a_half_finished_move_and_stops_there(tmp_path, monkeypatch):
    folder = tmp_path / "demo"
    build_demo_game(folder)
    cut_short_after_commit(folder, monkeypatch)
    result = run("resolve", folder)
    assert result.exit_code == 0
    assert "Move 1 was found half-finished" in result.output
    assert "No new move was resolved; run `pbem resolve` again for the next one." in result.output
    assert game_state.game_row(open_db(folder))["move"] == 2
    assert not (folder / "reports" / "move-02").exists()
    game.resolve(folder)
    assert files(folder / "reports" / "move-02") == files(GOLDEN / "move-02")


def test_a_new_file_under_an_old_name_is_not_archived_by_the_completion(make_game, monkeypatch):
    """After a kill, the GM saved next move's mail under the same name: it stays in orders/."""
    g = make_game(BASE, [], officers=OFFICERS[:1])
    post(g, 1, "Alpha")
    cut_short_after_commit(g.dir, monkeypatch)
    post(g, 2, "Alpha", body="ROUTE 2 S")
    done = game.complete_moves(g.dir)
    assert done[0].left == ("orders/alpha.txt",)
    assert "orders/alpha.txt changed since move 1 read it: left in orders/" in done[0].lines()[1]
    assert "MOVE 2" in (g.dir / "orders" / "alpha.txt").read_text(encoding="utf-8")
    game.resolve(g.dir)
    assert "Ordered: 2 S" in g.report(2, "alpha")


def layout(folder: Path) -> list[tuple[str, bytes | None]]:
    """Every entry under `folder`, folders (None) and files (their bytes)."""
    return [(p.relative_to(folder).as_posix(), p.read_bytes() if p.is_file() else None)
            for p in sorted(folder.rglob("*"))]


ENTRIES = st.lists(st.tuples(st.sampled_from(["", "move-03", "move-03/mail", "mail", ".hidden"]),
                             st.sampled_from(["a.txt", "b.txt", ".c.txt", "d"]), st.booleans()),
                   unique_by=lambda e: e[:2], max_size=12)


@settings(max_examples=80, deadline=None)
@given(entries=ENTRIES, taken=st.booleans())
def test_archiving_a_folder_at_once_leaves_what_moving_each_file_leaves(tmp_path_factory, entries, taken):
    """The files of a folder are archived by renaming the folder (`archive` of a move
    just saved): the same files archived, the same left in orders/, the same folders, as
    moving them one by one (the completion of a half-finished move does that)."""
    outcomes = []
    for check in (False, True):
        game_dir = tmp_path_factory.mktemp("archive")
        orders = game_dir / "orders"
        orders.mkdir()
        dealt = []
        for folder, name, deal in entries:
            path = orders / folder / name
            if path.parent.is_file() or path.exists():
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"{folder}/{name}\n", encoding="utf-8")
            if deal:
                rel = f"{folder}/{name}".lstrip("/")
                dealt.append([rel, move_files.sha256_of(str(path))])
        if taken:  # a folder of the archive there already (a kill, then a rollback)
            (orders / "archive" / "move-03" / "move-03").mkdir(parents=True)
        moved, left = move_files.archive(game_dir, 3, sorted(dealt), check=check)
        outcomes.append((moved, left, layout(orders)))
    assert outcomes[0] == outcomes[1]


def test_a_template_that_fails_saves_nothing_and_leaves_no_half_move(four):
    post(four, 1, "Alpha", "Beta", "Gamma", "Delta")
    (four.dir / "templates").mkdir()
    (four.dir / "templates" / "gm-log.txt.j2").write_text("{{ nothing }}\n", encoding="utf-8")
    before = dump(four.dir)
    with pytest.raises(Exception, match="nothing"):
        game.resolve(four.dir)
    assert dump(four.dir) == before
    assert move_files.half_finished(open_db(four.dir)) == []


def test_a_move_cut_short_while_queueing_its_mail_queues_each_report_once(make_game, monkeypatch):
    """Killed after the first report was queued: the completion queues the others, and
    nobody gets his report twice."""
    from pbem.mail import outbox

    g = make_game(BASE, [], officers=OFFICERS[:3])
    assert run("mail-from", g.dir, "Space Computer <sc@example.org>").exit_code == 0
    for name, _, _ in OFFICERS[:3]:
        assert run("email", g.dir, name, f"{name.lower()}@example.org", "--reason", "x").exit_code == 0
    post(g, 1, "Alpha", "Beta", "Gamma")
    real_queue, calls = outbox.queue, []

    def queue_once_then_die(*args, **kwargs):
        if kwargs.get("kind") == "report" and calls:
            raise KeyboardInterrupt("killed while queueing the reports")
        calls.append(kwargs.get("officer_id"))
        return real_queue(*args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(outbox, "queue", queue_once_then_die)
        with pytest.raises(KeyboardInterrupt):
            game.resolve(g.dir)
    db = open_db(g.dir)
    assert move_files.half_finished(db) == [1]
    db.close()
    assert [c.move for c in game.complete_moves(g.dir)] == [1]
    reports = sqlite3.connect(g.dir / "game.db").execute(
        "SELECT officer_id FROM mails WHERE kind = 'report' AND move = 1 ORDER BY officer_id").fetchall()
    assert reports == [(1,), (2,), (3,)]


def test_rollback_takes_the_undone_moves_mail_with_it(make_game):
    """Reports queued by the undone move and not sent leave the outbox with it; one already
    sent is counted, for the GM to tell the officers; an officer enlisted since is named."""
    g = make_game(BASE, [], officers=OFFICERS[:2])
    assert run("mail-from", g.dir, "Space Computer <sc@example.org>").exit_code == 0
    for name, _, _ in OFFICERS[:2]:
        assert run("email", g.dir, name, f"{name.lower()}@example.org", "--reason", "x").exit_code == 0
    post(g, 1, "Alpha", "Beta")
    game.resolve(g.dir)
    queued = sorted(p.name for p in (g.dir / "outbox").iterdir())
    assert len(queued) == 2
    sql = sqlite3.connect(g.dir / "game.db")
    with sql:
        sql.execute("UPDATE mails SET sent = '2026-10-19T10:00:00+00:00' WHERE officer_id = 1")
    sql.close()
    (g.dir / "outbox" / queued[0]).unlink()  # delivered mail leaves the outbox
    game.enlist(g.dir, "Late", "", "GLADIUM", "LATE", EXAMPLE_FIT, secret="late-1111")
    result = run("rollback", g.dir)
    assert result.exit_code == 0, result.output
    aside = g.dir / "rolled-back" / "01-move-01"
    assert (f"1 mail queued since, not sent, went with the undone moves (kept in "
            f"{aside / 'outbox'}).") in result.output
    assert "1 mail queued since had already been sent and cannot be called back" in result.output
    assert "Enlisted since, and no longer in the game: Late; enlist them again." in result.output
    assert list((g.dir / "outbox").iterdir()) == []
    assert [p.name for p in (aside / "outbox").iterdir()] == [queued[1]]
    game.resolve(g.dir)
    assert len(list((g.dir / "outbox").iterdir())) == 2  # queued anew with the move
