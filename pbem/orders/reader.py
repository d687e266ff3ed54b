"""The reader of an order file: its text from the GAME line to END read into one `Orders`
value and the `Problem` of every line that cannot be read."""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Callable, Iterable, Sequence

from pbem.rules.orders import (
    UNREADABLE, InfoRequest, Orders, Payment, PressLine, Problem, ResearchOrder,
    in_report_order,
)
from pbem.rules.said import Said, counted, grouped
from pbem.rules.wording import SURE, nearest_word

from .decoding import NotText, checked_text, decode, first_part
from .keywords import ALIASES, HEADER, KEYWORDS, Keyword
from .limits import (
    MOST_FILE_BYTES, MOST_LINE_CHARS, MOST_LINES_PER_ORDER, MOST_PROBLEMS_LISTED,
    MOST_QUOTED_CHARS, brief,
)
from .lines import Line, split_line
from .problems import (
    ADD_UNDER, FILE_TOO_LARGE, GIVEN_ALREADY, IN_THE_HEADER, KEEP_AT_MOST, KEEP_ONE,
    KEEP_ONE_ROUTE, MORE_PROBLEMS, NOT_TEXT, NO_HEADER_LINE, ORDERS_ARE, SECOND_LINE,
    START_WITH, TOO_LONG, TOO_MANY, UNKNOWN_ORDER, WRITE_INSTEAD, UnreadableOrder,
    did_you_mean, masked,
)
from .secret import MASK, kept_for_the_record, secret_start, secret_tail, shown_text


# A second line of an order, and what to do: a route's segments join on one line.
_KEEP_ONE = {"ROUTE": KEEP_ONE_ROUTE}


def _shown(line: Line, keyword: str | None) -> str:
    """A line as a problem quotes it: secret masked, at most MOST_QUOTED_CHARS long."""
    return shown_text(line.text, keyword)


