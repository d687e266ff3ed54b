"""The commander the GM enlists: the personality and the specialist officer he declares
(5D, 5E), checked against the rules and the game's level.
"""

from __future__ import annotations

import json

from .errors import GameError
from .rules.outer_space import explored
from .rules.personality import problems as personality_problems
from .rules.ruleset import Ruleset
from .rules.specialists import parse as parse_specialist
from .rules.specialists import problems as specialist_problems
from .rules.state import Specialist


def commander(g: dict, ruleset: Ruleset, personality: int | None,
              specialist: str | None) -> tuple[int, Specialist | None]:
    """The personality and the specialist officer declared at enlistment (5D, 5E): in outer
    space only, where they count ("In inner space the personality of the commander is not
    considered", section 4 note A)."""
    advanced = explored(json.loads(g["settings"]))
    if not advanced and (personality is not None or specialist is not None):
        raise GameError("--personality and --specialist belong to the advanced level "
                        "(exploration of outer space); this game explores inner space")
    if personality is not None:
        problems = personality_problems(personality)
        if problems:
            raise GameError(f"--personality {personality}: " + "; ".join(problems))
    chosen = None
    if specialist is not None:
        try:
            chosen = parse_specialist(specialist)
        except ValueError as e:
            raise GameError(f"--specialist: {e}") from None
        problems = specialist_problems(chosen, ruleset.specialists) if chosen else []
        if problems:
            raise GameError(f"--specialist {specialist}: " + "; ".join(problems))
    return personality or 0, chosen
