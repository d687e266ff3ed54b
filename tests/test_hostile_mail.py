"""No mail stops the desk, and none costs more than its size.

Mails built to break the inbox, fed to `pbem inbox` and `pbem resolve` through the CLI
beside a good mail: a charset whose text decodes to a lone surrogate (UTF-7 `+2AA-`, a
`unicode_escape` label over `\\udc80`), a Date no calendar holds, an HTML mail of tens of
thousands of nested quotes, and Maildir entries that are no mail (a FIFO, a link to
/dev/zero, a file larger than any mail, a name of twenty digits). Each is listed for the
GM; the good mail is filed all the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

import pbem.filing
from pbem import game
from pbem.cli import main
from pbem.letters.letter import MOST_MAIL_BYTES
from pbem.letters.reading import letter_from_bytes

from conftest import EXAMPLE_FIT

PBEM = str(Path(sys.executable).with_name("pbem"))
ORDERS = "GAME cornifex\nOFFICER {officer}\nSECRET {secret}\nMOVE 1\nROUTE 1 N\nEND\n"
SECRETS = {"Alpha": "aaaa-1111", "Beta": "bbbb-2222"}


def mail(officer: str = "Alpha", *, subject: str = "orders",
         date: str = "Mon, 30 Nov 2026 20:00:00 +0000", head: str = "",
         body: str | None = None) -> bytes:
    text = body if body is not None else ORDERS.format(officer=officer, secret=SECRETS[officer])
    return (f"From: {officer.lower()}@example.org\nSubject: {subject}\nDate: {date}\n{head}\n"
            f"{text}").encode("utf-8")


HOSTILE = {
    "utf7.eml": mail(head='Content-Type: text/plain; charset="utf-7"\n',
                     body="hello +2AA- there\n" + ORDERS.format(officer="Alpha",
                                                                secret=SECRETS["Alpha"])),
    "escape.eml": mail(head='Content-Type: text/plain; charset="unicode_escape"\n',
                       body="hello \\udc80 there\n" + ORDERS.format(officer="Alpha",
                                                                    secret=SECRETS["Alpha"])),
    "9999.eml": mail(date="Fri, 31 Dec 9999 23:59:59 -1200"),
}


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "cornifex"
    game.new_game(folder, 7, name="cornifex", size=12, mail_from="SC <sc@example.org>")
    for name, secret in SECRETS.items():
        game.enlist(folder, name, f"{name.lower()}@example.org", "GLADIUM", name, EXAMPLE_FIT,
                    secret=secret)
    return folder


def inbox(folder: Path, *sources) -> subprocess.CompletedProcess:
    # A process of its own with a bound: a mail that hangs the inbox fails the test.
    done = subprocess.run([PBEM, "inbox", str(folder), *map(str, sources)],
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_hostile_mail_is_listed_and_the_others_filed(folder, tmp_path, name):
    (tmp_path / name).write_bytes(HOSTILE[name])
    (tmp_path / "beta.eml").write_bytes(mail("Beta"))
    out = inbox(folder, tmp_path / name, tmp_path / "beta.eml").stdout
    assert f"{tmp_path / name}: accepted for move 1 (Alpha)" in out
    assert f"{tmp_path / 'beta.eml'}: accepted for move 1 (Beta)" in out
    assert "Filed 2 mails: 2 accepted" in out
    assert "Filed 0 mails: 0 accepted, 0 refused, 0 waiting for a later move, 0 not orders; " \
           "2 filed before." in inbox(folder, tmp_path / name, tmp_path / "beta.eml").stdout


def test_the_hostile_texts_are_read_without_what_no_text_can_hold():
    utf7 = letter_from_bytes(HOSTILE["utf7.eml"], "utf7.eml", 0)
    assert utf7.body.startswith("hello \ufffd there\n")  # the lone surrogate replaced
    escape = letter_from_bytes(HOSTILE["escape.eml"], "escape.eml", 0)
    assert escape.body.startswith("hello \\udc80 there\n")  # no charset: read as it is
    dated = letter_from_bytes(HOSTILE["9999.eml"], "9999.eml", 0)
    assert dated.date is None and dated.dated_by == ""  # no date: dated when it is filed


def test_hostile_mails_saved_in_orders_never_stop_resolve(folder):
    orders = folder / "orders"
    for name, data in HOSTILE.items():
        (orders / name).write_bytes(data)
    (orders / "beta.eml").write_bytes(mail("Beta"))
    (orders / os.fsdecode(b"name-\xff.eml")).write_bytes(mail("Beta", subject="again"))
    done = CliRunner().invoke(main, ["resolve", str(folder)])
    assert done.exit_code == 0, done.output
    assert "Move 1: 2 officers, 2 with valid orders, 0 holding position." in done.output


def test_a_bug_met_filing_one_mail_files_it_as_unread_and_the_others_as_ever(
        folder, tmp_path, monkeypatch):
    (tmp_path / "a.eml").write_bytes(mail("Alpha", subject="the bad one"))
    (tmp_path / "b.eml").write_bytes(mail("Beta"))
    label = pbem.filing.Inbox._label

    def failing(self, letter, date):
        if letter.subject == "the bad one":
            raise OverflowError("date value out of range")
        return label(self, letter, date)

    monkeypatch.setattr(pbem.filing.Inbox, "_label", failing)
    done = CliRunner().invoke(main, ["inbox", str(folder), str(tmp_path / "a.eml"),
                                     str(tmp_path / "b.eml")])
    assert done.exit_code == 0, done.output
    assert (f"not orders  {tmp_path / 'a.eml'}: the mail could not be read (OverflowError: "
            "date value out of range)") in done.output
    assert f"{tmp_path / 'b.eml'}: accepted for move 1 (Beta)" in done.output
    status = CliRunner().invoke(main, ["status", str(folder)]).output
    assert "Mail that is not orders (1), for you to read:" in status


def nested_html(quotes: int, breaks: int) -> bytes:
    html = "<blockquote>" * quotes + "<br>" * breaks + "GAME cornifex"
    return mail(head="Content-Type: text/html\n", body=html)


def _peak_memory(data: bytes) -> int:
    tracemalloc.start()
    try:
        letter_from_bytes(data, "nested.eml", 0)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reading_an_html_mail_costs_memory_in_proportion_to_its_size():
    """The mail of the report: 40,000 nested <blockquote> and 10,000 <br>, 520 KB, took
    51 s and 4.6 GB when each line carried its whole quoting. Memory is what is measured
    (time would flake on a loaded machine), on a quarter of it and on half (tracing every
    allocation is slow): twice the mail, about twice the memory (quoting carried whole
    would be four times), some tens of times the mail's size."""
    small, large = nested_html(10_000, 2_500), nested_html(20_000, 5_000)
    peak_small, peak_large = _peak_memory(small), _peak_memory(large)
    assert peak_small < 40 * len(small), peak_small
    assert peak_large < 2.5 * peak_small, (peak_small, peak_large)
    reported = nested_html(40_000, 10_000)
    assert len(reported) > 500_000
    letter = letter_from_bytes(reported, "nested.eml", 0)
    assert len(letter.body) < 2 * len(reported)


