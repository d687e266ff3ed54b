"""One verdict on every letter: `pbem check`, the inbox's receipt and `pbem resolve` agree,
and orders are played only in the move they name (DESIGN, rulings), as a player and a GM
meet them through the command line."""

from __future__ import annotations

import email
import html
import json
import os
import shutil
import gzip
import re
import sqlite3
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from pbem import ledger
from pbem.cli import main
from pbem.order_form import order_form

from unreadable import without_reading_rights
from commands import ok, run

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
GM = "Space Computer <sc@example.org>"
OFFICERS = {"Notius": ("4tq9-mx2d", "notius@example.org"),
            "Flavia": ("fl4v-1a00", "flavia@example.org")}


def orders(name: str, move: int, *body: str) -> str:
    return "\n".join(["GAME cornifex", f"OFFICER {name}", f"SECRET {OFFICERS[name][0]}",
                      f"MOVE {move}", *body, "END", ""])


def rows(folder: Path, sql: str, params=()) -> list[dict]:
    conn = sqlite3.connect(folder / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, params)]
    finally:
        conn.close()


def receipts(folder: Path) -> list[str]:
    out = []
    for row in rows(folder, "SELECT file FROM mails WHERE kind = 'receipt' ORDER BY id"):
        message = email.message_from_bytes((folder / row["file"]).read_bytes(),
                                           policy=policy.default)
        out.append(message.get_body().get_content().replace("\r\n", "\n"))
    return out


def post(folder: Path, name: str, text: str) -> Path:
    path = folder / "orders" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def report(folder: Path, move: int, part: str) -> str:
    (path,) = (folder / "reports" / f"move-{move:02d}").glob(f"report-*{part}*.txt")
    return path.read_text(encoding="utf-8")


def gm_log(folder: Path, move: int) -> str:
    return (folder / "reports" / f"move-{move:02d}" / "gm-log.txt").read_text(encoding="utf-8")


@pytest.fixture
def cornifex(tmp_path) -> Path:
    """A game of two officers whose move 1 is played: move 2 is being collected."""
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    for name, (secret, address) in OFFICERS.items():
        ok("enlist", folder, "--name", name, "--email", address, "--fit", FIT,
           "--secret", secret)
    post(folder, "notius-1.txt", orders("Notius", 1, "ROUTE 2 N"))
    post(folder, "flavia-1.txt", orders("Flavia", 1, "ROUTE 1 E"))
    ok("resolve", folder)
    return folder


def test_a_stale_file_is_refused_by_check_and_resolve_and_the_ship_holds(cornifex):
    """Point 1: a file for move 1 in orders/ while move 2 is collected is refused
    everywhere; the ship holds, and both the report and the GM log say why."""
    stale = post(cornifex, "notius-old.txt", orders("Notius", 1, "ROUTE 3 S"))
    post(cornifex, "flavia-2.txt", orders("Flavia", 2, "ROUTE 1 W"))
    checked = run("check", stale, "--game", cornifex)
    assert checked.exit_code == 1
    assert "these orders are for move 1, which has been played" in checked.output
    assert "write MOVE 2" in checked.output

    ok("resolve", cornifex, "--force")
    notius = report(cornifex, 2, "notius")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in notius
    assert "orders/notius-old.txt was refused" in notius
    assert "these orders are for move 1, which has been played" in notius
    assert "Ordered: 3 S" not in notius
    assert "orders/notius-old.txt: refused (Notius), 1 problem: too late, these orders " \
        "are for move 1" in gm_log(cornifex, 2)
    (letter,) = rows(cornifex, "SELECT * FROM letters WHERE source = 'orders/notius-old.txt'")
    assert (letter["status"], letter["move"], letter["declared"], letter["played"]) == (
        "refused", 2, 1, 0)


