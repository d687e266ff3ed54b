"""Reading orders out of real mail: every MIME shape a client sends, every place the GM
keeps mail, and no input that stops the reading.

Each message is built with Python's own `email` and `mailbox` modules, as a mail client
or a mail server would write it; the text found must parse as orders with the order model.
"""

from __future__ import annotations

import dataclasses
import mailbox
import os
import unicodedata
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.letters.files import letters_of_file
from pbem.letters.letter import (
    NOT_ORDERS, Letter, letter_from_text,
    looks_like_mail, looks_like_mbox,
)
from pbem.letters.mime import html_to_text, unflow
from pbem.letters.order_text import read_orders
from pbem.letters.reading import (
    MailSourceError, letter_from_bytes, letters_of_mail_file, read_letters,
)
from pbem.letters.text import _BOMS, _utf16_order, decode_text, normalise

EXAMPLES = Path(__file__).parent / "examples"
ORDERS = (
    "GAME cornifex\n"
    "OFFICER Niccolò Varro\n"
    "SECRET zz81-kq0p\n"
    "MOVE 1\n"
    "ROUTE 5 S + 10 SE\n"
    "RADARS 3\n"
    "END\n"
)
SENT = datetime(2026, 11, 30, 20, 1, tzinfo=timezone(timedelta(hours=1)))


def mail(sender: str = "Niccolò Varro <varro@example.it>", date: datetime | None = SENT,
         subject: str = "ordini, mossa 1", message_id: str = "<m1@example.it>") -> EmailMessage:
    m = EmailMessage()
    m["From"] = sender
    m["To"] = "Space Computer <sc@example.org>"
    m["Subject"] = subject
    if date is not None:
        m["Date"] = format_datetime(date)
    if message_id:
        m["Message-ID"] = message_id
    return m


def letter_of(message: EmailMessage | bytes):
    data = message if isinstance(message, bytes) else message.as_bytes()
    return letter_from_bytes(data, "test mail", 0)


def assert_orders(letter, found_in: str) -> None:
    """The letter holds orders, found where expected, and they parse: Varro, move 1."""
    assert letter.reason == ""
    assert letter.found_in == found_in
    reading = read_orders(letter.orders, letter.source)
    assert reading.problems == ()
    assert reading.accepted
    assert reading.orders.officer == "Niccolò Varro"
    assert reading.orders.move == 1
    assert reading.orders.radars == 3


# --- MIME ------------------------------------------------------------------------------


def test_a_plain_mail_gives_its_sender_date_id_subject_and_orders():
    m = mail()
    m.set_content("Ciao!\n\n" + ORDERS + "\n-- \nNiccolò\n")
    letter = letter_of(m)
    assert_orders(letter, "the mail's text")
    assert letter.sender == "varro@example.it"
    assert letter.sender_name == "Niccolò Varro"
    assert letter.date == SENT and letter.date.utcoffset() == timedelta(hours=1)
    assert letter.dated_by == "Date header"
    assert letter.message_id == "<m1@example.it>"
    assert letter.subject == "ordini, mossa 1"


def test_a_quoted_printable_mail():
    """Today's pbem read `=3D` and soft breaks as orders ("unknown order n")."""
    m = mail()
    m.set_content(ORDERS + "# a comment long enough to be folded by quoted-printable: "
                  + "x" * 80 + "\n", cte="quoted-printable")
    raw = m.as_bytes()
    assert b"Content-Transfer-Encoding: quoted-printable" in raw and b"Niccol=C3=B2" in raw
    assert_orders(letter_of(raw), "the mail's text")


@pytest.mark.parametrize("codec, declared", [
    ("utf-16", "utf-16"),  # with a byte-order mark
    ("utf-16-le", "utf-16"),  # no mark, little-endian as Windows writes it
    ("utf-16-be", "utf-16"),  # no mark, big-endian as RFC 2781 says
    ("utf-16-le", "utf-16le"),
], ids=["bom", "le-no-bom", "be-no-bom", "declared-le"])
def test_a_base64_utf16_mail(codec, declared):
    m = mail()
    m.set_content(ORDERS.replace("\n", "\r\n").encode(codec), maintype="text", subtype="plain",
                  cte="base64")
    m.set_param("charset", declared)
    assert b"Content-Transfer-Encoding: base64" in m.as_bytes()
    assert_orders(letter_of(m), "the mail's text")


