"""What a reader knows of the map, folded move by move from the events he may read.

Nobody is told absolute coordinates (DESIGN), so the public chart and the officers' charts are
drawn from the base: x squares East, y squares North, and levels below the base (negative:
above). Every fold starts by dropping the events its reader may not see
(`Event.visible_to`), so a chart can hold nothing its reader was not told.

The public chart: what any player could draw from the bulletins (docs/gm-guide.md, "Charts").

- Every planet a public event names is heard of, with the facts the bulletins gave.
- The base is the centre of the chart.
- A planet gets a position only when it is anchored to the base: sighted from the start of a
  route (the bulletin's "the start of the route", parsec 0) by an officer whose square the
  bulletins tell. The rest of a route is private (the report gives it, the bulletin does
  not), so a planet sighted elsewhere on a route is listed beside the chart, unplaced.
- The bulletins tell an officer's square when it is his first turn (every officer starts on
  the base), when he holds position, when he lands on the base or on a placed planet, when
  he is rescued or promoted (both bring him to the base), and when from the start of his
  route he sights a placed planet (he is then at that planet, less the bearing; a planet he
  had landed on gets his square in turn).

An officer's own chart adds what his reports tell him alone: his believed position (the
report's dead reckoning), the route as ordered and as far as it was travelled, the stops he
was told of, and every planet he sighted (the parsec and bearing from his believed position)
or landed on. After an undetected hazard the reckoning is wrong, and so is his chart, as in
the rules.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple

from ..rules.events import Event
from ..rules.galaxy import BASE_DESIGNATION
from .reckoning import Point, moved, offset, route_tracks, square_at

ORIGIN: Point = (0, 0, 0)

# Public events that name a planet by its designation in the field `planet`.
NAMING = frozenset({"sighting", "info", "landed", "known", "encounter", "alliance", "tot"})
# Route stops a report tells (route.py): the edge, a missing level, a planet ahead, no radar.
# The stops a report tells; in outer space a distortion's too (5B c), a net's only when a
# Princeps PSI sensed it (5B b: never otherwise).
TOLD_STOPS = frozenset({"edge", "no-level", "planet-ahead", "forced-landing", "vertical-landing",
                        "distortion", "net"})
# The kinds of his own events an officer's chart reads (`OwnChart.add_own`): `fold` hands it
# those alone, the rest of a move's events (the Information Sheet's unanswered questions, the
# rolls of the hazards...) being most of them.
CHARTED = frozenset({"sighting", "landed", "route", "sheet", "psi-warning"})


def designation_order(designation: str) -> tuple[int, int, str]:
    """The base first, then P-1, P-2... by number, then the uncharted (#n, the GM's)."""
    number = designation.rpartition("-")[2] if designation.startswith("P-") else ""
    if designation == BASE_DESIGNATION:
        return (0, 0, designation)
    if number.isdigit():
        return (1, int(number), designation)
    rest = designation.lstrip("#")
    return (2, int(rest) if rest.isdigit() else 0, designation)


def _planet(move: int) -> dict[str, Any]:
    return {"at": None, "facts": [], "known": False, "destroyed": False, "race": None,
            "base": False, "since": move}


@dataclass
class PublicChart:
    """What the bulletins of every move so far let anyone draw."""

    move: int = 0  # the last move folded in
    planets: dict[str, dict[str, Any]] = field(default_factory=lambda: {
        BASE_DESIGNATION: {**_planet(0), "at": list(ORIGIN), "known": True, "base": True}})
    # Where the bulletins put each officer at the end of the last move: {"at": square},
    # {"on": designation} (a planet, placed or not), or None (somewhere on a private route).
    ships: dict[str, dict[str, Any] | None] = field(default_factory=dict)

    def add_move(self, move: int, events: Iterable[Event]) -> None:
        turn: list | None = None  # [officer name, square at the start, parsec-0 sightings]
        for e in events:
            if not e.visible_to(None):
                continue
            kind, d = e.kind, e.data
            if kind == "turn":
                self._close(turn)
                name = d["officer_name"]
                # A name never seen before is an officer's first turn: he starts on the base.
                start = self.ships[name] if name in self.ships else {"on": BASE_DESIGNATION}
                self.ships[name] = None if d["moved"] else start
                turn = [name, start, []]
                continue
            planet = d.get("planet")
            if kind in NAMING and planet is not None and planet not in self.planets:
                self.planets[planet] = _planet(move)
            if kind == "sighting":
                entry = self.planets[planet]
                entry["facts"] = list(d["facts"])
                entry["known"] = entry["known"] or d["known"]
                if d["parsec"] == 0 and turn is not None and turn[0] == d["officer_name"]:
                    turn[2].append((planet, offset(d["bearing"])))
            elif kind == "info":
                self.planets[planet]["facts"] = list(d["facts"])
            elif kind == "landed":
                self.ships[d["officer_name"]] = {"on": BASE_DESIGNATION if d["base"] else planet}
            elif kind in ("rescue", "promotion"):
                self.ships[d["officer_name"]] = {"on": BASE_DESIGNATION}
            elif kind == "known":
                self.planets[planet]["known"] = True
            elif kind == "encounter":
                self.planets[planet]["race"] = d["race"]
            elif kind == "tot" and d["result"] == "Yes":
                self.planets[planet].update(destroyed=True, known=True)
        self._close(turn)
        self.move = move

    def square(self, where: dict[str, Any] | None) -> list[int] | None:
        if where is None:
            return None
        if "at" in where:
            return where["at"]
        return self.planets[where["on"]]["at"]

    def _close(self, turn: list | None) -> None:
        """Place what was sighted from the start of a route, once the turn is read whole."""
        if turn is None or not turn[2]:
            return
        name, start, seen = turn
        at = self.square(start)
        if at is None:
            for planet, (dx, dy) in seen:
                there = self.planets[planet]["at"]
                if there is not None:
                    at = [there[0] - dx, there[1] - dy, there[2]]
                    break
        if at is None:
            return
        if start is not None and "on" in start and self.planets[start["on"]]["at"] is None:
            self.planets[start["on"]]["at"] = at  # he was on that planet: now it is placed too
        for planet, (dx, dy) in seen:
            entry = self.planets[planet]
            if entry["at"] is None:
                entry["at"] = [at[0] + dx, at[1] + dy, at[2]]

    def placed(self) -> dict[str, dict[str, Any]]:
        return {d: p for d, p in self.planets.items() if p["at"] is not None}

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "planets": self.planets, "ships": self.ships}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PublicChart":
        return cls(data["move"], data["planets"], data["ships"])


