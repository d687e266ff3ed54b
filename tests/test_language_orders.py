"""The order reader's problems and the words around them in the reader's language: `pbem
check`, a receipt's problems, subject and time left, and a report's refused letter, each
Italian for an Italian officer and English, as ever, for an English one."""

from __future__ import annotations

import email
import mailbox
import sqlite3
from datetime import datetime, timedelta, timezone
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.language import said_in
from pbem.letter_words import refused
from pbem.mail import compose
from pbem.orders.reader import listed, read_orders
from pbem.schedule import Deadline, time_left

from commands import ok, run
from italian_game import GM, italian_game

OFFICERS = (("Notius", "4tq9-mx2d", "notius@example.org"),
            ("Varro", "zz81-kq0p", "varro@example.org"))
# A file with an unknown order and a route that cannot be read.
BAD = "GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 1\nROUET 4 N\nROUTE 5 NORHT\nEND\n"


def refused_check(*args) -> str:
    result = run("check", *args)
    assert result.exit_code == 1, result.output
    return result.output


@pytest.fixture
def game(tmp_path) -> Path:
    """An Italian game collecting move 1: Notius reads Italian, Varro English."""
    return italian_game(tmp_path / "aquileia")


ITALIAN = ("Notius.txt, riga 5 (illeggibile): ordine sconosciuto ROUET; intendevi ROUTE?\n"
           "    > ROUET 4 N\n"
           "    scrivi invece: ROUTE 4 N\n"
           "Notius.txt, riga 6 (illeggibile): direzione sconosciuta NORHT; intendevi NORTH?\n"
           "    > ROUTE 5 NORHT\n"
           "    scrivi 5 N, per esempio ROTTA 5 N\n")
ENGLISH = ("Varro.txt, line 5 (cannot be read): unknown order ROUET; did you mean ROUTE?\n"
           "    > ROUET 4 N\n"
           "    write instead: ROUTE 4 N\n"
           "Varro.txt, line 6 (cannot be read): unknown direction NORHT; did you mean NORTH?\n"
           "    > ROUTE 5 NORHT\n"
           "    write 5 N, e.g. ROUTE 5 N\n")


def test_pbem_check_tells_the_reader_s_own_problems_in_his_language(game, tmp_path):
    """An unknown order and an unreadable route, with what to write instead: Italian for
    Notius, English word for word for Varro."""
    for name, secret, _ in OFFICERS:
        (tmp_path / f"{name}.txt").write_text(BAD.format(name=name, secret=secret),
                                              encoding="utf-8")
    notius = refused_check("--game", game, tmp_path / "Notius.txt")
    assert (ITALIAN + "Notius.txt: 2 problemi.\n") in notius.replace(
        str(tmp_path / "Notius.txt"), "Notius.txt")
    varro = refused_check("--game", game, tmp_path / "Varro.txt")
    assert (ENGLISH + "Varro.txt: 2 problems.\n") in varro.replace(
        str(tmp_path / "Varro.txt"), "Varro.txt")
    # Without a game there is no reader to know: the file is told in English.
    alone = refused_check(tmp_path / "Notius.txt")
    assert ENGLISH.replace("Varro", "Notius") in alone.replace(str(tmp_path) + "/", "")


def _receipts(game: Path, tmp_path: Path) -> dict[str, EmailMessage]:
    box = mailbox.mbox(str(tmp_path / "inbox.mbox"))
    for name, secret, address in OFFICERS:
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = f"{name} <{address}>", GM, "orders"
        m["Message-ID"] = f"<{name}@example.org>"
        m.set_content(BAD.format(name=name, secret=secret))
        box.add(m)
    box.close()
    ok("inbox", game, tmp_path / "inbox.mbox")
    conn = sqlite3.connect(game / "game.db")
    try:
        files = dict(conn.execute(
            "SELECT o.name, m.file FROM mails m JOIN officers o ON o.id = m.officer_id "
            "WHERE m.kind = 'receipt' ORDER BY m.id").fetchall())
    finally:
        conn.close()
    return {name: email.message_from_bytes((game / file).read_bytes(), policy=policy.default)
            for name, file in files.items()}


def test_a_receipt_of_a_refused_file_is_in_its_officer_s_language(game, tmp_path):
    """Its subject and its problems: Italian for Notius, English for Varro."""
    receipts = _receipts(game, tmp_path)

    def body(name: str) -> str:
        text = receipts[name].get_body(preferencelist=("plain",)).get_content()
        return " ".join(text.split())

    assert receipts["Notius"]["Subject"] == (
        "VII Legio aquileia: i tuoi ordini per la mossa 1 sono respinti")
    assert receipts["Varro"]["Subject"] == "VII Legio aquileia: your orders for move 1 are refused"
    assert (" ".join(ITALIAN.replace("Notius.txt", "i tuoi ordini").split()) in body("Notius"))
    assert " ".join(ENGLISH.replace("Varro.txt", "your orders").split()) in body("Varro")


