"""What a template prints for each value, made once a move for each string."""

from __future__ import annotations

from typing import Any, Callable

from markupsafe import escape

from ..formats import html


class Escaped(dict):
    """`e[value]`: the text a template prints for `value`, through its format's escaper.

    The same names, planets, bearings and facts are printed in thousands of reports of a
    move: each string is escaped once and looked up after that. Whole numbers print as
    themselves; other values (None, a Markup) are escaped each time, never kept (True and
    1 are equal keys, and print differently)."""

    def __init__(self, escaper: Callable[[Any], str]) -> None:
        super().__init__()
        self.escaper = escaper

    def __missing__(self, value: Any) -> str:
        if type(value) is int:
            return str(value)
        text = self.escaper(value)
        if type(value) is str:
            self[value] = text
        return text


def html_text() -> Escaped:
    """An HTML or SVG template's `{{ value }}`: `finalize` is `html`, then autoescaping."""
    return Escaped(lambda value: str(escape(html(value))))
