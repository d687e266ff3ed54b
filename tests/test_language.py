"""Reports in the reader's language: the catalogs, the game's and each officer's language,
and an Italian game with one officer who reads English, from `pbem new` to the mail."""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.checkers import checkers
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from pbem import language, render

from commands import ok, run
from italian_game import FIT, GM, italian_game as italian_game_of

ROOT = Path(__file__).resolve().parent.parent


def extracted() -> set[tuple[str | tuple[str, ...], str | None]]:
    """Every text the code and the templates give the catalogs, as `babel.cfg` extracts it."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        methods, options = parse_mapping_cfg(f)
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "_N": None, "N_": None, "Said": None, "saying": None,
                "saying_plural": (1, 2), "counted": (1, 2)}
    found = set()
    for _, _, message, _, context in extract_from_dir(
            str(ROOT), methods, options_map=options, keywords=keywords):
        found.add((message, context))
    return found


def italian():
    with language.catalog_path("it").open("rb") as f:
        return read_po(f)


def test_every_message_has_an_italian_translation():
    catalog = italian()
    missing = []
    for message, context in extracted():
        entry = catalog.get(message, context)
        strings = () if entry is None else (
            entry.string if isinstance(entry.string, tuple) else (entry.string,))
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(message)
    assert missing == [], ("texts with no Italian translation: run the extraction step of "
                           "docs/translating.md and translate them in it/LC_MESSAGES/pbem.po")


def test_the_italian_catalog_keeps_every_placeholder_and_plural():
    catalog = italian()
    assert catalog.num_plurals == 2 and catalog.plural_expr == "(n != 1)"
    problems = []
    for message in catalog:
        if not message.id:
            continue
        for check in checkers:
            try:
                check(catalog, message)
            except Exception as e:  # babel's TranslationError, naming the placeholder
                problems.append(f"{message.id!r}: {e}")
    assert problems == []


def test_the_template_of_the_catalogs_is_up_to_date():
    with (language.locale_dir() / "pbem.pot").open("rb") as f:
        pot = read_po(f)
    written = {(m.id, m.context) for m in pot if m.id}
    assert written == extracted(), "run the extraction step of docs/translating.md"


def test_a_language_without_a_catalog_is_refused_with_the_languages_there_are(tmp_path):
    result = run("new", tmp_path / "g", "--seed", "1", "--lang", "xx")
    assert result.exit_code != 0
    assert "--lang: no catalog for the language 'xx'; use one of en, it" in result.output
    assert not (tmp_path / "g" / "game.db").exists()


def test_numbers_are_worded_in_the_reader_s_language():
    it, en = render.environment(None, "txt", "it"), render.environment(None, "txt")
    assert it.filters["at_parsec"](10) == "il parsec 10°"
    assert it.filters["at_parsec"](0) == "l'inizio della rotta"
    assert en.filters["at_parsec"](10) == "the 10th parsec"
    said = it.from_string('{{ ngettext("%(num)s radar on", "%(num)s radars on", n) }}')
    assert [said.render(n=n) for n in (1, 2)] == ["1 radar acceso", "2 radar accesi"]


def test_a_value_put_into_a_translated_text_is_escaped_as_if_printed():
    """A player's name inside a catalog's text: HTML-escaped, its bidi override dropped."""
    env = render.environment(None, "html", "it")
    page = env.from_string('{{ _("LANDED ON %(planet)s.", planet=name) }}')
    assert page.render(name="<b>X\u202e</b>") == "ATTERRATO SU &lt;b&gt;X&lt;/b&gt;."


@pytest.fixture
def italian_game(tmp_path) -> Path:
    """An Italian game, a move resolved: Notius reads the game's Italian, Varro English."""
    folder = italian_game_of(tmp_path / "aquileia")
    (folder / "orders" / "notius.txt").write_text(
        "GAME aquileia\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\nROTTA 3 N\nEND\n",
        encoding="utf-8")
    ok("resolve", folder)
    return folder


