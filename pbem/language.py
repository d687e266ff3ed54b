"""The languages a reader may read: one gettext catalog per language, in the package.

English is the language the code and templates are written in: it needs no catalog. Any
other language is a catalog `pbem/locale/<code>/LC_MESSAGES/pbem.po`, compiled to `pbem.mo`
when the package is built (setup.py); a GM adds a language by adding a catalog, in the
package or in a folder of his own that the environment variable `PBEM_LOCALES` names (laid
out as `pbem/locale`; several folders separated as in PATH). A source tree holds the `.po`
alone, compiled in memory when first read, so that an edited translation is read at once.
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import re
from datetime import datetime, timezone
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping

import jinja2
import markupsafe
from markupsafe import Markup

from . import formats
from .rules.orders import ProblemText
from .rules.said import Number, Said, read

DOMAIN = "pbem"
ENGLISH = "en"


def N_(message: str) -> str:
    """A text marked for the catalogs, translated where it is printed."""
    return message


@dataclass(frozen=True)
class Readers:
    """Who reads what language: the game (its bulletins, and each officer who chose no
    other) and the officers who chose their own."""

    game: str = ENGLISH
    officers: Mapping[int, str] = field(default_factory=dict)

    def of(self, officer_id: int) -> str:
        return self.officers.get(officer_id) or self.game


class UnknownLanguage(ValueError):
    """A language with no catalog."""


# The folders of a GM's own catalogs, searched after the package's (see the module).
LOCALES_VARIABLE = "PBEM_LOCALES"


def locale_dir() -> Path:
    return Path(str(resources.files("pbem"))) / "locale"


def locale_dirs() -> list[Path]:
    """The package's catalogs, then the folders `PBEM_LOCALES` names."""
    more = os.environ.get(LOCALES_VARIABLE, "")
    return [locale_dir()] + [Path(p) for p in more.split(os.pathsep) if p]


def _has_catalog(folder: Path) -> bool:
    return any((folder / "LC_MESSAGES" / f"{DOMAIN}.{suffix}").is_file() for suffix in ("po", "mo"))


def catalog_path(lang: str, suffix: str = "po") -> Path:
    """The catalog of `lang`: the first folder's that holds one (the package's if none)."""
    for folder in locale_dirs():
        if _has_catalog(folder / lang):
            return folder / lang / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def languages() -> list[str]:
    """English and every language with a catalog, English first."""
    found = {p.name for folder in locale_dirs() if folder.is_dir()
             for p in folder.iterdir() if _has_catalog(p)}
    return [ENGLISH] + sorted(found - {ENGLISH})


