"""A mail's text parts as mail clients really send them, turned into plain text.

Every part is decoded from its transfer encoding (quoted-printable, base64, 8bit) and its
charset. Charsets in the wild are missing, misspelt or wrong, so the declared one is only a
first guess: a byte-order mark beats it, bytes that are valid UTF-8 beat a declared
single-byte charset (a client that labels UTF-8 as Latin-1 is far more common than Latin-1
that happens to be valid UTF-8), and nothing ever fails: Latin-1 decodes any byte.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass
from email.header import decode_header, make_header
from email.message import Message
from html.parser import HTMLParser

# Longest first: the UTF-32 LE mark begins with the UTF-16 LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Charsets whose every byte is a character: decoding never fails, so it proves nothing.
_SINGLE_BYTE = re.compile(r"^(us-?ascii|ascii|latin-?\d|iso-?8859-?\d+|(windows|cp)-?125\d)$")


# Python's own codecs that no mail client writes: they read escapes (`\\udc80`) or
# domain names, not a charset; declared, they are taken for an unknown one.
_NOT_CHARSETS = frozenset({"unicode-escape", "raw-unicode-escape", "idna", "punycode",
                           "undefined"})
# A lone surrogate: what UTF-7 (`+2AA-`) or UTF-16 may decode to, and no text can hold
# (SQLite, a file or a terminal cannot encode it).
_SURROGATE = re.compile("[\ud800-\udfff]")


def _codec(name: str | None) -> str | None:
    """The Python codec of a declared charset, or None when it is unknown or missing."""
    if not name:
        return None
    name = name.strip().strip("\"'").lower()
    try:
        found = codecs.lookup(name).name
    except LookupError:
        return None
    return None if found in _NOT_CHARSETS else found


def _utf16_order(data: bytes) -> str | None:
    """UTF-16 without a byte-order mark, told by where the zero bytes of ASCII text fall."""
    if len(data) < 4 or len(data) % 2:
        return None
    half = len(data) // 2
    zeros_even = data[0::2].count(0)
    zeros_odd = data[1::2].count(0)
    if zeros_odd > half * 0.3 and zeros_even < half * 0.05:
        return "utf-16-le"
    if zeros_even > half * 0.3 and zeros_odd < half * 0.05:
        return "utf-16-be"
    return None


def normalise(text: str) -> str:
    """LF line ends, no byte-order mark, and NFC (a name typed on a Mac is decomposed)."""
    text = text.removeprefix("\ufeff")
    if "\r" in text:  # most texts have none: not copied twice for nothing
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


def decode_text(data: bytes, declared: str | None = None) -> str:
    """Bytes of a text part (or of a plain file) to text, whatever the charset claims."""
    # `0 in data` is `b"\0" in data` without first trying the bytes as a number.
    if declared is None and data.isascii() and 0 not in data:
        return normalise(data.decode("ascii"))  # most order files: no mark, nothing to guess
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return normalise(data[len(bom):].decode(codec, errors="replace"))
    codec = _codec(declared)
    if codec == "utf-16":
        # Declared without byte order and no mark: the zero bytes of the ASCII orders tell
        # which (RFC 2781 says big-endian, Windows clients write little-endian); no zero
        # byte at all means the label is wrong.
        codec = _utf16_order(data) if b"\0" in data else None
    candidates: list[str] = []
    if codec is None:
        if b"\0" in data:  # UTF-16 without a mark shows by its zero bytes
            candidates += [order for order in (_utf16_order(data),) if order]
    elif data.isascii() or not _SINGLE_BYTE.match(codec):
        candidates.append(codec)
    candidates += ["utf-8"] + ([codec] if codec else []) + ["cp1252"]
    for name in candidates:
        try:
            text = data.decode(name)
        except (UnicodeDecodeError, LookupError):
            continue
        if name not in ("utf-8", "cp1252"):  # those two never decode to a surrogate
            text = _SURROGATE.sub("\ufffd", text)
        return normalise(text)
    return normalise(data.decode("latin-1"))


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


# --- quoting ---------------------------------------------------------------------------

_QUOTE = re.compile(r"^[ \t]*>[ ]?")


def unquote(text: str) -> str:
    """One level of `>` quoting taken off every quoted line; other lines as they are."""
    return "\n".join(_QUOTE.sub("", line, count=1) for line in text.split("\n"))


def quote_depth(text: str) -> int:
    """The deepest quoting in the text: `>> >` is three levels."""
    deepest = 0
    for line in text.split("\n"):
        depth = 0
        for c in line:
            if c == ">":
                depth += 1
            elif c not in " \t":
                break
        deepest = max(deepest, depth)
    return deepest


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
