"""What the output formats share: each format's escaper, and the words the templates'
filters print (a parsec, an ordinal, a dead reckoning), for the Jinja environments of
`pbem.render`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from markupsafe import Markup

from .rules.geometry import Position, bearing, bearing_text

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# Markdown: the HTML characters as references, then a backslash before each character
# CommonMark gives a meaning to (">" is already a reference). One table does both, character
# by character.
_MD_TABLE = str.maketrans({**{c: "\\" + c for c in "\\`*_{}[]()#+-.!|~"},
                           "&": "&amp;", "<": "&lt;", ">": "&gt;"})


def plain(value: Any) -> str:
    """Plain text: drop control and bidi-override characters a name could hide."""
    return _CONTROL.sub("", str(value))


def markdown(value: Any) -> str:
    if isinstance(value, Markup):
        return value  # a macro's lines, escaped value by value already (`|safe`)
    return plain(value).translate(_MD_TABLE)


def bbcode(value: Any) -> str:
    # Square brackets open tags; as character references they print as brackets.
    if isinstance(value, Markup):
        return value  # a macro's lines, escaped value by value already (`|safe`)
    return plain(value).replace("[", "&#91;").replace("]", "&#93;")


def html(value: Any) -> str:
    """HTML and SVG: autoescaping escapes; this drops what a name could hide, and leaves
    alone what is already markup (a macro's output, a chart drawn by its own template)."""
    if isinstance(value, Markup):
        return value
    return plain(value)


ESCAPERS: dict[str, Callable[[Any], str]] = {
    "txt": plain, "md": markdown, "bbcode": bbcode, "html": html,
}


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    """`4th`: digits and letters, which every escaper leaves as they are."""
    suffix = "th" if 10 <= n % 100 <= 20 else _SUFFIXES.get(n % 10, "th")
    return f"{n}{suffix}"


def at_parsec(n: int) -> str:
    return "the start of the route" if n == 0 else f"the {ordinal(n)} parsec"


def reckoning_text(r: list[int]) -> str:
    """Where the officer believes he is, from the base, in his own terms."""
    x, y, dz = r
    flat = bearing_text(bearing(Position(0, 0, 0), Position(x, y, 0)))
    if flat == "here":
        flat = "on the base square"
    else:
        flat = f"{flat} from the base"
    if dz:
        flat += f", {abs(dz)} level{'s' if abs(dz) > 1 else ''} {'up' if dz < 0 else 'down'}"
    return flat


def psi_shift(warning: dict) -> str:
    """Where a distortion put the ship, from the square where it blocked it, as a Princeps
    PSI tells it (5B c): "3 N from where it blocked you", "1 level down"."""
    flat, levels = warning["bearing"], warning["levels"]
    parts = [] if flat == "here" else [f"{flat} from where it blocked you"]
    if levels:
        parts.append(f"{abs(levels)} level{'s' if abs(levels) > 1 else ''} "
                     f"{'up' if levels < 0 else 'down'}")
    return ", ".join(parts) or "where it blocked you, against the edge of the zone"


def heading_text(heading: str) -> str:
    """A report's capital heading as a web page's: `ON THE GROUND OF P-4` -> `On the ground
    of P-4` (designations and names stay as written)."""
    words = " ".join(w.lower() if w.isalpha() and w.isupper() else w for w in heading.split(" "))
    return words[:1].upper() + words[1:]