class _Reader:
    """Reads the lines of one file from its GAME line to its END, collecting problems."""

    def __init__(self, source: str):
        self.source = source
        self.values: dict[str, list[tuple[Any, int]]] = {}  # each order's values, by line
        # Every keyword met, readable or not.
        self.first_line: dict[str, int] = {}
        self.first_order: Line | None = None  # first non-header order
        self.ended = False
        self.problems: list[Problem] = []
        # Each order line as split, named for the order it is read as (and quoted so).
        self.texts: dict[int, Line] = {}
        self.unreadable: set[str] = set()  # keywords whose value could not be taken
        # "Did you mean" costs a comparison with every order word: only for the problems
        # that will be listed, so a file of junk lines is read in a glance.
        self.suggestions = MOST_PROBLEMS_LISTED

    def problem(self, line: Line | None, message: str, fix: str, keyword: str | None = None,
                dropped: bool = True):
        """An unreadable line; `dropped` when the order it meant is not in the orders."""
        text = _shown(line, keyword) if line else ""
        number = line.number if line else None
        secret = secret_tail(line.text) if line else ""
        if secret:  # a message may quote the line too
            message, fix = masked(message, secret, MASK), masked(fix, secret, MASK)
        self.problems.append(Problem(self.source, number, text, message, fix, UNREADABLE))
        if keyword and dropped:
            self.unreadable.add(keyword)

    def read(self, line: Line) -> None:
        name = line.name
        self.texts[line.number] = line
        if name is None:
            self.unknown(line)
        elif name == "END":
            self.first_line.setdefault("END", line.number)
            self.ended = True
        elif len(line.text) > MOST_LINE_CHARS:
            self.first_line.setdefault(name, line.number)  # there, so not also "missing"
            self.problem(line, Said(TOO_LONG, chars=len(line.text), most=MOST_LINE_CHARS),
                         Said("write the order on a shorter line; other text goes after END"),
                         name)
        elif self.misplaced(line, KEYWORDS[name]) or self.too_many(line, KEYWORDS[name]):
            return
        else:
            self.first_line.setdefault(name, line.number)
            kw = KEYWORDS[name]
            try:
                value = kw.read(line.args, kw)
            except UnreadableOrder as e:
                self.problem(line, e.message, e.fix, name)
            else:
                self.values.setdefault(name, []).append((value, line.number))

    def misplaced(self, line: Line, kw: Keyword) -> bool:
        """Duplicated single orders and header lines among the orders; notes first order."""
        if not kw.header and self.first_order is None:
            self.first_order = line
        if kw.name in self.first_line and not kw.repeatable:
            first = self.first_line[kw.name]
            self.problem(
                line,
                Said(SECOND_LINE, order=kw.name, first=first),
                Said(_KEEP_ONE.get(kw.name, KEEP_ONE), order=kw.name),
                kw.name,
                dropped=False,  # the first line of it stands
            )
            return True
        if kw.header and self.first_order is not None:
            self.first_line[kw.name] = line.number  # present, so not also "missing"
            self.problem(
                line,
                Said(IN_THE_HEADER, order=kw.name, word=self.first_order.word,
                     line=self.first_order.number),
                Said("move this line up, next to GAME"),
                kw.name,
            )
            return True
        return False

    def too_many(self, line: Line, kw: Keyword) -> bool:
        """A repeatable order's lines beyond MOST_LINES_PER_ORDER."""
        if not kw.repeatable or len(self.values.get(kw.name, ())) < MOST_LINES_PER_ORDER:
            return False
        self.problem(
            line, Said(TOO_MANY, most=MOST_LINES_PER_ORDER, order=kw.name),
            Said(KEEP_AT_MOST, most=MOST_LINES_PER_ORDER, order=kw.name, help=kw.help), kw.name,
            dropped=False)
        return True

    def unknown(self, line: Line) -> None:
        written = brief(line.text.split("#", 1)[0].split()[0])
        near = None
        if self.suggestions > 0:
            self.suggestions -= 1
            near = nearest_word(line.word, ALIASES)
        if near is None:
            self.problem(
                line,
                Said(UNKNOWN_ORDER, written=written),
                Said(ORDERS_ARE, orders=", ".join(KEYWORDS)),
            )
            return
        keyword = ALIASES[near]
        self.texts[line.number] = line._replace(name=keyword)
        secret = keyword == "SECRET" or secret_start(line.text) is not None
        args = "<your secret>" if secret else brief(line.args, MOST_QUOTED_CHARS)
        self.problem(
            line,
            did_you_mean(Said(UNKNOWN_ORDER, written=written), near),
            Said(WRITE_INSTEAD, words=f"{near} {args}".rstrip()),
            keyword,
        )

    def finish(self, game_line: Line) -> None:
        for name in HEADER:
            if name not in self.first_line:
                self.problem(
                    None,
                    Said(NO_HEADER_LINE, order=name),
                    Said(ADD_UNDER, example=KEYWORDS[name].example, game=game_line.text,
                         line=game_line.number),
                    name,
                )
        if not self.ended:  # the last line read, if the file has no END
            last = self.texts[next(reversed(self.texts))]
            self.problem(last, Said("the orders have no END line"),
                         Said("add END after your last order"))
        # A sheet too long for one line of a mail may go on over several REFIT lines.
        given: dict[str, int] = {}
        for sheet, number in self.values.get("REFIT", []):
            for component, _ in sheet:
                first = given.setdefault(component, number)
                if first != number:
                    self.problem(Line(number, _shown(self.texts[number], "REFIT"), "REFIT", "",
                                       "REFIT"),
                                 Said(GIVEN_ALREADY, component=component, first=first),
                                 Said("give each component once"), "REFIT", dropped=False)


def names_a_game(text: str) -> bool:
    """Does the text hold orders: an unquoted GAME line with a game's name after it? A
    glance, where `read_orders` reads the whole file."""
    start = _header_start(text.split("\n"))
    return start is not None and bool(start.args)


def _header_start(lines: list[str]) -> Line | None:
    """The first unquoted line whose first word is GAME: everything above is greeting."""
    for number, raw in enumerate(lines, start=1):
        line = split_line(number, raw)
        if line and line.name == "GAME":
            return line
    return None


