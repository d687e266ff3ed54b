"""`pbem` commands of the move: orders checked, the move resolved or previewed, its reports
written again, moves rolled back, and the backups a rollback needs."""

from __future__ import annotations

from pathlib import Path

import click

from ..checking import check as check_one, consequences
from ..orders.reader import listed
from ..rules.said import Said, counted
from ..rules.wording import plural, plural_noun
from ..terminal import clean, clean_line
from .group import GAME_DIR, changes_game, main, mail_note, writes_game

# Each command imports the library it calls when it runs, so that `pbem check` without a
# game starts with the order reader alone: the move's libraries (game, preview, rollback) at
# the top would make `from pbem.cli import main` take 0.29 s instead of 0.15 s (best of 5 runs).


@main.command()
# Not click's readable check: a file that cannot be read is one problem among the files.
@click.argument("files", nargs=-1, required=True,
                type=click.Path(readable=False, path_type=Path))
@click.option("--game", "game_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also check secret, move, ship and planets against this game.")
def check(files: tuple[Path, ...], game_dir: Path | None) -> None:
    """Check order files: every problem with its line and what to write instead.

    A file's problems are listed up to a limit, then counted. Anything a player wrote is
    printed with its control characters shown as escapes.
    """
    bad = 0
    for path in files:
        checked = check_one(path, game_dir)
        orders, problems = checked.orders, checked.problems
        shown = clean_line(str(path))
        if problems:
            bad += 1
            for text in listed(problems):
                click.echo(clean(checked.said(text)))
            click.echo(checked.said(counted(
                "%(file)s: %(count)s problem.", "%(file)s: %(count)s problems.", len(problems),
                file=shown, count=f"{len(problems):,}")))
        elif checked.waits:  # as the inbox files them
            click.echo(checked.said(Said(
                "%(file)s: orders of %(officer)s for move %(move)s, a later move: they wait "
                "for it, and are checked in full when it is collected.", file=shown,
                officer=clean_line(orders.officer or ""), move=orders.move)))
        else:
            click.echo(checked.said(Said("%(file)s: good orders for %(officer)s, move %(move)s.",
                                         file=shown, officer=clean_line(orders.officer or ""),
                                         move=orders.move)))
            for line in consequences(orders, game_dir):
                click.echo(f"  {clean_line(checked.said(line))}")
    raise SystemExit(1 if bad else 0)


def echo_completed(completed) -> None:
    for c in completed:
        for line in c.lines():
            click.echo(line)


@main.command()
@GAME_DIR
@click.option("--force", is_flag=True,
              help="Play the move even if no officer sent valid orders, most would hold, or "
                   "far more would hold than in the last moves.")
@click.option("--now", "early", is_flag=True,
              help="Play the move before its deadline although some orders are missing.")
@changes_game
def resolve(game_dir: Path, force: bool, early: bool) -> None:
    """Resolve the current move and write the reports and the bulletin.

    The orders waiting in orders/ are filed first, like mail (`pbem inbox`); each officer
    plays the latest valid orders filed for the move. Before the move's deadline it is
    played only when every officer's orders are in, or with --now. The game is backed up
    first (backups/). A move with no valid orders at all, with more than half the
    officers holding, or with a share holding 25 points above the last three moves' (and
    3 officers more), is refused unless --force: see it with `pbem preview`. A move found
    half-finished (saved, but its reports or archiving cut short) is finished instead, and
    nothing else is done.
    """
    from .. import game as library

    try:
        done = library.resolve(game_dir, force=force, early=early)
    except library.StrayRun as e:
        for line in e.summary.lines():
            click.echo(line)
        raise
    if done.completed:
        echo_completed(done.completed)
        click.echo("No new move was resolved; run `pbem resolve` again for the next one.")
        mail_note(game_dir)
        return
    for line in done.summary.lines():
        click.echo(line)
    for warning in done.warnings:
        click.echo(f"Warning: {warning}")
    if done.backup:
        click.echo(f"The game as it was before this move is backed up in {done.backup}")
    click.echo(f"Move resolved. Reports, bulletins and the GM log are in {done.folder}")
    mail_note(game_dir)


