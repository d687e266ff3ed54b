"""The fog of war in outer space, over many random advanced games (5B, 5C; DESIGN: hidden stays
hidden): no hazard's square, no net's stop, no distortion's exit reaches an officer's report
or the bulletin unless the rules reveal it to that reader (his Princeps PSI's warning), and
every officer's dead reckoning is exactly what he can work out from what he was told: wrong
when a net or a distortion misled him, by what they hid, and right otherwise. The alien
ship appears in a reader's report (text, HTML, JSON, its chart) only when his radar saw it
during his movement, exactly where it was, or when it holds or attacks him; the bulletins
only say that one was destroyed, never by whom or where.

The games are those of `tests/random_games.py` (lawful random orders, the rules' own check),
played on the pure core; every move's reports and bulletins are rendered as the GM gets
them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
import re
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbem.orders.keywords import parse_route
from pbem.render import render_move, report_name
from pbem.json_codec import to_json
from pbem.rules.dice import SeededDice
from pbem.rules.events import GM, OFFICER, PUBLIC
from pbem.rules.geometry import COMPASS, LEVEL_GAP, VERTICAL, Position, bearing, bearing_text
from pbem.rules.geometry import distance
from pbem.rules.move import resolve_move

from random_games import RULESET, new_game, random_orders

# What only the GM may read: the hazards, a net's hidden stop, a distortion's exit, the
# black hole's roll, a route flown without a computer.
GM_ONLY = {"hazards", "net", "distortion-exit", "black-hole-roll", "untold-route",
           # where the alien ship enters and moves, and whether TAB. S brought one
           "alien-ship-enters", "alien-ship-moves", "alien-ship-absent"}
# How the alien ship reaches an officer: his radar during his movement, its glue, its fire.
ALIEN_MET = {"alien-ship-sighting", "alien-ship-hooks", "alien-ship-attack"}
ALIEN_NAMES = tuple(RULESET.alien_ships.ships)
GM_FILES = {"gm-log.txt", "chart-gm.svg"}
# Keys that would carry a square of the map.
SQUARE_KEYS = {"x", "y", "position", "square", "squares", "exit"}


def walk(ordered: str, parsecs: int | None) -> tuple[int, int, int]:
    """Where the ordered route leads in its first `parsecs` parsecs (all of it when None):
    east, north, levels down. A level change is never split (3E)."""
    dx = dy = dz = 0
    left = float("inf") if parsecs is None else parsecs
    for seg in parse_route(ordered):
        if seg.vertical:
            for _ in range(seg.parsecs // LEVEL_GAP):
                if left < LEVEL_GAP:
                    return dx, dy, dz
                dz += VERTICAL[seg.direction]
                left -= LEVEL_GAP
        else:
            ex, ey = COMPASS[seg.direction]
            for _ in range(seg.parsecs):
                if left < 1:
                    return dx, dy, dz
                dx, dy, left = dx + ex, dy + ey, left - 1
    return dx, dy, dz


def told_move(route: dict | None) -> tuple[int, int, int]:
    """What an officer's route event lets him reckon, and nothing else: without a computer
    the route ordered flown to its end; otherwise as far as he was told it went (to the net
    that held it, when his PSI sensed it)."""
    if route is None or route.get("stop") in ("lost", "held"):
        return 0, 0, 0
    if not route["link"]:
        return walk(route["ordered"], None)
    return walk(route["ordered"], route["stop_parsec"] if route["stop"] else route["travelled"])


def keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value) | set().union(*(keys(v) for v in value.values()))
    if isinstance(value, (list, tuple)):
        return set().union(*(keys(v) for v in value)) if value else set()
    return set()


def strings(value) -> list[str]:
    """The words of a JSON document: its string values, not its keys."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def words(name: str, text: str) -> str:
    """What a reader reads in a file: a JSON file's words, any other file as it is."""
    return "\n".join(strings(json.loads(text))) if name.endswith(".json") else text


def rendered(result, move: int) -> dict[str, str]:
    out = Path(tempfile.mkdtemp())
    render_move(None, out, game="aleae", move=move, events=list(result.events),
                texts=[to_json(e.data) for e in result.events], rolls=list(result.rolls))
    return {p.name: p.read_text("utf-8") for p in out.iterdir()}


def diff(a, b) -> tuple[int, int, int]:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def before_the_form(name: str, text: str) -> str:
    """A report without its order form, whose hints name FIRE ALIEN and DISENGAGE to all."""
    if name.endswith(".txt"):
        return text.split("ORDERS FOR MOVE")[0]
    if name.endswith(".html"):
        return text.split("<h2>Orders for move")[0]
    return text


