"""Whether a secret written in orders is the officer's: the one check of an officer's
secret against the salted hash the game keeps of it (never the secret itself).

Every reader of orders asks it the same way: the inbox of each letter it files, `pbem
check --game` of one file. The rules' lawfulness check takes it as its `SecretCheck`
(`functools.partial(secret_ok, stored)`), so the rules never see a hash.
"""

from __future__ import annotations

from typing import Mapping

from .store import secret_matches

# Each officer's salt and the hash of his secret, by officer id.
Stored = Mapping[int, tuple[str, str]]


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
