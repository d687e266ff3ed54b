"""The `pbem` command: a thin face over `pbem.game`. No rules here."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click

from .defaults import DB_NAME, DEFAULT_SIZE, KEEP_BACKUPS, OPTIONAL_RULES
from .errors import GameError
from .terminal import clean, clean_line

# Each command imports what it needs when it runs: `pbem check` without a game needs only
# the order reader, and the game's machinery (SQLite, templates, mail, dateutil) would be
# most of its start-up.

GAME_DIR = click.argument(
    "game_dir", required=False, default=".",
    type=click.Path(file_okay=False, path_type=Path),
)


def fail(error: Exception) -> click.ClickException:
    return click.ClickException(str(error))


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
    from .mail import outbox

    waiting = outbox.waiting(game_dir)
    if waiting:
        click.echo(f"{waiting} mail{'s' if waiting != 1 else ''} wait in {game_dir / outbox.OUTBOX}; "
                   "deliver them with `pbem send`.")


@click.group()
@click.version_option(package_name="pbem")
def main() -> None:
    """pbem: the turn processor for VII Legio played by e-mail or on a forum.

    A game lives in a folder (game.db, orders/, reports/). Every command that takes
    GAME_DIR uses the current folder when it is left out.
    """


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", help="Make the game's secret from this number or word, so the same seed draws the "
              "same map and dice (tests, replays). A seed can be guessed, and with it the map and "
              "every die: leave it out for a game with real stakes, and the secret is drawn at random.")
@click.option("--name", help="The game's name, written in every order file (default: the folder name).")
@click.option("--size", default=DEFAULT_SIZE, show_default=True, help="Parsec squares per side of a level.")
@click.option("--planets", default=9, show_default=True, help="Planets per level (4 levels).")
@click.option("--level", type=click.Choice(["basic", "advanced"]), default="basic", show_default=True,
              help="Exploration of inner space (basic) or outer space (advanced).")
@click.option("--moves", type=int, help="Timed version: the game ends after this many moves.")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="A map drawn by the GM (TOML; see the README) instead of a drawn one.")
@click.option("--rule", "rules", multiple=True, type=click.Choice(OPTIONAL_RULES),
              help="Switch on an optional rule (repeatable): research = Unpredictable Research.")
@click.option("--private-research", is_flag=True,
              help="With --rule research: keep breakthroughs out of the bulletin.")
@click.option("--gm-email", help='The From of every mail pbem writes, e.g. "Space Computer <sc@example.org>".')
@click.option("--keep-backups", default=KEEP_BACKUPS, show_default=True, type=click.IntRange(min=0),
              help="Backups of the game before a move to keep (0: none, and no rollback).")
def new(game_dir: Path, seed: str | None, name: str | None, size: int, planets: int, level: str,
        moves: int | None, map_file: Path | None, rules: tuple[str, ...],
        private_research: bool, gm_email: str | None, keep_backups: int) -> None:
    """Create a game in GAME_DIR: draw the hidden map and place the base."""
    from . import game as library

    try:
        state = library.new_game(game_dir, seed, name=name, size=size, planets=planets,
                                 level=level, moves=moves, map_file=map_file, rules=rules,
                                 private_research=private_research, mail_from=gm_email,
                                 keep_backups=keep_backups)
    except GameError as e:
        raise fail(e) from None
    hazards = (" In outer space: a black hole, a net per level and three distortions per "
               "level, placed unseen (the GM log of every move lists them).") if state.hazards else ""
    click.echo(
        f"Game created in {game_dir}: {len(state.planets)} planets on {state.zone.levels} levels "
        f"of {state.zone.size}x{state.zone.size}, one base.{hazards} Enlist officers with "
        "`pbem enlist`."
    )
    click.echo(f"Commitment to the game secret (every bulletin prints it): "
               f"{library.commitment(game_dir)}")
    if seed is not None:
        click.echo("The secret was made from --seed: whoever guesses the seed can read the hidden "
                   "map and every die. Leave --seed out for a game with real stakes.")


@main.command()
@GAME_DIR
@click.option("--name", required=True, help="The officer's name, as he will write it in OFFICER.")
@click.option("--email", default="", help="Where the GM sends his reports.")
@click.option("--ship", "ship_type", default="GLADIUM", show_default=True, help="Ship type.")
@click.option("--ship-name", default="", help="The ship's name.")
@click.option("--fit", help="Ship sheet, e.g. crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3.")
@click.option("--sheet", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="A file with the ship sheet, one `component = count` per line.")
@click.option("--rank", help="Starting rank (default: the lowest).")
@click.option("--secret", help="Set the officer's secret instead of drawing one.")
@click.option("--personality", type=int, default=None,
              help="Advanced level: the commander's personality, 0 (diplomatic) to 5 "
                   "(aggressive); never changed.")
@click.option("--specialist", default=None,
              help="Advanced level: a specialist officer, e.g. 'PSI 2', 'ROBUR 3' or "
                   "'SCIENTIST MINERAL 4' (value 1 to 4).")
def enlist(game_dir: Path, name: str, email: str, ship_type: str, ship_name: str, fit: str | None,
           sheet: Path | None, rank: str | None, secret: str | None,
           personality: int | None, specialist: str | None) -> None:
    """Enlist a Commanding Officer with his ship sheet; prints his secret once."""
    from . import game as library
    from .rules.ship import parse_fit

    if bool(fit) == bool(sheet):
        raise click.UsageError("give the ship sheet with exactly one of --fit or --sheet")
    try:
        text = fit if fit else sheet.read_text(encoding="utf-8")
        components = parse_fit(text)
        enlisted = library.enlist(game_dir, name, email, ship_type, ship_name or name, components,
                                  rank=rank, secret=secret, personality=personality,
                                  specialist=specialist)
    except (GameError, ValueError) as e:
        raise fail(e) from None
    click.echo(f"Enlisted {enlisted.name} (officer {enlisted.officer_id}) on the base.")
    click.echo(f"Secret: {enlisted.secret}")
    if enlisted.welcome is not None:
        click.echo("The welcome letter with the secret waits in the outbox; deliver it with `pbem send`.")
    else:
        why = ("the officer has no e-mail address" if not email else
               "the game has no GM address: set it with `pbem mail-from`")
        click.echo(f"No welcome letter ({why}): send the secret to the officer now; it is "
                   "stored only as a hash and cannot be shown again.")


@main.command("order")
@GAME_DIR
@click.argument("names", nargs=-1, required=True)
def order_cmd(game_dir: Path, names: tuple[str, ...]) -> None:
    """Fix the player order instead of the lot drawn at enlistment."""
    from . import game as library

    try:
        library.fix_order(game_dir, list(names))
    except GameError as e:
        raise fail(e) from None
    click.echo("Player order: " + ", ".join(names))


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
    from .checking import check as check_one
    from .orderfile import listed

    bad = 0
    for path in files:
        try:
            checked = check_one(path, game_dir)
        except GameError as e:
            raise fail(e) from None
        orders, problems = checked.orders, checked.problems
        shown = clean_line(str(path))
        if problems:
            bad += 1
            for text in listed(problems):
                click.echo(clean(text))
            click.echo(f"{shown}: {len(problems):,} problem{'s' if len(problems) != 1 else ''}.")
        elif checked.waits:  # as the inbox files them
            click.echo(f"{shown}: orders of {clean_line(orders.officer or '')} for move "
                       f"{orders.move}, a later move: they wait for it, and are checked in "
                       "full when it is collected.")
        else:
            click.echo(f"{shown}: good orders for {clean_line(orders.officer or '')}, "
                       f"move {orders.move}.")
    raise SystemExit(1 if bad else 0)


def echo_completed(completed) -> None:
    for c in completed:
        for line in c.lines():
            click.echo(line)


@main.command()
@GAME_DIR
@click.option("--force", is_flag=True,
              help="Play the move even if no officer sent valid orders or most would hold.")
@click.option("--now", "early", is_flag=True,
              help="Play the move before its deadline although some orders are missing.")
def resolve(game_dir: Path, force: bool, early: bool) -> None:
    """Resolve the current move and write the reports and the bulletin.

    The orders waiting in orders/ are filed first, like mail (`pbem inbox`); each officer
    plays the latest valid orders filed for the move. Before the move's deadline it is
    played only when every officer's orders are in, or with --now. The game is backed up
    first (backups/). A move with no valid orders at all, or with more than half the
    officers holding, is refused unless --force: see it with `pbem preview`. A move found
    half-finished (saved, but its reports or archiving cut short) is finished instead, and
    nothing else is done.
    """
    from . import game as library

    try:
        done = library.resolve(game_dir, force=force, early=early)
    except library.StrayRun as e:
        for line in e.summary.lines():
            click.echo(line)
        raise fail(e) from None
    except GameError as e:
        raise fail(e) from None
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
def preview(game_dir: Path) -> None:
    """Resolve the current move on a copy: reports in preview/, the game unchanged.

    Prints the summary `pbem resolve` would print (who holds and why, landings, losses,
    ships destroyed, promotions) and whether resolve would refuse the move without --force.
    """
    from . import preview as previews

    try:
        shown = previews.preview(game_dir)
    except GameError as e:
        raise fail(e) from None
    for line in shown.summary.lines():
        click.echo(line)
    if shown.refusal:
        click.echo(f"`pbem resolve` would refuse this move ({shown.refusal}) unless --force.")
    click.echo(f"Preview of move {shown.move}: the reports are in {shown.folder}; nothing in the "
               f"game has changed.")


@main.command()
@GAME_DIR
@click.option("--move", type=int, help="Which move (default: the last resolved).")
def report(game_dir: Path, move: int | None) -> None:
    """Write a resolved move's reports again from the database.

    A move found half-finished is finished first (reports written, orders archived).
    """
    from . import game as library

    try:
        echo_completed(library.complete_moves(game_dir))
        out = library.rerender(game_dir, move)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Reports written again in {out}")


# --- the GM's desk: mail ------------------------------------------------------------------

@main.command("mail-from", context_settings={"ignore_unknown_options": False})
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] ADDRESS")
def mail_from(args: tuple[str, ...]) -> None:
    """Set the GM's address: the From of every mail pbem writes.

    ADDRESS is e.g. "Space Computer <sc@example.org>".
    """
    from .mail import outbox

    game_dir, (address,) = game_and(args, ("address",))
    try:
        sender = outbox.set_sender(game_dir, address)
    except GameError as e:
        raise fail(e) from None
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
def send(game_dir: Path, host: str, port: int | None, security: str) -> None:
    """Deliver the outbox over SMTP; a mail is never sent twice.

    The account comes from PBEM_SMTP_USER and PBEM_SMTP_PASSWORD, never from a file.
    A refused mail stays in the outbox with the server's answer for the next run.
    """
    from .mail import sending

    try:
        server = sending.server_from(host, port, security)
        delivery = sending.send_outbox(game_dir, server)
    except GameError as e:
        raise fail(e) from None
    if not delivery.sent and not delivery.failed:
        click.echo("The outbox is empty: nothing to send.")
        return
    for row in delivery.sent:
        click.echo(f"  sent  {row['subject']} to {row['recipients']}")
    for row, why in delivery.failed:
        click.echo(f"  kept  {row['subject']} to {row['recipients']} "
                   f"(attempt {row['attempts'] + 1}): {why}")
    click.echo(f"Sent {len(delivery.sent)} mail{'s' if len(delivery.sent) != 1 else ''} through "
               f"{server.host}:{server.port}; {len(delivery.failed)} kept in the outbox.")
    raise SystemExit(1 if delivery.failed else 0)


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@click.option("--move", type=int, required=True, help="The move whose report to send again.")
def resend(args: tuple[str, ...], move: int) -> None:
    """Queue an officer's report of a move again, to his address of today."""
    from .mail import outbox

    game_dir, (officer,) = game_and(args, ("officer",))
    try:
        outbox.requeue_report(game_dir, officer, move)
    except GameError as e:
        raise fail(e) from None
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
def inbox(args: tuple[str, ...]) -> None:
    """File the orders of a Maildir, an mbox file, .eml files or order files.

    Every mail is filed in the game with its date; each gets a receipt in the outbox (the
    orders as read, every problem, the deadline). The latest valid orders of each officer
    before the deadline are the ones the move plays. A mail read again is not filed twice;
    mail that is not orders is listed here and in `pbem status`.
    """
    from . import inbox as filing

    game_dir, sources = _game_then(args)
    try:
        run = filing.file_mail(game_dir, sources)
    except GameError as e:
        raise fail(e) from None
    words = {filing.ACCEPTED: "accepted", filing.REFUSED: "refused",
             filing.WAITING: "waits", filing.NOT_ORDERS: "not orders"}
    for f in run.checked:
        click.echo(f"  {words[f.status]:<10}  {f.note}  (waited for this move)")
    for f in run.new:
        click.echo(f"  {words[f.status]:<10}  {f.note}")
    new = run.new
    again = len(run.filed) - len(new)
    click.echo(
        f"Filed {len(new)} mail{'s' if len(new) != 1 else ''}: {run.count(filing.ACCEPTED)} "
        f"accepted, {run.count(filing.REFUSED)} refused, {run.count(filing.WAITING)} waiting "
        f"for a later move, {run.count(filing.NOT_ORDERS)} not orders"
        + (f"; {again} filed before." if again else "."))
    if not run.answered:
        click.echo("No receipts: the game has no GM address for the From of its mails; set it "
                   "with `pbem mail-from`.")
    mail_note(game_dir)