def late_mail(folder: Path, name: str, move: int, *body: str) -> Path:
    m = EmailMessage()
    m["From"] = f"{name} <{OFFICERS[name][1]}>"
    m["To"] = GM
    m["Subject"] = "my orders"
    m["Date"] = format_datetime(datetime.now(timezone.utc))
    m["Message-ID"] = f"<{name}.{move}@example.org>"
    m.set_content(orders(name, move, *body))
    path = folder.parent / f"{name}-{move}.eml"
    path.write_bytes(m.as_bytes(policy=policy.SMTP))
    return path


def test_late_orders_are_refused_as_written_and_the_receipt_says_so(cornifex):
    """Point 2: a mail for move 1 that arrives once move 1 is played is not rewritten into
    move 2: its receipt names move 1, shows the MOVE line as written, says it came too late
    and asks for orders for move 2; resolve does not play it."""
    out = ok("inbox", cornifex, late_mail(cornifex, "Notius", 1, "ROUTE 3 S"))
    assert "0 accepted, 1 refused" in out
    (receipt,) = [r for r in receipts(cornifex) if "ROUTE 3 S" in r]
    said = " ".join(receipt.split())
    assert "REFUSED: too late for move 1." in said
    assert "Orders are played only in the move they name, never in a later one." in said
    assert "Send your orders for move 2" in said
    assert "     4  MOVE 1\n" in receipt and "MOVE 2" not in receipt.split("PROBLEMS")[0]
    assert "played in move 2" not in said
    assert "these orders are for move 1, which has been played" in said

    ok("resolve", cornifex, "--force")
    notius = report(cornifex, 2, "notius")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in notius and "Ordered: 3 S" not in notius


def test_check_answers_an_unreadable_file_and_checks_the_others(cornifex):
    """Point 6: a file pbem may not read is one bad file: a clear line, the others checked,
    exit 1 (not click's exit 2 before any file is checked)."""
    locked = post(cornifex, "locked.txt", orders("Notius", 2, "ROUTE 1 N"))
    locked.chmod(0)
    good = post(cornifex, "flavia-2.txt", orders("Flavia", 2, "ROUTE 1 W"))

    def check() -> tuple[int, str]:
        result = CliRunner().invoke(main, ["check", str(locked), str(good), "--game",
                                           str(cornifex)], catch_exceptions=False)
        return result.exit_code, result.output

    code, out = without_reading_rights(check)
    assert code == 1, out
    assert "not checked: it cannot be read (permission denied)" in out
    assert "make it readable to the user who runs pbem" in out
    assert f"{good}: good orders for Flavia, move 2." in out


# --- the ledger commits to what decided the move (point 5) ------------------------------

LEDGER_LINE = re.compile(r"Ledger after move (\d+): ([0-9a-f]{64})")


def heads(folder: Path) -> dict[int, str]:
    found = {}
    for bulletin in sorted((folder / "reports").glob("move-*/bulletin.txt")):
        for move, head in LEDGER_LINE.findall(bulletin.read_text(encoding="utf-8")):
            found[int(move)] = head
    return found


def played_twice(tmp_path: Path, names: dict[str, str], early: bool, box: str) -> dict[int, str]:
    """Two moves of one game; `names` gives each letter its file name, `box` the mailbox
    Flavia's mail is filed from; `early` adds a letter for move 2 while move 1 is collected."""
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    for name, (secret, address) in OFFICERS.items():
        ok("enlist", folder, "--name", name, "--email", address, "--fit", FIT,
           "--secret", secret)
    post(folder, names["first"], orders("Notius", 1, "ROUTE 3 N"))
    post(folder, names["refused"], orders("Notius", 1, "ROUTE 99 N"))  # named in his report
    mailbox = tmp_path / box
    mailbox.mkdir()
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = f"Flavia <{OFFICERS['Flavia'][1]}>", GM, "orders"
    m["Date"], m["Message-ID"] = "Mon, 19 Oct 2026 12:00:00 +0000", "<flavia.1@example.org>"
    m.set_content(orders("Flavia", 1, "ROUTE 2 E"))
    (mailbox / "flavia.eml").write_bytes(m.as_bytes(policy=policy.SMTP))
    ok("inbox", folder, mailbox / "flavia.eml")
    if early:
        post(folder, "early.txt", orders("Notius", 2, "ROUTE 1 W"))
    ok("resolve", folder, "--force")
    post(folder, names["second"], orders("Flavia", 2, "ROUTE 1 S"))
    if not early:
        post(folder, "notius-2.txt", orders("Notius", 2, "ROUTE 1 W"))
    ok("resolve", folder, "--force")
    assert "Verified: everything matches." in ok("verify", folder)
    return heads(folder)


