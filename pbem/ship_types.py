"""`pbem ships`: the ship types a GM may enlist an officer on, with their spaces and each
component's minimum and maximum, as the game's rules give them (its own ships.toml in
rules/, else pbem's), so that a sheet can be written right the first time."""

from __future__ import annotations

from .rules.ruleset import Ruleset
from .rules.ship import COMPONENTS, WEAPONS


def ship_table(ruleset: Ruleset) -> list[str]:
    """One column a type, one row a component: `min-max`, or the one count allowed."""
    types = list(ruleset.ships.values())
    rows: list[tuple[str, ...]] = [
        ("", *(t.name for t in types)),
        ("level", *(str(t.level) for t in types)),
        ("spaces", *(str(t.spaces) for t in types)),
        ("parsecs per tank", *(str(t.parsecs_per_tank) for t in types)),
    ]
    for c in COMPONENTS:
        cells = []
        for t in types:
            low, high = t.minimum.get(c, 0), t.maximum.get(c)
            cells.append(f"{low}+" if high is None
                         else str(low) if low == high else f"{low}-{high}")
        rows.append((c, *cells))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join([r[0].ljust(widths[0]), *(cell.rjust(w) for cell, w in
                                                 zip(r[1:], widths[1:]))]).rstrip()
             for r in rows]
    return lines + [
        "",
        "Each component takes one space of the ship but the individual weapons",
        f"({', '.join(WEAPONS)}), each of which rides on a module; a module carries",
        "one crew. A sheet is written, a component left out counting 0:",
        "  --fit crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3",
    ]
