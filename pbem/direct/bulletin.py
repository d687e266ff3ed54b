"""The public bulletins written in Python: `bulletin.txt.j2`, `bulletin.md.j2`,
`bulletin.bbcode.j2` and `bulletin.html.j2`, the same bytes.

Read each function beside its template: each block below is one block of the template, in
its order, with the template's whitespace (trim_blocks and lstrip_blocks) already applied.
The story's lines are story.j2's macros (`story`); every value printed goes through the
format's `Escaped`, as the template's `finalize` (and, in HTML, autoescaping) sends it. A
macro's lines are printed as they come (`|safe` in the templates, Markup in HTML), and the
places of the standings (`loop.index`) as they are: digits need no escaping in any format.
The text formats' templates print no press when given none (`press is defined`)."""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable

from ..formats import DIFFERS, Escaped, alike, plain
from .report_html import Frame
from .story import html_line, line, opening, planet
from .words import plural as _s

RULE = "=" * 72
SEEDED_TXT = ("  This game's secret was made from a seed the GM chose: whoever guesses the seed "
              "can read\n  the hidden map and every die. Games with real stakes are created "
              "without a seed.\n")
SEEDED_MD = ("\nThis game's secret was made from a seed the GM chose: whoever guesses the seed "
             "can read the\nhidden map and every die. Games with real stakes are created "
             "without a seed.\n")
SEEDED_ONE_LINE = ("This game's secret was made from a seed the GM chose: whoever guesses the "
                   "seed can read the hidden map and every die. Games with real stakes are "
                   "created without a seed.")
WRECK = " was destroyed this move: none is in play until a new one comes"
STORY_WRAP = "\n      "  # a story line wrapped: its next lines two spaces further in
PRESS_WRAP = "\n    "

Wrap = Callable[..., str]  # Jinja's filter `wordwrap`, bound to its environment


class Alike:
    """What the bulletins of a move print alike, worded once for the four formats (each
    format's writer falls back on its own words where they differ).

    A turn's opening and a standing's values are the same in the four where each value
    they print is (`formats.alike`): ten thousand officers' names and ships, which their own
    escapers would each escape four times. A story line is worded once in plain text: the
    BBCode bulletin prints it as it is when it holds no square bracket, as then none of its
    values held one (the lines' own words have none), and BBCode escapes nothing else."""

    def __init__(self, story: list[dict[str, Any]], standings: list[dict]) -> None:
        self.story, self.standings = story, standings
        self.words = Escaped(alike)
        self.plain = Escaped(plain)

    def of(self, story: list[dict[str, Any]], standings: list[dict]) -> "Alike":
        """This, if made for this story and these standings; else one that is."""
        if story is self.story and standings is self.standings:
            return self
        return Alike(story, standings)

    @functools.cached_property
    def openings(self) -> list[str | None]:
        """Each turn's opening, or None where the formats print it differently."""
        w = self.words
        return [None if DIFFERS in said else said
                for said in [opening(t, w) for t in self.story]]

    @functools.cached_property
    def lines(self) -> list[list[str]]:
        """Each turn's story lines in plain text, before the text bulletin wraps them."""
        p = self.plain
        return [[line(kind, d, p) for kind, d in t["lines"]] for t in self.story]

    @functools.cached_property
    def ranks(self) -> list[tuple[str, str, str, str] | None]:
        """Each standing's rank, name, score and ship, or None where a format prints one of
        them differently."""
        w = self.words
        rows = []
        for r in self.standings:
            # A whole number not below 0 prints as its digits in every format (Markdown
            # escapes a minus): most scores are 0 or 1, which the memo keeps apart (`Escaped`).
            score = r["score"]
            score = str(score) if type(score) is int and score >= 0 else w[score]
            row = (w[r["rank"]], w[r["officer_name"]], score, w[r["ship"]])
            rows.append(None if DIFFERS in row else row)
        return rows


def _alike(alike: Alike | None, story: list[dict[str, Any]], standings: list[dict]) -> Alike:
    return Alike(story, standings) if alike is None else alike.of(story, standings)


def _shared(end: dict[str, Any]) -> str:
    return "share the victory" if len(end["winners"]) > 1 else "wins"


