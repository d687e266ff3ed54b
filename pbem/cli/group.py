"""The `pbem` command group and what its commands share: the game folder argument, the
lock of a game a command changes, the note of mail waiting, and the one place where a
`GameError` of any command becomes words and exit status 1."""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path

import click

from ..defaults import DB_NAME
from ..errors import GameError
from ..lock import WAIT_SECONDS, WAIT_VARIABLE, game_lock
from ..privacy import private_files
from ..rules.wording import plural
from ..terminal import clean, escaped_output

# Each command imports the library it calls when it runs, so that `pbem check` without a
# game starts with the order reader alone: the mail code (outbox, games) at the top would
# make `from pbem.cli import main` take 0.31 s instead of 0.15 s (best of 5 runs).

GAME_DIR = click.argument(
    "game_dir", required=False, default=".",
    type=click.Path(file_okay=False, path_type=Path),
)


def fail(error: Exception) -> click.ClickException:
    return click.ClickException(clean(str(error)))  # it may quote what a player wrote


def game_and(args: tuple[str, ...], names: tuple[str, ...]) -> tuple[Path, list[str]]:
    """`[GAME_DIR] A B`: the game folder may be left out (the current folder) before the
    arguments that follow it."""
    if len(args) == len(names):
        return Path("."), list(args)
    if len(args) == len(names) + 1:
        return Path(args[0]), list(args[1:])
    wanted = " ".join(n.upper() for n in names)
    raise click.UsageError(f"give [GAME_DIR] {wanted}")


def mail_note(game_dir: Path) -> None:
    from ..mail import waiting

    count = waiting.count(game_dir)
    if count:
        click.echo(f"{plural(count, 'mail')} wait in {game_dir / waiting.OUTBOX}; "
                   "deliver them with `pbem send`.")


def _game_of(params: dict) -> Path:
    """The game folder a command works on, as the command itself finds it: GAME_DIR, or
    the first of its arguments when that folder holds a game (`game_and`, `_game_then`)."""
    if params.get("game_dir") is not None:
        return Path(params["game_dir"])
    args = params.get("args") or ()
    if args and (Path(args[0]) / DB_NAME).is_file():
        return Path(args[0])
    return Path(".")


def writes_game(command):
    """A command that writes in a game folder: whatever it makes there is private."""
    @functools.wraps(command)
    def run(*args, **params):
        with private_files():
            return command(*args, **params)
    return run


def _games_of(params: dict) -> list[Path]:
    """The games a command changes: the one it works on, or each game of `inbox --games`."""
    if params.get("games"):
        from ..mail import games as many
        try:
            return sorted(many.game_folders(list(params["games"])))
        except GameError:
            return []  # the command itself says what is wrong with the folders
    game_dir = _game_of(params)
    return [game_dir] if (game_dir / DB_NAME).is_file() else []


def changes_game(command):
    """A command that changes a game: it holds the game's lock for its whole life (see
    `pbem.lock`), waiting for a command that holds it, and writes private files. The
    one place that takes the lock; a command on several games takes each one's, always in
    the same order, so two such commands never wait for each other."""
    @functools.wraps(command)
    def run(*args, **params):
        context = click.get_current_context()
        wait = context.find_root().params.get("wait", WAIT_SECONDS)

        def waiting(game_dir: Path):
            def say(holder: str) -> None:
                click.echo(f"{game_dir} is held by {holder}; waiting up to {wait:g} s for it.",
                           err=True)
            return say

        with contextlib.ExitStack() as held:  # GameBusy becomes words in `GameCommands`
            held.enter_context(private_files())
            for game_dir in _games_of(params):  # none yet: the command says so itself
                held.enter_context(
                    game_lock(game_dir, context.command_path, wait, waiting(game_dir)))
            return command(*args, **params)
    return run


class GameCommands(click.Group):
    """The one place where a `GameError` of any command becomes words: "Error: ..." and
    exit status 1, no traceback (as sqlite-utils turns its library's errors into a
    `ClickException`). The commands let the library's errors rise."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except GameError as e:
            raise fail(e) from None


@click.group(cls=GameCommands)
@click.version_option(package_name="pbem")
@click.option("--wait", type=click.FloatRange(min=0), default=WAIT_SECONDS, show_default=True,
              envvar=WAIT_VARIABLE, metavar="SECONDS",
              help=f"How long a command that changes a game waits while another one works on "
                   f"it (or {WAIT_VARIABLE}); then it says which command holds the game.")
def main(wait: float) -> None:
    """pbem: the turn processor for VII Legio played by e-mail or on a forum.

    A game lives in a folder (game.db, orders/, reports/). Every command that takes
    GAME_DIR uses the current folder when it is left out. One command at a time changes
    a game: the others wait for it (--wait); commands that only read run beside it.
    """
    # Whatever any command prints, a player's terminal codes in it are shown as escapes.
    click.get_current_context().with_resource(escaped_output())
