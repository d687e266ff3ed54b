"""The inbox end to end: an mbox and a Maildir built with Python's own `mailbox` and `email`,
holding every kind of mail a GM gets; `pbem inbox` files exactly the right orders, writes
the right receipts, `pbem status` shows it, and `pbem resolve` plays those orders."""

from __future__ import annotations

import email
import functools
import mailbox
import sqlite3
from datetime import datetime, timedelta, timezone
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbem import collecting, deadlines, filing, game
from pbem.errors import GameError
from pbem.mail import intake
from pbem.storage.database import open_db

from commands import ok, run

UTC = timezone.utc
FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
GM = "Space Computer <sc@example.org>"
SET_AT = datetime(2026, 10, 19, 9, 0, tzinfo=UTC)  # a Monday
DEADLINE = datetime(2026, 10, 19, 18, 0, tzinfo=UTC)  # 20:00 in Rome, summer time
OFFICERS = {  # name: (secret, address)
    "Notius": ("4tq9-mx2d", "notius@example.org"),
    "Niccolò Varro": ("zz81-kq0p", "varro@example.it"),
    "Cæcilia Metella": ("p0ll-7yre", "metella@example.org"),
    "Marcus Aper": ("9gh2-llc4", "aper@example.org"),
    "Flavia": ("fl4v-1a00", "flavia@example.org"),
    "Tullius": ("tu11-1us0", "tullius@example.org"),
}


def rows(folder: Path, sql: str, params=()) -> list[dict]:
    conn = sqlite3.connect(folder / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute(sql, params)]
    finally:
        conn.close()


def orders(name: str, *body: str, move: int = 1, secret: str | None = None) -> str:
    secret = secret or OFFICERS[name][0]
    return "\n".join(["GAME cornifex", f"OFFICER {name}", f"SECRET {secret}", f"MOVE {move}",
                      *body, "END", ""])


def mail(name: str, minutes: float, subject: str, message_id: str,
         sender: str | None = None) -> EmailMessage:
    """A mail from the officer, sent `minutes` before the deadline (negative: after it)."""
    m = EmailMessage()
    m["From"] = sender or f"{name} <{OFFICERS[name][1]}>"
    m["To"] = GM
    m["Subject"] = subject
    m["Date"] = format_datetime((DEADLINE - timedelta(minutes=minutes)).astimezone(
        timezone(timedelta(hours=2))))
    m["Message-ID"] = message_id
    return m


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    deadlines.set_schedule(folder, "every Monday and Thursday at 20:00", "Europe/Rome", now=SET_AT)
    for name, (secret, address) in OFFICERS.items():
        ok("enlist", folder, "--name", name, "--email", address, "--fit", FIT, "--secret", secret)
    return folder


