"""An order file's line as the reader splits it: its first word, the order that word
stands for, and the words after it."""

from __future__ import annotations

from typing import NamedTuple

from .keywords import ALIASES


class Line(NamedTuple):  # a tuple: a move reads every line of ten thousand files
    number: int
    text: str  # as written, stripped
    word: str  # first word, upper-cased
    args: str  # the rest without comment, runs of whitespace as one space
    name: str | None = None  # the order its word stands for (ALIASES); None for none


def split_line(number: int, raw: str) -> Line | None:
    """None for lines that hold no order: blank, comment only, or quoted (`>`) mail text."""
    text = raw.strip()
    if text[:1] == ">":
        return None
    words = (text.split("#", 1)[0] if "#" in text else text).split()
    if not words:
        return None
    word = words[0].upper()
    return Line(number, text, word, " ".join(words[1:]), ALIASES.get(word))
