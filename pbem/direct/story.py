"""`story.j2` and `public.html.j2` written in Python: the lines of the bulletin's story.

Read it beside the templates: `opening`, `line` and `planet` are story.j2's macros of those
names, one function per branch of `line` (`LINES`, in the template's order); `html_line` is
public.html.j2's `line`, which tells some kinds with markup of its own and the others as
story.j2 does. Every `{{ value }}` of a macro is `e[value]`: the bulletin's format escapes
it (`Escaped`, as the template's `finalize` and autoescaping do); the text around it is the
template's.
"""

from __future__ import annotations

from typing import Any, Callable

from ..formats import Escaped
from ..formats import at_parsec_cached as at_parsec
from .words import by_sighting, plural as _s

Line = Callable[[dict[str, Any], Escaped], str]


def opening(t: dict[str, Any], e: Escaped) -> str:
    """How a turn opens: the officer held, stayed, took off or moved."""
    name = e[t["officer_name"]]
    if not t["moved"]:
        if t.get("ground"):
            return f"{name} held position (no valid orders), on the ground of {e[t['ground']]}."
        return f"{name} held position (no valid orders)."
    if "route" in t and not t["route"]:
        if t["ground"]:
            return f"{name} stayed on the ground of {e[t['ground']]}."
        return f"{name} stayed where he was."
    if t.get("ground"):
        return f"{name} took off from {e[t['ground']]}."
    return f"{name} moved."


def _men(n: int, e: Escaped) -> str:
    return e["1 man" if n == 1 else f"{n} men"]


@by_sighting
def _sighting(d: dict[str, Any], e: Escaped) -> str:
    where = "the base" if d["base"] else e[d["planet"]]
    new = " (new)" if d["new"] else ""
    n = d["distance"]
    off = e["on the route" if n == 0 else f"{n} parsec{'s' if n != 1 else ''} {d['bearing']}"]
    facts = f"; {e[', '.join(map(str, d['facts']))]}" if d["facts"] else ""
    seen = "Where his ship stands" if "standing" in d else f"At {e[at_parsec(d['parsec'])]}"
    return f"{seen}: {where}{new}, {off}{facts}."


def _info(d: dict[str, Any], e: Escaped) -> str:
    landing = e[", completed on landing"] if d["landing"] else ""
    if d["wasted"]:
        told = "D.N.S., rolled again" if d["landing"] else "D.N.S., the request is wasted"
    else:
        told = e[d["value"]]
        if d["reference"] is not None:
            told += f" (G.I. reference {e[d['reference']]})"
        if "radioactivity" in d:
            told += f"; radioactivity {e[d['radioactivity']]}, atmosphere {e[d['atmosphere']]}"
    return f"{e[d['planet']]}, level {e[d['level']]}{landing}: {told}."


def _landed(d: dict[str, Any], e: Escaped) -> str:
    if d["base"]:
        return "Landed on the base."
    if d["how"] == "relanding":
        return f"Landed again on {e[d['planet']]}."
    if d["forced"]:
        return f"Ran onto {e[d['planet']]} unseen: landed there."
    return f"Landed on {e[d['planet']]}."


def _known(d: dict[str, Any], e: Escaped) -> str:
    return f"Took off from {e[d['planet']]}: the planet is known and gives no more points."


def _encounter(d: dict[str, Any], e: Escaped) -> str:
    sheet = d["sheet"]
    if d["riskless"]:
        how = ", nothing to fear"
    else:
        how = (f", {e[d['present']]} present, F.C. {e[sheet['fc']]} each, "
               f"{e['hostile' if d['hostile'] else 'peaceful']}")
    return f"On {e[d['planet']]}: {e[d['race']]} (G.I. {e[sheet['reference']]}){how}."


