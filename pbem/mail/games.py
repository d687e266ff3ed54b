"""One mailbox, many games: a GM who runs several games reads his mail once, and each mail
goes to the game its GAME line names.

The games are given as game folders, or as a folder holding game folders; their names (as
players write them after GAME, in any case) must differ. A mail that names none of them,
or holds no orders at all, is filed in none: it is listed for the GM and left where it is.
Each game files and answers its own mail as `pbem inbox` on it alone would, its receipts
from its own address.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterable

from ..defaults import DB_NAME
from ..errors import GameError
from ..filing import Inbox
from ..letters import reading
from ..letters.letter import Letter
from ..orders.reader import read_orders
from ..storage import game_state
from ..storage.database import open_db
from .intake import InboxRun, file_letters, intake


@dataclass(frozen=True)
class Stray:
    """A mail for no game of these: the GM reads it."""

    source: str
    sender: str
    subject: str
    why: str


def game_folders(paths: Iterable[Path | str]) -> list[Path]:
    """Each path a game folder, or a folder whose sub-folders are games; none twice."""
    found: list[Path] = []
    for path in map(Path, paths):
        if (path / DB_NAME).is_file():
            found.append(path)
        elif path.is_dir():
            games = sorted(p for p in path.iterdir() if (p / DB_NAME).is_file())
            if not games:
                raise GameError(f"{path}: neither a game folder nor a folder of games "
                                f"(no {DB_NAME} in it or in its folders)")
            found += games
        else:
            raise GameError(f"{path}: no such folder; give a game folder or a folder of games")
    seen: set[Path] = set()
    unique = []
    for folder in found:
        if folder.resolve() not in seen:
            seen.add(folder.resolve())
            unique.append(folder)
    return unique


class Games:
    """The desks of several games, each mail sent to the one its GAME line names."""

    def __init__(self, folders: list[Path], now: datetime | None = None) -> None:
        self.folders = folders
        self.desks: dict[Path, tuple[Inbox, InboxRun]] = {}
        self.ended: dict[str, Path] = {}
        for folder in folders:
            db = open_db(folder)
            g = game_state.game_row(db)
            db.close()
            if g["ended"] and len(folders) > 1:  # one game alone says it is over
                self.ended[g["name"].casefold()] = folder
                continue
            self.desks[folder] = intake(folder, now)
        self.by_name: dict[str, Path] = {}
        for folder, (desk, _) in self.desks.items():
            name = desk.game.casefold()
            if name in self.by_name:
                raise GameError(f"two games are named {desk.game}: {self.by_name[name]} and "
                                f"{folder}; a mail could not tell them apart")
            self.by_name[name] = folder
        self.strays: dict[str, Stray] = {}

    def game_of(self, letter: Letter) -> Path | None:
        """The game the letter's GAME line names; None (the letter listed as a stray) when
        it names none of these, or holds no orders."""
        if len(self.folders) == 1 and self.desks:
            return next(iter(self.desks))  # one game: every mail is its, as before
        named = read_orders(letter.orders, letter.source)[0].game if letter.has_orders else None
        folder = self.by_name.get(named.casefold()) if named else None
        if folder is None:
            if named is None:
                why = letter.reason or "no GAME line"
            elif named.casefold() in self.ended:
                why = f"for game {named}, which is over"
            else:
                why = f"for game {named}, none of these"
            self.strays[letter.source] = Stray(letter.source, letter.sender, letter.subject, why)
        return folder

    def file(self, letters: Iterable[Letter], also=None) -> dict[Path, list[Letter]]:
        """The letters filed in their games, a transaction a game; `also(folder, pairs)`
        records more with each game's letters."""
        sorted_out: dict[Path, list[Letter]] = {}
        for letter in letters:
            folder = self.game_of(letter)
            if folder is not None:
                sorted_out.setdefault(folder, []).append(letter)
        for folder, mine in sorted_out.items():
            desk, run = self.desks[folder]
            file_letters(desk, run, mine,
                               also=(lambda pairs, f=folder: also(f, pairs)) if also else None)
        return sorted_out


def file_mail(folders: list[Path], sources: Iterable[Path | str],
              now: datetime | None = None) -> Games:
    """`pbem inbox --games`: the mail of the sources read once, each filed in its game."""
    for source in sources:
        if not Path(source).exists():
            raise GameError(f"{source}: no such file or folder; give a Maildir, an mbox file, "
                            ".eml files, order files or a folder of them")
    games = Games(folders, now)
    games.file(reading.read_letters(sources))
    return games
