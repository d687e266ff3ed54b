"""The outbox: every mail pbem writes is an RFC 5322 message in outbox/, recorded in the
database: welcome letters at enlistment, reports after a move, reminders, receipts."""

from __future__ import annotations

import email
import re
import sqlite3
from datetime import datetime, timezone
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem import addresses
from pbem.addresses import MailError
from pbem.storage.database import open_db
from pbem.mail import compose, outbox
from pbem.letters.reading import letter_from_bytes
from pbem.orders.reader import read_orders

from commands import ok, run

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
GM = "Space Computer <sc@example.org>"
NOW = datetime(2026, 10, 19, 9, 0, tzinfo=timezone.utc)


def mails(folder: Path) -> list[dict]:
    conn = sqlite3.connect(folder / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM mails ORDER BY id")]
    finally:
        conn.close()


def parsed(folder: Path, row: dict) -> EmailMessage:
    return email.message_from_bytes((folder / row["file"]).read_bytes(), policy=policy.default)


def content(part: EmailMessage) -> str:
    """A text part's content with the CRLF line ends of mail made LF again."""
    return part.get_content().replace("\r\n", "\n")


def body(message: EmailMessage) -> str:
    """The mail's text part (a report also has its web page beside it)."""
    return content(message.get_body(preferencelist=("plain",)))


def attachments(message: EmailMessage) -> dict[str, str]:
    return {part.get_filename(): content(part) for part in message.iter_attachments()}


@pytest.fixture
def mailed_game(tmp_path) -> Path:
    """A game with the GM's address; Notius and Varro have e-mail, Metella has none."""
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    ok("enlist", folder, "--name", "Notius", "--email", "notius@example.org", "--fit", FIT,
       "--secret", "4tq9-mx2d")
    ok("enlist", folder, "--name", "Niccolò Varro", "--email", "varro@example.it", "--fit", FIT,
       "--secret", "zz81-kq0p")
    ok("enlist", folder, "--name", "Cæcilia Metella", "--fit", FIT, "--secret", "p0ll-7yre")
    return folder


# --- composing -------------------------------------------------------------------------


def test_a_letter_is_an_rfc5322_message_in_utf8():
    sender = addresses.parse_mailbox(GM)
    to = addresses.address("Niccolò Varro", "varro@example.it")
    message = compose.letter(sender=sender, to=[to], subject="VII Legio cornifex: già",
                             body="Rotta: 5 S + 10 SE — così.\n", now=NOW)
    data = message.as_bytes(policy=policy.SMTP)
    back = email.message_from_bytes(data, policy=policy.default)
    assert back["From"].addresses[0].addr_spec == "sc@example.org"
    assert back["To"].addresses[0].display_name == "Niccolò Varro"
    assert back["Subject"] == "VII Legio cornifex: già"
    assert back["Date"].datetime == NOW
    assert back["Message-ID"].startswith("<") and back["Message-ID"].endswith("@example.org>")
    assert back["Auto-Submitted"] == "auto-generated"
    assert back.get_content_charset() == "utf-8"
    assert content(back) == "Rotta: 5 S + 10 SE — così.\n"
    assert data.isascii()  # non-ASCII headers as encoded words, the body encoded


@pytest.mark.parametrize("name, addr", [
    ("Evil\r\nBcc: victim@example.org", "evil@example.org"),
    ("Evil", "evil@example.org\r\nBcc: victim@example.org"),
    ("Evil\nBcc: victim@example.org", "evil@example.org"),
    ("Evil\x00", "evil@example.org"),
])
def test_header_injection_through_a_name_or_an_address_is_impossible(name, addr):
    with pytest.raises(MailError, match="line break or a control character"):
        addresses.address(name, addr)


def test_a_name_that_looks_like_a_header_stays_a_display_name():
    sender = addresses.parse_mailbox(GM)
    to = addresses.address("Bcc: victim@example.org", "evil@example.org")
    data = compose.letter(sender=sender, to=[to], subject="s", body="b", now=NOW).as_bytes()
    back = email.message_from_bytes(data, policy=policy.default)
    assert back["Bcc"] is None
    assert [a.addr_spec for a in back["To"].addresses] == ["evil@example.org"]


def test_a_subject_with_a_line_break_is_refused():
    sender = addresses.parse_mailbox(GM)
    with pytest.raises(MailError, match="the subject"):
        compose.letter(sender=sender, to=[sender], subject="x\r\nBcc: victim@example.org",
                       body="b", now=NOW)


@pytest.mark.parametrize("text", ["notius", "notius@", "@example.org", "a b@example.org",
                                  "notius@example", "nötius@example.org"])
def test_e_mail_addresses_are_checked(text):
    with pytest.raises(MailError):
        addresses.check_email(text)


def test_the_cli_refuses_an_injected_address(tmp_path):
    folder = tmp_path / "g"
    result = run("new", folder, "--seed", "1", "--gm-email", "sc@example.org\r\nBcc: x@y.org")
    assert result.exit_code == 1 and "line break or a control character" in result.output
    ok("new", folder, "--seed", "1")
    result = run("enlist", folder, "--name", "Notius", "--email", "n@example.org\r\nBcc: x@y.org",
                 "--fit", FIT)
    assert result.exit_code == 1
    assert "Error: --email: the address" in result.output
    assert "line break or a control character" in result.output
    result = run("mail-from", folder, "Evil\r\nBcc: x@y.org <sc@example.org>")
    assert result.exit_code == 1 and "line break or a control character" in result.output


def test_a_receipt_answers_in_the_thread_of_the_mail():
    incoming = EmailMessage()
    incoming["From"] = "Niccolò Varro <varro@example.it>"
    incoming["Subject"] = "ordini"
    incoming["Message-ID"] = "<orders-2@example.it>"
    incoming["References"] = "<report-1@example.org> <bad id@x>"
    incoming["In-Reply-To"] = "<report-1@example.org>"
    incoming.set_content("GAME cornifex\n")
    letter = letter_from_bytes(incoming.as_bytes(), "m", 0)
    thread = compose.Thread(letter.message_id, letter.references)
    receipt = compose.receipt_letter(
        addresses.parse_mailbox(GM), [addresses.address("", letter.sender)], game="cornifex",
        verdict="accepted", move=2, body="accepted\n", answers=thread, now=NOW)
    assert receipt["In-Reply-To"] == "<orders-2@example.it>"
    assert receipt["References"] == "<report-1@example.org> <orders-2@example.it>"
    # The subject says what became of the orders, and for which move.
    assert receipt["Subject"] == "VII Legio cornifex: your orders for move 2 are accepted"
    hostile = compose.Thread("<x@y>\r\nBcc: victim@example.org")
    assert compose.letter(sender=addresses.parse_mailbox(GM), to=[addresses.parse_mailbox(GM)],
                          subject="s", body="b", now=NOW, answers=hostile)["In-Reply-To"] is None


# --- welcome letters -------------------------------------------------------------------


def test_enlisting_with_an_e_mail_queues_the_welcome_letter(mailed_game):
    rows = mails(mailed_game)
    assert [(r["kind"], r["recipients"], r["move"], r["sent"], r["attempts"]) for r in rows] == [
        ("welcome", "notius@example.org", 1, None, 0),
        ("welcome", "varro@example.it", 1, None, 0),
    ]
    message = parsed(mailed_game, rows[1])
    assert message["Subject"] == "VII Legio cornifex: welcome, Niccolò Varro"
    assert str(message["To"]) == "Niccolò Varro <varro@example.it>"
    text = body(message)
    assert "YOUR SECRET: zz81-kq0p" in text
    assert "SHIP SHEET (GLADIUM Niccolò Varro, level 1)" in text
    assert "shields 5, lasers 3, radars 2, computers 1, tanks 3" in text
    assert "THE RULES IN SHORT" in text and "Decurio    needs 7 points" in text
    form = attachments(message)["orders-cornifex-move-01.txt"]
    assert form in text
    orders, problems = read_orders(form.replace("\nSECRET\n", "\nSECRET zz81-kq0p\n", 1), "form")
    assert problems == [] and orders.officer == "Niccolò Varro" and orders.move == 1


def test_the_secret_is_in_the_letter_but_never_in_the_database(mailed_game):
    conn = sqlite3.connect(mailed_game / "game.db")
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        values = [v for t in tables for row in conn.execute(f'SELECT * FROM "{t}"') for v in row]
    finally:
        conn.close()
    assert not any(isinstance(v, str) and "4tq9-mx2d" in v for v in values)


def test_no_letter_without_an_e_mail_or_without_the_gms_address(tmp_path):
    folder = tmp_path / "g"
    ok("new", folder, "--seed", "1")
    out = ok("enlist", folder, "--name", "Notius", "--email", "n@example.org", "--fit", FIT)
    assert "No welcome letter (the game has no GM address: set it with `pbem mail-from`)" in out
    out = ok("enlist", folder, "--name", "Varro", "--fit", FIT)
    assert "No welcome letter (the officer has no e-mail address)" in out
    assert mails(folder) == []
    assert not (folder / "outbox").exists()
    out = ok("mail-from", folder, GM)
    assert "Mail from this game now comes from Space Computer <sc@example.org>." in out


# --- reports ---------------------------------------------------------------------------


def test_resolving_a_move_queues_each_mailed_officer_his_report(mailed_game):
    out = ok("resolve", mailed_game, "--force")
    assert "4 mails wait in" in out and "`pbem send`" in out
    reports = [r for r in mails(mailed_game) if r["kind"] == "report"]
    assert [(r["recipients"], r["move"]) for r in reports] == [
        ("notius@example.org", 1), ("varro@example.it", 1)]
    folder = mailed_game / "reports" / "move-01"
    for row, name in zip(reports, ("report-001-notius.txt", "report-002-niccolo-varro.txt")):
        message = parsed(mailed_game, row)
        report = (folder / name).read_text(encoding="utf-8")
        assert body(message) == compose.mail_text(report)
        assert message["Subject"].startswith("VII Legio cornifex: report of move 1 for ")
        form = attachments(message)["orders-cornifex-move-02.txt"]
        assert "MOVE 2" in form and form in body(message)
        # The text and the web page with the chart, side by side; the form attached.
        assert message.get_content_type() == "multipart/mixed"
        alternative = next(message.iter_parts())
        assert [p.get_content_type() for p in alternative.iter_parts()] == [
            "text/plain", "text/html"]
        page = content(message.get_body(preferencelist=("html",)))
        assert page == (folder / name).with_suffix(".html").read_text(encoding="utf-8")
        assert "<svg " in page and "<script" not in page and "http://" not in \
            page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert not any(p.suffix == ".eml" for p in (mailed_game / "reports").rglob("*"))


def test_no_line_of_a_mail_s_text_is_longer_than_78(mailed_game):
    """RFC 5322 2.1.1: the report's own file keeps its long lines (a route with its
    thrust, the bulletin's note), the mail wraps them under their indent."""
    ok("resolve", mailed_game, "--force")
    report = next((mailed_game / "reports" / "move-01").glob("report-001-*.txt")).read_text(
        encoding="utf-8")
    assert max(map(len, report.splitlines())) > 78
    for row in mails(mailed_game):
        message = parsed(mailed_game, row)
        for part in message.walk():
            if part.get_content_type() == "text/plain":
                assert max(map(len, content(part).splitlines())) <= 78, row["file"]
    wrapped = compose.mail_text("  Ordered: " + "8 N + " * 20 + "end")
    first, second = wrapped.splitlines()
    assert first.startswith("  Ordered: 8 N") and second[:4] == "    " and second[4] != " "
    assert max(map(len, wrapped.splitlines())) <= 78
    assert compose.mail_text("x" * 200).splitlines() == ["x" * 78, "  " + "x" * 76, "  " + "x" * 46]
    assert " ".join(compose.mail_text("  a " + "word " * 40).split()) == " ".join(
        ("  a " + "word " * 40).split())


def test_an_officer_who_wants_plain_text_gets_no_web_page(mailed_game):
    out = ok("settings", mailed_game, "--plain-mail", "niccolò varro")
    assert "plain text only for Niccolò Varro." in out
    ok("resolve", mailed_game, "--force")
    by_officer = {r["officer_id"]: parsed(mailed_game, r) for r in mails(mailed_game)
                  if r["kind"] == "report"}
    assert by_officer[1].get_body(preferencelist=("html",)) is not None
    plain = by_officer[2]
    assert plain.get_body(preferencelist=("html",)) is None
    assert [p.get_content_type() for p in plain.iter_parts()] == ["text/plain", "text/plain"]
    assert "for every officer." in ok("settings", mailed_game, "--html-mail", "Niccolò Varro")
    ok("enlist", mailed_game, "--name", "Flavia", "--email", "flavia@example.org", "--fit",
       "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3", "--plain-mail")
    assert "plain text only for Flavia." in ok("settings", mailed_game)
    result = run("settings", mailed_game, "--plain-mail", "Nobody")
    assert result.exit_code == 1 and "no officer named 'Nobody'" in result.output


def test_resend_queues_the_report_again_to_the_new_address(mailed_game):
    ok("resolve", mailed_game, "--force")
    ok("email", mailed_game, "Notius", "notius@new.example.org", "--reason", "new provider")
    out = ok("resend", mailed_game, "notius", "--move", "1")
    assert "The report of move 1 for notius is queued again." in out
    first, again = [r for r in mails(mailed_game) if r["kind"] == "report" and r["officer_id"] == 1]
    assert again["recipients"] == "notius@new.example.org"
    assert again["message_id"] != first["message_id"]
    assert body(parsed(mailed_game, again)) == body(parsed(mailed_game, first))
    result = run("resend", mailed_game, "Notius", "--move", "2")
    assert result.exit_code == 1 and "Error: move 2 has not been resolved" in result.output
    result = run("resend", mailed_game, "Cæcilia Metella", "--move", "1")
    assert result.exit_code == 1 and "Cæcilia Metella has no valid e-mail address" in result.output
    result = run("resend", mailed_game, "Nobody", "--move", "1")
    assert result.exit_code == 1 and "no officer named 'Nobody' serves in this game" in result.output


def test_a_reminder_carries_the_form_and_a_receipt_goes_to_sender_and_officer(mailed_game):
    db = open_db(mailed_game)
    reminder = outbox.queue_reminder(mailed_game, db, 1, now=NOW)
    row = next(r for r in mails(mailed_game) if r["id"] == reminder)
    message = parsed(mailed_game, row)
    assert message["Subject"] == "VII Legio cornifex: your orders for move 1 have not arrived"
    assert "Your orders for move 1 have not arrived yet." in body(message)
    assert "orders-cornifex-move-01.txt" in attachments(message)
    receipt = outbox.queue_receipt(
        mailed_game, db, body="Your orders were read.\n", verdict="refused", move=1,
        answers=compose.Thread("<o@elsewhere.example>"), sender_address="someone@elsewhere.example",
        officer_id=1, now=NOW)
    row = next(r for r in mails(mailed_game) if r["id"] == receipt)
    assert row["recipients"] == "someone@elsewhere.example, notius@example.org"
    message = parsed(mailed_game, row)
    assert message["In-Reply-To"] == "<o@elsewhere.example>"
    assert body(message) == "Your orders were read.\n"


def test_what_players_read_sends_them_to_the_gm_never_to_a_pbem_command(mailed_game, tmp_path):
    """Players do not run pbem: a welcome letter, a receipt, a reminder and a report tell
    them to ask the GM, never to type a command of his."""
    ok("settings", mailed_game, "--enlisted-from")
    wrong = EmailMessage()
    wrong["From"] = "Notius <notius@elsewhere.example>"
    wrong["Subject"] = "orders"
    wrong["Message-ID"] = "<n1@elsewhere.example>"
    wrong.set_content(read_orders_text("Notius", "4tq9-mx2d", "ROUTE 2 N", "RESEARCH ATTACK 1"))
    path = tmp_path / "wrong.eml"
    path.write_bytes(wrong.as_bytes())
    assert "1 refused" in ok("inbox", mailed_game, path)
    ok("remind", mailed_game)
    ok("resolve", mailed_game, "--force")
    texts = []
    for row in mails(mailed_game):
        message = parsed(mailed_game, row)
        texts += [content(p) for p in message.walk() if p.get_content_type() == "text/plain"]
    kinds = {row["kind"] for row in mails(mailed_game)}
    assert {"welcome", "receipt", "reminder", "report"} <= kinds
    said = "\n".join(texts)
    assert "ask the GM to change it" in said and "the rule is chosen when a game is created: " \
        "ask the GM" in " ".join(said.split())
    assert not re.search(r"\bpbem [a-z]", said), re.search(r".*\bpbem [a-z].*", said).group()


def read_orders_text(officer: str, secret: str, *body: str) -> str:
    return "\n".join(["GAME cornifex", f"OFFICER {officer}", f"SECRET {secret}", "MOVE 1",
                      *body, "END", ""])
