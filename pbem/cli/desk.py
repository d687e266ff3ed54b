"""`pbem` commands of the GM's mail desk: the GM's address, the outbox delivered and a
report sent again, the inbox filed, where the move stands, reminders, the desk's settings."""

from __future__ import annotations

from pathlib import Path

import click

from ..defaults import DB_NAME
from ..rules.wording import plural
from ..terminal import clean_line
from .group import GAME_DIR, changes_game, game_and, main, mail_note

# Each command imports the library it calls when it runs, so that `pbem check` without a
# game starts with the order reader alone: the mail desk's libraries (mail, filing, status)
# at the top would make `from pbem.cli import main` take 0.33 s instead of 0.15 s (best of 5 runs).


@main.command("mail-from", context_settings={"ignore_unknown_options": False})
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] ADDRESS")
@changes_game
def mail_from(args: tuple[str, ...]) -> None:
    """Set the GM's address: the From of every mail pbem writes.

    ADDRESS is e.g. "Space Computer <sc@example.org>".
    """
    from ..mail import outbox

    game_dir, (address,) = game_and(args, ("address",))
    sender = outbox.set_sender(game_dir, address)
    click.echo(f"Mail from this game now comes from {sender}.")


@main.command()
@GAME_DIR
@click.option("--host", envvar="PBEM_SMTP_HOST", required=True,
              help="The SMTP server (or PBEM_SMTP_HOST).")
@click.option("--port", envvar="PBEM_SMTP_PORT", type=int,
              help="Its port (or PBEM_SMTP_PORT; default 25, 587 with --starttls, 465 with --ssl).")
@click.option("--starttls", "security", flag_value="starttls", help="Encrypt with STARTTLS.")
@click.option("--ssl", "security", flag_value="ssl", help="Connect over TLS from the start.")
@click.option("--plain", "security", flag_value="plain", default=True,
              help="No encryption (a local relay); the default.")
@changes_game
def send(game_dir: Path, host: str, port: int | None, security: str) -> None:
    """Deliver the outbox over SMTP; a mail is never sent twice.

    The account comes from PBEM_SMTP_USER and PBEM_SMTP_PASSWORD, never from a file.
    A refused mail stays in the outbox with the server's answer for the next run.
    """
    from ..mail import sending

    server = sending.server_from(host, port, security)
    delivery = sending.send_outbox(game_dir, server)
    for row in delivery.stopped:
        click.echo(f"  unsure  {row['subject']} to {row['recipients']}: {sending.STOPPED}")
    if not delivery.sent and not delivery.failed:
        click.echo("The outbox is empty: nothing to send.")
        return
    for row in delivery.sent:
        click.echo(f"  sent  {row['subject']} to {row['recipients']}")
    for row, why in delivery.failed:
        click.echo(f"  kept  {row['subject']} to {row['recipients']} "
                   f"(attempt {row['attempts'] + 1}): {why}")
    click.echo(f"Sent {plural(len(delivery.sent), 'mail')} through "
               f"{server.host}:{server.port}; {len(delivery.failed)} kept in the outbox.")
    raise SystemExit(1 if delivery.failed else 0)


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@click.option("--move", type=int, required=True, help="The move whose report to send again.")
@changes_game
def resend(args: tuple[str, ...], move: int) -> None:
    """Queue an officer's report of a move again, to his address of today."""
    from ..mail import outbox

    game_dir, (officer,) = game_and(args, ("officer",))
    outbox.requeue_report(game_dir, officer, move)
    click.echo(f"The report of move {move} for {officer} is queued again.")
    mail_note(game_dir)


# --- the GM's desk: the inbox and the status ----------------------------------------------

def _game_then(args: tuple[str, ...]) -> tuple[Path, list[str]]:
    """`[GAME_DIR] X...`: the first argument is the game when it holds one."""
    if len(args) > 1 and (Path(args[0]) / DB_NAME).is_file():
        return Path(args[0]), list(args[1:])
    return Path("."), list(args)


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] SOURCE...")
@click.option("--mark-seen", is_flag=True,
              help="IMAP: mark each mail filed as seen (default: leave the folder as it is).")
@click.option("--move-to", metavar="FOLDER", default="",
              help="IMAP: move each mail filed to this folder of the account.")
@click.option("--games", "games", multiple=True, metavar="PATH",
              type=click.Path(file_okay=False, path_type=Path),
              help="One mailbox for several games: a game folder or a folder of them "
                   "(repeatable); each mail goes to the game its GAME line names. All the "
                   "arguments are then sources.")
