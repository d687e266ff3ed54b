"""What pbem puts in a mail header of a name or an address: what an e-mail address may be,
checked as it will be written, or refused with the reason (`MailError`). Checking an
address is not sending mail: enlistment and the roster check the addresses they keep with
it, the mail package writes them.
"""

from __future__ import annotations

from email.errors import HeaderParseError, MessageDefect, MessageError
from email.headerregistry import Address
from email.utils import parseaddr

from .names import hidden_character

MOST_ADDRESS_CHARS = 254  # RFC 5321: the longest path a mail server must accept


class MailError(ValueError):
    """A name, address or header pbem will not put in a mail: the message says why."""


def printable(text: str, what: str) -> str:
    """`text` as it is, when a mail header can carry it; `what` names it in the refusal."""
    if any(not c.isprintable() for c in text):
        raise MailError(f"{what} {text!r} holds a line break or a control character; "
                        "a mail header cannot carry it")
    return text


def email_address(text: str) -> str:
    """A bare address (`notius@example.org`) in the syntax of RFC 5322, as it will go into
    a mail header; raises MailError. No display name, no comments, no second address;
    plain ASCII (pbem sends only to ASCII addresses) and a domain with a dot in it (or
    localhost)."""
    hidden = hidden_character(text)
    if hidden is not None:
        raise MailError(f"the address {text!r} holds a line break or a control character "
                        f"({hidden}); a mail header cannot carry it")
    address = text.strip()
    if not address or any(char.isspace() for char in address):
        raise MailError(
            f"the address {address!r} is not one e-mail address: write the bare address, "
            "e.g. notius@example.org"
        )
    if len(address) > MOST_ADDRESS_CHARS:
        raise MailError(
            f"the address is {len(address)} characters long; "
            f"at most {MOST_ADDRESS_CHARS} are allowed"
        )
    if not address.isascii():
        raise MailError(f"the address {address!r} is not plain ASCII; pbem sends only to "
                        "ASCII addresses")
    try:
        parsed = Address(addr_spec=address)
    except Exception as error:  # the email package raises several kinds, IndexError among them
        why = f" ({error})" if isinstance(error, (MessageError, MessageDefect)) else ""
        raise MailError(
            f"{address!r} is not an e-mail address{why}; write it as name@example.org"
        ) from None
    domain = parsed.domain
    if not parsed.username or ("." not in domain.strip(".") and domain != "localhost"):
        raise MailError(f"{address!r} is not an e-mail address: write it as name@example.org")
    if parsed.addr_spec != address:
        raise MailError(f"{address!r} is not a bare address; write it as {parsed.addr_spec}")
    return address


def address(name: str, addr_spec: str) -> Address:
    """A validated recipient or sender: a display name and an address like a@example.org,
    checked as at enlistment (`email_address`)."""
    printable(name, "the name")
    spec = email_address(addr_spec)
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