@dataclass
class OwnChart:
    """What one officer's own reports add to the bulletins."""

    officer: int
    move: int = 0
    at: list[int] = field(default_factory=lambda: list(ORIGIN))  # by dead reckoning
    tracks: list[dict[str, Any]] = field(default_factory=list)  # this move's: {move, level, points}
    # The routes of the moves before, one SVG path's data per level ("M0 0L5 5..."), in
    # squares from the base: kept ready to draw, so that the fiftieth move's chart costs
    # what the first one's does.
    trail: dict[str, str] = field(default_factory=dict)
    span: list[int] | None = None  # [x0, x1, y0, y1] of every route flown
    planets: dict[str, dict[str, Any]] = field(default_factory=dict)  # {at, move}
    stops: list[dict[str, Any]] = field(default_factory=list)  # {move, at, stop, parsec}

    def add_move(self, move: int, events: Iterable[Event]) -> None:
        me = self.officer
        # What he may read of his own events: the public ones and those told to him alone.
        self.add_own(move, [e for e in events if e.officer == me and e.visible_to(me)])

    def add_own(self, move: int, own: list[Event]) -> None:
        """`add_move` of his own events he may read, in the order they happened (`fold`
        sorts a move's events by reader once, and hands him only the kinds `CHARTED`)."""
        for t in self.tracks:  # last move's routes join the trail
            key = str(t["level"])
            self.trail[key] = self.trail.get(key, "") + "M" + "L".join(
                f"{x} {y}" for x, y in t["points"])
        self.tracks = []
        before: Point = tuple(self.at)  # type: ignore[assignment]
        route = sheet = None
        placing: list[Event] = []  # sightings and landings, in the order they happened
        sensed = False  # a Princeps PSI's warning
        for e in own:
            kind = e.kind
            if kind == "sighting" or kind == "landed":
                placing.append(e)
            elif kind == "route":
                route = e.data if route is None else route
            elif kind == "sheet":
                sheet = e.data if sheet is None else sheet
                self.at = list(e.data["reckoning"])
            elif kind == "psi-warning":
                sensed = True
        # The route event follows the sightings it explains: read it first. Its start is
        # where the report's reckoning puts the end, less the route as travelled: so a GM's
        # ruling that moved the ship between moves, or a rescue before the route, needs no
        # event of its own.
        if route is not None and "reckoning" not in route:
            route = None  # a route never flown (the ship was lost on the ground first)
        if route is not None:
            # Told nothing of his route (no computer, 3D f), he reckons it flown to its end.
            travelled = route.get("travelled", route["planned"])
            dx, dy, dz = moved(route["ordered"], travelled)
            end = route["reckoning"]
            start = (end[0] - dx, end[1] - dy, end[2] - dz)
            last = (end[0], end[1], end[2])  # where the route led him, as `steps` ends
        else:
            # No route (on the ground, or held): the radar still sees from where he stands.
            start = before if sheet is None else tuple(sheet["reckoning"])  # type: ignore[assignment]
            last = start
        for e in placing:
            d = e.data
            if d["base"]:
                continue
            if e.kind == "landed":
                self.planets[d["planet"]] = {"at": list(last), "move": move}
                continue
            at = (square_at(start, route["ordered"], travelled, d["parsec"]) if route is not None
                  else start if d["parsec"] == 0 else None)
            if at is not None:
                x, y, z = at
                dx, dy = offset(d["bearing"])
                self.planets[d["planet"]] = {"at": [x + dx, y + dy, z], "move": move}
        if route is not None:
            runs = route_tracks(start, route["ordered"], travelled)
            if runs:
                x, y = runs[0][1][0]
                x0, x1, y0, y1 = self.span or (x, x, y, y)
                for level, points in runs:
                    self.tracks.append({"move": move, "level": level, "points": points})
                    for x, y in points:  # the span widened, by comparisons (two corners a run)
                        x0, x1 = (x, x1) if x < x0 else (x0, x) if x > x1 else (x0, x1)
                        y0, y1 = (y, y1) if y < y0 else (y0, y) if y > y1 else (y0, y1)
                self.span = [x0, x1, y0, y1]
            if route.get("stop") in TOLD_STOPS:
                stop = route["stop"]
                if stop == "distortion" and sensed:
                    stop = "distortion-sensed"
                self.stops.append({"move": move, "at": list(last), "stop": stop,
                                   "parsec": route["stop_parsec"]})
        self.move = move

    def to_dict(self) -> dict[str, Any]:
        return {"officer": self.officer, "move": self.move, "at": self.at,
                "tracks": self.tracks, "trail": self.trail, "span": self.span,
                "planets": self.planets, "stops": self.stops}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "OwnChart":
        return cls(data["officer"], data["move"], data["at"], data["tracks"], data["trail"],
                   data["span"], data["planets"], data["stops"])