def checked(lang: str) -> str:
    """`lang` as stored: a language code with a catalog, else a clear refusal."""
    code = lang.strip().lower().replace("-", "_")
    known = languages()
    if code not in known:
        raise UnknownLanguage(f"no catalog for the language {lang!r}; use one of "
                              f"{', '.join(known)} (a GM adds a language by adding "
                              f"pbem/locale/<code>/LC_MESSAGES/{DOMAIN}.po)")
    return code


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (English: none, the texts as written)."""
    if lang == ENGLISH:
        return gettext.NullTranslations()
    po, mo = catalog_path(lang), catalog_path(lang, "mo")
    if mo.is_file():  # an installed package's (a source tree holds the .po alone)
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.is_file():
        raise UnknownLanguage(f"no catalog for the language {lang!r}")
    return gettext.GNUTranslations(io.BytesIO(compiled(po)))


def compiled(po: Path) -> bytes:
    """A `.po` catalog compiled as msgfmt would (fuzzy entries left out)."""
    # Here: Babel's catalog reader (31 ms to import) is only for a source tree's `.po`; an
    # installed package reads the `.mo` compiled at build time.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")  # 65,536


def said_in(lang: str) -> Callable[[Any], Any]:
    """Texts of the rules in the reader's words: a text of the rules data (`data_texts`) as
    his catalog has it, a `Said` (`rules.said`) said again from its message and values, a
    text the events stored read back as the `Said` it was made as (its values said again
    when his catalog or the rules know them: a zone, a reason inside a reason). Anything
    else, a name among them, is printed as written."""
    if lang == ENGLISH:
        return lambda text: text
    # Every module of the rules and of the order reader's problems imported, so that `read`
    # knows every message they register, whatever this process imported before.
    from . import letter_words  # noqa: F401
    from .orders import keywords  # noqa: F401
    from .rules import lawful, move  # noqa: F401

    from babel.numbers import format_decimal  # here: 26 ms to import, for another language

    catalog = translations(lang)

    def value_said(value: Any, stored: bool) -> Any:
        # A number English groups with commas, in the reader's locale: made as a `Number`,
        # or read back so from a stored text.
        if isinstance(value, Number) or (stored and isinstance(value, str)
                                         and _GROUPED.fullmatch(value)):
            return format_decimal(int(value.replace(",", "")), locale=lang)
        return said(value, stored) if stored or isinstance(value, Said) else value

    def again(made: Said, stored: bool) -> str:
        values = {key: value_said(value, stored) for key, value in made.values.items()}
        if made.plural is not None:
            return catalog.ngettext(made.message, made.plural, int(values["num"])) % values
        return catalog.gettext(made.message) % values

    def said(text: Any, stored: bool = True) -> Any:
        if not isinstance(text, str) or not text:
            return text
        if isinstance(text, Said):
            return again(text, stored=False)
        if isinstance(text, ProblemText):
            return text.problem.told(said)
        if "\n" in text:  # lines of texts, each said as indented
            return "\n".join(line[:len(line) - len(line.lstrip())] + said(line.lstrip())
                             for line in text.split("\n"))
        found = catalog.gettext(text)
        if found == text:
            made = read(text)
            found = text if made is None else again(made, stored=True)
        return found

    return said


# A value in bold inside a translated text, in each format (the catalogs hold no markup).
BOLD = {"html": "<b>%s</b>", "md": "**%s**", "bbcode": "[b]%s[/b]", "txt": "%s"}


def template_callables(lang: str, fmt: str) -> dict[str, Any]:
    """`_`, `gettext` and `ngettext` for the templates: the reader's catalog, and each value
    put into a text escaped by the template's own escaper (its `finalize`), as if the
    template had printed it; the catalog's words are the template's own, left as written.
    These are called as Jinja calls them, with the template's context; `said_directly`
    makes the same for the templates' own code to call."""
    catalog = translations(lang)
    form = BOLD[fmt]

    @jinja2.pass_context
    def gettext_(context: Any, message: str, **values: Any) -> Markup:
        env = context.environment
        return _put_in(catalog.gettext(message), values, env.finalize, env.autoescape)

    @jinja2.pass_context
    def ngettext_(context: Any, singular: str, plural: str, num: int, **values: Any) -> Markup:
        values.setdefault("num", num)
        env = context.environment
        return _put_in(catalog.ngettext(singular, plural, num), values, env.finalize,
                       env.autoescape)

    @jinja2.pass_context
    def bold(context: Any, value: Any) -> Markup:
        """A value in bold inside a translated text, escaped as printed."""
        env = context.environment
        return _bolded(form, value, env.finalize, env.autoescape)

    return {"_": gettext_, "gettext": gettext_, "ngettext": ngettext_, "bold": bold}


def said_directly(lang: str, fmt: str, finalize: Callable[[Any], str],
                  autoescape: bool) -> dict[str, Callable[..., Markup]]:
    """`template_callables` for one environment, its `finalize` and autoescaping given: what
    the templates' code calls (`template_code.CodeGenerator.visit_Call`) where the name
    stands for the environment's own callable, with no context to pass."""
    catalog = translations(lang)
    form = BOLD[fmt]
    # A text with no values ("RESEARCH", "ROUTE") is the same every time: said once,
    # still through `%`, which makes a catalog's `%%` a `%`.
    alone: dict[str, Markup] = {}

    def gettext_(message: str, **values: Any) -> Markup:
        if values:
            return _put_in(catalog.gettext(message), values, finalize, autoescape)
        found = alone.get(message)
        if found is None:
            found = alone[message] = Markup(catalog.gettext(message) % values)
        return found

    def ngettext_(singular: str, plural: str, num: int, **values: Any) -> Markup:
        values.setdefault("num", num)
        return _put_in(catalog.ngettext(singular, plural, num), values, finalize, autoescape)

    def bold(value: Any) -> Markup:
        return _bolded(form, value, finalize, autoescape)

    return {"_": gettext_, "gettext": gettext_, "ngettext": ngettext_, "bold": bold}


def _put_in(text: str, values: dict[str, Any], finalize: Callable[[Any], str],
            autoescape: bool) -> Markup:
    """A catalog's text, each value put in escaped as the template would print it."""
    if autoescape:
        escaped = {key: markupsafe.escape(finalize(v)) for key, v in values.items()}
    else:
        escaped = {key: finalize(v) for key, v in values.items()}
    # The values escaped already and the catalog's text holding no markup: put in with
    # str's own %, a third of the time Markup's % takes to escape each again.
    return Markup(text % escaped)


def _bolded(form: str, value: Any, finalize: Callable[[Any], str], autoescape: bool) -> Markup:
    if autoescape:
        return Markup(form) % finalize(value)
    return Markup(form % finalize(value))


# A deadline as `schedule.deadline_text` words it: the zone's name follows the local time.
_DEADLINE_ZONE = re.compile(r", \d\d:\d\d (\S+)")