def _fight(d: dict[str, Any], e: Escaped) -> str:
    ally = f" together with {e[d['ally']]}" if d["ally"] else ""
    killed, wounded = d["killed"], d["wounded"]
    told = ""
    if killed:
        told = f"{e[killed]} killed" + (", " if wounded else "")
    if wounded:
        told += f"{e[wounded]} wounded"
    if not killed and not wounded:
        told = "no effect"
    return f"Opened fire on {e[d['planet']]}{ally}: {told}; {e[d['left']]} left."


def _attacked(d: dict[str, Any], e: Escaped) -> str:
    crews = d["target"] == "crews"
    if crews:
        told = e["no loss" if d["lost"] == 0 else _men(d["lost"], e) + " lost"]
    else:
        n = d["damages"]
        told = e["no damage" if n == 0 else f"{n} damage{_s(n)}"]
    return (f"The aliens of {e[d['planet']]} attacked {e['his crews' if crews else 'his ship']}: "
            f"{told}.")


def _capture(d: dict[str, Any], e: Escaped) -> str:
    wounded = e[" (wounded)"] if d["wounded"] else ""
    return f"Captured one of the {e[d['race']]} of {e[d['planet']]}{wounded}."


def _alliance(d: dict[str, Any], e: Escaped) -> str:
    return f"Concluded an alliance with the {e[d['race']]} of {e[d['planet']]}."


def _points_won(d: dict[str, Any], e: Escaped) -> str:
    s = e["s"] if d["net"] != 1 else ""
    return f"Brought back {e[d['net']]} point{s} from {e[d['planet']]} ({e[d['mission']]})."


def _tot(d: dict[str, Any], e: Escaped) -> str:
    result = ("the planet is cancelled from the galaxy" if d["result"] == "Yes"
              else "not authorised")
    return f"Launched a Tot 100% on {e[d['planet']]}: {e[result]}."


def _rescue(d: dict[str, Any], e: Escaped) -> str:
    return (f"{e[d['officer_name']]} lost the {e[d['lost']]} ({e[d['reason']]}): rescue return "
            f"to the base, now {e[d['rank']]} with a {e[d['ship_type']]}.")


def _promotion(d: dict[str, Any], e: Escaped) -> str:
    ship = f", with a {e[d['ship_type']]}" if d["ship_type"] else ""
    return f"Promoted {e[d['rank']]}{ship}."


def _breakthrough(d: dict[str, Any], e: Escaped) -> str:
    return f"Reached {e[d['technology']]} {e[d['level']]} (research)."


LINES: dict[str, Line] = {
    "sighting": _sighting, "info": _info, "landed": _landed, "known": _known,
    "encounter": _encounter, "fight": _fight, "attacked": _attacked, "capture": _capture,
    "alliance": _alliance, "points-won": _points_won, "tot": _tot, "rescue": _rescue,
    "promotion": _promotion, "breakthrough": _breakthrough,
}


def line(kind: str, d: dict[str, Any], e: Escaped) -> str:
    """One public event of a turn; a kind the template does not name is told by its name."""
    told = LINES.get(kind)
    return told(d, e) if told is not None else f"{e[kind]}."


def planet(p: dict[str, Any], e: Escaped) -> str:
    """A planet touched by the move, as the move left it."""
    race = f", {e[p['race']]}" if p["race"] else ""
    present, before, destroyed = p["present"], p["before"], p["destroyed"]
    if destroyed:
        state = "cancelled from the galaxy"
    elif before is not None and present < before:
        state = f"{e[present]} of {e[before]} remain"
    elif before is not None and present > before:
        state = f"{e[present]} present ({e[before]} at the start of the move)"
    else:
        state = f"{e[present]} present"
    if present and not destroyed:
        state += f", {e['hostile' if p['hostile'] else 'peaceful']}"
    if p["known"]:
        state += "; known"
    if p["ground"]:
        state += f"; on its ground: {e[', '.join(map(str, p['ground']))]}"
    return f"{e[p['planet']]}{race}: {state}."


# public.html.j2's `line`: the kinds it tells with markup of its own, then story.j2's.