def test_an_html_only_mail_is_turned_into_text():
    html = ("<html><head><style>div {color: red}</style><title>orders</title></head><body>"
            "<p>Ciao,&nbsp;ecco:</p>"
            + "".join(f"<div>{line.replace('ò', '&ograve;')}</div>" for line in ORDERS.splitlines())
            + "<script>alert('x')</script></body></html>")
    m = mail()
    m.set_content(html, subtype="html")
    letter = letter_of(m)
    assert_orders(letter, "the mail's HTML")
    assert "color" not in letter.orders and "alert" not in letter.orders


def test_the_plain_part_of_an_alternative_mail_comes_first():
    m = mail()
    m.set_content(ORDERS)
    m.add_alternative("<p>GAME other</p>", subtype="html")
    assert_orders(letter_of(m), "the mail's text")


def test_an_alternative_mail_whose_plain_part_is_a_stub_falls_back_to_its_html():
    m = mail()
    m.set_content("This is an HTML message; your client cannot show it.")
    m.add_alternative("<div>" + ORDERS.replace("\n", "<br>") + "</div>", subtype="html")
    assert_orders(letter_of(m), "the mail's HTML")


@pytest.mark.parametrize("prefix", ["> ", ">> ", "> > ", ">"])
def test_orders_quoted_in_a_reply_are_unquoted(prefix):
    """A player who answers the report and edits the quoted form sends `> GAME ...`."""
    m = mail()
    quoted = "".join(prefix + line + "\n" for line in ORDERS.splitlines())
    m.set_content("Here you are.\n\nOn Mon, 30 Nov 2026, Space Computer wrote:\n" + quoted)
    letter = letter_of(m)
    assert_orders(letter, "the mail's text, quoted in a reply")


def test_orders_written_above_a_quoted_older_form_win():
    m = mail()
    old = ORDERS.replace("RADARS 3", "RADARS 1").replace("MOVE 1", "MOVE 9")
    m.set_content(ORDERS + "\nOn Mon, Space Computer wrote:\n"
                  + "".join("> " + line + "\n" for line in old.splitlines()))
    assert_orders(letter_of(m), "the mail's text")


def test_quoted_orders_come_from_the_shallowest_quote():
    """A reply to a reply: the orders quoted once are newer than those quoted twice."""
    m = mail()
    old = ORDERS.replace("RADARS 3", "RADARS 1")
    m.set_content("See below.\n" + "".join("> " + line + "\n" for line in ORDERS.splitlines())
                  + "> earlier:\n" + "".join(">> " + line + "\n" for line in old.splitlines()))
    assert_orders(letter_of(m), "the mail's text, quoted in a reply")


def test_an_html_reply_quoting_the_orders_in_a_blockquote():
    m = mail()
    m.set_content("<p>Here.</p><blockquote>" + "".join(f"<div>{line}</div>" for line in ORDERS.splitlines())
                  + "</blockquote>", subtype="html")
    assert_orders(letter_of(m), "the mail's HTML, quoted in a reply")


def test_a_txt_attachment_holding_the_orders():
    m = mail()
    m.set_content("My orders are attached.\nNiccolò")
    m.add_attachment(ORDERS.encode("latin-1"), maintype="application", subtype="octet-stream",
                     filename="orders-cornifex-move-01.txt")
    m.add_attachment(b"\x89PNG\r\n\x1a\n", maintype="image", subtype="png", filename="ship.png")
    assert_orders(letter_of(m), "the attachment orders-cornifex-move-01.txt")


def test_a_format_flowed_mail_has_its_soft_breaks_joined():
    """Thunderbird sends format=flowed: a line ending in a space goes on in the next."""
    flowed = ORDERS.replace("ROUTE 5 S + 10 SE", "ROUTE 5 S + \r\n10 SE")
    m = mail()
    m.set_content(flowed.encode("utf-8"), maintype="text", subtype="plain", cte="8bit")
    m.set_param("charset", "utf-8")
    m.set_param("format", "flowed")
    letter = letter_of(m)
    assert "ROUTE 5 S + 10 SE" in letter.orders
    assert_orders(letter, "the mail's text")


def test_a_mail_with_no_charset_and_8bit_latin1():
    raw = ("From: varro@example.it\r\nSubject: mossa\r\nDate: Mon, 30 Nov 2026 20:01:00 +0100\r\n"
           "\r\n" + ORDERS.replace("\n", "\r\n")).encode("latin-1")
    assert_orders(letter_of(raw), "the mail's text")


def test_utf8_labelled_latin1_and_an_unknown_charset_are_read():
    for declared in ("iso-8859-1", "x-unknown-charset", "us-ascii"):
        m = mail()
        m.set_content(ORDERS.encode("utf-8"), maintype="text", subtype="plain", cte="8bit")
        m.set_param("charset", declared)
        letter = letter_of(m)
        assert_orders(letter, "the mail's text")
        assert "Niccolò" in letter.orders


