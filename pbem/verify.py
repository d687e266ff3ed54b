"""`pbem verify`: check a game's record against its secret, its ledger and its bulletins.

With the secret (the GM has it in the database; the players once `pbem reveal` has
published it) anybody can recompute the commitment printed in the bulletins, the map drawn
at creation, each officer's lot for the player order and every logged die from its purpose,
and rebuild the ledger's chain of hashes from the orders, rolls, events and states of the
moves. The chain heads printed in the bulletins the players received tie all of it to what
was published at the time. Each check names the first thing that does not match.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from . import ledger
from .storage.database import open_db
from .storage.rows import hazard_rows
from .ledger import STATE_COLUMNS
from .record import MoveRecord, Record, from_db, from_json
from .rules.dice import SeededDice, face
from .rules.galaxy import draw_map, draw_outer_space
from .rules.geometry import Zone
from .rules.outer_space import ADVANCED
from .rules.wording import plural
from .errors import GameError
from .officer_secrets import officer_lot

_COMMITMENT_LINE = re.compile(r"Commitment to the game secret: ([0-9a-f]{64})\b")
_LEDGER_LINE = re.compile(r"Ledger after move (\d+): ([0-9a-f]{64})\b")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool | None  # None: nothing to check, or a note
    message: str

    def line(self) -> str:
        mark = {True: "ok", False: "FAILED", None: "--"}[self.ok]
        return f"{mark:6} {self.name}: {self.message}"


def column(table: str, name: str) -> int:
    return STATE_COLUMNS[table].index(name)


def short(h: str) -> str:
    return h[:16] + "..."


def officer_names(record: Record) -> dict[int | None, str]:
    i, n = column("officers", "id"), column("officers", "name")
    return {row[i]: row[n] for row in record.state["officers"]}


def check_commitment(record: Record) -> Check:
    if not re.fullmatch(r"[0-9a-f]{64}", record.secret or ""):
        return Check("commitment", False, f"the secret in {record.source} is not 64 hex digits")
    made = ledger.commitment(record.secret)
    if made != record.commitment:
        return Check("commitment", False,
                     f"the secret gives the commitment {short(made)}, but {record.source} "
                     f"records {short(record.commitment)}: this is not the game's secret")
    return Check("commitment", True, f"the secret matches the commitment {record.commitment}")


def check_map(record: Record) -> Check:
    if record.map_drawn is None:
        return Check("map", None, "not known whether the map was drawn from the secret")
    if not record.map_drawn:
        return Check("map", None, "the GM drew the map himself (pbem new --map): nothing to redraw")
    zone, dice = Zone(record.size, record.levels), SeededDice(bytes.fromhex(record.secret), 0)
    if record.level == ADVANCED:
        drawn, hazards = draw_outer_space(zone, record.per_level, dice)
        wrong = check_hazards(record, hazards)
        if wrong is not None:
            return wrong
    else:
        drawn = draw_map(zone, record.per_level, dice)
    cols = [column("planets", c) for c in ("id", "x", "y", "level", "base")]
    placed = {row[cols[0]]: tuple(row[c] for c in cols[1:]) for row in record.state["planets"]}
    for p in drawn:
        expected = (p.position.x, p.position.y, p.position.level, int(p.base))
        if placed.get(p.id) != expected:
            return Check("map", False,
                         f"planet {p.id} stands at {placed.get(p.id)}, the secret drew it at "
                         f"{expected} (x, y, level, base)")
    if len(placed) != len(drawn):
        return Check("map", False, f"{len(placed)} planets, the secret drew {len(drawn)}")
    return Check("map", True, f"the {len(drawn)} planets stand where the secret drew them"
                 + (", and the hazards of outer space too" if record.level == ADVANCED else ""))


def check_hazards(record: Record, hazards) -> Check | None:
    """Outer space: the hazards stand where the secret drew them (None), or the first that
    does not (S.C. advanced rule A)."""
    made = [[r["kind"], r["level"], r["x"], r["y"]] for r in hazard_rows(hazards)] if (
        hazards is not None) else []
    cols = ledger.state_columns(ADVANCED)["hazards"]
    stored = [[row[cols.index(c)] for c in ("kind", "level", "x", "y")]
              for row in record.state.get("hazards", [])]
    for n, (a, b) in enumerate(zip(stored, made), 1):
        if a != b:
            return Check("map", False, f"hazard {n} is a {a[0]} at level {a[1]}, x {a[2]}, "
                                       f"y {a[3]}; the secret drew a {b[0]} at level {b[1]}, "
                                       f"x {b[2]}, y {b[3]}")
    if len(stored) != len(made):
        return Check("map", False, f"{len(stored)} hazard squares, the secret drew {len(made)}")
    return None


def check_lots(record: Record) -> Check:
    i, lot = column("officers", "id"), column("officers", "lot")
    names = officer_names(record)
    for row in record.state["officers"]:
        if row[lot] != officer_lot(record.secret, row[i]):
            return Check("player order", False,
                         f"{names[row[i]]}'s lot is not the one the secret draws for him")
    n = len(record.state["officers"])
    return Check("player order", True,
                 f"the {n} officers' lots are those the secret draws" if n != 1 else
                 "the officer's lot is the one the secret draws")


def check_rolls(record: Record) -> Check:
    secret = bytes.fromhex(record.secret)
    names = officer_names(record)
    total = 0
    for m in record.moves:
        counters: defaultdict[tuple, int] = defaultdict(int)
        for n, (officer, kind, detail, die, result, _seen) in enumerate(m.rows["rolls"], 1):
            counters[(officer, kind, detail)] += 1
            expected = face(secret, m.move, officer, kind, detail, counters[(officer, kind, detail)], die)
            if result != expected:
                who = names.get(officer, "the S.C.") if officer is not None else "the S.C."
                return Check("rolls", False,
                             f"move {m.move}, roll {n} ({who}: {kind} {detail}, d{die}): "
                             f"logged {result}, the secret gives {expected}")
            total += 1
    return Check("rolls", True, f"{plural(total, 'roll')} in {len(record.moves)} "
                                f"move{'s' if len(record.moves) != 1 else ''}, each as the secret gives it")


def ruled(m: MoveRecord, tables: list[str]) -> bool:
    """Whether what changed between two moves is what the GM may change by a ruling
    (`pbem adjust`: an officer's score, ship or position), and one is recorded."""
    action = ledger.MOVE_COLUMNS["rulings"].index("action")
    return tables == ["officers"] and any(r[action] == ledger.ADJUST for r in m.rows["rulings"])


def check_chain(record: Record) -> tuple[Check, dict[int, str]]:
    """The ledger rebuilt from the moves' rows; returns the check and the recomputed heads
    of the moves up to the first that does not match."""
    heads: dict[int, str] = {}
    ruled_moves: list[int] = []
    previous, last = record.commitment, None
    missing = [m.move for m in record.moves if m.entry is None]
    for m in record.moves:
        e = m.entry
        if e is None:
            continue
        version = e.get("version") or 1  # an entry written before versions were kept
        parts = ledger.move_digests(m.rows, version)
        for part in ledger.MOVE_COLUMNS:
            if parts[part] != e[part]:
                return Check("ledger", False,
                             f"move {m.move} no longer matches its ledger entry: its {part} "
                             f"are not those the move recorded"), heads
        if e["previous"] != previous:
            after = "the commitment" if last is None else f"move {last['move']}'s hash"
            return Check("ledger", False,
                         f"move {m.move}'s ledger entry does not follow {after}"), heads
        if last is not None and e["opening"] != last["state"]:
            tables = [t for t in e["opening"] if e["opening"][t] != last["state"].get(t)]
            if not ruled(m, tables):
                return Check("ledger", False,
                             f"move {m.move} started from a state that move {last['move']} did "
                             f"not leave: the {' and '.join(tables)} changed between the two "
                             f"moves, with no ruling of the GM recorded"), heads
            ruled_moves.append(m.move)
        h = ledger.entry_hash(m.move, e["previous"], e["opening"], parts, e["state"], version)
        if h != e["hash"]:
            return Check("ledger", False,
                         f"move {m.move}'s ledger hash does not follow from its contents"), heads
        heads[m.move] = h
        previous, last = h, e
    if last is None:
        return Check("ledger", None, "no move in the ledger yet"), heads
    now = ledger.state_digests(record.state)
    tables = [t for t in now if now[t] != last["state"].get(t)]
    if tables:
        return Check("ledger", False,
                     f"move {last['move']}: the {' and '.join(tables)} in {record.source} are "
                     f"not as move {last['move']} left them"), heads
    note = "" if not missing else (
        f" (move{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} "
        f"{'were' if len(missing) > 1 else 'was'} resolved before pbem kept a ledger)")
    if ruled_moves:
        note += (f"; the GM's rulings (pbem adjust) changed the officers before move"
                 f"{'s' if len(ruled_moves) > 1 else ''} {', '.join(map(str, ruled_moves))}")
    return Check("ledger", True,
                 f"{plural(len(heads), 'move')} chained from the commitment "
                 f"to {last['hash']}, and the state is the one the last move left{note}"), heads


def printed(paths: Iterable[Path]) -> tuple[dict[str, set[str]], dict[int, dict[str, set[str]]]]:
    """The commitments and the ledger heads printed in the given bulletins (files, or every
    file in the given folders): {commitment: files}, {move: {hash: files}}."""
    commitments: dict[str, set[str]] = defaultdict(set)
    heads: dict[int, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    files: list[Path] = []
    for path in paths:
        path = Path(path)
        files += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for f in files:
        try:
            text = f.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for c in _COMMITMENT_LINE.findall(text):
            commitments[c].add(str(f))
        for move, h in _LEDGER_LINE.findall(text):
            heads[int(move)][h].add(str(f))
    return commitments, heads


def check_bulletins(record: Record, heads: dict[int, str], paths: list[Path],
                    chain_ok: bool) -> Check:
    if not paths:
        return Check("bulletins", None,
                     "none given: pass --bulletins with the bulletins you received to check "
                     "the chain against what was posted")
    commitments, printed_heads = printed(paths)
    if not commitments and not printed_heads:
        return Check("bulletins", None,
                     f"no commitment or ledger line found in {', '.join(map(str, paths))}")
    for c, files in sorted(commitments.items()):
        if c != record.commitment:
            return Check("bulletins", False,
                         f"{sorted(files)[0]} prints the commitment {short(c)}, the game's is "
                         f"{short(record.commitment)}")
    count, unchecked = 0, []
    for move in sorted(printed_heads):
        for h, files in sorted(printed_heads[move].items()):
            if move not in heads and not chain_ok:
                unchecked.append(move)  # past the move the ledger check names
                continue
            if move not in heads:
                return Check("bulletins", False,
                             f"{sorted(files)[0]} prints the ledger of move {move}, but "
                             f"{record.source} has no ledger entry for it")
            if h != heads[move]:
                return Check("bulletins", False,
                             f"{sorted(files)[0]} prints the ledger of move {move} as {short(h)}, "
                             f"the record gives {short(heads[move])}: move {move} is not the "
                             f"one that was posted")
            count += len(files)
    checked = sorted(set(printed_heads) - set(unchecked))
    if not checked:
        return Check("bulletins", None if unchecked else True,
                     "the commitment printed is the game's" + (
                         "; the ledger lines are past the broken move" if unchecked else ""))
    return Check("bulletins", True,
                 f"{plural(count, 'bulletin')} print the same chain "
                 f"(moves {', '.join(map(str, checked))})"
                 + (f"; moves {', '.join(map(str, sorted(set(unchecked))))} are past the "
                    f"broken move" if unchecked else ""))


def verify(record: Record, bulletins: list[Path] | None = None) -> list[Check]:
    checks = [check_commitment(record)]
    if checks[0].ok:  # a wrong secret would only make every die look wrong
        checks += [check_map(record), check_lots(record), check_rolls(record)]
    chain, heads = check_chain(record)
    checks.append(chain)
    checks.append(check_bulletins(record, heads, list(bulletins or []), chain.ok is not False))
    if record.seeded:
        checks.append(Check("secret", None,
                            "made from a seed the GM chose: whoever guessed the seed could "
                            "read the map and every die before the end"))
    return checks


def verify_path(path: Path, bulletins: list[Path] | None = None) -> tuple[Record, list[Check]]:
    """A game folder (the GM, from the database; its reports/ are the bulletins unless
    others are given) or a published ledger.json (a player, with the bulletins he got)."""
    path = Path(path)
    if path.is_dir():
        db = open_db(path)
        try:
            record = from_db(db, f"the database of {path}")
        finally:
            db.close()
        if bulletins is None and (path / "reports").is_dir():
            bulletins = [path / "reports"]
    elif path.is_file():
        record = from_json(path)
    else:
        raise GameError(f"{path}: no such game folder or ledger file")
    return record, verify(record, bulletins)
