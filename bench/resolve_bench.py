"""Benchmark of `pbem resolve`: officer-turns per second, split by phase, and drift over a long game.

Not a pytest test: run it by hand (see bench/README.md).

    python bench/resolve_bench.py                      # N = 100, 1,000, 10,000 + 50 moves at N=1,000
    python bench/resolve_bench.py --quick              # smoke run: N = 100, 10 moves
    python bench/resolve_bench.py --profile            # also cProfile one move at N=1,000
    python bench/resolve_bench.py --level advanced     # the same in outer space: hazards placed,
                                                       # personalities, specialists, an alien ship
    python bench/resolve_bench.py --process --level-both --compare ../other-checkout
                                                       # each move one `pbem resolve` process,
                                                       # beside another checkout's and the I/O floor

What is timed is `pbem.game.resolve(game_dir)` for one move, wall clock, reports and bulletin
included. Building the game and writing the order files is setup and is not timed. The phase
split comes from timing wrappers monkeypatched over the functions `resolve` calls (inside this
process only; the product code is not changed).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import platform
import pstats
import random
import secrets
import shutil
import sqlite3
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

import pbem.backups  # noqa: E402
import pbem.game  # noqa: E402
import pbem.ledger  # noqa: E402
import pbem.move_files  # noqa: E402
import pbem.render  # noqa: E402
import pbem.storage.game_state  # noqa: E402
from pbem import game  # noqa: E402
from pbem.officer_secrets import hash_secret, officer_lot, secret_matches  # noqa: E402
from pbem.rules.dice import SeededDice  # noqa: E402
from pbem.rules.galaxy import draw_map  # noqa: E402
from pbem.rules.geometry import COMPASS, LEVEL_GAP, Position, Zone  # noqa: E402
from pbem.rules.hazards import BLACK_HOLE_CLEARANCE, CLEARANCE, Hazards  # noqa: E402
from pbem.rules.hazards import problems as hazard_problems  # noqa: E402
from pbem.rules.ship import build_ship, fit_problems  # noqa: E402
from pbem.rules.specialists import FIELDS  # noqa: E402
from pbem.rules.specialists import parse as parse_specialist  # noqa: E402
from pbem.rules.state import AlienShip  # noqa: E402
from pbem.ruleset_files import load_ruleset  # noqa: E402
from pbem.storage import game_state  # noqa: E402
from pbem.storage.database import Database, db_path, open_db, update_row  # noqa: E402
from pbem.storage.rows import alien_ship_to_json, ship_to_json, specialist_to_json  # noqa: E402

SHIP_TYPE = "GLADIUM"
# A GLADIUM has 16 spaces: 2 crews + 2 shields + 2 lasers + 3 radars + 3 computers + 4 tanks
# = 16, with radars and computers at 3 (what the orders use) and tanks at the type's maximum
# of 4 (20 parsecs of thrust). Checked with fit_problems before anything is built.
FIT = {"crews": 2, "shields": 2, "lasers": 2, "radars": 3, "computers": 3, "tanks": 4}
GAME_NAME = "bench"
SECRET_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"

# Phases of one resolve, as (label, module, attribute) of what `pbem.game.resolve` calls.
# resolve() looks these names up at call time (module globals / `game_state.` attributes), so
# replacing the attribute on the module is enough to time them.
PHASES: tuple[tuple[str, object, str], ...] = (
    ("load", pbem.storage.game_state, "load_state"),  # the state from SQLite
    ("orders", pbem.game, "collect_orders"),    # read, parse and check every order file
    ("rules", pbem.game, "resolve_move"),       # the pure rules: every turn, close of move
    ("backup", pbem.backups, "back_up"),        # the database and the orders read, copied
    ("render", pbem.game, "render_move"),       # reports, bulletins, GM log (Jinja, files)
    ("save", pbem.storage.game_state, "save_move"),   # the SQL statements of the move
    ("ledger", pbem.ledger, "record_move"),     # the move's hash: its rows and the state read back
    ("files", pbem.move_files, "finish"),       # reports into place, orders archived
)
# Phases run inside resolve()'s `with db.atomic():` block (see PhaseTimer.split).
IN_TRANSACTION = ("render", "save", "ledger")
# Parts of a phase, shown beside it but not added to the total: the file writes of render
# (render_move calls the module-level `write` for every report and bulletin).
SUBPHASES: tuple[tuple[str, object, str], ...] = (
    ("render_files", pbem.render, "write"),
)
PHASE_NAMES = [p[0] for p in PHASES] + ["commit", "other"]
COLUMNS = PHASE_NAMES + [p[0] for p in SUBPHASES]


# --- timing ----------------------------------------------------------------------------

class PhaseTimer:
    """Accumulates wall-clock seconds per phase while installed."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def reset(self) -> None:
        self.seconds.clear()

    def wrap(self, label: str, fn: Callable) -> Callable:
        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[label] += time.perf_counter() - t0
        timed.__wrapped__ = fn  # type: ignore[attr-defined]
        return timed

    @contextlib.contextmanager
    def installed(self) -> Iterator["PhaseTimer"]:
        saved = [(module, attr, getattr(module, attr)) for _, module, attr in PHASES + SUBPHASES]
        original_atomic = Database.atomic
        timer = self

        # The COMMIT runs when resolve()'s `with db.atomic():` block exits, after the move is
        # saved, its ledger entry written and its reports rendered: time the whole block and
        # count what is none of those as "commit".
        @contextlib.contextmanager
        def atomic(db_self):
            t0 = time.perf_counter()
            with original_atomic(db_self):
                yield db_self
            timer.seconds["atomic"] += time.perf_counter() - t0

        try:
            for label, module, attr in PHASES + SUBPHASES:
                setattr(module, attr, self.wrap(label, getattr(module, attr)))
            Database.atomic = atomic  # type: ignore[method-assign]
            yield self
        finally:
            for module, attr, fn in saved:
                setattr(module, attr, fn)
            Database.atomic = original_atomic  # type: ignore[method-assign]

    def split(self, total: float) -> dict[str, float]:
        out = {label: self.seconds.get(label, 0.0) for label, _, _ in PHASES}
        out["commit"] = max(0.0, self.seconds.get("atomic", 0.0)
                            - sum(out[label] for label in IN_TRANSACTION))
        out["other"] = max(0.0, total - sum(out.values()))
        for label, _, _ in SUBPHASES:
            out[label] = self.seconds.get(label, 0.0)
        return out


