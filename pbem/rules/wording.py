"""Words for counts and for slips: a count with its noun ("3 grants", "1 tank"), and the
known word a mistyped one most likely means, for "did you mean ...?" (as click suggests
the nearest option). Every message of pbem says them the same way."""

from __future__ import annotations

import difflib
from typing import Iterable

LIKELY = 0.6  # difflib's ratio for a slip worth naming: ROUET -> ROUTE, ATACK -> Attack
SURE = 0.75  # where a near word may be another thing: P3 -> P-3, but not P-9 -> P-1


def plural(n: int, word: str) -> str:
    """The count and its noun, with an s unless the count is 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def nearest_word(written: str, known: Iterable[str], *, cutoff: float = LIKELY,
                 caseless: bool = False) -> str | None:
    """The known word nearest to what was written, as it is known; None when no word is
    that near. `caseless` compares them in any case (names: Varro, varro)."""
    if not caseless:
        near = difflib.get_close_matches(written, list(known), n=1, cutoff=cutoff)
        return near[0] if near else None
    words = {k.casefold(): k for k in known}
    near = difflib.get_close_matches(written.casefold(), words, n=1, cutoff=cutoff)
    return words[near[0]] if near else None


def plural_noun(n: int, word: str) -> str:
    """The noun alone, as `plural` writes it after its count: "move" for 1, else "moves";
    for a count written another way ("1,024 problems") or not at all."""
    return word if n == 1 else f"{word}s"


def did_you_mean(near: str | None) -> str:
    """What a message that names an unknown word ends with: "; did you mean X?" when a known
    word X is near it (`nearest_word`), else nothing."""
    return f"; did you mean {near}?" if near else ""
