"""The `pbem` command: a thin face over `pbem.game`. No rules here."""

from __future__ import annotations

import contextlib
import functools
from datetime import datetime, timezone
from pathlib import Path

import click

from .defaults import DB_NAME, DEFAULT_SIZE, KEEP_BACKUPS, OPTIONAL_RULES
from .errors import GameError
from .lock import WAIT_SECONDS, WAIT_VARIABLE, game_lock
from .privacy import private_files
from .terminal import clean, clean_line, escaped_output

# Each command imports what it needs when it runs: `pbem check` without a game needs only
# the order reader, and the game's machinery (SQLite, templates, mail, dateutil) would be
# most of its start-up.

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
    from .mail import outbox

    waiting = outbox.waiting(game_dir)
    if waiting:
        click.echo(f"{waiting} mail{'s' if waiting != 1 else ''} wait in {game_dir / outbox.OUTBOX}; "
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
        from .mail import games as many
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
              help="A map drawn by the GM (TOML; see docs/gm-guide.md) instead of a drawn one.")
@click.option("--rule", "rules", multiple=True, type=click.Choice(OPTIONAL_RULES),
              help="Switch on an optional rule (repeatable): research = Unpredictable Research.")
@click.option("--private-research", is_flag=True,
              help="With --rule research: keep breakthroughs out of the bulletin.")
@click.option("--gm-email", help='The From of every mail pbem writes, e.g. "Space Computer <sc@example.org>".')
@click.option("--keep-backups", default=KEEP_BACKUPS, show_default=True, type=click.IntRange(min=0),
              help="Backups of the game before a move to keep (0: none, and no rollback).")
@click.option("--lang", default="en", show_default=True,
              help="The game's language: its bulletins, and the reports of every officer who "
                   "chooses no other (en, it; a GM adds one by adding a catalog).")
@changes_game
def new(game_dir: Path, seed: str | None, name: str | None, size: int, planets: int, level: str,
        moves: int | None, map_file: Path | None, rules: tuple[str, ...],
        private_research: bool, gm_email: str | None, keep_backups: int, lang: str) -> None:
    """Create a game in GAME_DIR: draw the hidden map and place the base."""
    from . import game as library

    state = library.new_game(game_dir, seed, name=name, size=size, planets=planets,
                             level=level, moves=moves, map_file=map_file, rules=rules,
                             private_research=private_research, mail_from=gm_email,
                             keep_backups=keep_backups, lang=lang)
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
@click.option("--ship", "ship_type", default="GLADIUM", show_default=True,
              help="Ship type; `pbem ships` lists each with its spaces and limits.")
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
@click.option("--plain-mail", is_flag=True,
              help="Mail him his reports as plain text only, without the web page and chart.")
@click.option("--lang", default=None,
              help="The language of his reports and letters (default: the game's).")
@changes_game
def enlist(game_dir: Path, name: str, email: str, ship_type: str, ship_name: str, fit: str | None,
           sheet: Path | None, rank: str | None, secret: str | None,
           personality: int | None, specialist: str | None, plain_mail: bool,
           lang: str | None) -> None:
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
                                  specialist=specialist, plain_mail=plain_mail, lang=lang)
    except ValueError as e:
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


@main.command()
@click.argument("game_dir", required=False, type=click.Path(file_okay=False, path_type=Path))
def ships(game_dir: Path | None) -> None:
    """The ship types: spaces, and each component's minimum and maximum.

    With GAME_DIR, as that game's rules give them (its rules/ships.toml); without, pbem's.
    """
    from .ruleset import RulesetError, load_ruleset
    from .ship_types import ship_table

    try:
        ruleset = load_ruleset(game_dir)
    except RulesetError as e:
        raise GameError(f"the game's rules are not valid: {e}") from None
    for line in ship_table(ruleset):
        click.echo(line)


@main.command("order")
@GAME_DIR
@click.argument("names", nargs=-1, required=True)
@changes_game
def order_cmd(game_dir: Path, names: tuple[str, ...]) -> None:
    """Fix the player order instead of the lot drawn at enlistment."""
    from . import game as library

    library.fix_order(game_dir, list(names))
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
    from .checking import check as check_one, consequences
    from .orderfile import listed

    bad = 0
    for path in files:
        checked = check_one(path, game_dir)
        orders, problems = checked.orders, checked.problems
        shown = clean_line(str(path))
        if problems:
            bad += 1
            for text in listed(problems):
                click.echo(clean(checked.said(text)))
            click.echo(f"{shown}: {len(problems):,} problem{'s' if len(problems) != 1 else ''}.")
        elif checked.waits:  # as the inbox files them
            click.echo(f"{shown}: orders of {clean_line(orders.officer or '')} for move "
                       f"{orders.move}, a later move: they wait for it, and are checked in "
                       "full when it is collected.")
        else:
            click.echo(f"{shown}: good orders for {clean_line(orders.officer or '')}, "
                       f"move {orders.move}.")
            for line in consequences(orders, game_dir):
                click.echo(f"  {clean_line(line)}")
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
    from . import game as library

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
    from . import preview as previews

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
    from . import game as library

    echo_completed(library.complete_moves(game_dir))
    out = library.rerender(game_dir, move)
    click.echo(f"Reports written again in {out}")