def test_encoded_words_in_headers_are_decoded():
    m = mail(sender="=?utf-8?q?Niccol=C3=B2_Varro?= <varro@example.it>")
    del m["Subject"]
    m["Subject"] = "=?iso-8859-1?q?ordini_mossa_1_=E0?="
    m.set_content(ORDERS)
    letter = letter_of(m.as_bytes())
    assert letter.sender_name == "Niccolò Varro"
    assert letter.subject == "ordini mossa 1 à"


def test_spam_is_no_orders_with_a_reason():
    m = mail(sender="Best Watches <sale@spam.example>", subject="Cheap watches")
    m.set_content("Buy cheap watches now! Click here.")
    m.add_alternative("<p>Buy <b>cheap</b> watches</p>", subtype="html")
    letter = letter_of(m)
    assert letter.orders is None and not letter.has_orders
    assert letter.reason == NOT_ORDERS
    assert letter.body.startswith("Buy cheap watches")


def test_a_question_is_no_orders_and_keeps_its_text_for_the_gm():
    m = mail()
    m.set_content("How do I land on P-3? Which attitude should I declare?")
    letter = letter_of(m)
    assert letter.reason == NOT_ORDERS
    assert "How do I land" in letter.body


def test_an_image_only_mail_says_what_it_holds():
    m = mail()
    m.set_content(b"\x89PNG", maintype="image", subtype="png")
    letter = letter_of(m)
    assert letter.orders is None
    assert letter.reason == "the mail has no text to read (it holds image/png)"


def test_broken_mime_and_garbage_never_stop_the_reading():
    broken = (b"From: x@example.org\r\nContent-Type: multipart/mixed; boundary=\"zz\"\r\n"
              b"Content-Transfer-Encoding: base64\r\nDate: not a date at all\r\n\r\n"
              b"--zz\r\nContent-Type: text/plain; charset=\"utf-16\"\r\n"
              b"Content-Transfer-Encoding: base64\r\n\r\n!!!not base64===\r\n--zz")
    letter = letter_of(broken)
    assert letter.orders is None and letter.reason
    assert letter.date is None and letter.dated_by == ""


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_any_bytes_give_a_letter(data):
    letter = letter_from_bytes(b"From: a@b.example\r\nContent-Type: text/plain\r\n\r\n" + data,
                               "fuzz", 0)
    assert letter.has_orders or letter.reason


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_any_headers_and_html_give_a_letter(text):
    raw = (f"From: {text}\r\nDate: {text}\r\nSubject: {text}\r\nMessage-ID: {text}\r\n"
           f"Content-Type: text/html; charset={text[:20]}\r\n\r\n<p>{text}</p>").encode("utf-8", "replace")
    letter = letter_from_bytes(raw, "fuzz", 0)
    assert letter.has_orders or letter.reason
    assert "\n" not in letter.subject and "\r" not in letter.subject


def test_decode_text_never_fails_and_strips_marks():
    assert decode_text("\ufeffGAME x".encode("utf-8")) == "GAME x"
    assert decode_text(b"\xff\xfeG\x00A\x00") == "GA"
    assert decode_text(b"caf\xe9", "utf-8") == "café"
    assert decode_text(b"\x81\x8d\x90", None) == "\x81\x8d\x90"  # not cp1252: Latin-1


# --- a text's encoding, told at a glance -----------------------------------------------
# UTF-16 without a byte-order mark is looked for only where zero bytes show it: the glance
# must tell what the whole look, as first written here, tells.

@pytest.mark.parametrize("data, mail, mbox", [
    (b"From: a@b.it\nSubject: orders\n\nGAME x", True, False),
    (b"From: a@b.it\r\n folded\r\n\r\nGAME x", True, False),
    (b"X-Thing: 1\n\nGAME x", False, False),  # a header block naming no mail header
    (b"Subject: orders\nno colon\n\n", False, False),
    (b"GAME cornifex\nSECRET x: y\n", False, False),
    (b"From a@b.it Mon Nov 30 20:01:00 2026\nFrom: a@b.it\n\nGAME x", False, True),
    (b"From x\n", False, False),
])
def test_a_file_is_told_a_mail_or_an_mbox_by_its_first_lines(data, mail, mbox):
    assert (looks_like_mail(data), looks_like_mbox(data)) == (mail, mbox)


def _decode_text_as_first_written(data: bytes) -> str:
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return normalise(data[len(bom):].decode(codec, errors="replace"))
    candidates = [order for order in (_utf16_order(data),) if order]
    for name in candidates + ["utf-8", "cp1252"]:
        try:
            return normalise(data.decode(name))
        except UnicodeDecodeError:
            continue
    return normalise(data.decode("latin-1"))


