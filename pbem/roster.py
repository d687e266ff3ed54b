"""The officers of a game as the GM manages them: the roster, a new e-mail address,
retirement, and rulings that change a score, a ship or a position (a new secret, sent in a
letter, is the mail desk's: `pbem.mail.new_secret`).

Every change is logged (`pbem.gm_actions`) with the GM's reason and the move being
collected; the officer reads it (what changed and why) in his report of that move, and the
GM finds it in that move's GM log.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import gm_actions
from .addresses import MailError, check_email
from .formats import reckoning_text
from .rules.career import demoted
from .rules.geometry import Position
from .rules.ship import COMPONENTS, Ship, parse_fit, spaces_used
from .errors import GameError
from .rules.state import GameState
from .ruleset_files import Ruleset, RulesetError, load_ruleset
from .serving import find_officer
from .storage import game_state, officers
from .storage.database import Database, open_db
from .storage.rows import ship_from_json, ship_to_json

def ruleset_of(game_dir: Path) -> Ruleset:
    try:
        return load_ruleset(Path(game_dir))
    except RulesetError as e:
        raise GameError(f"the game's rules are not valid: {e}") from None


# --- pbem officers ---------------------------------------------------------------------

@dataclass(frozen=True)
class OfficerLine:
    name: str
    rank: str
    ship: str
    email: str
    email_problem: str  # why the address cannot be mailed; "" when it can
    turn: int | None  # place in the player order, 1 first; None once retired
    missed: int  # consecutive resolved moves without valid orders, the last one first
    retired: int | None  # the move during which he was retired


def roster(game_dir: Path) -> list[OfficerLine]:
    """`pbem officers`: serving officers in player order, then the retired."""
    db = open_db(Path(game_dir))
    state = game_state.load_state(db)
    missed = gm_actions.missed_moves(db)
    lines = []
    for row in officers.every_row(db):
        ship = ship_from_json(row["ship"])
        problem = ""
        if row["email"]:
            try:
                check_email(row["email"])
            except MailError as e:
                problem = str(e)
        serving = state.officers.get(row["id"])
        lines.append(OfficerLine(
            name=row["name"], rank=row["rank"], ship=f"{ship.type} {ship.name}",
            email=row["email"], email_problem=problem,
            turn=serving.turn + 1 if serving else None, missed=missed.get(row["id"], 0),
            retired=row["retired"],
        ))
    return sorted(lines, key=lambda o: (o.turn is None, o.turn or 0, o.name.casefold()))


# --- a new address, retirement (a new secret: `pbem.mail.new_secret`) ------------------

def change_email(game_dir: Path, officer: str, email: str, reason: str,
                 now: datetime | None = None) -> str:
    """Where the officer's mail goes from now on ("" for no mail); returns the address."""
    db = open_db(Path(game_dir))
    reason = gm_actions.reason_given(reason)
    row = find_officer(db, officer)
    try:
        email = check_email(email)
    except MailError as e:
        raise GameError(str(e)) from None
    told = (f"Your reports now go to {email}." if email
            else "Your reports are no longer sent by e-mail.")
    with db.atomic():
        officers.update(db, row["id"], {"email": email})
        gm_actions.log_action(
            db, move=game_state.game_row(db)["move"], officer_id=row["id"],
            action=gm_actions.EMAIL, detail={"from": row["email"], "to": email}, told=told,
            reason=reason, now=now or datetime.now(timezone.utc))
    return email


def retire(game_dir: Path, officer: str, reason: str, now: datetime | None = None) -> str:
    """The officer leaves the game: no more turns, reports or mail; his name stays taken."""
    db = open_db(Path(game_dir))
    reason = gm_actions.reason_given(reason)
    row = find_officer(db, officer)
    move = game_state.game_row(db)["move"]
    with db.atomic():
        officers.update(db, row["id"], {"retired": move})
        gm_actions.log_action(db, move=move, officer_id=row["id"], action=gm_actions.RETIRE,
                              detail={}, told="", reason=reason,
                              now=now or datetime.now(timezone.utc))
    return row["name"]


# --- pbem adjust -----------------------------------------------------------------------

_SCORE = re.compile(r"([+-]?)(\d+)")


def _score(text: str, score: int) -> int:
    match = _SCORE.fullmatch(text.strip())
    if not match:
        raise GameError(f"--score {text!r}: write +2 or -3 to add or take points, or 7 to set "
                        "the score")
    sign, n = match.group(1), int(match.group(2))
    value = score + n if sign == "+" else score - n if sign == "-" else n
    return max(0, value)  # ruling: a score is never negative