# --- the GM's desk: mail ------------------------------------------------------------------

@main.command("mail-from", context_settings={"ignore_unknown_options": False})
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] ADDRESS")
@changes_game
def mail_from(args: tuple[str, ...]) -> None:
    """Set the GM's address: the From of every mail pbem writes.

    ADDRESS is e.g. "Space Computer <sc@example.org>".
    """
    from .mail import outbox

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
    from .mail import sending

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
    click.echo(f"Sent {len(delivery.sent)} mail{'s' if len(delivery.sent) != 1 else ''} through "
               f"{server.host}:{server.port}; {len(delivery.failed)} kept in the outbox.")
    raise SystemExit(1 if delivery.failed else 0)


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME_DIR] OFFICER")
@click.option("--move", type=int, required=True, help="The move whose report to send again.")
@changes_game
def resend(args: tuple[str, ...], move: int) -> None:
    """Queue an officer's report of a move again, to his address of today."""
    from .mail import outbox

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
    from .mail import games as many
    from .mail import imap

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
            click.echo(f"{fetched.handled} mail{'s' if fetched.handled != 1 else ''} of "
                       f"{account.key} {done}.")
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
    from . import inbox as filing

    words = {filing.ACCEPTED: "accepted", filing.REFUSED: "refused",
             filing.WAITING: "waits", filing.NOT_ORDERS: "not orders"}
    run = filing.InboxRun(answered=all(r.answered for r in runs))
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
        f"Filed {len(new)} mail{'s' if len(new) != 1 else ''}: {run.count(filing.ACCEPTED)} "
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
    from . import status as standing

    found = standing.status(game_dir)
    for line in standing.lines(found):
        click.echo(line)


@main.command()
@GAME_DIR
@click.option("--again", is_flag=True, help="Remind also those reminded already this move.")
@changes_game
def remind(game_dir: Path, again: bool) -> None:
    """Queue a reminder to each officer whose valid orders have not arrived."""
    from . import status as standing

    done = standing.remind(game_dir, again=again)
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
    from .settings import desk_settings

    found = desk_settings(game_dir, enlisted=enlisted, retire=retire, plain=plain, html=html)
    click.echo("Orders by mail: " + ("only from the officer's enlisted address."
                                     if found.enlisted_from else "from any address, with the secret."))
    click.echo("Missed moves: " + (f"a ship is retired after {found.retire_after} in a row."
                                   if found.retire_after else "no ship is ever retired for them."))
    click.echo("Report mail: text and web page with the chart"
               + (", but plain text only for " + ", ".join(found.plain_mail) + "."
                  if found.plain_mail else ", for every officer."))


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
    from . import roster

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
    from . import roster

    game_dir, (officer,) = game_and(args, ("officer",))
    renewed = roster.renew_secret(game_dir, officer, reason)
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
    from . import roster

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
    from . import roster

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
    from . import roster

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
    from . import game as library

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
    from . import game as library
    from .site import build_site

    out = build_site(game_dir, output, ruleset=library.ruleset_for(game_dir))
    click.echo(f"Site written to {out}: open {out / 'index.html'}, or upload the folder anywhere.")


@main.command()
@GAME_DIR
@click.option("--officer", help="One officer's moves, scores and ranks (default: everybody's places).")
def history(game_dir: Path, officer: str | None) -> None:
    """Show every officer's place move by move, or one officer's record."""
    from .history import game_history, officer_history

    click.echo(officer_history(game_dir, officer) if officer else game_history(game_dir), nl=False)


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
    from . import rollback as rollbacks

    done = rollbacks.rollback(game_dir, to)
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
@changes_game
def backups_cmd(game_dir: Path, keep: int | None) -> None:
    """List the backups of the game before each move; --keep sets how many are kept."""
    from . import game as library
    from . import backups as backup_store

    kept, deleted = library.keep_backups(game_dir, keep)
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
@changes_game
def reveal(game_dir: Path, early: bool) -> None:
    """Publish the game secret once the game is over, with the record players verify.

    Writes reports/ledger.json: the secret and, for every move, its orders (secrets
    masked), rolls, events and ledger entry. Publish it with the last bulletin.
    """
    from . import record as records

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
    from . import verify as verifier

    record, checks = verifier.verify_path(path, list(bulletins) or None)
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
@click.option("--lang", default="en", show_default=True,
              help="The game's language: its reports and bulletins (en, it).")
@writes_game
def demo(directory: Path | None, advanced: bool, lang: str) -> None:
    """Build a shipped demo game in DIRECTORY (default: demo) and resolve it."""
    from .demo import ADVANCED, BASIC, run_demo

    directory = directory or Path("demo-advanced" if advanced else "demo")
    folders = run_demo(directory, ADVANCED if advanced else BASIC, lang)
    click.echo(f"Demo game built in {directory} and {len(folders)} moves resolved.")
    for f in folders:
        click.echo(f"  {f}")
    click.echo(f"Read a report, e.g. {folders[-1]}/bulletin.txt and the report-*.txt files beside it.")
