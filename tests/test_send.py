"""`pbem send` against a real SMTP server (aiosmtpd) started by each test on 127.0.0.1."""

from __future__ import annotations

import email
import shutil
import socket
import sqlite3
import ssl
import subprocess
from contextlib import contextmanager
from email import policy
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from click.testing import CliRunner

from pbem.cli import main
from pbem.mail.compose import mail_text

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
GM = "Space Computer <sc@example.org>"


def run(*args, env=None):
    return CliRunner(env=env).invoke(main, [str(a) for a in args], catch_exceptions=False)


def ok(*args, env=None) -> str:
    result = run(*args, env=env)
    assert result.exit_code == 0, result.output
    return result.output


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """An aiosmtpd handler keeping what it receives; refuses the addresses it is told to."""

    def __init__(self, refuse: tuple[str, ...] = ()) -> None:
        self.refuse = refuse
        self.received: list[tuple[str, list[str], bytes]] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.received.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.original_content))
        return "250 Message accepted"

    def messages(self):
        return [email.message_from_bytes(data, policy=policy.default) for _, _, data in self.received]


@contextmanager
def smtp_server(handler: Inbox, **kwargs):
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, **kwargs)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def mails(folder: Path) -> list[dict]:
    conn = sqlite3.connect(folder / "game.db")
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM mails ORDER BY id")]
    finally:
        conn.close()


@pytest.fixture
def game(tmp_path) -> Path:
    """Two mailed officers, enlisted (two welcome letters) and one move resolved (two reports)."""
    folder = tmp_path / "cornifex"
    ok("new", folder, "--seed", "7", "--name", "cornifex", "--size", "12", "--gm-email", GM)
    ok("enlist", folder, "--name", "Notius", "--email", "notius@example.org", "--fit", FIT,
       "--secret", "4tq9-mx2d")
    ok("enlist", folder, "--name", "Niccolò Varro", "--email", "varro@example.it", "--fit", FIT,
       "--secret", "zz81-kq0p")
    ok("resolve", folder, "--force")
    return folder


def test_the_outbox_is_delivered_once(game):
    inbox = Inbox()
    with smtp_server(inbox) as port:
        out = ok("send", game, "--host", "127.0.0.1", "--port", port)
        assert f"Sent 4 mails through 127.0.0.1:{port}; 0 kept in the outbox." in out
        assert "  sent  VII Legio cornifex: report of move 1 for Notius to notius@example.org" in out
        again = ok("send", game, "--host", "127.0.0.1", "--port", port)
    assert "The outbox is empty: nothing to send." in again
    assert len(inbox.received) == 4
    envelopes = [(sender, to) for sender, to, _ in inbox.received]
    assert envelopes == [("sc@example.org", ["notius@example.org"]),
                         ("sc@example.org", ["varro@example.it"])] * 2
    welcome, _, report, _ = inbox.messages()
    assert welcome["Subject"] == "VII Legio cornifex: welcome, Notius"
    assert "YOUR SECRET: 4tq9-mx2d" in welcome.get_body().get_content()
    assert report["Subject"] == "VII Legio cornifex: report of move 1 for Notius"
    text = report.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    assert text == mail_text((game / "reports" / "move-01" / "report-001-notius.txt").read_text(
        encoding="utf-8"))
    assert [a.get_filename() for a in report.iter_attachments()] == ["orders-cornifex-move-02.txt"]
    rows = mails(game)
    assert all(r["sent"] and r["attempts"] == 1 and r["last_error"] == "" for r in rows)
    # A delivered secret does not stay on disk; the reports do, in sent/: outbox/ holds
    # only what waits.
    assert [(game / r["file"]).exists() for r in rows] == [False, False, True, True]
    assert [r["file"].split("/")[0] for r in rows[2:]] == ["sent", "sent"]
    assert not list((game / "outbox").glob("*.eml"))


def test_mail_sent_before_pbem_stopped_is_kept_in_sent_by_the_next_send(game):
    """Marked sent, then stopped before its file left outbox/: the next `pbem send` sends
    nothing again and puts it where sent mail is kept."""
    conn = sqlite3.connect(game / "game.db")
    with conn:
        conn.execute("UPDATE mails SET sent = '2026-10-19T18:00:00+00:00' WHERE kind = 'report'")
    conn.close()
    inbox = Inbox()
    with smtp_server(inbox) as port:
        ok("send", game, "--host", "127.0.0.1", "--port", port)
    assert len(inbox.received) == 2  # the welcome letters only
    assert sorted(r["file"].split("/")[0] for r in mails(game) if r["kind"] == "report") == [
        "sent", "sent"]
    assert not list((game / "outbox").glob("*.eml"))


