"""The game the language tests share: Italian, collecting move 1, with Notius reading the
game's Italian and Varro English."""

from __future__ import annotations

from pathlib import Path

from commands import ok

GM = "Space Computer <sc@example.org>"
FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"


def italian_game(folder: Path) -> Path:
    ok("new", folder, "--seed", "7", "--name", "aquileia", "--size", "12", "--gm-email", GM,
       "--lang", "it")
    ok("enlist", folder, "--name", "Notius", "--email", "notius@example.org", "--fit", FIT,
       "--secret", "4tq9-mx2d")
    ok("enlist", folder, "--name", "Varro", "--email", "varro@example.org", "--fit", FIT,
       "--secret", "zz81-kq0p", "--lang", "en")
    return folder
