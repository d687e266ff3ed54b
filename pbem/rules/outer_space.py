"""Outer space (rulebook 5A, S.C. advanced rules): which games explore it.

"All the norms provided for inner space remain valid" (S.C. advanced rules, general rule):
the advanced level adds its rules on top of the basic ones, and each of them asks
`explored` whether the game is played in outer space.
"""

from __future__ import annotations

from typing import Any, Mapping

BASIC = "basic"  # exploration of inner space
ADVANCED = "advanced"  # exploration of outer space
LEVELS: tuple[str, ...] = (BASIC, ADVANCED)
SETTING = "level"  # its name in a game's settings


def explored(settings: Mapping[str, Any]) -> bool:
    """Is this game played in outer space?"""
    return settings.get(SETTING) == ADVANCED
