"""`pbem inbox imaps://...` against a real Dovecot started on 127.0.0.1 (tests/dovecot.py),
with the mail corpus of the Maildir tests: filed as the Maildir is, each mail once across a
dropped connection and a folder numbered anew, marked or moved as the GM asks."""

from __future__ import annotations

import mailbox
import re
from pathlib import Path

import pytest

import dovecot
from dovecot import imap_server  # noqa: F401 (the fixture)
from test_inbox import build_mailboxes, folder, ok, rows, run  # noqa: F401 - the fixture
from pbem.mail import imap

CORPUS_LINE = "Filed 9 mails: 6 accepted, 2 refused, 0 waiting for a later move, 1 not orders."


@pytest.fixture
def account(imap_server, monkeypatch, request):
    """A folder of its own for each test, holding the corpus; the password and the test
    certificate from the environment, as a GM's shell gives them."""
    monkeypatch.setenv(imap.PASSWORD_VARIABLE, dovecot.PASSWORD)
    monkeypatch.setenv("SSL_CERT_FILE", str(imap_server.cafile))
    name = re.sub(r"[^A-Za-z0-9]", "", request.node.name)[-40:]
    return name


def deliver_corpus(imap_server: dovecot.Dovecot, name: str, tmp: Path) -> int:
    """The Maildir tests' mails appended to the folder in the order they arrived there."""
    mbox, maildir = build_mailboxes(tmp)
    count = 0
    box = mailbox.mbox(str(mbox))
    for key in box.keys():
        imap_server.append(name, box.get_bytes(key))
        count += 1
    box.close()
    delivered = mailbox.Maildir(str(maildir), factory=None, create=False)
    for key in sorted(delivered.keys()):
        imap_server.append(name, delivered.get_bytes(key))
        count += 1
    return count


def flags(imap_server: dovecot.Dovecot, name: str) -> list[str]:
    client = imap_server.client()
    try:
        client.select(f'"{name}"', readonly=True)
        typ, data = client.uid("FETCH", "1:*", "(FLAGS)")
        return [d.decode() for d in data if d]
    finally:
        client.logout()


def count_in(imap_server: dovecot.Dovecot, name: str) -> int:
    client = imap_server.client()
    try:
        typ, data = client.select(f'"{name}"', readonly=True)
        return int(data[0])
    finally:
        client.logout()


def test_an_imap_folder_is_filed_once_as_its_maildir_is(imap_server, account, folder, tmp_path):
    assert deliver_corpus(imap_server, account, tmp_path) == 9
    out = ok("inbox", folder, imap_server.url(account))
    assert CORPUS_LINE in out
    assert f"sc@example.org@127.0.0.1/{account}, UID 1: accepted for move 1 (Niccolò Varro)" in out
    assert len(rows(folder, "SELECT * FROM letters")) == 9
    assert len(rows(folder, "SELECT * FROM mails WHERE kind = 'receipt'")) == 9
    remembered = rows(folder, "SELECT * FROM imap_uids ORDER BY uid")
    assert [r["uid"] for r in remembered] == list(range(1, 10))
    assert all(r["done"] and r["letter_id"] for r in remembered)
    # The folder is left as it was: nothing marked seen.
    assert not any("Seen" in f for f in flags(imap_server, account))
    # Read again, by STARTTLS this time: nothing fetched, nothing filed or answered twice.
    again = ok("inbox", folder, imap_server.url(account, port=imap_server.imap, scheme="imap"))
    assert "Filed 0 mails" in again
    assert len(rows(folder, "SELECT * FROM mails WHERE kind = 'receipt'")) == 9
    # A new mail is read by the next run, and only it.
    imap_server.append(account, b"From: Flavia <flavia@example.org>\r\nSubject: thanks\r\n"
                           b"Message-ID: <thanks@example.org>\r\n\r\nThank you!\r\n")
    assert "Filed 1 mail: 0 accepted, 0 refused, 0 waiting for a later move, 1 not orders." \
        in ok("inbox", folder, imap_server.url(account))