@changes_game
def inbox(args: tuple[str, ...], mark_seen: bool, move_to: str, games: tuple[Path, ...]) -> None:
    """File the orders of a Maildir, an mbox, .eml or order files, or IMAP.

    An IMAP folder is written imaps://USER@HOST/FOLDER (TLS; imap:// for STARTTLS), its
    password taken from PBEM_IMAP_PASSWORD, never from a file or the command line.

    Every mail is filed in the game with its date; each gets a receipt in the outbox (the
    orders as read, every problem, the deadline). The latest valid orders of each officer
    before the deadline are the ones the move plays. A mail read again is not filed twice;
    mail that is not orders is listed here and in `pbem status`.
    """
    from ..mail import games as many
    from ..mail import imap

    if games:
        folders_given, sources = list(games), list(args)
    else:
        game_dir, sources = _game_then(args)
        folders_given = [game_dir]
    if mark_seen and move_to:
        raise click.UsageError("give --mark-seen or --move-to, not both")
    folders = [s for s in sources if imap.is_imap(s)]
    paths = [s for s in sources if not imap.is_imap(s)]
    if (mark_seen or move_to) and not folders:
        raise click.UsageError("--mark-seen and --move-to are for an IMAP folder (imaps://...)")
    after = imap.SEEN if mark_seen else imap.MOVE if move_to else imap.KEEP
    game_dirs = many.game_folders(folders_given) if games else folders_given
    accounts = [imap.account_from(s) for s in folders]
    readings = [many.file_mail(game_dirs, paths)] if paths else []
    for account in accounts:
        fetched = imap.read_folder(game_dirs, account, after=after, move_to=move_to)
        for note in fetched.notes:
            click.echo(f"Note: {note}")
        if fetched.handled:
            done = "marked seen" if mark_seen else f"moved to {move_to}"
            click.echo(f"{plural(fetched.handled, 'mail')} of {account.key} {done}.")
        readings.append(fetched.games)
    for game_dir in game_dirs:
        desks = [r.desks[game_dir] for r in readings if game_dir in r.desks]
        runs = [run for _, run in desks]
        if runs:
            if games:
                click.echo(f"{desks[0][0].game} ({game_dir}):")
            _echo_filed(runs)
            mail_note(game_dir)
    strays = {s.source: s for r in readings for s in r.strays.values()}
    if strays:
        click.echo(f"Mail for no game of these ({len(strays)}), left where it is for you to "
                   "read:")
        for s in strays.values():
            sender = f" from {s.sender}" if s.sender else ""
            subject = f" \"{s.subject}\"" if s.subject else ""
            # A player wrote the subject and the sender: shown with control characters escaped.
            click.echo(clean_line(f"  {s.source}{sender}{subject}: {s.why}"))


def _echo_filed(runs) -> None:
    """What `pbem inbox` filed in one game."""
    from .. import filing
    from ..mail.intake import InboxRun

    words = {filing.ACCEPTED: "accepted", filing.REFUSED: "refused",
             filing.WAITING: "waits", filing.NOT_ORDERS: "not orders"}
    run = InboxRun(answered=all(r.answered for r in runs))
    for one in runs:
        run.checked += one.checked
        run.filed += one.filed
    for f in run.checked:
        click.echo(f"  {words[f.status]:<10}  {clean_line(f.note)}  (waited for this move)")
    for f in run.new:
        click.echo(f"  {words[f.status]:<10}  {clean_line(f.note)}")
    new = run.new
    again = len(run.filed) - len(new)
    click.echo(
        f"Filed {plural(len(new), 'mail')}: {run.count(filing.ACCEPTED)} "
        f"accepted, {run.count(filing.REFUSED)} refused, {run.count(filing.WAITING)} waiting "
        f"for a later move, {run.count(filing.NOT_ORDERS)} not orders"
        + (f"; {again} filed before." if again else "."))
    if not run.answered:
        click.echo("No receipts: the game has no GM address for the From of its mails; set it "
                   "with `pbem mail-from`.")


@main.command()
@GAME_DIR
def status(game_dir: Path) -> None:
    """Where the move being collected stands.

    Who has sent valid orders and when, who only refused ones, who nothing yet; the
    deadline, mail that is not orders, unsent mail.
    """
    from .. import status as standing

    found = standing.status(game_dir)
    for line in standing.lines(found):
        click.echo(line)


@main.command()
@GAME_DIR
@click.option("--again", is_flag=True, help="Remind also those reminded already this move.")
@changes_game
def remind(game_dir: Path, again: bool) -> None:
    """Queue a reminder to each officer whose valid orders have not arrived."""
    from ..mail import reminders

    done = reminders.remind(game_dir, again=again)
    if done.queued:
        click.echo("Reminders queued for " + ", ".join(done.queued) + ".")
    if done.already:
        click.echo("Reminded already this move (--again to remind them once more): "
                   + ", ".join(done.already) + ".")
    if done.without_mail:
        click.echo("No e-mail address, remind them yourself: " + ", ".join(done.without_mail) + ".")
    if not (done.queued or done.already or done.without_mail):
        click.echo("Every officer's orders are in: nobody to remind.")
    mail_note(game_dir)


@main.command("settings")
@GAME_DIR
@click.option("--enlisted-from/--any-from", "enlisted", default=None,
              help="Orders by mail count only when sent from the officer's enlisted address.")
@click.option("--retire-after", "retire", type=int,
              help="Retire a ship after this many moves in a row without valid orders (0: never).")
@click.option("--plain-mail", "plain", multiple=True, metavar="OFFICER",
              help="Mail this officer his reports as plain text only (repeatable).")
@click.option("--html-mail", "html", multiple=True, metavar="OFFICER",
              help="Mail this officer his reports as text and web page with his chart, the "
                   "default (repeatable).")
@changes_game
def settings_cmd(game_dir: Path, enlisted: bool | None, retire: int | None,
                 plain: tuple[str, ...], html: tuple[str, ...]) -> None:
    """Show or change the GM's settings of the desk."""
    from ..settings import desk_settings

    found = desk_settings(game_dir, enlisted=enlisted, retire=retire, plain=plain, html=html)
    click.echo("Orders by mail: " + ("only from the officer's enlisted address."
                                     if found.enlisted_from else "from any address, with the secret."))
    click.echo("Missed moves: " + (f"a ship is retired after {found.retire_after} in a row."
                                   if found.retire_after else "no ship is ever retired for them."))
    click.echo("Report mail: text and web page with the chart"
               + (", but plain text only for " + ", ".join(found.plain_mail) + "."
                  if found.plain_mail else ", for every officer."))
