"""What the GM does to a game folder: create it, enlist officers, check orders, resolve moves.

This is the library under the CLI: every function takes a game folder, works through the
storage layer, the ruleset and the pure rules, and raises `GameError` with a message for
the GM. A move is resolved through `STEPS`, one named list of its steps, each a function.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import backups, checking, history, language, ledger, move_files, orderfolder
from .defaults import DB_NAME, DEFAULT_SIZE, KEEP_BACKUPS, OPTIONAL_RULES
from . import names as naming
from .charts import book
from .commander import commander
from .render import collector_paused, environment, gm_chart, officer_chart, public_chart, render_move
from .rules.dice import Dice, SeededDice
from .rules.events import GM, OFFICER, Event
from .rules.galaxy import LEVELS, PLANETS_PER_LEVEL, draw_map, draw_outer_space
from .rules.geometry import Zone
from .rules.hazards import Hazards
from .rules.hazards import place as place_hazards
from .rules.outer_space import ADVANCED, BASIC, LEVELS as GAME_LEVELS
from .rules.move import MoveResult, resolve_move
from .rules.research import PUBLIC_SETTING
from .rules.research import RULE as RESEARCH
from .rules.ship import build_ship, fit_problems
from .rules.state import GameState
from .rules.ruleset import Ruleset
from .ruleset_files import RulesetError, load_ruleset
from .errors import GameError
from .json_codec import to_json_each
from .map_file import read_map
from .officer_secrets import hash_secret, new_secret, officer_lot
from .storage import game_state, officers
from .storage.database import db_path, open_db
from .storage.rows import ship_to_json, specialist_to_json
from .summary import RECENT_MOVES, MoveSummary, summarize
from .privacy import PRIVATE_FOLDER
from .terminal import clean_line

if TYPE_CHECKING:
    from .collecting import Collected

# The GM's desk (the inbox, mail, deadlines, the GM's actions) is imported where it is used:
# 42 ms (wall clock, after pbem.game) that `pbem map`, `report` or `backups` never use.


@dataclass(frozen=True)
class Enlisted:
    officer_id: int
    name: str
    secret: str
    welcome: int | None = None  # the welcome letter queued in the outbox, if one could be


def ruleset_for(game_dir: Path) -> Ruleset:
    try:
        return load_ruleset(Path(game_dir))
    except RulesetError as e:
        raise GameError(f"the game's rules are not valid: {e}") from None


# --- pbem new ---------------------------------------------------------------------------

def optional_rules(rules: tuple[str, ...], private_research: bool = False) -> dict:
    """The settings the optional rules add; refuses a rule pbem does not know."""
    for rule in rules:
        if rule not in OPTIONAL_RULES:
            raise GameError(f"unknown optional rule {rule!r}; use {', '.join(OPTIONAL_RULES)}")
    if RESEARCH not in rules:
        if private_research:
            raise GameError("--private-research needs the rule it changes: add --rule research")
        return {}
    # Unpredictable Research: the bulletin names breakthroughs unless the GM keeps them private.
    return {PUBLIC_SETTING: not private_research}


def game_secret(seed: int | str | None) -> str:
    """The secret that draws the map, the player order and every die (hex, 256 bits).

    Drawn from `secrets` unless the GM gives a seed: the same seed then makes the same game,
    which tests, the demo and replays need, but a seed is guessable (a year, a word): a
    player who guesses it can redraw the map and compute every die. Only for games
    without real stakes."""
    if seed is None:
        return secrets.token_bytes(32).hex()
    return hashlib.sha256(f"pbem-seed:{seed}".encode()).hexdigest()


def new_game(
    game_dir: Path, seed: int | str | None = None, *, name: str | None = None,
    size: int = DEFAULT_SIZE, planets: int = PLANETS_PER_LEVEL, level: str = BASIC,
    moves: int | None = None, map_file: Path | None = None, rules: tuple[str, ...] = (),
    private_research: bool = False, mail_from: str | None = None,
    keep_backups: int = KEEP_BACKUPS, lang: str = language.ENGLISH,
) -> GameState:
    game_dir = Path(game_dir)
    if db_path(game_dir).exists():
        raise GameError(f"{game_dir} already holds a game ({DB_NAME}); choose another folder")
    if level not in GAME_LEVELS:
        raise GameError(f"level {level!r}: use {' or '.join(GAME_LEVELS)}")
    if keep_backups < 0:
        raise GameError("--keep-backups must be 0 (no backups) or more")
    lang = spoken(lang)
    ruleset_for(game_dir)  # refuse a folder whose rules/ overrides are broken
    settings = optional_rules(rules, private_research)
    try:
        # The players write it after GAME: the folder's name is the default.
        name = naming.game_name(name if name is not None else game_dir.resolve().name)
    except naming.NameRefused as e:
        raise GameError(f"{e} (give the game a name with --name)") from None
    if mail_from:
        from .addresses import MailError, parse_mailbox  # the desk: see the top
        from .settings import MAIL_FROM

        try:
            settings[MAIL_FROM] = str(parse_mailbox(mail_from))
        except MailError as e:
            raise GameError(f"--gm-email: {e}") from None
    secret = game_secret(seed)
    outer = level == ADVANCED
    dice = SeededDice(bytes.fromhex(secret), 0)
    hazards: Hazards | None = None
    if map_file is not None:
        zone, planet_list, hazards = read_map(map_file)
        if hazards is not None and not outer:
            raise GameError(f"{map_file}: the map places hazards, which belong to outer space: "
                            "create the game with --level advanced, or remove them")
        if hazards is None and outer:
            hazards = place_hazards(zone, [p.position for p in planet_list], dice)
            if hazards is None:
                raise GameError(f"{map_file}: the hazards of outer space do not fit on this map "
                                "(a black hole 5 parsecs from every planet, nets and "
                                "distortions 4): draw them on the map yourself, or space the "
                                "planets out")
    else:
        if size < 2:
            raise GameError("--size must be at least 2")
        zone = Zone(size, LEVELS)
        try:
            if outer:
                planet_list, hazards = draw_outer_space(zone, planets, dice)
            else:
                planet_list = draw_map(zone, planets, dice)
            if outer and hazards is None:
                raise GameError(
                    f"the hazards of outer space do not fit among {planets} planets per level "
                    f"of {size}x{size} (a black hole 5 parsecs from every planet, nets and "
                    "distortions 4): use a larger --size or fewer --planets")
        except ValueError as e:
            raise GameError(str(e)) from None
    game_dir.mkdir(parents=True, exist_ok=True)
    game_dir.chmod(PRIVATE_FOLDER)  # a folder given ready-made too: the game is the GM's
    (game_dir / "orders").mkdir(exist_ok=True)
    (game_dir / "reports").mkdir(exist_ok=True)
    db = open_db(game_dir, create=True)
    with db.atomic():
        game_state.save_new_game(db, {
            "id": 1, "name": name, "secret": secret,
            "size": zone.size, "levels": zone.levels, "per_level": planets, "level": level,
            "moves": moves, "move": 1, "designations": 0,
            "settings": json.dumps({"rules": sorted(rules), "level": level, "moves": moves}
                                   | settings),
            "created": datetime.now(timezone.utc).isoformat(timespec="seconds"), "ended": 0,
            "commitment": ledger.commitment(secret), "seeded": int(seed is not None),
            "map_drawn": int(map_file is None), "keep_backups": keep_backups, "lang": lang,
        }, planet_list, hazards)
    state = game_state.load_state(db)
    db.close()  # now, not whenever the collector finds it: a copy of game.db is then whole
    return state


# --- pbem enlist ------------------------------------------------------------------------

def enlist(
    game_dir: Path, name: str, email: str, ship_type: str, ship_name: str,
    fit: dict[str, int], *, rank: str | None = None, secret: str | None = None,
    personality: int | None = None, specialist: str | None = None, plain_mail: bool = False,
    lang: str | None = None,
) -> Enlisted:
    game_dir = Path(game_dir)
    lang = None if lang is None else spoken(lang)
    db = open_db(game_dir)
    ruleset = ruleset_for(game_dir)
    try:
        name = naming.officer_name(name)
        ship_name = naming.ship_name(ship_name)
    except naming.NameRefused as e:
        raise GameError(str(e)) from None
    for taken in (name for _, name in officers.names(db.conn)):
        if taken.casefold() == name.casefold():
            raise GameError(f"an officer named {name!r} is already enlisted; choose another name")
        if naming.look_alike(taken) == naming.look_alike(name):
            raise GameError(f"{name!r} looks just like the enlisted officer {taken!r} (it "
                            f"differs only by look-alike letters: {naming.unlike(name)}); "
                            "choose a name that reads otherwise")
    from .mail import outbox  # the desk: see the top
    from .addresses import MailError, check_email

    try:
        email = check_email(email)
    except MailError as e:
        raise GameError(f"--email: {e}") from None
    ship_type = ship_type.upper()
    if ship_type not in ruleset.ships:
        raise GameError(f"unknown ship type {ship_type!r}; use one of {', '.join(ruleset.ships)}")
    rank = rank or ruleset.ranks[0].name
    ranks = {r.name.casefold(): r for r in ruleset.ranks}
    if rank.casefold() not in ranks:
        raise GameError(f"unknown rank {rank!r}; use one of {', '.join(r.name for r in ruleset.ranks)}")
    rank_obj = ranks[rank.casefold()]
    if ship_type not in rank_obj.ships:
        raise GameError(
            f"a {rank_obj.name} may command {', '.join(rank_obj.ships) or 'no ship'}, not a {ship_type}"
        )
    problems = fit_problems(ruleset.ships[ship_type], fit)
    if problems:
        raise GameError("the ship sheet is not valid:\n  " + "\n  ".join(problems))
    ship = build_ship(ruleset.ships[ship_type], ship_name, fit)
    aboard = commander(game_state.game_row(db), ruleset, personality, specialist)
    base = game_state.base_planet(db)
    secret = secret or new_secret()
    salt = secrets.token_hex(8)
    g = game_state.game_row(db)
    with db.atomic():
        officer_id = officers.add(db, {
            "name": name, "email": email, "secret_hash": hash_secret(secret, salt),
            "salt": salt, "rank": rank_obj.name, "score": 0, "ship": ship_to_json(ship),
            "x": base.position.x, "y": base.position.y, "level": base.position.level,
            "lot": "", "turn_fixed": None, "landed_on": base.id, "rx": 0, "ry": 0, "rlevel": 0,
            "enlisted_move": g["move"], "personality": aboard[0],
            "specialist": specialist_to_json(aboard[1]), "plain_mail": int(plain_mail),
            "lang": lang,
        })
        officers.set_lot(db, officer_id, officer_lot(g["secret"], officer_id))
        welcome = outbox.queue_welcome(game_dir, db, officer_id, secret, ruleset=ruleset)
    db.close()
    return Enlisted(officer_id, name, secret, welcome)


def spoken(lang: str) -> str:
    """A language a game or an officer may read: one with a catalog."""
    try:
        return language.checked(lang)
    except language.UnknownLanguage as e:
        raise GameError(f"--lang: {e}") from None


def fix_order(game_dir: Path, names: list[str]) -> None:
    """The GM fixes the player order instead of the lot."""
    db = open_db(Path(game_dir))
    ids = officers.ids_by_name(db.conn)
    missing = [n for n in names if n.casefold() not in ids]
    if missing:
        raise GameError(f"no officer named {', '.join(map(repr, missing))}")
    with db.atomic():
        officers.fix_player_order(db, [ids[n.casefold()] for n in names])
    db.close()


# --- orders -----------------------------------------------------------------------------

# `pbem check` lives where it can start without the rest of the game.
check_file = checking.check_file


def collect_orders(game_dir: Path, db, state: GameState, ruleset: Ruleset,
                   now: datetime | None = None) -> "Collected":
    """The orders the move plays. Whatever waits in orders/ is filed first, the way
    `pbem inbox` files mail (a plain file dated by its modification time); then each
    officer plays the latest valid set filed for this move, by date, whatever the names of
    the files (`pbem.collecting`). No file stops the move: one pbem cannot read, or fails on,
    is named in the GM log and left where it is."""
    from .collecting import collect  # the desk: see the top
    from .filing import Inbox

    folders: list[tuple[str, str]] = []
    files = orderfolder.order_files(game_dir, folders)
    desk = Inbox(game_dir, db, now=now, state=state, ruleset=ruleset, defer=True)
    collected = collect(desk, files)
    collected.notes += [f"orders/{clean_line(folder)}/: {why}" for folder, why in folders]
    return collected


# --- pbem resolve -----------------------------------------------------------------------

class StrayRun(GameError):
    """A move that looks like a mistake (most ships would hold): refused without --force."""

    def __init__(self, summary: MoveSummary) -> None:
        self.summary = summary
        super().__init__(
            f"move {summary.move} not resolved: {summary.stray}. Put the missing orders in "
            f"orders/ (`pbem preview` shows the move as it stands), or run "
            f"`pbem resolve --force` to play it anyway"
        )


@dataclass(frozen=True)
class Resolution:
    """What a `resolve` did: a move played, or a half-finished one finished (`completed`)."""

    move: int
    folder: Path
    summary: MoveSummary | None = None  # None when only a half-finished move was finished
    completed: tuple[move_files.Completed, ...] = ()
    backup: Path | None = None
    warnings: tuple[str, ...] = ()


def resolve(
    game_dir: Path, *, force: bool = False, backup: bool = True, dice: Dice | None = None,
    dice_for: Callable[[int], Dice] | None = None, now: datetime | None = None,
    early: bool = False,
) -> Resolution:
    """Resolve the move being collected and write its reports.

    A half-finished move (saved, its files not all written) is finished instead, and nothing
    else is done. Before the move's deadline it is played only when every officer's orders
    are in, or when the GM says so (`early`, `pbem resolve --now`). A move that would let
    most ships hold is refused unless `force`. The database is backed up first (unless
    `backup` is off), then the move is saved, its ledger entry written and its reports
    rendered in one transaction; the reports are then put in place and the order files
    archived."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    try:
        completed = move_files.complete(game_dir, db)
        if completed:
            return Resolution(completed[-1].move, completed[-1].folder, completed=tuple(completed))
        # The whole move without the cycle collector (render.py says why): reading ten
        # thousand order files, playing the turns and saving them make millions of
        # short-lived objects too, none in a cycle, and the collector would walk the whole
        # state each time.
        with collector_paused():
            return play_move(game_dir, db, force=force, backup=backup, dice=dice,
                             dice_for=dice_for, now=now, early=early)
    finally:
        db.close()


