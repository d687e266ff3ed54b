"""Every word a player reads goes through the catalogs: the demos played in a pseudo-language.

At test time the template of the catalogs (`pbem/locale/pbem.pot`) becomes the catalog of a
language "xx" whose every text is its English marked, "⟦ROUTE⟧", placeholders kept; the
language is installed as a GM installs his own (`PBEM_LOCALES`, pbem.language). Both demos
are played in it, their site built, and an officer enlisted by mail is welcomed and
reminded in it. A word a player reads outside every mark did not go through the catalogs:
the test names it, with its file and line. Player-written text, names (officers, ships,
planets, races), numbers and the game's kept notation (docs/glossary.md) are set aside.
"""

from __future__ import annotations

import email
import html
import json
import os
import re
import sqlite3
import subprocess
import sys
from email import policy
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from pbem import demo, language
from pbem.orders import keywords
from pbem.ruleset_files import load_ruleset

LANG = "xx"
OPEN, CLOSE = "⟦", "⟧"
FIT = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"

# The game's kept notation (docs/glossary.md): the tables, factors, components, ranks, ship
# types, the compass letters and the order words a player writes; a die (d10), a planet's
# designation (P-3), a hash of the fair-play ledger.
KEPT = re.compile(
    r"VII LEGIO|VII Legio|LASER ZIP 3|HO1|SIL 12|Tot 100%|TAB\. ?[A-S]?|F\.C\.(Att\.|Def\.)?|"
    r"G\.I\.|D\.N\.S\.|U\.C\.|S\.C\.|\bd\d+\b|\b[A-Z]-\d+\b|\b[0-9a-f]{16,}\b|"
    r"\b(Decurio|Centurio|Proconsul|Consul|Fabius|Princeps|PSI|ROBUR|FROMBOLA|GLADIUM|SPATHA|"
    r"HASTA|BASE|N|NE|E|SE|S|SW|W|NW|UP|DOWN|B)\b")


def play(*args: str, env: dict[str, str]) -> str:
    """`pbem` in a process of its own, which reads the catalogs of `env`."""
    done = subprocess.run([sys.executable, "-c", "from pbem.cli import main; main()", *args],
                          env=env, capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def pseudo_env(tmp_path_factory) -> dict[str, str]:
    """The environment of a process that reads the pseudo-language's catalog."""
    folder = tmp_path_factory.mktemp("locales")
    with (language.locale_dir() / "pbem.pot").open("rb") as f:
        catalog = read_po(f, locale="en")  # English's plural rules: two forms
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            marked = tuple(OPEN + text + CLOSE for text in ids)
            message.string = marked if isinstance(message.id, tuple) else marked[0]
    catalog.fuzzy = False
    po = folder / LANG / "LC_MESSAGES" / f"{language.DOMAIN}.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as f:
        write_po(f, catalog)
    return {**os.environ, language.LOCALES_VARIABLE: str(folder)}


def kept_names() -> re.Pattern[str]:
    """The names a text prints as they are: the demos' officers and ships, the races, the
    alien ships, the marks of the Tabula Spatii (longest first, so that a name inside
    another goes with it)."""
    ruleset = load_ruleset()
    names = {race.name for race in ruleset.guide.values()}
    names |= set(ruleset.alien_ships.ships) | set(ruleset.information.marks.values())
    for game in (demo.BASIC, demo.ADVANCED):
        for officer, _, _, ship, _ in game.officers:
            names |= {officer, ship}
        names.add(game.name)
    alone = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if len(n) > 1)
    return re.compile(rf"(?<!\w)({alone})(?!\w)")


def played_texts(directory: Path) -> dict[str, str]:
    """What the players of a demo read, by file: the officers' reports, the bulletins, the
    public charts and the site (the GM's own files aside)."""
    files = [p for p in sorted(directory.rglob("*"))
             if p.suffix in (".txt", ".html", ".svg", ".md", ".bbcode", ".json")
             and not p.name.startswith(("gm-", "chart-gm"))
             and "orders" not in p.relative_to(directory).parts
             and p.name != "ledger.json"]
    return {p.relative_to(directory).as_posix(): p.read_text(encoding="utf-8") for p in files}