def test_a_connection_dropped_in_the_middle_of_a_fetch_files_each_mail_once(
        imap_server, account, folder, tmp_path, monkeypatch):
    deliver_corpus(imap_server, account, tmp_path)
    monkeypatch.setattr(imap, "BATCH", 1)  # one mail a fetch: the cut falls among them
    # A connection relays some 3.7 kB before its first fetch and 8.6 kB in all: the
    # first is cut after 6 kB, in the middle of the fetching.
    proxy = dovecot.CuttingProxy(imap_server.imaps, cut_after=6000)
    try:
        out = ok("inbox", folder, imap_server.url(account, port=proxy.port))
    finally:
        proxy.close()
    assert proxy.cut and proxy.connections == 2
    assert "connected again, reading on from the last mail filed" in out
    assert CORPUS_LINE in out
    # Some mails were filed by the first connection, the rest by the second; none twice.
    letters = rows(folder, "SELECT source FROM letters ORDER BY id")
    assert [r["source"].rsplit(" ", 1)[1] for r in letters] == [str(n) for n in range(1, 10)]
    assert len(rows(folder, "SELECT * FROM mails WHERE kind = 'receipt'")) == 9
    assert len(rows(folder, "SELECT * FROM imap_uids")) == 9


def test_a_connection_that_keeps_dropping_files_what_it_read_and_says_so(
        imap_server, account, folder, tmp_path, monkeypatch):
    deliver_corpus(imap_server, account, tmp_path)
    monkeypatch.setattr(imap, "BATCH", 1)
    fetches = []
    real = imap.Connection.fetch

    def dropping(self, wanted):
        fetches.append(wanted)
        if len(fetches) > 3:
            self.imap.shutdown()  # the network goes for good after three mails
        return real(self, wanted)

    monkeypatch.setattr(imap.Connection, "fetch", dropping)
    result = run("inbox", folder, imap_server.url(account))
    assert result.exit_code == 1
    assert "failed 3 times" in result.output and "every mail filed so far stays filed" \
        in result.output
    assert len(rows(folder, "SELECT * FROM letters")) == 3
    monkeypatch.setattr(imap.Connection, "fetch", real)
    out = ok("inbox", folder, imap_server.url(account))
    assert "Filed 6 mails" in out
    assert len(rows(folder, "SELECT * FROM letters")) == 9


def test_a_folder_numbered_anew_is_read_again_and_files_nothing_twice(
        imap_server, account, folder, tmp_path):
    deliver_corpus(imap_server, account, tmp_path)
    ok("inbox", folder, imap_server.url(account))
    before = rows(folder, "SELECT DISTINCT uidvalidity FROM imap_uids")[0]["uidvalidity"]
    imap_server.doveadm("mailbox", "update", "-u", dovecot.USER, "--uid-validity",
                   str(before + 1000), account)
    out = ok("inbox", folder, imap_server.url(account))
    assert f"was numbered anew (UIDVALIDITY {before + 1000})" in out
    assert "Filed 0 mails: 0 accepted, 0 refused, 0 waiting for a later move, 0 not orders; " \
           "9 filed before." in out
    assert len(rows(folder, "SELECT * FROM letters")) == 9
    assert len(rows(folder, "SELECT * FROM mails WHERE kind = 'receipt'")) == 9
    assert [r["n"] for r in rows(folder, "SELECT count(*) AS n FROM imap_uids GROUP BY "
                                         "uidvalidity ORDER BY uidvalidity")] == [9, 9]
    third = ok("inbox", folder, imap_server.url(account))
    assert "numbered anew" not in third and "Filed 0 mails: 0 accepted" in third


def test_filed_mail_is_marked_seen_or_moved_as_the_gm_asks(imap_server, account, folder, tmp_path,
                                                          monkeypatch):
    deliver_corpus(imap_server, account, tmp_path)
    # The connection drops once between the filing of a batch and its marking: the next
    # connection marks what was filed, and files nothing twice.
    real, calls = imap.Connection.mark_seen, []

    def dropping(self, done):
        calls.append(done)
        if len(calls) == 1:
            self.imap.shutdown()
        return real(self, done)

    monkeypatch.setattr(imap.Connection, "mark_seen", dropping)
    out = ok("inbox", folder, imap_server.url(account), "--mark-seen")
    assert CORPUS_LINE in out and "9 mails of" in out and "marked seen" in out
    assert len(flags(imap_server, account)) == 9
    assert all("\\Seen" in f for f in flags(imap_server, account))
    assert len(rows(folder, "SELECT * FROM letters")) == 9

    imap_server.append(account + "Done", b"Subject: x\r\n\r\nx\r\n")  # the folder filed mail goes to
    imap_server.append(account,
                  b"From: Flavia <flavia@example.org>\r\nSubject: thanks\r\n\r\nThanks\r\n")
    out = ok("inbox", folder, imap_server.url(account), "--move-to", account + "Done")
    assert "Filed 1 mail:" in out and f"1 mail of sc@example.org@127.0.0.1/{account} moved" in out
    assert count_in(imap_server, account) == 9 and count_in(imap_server, account + "Done") == 2

    missing = run("inbox", folder, imap_server.url(account), "--move-to", "Nowhere")
    assert missing.exit_code == 1 and "no folder 'Nowhere'" in missing.output