def _damage(text: str, ship: Ship, ruleset: Ruleset, landing) -> tuple[Ship, list[str]]:
    """`shields=1,lasers=1` takes components off; a negative count gives them back."""
    try:
        counts = parse_fit(text)
    except ValueError as e:
        raise GameError(f"--damage: {e}; e.g. --damage shields=1,lasers=1") from None
    ship_type = ruleset.ships[ship.type]
    changes: dict[str, Any] = {}
    said = []
    for name, n in counts.items():
        if name not in COMPONENTS:
            raise GameError(f"--damage: unknown component {name!r}; use one of {', '.join(COMPONENTS)}")
        if n == 0:
            continue
        if name == "crews":
            crews = changes.get("crews", ship.crews)
            if n > len(crews):
                raise GameError(f"--damage crews={n}: the ship has only {len(crews)} crews")
            down = set(landing.crews_down) if landing else set()
            if n > 0 and down & set(range(len(crews) - n, len(crews))):
                raise GameError(f"--damage crews={n}: the last crews of the sheet are lost "
                                "first, and one of them is on the ground; take fewer")
            changes["crews"] = crews[:len(crews) - n] if n > 0 else crews + (ship_type.crew_men,) * -n
        else:
            have = changes.get(name, getattr(ship, name))
            if n > have:
                raise GameError(f"--damage {name}={n}: the ship carries only {have}")
            changes[name] = have - n
        said.append(f"{name} {-n:+d}")
    if not changes:
        raise GameError("--damage names no component to change; e.g. --damage shields=1")
    new = replace(ship, **changes)
    fit = new.fit()
    for name, n in counts.items():
        high = ship_type.maximum.get(name)
        if n < 0 and high is not None and fit[name] > high:
            raise GameError(f"--damage {name}={n}: a {ship.type} carries at most {high} {name}")
    if any(n < 0 for n in counts.values()) and spaces_used(fit) > ship_type.spaces:
        raise GameError(f"the repaired sheet fills {spaces_used(fit)} spaces; a {ship.type} "
                        f"has {ship_type.spaces}")
    return new, said


def _position(text: str, state, officer) -> Position:
    try:
        x, y, level = (int(part) for part in text.replace(" ", "").split(","))
    except ValueError:
        raise GameError(f"--position {text!r}: write x,y,level, e.g. --position 12,7,2") from None
    position = Position(x, y, level)
    if not state.zone.contains(position):
        raise GameError(f"--position {text}: outside the zone (x and y from 0 to "
                        f"{state.zone.size - 1}, level from 1 to {state.zone.levels})")
    if officer.landing is not None:
        raise GameError(f"{officer.name} is on the ground of a planet: his ship can be moved "
                        "only once it has taken off")
    planet = next((p for p in state.planets.values() if p.position == position), None)
    if planet is not None and not planet.base and not planet.destroyed:
        raise GameError(f"--position {text}: a planet lies there; choose a free square or the base")
    return position


def adjust(game_dir: Path, officer: str, *, reason: str, score: str | None = None,
           damage: str | None = None, position: str | None = None, demote: bool = False,
           now: datetime | None = None) -> list[str]:
    """`pbem adjust`: the GM's ruling on a score, a ship's components or a position, or a
    demotion (`demote`, 3F c). Returns what was told to the officer, one line per change."""
    game_dir = Path(game_dir)
    reason = gm_actions.reason_given(reason)
    if score is None and damage is None and position is None and not demote:
        raise GameError("say what to change: --score, --damage, --position or --demote")
    if demote and (score is not None or damage is not None or position is not None):
        raise GameError("--demote sets the rank, score, ship and position at once: give it "
                        "alone")
    db = open_db(game_dir)
    row = find_officer(db, officer)
    state = game_state.load_state(db)
    o = state.officers[row["id"]]
    if demote:
        return _demote(db, state, o, ruleset_of(game_dir), reason,
                       now or datetime.now(timezone.utc))
    changes: dict[str, Any] = {}
    told: list[tuple[str, dict[str, Any]]] = []
    if score is not None:
        value = _score(score, o.score)
        changes["score"] = value
        told.append((f"By a ruling of the Space Computer your score went from {o.score} to "
                     f"{value}.", {"score": [o.score, value]}))
    if damage is not None:
        ship, said = _damage(damage, o.ship, ruleset_of(game_dir), o.landing)
        changes["ship"] = ship_to_json(ship)
        told.append((f"By a ruling of the Space Computer your ship's sheet changed: "
                     f"{', '.join(said)}.", {"damage": said}))
    if position is not None:
        new = _position(position, state, o)
        moved = Position(new.x - o.position.x, new.y - o.position.y, new.level - o.position.level)
        reckoning = Position(o.reckoning.x + moved.x, o.reckoning.y + moved.y,
                             o.reckoning.level + moved.level)
        base = state.base
        changes.update(x=new.x, y=new.y, level=new.level, rx=reckoning.x, ry=reckoning.y,
                       rlevel=reckoning.level, landed_on=base.id if new == base.position else None)
        where = reckoning_text([reckoning.x, reckoning.y, reckoning.level])
        told.append((f"By a ruling of the Space Computer your ship was moved; by dead "
                     f"reckoning you are now {where}.",
                     {"position": [[o.position.x, o.position.y, o.position.level],
                                   [new.x, new.y, new.level]]}))
    now = now or datetime.now(timezone.utc)
    with db.atomic():
        officers.update(db, row["id"], changes)
        for text, detail in told:
            gm_actions.log_action(db, move=state.move, officer_id=row["id"],
                                  action=gm_actions.ADJUST, detail=detail, told=text,
                                  reason=reason, now=now)
    return [text for text, _ in told]


def _demote(db: Database, state: GameState, o: Any, ruleset: Ruleset,
            reason: str, now: datetime) -> list[str]:
    """A demotion by a ruling: what a rescue return does (3F c), without the rescue."""
    base = state.base
    after = demoted(o, ruleset, base.position, base.id)
    text = (f"By a ruling of the Space Computer you were demoted: you are now {after.rank}, "
            f"score 0, with a new {after.ship.type} on the base (3F c).")
    detail = {"demote": {"rank": [o.rank, after.rank], "score": [o.score, 0],
                         "ship": [o.ship.type, after.ship.type]}}
    with db.atomic():
        game_state.save_officers(db.conn, state, replace(state, officers={**state.officers,
                                                                     o.id: after}))
        gm_actions.log_action(db, move=state.move, officer_id=o.id, action=gm_actions.ADJUST,
                              detail=detail, told=text, reason=reason, now=now)
    return [text]

