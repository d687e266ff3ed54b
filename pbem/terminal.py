"""What pbem prints to the GM's terminal: nothing a player wrote may steer it.

An order file, a file name or an enlisted name can hold ESC and OSC sequences (which move
the cursor, retitle the window or rewrite what is on screen), bidirectional overrides (which
show text in another order than it is), other line breaks, and on POSIX file names bytes
that are not UTF-8 (surrogate escapes, which cannot even be encoded for output). Every such
character is shown as its escape (`\\x1b`, `\\u202e`, the raw byte `\\xff`), so the GM sees
that it is there and nothing happens to his terminal.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import Iterator

# C0 and C1 controls but tab and newline, DEL, the bidi marks and overrides, the Unicode
# line and paragraph separators, and surrogates (an undecodable byte of a file name).
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
_UNSAFE_OR_NEWLINE = re.compile(_UNSAFE.pattern[:-1] + "\t\n]")


def _escape(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for the byte it could not decode
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def clean(text: str) -> str:
    """Text for the terminal, lines kept: every unsafe character shown as its escape."""
    return _UNSAFE.sub(_escape, text)


def clean_line(text: str) -> str:
    """One line for the terminal or a log: newlines and tabs escaped too, so that a file
    name cannot start a line of its own."""
    if text.isascii() and text.isprintable():  # most names: nothing to escape, no search
        return text
    return _UNSAFE_OR_NEWLINE.sub(_escape, text)


class _Escaping:
    """A text stream that writes every piece `clean`: what any command prints."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(clean(text))
        return len(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextmanager
def escaped_output() -> Iterator[None]:
    """While the block runs, standard output and error show every unsafe character a
    printed text holds as its escape: one place for every command, whoever wrote it."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaping(out), _Escaping(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
