"""`pbem site`: a static site of the game's public record, to upload anywhere.

One page per resolved move (its HTML bulletin, the public chart inline), each move's public
chart as an SVG file, and an index. Only public events go in: the same as the bulletins.
Written from the database, so it can be made again at any time, in the game's language
as its bulletins are.
"""

from __future__ import annotations

from pathlib import Path

from . import language
from .storage import game_state
from .storage.database import open_db
from .charts.book import MoveCharts, marks
from .charts.knowledge import PublicChart
from .render import MoveView, bulletin_page, environment, public_chart, write
from .storage import moves as resolved_moves
from .errors import GameError


def page_name(move: int) -> str:
    return f"move-{move:02d}.html"


def chart_name(move: int) -> str:
    return f"chart-{move:02d}.svg"


def build_site(game_dir: Path, out: Path | None = None, *, ruleset) -> Path:
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    g = game_state.game_row(db)
    moves = resolved_moves.resolved(db)
    if not moves:
        raise GameError("no move has been resolved yet: the site would be empty; "
                        "run `pbem resolve` first")
    out = Path(out) if out is not None else game_dir / "site"
    out.mkdir(parents=True, exist_ok=True)
    env = environment(game_dir, "html", g.get("lang") or language.ENGLISH)  # the game's
    letters = marks(ruleset)
    public = PublicChart()
    numbers = [m["number"] for m in moves]
    index_moves = []
    standings, game_end = [], None
    for n, move in enumerate(numbers):
        events, _ = game_state.load_events(db, move)
        public.add_move(move, events)
        view = MoveView(events)
        context = view.public_context()
        chart_file = public_chart(env, MoveCharts(move, public, {}, None, letters),
                                  game=g["name"], move=move)
        write(out / chart_name(move), chart_file)
        nav = {"index": "index.html",
               "previous": page_name(numbers[n - 1]) if n > 0 else "",
               "next": page_name(numbers[n + 1]) if n + 1 < len(numbers) else ""}
        write(out / page_name(move),
              bulletin_page(env, context, game=g["name"], move=move, chart_file=chart_file,
                            nav=nav))
        index_moves.append({
            "number": move, "page": page_name(move), "chart": chart_name(move),
            "resolved_at": moves[n]["resolved_at"],
            "moved": sum(1 for t in context["turns"] if t["moved"]),
            "officers": len(context["turns"]),
            "sightings": len(context["sightings"]),
        })
        standings, game_end = context["standings"], context["game_end"]
    write(out / "index.html", env.get_template("site-index.html.j2").render(
        game=g["name"], moves=index_moves, standings=standings, game_end=game_end,
        last=index_moves[-1]))
    return out