def test_the_password_comes_from_the_environment_only(imap_server, account, folder, monkeypatch):
    with_password = f"imaps://{dovecot.USER}:secret@127.0.0.1:{imap_server.imaps}/INBOX"
    result = run("inbox", folder, with_password)
    assert result.exit_code == 1 and "never write the password in the address" in result.output
    assert "secret" not in result.output.replace("never write", "")
    monkeypatch.delenv(imap.PASSWORD_VARIABLE)
    result = run("inbox", folder, imap_server.url(account))
    assert result.exit_code == 1 and "export PBEM_IMAP_PASSWORD" in result.output
    monkeypatch.setenv(imap.PASSWORD_VARIABLE, "wrong")
    result = run("inbox", folder, imap_server.url(account))
    assert result.exit_code == 1 and "127.0.0.1 refused: [AUTHENTICATIONFAILED]" in result.output
    monkeypatch.setenv(imap.PASSWORD_VARIABLE, dovecot.PASSWORD)
    result = run("inbox", folder, imap_server.url("Nowhere"))
    assert result.exit_code == 1 and "no folder 'Nowhere' at 127.0.0.1" in result.output
    assert not rows(folder, "SELECT * FROM letters")


def test_an_untrusted_certificate_is_refused(imap_server, account, folder, monkeypatch):
    monkeypatch.delenv("SSL_CERT_FILE")
    result = run("inbox", folder, imap_server.url(account))
    assert result.exit_code == 1 and "TLS with 127.0.0.1" in result.output
    assert "SSL_CERT_FILE" in result.output


def test_a_server_without_move_gets_a_copy_and_a_delete_by_uid(imap_server, account, folder,
                                                               tmp_path, monkeypatch):
    """RFC 4315: without MOVE, the mail filed is copied, then deleted by its UID alone;
    a mail the GM marked deleted is neither read nor expunged with it."""
    imap_server.append(account, b"Subject: the GM's own\r\n\r\nkeep me\r\n")
    client = imap_server.client()
    try:
        client.select(f'"{account}"')
        client.uid("STORE", "1", "+FLAGS.SILENT", r"(\Deleted)")
    finally:
        client.logout()
    deliver_corpus(imap_server, account, tmp_path)
    imap_server.append(account + "Done", b"Subject: x\r\n\r\nx\r\n")
    real = imap.Connection.__init__

    def without_move(self, *args, **kwargs):
        real(self, *args, **kwargs)
        self.capabilities.discard("MOVE")

    monkeypatch.setattr(imap.Connection, "__init__", without_move)
    out = ok("inbox", folder, imap_server.url(account), "--move-to", account + "Done")
    assert CORPUS_LINE in out and "9 mails of" in out and "moved to" in out
    assert count_in(imap_server, account + "Done") == 10
    assert count_in(imap_server, account) == 1  # the GM's own, still marked deleted
    assert "\\Deleted" in flags(imap_server, account)[0]


def test_an_imap_address_and_its_password_as_the_gm_gives_them():
    environ = {imap.PASSWORD_VARIABLE: "pw"}
    found = imap.account_from("imaps://sc@example.org@imap.example.org/VII%20Legio", environ)
    assert (found.scheme, found.host, found.port, found.user, found.folder) == (
        "imaps", "imap.example.org", 993, "sc@example.org", "VII Legio")
    assert "pw" not in repr(found)  # never in a traceback or a log
    plain = imap.account_from("imap://gm@mail.example.org:1143", environ)
    assert (plain.port, plain.folder, plain.key) == (1143, "INBOX", "gm@mail.example.org/INBOX")
    for url, said in (("imaps://imap.example.org/INBOX", "give the account and the server"),
                      ("imaps://a:pw@imap.example.org/", "never write the password"),
                      ("pop3://a@b.example/", "not an IMAP address"),
                      ("imaps://a@b.example/Pòsta", "printable ASCII only")):
        with pytest.raises(imap.GameError, match=said):
            imap.account_from(url, environ)
    with pytest.raises(imap.GameError, match="export PBEM_IMAP_PASSWORD"):
        imap.account_from("imaps://a@b.example/", {})


def test_the_time_a_server_received_a_mail_is_read_in_any_locale():
    assert imap._internaldate(b'1 (UID 7 INTERNALDATE " 4-Dec-2026 18:10:09 -0130" BODY[]') \
        .isoformat() == "2026-12-04T18:10:09-01:30"
    assert imap._internaldate(b'INTERNALDATE "31-Feb-2026 18:10:09 +0000"') is None
    assert imap._internaldate(b"1 (UID 7 BODY[] {3}") is None