# --- building the game -----------------------------------------------------------------

def officer_name(i: int) -> str:
    return f"Officer {i:05d}"


def officer_secret(rng: random.Random) -> str:
    chars = "".join(rng.choice(SECRET_ALPHABET) for _ in range(12))
    return "-".join(chars[i:i + 4] for i in range(0, 12, 4))


def commander(i: int, level: str) -> dict:
    """Outer space: officer i's personality (0 to 5 in turn) and specialist officer (a
    Princeps PSI, a Princeps ROBUR, a scientist of each kingdom in turn, or none), as `pbem
    enlist --personality --specialist` declares them (5D, 5E); nothing in inner space."""
    if level != "advanced":
        return {}
    specialist = (f"PSI {1 + i % 4}", f"ROBUR {1 + i % 4}",
                  f"SCIENTIST {FIELDS[i % 3].upper()} {1 + i % 4}", None)[i % 4]
    return {"personality": i % 6, "specialist": specialist}


def enlist_library(game_dir: Path, n: int, secrets_: dict[int, str], level: str = "basic") -> None:
    for i in range(1, n + 1):
        e = game.enlist(game_dir, officer_name(i), f"officer{i}@bench.invalid", SHIP_TYPE,
                        f"Ship {i}", FIT, secret=secrets_[i], **commander(i, level))
        assert e.officer_id == i, (e.officer_id, i)


def enlist_direct(game_dir: Path, n: int, secrets_: dict[int, str], level: str = "basic") -> None:
    """The rows `game.enlist` would write, inserted in one transaction.

    Why: each `game.enlist` call opens the database and reads every officer's name (up to
    b60adc9 it also reloaded the whole state), so enlisting N officers one by one costs
    O(N^2): at b60adc9, 1,000 officers took 20-27 s and 10,000 would have taken well over
    ten minutes (c7a20e5: 1.6 s for 1,000). The columns below are those `game.enlist` writes, with the same helpers
    (hash_secret, officer_lot, ship_to_json, build_ship), the first rank,
    the base's square and the move being collected, so the game is the same as one built
    with `game.enlist` (only the random salt differs, as it would between two enlist runs).
    `check_direct_insert` compares the two on a small game at every run.
    """
    db = open_db(game_dir)
    ruleset = game.ruleset_for(game_dir)
    problems = fit_problems(ruleset.ships[SHIP_TYPE], FIT)
    assert not problems, problems
    rank = ruleset.ranks[0]
    assert SHIP_TYPE in rank.ships, (rank.name, rank.ships)
    state = game_state.load_state(db)
    base = state.base
    g = game_state.game_row(db)
    assert not list(db.query("SELECT id FROM officers")), "enlist_direct wants a game with no officer yet"
    rows = []
    for i in range(1, n + 1):
        ship = build_ship(ruleset.ships[SHIP_TYPE], f"Ship {i}", FIT)
        salt = secrets.token_hex(8)
        rows.append({
            "id": i, "name": " ".join(officer_name(i).split()), "email": f"officer{i}@bench.invalid",
            "secret_hash": hash_secret(secrets_[i], salt), "salt": salt,
            "rank": rank.name, "score": 0, "ship": ship_to_json(ship),
            "x": base.position.x, "y": base.position.y, "level": base.position.level,
            "lot": officer_lot(g["secret"], i), "turn_fixed": None, "landed_on": base.id,
            "rx": 0, "ry": 0, "rlevel": 0, "enlisted_move": g["move"],
        })
        aboard = commander(i, level)
        if aboard:
            specialist = aboard["specialist"] and parse_specialist(aboard["specialist"])
            rows[-1].update(personality=aboard["personality"],
                            specialist=specialist_to_json(specialist or None))
    columns = list(rows[0])
    sql = (f"INSERT INTO officers ({', '.join(columns)}) "
           f"VALUES ({', '.join(':' + c for c in columns)})")
    with db.atomic():
        db.conn.executemany(sql, rows)
    db.conn.close()


