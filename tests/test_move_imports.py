"""What a move imports of the GM's desk: the writing of mail only in a game that mails, the
GM's commands on officers never (docs/code.md, "Which way the imports point")."""

from __future__ import annotations

import subprocess
import sys

from pbem import game

from conftest import EXAMPLE_FIT

# Modules a move of a game without the GM's address (nor a schedule) has no use for: the
# mail parsers too, its order files being plain files.
NOT_IN_A_MOVE = ("pbem.roster", "pbem.addresses", "pbem.mail.outbox", "pbem.mail.compose",
                 "multiprocessing", "email", "mailbox", "html.parser", "dateutil")

MOVE = """\
import sys
from pbem.cli import main
try:
    main(["resolve", sys.argv[1], "--force"])
except SystemExit as end:
    assert not end.code, end.code
print(" ".join(sorted(set(sys.argv[2:]) & set(sys.modules))))
"""


def test_a_move_of_a_game_without_mail_imports_neither_outbox_nor_roster(tmp_path):
    folder = tmp_path / "cornifex"
    game.new_game(folder, 7, name="cornifex", size=12)
    for name in ("Notius", "Varro"):
        game.enlist(folder, name, f"{name.lower()}@example.org", "GLADIUM", name.upper(),
                    EXAMPLE_FIT)
    done = subprocess.run([sys.executable, "-c", MOVE, str(folder), *NOT_IN_A_MOVE],
                          capture_output=True, text=True, check=True)
    imported = done.stdout.splitlines()[-1].split()  # the last line, after the summary
    assert imported == []
    assert (folder / "reports" / "move-01").is_dir() and not (folder / "outbox").exists()