def build_mailboxes(tmp: Path) -> tuple[Path, Path]:
    # The mbox: the mail client of most GMs.
    box = mailbox.mbox(str(tmp / "inbox.mbox"))
    qp = mail("Niccolò Varro", 200, "ordini, mossa 1", "<v1@example.it>")
    qp.set_content(orders("Niccolò Varro", "ROUTE 2 S", "# una nota lunga " + "x" * 90),
                   cte="quoted-printable")
    box.add(qp)
    forged = mail("Niccolò Varro", 100, "orders", "<forged@evil.example>",
                  sender="Mallory <mallory@evil.example>")
    # Right officer, wrong secret, and a route too long for the ship: a problem that tells
    # something of the ship, which the forger must not learn.
    forged.set_content(orders("Niccolò Varro", "ROUTE 30 E", secret="gues-s000"))
    box.add(forged)
    html = mail("Marcus Aper", 150, "my orders", "<a1@example.org>")
    html.set_content("<html><body><p>Orders:</p>" + "".join(
        f"<div>{line}</div>" for line in orders("Marcus Aper", "ROUTE 1 W").splitlines())
        + "</body></html>", subtype="html")
    box.add(html)
    question = mail("Flavia", 400, "when is the deadline?", "<q1@example.org>")
    question.set_content("Dear Space Computer, when must the orders of move 1 arrive?\nFlavia\n")
    box.add(question)
    box.flush()
    box.close()
    # The Maildir: what a mail server delivers to. Names begin with the delivery time.
    maildir = tmp / "Mail"
    mailbox.Maildir(str(maildir), create=True).close()

    def deliver(key: str, message: EmailMessage) -> None:
        (maildir / "new" / key).write_bytes(message.as_bytes(policy=policy.SMTP))

    utf16 = mail("Cæcilia Metella", 250, "orders", "<m1@example.org>")
    utf16.set_content(orders("Cæcilia Metella", "ROUTE 1 E").replace("\n", "\r\n").encode("utf-16"),
                      maintype="text", subtype="plain", cte="base64")
    utf16.set_param("charset", "utf-16")
    deliver("1792400000.M1P1.mx", utf16)
    reply = mail("Flavia", 60, "Re: VII Legio cornifex: welcome, Flavia", "<f1@example.org>")
    reply["In-Reply-To"] = "<welcome@example.org>"
    reply.set_content("Here they are.\n\nOn Mon, 19 Oct 2026, Space Computer wrote:\n"
                      + "".join("> " + line + "\n" for line in orders("Flavia", "ROUTE 2 N").splitlines()))
    deliver("1792400100.M2P1.mx", reply)
    plain = mail("Notius", 300, "orders move 1", "<n1@example.org>")
    plain.set_content("Salve!\n\n" + orders("Notius", "ROUTE 3 N", "RADARS 2") + "\n-- \nNotius\n")
    deliver("1792399999.M9P1.mx", plain)
    # Notius's correction: delivered under a name that sorts first, dated later.
    correction = mail("Notius", 30, "orders move 1, corrected", "<n2@example.org>")
    correction.set_content(orders("Notius", "ROUTE 2 E", "RADARS 1"))
    deliver("1000000000.M0P1.mx", correction)
    # Tullius, one second after the deadline: his orders for move 1 are refused.
    late = mail("Tullius", -1 / 60, "orders", "<t1@example.org>")
    late.set_content(orders("Tullius", "ROUTE 1 S"))
    deliver("1792500000.M3P1.mx", late)
    return tmp / "inbox.mbox", maildir


def receipts(folder: Path) -> list[tuple[dict, EmailMessage]]:
    found = []
    for row in rows(folder, "SELECT * FROM mails WHERE kind = 'receipt' ORDER BY id"):
        message = email.message_from_bytes((folder / row["file"]).read_bytes(), policy=policy.default)
        found.append((row, message))
    return found


def text(message: EmailMessage) -> str:
    return message.get_body().get_content().replace("\r\n", "\n")