def test_the_game_and_each_officer_keep_their_language(italian_game):
    conn = sqlite3.connect(italian_game / "game.db")
    try:
        assert conn.execute("SELECT lang FROM game").fetchone() == ("it",)
        assert conn.execute("SELECT name, lang FROM officers ORDER BY id").fetchall() == [
            ("Notius", None), ("Varro", "en")]
    finally:
        conn.close()


def test_each_officer_reads_his_report_in_his_language(italian_game):
    move = italian_game / "reports" / "move-01"
    notius = (move / "report-001-notius.txt").read_text(encoding="utf-8")
    assert notius.startswith("VII LEGIO - aquileia - mossa 1 - rapporto per Decurio Notius\n"
                             "Astronave Notius: GLADIUM, livello 1\n")
    assert ("\nROTTA\n  Ordinata: 3 N (3 parsec; spinta 15 con 3 serbatoi; 2 radar accesi, "
            "portata 2)\n  Rotta completata: 3 parsec.\n"
            "  Posizione stimata: 3 N dalla base.\n") in notius
    assert "\nPUNTI\n" in notius and "ORDINI PER LA MOSSA 2" in notius
    varro = (move / "report-002-varro.txt").read_text(encoding="utf-8")
    assert varro.startswith("VII LEGIO - aquileia - move 1 - report for Decurio Varro\n")
    assert "ORDERS FOR MOVE 2: edit below" in varro and "mossa" not in varro
    notius_page = (move / "report-001-notius.html").read_text(encoding="utf-8")
    assert '<html lang="it">' in notius_page and "<h2>Rotta</h2>" in notius_page
    assert ">Pianeti sulla carta</text>" in notius_page  # his chart's headings, his language
    varro_page = (move / "report-002-varro.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in varro_page and ">Planets on the chart</text>" in varro_page


def test_the_italian_game_s_reports_are_mailed_each_in_its_language(italian_game):
    from test_send import Inbox, smtp_server

    inbox = Inbox()
    with smtp_server(inbox) as port:
        ok("send", italian_game, "--host", "127.0.0.1", "--port", port)
    subjects = sorted(m["Subject"] for m in inbox.messages())
    assert subjects == ["VII Legio aquileia: benvenuto, Notius",
                        "VII Legio aquileia: rapporto della mossa 1 per Notius",
                        "VII Legio aquileia: report of move 1 for Varro",
                        "VII Legio aquileia: welcome, Varro"]
    reports = {m["To"].addresses[0].addr_spec: m for m in inbox.messages()
               if "mossa 1" in m["Subject"] or "move 1" in m["Subject"]}
    assert sorted(reports) == ["notius@example.org", "varro@example.org"]
    notius = reports["notius@example.org"].get_body(preferencelist=("plain",)).get_content()
    assert "ROTTA\r\n  Ordinata: 3 N" in notius or "ROTTA\n  Ordinata: 3 N" in notius
    page = reports["notius@example.org"].get_body(preferencelist=("html",)).get_content()
    assert '<html lang="it">' in page
    varro = reports["varro@example.org"].get_body(preferencelist=("plain",)).get_content()
    assert "ROTTA" not in varro and "mossa" not in varro
    assert "report for Decurio Varro" in varro
    welcomes = {m["To"].addresses[0].addr_spec: m.get_body(preferencelist=("plain",)).get_content()
                for m in inbox.messages() if "welcome" in m["Subject"]
                or "benvenuto" in m["Subject"]}
    assert "VII LEGIO - aquileia - benvenuto, Decurio Notius" in welcomes["notius@example.org"]
    assert "IL TUO SEGRETO: 4tq9-mx2d" in welcomes["notius@example.org"]
    assert "LE REGOLE IN BREVE" in welcomes["notius@example.org"]
    assert "VII LEGIO - aquileia - welcome, Decurio Varro" in welcomes["varro@example.org"]
    assert "YOUR SECRET: zz81-kq0p" in welcomes["varro@example.org"]


@pytest.mark.parametrize("page_name, title, text", [
    ("report-001-notius.html", "VII Legio - aquileia - mossa 1 - rapporto per Decurio Notius",
     "Punteggio 0; Decurio"),
    ("bulletin.html", "VII Legio - aquileia - bollettino della mossa 1", "Classifica")],
    ids=["report", "bulletin"])
def test_the_italian_pages_open_in_headless_chromium(italian_game, tmp_path, page_name, title,
                                                      text):
    """The Italian report and bulletin, as a browser reads them: their language, their
    title, their words, and no script error."""
    from test_html import CHROMIUM, FLAGS

    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's package chromium to run "
                    "this test")
    sync_api = pytest.importorskip("playwright.sync_api")
    page_file = italian_game / "reports" / "move-01" / page_name
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
            args=FLAGS[1:])
        try:
            page = context.new_page()
            problems = []
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.goto(page_file.as_uri(), wait_until="load")
            assert page.title() == title
            assert page.evaluate("document.documentElement.lang") == "it"
            assert text in page.inner_text("body")
            assert problems == []
        finally:
            context.close()