def officer_planets(public: PublicChart, placed: dict[str, dict[str, Any]],
                    own: OwnChart) -> dict[str, dict[str, Any]]:
    """The planets an officer can put on his chart: those the bulletins place, then those his
    own reports place (his reckoning wins for a planet he saw himself). `placed` is
    `public.placed()`, worked out once for every officer of the move."""
    planets = dict(placed)
    for designation, mine in own.planets.items():
        heard = public.planets.get(designation) or _planet(mine["move"])
        planets[designation] = {**heard, "at": mine["at"]}
    return planets


class OwnPlanet(NamedTuple):
    """A planet an officer placed himself, as he can put it on his chart."""

    name: str
    planet: dict[str, Any]  # `officer_planets`'s: what he heard of it, where he placed it


class Placements:
    """The planets the bulletins place after a move, in designation order: what every
    officer's chart of the move starts from, put in order once. Each officer's own
    placements go in among them (`own`), where sorting his whole chart again would cost ten
    thousand sorts of the same planets."""

    def __init__(self, public: PublicChart) -> None:
        self.public = public
        self.placed = public.placed()
        self.names = sorted(self.placed, key=designation_order)
        self.keys = [designation_order(name) for name in self.names]

    def own(self, own: OwnChart) -> tuple[list[tuple[int, int]], list[OwnPlanet]]:
        """His own placements in designation order, and where each goes among the
        bulletins' (`spliced`). Shared: never changed."""
        if not own.planets:
            return [], []
        names = sorted(own.planets, key=designation_order) if len(own.planets) > 1 else list(own.planets)
        return cuts(self.keys, [designation_order(name) for name in names]), [
            self._placement(name, own.planets[name]) for name in names]

    def _placement(self, name: str, mine: dict[str, Any]) -> OwnPlanet:
        heard = self.public.planets.get(name) or _planet(mine["move"])
        return OwnPlanet(name, {**heard, "at": mine["at"]})


def cuts(keys: list[tuple[int, int, str]], own: list[tuple[int, int, str]]) -> list[tuple[int, int]]:
    """Where each of `own` (designation-order keys, in order) goes among `keys` (in order,
    each once): (i, j), the shared entries before it end at i and go on from j (i + 1 when
    it replaces the shared entry of the same key: his reckoning wins)."""
    out = []
    start = 0
    for key in own:
        i = bisect_left(keys, key, start)
        start = i + 1 if i < len(keys) and keys[i] == key else i
        out.append((i, start))
    return out


def spliced(shared: list, where: list[tuple[int, int]], own: list) -> list:
    """`shared` (in the order of `Placements.keys`) with each of `own` put in at `where`
    (`cuts`): an officer's planets in designation order, without sorting them."""
    if not own:
        return list(shared)
    out: list = []
    start = 0
    for (i, j), item in zip(where, own):
        out += shared[start:i]
        out.append(item)
        start = j
    out += shared[start:]
    return out
