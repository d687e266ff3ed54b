"""`pbem inbox imaps://user@host/Folder`: the GM's mail read straight from his IMAP account.

Over TLS only: `imaps://` from the start (port 993), `imap://` with STARTTLS (port 143),
never a password in clear. The password comes from PBEM_IMAP_PASSWORD, never from a file
or the command line (an address holding one is refused: it would stay in the shell's
history). Every mail becomes a `Letter` as a mail of a Maildir does, and is filed by the
same intake (`pbem.mail.intake.file_letters`).

Each mail is filed once: the UIDs filed are written with the letters, in the same
transaction (`pbem.storage.imap_uids`), so a connection that drops, or a pbem that is stopped,
leaves each mail filed with its UID or neither; the next connection reads on from there.
Mail is read with BODY.PEEK, so the folder is left as it was unless the GM asks for the
mail filed to be marked seen (`--mark-seen`) or moved to another folder (`--move-to`),
which is done once it is filed.
"""

from __future__ import annotations

import imaplib
import os
import re
import ssl
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Mapping
from urllib.parse import unquote, urlsplit

from ..errors import GameError
from ..storage import imap_uids as uids
from .games import Games
from .intake import InboxRun
from ..letters.reading import letter_from_bytes

PASSWORD_VARIABLE = "PBEM_IMAP_PASSWORD"
SCHEMES = {"imaps": 993, "imap": 143}
# Mails fetched at a time: each batch is filed (and its UIDs written) before the next.
BATCH = 20
# Connections tried in one run: a connection that drops is opened again this often.
ATTEMPTS = 3


def is_imap(source: str) -> bool:
    return str(source).split("://", 1)[0].lower() in SCHEMES and "://" in str(source)


@dataclass(frozen=True)
class Account:
    scheme: str
    host: str
    port: int
    user: str
    folder: str
    password: str = field(default="", repr=False)
    timeout: float = 60.0

    @property
    def key(self) -> str:
        """The folder as pbem remembers it and names its letters: the same by either
        scheme or port."""
        return f"{self.user}@{self.host}/{self.folder}"