def test_a_built_package_ships_its_catalogs_compiled(tmp_path):
    """`pip install .` installs what the wheel holds: the catalogs compiled, read without
    Babel."""
    out = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = out.glob("pbem-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert {"pbem/locale/it/LC_MESSAGES/pbem.mo",
                "pbem/locale/it/LC_MESSAGES/pbem.po"} <= names
        z.extractall(tmp_path / "site")
    code = ("import sys, pbem.language as l; t = l.translations('it'); "
            "print(l.__file__, t.gettext('ROUTE'), 'babel' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                           text=True, cwd=tmp_path,
                           env={**os.environ, "PYTHONPATH": str(tmp_path / "site")}).stdout
    where, route, babel = shown.split()
    assert Path(where).is_relative_to(tmp_path / "site")
    assert (route, babel) == ("ROTTA", "False")


def test_a_deadline_is_dated_in_the_reader_s_locale():
    from datetime import datetime

    from pbem import deadlines
    from pbem.schedule import Deadline, zone_of

    local = datetime(2026, 12, 7, 20, 0, tzinfo=zone_of("Europe/Rome"))
    view = deadlines.view(Deadline(local, "Europe/Rome"), 3)
    assert language.deadline_in("it", view) == (
        "lunedì 7 dicembre 2026, 20:00 Europe/Rome (19:00 UTC)")
    late = deadlines.view(Deadline(datetime(2026, 12, 8, 0, 30, tzinfo=zone_of("Europe/Rome")),
                                   "Europe/Rome"), 3)
    assert language.deadline_in("it", late) == (
        "martedì 8 dicembre 2026, 00:30 Europe/Rome (23:30 UTC del 7 dicembre)")
    said = render.environment(None, "txt", "it").from_string(
        '{{ _("Due by %(deadline)s.", deadline=d|deadline) }}')
    assert said.render(d=view) == (
        "Da inviare entro lunedì 7 dicembre 2026, 20:00 Europe/Rome (19:00 UTC).")
    english = render.environment(None, "txt").from_string('{{ d|deadline }}')
    assert english.render(d=view) == view["text"]


def test_the_bulletins_are_in_the_game_s_language(italian_game):
    move = italian_game / "reports" / "move-01"
    text = (move / "bulletin.txt").read_text(encoding="utf-8")
    assert text.startswith("VII LEGIO - aquileia - BOLLETTINO DELLA MOSSA 1\n")
    assert "\nLA MOSSA, TURNO PER TURNO\n" in text and "\nCLASSIFICA\n" in text
    assert "Varro è rimasto fermo (nessun ordine valido)." in text
    assert "\n    1. Decurio Notius - 0 punti (GLADIUM)\n" in text
    md = (move / "bulletin.md").read_text(encoding="utf-8")
    assert md.startswith("# VII Legio · aquileia · bollettino della mossa 1\n")
    assert "[b]Classifica[/b]" in (move / "bulletin.bbcode").read_text(encoding="utf-8")
    page = (move / "bulletin.html").read_text(encoding="utf-8")
    assert '<html lang="it">' in page and "<h2>Classifica</h2>" in page


