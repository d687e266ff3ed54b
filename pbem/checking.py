"""`pbem check`: an order file's problems, with or without its game.

Without a game, only what can be read: the command a player runs himself, so it imports
the order reader and nothing else. With a game (`--game`), the rules' own lawfulness check
against the game as it stands, for which only the officer the file names (and a colleague
he fires WITH) is loaded: checking one file costs the same in a game of ten officers as in
one of ten thousand.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path

from . import orderfolder
from .orders.reader import read_orders
from .rules.orders import Orders, Problem, in_report_order
from .rules.said import Said
from .terminal import clean_line


@dataclass(frozen=True)
class Checked:
    """A file's verdict: its orders and problems; `waits` when, good so far, they are for a
    later move than the one being collected, and wait for it as the inbox files them (only
    whose they are is checked now, the rest when their move is collected)."""

    orders: Orders
    problems: list[Problem]
    waits: bool = False
    lang: str = "en"  # the reader's: the officer's the orders name, else the game's

    def said(self, text: str) -> str:
        """A problem as printed (`orders.reader.listed`), in the reader's language."""
        if self.lang == "en":
            return text
        # Here, not at the top: the catalogs are machinery an English check never needs.
        from .language import said_in

        return said_in(self.lang)(text)


def check_file(path: Path, game_dir: Path | None = None) -> tuple[Orders, list[Problem]]:
    """`check`, as its orders and problems."""
    checked = check(path, game_dir)
    return checked.orders, checked.problems


def check(path: Path, game_dir: Path | None = None) -> Checked:
    """What cannot be read always; what is not lawful when a game is given.

    Anything may be named: a folder, a FIFO, a file of gigabytes is one problem, at once.
    """
    source = clean_line(str(path))
    try:
        data = orderfolder.read_order_file(str(path))
    except orderfolder.CannotRead as e:
        return Checked(Orders(source=source), [Problem(
            source, None, "", f"not checked: {e.reason}", e.fix or "name an order file")])
    orders, problems = read_orders(data, source)
    if game_dir is None:
        return Checked(orders, problems)
    found, waits, lang = _judged(orders, Path(game_dir))
    return Checked(orders, in_report_order(problems + found), waits and not problems
                   and not found, lang)


def consequences(orders: Orders, game_dir: Path | None = None) -> list[str]:
    """What good orders will do that cannot be undone, said before they are sent: RESCUE's
    demotion (3F c), worked out for the officer when the game is given."""
    if not orders.rescue:
        return []
    if game_dir is not None:
        # Here, not at the top: the game's machinery is 76 ms `pbem check` alone never needs.
        from .storage import game_state
        from .storage.database import open_db
        from .rules import lawful, rescue
        from .ruleset_files import load_ruleset

        db = open_db(Path(game_dir))
        try:
            state = game_state.load_state(db, only=[orders.officer] if orders.officer else [])
        finally:
            db.close()
        officer = lawful.find_officer(lawful.roster(state), orders.officer)
        if officer is not None:
            return [rescue.consequence(officer, load_ruleset(Path(game_dir)))]
    return [Said("RESCUE abandons your ship: you and your crews go through the rescue gate to "
                 "the base, one rank down (none below the lowest), score 0, a ship of a level "
                 "lower (3F c).")]


def _judged(orders: Orders, game_dir: Path) -> tuple[list[Problem], bool, str]:
    """The rules' lawfulness check of one officer's orders against his game, whether the
    orders are for a later move (those are checked as the inbox files them,
    `pbem.filing.Inbox._header`, for whose they are and the secret, unless they name no
    officer of the game), and the language of their reader."""
    # Here, not at the top: the game's machinery is 76 ms `pbem check` alone never needs.
    from .errors import GameError
    from .officer_secrets import secret_ok
    from .rules import lawful
    from .ruleset_files import RulesetError, load_ruleset
    from .storage import game_state, officers
    from .storage.database import open_db

    db = open_db(game_dir)
    try:
        try:
            ruleset = load_ruleset(game_dir)
        except RulesetError as e:
            raise GameError(f"the game's rules are not valid: {e}") from None
        names = [n for n in (orders.officer, orders.cooperate) if n]
        state = game_state.load_state(db, only=names)
        if orders.officer and lawful.find_officer(lawful.roster(state), orders.officer) is None:
            state = game_state.load_state(db)  # not enlisted: every name, for "did you mean"
        colleagues = {name.casefold() for name in officers.serving_names(db)}
        secrets = officers.secrets_of(db, state.officers)
        check = functools.partial(secret_ok, secrets)
        readers = game_state.readers(db)
        named = lawful.find_officer(lawful.roster(state), orders.officer)
        lang = readers.of(named.id) if named is not None else readers.game
        if orders.move is not None and orders.move > state.move:
            officer, found = lawful.header_problems(replace(orders, move=state.move), state,
                                                    check)
            if officer is not None:
                return found, True, lang
        return (lawful.problems(orders, state, ruleset, check, colleagues=colleagues), False,
                lang)
    finally:
        db.close()