def test_the_same_orders_under_other_names_give_the_same_ledger(tmp_path):
    """Point 5: the same game played twice, its letters under other file names and from
    another mailbox, and with Notius's move-2 orders arriving early instead of in time,
    prints the same ledger heads after every move."""
    first = played_twice(tmp_path / "a", {"first": "notius.txt", "refused": "zz-notius.txt",
                                          "second": "flavia-2.txt"}, early=False, box="Mail")
    again = played_twice(tmp_path / "b", {"first": "orders from Notius.txt",
                                          "refused": "a-typo.txt",
                                          "second": "sub/flavia.txt"}, early=True, box="mbox")
    assert sorted(first) == [1, 2]
    assert first == again


# The heads the demo's bulletins printed when its ledger hashed every letter filed
# (ledger version 1), and the ledger.json published then (tests/data).
VERSION_1_HEADS = {
    1: "cc991076d5613ff4354ee9348ad37e3a695c72c45693ed2cf515a634ea78bf0a",
    2: "5cd111b0df34ae0b6c3f45a92f5a896604e805a937c1f3dca24eca03978fecf4",
    3: "02c206e7739f1b9d785a388958270b5b6af71d505980faf6622b47aeaa54e26b",
    4: "281673a5447c3bb0e183f6c09499fb00e06d21c60ed8b6f2d3bd1f4ec48a7849",
    5: "e56b414b6d0ca485a4ee1f47843a7e8ff38d5f517b6af19a00de144d9c1e5368",
    6: "133a5922984738d7878477ada424df26db39341fccdd20bf128af0a536dc9be6",
}
DATA = Path(__file__).resolve().parent / "data"


def test_a_ledger_published_before_version_2_still_verifies(tmp_path):
    """Point 5: `pbem verify` checks a ledger.json written when the ledger hashed every
    letter, against bulletins printing its heads, as it checked it then."""
    published = tmp_path / "ledger.json"
    published.write_bytes(gzip.decompress((DATA / "demo-ledger-v1.json.gz").read_bytes()))
    bulletins = tmp_path / "bulletins"
    bulletins.mkdir()
    for move, head in VERSION_1_HEADS.items():
        (bulletins / f"bulletin-{move}.txt").write_text(f"Ledger after move {move}: {head}\n",
                                                        encoding="utf-8")
    out = ok("verify", published, "--bulletins", bulletins)
    assert "ok     ledger: 6 moves chained from the commitment to " \
        f"{VERSION_1_HEADS[6]}" in out
    assert "ok     bulletins: 6 bulletins print the same chain (moves 1, 2, 3, 4, 5, 6)" in out
    assert out.endswith("Verified: everything matches.\n")


def test_a_game_whose_first_move_was_recorded_by_version_1_verifies_every_move(cornifex):
    """Point 5: a game resolved in part before version 2 (move 1 recorded as version 1
    recorded it, its bulletin printing that head) goes on, and every move verifies."""
    conn = sqlite3.connect(cornifex / "game.db")
    with conn:
        e = ledger.entry(conn, 1)
        parts = ledger.move_digests(ledger.read_move(conn, 1), 1)
        head = ledger.entry_hash(1, e["previous"], e["opening"], parts, e["state"], 1)
        conn.execute("UPDATE ledger SET orders = ?, events = ?, hash = ?, version = 1 "
                     "WHERE move = 1", (parts["orders"], parts["events"], head))
    conn.close()
    ok("report", cornifex, "--move", "1")
    assert heads(cornifex) == {1: head}
    post(cornifex, "notius-2.txt", orders("Notius", 2, "ROUTE 1 W"))
    ok("resolve", cornifex, "--force")
    out = ok("verify", cornifex)
    assert "ok     ledger: 2 moves chained from the commitment" in out
    assert re.search(r"ok     bulletins: \d+ bulletins print the same chain \(moves 1, 2\)", out)
    conn = sqlite3.connect(cornifex / "game.db")
    assert [r for r in conn.execute("SELECT move, version FROM ledger ORDER BY move")] == [
        (1, 1), (2, 2)]
    assert conn.execute("SELECT previous FROM ledger WHERE move = 2").fetchone()[0] == head
    conn.close()


