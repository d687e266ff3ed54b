"""The secret's masking: every line that may carry a secret masked wherever it is shown
or kept, and an order file's text as it is kept for the record."""

from __future__ import annotations

import re

from pbem.rules.wording import SURE, nearest_word

from .decoding import NotText, decode
from .keywords import ALIASES
from .limits import MOST_FILE_BYTES, MOST_QUOTED_CHARS, brief
from .lines import split_line

# A secret is stored only as a hash and never printed, even a wrong one: not in a quoted
# reply (`> SECRET ...`), a comment, a signature ("my secret is ..."), after a misspelt
# keyword (SECRTE, Secret:) or terminal codes, in any case. Whatever follows the word
# SECRET (or SEGRETO) on a line is masked, and so is a line whose first word looks like it.
_SECRET_WORDS = tuple(word for word, name in ALIASES.items() if name == "SECRET")
_SECRET_IN = re.compile("|".join(_SECRET_WORDS), re.IGNORECASE)
_QUOTING = re.compile(r"[\W_]*")  # quote marks, comment signs, codes before the first word
_LETTERS = re.compile(r"[^\W\d_]+")
_LETTERS_AND_DIGITS = re.compile(r"[^\W_]+")
MASK = "****"


def _near_secret(word: str) -> bool:
    # A misspelt SECRET (SECRTE, SEKRET, SECERT) is 0.8 alike or more; "here" and "Sent",
    # which begin greetings and signatures, are 0.6.
    if word in ALIASES or not 4 <= len(word) <= 12:  # another order, or nothing like SECRET
        return False
    return nearest_word(word, _SECRET_WORDS, cutoff=SURE) is not None


def secret_start(line: str) -> int | None:
    """Where the secret a line may carry begins (what is before it stays); None if none."""
    found = _SECRET_IN.search(line)
    if found is not None:
        return found.end()
    word_at = _QUOTING.match(line).end()
    for pattern in (_LETTERS, _LETTERS_AND_DIGITS):
        word = pattern.match(line, word_at)
        if word is not None and _near_secret(word.group().upper()):
            return _LETTERS.match(line, word_at).end() if pattern is _LETTERS else word_at
    return None


def mask_secret(line: str) -> str:
    """The line with what may be a secret as ****; any other line as it is."""
    start = secret_start(line)
    if start is None or not line[start:].strip():
        return line
    return f"{line[:start]} {MASK}".lstrip(" \t")


def secret_tail(line: str) -> str:
    """What a line's secret may be (its comment aside), to mask it wherever a message
    quotes the line; "" when none."""
    start = secret_start(line)
    return "" if start is None else line[start:].split("#", 1)[0].strip()


def without_secret(text: str, secret: str | None = None) -> str:
    """An order file's text for the record: every line that may carry a secret masked,
    and the file's own secret (when it gives one) wherever else it is written."""
    masked = "\n".join(map(mask_secret, text.split("\n")))
    if secret and len(secret) >= 3:
        masked = masked.replace(secret, MASK)
    return masked


def kept_for_the_record(text: str, secret: str | None = None) -> str:
    """An order text as a filed letter keeps it, to be read again to the same orders: the
    order lines as written but the SECRET line masked (and the secret wherever it is
    written), every other line masked as `without_secret` does. A PRESS line that speaks
    of a secret stays whole, so the orders read back are the orders read first."""
    kept = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = split_line(number, raw)  # as the reader splits it
        order = line is not None and line.name is not None and line.name != "SECRET"
        kept.append(raw if order else mask_secret(raw))
    record = "\n".join(kept)
    if secret and len(secret) >= 3:
        record = record.replace(secret, MASK)
    return record


def recorded(data: bytes, secret: str | None = None) -> str:
    """An order file as the database keeps it: its text (at most MOST_FILE_BYTES of it)
    with every secret masked, or what it is when it is not text."""
    try:
        return without_secret(decode(data[:MOST_FILE_BYTES]), secret)
    except NotText as e:
        return f"(not a text file: {e})"


def shown_text(text: str, keyword: str | None) -> str:
    shown = mask_secret(text)
    if keyword == "SECRET" and shown == text and len(text.split()) > 1:
        shown = f"{text.split()[0]} {MASK}"  # SEGRETO x, or an alias yet to come
    return brief(shown, MOST_QUOTED_CHARS)
