"""The secrets of enlistment: each officer's own secret, which signs his order files and
is kept only salted and hashed, the one check of a written secret against that hash, and
his lot in the player order, drawn from the game's.

Every reader of orders checks a secret the same way: the inbox of each letter it files,
`pbem check --game` of one file. The rules' lawfulness check takes it as its `SecretCheck`
(`functools.partial(secret_ok, stored)`), so the rules never see a hash.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Mapping

# Each officer's salt and the hash of his secret, by officer id.
Stored = Mapping[int, tuple[str, str]]


def new_secret() -> str:
    """A secret like `4tq9-mx2d-k8p3`: 60 bits, easy to copy from an e-mail."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    chars = "".join(secrets.choice(alphabet) for _ in range(12))
    return "-".join(chars[i : i + 4] for i in range(0, 12, 4))


def hash_secret(secret: str, salt: str) -> str:
    # Secrets are machine-made with high entropy, so a salted SHA-256 is enough and keeps
    # checking thousands of order files fast. Case is folded: mail clients capitalise.
    return hashlib.sha256(f"{salt}:{secret.strip().lower()}".encode()).hexdigest()


def secret_matches(secret: str, salt: str, stored: str) -> bool:
    return hmac.compare_digest(hash_secret(secret, salt), stored)


def secret_ok(stored: Stored, officer_id: int, secret: str) -> bool:
    """Is `secret` the officer's, by the salt and hash `stored` keeps of it?"""
    salt, hashed = stored[officer_id]
    return secret_matches(secret, salt, hashed)


def proof_stands(stored: Stored, proved: str, officer_id: int, _written: str = "") -> bool:
    """A letter filed before proved it was the officer's with the hash `proved` (the
    secret itself is not kept, the one written in the letter is masked): the proof stands
    while that is still the hash of his secret, and falls when the GM has given him a new
    one since. With `stored` and `proved` given, a `SecretCheck` of the rules."""
    return bool(proved) and stored.get(officer_id, ("", ""))[1] == proved


def officer_lot(game_secret: str, officer_id: int) -> str:
    """The lot drawn for the player order: seeded, and independent of enlistment order."""
    return hmac.new(bytes.fromhex(game_secret), f"turn-order|{officer_id}".encode(),
                    hashlib.sha256).hexdigest()
