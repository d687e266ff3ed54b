"""The events of one move sorted by reader (`MoveView`), and an officer's turn read into the
blocks under a heading that his report tells (`read_turn`)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

import jinja2

from .language import N_ as _N
from .rules.events import GM, OFFICER, PUBLIC, Event


# What happens on a planet, at the base and between officers, told in order in the report.
GROUND_KINDS = frozenset({
    "attitude", "presence", "encounter", "arrivals", "shields", "crews", "legio-fire",
    "alien-fire", "losses", "damage", "mission", "mission-refused", "captured", "alliance",
    "points", "points-lost", "rescue", "promotion", "refit", "refit-refused",
    "payment", "payment-refused", "tot", "tot-refused", "game-end", "landing-refused",
    "joint-fire", "joint-done", "joint-refused",
    "landing-risk", "landing-zone", "suits", "ship-out-of-reach",  # outer space (5F, 5G)
    # Outer space, part 2 (5C, 5D, 5E).
    "desertion", "robur-lands", "specialist", "specialist-refused", "specialist-risk",
    "specialist-lost", "alien-ship-hooks", "alien-ship-attack", "fire-alien",
    "alien-fire-refused", "alien-ship-reduced", "alien-ship-gone", "alien-ship-destroyed",
    "disengage", "held-by-alien", "alien-ship-sighting",
})
# The heading a report puts over a run of those events; the others happen on a planet's
# ground and are headed by its name.
HEADINGS = {
    "refit": "AT THE BASE", "refit-refused": "AT THE BASE", "promotion": "AT THE BASE",
    "payment": "BETWEEN OFFICERS", "payment-refused": "BETWEEN OFFICERS",
    "tot": "TOT 100%", "tot-refused": "TOT 100%", "rescue": "RESCUE RETURN",
    "landing-refused": "LANDING", "game-end": "THE END OF THE GAME",
    "specialist": "AT THE BASE", "specialist-refused": "AT THE BASE",
    **{kind: "THE ALIEN SHIP" for kind in (
        "alien-ship-hooks", "alien-ship-attack", "fire-alien", "alien-fire-refused",
        "alien-ship-reduced", "alien-ship-gone", "alien-ship-destroyed", "disengage",
        "held-by-alien", "alien-ship-sighting")},
}
# The headings as their catalogs know them (a `%` doubled: the catalogs' texts are formats),
# and those that name a planet, by the English words before its name.
TITLES = {heading: heading.replace("%", "%%") for heading in set(HEADINGS.values())}
TITLES["YOUR SHIP"] = "YOUR SHIP"
PLANET_TITLES = (("THE ENCOUNTER GUIDE ON ", _N("THE ENCOUNTER GUIDE ON %(planet)s")),
                 ("ON THE GROUND OF ", _N("ON THE GROUND OF %(planet)s")))
_N("AT THE BASE"), _N("BETWEEN OFFICERS"), _N("TOT 100%%"), _N("RESCUE RETURN"), _N("LANDING")
_N("THE END OF THE GAME"), _N("THE ALIEN SHIP"), _N("YOUR SHIP")  # TITLES, for extraction


@jinja2.pass_context
def heading_said(context: Any, heading: str) -> str:
    """A heading of `read_turn` in the reader's language."""
    title, planet = TITLES.get(heading), ""
    if title is None:
        title = heading.replace("%", "%%")
        for words, said in PLANET_TITLES:
            if heading.startswith(words):
                title, planet = said, heading[len(words):]
                break
    return context.environment.globals["_"](context, title, planet=planet)


# Events after which the turn is in space: ground events before them happened before the
# route (on the planet taken off from), the others after it.
ROUTE_KINDS = frozenset({"known", "route", "route-cut", "sighting", "landed"})


# What follows an event and belongs under its heading when it names no planet: the damage
# an alien ship's attack did, and a specialist's fate in it.
CONSEQUENCES = frozenset({"damage", "specialist-risk", "specialist-lost"})


def read_turn(own: list[Event]) -> tuple[dict[str, list[dict]], list[tuple[str, dict]],
                                         list[dict], list[dict]]:
    """An officer's turn read in one pass: the data of his events by kind, his ground
    events (kind, data) in order, and the chronicle of them: his ground, base and
    cooperation events in the order they happened, in blocks under a heading, those before
    his route and those after it."""
    kinds: dict[str, list[dict]] = {}
    ground: list[tuple[str, dict]] = []
    before: list[dict] = []
    after: list[dict] = []
    blocks = before
    for kind, _, _, data in own:
        found = kinds.get(kind)
        if found is None:
            kinds[kind] = [data]
        else:
            found.append(data)
        if kind in ROUTE_KINDS:
            blocks = after
            continue
        if kind not in GROUND_KINDS:
            continue
        event = (kind, data)
        ground.append(event)
        if kind in CONSEQUENCES and not data.get("planet") and blocks:
            heading = blocks[-1]["heading"]
        else:
            heading = HEADINGS.get(kind) or (
                (f"THE ENCOUNTER GUIDE ON {data['planet']}" if "guide" in data
                 else f"ON THE GROUND OF {data['planet']}") if data.get("planet")
                else "YOUR SHIP")
        if not blocks or blocks[-1]["heading"] != heading:
            blocks.append({"heading": heading, "events": [event]})
        else:
            blocks[-1]["events"].append(event)
    return kinds, ground, before, after


