"""The outbox: every mail pbem writes waits in the game folder's `outbox/` as one `.eml`
file, recorded in the `mails` table until `pbem send` delivers it; then it is kept in
`sent/` (a letter carrying a secret is deleted instead), so that `outbox/` holds only
what waits.

A mail is queued only when the game has the GM's address (`pbem.settings.MAIL_FROM`, the
From of every mail) and the officer has an e-mail address; the report mails of a move are
queued after the move is saved, so a crash never leaves mail about a move that did not
happen.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime, timezone
from email.headerregistry import Address
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from .. import addresses, deadlines
from ..settings import MAIL_FROM, mail_from
from ..addresses import MailError
from ..order_form import order_form as form
from ..render import MoveView, environment, form_situation, order_forms, report_name, slug
from ..rules.outer_space import explored
from ..serving import find_officer
from ..errors import GameError
from ..storage import game_state, mails, moves, officers, planets
from ..storage.database import Database, open_db
from ..storage.rows import landing_from_json, ship_from_json
from . import compose
from .waiting import OUTBOX

SENT = "sent"  # where a mail delivered is kept


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="seconds")


def sender_of(settings: dict[str, Any]) -> Address | None:
    text = mail_from(settings)
    return addresses.parse_mailbox(text) if text else None


def set_sender(game_dir: Path, text: str) -> Address:
    """`pbem mail-from`: the GM's address, the From of every mail pbem writes."""
    try:
        sender = addresses.parse_mailbox(text)
    except MailError as e:
        raise GameError(str(e)) from None
    db = open_db(Path(game_dir))
    settings = json.loads(game_state.game_row(db)["settings"])
    settings[MAIL_FROM] = str(sender)
    with db.atomic():
        game_state.write_settings(db, settings)
    return sender


def _write(path: Path, data: bytes, durable: bool = True) -> None:
    """Written whole or not at all: a half-written mail must never be sent. `durable`
    waits for the disk too; without it a file may be lost if the machine stops (a killed
    process loses nothing), which `pbem send` finds by its fingerprint and never sends."""
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "wb") as f:
        f.write(data)
        if durable:
            f.flush()
            os.fsync(f.fileno())
    os.replace(temporary, path)


def fingerprint(data: bytes) -> str:
    """What `pbem send` checks a mail's file against before sending it."""
    return hashlib.sha256(data).hexdigest()


class Writer:
    """Mail files written in the background, each whole or not at all (`_write`), without
    waiting for the disk: the receipts of an inbox of a thousand mails would each wait half
    a millisecond of the kernel's time for it. The caller waits (`wait`) before it commits
    the rows naming them; should the machine stop before the disk has them, `pbem send`
    finds a file that is not the mail queued by its fingerprint and does not send it."""

    def __init__(self, workers: int = 4) -> None:
        from concurrent.futures import ThreadPoolExecutor  # here: 2 ms, with logging

        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="outbox")
        self._writing: list = []

    def write(self, path: Path, data: bytes) -> None:
        self._writing.append(self._pool.submit(_write, path, data, False))

    def wait(self) -> None:
        """Every file written; raises the first error met."""
        writing, self._writing = self._writing, []
        for done in writing:
            done.result()

    def __enter__(self) -> "Writer":
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.wait()
        finally:
            self._pool.shutdown()


def queue(game_dir: Path, db: Database, message: EmailMessage, *, kind: str,
          officer_id: int | None, move: int | None, now: datetime, label: str = "",
          writer: Writer | None = None) -> int:
    """Store one mail in outbox/ and record it; returns its id in the `mails` table. With
    a `writer`, the file is written in the background and the caller waits for it before
    committing."""
    if kind not in compose.KINDS:
        raise ValueError(f"unknown kind of mail {kind!r}")
    folder = Path(game_dir) / OUTBOX
    folder.mkdir(exist_ok=True)
    recipients = [a.addr_spec for a in message["To"].addresses]
    with db.atomic():
        mail_id = mails.insert(
            db.conn, kind=kind, officer_id=officer_id, move=move,
            recipients=", ".join(recipients), subject=str(message["Subject"]),
            message_id=str(message["Message-ID"]), queued=stamp(now))
        name = f"{mail_id:05d}-{kind}" + (f"-{slug(label)}" if label else "")
        name += f"-move-{move:02d}.eml" if move is not None else ".eml"
        data = message.as_bytes(policy=compose.SMTP)
        if writer is None:
            _write(folder / name, data)
        else:
            writer.write(folder / name, data)
        mails.set_file(db.conn, mail_id, f"{OUTBOX}/{name}", fingerprint(data))
    return mail_id


