"""An Italian game from `pbem new --lang it` to a resolved move, end to end through the mail:
the orders read from a real Dovecot on 127.0.0.1 (tests/dovecot.py), the receipts, reports
and bulletin sent through a real aiosmtpd (tests/test_send.py). Notius reads the game's
Italian, Varro chose English: each reads his mail in his language."""

from __future__ import annotations

from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

import pytest
from click.testing import CliRunner

import dovecot
from dovecot import imap_server  # noqa: F401 (the fixture)
from pbem.cli import main
from pbem.mail.imap import PASSWORD_VARIABLE
from test_send import Inbox, smtp_server

GM = "Space Computer <sc@example.org>"
FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
OFFICERS = {"Notius": ("notius@example.org", "4tq9-mx2d", "ROTTA 3 N"),
            "Varro": ("varro@example.org", "zz81-kq0p", "ROUTE 99 N")}


def ok(*args: object) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def test_an_italian_game_with_an_english_officer_end_to_end_by_mail(imap_server, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("SSL_CERT_FILE", str(imap_server.cafile))
    monkeypatch.setenv(PASSWORD_VARIABLE, dovecot.PASSWORD)
    game = tmp_path / "aquileia"
    ok("new", game, "--seed", "7", "--name", "aquileia", "--size", "12", "--gm-email", GM,
       "--lang", "it")
    ok("enlist", game, "--name", "Notius", "--email", OFFICERS["Notius"][0], "--fit", FIT,
       "--secret", OFFICERS["Notius"][1])
    ok("enlist", game, "--name", "Varro", "--email", OFFICERS["Varro"][0], "--fit", FIT,
       "--secret", OFFICERS["Varro"][1], "--lang", "en")
    for name, (address, secret, route) in OFFICERS.items():
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = f"{name} <{address}>", GM, "mossa 1"
        m["Date"] = format_datetime(datetime.now(timezone.utc))
        m["Message-ID"] = make_msgid(domain="example.org")
        m.set_content(f"GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 1\n{route}\nEND\n")
        imap_server.append("VII-Legio", m.as_bytes())
    handler = Inbox()
    with smtp_server(handler) as port:
        send = ("send", game, "--host", "127.0.0.1", "--port", port)
        ok("inbox", game, imap_server.url("VII-Legio"))
        ok(*send)
        ok("resolve", game)
        ok(*send)
    by_reader: dict[str, list[str]] = {}
    for m in handler.messages():
        by_reader.setdefault(m["To"].addresses[0].addr_spec, []).append(text_of(m))
    notius_mails, varro_mails = by_reader["notius@example.org"], by_reader["varro@example.org"]
    assert len(notius_mails) == len(varro_mails) == 3  # welcome, receipt, report
    (accepted,) = [t for t in notius_mails if t.startswith("VII LEGIO - aquileia - ricevuta")]
    assert "ACCETTATI: i tuoi ordini per la mossa 1." in accepted
    (refused,) = [t for t in varro_mails if t.startswith("VII LEGIO - aquileia - receipt")]
    assert "REFUSED: 1 problem below." in refused
    assert "the route is 99 parsecs, but 3 tanks give 15 parsecs" in " ".join(refused.split())
    (notius,) = [t for t in notius_mails if "rapporto per Decurio Notius" in t]
    assert notius.startswith("VII LEGIO - aquileia - mossa 1 - rapporto per Decurio Notius\n")
    assert "ROTTA\n  Ordinata: 3 N" in notius and "ORDINI PER LA MOSSA 2" in notius
    (varro,) = [t for t in varro_mails if "report for Decurio Varro" in t]
    assert varro.startswith("VII LEGIO - aquileia - move 1 - report for Decurio Varro\n")
    assert "mossa" not in varro and "ORDERS FOR MOVE 2" in varro
    bulletin = (game / "reports" / "move-01" / "bulletin.txt").read_text(encoding="utf-8")
    assert bulletin.startswith("VII LEGIO - aquileia - BOLLETTINO DELLA MOSSA 1\n")
    assert "Varro è rimasto fermo" in bulletin