def check_alien_ship(before, result, move: int, files: dict[str, str]) -> None:
    alien = before.alien_ship  # where it is during the officers' turns (it moves after them)
    wrecked = [e for e in result.events if e.kind == "alien-ship-wrecked"]
    for name, text in files.items():
        if name.startswith("bulletin") and not name.endswith(".json"):
            heading = re.compile(r"^(## |\[b\]|<h2>)?the alien ship(\[/b\]|</h2>)?$", re.IGNORECASE)
            mentions = [line for line in text.splitlines()
                        if "alien ship" in line.lower() and not heading.match(line.strip())]
            assert len(mentions) == len(wrecked), (move, name, mentions)
            assert all("was destroyed this move" in line for line in mentions), (move, mentions)
            assert not any(o.name in line for line in mentions for o in before.officers.values())
        if name.endswith(".svg") and name != "chart-gm.svg":
            assert not any(n in text for n in ALIEN_NAMES), (move, name)
    for oid, o in before.officers.items():
        own = [e for e in result.events if e.officer == oid and e.visible_to(oid)]
        met = {e.kind for e in own} & ALIEN_MET or (alien is not None and oid in alien.hooked)
        who = f"move {move}, {o.name}"
        for suffix in ("txt", "html", "json"):
            name = report_name(oid, o.name, suffix)
            text = before_the_form(name, files[name])
            if not met:
                assert "alien ship" not in text.lower(), (who, name)
                assert not any(n in text for n in ALIEN_NAMES), (who, name)
        route = next((e.data for e in own if e.kind == "route"), None)
        for e in own:
            if e.kind != "alien-ship-sighting":
                continue
            # Seen from the parsec of his route nearest to it, where it really was, within
            # his radar's range.
            d = e.data
            assert alien is not None, who
            if route is None:  # on the ground: the radar sees from where the ship stands
                assert d["parsec"] == 0, (who, d)
                square, reach = o.position, 3 + o.technologies.get("scanners", 0)
            else:
                assert route["link"], who
                dx, dy, dz = walk(route["ordered"], d["parsec"])
                square = Position(o.position.x + dx, o.position.y + dy, o.position.level + dz)
                reach = route["reach"]
            assert square.level == alien.position.level, (who, d, square, alien)
            assert distance(square, alien.position) == d["distance"] <= reach, (who, d)
            assert bearing_text(bearing(square, alien.position)) == d["bearing"], (who, d)


