"""A text the rules write for a reader: a message of the catalogs and the values put into it.

The rules word what they tell in English, the catalogs' language: a problem of an order
file, the reason an order was not carried out, the end of the game. Each such text is a
`Said`: a `str` (the English words, as every English output prints them and the events
store them) that also carries its message, as `saying` registers it, and its values, so
that wherever it is printed it can be said again in the reader's language
(`pbem.language`). A text the events stored has lost its values: `read` finds them again
by the registered message it was made from.

The rules import nothing of the catalogs (they stay standard library only): the messages
are found for the catalogs by the extraction step of docs/translating.md (`Said`,
`saying`, `saying_plural` and `counted` are among its keywords). A message whose text an
event keeps with values in it is registered when its module is imported (a module-level
`saying`), so that `read` knows it in any process (`pbem render` of a saved move); a text
with no value is found in the catalogs as it is.
"""

from __future__ import annotations

import functools
import re
from typing import Any

# Every message a `Said` may be made from, in the order the modules register them; a
# plural's two forms each name the message (its singular) and the plural. Its pattern for
# `read` is compiled when first read: most runs read no stored text back, and compiling
# the 170 patterns at import took 4% of the instructions of a 50-officer `pbem resolve`.
MESSAGES: dict[str, tuple[str, str | None]] = {}

_PLACEHOLDER = re.compile(r"%\((\w+)\)s|%%")


@functools.cache
def _pattern(text: str) -> re.Pattern[str]:
    parts, at, names = [], 0, set()
    for found in _PLACEHOLDER.finditer(text):
        parts.append(re.escape(text[at:found.start()]))
        name = found.group(1)
        if name is None:
            parts.append("%")
        elif name in names:
            parts.append(f"(?P={name})")
        else:
            names.add(name)
            parts.append(f"(?P<{name}>.+?)")
        at = found.end()
    parts.append(re.escape(text[at:]))
    return re.compile("".join(parts), re.S)


def saying(text: str) -> str:
    """A message the rules say, registered: its `Said` texts can be read back."""
    if text not in MESSAGES:
        MESSAGES[text] = (text, None)
    return text


def saying_plural(singular: str, plural: str) -> tuple[str, str]:
    """A message said of a number (`num`), its two English forms registered."""
    for form in (singular, plural):
        if form not in MESSAGES or MESSAGES[form][1] is None:
            MESSAGES[form] = (singular, plural)
    return singular, plural


class Said(str):
    """The English words of `message` with `values`, carrying both (see the module).

    A value may itself be a `Said` (a reason inside a refusal): it is said again in the
    reader's language with the text around it."""

    message: str
    plural: str | None = None  # the plural form of a message said of a number
    values: dict[str, Any]

    def __new__(cls, text: str, /, **values: Any) -> "Said":
        self = super().__new__(cls, text % values)
        self.message, self.values = text, values
        return self

    def __reduce__(self) -> tuple:
        # Pickled (the render workers) as made: its words, message and values.
        return _made, (str(self), self.message, self.plural, self.values)


def _made(text: str, said: str, plural: str | None, values: dict[str, Any]) -> Said:
    made = str.__new__(Said, text)
    made.message, made.plural, made.values = said, plural, values
    return made


class Number(str):
    """A whole number as English writes it in a text ("65,536"), said again in the reader's
    locale ("65.536") wherever the text is translated."""

    __slots__ = ()


def grouped(n: int) -> Number:
    return Number(f"{n:,}")


def counted(singular: str, plural: str, num: int, **values: Any) -> Said:
    """A `Said` of a number: "1 grant", "2 grants" (each language its own plural rules)."""
    values["num"] = num
    return _made((singular if num == 1 else plural) % values, singular, plural, values)


def read(text: str) -> Said | None:
    """A text as the events stored it, read back as the `Said` it was made as: of the
    registered messages whose words it has, the one with the most words of its own (then
    the first in sorted order), whatever the order the modules were imported in; None for
    a text no message made."""
    if isinstance(text, Said):
        return text
    best: tuple[int, str] | None = None
    chosen = None
    for form, (singular, plural) in MESSAGES.items():
        found = _pattern(form).fullmatch(text)
        if found is None:
            continue
        rank = (-len(_PLACEHOLDER.sub("", form)), form)
        if best is None or rank < best:
            best, chosen = rank, _made(text, singular, plural, found.groupdict())
    return chosen