@dataclass
class MoveInPlay:
    """A move as its steps take it from the orders to the saved game: each step reads what
    the steps before it set and sets its own part."""

    game_dir: Path
    db: Any
    force: bool
    backup: bool
    dice: Dice | None
    dice_for: Callable[[int], Dice] | None
    now: datetime
    early: bool
    game: dict = field(default_factory=dict)  # the game's row
    ruleset: Ruleset | None = None
    state: GameState | None = None  # before the move
    collected: "Collected | None" = None
    absent: list = field(default_factory=list)  # officers the move retires (`gm_actions`)
    result: MoveResult | None = None
    summary: MoveSummary | None = None
    next_deadline: Any = None
    events: list[Event] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)  # each event's data as stored
    staging: Path | None = None
    files: list[list[str]] = field(default_factory=list)  # dealt with, and their fingerprints
    waiting: list[list[str]] = field(default_factory=list)  # for a later move, likewise
    kept: Path | None = None  # the backup
    changed: list[str] = field(default_factory=list)  # tables changed outside pbem
    resolution: Resolution | None = None

    @property
    def move(self) -> int:
        return self.game["move"]


def collect(m: MoveInPlay) -> None:
    """The game as it stands, if it has a move to play, and the orders of that move."""
    m.game = game_state.game_row(m.db)
    if m.game["ended"]:
        raise GameError("the game is over; no more moves can be resolved")
    if game_state.move_resolved(m.db, m.move):
        raise GameError(f"move {m.move} is already resolved")
    if m.game["moves"] and m.move > m.game["moves"]:
        raise GameError(f"the game was set to {m.game['moves']} moves and all are resolved")
    m.ruleset = ruleset_for(m.game_dir)
    m.state = game_state.load_state(m.db)
    if not m.state.officers:
        raise GameError("no officer is enlisted; enlist some with `pbem enlist`")
    m.collected = collect_orders(m.game_dir, m.db, m.state, m.ruleset, m.now)