@main.command()
@GAME_DIR
def status(game_dir: Path) -> None:
    """Where the move being collected stands.

    Who has sent valid orders and when, who only refused ones, who nothing yet; the
    deadline, mail that is not orders, unsent mail.
    """
    from . import status as standing

    try:
        found = standing.status(game_dir)
    except GameError as e:
        raise fail(e) from None
    if found.ended:
        click.echo(f"{found.game}: the game is over after move {found.move - 1}.")
        return
    click.echo(f"{found.game}, move {found.move} being collected.")
    if found.deadline:
        left = found.left if found.left.startswith("passed") else f"time left: {found.left}"
        click.echo(f"Deadline: {found.deadline}; {left}.")
    else:
        click.echo("No deadline (no schedule; `pbem schedule` sets one).")
    click.echo(f"{len(found.officers)} officer{'s' if len(found.officers) != 1 else ''}: "
               f"{found.count(standing.VALID)} with valid orders, "
               f"{found.count(standing.REFUSED_ONLY)} with refused orders only, "
               f"{found.count(standing.NOTHING)} with nothing yet.")
    rows = []
    for o in found.officers:
        if o.standing == standing.VALID:
            what = f"valid, {o.when} ({o.source})"
            if o.superseded:
                what += f"; {o.superseded} earlier set{'s' if o.superseded != 1 else ''} superseded"
        elif o.standing == standing.REFUSED_ONLY:
            problem = o.problem if len(o.problem) <= 70 else o.problem[:69] + "…"
            what = f"refused only, {o.when} ({o.source}): {problem}"
        else:
            what = "nothing yet"
        if o.refused and o.standing == standing.VALID:
            what += f"; {o.refused} refused"
        if o.early:
            what += "; early orders for move " + ", ".join(map(str, o.early))
        rows.append((o.name, what, str(o.missed)))
    head = ("officer", "orders", "missed")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(2)]
    for r in [head, *rows]:
        click.echo(f"  {r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]}".rstrip())
    if found.strangers:
        click.echo(f"Orders for no officer of this game ({len(found.strangers)}):")
        for r in found.strangers:
            why = r["problem"].message if r["problem"] else "not read"
            click.echo(f"  {r['source']}{' from ' + r['sender'] if r['sender'] else ''}: {why}")
    if found.not_orders:
        click.echo(f"Mail that is not orders ({len(found.not_orders)}), for you to read:")
        for r in found.not_orders:
            sender = f" from {r['sender']}" if r["sender"] else ""
            subject = f" \"{r['subject']}\"" if r["subject"] else ""
            click.echo(f"  {r['source']}{sender}{subject}: {r['reason']}")
    if found.unfiled:
        click.echo(f"{found.unfiled} file{'s' if found.unfiled != 1 else ''} in orders/ "
                   "not filed yet: `pbem resolve` files them, `pbem inbox` on the folder now.")
    click.echo(f"Outbox: {found.unsent} mail{'s' if found.unsent != 1 else ''} not yet sent"
               + (" (`pbem send`)." if found.unsent else "."))


