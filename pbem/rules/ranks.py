"""The hierarchy of the VII Legio (rulebook section 2, 3A, 3F c).

Five ranks, lowest first. Each rank may command some ship types; passing the rank's
promotion threshold (checked by the MISSUS at the base planet, 3A) gives the next rank.
Reaching the last rank (Fabius) wins the game, so it has no threshold and no ship.
A rescue return demotes by one rank but never below the lowest (3F c).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Rank:
    name: str
    ships: tuple[str, ...]  # ship types this rank may command
    promotion: int | None  # points needed for the next rank; None on the last rank


def rank_index(ranks: Sequence[Rank], name: str) -> int:
    """Position of `name` in the ladder (0 = lowest); ValueError if unknown."""
    for i, rank in enumerate(ranks):
        if rank.name.lower() == name.lower():
            return i
    raise ValueError(f"unknown rank {name!r}; use one of {', '.join(r.name for r in ranks)}")


def next_rank(ranks: Sequence[Rank], name: str) -> Rank | None:
    """The rank a promotion gives, or None from the top rank."""
    i = rank_index(ranks, name)
    return ranks[i + 1] if i + 1 < len(ranks) else None


def previous_rank(ranks: Sequence[Rank], name: str) -> Rank:
    """The rank after a demotion: one lower, but a lowest-rank officer stays (3F c)."""
    i = rank_index(ranks, name)
    return ranks[max(i - 1, 0)]