def refuse_early(m: MoveInPlay) -> None:
    """Before its deadline, a move waits for every officer's orders (or `--now`)."""
    from . import deadlines, gm_actions  # the desk: see the top

    deadlines.refuse_early(m.db, m.state, set(m.collected.orders), m.now, m.early)
    m.absent = gm_actions.absentees(m.db, m.state, set(m.collected.orders))


def play(m: MoveInPlay) -> None:
    """The rules play the move; one where most ships would hold is refused unless forced."""
    from . import deadlines  # the desk: see the top

    dice = m.dice
    if dice is None:
        dice = m.dice_for(m.move) if m.dice_for else SeededDice(bytes.fromhex(m.game["secret"]), m.move)
    result = m.result = resolve_move(m.state, m.collected.orders, m.collected.held, m.ruleset, dice)
    names = {o.id: o.name for o in m.state.officers.values()}
    m.summary = replace(summarize(m.move, result.events, names, len(m.collected.orders)),
                        recent=history.holding(m.db, m.move, RECENT_MOVES))
    if m.summary.stray and not m.force:
        raise StrayRun(m.summary)
    m.next_deadline = (deadlines.following(m.db, m.state.settings, m.move, m.now)
                       if result.state.winner is None else None)
    # The desk's words on letters after the move's own events: each officer told of his
    # letters that did not count, the GM of every letter. Neither decides the move
    # (`ledger._LETTER_WORDS`), so neither moves the numbers of its events.
    told = [Event("letter", OFFICER, officer_id, words)
            for officer_id, letters in m.collected.letters.items() for words in letters]
    m.events = list(result.events) + told + [
        Event("order-note", GM, None, {"text": n}) for n in m.collected.notes]
    # Each event's data as stored: written once, shown in the GM log as it is in the database.
    m.texts = to_json_each(e.data for e in m.events)