def text(p: Escaped, wrap: Wrap, *, game: str, move: int, deadline: dict[str, Any] | None,
         departures: Iterable[str], fair_play: dict | None, story: list[dict[str, Any]],
         planets_after: list[dict], wrecks: list[dict], press: Iterable[dict] = (),
         game_end: dict | None, standings: list[dict], alike: Alike | None = None,
         **_: Any) -> str:
    """bulletin.txt.j2; `wrap` is Jinja's `wordwrap` (the bulletin's own, pbem.render).
    `alike`: what the move's text bulletins print alike, if one has worded it already."""
    alike = _alike(alike, story, standings)
    out = [f"VII LEGIO - {p[game]} - BULLETIN OF MOVE {p[move]}\n{RULE}\n\n"]
    add = out.append
    if deadline:
        add(f"Orders for move {p[deadline['move']]} are due by {p[deadline['text']]}.\n\n")
    add("THE MOVE, TURN BY TURN\n")
    wrapped: dict[str, str] = {}  # the same lines recur (the same planet seen alike)
    for t, said, lines in zip(story, alike.openings, alike.lines):
        add(f"  {opening(t, p) if said is None else said}\n")
        for told in lines:
            # `plain` once more (the template's finalize) changes nothing: the line is made
            # of values it printed already.
            text = wrapped.get(told)
            if text is None:
                text = wrapped[told] = wrap(told, 64, False, STORY_WRAP)
            add(f"    {text}\n")
    if not story:
        add("  No officer.\n")
    if planets_after:
        add("\nTHE PLANETS AFTER THE MOVE\n")
        for x in planets_after:
            add(f"  {planet(x, p)}\n")
    if wrecks:
        add("\nTHE ALIEN SHIP\n")
        for w in wrecks:
            add(f"  The alien ship {p[w['name']]}{WRECK}.\n")
    if press:
        add("\nPRESS\n")
        for x in press:
            who = p[x["officer_name"] if x["officer_name"] else "Anonymous"]
            add(f"  {who}: {p[wrap(x['text'], 66, False, PRESS_WRAP)]}\n")
    if game_end:
        shared = "SHARE THE VICTORY" if len(game_end["winners"]) > 1 else "WINS"
        add(f"\nTHE GAME IS OVER: {p[game_end['winner']]} {p[shared]} "
            f"({p[game_end['reason']]}).\n")
    add("\n")
    if departures:
        add("LEFT THE GAME\n")
        for name in departures:
            add(f"  {p[name]}\n")
        add("\n")
    add("STANDINGS\n")
    for n, (r, row) in enumerate(zip(standings, alike.ranks), 1):
        rank, name, score, ship = row or (p[r["rank"]], p[r["officer_name"]], p[r["score"]],
                                          p[r["ship"]])
        add(f"  {n:3d}. {rank} {name} - {score} point{_s(r['score'])} ({ship})\n")
    if fair_play:
        add(f"\nFAIR PLAY\n  Commitment to the game secret: {p[fair_play['commitment']]}\n")
        if fair_play["ledger"]:
            add(f"  Ledger after move {p[move]}: {p[fair_play['ledger']]}\n")
        if fair_play["seeded"]:
            add(SEEDED_TXT)
    return "".join(out)


def markdown(m: Escaped, *, game: str, move: int, deadline: dict[str, Any] | None,
             departures: Iterable[str], fair_play: dict | None, story: list[dict[str, Any]],
             planets_after: list[dict], wrecks: list[dict], press: Iterable[dict] = (),
             game_end: dict | None, standings: list[dict], alike: Alike | None = None,
             **_: Any) -> str:
    """bulletin.md.j2."""
    alike = _alike(alike, story, standings)
    out = [f"# VII Legio · {m[game]} · bulletin of move {m[move]}\n\n"]
    add = out.append
    if deadline:
        add(f"Orders for move {m[deadline['move']]} are due by **{m[deadline['text']]}**.\n\n")
    add("## The move, turn by turn\n\n")
    for t, said in zip(story, alike.openings):
        add(f"**{opening(t, m) if said is None else said}**\n\n")
        for kind, d in t["lines"]:
            add(f"- {line(kind, d, m)}\n")
        if t["lines"]:
            add("\n")
    if not story:
        add("No officer.\n\n")
    if planets_after:
        add("## The planets after the move\n\n")
        for x in planets_after:
            add(f"- {planet(x, m)}\n")
        add("\n")
    if wrecks:
        add("## The alien ship\n\n")
        for w in wrecks:
            add(f"- The alien ship **{m[w['name']]}**{WRECK}\n")
        add("\n")
    if press:
        add("## Press\n\n")
        for x in press:
            who = f"**{m[x['officer_name']]}**" if x["officer_name"] else "*Anonymous*"
            add(f"- {who}: {m[x['text']]}\n")
        add("\n")
    if game_end:
        add(f"\n## The game is over: {m[game_end['winner']]} {m[_shared(game_end)]}\n\n"
            f"{m[game_end['reason']]}\n")
    add("\n")
    if departures:
        add("## Left the game\n\n")
        for name in departures:
            add(f"- {m[name]}\n")
        add("\n")
    add("## Standings\n\n")
    for n, (r, row) in enumerate(zip(standings, alike.ranks), 1):
        rank, name, score, ship = row or (m[r["rank"]], m[r["officer_name"]], m[r["score"]],
                                          m[r["ship"]])
        add(f"{n}. {rank} **{name}**: {score} point{m['s'] if r['score'] != 1 else ''} "
            f"({ship})\n")
    if fair_play:
        add(f"\n## Fair play\n\n- Commitment to the game secret: {m[fair_play['commitment']]}\n")
        if fair_play["ledger"]:
            add(f"- Ledger after move {m[move]}: {m[fair_play['ledger']]}\n")
        if fair_play["seeded"]:
            add(SEEDED_MD)
    return "".join(out)


