"""`pbem` commands of the GM's tools: deadlines, the officers and the rulings on them,
charts, the public site, the history of places, and the game secret revealed and verified."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click

from ..defaults import DB_NAME
from ..rules.wording import plural
from .group import GAME_DIR, changes_game, game_and, main

# Each command imports the library it calls when it runs, so that `pbem check` without a
# game starts with the order reader alone: the GM's tools (roster, schedules, site, record)
# at the top would make `from pbem.cli import main` take 0.28 s instead of 0.15 s (best of 5 runs).


# --- the GM's desk: deadlines -------------------------------------------------------------

@main.command()
@click.argument("args", nargs=-1, metavar="[GAME_DIR] [RULE]")
@click.option("--tz", "zone", help="The game's time zone, e.g. Europe/Rome (needed with RULE).")
@click.option("--clear", is_flag=True, help="No more deadlines.")
@changes_game
def schedule(args: tuple[str, ...], zone: str | None, clear: bool) -> None:
    """Set the deadlines: an RFC 5545 rule or plain words, in a time zone.

    \b
    pbem schedule cornifex "FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20" --tz Europe/Rome
    pbem schedule cornifex "every Monday and Thursday at 20:00" --tz Europe/Rome
    pbem schedule cornifex "every 2 weeks on Friday at 18:00" --tz America/New_York

    Without RULE, shows the schedule and the next deadline.
    """
    from .. import deadlines
    from ..schedule import deadline_text, time_left

    if len(args) > 2:
        raise click.UsageError("give [GAME_DIR] [RULE]; quote a rule that holds spaces")
    if len(args) == 2:
        game_dir, rule = Path(args[0]), args[1]
    elif len(args) == 1 and (clear or (Path(args[0]) / DB_NAME).is_file()):
        game_dir, rule = Path(args[0]), None
    elif len(args) == 1:
        game_dir, rule = Path("."), args[0]
    else:
        game_dir, rule = Path("."), None
    if clear and rule is not None:
        raise click.UsageError("give either RULE or --clear")
    if clear:
        deadlines.clear_schedule(game_dir)
        click.echo("No more deadlines.")
        return
    if rule is not None:
        if not zone:
            raise click.UsageError("give the game's time zone with --tz, e.g. --tz Europe/Rome")
        deadlines.set_schedule(game_dir, rule, zone)
    found, deadline, move = deadlines.current(game_dir)
    if found is None:
        click.echo("No schedule: moves have no deadline. Set one with "
                   "`pbem schedule GAME_DIR RULE --tz ZONE`.")
        return
    click.echo(f"Schedule: {found.described}, rule {found.rule}.")
    if deadline is not None:
        left = time_left(deadline, datetime.now(timezone.utc))
        click.echo(f"Orders for move {move} are due by {deadline_text(deadline)}; time left: {left}.")


# --- the GM's desk: officers --------------------------------------------------------------

@main.command()
@GAME_DIR
def officers(game_dir: Path) -> None:
    """The officers: name, rank, ship, e-mail, player order and missed moves."""
    from .. import roster

    lines = roster.roster(game_dir)
    if not lines:
        click.echo("No officer is enlisted yet.")
        return
    head = ("#", "officer", "rank", "ship", "e-mail", "missed")
    rows = [(str(o.turn) if o.turn else f"retired in move {o.retired}", o.name, o.rank, o.ship,
             (o.email or "-") + (" (not a valid address)" if o.email_problem else ""), str(o.missed))
            for o in lines]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    for r in [head, *rows]:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())


REASON = click.option("--reason", required=True, help="Why: the officer reads it in his next report.")


@main.command("new-secret")
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@REASON
@changes_game
def new_secret(args: tuple[str, ...], reason: str) -> None:
    """Give an officer a new secret; a letter with it is queued."""
    from ..mail.new_secret import renew_secret

    game_dir, (officer,) = game_and(args, ("officer",))
    renewed = renew_secret(game_dir, officer, reason)
    click.echo(f"New secret for {renewed.name}: {renewed.secret}")
    if renewed.mail is not None:
        click.echo("The letter with the new secret waits in the outbox; deliver it with `pbem send`.")
    else:
        click.echo("No letter could be queued: send the secret to the officer yourself now.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER ADDRESS")
@REASON
@changes_game
def email(args: tuple[str, ...], reason: str) -> None:
    """Change where an officer's mail goes ("" for none)."""
    from .. import roster

    game_dir, (officer, address) = game_and(args, ("officer", "address"))
    address = roster.change_email(game_dir, officer, address, reason)
    click.echo(f"Mail for {officer} now goes to {address}." if address
               else f"{officer} gets no more mail.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@REASON
@changes_game
def retire(args: tuple[str, ...], reason: str) -> None:
    """Retire an officer: no more turns, reports or mail."""
    from .. import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    name = roster.retire(game_dir, officer, reason)
    click.echo(f"{name} is retired; the next bulletin says he left the game.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@click.option("--score", help="+2 or -3 to add or take points, 7 to set the score.")
@click.option("--damage", help="Components lost, e.g. shields=1,lasers=1 (negative: repaired).")
@click.option("--position", help="Move the ship to x,y,level, e.g. 12,7,2.")
@click.option("--demote", is_flag=True,
              help="Demote him as a rescue return does (3F c): a rank and a ship level down, "
                   "score 0, on the base.")
@REASON
@changes_game
def adjust(args: tuple[str, ...], score: str | None, damage: str | None, position: str | None,
           demote: bool, reason: str) -> None:
    """A ruling: change an officer's score, ship or position, or demote him."""
    from .. import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    told = roster.adjust(game_dir, officer, reason=reason, score=score, damage=damage,
                         position=position, demote=demote)
    for line in told:
        click.echo(line)
    click.echo("Logged; the officer reads it in his next report.")


@main.command("map")
@GAME_DIR
@click.option("--for", "reader", required=True, metavar="OFFICER|public|gm",
              help="Whose chart: an officer's name (his own knowledge), public (what the "
                   "bulletins tell) or gm (everything true).")
@click.option("--move", type=int, help="After which move (default: the last resolved).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the SVG to this file instead of printing it.")
def map_cmd(game_dir: Path, reader: str, move: int | None, output: Path | None) -> None:
    """Draw an officer's chart, the public chart or the GM's, as SVG."""
    from .. import game as library

    text = library.chart(game_dir, reader, move)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8", newline="\n")
        click.echo(f"Chart written to {output}")


@main.command()
@GAME_DIR
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="The folder to write (default: GAME_DIR/site).")
def site(game_dir: Path, output: Path | None) -> None:
    """Write a static site of every move's bulletin and public chart."""
    from .. import game as library
    from ..site import build_site

    out = build_site(game_dir, output, ruleset=library.ruleset_for(game_dir))
    click.echo(f"Site written to {out}: open {out / 'index.html'}, or upload the folder anywhere.")


@main.command()
@GAME_DIR
@click.option("--officer", help="One officer's moves, scores and ranks (default: everybody's places).")
def history(game_dir: Path, officer: str | None) -> None:
    """Show every officer's place move by move, or one officer's record."""
    from ..history import game_history, officer_history

    click.echo(officer_history(game_dir, officer) if officer else game_history(game_dir), nl=False)


@main.command()
@GAME_DIR
@click.option("--early", is_flag=True,
              help="Reveal while the game is still running: every player can then read the "
                   "hidden map and compute every die still to come.")
@changes_game
def reveal(game_dir: Path, early: bool) -> None:
    """Publish the game secret once the game is over, with the record players verify.

    Writes reports/ledger.json: the secret and, for every move, its orders (secrets
    masked), rolls, events and ledger entry. Publish it with the last bulletin.
    """
    from .. import record as records

    shown = records.reveal(game_dir, early=early)
    click.echo(f"Game secret: {shown.secret}")
    click.echo(f"Published with the record of moves 1 to {shown.after_move} in {shown.path}. "
               f"Players check it with `pbem verify {shown.path.name} --bulletins FOLDER`.")


@main.command()
@click.argument("path", required=False, default=".", type=click.Path(exists=True, path_type=Path))
@click.option("--bulletins", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="Bulletins as they were posted (files, or folders searched through); "
                   "repeatable. Default for a game folder: its reports/.")
def verify(path: Path, bulletins: tuple[Path, ...]) -> None:
    """Check the dice, the map and the ledger of moves against the secret.

    PATH is a game folder (the GM, from its database) or the ledger.json that `pbem reveal`
    published (a player). Every logged roll is recomputed from the secret and its purpose,
    the ledger's chain of hashes is rebuilt move by move, and the commitment and chain heads
    printed in the bulletins are compared. Exit status 1 names the first thing that differs.
    """
    from .. import verify as verifier

    record, checks = verifier.verify_path(path, list(bulletins) or None)
    click.echo(f"Game {record.game}, {plural(len(record.moves), 'move')}, from {record.source}:")
    for c in checks:
        click.echo(f"  {c.line()}")
    failed = [c for c in checks if c.ok is False]
    click.echo("Verification failed." if failed else "Verified: everything matches.")
    raise SystemExit(1 if failed else 0)
