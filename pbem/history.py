"""`pbem history`: the standings of every move, or one officer's game move by move.

Read through the database's readable views (VIEWS), the same a GM browses in sqlite3
or Datasette.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from .storage import game_state
from .storage.database import open_db
from .rules.wording import plural
from .storage import history as history_rows, moves as resolved_moves, officers
from .errors import GameError


def game_history(game_dir: Path) -> str:
    """Every officer's place (and score) after each move, in the last standings' order."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    moves = resolved_moves.numbers(db.conn)
    if not moves:
        return f"{g['name']}: no move resolved yet."
    places: dict[str, dict[int, tuple[int, int]]] = defaultdict(dict)
    for r in history_rows.standings(db):
        places[r["officer"]][r["move"]] = (r["place"], r["score"])
    last = history_rows.standings_after(db, moves[-1])
    width = max([len("officer")] + [len(r["officer"]) for r in last])
    lines = [
        f"{g['name']}: {plural(len(moves), 'move')} resolved, "
        f"{plural(len(last), 'officer')}. "
        "Place after each move, score in brackets.",
        "",
        f"{'officer':<{width}}  {'rank':<9}" + "".join(f"{m:>9}" for m in moves),
    ]
    for r in last:
        cells = []
        for m in moves:
            p = places[r["officer"]].get(m)
            cells.append(f"{f'{p[0]} ({p[1]})' if p else '-':>9}")
        lines.append(f"{r['officer']:<{width}}  {r['rank']:<9}" + "".join(cells))
    if g["winner"]:
        lines += ["", f"The game is over: {g['winner']} won."]
    return "\n".join(lines) + "\n"


def officer_history(game_dir: Path, name: str) -> str:
    """One officer's moves: place, rank, score and its change, and what happened."""
    db = open_db(Path(game_dir))
    g = game_state.game_row(db)
    rows = {n.casefold(): n for _, n in officers.names(db.conn)}
    found_name = rows.get(" ".join(name.split()).casefold())
    if found_name is None:
        known = ", ".join(sorted(rows.values())) or "none enlisted"
        raise GameError(f"no officer named {name!r}; the officers are: {known}")
    name = found_name
    counts = history_rows.officers_ranked(db)
    standing = history_rows.standings_of(db, name)
    turns = history_rows.turns_of(db, name)
    happened: dict[int, list[str]] = defaultdict(list)
    found: dict[int, list[str]] = defaultdict(list)
    for move, planet in history_rows.discoveries_of(db, name):
        found[move].append(planet)
    for move, planets in found.items():
        happened[move].append("discovered " + ", ".join(planets))
    for r in history_rows.landings_of(db, name):
        happened[r["move"]].append("landed on the base" if r["base"] else f"landed on {r['planet']}")
    for r in history_rows.career_of(db, name):
        happened[r["move"]].append(
            f"took off from {r['planet']}" if r["kind"] == "known"
            else f"promoted {r['rank']}" if r["kind"] == "promotion"
            else f"rescue return, now {r['rank']}")
    lines = [f"{name} in {g['name']}", "",
             f"{'move':>4}  {'place':>6}  {'rank':<9} {'score':>5} {'change':>6}  {'turn':<6} what happened"]
    before = 0
    for move in resolved_moves.numbers(db.conn):
        s = standing.get(move)
        if s is None:
            continue  # not enlisted yet
        place = f"{s['place']}/{counts[move]}"
        change = s["score"] - before
        lines.append(
            f"{move:>4}  {place:>6}  {s['rank']:<9} {s['score']:>5} {change:>+6}  "
            f"{turns.get(move, '-'):<6} {'; '.join(happened[move]) or '-'}")
        before = s["score"]
    if len(lines) == 3:
        lines.append("  No move of his resolved yet.")
    return "\n".join(lines) + "\n"


def holding(db, before: int, count: int) -> tuple[tuple[int, int], ...]:
    """(officers who held, officers who had a turn) in each of the `count` moves resolved
    before move `before`, the latest first: the share a move is compared with before it is
    played (`pbem.summary.MoveSummary.jump`)."""
    return tuple(history_rows.holding(db.conn, before, count))
