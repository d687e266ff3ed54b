"""The secrets of enlistment: each officer's own secret, which signs his order files and
is kept only salted and hashed, and his lot in the player order, drawn from the game's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


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


def officer_lot(game_secret: str, officer_id: int) -> str:
    """The lot drawn for the player order: seeded, and independent of enlistment order."""
    return hmac.new(bytes.fromhex(game_secret), f"turn-order|{officer_id}".encode(),
                    hashlib.sha256).hexdigest()