def test_a_copy_of_a_played_file_is_named_in_the_gm_log_and_the_report(cornifex):
    """Point 3: a verbatim copy of Notius's played move-1 file, dropped in during move 2,
    does not vanish: the GM log names it and what it copies, and Notius's report says why
    his ship holds."""
    copy = (cornifex / "orders" / "archive" / "move-01" / "notius-1.txt").read_bytes()
    (cornifex / "orders" / "notius-again.txt").write_bytes(copy)
    post(cornifex, "flavia-2.txt", orders("Flavia", 2, "ROUTE 1 W"))
    checked = run("check", cornifex / "orders" / "notius-again.txt", "--game", cornifex)
    assert checked.exit_code == 1 and "which has been played" in checked.output

    ok("resolve", cornifex, "--force")
    assert ("orders/notius-again.txt: a copy of orders/notius-1.txt, filed for move 1 "
            "(Notius): not played again (orders are played only in the move they name)"
            in gm_log(cornifex, 2))
    notius = " ".join(report(cornifex, 2, "notius").split())
    assert "YOUR SHIP HELD POSITION THIS MOVE." in notius
    assert ("your order file orders/notius-again.txt is a copy of orders filed for move 1: "
            "orders are played only in the move they name") in notius
    assert "no order file arrived" not in notius


def reports_of(folder: Path, move: int, part: str) -> dict[str, str]:
    """One officer's report of a move in each format, as its reader reads it: the JSON's
    words (its events' data), the HTML's text unescaped."""
    out = {}
    for path in (folder / "reports" / f"move-{move:02d}").glob(f"report-*{part}*.*"):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            text = "\n".join(str(v) for e in json.loads(text)["events"]
                             for v in e["data"].values())
        elif path.suffix == ".html":
            text = html.unescape(re.sub(r"<[^>]+>", "", text))
        out[path.suffix] = " ".join(text.split())
    assert sorted(out) == [".html", ".json", ".txt"], out
    return out