def _no_game(source: str, lines: list[str]) -> Problem:
    # A misspelt GAME (GAEM cornifex) hides the whole header: point at it if there is one.
    for number, raw in enumerate(lines, start=1):
        line = split_line(number, raw)
        # A word close to GAME (cutoff 0.75) is at most twice as long as the longest.
        if (line and len(line.word) <= _GAME_WORD_CHARS
                and nearest_word(line.word, _GAME_WORDS, cutoff=SURE)):
            return Problem(source, number, _shown(line, None),
                           did_you_mean(Said("no GAME line found"), "GAME"),
                           Said(WRITE_INSTEAD,
                                words=f"GAME {brief(line.args, MOST_QUOTED_CHARS)}".rstrip()),
                           UNREADABLE)
    header = "\n".join(f"    {KEYWORDS[name].example}" for name in HEADER)
    fix = Said(START_WITH, header=header)
    return Problem(source, None, "", Said("no GAME line found"), fix, UNREADABLE)


_GAME_WORDS = [word for word, name in ALIASES.items() if name == "GAME"]
_GAME_WORD_CHARS = 2 * max(map(len, _GAME_WORDS))
_HEADER_LINES = 20  # of a file too large to read, the lines after GAME searched for the header


def read_orders(data: bytes | str, source: str) -> tuple[Orders, list[Problem]]:
    """Read an order file: every order that could be read, and every line that could not.

    The orders come back even when some lines are unreadable, so that the lawfulness check
    can report what is wrong with the rest in the same answer (one mail round trip).
    Only the first MOST_FILE_BYTES are read: the orders must end (END) within them, and
    whatever follows (a long quoted thread, a signature) is ignored like anything after
    END; a longer file whose orders do not end there is refused, its header only read to
    say whose it is. Text (a mail's, already decoded) is measured in characters.
    """
    longer = len(data) > MOST_FILE_BYTES
    if longer:
        data = first_part(data)
    try:
        text = decode(data) if isinstance(data, bytes) else checked_text(data)
    except NotText as e:
        return _unread(source), [_not_text(source, e)]
    lines = text.split("\n")  # not splitlines(): it also splits on \x85, \x0c...
    start = _header_start(lines)
    if start is None:
        return _unread(source), [_too_large(source) if longer else _no_game(source, lines)]
    if longer and not _END_LINE.search(text):  # surely too large: not worth reading
        return _header_only(lines, start, source), [_too_large(source)]
    return _read_lines(lines, start, source, longer)


def read_and_keep(text: str, source: str, most: int) -> tuple[Orders, list[Problem], str]:
    """`read_orders(text, source)` of a letter's text, and its first `most` characters as
    `kept_for_the_record` keeps them with the orders' secret."""
    orders, problems = read_orders(text, source)
    return orders, problems, kept_for_the_record(text[:most], orders.secret)


def _unread(source: str) -> Orders:
    """The orders of a file not read as a whole: its header counts as unreadable, so the
    lawfulness check does not add "the header has no GAME line" and the like to the one
    problem."""
    return Orders(source=source, unreadable=frozenset(HEADER))


def _read_lines(lines: list[str], start: Line, source: str,
                longer: bool) -> tuple[Orders, list[Problem]]:
    """The lines from GAME on, each read by `_Reader.read` up to END: every order that
    could be read, and every problem."""
    reader = _Reader(source)
    for number in range(start.number, len(lines) + 1):
        line = split_line(number, lines[number - 1])
        if line is not None:
            reader.read(line)
            if reader.ended:
                break
    if longer and not reader.ended:
        return _header_only(lines, start, source), [_too_large(source)]
    reader.finish(start)
    return _orders(reader, reader.unreadable), in_report_order(reader.problems)


_END_LINE = re.compile(r"^\s*(?:END|FINE)\b", re.IGNORECASE | re.MULTILINE)


def _too_large(source: str) -> Problem:
    kib = MOST_FILE_BYTES // 1024
    return Problem(
        source, None, "",
        Said(FILE_TOO_LARGE, kib=kib, bytes=grouped(MOST_FILE_BYTES)),
        Said("send the orders alone, as plain text, with END after them (what follows END may "
             "be as long as you like)"),
        UNREADABLE)


def _not_text(source: str, error: NotText) -> Problem:
    return Problem(
        source, None, "", Said(NOT_TEXT, why=str(error)),
        Said("send the orders as plain text, in the body of the mail or as a .txt file"),
        UNREADABLE)