@main.command()
@GAME_DIR
@click.option("--again", is_flag=True, help="Remind also those reminded already this move.")
def remind(game_dir: Path, again: bool) -> None:
    """Queue a reminder to each officer whose valid orders have not arrived."""
    from . import status as standing

    try:
        done = standing.remind(game_dir, again=again)
    except GameError as e:
        raise fail(e) from None
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
def settings_cmd(game_dir: Path, enlisted: bool | None, retire: int | None) -> None:
    """Show or change the GM's settings of the desk."""
    from .settings import desk_settings

    try:
        found = desk_settings(game_dir, enlisted=enlisted, retire=retire)
    except GameError as e:
        raise fail(e) from None
    click.echo("Orders by mail: " + ("only from the officer's enlisted address."
                                     if found.enlisted_from else "from any address, with the secret."))
    click.echo("Missed moves: " + (f"a ship is retired after {found.retire_after} in a row."
                                   if found.retire_after else "no ship is ever retired for them."))


# --- the GM's desk: deadlines -------------------------------------------------------------

@main.command()
@click.argument("args", nargs=-1, metavar="[GAME_DIR] [RULE]")
@click.option("--tz", "zone", help="The game's time zone, e.g. Europe/Rome (needed with RULE).")
@click.option("--clear", is_flag=True, help="No more deadlines.")
def schedule(args: tuple[str, ...], zone: str | None, clear: bool) -> None:
    """Set the deadlines: an RFC 5545 rule or plain words, in a time zone.

    \b
    pbem schedule cornifex "FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20" --tz Europe/Rome
    pbem schedule cornifex "every Monday and Thursday at 20:00" --tz Europe/Rome
    pbem schedule cornifex "every 2 weeks on Friday at 18:00" --tz America/New_York

    Without RULE, shows the schedule and the next deadline.
    """
    from . import deadlines
    from .schedule import deadline_text, time_left

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
    try:
        if clear:
            deadlines.clear_schedule(game_dir)
            click.echo("No more deadlines.")
            return
        if rule is not None:
            if not zone:
                raise click.UsageError("give the game's time zone with --tz, e.g. --tz Europe/Rome")
            deadlines.set_schedule(game_dir, rule, zone)
        found, deadline, move = deadlines.current(game_dir)
    except GameError as e:
        raise fail(e) from None
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
    from . import roster

    try:
        lines = roster.roster(game_dir)
    except GameError as e:
        raise fail(e) from None
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
def new_secret(args: tuple[str, ...], reason: str) -> None:
    """Give an officer a new secret; a letter with it is queued."""
    from . import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    try:
        renewed = roster.renew_secret(game_dir, officer, reason)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"New secret for {renewed.name}: {renewed.secret}")
    if renewed.mail is not None:
        click.echo("The letter with the new secret waits in the outbox; deliver it with `pbem send`.")
    else:
        click.echo("No letter could be queued: send the secret to the officer yourself now.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER ADDRESS")