def test_every_letter_that_did_not_count_is_named_in_its_officers_report(cornifex):
    """Point 3: Notius's good orders for move 2 are played, and every other letter of his
    is named in his report (text, HTML, JSON) with its reason, as the GM log names it: a
    copy of his played move-1 file, a stale move-1 file, a set refused for a line no one
    can read (filed before the good one), a mail refused as unlawful, a valid set replaced
    by the later one. Flavia's report and
    the bulletins name none of them."""
    copy = (cornifex / "orders" / "archive" / "move-01" / "notius-1.txt").read_bytes()
    (cornifex / "orders" / "notius-again.txt").write_bytes(copy)
    post(cornifex, "notius-old.txt", orders("Notius", 1, "ROUTE 3 S"))
    typo = post(cornifex, "notius-typo.txt", orders("Notius", 2, "ROUET 1 N"))
    good = post(cornifex, "notius-2.txt", orders("Notius", 2, "ROUTE 1 W"))
    first = post(cornifex, "notius-first.txt", orders("Notius", 2, "ROUTE 2 E"))
    os.utime(first, (1_799_999_000, 1_799_999_000))
    os.utime(typo, (1_800_000_000, 1_800_000_000))
    os.utime(good, (1_800_000_100, 1_800_000_100))
    post(cornifex, "flavia-2.txt", orders("Flavia", 2, "ROUTE 1 E"))
    mailbox = cornifex.parent / "Mail-of-the-GM"
    mailbox.mkdir()
    mail = late_mail(cornifex, "Notius", 2, "ROUTE 30 N").rename(mailbox / "n.eml")
    ok("inbox", cornifex, mail)

    ok("resolve", cornifex, "--force")
    log = gm_log(cornifex, 2)
    assert ("orders/notius-again.txt: a copy of orders/notius-1.txt, filed for move 1 "
            "(Notius): not played again") in log
    assert "orders/notius-old.txt: refused (Notius), 1 problem: too late" in log
    assert "orders/notius-typo.txt: refused (Notius), 1 problem" in log
    assert "n.eml: refused (Notius), 1 problem" in log
    assert "orders/notius-2.txt: played for Notius; replaces orders/notius-first.txt" in log
    for suffix, notius in reports_of(cornifex, 2, "notius").items():
        assert "Ordered: 1 W" in notius or suffix == ".json", suffix
        assert "HELD POSITION" not in notius.upper(), suffix
        assert ("your order file orders/notius-again.txt is a copy of orders filed for "
                "move 1: orders are played only in the move they name") in notius, suffix
        assert ("your order file orders/notius-old.txt was refused: orders/notius-old.txt, "
                "line 4") in notius, suffix
        assert "these orders are for move 1, which has been played" in notius, suffix
        assert "your order file orders/notius-typo.txt was refused:" in notius, suffix
        assert "unknown order ROUET; did you mean ROUTE?" in notius, suffix
        assert re.search(r"your mail of [-0-9: ]+ UTC was refused: .*30 parsecs", notius), (
            suffix, notius)
        assert ("your order file orders/notius-first.txt was not played: your order file "
                "orders/notius-2.txt came after it") in notius, suffix
        assert "Mail-of-the-GM" not in notius and "n.eml" not in notius, suffix
    elsewhere = [*reports_of(cornifex, 2, "flavia").values()] + [
        " ".join(p.read_text(encoding="utf-8").split())
        for p in (cornifex / "reports" / "move-02").glob("bulletin.*")]
    assert len(elsewhere) == 8
    for text in elsewhere:
        for word in ("notius-", "refused", "copy of", "ROUET", "your mail"):
            assert word not in text, (word, text)


def test_a_ship_that_holds_names_the_letter_it_held_for_once_and_the_others_besides(cornifex):
    """Point 3: Notius sent only a copy of his played file and a stale file: he holds for
    the stale file, refused, and his report names the copy too, each once."""
    copy = (cornifex / "orders" / "archive" / "move-01" / "notius-1.txt").read_bytes()
    (cornifex / "orders" / "notius-again.txt").write_bytes(copy)
    post(cornifex, "notius-old.txt", orders("Notius", 1, "ROUTE 3 S"))
    post(cornifex, "flavia-2.txt", orders("Flavia", 2, "ROUTE 1 E"))
    ok("resolve", cornifex, "--force")
    (json_report,) = (cornifex / "reports" / "move-02").glob("report-*notius.json")
    kinds = [e["kind"] for e in json.loads(json_report.read_text(encoding="utf-8"))["events"]]
    assert kinds.count("held") == 1 and kinds.count("letter") == 1, kinds
    for suffix, notius in reports_of(cornifex, 2, "notius").items():
        assert "held position this move" in notius.lower() or suffix == ".json", suffix
        assert notius.count("orders/notius-old.txt was refused") == 1, (suffix, notius)
        assert notius.count("orders/notius-again.txt is a copy of orders filed for move 1") \
            == 1, (suffix, notius)


# --- a question is mail for the GM (point 4) ---------------------------------------------