FIRST_BYTES = st.one_of(
    st.binary(max_size=64),
    st.lists(st.sampled_from([b"From a@b.it Mon Nov 30 20:01:00 2026", b"From x", b"From: a@b.it",
                              b"Subject: orders", b"X-Thing: 1", b" folded", b"\tfolded",
                              b"GAME cornifex", b"", b"\r", b"no colon", b"Date:", b":",
                              b"To: GM <gm@x.it>\r", "Niccolò: x".encode(), b"\0G\0A"]),
             max_size=6).map(b"\n".join),
    st.binary(max_size=16).map(lambda b: b"A" * 8190 + b),  # about the 8 KiB looked at
)


@settings(max_examples=400, deadline=None)
@given(FIRST_BYTES, st.binary(max_size=8))
def test_a_glance_tells_utf16_as_the_whole_look_does(head, tail):
    data = head + tail
    assert decode_text(data) == _decode_text_as_first_written(data)
    assert decode_text(data.decode("latin-1").encode("utf-16-le")) == \
        _decode_text_as_first_written(data.decode("latin-1").encode("utf-16-le"))


NAMES = st.lists(st.sampled_from(["orders", "a.eml", "b.EML", "c.Msg", ".eml", "x.", ".", "..",
                                   "d.txt", "e.eml.txt", "f.txt.eml", "K.eml", "\u212a.EML",
                                   "g.\u0130ml", ""]),
                 min_size=1, max_size=4).map(os.sep.join)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "\r", "\n", "\ufeff", "o\u0300", "ò", " "]),
                max_size=12).map("".join))
def test_a_text_is_normalised_as_the_whole_recipe_says(text):
    whole = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    assert normalise(text) == unicodedata.normalize("NFC", whole)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200), st.sampled_from([None, SENT]))
def test_a_plain_file_s_letter_is_the_letter_the_class_makes(data, written):
    letter = letter_from_text(data, "orders/x.txt", 3, written)
    fields = {f.name: getattr(letter, f.name) for f in dataclasses.fields(Letter)}
    assert vars(letter) == fields  # every field set, and nothing else
    assert Letter(**fields) == letter


@pytest.mark.parametrize("name, data", [
    ("orders.txt", ORDERS.encode()),
    ("reply.txt", ("Thanks!\n\n> " + ORDERS.replace("\n", "\n> ")).encode()),
    ("note.txt", b"Dear GM, a question.\n"),
    ("saved.txt", b"From: Varro <varro@example.it>\nSubject: orders\n\n" + ORDERS.encode()),
    ("mail.eml", b"Subject: orders\n\n" + ORDERS.encode()),
    ("box.txt", b"From varro@example.it Mon Nov 30 20:01:00 2026\nSubject: x\n\n"
                + ORDERS.encode()),
    ("utf16.txt", ORDERS.encode("utf-16")),
    ("binary.dat", bytes(range(256))),
    ("empty.txt", b""),
])
def test_a_file_read_already_gives_the_letters_reading_it_gives(tmp_path, name, data):
    # A move hands in the bytes and the time it read: one letter is told as the reader
    # tells it.
    path = tmp_path / name
    path.write_bytes(data)
    os.utime(path, (1_700_000_000.25, 1_700_000_000.25))
    mtime = path.stat().st_mtime
    given = letters_of_file(str(path), "orders/" + name, data, mtime)
    assert given == letters_of_mail_file(str(path), "orders/" + name, data, mtime)
    assert given == letters_of_file(str(path), "orders/" + name)


@pytest.mark.parametrize("mtime", [1e12, -1e12, 1e20])
def test_a_file_time_no_date_holds_gives_the_letter_reading_gives(mtime):
    # A file touched to a year past 9999 (or before year 1) is a letter that could not be
    # read, as the reader tells it, never an error of pbem's own.
    data = ORDERS.encode()
    given = letters_of_file("orders/a.txt", "orders/a.txt", data, mtime)
    assert given == letters_of_mail_file("orders/a.txt", "orders/a.txt", data, mtime)
    assert given[0].reason.startswith("the mail could not be read (")


def test_html_and_flowed_helpers():
    assert html_to_text("<p>a&amp;b</p><p>c<br>d</p>") == "a&b\nc\nd\n"
    assert html_to_text("<pre>ROUTE 5 N\nEND</pre>") == "ROUTE 5 N\nEND\n"
    assert unflow("one \ntwo\n> three \n> four\n") == "one two\n> three four\n"
    assert unflow("one \ntwo", delsp=True) == "onetwo"