def test_the_gms_mailboxes_filed_answered_shown_and_played(folder, tmp_path):
    mbox, maildir = build_mailboxes(tmp_path)
    out = ok("inbox", folder, mbox, maildir)
    assert "Filed 9 mails: 6 accepted, 2 refused, 0 waiting for a later move, 1 not orders." in out
    assert "not orders  " in out and "when is the deadline?" not in out  # listed by source
    assert len(rows(folder, "SELECT * FROM letters")) == 9
    accepted = rows(folder, "SELECT o.name, l.move FROM letters l JOIN officers o ON o.id = "
                            "l.officer_id WHERE status = 'accepted' ORDER BY o.id, l.date")
    assert [(r["name"], r["move"]) for r in accepted] == [
        ("Notius", 1), ("Notius", 1), ("Niccolò Varro", 1), ("Cæcilia Metella", 1),
        ("Marcus Aper", 1), ("Flavia", 1)]
    refused, late = rows(folder, "SELECT * FROM letters WHERE status = 'refused' ORDER BY id")
    assert (refused["sender"], refused["officer_id"], refused["authentic"]) == (
        "mallory@evil.example", 2, "")
    # Orders are played only in the move they name: too late for move 1, never carried on.
    assert (late["move"], late["declared"], late["late"]) == (1, 1, 1)
    (question,) = rows(folder, "SELECT * FROM letters WHERE status = 'not orders'")
    assert question["subject"] == "when is the deadline?" and "when must the orders" in question["text"]
    # No secret is kept in clear, not even a wrong one.
    for r in rows(folder, "SELECT text FROM letters"):
        for secret, _ in OFFICERS.values():
            assert secret not in r["text"]
        assert "gues-s000" not in r["text"]

    # Receipts: one for each mail of orders, the forged one twice (sender and officer).
    sent = receipts(folder)
    to = [row["recipients"] for row, _ in sent]
    assert len(sent) == 9
    assert "mallory@evil.example" in to and "varro@example.it" in to
    forged_to_sender = next(m for row, m in sent if row["recipients"] == "mallory@evil.example")
    body = text(forged_to_sender)
    assert "REFUSED" in body and "the secret does not match" in body
    assert "30 parsecs" not in body and "thrust" not in body
    assert "1 more problem of these orders concerns the ship" in body
    assert forged_to_sender["In-Reply-To"] == "<forged@evil.example>"
    to_varro = [text(m) for row, m in sent if row["recipients"] == "varro@example.it"]
    assert any("the secret does not match" in b and "parsecs" in b for b in to_varro)
    # Varro learns at once that someone wrote in his name, and from where.
    warned = [b for b in to_varro if "the secret does not match" in b]
    assert "(it came from mallory@evil.example): if you did not send it, someone else wrote " \
        "orders in your name" in " ".join(warned[0].split())
    assert "someone else wrote" not in body
    # The correction, sorting first and dated later, wins; the earlier set is told so.
    notius = [text(m) for row, m in sent if "notius@example.org" in row["recipients"]]
    assert any("ROUTE 2 E" in b and "ACCEPTED: your orders for move 1." in b for b in notius)
    assert any("ROUTE 3 N" in b and "are later and stand" in b for b in notius)
    # The orders as read, one line each, with the line of the mail.
    qp = next(text(m) for row, m in sent if row["recipients"] == "varro@example.it"
              and "ACCEPTED" in text(m))
    assert "     5  ROUTE 2 S\n" in qp and "     2  OFFICER Niccolò Varro\n" in qp
    assert "Orders for move 1 are due by Monday 19 October 2026, 20:00 Europe/Rome (18:00 UTC)" in " ".join(qp.split())
    flavia = next(text(m) for row, m in sent if row["recipients"] == "flavia@example.org")
    assert "quoted in a reply" in flavia and "ACCEPTED" in flavia
    tullius = next(text(m) for row, m in sent if row["recipients"] == "tullius@example.org")
    said = " ".join(tullius.split())
    assert "REFUSED: too late for move 1. Orders are played only in the move they name" in said
    assert "send your orders for move 2 once its report reaches you" in said
    assert "     4  MOVE 1\n" in tullius  # his line as he wrote it
    assert "this mail came after the deadline of move 1 (Monday 19 October 2026, 20:00" in said
    assert "Monday 19 October 2026, 20:00:01 Europe/Rome (18:00:01 UTC)" in said
    # Each receipt's subject says accepted or refused, and for which move.
    subjects = sorted(str(m["Subject"]) for _, m in sent)
    assert subjects == sorted(
        ["VII Legio cornifex: your orders for move 1 are accepted"] * 6
        + ["VII Legio cornifex: your orders for move 1 are refused"] * 3)
    # No receipt for the question: the GM answers it.
    assert not any("flavia" in row["recipients"] and "deadline?" in str(m["Subject"])
                   for row, m in sent)

    # Read again: nothing new, nothing answered twice.
    again = ok("inbox", folder, mbox, maildir)
    assert "Filed 0 mails" in again and "9 filed before" in again
    assert len(receipts(folder)) == 9

    status = ok("status", folder)
    assert "cornifex, move 1 being collected." in status
    assert "6 officers: 5 with valid orders, 1 with refused orders only, 0 with nothing yet." in status
    assert max(map(len, status.splitlines())) <= 80  # an 80-column terminal
    lines = officer_lines(status)
    assert "valid, 2026-10-19 17:30:00 UTC" in lines["Notius"] and "1 earlier set superseded" in lines["Notius"]
    assert "1 refused" in lines["Niccolò Varro"]
    assert "refused only" in lines["Tullius"] and "came after the deadline" in lines["Tullius"]
    assert "Mail that is not orders (1)" in status and '"when is the deadline?"' in status
    assert "Outbox: 15 mails not yet sent" in status  # 6 welcome letters + 9 receipts

    ok("resolve", folder)
    # The move played the orders filed: Notius's correction, everybody's route; Tullius held.
    reports = folder / "reports" / "move-01"
    read = {p.name: p.read_text(encoding="utf-8") for p in reports.glob("report-*.txt")}
    notius = next(v for k, v in read.items() if "notius" in k)
    assert "Ordered: 2 E (2 parsecs;" in notius
    assert "Ordered: 2 S" in next(v for k, v in read.items() if "varro" in k)
    assert "Ordered: 1 E" in next(v for k, v in read.items() if "metella" in k)
    assert "Ordered: 1 W" in next(v for k, v in read.items() if "aper" in k)
    assert "Ordered: 2 N" in next(v for k, v in read.items() if "flavia" in k)
    tullius = next(v for k, v in read.items() if "tullius" in k)
    assert "YOUR SHIP HELD POSITION THIS MOVE." in tullius
    assert "this mail came after the deadline of move 1" in tullius
    played = rows(folder, "SELECT o.name, l.subject FROM letters l JOIN officers o ON "
                          "o.id = l.officer_id WHERE played = 1 ORDER BY o.id")
    assert [r["subject"] for r in played if r["name"] == "Notius"] == ["orders move 1, corrected"]
    assert len(played) == 5
    # Tullius's late orders for move 1 are never played in move 2: he has none for it yet.
    status = ok("status", folder)
    assert "move 2 being collected" in status
    assert "0 with valid orders" in status
    assert "Filed 0 mails" in ok("inbox", folder, mbox, maildir)
    (late,) = rows(folder, "SELECT * FROM letters WHERE officer_id = 6")
    assert (late["status"], late["move"], late["played"]) == ("refused", 1, 0)
    assert len(receipts(folder)) == 9