@pytest.fixture
def maildir(tmp_path) -> Path:
    """A Maildir holding a good mail and every entry that is no mail."""
    box = tmp_path / "Mail"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    (box / "new" / "1700000000.M1P1.host").write_bytes(mail("Beta"))
    os.mkfifo(box / "new" / "1700000001.M2P2.host")
    (box / "new" / "1700000002.M3P3.host").symlink_to("/dev/zero")
    with open(box / "cur" / "1700000003.M4P4.host:2,S", "wb") as large:
        large.truncate(MOST_MAIL_BYTES + 1)  # sparse: a mail of more than 25 MiB
    (box / "new" / ("9" * 20 + ".M5P5.host")).write_bytes(mail("Alpha"))
    return box


def test_maildir_entries_that_are_no_mail_are_skipped_with_a_line(folder, maildir):
    out = inbox(folder, maildir).stdout
    assert f"{maildir}, mail 1700000000.M1P1.host: accepted for move 1 (Beta)" in out
    lines = {line.split(": ", 1)[0].split("mail ")[-1]: line for line in out.splitlines()
             if "could not be read" in line}
    assert "it is a named pipe (FIFO), not a file; remove it" in lines["1700000001.M2P2.host"]
    assert "it is a device, not a file; remove it" in lines["1700000002.M3P3.host"]
    assert f"larger than {MOST_MAIL_BYTES // 2**20} MiB" in lines["1700000003.M4P4.host"]
    assert "later than any date" in lines["9" * 20 + ".M5P5.host"]
    assert "Filed 5 mails: 1 accepted, 0 refused, 0 waiting for a later move, 4 not orders." in out
