"""The one error pbem shows the GM as it is: its message says what to do.

A module of its own, importing nothing, so that the command line can catch it without
loading the game's machinery (SQLite, templates, mail) for a command that needs none.
"""

from __future__ import annotations


class GameError(Exception):
    """A GM-facing problem: the message says what to do."""
