"""The orders/ folder as pbem reads it: anything may be in it.

The GM saves mail there by hand, by a mail filter or by unpacking an archive, so besides
order files the folder may hold folders named like files, links (broken, looping, or
leading out of the folder), named pipes that would keep a reader waiting forever, sockets,
devices, files nobody may read, files of gigabytes. Only regular files are opened (a look
just before opening finds them, and one once opened checks it is still one), never in a way
that can block, and only their first MOST_FILE_BYTES + 1 bytes are read (enough to know
that a file is too large); anything else is refused with the reason, which the GM log
names.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from operator import itemgetter

from .orders.limits import MOST_FILE_BYTES

ARCHIVE = "archive"  # orders/archive/move-NN/: the files a resolved move has dealt with

# Opening never waits (a FIFO opens at once with O_NONBLOCK) and never makes a terminal
# pbem's own; where a flag does not exist (Windows) there is nothing it guards against.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_CHUNK = 64 * 1024


class CannotRead(Exception):
    """A file that is not read: `reason` says what it is, `fix` what to do."""

    def __init__(self, reason: str, fix: str = "") -> None:
        super().__init__(f"{reason}; {fix}" if fix else reason)
        self.reason = reason
        self.fix = fix


def order_files(
    game_dir: Path, folders: list[tuple[str, str]] | None = None,
) -> list[tuple[str, str]]:
    """Every entry waiting in orders/ that is not a folder (its path inside orders/ and on
    disk), in name order; the archive and hidden entries aside. Plain strings: there may be
    thousands. Links to folders are listed (to be refused by name), not followed.

    Folders worth the GM's eye go to `folders` as (path inside orders/, what is wrong):
    one that cannot be listed, and one named like a file (`orders.txt/`), which is
    likely a mistake; the files inside are read all the same.
    """
    top = str(Path(game_dir) / "orders")

    def rel(path: str) -> str:
        return os.path.relpath(path, top).replace(os.sep, "/")

    def cannot_list(error: OSError) -> None:
        if folders is not None and error.filename != top:
            folders.append((rel(error.filename), f"the folder cannot be read ({error.strerror})"))

    found: list[tuple[str, str]] = []
    # Top down, into no link: a link to a folder is listed as an entry, refused when read.
    for root, dirs, files in os.walk(top, onerror=cannot_list):
        prefix = "" if root == top else rel(root) + "/"
        kept = []
        for d in dirs:
            if d.startswith(".") or (prefix == "" and d == ARCHIVE):
                continue
            if os.path.islink(os.path.join(root, d)):
                files.append(d)
                continue
            kept.append(d)
            if folders is not None and os.path.splitext(d)[1]:
                folders.append((prefix + d, "a folder named like a file; what is inside "
                                "it is read as order files"))
        dirs[:] = kept
        found += [(prefix + name, os.path.join(root, name))
                  for name in files if not name.startswith(".")]
    if folders is not None:
        folders.sort()
    found.sort(key=_FIRST)  # by name: no two entries have one
    return found


_FIRST = itemgetter(0)


def _kind(mode: int) -> str | None:
    """What a non-regular entry is, in the GM's words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _inside(path: str, folder: str) -> bool:
    folder = os.path.realpath(folder)
    return os.path.commonpath([os.path.realpath(path), folder]) == folder


def read_order_file(path: str, inside: str | None = None) -> bytes:
    """The first MOST_FILE_BYTES + 1 bytes of a regular file (enough for the reader to
    know it is longer than it reads); raises CannotRead.

    With `inside` (the orders/ folder), a link is followed only to a file inside it: a
    link to /dev/zero or to a private file elsewhere is not read.
    """
    return read_regular(path, MOST_FILE_BYTES + 1, inside)[0]


def read_regular_file(path: str, most: int, inside: str | None = None) -> bytes:
    """At most `most` bytes of a regular file, never blocking; raises CannotRead. Used for
    order files and for mail alike."""
    return read_regular(path, most, inside)[0]


def read_regular(path: str, most: int, inside: str | None = None
                 ) -> tuple[bytes, os.stat_result]:
    """`read_regular_file`, with the file's status as it was opened: its modification time
    dates a plain order file, with no second look at the file."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        raise CannotRead("it does not exist (any more)") from None
    except OSError as e:
        raise CannotRead(f"it cannot be looked at ({e.strerror})") from None
    if stat.S_ISLNK(status.st_mode):
        try:
            status = os.stat(path)
        except OSError:
            raise CannotRead("it is a broken link (it points to nothing)",
                             "remove the link") from None
        if inside is not None and not _inside(path, inside):
            raise CannotRead(
                "it is a link leading out of orders/ (links are followed only inside it)",
                "put the file itself in its place")
    kind = _kind(status.st_mode)
    if kind is not None:
        raise CannotRead(f"it is {kind}, not a file", "remove it")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except PermissionError:
        raise CannotRead("it cannot be read (permission denied)",
                         "make it readable to the user who runs pbem") from None
    except OSError as e:
        raise CannotRead(f"it cannot be opened ({e.strerror})") from None
    return _read_opened(fd, most)


def _read_opened(fd: int, most: int) -> tuple[bytes, os.stat_result]:
    """At most `most` bytes of the file open at `fd`, if it is a regular file; closes it."""
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):  # it may have been replaced since it was looked at
            raise CannotRead(f"it is {_kind(opened.st_mode)}, not a file", "remove it")
        if most > 0:
            # Most files are read whole by the first read, as the loop below reads them.
            chunk = os.read(fd, min(most, _CHUNK))
            if not chunk or len(chunk) == opened.st_size or len(chunk) == most:
                return chunk, opened
            chunks, left = [chunk], most - len(chunk)
        else:
            chunks, left = [], most
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
            # All of it, as it was when opened: no read more to learn that it ends (a move
            # reads thousands of files).
            if most - left == opened.st_size:
                break
        return b"".join(chunks), opened
    except OSError as e:
        raise CannotRead(f"it cannot be read ({e.strerror})") from None
    finally:
        os.close(fd)


def copy_orders(orders: Path, copy: Path) -> None:
    """A copy of orders/ (its archive aside) that a move reads as it would read the
    original: of each file what a move reads of it, links as links (so one leading out
    still leads out, one broken is still broken), a FIFO as a FIFO, a file pbem may not read
    as an empty file nobody may read; sockets and devices, which no move reads, are left
    out. Nothing is opened that a move would not open."""

    def entry(source: str, target: str) -> str:
        mode = os.lstat(source).st_mode
        if stat.S_ISFIFO(mode):
            os.mkfifo(target)
        elif stat.S_ISREG(mode):
            try:
                data = read_order_file(source)
            except CannotRead:
                Path(target).touch(mode=0)
            else:
                Path(target).write_bytes(data)
        return target

    shutil.copytree(orders, copy, symlinks=True, copy_function=entry,
                    ignore=lambda folder, names: [ARCHIVE] if Path(folder) == orders else [])
