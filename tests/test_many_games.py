"""One mailbox, many games: `pbem inbox --games` reads a GM's mailbox once (a Maildir, or an
IMAP folder of the test's Dovecot) and files each mail in the game its GAME line names;
mail for none of them is listed and left where it is; each game answers from its own
address."""

from __future__ import annotations

import email
import mailbox
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

import dovecot
from dovecot import imap_server  # noqa: F401 (the fixture)
from pbem.mail import imap
from test_inbox import ok, rows, run

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
GAMES = {"cornifex": ("Space Computer <sc@cornifex.example>", "Notius", "4tq9-mx2d"),
         "legio": ("Legio's GM <gm@legio.example>", "Marcus Aper", "9gh2-llc4")}


@pytest.fixture
def desk(tmp_path) -> Path:
    """A folder of two games, each with its own GM address and one officer."""
    games = tmp_path / "games"
    for name, (gm, officer, secret) in GAMES.items():
        ok("new", games / name, "--seed", "7", "--size", "12", "--gm-email", gm)
        ok("enlist", games / name, "--name", officer, "--email",
           f"{officer.split()[-1].lower()}@example.org", "--fit", FIT, "--secret", secret)
    return games


def mails() -> list[EmailMessage]:
    """Orders for each game (one naming it in capitals), a question, orders for a game the
    GM does not run."""
    found = []
    for n, (game, officer, secret, subject) in enumerate((
            ("CORNIFEX", "Notius", "4tq9-mx2d", "orders"),
            ("legio", "Marcus Aper", "9gh2-llc4", "my orders"),
            (None, "Notius", "", "a question"),
            ("nullius", "Notius", "4tq9-mx2d", "orders for my other game"))):
        m = EmailMessage()
        m["From"] = f"{officer} <{officer.split()[-1].lower()}@example.org>"
        m["To"] = "gm@example.org"
        m["Subject"] = subject
        m["Message-ID"] = f"<m{n}@example.org>"
        m["Date"] = "Mon, 19 Oct 2026 12:00:00 +0000"
        m.set_content(f"GAME {game}\nOFFICER {officer}\nSECRET {secret}\nMOVE 1\nROUTE 1 N\nEND\n"
                      if game else "When is the deadline?\n")
        found.append(m)
    return found


def receipts(game: Path) -> list[EmailMessage]:
    return [email.message_from_bytes((game / r["file"]).read_bytes(), policy=policy.default)
            for r in rows(game, "SELECT file FROM mails WHERE kind = 'receipt'")]


def test_one_maildir_for_two_games_files_each_mail_in_its_game(desk, tmp_path):
    maildir = tmp_path / "Mail"
    box = mailbox.Maildir(str(maildir), create=True)
    for m in mails():
        box.add(m)
    box.close()
    out = ok("inbox", "--games", desk, maildir)
    assert f"cornifex ({desk / 'cornifex'}):" in out and f"legio ({desk / 'legio'}):" in out
    assert out.count("Filed 1 mail: 1 accepted") == 2
    assert "Mail for no game of these (2), left where it is for you to read:" in out
    assert '"a question": no GAME line anywhere in the mail' in out
    assert '"orders for my other game": for game nullius, none of these' in out
    for game, (gm, officer, _) in GAMES.items():
        (letter,) = rows(desk / game, "SELECT * FROM letters")
        assert (letter["status"], letter["officer_id"]) == ("accepted", 1)
        (receipt,) = receipts(desk / game)
        assert str(receipt["From"]) == gm  # each game answers from its own address
        assert receipt["Subject"] == f"VII Legio {game}: your orders for move 1 are accepted"
    # Read again: nothing filed twice; the strays are still listed.
    again = ok("inbox", "--games", desk / "cornifex", "--games", desk / "legio", maildir)
    assert again.count("Filed 0 mails") == 2 and "Mail for no game of these (2)" in again
    assert all(len(receipts(desk / g)) == 1 for g in GAMES)


def test_games_named_alike_or_a_folder_of_none_are_refused(desk, tmp_path):
    ok("new", tmp_path / "other" / "cornifex", "--seed", "8", "--size", "12")
    result = run("inbox", "--games", desk, "--games", tmp_path / "other", tmp_path)
    assert result.exit_code == 1 and "two games are named cornifex" in result.output
    (tmp_path / "empty").mkdir()
    result = run("inbox", "--games", tmp_path / "empty", tmp_path)
    assert result.exit_code == 1 and "neither a game folder nor a folder of games" in result.output


def test_one_imap_folder_for_two_games_moves_what_it_filed_and_leaves_the_rest(
        desk, imap_server, monkeypatch):
    monkeypatch.setenv(imap.PASSWORD_VARIABLE, dovecot.PASSWORD)
    monkeypatch.setenv("SSL_CERT_FILE", str(imap_server.cafile))
    for m in mails():
        imap_server.append("Games", m.as_bytes())
    imap_server.append("GamesFiled", b"Subject: made by the GM\r\n\r\nx\r\n")
    out = ok("inbox", "--games", desk, imap_server.url("Games"), "--move-to", "GamesFiled")
    assert out.count("Filed 1 mail: 1 accepted") == 2
    assert "2 mails of sc@example.org@127.0.0.1/Games moved to GamesFiled." in out
    assert "Mail for no game of these (2)" in out and "Games, UID 3" in out
    client = imap_server.client()
    try:
        typ, data = client.select('"Games"', readonly=True)
        assert int(data[0]) == 2  # the two strays, left for the GM
    finally:
        client.logout()
    for game in GAMES:
        (uid,) = rows(desk / game, "SELECT * FROM imap_uids")
        assert uid["done"] == 1
    again = ok("inbox", "--games", desk, imap_server.url("Games"), "--move-to", "GamesFiled")
    assert again.count("Filed 0 mails") == 2 and "Mail for no game of these (2)" in again
