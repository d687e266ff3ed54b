"""The `pbem` command: a thin face over `pbem.game`. No rules here."""

from __future__ import annotations

from pathlib import Path

import click

from . import game as library
from .rules.ship import parse_fit
from .store import GameError

GAME_DIR = click.argument(
    "game_dir", required=False, default=".",
    type=click.Path(file_okay=False, path_type=Path),
)


def fail(error: Exception) -> click.ClickException:
    return click.ClickException(str(error))


@click.group()
@click.version_option(package_name="pbem")
def main() -> None:
    """pbem: the turn processor for VII Legio played by e-mail or on a forum.

    A game lives in a folder (game.db, orders/, reports/). Every command that takes
    GAME_DIR uses the current folder when it is left out.
    """


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", required=True, help="Any number or word; the same seed draws the same map and dice.")
@click.option("--name", help="The game's name, written in every order file (default: the folder name).")
@click.option("--size", default=library.DEFAULT_SIZE, show_default=True, help="Parsec squares per side of a level.")
@click.option("--planets", default=9, show_default=True, help="Planets per level (4 levels).")
@click.option("--level", type=click.Choice(["basic", "advanced"]), default="basic", show_default=True,
              help="Exploration of inner space (basic) or outer space (advanced).")
@click.option("--moves", type=int, help="Timed version: the game ends after this many moves.")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="A map drawn by the GM (TOML; see the README) instead of a drawn one.")
@click.option("--rule", "rules", multiple=True, type=click.Choice(library.OPTIONAL_RULES),
              help="Switch on an optional rule (repeatable): research = Unpredictable Research.")
@click.option("--private-research", is_flag=True,
              help="With --rule research: keep breakthroughs out of the bulletin.")
def new(game_dir: Path, seed: str, name: str | None, size: int, planets: int, level: str,
        moves: int | None, map_file: Path | None, rules: tuple[str, ...],
        private_research: bool) -> None:
    """Create a game in GAME_DIR: draw the hidden map and place the base."""
    try:
        state = library.new_game(game_dir, seed, name=name, size=size, planets=planets,
                                 level=level, moves=moves, map_file=map_file, rules=rules,
                                 private_research=private_research)
    except GameError as e:
        raise fail(e) from None
    click.echo(
        f"Game created in {game_dir}: {len(state.planets)} planets on {state.zone.levels} levels "
        f"of {state.zone.size}x{state.zone.size}, one base. Enlist officers with `pbem enlist`."
    )


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
def enlist(game_dir: Path, name: str, email: str, ship_type: str, ship_name: str, fit: str | None,
           sheet: Path | None, rank: str | None, secret: str | None) -> None:
    """Enlist a Commanding Officer with his ship sheet; prints his secret once."""
    if bool(fit) == bool(sheet):
        raise click.UsageError("give the ship sheet with exactly one of --fit or --sheet")
    try:
        text = fit if fit else sheet.read_text(encoding="utf-8")
        components = parse_fit(text)
        enlisted = library.enlist(game_dir, name, email, ship_type, ship_name or name, components,
                                  rank=rank, secret=secret)
    except (GameError, ValueError) as e:
        raise fail(e) from None
    click.echo(f"Enlisted {enlisted.name} (officer {enlisted.officer_id}) on the base.")
    click.echo(f"Secret: {enlisted.secret}")
    click.echo("Send the secret to the officer now: it is stored only as a hash and cannot be shown again.")


@main.command("order")
@GAME_DIR
@click.argument("names", nargs=-1, required=True)
def order_cmd(game_dir: Path, names: tuple[str, ...]) -> None:
    """Fix the player order instead of the lot drawn at enlistment."""
    try:
        library.fix_order(game_dir, list(names))
    except GameError as e:
        raise fail(e) from None
    click.echo("Player order: " + ", ".join(names))


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--game", "game_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also check secret, move, ship and planets against this game.")
def check(files: tuple[Path, ...], game_dir: Path | None) -> None:
    """Check order files: every problem with its line and what to write instead."""
    bad = 0
    for path in files:
        try:
            orders, problems = library.check_file(path, game_dir)
        except GameError as e:
            raise fail(e) from None
        if problems:
            bad += 1
            for p in problems:
                click.echo(str(p))
            click.echo(f"{path}: {len(problems)} problem{'s' if len(problems) != 1 else ''}.")
        else:
            click.echo(f"{path}: good orders for {orders.officer}, move {orders.move}.")
    raise SystemExit(1 if bad else 0)


@main.command()
@GAME_DIR
def resolve(game_dir: Path) -> None:
    """Resolve the current move and write the reports and the bulletin."""
    try:
        out = library.resolve(game_dir)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Move resolved. Reports, bulletins and the GM log are in {out}")


@main.command()
@GAME_DIR
@click.option("--move", type=int, help="Which move (default: the last resolved).")
def report(game_dir: Path, move: int | None) -> None:
    """Write a resolved move's reports again from the database."""
    try:
        out = library.rerender(game_dir, move)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Reports written again in {out}")


@main.command()
@click.argument("directory", required=False, default="demo",
                type=click.Path(file_okay=False, path_type=Path))
def demo(directory: Path) -> None:
    """Build the shipped demo game in DIRECTORY and resolve its moves."""
    from .demo import run_demo

    try:
        folders = run_demo(directory)
    except GameError as e:
        raise fail(e) from None
    click.echo(f"Demo game built in {directory} and {len(folders)} moves resolved.")
    for f in folders:
        click.echo(f"  {f}")
    click.echo(f"Read a report, e.g. {folders[-1]}/bulletin.txt and the report-*.txt files beside it.")
