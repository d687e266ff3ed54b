"""What the command line shows before any game is opened: the name of a game folder's
database and the defaults of `pbem new`. Plain values, importing nothing, so that
`pbem check` without a game starts in a glance.
"""

from __future__ import annotations

DB_NAME = "game.db"  # a game folder's database
DEFAULT_SIZE = 30  # parsec squares per side of a level
KEEP_BACKUPS = 10  # backups of the game before a move kept by default (`pbem backups --keep`)
# `pbem new --rule ...`: the optional rules pbem plays (the rules core names each, e.g.
# `pbem.rules.research.RULE`; a test holds the two together).
OPTIONAL_RULES: tuple[str, ...] = ("research",)
