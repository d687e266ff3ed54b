"""The order reader (`pbem.orders.reader`): the example files as mail clients send them,
the format around the orders, problems by line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.orders.reader import read_orders
from pbem.rules.geometry import Segment
from pbem.rules.orders import InfoRequest, Orders, Problem

EXAMPLES = Path(__file__).parent / "examples"


def read(name: str) -> tuple[Orders, list[Problem]]:
    return read_orders((EXAMPLES / name).read_bytes(), name)


def parsed(name_or_text: str, source: str = "orders.txt") -> Orders:
    orders, problems = read_orders(name_or_text, source)
    assert problems == [], "\n".join(map(str, problems))
    return orders


def problems_of(text: str, source: str = "orders.txt") -> list[Problem]:
    orders, problems = read_orders(text, source)
    assert problems
    return problems


HEADER = "GAME cornifex\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\n"


def S(n: int, d: str) -> Segment:
    return Segment(n, d)


# --- the example files ----------------------------------------------------------------


def test_examples_are_still_as_mail_clients_send_them():
    # Guard against an editor or git normalising the test data.
    assert b"\r\n" in (EXAMPLES / "01-crlf-signature.txt").read_bytes()
    assert (EXAMPLES / "02-bom-utf8-tabs-lowercase.txt").read_bytes().startswith(b"\xef\xbb\xbf")
    assert b"C\xe6cilia" in (EXAMPLES / "03-latin1.txt").read_bytes()


def test_01_crlf_with_greeting_and_signature():
    orders, problems = read("01-crlf-signature.txt")
    assert problems == []
    assert orders == Orders(
        source="01-crlf-signature.txt",
        game="cornifex",
        officer="Notius",
        secret="4tq9-mx2d",
        move=1,
        route=(S(10, "N"), S(5, "E")),
        tanks=None,
        radars=2,
        info=(),
        lines={"GAME": 5, "OFFICER": 6, "SECRET": 7, "MOVE": 8, "ROUTE": 10, "RADARS": 11,
               "END": 12},
        texts={5: "GAME cornifex", 6: "OFFICER Notius", 7: "SECRET ****", 8: "MOVE 1",
               10: "ROUTE 10 N + 5 E", 11: "RADARS 2", 12: "END"},
    )


def test_02_bom_tabs_lowercase_utf8_accent():
    orders, problems = read("02-bom-utf8-tabs-lowercase.txt")
    assert problems == []
    assert orders.officer == "Niccolò Varro"
    assert orders.secret == "zz81-kq0p"
    assert orders.move == 1
    assert orders.route == (S(5, "S"), S(10, "SE"))
    assert (orders.tanks, orders.radars) == (None, 3)
    assert orders.info == (InfoRequest("P-2", None, 7),)
    assert orders.lines["GAME"] == 1 and orders.lines["END"] == 8


def test_03_latin1():
    orders, problems = read("03-latin1.txt")
    assert problems == []
    assert orders.officer == "Cæcilia Metella"
    assert orders.secret == "p0ll-7yre"
    assert orders.route == (S(3, "NW"), S(1, "SW"))
    assert (orders.tanks, orders.radars) == (1, 2)
    assert orders.info == (InfoRequest("P-3", None, 8),)


def test_04_quoted_report_after_end_is_ignored():
    orders, problems = read("04-quoted-reply.txt")
    assert problems == []
    assert orders.officer == "Marcus Aper"
    assert orders.secret == "9gh2-llc4"
    assert orders.move == 2
    assert orders.route == (S(4, "UP"), S(6, "NE"))  # not the quoted 10 N + 5 E
    assert (orders.tanks, orders.radars) == (None, 1)
    assert orders.lines["GAME"] == 3 and orders.lines["END"] == 9


def test_05_reports_each_of_the_four_mistakes_by_line():
    orders, problems = read("05-mistakes.txt")
    assert [p.line for p in problems] == [5, 6, 7, 8]
    # What could be read is kept, so the lawfulness check can judge it in the same answer.
    assert orders.officer is not None and orders.move is not None
    assert orders.unreadable >= {"ROUTE", "RADARS", "INFO"}
    assert all(p.kind == "unreadable" for p in problems)
    rouet, up, radars, info = problems
    assert "unknown order ROUET" in rouet.message and "did you mean ROUTE?" in rouet.message
    assert rouet.fix == "write instead: ROUTE 10 N"
    assert up.text == "ROUTE 10 NORTH + 3 UP"
    assert "3 UP" in up.message and "cannot be split" in up.message
    assert "write 4 UP (one level) or 8 UP (two levels)" in up.fix
    assert "ROUTE 10 N + 4 UP" in up.fix  # NORTH was read as N: no problem of its own
    assert radars.message == "RADARS needs a whole number, e.g. RADARS 2"
    assert radars.text == "RADARS many"
    assert info.text == "INFO"
    assert info.fix == (
        "write INFO P-3 for a named planet or INFO NEW for the planet you discover this move"
    )


def test_problem_str_names_file_line_text_and_fix():
    rouet = read("05-mistakes.txt")[1][0]
    assert str(rouet) == (
        "05-mistakes.txt, line 5 (cannot be read): unknown order ROUET; did you mean ROUTE?\n"
        "    > ROUET 10 N\n"
        "    write instead: ROUTE 10 N"
    )


# --- the format around the orders -----------------------------------------------------


def test_quoted_game_before_the_real_header_is_skipped():
    text = "> GAME other\n> OFFICER Someone\nHello\n" + HEADER + "ROUTE 1 N\nEND\n"
    orders = parsed(text)
    assert orders.game == "cornifex"
    assert orders.lines["GAME"] == 4


def test_no_game_line():
    (problem,) = problems_of("Hello,\nROUTE 10 N\nEND\n")
    assert problem.line is None
    assert problem.message == "no GAME line found"
    assert "GAME" in problem.fix and "SECRET" in problem.fix and "MOVE" in problem.fix
    assert str(problem).startswith("orders.txt (cannot be read): no GAME line found")


def test_misspelt_game_line_is_pointed_at():
    (problem,) = problems_of("Hi\nGAEM cornifex\nOFFICER Notius\nEND\n")
    assert problem.line == 2 and problem.text == "GAEM cornifex"
    assert problem.message.startswith("no GAME line found")
    assert problem.fix == "write instead: GAME cornifex"


def test_unknown_order_is_quoted_as_written():
    (problem,) = problems_of(HEADER + "Ave!\nEND\n")
    assert problem.message == "unknown order Ave!"
    assert "after END" in problem.fix


def test_no_end_points_at_the_last_order():
    (problem,) = problems_of(HEADER + "ROUTE 1 N\n\n")
    assert problem.line == 5 and problem.text == "ROUTE 1 N"
    assert problem.fix == "add END after your last order"


def test_comments_blank_lines_case_aliases_and_spacing():
    text = (
        "game cornifex\n"
        "Ufficiale   Niccolò\t Varro   # that is me\n"
        "segreto zz81-kq0p\n"
        "mossa 3\n"
        "\n"
        "# a whole-line comment\n"
        "rotta 2 north-east+ 4 giu +1 SouthWest\n"
        "tank 2\n"
        "radar 1\n"
        "information new\n"
        "info new 2\n"
        "info p-4\n"
        "fine and some words\n"
        "ROUTE this is ignored\n"
    )
    orders = parsed(text)
    assert orders.officer == "Niccolò Varro"
    assert orders.move == 3
    assert orders.route == (S(2, "NE"), S(4, "DOWN"), S(1, "SW"))
    assert (orders.tanks, orders.radars) == (2, 1)
    assert orders.info == (
        InfoRequest(None, 1, 10),
        InfoRequest(None, 2, 11),
        InfoRequest("P-4", None, 12),
    )
    assert orders.lines["INFO"] == 10


def test_no_route_means_stay_put():
    for route in ("", "ROUTE\n", "ROUTE 0\n", "route none\n"):
        assert parsed(HEADER + route + "END\n").route == ()


def test_every_problem_is_reported_including_header_ones():
    text = "GAME cornifex\nOFFICER\nMOVE one\nROUTE 5 N\nROUTE 5 E\nTANKS 1\nOFFICER X\nEND\n"
    problems = problems_of(text)
    by_line = {p.line: p for p in problems}
    assert "OFFICER is empty" in by_line[2].message
    assert "MOVE needs a whole number, e.g. MOVE 1" == by_line[3].message
    assert "second ROUTE" in by_line[5].message and "line 4" in by_line[5].message
    assert "second OFFICER" in by_line[7].message
    assert "no SECRET line" in by_line[None].message
    assert len(problems) == 5


def test_header_after_the_orders():
    problems = problems_of("GAME cornifex\nOFFICER Notius\nSECRET s\nROUTE 1 N\nMOVE 1\nEND\n")
    assert [p.line for p in problems] == [5]
    assert "before the orders" in problems[0].message and "line 4" in problems[0].message


def test_an_order_written_again_after_its_unreadable_line_is_a_second_line():
    # The first line of an order stands, readable or not: the next is a second line.
    orders, problems = read_orders(HEADER + "TANKS x\nTANKS 2\nEND\n", "orders.txt")
    assert [(p.line, p.text) for p in problems] == [(5, "TANKS x"), (6, "TANKS 2")]
    assert "second TANKS" in problems[1].message and "line 5" in problems[1].message
    assert orders.tanks is None and orders.unreadable == {"TANKS"}


def test_header_lines_after_the_first_order_are_refused_and_not_read_twice():
    text = "GAME c\nOFFICER Notius\nINFO NEW\nSECRET x\nMOVE 1\nMOVE 2\nEND\n"
    orders, problems = read_orders(text, "orders.txt")
    assert [p.line for p in problems] == [4, 5, 6]
    assert "belongs to the header" in problems[0].message
    assert "INFO on line 3" in problems[0].message
    assert "second MOVE" in problems[2].message and "line 5" in problems[2].message
    assert problems[0].text == "SECRET ****"
    assert orders.move is None and orders.secret is None and len(orders.info) == 1


def test_problems_never_echo_a_secret():
    problems = problems_of(HEADER + "SECRET 4tq9-mx2d\nSECRT 4tq9-mx2d\nEND\n")
    assert [p.line for p in problems] == [5, 6]
    for p in problems:
        assert "4tq9" not in str(p)
    assert problems[1].fix == "write instead: SECRET <your secret>"


@pytest.mark.parametrize(
    "line, words",
    [
        ("ROUTE 10 NORTH EAST", ["one word", "ROUTE 10 NE"]),
        ("ROUTE 10 NROTH + 2 W", ["unknown direction NROTH", "did you mean NORTH?",
                                  "ROUTE 10 N + 2 W"]),
        ("ROUTE 10 XYZ", ["unknown direction XYZ", "N, NE, E"]),
        ("ROUTE N 10", ["number after the direction", "ROUTE 10 N"]),
        ("ROUTE 10 N + + 5 E", ["+ with no segment", "ROUTE 10 N + 5 E"]),
        ("ROUTE 10", ["no direction"]),
        ("ROUTE 0 N + 5 E", ["no parsecs", "ROUTE 5 E"]),
        ("ROUTE 9 DOWN", ["9 DOWN", "8 DOWN (two levels) or 12 DOWN (three levels)"]),
        ("ROUTE 3 UP + 1 NROTH", ["3 UP", "NROTH"]),  # both mistakes of one line
        ("INFO P 3", ["not a planet designation", "INFO P-3"]),
        ("INFO P-1 P-2", ["one planet", "INFO P-1 / INFO P-2"]),
        ("INFO NEW 0", ["INFO NEW takes"]),
        ("TANKS -1", ["TANKS needs a whole number"]),
        ("FLY 10 N", ["unknown order FLY", "ROUTE, TANKS"]),
    ],
)
def test_unreadable_lines(line, words):
    (problem,) = problems_of(HEADER + line + "\nEND\n")
    assert problem.line == 5 and problem.text == line
    for word in words:
        assert word in problem.message or word in problem.fix, (word, str(problem))
