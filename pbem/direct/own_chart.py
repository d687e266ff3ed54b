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
from ..charts.knowledge import OwnChart, OwnPlanet, Placements, spliced
from ..formats import Escaped
from . import chart_svg

TRAIL = "your routes of the moves before"


class Note(NamedTuple):
    """A line of the column beside the chart, escaped, but for its position."""

    css: str
    name: str  # ` data-planet="..."` on an entry's first line, else empty
    text: str


class OnFrame:
    """What the officers' charts on one frame share, printed; and, kept as they are first
    asked for, what charts on it print alike."""

    __slots__ = ("frame", "opening", "column", "lines", "shared", "own", "ships")

    def __init__(self, frame: chart_svg.Framed, opening: str, column: str, lines: int) -> None:
        self.frame = frame
        self.opening = opening  # from the style sheet to the title
        self.column = column  # the bulletins' planets beside the chart (the line if none)
        self.lines = lines
        # The bulletins' planets printed on it, each and all: made when a chart draws them
        # all (a frame made for an officer whose reckoning moved one of them may not hold
        # them); the planets and their lines beside the chart with an officer's own
        # placements, by their `OwnPlanet.key`s; the ship's marks on each square
        # (`chart_svg.ship_marks`).
        self.shared: tuple[list[str], str] | None = None
        self.own: dict[tuple, tuple[str, str, int]] = {}
        self.ships: dict[tuple[int, int, int], tuple[str, str]] = {}


