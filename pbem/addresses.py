"""What pbem puts in a mail header of a name or an address: checked as it will be written,
or refused with the reason (`MailError`). Checking an address is not sending mail: the
roster checks the addresses it keeps with it, the mail package writes them.
"""

from __future__ import annotations

from email.errors import HeaderParseError
from email.headerregistry import Address
from email.utils import parseaddr

from .names import NameRefused, email_address


class MailError(ValueError):
    """A name, address or header pbem will not put in a mail: the message says why."""


def printable(text: str, what: str) -> str:
    """`text` as it is, when a mail header can carry it; `what` names it in the refusal."""
    if any(not c.isprintable() for c in text):
        raise MailError(f"{what} {text!r} holds a line break or a control character; "
                        "a mail header cannot carry it")
    return text


def address(name: str, addr_spec: str) -> Address:
    """A validated recipient or sender: a display name and an address like a@example.org,
    checked as at enlistment (`pbem.names.email_address`)."""
    printable(name, "the name")
    try:
        spec = email_address(addr_spec)
    except NameRefused as e:
        raise MailError(str(e)) from None
    try:
        return Address(display_name=name, addr_spec=spec)
    except (ValueError, IndexError, HeaderParseError) as e:
        raise MailError(f"the name {name!r} cannot go into a mail header ({e})") from None


def check_email(text: str) -> str:
    """An officer's e-mail address as the GM typed it, validated; "" stays "" (no mail)."""
    text = text.strip()
    return address("", text).addr_spec if text else ""


def parse_mailbox(text: str) -> Address:
    """The GM's own address: `Space Computer <sc@example.org>` or just `sc@example.org`."""
    printable(text, "the address")
    name, addr_spec = parseaddr(text)
    if not addr_spec:
        raise MailError(f"{text!r} is not an e-mail address; write e.g. "
                        "\"Space Computer <sc@example.org>\"")
    return address(name, addr_spec)