def reply(folder: Path, name: str, body: str, sender: str | None = None) -> Path:
    m = EmailMessage()
    m["From"] = sender or f"{name} <{OFFICERS[name][1]}>"
    m["To"], m["Subject"] = GM, "Re: VII Legio cornifex: welcome"
    m["Date"] = format_datetime(datetime.now(timezone.utc))
    m["Message-ID"] = f"<{abs(hash(body))}@example.org>"
    m.set_content(body)
    path = folder.parent / f"reply-{abs(hash(body))}.eml"
    path.write_bytes(m.as_bytes(policy=policy.SMTP))
    return path


def test_a_question_quoting_the_order_form_is_mail_for_the_gm(cornifex):
    """Point 4: Flavia answers the mail pbem sent her, its order form quoted untouched (the
    SECRET line empty), with a question above it: it is listed for the GM to read, and
    nobody is told that someone else wrote orders in her name."""
    form = order_form("cornifex", "Flavia", 2)
    body = ("Must I land on P-1 to claim it?\nFlavia\n\nOn Monday the Space Computer wrote:\n"
            + "".join(f"> {line}\n" for line in form.splitlines()))
    before = len(receipts(cornifex))
    out = ok("inbox", cornifex, reply(cornifex, "Flavia", body))
    assert "0 accepted, 0 refused, 0 waiting for a later move, 1 not orders" in out
    assert len(receipts(cornifex)) == before  # the GM answers it himself
    status = ok("status", cornifex)
    assert "Mail that is not orders (1), for you to read:" in status
    assert "order form untouched" in status
    (letter,) = rows(cornifex, "SELECT * FROM letters WHERE status = 'not orders'")
    assert "Must I land on P-1" in letter["text"]


def test_the_impersonation_warning_goes_only_where_the_mail_is_not_from_the_officer(cornifex):
    """Point 4: orders with a wrong secret from Notius's own address are refused without
    telling him that someone else wrote in his name; from another address they are."""
    wrong = orders("Notius", 2, "ROUTE 1 N").replace(OFFICERS["Notius"][0], "gues-s000")
    ok("inbox", cornifex, reply(cornifex, "Notius", wrong))
    own = " ".join(receipts(cornifex)[-1].split())
    assert "REFUSED" in own and "the secret does not match" in own
    assert "someone else wrote orders in your name" not in own
    elsewhere = wrong.replace("ROUTE 1 N", "ROUTE 2 N")
    ok("inbox", cornifex, reply(cornifex, "Notius", elsewhere, "Mallory <m@evil.example>"))
    warned = [" ".join(r.split()) for r in receipts(cornifex) if "ROUTE 2 N" in r]
    assert any("(it came from m@evil.example): if you did not send it, someone else wrote "
               "orders in your name" in r for r in warned)


# --- one verdict on every letter: a property ---------------------------------------------

CREW = {"Alpha": "aaaa-1111", "Beta": "bbbb-2222", "Gamma": "cccc-3333"}
ROUTES = ("ROUTE 1 N", "ROUTE 2 E + 1 S", "ROUTE NONE", "ROUTE 30 N")  # the last too long
COUNTS, WAITS, NO = "counts for the move", "waits for its move", "does not count"


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict[int, Path]:
    """One game of three officers, copied while each of moves 1, 2 and 3 is collected;
    every officer sent a file for moves 1 and 2 (archived by the move that played it)."""
    from pbem import game

    folder = tmp_path_factory.mktemp("collected") / "cornifex"
    game.new_game(folder, 11, name="cornifex", size=12, mail_from=GM)
    for name, secret in CREW.items():
        game.enlist(folder, name, f"{name.lower()}@example.org", "GLADIUM", name.upper(),
                    {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1,
                     "tanks": 3}, secret=secret)
    snapshots = {}
    for move in (1, 2, 3):
        snapshots[move] = tmp_path_factory.mktemp(f"move-{move}") / "cornifex"
        shutil.copytree(folder, snapshots[move])
        if move < 3:
            for n, (name, secret) in enumerate(CREW.items()):
                (folder / "orders" / f"{name.lower()}-{move}.txt").write_text(
                    orders_of(name, secret, move, ROUTES[(n + move) % 3]), encoding="utf-8")
            game.resolve(folder, force=True, backup=False)
    return snapshots