def bbcode(b: Escaped, *, game: str, move: int, deadline: dict[str, Any] | None,
           departures: Iterable[str], fair_play: dict | None, story: list[dict[str, Any]],
           planets_after: list[dict], wrecks: list[dict], press: Iterable[dict] = (),
           game_end: dict | None, standings: list[dict], alike: Alike | None = None,
           **_: Any) -> str:
    """bulletin.bbcode.j2."""
    alike = _alike(alike, story, standings)
    out = [f"[b]VII LEGIO - {b[game]} - bulletin of move {b[move]}[/b]\n\n"]
    add = out.append
    if deadline:
        add(f"Orders for move {b[deadline['move']]} are due by [b]{b[deadline['text']]}[/b].\n\n")
    add("[b]The move, turn by turn[/b]\n")
    for t, said, lines in zip(story, alike.openings, alike.lines):
        add(f"\n[b]{opening(t, b) if said is None else said}[/b]\n")
        if lines:
            add("[list]\n")
            for (kind, d), told in zip(t["lines"], lines):
                if "[" in told or "]" in told:
                    told = line(kind, d, b)
                add(f"[*]{told}\n")
            add("[/list]\n")
    if not story:
        add("No officer.\n")
    if planets_after:
        add("\n[b]The planets after the move[/b]\n[list]\n")
        for x in planets_after:
            add(f"[*]{planet(x, b)}\n")
        add("[/list]\n")
    if wrecks:
        add("\n[b]The alien ship[/b]\n[list]\n")
        for w in wrecks:
            add(f"[*]The alien ship [b]{b[w['name']]}[/b]{WRECK}\n")
        add("[/list]\n")
    if press:
        add("\n[b]Press[/b]\n[list]\n")
        for x in press:
            who = f"[b]{b[x['officer_name']]}[/b]" if x["officer_name"] else "[i]Anonymous[/i]"
            add(f"[*]{who}: {b[x['text']]}\n")
        add("[/list]\n")
    if game_end:
        add(f"\n[b]THE GAME IS OVER: {b[game_end['winner']]} {b[_shared(game_end)]}[/b] "
            f"({b[game_end['reason']]})\n")
    add("\n")
    if departures:
        add("[b]Left the game[/b]\n[list]\n")
        for name in departures:
            add(f"[*]{b[name]}\n")
        add("[/list]\n\n")
    add("[b]Standings[/b]\n[list=1]\n")
    for r, row in zip(standings, alike.ranks):
        rank, name, score, ship = row or (b[r["rank"]], b[r["officer_name"]], b[r["score"]],
                                          b[r["ship"]])
        add(f"[*]{rank} [b]{name}[/b] - {score} point{b['s'] if r['score'] != 1 else ''} "
            f"({ship})\n")
    add("[/list]\n")
    if fair_play:
        add(f"\n[b]Fair play[/b]\n[list]\n[*]Commitment to the game secret: "
            f"{b[fair_play['commitment']]}\n")
        if fair_play["ledger"]:
            add(f"[*]Ledger after move {b[move]}: {b[fair_play['ledger']]}\n")
        add("[/list]\n")
        if fair_play["seeded"]:
            add(SEEDED_ONE_LINE + "\n")
    return "".join(out)


