"""Words the direct writers print the same in every format, only escaped differently.

Each takes the format's `Escaped` and returns the text between the markup its writer puts
around it (a text report's indent, an HTML report's `<li>`); a number is printed as it is,
as both formats print it."""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import Any, Callable

from ..formats import Escaped

# A report's lines for data that many officers of a move are told alike, by the id of the
# dict (the rules give them one dict each, `Board.told`: an unanswered INFO NEW, the alien
# ship picked up from one parsec, a fit): the dict, the kind of event or of line it was
# printed as, the line. Each writer keeps one for the reports of a move, in its own format;
# the dict kept beside its line keeps its id from being given to another while the memo
# lives (event data are never mutated).
Said = dict[int, tuple[dict, str, str]]


# What every writer's line of a sighting prints, but its facts (a list): ten thousand
# officers' sightings of a move are a thousand lines or so, the same planets seen from the
# same parsecs of like routes (the officer who sighted it is not in the line).
_SIGHTED = itemgetter("base", "planet", "new", "known", "points", "distance", "bearing", "parsec")


def SIGHTED(d: dict[str, Any]) -> tuple:
    """All a line of a sighting prints but its facts; `standing` and `found_by` only some
    sightings have."""
    return (*_SIGHTED(d), "standing" in d, d.get("found_by"))


def by_sighting(line: Callable[[dict[str, Any], Escaped], str]
                ) -> Callable[[dict[str, Any], Escaped], str]:
    """`line(d, e)`, the line of a sighting `d`, printed once in each format for all the
    sightings it prints alike (`Escaped.lines`, keyed by the line's writer and all that the
    lines of sightings print)."""

    @functools.wraps(line)
    def printed(d: dict[str, Any], e: Escaped) -> str:
        key = (line, SIGHTED(d), tuple(d["facts"]))
        found = e.lines.get(key)
        if found is None:
            found = e.lines[key] = line(d, e)
        return found

    return printed


def landing_told(landing: dict[str, Any], route: dict[str, Any] | None) -> str:
    """How the officer is told he landed (`landed.how`): a landing he did not choose is
    public without its cause, which his own route tells him (a distortion's block, a route
    run onto a planet with no radar on); without it he hears "LANDED ON" alone."""
    how = landing["how"]
    if how != "forced-landing":
        return how
    stop = route.get("stop") if route else None
    return stop if stop in ("distortion", "forced-landing") else ""


def plural(n: Any) -> str:
    """The templates' `"s" if n != 1`."""
    return "s" if n != 1 else ""


def ordered(route: dict[str, Any], e: Escaped) -> str:
    """The route as ordered, up to its radars (both reports' two Ordered lines share it)."""
    return (f"{e.once(route['ordered'])} ({route['planned']} parsec{plural(route['planned'])}; "
            f"thrust {route['thrust']} with {route['tanks']} tank{plural(route['tanks'])}; "
            f"{route['radars']} radar{plural(route['radars'])} on")


def information(i: dict[str, Any], e: Escaped) -> str:
    """One answer to an information request, as both reports tell it, up to its full stop."""
    landing = ", completed on landing" if i["landing"] else ""
    if i["wasted"]:
        told = ("D.N.S. - data not sufficient, "
                + ("rolled again" if i["landing"] else "the request is wasted"))
    else:
        told = e[i["value"]]
        if i["reference"] is not None:
            told += f" (G.I. reference {e[i['reference']]})"
        if "radioactivity" in i:
            told += (f"; radioactivity {e[i['radioactivity']]} (d{e[i['radioactivity_die']]}: "
                     f"{e[i['radioactivity_face']]}), atmosphere {e[i['atmosphere']]}")
    return (f"{e[i['planet']]}, level {e[i['level']]}{landing} (d{e[i['die']]}: "
            f"{e[i['face']]}): {told}")
