"""The order form in the reader's language: an Italian form's comments and order words are
Italian, and every order word of either language is read in either game, to the same
orders."""

from __future__ import annotations

from dataclasses import replace

from click.testing import CliRunner

from pbem.cli import main
from pbem.order_form import FormSituation, order_form
from pbem.orders.keywords import ALIASES, ORDER_WORDS, order_line_in
from pbem.orders.reader import read_orders

FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
SHIP = FormSituation(ship_type="FROMBOLA", complete_crews=2, colleague="Varro",
                     fit={"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1,
                          "tanks": 3})


def filled(form: str, secret: str) -> str:
    """A form as an officer sends it back: his secret written, every example given."""
    lines = []
    for line in form.splitlines():
        if line in ("SECRET", "SEGRETO"):
            line += f" {secret}"
        elif (line.startswith("# ") and line[2:].split(" ")[0] in ALIASES
              and not line.endswith(".") and not any(c in line for c in ":()")):
            line = line[2:]  # an example (not a hint's words), taken as an order
        lines.append(line)
    return "\n".join(lines) + "\n"


def unlined(orders):
    """The orders without the lines they stand on, nor the words of their PRESS lines."""
    return replace(orders, texts=None, lines=None, source="",
                   info=tuple(replace(i, line=None) for i in orders.info),
                   pay=tuple(replace(p, line=None) for p in orders.pay),
                   research=tuple(replace(r, line=None) for r in orders.research),
                   press=tuple(replace(p, line=None, text="") for p in orders.press))


def test_an_italian_form_says_its_comments_and_order_words_in_italian():
    form = order_form("aquileia", "Notius", 2, SHIP, route="3 N", lang="it")
    assert form.startswith("# VII Legio, partita aquileia.\n# Ordini di Notius\n"
                           "# per la mossa 2.\n# Scrivi il tuo segreto dopo SEGRETO")
    assert "\nPARTITA aquileia\nUFFICIALE Notius\nSEGRETO\nMOSSA 2\n" in form
    assert "\nROTTA 3 N\n" in form and "\n# SERBATOI 3\n" in form
    assert "\n# INFO NUOVO\n" in form and "\n# ATTERRA C\n" in form
    assert "\n# PAGA 1 A Varro\n" in form and form.endswith("\nFINE\n")
    assert "# ATTERRA: con una rotta che finisce su un pianeta" in form
    # English, as ever.
    english = order_form("aquileia", "Notius", 2, SHIP, route="3 N")
    assert "\nGAME aquileia\nOFFICER Notius\nSECRET\nMOVE 2\n" in english
    assert "\nROUTE 3 N\n" in english
    assert "\n# PAY 1 TO Varro\n" in english and english.endswith("\nEND\n")


def test_every_word_an_italian_form_offers_is_an_alias_of_its_order():
    for name, word in ORDER_WORDS["it"].items():
        assert ALIASES[word] == name
    assert order_line_in("it", "CREWS LAND 1") == "EQUIPAGGI SBARCO 1"
    assert order_line_in("en", "CREWS LAND 1") == "CREWS LAND 1"


def test_the_italian_form_filled_in_gives_the_orders_of_the_english_one():
    """Each example given, on the ground and in space: the same `Orders` read back."""
    for situation in (SHIP, replace(SHIP, on_ground="P-3", crews_down=0)):
        read = {}
        for lang in ("en", "it"):
            form = order_form("aquileia", "Notius", 2, situation, route="3 N", lang=lang)
            orders, problems = read_orders(filled(form, "4tq9-mx2d").encode(), "form.txt")
            assert problems == [], (lang, [str(p) for p in problems])
            read[lang] = orders
        english, italian = read["en"], read["it"]
        # The same orders: only the lines they stand on are their own (the comments wrap
        # otherwise), and the PRESS example's words, a bulletin line in each language.
        assert unlined(italian) == unlined(english)
        assert [p.text for p in italian.press] == ["Saluti a ogni ufficiale"]
        assert english.route and english.attitude == ("C" if situation is SHIP else None)


def test_either_language_s_form_is_read_by_either_game(tmp_path):
    """Each language's form, filled in, checked in an English and an Italian game."""
    for game_lang in ("en", "it"):
        folder = tmp_path / game_lang
        run = CliRunner().invoke
        assert run(main, ["new", str(folder), "--seed", "3", "--name", "aquileia", "--size",
                          "12", "--lang", game_lang]).exit_code == 0
        assert run(main, ["enlist", str(folder), "--name", "Notius", "--fit", FIT,
                          "--secret", "4tq9-mx2d"]).exit_code == 0
        for form_lang in ("en", "it"):
            form = order_form("aquileia", "Notius", 1, replace(SHIP, colleague=None),
                              route="1 N", lang=form_lang)
            path = tmp_path / f"{game_lang}-{form_lang}.txt"
            path.write_text(filled(form, "4tq9-mx2d"), encoding="utf-8")
            result = run(main, ["check", "--game", str(folder), str(path)])
            assert result.exit_code == 0, result.output


def test_the_welcome_letter_carries_the_form_in_its_officer_s_language(tmp_path):
    """In an Italian game, Notius's welcome letter brings an Italian form, Varro's an
    English one, each under a subject in his language."""
    import email
    import sqlite3
    from email import policy

    folder = tmp_path / "aquileia"
    run = CliRunner().invoke
    assert run(main, ["new", str(folder), "--seed", "7", "--name", "aquileia", "--size", "12",
                      "--gm-email", "Space Computer <sc@example.org>",
                      "--lang", "it"]).exit_code == 0
    for name, lang in (("Notius", "it"), ("Varro", "en")):
        assert run(main, ["enlist", str(folder), "--name", name, "--email",
                          f"{name.lower()}@example.org", "--fit", FIT, "--lang", lang]
                   ).exit_code == 0
    conn = sqlite3.connect(folder / "game.db")
    try:
        files = dict(conn.execute(
            "SELECT o.name, m.file FROM mails m JOIN officers o ON o.id = m.officer_id "
            "WHERE m.kind = 'welcome' ORDER BY m.id").fetchall())
    finally:
        conn.close()
    letters = {name: email.message_from_bytes((folder / file).read_bytes(),
                                              policy=policy.default)
               for name, file in files.items()}
    forms = {name: next(letter.iter_attachments()).get_content().replace("\r\n", "\n")
             for name, letter in letters.items()}
    assert letters["Notius"]["Subject"] == "VII Legio aquileia: benvenuto, Notius"
    assert forms["Notius"].startswith("# VII Legio, partita aquileia.\n# Ordini di Notius\n")
    assert "\nPARTITA aquileia\nUFFICIALE Notius\nSEGRETO\nMOSSA 1\n" in forms["Notius"]
    assert letters["Varro"]["Subject"] == "VII Legio aquileia: welcome, Varro"
    assert "\nGAME aquileia\nOFFICER Varro\nSECRET\nMOVE 1\n" in forms["Varro"]
