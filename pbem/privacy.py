"""What pbem writes in a game folder is the GM's alone.

`game.db` holds the game secret (the whole map and every die still to come), the backups
hold it too, and an unsent welcome letter holds an officer's secret: on a machine shared
with players, a file anyone may read gives the game away. So whatever a command writes in
a game folder is created private, folders 0700 and files 0600, whatever the umask of the
GM's shell. What the GM publishes he copies out himself (docs/gm-guide.md says how).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

PRIVATE_UMASK = 0o077  # no bit for the group or the others: folders 0700, files 0600
PRIVATE_FOLDER = 0o700


@contextmanager
def private_files() -> Iterator[None]:
    """Every file and folder made while the block runs is private to the user."""
    before = os.umask(PRIVATE_UMASK)
    try:
        yield
    finally:
        os.umask(before)
