"""`pbem` commands that set a game up: a new game, its officers enlisted, the ship types,
the player order, and the shipped demo games."""

from __future__ import annotations

from pathlib import Path

import click

from ..defaults import DEFAULT_SIZE, KEEP_BACKUPS, OPTIONAL_RULES
from ..errors import GameError
from ..rules.ship import parse_fit
from .group import GAME_DIR, changes_game, fail, main, writes_game

# Each command imports the library it calls when it runs, so that `pbem check` without a
# game starts with the order reader alone: the game's set-up (game, rules files, demo) at
# the top would make `from pbem.cli import main` take 0.29 s instead of 0.15 s (best of 5 runs).


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
    from .. import game as library

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
    from .. import game as library

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
    from ..ruleset_files import RulesetError, load_ruleset
    from ..ship_types import ship_table

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
    from .. import game as library

    library.fix_order(game_dir, list(names))
    click.echo("Player order: " + ", ".join(names))


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
    from ..demo import ADVANCED, BASIC, run_demo

    directory = directory or Path("demo-advanced" if advanced else "demo")
    folders = run_demo(directory, ADVANCED if advanced else BASIC, lang)
    click.echo(f"Demo game built in {directory} and {len(folders)} moves resolved.")
    for f in folders:
        click.echo(f"  {f}")
    click.echo(f"Read a report, e.g. {folders[-1]}/bulletin.txt and the report-*.txt files beside it.")
