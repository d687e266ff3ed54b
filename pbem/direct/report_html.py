"""`report.html.j2` written in Python: the officer's HTML report, the same bytes.

Read it beside the template: each block below is one block of the template, in its order.
The page around it is `page.html.j2`'s own, rendered once a move (`Frame`); what happens on
a planet is still told by `ground.txt.j2` (its macro `line`, passed in); the chart comes
ready, as the template receives it. Every text printed goes through `Escaped`, which
prints what the template's `finalize` and autoescaping print; a number the rules make (a
level, a count, a score) is printed as it is, which is what they print for any number (and
for None).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import jinja2

from ..formats import Escaped, heading_text, ordinal, psi_shift, reckoning_text
from ..formats import at_parsec_cached as at_parsec
from .words import Said, by_sighting, information, landing_told, ordered, plural as _s

SENTINEL = "\x00"  # never in a page: `plain` drops it from every value


@dataclass(frozen=True)
class Frame:
    """The page around a report: `page.html.j2` up to the title, between the title and the
    body, and after the body."""

    head: str
    middle: str
    tail: str

    @classmethod
    def of(cls, env: jinja2.Environment) -> "Frame":
        page = env.from_string('{% extends "page.html.j2" %}{% block title %}\x00{% endblock %}'
                               '{% block body %}\x00{% endblock %}').render()
        head, middle, tail = page.split(SENTINEL)
        return cls(head, middle, tail)


ROUTE_STOPS = {  # route.stop: what the report says, around the parsec it names
    "edge": ("Stopped at the edge of the zone at ", "."),
    "no-level": ("Stopped at ", ": there is no level beyond."),
    "forced-landing": ("With no radar on, your route ran onto a planet: forced landing at ", "."),
    "vertical-landing": ("Your route came onto a planet from another level, where the radar "
                         "does not reach (it sees only the squares of its own level): landing "
                         "at ", "."),
    "distortion": ("Blocked at ", " by a Nullius distortion. It has moved your ship, up to 6 "
                   "parsecs in any direction; where to, your instruments cannot tell: your "
                   "next route starts from there."),
    "net": ("Held at ", " by a magneto-gravitational net, which your Princeps PSI sensed: "
            "your next route starts from there."),
}
LANDINGS = {  # how the officer is told he landed, `words.landing_told` (not on the base)
    "forced-landing": ("<p>Landed on ", ": with no radar on, your route ran onto it.</p>\n"),
    "vertical-landing": ("<p>Landed on ", ": you came onto it from another level, unseen by "
                         "the radar.</p>\n"),
    "distortion": ("<p>Landed on ", ": the distortion put your ship down on it.</p>\n"),
    "relanding": ("<p>You took off and landed again on ", ", looking for a better zone.</p>\n"),
}
SHEET_HEAD = ("\n<h2>Ship sheet</h2>\n<table>\n<thead><tr><th>crews</th><th>modules</th>"
              "<th>shields</th><th>lasers</th><th>radars</th><th>computers</th><th>tanks</th>")


def report(c: dict[str, Any], e: Escaped, frame: Frame, *, game: str, move: int,
           order_form: str | tuple[str, ...], chart: str | None, deadline: dict[str, Any] | None,
           rulings: list[dict[str, str]], ground_line: Callable[[str, dict], str],
           said: Said) -> tuple[str, str, str]:
    """The page in three texts, joined: up to its heading, the heading, after it. The
    heading's middle dots are the only characters past ASCII the page prints besides names:
    the texts around it, ASCII in most games, are encoded in UTF-8 as copies
    (`formats.utf8`).

    `c` is `MoveView.officer_context`; `chart` the SVG element, ready; `ground_line` the
    macro `line` of ground.txt.j2 in the HTML environment; `said` the lines of the move's
    pages for the data officers share."""
    s = c["sheet"]
    rank, name = e[s["rank"]], e[s["officer_name"]]
    head = (f"{frame.head}VII Legio - {e[game]} - move {move} - report for {rank} {name}"
            f"{frame.middle}")
    heading = f"<h1>VII Legio · {e[game]} · move {move}</h1>\n"
    out = [f"<p class=\"sub\">Report for {rank} {name}, ship {e.once(s['ship_name'])} "
           f"({e[s['ship_type']]}, level {s['level']}). Private: for your eyes only.</p>\n"]
    add = out.append
    end = c["game_end"]
    if end:
        shared = "share the victory" if len(end["winners"]) > 1 else "wins"
        add(f'<p class="end">The game is over: {e[end["winner"]]} {shared} '
            f"({e[end['reason']]}).</p>\n")
    if rulings:
        add("\n<h2>From the Space Computer</h2>\n<ul>\n")
        for r in rulings:
            add(f"<li>{e[r['told']]} Reason: {e[r['reason']]}</li>\n")
        add("</ul>\n")
    held = c["held"]
    if held:
        add(f'<p class="held">Your ship held position this move: {e[held["reason"]]}</p>\n')
    research, refused = c["research"], c["research_refused"]
    if research or refused:
        add("\n<h2>Research</h2>\n<ul>\n")
        for r in refused:
            add(f"<li>{e[r['order']]}: not carried out, {e[r['reason']]}.</li>\n")
        if research:
            add(f"<li>{e[research['grants']]} grant{_s(research['grants'])} this move "
                f"({e[research['spent']]} points); next move you may buy up to "
                f"{e[research['limit_next']]}.</li>\n")
            for t in research["rows"]:
                add(_research_row(t, e))
        add("</ul>\n")

    if c["before_route"]:
        _blocks(c["before_route"], add, e, ground_line, said)
    for k in c["known"]:
        add(f"<p>You took off from {e[k['planet']]}: the planet is now known and gives no more "
            "points.</p>\n")
    route = c["route"]
    if route:
        add("\n<h2>Route</h2>\n<ul>\n")
        if "stop" in route and route["stop"] == "lost":
            add(f"<li>Ordered: {e[route['ordered']]}. Not flown: your ship was lost on the "
                "ground before it could take off.</li>\n")
        elif "stop" in route and route["stop"] == "held":
            add(f"<li>Ordered: {e[route['ordered']]}. Not flown: the alien ship's space glue "
                "holds your ship.</li>\n")
        elif not route["link"]:
            add(f"<li>Ordered: {ordered(route, e)}).</li>\n"
                "<li>No computer on board: the Space Computer can tell you nothing of your "
                "route, its stops or its sightings, only a landing (3D f II).</li>\n"
                "<li>Position by dead reckoning, if the route was flown to its end: "
                f"{e[reckoning_text(route['reckoning'])]}.</li>\n")
        else:
            add(f"<li>Ordered: {ordered(route, e)}, range {route['reach']}).</li>\n")
            cut = c["route_cut"]
            if cut:
                add(f"<li>Your thrust allowed only {cut['allowed']} parsecs this move: the "
                    "route was cut short there.</li>\n")
            stop, psi = route["stop"], c["psi"]
            if stop == "planet-ahead":
                add(f"<li>Stopped at {e[at_parsec(route['stop_parsec'])]}: planet "
                    f"{e[route['planet_ahead']]} lies on your route.</li>\n")
            elif stop == "distortion" and psi:
                add(f"<li>Blocked at {e[at_parsec(route['stop_parsec'])]} by a Nullius "
                    "distortion. It has moved your ship, up to 6 parsecs in any direction: your "
                    "next route starts from there. Your Princeps PSI senses where it has put "
                    f"you: {e[psi_shift(psi)]}.</li>\n")
            elif stop in ROUTE_STOPS:
                before, after = ROUTE_STOPS[stop]
                add(f"<li>{before}{e[at_parsec(route['stop_parsec'])]}{after}</li>\n")
            else:
                add(f"<li>Route completed: {route['travelled']} "
                    f"parsec{_s(route['travelled'])}.</li>\n")
            hole = c["black_hole"]
            if hole:
                felt = ("crossed the very nucleus of a black hole" if hole["nucleus"]
                        else "felt the effects of a black hole")
                add(f"<li>At {e[at_parsec(hole['parsec'])]} your ship {felt}: "
                    f"{hole['damages']} damage{_s(hole['damages'])}.</li>\n")
                for h in hole["hits"]:
                    add(f"<li>{ground_line('damage', h).strip()}</li>\n")
            reckoning = (psi["reckoning"] if psi and "reckoning" in psi
                         else route["reckoning"])
            add(f"<li>Position by dead reckoning: {e[reckoning_text(reckoning)]}.</li>\n")
        add("</ul>\n")
    sightings = c["sightings"]
    if sightings or (route and route["link"] and route["stop"] not in ("lost", "held")):
        add("\n<h2>Sightings</h2>\n<ul>\n")
        for x in sightings:
            add(_sighting(x, e))
        if not sightings:
            add("<li>No planet within radar range.</li>\n")
        add("</ul>\n")
    info, unanswered = c["info"], c["unanswered"]
    if info or unanswered:
        add("\n<h2>Information</h2>\n<ul>\n")
        for i in info:
            add(f"<li>{information(i, e)}.</li>\n")
        for u in unanswered:  # most are one of a few requests many ask alike
            line = said.get(id(u))
            if line is None or line[1] != "info-unanswered":
                line = said[id(u)] = (u, "info-unanswered", f"<li>INFO {e[u['request']]}: not "
                                      f"answered, {e[u['reason']]}.</li>\n")
            add(line[2])
        add("</ul>\n")
    for landing in c["landings"]:
        if landing["base"]:
            add("<p>You landed on the base.</p>\n")
        else:
            before, after = LANDINGS.get(landing_told(landing, route), ("<p>Landed on ", ".</p>\n"))
            add(f"{before}{e[landing['planet']]}{after}")
    if c["after_route"]:
        _blocks(c["after_route"], add, e, ground_line, said)
    score, place = c["score"], c["place"]
    if score:
        reset = f", then back to 0 with the {e[score['reset']]}" if score["reset"] else ""
        points = f"{e['%+d' % score['gained']]} this move{reset}."
    else:
        points = "None this move."
    # An ordinal is digits and letters, printed as it is (each officer has his own).
    standing = f", {ordinal(place)} of {c['officers']} in the standings" if place else ""
    add(f"\n<h2>Points</h2>\n<p>{points}<br>\nScore {s['score']}; {rank}{standing}.</p>\n")
    crews = s["crews"]
    men = f" ({e[' + '.join(map(str, crews))]} men)" if crews else ""
    fit = s["fit"]  # one of a few fits many ships share
    kit = said.get(id(fit))
    if kit is None or kit[1] != "fit":
        kit = said[id(fit)] = (fit, "fit", _fit(fit))
    add(f"{SHEET_HEAD}{'<th>Tot 100%</th>' if fit['tot'] else ''}</tr></thead>\n"
        f"<tbody><tr><td>{len(crews)}{men}</td><td>{kit[2]}")
    if "personality" in s:
        specialist = e[s["specialist"]["title"]] if s["specialist"] else "none"
        held = (f" Held by the space glue of the alien ship {e[s['held']]}." if s["held"]
                else "")
        add(f"<p>Personality {s['personality']}; specialist officer: {specialist}.{held}</p>\n")
    if s["ground"]:
        add(_ground(s, e))
    if chart:
        # The chart apart, copied once, when the whole page is joined.
        out += ('\n<h2>Your chart</h2>\n<div class="chart-box">\n', chart, "\n</div>\n")
    add('<p class="muted">Public news of this move (every sighting and all planet information) '
        "is in the bulletin.</p>\n")
    if not end:
        add(f"\n<h2>Orders for move {move + 1}</h2>\n")
        if deadline:
            add(f"<p><b>Due by {e[deadline['text']]}.</b></p>\n")
        add("<p>Copy the text below into your reply, fill in your secret, edit the orders and "
            "send it back.</p>\n<pre>")
        out += e.each(order_form)
        add("</pre>\n")
    out.append(frame.tail)
    return head, heading, "".join(out)


def _blocks(found: list[dict], add: Callable[[str], None], e: Escaped,
            ground_line: Callable[[str, dict], str], said: Said) -> None:
    """What happened on the ground, at the base, between officers: each block under its
    heading (a function of the module: the report's own names stay local, the fastest).
    Each line is printed once for all the officers told its data alike (`said`)."""
    for block in found:
        add(f'\n<h2>{e[heading_text(block["heading"])]}</h2>\n<ul class="ground">\n')
        for kind, d in block["events"]:
            line = said.get(id(d))
            if line is None or line[1] != kind:
                line = said[id(d)] = (d, kind, f"<li>{ground_line(kind, d).strip()}</li>\n")
            add(line[2])
        add("</ul>\n")


def _fit(fit: dict[str, int]) -> str:
    """The ship sheet's row from its modules to the end of the table."""
    modules = (f" (LASER ZIP 3 {fit['laser_zip3']}, HO1 {fit['ho1']}, "
               f"SIL 12 {fit['sil12']})" if fit["modules"] else "")
    tot = fit["tot"]
    tot_cell = f'<td class="n">{tot}</td>' if tot else ""
    return (f"{fit['modules']}{modules}</td>"
            f'<td class="n">{fit["shields"]}</td><td class="n">{fit["lasers"]}</td>'
            f'<td class="n">{fit["radars"]}</td><td class="n">{fit["computers"]}</td>'
            f'<td class="n">{fit["tanks"]}</td>'
            f"{tot_cell}</tr></tbody>\n</table>\n")


@by_sighting
def _sighting(x: dict[str, Any], e: Escaped) -> str:
    what = "the base" if x["base"] else f"planet <b>{e[x['planet']]}</b>"
    if x["new"]:
        what += f", never seen before (+{x['points']} point{_s(x['points'])})"
    elif x["known"] and not x["base"]:
        what += ", known"
    if "found_by" in x:
        what += f", found earlier this move by {e[x['found_by']]}"
    distance = x["distance"]
    where = ("on your route" if distance == 0 else
             e["distance %d parsec%s, direction %s" % (distance, _s(distance), x["bearing"])])
    facts = f" Information: {e[', '.join(map(str, x['facts']))]}." if x["facts"] else ""
    seen = "Where your ship stands" if "standing" in x else f"At {e[at_parsec(x['parsec'])]}"
    return f"<li>{seen}: {what}; {where}.{facts}</li>\n"


def _research_row(t: dict[str, Any], e: Escaped) -> str:
    row = f"<li>{e[t['name']]}: level {e[t['held']]} of {e[t['top']]}"
    if t["researching"] is None:
        return row + ", the top level.</li>\n"
    row += f"; {e[t['name']]} {e[t['researching']]}: "
    if t["grants"]:
        row += (f"{e[t['grants']]} grant{_s(t['grants'])}, "
                f"dice {e[', '.join(map(str, t['dice']))]}; ")
    row += f"sum {e[t['total']]} of {e[t['cost']]}"
    if t["acquired"]:
        row += ": acquired"
        if t["wasted"]:
            row += f" ({e[t['wasted']]} wasted)"
    return row + ".</li>\n"


def _ground(s: dict[str, Any], e: Escaped) -> str:
    """The ship on a planet's ground, below its sheet."""
    g = s["ground"]
    zone = f", in the {e[g['zone']]}" if "zone" in g else ""
    aliens = g["aliens"]
    seen = (f" (F.C. {e[', '.join(map(str, aliens))]}, "
            f"{'hostile' if g['hostile'] else 'peaceful'})" if aliens else "")
    pending = (f" Points waiting for the re-embarking: {e[g['pending']]} ({e[g['pending_for']]})."
               if g["pending"] else "")
    return (f"<p>On the ground of {e[s['landed']]}{zone}: shields "
            f"{'on' if g['shields'] else 'off'}, {g['crews_down']} crew{_s(g['crews_down'])} "
            f"down; {len(aliens)} alien{_s(len(aliens))} present{seen}.{pending}</p>\n")
