"""`report.txt.j2` written in Python: the officer's plain-text report, the same bytes.

Read it beside the template: each block below is one block of the template, in its order,
with the template's whitespace (trim_blocks and lstrip_blocks) already applied. Every
text printed goes through `Escaped` (`plain`, as the template's `finalize` sends it); a
number the rules make (a level, a count, a score) is printed as it is, which is what `plain`
prints for any number (and for None). What happens on a planet is still told by the template
`ground.txt.j2` (its macro `line`, passed in).
"""

from __future__ import annotations

from typing import Any, Callable

from ..formats import Escaped, ordinal, psi_shift, reckoning_text
from ..formats import at_parsec_cached as at_parsec
from .words import Said, by_sighting, information, landing_told, ordered, plural as _s

RULE = "=" * 72
DASHES = "-" * 72
ROUTE_STOPS = {  # route.stop: what the report says, around the parsec it names
    "edge": ("  Stopped at the edge of the zone at ", "."),
    "no-level": ("  Stopped at ", ": there is no level beyond."),
    "forced-landing": ("  With no radar on, your route ran onto a planet: forced landing at ", "."),
    "vertical-landing": ("  Your route came onto a planet from another level, where the radar "
                         "does not reach (it sees only the squares of its own level): landing "
                         "at ", "."),
    "distortion": ("  Blocked at ", " by a Nullius distortion. It has moved your ship, up to 6 "
                   "parsecs in any direction; where to, your instruments cannot tell: your "
                   "next route starts from there."),
    "net": ("  Held at ", " by a magneto-gravitational net, which your Princeps PSI sensed: "
            "your next route starts from there."),
}
LANDINGS = {  # how the officer is told he landed, `words.landing_told` (not on the base)
    "forced-landing": ("LANDED ON ", ": with no radar on, your route ran onto it."),
    "vertical-landing": ("LANDED ON ", ": you came onto it from another level, unseen by the radar."),
    "distortion": ("LANDED ON ", ": the distortion put your ship down on it."),
    "relanding": ("You took off and LANDED AGAIN ON ", ", looking for a better zone."),
}