class OwnCharts:
    """The officers' charts of one move (`placements` its bulletins'; `marks` the letters
    beside a planet), printed by `e` with the style sheet `style`; `frames` and `numbers`
    keep the printed frames and pixels (`Printer.chart_frames`, `chart_numbers`)."""

    def __init__(self, placements: Placements, marks: Mapping[str, str], e: Escaped,
                 style: str, frames: dict[tuple, chart_svg.Framed], numbers: chart_svg.Numbers,
                 *, game: str, move: int, chart_id: str = "chart") -> None:
        self.placements = placements
        self.marks_key = frozenset(marks.items())
        self.e, self.style, self.frames, self.numbers = e, style, frames, numbers
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
        # Frames by (highest level, lowest level, x0, x1, y0, y1); the officers' own
        # placements drawn, by `OwnPlanet.key`; what is said of where an officer is.
        self.on_frames: dict[tuple, OnFrame] = {}
        self.boxes: dict[tuple, OnFrame] = {}  # the same, by the squares they are around
        self.own_drawn: dict[tuple, tuple[dict[str, Any], list[Note]]] = {}
        self.subtitles: dict[tuple, str] = {}

    def chart(self, own: OwnChart, officer: str, rank: str, where: list[tuple[int, int]],
              mine: list[OwnPlanet], *, standalone: bool = True) -> str:
        """His chart; `where`, `mine`: `Placements.own` of his knowledge."""
        e = self.e
        if mine:
            drawn = [self._drawn(placed) for placed in mine]
            # His reckoning moved a planet the bulletins place?
            moved = any(i != j for i, j in where)
            on = self._frame(own, [entry for entry, _ in drawn], where, moved)
            keys = tuple([placed.key for placed in mine])
            found = on.own.get(keys)
            if found is None:  # those on the same squares, who saw the same, print the same
                found = on.own[keys] = self._own_planets(on, where, drawn, moved)
            planets, column, lines = found
        else:
            on = self._frame(own, [], where, False)
            planets = self._shared(on)[1]
            column, lines = on.column, on.lines
        frame = on.frame
        px = frame.pixels
        height = frame.height(lines + 1)
        title = f"{self.title}{e[rank]} {e[officer]}{self.title_end}"
        out = ['<?xml version="1.0" encoding="UTF-8"?>\n' if standalone else "",
               f'<svg xmlns="http://www.w3.org/2000/svg" width="{frame.width}" '
               f'height="{height + 18}" viewBox="0 0 {frame.width} {height + 18}" {self.head}'
               f'{title}</title>\n{on.opening}{title}</text>\n'
               f'<text class="subtitle" x="10" y="38">{self._subtitle(own.at)}</text>\n'
               f'{frame.levels}']
        add = out.append
        if own.trail:
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
        x, y, z = own.at
        marks = on.ships.get((x, y, z))
        if marks is None:
            marks = on.ships[x, y, z] = chart_svg.ship_marks(z, x, y, px)
        name = e[officer]
        add(f'<g class="ship" data-officer="{name}"{marks[0]}{name}</title>{marks[1]}{name}'
            f'</text></g>\n{frame.list_title}{column}'
            f'<text class="legend" x="10" y="{height + 4}">{self.legend}')
        return "".join(out)

    def _frame(self, own: OwnChart, entries: list[dict[str, Any]], where: list[tuple[int, int]],
               moved: bool) -> OnFrame:
        """His frame, as `svg.officer_drawing` makes it (around every planet drawn, his
        routes and where he is, on every level between them and the base), with what the
        charts on it share."""
        x, y, z = own.at
        if moved:
            planets = spliced(self.shared, where, entries)
            left = right = bottom = top = lo = hi = 0  # the base's square
        else:
            planets = entries  # among the bulletins', which `box` and `level_span` hold
            left, right, bottom, top = self.box
            lo, hi = self.level_span
        # The least and the most of each, by comparisons (a chart has a handful of squares):
        # his ship's square, then the planets'.
        for px, py, pz in [(x, y, z), *[(p["x"], p["y"], p["level"]) for p in planets]]:
            if px < left:
                left = px
            elif px > right:
                right = px
            if py < bottom:
                bottom = py
            elif py > top:
                top = py
            if pz < lo:
                lo = pz
            elif pz > hi:
                hi = pz
        span = own.span
        if span:
            for sx in (span[0], span[1]):
                if sx < left:
                    left = sx
                elif sx > right:
                    right = sx
            for sy in (span[2], span[3]):
                if sy < bottom:
                    bottom = sy
                elif sy > top:
                    top = sy
        # Only the highest and the lowest level count: every level between them is drawn.
        for t in own.tracks:
            level = t["level"]
            if level < lo:
                lo = level
            elif level > hi:
                hi = level
        for s in own.stops:
            level = s["at"][2]
            if level < lo:
                lo = level
            elif level > hi:
                hi = level
        if own.trail:
            for level in map(int, own.trail):
                if level < lo:
                    lo = level
                elif level > hi:
                    hi = level
        # Charts around the same squares share a frame (a thousand or so of ten thousand
        # charts): found by those squares, without working the frame out again.
        box = (lo, hi, left, right, bottom, top)
        found = self.boxes.get(box)
        if found is None:
            key = (lo, hi, *svg.square_frame(left, right, bottom, top))
            found = self.on_frames.get(key)
            if found is None:
                _, _, x0, x1, y0, y1 = key
                frame = chart_svg.framed(self.frames, tuple(range(lo, hi + 1)), x0, x1, y0, y1,
                                         self.chart_id, "base", self.e, self.numbers)
                column, lines = _column(self.notes, frame)
                found = self.on_frames[key] = OnFrame(
                    frame, f'{self.style}<defs>\n{frame.grids}</defs>\n<rect class="bg" '
                    'width="100%" height="100%"/>\n<text class="title" x="10" y="20">',
                    column if lines else frame.no_note, lines or 1)
            self.boxes[box] = found
        return found

    def _shared(self, on: OnFrame) -> tuple[list[str], str]:
        """The bulletins' planets printed on the frame, each and all."""
        if on.shared is None:
            planets = [chart_svg.planet_text(p, on.frame.pixels, self.e) for p in self.shared]
            on.shared = planets, "".join(planets)
        return on.shared

    def _own_planets(self, on: OnFrame, where: list[tuple[int, int]],
                     drawn: list[tuple[dict[str, Any], list[Note]]], moved: bool) -> tuple[str, str, int]:
        """The planets on a chart of this frame with these own placements (`drawn`), his
        among the bulletins': printed, and their lines beside the chart and how many."""
        px = on.frame.pixels
        if moved:  # the frame may not hold where the bulletins put that planet
            planets = "".join([chart_svg.planet_text(p, px, self.e) for p in spliced(
                self.shared, where, [entry for entry, _ in drawn])])
        else:
            planets = "".join(spliced(self._shared(on)[0], where, [
                chart_svg.planet_text(entry, px, self.e) for entry, _ in drawn]))
        column, lines = _column(spliced(self.notes, where, [notes for _, notes in drawn]),
                                on.frame)
        return (planets, column, lines) if lines else (planets, on.frame.no_note, 1)

    def _drawn(self, placed: OwnPlanet) -> tuple[dict[str, Any], list[Note]]:
        """An officer's own placement as his chart draws it, and its lines beside the chart:
        officers who placed a planet alike draw it alike."""
        found = self.own_drawn.get(placed.key)
        if found is None:
            entry = svg.planet_entry(placed.name, placed.planet["at"], placed.planet,
                                     self.marks_key)
            found = self.own_drawn[placed.key] = entry, _notes(entry, self.e)
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