def back_up(m: MoveInPlay) -> None:
    """The game and orders/ as they were before the move, for a rollback."""
    m.staging = move_files.clear_staging(m.game_dir, m.move)
    collected = m.collected
    # What orders/ holds now: the files the move dealt with, and those waiting for a later
    # move. Both are backed up and fingerprinted, so a rollback can put orders/ back as it was.
    dealt = {rel for rel, _ in collected.done}
    waiting = [(rel, path) for rel, path in orderfolder.order_files(m.game_dir) if rel not in dealt]
    m.kept, prints = backups.back_up(m.game_dir, m.db.conn, m.move, collected.done + waiting,
                                     m.game["keep_backups"] if m.backup else 0, collected.read,
                                     collected.mtimes, collected.digests)
    m.files = [[rel, prints.get(rel, "")] for rel, _ in collected.done]
    m.waiting = [[rel, prints[rel]] for rel, _ in waiting if rel in prints]


def commit(m: MoveInPlay) -> None:
    """The move saved, its ledger entry written and its reports rendered, in one
    transaction: a template that fails saves nothing."""
    from . import collecting, deadlines, gm_actions  # the desk: see the top

    db, move, result = m.db, m.move, m.result
    charts = book.after_move(db, m.state, result.state, m.events, m.ruleset)
    with db.atomic():
        opening = ledger.opening_state(db.conn, move)
        m.changed = ledger.changed_since_last_move(db.conn, move, opening)
        rows = game_state.event_rows(m.events, m.texts)
        game_state.save_move(db, m.state, result.state, rows, result.rolls, m.collected.files,
                        m.now.isoformat(timespec="seconds"))
        deadlines.record(db, move + 1, m.next_deadline)
        collecting.record_filing(db, m.collected)
        gm_actions.retire_absentees(db, move, m.absent, m.now)
        game_state.save_files_to_archive(db.conn, move, m.files, m.waiting)
        ledger.record_move(db.conn, move, opening, m.game["commitment"], rows)
        book.save(db, charts)
        # What the move read and the state before it are saved, and no report reads them:
        # let go, they leave their room to the reports (10,000 officers: peak 308 -> 284 MiB).
        m.collected = m.state = None
        render_move(m.game_dir, m.staging, game=m.game["name"], move=move, events=m.events,
                    texts=m.texts, rolls=list(result.rolls), charts=charts,
                    fair_play=move_files.fair_play(db, move),
                    desk=move_files.desk_notes(db, move, m.next_deadline),
                    readers=game_state.readers(db))