def check_fog(before, result, move: int) -> None:
    base = before.base.position
    files = rendered(result, move)
    check_alien_ship(before, result, move, files)
    for e in result.events:
        if e.kind in GM_ONLY:
            assert e.audience == GM, f"move {move}: {e.kind} told to {e.audience}: {e.data}"
        if e.audience in (PUBLIC, OFFICER):
            assert not keys(e.data) & SQUARE_KEYS, f"move {move}: {e.kind} shows a square: {e.data}"
    for name, text in files.items():
        if name in GM_FILES:
            continue
        if name.endswith(".json"):
            # The JSON reports carry their reader's events as they are: none the GM's alone,
            # none with a square of the map.
            events = json.loads(text)["events"]
            assert not {e["kind"] for e in events} & GM_ONLY, name
            assert not keys([e["data"] for e in events]) & SQUARE_KEYS, name
        text = words(name, text)  # every format, JSON included, is read for what it says
        # A net is named only to the officer whose PSI sensed it.
        warned = any(e.kind == "psi-warning" and e.data["hazard"] == "net"
                     and name.startswith(report_name(e.officer, before.officers[e.officer].name)[:-4])
                     for e in result.events)
        forbidden = r"hazard|\bexit\b" if warned else r"\bnets?\b|hazard|\bexit\b"
        assert not re.search(forbidden, text, re.IGNORECASE), (name, text)
        if name.startswith("bulletin") or name.startswith("chart-public"):
            # Every public format: a hazard is never named, nor how a ship met one.
            for hidden in ("distortion", "black hole", "black-hole"):
                assert hidden not in text.lower(), (name, hidden)
    for oid, o in before.officers.items():
        after = result.state.officers[oid]
        own = [e for e in result.events if e.officer == oid]
        told = [e for e in own if e.visible_to(oid)]
        route = next((e.data for e in told if e.kind == "route"), None)
        who = f"move {move}, {o.name}"
        # A distortion is named to him only when his route was blocked by one, the black
        # hole only when he had a computer to be told its effects: in each of his formats.
        blocked = bool(route and route.get("stop") == "distortion")
        felt = [e for e in told if e.kind == "black-hole"]
        for suffix in ("txt", "html", "json"):
            name = report_name(oid, o.name, suffix)
            said = before_the_form(name, words(name, files[name])).lower()
            assert ("distortion" in said) == blocked, (who, name)
            assert ("black hole" in said or "black-hole" in said) == bool(felt), (who, name)
        assert not felt or route["link"], who  # told only through a computer (3D f II)
        # The dead reckoning is what he was told, and nothing more. A colleague's Tot may
        # have sent him to the base before his turn (a rescue told before it): his route
        # then starts from the base, with his reckoning set back to it.
        turn_at = next((i for i, e in enumerate(told) if e.kind == "turn"), len(told))
        rescued_before = any(e.kind == "rescue" for e in told[:turn_at])
        start, start_reckoning = (base, (0, 0, 0)) if rescued_before else (o.position, o.reckoning)
        reset = any(e.kind == "rescue" for e in told[turn_at:]) or any(
            e.kind == "landed" and e.data["base"] for e in told)
        moved = told_move(route)
        psi = next((e.data for e in told if e.kind == "psi-warning"), None)
        expected = (0, 0, 0) if reset else tuple(
            r + m for r, m in zip(start_reckoning, moved))
        if psi is not None and psi["hazard"] == "distortion" and not reset:
            # His PSI told him where the distortion put him: the shift is no longer hidden.
            expected = tuple(psi["reckoning"])
            moved = diff(expected, start_reckoning)
        assert tuple(after.reckoning) == expected, (who, route, o.reckoning, after.reckoning)
        sheet = next(e.data for e in told if e.kind == "sheet")
        assert tuple(sheet["reckoning"]) == expected, who
        if reset:
            assert tuple(after.reckoning) == diff(after.position, base), who
            continue
        # ... and wrong by what the hazards hid, exactly when they hid something.
        real = diff(after.position, start)
        hidden = diff(real, moved)
        net = next((e.data for e in own if e.kind == "net"), None)
        shift = next((e.data for e in own if e.kind == "distortion-exit"), None)
        untold = any(e.kind == "untold-route" for e in own)
        if psi is not None:
            assert hidden == (0, 0, 0), (who, psi, o.position, after.position)
        elif net is not None and not untold:
            believed = walk(net["ordered"], None)
            assert hidden == diff(diff(net["square"], start), believed), (who, net)
        elif shift is not None and not untold:
            assert hidden == diff(shift["exit"], shift["square"]), (who, shift)
        elif not untold:
            assert hidden == (0, 0, 0), (who, route, o.position, after.position)


def play_advanced(seed: int, moves: int) -> Counter:
    """Plays one random game of outer space, checking the fog after every move; returns how
    many times each event kind was met."""
    rng = random.Random(seed)
    secret, state = new_game(rng, moves, level="advanced")
    met: Counter = Counter()
    for move in range(1, moves + 1):
        state = replace(state, move=move)
        orders, held = random_orders(rng, state)
        result = resolve_move(state, orders, held, RULESET, SeededDice(secret, move))
        check_fog(state, result, move)
        met.update(e.kind for e in result.events)
        # A distortion that puts the ship on a planet: a public landing, a hidden cause.
        met["distortion-landing"] += sum(e.kind == "distortion-exit" and bool(e.data["planet"])
                                         for e in result.events)
        state = result.state
        if state.winner is not None:
            break
    return met


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), moves=st.integers(6, 14))
@example(seed=255, moves=12)  # a route stopped at parsec 0 on a level the chart left out
@example(seed=2325, moves=6)  # rescued by a colleague's Tot, then a route from the base
@example(seed=26, moves=2)  # a distortion puts a ship down on a planet
def test_hazards_stay_hidden_and_the_reckoning_is_wrong_exactly_when_it_should_be(seed, moves):
    play_advanced(seed, moves)


def test_the_fog_games_meet_the_hazards_that_hide_things():
    """The property means something only if these games meet nets and distortions, PSI
    warnings, and the alien ship in every way it can reach a report."""
    # Seed 15 is a game in which the alien ship wrecks a legionary, seed 26 one in which a
    # distortion puts a ship down on a planet, seed 32 one with a PSI's warning: few games
    # meet any of them.
    met = sum((play_advanced(seed, 16) for seed in (*range(6), 15, 26, 32)), Counter())
    assert met["net"] + met["distortion-exit"] >= 3, met
    assert met["distortion-landing"], met
    for kind in ("psi-warning", "alien-ship-sighting", "alien-ship-hooks", "alien-ship-attack",
                 "alien-ship-wrecked"):
        assert met[kind], (kind, met)
