"""A rules file being read: its TOML parsed and every value checked for its type, each
problem a `RulesetError` that names the file, the key and what is wrong.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from .parsed import parsed

DICE: tuple[int, ...] = (6, 10)  # S.C. rules B f: the S.C. has a d6 and a d10


class RulesetError(Exception):
    """A rules file is unusable: which file, which key, what is wrong."""

    def __init__(self, file: str, key: str, reason: str) -> None:
        super().__init__(file, key, reason)
        self.file = file
        self.key = key
        self.reason = reason

    def __str__(self) -> str:
        if not self.key:
            return f"{self.file}: {self.reason}"
        return f"{self.file}: {self.key}: {self.reason}"


def quote(part: str) -> str:
    """A part of a key as TOML writes it: bare, or quoted when it holds other characters."""
    return part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else f'"{part}"'


class RulesFile:
    """One rules file as it is read: its label (the default's path or the game folder's
    `rules/<name>`) and the checks of its values, each failing with a `RulesetError`."""

    def __init__(self, label: str, override: bool = False) -> None:
        self.label = label
        self.override = override  # a game folder's file, not the package default

    def error(self, key: str, reason: str) -> RulesetError:
        return RulesetError(self.label, key, reason)

    def parse(self, text: str) -> dict[str, Any]:
        return parsed(text, self._parse_toml)

    def _parse_toml(self, text: str) -> dict[str, Any]:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise self.error("", f"TOML syntax error: {e}") from None

    def table(self, value: Any, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(key, f"must be a table, got {value!r}")
        return value

    def required(self, table: dict[str, Any], name: str, key: str) -> Any:
        if name not in table:
            raise self.error(f"{key}.{quote(name)}" if key else name, "missing")
        return table[name]

    def only(self, table: dict[str, Any], allowed: tuple[str, ...], key: str) -> None:
        for name in table:
            if name not in allowed:
                where = f"{key}.{quote(name)}" if key else quote(name)
                raise self.error(where, f"unknown key; use one of {', '.join(allowed)}")

    def integer(self, value: Any, key: str, low: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"must be a whole number, got {value!r}")
        if low is not None and value < low:
            raise self.error(key, f"must be at least {low}, got {value}")
        return value

    def string(self, value: Any, key: str, choices: tuple[str, ...] = ()) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"must be a non-empty string, got {value!r}")
        if choices and value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {value!r}")
        return value

    def array(self, value: Any, key: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {value!r}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must list exactly {length} values, got {len(value)}")
        return value