def orders_of(name: str, secret: str, move: int, route: str) -> str:
    return "\n".join(["GAME cornifex", f"OFFICER {name}", f"SECRET {secret}", f"MOVE {move}",
                      route, "END", ""])


@st.composite
def letters(draw) -> tuple[int, str, str]:
    """A move being collected, a kind of letter and its text."""
    move = draw(st.sampled_from((1, 2, 3)))
    kinds = ["right", "later", "question"] + (["late", "copy"] if move > 1 else []) + (
        ["earlier"] if move > 2 else [])
    kind = draw(st.sampled_from(kinds))
    name = draw(st.sampled_from([*CREW, "Nobody"]))
    secret = CREW.get(name, "nnnn-0000") if draw(st.booleans()) else "gues-s000"
    route = draw(st.sampled_from(ROUTES))
    if kind == "copy":
        return move, kind, f"{draw(st.sampled_from(list(CREW))).lower()}-{move - 1}.txt"
    if kind == "question":
        quoted = "".join(f"> {line}\n" for line in order_form("cornifex", name, move).splitlines())
        return move, kind, f"When is the deadline?\n{name}\n\nThe Space Computer wrote:\n{quoted}"
    declared = {"right": move, "later": move + 1, "late": move - 1, "earlier": move - 2}[kind]
    return move, kind, orders_of(name, secret, declared, route)


def _copy(folder: Path, to: Path) -> Path:
    shutil.copytree(folder, to)
    return to


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(letter=letters())
def test_check_the_inbox_and_resolve_reach_one_verdict_on_every_letter(
        collected, tmp_path_factory, letter):
    """For a random move of a game and a random letter (for the right move, an earlier or a
    later one, the move just played, a copy of a played file, a question quoting the order
    form; from an officer or nobody, with his secret or not, a lawful route or not),
    `pbem check --game`, the inbox's filing and receipt, and `pbem resolve` agree: the letter
    counts for the move, waits for its own, or does not count."""
    from pbem import filing, game
    from pbem.mail import intake

    move, kind, text = letter
    work = tmp_path_factory.mktemp("letter")
    original = collected[move]
    if kind == "copy":
        data = (collected[3] / "orders" / "archive" / f"move-{move - 1:02d}" / text).read_bytes()
    else:
        data = text.encode("utf-8")
    path = work / "letter.txt"
    path.write_bytes(data)

    said = run("check", path, "--game", original)
    by_check = (NO if said.exit_code else WAITS if "they wait for it" in said.output
                else COUNTS)

    desk = _copy(original, work / "inbox")
    (filed,) = intake.file_mail(desk, [path]).filed
    by_inbox = {filing.ACCEPTED: COUNTS, filing.WAITING: WAITS}.get(filed.status, NO)
    if filed.again and filed.move != move:
        by_inbox = NO  # a copy of a letter of another move: not filed again
    for receipt_id in filed.receipts:
        (row,) = rows(desk, "SELECT file FROM mails WHERE id = ?", (receipt_id,))
        body = (desk / row["file"]).read_text(encoding="utf-8", errors="replace")
        word = "ACCEPTED" if by_inbox == COUNTS else "FILED FOR MOVE" if by_inbox == WAITS \
            else "REFUSED"
        assert word in body, body

    table = _copy(original, work / "resolve")
    (table / "orders" / "letter.txt").write_bytes(data)
    game.resolve(table, force=True, backup=False)
    found = rows(table, "SELECT status, played FROM letters WHERE source = 'orders/letter.txt'")
    by_resolve = NO if not found else (
        COUNTS if found[0]["played"] else WAITS if found[0]["status"] == filing.WAITING else NO)
    if by_resolve == WAITS:
        assert (table / "orders" / "letter.txt").exists()

    assert by_check == by_inbox == by_resolve, (kind, text, said.output, filed)
    if kind in ("late", "earlier", "copy", "question"):
        assert by_check == NO
