"""Reports and bulletins from Jinja templates, each reader seeing only the events he may.

A game folder's own `templates/` overrides the shipped ones file by file. Every value a
template prints passes through the format's escaper (Jinja's `finalize`), so a player's
name cannot inject Markdown or BBCode, and no template can forget to escape it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable

import jinja2
import jinja2.bccache

from .orderfile import order_form
from .rules.dice import Roll
from .rules.events import GM, OFFICER, PUBLIC, Event
from .rules.geometry import Position, bearing, bearing_text

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")


def plain(value: Any) -> str:
    """Plain text: drop control and bidi-override characters a name could hide."""
    kind = type(value)
    if kind is int:
        return str(value)
    text = value if kind is str else str(value)
    if text.isprintable() or text.replace("\n", "").isprintable():  # the common cases, in C
        return text
    return _CONTROL.sub("", text)


def markdown(value: Any) -> str:
    text = plain(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", text)


def bbcode(value: Any) -> str:
    # Square brackets open tags; as character references they print as brackets.
    return plain(value).replace("[", "&#91;").replace("]", "&#93;")


ESCAPERS: dict[str, Callable[[Any], str]] = {"txt": plain, "md": markdown, "bbcode": bbcode}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def at_parsec(n: int) -> str:
    return "the start of the route" if n == 0 else f"the {ordinal(n)} parsec"


def reckoning_text(r: list[int]) -> str:
    """Where the officer believes he is, from the base, in his own terms."""
    x, y, dz = r
    flat = bearing_text(bearing(Position(0, 0, 0), Position(x, y, 0)))
    if flat == "here":
        flat = "on the base square"
    else:
        flat = f"{flat} from the base"
    if dz:
        flat += f", {abs(dz)} level{'s' if abs(dz) > 1 else ''} {'up' if dz < 0 else 'down'}"
    return flat


def packaged_templates() -> Path:
    """Shipped templates: inside the installed package, or the source tree's templates/."""
    installed = Path(str(resources.files("pbem"))) / "templates"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "templates"


class Environment(jinja2.Environment):
    """Event data are plain dicts: look `d.planet` up as a key first. Jinja's own order
    (attribute, then key) raises and catches an AttributeError on every dict field, which
    is most of the cost of ten thousand reports."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


class _BestEffortCache(jinja2.FileSystemBytecodeCache):
    """A cache that cannot be written (a full disk, a folder of another user) costs a
    compile, never the move."""

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (keyed by the source's checksum, so an edited
    template is compiled anew): compiling them is most of a small move's time."""
    try:
        return _BestEffortCache()
    except (OSError, RuntimeError):
        return None


_BYTECODE = bytecode_cache()


def environment(game_dir: Path | None, fmt: str) -> jinja2.Environment:
    paths = []
    if game_dir is not None and (Path(game_dir) / "templates").is_dir():
        paths.append(str(Path(game_dir) / "templates"))
    paths.append(str(packaged_templates()))
    env = Environment(
        loader=jinja2.FileSystemLoader(paths),
        undefined=jinja2.StrictUndefined,
        finalize=ESCAPERS[fmt],
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        bytecode_cache=_BYTECODE,
    )
    env.filters["ordinal"] = ordinal
    env.filters["reckoning"] = reckoning_text
    env.filters["at_parsec"] = at_parsec
    env.filters["signed"] = lambda n: f"{n:+d}"
    env.globals["ordinal"] = ordinal
    return env


