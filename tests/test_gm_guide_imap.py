"""The GM's guide's "A season with an IMAP account", run as a GM would copy it: every `pbem`
command of its blocks in order, three moves, the players' mail in a real Dovecot on
127.0.0.1 (tests/dovecot.py) and the mail out through a real aiosmtpd. Only the servers'
names and ports are swapped for the local ones, the SMTP login dropped (the local server
asks for none) and a seed given to `pbem new`, so that the season plays the same every
time."""

from __future__ import annotations

import re
import shlex
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path

import pytest
from click.testing import CliRunner

import dovecot
from dovecot import imap_server  # noqa: F401 (the fixture)
from pbem.cli import main
from pbem.mail.imap import PASSWORD_VARIABLE
from test_send import Inbox, smtp_server

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "gm-guide.md"
ROUTES = {"Notius": ("ROUTE 2 N", "ROUTE 2 E", "ROUTE 2 S"),
          "Marcus Aper": ("ROUTE 1 W", "ROUTE 1 S", "ROUTE 1 E")}
ADDRESSES = {"Notius": "notius@example.org", "Marcus Aper": "aper@example.org"}


def season_blocks() -> list[list[str]]:
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("## A season with an IMAP account"):
                   text.index("## 1. Create the game")]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) == 3
    return [[line.split("#", 1)[0].strip() for line in block.replace("\\\n", " ").splitlines()
             if line.split("#", 1)[0].strip()] for block in blocks]


def count_in(server: dovecot.Dovecot, folder: str) -> int:
    client = server.client()
    try:
        typ, data = client.select(f'"{folder}"', readonly=True)
        return int(data[0])
    finally:
        client.logout()


def test_the_gm_guide_season_with_an_imap_account_runs_as_written(imap_server, tmp_path,
                                                                monkeypatch):
    once, every_move, at_the_end = season_blocks()
    assert once[0].startswith("pbem new legio") and every_move[0].startswith("pbem inbox imaps://")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(PASSWORD_VARIABLE, raising=False)
    monkeypatch.setenv("SSL_CERT_FILE", str(imap_server.cafile))  # the test's own certificate
    imap_server.append("Filed", b"Subject: made by the GM\r\n\r\nx\r\n")  # the folder he made
    handler = Inbox()
    secrets: dict[str, str] = {}
    with smtp_server(handler) as port:

        def run(line: str) -> str:
            words = shlex.split(line)
            if words[0] == "cd":
                monkeypatch.chdir(Path.cwd() / words[1])
                return ""
            if words[0] == "export":
                for pair in words[1:]:
                    name, value = pair.split("=", 1)
                    if name == PASSWORD_VARIABLE:
                        monkeypatch.setenv(name, value)  # the GM guide's, as the server has it
                return ""
            assert words[0] == "pbem", line
            words = words[1:]
            if words[0] == "new":
                words += ["--seed", "7"]
            if words[0] == "send":
                words = ["send", "--host", "127.0.0.1", "--port", str(port), "--plain"]
            words = [imap_server.url(w.rsplit("/", 1)[1]) if w.startswith("imaps://") else w
                     for w in words]
            result = CliRunner().invoke(main, words, catch_exceptions=False)
            assert result.exit_code == 0, (line, result.output)
            found = re.search(r"Enlisted (.+) \(officer \d+\) on the base\.\nSecret: (\S+)",
                              result.output)
            if found:
                secrets[found[1]] = found[2]
            return result.output

        for line in once:
            run(line)
        assert set(secrets) == {"Notius", "Marcus Aper"}
        assert [to for _, to, _ in handler.received] == [
            ["notius@example.org"], ["aper@example.org"]]
        for move in (1, 2, 3):
            for name, routes in ROUTES.items():
                m = EmailMessage()
                m["From"] = f"{name} <{ADDRESSES[name]}>"
                m["To"] = "Space Computer <sc@example.org>"
                m["Subject"] = "Re: VII Legio legio: welcome"
                m["Date"] = format_datetime(datetime.now(timezone.utc))
                m["Message-ID"] = make_msgid(domain="example.org")
                m.set_content(f"GAME legio\nOFFICER {name}\nSECRET {secrets[name]}\n"
                              f"MOVE {move}\n{routes[move - 1]}\nEND\n")
                imap_server.append("VII-Legio", m.as_bytes())
            before = len(handler.received)
            out = [run(line) for line in every_move]
            assert "Filed 2 mails: 2 accepted" in out[0] and "2 mails of" in out[0]
            assert "2 with valid orders" in out[2]
            assert "Move resolved." in out[3]
            received = handler.messages()[before:]
            subjects = sorted(str(m["Subject"]) for m in received)
            assert subjects == sorted(
                [f"VII Legio legio: your orders for move {move} are accepted"] * 2
                + [f"VII Legio legio: report of move {move} for {n}" for n in ROUTES])
            reports = {str(m["Subject"]).rsplit(" for ", 1)[1]: m for m in received
                       if "report of move" in str(m["Subject"])}
            assert reports["Notius"].get_body(preferencelist=("html",)) is not None
            assert reports["Marcus Aper"].get_body(preferencelist=("html",)) is None
            for m in received:
                for part in m.walk():
                    if part.get_content_type() == "text/plain":
                        assert max(map(len, part.get_content().splitlines())) <= 78
            # The folder is emptied into Filed, each mail once.
            assert count_in(imap_server, "VII-Legio") == 0
            assert count_in(imap_server, "Filed") == 1 + 2 * move
        for line in at_the_end:
            run(line)
    game = tmp_path / "legio"
    assert "THE GAME IS OVER" in (game / "reports" / "move-03" / "bulletin.txt").read_text(
        encoding="utf-8")
    assert (game / "reports" / "ledger.json").is_file()
    assert not list((game / "outbox").glob("*.eml"))
    assert len(list((game / "sent").glob("*.eml"))) == 12  # receipts and reports
    assert "Ordered: 2 S" in next((game / "reports" / "move-03").glob(
        "report-*-notius.txt")).read_text(encoding="utf-8")