def report(c: dict[str, Any], p: Escaped, *, game: str, move: int,
           order_form: str | tuple[str, ...], deadline: dict[str, Any] | None,
           rulings: list[dict[str, str]],
           ground_line: Callable[[str, dict], str], indent: Callable[..., str],
           said: Said) -> str:
    """`c` is `MoveView.officer_context`; `order_form` the form, or its pieces;
    `ground_line` the macro `line` of ground.txt.j2 and `indent` Jinja's filter of that
    name; `said` the lines of the move's reports for the data officers share."""
    s = c["sheet"]
    ship = p.once(s["ship_name"])
    out = [f"VII LEGIO - {p[game]} - move {move} - report for {p[s['rank']]} "
           f"{p[s['officer_name']]}\nShip {ship}: {p[s['ship_type']]}, "
           f"level {s['level']}\n{RULE}\n\n"]
    add = out.append
    if rulings:
        add("FROM THE SPACE COMPUTER\n")
        for r in rulings:
            add(f"  {p[r['told']]} Reason: {p[r['reason']]}\n")
        add("\n")
    held = c["held"]
    if held:
        add(f"YOUR SHIP HELD POSITION THIS MOVE.\n{p[held['reason']]}\n\n")
    research, refused = c["research"], c["research_refused"]
    if research or refused:
        add("RESEARCH\n")
        for r in refused:
            add(f"  {p[r['order']]}: not carried out, {p[r['reason']]}.\n")
        if research:
            add(f"  {p[research['grants']]} grant{_s(research['grants'])} this move "
                f"({p[research['spent']]} points); next move you may buy up to "
                f"{p[research['limit_next']]}.\n")
            for t in research["rows"]:
                add(_research_row(t, p))
        add("\n")

    if c["before_route"]:
        _blocks(c["before_route"], add, p, ground_line, indent, said)
    for k in c["known"]:
        add(f"You took off from {p[k['planet']]}: the planet is now known and gives no more points.\n")
    route = c["route"]
    if route:
        add("ROUTE\n")
        if "stop" in route and route["stop"] == "lost":
            add(f"  Ordered: {p[route['ordered']]}. Not flown: your ship was lost on the ground "
                "before it could take off.\n")
        elif "stop" in route and route["stop"] == "held":
            add(f"  Ordered: {p[route['ordered']]}. Not flown: the alien ship's space glue holds "
                "your ship.\n")
        elif not route["link"]:
            add(f"  Ordered: {ordered(route, p)})\n"
                "  No computer on board: the Space Computer can tell you nothing of your route, "
                "its stops or its sightings, only a landing (3D f II).\n"
                "  Position by dead reckoning, if the route was flown to its end: "
                f"{p[reckoning_text(route['reckoning'])]}.\n")
        else:
            add(f"  Ordered: {ordered(route, p)}, range {route['reach']})\n")
            cut = c["route_cut"]
            if cut:
                add(f"  Your thrust allowed only {cut['allowed']} parsecs this move: the "
                    "route was cut short there.\n")
            stop, psi = route["stop"], c["psi"]
            if stop == "planet-ahead":
                add(f"  Stopped at {p[at_parsec(route['stop_parsec'])]}: planet "
                    f"{p[route['planet_ahead']]} lies on your route.\n")
            elif stop == "distortion" and psi:
                add(f"  Blocked at {p[at_parsec(route['stop_parsec'])]} by a Nullius distortion. "
                    "It has moved your ship, up to 6 parsecs in any direction: your next route "
                    "starts from there.\n"
                    f"  Your Princeps PSI senses where it has put you: {p[psi_shift(psi)]}.\n")
            elif stop in ROUTE_STOPS:
                before, after = ROUTE_STOPS[stop]
                add(f"{before}{p[at_parsec(route['stop_parsec'])]}{after}\n")
            else:
                add(f"  Route completed: {route['travelled']} parsec{_s(route['travelled'])}.\n")
            hole = c["black_hole"]
            if hole:
                felt = ("crossed the very nucleus of a black hole" if hole["nucleus"]
                        else "felt the effects of a black hole")
                add(f"  At {p[at_parsec(hole['parsec'])]} your ship {felt}: "
                    f"{hole['damages']} damage{_s(hole['damages'])}.\n")
                for h in hole["hits"]:
                    add(f"  {p[ground_line('damage', h).strip()]}\n")
            reckoning = (psi["reckoning"] if psi and "reckoning" in psi
                         else route["reckoning"])
            add(f"  Position by dead reckoning: {p[reckoning_text(reckoning)]}.\n")
        add("\n")
    sightings = c["sightings"]
    if sightings or (route and route["link"] and route["stop"] not in ("lost", "held")):
        add("SIGHTINGS\n")
        for x in sightings:
            add(_sighting(x, p))
        if not sightings:
            add("  No planet within radar range.\n")
        add("\n")
    info, unanswered = c["info"], c["unanswered"]
    if info or unanswered:
        add("INFORMATION\n")
        for i in info:
            add(f"  {information(i, p)}.\n")
        for u in unanswered:  # most are one of a few requests many ask alike
            line = said.get(id(u))
            if line is None or line[1] != "info-unanswered":
                line = said[id(u)] = (u, "info-unanswered", f"  INFO {p[u['request']]}: not "
                                      f"answered, {p[u['reason']]}.\n")
            add(line[2])
        add("\n")
    for landing in c["landings"]:
        if landing["base"]:
            add("You landed on the BASE.\n\n")
        else:
            before, after = LANDINGS.get(landing_told(landing, route), ("LANDED ON ", "."))
            add(f"{before}{p[landing['planet']]}{after}\n\n")
    if c["after_route"]:
        _blocks(c["after_route"], add, p, ground_line, indent, said)
    score, place = c["score"], c["place"]
    add("POINTS\n")
    if score:
        reset = f", then back to 0 with the {p[score['reset']]}" if score["reset"] else ""
        add(f"  {p['%+d' % score['gained']]} this move{reset}.\n")
    else:
        add("  None this move.\n")
    # An ordinal is digits and letters, printed as it is (each officer has his own).
    standing = f", {ordinal(place)} of {c['officers']} in the standings" if place else ""
    add(f"  Score {s['score']}; {p[s['rank']]}{standing}.\n\n")
    crews = s["crews"]
    men = f" ({p[' + '.join(map(str, crews))]} men)" if crews else ""
    fit = s["fit"]  # one of a few fits many ships share
    kit = said.get(id(fit))
    if kit is None or kit[1] != "fit":
        kit = said[id(fit)] = (fit, "fit", _fit(fit))
    add(f"SHIP SHEET ({p[s['ship_type']]} {ship})\n"
        f"  crews {len(crews)}{men}, modules {kit[2]}")
    if "personality" in s:
        specialist = p[s["specialist"]["title"]] if s["specialist"] else "none"
        add(f"  personality {s['personality']}; specialist officer: {specialist}\n")
        if s["held"]:
            add(f"  Held by the space glue of the alien ship {p[s['held']]}.\n")
    if s["ground"]:
        add(_ground(s, p))
    add("\nPublic news of this move (every sighting and all planet information) is in the "
        "bulletin.\n\n")
    end = c["game_end"]
    if end:
        shared = "share the victory" if len(end["winners"]) > 1 else "wins"
        add(f"{DASHES}\nTHE GAME IS OVER: {p[end['winner']]} {shared} ({p[end['reason']]}). "
            "No more orders.\n")
    else:
        add(f"{DASHES}\nORDERS FOR MOVE {move + 1}: edit below, fill in your secret, and "
            "send it back.\n")
        if deadline:
            add(f"Due by {p[deadline['text']]}.\n")
        add(f"{DASHES}\n")
        out += p.each(order_form)
        add("\n")
    return "".join(out)


