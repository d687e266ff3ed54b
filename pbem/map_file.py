"""A map the GM drew for a new game: its TOML file read, and checked by the rules.

A map gives `size`, one [[planet]] table per planet and, for outer space, its hazards; each
problem names the file and shows what to write instead.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .errors import GameError
from .rules.galaxy import LEVELS, base_planet, map_problems
from .rules.geometry import Position, Zone
from .rules.hazards import Hazards
from .rules.hazards import problems as hazard_problems
from .rules.state import Planet


HAZARD_TABLES = ("black_hole", "net", "distortion")  # a map's hazards (outer space)


def read_map(path: Path) -> tuple[Zone, list[Planet], Hazards | None]:
    """A map the GM drew: TOML with `size`, one [[planet]] table per planet and, for outer
    space, its hazards: one [[black_hole]], a [[net]] per level and three [[distortion]]
    per level. The hazards are None when the map gives none."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise GameError(f"cannot read the map {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise GameError(f"{path}: not valid TOML: {e}") from None
    size = data.get("size")
    if not isinstance(size, int):
        raise GameError(f"{path}: `size` must be a whole number, e.g. size = 30")
    planets: list[Planet] = []
    for n, entry in enumerate(data.get("planet", []), 1):
        try:
            pos = Position(int(entry["x"]), int(entry["y"]), int(entry["level"]))
        except (KeyError, TypeError, ValueError):
            raise GameError(
                f"{path}: planet {n} needs whole numbers level, x and y, "
                f"e.g. [[planet]] level = 1  x = 4  y = 7"
            ) from None
        planets.append(base_planet(n, pos) if entry.get("base", False) else Planet(id=n, position=pos))
    zone = Zone(size, LEVELS)
    problems = map_problems(zone, planets)
    hazards = None
    if any(name in data for name in HAZARD_TABLES):
        hazards = _map_hazards(path, data, zone)
        problems += hazard_problems(zone, [p.position for p in planets], hazards)
    if problems:
        raise GameError(f"{path}: the map is not valid:\n  " + "\n  ".join(problems))
    return zone, planets, hazards


def _whole(path: Path, entry: object, what: str, keys: tuple[str, ...], example: str) -> list[int]:
    try:
        assert isinstance(entry, dict)
        values = [entry[k] for k in keys]
        if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
            raise TypeError
        return values
    except (AssertionError, KeyError, TypeError):
        raise GameError(f"{path}: {what} needs whole numbers {', '.join(keys)}, "
                        f"e.g. {example}") from None


def _map_hazards(path: Path, data: dict, zone: Zone) -> Hazards:
    """The [[black_hole]], [[net]] and [[distortion]] tables of a map, read as written; the
    rules then check them (`hazards.problems`)."""
    holes = data.get("black_hole", [])
    if not isinstance(holes, list) or len(holes) != 1:
        count = len(holes) if isinstance(holes, list) else 1
        raise GameError(f"{path}: outer space has exactly one black hole (its nucleus on the "
                        f"same square of every level); the map gives {count}: write one "
                        "[[black_hole]] with x and y")
    hole = _whole(path, holes[0], "the black hole", ("x", "y"), "[[black_hole]] x = 15  y = 3")
    nets: list[tuple[Position, ...]] = []
    for n, entry in enumerate(data.get("net", []), 1):
        example = "[[net]] level = 1  squares = [[4, 5], [5, 5], [5, 6]]"
        level = _whole(path, entry, f"net {n}", ("level",), example)[0]
        squares = entry.get("squares")
        if not isinstance(squares, list) or not all(
                isinstance(sq, list) and len(sq) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in sq)
                for sq in squares):
            raise GameError(f"{path}: net {n} needs its squares as pairs of whole numbers x, y, "
                            f"e.g. {example}")
        nets.append(tuple(Position(x, y, level) for x, y in squares))
    distortions = []
    for n, entry in enumerate(data.get("distortion", []), 1):
        x, y, level = _whole(path, entry, f"distortion {n}", ("x", "y", "level"),
                             "[[distortion]] level = 1  x = 12  y = 27")
        distortions.append(Position(x, y, level))
    return Hazards((hole[0], hole[1]), tuple(nets), tuple(distortions), zone.levels)
