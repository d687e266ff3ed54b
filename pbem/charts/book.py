"""Every reader's chart knowledge at a move: kept in the game database from one move to the
next (folding a whole game's events again at every move would make move 50 slower than
move 1), and folded again from the stored events whenever the kept copy is not the one
needed (an older move asked for, or a game from before charts were kept).

The kept copies are a cache: the events are the record.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable

from ..json_codec import to_json, to_json_each
from ..storage import game_state
from ..storage.kept_charts import load_charts, load_tabula, save_charts, save_tabula
from ..storage.database import Database
from ..rules.events import Event
from ..rules.state import GameState
from ..storage import officers as officer_rows
from .knowledge import CHARTED, OwnChart, PublicChart
from .truth import tabula as draw_tabula

PUBLIC = "public"  # the cache row of the public chart; officers' rows are keyed by their id


@dataclass
class MoveCharts:
    """The knowledge every chart of one move is drawn from."""

    move: int
    public: PublicChart
    own: dict[int, OwnChart]
    tabula: dict[str, Any] | None  # the GM's truth; None when the move predates it
    marks: dict[str, str]  # fact -> the letters written beside a planet

    def placed(self) -> dict[str, dict[str, Any]]:
        return self.public.placed()


def of_move_alone(move: int, events: list[Event]) -> MoveCharts:
    """Charts from one move's events and nothing before (a move rendered outside a game
    folder): what that move alone tells each reader."""
    public = PublicChart()
    officers = sorted({e.officer for e in events if e.kind == "sheet"})
    own = fold(public, {}, move, events, officers)
    return MoveCharts(move, public, own, None, {})


def marks(ruleset) -> dict[str, str]:
    """The Tabula Spatii's letters for each fact as the reports word it."""
    info = ruleset.information
    return {info.names.get(v, v): m for v, m in info.marks.items()}


def fold(public: PublicChart, own: dict[int, OwnChart], move: int, events: list[Event],
         officers: Iterable[int]) -> dict[int, OwnChart]:
    """One more move into every reader's knowledge; returns the charts of `officers` (those
    in the game: a retired officer's chart is left behind)."""
    # The events read once, each to the readers who may read it: ten thousand officers'
    # turns are a hundred thousand events, a fifth of them public, a third of the kinds an
    # officer's chart reads.
    bulletins: list[Event] = []
    grouped: dict[int, list[Event]] = defaultdict(list)
    for e in events:
        if e.visible_to(None):
            bulletins.append(e)
        if e.kind in CHARTED and e.officer is not None and e.visible_to(e.officer):
            grouped[e.officer].append(e)
    public.add_move(move, bulletins)
    charts = {}
    for officer_id in officers:
        chart = own.get(officer_id) or OwnChart(officer_id)
        chart.add_own(move, grouped.get(officer_id, ()))
        charts[officer_id] = chart
    return charts


def rebuild(db: Database, move: int) -> tuple[PublicChart, dict[int, OwnChart]]:
    """Knowledge after `move`, folded from the stored events of moves 1 to `move`."""
    public, own = PublicChart(), {}
    if move < 1:
        return public, own  # before the first move (the first move's charts start here)
    officers = officer_rows.ids(db.conn)
    for m in range(1, move + 1):
        events, _ = game_state.load_events(db, m)
        present = {e.officer for e in events if e.kind == "sheet"}
        own |= fold(public, own, m, events, [o for o in officers if o in present])
    return public, own


def kept(db: Database, move: int) -> tuple[PublicChart, dict[int, OwnChart]] | None:
    """The cached knowledge, if it is the knowledge after `move`."""
    rows = load_charts(db)
    public = rows.pop(PUBLIC, None)
    if public is None or public[0] != move:
        return None
    if any(at != move for at, _ in rows.values()):
        return None  # kept in one transaction, so never mixed; but never trust half a copy
    own = {int(reader): OwnChart.from_dict(json.loads(data)) for reader, (_, data) in rows.items()}
    return PublicChart.from_dict(json.loads(public[1])), own


def after_move(db: Database, before: GameState, after: GameState,
               events: list[Event], ruleset) -> MoveCharts:
    """The knowledge of the move being resolved: last move's, plus this move's events."""
    move = before.move
    previous = kept(db, move - 1)
    public, own = previous if previous is not None else rebuild(db, move - 1)
    own = fold(public, own, move, events, sorted(after.officers))
    truth = draw_tabula(before, after, events, move, ruleset.information.describe)
    return MoveCharts(move, public, own, truth, marks(ruleset))


def at_move(db: Database, move: int, ruleset) -> MoveCharts:
    """The knowledge of a move resolved earlier (`pbem report`, `pbem map`, `pbem site`)."""
    found = kept(db, move)
    public, own = found if found is not None else rebuild(db, move)
    return MoveCharts(move, public, own, load_tabula(db, move), marks(ruleset))


def save(db: Database, charts: MoveCharts) -> None:
    """Keep this move's knowledge for the next one; the caller holds the transaction."""
    rows = [(PUBLIC, charts.move, to_json(charts.public.to_dict()))]
    texts = to_json_each(chart.to_dict() for chart in charts.own.values())
    rows += [(str(officer_id), charts.move, text) for officer_id, text in zip(charts.own, texts)]
    save_charts(db, rows)  # every reader's row anew: a retired officer's is dropped
    if charts.tabula is not None:
        save_tabula(db, charts.move, to_json(charts.tabula))