@by_sighting
def _html_sighting(d: dict[str, Any], e: Escaped) -> str:
    where = "the base" if d["base"] else f"<b>{e[d['planet']]}</b>"
    new = f" (new, +{e[d['points']]})" if d["new"] else ""
    n = d["distance"]
    facts = f": {e[', '.join(map(str, d['facts']))]}" if d["facts"] else ""
    seen = "Where his ship stands, sighted" if "standing" in d else (
        f"At {e[at_parsec(d['parsec'])]} sighted")
    return (f"{seen} {where}{new}, {e[n]} parsec"
            f"{e['s'] if n != 1 else ''} {e[d['bearing']]}{facts}")


def _html_info(d: dict[str, Any], e: Escaped) -> str:
    if d["wasted"]:
        told = ("D.N.S., rolled again" if d.get("landing")
                else "D.N.S., the request is wasted")
    else:
        told = e[d["value"]]
        if "radioactivity" in d:
            told += f"; radioactivity {e[d['radioactivity']]}, atmosphere {e[d['atmosphere']]}"
    what = "On landing, information" if d.get("landing") else "Information"
    return f"{e[what]} on <b>{e[d['planet']]}</b>, level {e[d['level']]}: {told}"


def _html_landed(d: dict[str, Any], e: Escaped) -> str:
    if d["base"]:
        return "Landed on the base"
    how = d["how"]
    if how == "relanding":
        return f"Landed again on <b>{e[d['planet']]}</b>"
    if d["forced"]:
        return f"Ran onto <b>{e[d['planet']]}</b> unseen: landed there"
    return f"Landed on <b>{e[d['planet']]}</b>"


def _html_known(d: dict[str, Any], e: Escaped) -> str:
    return f"Took off from <b>{e[d['planet']]}</b>: the planet is known"


def _html_encounter(d: dict[str, Any], e: Escaped) -> str:
    sheet = d["sheet"]
    if d["riskless"]:
        how = ", riskless"
    else:
        how = (f", {e[d['present']]} present, F.C. {e[sheet['fc']]} each, "
               f"{e['hostile' if d['hostile'] else 'peaceful']}")
    return f"On <b>{e[d['planet']]}</b> met the {e[d['race']]} (G.I. {e[sheet['reference']]}){how}"


def _html_alliance(d: dict[str, Any], e: Escaped) -> str:
    return f"Concluded an alliance with the {e[d['race']]} of <b>{e[d['planet']]}</b>"


def _html_tot(d: dict[str, Any], e: Escaped) -> str:
    result = ("the planet is cancelled from the galaxy" if d["result"] == "Yes"
              else "not authorised")
    return f"Launched a Tot 100% on <b>{e[d['planet']]}</b>: {e[result]}"


def _html_rescue(d: dict[str, Any], e: Escaped) -> str:
    return (f"Lost the {e[d['lost']]} ({e[d['reason']]}): rescue return, now {e[d['rank']]} "
            f"with a {e[d['ship_type']]}")


def _html_promotion(d: dict[str, Any], e: Escaped) -> str:
    ship = f": a {e[d['ship_type']]}" if d["ship_type"] else ""
    return f"Promoted {e[d['rank']]}{ship}"


def _html_breakthrough(d: dict[str, Any], e: Escaped) -> str:
    return f"Reached {e[d['technology']]} {e[d['level']]}"


HTML_LINES: dict[str, Line] = {
    "sighting": _html_sighting, "info": _html_info, "landed": _html_landed,
    "known": _html_known, "encounter": _html_encounter, "alliance": _html_alliance,
    "tot": _html_tot, "rescue": _html_rescue, "promotion": _html_promotion,
    "breakthrough": _html_breakthrough,
}


def html_line(kind: str, d: dict[str, Any], e: Escaped) -> str:
    told = HTML_LINES.get(kind)
    return told(d, e) if told is not None else line(kind, d, e)