def finish(m: MoveInPlay) -> None:
    """The reports put in place and the order files archived; the GM warned when the game
    changed outside pbem since the last move with no ruling of his recorded."""
    move = m.move
    final, _, _ = move_files.finish(m.game_dir, m.db, move, m.files, now=m.now)
    ruled = m.changed == ["officers"] and game_state.gm_acted(m.db, move, ledger.ADJUST)
    warnings = () if not m.changed or ruled else (
        f"the {' and '.join(m.changed)} of the game changed outside pbem after move {move - 1} "
        f"was resolved, with no ruling of the GM recorded; `pbem verify` reports it",)
    m.resolution = Resolution(move, final, m.summary, backup=m.kept, warnings=warnings)


# The steps of a move, in order. A step that refuses raises a GameError before the backup,
# and leaves the game as it was; from `commit` on, a crash leaves a saved move that the
# next command finishes (`move_files.complete`).
STEPS: tuple[tuple[str, Callable[[MoveInPlay], None]], ...] = (
    ("collect", collect),
    ("refuse early", refuse_early),
    ("play", play),
    ("back up", back_up),
    ("commit", commit),
    ("finish", finish),
)


def play_move(game_dir: Path, db, *, force: bool, backup: bool, dice: Dice | None,
              dice_for: Callable[[int], Dice] | None, now: datetime | None,
              early: bool = False) -> Resolution:
    """Play the move being collected through its `STEPS`."""
    m = MoveInPlay(game_dir, db, force, backup, dice, dice_for,
                   now or datetime.now(timezone.utc), early)
    for _name, step in STEPS:
        step(m)
    return m.resolution