def test_a_refused_mail_stays_queued_with_the_reason(game):
    refusing = Inbox(refuse=("varro@example.it",))
    with smtp_server(refusing) as port:
        result = run("send", game, "--host", "127.0.0.1", "--port", port)
        assert result.exit_code == 1
        assert "Sent 2 mails" in result.output and "2 kept in the outbox" in result.output
        assert ("  kept  VII Legio cornifex: welcome, Niccolò Varro to varro@example.it "
                "(attempt 1): varro@example.it: 550 5.1.1 mailbox unavailable") in result.output
        result = run("send", game, "--host", "127.0.0.1", "--port", port)
        assert result.exit_code == 1 and "(attempt 2)" in result.output
    assert [to for _, to, _ in refusing.received] == [["notius@example.org"]] * 2
    kept = [r for r in mails(game) if r["sent"] is None]
    assert [(r["recipients"], r["attempts"], r["last_error"]) for r in kept] == [
        ("varro@example.it", 2, "varro@example.it: 550 5.1.1 mailbox unavailable")] * 2
    welcoming = Inbox()
    with smtp_server(welcoming) as port:
        ok("send", game, "--host", "127.0.0.1", "--port", port)
    assert [to for _, to, _ in welcoming.received] == [["varro@example.it"]] * 2
    assert all(r["sent"] for r in mails(game))


def test_no_server_keeps_everything_queued(game):
    port = free_port()  # nothing listens there
    result = run("send", game, "--host", "127.0.0.1", "--port", port)
    assert result.exit_code == 1
    assert f"cannot reach 127.0.0.1:{port}: ConnectionRefusedError" in result.output
    assert all(r["sent"] is None and r["attempts"] == 1 for r in mails(game))


def test_a_password_is_never_sent_in_clear_to_a_remote_server(game):
    env = {"PBEM_SMTP_USER": "gm", "PBEM_SMTP_PASSWORD": "hunter2"}
    result = run("send", game, "--host", "smtp.example.org", env=env)
    assert result.exit_code == 1
    assert "a password is never sent unencrypted to smtp.example.org: add --starttls or --ssl" in result.output
    result = run("send", game, "--host", "smtp.example.org", env={"PBEM_SMTP_USER": "gm"})
    assert "PBEM_SMTP_USER is set but PBEM_SMTP_PASSWORD is not" in result.output


@pytest.fixture
def certificate(tmp_path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for the TLS server")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True)
    return cert, key


def test_starttls_with_a_login_from_the_environment(game, certificate, monkeypatch):
    cert, key = certificate
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    logins = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        assert isinstance(auth_data, LoginPassword)
        login, password = (bytes(v, "utf-8") if isinstance(v, str) else v
                           for v in (auth_data.login, auth_data.password))
        logins.append((login, password))
        # handled=False: aiosmtpd answers 535 itself when the login fails.
        return AuthResult(success=password == b"hunter2", handled=False)

    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # trust the test's own certificate
    inbox = Inbox()
    with smtp_server(inbox, tls_context=context, require_starttls=True, auth_required=True,
                     authenticator=authenticator) as port:
        env = {"PBEM_SMTP_USER": "gm", "PBEM_SMTP_PASSWORD": "wrong"}
        result = run("send", game, "--host", "127.0.0.1", "--port", port, "--starttls", env=env)
        assert result.exit_code == 1 and "535" in result.output
        env["PBEM_SMTP_PASSWORD"] = "hunter2"
        out = ok("send", game, "--host", "127.0.0.1", "--port", port, "--starttls", env=env)
    assert "Sent 4 mails" in out
    assert logins[-1] == (b"gm", b"hunter2") and len(inbox.received) == 4
    stored = (game / "game.db").read_bytes() + b"".join(p.read_bytes() for p in (game / "outbox").iterdir())
    assert b"hunter2" not in stored


def test_ssl_from_the_start(game, certificate, monkeypatch):
    cert, key = certificate
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))
    inbox = Inbox()
    with smtp_server(inbox, server_hostname="127.0.0.1", ssl_context=context) as port:
        out = ok("send", game, "--host", "127.0.0.1", "--port", port, "--ssl")
    assert "Sent 4 mails" in out and len(inbox.received) == 4