def account_from(url: str, environ: Mapping[str, str] = os.environ) -> Account:
    """`imaps://user@host[:port]/Folder` (the user may be `name@example.org` itself; the
    folder INBOX when left out), its password from the environment."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        raise GameError(f"{url}: not an IMAP address; write imaps://USER@HOST/FOLDER")
    if parts.password is not None:
        raise GameError(f"{parts.hostname}: never write the password in the address (it would "
                        f"stay in your shell's history); export {PASSWORD_VARIABLE} instead")
    try:
        port = parts.port or SCHEMES[scheme]
    except ValueError:
        raise GameError(f"{url}: the port is not a number") from None
    user, host = unquote(parts.username or ""), parts.hostname or ""
    if not user or not host:
        raise GameError(f"{url}: give the account and the server, as in "
                        "imaps://sc@example.org@imap.example.org/INBOX")
    folder = unquote(parts.path.lstrip("/")) or "INBOX"
    if not folder.isascii() or any(not c.isprintable() for c in folder):
        raise GameError(f"{folder!r}: pbem reads folders named in printable ASCII only; "
                        "rename the folder, or have your mail sorted into one that is")
    password = environ.get(PASSWORD_VARIABLE, "")
    if not password:
        raise GameError(f"export {PASSWORD_VARIABLE} with the password of {user} at {host}; "
                        "pbem never reads it from a file or the command line")
    return Account(scheme, host, port, user, folder, password)


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


_UID = re.compile(rb"\bUID (\d+)")
_INTERNALDATE = re.compile(rb'INTERNALDATE "([^"]+)"')
_UIDVALIDITY = re.compile(rb"\d+")


_INTERNALDATE_PARTS = re.compile(
    r" ?(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)")
_MONTHS = {m: n for n, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}


def _internaldate(head: bytes) -> datetime | None:
    """When the server received the mail (RFC 3501 date-time, English month names whatever
    the machine's locale): dates a mail with no Date of its own."""
    found = _INTERNALDATE.search(head)
    parts = _INTERNALDATE_PARTS.fullmatch(found.group(1).decode("ascii", "replace")) \
        if found else None
    if parts is None or parts.group(2).lower() not in _MONTHS:
        return None
    day, month, year, hour, minute, second, sign, zh, zm = parts.groups()
    offset = timedelta(hours=int(zh), minutes=int(zm)) * (-1 if sign == "-" else 1)
    try:
        return datetime(int(year), _MONTHS[month.lower()], int(day), int(hour), int(minute),
                        int(second), tzinfo=timezone(offset))
    except ValueError:
        return None


class Connection:
    """One logged-in connection with the folder selected."""

    def __init__(self, account: Account, context: ssl.SSLContext | None = None) -> None:
        context = context or ssl.create_default_context()
        self.account = account
        if account.scheme == "imaps":
            self.imap: imaplib.IMAP4 = imaplib.IMAP4_SSL(
                account.host, account.port, ssl_context=context, timeout=account.timeout)
        else:
            self.imap = imaplib.IMAP4(account.host, account.port, timeout=account.timeout)
            try:
                if "STARTTLS" not in self.imap.capabilities:
                    raise GameError(f"{account.host}:{account.port} offers no STARTTLS, and pbem "
                                    "never sends a password in clear: use imaps://")
                self.imap.starttls(ssl_context=context)
            except BaseException:
                self.close()
                raise
        try:
            self.imap.login(account.user, account.password)
            typ, data = self.imap.capability()
            self.capabilities = set(data[0].decode("ascii", "replace").upper().split()) \
                if typ == "OK" and data and data[0] else set(self.imap.capabilities)
            typ, data = self.imap.select(_quoted(account.folder))
            if typ != "OK":
                raise GameError(f"no folder {account.folder!r} at {account.host}: "
                                f"{_said(data)}")
            validity = self.imap.response("UIDVALIDITY")[1]
            found = _UIDVALIDITY.search(validity[0] or b"") if validity and validity[0] else None
            if found is None:
                raise GameError(f"{account.host} gave no UIDVALIDITY for {account.folder}: "
                                "pbem cannot tell which mail it has read")
            self.uidvalidity = int(found.group())
        except BaseException:
            self.close()
            raise

    def uids(self) -> list[int]:
        """The folder's mail but what is marked deleted (on its way out, by the GM's hand)."""
        typ, data = self.imap.uid("SEARCH", None, "UNDELETED")
        _ok(typ, data, "search the folder")
        return sorted(int(n) for n in b" ".join(d for d in data if d).split())

    def fetch(self, wanted: list[int]) -> list[tuple[int, bytes, datetime | None]]:
        """The mails of these UIDs, whole, left unseen; a UID gone meanwhile is left out."""
        typ, data = self.imap.uid("FETCH", ",".join(map(str, wanted)),
                                  "(UID INTERNALDATE BODY.PEEK[])")
        _ok(typ, data, "fetch mail")
        found: dict[int, tuple[int, bytes, datetime | None]] = {}
        for n, item in enumerate(data):
            if not isinstance(item, tuple):
                continue  # the end of a response, or news of flags
            head, body = item
            # The UID may come after the mail, in the rest of the response.
            after = data[n + 1] if n + 1 < len(data) and isinstance(data[n + 1], bytes) else b""
            uid = _UID.search(head) or _UID.search(after)
            if uid is not None:
                found[int(uid.group(1))] = (int(uid.group(1)), body,
                                            _internaldate(head) or _internaldate(after))
        return [found[u] for u in wanted if u in found]

    def folder_exists(self, name: str) -> bool:
        typ, data = self.imap.list('""', _quoted(name))
        return typ == "OK" and any(d for d in data)

    def mark_seen(self, done: list[int]) -> None:
        typ, data = self.imap.uid("STORE", _uid_set(done), "+FLAGS.SILENT", r"(\Seen)")
        _ok(typ, data, "mark mail seen")

    def move(self, done: list[int], folder: str) -> None:
        """Moved with MOVE (RFC 6851), else copied, then deleted by UID (RFC 4315): never
        an EXPUNGE that would take away other mail the GM marked deleted."""
        target = _quoted(folder)
        if "MOVE" in self.capabilities:
            typ, data = self.imap.uid("MOVE", _uid_set(done), target)
            _ok(typ, data, f"move mail to {folder}")
            return
        if "UIDPLUS" not in self.capabilities:
            raise GameError(f"{self.account.host} can neither MOVE nor delete by UID: use "
                            "--mark-seen instead of --move-to")
        typ, data = self.imap.uid("COPY", _uid_set(done), target)
        _ok(typ, data, f"copy mail to {folder}")
        typ, data = self.imap.uid("STORE", _uid_set(done), "+FLAGS.SILENT", r"(\Deleted)")
        _ok(typ, data, "mark the copied mail deleted")
        typ, data = self.imap.uid("EXPUNGE", _uid_set(done))
        _ok(typ, data, "remove the copied mail")

    def close(self) -> None:
        try:
            self.imap.logout()
        except (imaplib.IMAP4.error, OSError):
            try:
                self.imap.shutdown()
            except OSError:
                pass


def _uid_set(numbers: list[int]) -> str:
    return ",".join(map(str, numbers))


def _said(data) -> str:
    return " ".join(d.decode("utf-8", "replace") if isinstance(d, bytes) else str(d)
                    for d in data if d) or "no reason given"


def _ok(typ: str, data, what: str) -> None:
    if typ != "OK":
        raise GameError(f"the server would not {what}: {_said(data)}")


KEEP, SEEN, MOVE = "keep", "seen", "move"


@dataclass
class Fetched:
    """What one reading of an IMAP folder did, in each game it filed mail in."""

    account: Account
    games: Games
    notes: list[str] = field(default_factory=list)
    handled: int = 0  # mails marked seen or moved

    @property
    def run(self) -> InboxRun:
        """The filing of the one game read for."""
        (_, run), = self.games.desks.values()
        return run


def read_folder(game_dirs: Path | list[Path], account: Account, *, after: str = KEEP,
                move_to: str = "", now: datetime | None = None,
                context: ssl.SSLContext | None = None,
                connect: Callable[..., Connection] = Connection) -> Fetched:
    """File every mail of the folder not filed before, then mark or move it as asked. With
    several games, each mail goes to the game its GAME line names (`pbem.mail.games`);
    one for none of them is listed, and left unread and where it is."""
    if after not in (KEEP, SEEN, MOVE) or (after == MOVE) != bool(move_to):
        raise GameError("give the folder to move filed mail to, and only with --move-to")
    folders = [Path(game_dirs)] if isinstance(game_dirs, (str, Path)) else list(game_dirs)
    games = Games(folders, now)
    dbs = {folder: desk.db for folder, (desk, _) in games.desks.items()}
    key = account.key
    fetched = Fetched(account, games)
    arrival = 0
    for attempt in range(1, ATTEMPTS + 1):
        connection = None
        try:
            connection = connect(account, context)
            validity = connection.uidvalidity
            known: set[int] = set()
            for db in dbs.values():
                known |= uids.filed(db, key, validity)
            if (attempt == 1 and not known
                    and any(uids.other_validity(db, key, validity) for db in dbs.values())):
                fetched.notes.append(
                    f"{key} was numbered anew (UIDVALIDITY {validity}): every mail in it is "
                    "read again, and what was filed before is known by its bytes")
            if after == MOVE and not connection.folder_exists(move_to):
                raise GameError(f"no folder {move_to!r} at {account.host} to move filed mail "
                                "to: create it in your mail program first")

            def handle(db, done: list[int]) -> None:
                if after == SEEN:
                    connection.mark_seen(done)
                elif after == MOVE:
                    connection.move(done, move_to)
                uids.done(db, key, validity, done)
                fetched.handled += len(done) if after != KEEP else 0

            for db in dbs.values():
                left = uids.undone(db, key, validity)  # filed by a run that was cut short
                if left:
                    handle(db, left)
            new = [u for u in connection.uids() if u not in known]
            for start in range(0, len(new), BATCH):
                mails = connection.fetch(new[start:start + BATCH])
                letters, by_source = [], {}
                for uid, data, delivered in mails:
                    source = f"{key}, UID {uid}"
                    letters.append(letter_from_bytes(data, source, arrival, delivered))
                    by_source[source] = uid
                    arrival += 1

                def also(folder: Path, pairs) -> None:
                    uids.remember(dbs[folder], key, validity,
                                  [(by_source[letter.source], f.id) for letter, f in pairs])

                for folder, filed in games.file(letters, also=also).items():
                    handle(dbs[folder], [by_source[letter.source] for letter in filed])
            return fetched
        except ssl.SSLCertVerificationError as error:
            # Not a dropped connection: trying again would meet the same certificate.
            raise GameError(
                f"TLS with {account.host}:{account.port} failed ({error.reason or error}); if the "
                "server's certificate is one of your own, point SSL_CERT_FILE at it") from None
        except (imaplib.IMAP4.abort, OSError) as error:
            why = f"{type(error).__name__}: {error}"
            if attempt == ATTEMPTS:
                raise GameError(
                    f"the connection to {account.host}:{account.port} failed {attempt} times "
                    f"({why}); every mail filed so far stays filed: run `pbem inbox` again "
                    "later") from None
            fetched.notes.append(f"the connection to {account.host} dropped ({why}); "
                                 "connected again, reading on from the last mail filed")
        except imaplib.IMAP4.error as error:
            raise GameError(f"{account.host} refused: {_said(error.args)}") from None
        finally:
            if connection is not None:
                connection.close()
    return fetched