def keep_sent(game_dir: Path, db: Database, row: dict[str, Any]) -> None:
    """A mail delivered (its row marked sent) leaves outbox/ for sent/. Moved first, then
    its row names the new place: a stop between the two leaves the file in sent/ and the
    row naming outbox/, which the next `pbem send` mends (`tidy_sent`)."""
    if not row["file"].startswith(f"{OUTBOX}/"):
        return
    name = Path(row["file"]).name
    source, target = Path(game_dir) / row["file"], Path(game_dir) / SENT / name
    if source.is_file():
        target.parent.mkdir(exist_ok=True)
        os.replace(source, target)
    if target.is_file():
        with db.atomic():
            mails.move_file(db.conn, row["id"], f"{SENT}/{name}")


def tidy_sent(game_dir: Path, db: Database) -> None:
    """Mail marked sent whose file is still in outbox/ (pbem stopped between the two, or
    the game was made before sent/) moved to sent/."""
    rows = mails.sent_still_in(db, OUTBOX)
    for row in rows:
        if row["kind"] in compose.SECRET_KINDS:
            (Path(game_dir) / row["file"]).unlink(missing_ok=True)
        else:
            keep_sent(game_dir, db, row)


def pending(db: Database) -> list[dict[str, Any]]:
    return mails.pending(db)


# --- the letters of a game -------------------------------------------------------------

def _officer_row(db: Database, officer_id: int) -> dict[str, Any]:
    row = officers.row(db.conn, officer_id)
    if row is None:
        raise GameError(f"no officer {officer_id} in this game")
    return row


def _recipient(row: dict[str, Any]) -> Address | None:
    """The officer as a recipient; None without an address or with one a game made before
    addresses were checked holds wrongly (`pbem officers` shows it, `pbem email` mends it)."""
    try:
        return addresses.address(row["name"], row["email"]) if row["email"] else None
    except MailError:
        return None


def queue_reports(game_dir: Path, db: Database, move: int, folder: Path,
                  now: datetime | None = None) -> list[int]:
    """After a move: each officer with an e-mail gets his report, the order form attached."""
    g = game_state.game_row(db)
    sender = sender_of(json.loads(g["settings"]))
    if sender is None:
        return []
    now = now or now_utc()
    queued = []
    # Once per move: a move finished after a kill cut its file work short queues only the
    # reports not queued before the kill (`pbem resend` queues one again on purpose).
    done = mails.addressed(db.conn, compose.REPORT, move)
    # An officer the move itself retired (missed moves) still gets its report, his last.
    rows = officers.report_recipients(db, move)
    forms = {} if g["ended"] or not rows else _forms_of_move(db, g["name"], move)
    for row in rows:
        if row["id"] in done:
            continue
        to = _recipient(row)
        path = Path(folder) / report_name(row["id"], row["name"])
        if to is None or not path.is_file():
            continue
        next_form = forms.get(row["id"])
        message = compose.report_letter(
            sender, to, game=g["name"], move=move,
            report=path.read_text(encoding="utf-8"), form=next_form, now=now,
            html=_report_page(path, row), lang=row["lang"] or g["lang"])
        queued.append(queue(game_dir, db, message, kind=compose.REPORT, officer_id=row["id"],
                            move=move, now=now, label=row["name"]))
    return queued


def requeue_report(game_dir: Path, officer: str, move: int, now: datetime | None = None) -> int:
    """`pbem resend`: the report of a move queued again, to the officer's address of today."""
    game_dir = Path(game_dir)
    db = open_db(game_dir)
    row = find_officer(db, officer)
    to = _recipient(row)
    if to is None:
        raise GameError(f"{row['name']} has no valid e-mail address; set one with "
                        f"`pbem email {game_dir} {row['name']!r} ADDRESS --reason TEXT`")
    if not moves.is_resolved(db, move):
        raise GameError(f"move {move} has not been resolved")
    g = game_state.game_row(db)
    sender = _required_sender(game_dir, g)
    path = game_dir / "reports" / f"move-{move:02d}" / report_name(row["id"], row["name"])
    if not path.is_file():
        raise GameError(f"{path} is missing; write the move's reports again with "
                        f"`pbem report {game_dir} --move {move}`, then resend")
    now = now or now_utc()
    last = g["ended"] and move == g["move"] - 1
    message = compose.report_letter(
        sender, to, game=g["name"], move=move,
        report=path.read_text(encoding="utf-8"),
        form=None if last else _forms_of_move(db, g["name"], move).get(row["id"]), now=now,
        html=_report_page(path, row), lang=row["lang"] or g["lang"])
    return queue(game_dir, db, message, kind=compose.REPORT, officer_id=row["id"], move=move,
                 now=now, label=row["name"])