@REASON
def email(args: tuple[str, ...], reason: str) -> None:
    """Change where an officer's mail goes ("" for none)."""
    from . import roster

    game_dir, (officer, address) = game_and(args, ("officer", "address"))
    try:
        address = roster.change_email(game_dir, officer, address, reason)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Mail for {officer} now goes to {address}." if address
               else f"{officer} gets no more mail.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@REASON
def retire(args: tuple[str, ...], reason: str) -> None:
    """Retire an officer: no more turns, reports or mail."""
    from . import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    try:
        name = roster.retire(game_dir, officer, reason)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"{name} is retired; the next bulletin says he left the game.")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@click.option("--score", help="+2 or -3 to add or take points, 7 to set the score.")
@click.option("--damage", help="Components lost, e.g. shields=1,lasers=1 (negative: repaired).")
@click.option("--position", help="Move the ship to x,y,level, e.g. 12,7,2.")
@REASON
def adjust(args: tuple[str, ...], score: str | None, damage: str | None, position: str | None,
           reason: str) -> None:
    """A ruling: change an officer's score, ship or position."""
    from . import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    try:
        told = roster.adjust(game_dir, officer, reason=reason, score=score, damage=damage,
                             position=position)
    except GameError as e:
        raise fail(e) from None
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
    from . import game as library

    try:
        text = library.chart(game_dir, reader, move)
    except GameError as e:
        raise fail(e) from None
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
    from . import game as library
    from .site import build_site

    try:
        out = build_site(game_dir, output, ruleset=library.ruleset_for(game_dir))
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Site written to {out}: open {out / 'index.html'}, or upload the folder anywhere.")


