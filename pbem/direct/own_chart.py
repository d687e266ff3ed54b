"""Every officer's chart of a move printed straight from his knowledge: the bytes of
`chart_svg.drawing(svg.officer_drawing(...))`, without the drawing in between.

The ten thousand officers' charts of a move share most of what they print: the bulletins'
placements (the same planets on every chart), the frames (officers on the same squares share
one), the words of the title and the legend. `OwnCharts` is made once for the move and keeps
them, printed; an officer's chart then prints only what is his: his name and position, his
routes and stops, his own placements put in among the bulletins'. tests/test_own_chart.py
holds it to the drawing printed.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from ..charts import svg
from ..charts.knowledge import OwnChart, Placements, spliced
from ..formats import Escaped
from . import chart_svg

TRAIL = "your routes of the moves before"


class Note(NamedTuple):
    """A line of the column beside the chart, escaped, but for its position."""

    css: str
    name: str  # ` data-planet="..."` on an entry's first line, else empty
    text: str


class OnFrame(NamedTuple):
    """What the officers' charts on one frame share, printed."""

    opening: str  # from the style sheet to the title
    column: str  # their lines beside the chart, the line when there are none
    lines: int


class OwnCharts:
    """The officers' charts of one move (`placements` its bulletins'; `marks` the letters
    beside a planet), printed by `e` with the style sheet `style`; `frames` keeps the
    printed frames (`Printer.chart_frames`)."""

    def __init__(self, placements: Placements, marks: Mapping[str, str], e: Escaped,
                 style: str, frames: dict[tuple, chart_svg.Framed], *, game: str, move: int,
                 chart_id: str = "chart") -> None:
        self.placements = placements
        self.marks_key = frozenset(marks.items())
        self.e, self.style, self.frames = e, style, frames
        self.move, self.chart_id = move, chart_id
        placed = placements.placed
        self.shared = [svg.planet_entry(name, placed[name]["at"], placed[name], self.marks_key)
                       for name in placements.names]
        self.notes = [_notes(p, e) for p in self.shared]
        # Where the bulletins' planets lie: every chart's frame holds them (and the base),
        # unless an officer's reckoning moves one of them.
        xs, ys = [0] + [p["x"] for p in self.shared], [0] + [p["y"] for p in self.shared]
        self.box = min(xs), max(xs), min(ys), max(ys)
        levels = [0] + [p["level"] for p in self.shared]
        self.level_span = min(levels), max(levels)
        # Escaping a name is escaping each of its characters: the title is escaped in parts,
        # the officer's name and rank looked up as his report prints them.
        self.title = f"VII Legio - {e[game]} - chart of "
        self.title_end = f" after move {move}"
        cid = e[chart_id]
        self.head = (f'class="chart" data-reader="officer" data-frame="base" role="img" '
                     f'aria-labelledby="{cid}-title">\n<title id="{cid}-title">')
        self.legend = f'{e[svg.LEGENDS["officer"]]}</text>\n</svg>\n'
        # Frames by (highest level, lowest level, x0, x1, y0, y1), with what the charts on
        # each share; the bulletins' planets printed on each (by `Framed.key`); what is said
        # of an officer's own planet, and of where he is.
        self.on_frames: dict[tuple, tuple[chart_svg.Framed, OnFrame]] = {}
        self.planets_on: dict[tuple, tuple[list[str], str]] = {}
        self.own_notes: dict[tuple, list[Note]] = {}
        self.subtitles: dict[tuple, str] = {}

    def chart(self, own: OwnChart, officer: str, rank: str, where: list[tuple[int, int]],
              mine: list[tuple[str, dict[str, Any]]], *, standalone: bool = True) -> str:
        """His chart; `where`, `mine`: `Placements.own` of his knowledge."""
        e = self.e
        entries = [svg.planet_entry(name, p["at"], p, self.marks_key) for name, p in mine]
        moved = any(i != j for i, j in where)  # his reckoning moved a planet the bulletins place
        frame, on = self._frame(own, entries, where, moved)
        px = frame.pixels
        if moved:  # the frame may not hold where the bulletins put that planet
            planets = "".join([chart_svg.planet_text(p, px, e)
                               for p in spliced(self.shared, where, entries)])
        elif entries:
            planets = "".join(spliced(self._planets_on(frame)[0], where, [
                chart_svg.planet_text(p, px, e) for p in entries]))
        else:
            planets = self._planets_on(frame)[1]
        if entries:
            column, lines = _column(spliced(self.notes, where, [self._notes(p) for p in entries]),
                                    frame)
            if not lines:
                column, lines = frame.no_note, 1
        else:
            column, lines = on.column, on.lines
        height = frame.height(lines + 1)
        title = f"{self.title}{e[rank]} {e[officer]}{self.title_end}"
        x, y, z = own.at
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else "",
               f'<svg xmlns="http://www.w3.org/2000/svg" width="{frame.width}" '
               f'height="{height + 18}" viewBox="0 0 {frame.width} {height + 18}" {self.head}'
               f'{title}</title>\n{on.opening}{title}</text>\n'
               f'<text class="subtitle" x="10" y="38">{self._subtitle(own.at)}</text>\n'
               f'{frame.levels}']
        add = out.append
        for level, d in sorted(own.trail.items(), key=lambda i: -int(i[0])):
            add(chart_svg.trail_text(int(level), d, TRAIL, px, e))
        move = self.move
        for t in own.tracks:
            add(chart_svg.track_text(t["level"], t["points"], f"move {t['move']}",
                                     t["move"] == move, px, e))
        add(planets)
        for s in own.stops:
            sx, sy, sz = s["at"]
            add(chart_svg.stop_text(sz, sx, sy, f"move {s['move']}: {svg.STOP_WORDS[s['stop']]} "
                                    f"(parsec {s['parsec']})", px, e))
        add(chart_svg.ship_text(z, x, y, officer, px, e))
        add(frame.list_title)
        add(column)
        add(f'<text class="legend" x="10" y="{height + 4}">{self.legend}')
        return "".join(out)

    def _frame(self, own: OwnChart, entries: list[dict[str, Any]], where: list[tuple[int, int]],
               moved: bool) -> tuple[chart_svg.Framed, OnFrame]:
        """His frame, as `svg.officer_drawing` makes it: around every planet drawn, his
        routes and where he is, on every level between them and the base; and what the
        charts on it share."""
        x, y, z = own.at
        if moved:
            planets = spliced(self.shared, where, entries)
            left, right, bottom, top = 0, 0, 0, 0  # the base's square
            level_span = (0, 0)
        else:
            planets = entries  # among the bulletins', which `box` and `level_span` hold
            left, right, bottom, top = self.box
            level_span = self.level_span
        xs = [left, right, x] + [p["x"] for p in planets]
        ys = [bottom, top, y] + [p["y"] for p in planets]
        if own.span:
            xs += own.span[:2]
            ys += own.span[2:]
        # Only the highest and the lowest level count: every level between them is drawn.
        levels = [*level_span, z] + [p["level"] for p in planets] + [
            t["level"] for t in own.tracks] + [s["at"][2] for s in own.stops]
        if own.trail:
            levels += map(int, own.trail)
        lo, hi = min(levels), max(levels)
        left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
        key = (lo, hi, *svg.square_frame(left, right, bottom, top))
        found = self.on_frames.get(key)
        if found is None:
            _, _, x0, x1, y0, y1 = key
            frame = chart_svg.framed(self.frames, tuple(range(lo, hi + 1)), x0, x1, y0, y1,
                                     self.chart_id, "base", self.e)
            found = self.on_frames[key] = (frame, self._on_frame(frame))
        return found

    def _on_frame(self, frame: chart_svg.Framed) -> OnFrame:
        column, lines = _column(self.notes, frame)
        return OnFrame(
            f'{self.style}<defs>\n{frame.grids}</defs>\n<rect class="bg" width="100%" '
            'height="100%"/>\n<text class="title" x="10" y="20">',
            column if lines else frame.no_note, lines or 1)

    def _planets_on(self, frame: chart_svg.Framed) -> tuple[list[str], str]:
        """The bulletins' planets printed on `frame`, each and all: made when a chart on it
        draws them all (a frame made for an officer whose reckoning moved one of them may
        not hold them)."""
        found = self.planets_on.get(frame.key)
        if found is None:
            planets = [chart_svg.planet_text(p, frame.pixels, self.e) for p in self.shared]
            found = self.planets_on[frame.key] = planets, "".join(planets)
        return found

    def _notes(self, p: dict[str, Any]) -> list[Note]:
        """An officer's own planet's lines beside the chart: officers who placed a planet on
        the same square say the same of it."""
        key = (p["name"], p["tooltip"], p["known"])
        found = self.own_notes.get(key)
        if found is None:
            found = self.own_notes[key] = _notes(p, self.e)
        return found

    def _subtitle(self, at: list[int]) -> str:
        key = tuple(at)
        found = self.subtitles.get(key)
        if found is None:
            found = self.subtitles[key] = self.e[
                f"By dead reckoning from your reports: you are {svg.from_base(at)}."]
        return found


def _notes(p: dict[str, Any], e: Escaped) -> list[Note]:
    """A planet's lines in the column beside the chart (none for the base), as
    `chart_svg._column` prints its note (`svg._planet_notes`)."""
    if p["base"]:
        return []
    text, extra = p["tooltip"], "known" if p["known"] else ""
    name = f' data-planet="{e[p["name"]]}"' if p["name"] else ""
    if 0 < len(text) <= svg.LIST_CHARS:
        return [Note(e["note known" if extra else "note"], name, e[text])]
    return [Note(e[svg._css("note", extra, "more" if n else "")], "" if n else name, e[piece])
            for n, piece in enumerate(svg.wrapped(text))]


def _column(notes: list[list[Note]], frame: chart_svg.Framed) -> tuple[str, int]:
    """The planets' lines beside the chart, on `frame`, and how many."""
    x, y = frame.list_x, frame.list_y + svg.LINE
    out = []
    for planet in notes:
        for n in planet:
            out.append(f'<text class="{n.css}"{n.name} x="{x}" y="{y + len(out) * svg.LINE}">'
                       f'{n.text}</text>\n')
    return "".join(out), len(out)
