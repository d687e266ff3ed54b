"""A letter's text: its bytes decoded whatever the charset claims, and its quoting.

Charsets in the wild are missing, misspelt or wrong, so a declared one is only a first
guess: a byte-order mark beats it, bytes that are valid UTF-8 beat a declared single-byte
charset (a client that labels UTF-8 as Latin-1 is far more common than Latin-1 that happens
to be valid UTF-8), and nothing ever fails: Latin-1 decodes any byte. A plain order file is
decoded so with no charset declared; a mail's parts (`mime`) with the one they declare.
Orders quoted in a reply (`> `) are unquoted level by level (`order_text`).
"""

from __future__ import annotations

import codecs
import re
import unicodedata

# Longest first: the UTF-32 LE mark begins with the UTF-16 LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Charsets whose every byte is a character: decoding never fails, so it proves nothing.
_SINGLE_BYTE = re.compile(r"^(us-?ascii|ascii|latin-?\d|iso-?8859-?\d+|(windows|cp)-?125\d)$")


# Python's own codecs that no mail client writes: they read escapes (`\\udc80`) or
# domain names, not a charset; declared, they are taken for an unknown one.
_NOT_CHARSETS = frozenset({"unicode-escape", "raw-unicode-escape", "idna", "punycode",
                           "undefined"})
# A lone surrogate: what UTF-7 (`+2AA-`) or UTF-16 may decode to, and no text can hold
# (SQLite, a file or a terminal cannot encode it).
_SURROGATE = re.compile("[\ud800-\udfff]")


def _codec(name: str | None) -> str | None:
    """The Python codec of a declared charset, or None when it is unknown or missing."""
    if not name:
        return None
    name = name.strip().strip("\"'").lower()
    try:
        found = codecs.lookup(name).name
    except LookupError:
        return None
    return None if found in _NOT_CHARSETS else found


def _utf16_order(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark, told by where the zero bytes of ASCII text fall."""
    if len(data) < 4 or len(data) % 2:
        return None
    half = len(data) // 2
    zeros_even = data[0::2].count(0)
    zeros_odd = data[1::2].count(0)
    if zeros_odd > half * 0.3 and zeros_even < half * 0.05:
        return "utf-16-le"
    if zeros_even > half * 0.3 and zeros_odd < half * 0.05:
        return "utf-16-be"
    return None


def normalise(text: str) -> str:
    """LF line ends, no byte-order mark, and NFC (a name typed on a Mac is decomposed)."""
    text = text.removeprefix("\ufeff")
    if "\r" in text:  # most texts have none: not copied twice for nothing
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Bytes of a text part (or of a plain file) to text, whatever the charset claims."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return normalise(data[len(bom):].decode(codec, errors="replace"))
    codec = _codec(declared)
    if codec == "utf-16":
        # Declared without byte order and no mark: the zero bytes of the ASCII orders tell
        # which (RFC 2781 says big-endian, Windows clients write little-endian); no zero
        # byte at all means the label is wrong.
        codec = _utf16_order(data) if b"\0" in data else None
    candidates: list[str] = []
    if codec is None:
        if b"\0" in data:  # UTF-16 without a mark shows by its zero bytes
            candidates += [order for order in (_utf16_order(data),) if order]
    elif data.isascii() or not _SINGLE_BYTE.match(codec):
        candidates.append(codec)
    candidates += ["utf-8"] + ([codec] if codec else []) + ["cp1252"]
    for name in candidates:
        try:
            text = data.decode(name)
        except (UnicodeDecodeError, LookupError):
            continue
        if name not in ("utf-8", "cp1252"):  # those two never decode to a surrogate
            text = _SURROGATE.sub("\ufffd", text)
        return normalise(text)
    return normalise(data.decode("latin-1"))


# --- quoting ---------------------------------------------------------------------------

_QUOTE = re.compile(r"^[ \t]*>[ ]?")


def unquote(text: str) -> str:
    """One level of `>` quoting taken off every quoted line; other lines as they are."""
    return "\n".join(_QUOTE.sub("", line, count=1) for line in text.split("\n"))


def quote_depth(text: str) -> int:
    """The deepest quoting in the text: `>> >` is three levels."""
    deepest = 0
    for line in text.split("\n"):
        depth = 0
        for c in line:
            if c == ">":
                depth += 1
            elif c not in " \t":
                break
        deepest = max(deepest, depth)
    return deepest