@main.command()
@GAME_DIR
@click.option("--officer", help="One officer's moves, scores and ranks (default: everybody's places).")
def history(game_dir: Path, officer: str | None) -> None:
    """Show every officer's place move by move, or one officer's record."""
    from .history import game_history, officer_history

    try:
        click.echo(officer_history(game_dir, officer) if officer else game_history(game_dir), nl=False)
    except GameError as e:
        raise fail(e) from None


@main.command()
@GAME_DIR
@click.option("--to", "to", type=int,
              help="Undo this move and every later one, so that it is collected again "
                   "(default: the last resolved move).")
def rollback(game_dir: Path, to: int | None) -> None:
    """Undo the last move, or every move from --to N on.

    The database goes back to its backup from before the move, orders/ as it was when the
    move was resolved (files that came in later are kept aside, one folder per move), and
    the undone reports are moved aside to rolled-back/ with the database as it was.
    Resolving again with the same orders writes the same reports.
    """
    from . import rollback as rollbacks

    try:
        done = rollbacks.rollback(game_dir, to)
    except GameError as e:
        raise fail(e) from None
    moves = ", ".join(map(str, done.undone))
    click.echo(f"Rolled back move{'s' if len(done.undone) > 1 else ''} {moves}: move {done.to} is "
               f"being collected again, {done.restored} order file"
               f"{'s' if done.restored != 1 else ''} back in orders/.")
    if done.later_orders:
        click.echo("The order files that came in after that move was resolved are kept aside, "
                   "one folder per move: put each move's back in orders/ before resolving it again:")
        for folder in done.later_orders:
            click.echo(f"  {folder}")
    if done.withdrawn:
        click.echo(f"{done.withdrawn} mail{'s' if done.withdrawn != 1 else ''} queued since, not "
                   f"sent, went with the undone moves (kept in {done.aside / 'outbox'}).")
    if done.sent:
        click.echo(f"{done.sent} mail{'s' if done.sent != 1 else ''} queued since had already been "
                   f"sent and cannot be called back: tell the officers the move is played again.")
    if done.unenlisted:
        click.echo(f"Enlisted since, and no longer in the game: {', '.join(done.unenlisted)}; "
                   f"enlist them again.")
    click.echo(f"The undone reports and the game as it was are kept in {done.aside}")


