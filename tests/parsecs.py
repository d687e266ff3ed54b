"""A route's parsecs one by one, and the one radar sees from: the plain ways the tests hold
the fast ones to. The core traces a route leg by leg (`pbem.rules.route.trace`) and looks
for a sighting level by level (`pbem.rules.sighting`); these spell the same out."""

from __future__ import annotations

from pbem.rules import legs
from pbem.rules.geometry import Position, Segment, Zone
from pbem.rules.legs import Parsec
from pbem.rules.route import RouteResult, expand_legs
from pbem.rules.sighting import seen_from


def expand(start: Position, route: tuple[Segment, ...], zone: Zone) -> tuple[list[Parsec], str | None]:
    """The parsecs of a route inside the zone, and why it was cut short (EDGE, NO_LEVEL)."""
    found, cut = expand_legs(start, route, zone)
    return legs.parsecs(found), cut


def nearest_parsec(path: tuple[Parsec, ...] | list[Parsec] | RouteResult, there: Position,
                   reach: int) -> tuple[int, Parsec] | None:
    """The parsec of the path from which radar picks up what is at `there`, and its distance:
    as for a planet, the nearest parsec, then the smaller straight-line distance, then the
    earlier parsec (DESIGN). None when it is beyond reach of every parsec."""
    if isinstance(path, RouteResult):
        levels = path.levels if path.levels is not None else legs.layout(path.legs)
    else:
        levels = legs.layout(legs.of_path(path))
    seen = seen_from(levels, there, reach)
    if seen is None:
        return None
    number, x, y, d = seen
    return d, Parsec(number, Position(x, y, there.level))