def html(h: Escaped, frame: Frame, *, game: str, move: int, chart: str | None,
         nav: dict[str, str] | None, deadline: dict[str, Any] | None,
         departures: list[str], fair_play: dict | None, story: list[dict[str, Any]],
         planets_after: list[dict], wrecks: list[dict], press: list[dict],
         game_end: dict | None, standings: list[dict], alike: Alike | None = None,
         **_: Any) -> str:
    """bulletin.html.j2 in page.html.j2's frame; `chart` the SVG element, ready (Markup)."""
    alike = _alike(alike, story, standings)
    out = [frame.head, f"VII Legio - {h[game]} - bulletin of move {h[move]}", frame.middle]
    add = out.append
    if nav:
        links = ""
        if nav["index"]:
            links += f'<a href="{h[nav["index"]]}">All moves</a>'
        if nav["previous"]:
            links += f'<a href="{h[nav["previous"]]}">Move {h[move - 1]}</a>'
        if nav["next"]:
            links += f'<a href="{h[nav["next"]]}">Move {h[move + 1]}</a>'
        add(f"<nav>{links}</nav>\n")
    add(f"<h1>VII Legio · {h[game]} · bulletin of move {h[move]}</h1>\n<p class=\"sub\">"
        "Everything public this move, officer by officer in player order.</p>\n")
    if game_end:
        add(f'<p class="end">The game is over: {h[game_end["winner"]]} {h[_shared(game_end)]} '
            f"({h[game_end['reason']]}).</p>\n")
    if deadline:
        add(f"<p>Orders for move {h[deadline['move']]} are due by "
            f"<b>{h[deadline['text']]}</b>.</p>\n")
    add("\n<h2>The move</h2>\n")
    for t, said in zip(story, alike.openings):
        add(f"<h3>{opening(t, h) if said is None else said}</h3>\n")
        if t["lines"]:
            add("<ul>\n")
            for kind, d in t["lines"]:
                add(f"<li>{html_line(kind, d, h)}</li>\n")
            add("</ul>\n")
    add("\n")
    if planets_after:
        add("<h2>The planets after the move</h2>\n<ul>\n")
        for x in planets_after:
            add(f"<li>{planet(x, h)}</li>\n")
        add("</ul>\n")
    if wrecks:
        add("<h2>The alien ship</h2>\n<ul>\n")
        for w in wrecks:
            add(f"<li>The alien ship <b>{h[w['name']]}</b>{WRECK}.</li>\n")
        add("</ul>\n")
    if press:
        add('\n<h2>Press</h2>\n<ul class="press">\n')
        for x in press:
            who = f"<b>{h[x['officer_name']]}</b>" if x["officer_name"] else "<i>Anonymous</i>"
            add(f"<li>{who}: {h[x['text']]}</li>\n")
        add("</ul>\n")
    add("\n")
    if departures:
        add("<h2>Left the game</h2>\n<ul>\n")
        for name in departures:
            add(f"<li>{h[name]}</li>\n")
        add("</ul>\n")
    add("\n<h2>Standings</h2>\n<table>\n<thead><tr><th>#</th><th>Rank</th><th>Officer</th>"
        "<th>Points</th><th>Ship</th></tr></thead>\n<tbody>\n")
    for n, (r, row) in enumerate(zip(standings, alike.ranks), 1):
        rank, name, score, ship = row or (h[r["rank"]], h[r["officer_name"]], h[r["score"]],
                                          h[r["ship"]])
        add(f'<tr><td class="n">{n}</td><td>{rank}</td><td>{name}</td><td class="n">{score}'
            f'</td><td>{ship}</td></tr>\n')
    add("</tbody>\n</table>\n\n")
    if chart:
        add('<h2>The public chart</h2>\n<p class="sub">What the bulletins so far let anyone '
            "draw: squares from the base; a planet sighted elsewhere than at the start of a "
            f'route is listed without a position.</p>\n<div class="chart-box">\n{h[chart]}\n'
            "</div>\n")
    if fair_play:
        ledger = ""
        if fair_play["ledger"]:
            ledger = f"<br>\nLedger after move {h[move]}: <code>{h[fair_play['ledger']]}</code>"
        add(f"\n<h2>Fair play</h2>\n<p>Commitment to the game secret: "
            f"<code>{h[fair_play['commitment']]}</code>{ledger}</p>\n")
        if fair_play["seeded"]:
            add(f'<p class="muted">{SEEDED_ONE_LINE}</p>\n')
    out.append(frame.tail)
    return "".join(out)
