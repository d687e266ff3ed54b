"""No input makes the order reader or the lawfulness check fail: a fuzz search.

`read_orders` and `lawful.problems` get random bytes, real mails mutated byte by byte,
order lines with huge, negative and non-ASCII numbers, NUL bytes and mixed encodings; all
that may come back is orders and problems, never an exception. Whole mails (headers,
charsets, dates, transfer encodings, HTML, parts) go to the inbox of a game, which files
each with a line for the GM. The suite runs a few
hundred examples per test; `PBEM_FUZZ=N` runs N per test for a deeper search (see
bench/README.md for the long run and its figures).
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbem import orderfolder
from pbem.orders import decoding, reader
from pbem.orders.keywords import ALIASES
from pbem.orders.limits import MOST_FILE_BYTES
from pbem.orders.reader import listed, read_orders
from pbem.rules import lawful
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders
from pbem.rules.research import RULE as RESEARCH

from core import BASE, RULES, in_space, marthia, on_ground, planet, state

# Real order files: the examples as mail clients send them (tests/examples; the shared
# examples folder beside the checkout, when there is one, may hold more) and the demo's.
REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(
    p for folder in (REPO / "tests" / "examples", REPO.parent / "shared" / "examples")
    if folder.is_dir() for p in folder.glob("*.txt")) + sorted((REPO / "orders").glob("*/*.txt"))
MAILS = sorted({p.read_bytes() for p in EXAMPLES})
SECRETS = {1: "4tq9-mx2d", 2: "zz81-kq0p", 3: "p0ll-7yre", 4: "9gh2-llc4"}
NAMES = {1: "Notius", 2: "Niccolò Varro", 3: "Cæcilia Metella", 4: "Marcus Aper"}

FUZZ = settings(
    max_examples=int(os.environ.get("PBEM_FUZZ", "100")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
    database=None if os.environ.get("PBEM_FUZZ") else settings.default.database,
)


def _states():
    """The situations the checks branch on: in space, on the ground among aliens, at the
    base, with and without the research rule."""
    designated = [planet("sevolventes", pid=10 + n, position=Position(n, 1, 1),
                         designation=f"P-{n}") for n in (1, 2, 3)]
    ground = planet("raptores", pid=20, position=Position(5, 5, 2), designation="P-4")
    officers = [
        in_space(Position(10, 10, 2), oid=1, name=NAMES[1]),
        on_ground(ground, marthia(tanks=4, radars=3), oid=2, name=NAMES[2], turn=1),
        in_space(BASE.position, oid=3, name=NAMES[3], turn=2, landed_on=BASE.id),
        in_space(Position(3, 3, 1), oid=4, name=NAMES[4], turn=3, score=12),
    ]
    plain = replace(state([*designated, ground], officers, move=1), name="cornifex")
    research = replace(plain, settings={"rules": [RESEARCH]})
    return plain, research


STATES = _states()
COLLEAGUES = {name.casefold() for name in NAMES.values()}


def secret_ok(officer_id: int, secret: str) -> bool:
    return SECRETS[officer_id] == secret


def survives(data: bytes | str) -> tuple[Orders, int]:
    """What `pbem check --game` and `pbem resolve` do with a file, short of the files;
    returns the orders read and how many lawfulness problems the plain game found."""
    orders, problems = read_orders(data, "orders/fuzz.txt")
    unlawful = []
    for s in STATES:
        unlawful = lawful.problems(orders, s, RULES, secret_ok, colleagues=COLLEAGUES)
        shown = listed(problems + unlawful)
        assert len(shown) <= 21
        "\n".join(shown).encode("utf-8")  # printable and storable: no lone surrogate
    return orders, len(unlawful)


# --- what the Internet sends --------------------------------------------------------------


@FUZZ
@given(st.binary(max_size=4096))
def test_random_bytes(data):
    survives(data)


@st.composite
def mutated_mail(draw) -> bytes:
    """A real order file with bytes inserted, deleted, replaced, lines repeated or files
    spliced: what a mail client, a forum or a careless edit makes of one."""
    data = bytearray(draw(st.sampled_from(MAILS)))
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "splice", "nul"]))
        if how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif how == "delete":
            del data[at:at + draw(st.integers(1, 32))]
        elif how == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif how == "repeat":
            line_start = data.rfind(b"\n", 0, at) + 1
            line_end = data.find(b"\n", at)
            line = bytes(data[line_start:line_end + 1 if line_end >= 0 else len(data)])
            data[line_start:line_start] = line * draw(st.integers(1, 30))
        elif how == "splice":
            other = draw(st.sampled_from(MAILS))
            cut = draw(st.integers(0, len(other)))
            data[at:] = other[cut:]
        elif how == "nul":
            data[at:at] = b"\0" * draw(st.integers(1, 4))
    return bytes(data)


@FUZZ
@given(mutated_mail())
def test_mutated_real_mails(data):
    survives(data)


# --- orders with hostile arguments --------------------------------------------------------

NUMBERS = st.one_of(
    st.integers(-10**6, 10**6).map(str),
    st.integers(10, 6000).map(lambda n: "9" * n),  # past int()'s 4,300 digits
    st.integers(1, 40).map(lambda n: "0" * n + "7"),
    st.sampled_from(["²", "①", "٣", "１２", "1_000", "-0", "+5", "0x10", "1e3", "٣٣",
                     "3.5", "½", "Ⅻ", "𝟗", "", " ", "NaN", "inf"]),
)
WORDS = st.one_of(
    st.sampled_from(sorted(ALIASES)),
    st.sampled_from(["N", "NE", "UP", "DOWN", "NORTH-EAST", "NONE", "NEW", "TO", "A", "B",
                     "C", "D", "ON", "OFF", "LAND", "EMBARK", "LASERS", "ALL", "P-1", "P-4",
                     "ATTACK", "MOVEMENT", "crews=2,shields=5", "Notius", "+", "#", ">",
                     "4tq9-mx2d", "\x1b[2J", "\u202e", "\x00", "\t", "\x85", "\u2028"]),
    st.text(max_size=12),
)


@st.composite
def order_lines(draw) -> str:
    """A header (right, wrong or partial) and order lines of keywords with numbers."""
    officer = draw(st.sampled_from(sorted(SECRETS)))
    header = [f"GAME {draw(st.sampled_from(['cornifex', 'CORNIFEX', 'other']))}",
              f"OFFICER {NAMES[officer]}",
              f"SECRET {draw(st.sampled_from([SECRETS[officer], 'wrong']))}",
              f"MOVE {draw(st.one_of(st.just('1'), NUMBERS))}"]
    header = draw(st.lists(st.sampled_from(header), max_size=5)) if draw(st.booleans()) \
        else header
    lines = []
    for _ in range(draw(st.integers(0, 15))):
        keyword = draw(st.sampled_from(sorted(ALIASES)))
        args = draw(st.lists(st.one_of(NUMBERS, WORDS), max_size=4))
        lines.append(" ".join([keyword, *args]))
    tail = draw(st.sampled_from(["END", "", "END\n> SECRET 4tq9-mx2d", "FINE"]))
    return "\n".join([*header, *lines, tail])


ENCODINGS = ["utf-8", "utf-8-sig", "latin-1", "cp1252", "utf-16", "utf-16-le", "utf-16-be",
             "utf-32", "mac-roman"]


def encoded(text: str, encoding: str) -> bytes:
    return text.encode(encoding, errors="replace")


@FUZZ
@given(order_lines(), st.sampled_from(ENCODINGS), st.sampled_from(["\n", "\r\n", "\r"]))
def test_orders_with_hostile_numbers_and_words(text, encoding, newline):
    survives(encoded(text.replace("\n", newline), encoding))
    survives(text)


@FUZZ
@given(st.lists(st.tuples(order_lines(), st.sampled_from(ENCODINGS)), min_size=1, max_size=3),
       st.lists(st.integers(0, 10**6), max_size=6))
def test_mixed_encodings_and_nul_bytes(parts, nul_at):
    data = bytearray(b"".join(encoded(text, encoding) for text, encoding in parts))
    for at in nul_at:
        data[at % (len(data) + 1):at % (len(data) + 1)] = b"\0"
    survives(bytes(data))


@FUZZ
@given(st.text(max_size=2000))
def test_any_text(text):
    survives(text)


@FUZZ
@given(st.integers(MOST_FILE_BYTES - 64, MOST_FILE_BYTES + 64), st.sampled_from(MAILS),
       st.binary(min_size=1, max_size=8))
def test_files_about_the_largest_read(size, mail, filler):
    data = (mail + filler * size)[:size]
    survives(data)


# --- order files as officers write them ---------------------------------------------------

# Readable lines of every order, in any case, some written twice, out of place or past
# their number, and a few the reader has something to say about.
GOOD_LINES = st.sampled_from([
    "ROUTE 10 N + 5 E", "rotta 4 up", "ROUTE NONE", "TANKS 3", "RADARS 2", "radar 0", "INFO NEW",
    "INFO NEW 2", "INFO P-3", "RESEARCH ATTACK 2", "LAND C", "LAND A 1", "SHIELDS OFF",
    "CREWS LAND", "CREWS EMBARK", "FIRE LASERS", "FIRE CREWS WITH Notius", "FIRE ALIEN",
    "TARGET 1", "MISSION CAPTURE", "PAY 2 TO Notius", "REFIT crews=2,shields=5",
    "REFIT lasers=3", "REFIT crews=1", "TOT P-5", "PRESS Greetings # signed",
    "PRESS ANONYMOUS hello", "DISENGAGE", "SPECIALIST PSI 2", "SPECIALIST NONE", "",
    "# a comment", "> SECRET 4tq9-mx2d", "  INFO   NEW   3  ", "MOVE 1", "SECRET x" + "y" * 500,
    "TANKS 1000", "INFO", "UNKNOWN 3",
])


@st.composite
def plain_files(draw) -> str:
    """A greeting, the header, readable order lines (mostly), END and a signature."""
    officer = draw(st.sampled_from(sorted(SECRETS)))
    header = [f"GAME {draw(st.sampled_from(['cornifex', 'Cornifex']))}",
              f"{draw(st.sampled_from(['OFFICER', 'ufficiale']))} {NAMES[officer]}",
              f"SECRET {SECRETS[officer]}", "MOVE 1"]
    if draw(st.integers(0, 9)) == 0:  # a header line left out, or written twice
        header = draw(st.lists(st.sampled_from(header), min_size=1, max_size=5))
    body = draw(st.lists(GOOD_LINES, max_size=12))
    if draw(st.integers(0, 9)) == 0:
        body = [draw(GOOD_LINES)] * draw(st.integers(20, 22)) + body
    tail = draw(st.sampled_from(["END", "fine", "END and thanks", "", "END\nINFO NEW"]))
    greeting = draw(st.sampled_from([[], ["Hello GM,", ""], ["> GAME old"]]))
    return "\n".join([*greeting, *header, *body, tail, "-- ", "Notius"])


@FUZZ
@given(st.one_of(plain_files(), order_lines()))
def test_orders_made_at_once_are_the_orders_the_class_makes(text):
    orders, _ = read_orders(text, "orders/fuzz.txt")
    values = {f.name: getattr(orders, f.name) for f in dataclasses.fields(Orders)}
    assert vars(orders) == values  # every field set, and nothing else
    assert Orders(**values) == orders


# --- reading a file from orders/ -----------------------------------------------------------

@FUZZ
@given(st.integers(0, 3 * MOST_FILE_BYTES), st.binary(min_size=1, max_size=16),
       st.integers(0, 3 * MOST_FILE_BYTES))
def test_a_file_is_read_whole_up_to_the_most_asked_for(size, pattern, most):
    # The reader stops at the size the file had when opened, instead of reading once more
    # to learn it ends: what it reads is what reading to the end would give.
    data = (pattern * (size // len(pattern) + 1))[:size]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "orders.txt")
        with open(path, "wb") as f:
            f.write(data)
        assert orderfolder.read_regular_file(path, most) == data[:most]
        assert orderfolder.read_order_file(path, inside=folder) == data[:MOST_FILE_BYTES + 1]


# --- the checks, the short ways they take -------------------------------------------------

@FUZZ
@given(st.one_of(plain_files(), order_lines()))
def test_a_check_not_called_has_nothing_to_say(text):
    # The lawfulness check calls a concept's check only when the file gives its orders:
    # each check it leaves out finds no problem, whatever the officer's situation.
    from pbem.rules import career, missions, press, research, specialists

    orders, _ = read_orders(text, "orders/fuzz.txt")
    for s in STATES:
        for officer in s.officers.values():
            if not orders.research:
                assert research.research_problems(orders, officer, RULES.technologies,
                                                  s.settings) == []
            for at_base in (False, True):
                if not orders.given_specialist:
                    for outer in (False, True):
                        assert specialists.specialist_problems(orders, at_base, outer,
                                                               RULES.specialists) == []
                if orders.refit is None and not orders.pay and orders.tot is None:
                    assert career.career_problems(orders, officer, at_base, RULES, COLLEAGUES,
                                                  0, frozenset()) == []
            if orders.mission is None:
                assert missions.mission_problems(orders, officer, None, None) == []
            if not orders.press:
                assert press.press_problems(orders) == []


# --- whole mails at the inbox -------------------------------------------------------------

CHARSETS = ["utf-8", "utf-7", "unicode_escape", "raw_unicode_escape", "utf-16", "utf-16-le",
            "utf-32", "latin-1", "cp1252", "us-ascii", "koi8-r", "shift_jis", "idna",
            "punycode", "undefined", "x-unknown", "base64", "hex", '"utf-8', ""]
DATES = st.one_of(
    st.sampled_from(["Mon, 30 Nov 2026 20:00:00 +0000", "Fri, 31 Dec 9999 23:59:59 -1200",
                     "Sat, 1 Jan 0001 00:00:00 +1400", "Mon, 30 Nov 2026 20:00:00 -0000",
                     "30 Nov 2026 25:61:61 +9999", "Thu, 01 Jan 1970 00:00:00 +0000",
                     "99999999999999999999", "", "yesterday"]),
    st.datetimes().map(lambda d: d.strftime("%a, %d %b %Y %H:%M:%S +0000")),
    st.text(max_size=40),
)
BODIES = st.one_of(
    st.sampled_from([m.decode("utf-8", "replace") for m in MAILS]),
    st.sampled_from(["hello +2AA- there", "\\udc80\\ud800", "+2AA-+3AA-", "\ufffd\x00\x1b]52;c;x\x07"]),
    st.text(max_size=300),
)


@st.composite
def html_of(draw, text: str) -> str:
    """The text in HTML as mail clients and hostile senders write it: quoted in nested
    blockquotes, lines broken by <br>, tags left open or closed twice, entities."""
    tags = draw(st.lists(st.sampled_from(["blockquote", "div", "p", "pre", "script", "style",
                                          "span", "table", "td", "b"]), max_size=30))
    body = text.replace("\n", draw(st.sampled_from(["<br>", "<br/>", "</p><p>", "\n"])))
    closing = "".join(f"</{t}>" for t in reversed(tags[:draw(st.integers(0, len(tags)))]))
    extra = draw(st.sampled_from(["", "&amp;&#x1b;&#0;&#xd800;", "<!--", "<![CDATA[",
                                  "<br>" * 50, "</blockquote>" * 5]))
    return "".join(f"<{t}>" for t in tags) + body + extra + closing


@st.composite
def whole_mail(draw) -> bytes:
    """A mail as anyone may send one: odd headers, charsets, dates, transfer encodings,
    HTML, parts; its body orders of the examples or any text."""
    text = draw(BODIES)
    html = draw(st.booleans())
    if html:
        text = draw(html_of(text))
    charset = draw(st.sampled_from(CHARSETS))
    try:
        payload = text.encode(charset.strip('"') or "utf-8")
    except (LookupError, UnicodeError, TypeError):
        payload = text.encode("utf-8", "surrogatepass")
    encoding = draw(st.sampled_from(["", "8bit", "base64", "quoted-printable", "x-uuencode"]))
    if encoding == "base64":
        import base64
        payload = base64.encodebytes(payload)
    elif encoding == "quoted-printable":
        import quopri
        payload = quopri.encodestring(payload)
    subject = draw(st.one_of(st.text(max_size=60), st.sampled_from(
        ["=?utf-7?Q?+2AA-?=", "=?unicode_escape?Q?\\udc80?=", "=?x?B?!!!?=", "=?utf-8?B?4oCu?="])))
    sender = draw(st.one_of(st.text(max_size=40), st.sampled_from(
        ["notius@example.org", "<>", "\"a\" <b@c.d", "=?utf-8?Q?=E2=80=AE?= <x@y.z>"])))
    head = [f"From: {sender}", f"Subject: {subject}", f"Date: {draw(DATES)}",
            f"Message-ID: <{draw(st.integers(0, 10**30))}@fuzz>"]
    ctype = f"text/{'html' if html else 'plain'}; charset={charset}"
    if draw(st.booleans()):
        boundary = "b" + str(draw(st.integers(0, 99)))
        part = (f"Content-Type: {ctype}\nContent-Transfer-Encoding: {encoding or '8bit'}\n"
                f"{draw(st.sampled_from(['', 'Content-Disposition: attachment; filename=orders.txt']))}\n\n")
        body = (f"--{boundary}\n{part}".encode("utf-8", "surrogatepass") + payload
                + f"\n--{boundary}{draw(st.sampled_from(['--', '']))}\n".encode())
        head.append(f'Content-Type: multipart/{draw(st.sampled_from(["mixed", "alternative"]))}; '
                    f'boundary="{boundary}"')
    else:
        head.append(f"Content-Type: {ctype}")
        if encoding:
            head.append(f"Content-Transfer-Encoding: {encoding}")
        body = payload
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    headers = newline.join(head) + newline + newline
    return headers.encode("utf-8", "surrogatepass") + body


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    """A game of the four officers of the examples, its desk taking mail."""
    from pbem import game
    from conftest import EXAMPLE_FIT

    folder = tmp_path_factory.mktemp("fuzz") / "cornifex"
    game.new_game(folder, 7, name="cornifex", size=12, mail_from="SC <sc@example.org>")
    for n, name in NAMES.items():
        game.enlist(folder, name, f"officer{n}@example.org", "GLADIUM", name, EXAMPLE_FIT,
                    secret=SECRETS[n])
    return folder


MAIL_FUZZ = settings(FUZZ, max_examples=int(os.environ.get("PBEM_FUZZ", "60")))


# The mails that once stopped the desk, tried first on every run.
_ORDERS = f"GAME cornifex\nOFFICER Notius\nSECRET {SECRETS[1]}\nMOVE 1\nEND\n"
_HEAD = "From: notius@example.org\nSubject: orders\nDate: {date}\nContent-Type: text/{kind}; charset={charset}\n\n"
ONCE_FATAL = [
    (_HEAD.format(date="Mon, 30 Nov 2026 20:00:00 +0000", kind="plain", charset="utf-7")
     + "hello +2AA- there\n" + _ORDERS).encode(),
    (_HEAD.format(date="Mon, 30 Nov 2026 20:00:00 +0000", kind="plain", charset="unicode_escape")
     + "hello \\udc80 there\n" + _ORDERS).encode(),
    (_HEAD.format(date="Fri, 31 Dec 9999 23:59:59 -1200", kind="plain", charset="utf-8")
     + _ORDERS).encode(),
    (_HEAD.format(date="Mon, 30 Nov 2026 20:00:00 +0000", kind="html", charset="utf-8")
     + "<blockquote>" * 2000 + "<br>" * 500 + _ORDERS).encode(),
]


@MAIL_FUZZ
@given(mail=whole_mail())
@example(mail=ONCE_FATAL[0])
@example(mail=ONCE_FATAL[1])
@example(mail=ONCE_FATAL[2])
@example(mail=ONCE_FATAL[3])
def test_whole_mails_are_each_filed_and_listed(desk, mail):
    """`pbem inbox` on a mail of any make files it, accepted, refused, waiting or as no
    orders, with a line for the GM that a terminal prints as it is: never an exception."""
    from pbem import filing
    from pbem.mail import intake
    from pbem.terminal import clean_line

    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "fuzz.eml"
        path.write_bytes(mail)
        run = intake.file_mail(desk, [path])
    assert len(run.filed) == 1
    filed = run.filed[0]
    assert filed.status in (filing.ACCEPTED, filing.REFUSED, filing.WAITING, filing.NOT_ORDERS)
    assert clean_line(filed.note).isprintable()
    filed.note.encode("utf-8")  # storable and printable: no lone surrogate