_LIGATURES = str.maketrans({"æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "ø": "o", "Ø": "O"})


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name.translate(_LIGATURES)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-") or "officer"


def report_name(officer_id: int, name: str) -> str:
    return f"report-{officer_id:03d}-{slug(name)}.txt"


# What happens on a planet, at the base and between officers, told in order in the report.
GROUND_KINDS = frozenset({
    "attitude", "presence", "encounter", "arrivals", "shields", "crews", "legio-fire",
    "alien-fire", "losses", "damage", "mission", "mission-refused", "captured", "alliance",
    "points", "points-lost", "rescue", "promotion", "refit", "refit-refused",
    "payment", "payment-refused", "tot", "tot-refused", "game-end", "landing-refused",
    "joint-fire", "joint-done", "joint-refused",
})
# The heading a report puts over a run of those events; the others happen on a planet's
# ground and are headed by its name.
HEADINGS = {
    "refit": "AT THE BASE", "refit-refused": "AT THE BASE", "promotion": "AT THE BASE",
    "payment": "BETWEEN OFFICERS", "payment-refused": "BETWEEN OFFICERS",
    "tot": "TOT 100%", "tot-refused": "TOT 100%", "rescue": "RESCUE RETURN",
    "landing-refused": "LANDING", "game-end": "THE END OF THE GAME",
}
# Events after which the turn is in space: ground events before them happened before the
# route (on the planet taken off from), the others after it.
ROUTE_KINDS = frozenset({"known", "route", "route-cut", "sighting", "landed"})


def chronicle(own: list[Event]) -> tuple[list[dict], list[dict]]:
    """The officer's ground, base and cooperation events in the order they happened, in
    blocks under a heading: those before his route and those after it."""
    before: list[dict] = []
    after: list[dict] = []
    blocks = before
    for e in own:
        if e.kind in ROUTE_KINDS:
            blocks = after
            continue
        if e.kind not in GROUND_KINDS:
            continue
        heading = HEADINGS.get(e.kind) or (
            f"ON THE GROUND OF {e.data['planet']}" if e.data.get("planet") else "YOUR SHIP")
        if not blocks or blocks[-1]["heading"] != heading:
            blocks.append({"heading": heading, "events": []})
        blocks[-1]["events"].append((e.kind, e.data))
    return before, after


class MoveView:
    """The events of one move sorted by reader: built once, read by every template."""

    def __init__(self, events: Iterable[Event]) -> None:
        self.public: list[Event] = []
        self.by_officer: dict[int, list[Event]] = defaultdict(list)
        self.gm: list[Event] = []
        self.sheets: dict[int, dict] = {}
        self.standings: list[dict] = []
        for e in events:
            if e.kind == "sheet":
                self.sheets[e.officer] = e.data
            if e.kind == "standings":
                self.standings = e.data["rows"]
            if e.audience == PUBLIC:
                self.public.append(e)
            elif e.audience == GM:
                self.gm.append(e)
            if e.officer is not None and e.audience in (PUBLIC, OFFICER):
                self.by_officer[e.officer].append(e)
        self.places = {row["officer_name"]: n for n, row in enumerate(self.standings, 1)}
        self.game_end = next((e.data for e in self.public if e.kind == "game-end"), None)

    def officer_context(self, officer_id: int) -> dict[str, Any]:
        """Only what this officer may know: his own turn, public or private to him."""
        own = [e for e in self.by_officer.get(officer_id, []) if e.visible_to(officer_id)]
        before, after = chronicle(own)
        kinds: dict[str, list[dict]] = defaultdict(list)
        for e in own:
            kinds[e.kind].append(e.data)
        return {
            "sheet": self.sheets[officer_id],
            "held": kinds["held"][0] if kinds["held"] else None,
            "route": kinds["route"][0] if kinds["route"] else None,
            "route_cut": kinds["route-cut"][0] if kinds["route-cut"] else None,
            "known": kinds["known"],
            "sightings": kinds["sighting"],
            "landings": kinds["landed"],
            "info": kinds["info"],
            "unanswered": kinds["info-unanswered"],
            # Unpredictable Research: the sheet only in games with the rule.
            "research": kinds["research"][0] if kinds["research"] else None,
            "research_refused": kinds["research-refused"],
            "score": kinds["score"][0] if kinds["score"] else None,
            "ground": [(e.kind, e.data) for e in own if e.kind in GROUND_KINDS],
            "before_route": before,
            "after_route": after,
            "game_end": self.game_end,
            "place": self.places.get(self.sheets[officer_id]["officer_name"]),
            "officers": len(self.standings),
        }

    def public_context(self) -> dict[str, Any]:
        kinds: dict[str, list[dict]] = defaultdict(list)
        for e in self.public:
            kinds[e.kind].append(e.data)
        return {
            "encounters": kinds["encounter"],
            "alliances": kinds["alliance"],
            "tots": kinds["tot"],
            "rescues": kinds["rescue"],
            "promotions": kinds["promotion"],
            "game_end": kinds["game-end"][0] if kinds["game-end"] else None,
            "turns": kinds["turn"],
            "sightings": kinds["sighting"],
            "info": kinds["info"],
            "landings": kinds["landed"],
            "known": kinds["known"],
            "breakthroughs": kinds["breakthrough"],  # Unpredictable Research, when public
            "standings": self.standings,
        }


def write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", newline="\n")


@dataclass(frozen=True)
class DeskNotes:
    """What the GM's desk adds to a move's reports, all empty unless he used it: the next
    move's deadline, his actions told to each officer, the officers he retired, and the
    lines of his actions for the GM log."""

    deadline: dict[str, Any] | None = None
    rulings: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    departures: list[str] = field(default_factory=list)
    gm_actions: str = ""


def render_move(
    game_dir: Path | None, out_dir: Path, *, game: str, move: int, events: list[Event],
    texts: list[str], rolls: list[Roll], desk: DeskNotes = DeskNotes(),
    fair_play: dict | None = None,
) -> None:
    """Write every officer's report, the bulletin in three formats and the GM log.

    `fair_play` ({commitment, ledger, seeded}) is printed at the foot of every bulletin:
    the commitment to the game secret and the ledger's chain head after this move."""
    out_dir.mkdir(parents=True, exist_ok=True)
    view = MoveView(events)
    text_env = environment(game_dir, "txt")
    report = text_env.get_template("report.txt.j2")
    for officer_id, sheet in view.sheets.items():
        ctx = view.officer_context(officer_id)
        form = order_form(game, sheet["officer_name"], move + 1)
        write(out_dir / report_name(officer_id, sheet["officer_name"]),
              report.render(game=game, move=move, order_form=form, deadline=desk.deadline,
                            rulings=desk.rulings.get(officer_id, []), **ctx))
    public = view.public_context()
    for fmt, suffix in (("txt", "txt"), ("md", "md"), ("bbcode", "bbcode")):
        env = text_env if fmt == "txt" else environment(game_dir, fmt)
        write(out_dir / f"bulletin.{suffix}",
              env.get_template(f"bulletin.{suffix}.j2").render(
                  game=game, move=move, deadline=desk.deadline, departures=desk.departures,
                  fair_play=fair_play, **public))
    gm = text_env.get_template("gm-log.txt.j2")
    names = {oid: s["officer_name"] for oid, s in view.sheets.items()}
    # The GM log has a line per roll and per event, tens of thousands in a large game: the
    # lines are made here and the template lays them out.
    write(out_dir / "gm-log.txt", gm.render(
        game=game, move=move, gm_actions=desk.gm_actions,
        rolls="\n".join(
            f"  {names.get(r.officer, '-')} | {r.kind} {r.detail} | d{r.die} = {r.result} | seen by {r.visibility}"
            for r in rolls),
        events="\n".join(
            f"  [{e.audience}] {e.kind} ({names.get(e.officer, '-')}): {text}\n"
            for e, text in zip(events, texts)),
    ))