def _report_page(path: Path, row: dict[str, Any]) -> str | None:
    """The report as the web page written beside its text, with the officer's chart drawn
    in it (inline SVG: nothing is fetched from anywhere, and its Content-Security-Policy
    forbids any script); None for an officer who wants plain text only, or when the page
    is missing (a game whose templates write none)."""
    page = path.with_suffix(".html")
    if row.get("plain_mail") or not page.is_file():
        return None
    return page.read_text(encoding="utf-8")


def _forms_of_move(db: Database, game: str, move: int) -> dict[int, str]:
    """The order forms printed in the move's reports: the same, from the same events."""
    events, _ = game_state.load_events(db, move)
    return order_forms(game, move, MoveView(events), game_state.readers(db))


def form_now(db: Database, game: str, row: dict[str, Any], ruleset) -> str:
    """The order form of the move being collected, tailored to the officer's ship as it
    stands now: for welcome letters and reminders."""
    g = game_state.game_row(db)
    sheet = _sheet(row, ruleset)
    landing = landing_from_json(row["landing"])
    base = row["landed_on"] is not None and landing is None
    planet = (planets.designation(db, row["landed_on"])
              if row["landed_on"] is not None else None)
    ground = None
    if landing is not None:
        ground = {"crews_down": len(landing.crews_down)}
        if landing.zone:  # outer space
            ground.update(zone=landing.zone, relandings=landing.relandings)
    sheet.update(landed=planet if (base or landing) else None, ground=ground)
    colleague = officers.first_colleague(db, row["id"])
    situation = form_situation(
        sheet, research="research" in json.loads(g["settings"]).get("rules", []),
        colleague=colleague)
    return form(game, row["name"], g["move"], situation, lang=row["lang"] or g["lang"])


def _required_sender(game_dir: Path, g: dict[str, Any]) -> Address:
    sender = sender_of(json.loads(g["settings"]))
    if sender is None:
        raise GameError("the game has no GM address for the From of its mails; set it with "
                        f"`pbem mail-from {game_dir} \"Space Computer <sc@example.org>\"`")
    return sender


def _deadline(db: Database, move: int) -> dict[str, Any] | None:
    return deadlines.view(deadlines.of_move(db, move), move)


def _sheet(row: dict[str, Any], ruleset) -> dict[str, Any]:
    ship = ship_from_json(row["ship"])
    return {
        "officer_name": row["name"], "rank": row["rank"], "score": row["score"],
        "ship_type": ship.type, "ship_name": ship.name, "level": ruleset.ships[ship.type].level,
        "parsecs_per_tank": ruleset.ships[ship.type].parsecs_per_tank,
        "crews": list(ship.crews), "fit": ship.fit(),
        "crew_men": ruleset.ships[ship.type].crew_men,
    }


def queue_welcome(game_dir: Path, db: Database, officer_id: int, secret: str,
                  *, ruleset, renewed: bool = False, now: datetime | None = None) -> int | None:
    """The welcome letter (or, renewed, the letter with a new secret); None when the game
    has no GM address or the officer no e-mail."""
    g = game_state.game_row(db)
    settings = json.loads(g["settings"])
    sender = sender_of(settings)
    row = _officer_row(db, officer_id)
    to = _recipient(row)
    if sender is None or to is None:
        return None
    now = now or now_utc()
    order_form = form_now(db, g["name"], row, ruleset)
    body = environment(Path(game_dir), "txt", row["lang"] or g["lang"]).get_template(
        "welcome.txt.j2").render(
        game=g["name"], move=g["move"], sheet=_sheet(row, ruleset), secret=secret,
        renewed=renewed, deadline=_deadline(db, g["move"]), ranks=ruleset.ranks, order_form=order_form,
        research="research" in settings.get("rules", []), moves=g["moves"],
        outer=explored(settings),
    )
    message = compose.welcome_letter(sender, to, game=g["name"], move=g["move"],
                                     body=body, form=order_form, now=now, renewed=renewed,
                                     lang=row["lang"] or g["lang"])
    return queue(game_dir, db, message, kind=compose.SECRET if renewed else compose.WELCOME,
                 officer_id=officer_id, move=g["move"], now=now, label=row["name"])


