"""Names a GM gives pbem: what an officer, a ship and a game may be called (an e-mail
address is `pbem.addresses`'s).

Each of them ends up in order files, reports, bulletins, mail headers and the GM's
terminal. A newline in a ship's name would start a line of its own in a report (or a
`Bcc:` header in a mail), a control character would steer the terminal, a bidi override
would show the name backwards. So every name is checked when it is given, at enlistment and
at any later change, and refused with the reason; nothing is silently changed but runs of
spaces.
"""

from __future__ import annotations

import unicodedata

MOST_NAME_CHARS = 40  # an officer's or a game's name
MOST_SHIP_NAME_CHARS = 40

# Unicode categories no name may hold: controls (newlines and tabs among them), format
# characters (bidi overrides, zero-width spaces), surrogates, private use, unassigned, and
# the line and paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class NameRefused(ValueError):
    """A name that cannot be taken; the message says why and what to do."""


def hidden_character(text: str) -> str | None:
    """The first character of `text` no name or mail header may hold, named (`U+000A LINE
    FEED (LF)`); None when there is none."""
    for char in text:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return f"U+{ord(char):04X} {unicodedata.name(char, '(a control character)')}"
    return None


def _name(text: str, what: str, most: int) -> str:
    hidden = hidden_character(text)
    if hidden is not None:
        raise NameRefused(
            f"the {what} {text!r} holds {hidden}: a name is one line of visible characters; "
            "write it without it"
        )
    # NFC, as the order reader does, so the name enlisted is the name an officer types.
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise NameRefused(f"the {what} is empty; give one")
    if len(name) > most:
        raise NameRefused(
            f"the {what} {name[:most]!r}... is {len(name)} characters long; "
            f"at most {most} are allowed"
        )
    return name


def officer_name(text: str) -> str:
    """An officer's name as he will write it after OFFICER; raises NameRefused."""
    name = _name(text, "officer's name", MOST_NAME_CHARS)
    _writable(name, "officer's name")
    return name


# Letters of other scripts drawn like Latin ones, each to the Latin letter of the same case
# (Unicode's confusables for the letters an officer's name is made of): "Alphа" with a
# Cyrillic а reads as Alpha on every screen. Full-width letters and the like are folded
# by NFKC first.
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
    "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "Ԛ": "Q", "Ԝ": "W",
    "Ӏ": "I", "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "ү": "y", "х": "x",
    "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ѵ": "v",
    # Greek
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "α": "a", "ι": "i", "κ": "k", "ν": "v",
    "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
    # Latin letters of other shapes and dotless i
    "ɡ": "g", "ı": "i", "ℓ": "l",
})


def look_alike(name: str) -> str:
    """The name as it looks: two names with the same `look_alike` cannot be told apart on
    a screen (full-width or compatibility forms, Cyrillic or Greek letters drawn like Latin
    ones, case), so a second officer may not take it."""
    return unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES).casefold()


def unlike(name: str) -> str:
    """The letters of the name that `look_alike` reads as others, named for the GM."""
    found = dict.fromkeys(c for c in name
                          if unicodedata.normalize("NFKC", c).translate(_LOOK_ALIKES) != c)
    return ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in found) or "case"


def game_name(text: str) -> str:
    """A game's name as the officers will write it after GAME; raises NameRefused."""
    name = _name(text, "game's name", MOST_NAME_CHARS)
    _writable(name, "game's name")
    return name


def ship_name(text: str) -> str:
    """A ship's name, shown in reports and bulletins; raises NameRefused."""
    return _name(text, "ship's name", MOST_SHIP_NAME_CHARS)


def _writable(name: str, what: str) -> None:
    # The order file's own syntax: # starts a comment, > marks quoted mail.
    if "#" in name or name.startswith(">"):
        raise NameRefused(
            f"the {what} {name!r} cannot be written in an order file (# starts a comment, "
            "> marks quoted mail); choose another"
        )