def _header_only(lines: list[str], start: Line, source: str) -> Orders:
    """The header of a file too large to read, to tell its officer why he holds: only the
    lines just after GAME are looked at, and nothing but the header is taken."""
    reader = _Reader(source)
    for number in range(start.number, min(len(lines), start.number + _HEADER_LINES) + 1):
        line = split_line(number, lines[number - 1])
        if line is not None and line.name in HEADER:
            reader.read(line)
    return _orders(reader, HEADER)


def listed(problems: Sequence[Problem], most: int = MOST_PROBLEMS_LISTED,
           total: int | None = None) -> list[str]:
    """Problems as printed for a reader: the first `most`, then one line for the rest
    (`total` of them when only the first few were kept)."""
    out = [str(p) for p in problems[:most]]
    total = max(total or 0, len(problems))
    if total > most:
        rest = total - most
        out.append(counted(*MORE_PROBLEMS, rest, count=grouped(rest), most=most))
    return out


def _orders(reader: _Reader, unreadable: Iterable[str]) -> Orders:
    """The orders of what `reader` read: each order's values with their lines, the order
    lines as a problem quotes them (secrets masked), the END line if any, and the keywords
    `unreadable`.

    Only the orders the file gives are looked at (a file gives eight or so of the twenty):
    every other field keeps the value it has when its order is not given."""
    fields = _NOT_GIVEN.copy()
    lines: dict[str, int] = {}  # the line of each order's first readable line
    for name, found in reader.values.items():
        value, lines[name] = found[0]  # of a single order, its value
        field = _FIELD_OF.get(name)
        if field is not None:
            fields[field] = value
        else:
            _set_order(fields, name, value, found)
    fields["source"] = reader.source
    if "END" in reader.first_line:
        lines["END"] = reader.first_line["END"]
    fields["lines"] = MappingProxyType(lines)
    fields["texts"] = MappingProxyType(
        {number: _shown(line, line.name) for number, line in reader.texts.items()})
    fields["unreadable"] = frozenset(unreadable) if unreadable else _NONE
    return Orders(**fields)


def _set_order(fields: dict[str, Any], name: str, value: Any,
               found: list[tuple[Any, int]]) -> None:
    """The fields of an order that is no one field's value, from its lines (`found`, the
    first of them read as `value`)."""
    if name == "INFO":
        fields["info"] = _each(InfoRequest, found)
    elif name == "RESEARCH":
        fields["research"] = _each(ResearchOrder, found)
    elif name == "PAY":
        fields["pay"] = _each(Payment, found)
    elif name == "PRESS":
        fields["press"] = _each(_press_line, found)
    elif name == "LAND":
        fields["attitude"], fields["land_crews"] = value
    elif name == "CREWS":
        fields["crews_land"] = (value[1] or 0) if value[0] == "land" else None
        fields["crews_embark"] = value[0] == "embark"
    elif name == "FIRE":
        fire, fields["cooperate"] = value
        fields["fire"] = tuple([f for f in fire if f != "alien"])
        fields["fire_alien"] = "alien" in fire
    elif name == "SPECIALIST":
        fields["specialist"] = value[0]
    elif name == "DISENGAGE":
        fields["disengage"] = True
    elif name == "RESCUE":
        fields["rescue"] = True
    elif name == "REFIT":  # a long sheet may go on over several lines
        fields["refit"] = tuple(sorted({c: n for sheet, _ in found for c, n in sheet}.items()))


# The orders whose field is the value of their first line, as read.
_FIELD_OF = {"GAME": "game", "OFFICER": "officer", "SECRET": "secret", "MOVE": "move",
             "ROUTE": "route", "TANKS": "tanks", "RADARS": "radars", "SHIELDS": "shields",
             "TARGET": "targets", "MISSION": "mission", "TOT": "tot"}
# Every field of Orders as it is when the file gives none of its orders.
_NOT_GIVEN: dict[str, Any] = {name: getattr(Orders(), name) for name in Orders.__dataclass_fields__}


_NONE: frozenset[str] = frozenset()


def _each(kind: Callable[..., Any], found: list[tuple[Any, int]]) -> tuple[Any, ...]:
    """A repeatable order's lines (INFO, RESEARCH, PAY, PRESS) as its values, each made
    by `kind` from the line's value and number."""
    return tuple([kind(*value, line) for value, line in found])


def _press_line(anonymous: bool, text: str, line: int) -> PressLine:
    return PressLine(text, anonymous, line)