def commitment(game_dir: Path) -> str:
    """The commitment to the game secret that every bulletin prints."""
    db = open_db(Path(game_dir))
    try:
        return game_state.game_row(db)["commitment"]
    finally:
        db.close()


def complete_moves(game_dir: Path) -> list[move_files.Completed]:
    """Finish any half-finished move (`pbem report` does this first, and says so)."""
    db = open_db(Path(game_dir))
    try:
        return move_files.complete(Path(game_dir), db)
    finally:
        db.close()


def rerender(game_dir: Path, move: int | None = None) -> Path:
    """`pbem report`: write a resolved move's reports again from the database."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    try:
        move_files.complete(game_dir, db)
        g = game_state.game_row(db)
        if move is None:
            move = g["move"] - 1
        if not game_state.move_resolved(db, move):
            raise GameError(f"move {move} has not been resolved")
        staging = move_files.clear_staging(game_dir, move)
        move_files.render_saved(game_dir, db, move, staging)
        return move_files.publish(game_dir, move)
    finally:
        db.close()


# --- pbem map ---------------------------------------------------------------------------

def resolved_move(db, move: int | None) -> int:
    """The move asked for, or the last resolved; refuses one not resolved yet."""
    last = game_state.game_row(db)["move"] - 1
    move = last if move is None else move
    if move < 1 or not game_state.move_resolved(db, move):
        hint = f"the last resolved is move {last}" if last >= 1 else "no move is resolved yet"
        raise GameError(f"move {move} has not been resolved; {hint}")
    return move


def chart(game_dir: Path, reader: str, move: int | None = None) -> str:
    """`pbem map`: an officer's chart, the public chart or the GM's, as an SVG file's text."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    move = resolved_move(db, move)
    name = game_state.game_row(db)["name"]
    charts = book.at_move(db, move, ruleset_for(game_dir))
    env = environment(game_dir, "html")
    if reader.casefold() == "public":
        return public_chart(env, charts, game=name, move=move)
    if reader.casefold() == "gm":
        truth = gm_chart(env, charts, game=name, move=move)
        if truth is None:
            raise GameError(f"the Tabula Spatii of move {move} was not kept (the move was "
                            "resolved by an older pbem); the later moves have theirs")
        return truth
    officer_id = officers.ids_by_name(db.conn).get(" ".join(reader.split()).casefold())
    if officer_id is None:
        raise GameError(f"no officer named {reader!r}; use an officer's name, public or gm")
    events, _ = game_state.load_events(db, move)
    sheet = next((e.data for e in events if e.kind == "sheet" and e.officer == officer_id), None)
    if sheet is None or officer_id not in charts.own:
        raise GameError(f"{reader} was not in the game in move {move}")
    return officer_chart(env, charts, officer_id, sheet, game=name, move=move)[0]