def test_a_refused_letter_a_report_kept_is_said_again_in_the_reader_s_language():
    """A report keeps the refusal as English text, its values lost: it is read back by
    the registered messages and said in Italian, line by line."""
    orders, problems = read_orders(BAD.format(name="Notius", secret="x").encode(),
                                   "orders/notius.txt")
    kept = str("\n".join([refused("orders/notius.txt", 2), *map(str, listed(problems))]))
    assert kept.splitlines()[0] == "your order file orders/notius.txt, for move 2, was refused:"
    said = said_in("it")(kept)
    assert said.splitlines()[0] == (
        "il tuo file di ordini orders/notius.txt, per la mossa 2, è stato respinto:")
    assert said.splitlines()[1] == ("orders/notius.txt, riga 5 (illeggibile): ordine "
                                    "sconosciuto ROUET; intendevi ROTTA?")
    assert said.splitlines()[3] == "    scrivi invece: ROUTE 4 N"
    assert said_in("en")(kept) == kept


@pytest.mark.parametrize("text, italian", [
    ("MOVE 99999", "MOVE 99999: le mosse sono numerate fino a 9999"),
    ("TANKS lots", "TANKS vuole un numero intero, per esempio TANKS 3"),
    ("SHIELDS", "SCUDI è ACCESI o SPENTI, non niente"),
    ("ROUTE 6 UP", "6 UP non è un numero intero di livelli: un cambio di livello è di 4 "
                   "parsec e non si divide"),
])
def test_each_refusal_of_an_order_s_words_is_said_in_italian(text, italian):
    header = "GAME aquileia\nOFFICER Notius\nSECRET x\n"
    body = text if text.startswith("MOVE") else f"MOVE 1\n{text}"
    _, problems = read_orders(f"{header}{body}\nEND\n".encode(), "f.txt")
    said = said_in("it")
    assert italian in [said(p.message) for p in problems]
    # Kept as English text and read back, the same words.
    assert italian in [said(str(p.message)) for p in problems]


def test_the_time_left_of_a_receipt_is_in_its_reader_s_language():
    due = Deadline(datetime(2026, 12, 7, 20, 0, tzinfo=timezone.utc), "UTC")
    said = said_in("it")
    assert said(time_left(due, due.utc - timedelta(days=2, hours=3))) == "2 giorni 3 ore"
    assert said(time_left(due, due.utc - timedelta(hours=1))) == "1 ora"
    assert said(time_left(due, due.utc + timedelta(minutes=10))) == "passata da 10 minuti"
    assert said(time_left(due, due.utc - timedelta(seconds=30))) == "meno di un minuto"
    assert time_left(due, due.utc - timedelta(days=2, hours=3)) == "2 days 3 hours"


@pytest.mark.parametrize("verdict, italian, english", [
    ("accepted", "VII Legio aquileia: i tuoi ordini per la mossa 2 sono accettati",
     "VII Legio aquileia: your orders for move 2 are accepted"),
    ("waiting", "VII Legio aquileia: i tuoi ordini sono registrati per la mossa 2",
     "VII Legio aquileia: your orders are filed for move 2"),
    ("not orders", "VII Legio aquileia: i tuoi ordini", "VII Legio aquileia: your orders"),
])
def test_a_receipt_s_subject_is_in_its_reader_s_language(verdict, italian, english):
    assert compose.receipt_subject("aquileia", verdict, 2, "it") == italian
    assert compose.receipt_subject("aquileia", verdict, 2) == english


def test_pbem_check_says_good_orders_in_the_reader_s_language(game, tmp_path):
    for name, secret, _ in OFFICERS:
        (tmp_path / f"{name}.txt").write_text(
            f"GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 1\nROTTA 3 N\nEND\n",
            encoding="utf-8")
    notius = ok("check", "--game", game, tmp_path / "Notius.txt")
    assert notius.endswith(": ordini validi per Notius, mossa 1.\n")
    varro = ok("check", "--game", game, tmp_path / "Varro.txt")
    assert varro.endswith(": good orders for Varro, move 1.\n")


def test_check_tells_what_rescue_will_do_in_the_reader_s_language(game, tmp_path):
    """RESCUE's consequence (3F c), worked out for the officer: Italian for Notius, English
    for Varro, both away from the base."""
    said = {}
    for name, secret, _ in OFFICERS:
        ok("adjust", game, name, "--position", "1,1,1", "--reason", "away from the base")
        path = tmp_path / f"{name}.txt"
        path.write_text(f"GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 1\nRESCUE\nEND\n",
                        encoding="utf-8")
        said[name] = ok("check", path, "--game", game)
    assert "RESCUE abbandona la GLADIUM" in said["Notius"] and "resta Decurio" in said["Notius"]
    assert "riceve una FROMBOLA (3F c)" in said["Notius"]
    assert "RESCUE abandons the GLADIUM" in said["Varro"] and "he stays Decurio" in said["Varro"]


def test_a_number_in_a_problem_is_written_in_the_reader_s_locale(game, tmp_path):
    """The limit of an order file, 65,536 bytes in English, is 65.536 in Italian, told live
    by `pbem check` and said again from the text a refusal stored."""
    path = tmp_path / "big.txt"
    path.write_text("GAME aquileia\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\n"
                    + "# padding\n" * 8000, encoding="utf-8")
    italian = refused_check(path, "--game", game)
    assert "65.536" in italian and "65,536" not in italian
    path.write_text(path.read_text(encoding="utf-8").replace("Notius", "Varro"),
                    encoding="utf-8")
    english = refused_check(path, "--game", game)
    assert "65,536 bytes" in english
    stored = str(read_orders(b"x" * 70000, "big.txt")[1][0].message)
    assert "65.536" in said_in("it")(stored)
