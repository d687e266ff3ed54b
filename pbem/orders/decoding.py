"""Decoding an order file: bytes as mail clients send them (any encoding, a byte-order
mark or none, any line ends) to text, and the refusal of what is not text."""

from __future__ import annotations

import codecs
import re
import unicodedata

from .limits import MOST_FILE_BYTES

class NotText(ValueError):
    """The bytes are not a text file (an image, an archive, a word-processor document)."""


# UTF-32 before UTF-16: the UTF-32-LE mark begins with the UTF-16-LE one.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Control characters no typed text holds (tab, line and page breaks aside); NUL among them.
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_MOST_CONTROL_SHARE = 10  # one character in ten: more, and it is not text


def decode(data: bytes) -> str:
    """Bytes as mail clients send them -> text with LF line ends; raises NotText.

    A byte-order mark says the encoding (UTF-8, UTF-16 and UTF-32, either byte order), and
    UTF-16 without one shows by its NUL bytes. Otherwise UTF-8 first; then a Windows or
    Latin-1 client sent it: cp1252 is Latin-1 plus the curly quotes Outlook adds, and
    Latin-1 never fails. NUL bytes at the end are padding; anywhere else, or control
    characters in more than one character in ten, mean a binary file, refused whole rather
    than read into thousands of problems.
    """
    for mark, encoding in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return checked_text(_strictly(data[len(mark) :], encoding))
    if 0 in data:  # a NUL byte (`b"\0" in data`, with no look at 0 as bytes first)
        encoding = _utf16_without_mark(data)
        if encoding is not None:
            return checked_text(_strictly(data, encoding))
        data = data.rstrip(b"\0")
    for encoding in ("utf-8", "cp1252"):
        try:
            return checked_text(data.decode(encoding))
        except UnicodeDecodeError:
            continue
    return checked_text(data.decode("latin-1"))


def _strictly(data: bytes, encoding: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as e:
        raise NotText(f"it is not valid {encoding.upper()} text (byte {e.start + 1})") from None


def _utf16_without_mark(data: bytes) -> str | None:
    # Text in UTF-16 has a NUL in every other byte (the high byte of each Latin letter),
    # and none in the others.
    if len(data) % 2:
        return None
    even, odd = data[0::2].count(0), data[1::2].count(0)
    half = len(data) // 2
    if odd * 3 >= half and not even:
        return "utf-16-le"
    if even * 3 >= half and not odd:
        return "utf-16-be"
    return None


def checked_text(text: str) -> str:
    """Text as a file's is read (LF line ends, NFC); raises NotText for a binary file's."""
    text = _normalise(text)
    if "\0" in text:
        raise NotText(f"it holds NUL bytes (the first at character {text.index(chr(0)) + 1})")
    controls = len(_CONTROLS.findall(text))
    if controls and controls * _MOST_CONTROL_SHARE > len(text):
        raise NotText(f"{controls} of its {len(text)} characters are control characters")
    return text


def _normalise(text: str) -> str:
    # NFC so that a name typed on a Mac (o + combining grave) matches the enlisted one.
    text = text.removeprefix("\ufeff")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


def first_part(data: bytes | str) -> bytes | str:
    """The first MOST_FILE_BYTES of a file, no character cut in two."""
    head = data[:MOST_FILE_BYTES]
    if isinstance(head, str):
        return head[: head.rfind("\n") + 1] or head
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\0" in head[:64]:
        return head[: len(head) // 4 * 4]  # UTF-16 or UTF-32: whole code units
    return head[: head.rfind(b"\n") + 1] or head
