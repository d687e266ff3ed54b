"""The two dice of the S.C. (a d6 and a d10), drawn from the game's secret, never from `random`.

Each roll is HMAC-SHA256(secret, "move|officer|kind|detail|n") read as a number: a rerun of
the same move reproduces every roll, a changed order does not shift the rolls of anybody
else, the result does not depend on the Python version, and the secret can be published
after the game for anyone to check the log. Tests inject `ScriptedDice` to force a roll.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Protocol

GM = "gm"  # who may see a roll: the GM only, the officer it concerns, or everyone
OFFICER = "officer"
PUBLIC = "public"


@dataclass(frozen=True)
class Roll:
    move: int
    officer: int | None
    kind: str  # what for: "info", "presence", ...
    detail: str  # which one: "P-3 level II"
    die: int
    result: int
    visibility: str


def face(secret: bytes, move: int, officer: int | None, kind: str, detail: str, n: int,
         die: int) -> int:
    """The n-th roll of a d`die` for one purpose in one move: what `SeededDice` rolls, and
    what anybody holding the revealed secret recomputes from a logged roll's purpose."""
    digest = hmac.digest(secret, _message(move, officer, kind, detail, n), "sha256")
    return _read(digest, die)


def _message(move: int, officer: int | None, kind: str, detail: str, n: int) -> bytes:
    return f"{move}|{officer if officer is not None else '-'}|{kind}|{detail}|{n}".encode()


def _read(digest: bytes, die: int) -> int:
    # 64 bits modulo 6 or 10: the bias is below 1e-18, far under any test's reach.
    return int.from_bytes(digest[:8], "big") % die + 1


_BLOCK = 64  # SHA-256's block in bytes: B of RFC 2104
_IPAD = bytes(b ^ 0x36 for b in range(256))  # each byte of a key XOR ipad, and XOR opad
_OPAD = bytes(b ^ 0x5C for b in range(256))


def keyed(secret: bytes) -> tuple["hashlib._Hash", "hashlib._Hash"]:
    """HMAC-SHA256 keyed with the secret, as RFC 2104 (and `hmac`) keys it: a SHA-256 fed
    the key XOR ipad, and another fed the key XOR opad. A roll copies both
    (`SeededDice.draw`): the same digest as `hmac`'s, without hmac.HMAC's Python-level copy,
    half the cost."""
    key = hashlib.sha256(secret).digest() if len(secret) > _BLOCK else secret
    key = key.ljust(_BLOCK, b"\0")
    return hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))


class Dice(Protocol):
    log: list[Roll]

    def roll(
        self, die: int, kind: str, detail: str = "", *, officer: int | None = None,
        visibility: str = GM,
    ) -> int: ...


class SeededDice:
    """Rolls derived from the game secret and the roll's purpose."""

    def __init__(self, secret: bytes, move: int) -> None:
        self.secret = secret
        self.move = move
        self.log: list[Roll] = []
        self._counters: dict[tuple, int] = {}
        self._keyed = keyed(secret)

    def draw(self, die: int, kind: str, detail: str, officer: int | None) -> int:
        """`face` of the n-th roll for this purpose, from the HMAC already keyed with the
        secret (`keyed`, left as it was): copies of it take the message, instead of keying
        a new one for every roll."""
        key = (officer, kind, detail)
        n = self._counters[key] = self._counters.get(key, 0) + 1
        inner, outer = self._keyed
        inner, outer = inner.copy(), outer.copy()
        # `_message` and `_read`, written out: a move of the advanced level rolls thousands.
        inner.update(f"{self.move}|{officer if officer is not None else '-'}|{kind}|{detail}|{n}"
                     .encode())
        outer.update(inner.digest())
        return int.from_bytes(outer.digest()[:8], "big") % die + 1

    def roll(
        self, die: int, kind: str, detail: str = "", *, officer: int | None = None,
        visibility: str = GM,
    ) -> int:
        result = self.draw(die, kind, detail, officer)
        self.log.append(Roll(self.move, officer, kind, detail, die, result, visibility))
        return result


class ScriptedDice(SeededDice):
    """Forced results by kind, consumed in order; unscripted kinds fall back to the seed.

    `ScriptedDice({"info": [6, 1, 2]})` makes the next three information rolls 6, 1 and 2.
    """

    def __init__(
        self, script: dict[str, list[int]], secret: bytes = b"test", move: int = 1,
        strict: bool = False,
    ) -> None:
        super().__init__(secret, move)
        self.script = {k: list(v) for k, v in script.items()}
        self.strict = strict

    def draw(self, die: int, kind: str, detail: str, officer: int | None) -> int:
        queue = self.script.get(kind)
        if queue:
            result = queue.pop(0)
            if not 1 <= result <= die:
                raise ValueError(f"scripted {kind} roll {result} is not a face of a d{die}")
            return result
        if self.strict:
            raise LookupError(f"no scripted roll left for {kind} {detail}")
        return super().draw(die, kind, detail, officer)