@main.command()
@GAME_DIR
@writes_game
def preview(game_dir: Path) -> None:
    """Resolve the current move on a copy: reports in preview/, the game unchanged.

    Prints the summary `pbem resolve` would print (who holds and why, landings, losses,
    ships destroyed, promotions) and whether resolve would refuse the move without --force.
    """
    from .. import preview as previews

    shown = previews.preview(game_dir)
    for line in shown.summary.lines():
        click.echo(line)
    if shown.refusal:
        click.echo(f"`pbem resolve` would refuse this move ({shown.refusal}) unless --force.")
    click.echo(f"Preview of move {shown.move}: the reports are in {shown.folder}; nothing in the "
               f"game has changed.")


@main.command()
@GAME_DIR
@click.option("--move", type=int, help="Which move (default: the last resolved).")
@changes_game
def report(game_dir: Path, move: int | None) -> None:
    """Write a resolved move's reports again from the database.

    A move found half-finished is finished first (reports written, orders archived).
    """
    from .. import game as library

    echo_completed(library.complete_moves(game_dir))
    out = library.rerender(game_dir, move)
    click.echo(f"Reports written again in {out}")


@main.command()
@GAME_DIR
@click.option("--to", "to", type=int,
              help="Undo this move and every later one, so that it is collected again "
                   "(default: the last resolved move).")
@changes_game
def rollback(game_dir: Path, to: int | None) -> None:
    """Undo the last move, or every move from --to N on.

    The database goes back to its backup from before the move, orders/ as it was when the
    move was resolved (files that came in later are kept aside, one folder per move), and
    the undone reports are moved aside to rolled-back/ with the database as it was.
    Resolving again with the same orders writes the same reports.
    """
    from .. import rollback as rollbacks

    done = rollbacks.rollback(game_dir, to)
    moves = ", ".join(map(str, done.undone))
    click.echo(f"Rolled back {plural_noun(len(done.undone), 'move')} {moves}: move {done.to} is "
               f"being collected again, {plural(done.restored, 'order file')} back in orders/.")
    if done.later_orders:
        click.echo("The order files that came in after that move was resolved are kept aside, "
                   "one folder per move: put each move's back in orders/ before resolving it again:")
        for folder in done.later_orders:
            click.echo(f"  {folder}")
    if done.withdrawn:
        click.echo(f"{plural(done.withdrawn, 'mail')} queued since, not "
                   f"sent, went with the undone moves (kept in {done.aside / 'outbox'}).")
    if done.sent:
        click.echo(f"{plural(done.sent, 'mail')} queued since had already been "
                   f"sent and cannot be called back: tell the officers the move is played again.")
    if done.unenlisted:
        click.echo(f"Enlisted since, and no longer in the game: {', '.join(done.unenlisted)}; "
                   f"enlist them again.")
    click.echo(f"The undone reports and the game as it was are kept in {done.aside}")


@main.command("backups")
@GAME_DIR
@click.option("--keep", type=click.IntRange(min=0),
              help="How many backups to keep from now on (0: none, and no rollback).")
@changes_game
def backups_cmd(game_dir: Path, keep: int | None) -> None:
    """List the backups of the game before each move; --keep sets how many are kept."""
    from .. import backups as backup_store

    kept, deleted = backup_store.keep(game_dir, keep)
    for m in deleted:
        click.echo(f"Deleted the backup of the game before move {m}.")
    found = backup_store.backups(game_dir)
    for b in found:
        click.echo(f"  before move {b.move}: {b.folder} ({b.size:,} bytes)")
    click.echo(f"{plural(len(found), 'backup')}; the game keeps the last {kept}.")
