"""What `pbem inbox` remembers of an IMAP folder: the UIDs it filed, under the folder's
UIDVALIDITY, and whether it has marked or moved each as the GM asked.

A UID names a mail only together with its folder's UIDVALIDITY (RFC 3501, 2.3.1.1): a
folder made anew (or moved to another server) numbers its mail from 1 again under another
UIDVALIDITY, and every mail of it is read again; the inbox knows the mail filed before by
its bytes and files nothing twice.
"""

from __future__ import annotations

from typing import Iterable

from .database import Database


def filed(db: Database, folder: str, uidvalidity: int) -> set[int]:
    """The UIDs of the folder filed under this UIDVALIDITY."""
    return {uid for (uid,) in db.conn.execute(
        "SELECT uid FROM imap_uids WHERE folder = ? AND uidvalidity = ?", [folder, uidvalidity])}


def undone(db: Database, folder: str, uidvalidity: int) -> list[int]:
    """The UIDs filed but not yet marked or moved (the connection dropped, or pbem was
    stopped, between the filing and the marking)."""
    return [uid for (uid,) in db.conn.execute(
        "SELECT uid FROM imap_uids WHERE folder = ? AND uidvalidity = ? AND done = 0 "
        "ORDER BY uid", [folder, uidvalidity])]


def other_validity(db: Database, folder: str, uidvalidity: int) -> bool:
    """Was the folder read before under another UIDVALIDITY?"""
    return db.conn.execute(
        "SELECT 1 FROM imap_uids WHERE folder = ? AND uidvalidity != ? LIMIT 1",
        [folder, uidvalidity]).fetchone() is not None


def remember(db: Database, folder: str, uidvalidity: int,
             read: Iterable[tuple[int, int]]) -> None:
    """UIDs filed, each with the letter it was filed as; the caller holds the transaction
    that filed them."""
    db.conn.executemany(
        "INSERT OR REPLACE INTO imap_uids (folder, uidvalidity, uid, letter_id, done) "
        "VALUES (?, ?, ?, ?, 0)", [(folder, uidvalidity, uid, letter) for uid, letter in read])


def done(db: Database, folder: str, uidvalidity: int, uids: Iterable[int]) -> None:
    """UIDs marked or moved as the GM asked."""
    with db.atomic():
        db.conn.executemany(
            "UPDATE imap_uids SET done = 1 WHERE folder = ? AND uidvalidity = ? AND uid = ?",
            [(folder, uidvalidity, uid) for uid in uids])