def queue_reminder(game_dir: Path, db: Database, officer_id: int, *,
                   ruleset=None, refused: str = "", now: datetime | None = None) -> int | None:
    """A reminder that the orders of the move being collected have not arrived (or, with
    `refused`, the first problem of the last ones, that they were refused)."""
    if ruleset is None:
        from ..ruleset_files import load_ruleset  # here: 22 ms of TOML and rules, rarely needed

        ruleset = load_ruleset(Path(game_dir))
    g = game_state.game_row(db)
    sender = sender_of(json.loads(g["settings"]))
    row = _officer_row(db, officer_id)
    to = _recipient(row)
    if sender is None or to is None:
        return None
    now = now or now_utc()
    order_form = form_now(db, g["name"], row, ruleset)
    body = environment(Path(game_dir), "txt", row["lang"] or g["lang"]).get_template(
        "reminder.txt.j2").render(
        game=g["name"], move=g["move"], name=row["name"], rank=row["rank"],
        deadline=_deadline(db, g["move"]), order_form=order_form, refused=refused)
    message = compose.reminder_letter(sender, to, game=g["name"], move=g["move"],
                                      body=body, form=order_form, now=now,
                                      lang=row["lang"] or g["lang"])
    return queue(game_dir, db, message, kind=compose.REMINDER, officer_id=officer_id,
                 move=g["move"], now=now, label=row["name"])


def queue_receipt(game_dir: Path, db: Database, *, body: str, verdict: str,
                  move: int | None, answers: compose.Thread, sender_address: str,
                  officer_id: int | None,
                  to_officer: bool = True, now: datetime | None = None,
                  desk: "Desk | None" = None) -> int | None:
    """The answer to a mail of orders: to its sender and to the officer's enlisted address
    (so an officer learns at once when someone else wrote in his name); with `to_officer`
    off, to the sender alone (the officer gets a receipt of his own). `desk` holds what
    many receipts in a row share, read once."""
    desk = desk or Desk(db)
    sender = desk.sender
    if sender is None:
        return None
    to: list[Address] = []
    row = desk.officer(officer_id) if officer_id is not None else None
    officer = desk.recipient(officer_id) if row is not None and to_officer else None
    if officer is not None and sender_address.casefold() == officer.addr_spec.casefold():
        to.append(officer)  # the officer wrote himself, from his enlisted address
    elif sender_address:
        try:
            to.append(addresses.address("", sender_address))
        except MailError:
            pass  # a forged or broken From gets no answer; the officer still does
    if officer is not None and all(a.addr_spec.lower() != officer.addr_spec.lower() for a in to):
        to.append(officer)
    if not to:
        return None
    now = now or now_utc()
    # In the language of its body: the officer's once he is known, else the game's.
    lang = (row["lang"] if row is not None else None) or desk.lang
    message = compose.receipt_letter(sender, to, game=desk.game, body=body, answers=answers,
                                     now=now, verdict=verdict, move=move, lang=lang)
    return queue(game_dir, db, message, kind=compose.RECEIPT, officer_id=officer_id,
                 move=desk.move, now=now, label=row["name"] if row else "",
                 writer=desk.writer)


class Desk:
    """What the receipts of one `pbem inbox` share: the game, the GM's address, and each
    officer's row and address, each read (and checked) once."""

    def __init__(self, db: Database) -> None:
        self.db = db
        g = game_state.game_row(db)
        self.game, self.move, self.lang = g["name"], g["move"], g["lang"]
        self.sender = sender_of(json.loads(g["settings"]))
        self._rows: dict[int, dict[str, Any]] = {}
        self._addresses: dict[int, Address | None] = {}
        self.writer: Writer | None = None  # set while many receipts are written at once

    def officer(self, officer_id: int) -> dict[str, Any]:
        if officer_id not in self._rows:
            self._rows[officer_id] = _officer_row(self.db, officer_id)
        return self._rows[officer_id]

    def recipient(self, officer_id: int) -> Address | None:
        if officer_id not in self._addresses:
            self._addresses[officer_id] = _recipient(self.officer(officer_id))
        return self._addresses[officer_id]