def test_pbem_demo_lang_it_plays_the_demo_in_italian(tmp_path):
    """The whole demo in Italian is kept, byte for byte, in reports/it (tests/test_golden.py);
    here, the command."""
    out = ok("demo", tmp_path / "demo", "--lang", "it")
    assert "6 moves resolved" in out
    first = tmp_path / "demo" / "reports" / "move-01" / "bulletin.txt"
    assert first.read_bytes() == (ROOT / "reports" / "it" / "move-01" / "bulletin.txt").read_bytes()


def test_a_reminder_is_written_in_its_reader_s_language(italian_game):
    """After move 1, neither officer has sent orders for move 2: each is reminded in his own."""
    ok("remind", italian_game)
    conn = sqlite3.connect(italian_game / "game.db")
    try:
        files = dict(conn.execute(
            "SELECT o.name, m.file FROM mails m JOIN officers o ON o.id = m.officer_id "
            "WHERE m.kind = 'reminder' ORDER BY m.id").fetchall())
    finally:
        conn.close()
    import email
    from email import policy

    def body(name: str) -> str:
        message = email.message_from_bytes((italian_game / files[name]).read_bytes(),
                                           policy=policy.default)
        return message.get_body(preferencelist=("plain",)).get_content()

    assert "un promemoria per Decurio Notius" in body("Notius")
    assert "I tuoi ordini per la mossa 2 non sono ancora arrivati." in body("Notius")
    assert "a reminder for Decurio Varro" in body("Varro")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_order_word_is_read_in_either_language_s_game(tmp_path, lang):
    """The order words of both languages, in a game of each: `check` finds no problem."""
    folder = tmp_path / "g"
    ok("new", folder, "--seed", "3", "--name", "g", "--size", "12", "--lang", lang)
    ok("enlist", folder, "--name", "Notius", "--fit", FIT, "--secret", "4tq9-mx2d")
    italian_words = folder / "italiano.txt"
    italian_words.write_text("PARTITA g\nUFFICIALE Notius\nSEGRETO 4tq9-mx2d\nMOSSA 1\n"
                             "ROTTA 2 NORD + 1 OVEST\nSERBATOI 1\nRADAR 2\nFINE\n",
                             encoding="utf-8")
    english_words = folder / "english.txt"
    english_words.write_text("GAME g\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\n"
                             "ROUTE 2 N + 1 W\nTANKS 1\nRADARS 2\nEND\n", encoding="utf-8")
    for orders in (italian_words, english_words):
        result = run("check", "--game", folder, orders)
        assert result.exit_code == 0, result.output
        # Told in the game's language, Notius's.
        assert ("good orders for Notius, move 1." if lang == "en"
                else "ordini validi per Notius, mossa 1.") in result.output


# The templates whose every text goes through the catalogs (chart.svg.j2's labels are laid
# out in pbem/charts/svg.py, in the reader's words); the GM log is the GM's and stays English.
TRANSLATED = ("report.txt.j2", "report.html.j2", "page.html.j2", "story.j2", "public.html.j2",
              "bulletin.txt.j2", "bulletin.md.j2", "bulletin.bbcode.j2", "bulletin.html.j2",
              "welcome.txt.j2", "reminder.txt.j2", "receipt.txt.j2", "ground.txt.j2",
              "chart.svg.j2", "site-index.html.j2")
# The game's own notation, written alike in every language (docs/glossary.md).
KEPT = re.compile(r"VII LEGIO|VII Legio|LASER ZIP 3|HO1|SIL 12|Tot 100%|TAB\.|"
                  r"F\.C\.(Att|Def)?|G\.I\.|D\.N\.S\.|\bd\d*\b")


