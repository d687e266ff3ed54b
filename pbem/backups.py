"""Backups of the game before each move: the database and the order files the move read.

`backups/move-NN/` holds `game.db` as it was before move NN was resolved and `orders.tar`,
the order files that move read (those it dealt with and those waiting for a later move),
byte for byte (secrets included: this folder is the
GM's alone). The database is copied with SQLite's backup API, never as a file: a file copy
taken while pages still sit in the write-ahead log (`game.db-wal`) would be a database from
the past, or a broken one. A backup is made in a hidden folder and renamed into place, so
`backups/` only ever shows whole ones; the GM sets how many are kept (`pbem backups --keep`).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Mapping

from .errors import GameError
from .orderfolder import CannotRead, read_order_file
from .storage import game_state
from .storage.copies import copy_database
from .storage.database import open_db

BACKUPS = "backups"
DATABASE = "game.db"
ORDERS = "orders.tar"
_FOLDER = re.compile(r"^move-(\d+)$")


@dataclass(frozen=True)
class Backup:
    move: int  # the move this is the game before
    folder: Path
    size: int  # bytes of the database copy


def folder_for(game_dir: Path, move: int) -> Path:
    return Path(game_dir) / BACKUPS / f"move-{move:02d}"


def remove(folder: Path) -> None:
    """Delete a folder so that a kill halfway leaves a hidden leftover, never half a backup."""
    doomed = folder.with_name(f".drop-{folder.name}")
    if doomed.exists():
        shutil.rmtree(doomed)
    os.replace(folder, doomed)
    shutil.rmtree(doomed)


def _readable(files: list[tuple[str, str]],
              read: Mapping[str, bytes]) -> Iterator[tuple[str, str, bytes]]:
    """What a move reads of each order file (at most its first MOST_FILE_BYTES + 1 bytes:
    keeping that much restores the move exactly); entries no move reads (a FIFO, a broken
    link, a file pbem may not read) are not kept, and never opened. A file the move has
    read already (`read`, by its path in orders/) is not read again: those are its bytes."""
    for rel, path in files:
        data = read.get(rel)
        if data is not None:
            yield rel, path, data
            continue
        try:
            yield rel, path, read_order_file(path)
        except CannotRead:
            continue


_USTAR_TAIL = b"0" + bytes(100) + tarfile.POSIX_MAGIC + bytes(32 + 32 + 8 + 8 + 155 + 12)
_MODE_UID_GID = b"0000644\0" + b"0000000\0" * 2
# The header's checksum is the sum of its bytes, the checksum field counted as 8 spaces:
# the sum of the fields every member has alike, added once here.
_FIXED_SUM = sum(_MODE_UID_GID) + sum(b" " * 8) + sum(_USTAR_TAIL)


def _header(name: str, size: int, mtime: int) -> bytes:
    """A member's header as tarfile writes it (`TarInfo.tobuf`, PAX format): made here for
    a plain name (ASCII, within the 100 bytes of the field), tarfile's own otherwise. A
    move's backup holds ten thousand files, and tarfile took 20 microseconds a header."""
    if not name.isascii() or len(name) > 100 or not 0 <= mtime < 8 ** 11 or size >= 8 ** 11:
        info = tarfile.TarInfo(name)
        info.size, info.mtime, info.mode = size, mtime, 0o644
        return info.tobuf(tarfile.PAX_FORMAT, tarfile.ENCODING, "surrogateescape")
    # name, mode, uid, gid, size, mtime, the checksum (six octal digits, NUL, space), then
    # the rest (ustar). The sum is of the few bytes that differ, not of all 512.
    plain, size_field, mtime_field = name.encode("ascii"), b"%011o\0" % size, b"%011o\0" % mtime
    checksum = sum(plain) + sum(size_field) + sum(mtime_field) + _FIXED_SUM
    return (plain.ljust(100, b"\0") + _MODE_UID_GID + size_field + mtime_field
            + b"%06o\0 " % checksum + _USTAR_TAIL)


