"""The press: PRESS lines of the orders printed in the next bulletin in every format,
signed or anonymous, escaped, within a length limit; and the orders as pbem read them,
printed one line each, read back to the same orders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem import game
from pbem.order_lines import orders_lines
from pbem.orders.reader import read_orders
from pbem.rules.orders import PressLine
from pbem.rules.press import MOST_PRESS_CHARS

from conftest import EXAMPLE_FIT, orders_text, schema_errors

EXAMPLES = Path(__file__).parent / "examples"
ALPHA = ("Alpha", "aaaa-1111", EXAMPLE_FIT)
BETA = ("Beta", "bbbb-2222", EXAMPLE_FIT)


def test_press_lines_are_read_signed_or_anonymous():
    orders, problems = read_orders(orders_text(
        "Alpha", "s", 1, "PRESS   Salve,  officers!", "stampa anonymous Beware P-3  # a comment",
        "PRESS anonymous"), "f")
    assert orders.press == (PressLine("Salve, officers!", False, 5),
                            PressLine("Beware P-3", True, 6))
    assert [(p.line, p.message) for p in problems] == [
        (7, "PRESS ANONYMOUS has no text for the bulletin")]


@pytest.fixture
def two(make_game):
    return make_game((10, 10, 2), [(20, 20, 2)], officers=(ALPHA, BETA))


def test_press_is_printed_in_the_bulletin_in_every_format_and_escaped(two):
    two.post("alpha.txt", orders_text("Alpha", "aaaa-1111", 1, "ROUTE 1 N",
                                      "PRESS Salve from the *ALPHA* [b]crew[/b] <i>",
                                      "PRESS and a second line."))
    two.post("beta.txt", orders_text("Beta", "bbbb-2222", 1, "ROUTE 1 S",
                                     "PRESS ANONYMOUS Alpha cheats at dice."))
    game.resolve(two.dir)
    text = two.bulletin(1)
    assert "PRESS\n  Alpha: Salve from the *ALPHA* [b]crew[/b] <i> and a second line.\n" in text
    assert "  Anonymous: Alpha cheats at dice.\n" in text
    md = two.bulletin(1, "md")
    assert r"- **Alpha**: Salve from the \*ALPHA\* \[b\]crew\[/b\] &lt;i&gt; and a second line\." in md
    assert "- *Anonymous*: Alpha cheats at dice\\." in md
    bbcode = two.bulletin(1, "bbcode")
    assert "[*][b]Alpha[/b]: Salve from the *ALPHA* &#91;b&#93;crew&#91;/b&#93; <i> and a second line." in bbcode
    assert "[*][i]Anonymous[/i]: Alpha cheats at dice." in bbcode
    folder = two.dir / "reports" / "move-01"
    html = (folder / "bulletin.html").read_text(encoding="utf-8")
    assert ("<li><b>Alpha</b>: Salve from the *ALPHA* [b]crew[/b] &lt;i&gt; and a second "
            "line.</li>") in html
    assert "<li><i>Anonymous</i>: Alpha cheats at dice.</li>" in html
    bulletin = json.loads((folder / "bulletin.json").read_text(encoding="utf-8"))
    assert [e["data"] for e in bulletin["events"] if e["kind"] == "press"] == [
        {"officer_name": "Alpha", "text": "Salve from the *ALPHA* [b]crew[/b] <i> and a second line."},
        {"officer_name": None, "text": "Alpha cheats at dice."}]
    assert schema_errors(folder / "bulletin.json") == []
    # Nobody but the GM learns who wrote the anonymous piece: no format of the bulletin
    # or report ties it to Beta.
    for reader in (text, md, bbcode, html, two.report(1, "alpha"), two.report(1, "beta")):
        assert "Beta: Alpha cheats" not in reader and "**Beta**: Alpha" not in reader
    for e in bulletin["events"]:
        if e["kind"] == "press" and e["data"]["officer_name"] is None:
            assert "Beta" not in json.dumps(e)
    log = (two.dir / "reports" / "move-01" / "gm-log.txt").read_text(encoding="utf-8")
    assert "[gm] press-author (Beta): text Alpha cheats at dice." in log


def test_a_ship_that_holds_publishes_nothing(two):
    two.post("alpha.txt", orders_text("Alpha", "wrong-secret", 1, "PRESS I am not Alpha."))
    two.post("beta.txt", orders_text("Beta", "bbbb-2222", 1, "ROUTE 1 S"))
    game.resolve(two.dir)
    assert "I am not Alpha" not in two.bulletin(1) and "\nPRESS\n" not in two.bulletin(1)


def test_press_over_the_limit_is_refused_at_the_line_that_goes_over(two):
    line = "x" * (MOST_PRESS_CHARS // 2)
    text = orders_text("Alpha", "aaaa-1111", 1, f"PRESS {line}", f"PRESS {line}", "PRESS more")
    path = two.post("alpha.txt", text)
    _, problems = game.check_file(path, two.dir)
    assert [(p.line, p.message) for p in problems] == [
        (7, f"your PRESS lines hold {MOST_PRESS_CHARS + 4} characters; the press of one move "
            f"is at most {MOST_PRESS_CHARS}")]
    assert not problems[0].private


# --- the orders as read, one line each ------------------------------------------------

FILES = [
    orders_text("Notius", "4tq9-mx2d", 3, "ROUTE 10 n + 5 NORTH-EAST + 4 up", "tanks 3", "RADARS 2",
                "INFO P-3", "INFO NEW 2", "RESEARCH movement 2", "LAND C 1", "PAY 2 TO Marcus  Aper",
                "REFIT crews=2,shields=5", "REFIT tanks=3", "TOT p-5", "PRESS Ave!",
                "PRESS ANONYMOUS Vale."),
    orders_text("Notius", "4tq9-mx2d", 3, "SHIELDS off", "CREWS LAND 2", "FIRE all with Beta",
                "TARGET 1", "MISSION trade"),
    orders_text("Notius", "4tq9-mx2d", 3, "ROUTE", "CREWS EMBARK", "FIRE LASERS"),
    orders_text("Notius", "4tq9-mx2d", 3, "ROUTE NONE", "SHIELDS ON", "CREWS LAND", "FIRE CREWS"),
]


def comparable(orders):
    values = {k: v for k, v in vars(orders).items()
              if k not in ("source", "lines", "texts", "unreadable")}
    # Line numbers move when the lines are printed canonically; the orders must not.
    for key in ("info", "research", "pay", "press"):
        values[key] = [(*(getattr(x, f) for f in vars(x) if f != "line"),) for x in values[key]]
    return values


@pytest.mark.parametrize("text", FILES + [
    p.read_bytes().decode("utf-8", "replace") for p in sorted(EXAMPLES.glob("*.txt"))])
def test_the_orders_as_read_are_read_back_to_the_same_orders(text):
    orders, first = read_orders(text, "f")
    printed = orders_lines(orders, secret=orders.secret or "x")
    again, problems = read_orders("\n".join(line for _, line in printed) + "\n", "f")
    if not first:
        assert problems == []
    assert comparable(again) == comparable(orders)
    # Each line says where in the file it came from, in file order.
    numbers = [n for n, _ in printed]
    assert numbers == sorted(numbers)


def test_the_orders_as_read_name_each_order_once_in_canonical_words():
    orders, problems = read_orders(FILES[0], "f")
    assert problems == []
    assert [line for _, line in orders_lines(orders)] == [
        "GAME cornifex", "OFFICER Notius", "SECRET ****", "MOVE 3",
        "ROUTE 10 N + 5 NE + 4 UP", "TANKS 3", "RADARS 2", "INFO P-3", "INFO NEW 2",
        "RESEARCH MOVEMENT 2", "LAND C 1", "PAY 2 TO Marcus Aper",
        "REFIT crews=2,shields=5,tanks=3", "TOT P-5", "PRESS Ave!", "PRESS ANONYMOUS Vale.",
        "END",
    ]
    orders, _ = read_orders(FILES[1], "f")
    assert [line for _, line in orders_lines(orders)][4:-1] == [
        "SHIELDS OFF", "CREWS LAND 2", "FIRE ALL WITH Beta", "TARGET 1", "MISSION COMMERCE"]