@pytest.mark.parametrize("name", TRANSLATED)
def test_no_text_of_a_translated_template_bypasses_the_catalogs(name):
    """Every word a translated template writes itself, outside markup and the game's kept
    notation, is a catalog's: the template text between its tags has no word of its own."""
    source = (ROOT / "templates" / name).read_text(encoding="utf-8")
    source = re.sub(r"<style>.*?</style>|\{#.*?#\}", "", source, flags=re.S)
    env = render.environment(None, "txt")
    words = []
    in_tag = False  # a tag cut by expressions, as <svg width="{{ w }}" height="{{ h }}">
    for lineno, kind, value in env.lex(source):
        if kind != "data":
            continue
        value = ("<" if in_tag else "") + value
        in_tag = value.rfind("<") > value.rfind(">")
        # Markup, BBCode.
        text = re.sub(r"<[^>]*>|<[^>]*$|\[/?[a-z*]+(=1)?\]", " ", value)
        text = KEPT.sub(" ", text)
        words += [(lineno, w) for w in re.findall(r"[A-Za-z]{2,}", text)]
    assert words == []


def test_a_receipt_is_written_in_its_officer_s_language(italian_game, tmp_path):
    """Orders by mail for move 2 from each officer of the Italian game: Notius's receipt
    is Italian, Varro's English, each refusing a route too long by the same rule."""
    import email
    import mailbox
    from email import policy
    from email.message import EmailMessage

    box = mailbox.mbox(str(tmp_path / "inbox.mbox"))
    for name, secret, address in (("Notius", "4tq9-mx2d", "notius@example.org"),
                                  ("Varro", "zz81-kq0p", "varro@example.org")):
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = f"{name} <{address}>", GM, "mossa 2"
        m["Message-ID"] = f"<{name}@example.org>"
        m.set_content(f"GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 2\n"
                      "ROUTE 99 N\nEND\n")
        box.add(m)
    box.close()
    ok("inbox", italian_game, tmp_path / "inbox.mbox")
    conn = sqlite3.connect(italian_game / "game.db")
    try:
        files = dict(conn.execute(
            "SELECT o.name, m.file FROM mails m JOIN officers o ON o.id = m.officer_id "
            "WHERE m.kind = 'receipt' ORDER BY m.id").fetchall())
    finally:
        conn.close()

    def body(name: str) -> str:
        message = email.message_from_bytes((italian_game / files[name]).read_bytes(),
                                           policy=policy.default)
        return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")

    assert body("Notius").startswith("VII LEGIO - aquileia - ricevuta per Notius\n")
    assert "RESPINTI: 1 problema qui sotto." in body("Notius")
    # The problem, wrapped as the receipt wraps it.
    assert ("riga 5 (non consentito): la rotta è di 99 parsec, ma 3 serbatoi danno 15 parsec "
            "di spinta (5 per serbatoio) > ROUTE 99 N accorcia la rotta a 15 parsec"
            ) in " ".join(body("Notius").split())
    assert ("line 5 (not allowed): the route is 99 parsecs, but 3 tanks give 15 parsecs of "
            "thrust (5 per tank) > ROUTE 99 N shorten the route to 15 parsecs"
            ) in " ".join(body("Varro").split())
    assert "GLI ORDINI COME LETTI" in body("Notius") and "\nPROBLEMI\n" in body("Notius")
    assert body("Varro").startswith("VII LEGIO - aquileia - receipt for Varro\n")
    assert "REFUSED: 1 problem below." in body("Varro")


def test_the_rules_data_s_texts_are_extracted_and_read_in_the_reader_s_language():
    """The Information Sheet's facts, the zones, the races' descriptions: extracted from the
    TOML into the catalogs, printed in the reader's words; a GM's own text as written."""
    import io

    from pbem import data_texts

    toml = io.BytesIO(b'[names]\nH = "H (Neptunian)"\n\n[marks]\nH = "H"\n')
    toml.name = "rules/information.toml"
    found = [(line, text) for line, _, text, _ in data_texts.extract(toml, (), (), {})]
    assert found == [(2, "H (Neptunian)")]  # the marks are the Tabula Spatii's, kept
    it, en = render.environment(None, "txt", "it"), render.environment(None, "txt")
    assert it.filters["said"]("H (Neptunian)") == "H (nettuniano)"
    assert it.filters["said"]("volcanoes") == "vulcani"
    assert it.filters["said"]("A plain of a GM's own") == "A plain of a GM's own"
    assert en.filters["said"]("H (Neptunian)") == "H (Neptunian)"