def deadline_in(lang: str, deadline: Mapping[str, Any]) -> str:
    """A deadline (`deadlines.view`) in the reader's locale: "lunedì 7 dicembre 2026, 20:00
    Europe/Rome (19:00 UTC)", the UTC date added when it is another day."""
    # Here, as in `moment_in`: Babel's dates (29 ms to import) and the schedule's dateutil
    # (43 ms) only for a reader of another language, and only where a date is printed.
    from babel.dates import format_date, format_datetime

    from .schedule import zone_of

    utc = datetime.fromisoformat(deadline["utc"]).astimezone(timezone.utc)
    zone = _DEADLINE_ZONE.search(deadline["text"]).group(1)
    local = utc.astimezone(zone_of(zone))
    text = f"{format_datetime(local, 'EEEE d MMMM y, HH:mm', locale=lang)} {zone}"
    if zone.upper() in ("UTC", "ETC/UTC", "GMT"):
        return text
    on = "" if utc.date() == local.date() else " " + translations(lang).gettext(
        "on %(date)s") % {"date": format_date(utc, "d MMMM", locale=lang)}
    return f"{text} ({utc:%H:%M} UTC{on})"


def moment_in(lang: str, instant: datetime, zone: str | None = None) -> str:
    """When a mail was sent, to the second, in the reader's locale: "lunedì 7 dicembre 2026,
    20:00:05 Europe/Rome (19:00:05 UTC)" (English: `schedule.moment_text`, as ever)."""
    # Here: the schedule's dateutil (43 ms to import) and Babel's dates (29 ms) only where
    # a date is printed, Babel's only for a reader of another language.
    from .schedule import moment_text, zone_of

    if lang == ENGLISH:
        return moment_text(instant, zone)
    from babel.dates import format_date, format_datetime

    utc = instant.astimezone(timezone.utc)
    if zone is None or zone.upper() in ("UTC", "ETC/UTC", "GMT"):
        return f"{format_datetime(utc, 'EEEE d MMMM y, HH:mm:ss', locale=lang)} UTC"
    local = instant.astimezone(zone_of(zone))
    on = "" if utc.date() == local.date() else " " + translations(lang).gettext(
        "on %(date)s") % {"date": format_date(utc, "d MMMM", locale=lang)}
    return (f"{format_datetime(local, 'EEEE d MMMM y, HH:mm:ss', locale=lang)} {zone} "
            f"({utc:%H:%M:%S} UTC{on})")


def template_filters(lang: str) -> dict[str, Any]:
    """The filters that word numbers and dates, in the reader's language (English's are
    `formats`', and a deadline's text as `schedule` wrote it)."""
    if lang == ENGLISH:
        return {"deadline": lambda deadline: deadline["text"],
                "at_the_parsec": lambda n: "at " + formats.at_parsec(n),
                "said": lambda text: text}
    catalog = translations(lang)
    said = said_in(lang)

    def ordinal(n: int) -> str:
        return catalog.pgettext("ordinal number", "%(n)s%(suffix)s") % {"n": n, "suffix": ""}

    def at_parsec(n: int) -> str:
        if n == 0:
            return catalog.gettext("the start of the route")
        return catalog.gettext("the %(ordinal)s parsec") % {"ordinal": ordinal(n)}

    def at_the_parsec(n: int) -> str:
        # Its own text, not "at" + `at_parsec`: Italian joins the preposition and the
        # article ("al parsec 7°", "all'inizio della rotta").
        if n == 0:
            return catalog.gettext("at the start of the route")
        return catalog.gettext("at the %(ordinal)s parsec") % {"ordinal": ordinal(n)}

    def reckoning(r: list[int]) -> str:
        # Directions stay the compass letters of the rulebook ("1 W + 1 NW") in every
        # language: the order reader takes them in any game.
        from .rules.geometry import Position, bearing, bearing_text

        x, y, dz = r
        flat = bearing_text(bearing(Position(0, 0, 0), Position(x, y, 0)))
        said = (catalog.gettext("on the base square") if flat == "here" else
                catalog.gettext("%(bearing)s from the base") % {"bearing": flat})
        if dz:
            levels = (catalog.ngettext("%(num)s level up", "%(num)s levels up", abs(dz))
                      if dz < 0 else
                      catalog.ngettext("%(num)s level down", "%(num)s levels down", abs(dz)))
            said += ", " + levels % {"num": abs(dz)}
        return said

    return {"ordinal": ordinal, "at_parsec": at_parsec, "at_the_parsec": at_the_parsec,
            "reckoning": reckoning, "said": said,
            "deadline": functools.partial(deadline_in, lang)}


# The texts of `template_filters`, for extraction (English words its numbers in `formats`).
N_("the start of the route"), N_("the %(ordinal)s parsec")
N_("at the start of the route"), N_("at the %(ordinal)s parsec")
