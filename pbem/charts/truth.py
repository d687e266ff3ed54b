"""The GM's Tabula Spatii after a move: everything true, as the S.C. keeps it (S.C. rules B-D).

Absolute squares (x from the West edge, y from the South edge, level 1 the highest), every
planet with what is hidden about it, every ship where it really is, and the route each ship
really flew this move, pencilled from its true square.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ..rules.events import Event
from ..rules.state import GameState
from .reckoning import route_tracks


# The events the Tabula Spatii is drawn from, besides the state.
READ = frozenset({"route", "rescue", "untold-route", "net", "distortion-exit"})


def tabula(before: GameState, after: GameState, events: Iterable[Event], move: int,
           describe: Callable[..., Iterable[str]]) -> dict[str, Any]:
    """`describe` turns a planet's Information Sheet answers into words (the ruleset's), and
    in outer space its radioactivity too."""
    names = {o.id: o.name for o in after.officers.values()}
    base = after.base.position
    planets = [
        {
            "id": p.id, "designation": p.designation, "at": list(p.position), "base": p.base,
            # Outer space: the radioactivity is told with the planet type (S.C. rule B).
            "facts": list(describe(p.facts, p.radioactivity) if p.radioactivity
                          else describe(p.facts)),
            "known": p.known, "destroyed": p.destroyed,
            "populated": p.populated, "aliens": list(p.aliens), "hostile": p.hostile,
            "discovered_by": names.get(p.discovered_by), "discovered_move": p.discovered_move,
        }
        for p in sorted(after.planets.values(), key=lambda p: p.id)
    ]
    # Each route from the square the ship really stood on when it flew: where the move found
    # it, or the base when a colleague's Tot sent it home by rescue return before its turn.
    # A ship with no computer is told nothing of its route (3D f): the GM reads how far it went;
    # one a net held was told nothing of it either (5B b), and the GM reads where it stopped.
    # The events are read once: ten thousand officers' turns are a hundred thousand of them.
    rescued: set[int] = set()
    untold: dict[int, int] = {}
    held: dict[int, int] = {}
    flown: list[tuple[int, dict[str, Any], bool]] = []  # officer, route, rescued before it
    exits: list[dict[str, Any]] = []
    for e in events:
        kind = e.kind
        if kind not in READ:
            continue
        if kind == "route":
            if e.officer in before.officers:
                flown.append((e.officer, e.data, e.officer in rescued))
        elif kind == "rescue":
            rescued.add(e.officer)
        elif kind == "untold-route":
            untold[e.officer] = e.data["travelled"]
        elif kind == "net":
            held[e.officer] = e.data["parsec"]
        elif kind == "distortion-exit":
            exits.append({"officer": names[e.officer], "from": e.data["square"],
                          "at": e.data["exit"]})
    lines: list[dict[str, Any]] = []
    for officer, route, home in flown:
        travelled = held.get(officer, route.get("travelled", untold.get(officer, 0)))
        start = base if home else before.officers[officer].position
        for level, points in route_tracks(tuple(start), route["ordered"], travelled):
            lines.append({"officer": names[officer], "level": level, "points": points})
    ships = [
        {
            "officer": o.name, "rank": o.rank, "ship_type": o.ship.type, "ship_name": o.ship.name,
            "at": list(o.position), "score": o.score, "ground": o.landing is not None,
            "landed": after.planets[o.landed_on].designation if o.landed_on else None,
        }
        for o in after.turn_order()
    ]
    drawn = {"move": move, "size": after.zone.size, "levels": after.zone.levels,
             "planets": planets, "ships": ships, "tracks": lines}
    if after.hazards:
        # Outer space (5B): every hazard, and where each distortion put a ship in secret.
        drawn["hazards"] = after.hazards.listing()
        drawn["exits"] = exits
    return drawn
