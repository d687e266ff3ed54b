"""The GM's guide's "A game from start to finish", run as a GM would copy it: every `pbem`
command of its two blocks in order, the mailbox a real Maildir of the players' mail, the
SMTP server a real aiosmtpd on 127.0.0.1 (only the server's name and encryption are swapped
for the local one). The welcome letters, receipts and reports arrive, and the move plays the
orders that came by mail."""

from __future__ import annotations

import mailbox
import re
import shlex
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main

from test_send import Inbox, smtp_server

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "gm-guide.md"


def example_blocks() -> list[list[str]]:
    """The commands of the section's shell blocks, continuation lines joined, comments off."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("## A game from start to finish")
    section = text[start:text.index("\n## ", start)]  # up to the next section
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    commands = []
    for block in blocks:
        joined = block.replace("\\\n", " ")
        commands.append([line.split("#", 1)[0].strip() for line in joined.splitlines()
                         if line.split("#", 1)[0].strip()])
    return commands


def test_the_gm_guide_example_runs_as_written(tmp_path, monkeypatch):
    setup, every_move = example_blocks()
    assert setup[0].startswith("pbem new cornifex") and every_move[-1].startswith("pbem send")
    handler = Inbox()
    maildir = tmp_path / "Mail" / "vii-legio"
    secrets: dict[str, str] = {}
    monkeypatch.chdir(tmp_path)
    with smtp_server(handler) as port:

        def run(line: str) -> str:
            words = shlex.split(line)
            if words[0] == "cd":
                monkeypatch.chdir(Path.cwd() / words[1])
                return ""
            if words[0] == "export":
                return ""  # the local server asks for no login
            assert words[0] == "pbem", line
            words = [str(maildir) if w == "~/Mail/vii-legio" else w for w in words[1:]]
            if words[0] == "send":
                words = ["send", "--host", "127.0.0.1", "--port", str(port), "--plain"]
            result = CliRunner().invoke(main, words, catch_exceptions=False)
            assert result.exit_code == 0, (line, result.output)
            found = re.search(r"Enlisted (.+) \(officer \d+\) on the base\.\nSecret: (\S+)",
                              result.output)
            if found:
                secrets[found[1]] = found[2]
            return result.output

        for line in setup:
            run(line)
        assert set(secrets) == {"Notius", "Marcus Aper"}
        assert [sorted(to) for _, to, _ in handler.received] == [
            ["notius@example.org"], ["aper@example.org"]]
        # The players' mail, delivered before the GM's first `pbem inbox` of the move.
        maildir.parent.mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(str(maildir), create=True)
        now = datetime.now(timezone.utc)
        for n, (name, address, route) in enumerate((
                ("Notius", "notius@example.org", "ROUTE 3 N"),
                ("Marcus Aper", "aper@example.org", "ROUTE 2 E"))):
            m = EmailMessage()
            m["From"] = f"{name} <{address}>"
            m["To"] = "Space Computer <sc@example.org>"
            m["Subject"] = "orders"
            m["Date"] = format_datetime(now - timedelta(minutes=10 - n))
            m["Message-ID"] = f"<orders-{n}@example.org>"
            m.set_content(f"GAME cornifex\nOFFICER {name}\nSECRET {secrets[name]}\nMOVE 1\n"
                          f"{route}\nPRESS Salve from {name}.\nEND\n")
            box.add(m)
        box.close()
        outputs = [run(line) for line in every_move]
    assert "Filed 2 mails: 2 accepted" in outputs[0]
    assert "2 with valid orders" in outputs[2]
    assert "nobody to remind" in outputs[3]
    assert "Filed 0 mails" in outputs[5] and "2 filed before" in outputs[5]
    assert "Move resolved." in outputs[6]
    kinds = [m["Subject"] for m in handler.messages()]
    assert sum("welcome" in s for s in kinds) == 2
    assert sum(s == "VII Legio cornifex: your orders for move 1 are accepted" for s in kinds) == 2
    assert sum("report of move 1" in s for s in kinds) == 2
    game = tmp_path / "cornifex"
    report = next((game / "reports" / "move-01").glob("report-*-notius.txt")).read_text(
        encoding="utf-8")
    assert "Ordered: 3 N" in report
    bulletin = (game / "reports" / "move-01" / "bulletin.bbcode").read_text(encoding="utf-8")
    assert "[*][b]Notius[/b]: Salve from Notius." in bulletin
