"""The record of a game that `pbem verify` checks: read from the database, or published.

`pbem reveal` publishes it as `reports/ledger.json`: the game secret and what is needed to
check the game with it (the commitment, how the map was made, and for every move its orders
with secrets masked, its rolls, its events and its ledger entry, then the state the last
move left). Players check it with `pbem verify reports/ledger.json --bulletins FOLDER`
against the bulletins they received; the GM's `pbem verify GAME_DIR` reads the very same
record straight from the database.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import ledger
from .storage import game_state
from .storage.database import Database, open_db
from .ledger import MOVE_COLUMNS, STATE_COLUMNS, as_dicts, as_lists
from .storage import moves as resolved_moves
from .errors import GameError

FORMAT = "pbem-ledger-1"
LEDGER_FILE = "ledger.json"


@dataclass(frozen=True)
class MoveRecord:
    move: int
    rows: dict[str, list[list]]  # orders, rolls, events, in MOVE_COLUMNS order
    entry: dict[str, Any] | None  # its ledger entry; None for a move resolved before the ledger


@dataclass(frozen=True)
class Record:
    source: str  # where it was read from, for messages
    game: str
    secret: str  # hex
    commitment: str
    seeded: bool
    map_drawn: bool | None  # None: not known (a game made before pbem recorded it)
    size: int
    levels: int
    per_level: int
    moves: tuple[MoveRecord, ...]
    state: dict[str, list]  # the state after the last move, in `ledger.state_columns` order

    @property
    def level(self) -> str:
        """The game's level: basic, or advanced (outer space, whose state has hazards)."""
        return self.state["game"][STATE_COLUMNS["game"].index("level")]

    @property
    def last_move(self) -> int:
        return self.moves[-1].move if self.moves else 0


def from_db(db: Database, source: str = "the game database") -> Record:
    g = game_state.game_row(db)
    numbers = resolved_moves.numbers(db.conn)
    moves = tuple(MoveRecord(m, ledger.read_move(db.conn, m), ledger.entry(db.conn, m))
                  for m in numbers)
    last = numbers[-1] if numbers else 0
    return Record(
        source=source, game=g["name"], secret=g["secret"], commitment=g["commitment"],
        seeded=bool(g["seeded"]),
        map_drawn=None if g["map_drawn"] is None else bool(g["map_drawn"]),
        size=g["size"], levels=g["levels"], per_level=g["per_level"], moves=moves,
        state=ledger.read_state(db.conn, last),
    )


def to_json(record: Record) -> str:
    """The record as JSON, rows as objects: readable by a player, and hashed as lists."""
    data = {
        "format": FORMAT,
        "game": record.game,
        "secret": record.secret,
        "commitment": record.commitment,
        "seeded": record.seeded,
        "map": {"drawn": record.map_drawn, "size": record.size, "levels": record.levels,
                "per_level": record.per_level},
        "moves": [
            {"move": m.move,
             **{part: as_dicts(MOVE_COLUMNS[part], m.rows[part]) for part in MOVE_COLUMNS},
             "ledger": m.entry}
            for m in record.moves
        ],
        "state": {
            "game": dict(zip(ledger.state_columns(record.level)["game"], record.state["game"])),
            **{t: as_dicts(cols, record.state[t])
               for t, cols in ledger.state_columns(record.level).items() if t != "game"},
        },
    }
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def from_json(path: Path) -> Record:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise GameError(f"cannot read {path}: {e.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise GameError(f"{path} is not a ledger written by `pbem reveal`: {e}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise GameError(f"{path} is not a ledger written by `pbem reveal` (no \"format\": "
                        f"\"{FORMAT}\" in it)")
    try:
        moves = tuple(
            MoveRecord(m["move"],
                       {part: as_lists(cols, _published(part, m[part]))
                        for part, cols in MOVE_COLUMNS.items()},
                       m["ledger"])
            for m in data["moves"]
        )
        state = data["state"]
        return Record(
            source=str(path), game=data["game"], secret=data["secret"],
            commitment=data["commitment"], seeded=bool(data["seeded"]),
            map_drawn=data["map"]["drawn"], size=data["map"]["size"],
            levels=data["map"]["levels"], per_level=data["map"]["per_level"], moves=moves,
            state={
                "game": [state["game"][c]
                         for c in ledger.state_columns(state["game"]["level"])["game"]],
                **{t: as_lists(cols, state[t])
                   for t, cols in ledger.state_columns(state["game"]["level"]).items()
                   if t != "game"},
            },
        )
    except (KeyError, TypeError) as e:
        raise GameError(f"{path}: the ledger is incomplete (missing {e}); "
                        f"publish it again with `pbem reveal`") from None


def _published(part: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A move's rows as a ledger.json gives them: one published before the ledger marked
    the orders played gives none played (its entries hash every letter, `ledger.VERSION`)."""
    if part != "orders":
        return rows
    return [r if "played" in r else {**r, "played": 0} for r in rows]


@dataclass(frozen=True)
class Revealed:
    secret: str
    path: Path
    after_move: int


def reveal(game_dir: Path, *, early: bool = False) -> Revealed:
    """Publish the secret and the record in reports/ledger.json: refused while the game is
    running unless `early` (the players could then compute every die still to come)."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    try:
        g = game_state.game_row(db)
        if not g["ended"] and not early:
            raise GameError(
                "the game is not over: with the secret, every player can read the hidden map "
                "and compute every die still to come. Reveal it once the game has ended, or "
                "pass --early if that is what you want"
            )
        record = from_db(db)
        path = game_dir / "reports" / LEDGER_FILE
        path.parent.mkdir(exist_ok=True)
        partial = path.with_name(f".{LEDGER_FILE}.part")
        partial.write_text(to_json(record), encoding="utf-8", newline="\n")
        os.replace(partial, path)
        with db.atomic():
            game_state.set_revealed(db.conn, record.last_move)
        return Revealed(record.secret, path, record.last_move)
    finally:
        db.close()