def human_texts(name: str, text: str) -> str:
    """A file's text as read, one line for one line: markup and JSON keys taken away."""
    if name.endswith(".json"):
        # The human texts of a report: the end of the game; the events are data.
        data = json.loads(text)
        end = data.get("game_end") or {}
        return end.get("reason", "")
    if name.endswith((".html", ".svg")):
        text = re.sub(r"<style>.*?</style>|<[^>]*>",
                      lambda m: "\n" * m.group().count("\n") + " ", text, flags=re.S)
        text = html.unescape(text)
    if name.endswith(".bbcode"):
        text = re.sub(r"\[/?[a-z*]+(=[^\]]*)?\]", " ", text)
    return text


def blanked(pattern: str, text: str, flags: int = 0) -> str:
    """`text` with what `pattern` finds taken away, its lines kept."""
    return re.sub(pattern, lambda m: "\n" * m.group().count("\n"), text, flags=flags)


def unmarked(text: str) -> str:
    """`text` with every marked text blanked, marks inside marks too, lines kept."""
    out, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth -= 1
        out.append(ch if ch == "\n" or (depth == 0 and ch != CLOSE) else " ")
    return "".join(out)


# A line that is an order as a player writes it, in either language: the order form's
# lines and the examples in its comments offer the order words as they are read.
ORDER_LINE = re.compile(r"\s*(<pre>)?(#\s*)?(%s)\b" % "|".join(
    re.escape(word) for word in sorted(keywords.ALIASES, key=len, reverse=True)))


def unmarked_words(files: dict[str, str], names: re.Pattern[str]) -> list[str]:
    """Each line with a word outside every mark, as "file:line: words"."""
    found = []
    for name, text in files.items():
        text = unmarked(human_texts(name, text))
        for number, line in enumerate(text.split("\n"), 1):
            if line.lstrip().startswith("> "):
                continue  # an order as the player wrote it, quoted
            if ORDER_LINE.match(line):
                continue  # an order line (of the form, or an example in its comments)
            line = line.replace("\\", "")  # Markdown's escapes of a name
            words = re.findall(r"[A-Za-z]{2,}", KEPT.sub(" ", names.sub(" ", line)))
            if words:
                found.append(f"{name}:{number}: {' '.join(words)}")
    return found


@pytest.fixture(scope="module")
def played(pseudo_env, tmp_path_factory) -> dict[str, Path]:
    """Both demos played in the pseudo-language, each with its site."""
    root = tmp_path_factory.mktemp("pseudo")
    out = {}
    for level, flags in (("basic", ()), ("advanced", ("--advanced",))):
        folder = root / level
        play("demo", str(folder), "--lang", LANG, *flags, env=pseudo_env)
        play("site", str(folder), env=pseudo_env)
        out[level] = folder
    return out


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_every_word_of_the_demo_s_reports_bulletins_charts_and_site_is_a_catalog_s(
        played, level):
    files = played_texts(played[level])
    assert any(name.startswith("site/") for name in files)
    assert any(name.endswith("chart-public.svg") for name in files)
    found = unmarked_words(files, kept_names())
    assert not found, ("texts a player reads that do not go through the catalogs "
                       "(docs/translating.md):\n" + "\n".join(found))


def test_the_welcome_letter_and_the_reminder_are_the_catalogs(pseudo_env, tmp_path):
    """An officer enlisted with his address: his welcome letter and, a move later with no
    orders from him, his reminder."""
    folder = tmp_path / "g"
    play("new", str(folder), "--seed", "5", "--name", "aquileia", "--size", "12",
         "--gm-email", "Space Computer <sc@example.org>", "--lang", LANG, env=pseudo_env)
    play("enlist", str(folder), "--name", "Notius", "--email", "notius@example.org",
         "--fit", FIT, "--secret", "4tq9-mx2d", env=pseudo_env)
    play("resolve", str(folder), "--force", env=pseudo_env)
    play("remind", str(folder), env=pseudo_env)
    conn = sqlite3.connect(folder / "game.db")
    try:
        files = conn.execute("SELECT kind, file FROM mails WHERE kind IN ('welcome', "
                             "'reminder') ORDER BY id").fetchall()
    finally:
        conn.close()
    assert [kind for kind, _ in files] == ["welcome", "reminder"]
    bodies = {}
    for kind, file in files:
        message = email.message_from_bytes((folder / file).read_bytes(), policy=policy.default)
        bodies[f"{kind}.txt"] = message.get_body(preferencelist=("plain",)).get_content()
    found = unmarked_words(bodies, re.compile(
        r"aquileia|Notius|4tq9-mx2d|notius@example\.org|sc@example\.org"))
    assert not found, ("texts a player reads that do not go through the catalogs "
                       "(docs/translating.md):\n" + "\n".join(found))