def hazards_near_the_base(zone: Zone, planets: list, base: Position) -> Hazards:
    """Outer space for the benchmark: the hazards as near the base as the rules allow (5
    parsecs from every planet for the black hole, 4 for the rest), so that the routes of the
    first move, all flown from the base, meet them. Drawn hazards would lie anywhere in the
    zone, most of them beyond a move's reach."""
    def cleared(clearance: int, on_level: int | None) -> set[tuple[int, int]]:
        """The squares nearer than `clearance` to a planet (of one level, or of any)."""
        near: set[tuple[int, int]] = set()
        for p in planets:
            if on_level is None or p.level == on_level:
                near.update((x, y) for x in range(p.x - clearance + 1, p.x + clearance)
                            for y in range(p.y - clearance + 1, p.y + clearance))
        return near

    def steps(q: tuple[int, int]) -> int:
        return max(abs(q[0] - base.x), abs(q[1] - base.y))

    around = sorted(((x, y) for x in range(zone.size) for y in range(zone.size)),
                    key=lambda q: (steps(q), q))
    blocked = cleared(BLACK_HOLE_CLEARANCE, None)
    hole = next(q for q in around if steps(q) >= 6 and q not in blocked)
    taken = {Position(hole[0], hole[1], level) for level in range(1, zone.levels + 1)}
    nets, distortions = [], []
    for level in range(1, zone.levels + 1):
        blocked = cleared(CLEARANCE, level)
        free = [Position(x, y, level) for x, y in around
                if (x, y) not in blocked and Position(x, y, level) not in taken]
        free_set = set(free)
        net = next((first, first.step("E"), first.step("NE")) for first in free
                   if first.step("E") in free_set and first.step("NE") in free_set)
        taken.update(net)
        nets.append(net)
        spread = [q for q in free if q not in taken]
        for q in spread[len(spread) // 200::len(spread) // 100 or 1][:3]:
            taken.add(q)
            distortions.append(q)
    hazards = Hazards(hole, tuple(nets), tuple(distortions), zone.levels)
    assert not hazard_problems(zone, planets, hazards), hazard_problems(zone, planets, hazards)
    return hazards


def outer_space_map(path: Path, args: argparse.Namespace) -> Path:
    """The drawn map of `pbem new` (the same seed, size and planets), written as a GM's map
    with the hazards near the base."""
    zone = Zone(args.size, 4)
    secret = game.game_secret(args.seed)
    planets = draw_map(zone, args.planets, SeededDice(bytes.fromhex(secret), 0))
    base = next(p for p in planets if p.base).position
    hazards = hazards_near_the_base(zone, [p.position for p in planets], base)
    lines = [f"size = {args.size}"]
    for p in planets:
        x, y, level = p.position
        lines += ["", "[[planet]]", f"level = {level}", f"x = {x}", f"y = {y}"]
        if p.base:
            lines.append("base = true")
    lines += ["", "[[black_hole]]", f"x = {hazards.black_hole[0]}", f"y = {hazards.black_hole[1]}"]
    for net in hazards.nets:
        squares = ", ".join(f"[{q.x}, {q.y}]" for q in net)
        lines += ["", "[[net]]", f"level = {net[0].level}", f"squares = [{squares}]"]
    for q in hazards.distortions:
        lines += ["", "[[distortion]]", f"level = {q.level}", f"x = {q.x}", f"y = {q.y}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def build_game(game_dir: Path, n: int, args: argparse.Namespace) -> tuple[dict[int, str], dict]:
    """A fresh game of n officers on the base; returns their secrets and setup figures."""
    if game_dir.exists():
        shutil.rmtree(game_dir)
    t0 = time.perf_counter()
    map_file = None
    if args.level == "advanced":
        map_file = outer_space_map(game_dir.with_name(game_dir.name + "-map.toml"), args)
    game.new_game(game_dir, args.seed, name=GAME_NAME, size=args.size, planets=args.planets,
                  level=args.level, map_file=map_file)
    t_new = time.perf_counter() - t0
    rng = random.Random(f"{args.seed}|secrets")
    secrets_ = {i: officer_secret(rng) for i in range(1, n + 1)}
    mode = "enlist" if n <= args.enlist_limit else "direct"
    t0 = time.perf_counter()
    (enlist_library if mode == "enlist" else enlist_direct)(game_dir, n, secrets_, args.level)
    t_enlist = time.perf_counter() - t0
    if args.level == "advanced":
        alien_ship_near_the_base(game_dir)
    return secrets_, {"new_game_s": round(t_new, 3), "enlist_mode": mode,
                      "enlist_s": round(t_enlist, 3)}


ALIEN_SHIP = "KNOX"  # TAB. Q


def alien_ship_near_the_base(game_dir: Path) -> None:
    """Outer space: an alien ship in play from move 1, 3 parsecs East of the base on its
    level, as if TAB. S had brought it in before the game began. At the end of move 1 it
    makes for the nearest legionary in space and holds him; from then on the orders of the
    ships it holds fire at it and try to disengage (`write_orders`)."""
    db = open_db(game_dir)
    kind = game.ruleset_for(game_dir).alien_ships.ships[ALIEN_SHIP]
    base = game_state.load_state(db).base.position
    where = Position(min(base.x + 3, game_state.game_row(db)["size"] - 1), base.y, base.level)
    ship = AlienShip(kind.name, kind.attack, kind.defence, kind.movement, where)
    update_row(db, "game", 1, {"alien_ship": alien_ship_to_json(ship)})
    db.conn.close()


def check_direct_insert(work: Path, args: argparse.Namespace, n: int = 12) -> None:
    """The same small game built both ways must have the same officers (salt aside)."""
    secrets_ = {i: officer_secret(random.Random(i)) for i in range(1, n + 1)}
    tables = []
    for mode, fn in (("enlist", enlist_library), ("direct", enlist_direct)):
        d = work / f"check-{mode}"
        if d.exists():
            shutil.rmtree(d)
        map_file = (outer_space_map(work / "check-map.toml", args) if args.level == "advanced"
                    else None)
        game.new_game(d, args.seed, name=GAME_NAME, size=args.size, planets=args.planets,
                      level=args.level, map_file=map_file)
        fn(d, n, secrets_, args.level)
        db = open_db(d)
        rows = list(db.query("SELECT * FROM officers"))
        for r in rows:
            assert secret_matches(secrets_[r["id"]], r["salt"], r["secret_hash"]), mode
            del r["salt"], r["secret_hash"]
        tables.append((rows, game_state.load_state(db)))
        db.conn.close()
        shutil.rmtree(d)
    (rows_a, state_a), (rows_b, state_b) = tables
    assert rows_a == rows_b, "direct insert differs from game.enlist"
    assert state_a == state_b, "direct insert loads a different state from game.enlist"


# --- order files -----------------------------------------------------------------------

def positions(game_dir: Path) -> tuple[int, dict[int, tuple[int, int, int]], dict[int, dict],
                                       set[int]]:
    """The move being collected, each officer's square, his ship as it stands now (a ship
    can be lost on the way, a landing straight down on hostile aliens, and the rescue gives
    him a smaller one, so every move's orders are written for the ship he has), and in outer
    space the officers the alien ship holds."""
    con = sqlite3.connect(db_path(game_dir))
    try:
        move = con.execute("SELECT move FROM game WHERE id = 1").fetchone()[0]
        rows = list(con.execute("SELECT id, x, y, level, ship FROM officers"))
        columns = {r[1] for r in con.execute("PRAGMA table_info(game)")}
        alien = (con.execute("SELECT alien_ship FROM game WHERE id = 1").fetchone()[0]
                 if "alien_ship" in columns else None)
    finally:
        con.close()
    pos = {i: (x, y, lv) for i, x, y, lv, _ in rows}
    ships = {i: json.loads(ship) for i, _, _, _, ship in rows}
    hooked = set(json.loads(alien)["hooked"]) if alien else set()
    return move, pos, ships, hooked


def route_for(rng: random.Random, pos: tuple[int, int, int], size: int, levels: int,
              thrust: int) -> str:
    """A full-thrust route: 1-3 compass legs (sometimes a level change) that stay in the zone."""
    x, y, level = pos
    legs: list[str] = []
    remaining = thrust
    if rng.random() < 0.15 and remaining >= LEVEL_GAP:
        vertical = [d for d, ok in (("UP", level > 1), ("DOWN", level < levels)) if ok]
        if vertical:
            legs.append(f"{LEVEL_GAP} {rng.choice(vertical)}")
            remaining -= LEVEL_GAP
    k = min(rng.choice((1, 2, 2, 3)), remaining)
    cuts = sorted(rng.sample(range(1, remaining), k - 1)) if k > 1 else []
    parts = [b - a for a, b in zip([0] + cuts, cuts + [remaining])]
    for p in parts:
        inside = [d for d, (dx, dy) in COMPASS.items()
                  if 0 <= x + dx * p < size and 0 <= y + dy * p < size]
        d = rng.choice(inside or list(COMPASS))
        dx, dy = COMPASS[d]
        x, y = x + dx * p, y + dy * p
        legs.append(f"{p} {d}")
    return " + ".join(legs)


def write_orders(game_dir: Path, secrets_: dict[int, str], args: argparse.Namespace,
                 thrust: int) -> tuple[int, Path]:
    """One order file per officer for the move being collected (setup, not timed)."""
    move, pos, ships, hooked = positions(game_dir)
    folder = game_dir / "orders" / f"move-{move:02d}"
    folder.mkdir(parents=True, exist_ok=True)
    ruleset = load_ruleset()
    for oid, secret in secrets_.items():
        rng = random.Random(f"{args.seed}|{move}|{oid}")
        ship = ships[oid]
        full = ship["tanks"] * ruleset.ships[ship["type"]].parsecs_per_tank
        route = route_for(rng, pos[oid], args.size, 4, min(thrust, full))
        info = [f"INFO NEW {k}" if k > 1 else "INFO NEW" for k in range(1, min(3, ship["computers"]) + 1)]
        # Held by the alien ship's glue (5C b): fire at it (with lasers left) and try to break
        # free, to fly the route if the dice allow.
        glue = ((["FIRE ALIEN"] if ship["lasers"] else []) + ["DISENGAGE"]) if oid in hooked else []
        text = "\n".join([
            f"GAME {GAME_NAME}", f"OFFICER {officer_name(oid)}", f"SECRET {secret}",
            f"MOVE {move}", *glue, f"ROUTE {route}", f"RADARS {min(3, ship['radars'])}",
            *info, "END", "",
        ])
        (folder / f"{oid:05d}.txt").write_text(text, encoding="utf-8")
    return move, folder


# --- one move --------------------------------------------------------------------------

OUTER_EVENTS = {
    "alien_sightings": "alien-ship-sighting", "alien_hooks": "alien-ship-hooks",
    "alien_attacks": "alien-ship-attack", "fire_alien": "fire-alien",
    "disengagements": "disengage", "alien_ships_destroyed": "alien-ship-wrecked",
    "psi_warnings": "psi-warning", "specialist_risks": "specialist-risk",
    "specialists_lost": "specialist-lost", "desertions": "desertion",
}


def move_stats(game_dir: Path, move: int) -> dict:
    con = sqlite3.connect(db_path(game_dir))
    try:
        q = lambda sql: con.execute(sql, (move,)).fetchone()[0]  # noqa: E731
        return {
            "events": q("SELECT count(*) FROM events WHERE move = ?"),
            "sightings": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'sighting'"),
            "held": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'held'"),
            "order_notes": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'order-note'"),
            "files_read": q("SELECT count(*) FROM order_files WHERE move = ?"),
            "designations": con.execute("SELECT designations FROM game").fetchone()[0],
            # Outer space: routes held by a net, blocked by a distortion, near the black hole.
            "nets": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'net'"),
            "distortions": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'distortion-exit'"),
            "black_hole_rolls": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'black-hole-roll'"),
            "landings": q("SELECT count(*) FROM events WHERE move = ? AND kind = 'landed'"),
            # Outer space, part 2: the alien ship, the specialists, desertion.
            **{name: q(f"SELECT count(*) FROM events WHERE move = ? AND kind = '{kind}'")
               for name, kind in OUTER_EVENTS.items()},
        }
    finally:
        con.close()


def timed_move(game_dir: Path, n: int, secrets_: dict[int, str], args: argparse.Namespace,
               timer: PhaseTimer, thrust: int, repeat: int = 1) -> dict:
    """Write the orders, then time game.resolve; with repeat > 1 the same move is resolved
    again from a copy of the folder taken before it, and the median run is reported."""
    move, _ = write_orders(game_dir, secrets_, args, thrust)
    files_in_orders = sum(1 for p in (game_dir / "orders").rglob("*.txt"))
    backup = game_dir.with_name(game_dir.name + ".before")
    if repeat > 1:
        if backup.exists():
            shutil.rmtree(backup)
        shutil.copytree(game_dir, backup)
    runs = []
    for r in range(repeat):
        if r:
            shutil.rmtree(game_dir)
            shutil.copytree(backup, game_dir)
        # Flush what the setup wrote (order files, the copy above) so that its write-back
        # does not land inside the timed move: on a VM disk it slows file creation a lot.
        os.sync()
        timer.reset()
        t0 = time.perf_counter()
        game.resolve(game_dir)
        total = time.perf_counter() - t0
        runs.append((total, timer.split(total)))
    if repeat > 1:
        shutil.rmtree(backup)
    total, split = sorted(runs, key=lambda run: run[0])[(len(runs) - 1) // 2]
    stats = move_stats(game_dir, move)
    if stats["held"]:
        raise SystemExit(f"move {move}: {stats['held']} officers held; the order files are wrong")
    return {
        "n": n, "move": move, "seconds": total, "officer_turns_per_s": n / total,
        "ms_per_officer": 1000 * total / n, "phases": split,
        # The pure rules alone (resolve_move): what the rules cost, reports and files aside.
        "rules_ms_per_officer": 1000 * split["rules"] / n,
        "runs_seconds": [run[0] for run in runs],
        "files_in_orders": files_in_orders, **stats,
    }


# --- output ----------------------------------------------------------------------------

def fmt_split(row: dict) -> str:
    return "  ".join(f"{row['phases'][p]:7.2f}" for p in PHASE_NAMES) + \
        "  " + "  ".join(f"{row['phases'][p]:14.2f}" for p in COLUMNS[len(PHASE_NAMES):])


def print_scaling(rows: list[dict]) -> None:
    head = "  ".join(f"{p:>7}" for p in PHASE_NAMES) + "  " + \
        "  ".join(f"({p})" for p in COLUMNS[len(PHASE_NAMES):])
    print("\nOne move (move 1), wall clock of game.resolve, seconds")
    print(f"{'N':>6}  {'total':>7}  {'turns/s':>8}  {'ms/off':>6}  {head}  {'events':>7}")
    for r in rows:
        print(f"{r['n']:>6}  {r['seconds']:7.2f}  {r['officer_turns_per_s']:8.0f}  "
              f"{r['ms_per_officer']:6.2f}  {fmt_split(r)}  {r['events']:>7}")


def print_long(long: dict) -> None:
    first, last = long["first"], long["last"]
    print(f"\nLong game: N={long['n']}, moves 1..{last['move']}")
    head = "  ".join(f"{p:>7}" for p in PHASE_NAMES) + "  " + \
        "  ".join(f"({p})" for p in COLUMNS[len(PHASE_NAMES):])
    print(f"{'move':>6}  {'total':>7}  {'turns/s':>8}  {'files':>6}  {head}")
    for r in (first, last):
        print(f"{r['move']:>6}  {r['seconds']:7.2f}  {r['officer_turns_per_s']:8.0f}  "
              f"{r['files_in_orders']:>6}  {fmt_split(r)}")
    print(f"move {last['move']} / move 1 = {long['ratio']:.2f}  (goal <= 1.20)")


def rounded(obj):
    if isinstance(obj, float):
        return round(obj, 4)
    if isinstance(obj, dict):
        return {k: rounded(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [rounded(v) for v in obj]
    return obj


# --- profile ---------------------------------------------------------------------------

def profile_move(game_dir: Path, n: int, secrets_: dict[int, str], args: argparse.Namespace,
                 thrust: int, out: Path) -> dict:
    write_orders(game_dir, secrets_, args, thrust)
    os.sync()
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    game.resolve(game_dir)
    prof.disable()
    total = time.perf_counter() - t0
    files = {}
    for key in ("cumulative", "tottime"):
        buf = io.StringIO()
        pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(key).print_stats(args.profile_lines)
        path = out / f"profile-n{n}-{key}.txt"
        path.write_text(buf.getvalue(), encoding="utf-8")
        files[key] = str(path)
    prof.dump_stats(out / f"profile-n{n}.pstats")
    print(f"\ncProfile of one move at N={n} ({total:.2f} s under the profiler), "
          f"top {args.profile_lines} by cumulative time:")
    print(Path(files["cumulative"]).read_text(encoding="utf-8"))
    print(f"(by own time: {files['tottime']})")
    return {"n": n, "seconds_under_profiler": total, "files": files}


def code_version() -> dict:
    """Which pbem was measured: its folder, and the commit and local changes if it is a checkout."""
    info: dict = {"pbem": str(Path(pbem.game.__file__).resolve().parent)}

    def git(*cmd: str) -> str | None:
        try:
            done = subprocess.run(["git", "--no-optional-locks", "-C", str(ROOT), *cmd],
                                  capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.rstrip("\n") if done.returncode == 0 else None

    head = git("rev-parse", "--short", "HEAD")
    if head:
        info["git_head"] = head
        changed = git("status", "--porcelain", "--untracked-files=no", "--", "pbem", "templates")
        info["uncommitted_product_files"] = changed.splitlines() if changed else []
    return info


# --- whole process ---------------------------------------------------------------------
#
# `--process`: each timed move is one `pbem resolve` run as a process of its own, from the
# same game folder with its orders written (a copy of it per run), as a GM meets it: the
# interpreter's start, the imports, the environments, the move, the exit. With `--compare
# TREE` the same move is run by the code of another checkout (PYTHONPATH=TREE) too, the runs
# of the trees interleaved (A B, B A, A B, ...) so that a machine slower for a while slows
# both; each figure is the median of `--repeat` runs. Beside them, the I/O floor: a minimal
# script (`FLOOR`) that reads the order files the move read, writes files of the sizes the
# move wrote (and archives the orders as it does), and commits the rows it committed.

LAUNCH = "import sys; from pbem.cli import main; sys.exit(main())"

# The floor, run as its own process: `plan` names the files read, written and moved, and a
# database of the rows the move left new or changed, copied into game.db in one transaction.
FLOOR = r'''
import json, os, sqlite3, sys
game, plan = sys.argv[1], json.load(open(sys.argv[2]))
for name in plan["read"]:
    with open(os.path.join(game, name), "rb") as f:
        f.read()
for old, new in plan["moved"]:
    os.makedirs(os.path.dirname(os.path.join(game, new)), exist_ok=True)
    os.rename(os.path.join(game, old), os.path.join(game, new))
for name, size in plan["written"]:
    path = os.path.join(game, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    os.write(fd, b"x" * size)
    os.close(fd)
con = sqlite3.connect(os.path.join(game, "game.db"), isolation_level=None)
con.execute("ATTACH DATABASE ? AS rows", (plan["rows"],))
con.execute("BEGIN")
for table in plan["tables"]:
    con.execute(f'INSERT OR REPLACE INTO main."{table}" SELECT * FROM rows."{table}"')
con.execute("COMMIT")
con.close()
'''


def tree_files(folder: Path) -> dict[str, int]:
    """Every file under `folder` but the database, by its path inside, with its size."""
    return {p.relative_to(folder).as_posix(): p.stat().st_size for p in folder.rglob("*")
            if p.is_file() and not p.name.startswith("game.db")}


def floor_plan(before: Path, after: Path, work: Path) -> Path:
    """What the move did to the folder, for `FLOOR`: the files it read (the orders), moved
    (the orders archived, known by their name and bytes), wrote (everything new), and the
    rows it committed (every row of `after` that `before` lacks, in a database of its own)."""
    old, new = tree_files(before), tree_files(after)
    gone = [name for name in old if name not in new]
    added = {name: size for name, size in new.items() if name not in old}
    moved = []
    for name in gone:
        data = (before / name).read_bytes()
        twin = next((a for a in added if Path(a).name == Path(name).name
                     and (after / a).read_bytes() == data), None)
        if twin is not None:
            moved.append((name, twin))
            del added[twin]
    rows = work / "floor-rows.db"
    rows.unlink(missing_ok=True)
    con = sqlite3.connect(rows)
    con.execute("ATTACH DATABASE ? AS before", (str(before / "game.db"),))
    con.execute("ATTACH DATABASE ? AS after", (str(after / "game.db"),))
    tables = [t for (t,) in con.execute(
        "SELECT name FROM after.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    for table in tables:
        con.execute(f'CREATE TABLE main."{table}" AS SELECT * FROM after."{table}" '
                    f'EXCEPT SELECT * FROM before."{table}"')
    con.commit()
    con.close()
    plan = {"read": [name for name in old if name.startswith("orders/")], "moved": moved,
            "written": sorted(added.items()), "rows": str(rows), "tables": tables}
    path = work / "floor-plan.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    return path


def tree_pss_kib(pid: int) -> int:
    """The memory a process and its children (worker processes) hold together: the sum of
    their proportional sets, each page they share counted once in all."""
    total = 0
    pending = [pid]
    while pending:
        p = pending.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                if f"\nTgid:\t{p}\n" not in f.read():
                    continue  # a thread of a process counted already
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
            with open(f"/proc/{p}/task/{p}/children") as f:
                pending.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue
    return total


def run_process(argv: list[str], env: dict[str, str] | None, cwd: Path) -> tuple[float, int, int]:
    """Wall-clock seconds of one process, the largest resident set of it or any of its
    children (from the kernel, KiB) and the peak of the memory they hold together
    (`tree_pss_kib`, sampled every 20 ms, KiB)."""
    import threading
    t0 = time.perf_counter()
    # Run from the folder of the games: `python -c` puts its working folder first on the
    # path, and a checkout there would be imported whatever PYTHONPATH says.
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.wait(0.02):
            peak = max(peak, tree_pss_kib(proc.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    done.set()
    sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    if proc.returncode:
        raise SystemExit(f"{' '.join(argv[:3])}... failed ({proc.returncode}):\n{err}")
    return seconds, usage.ru_maxrss, peak


def median(values: list[float]) -> float:
    return sorted(values)[(len(values) - 1) // 2]


def process_bench(args: argparse.Namespace) -> int:
    out: Path = args.out.resolve()
    games = (args.games_dir.resolve() / "pbem-bench-games") if args.games_dir else out / "games"
    out.mkdir(parents=True, exist_ok=True)
    games.mkdir(parents=True, exist_ok=True)
    trees = {} if args.compared_only else {"this": ROOT}
    trees.update({f"tree{k}": Path(t).resolve() for k, t in enumerate(args.compare, 1)})
    measured = next(iter(trees))  # the tree whose move the floor copies
    ruleset = game.ruleset_for(games)
    thrust = FIT["tanks"] * ruleset.ships[SHIP_TYPE].parsecs_per_tank
    results: dict = {"config": {k: (str(v) if isinstance(v, Path) else v)
                                for k, v in vars(args).items()},
                     "code": code_version(), "trees": {k: str(v) for k, v in trees.items()},
                     "python": sys.version.split()[0], "process": []}
    levels = ["basic", "advanced"] if args.level_both else [args.level]
    # Each tree runs as installed code does: from its modules' bytecode (pip writes it on
    # install; here into a folder of the bench, the checkouts left alone) and with its
    # templates' compiled code cached, both written by one untimed run of each tree first.
    envs = {}
    for name, tree in trees.items():
        envs[name] = {**os.environ, "PYTHONPATH": str(tree),
                      "PYTHONPYCACHEPREFIX": str(games / "pycache" / name)}
        envs[name].pop("PYTHONDONTWRITEBYTECODE", None)
    warm: set[str] = set()
    print(f"{'level':>8}  {'N':>6}  {'tree':>6}  {'median s':>8}  {'turns/s':>8}  "
          f"{'max RSS MiB':>11}  {'tree PSS MiB':>12}  runs")
    for level in levels:
        args.level = level
        for n in args.officers:
            start = games / f"{level}-n{n}-start"
            secrets_, _ = build_game(start, n, args)
            write_orders(start, secrets_, args, thrust)
            runs: dict[str, list[tuple[float, int, int]]] = {name: [] for name in trees}
            floor: list[float] = []
            last = None
            for r in range(args.repeat):
                order = list(trees) if r % 2 == 0 else list(reversed(trees))
                for name in order:
                    run = games / f"{level}-n{n}-{name}"
                    if run.exists():
                        shutil.rmtree(run)
                    shutil.copytree(start, run)
                    os.sync()
                    argv = [sys.executable, "-c", LAUNCH, "resolve", str(run), "--force"]
                    if name not in warm:  # its modules' bytecode and templates' code written
                        run_process(argv, envs[name], games)
                        warm.add(name)
                        shutil.rmtree(run)
                        shutil.copytree(start, run)
                        os.sync()
                    runs[name].append(run_process(argv, envs[name], games))
                    if name == measured:
                        last = run
                # The floor, between the runs too.
                plan = floor_plan(start, last, games) if r == 0 else plan
                run = games / f"{level}-n{n}-floor"
                if run.exists():
                    shutil.rmtree(run)
                shutil.copytree(start, run)
                os.sync()
                floor.append(run_process([sys.executable, "-c", FLOOR, str(run), str(plan)],
                                         None, games)[0])
            row = {"level": level, "n": n, "floor_s": median(floor), "floor_runs": floor}
            for name, timed in runs.items():
                seconds = median([m[0] for m in timed])
                row[name] = {"seconds": seconds, "turns_per_s": n / seconds,
                             "max_rss_mib": max(m[1] for m in timed) / 1024,
                             "tree_pss_mib": max(m[2] for m in timed) / 1024,
                             "runs": [m[0] for m in timed],
                             "over_floor": seconds / median(floor)}
                print(f"{level:>8}  {n:>6}  {name:>6}  {seconds:8.3f}  {n / seconds:8.0f}  "
                      f"{row[name]['max_rss_mib']:11.1f}  {row[name]['tree_pss_mib']:12.1f}  "
                      + " ".join(f"{m[0]:.3f}" for m in timed), flush=True)
            print(f"{level:>8}  {n:>6}  {'floor':>6}  {median(floor):8.3f}  "
                  f"{'':>8}  {'':>11}  {'':>12}  " + " ".join(f"{s:.3f}" for s in floor), flush=True)
            results["process"].append(row)
            if not args.keep_games:
                for name in [*trees, "floor", "start"]:
                    shutil.rmtree(games / f"{level}-n{n}-{name}", ignore_errors=True)
    path = out / "process.json"
    path.write_text(json.dumps(rounded(results), indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")
    return 0


# --- main ------------------------------------------------------------------------------

def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--officers", type=int, nargs="+", default=[100, 1000, 10000],
                   help="officer counts to time one move for (default 100 1000 10000)")
    p.add_argument("--size", type=int, default=200, help="squares per side of a level")
    p.add_argument("--planets", type=int, default=400, help="planets per level (4 levels)")
    p.add_argument("--moves", type=int, default=50, help="moves of the long game")
    p.add_argument("--long-n", type=int, default=1000, help="officers in the long game")
    p.add_argument("--seed", type=int, default=1982, help="map, secrets and routes")
    p.add_argument("--level", choices=("basic", "advanced"), default="basic",
                   help="inner space, or outer space with its hazards (default basic)")
    p.add_argument("--out", type=Path, default=ROOT / "bench-out",
                   help="folder for results.json, profiles and the game folders")
    p.add_argument("--games-dir", type=Path, default=None,
                   help="where the game folders go (default DIR/games); e.g. /dev/shm to "
                        "take the disk out of the figures")
    p.add_argument("--enlist-limit", type=int, default=1000,
                   help="enlist through game.enlist up to this N, insert rows directly above")
    p.add_argument("--repeat", type=int, default=3,
                   help="resolve each timed move 1 and the long game's last move this many "
                        "times from a copy of the folder and report the median (default 3)")
    p.add_argument("--quick", action="store_true", help="smoke run: N=100, 10 moves")
    p.add_argument("--profile", action="store_true", help="cProfile one move at --profile-n")
    p.add_argument("--profile-n", type=int, default=1000)
    p.add_argument("--profile-lines", type=int, default=25)
    p.add_argument("--no-long", action="store_true", help="skip the long game")
    p.add_argument("--process", action="store_true",
                   help="time each move as one `pbem resolve` process (N = 50, 1,000, 10,000 "
                        "unless --officers), beside the I/O floor; writes process.json")
    p.add_argument("--compare", nargs="*", default=[], metavar="TREE",
                   help="with --process: the same moves by the code of these checkouts too, "
                        "the runs interleaved")
    p.add_argument("--compared-only", action="store_true",
                   help="with --compare: time the checkouts given, not this one")
    p.add_argument("--level-both", action="store_true",
                   help="with --process: inner space, then outer space")
    p.add_argument("--keep-games", action="store_true", help="keep the game folders")
    args = p.parse_args(argv)
    if args.quick:
        args.officers, args.moves, args.long_n = [100], 10, 100
        args.profile_n = min(args.profile_n, 100)
    if args.process and "--officers" not in (argv if argv is not None else sys.argv):
        args.officers = [50, 1000, 10000]
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.process:
        return process_bench(args)
    out: Path = args.out.resolve()
    games = (args.games_dir.resolve() / "pbem-bench-games") if args.games_dir else out / "games"
    out.mkdir(parents=True, exist_ok=True)
    games.mkdir(parents=True, exist_ok=True)
    ruleset = game.ruleset_for(games)
    problems = fit_problems(ruleset.ships[SHIP_TYPE], FIT)
    if problems:
        raise SystemExit("the benchmark's ship sheet is not lawful:\n  " + "\n  ".join(problems))
    thrust = FIT["tanks"] * ruleset.ships[SHIP_TYPE].parsecs_per_tank
    check_direct_insert(games, args)

    results: dict = {
        "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "ship": {"type": SHIP_TYPE, "fit": FIT, "thrust": thrust},
        "environment": {
            "python": sys.version.split()[0], "platform": platform.platform(),
            "machine": platform.machine(), "processor": platform.processor(),
            "sqlite": sqlite3.sqlite_version,
        },
        "code": code_version(),
        "scaling": [], "long_run": None, "profile": None,
    }
    timer = PhaseTimer()
    long_n = None if args.no_long else args.long_n
    sizes = sorted(set(args.officers) | ({long_n} if long_n else set()))

    with timer.installed():
        for n in sizes:
            game_dir = games / f"n{n}"
            print(f"N={n}: building the game...", flush=True)
            secrets_, setup = build_game(game_dir, n, args)
            if args.profile and n == args.profile_n:
                # Keep a copy at move 1 to profile later, outside the timing wrappers.
                pdir = games / f"profile-n{n}"
                if pdir.exists():
                    shutil.rmtree(pdir)
                shutil.copytree(game_dir, pdir)
            print(f"N={n}: {setup['enlist_mode']} in {setup['enlist_s']:.1f} s; resolving move 1...",
                  flush=True)
            first = timed_move(game_dir, n, secrets_, args, timer, thrust, args.repeat)
            first["setup"] = setup
            print(f"N={n}: move 1 in {first['seconds']:.2f} s "
                  f"({first['officer_turns_per_s']:.0f} officer-turns/s)", flush=True)
            if args.level == "advanced":
                print(f"N={n}: {first['nets']} held by nets, {first['distortions']} by "
                      f"distortions, {first['black_hole_rolls']} black hole rolls, "
                      f"{first['landings']} landings; alien ship: {first['alien_sightings']} "
                      f"sightings, {first['alien_hooks']} held, {first['alien_attacks']} "
                      f"attacks; {first['psi_warnings']} PSI warnings, "
                      f"{first['specialist_risks']} specialists' risks; rules "
                      f"{first['rules_ms_per_officer']:.3f} ms per officer", flush=True)
            if n in args.officers:
                results["scaling"].append(first)
            if n == long_n:
                per_move = [first]
                for m in range(2, args.moves + 1):
                    r = timed_move(game_dir, n, secrets_, args, timer, thrust,
                                   args.repeat if m == args.moves else 1)
                    per_move.append(r)
                    print(f"N={n}: move {r['move']} in {r['seconds']:.2f} s "
                          f"({r['files_in_orders']} files in orders/)", flush=True)
                results["long_run"] = {
                    "n": n, "moves": args.moves, "first": per_move[0], "last": per_move[-1],
                    "ratio": per_move[-1]["seconds"] / per_move[0]["seconds"],
                    "per_move": [{"move": r["move"], "seconds": r["seconds"],
                                  "files_in_orders": r["files_in_orders"],
                                  "events": r["events"], "phases": r["phases"],
                                  **{k: r[k] for k in OUTER_EVENTS}}
                                 for r in per_move],
                }
            if not args.keep_games:
                shutil.rmtree(game_dir)

    if args.profile:
        pdir = games / f"profile-n{args.profile_n}"
        if not pdir.exists():
            secrets_, _ = build_game(pdir, args.profile_n, args)
        else:
            rng = random.Random(f"{args.seed}|secrets")
            secrets_ = {i: officer_secret(rng) for i in range(1, args.profile_n + 1)}
        results["profile"] = profile_move(pdir, args.profile_n, secrets_, args, thrust, out)
        if not args.keep_games:
            shutil.rmtree(pdir)

    scaling = results["scaling"]
    for a, b in zip(scaling, scaling[1:]):
        b["cost_ratio_vs_previous"] = (b["seconds"] / a["seconds"]) / (b["n"] / a["n"])
    results["goals"] = {
        "officer_turns_per_s_min": 2000,
        "met_turns_per_s": {r["n"]: r["officer_turns_per_s"] >= 2000 for r in scaling},
        "linear_in_n": {r["n"]: r.get("cost_ratio_vs_previous") for r in scaling[1:]},
        "long_run_ratio_max": 1.2,
        "met_long_run": (results["long_run"]["ratio"] <= 1.2) if results["long_run"] else None,
    }

    print_scaling(scaling)
    for r in scaling[1:]:
        print(f"  cost per officer at N={r['n']} vs previous N: x{r['cost_ratio_vs_previous']:.2f}")
    if results["long_run"]:
        print_long(results["long_run"])
    if args.games_dir and not args.keep_games:
        shutil.rmtree(games, ignore_errors=True)
    path = out / "results.json"
    path.write_text(json.dumps(rounded(results), indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