@main.command("backups")
@GAME_DIR
@click.option("--keep", type=click.IntRange(min=0),
              help="How many backups to keep from now on (0: none, and no rollback).")
def backups_cmd(game_dir: Path, keep: int | None) -> None:
    """List the backups of the game before each move; --keep sets how many are kept."""
    from . import game as library
    from . import backups as backup_store

    try:
        kept, deleted = library.keep_backups(game_dir, keep)
    except GameError as e:
        raise fail(e) from None
    for m in deleted:
        click.echo(f"Deleted the backup of the game before move {m}.")
    found = backup_store.backups(game_dir)
    for b in found:
        click.echo(f"  before move {b.move}: {b.folder} ({b.size:,} bytes)")
    click.echo(f"{len(found)} backup{'s' if len(found) != 1 else ''}; the game keeps the last {kept}.")


@main.command()
@GAME_DIR
@click.option("--early", is_flag=True,
              help="Reveal while the game is still running: every player can then read the "
                   "hidden map and compute every die still to come.")
def reveal(game_dir: Path, early: bool) -> None:
    """Publish the game secret once the game is over, with the record players verify.

    Writes reports/ledger.json: the secret and, for every move, its orders (secrets
    masked), rolls, events and ledger entry. Publish it with the last bulletin.
    """
    from . import record as records

    try:
        shown = records.reveal(game_dir, early=early)
    except GameError as e:
        raise fail(e) from None
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
    from . import verify as verifier

    try:
        record, checks = verifier.verify_path(path, list(bulletins) or None)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Game {record.game}, {len(record.moves)} move{'s' if len(record.moves) != 1 else ''}, "
               f"from {record.source}:")
    for c in checks:
        click.echo(f"  {c.line()}")
    failed = [c for c in checks if c.ok is False]
    click.echo("Verification failed." if failed else "Verified: everything matches.")
    raise SystemExit(1 if failed else 0)


@main.command()
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--advanced", is_flag=True,
              help="The demo of outer space: hazards, landing zones, radioactivity "
                   "(default folder demo-advanced).")
def demo(directory: Path | None, advanced: bool) -> None:
    """Build a shipped demo game in DIRECTORY (default: demo) and resolve it."""
    from .demo import ADVANCED, BASIC, run_demo

    directory = directory or Path("demo-advanced" if advanced else "demo")
    try:
        folders = run_demo(directory, ADVANCED if advanced else BASIC)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Demo game built in {directory} and {len(folders)} moves resolved.")
    for f in folders:
        click.echo(f"  {f}")
    click.echo(f"Read a report, e.g. {folders[-1]}/bulletin.txt and the report-*.txt files beside it.")