def write_tar(path: Path, members: list[tuple[str, int, bytes]]) -> None:
    """A tar file of (name, mtime, data) members, mode 0644: the very bytes `tarfile` writes
    for them (its headers, each member padded to 512 bytes, two empty blocks, the record)."""
    chunks = []
    size = 0
    for name, mtime, data in members:
        header = _header(name, len(data), mtime)
        padding = -len(data) % tarfile.BLOCKSIZE
        chunks += [header, data, bytes(padding)]
        size += len(header) + len(data) + padding
    size += 2 * tarfile.BLOCKSIZE
    chunks.append(bytes(2 * tarfile.BLOCKSIZE + -size % tarfile.RECORDSIZE))
    Path(path).write_bytes(b"".join(chunks))


def back_up(game_dir: Path, source: sqlite3.Connection, move: int,
            files: list[tuple[str, str]], keep: int,
            read: Mapping[str, bytes] | None = None,
            mtimes: Mapping[str, int] | None = None,
            digests: Mapping[str, str] | None = None) -> tuple[Path | None, dict[str, str]]:
    """Back the game up before `move` (unless `keep` is 0) with the order files the move
    reads, and fingerprint those files; returns the backup folder and {path in orders/:
    sha256}. `read` holds what the move read of its files already (by path in orders/):
    those bytes are kept, the other files read here; `mtimes`, the times the move saw
    when it read them (no second look at ten thousand files), and `digests` the SHA-256 of
    some of them, taken as it read them (no second hash). Each file is read once, for the tar
    and for its fingerprint: the fingerprint
    lets a half-finished move archive only the files it read, not a new one saved under
    their name, and a rollback tell which files were in orders/ when the move was resolved.
    """
    fingerprints: dict[str, str] = {}
    read = read or {}
    hashed = digests or {}

    def fingerprint(rel: str, data: bytes) -> str:  # of the bytes read, once
        digest = hashed.get(rel) if rel in read else None
        return hashlib.sha256(data).hexdigest() if digest is None else digest

    if keep <= 0:
        for rel, _, data in _readable(files, read):
            fingerprints[rel] = fingerprint(rel, data)
        return None, fingerprints
    root = Path(game_dir) / BACKUPS
    final = folder_for(game_dir, move)
    staging = root / f".move-{move:02d}.tmp"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    copy_database(source, staging / DATABASE)
    members = []
    seen = mtimes or {}
    for rel, path, data in _readable(files, read):
        fingerprints[rel] = fingerprint(rel, data)
        mtime = seen.get(rel) if rel in read else None
        members.append((rel, int(os.stat(path).st_mtime) if mtime is None else mtime, data))
    write_tar(staging / ORDERS, members)
    if final.exists():
        remove(final)  # a backup of this move from before a rollback
    os.replace(staging, final)
    prune(game_dir, keep)
    return final, fingerprints


def backups(game_dir: Path) -> list[Backup]:
    root = Path(game_dir) / BACKUPS
    if not root.is_dir():
        return []
    found = []
    for p in root.iterdir():
        m = _FOLDER.match(p.name)
        if m and (p / DATABASE).is_file():
            found.append(Backup(int(m.group(1)), p, (p / DATABASE).stat().st_size))
    return sorted(found, key=lambda b: b.move)


def prune(game_dir: Path, keep: int) -> list[int]:
    """Keep the `keep` latest backups; returns the moves whose backups were deleted."""
    old = backups(game_dir)[:-keep] if keep > 0 else backups(game_dir)
    for b in old:
        remove(b.folder)
    return [b.move for b in old]


def order_file(backup: Path, rel: str) -> bytes | None:
    """One order file as the backup holds it, or None."""
    path = backup / ORDERS
    if not path.is_file():
        return None
    with tarfile.open(path) as tar:
        try:
            member = tar.getmember(rel)
        except KeyError:
            return None
        data = tar.extractfile(member)
        return data.read() if data else None


def keep(game_dir: Path, keep: int | None = None) -> tuple[int, list[int]]:
    """`pbem backups`: how many backups the game keeps; with `keep`, set it, and delete the
    backups beyond it. Returns the setting and the moves whose backups were deleted."""
    if keep is not None and keep < 0:
        raise GameError("--keep must be 0 (no backups) or more")
    db = open_db(Path(game_dir))
    try:
        if keep is not None:
            with db.atomic():
                game_state.set_keep_backups(db, keep)
        kept = game_state.game_row(db)["keep_backups"]
    finally:
        db.close()
    return kept, (prune(Path(game_dir), keep) if keep is not None else [])