def officer_lines(status: str) -> dict[str, str]:
    """`pbem status`'s line of each officer, with the lines it is wrapped onto."""
    table = status.split("  officer", 1)[1].splitlines()[1:]
    found: dict[str, str] = {}
    name = ""
    for line in table:
        if line.startswith("      "):
            found[name] += " " + line.strip()
        elif line.startswith("  "):
            name = line.split("  ")[1].strip()
            found[name] = line
        else:
            break
    return found


@pytest.fixture
def two(tmp_path) -> Path:
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    deadlines.set_schedule(folder, "every Monday and Thursday at 20:00", "Europe/Rome", now=SET_AT)
    for name in ("Notius", "Flavia"):
        secret, address = OFFICERS[name]
        ok("enlist", folder, "--name", name, "--email", address, "--fit", FIT, "--secret", secret)
    return folder


def eml(folder: Path, name: str, message: EmailMessage) -> Path:
    path = folder.parent / name
    path.write_bytes(bytes(message))
    return path


def test_resolve_before_the_deadline_waits_for_every_officer_or_now(two):
    before = DEADLINE - timedelta(hours=2)
    m = mail("Notius", 200, "orders", "<n@x>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    intake.file_mail(two, [eml(two, "n.eml", m)], now=before)
    with pytest.raises(GameError, match=r"move 1 is collected until Monday 19 October 2026, "
                       r"20:00 Europe/Rome \(18:00 UTC\) \(2 hours left\) and 1 officer has no "
                       r"valid orders yet: Flavia.*pbem resolve --now"):
        game.resolve(two, now=before)
    assert rows(two, "SELECT count(*) AS n FROM moves") == [{"n": 0}]
    # Every officer's orders in: it may run early.
    m = mail("Flavia", 100, "orders", "<f@x>")
    m.set_content(orders("Flavia", "ROUTE 1 S"))
    intake.file_mail(two, [eml(two, "f.eml", m)], now=before)
    game.resolve(two, now=before)
    assert rows(two, "SELECT number FROM moves") == [{"number": 1}]


def test_resolve_now_plays_before_the_deadline(two):
    game.resolve(two, now=DEADLINE - timedelta(days=1), early=True, force=True)
    assert rows(two, "SELECT number FROM moves") == [{"number": 1}]


def test_the_cli_refuses_before_the_deadline_without_now(two, monkeypatch):
    deadlines.set_schedule(two, "every day at 20:00", "Europe/Rome")
    result = run("resolve", two)
    assert result.exit_code == 1 and "pbem resolve --now" in result.output
    ok("resolve", two, "--now", "--force")


def test_a_mail_exactly_at_the_deadline_is_in_time_one_second_later_is_refused(two):
    at = mail("Notius", 0, "orders", "<n@x>")
    at.set_content(orders("Notius", "ROUTE 1 N"))
    later = mail("Flavia", -1 / 60, "orders", "<f@x>")
    later.set_content(orders("Flavia", "ROUTE 1 N"))
    run_ = intake.file_mail(two, [eml(two, "a.eml", at), eml(two, "b.eml", later)],
                           now=DEADLINE + timedelta(hours=1))
    assert [(f.officer, f.status, f.move) for f in run_.filed] == [
        ("Notius", "accepted", 1), ("Flavia", "refused", 1)]
    assert "came after the deadline of move 1" in run_.filed[1].problems[0].message


def test_orders_from_another_address_with_the_gms_setting(two):
    ok("settings", two, "--enlisted-from")
    m = mail("Notius", 100, "orders", "<n@x>", sender="Notius <notius@elsewhere.example>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    (filed,) = intake.file_mail(two, [eml(two, "n.eml", m)], now=SET_AT).filed
    assert filed.status == "refused"
    assert [p.message for p in filed.problems] == [
        "this mail comes from notius@elsewhere.example, and the orders of Notius come only "
        "from the address he enlisted with"]
    # The officer hears of it at his own address; the sender learns nothing of the ship.
    to = [r["recipients"] for r, _ in receipts(two)]
    assert to == ["notius@example.org", "notius@elsewhere.example"]
    # Without the setting the secret is enough.
    ok("settings", two, "--any-from")
    m.replace_header("Message-ID", "<n2@x>")
    (filed,) = intake.file_mail(two, [eml(two, "n2.eml", m)], now=SET_AT).filed
    assert filed.status == "accepted"


def test_an_order_file_filed_before_is_found_filed_by_the_move(two):
    # The file `pbem inbox` filed is known by its digest: the move does not file it again.
    (two / "orders" / "notius.txt").write_text(orders("Notius", "ROUTE 1 N"), encoding="utf-8")
    m = mail("Flavia", 100, "orders", "<f@x>")
    m.set_content(orders("Flavia", "ROUTE 2 S"))
    intake.file_mail(two, [two / "orders" / "notius.txt", eml(two, "f.eml", m)], now=SET_AT)
    game.resolve(two, now=DEADLINE + timedelta(hours=1), force=True)
    # Two letters, both played: the file in orders/ was known by its digest.
    assert [r["played"] for r in rows(two, "SELECT played FROM letters ORDER BY id")] == [1, 1]
    assert "Ordered: 1 N" in (two / "reports" / "move-01" / "report-001-notius.txt").read_text(
        encoding="utf-8")


def test_the_move_s_filings_are_the_values_their_classes_make(two):
    # Each Filed and Letter value of a move is the value the class's own __init__ makes of
    # the same fields, every field set.
    import dataclasses

    from pbem.letters.files import letters_of_file
    from pbem.letters.letter import Letter
    from pbem.orderfolder import order_files

    (two / "orders" / "notius.txt").write_text(orders("Notius", "ROUTE 1 N"), encoding="utf-8")
    (two / "orders" / "flavia.txt").write_text(orders("Flavia", "ROUTE 99 N"), encoding="utf-8")
    (two / "orders" / "note.txt").write_text("Dear GM, no orders from me.\n", encoding="utf-8")
    db = open_db(two)
    try:
        desk = filing.Inbox(two, db, now=SET_AT, defer=True)
        collected = collecting.collect(desk, order_files(two))
        letters = [letters_of_file(path, rel)[0] for rel, path in order_files(two)]
    finally:
        db.close()
    assert sorted(f.status for f in collected.filed) == ["accepted", "not orders", "refused"]
    for value in collected.filed + letters:
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
        assert vars(value) == fields
        assert type(value)(**fields) == value
    assert {type(v) for v in letters} == {Letter}


def test_a_new_secret_voids_orders_filed_with_the_old_one(two):
    m = mail("Notius", 100, "orders", "<n@x>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    intake.file_mail(two, [eml(two, "n.eml", m)], now=SET_AT)
    ok("new-secret", two, "Notius", "--reason", "his secret leaked")
    game.resolve(two, now=DEADLINE + timedelta(hours=1), force=True)
    report = (two / "reports" / "move-01" / "report-001-notius.txt").read_text(encoding="utf-8")
    assert "YOUR SHIP HELD POSITION THIS MOVE." in report and "the secret does not match" in report


def test_mail_that_breaks_everything_is_filed_and_listed(two, tmp_path):
    junk = tmp_path / "junk.eml"
    junk.write_bytes(b"From: \xff\xfe\r\nContent-Type: multipart/mixed; boundary=\r\n\r\n--\x00\x01")
    run_ = intake.file_mail(two, [junk], now=SET_AT)
    assert [f.status for f in run_.filed] == ["not orders"]
    assert "Mail that is not orders (1)" in ok("status", two)


# --- missed moves, reminders, early orders ---------------------------------------------


def test_a_ship_is_retired_after_the_gms_number_of_missed_moves(two):
    ok("settings", two, "--retire-after", "2")
    assert "a ship is retired after 2 in a row" in ok("settings", two)
    after = DEADLINE + timedelta(hours=1)
    for move in (1, 2):
        m = mail("Notius", 100, f"orders {move}", f"<n{move}@x>")
        m.set_content(orders("Notius", "ROUTE 1 N" if move == 1 else "ROUTE 1 S", move=move))
        intake.file_mail(two, [eml(two, f"n{move}.eml", m)], now=after)
        game.resolve(two, now=after, early=True)
        after += timedelta(days=4)
    # Flavia sent nothing twice: retired by move 2, told in her last report, named in the
    # bulletin in every format; Notius plays on.
    bulletin = (two / "reports" / "move-02" / "bulletin.txt").read_text(encoding="utf-8")
    assert "LEFT THE GAME\n  Flavia (2 moves in a row without orders)\n" in bulletin
    md = (two / "reports" / "move-02" / "bulletin.md").read_text(encoding="utf-8")
    assert "- Flavia \\(2 moves in a row without orders\\)" in md
    report = (two / "reports" / "move-02" / "report-002-flavia.txt").read_text(encoding="utf-8")
    assert "You are retired from the game: 2 moves in a row without valid orders." in report
    assert "LEFT THE GAME" not in (two / "reports" / "move-01" / "bulletin.txt").read_text(
        encoding="utf-8")
    officers = ok("officers", two)
    assert "retired in move 2" in officers and "Flavia" in officers
    # Her last report is mailed to her all the same.
    mailed = rows(two, "SELECT recipients FROM mails WHERE kind = 'report' AND move = 2")
    assert {r["recipients"] for r in mailed} == {"notius@example.org", "flavia@example.org"}
    game.resolve(two, now=after, early=True, force=True)
    assert not (two / "reports" / "move-03" / "report-002-flavia.txt").exists()


def test_missed_moves_are_shown_in_status(two):
    game.resolve(two, now=DEADLINE + timedelta(hours=1), force=True)
    status = ok("status", two)
    assert "missed" in status
    assert officer_lines(status)["Flavia"].split()[:3] == ["Flavia", "1", "nothing"]


def test_remind_queues_a_reminder_to_each_officer_still_missing_once(two):
    m = mail("Notius", 100, "orders", "<n@x>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    intake.file_mail(two, [eml(two, "n.eml", m)], now=SET_AT)
    out = ok("remind", two)
    assert "Reminders queued for Flavia." in out
    (row,) = rows(two, "SELECT * FROM mails WHERE kind = 'reminder'")
    assert row["recipients"] == "flavia@example.org"
    message = email.message_from_bytes((two / row["file"]).read_bytes(), policy=policy.default)
    assert "Your orders for move 1 have not arrived yet." in text(message)
    assert "Reminded already this move" in ok("remind", two)
    assert len(rows(two, "SELECT * FROM mails WHERE kind = 'reminder'")) == 1
    ok("remind", two, "--again")
    assert len(rows(two, "SELECT * FROM mails WHERE kind = 'reminder'")) == 2


def test_orders_sent_early_are_checked_when_their_move_comes(two):
    early = mail("Notius", 100, "move 2 already", "<n2@x>")
    early.set_content(orders("Notius", "ROUTE 1 S", move=2))
    (filed,) = intake.file_mail(two, [eml(two, "n2.eml", early)], now=SET_AT).filed
    assert (filed.status, filed.move) == ("waiting", 2)
    first = text(receipts(two)[-1][1])
    assert "FILED FOR MOVE 2: move 1 is being collected now." in first
    game.resolve(two, now=DEADLINE + timedelta(hours=1), force=True)
    assert "no orders for this move arrived: your mail of 2026-10-19 16:20:00 UTC is for move 2" \
        in (two / "reports" / "move-01" / "report-001-notius.txt").read_text(encoding="utf-8")
    run_ = intake.file_mail(two, [], now=DEADLINE + timedelta(hours=2))
    assert [(f.officer, f.status, f.move) for f in run_.checked] == [("Notius", "accepted", 2)]
    assert "ACCEPTED: your orders for move 2." in text(receipts(two)[-1][1])
    game.resolve(two, now=DEADLINE + timedelta(days=4), force=True)
    assert "Ordered: 1 S" in (two / "reports" / "move-02" / "report-001-notius.txt").read_text(
        encoding="utf-8")


def test_a_later_refused_mail_does_not_replace_good_orders(two):
    good = mail("Notius", 100, "orders", "<g@x>")
    good.set_content(orders("Notius", "ROUTE 1 N"))
    bad = mail("Notius", 50, "orders again", "<b@x>")
    bad.set_content(orders("Notius", "ROUET 1 N"))
    intake.file_mail(two, [eml(two, "g.eml", good), eml(two, "b.eml", bad)], now=SET_AT)
    body = text(receipts(two)[-1][1])
    assert "REFUSED: 1 problem below." in " ".join(body.split())
    assert "Your orders of Monday 19 October 2026, 18:20:00 Europe/Rome" in " ".join(body.split())
    assert "unknown order ROUET; did you mean ROUTE?" in body
    game.resolve(two, now=DEADLINE + timedelta(hours=1), force=True)
    assert "Ordered: 1 N" in (two / "reports" / "move-01" / "report-001-notius.txt").read_text(
        encoding="utf-8")


def test_the_inbox_command_in_the_game_folder_and_a_place_that_does_not_exist(two, monkeypatch):
    result = run("inbox", two, two.parent / "no-such-mailbox")
    assert result.exit_code == 1 and "no-such-mailbox: no such file or folder" in result.output
    m = mail("Notius", 100, "orders", "<n@x>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    path = eml(two, "n.eml", m)
    monkeypatch.chdir(two)
    out = ok("inbox", path)  # the game folder left out: the current one
    assert "Filed 1 mail: 1 accepted" in out
    assert run("settings", "--retire-after", "-1").exit_code == 1


def test_without_the_gms_address_the_inbox_files_and_says_no_receipt_is_written(tmp_path):
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12")
    secret, address = OFFICERS["Notius"]
    ok("enlist", folder, "--name", "Notius", "--email", address, "--fit", FIT, "--secret", secret)
    m = mail("Notius", 100, "orders", "<n@x>")
    m.set_content(orders("Notius", "ROUTE 1 N"))
    out = ok("inbox", folder, eml(folder, "n.eml", m))
    assert "Filed 1 mail: 1 accepted" in out and "No receipts: the game has no GM address" in out
    assert rows(folder, "SELECT count(*) AS n FROM mails") == [{"n": 0}]


# --- writing what a move filed ----------------------------------------------------------

@pytest.fixture(scope="module")
def empty_inbox(tmp_path_factory):
    db = open_db(tmp_path_factory.mktemp("inbox"), create=True)
    yield db
    db.close()


# Values a letter's column may hold, bound as they are: texts
# with a quote, a NUL or beyond ASCII, the integers at the ends of 64 bits, an integer
# beside the float or the boolean of its value.
ODD_VALUES = st.sampled_from(["", "it's", "a\0b", "é", "[]", None, 0, 1, 1.0, True, -7,
                              2**63 - 1, -2**63 + 1, -2**63])
LETTER_VALUES = {"move": st.integers(1, 9), "status": st.sampled_from(["accepted", "refused"]),
                 "source": st.text(max_size=12), "date": st.just("2026-01-01T00:00:00+00:00"),
                 "filed": st.just("2026-01-01T00:00:00+00:00"), "text": st.text(max_size=30),
                 "officer_id": st.none() | st.integers(1, 5),
                 "reason": ODD_VALUES, "problems_total": ODD_VALUES, "late": ODD_VALUES}


@settings(max_examples=200, deadline=None)
@given(before=st.integers(0, 3), pending=st.lists(st.fixed_dictionaries(
           LETTER_VALUES, optional={"played": st.just(0)}), max_size=6),
       marks=st.lists(st.booleans(), max_size=9))
@example(before=0, pending=[{"move": 1, "status": "accepted", "source": "", "date": "d",
                             "filed": "f", "text": "", "officer_id": None, "reason": "",
                             "problems_total": 0, "late": 0, "played": 0}] * 3,
         marks=[False, True, False])
def test_a_move_writes_its_letters_with_the_ids_one_insert_at_a_time_gives(
        empty_inbox, before, pending, marks):
    """record_filing writes the letters a move filed together; the table must be as if
    each were inserted by itself, and the letters played found by the ids so given."""
    db = empty_inbox
    rows = [dict(r, id=filing._UNWRITTEN + k) for k, r in enumerate(pending)]
    old = list(range(1, before + 1))
    # The letters played: filed before, or by this move (marked, in their order).
    played = [i for i, mark in zip(old + [r["id"] for r in rows], marks) if mark]
    tables = []
    for by_itself in (True, False):
        db.conn.execute("BEGIN")
        try:
            for k in old:
                filing.insert_letter(db, {"status": "accepted", "source": f"old {k}",
                                         "date": "d", "filed": "f"})
            collected = collecting.Collected(pending=[dict(r) for r in rows], played=list(played))
            if by_itself:  # what record_filing did before: one INSERT a letter
                written = {r["id"]: filing.insert_letter(db, r) for r in collected.pending}
                db.conn.executemany("UPDATE letters SET played = 1 WHERE id = ?",
                                    [(written.get(i, i),) for i in collected.played])
            else:
                collecting.record_filing(db, collected)
            # Each value quoted: 1, 1.0 and '1' are told apart.
            columns = [c[1] for c in db.conn.execute("PRAGMA table_info(letters)")]
            tables.append(db.conn.execute(
                f"SELECT {', '.join(f'quote({c})' for c in columns)} FROM letters ORDER BY id"
            ).fetchall())
        finally:
            db.conn.execute("ROLLBACK")
    assert tables[0] == tables[1]


# --- choosing the orders a move plays ---------------------------------------------------

LETTER_ROWS = st.lists(st.fixed_dictionaries({
    "officer_id": st.none() | st.integers(1, 4), "move": st.integers(1, 3),
    "date": st.sampled_from(["2026-01-01T00:00:00+00:00", "2026-01-01T00:00:01+00:00",
                             "2026-01-02T00:00:00+00:00"]),
    "gap": st.integers(1, 3)}), max_size=12)


@settings(max_examples=300, deadline=None)
@given(LETTER_ROWS)
def test_each_officer_s_letters_are_grouped_as_the_letters_sorted_by_date(drawn):
    """The letters of a move grouped by officer, each list sorted: as grouping them
    all sorted by date, then arrival."""
    rows, letter_id = [], 0
    for row in drawn:
        letter_id += row.pop("gap")
        rows.append(dict(row, id=letter_id))
    now_of: dict = {}
    later_of: dict = {}
    for row in sorted(rows, key=lambda r: (r["date"], r["id"])):
        if row["officer_id"] is not None:
            mine = now_of if row["move"] == 2 else later_of
            mine.setdefault(row["officer_id"], []).append(row)
    assert collecting._by_officer(rows, 2) == (now_of, later_of)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["accepted", "refused"]), st.booleans()),
                min_size=1, max_size=4))
def test_an_officer_s_one_letter_checked_now_is_played_as_among_several(letters):
    """An officer's one letter, checked by this call, is played as the general choice
    among his letters plays it: the same orders, the same letter played, no note."""
    rows = [{"id": filing._UNWRITTEN + k, "status": status, "source": f"orders/{k}.txt"}
            for k, (status, _) in enumerate(letters)]
    fresh = {row["id"]: f"orders of {row['id']}"
             for row, (_, checked) in zip(rows, letters) if checked}
    accepted = [row for row in rows if row["status"] == "accepted"]
    if accepted and accepted[-1]["id"] not in fresh:
        return  # read and checked again: a filed letter's, not this choice's
    desk = filing.Inbox.__new__(filing.Inbox)
    desk.fresh = fresh
    officer = type("Officer", (), {"id": 3, "name": "Notius"})()
    chosen = []
    for choose in (functools.partial(collecting._choose, desk),
                   functools.partial(collecting._choose_among, desk)):
        out = collecting.Collected()
        chosen.append((choose(officer, [dict(r) for r in rows], out), out))
    (fast, one), (general, other) = chosen
    assert fast == general
    assert (one.orders, one.played, one.notes) == (other.orders, other.played, other.notes)
