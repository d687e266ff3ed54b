"""Nothing a player wrote steers the GM's terminal, whatever command prints it.

A mail's GAME line can carry an OSC 0 escape (it retitles the window), its OFFICER line an
OSC 52 one (it writes to the GM's clipboard where the terminal allows it), a subject a
U+202E (it shows the line backwards). Every command's output goes through one escaper
(`terminal.clean`, as `pbem check` and the GM log do): the GM sees `\\x1b]52;...` and
nothing happens. Run as real processes, so that what is checked is what reaches the
terminal.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pbem import game

from conftest import EXAMPLE_FIT

PBEM = str(Path(sys.executable).with_name("pbem"))
OSC_52 = "\x1b]52;c;cm0gLXJmIH4K\x07"  # "rm -rf ~" to the clipboard
TITLE = "\x1b]0;pwned\x07"
# What no output may hold: C0 and C1 controls but newline, and the bidi controls.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def pbem(*args) -> subprocess.CompletedProcess:
    return subprocess.run([PBEM, *map(str, args)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "cornifex"
    game.new_game(folder, 7, name="cornifex", size=12, mail_from="SC <sc@example.org>")
    game.enlist(folder, "Alpha", "alpha@example.org", "GLADIUM", "Alpha", EXAMPLE_FIT,
                secret="aaaa-1111")
    mails = tmp_path / "mails"
    mails.mkdir()

    def mail(name: str, subject: str, body: str) -> None:
        (mails / name).write_bytes(
            (f"From: x@example.org\nSubject: {subject}\nDate: Mon, 30 Nov 2026 20:00:00 +0000\n"
             f"Content-Type: text/plain; charset=utf-8\n\n{body}").encode("utf-8"))

    mail("title.eml", "orders", f"GAME {TITLE}cornifex\nOFFICER Alpha\nSECRET aaaa-1111\n"
                                "MOVE 1\nEND\n")
    mail("clipboard.eml", "orders", f"GAME cornifex\nOFFICER Al{OSC_52}pha\u202e\n"
                                    "SECRET aaaa-1111\nMOVE 1\nEND\n")
    mail("bidi.eml", "hello \u202ethere\u2066 \x9b2J", f"nothing here {TITLE}\n")
    (mails / f"name{TITLE}.eml").write_bytes(b"GAME cornifex\nOFFICER Alpha\nMOVE 1\nEND\n")
    return folder


def test_inbox_and_status_show_what_a_player_wrote_escaped(folder):
    filed = pbem("inbox", folder, folder.parent / "mails")
    assert filed.returncode == 0, filed.stderr
    status = pbem("status", folder)
    resolved = pbem("resolve", folder, "--force")
    for done in (filed, status, resolved):
        assert not RAW.findall(done.stdout + done.stderr), done.stdout
    seen = filed.stdout + status.stdout
    assert "\\x1b]0;pwned\\x07cornifex" in seen
    assert "Al\\x1b]52;c;cm0gLXJmIH4K\\x07pha\\u202e" in seen
    assert "name\\x1b]0;pwned\\x07.eml" in seen


def test_an_error_quoting_a_name_shows_it_escaped(folder):
    done = pbem("retire", folder, f"Al{OSC_52}pha", "--reason", "why")
    assert done.returncode == 1
    assert "Al\\x1b]52;c;cm0gLXJmIH4K\\x07pha" in done.stderr
    assert not RAW.findall(done.stdout + done.stderr)


def test_every_command_prints_through_the_one_escaper(capsys):
    """What a command prints with click.echo or print, to standard output or error, is
    escaped while the CLI runs it: a command written tomorrow is covered too."""
    import click

    from pbem.terminal import escaped_output

    with escaped_output():
        click.echo(f"a{OSC_52}b\u202ec\td")
        click.echo(f"{TITLE}\x9b", err=True)
        print("e\u2066f")
    shown = capsys.readouterr()
    assert shown.out == "a\\x1b]52;c;cm0gLXJmIH4K\\x07b\\u202ec\td\ne\\u2066f\n"
    assert shown.err == "\\x1b]0;pwned\\x07\\x9b\n"
    print("\x1b")  # given back as it was
    assert capsys.readouterr().out == "\x1b\n"
