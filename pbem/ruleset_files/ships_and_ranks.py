"""The ships and the ranks: `ships.toml` (3C, 3D), each ship type and its sheet, and
`ranks.toml` (section 2, 3A), each rank with the ships it may command.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.career import demoted_level, promoted_level
from ..rules.ranks import Rank
from ..rules.ship import COMPONENTS, ShipType, fit_problems, spaces_used

from .rules_file import RulesFile, quote


def read_ships(f: RulesFile, doc: dict[str, Any]) -> dict[str, ShipType]:
    ships: dict[str, ShipType] = {}
    # 3 men a crew is fixed by the rulebook (3D a): a GM's file may leave it out.
    crew_men = f.integer(doc.get("crew_men", ShipType.crew_men), "crew_men", 1)
    for name, raw in doc.items():
        if name in ("provenance", "crew_men"):
            continue
        t = f.table(raw, name)
        f.only(t, ("level", "spaces", "parsecs_per_tank", "minimum", "maximum", "default"), name)
        level = f.integer(f.required(t, "level", name), f"{name}.level", 0)
        spaces = f.integer(f.required(t, "spaces", name), f"{name}.spaces", 1)
        per_tank = f.integer(
            f.required(t, "parsecs_per_tank", name), f"{name}.parsecs_per_tank", 1
        )
        limits: dict[str, dict[str, int]] = {}
        for side in ("minimum", "maximum", "default"):
            key = f"{name}.{side}"
            if side == "default" and side not in t:
                continue  # optional: the minimum sheet
            counts = f.table(f.required(t, side, name), key)
            for comp, n in counts.items():
                if comp not in COMPONENTS:
                    raise f.error(
                        f"{key}.{quote(comp)}",
                        f"unknown component; use one of {', '.join(COMPONENTS)}",
                    )
                f.integer(n, f"{key}.{comp}", 0)
            limits[side] = dict(counts)
        low, high = limits["minimum"], limits["maximum"]
        for comp in COMPONENTS:
            if comp in high and low.get(comp, 0) > high[comp]:
                raise f.error(
                    f"{name}.minimum.{comp}",
                    f"minimum {low[comp]} is above the maximum {high[comp]}",
                )
        if spaces_used(low) > spaces:
            raise f.error(
                f"{name}.minimum",
                f"the minimum sheet fills {spaces_used(low)} spaces; the ship has {spaces}",
            )
        # 3C, 3F c: the sheet a rescued or promoted officer flies until he refits.
        given = "default" in limits
        default = {c: limits.get("default", low).get(c, 0) for c in COMPONENTS}
        ship = ShipType(name, level, spaces, per_tank, low, high, default, crew_men)
        problems = fit_problems(ship, default)
        if problems:
            raise f.error(
                f"{name}.default",
                ("not a lawful sheet: " if given else "missing, and the minimum sheet is not "
                 "lawful: ") + "; ".join(problems),
            )
        ships[name] = ship
    if not ships:
        raise f.error("", "defines no ship type")
    return ships


def read_ranks(f: RulesFile, doc: dict[str, Any],
               ships: Mapping[str, ShipType]) -> tuple[Rank, ...]:
    f.only(doc, ("provenance", "ranks"), "")
    raw = f.array(f.required(doc, "ranks", ""), "ranks")
    if not raw:
        raise f.error("ranks", "must list at least one rank")
    ranks: list[Rank] = []
    for i, item in enumerate(raw, 1):
        key = f"ranks[{i}]"
        t = f.table(item, key)
        f.only(t, ("name", "ships", "promotion"), key)
        name = f.string(f.required(t, "name", key), f"{key}.name")
        if any(r.name.lower() == name.lower() for r in ranks):
            raise f.error(f"{key}.name", f"rank {name!r} is listed twice")
        key = f"ranks[{i}] ({name})"
        listed = f.array(t.get("ships", []), f"{key}.ships")
        types = tuple(f.string(s, f"{key}.ships") for s in listed)
        for s in types:
            if s not in ships:
                raise f.error(f"{key}.ships", f"unknown ship type {s!r}; known: {', '.join(ships)}")
        last = i == len(raw)
        promotion = t.get("promotion")
        if last:
            # Reaching the last rank wins the game (section 1), so there is nothing above.
            if promotion is not None:
                raise f.error(f"{key}.promotion", "the last rank wins the game; remove it")
        else:
            promotion = f.integer(f.required(t, "promotion", key), f"{key}.promotion", 1)
            if not types:
                raise f.error(f"{key}.ships", "every rank below the last commands a ship type")
        ranks.append(Rank(name, types, promotion))
    _every_rank_change_has_a_ship(f, ranks, ships)
    return tuple(ranks)


def _every_rank_change_has_a_ship(f: RulesFile, ranks: list[Rank],
                                  ships: Mapping[str, ShipType]) -> None:
    """A promotion gives the ship of the immediately higher level (3A) and a rescue return
    one of a lower level (3F c): the rank above, and the rank below, must command it."""
    for i, rank in enumerate(ranks):
        key = f"ranks[{i + 1}] ({rank.name}).ships"
        for name in rank.ships:
            level = ships[name].level
            steps = [("promoted", ranks[i + 1], promoted_level(ships, level))] if (
                i + 1 < len(ranks) and ranks[i + 1].ships) else []
            steps.append(("rescued", ranks[max(i - 1, 0)], demoted_level(ships, level)))
            for what, other, wanted in steps:
                if not any(ships[n].level == wanted for n in other.ships):
                    raise f.error(key, f"a {rank.name} {what} from a {name} (level {level}) "
                                       f"becomes {other.name} with a ship of level {wanted}, "
                                       f"and a {other.name} commands none: add one to "
                                       f"{other.name}'s ships")