def _blocks(found: list[dict], add: Callable[[str], None], p: Escaped,
            ground_line: Callable[[str, dict], str], indent: Callable[..., str],
            said: Said) -> None:
    """What happened on the ground, at the base, between officers: each block under its
    heading (a function of the module: the report's own names stay local, the fastest).
    Each line is printed once for all the officers told its data alike (`said`)."""
    for block in found:
        add(f"{p[block['heading']]}\n")
        for kind, d in block["events"]:
            line = said.get(id(d))
            if line is None or line[1] != kind:
                line = said[id(d)] = (d, kind, p[_indented(ground_line(kind, d), indent)])
            add(line[2])
        add("\n")


def _fit(fit: dict[str, int]) -> str:
    """The ship sheet's fit, from its modules to the end of its line of components."""
    modules = (f" (LASER ZIP 3 {fit['laser_zip3']}, HO1 {fit['ho1']}, SIL 12 {fit['sil12']})"
               if fit["modules"] else "")
    tot = f", Tot 100% {fit['tot']}" if fit["tot"] else ""
    return (f"{fit['modules']}{modules}\n"
            f"  shields {fit['shields']}, lasers {fit['lasers']}, radars {fit['radars']}, "
            f"computers {fit['computers']}, tanks {fit['tanks']}{tot}\n")


def _indented(line: str, indent: Callable[..., str]) -> str:
    """`indent(line, 2, True)`: a line of one line (most are) is its text behind two
    spaces; `isprintable` is false for every character `splitlines` breaks at."""
    if type(line) is str and line[-1:] == "\n" and line[:-1].isprintable():
        return "  " + line
    return indent(line, 2, True)


@by_sighting
def _sighting(x: dict[str, Any], p: Escaped) -> str:
    what = "the BASE" if x["base"] else f"planet {p[x['planet']]}"
    if x["new"]:
        what += f", never seen before (+{x['points']} point{_s(x['points'])})"
    elif x["known"] and not x["base"]:
        what += ", known"
    if "found_by" in x:
        what += f", found earlier this move by {p[x['found_by']]}"
    distance = x["distance"]
    where = ("On your route." if distance == 0 else
             p["Distance %d parsec%s, direction %s." % (distance, _s(distance), x["bearing"])])
    facts = f" Information: {p[', '.join(map(str, x['facts']))]}." if x["facts"] else ""
    seen = "Where your ship stands" if "standing" in x else f"At {p[at_parsec(x['parsec'])]}"
    return f"  {seen}: {what}.\n    {where}{facts}\n"


def _research_row(t: dict[str, Any], p: Escaped) -> str:
    row = f"  {p['%-10s' % (t['name'],)]} level {p[t['held']]} of {p[t['top']]}"
    if t["researching"] is None:
        return row + ", the top level.\n"
    row += f"; {p[t['name']]} {p[t['researching']]}: "
    if t["grants"]:
        row += (f"{p[t['grants']]} grant{_s(t['grants'])}, "
                f"dice {p[', '.join(map(str, t['dice']))]}; ")
    row += "sum "
    if t["before"] and t["grants"]:
        row += f"{p[t['before']]} + {p[t['total'] - t['before']]} = "
    row += f"{p[t['total']]} of {p[t['cost']]}"
    if t["acquired"]:
        row += ": ACQUIRED"
        if t["wasted"]:
            row += f" ({p[t['wasted']]} wasted)"
    return row + ".\n"


def _ground(s: dict[str, Any], p: Escaped) -> str:
    """The ship on a planet's ground, below its sheet."""
    g = s["ground"]
    zone = f", in the {p[g['zone']]}" if "zone" in g else ""
    aliens = g["aliens"]
    seen = (f" (F.C. {p[', '.join(map(str, aliens))]}, {'hostile' if g['hostile'] else 'peaceful'})"
            if aliens else "")
    out = (f"  On the ground of {p[s['landed']]}{zone}: shields {'on' if g['shields'] else 'off'}, "
           f"{g['crews_down']} crew{_s(g['crews_down'])} down; {len(aliens)} "
           f"alien{_s(len(aliens))} present{seen}.\n")
    if g["pending"]:
        out += (f"  Points waiting for the re-embarking: {p[g['pending']]} "
                f"({p[g['pending_for']]}).\n")
    return out
