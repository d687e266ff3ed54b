"""The game's lock: one command at a time changes a game.

A GM runs `pbem inbox` from cron while he types `pbem resolve`, or `pbem send` twice. Run
together, an inbox files mail after resolve has read the orders (accepted, and never
played), two sends deliver every letter twice, two resolves overwrite the backup. So every
command that changes a game holds the game's lock for its whole life: an OS file lock
(`flock`) on `game.lock` in the game folder. The OS lets go of it when the process ends,
however it ends, so a lock left by a killed command never blocks the next one: only a
live process holds it. The file also says who holds it (command, pid, since when), for
the command that waits to tell the GM. Commands that only read do not take it.
"""

from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterator

from .errors import GameError

LOCK_NAME = "game.lock"
WAIT_SECONDS = 60.0  # how long a command waits for the game by default
WAIT_VARIABLE = "PBEM_LOCK_WAIT"  # or `pbem --wait SECONDS`
_POLL = 0.05  # seconds between two tries while waiting


class GameBusy(GameError):
    """Another live command holds the game for longer than this one would wait."""


def holder_of(game_dir: Path) -> str:
    """Who holds (or last held) the game, as its lock file says: "`pbem resolve` (pid
    4242, since 2026-12-04 18:30:01 UTC)"; "" when the file says nothing."""
    try:
        text = (Path(game_dir) / LOCK_NAME).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    command, _, rest = text.partition("\n")
    pid, _, since = rest.partition("\n")
    if not command:
        return ""
    return f"`{command}` (pid {pid.strip()}, since {since.strip()})"


@contextmanager
def game_lock(game_dir: Path, command: str, wait: float = WAIT_SECONDS,
              waiting: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the game's lock while the block runs. If another command holds it, call
    `waiting` once with its holder, try again until `wait` seconds have passed, then
    raise GameBusy naming the holder."""
    path = Path(game_dir) / LOCK_NAME
    # Private like the game (0600), never truncated before it is ours: until then it
    # says who holds the game.
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as e:
        raise GameError(f"{path}: the game's lock cannot be opened ({e.strerror}); pbem "
                        "needs to write in the game folder") from None
    try:
        deadline = time.monotonic() + max(0.0, wait)
        told = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                pass
            except OSError as e:  # a file system without locks (some network ones)
                raise GameError(f"{path}: the game cannot be locked ({e.strerror}); keep "
                                "the game on a local disk") from None
            if time.monotonic() >= deadline:
                holder = holder_of(game_dir) or "another pbem command"
                raise GameBusy(
                    f"{game_dir} is busy: {holder} is working on the game, and waiting "
                    f"{wait:g} s for it to finish was not enough. Run this again when it is "
                    f"done, or wait longer with `pbem --wait SECONDS` or {WAIT_VARIABLE}."
                )
            if not told and waiting is not None:
                waiting(holder_of(game_dir) or "another pbem command")
                told = True
            time.sleep(_POLL)
        since = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{command}\n{os.getpid()}\n{since}\n".encode("utf-8"), 0)
        yield
    finally:
        os.close(fd)  # lets go of the lock; the file stays, saying who held it last

