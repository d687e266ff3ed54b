"""The shipped demo game: a fixed seed, four officers, and their order files for three moves.

The order files live in the repository's top-level `orders/` (installed as
`pbem/demo_orders`), one folder per move, exactly as a GM would save the e-mails.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from . import game, record
from .store import GameError

SEED = "cornifex-1944"
NAME = "cornifex"
SIZE = 16
MOVES = 6  # a timed game: it ends after move 6 with a winner

OFFICERS = (
    # name, secret, ship type, ship name, sheet
    ("Notius", "4tq9-mx2d", "GLADIUM", "MARTHIA",
     {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}),
    ("Niccolò Varro", "zz81-kq0p", "GLADIUM", "AQUILA <I>",
     {"crews": 2, "shields": 4, "lasers": 2, "radars": 3, "computers": 2, "tanks": 3}),
    ("Cæcilia Metella", "p0ll-7yre", "FROMBOLA", "[b]VESTA[/b]",
     {"crews": 1, "shields": 2, "lasers": 1, "radars": 2, "computers": 1, "tanks": 3}),
    ("Marcus *Aper*", "9gh2-llc4", "GLADIUM", "LUPA_PRIMA",
     {"crews": 2, "shields": 3, "lasers": 2, "radars": 3, "computers": 3, "tanks": 3}),
)


def demo_orders() -> Path:
    installed = Path(str(resources.files("pbem"))) / "demo_orders"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "orders"


def build_demo(directory: Path) -> None:
    """A fresh demo game in `directory` with every officer enlisted and all orders in place."""
    directory = Path(directory)
    if directory.exists():
        if not (directory / "game.db").exists() and any(directory.iterdir()):
            raise GameError(f"{directory} exists and is not a pbem game; choose another folder")
        shutil.rmtree(directory)
    game.new_game(directory, SEED, name=NAME, size=SIZE, moves=MOVES)
    for name, secret, ship_type, ship_name, fit in OFFICERS:
        game.enlist(directory, name, "", ship_type, ship_name, fit, secret=secret)
    source = demo_orders()
    for move_dir in sorted(p for p in source.iterdir() if p.is_dir()):
        shutil.copytree(move_dir, directory / "orders" / move_dir.name)


def run_demo(directory: Path) -> list[Path]:
    """Build the demo, resolve every move it has orders for and, the game being over,
    publish its secret and record (reports/ledger.json); returns the report folders."""
    build_demo(directory)
    moves = sorted(p.name for p in demo_orders().iterdir() if p.is_dir())
    folders = [game.resolve(directory).folder for _ in moves]
    record.reveal(directory)
    return folders
