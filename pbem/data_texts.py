"""The texts of the rules data that a reader reads, and their extraction into the catalogs.

The rules data (`pbem/data/*.toml`) name what the S.C. tells: the Information Sheet's facts
("H (Neptunian)"), a planet's atmosphere, the landing zones, a race's description, a
technology's effect. The rules carry these words as written, in English, into the events;
the templates print them through the `said` filter, which reads them in the reader's
catalog (a text the catalog does not hold, a GM's own data among them, is printed as it
is). `extract` is the Babel extractor that puts them into `pbem.pot` (babel.cfg).

The game's own names stay as printed in every language (docs/glossary.md): races, ship
types, technologies (the words players write in RESEARCH orders), the marks of the Tabula
Spatii.
"""

from __future__ import annotations

import tomllib
from typing import Any, BinaryIO, Iterator

from .language import N_

# The fields a reader reads, by file: a path of keys, "*" for every key of a table, "[]"
# for every item of a list.
READ: dict[str, tuple[tuple[str, ...], ...]] = {
    "information.toml": (("names", "*"), ("atmospheres", "*")),
    "guide.toml": (("environments", "[]"), ("races", "*", "description")),
    # A table's results in words ("Yes", "hull"); its letters ("F") and numbers are kept.
    "tables.toml": (("*", "column", "[]", "faces", "[]"),),
    "technologies.toml": (("technologies", "*", "effect"),),
}


def texts(doc: dict[str, Any], path: tuple[str, ...]) -> Iterator[str]:
    """The strings found at `path` in a TOML document."""
    if not path:
        if isinstance(doc, str):
            yield doc
        return
    key, rest = path[0], path[1:]
    if key == "[]":
        for item in doc if isinstance(doc, list) else ():
            yield from texts(item, rest)
    elif key == "*":
        for value in doc.values() if isinstance(doc, dict) else ():
            yield from texts(value, rest)
    elif isinstance(doc, dict) and key in doc:
        yield from texts(doc[key], rest)


def extract(fileobj: BinaryIO, keywords: Any, comment_tags: Any,
            options: dict[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for the rules data: each text a reader reads, once, at its line
    (a text found twice, as "none", at its first)."""
    raw = fileobj.read()
    name = getattr(fileobj, "name", "")
    fields = next((paths for file, paths in READ.items() if str(name).endswith(file)), ())
    doc = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()
    seen: set[str] = set()
    for path in fields:
        for text in texts(doc, path):
            if text in seen or sum(c.isalpha() for c in text) < 2:
                continue
            seen.add(text)
            quoted = f'"{text}"'
            lineno = next((n for n, line in enumerate(lines, 1) if quoted in line), 1)
            yield lineno, None, text, []


# The radioactivity the rules name in code (`rules.information_sheet.RADIOACTIVITY_NAMES`;
# alpha and beta are written alike in every language).
N_("0 (none)")
