"""`pbem send`: the outbox delivered over SMTP.

Each mail is claimed before it is handed to the server (its `sent` set to a claim, in one
statement that fails if anything else marked it first) and marked sent the moment the
server accepts it, so a second run (or one beside it, or after a crash) never sends it
twice; a mail the server refuses goes back to the queue with the server's answer and one
more attempt counted. A claim found by the next run is a send stopped while it delivered
that mail: it may have arrived, so it is not sent again, and the GM is told. A mail sent
leaves `outbox/` for `sent/`. The account comes only from the environment
(PBEM_SMTP_USER, PBEM_SMTP_PASSWORD): pbem never writes it to the database or a file.
"""

from __future__ import annotations

import os
import smtplib
import ssl
from dataclasses import dataclass, field
from datetime import datetime
from email import policy
from email.parser import BytesParser
from email.utils import getaddresses
from pathlib import Path
from typing import Any, Mapping

from ..storage.database import open_db
from ..storage import mails as mail_rows
from ..errors import GameError
from .compose import SECRET_KINDS
from .outbox import fingerprint, keep_sent, now_utc, pending, stamp, tidy_sent

PLAIN, STARTTLS, SSL = "plain", "starttls", "ssl"
DEFAULT_PORTS = {PLAIN: 25, STARTTLS: 587, SSL: 465}
USER_VARIABLE, PASSWORD_VARIABLE = "PBEM_SMTP_USER", "PBEM_SMTP_PASSWORD"


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    security: str = PLAIN
    user: str = ""
    password: str = field(default="", repr=False)
    timeout: float = 30.0


def server_from(host: str, port: int | None, security: str,
                environ: Mapping[str, str] = os.environ) -> Server:
    """The SMTP server of `pbem send`, its account read from the environment."""
    if security not in DEFAULT_PORTS:
        raise GameError(f"unknown security {security!r}; use {', '.join(DEFAULT_PORTS)}")
    user = environ.get(USER_VARIABLE, "")
    password = environ.get(PASSWORD_VARIABLE, "")
    if user and not password:
        raise GameError(f"{USER_VARIABLE} is set but {PASSWORD_VARIABLE} is not; "
                        "export both, or neither for a server that needs no login")
    if user and security == PLAIN and host not in ("localhost", "127.0.0.1", "::1"):
        raise GameError(f"a password is never sent unencrypted to {host}: add --starttls or --ssl")
    return Server(host, port or DEFAULT_PORTS[security], security, user, password)


@dataclass
class Delivery:
    """What one `pbem send` did."""

    sent: list[dict[str, Any]] = field(default_factory=list)
    failed: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    stopped: list[dict[str, Any]] = field(default_factory=list)  # claims of a stopped send


CLAIM = "sending"  # `sent` of a mail being handed to the server: "sending 4242"
STOPPED = ("a send was stopped while it delivered this mail: it may have arrived, so it is "
           "not sent again; ask the officer, and queue it again if it did not")


def _claim(db, row: dict[str, Any]) -> bool:
    """Take the mail for this run: false if anything else has marked it since it was read."""
    with db.atomic():
        return mail_rows.claim(db.conn, row["id"], f"{CLAIM} {os.getpid()}")


def _stopped_claims(db, now: datetime) -> list[dict[str, Any]]:
    """Claims left by a send that was stopped: the caller holds the game's lock, so no
    other send is alive. Each is marked as sent, the doubt written down, and listed."""
    rows = mail_rows.claimed(db, CLAIM + " ")
    with db.atomic():
        for row in rows:
            mail_rows.mark_sent(db, row["id"], stamp(now), STOPPED)
    return rows


def _answer(code: int, text: bytes | str) -> str:
    text = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
    return f"{code} {' '.join(text.split())}"


def _connect(server: Server) -> smtplib.SMTP:
    if server.security == SSL:
        smtp: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout,
                                              context=ssl.create_default_context())
    else:
        smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
    try:
        if server.security == STARTTLS:
            smtp.starttls(context=ssl.create_default_context())
        if server.user:
            smtp.login(server.user, server.password)
    except BaseException:
        smtp.close()
        raise
    return smtp


def _failure(error: Exception) -> str:
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return "; ".join(f"{addr}: {_answer(code, text)}" for addr, (code, text) in error.recipients.items())
    if isinstance(error, smtplib.SMTPResponseException):
        return _answer(error.smtp_code, error.smtp_error)
    if isinstance(error, ssl.SSLError):
        return f"TLS failed: {error.reason or error}"
    if isinstance(error, OSError):
        return f"{type(error).__name__}: {error.strerror or error}"
    return f"{type(error).__name__}: {error}"


def _envelope_sender(data: bytes) -> str:
    """The address of the From header: the envelope sender, where bounces go."""
    headers = BytesParser(policy=policy.default).parsebytes(data, headersonly=True)
    found = getaddresses([str(headers.get("From", ""))])
    return found[0][1] if found else ""


def send_outbox(game_dir: Path, server: Server, now: datetime | None = None) -> Delivery:
    """Deliver every mail still queued; returns what was sent and what was kept."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    done = Delivery(stopped=_stopped_claims(db, now or now_utc()))
    tidy_sent(game_dir, db)
    mails = pending(db)
    if not mails:
        return done

    def record(row: dict[str, Any], sent: bool, error: str) -> None:
        # Only a mail this run claimed, or one nothing has marked: never one sent by another.
        with db.atomic():
            mail_rows.record_attempt(db, row["id"], error,
                                     stamp(now or now_utc()) if sent else None,
                                     f"{CLAIM} {os.getpid()}")
        if sent:
            done.sent.append(row)
        else:
            done.failed.append((row, error))

    try:
        smtp = _connect(server)
    except (OSError, smtplib.SMTPException) as e:
        why = f"cannot reach {server.host}:{server.port}: {_failure(e)}"
        for row in mails:
            record(row, False, why)
        return done
    try:
        for n, row in enumerate(mails):
            if not _claim(db, row):
                continue  # sent, or being sent, by another run since the queue was read
            path = game_dir / row["file"]
            try:
                data = path.read_bytes()
            except OSError as e:
                record(row, False, f"{row['file']}: {e.strerror}")
                continue
            if row.get("sha256") and fingerprint(data) != row["sha256"]:
                record(row, False, f"{row['file']} is not the mail that was queued (the "
                                   "machine stopped before it was on disk, or it was "
                                   "changed): not sent")
                continue
            recipients = [r.strip() for r in row["recipients"].split(",") if r.strip()]
            try:
                refused = smtp.sendmail(_envelope_sender(data), recipients, data)
            except smtplib.SMTPServerDisconnected as e:
                for rest in mails[n:]:
                    record(rest, False, f"the server closed the connection: {e}")
                break
            except (smtplib.SMTPException, OSError) as e:
                record(row, False, _failure(e))
                continue
            record(row, True, "; ".join(f"{a}: {_answer(c, t)}" for a, (c, t) in refused.items()))
            if row["kind"] in SECRET_KINDS:
                # A delivered secret does not stay on the GM's disk in clear.
                path.unlink(missing_ok=True)
            else:
                keep_sent(game_dir, db, row)
    finally:
        try:
            smtp.quit()
        except (smtplib.SMTPException, OSError):
            smtp.close()
    return done