# Public events the bulletin's story does not tell line by line (it gives them a place of
# their own: the standings table, the end of the game) or that open a turn.
# The press has a section of its own (an anonymous piece belongs to nobody's turn); the
# alien ship's wreck too, told when every officer has acted.
NOT_IN_STORY = frozenset(
    {"turn", "standings", "game-end", "planet-state", "press", "alien-ship-wrecked"}
)


class MoveView:
    """The events of one move sorted by reader: built once, read by every template.

    `texts`, when given, are the events' JSON as stored, in the same order: the JSON
    reports are made of them."""

    def __init__(self, events: Iterable[Event], texts: Iterable[str] | None = None) -> None:
        self.public: list[Event] = []
        self.public_texts: list[str] = []
        self.by_officer: dict[int, list[Event]] = defaultdict(list)
        self.texts_by_officer: dict[int, list[str]] = defaultdict(list)
        self.gm: list[Event] = []
        self.sheets: dict[int, dict] = {}
        self.standings: list[dict] = []
        self.researchers: set[int] = set()  # the officers told of their research this move
        events = list(events)
        texts = list(texts) if texts is not None else [""] * len(events)
        by_officer, texts_by_officer = self.by_officer, self.texts_by_officer
        public, public_texts, sheets = self.public, self.public_texts, self.sheets
        for e, text in zip(events, texts):
            kind, audience, officer, data = e
            if kind == "sheet":
                sheets[officer] = data
            elif kind == "standings":
                self.standings = data["rows"]
            if audience == OFFICER:  # most events of a move
                pass
            elif audience == PUBLIC:
                public.append(e)
                public_texts.append(text)
            elif audience == GM:
                self.gm.append(e)
                continue
            else:
                continue
            if officer is not None:  # public, or private to him: his to read
                by_officer[officer].append(e)
                texts_by_officer[officer].append(text)
                if kind == "research":
                    self.researchers.add(officer)
        self.places = {row["officer_name"]: n for n, row in enumerate(self.standings, 1)}
        self.game_end = next((e.data for e in self.public if e.kind == "game-end"), None)

    def own(self, officer_id: int) -> list[tuple[Event, str]]:
        """This officer's own turn as he may read it, each event with its stored JSON
        (`by_officer` holds only events he may read: public, or private to him)."""
        return list(zip(self.by_officer.get(officer_id, []),
                        self.texts_by_officer.get(officer_id, [])))

    def officer_context(self, officer_id: int) -> dict[str, Any]:
        """Only what this officer may know: his own turn, public or private to him."""
        kinds, ground, before, after = read_turn(self.by_officer.get(officer_id, []))
        first = kinds.get
        sheet = self.sheets[officer_id]
        return {
            "sheet": sheet,
            "held": first("held", (None,))[0],
            "letters": first("letter", []),  # his letters that did not count
            "route": first("route", (None,))[0],
            "route_cut": first("route-cut", (None,))[0],
            # Outer space: the black hole's effects, told only to a ship with a computer.
            "black_hole": first("black-hole", (None,))[0],
            # Outer space: what a Princeps PSI sensed (a net, a distortion's exit), if any.
            "psi": first("psi-warning", (None,))[0],
            "known": first("known", []),
            "sightings": first("sighting", []),
            "landings": first("landed", []),
            "info": first("info", []),
            "unanswered": first("info-unanswered", []),
            # Unpredictable Research: the sheet only in games with the rule.
            "research": first("research", (None,))[0],
            "research_refused": first("research-refused", []),
            "score": first("score", (None,))[0],
            "ground": ground,
            "before_route": before,
            "after_route": after,
            "game_end": self.game_end,
            "place": self.places.get(sheet["officer_name"]),
            "officers": len(self.standings),
        }

    def public_context(self) -> dict[str, Any]:
        """The public events by kind, and the story: the public events told turn by turn in
        player order, each turn opening with its officer moving or holding, and every public
        event until the next turn his turn's story (a colleague's rescue by his Tot
        included). Both in one pass."""
        kinds: dict[str, list[dict]] = defaultdict(list)
        turns: list[dict[str, Any]] = []
        for kind, _, _, data in self.public:
            kinds[kind].append(data)
            if kind == "turn":
                turns.append({**data, "lines": []})
            elif turns and kind not in NOT_IN_STORY:
                turns[-1]["lines"].append((kind, data))
        return {
            "encounters": kinds["encounter"],
            "alliances": kinds["alliance"],
            "tots": kinds["tot"],
            "rescues": kinds["rescue"],
            "promotions": kinds["promotion"],
            "wrecks": kinds["alien-ship-wrecked"],  # outer space: alien ships destroyed (5C)
            "game_end": kinds["game-end"][0] if kinds["game-end"] else None,
            "turns": kinds["turn"],
            "sightings": kinds["sighting"],
            "info": kinds["info"],
            "landings": kinds["landed"],
            "known": kinds["known"],
            "breakthroughs": kinds["breakthrough"],  # Unpredictable Research, when public
            "press": kinds["press"],
            "standings": self.standings,
            "story": turns,
            "planets_after": kinds["planet-state"],  # the planets touched, after the move
        }
