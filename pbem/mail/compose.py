"""Every mail pbem writes, as an RFC 5322 message: UTF-8, a Date, a Message-ID of the GM's
domain, and In-Reply-To and References when it answers a mail.

Names and addresses come from players and from the GM's command line, so no header is
ever built by pasting text: addresses are `email.headerregistry.Address` values, and any
header text holding a line break or another control character is refused before it can
start a header of its own (`Bcc:` smuggled in a name).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.headerregistry import Address, HeaderRegistry
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

from .. import language
from ..addresses import MailError, printable
from ..language import N_
from ..render import slug

REPORT, WELCOME, SECRET, REMINDER, RECEIPT = "report", "welcome", "secret", "reminder", "receipt"
KINDS = (REPORT, WELCOME, SECRET, REMINDER, RECEIPT)
# Mails that carry an officer's secret: their file is removed once delivered.
SECRET_KINDS = frozenset({WELCOME, SECRET})

_MESSAGE_ID = re.compile(r"<[!-;=?-~]+@[!-;=?-~]+>")  # printable ASCII, no < > or space
_SUBJECT_LIMIT = 200
# The longest line of a mail's text part: RFC 5322 (2.1.1) asks for 78, and mail clients
# that show a fixed width cut or wrap what is longer.
MAIL_WIDTH = 78


class _Headers(HeaderRegistry):
    """The standard header classes, each made once: the standard registry makes a new class
    for every header it parses, which was a third of the cost of writing a receipt (an
    inbox of a thousand mails writes a thousand of them)."""

    def __init__(self) -> None:
        super().__init__()
        self._made: dict[str, type] = {}

    def __getitem__(self, name: str) -> type:
        key = name.lower()
        if key not in self._made:
            self._made[key] = super().__getitem__(name)
        return self._made[key]


# The standard policy of `email` (RFC 5322, UTF-8) with those header classes; SMTP is the
# same with CRLF line ends, as mail is stored and sent.
POLICY = policy.default.clone(header_factory=_Headers())
SMTP = POLICY.clone(linesep="\r\n")


@dataclass(frozen=True)
class Attachment:
    filename: str
    text: str


@dataclass(frozen=True)
class Thread:
    """The mail a receipt answers: its Message-ID and the References it carried."""

    message_id: str
    references: tuple[str, ...] = ()


def mail_text(text: str, width: int = MAIL_WIDTH) -> str:
    """A text with every line of more than `width` characters wrapped at its spaces, the
    rest of it under its own indent and two spaces more (a word longer than a line is
    cut): the files in reports/ keep their long lines, the mail does not."""
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip(" "))][:width // 2]
        lines += textwrap.wrap(line, width, subsequent_indent=indent + "  ",
                               break_on_hyphens=False, expand_tabs=False,
                               replace_whitespace=False) or [line[:width]]
    return "\n".join(lines)


def letter(
    *, sender: Address, to: list[Address], subject: str, body: str, now: datetime,
    attachments: tuple[Attachment, ...] = (), answers: Thread | None = None,
    html: str | None = None,
) -> EmailMessage:
    """One mail: plain UTF-8 text, no line longer than MAIL_WIDTH; with `html`, the same
    as a web page beside it (multipart/alternative, the text first for the clients that
    show only text); the attachments as text/plain files."""
    if not to:
        raise MailError("a mail needs at least one recipient")
    if now.tzinfo is None:
        raise ValueError("the Date of a mail needs an aware datetime")
    subject = " ".join(printable(subject, "the subject").split())[:_SUBJECT_LIMIT]
    message = EmailMessage(policy=POLICY)
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = now  # a datetime, not text to parse again
    message["Message-ID"] = make_msgid("pbem", domain=sender.domain)
    # RFC 3834: an automatic mail, so vacation responders do not answer it.
    message["Auto-Submitted"] = "auto-generated"
    if answers is not None:
        ids = [i for i in (*answers.references, answers.message_id) if _MESSAGE_ID.fullmatch(i)]
        if answers.message_id and _MESSAGE_ID.fullmatch(answers.message_id):
            message["In-Reply-To"] = answers.message_id
        if ids:
            message["References"] = " ".join(dict.fromkeys(ids))
    # Quoted-printable: plain ASCII text stays readable, and a relay without 8BITMIME
    # carries it unchanged.
    message.set_content(mail_text(body), charset="utf-8", cte="quoted-printable")
    if html is not None:
        message.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    for attachment in attachments:
        filename = printable(attachment.filename, "the file name")
        message.add_attachment(attachment.text, subtype="plain", charset="utf-8",
                               cte="quoted-printable", filename=filename)
    return message


# --- the letters -----------------------------------------------------------------------

def form_attachment(game: str, move: int, form: str) -> Attachment:
    """The order form as a file the officer can edit and send back."""
    return Attachment(f"orders-{slug(game)}-move-{move:02d}.txt", form)


def subject_in(lang: str, text: str, **values: Any) -> str:
    """A subject in the reader's language (a mail header: no escaping, the values are
    names and numbers, the header is encoded by the email package)."""
    return language.translations(lang).gettext(text) % values


def report_letter(sender: Address, to: Address, *, game: str, move: int, report: str,
                  form: str | None, now: datetime, html: str | None = None,
                  lang: str = language.ENGLISH) -> EmailMessage:
    """The report of a move in the body, as text and (with `html`) as the web page with
    the officer's chart drawn in it; the next move's order form also attached."""
    return letter(
        sender=sender, to=[to], now=now, body=report, html=html,
        subject=subject_in(lang, N_("VII Legio %(game)s: report of move %(move)s for %(officer)s"),
                           game=game, move=move, officer=to.display_name),
        attachments=(form_attachment(game, move + 1, form),) if form else (),
    )


def welcome_letter(sender: Address, to: Address, *, game: str, move: int, body: str,
                   form: str, now: datetime, renewed: bool = False,
                   lang: str = language.ENGLISH) -> EmailMessage:
    """Enlistment (or a new secret): the secret, the ship sheet, the rules in short, and the
    order form of the move being collected."""
    subject = subject_in(lang, N_("VII Legio %(game)s: a new secret for %(officer)s") if renewed
                         else N_("VII Legio %(game)s: welcome, %(officer)s"),
                         game=game, officer=to.display_name)
    return letter(sender=sender, to=[to], now=now, body=body, subject=subject,
                  attachments=(form_attachment(game, move, form),))


def reminder_letter(sender: Address, to: Address, *, game: str, move: int, body: str,
                    form: str, now: datetime, lang: str = language.ENGLISH) -> EmailMessage:
    return letter(sender=sender, to=[to], now=now, body=body,
                  subject=subject_in(lang, N_("VII Legio %(game)s: your orders for move %(move)s "
                                        "have not arrived"), game=game, move=move),
                  attachments=(form_attachment(game, move, form),))


# What a receipt's subject says of the orders it answers, by their verdict.
VERDICT_SUBJECTS = {
    "accepted": N_("VII Legio %(game)s: your orders for move %(move)s are accepted"),
    "refused": N_("VII Legio %(game)s: your orders for move %(move)s are refused"),
    "waiting": N_("VII Legio %(game)s: your orders are filed for move %(move)s"),
}


def receipt_subject(game: str, verdict: str, move: int | None,
                    lang: str = language.ENGLISH) -> str:
    """A receipt says in its subject what became of the orders, and for which move: the
    player's own subject (most often a reply to the welcome letter) tells nothing."""
    if verdict in VERDICT_SUBJECTS and move is not None:
        return subject_in(lang, VERDICT_SUBJECTS[verdict], game=game, move=move)
    return subject_in(lang, N_("VII Legio %(game)s: your orders"), game=game)


def receipt_letter(sender: Address, to: list[Address], *, game: str, body: str,
                   answers: Thread, now: datetime, verdict: str,
                   move: int | None, lang: str = language.ENGLISH) -> EmailMessage:
    """The answer to one mail of orders, in its thread (In-Reply-To and References keep
    it there whatever the subject), its subject in the language of its body."""
    return letter(sender=sender, to=to, now=now, body=body, answers=answers,
                  subject=receipt_subject(game, verdict, move, lang))