def test_a_problem_of_pbem_check_is_told_in_its_reader_s_language(italian_game, tmp_path):
    """The same unlawful route checked for each officer of the Italian game: Notius reads
    the problem and what to write instead in Italian, Varro in English."""
    for name, secret in (("Notius", "4tq9-mx2d"), ("Varro", "zz81-kq0p")):
        (tmp_path / f"{name}.txt").write_text(
            f"GAME aquileia\nOFFICER {name}\nSECRET {secret}\nMOVE 2\nROUTE 99 N\nEND\n",
            encoding="utf-8")
    notius = run("check", "--game", italian_game, tmp_path / "Notius.txt").output
    assert ("Notius.txt, riga 5 (non consentito): la rotta è di 99 parsec, ma 3 serbatoi "
            "danno 15 parsec di spinta (5 per serbatoio)\n    > ROUTE 99 N\n"
            "    accorcia la rotta a 15 parsec\n") in notius
    varro = run("check", "--game", italian_game, tmp_path / "Varro.txt").output
    assert ("Varro.txt, line 5 (not allowed): the route is 99 parsecs, but 3 tanks give 15 "
            "parsecs of thrust (5 per tank)\n    > ROUTE 99 N\n"
            "    shorten the route to 15 parsecs\n") in varro


def test_a_reason_the_events_kept_is_read_back_and_said_in_the_reader_s_language():
    """A refusal as the events stored it, its values lost: read back by the messages the
    rules registered, each reason inside it said again, plurals by the language's rule."""
    from pbem.rules import research, said

    stored = "2 grants not funded: after 1 grant last move you may buy at most 3 this move"
    made = said.read(stored)
    assert (made.message, made.values["because"]) == (
        research.NOT_FUNDED, "after 1 grant last move you may buy at most 3 this move")
    assert language.said_in("it")(stored) == (
        "2 finanziamenti non pagati: dopo 1 finanziamento nella mossa scorsa puoi comprarne "
        "al massimo 3 in questa mossa")
    assert language.said_in("en")(stored) == stored
    assert said.read("Notius") is None and language.said_in("it")("Notius") == "Notius"


def test_a_said_text_keeps_its_message_and_values_through_pickling():
    """The render workers receive the events pickled: a `Said` arrives as made."""
    import pickle

    from pbem.rules.said import Said, counted

    made = Said("%(grants)s not funded: %(because)s", grants=counted(
        "%(num)s grant", "%(num)s grants", 2), because=Said("no Tot 100%% on board"))
    again = pickle.loads(pickle.dumps(made))
    assert (again, again.message, again.values) == (made, made.message, made.values)
    assert again.values["grants"].plural == "%(num)s grants"
    assert language.said_in("it")(again) == "2 finanziamenti non pagati: nessun Tot 100% a bordo"


def test_the_moment_of_a_mail_is_dated_in_the_reader_s_locale():
    """A receipt's "your mail of ...": to the second, in the reader's locale, the UTC
    beside it (and its date when it is another day); English as `schedule` words it."""
    from datetime import datetime, timezone

    from pbem.schedule import moment_text

    sent = datetime(2026, 12, 7, 19, 0, 5, tzinfo=timezone.utc)
    assert language.moment_in("it", sent, "Europe/Rome") == (
        "lunedì 7 dicembre 2026, 20:00:05 Europe/Rome (19:00:05 UTC)")
    assert language.moment_in("it", datetime(2026, 12, 7, 23, 30, tzinfo=timezone.utc),
                              "Europe/Rome") == (
        "martedì 8 dicembre 2026, 00:30:00 Europe/Rome (23:30:00 UTC del 7 dicembre)")
    assert language.moment_in("it", sent) == "lunedì 7 dicembre 2026, 19:00:05 UTC"
    assert language.moment_in("en", sent, "Europe/Rome") == moment_text(sent, "Europe/Rome")
