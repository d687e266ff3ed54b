"""A mail's text parts as mail clients really send them, turned into plain text.

Every part is decoded from its transfer encoding (quoted-printable, base64, 8bit), then
from its charset as `text.decode_text` reads any text, the declared charset a first guess
only; a format=flowed part has its soft breaks joined, an HTML part becomes lines of text,
and encoded words in headers are decoded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import Message
from html.parser import HTMLParser

from .text import decode_text


def header_text(raw: str | None) -> str:
    """A header's value with encoded words (=?utf-8?q?...?=) decoded and folding undone."""
    if raw is None:
        return ""
    unfolded = re.sub(r"\r?\n[ \t]+", " ", str(raw)).replace("\r", "").replace("\n", "")
    try:
        text = str(make_header(decode_header(unfolded)))
    except (ValueError, LookupError, UnicodeError, AssertionError, TypeError):
        text = unfolded
    return "".join(c if c.isprintable() else " " for c in text).strip()


# --- format=flowed (RFC 3676) ----------------------------------------------------------

def unflow(text: str, delsp: bool = False) -> str:
    """Join the soft line breaks of a format=flowed part: a line ending in a space goes on
    in the next line of the same quote depth. Thunderbird and others send orders so."""
    out: list[str] = []
    para: str | None = None
    para_depth = 0

    def flush() -> None:
        nonlocal para
        if para is not None:
            out.append(("> " * para_depth if para_depth else "") + para)
            para = None

    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing
        soft = content.endswith(" ") and content != "-- "
        if soft and delsp:
            content = content[:-1]
        if para is not None and depth == para_depth:
            para += content
        else:
            flush()
            para, para_depth = content, depth
        if not soft:
            flush()
    flush()
    return "\n".join(out)


# --- HTML ------------------------------------------------------------------------------

_BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "footer",
    "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre",
    "section", "table", "td", "th", "tr", "ul",
})
_HIDDEN = frozenset({"head", "script", "style", "title", "template"})
# Quoting deeper than this is written as this deep: deeper than orders are looked for
# (`order_text.MAX_QUOTE_DEPTH`), and it keeps the text in proportion to the HTML (40,000
# nested <blockquote> before 10,000 <br> would be 800 MB of `> `).
MOST_QUOTES_SHOWN = 16


class _HtmlText(HTMLParser):
    """Text of an HTML mail: blocks become lines, <blockquote> becomes `> ` quoting (so
    orders quoted in an HTML reply are found like those of a plain one), scripts and
    styles vanish, entities are decoded."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.quote = 0
        self.pre = 0
        self.hidden = 0

    def newline(self, force: bool = False) -> None:
        """End the line being built; an empty one only when forced (a <br> on its own:
        Gmail writes a blank line as <div><br></div>)."""
        text = "".join(self.line)
        if not self.pre:
            text = " ".join(text.split())
        if text or force or self.pre:
            self.lines.append("> " * min(self.quote, MOST_QUOTES_SHOWN) + text)
        self.line = []

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCKS:
            self.newline(force=tag == "br")
            if tag == "blockquote":
                self.quote += 1
            elif tag == "pre":
                self.pre += 1

    def handle_startendtag(self, tag: str, attrs) -> None:
        if tag in _BLOCKS:
            self.newline(force=tag == "br")

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self.newline()
            if tag == "blockquote":
                self.quote = max(0, self.quote - 1)
            elif tag == "pre":
                self.pre = max(0, self.pre - 1)

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        data = data.replace("\xa0", " ")
        if self.pre:
            parts = data.split("\n")
            for part in parts[:-1]:
                self.line.append(part)
                self.newline()
            self.line.append(parts[-1])
        else:
            self.line.append(data)


def html_to_text(html: str) -> str:
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    parser.newline()
    return "\n".join(parser.lines).strip("\n") + "\n"


# --- parts -----------------------------------------------------------------------------

BODY, HTML, ATTACHMENT = "the mail's text", "the mail's HTML", "the attachment"


@dataclass(frozen=True)
class TextPart:
    """One readable part of a mail, in the order orders are looked for."""

    where: str  # BODY, HTML or ATTACHMENT
    filename: str
    text: str

    @property
    def described(self) -> str:
        return f"{self.where} {self.filename}" if self.where == ATTACHMENT else self.where


def _payload(part: Message) -> bytes:
    data = part.get_payload(decode=True)
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    return raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else b""


def part_text(part: Message) -> str:
    text = decode_text(_payload(part), part.get_content_charset())
    if part.get_content_type() == "text/plain" and (part.get_param("format") or "").lower() == "flowed":
        text = unflow(text, (part.get_param("delsp") or "").lower() == "yes")
    return text


def text_parts(message: Message) -> tuple[list[TextPart], list[str]]:
    """The mail's text parts, plain bodies first, then HTML bodies, then text attachments;
    and the types of the parts that hold no text (for the GM: "only an image")."""
    bodies: list[TextPart] = []
    htmls: list[TextPart] = []
    attachments: list[TextPart] = []
    other: list[str] = []
    for part in message.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        filename = header_text(part.get_filename()) if part.get_filename() else ""
        attached = part.get_content_disposition() == "attachment" or bool(filename)
        if attached and (filename.lower().endswith(".txt") or ctype == "text/plain"):
            attachments.append(TextPart(ATTACHMENT, filename or "(unnamed)", part_text(part)))
        elif not attached and ctype == "text/plain":
            bodies.append(TextPart(BODY, "", part_text(part)))
        elif not attached and ctype == "text/html":
            htmls.append(TextPart(HTML, "", html_to_text(part_text(part))))
        else:
            other.append(ctype + (f" {filename}" if filename else ""))
    return bodies + htmls + attachments, other