def test_a_certificate_that_is_not_trusted_keeps_the_mail(game, certificate):
    cert, key = certificate
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    inbox = Inbox()
    with smtp_server(inbox, tls_context=context) as port:
        result = run("send", game, "--host", "127.0.0.1", "--port", port, "--starttls")
    assert result.exit_code == 1
    assert "TLS failed: CERTIFICATE_VERIFY_FAILED" in result.output
    assert inbox.received == [] and all(r["sent"] is None for r in mails(game))


def test_a_mail_whose_file_is_not_the_one_queued_is_never_sent(game):
    """A receipt of `pbem inbox` is written without waiting for the disk: should the machine
    stop before it is there, its file is not the mail queued, and it is kept, not sent."""
    (row,) = [r for r in mails(game) if r["kind"] == "report"][:1]
    path = game / row["file"]
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])  # half of it on disk
    handler = Inbox()
    with smtp_server(handler) as port:
        result = run("send", game, "--host", "127.0.0.1", "--port", port)
    assert result.exit_code == 1
    assert "is not the mail that was queued" in result.output
    subjects = [str(m["Subject"]) for m in handler.messages()]
    assert row["subject"] not in subjects and len(subjects) == len(mails(game)) - 1
    kept = next(r for r in mails(game) if r["id"] == row["id"])
    assert kept["sent"] is None and "not sent" in kept["last_error"]


def test_the_report_mail_s_web_page_as_received_draws_the_chart_and_fetches_nothing(
        game, tmp_path):
    """The HTML part of a report mail as the SMTP server received it, opened in headless
    Chromium as a mail client shows it: the officer's chart drawn, no request made."""
    from test_html import CHROMIUM, FLAGS

    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package chromium to run "
                    "this test")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="the Playwright package is not installed")
    inbox = Inbox()
    with smtp_server(inbox) as port:
        ok("send", game, "--host", "127.0.0.1", "--port", port)
    report = next(m for m in inbox.messages() if "report of move 1 for Notius" in m["Subject"])
    assert report.get_content_type() == "multipart/mixed"
    page_part = report.get_body(preferencelist=("html",))
    assert page_part.get_content_type() == "text/html"
    html = page_part.get_content()
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
            args=FLAGS[1:], viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            requests, problems = [], []
            page.on("request", lambda r: requests.append(r.url))
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.set_content(html, wait_until="load")
            assert page.title() == "VII Legio - cornifex - move 1 - report for Decurio Notius"
            box = page.evaluate("""() => {
                const svg = document.querySelector('svg.chart');
                const r = svg.getBoundingClientRect();
                return {width: r.width, height: r.height, scripts: document.scripts.length,
                        images: document.images.length};
            }""")
            assert box["width"] > 300 and box["height"] > 200
            assert box["scripts"] == 0 and box["images"] == 0
            assert "Notius" in page.inner_text("body")
            assert requests == [] and problems == []
        finally:
            context.close()
    # And the text part beside it, for the clients that show only text.
    text = report.get_body(preferencelist=("plain",)).get_content()
    assert text.startswith("VII LEGIO - cornifex") and max(map(len, text.splitlines())) <= 78


def test_a_rollback_never_makes_a_sent_mail_wait_again(game):
    """The backup before move 2 knows the reports of move 1 as waiting; they were sent
    since, and stay sent when move 2 is rolled back."""
    ok("resolve", game, "--force")
    inbox = Inbox()
    with smtp_server(inbox) as port:
        ok("send", game, "--host", "127.0.0.1", "--port", port)
        assert len(inbox.received) == 6
        out = ok("rollback", game)
        assert "2 mails queued since had already been sent" in out
        assert "The outbox is empty: nothing to send." in ok(
            "send", game, "--host", "127.0.0.1", "--port", port)
    assert len(inbox.received) == 6
    reports = [r for r in mails(game) if r["kind"] == "report"]
    assert [(r["move"], r["file"].split("/")[0], bool(r["sent"])) for r in reports] == [
        (1, "sent", True), (1, "sent", True)]
