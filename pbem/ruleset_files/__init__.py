"""The rules' TOML files loaded into a `Ruleset`: ships, ranks, Information Sheet, G.I.,
Operations Tables, technologies and specialists, each file read and checked by its own
module here.

The printed tables are not public, so the defaults in `pbem/data/` are a reconstruction
(DESIGN.md). A game folder may replace any whole file by dropping `rules/<name>.toml`; such
files are checked as strictly as the defaults, and every problem names the file, the key
and what is wrong, so a GM who types in the printed tables can fix them without reading
code. This package is the only place of the ruleset that touches files.
"""

from __future__ import annotations

import functools
import importlib.resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..rules.tables import ALIEN_SHIPS_TABLE
from ..rules.ruleset import Ruleset
from ..technologies import read_technologies

from .rules_file import RulesetError, RulesFile
from .guide import read_guide
from .information import read_information
from .ships_and_ranks import read_ranks, read_ships
from .specialists import read_specialists
from .tables import check_outer_space_tables, read_alien_ships, read_tables


SHIPS = "ships.toml"
RANKS = "ranks.toml"
GUIDE = "guide.toml"
INFORMATION = "information.toml"
TABLES = "tables.toml"
TECHNOLOGIES = "technologies.toml"  # optional rule Unpredictable Research
SPECIALISTS = "specialists.toml"  # outer space (5E)
FILES: tuple[str, ...] = (SHIPS, RANKS, GUIDE, INFORMATION, TABLES, TECHNOLOGIES, SPECIALISTS)


def load_ruleset(game_dir: Path | None = None) -> Ruleset:
    """The defaults, each file replaced by `game_dir/rules/<file>` when that exists."""
    stamps = []
    for name in FILES:
        path = Path(game_dir) / "rules" / name if game_dir is not None else None
        if path is not None and path.is_file():
            st = path.stat()
            stamps.append((name, str(path.resolve()), st.st_mtime_ns, st.st_size))
        else:
            stamps.append((name, None, 0, 0))
    return _load(tuple(stamps))


# Cached on the override files' paths and modification stamps: editing an override is
# seen at the next call, and the defaults are parsed once per process.
@functools.lru_cache(maxsize=16)
def _load(stamps: tuple[tuple[str, str | None, int, int], ...]) -> Ruleset:
    docs: dict[str, tuple[RulesFile, dict[str, Any]]] = {}
    sources: dict[str, str] = {}
    for name, override, _mtime, _size in stamps:
        label = f"rules/{name}" if override else f"pbem/data/{name}"
        f = RulesFile(label, override is not None)
        docs[name] = (f, f.parse(_read(name, override, label)))
        sources[name] = label if override else "default"
    provenance = {}
    for name, (f, doc) in docs.items():
        if "provenance" in doc:
            provenance[name] = f.string(doc["provenance"], "provenance")
    ships = read_ships(*docs[SHIPS])
    ranks = read_ranks(*docs[RANKS], ships)
    guide, environments = read_guide(*docs[GUIDE])
    information = read_information(*docs[INFORMATION], guide, docs[GUIDE][0])
    tables, landing_risks = read_tables(*docs[TABLES])
    check_outer_space_tables(docs[TABLES][0], tables, landing_risks, information, environments,
                        docs[GUIDE][0])
    alien_ships = read_alien_ships(docs[TABLES][0], docs[TABLES][1].get(ALIEN_SHIPS_TABLE))
    technologies = read_technologies(*docs[TECHNOLOGIES])
    specialists = read_specialists(*docs[SPECIALISTS])
    return Ruleset(
        ships=MappingProxyType(ships),
        ranks=ranks,
        information=information,
        guide=MappingProxyType(guide),
        sources=MappingProxyType(sources),
        provenance=MappingProxyType(provenance),
        tables=MappingProxyType(tables),
        technologies=technologies,
        landing_risks=landing_risks,
        environments=environments,
        alien_ships=alien_ships,
        specialists=specialists,
    )


def _read(name: str, override: str | None, label: str) -> str:
    try:
        if override:
            return Path(override).read_bytes().decode("utf-8")
        return importlib.resources.files("pbem.data").joinpath(name).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise RulesetError(label, "", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise RulesetError(label, "", f"cannot be read: {e.strerror or e}") from None
