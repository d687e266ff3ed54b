"""The shipped demo games: a fixed seed, four officers, and their order files.

The basic demo explores inner space on a drawn map; the advanced demo (`pbem demo
--advanced`) explores outer space on a map the GM drew, hazards included. The order files
live in the repository's top-level `orders/` (installed as `pbem/demo_orders`), one folder
per move, exactly as a GM would save the e-mails; the advanced demo's are in
`orders/advanced/`, with its map.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from . import game, language, record
from .errors import GameError

Sheet = tuple[str, str, str, str, dict[str, int]]  # name, secret, ship type, ship name, fit


@dataclass(frozen=True)
class Demo:
    seed: str
    name: str
    moves: int  # a timed game: it ends after its last move with a winner
    officers: tuple[Sheet, ...]
    folder: str = ""  # inside the demo orders: the folder of this demo's moves (and map)
    size: int = 16  # a drawn map's
    level: str = "basic"
    map: str | None = None  # a map drawn by the GM, in `folder`
    # Outer space: each officer's personality and specialist officer, as `pbem enlist
    # --personality --specialist` declares them (5D, 5E).
    commanders: dict[str, tuple[int, str | None]] = field(default_factory=dict)

    def orders(self) -> Path:
        return demo_orders() / self.folder if self.folder else demo_orders()

    def move_folders(self) -> list[Path]:
        return sorted(p for p in self.orders().iterdir()
                      if p.is_dir() and p.name.startswith("move-"))


BASIC = Demo(
    seed="cornifex-1944", name="cornifex", moves=6,
    officers=(
        ("Notius", "4tq9-mx2d", "GLADIUM", "MARTHIA",
         {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}),
        ("Niccolò Varro", "zz81-kq0p", "GLADIUM", "AQUILA <I>",
         {"crews": 2, "shields": 4, "lasers": 2, "radars": 3, "computers": 2, "tanks": 3}),
        ("Cæcilia Metella", "p0ll-7yre", "FROMBOLA", "[b]VESTA[/b]",
         {"crews": 1, "shields": 2, "lasers": 1, "radars": 2, "computers": 1, "tanks": 3}),
        ("Marcus *Aper*", "9gh2-llc4", "GLADIUM", "LUPA_PRIMA",
         {"crews": 2, "shields": 3, "lasers": 2, "radars": 3, "computers": 3, "tanks": 3}),
    ),
)

# Outer space: one officer is held by a net, one crosses a distortion, one feels the black
# hole, and one lands on a radioactive planet in a zone where its aliens cannot live. Then
# the alien ship BRUCEL enters: it holds one officer in its glue, a colleague comes to his
# aid, and together they fight it to destruction; a Princeps PSI senses the net that had
# held his officer unseen, a scientist officer adds to the points of his kingdom's planets
# and studies the technology of one, and a Princeps ROBUR goes down with the crews.
ADVANCED = Demo(
    seed="nulli-141", name="nulli", moves=8, folder="advanced", level="advanced",
    map="map.toml",
    commanders={"Livia Drusa": (2, None), "Aulus Crispus": (3, None),
                "Tiberius Gracchus": (4, "ROBUR 2"), "Sextus Varus": (0, "SCIENTIST VEGETABLE 2")},
    officers=(
        ("Livia Drusa", "k2vd-8rmq", "GLADIUM", "CORVUS",
         {"crews": 2, "shields": 4, "lasers": 2, "radars": 2, "computers": 2, "tanks": 3}),
        ("Aulus Crispus", "w7nz-3hpe", "GLADIUM", "NOCTUA",
         {"crews": 2, "shields": 4, "lasers": 2, "radars": 2, "computers": 2, "tanks": 3}),
        ("Tiberius Gracchus", "m4qa-9tsx", "GLADIUM", "ARIES",
         {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1, "tanks": 3}),
        ("Sextus Varus", "c6jy-2wkb", "GLADIUM", "HERCULES",
         {"crews": 2, "shields": 4, "lasers": 2, "radars": 3, "computers": 2, "tanks": 3}),
    ),
)


def demo_orders() -> Path:
    installed = Path(str(resources.files("pbem"))) / "demo_orders"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parent.parent / "orders"


def build_demo(directory: Path, demo: Demo = BASIC, lang: str = language.ENGLISH) -> None:
    """A fresh demo game in `directory` with every officer enlisted and all orders in place,
    in the language `lang`."""
    directory = Path(directory)
    if directory.exists():
        if not (directory / "game.db").exists() and any(directory.iterdir()):
            raise GameError(f"{directory} exists and is not a pbem game; choose another folder")
        shutil.rmtree(directory)
    map_file = demo.orders() / demo.map if demo.map else None
    game.new_game(directory, demo.seed, name=demo.name, size=demo.size, moves=demo.moves,
                  level=demo.level, map_file=map_file, lang=lang)
    for name, secret, ship_type, ship_name, fit in demo.officers:
        personality, specialist = demo.commanders.get(name, (None, None))
        game.enlist(directory, name, "", ship_type, ship_name, fit, secret=secret,
                    personality=personality, specialist=specialist)
    for move_dir in demo.move_folders():
        shutil.copytree(move_dir, directory / "orders" / move_dir.name)


def run_demo(directory: Path, demo: Demo = BASIC, lang: str = language.ENGLISH) -> list[Path]:
    """Build the demo, resolve every move it has orders for and, the game being over,
    publish its secret and record (reports/ledger.json); returns the report folders."""
    build_demo(directory, demo, lang)
    folders = [game.resolve(directory).folder for _ in demo.move_folders()]
    record.reveal(directory)
    return folders