# --- where the GM keeps mail -----------------------------------------------------------


def varro_mail(radars: int, minute: int, message_id: str) -> EmailMessage:
    m = mail(date=SENT + timedelta(minutes=minute), message_id=message_id)
    m.set_content(ORDERS.replace("RADARS 3", f"RADARS {radars}"))
    return m


def test_an_mbox_file_in_order_with_dates(tmp_path):
    box = mailbox.mbox(str(tmp_path / "inbox.mbox"))
    box.add(varro_mail(3, 0, "<a@x.it>"))
    spam = mail(sender="sale@spam.example", date=None, message_id="")
    spam.set_content("watches")
    message = mailbox.mboxMessage(spam)
    message.set_from("sale@spam.example", (2026, 12, 1, 9, 30, 0, 0, 0, 0))
    box.add(message)
    box.flush()
    box.close()
    letters = list(read_letters([tmp_path / "inbox.mbox"]))
    assert [l.arrival for l in letters] == [0, 1]
    assert letters[0].message_id == "<a@x.it>" and letters[0].has_orders
    assert letters[1].reason == NOT_ORDERS
    # No Date header: the mbox From_ line tells when it was delivered.
    assert letters[1].dated_by == "delivery time"
    assert letters[1].date == datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)
    assert letters[1].source.endswith("inbox.mbox, mail 2")


def test_a_maildir_by_delivery_order(tmp_path):
    box = mailbox.Maildir(str(tmp_path / "Mail"), create=True)
    keys = [box.add(varro_mail(r, n, f"<{n}@x.it>")) for n, r in enumerate((1, 2, 3))]
    # A delivered mail moved to cur/ and marked seen is read too.
    seen = box.get_message(keys[1])
    seen.set_subdir("cur")
    seen.add_flag("S")
    box[keys[1]] = seen
    box.close()
    letters = list(read_letters([tmp_path / "Mail"]))
    assert len(letters) == 3
    assert {l.message_id for l in letters} == {"<0@x.it>", "<1@x.it>", "<2@x.it>"}
    for letter in letters:
        assert letter.has_orders and letter.date.tzinfo is not None


def test_a_folder_of_eml_files_and_plain_order_files(tmp_path):
    folder = tmp_path / "mail"
    (folder / "sub").mkdir(parents=True)
    (folder / "b.eml").write_bytes(varro_mail(2, 5, "<b@x.it>").as_bytes())
    (folder / "sub" / "a").write_bytes(varro_mail(1, 1, "<a@x.it>").as_bytes())  # no extension
    for example in EXAMPLES.glob("0[1-4]-*.txt"):
        (folder / example.name).write_bytes(example.read_bytes())
    (folder / ".hidden.eml").write_bytes(b"From: x@y.z\r\n\r\nignored")
    letters = list(read_letters([folder]))
    assert len(letters) == 6
    assert [l.arrival for l in letters] == list(range(6))
    by_source = {Path(l.source).name: l for l in letters}
    assert by_source["b.eml"].message_id == "<b@x.it>"
    assert by_source["a"].message_id == "<a@x.it>"
    for name in ("01-crlf-signature.txt", "02-bom-utf8-tabs-lowercase.txt", "03-latin1.txt",
                 "04-quoted-reply.txt"):
        plain = by_source[name]
        assert plain.dated_by == "file time" and plain.sender == ""
        assert read_orders(plain.orders, plain.source).accepted, name


def test_an_order_file_holding_only_a_question_is_no_orders(tmp_path):
    (tmp_path / "note.txt").write_text("Dear GM: when is the deadline?\n", encoding="utf-8")
    (letter,) = read_letters([tmp_path / "note.txt"])
    assert letter.reason == NOT_ORDERS.replace("the mail", "the file")


def test_arrival_counts_on_across_sources(tmp_path):
    for name in ("one.eml", "two.eml"):
        (tmp_path / name).write_bytes(varro_mail(3, 0, f"<{name}@x.it>").as_bytes())
        os.utime(tmp_path / name, (1_700_000_000, 1_700_000_000))
    letters = list(read_letters([tmp_path / "two.eml", tmp_path / "one.eml"]))
    assert [(Path(l.source).name, l.arrival) for l in letters] == [("two.eml", 0), ("one.eml", 1)]


def test_a_place_that_does_not_exist_is_refused(tmp_path):
    with pytest.raises(MailSourceError, match="no such file or folder; give a Maildir"):
        list(read_letters([tmp_path / "nowhere"]))
