"""The order-file format: decoding, parsing, problems by line, round trips, lawfulness."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pbem.order_form import order_form
from pbem.orders.decoding import decode
from pbem.orders.keywords import KEYWORDS, UnreadableOrder, parse_route
from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.geometry import COMPASS, VERTICAL, Position, Segment, route_text
from pbem.rules.orders import InfoRequest, Orders, Problem

from core import RULES, in_space, marthia, planet, state

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


# --- decoding -------------------------------------------------------------------------


def test_decode_bom_crlf_cr_and_fallbacks():
    assert decode(b"\xef\xbb\xbfGAME x\r\nEND\rx") == "GAME x\nEND\nx"
    assert decode("Niccolò".encode("utf-8")) == "Niccolò"
    assert decode("Cæcilia".encode("latin-1")) == "Cæcilia"
    assert decode(b"\x93quoted\x94") == "\u201cquoted\u201d"  # cp1252 from Outlook
    assert decode("o\u0300".encode()) == "ò"  # NFC: matches the enlisted name


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


# --- routes ---------------------------------------------------------------------------


def test_parse_route_spacing_and_names():
    assert parse_route("5 s+10 se") == (S(5, "S"), S(10, "SE"))
    assert parse_route("  10N +5e ") == (S(10, "N"), S(5, "E"))
    assert parse_route("4 UP + 8 su + 4 down") == (S(4, "UP"), S(8, "UP"), S(4, "DOWN"))
    assert parse_route("1 north_west + 1 sud-ovest") == (S(1, "NW"), S(1, "SW"))


def test_parse_route_raises_value_error():
    with pytest.raises(ValueError, match="cannot be split") as caught:
        parse_route("3 UP")
    assert isinstance(caught.value, UnreadableOrder)
    assert caught.value.fix.startswith("write 4 UP (one level) or 8 UP (two levels)")


def test_route_text():
    assert route_text((S(10, "N"), S(5, "E"))) == "10 N + 5 E"
    assert route_text(()) == "NONE"
    assert parse_route("NONE") == ()


# At most 8 segments of at most 120 parsecs: within the longest route read (999 parsecs).
segments = st.one_of(
    st.builds(Segment, st.integers(1, 120), st.sampled_from(sorted(COMPASS))),
    st.builds(lambda n, d: Segment(4 * n, d), st.integers(1, 3), st.sampled_from(sorted(VERTICAL))),
)


@given(st.lists(segments, max_size=8).map(tuple))
def test_route_round_trip(route):
    assert parse_route(route_text(route)) == route


# --- the order form -------------------------------------------------------------------


def test_order_form_parses_back_once_the_secret_is_written():
    form = order_form("cornifex", "Niccolò Varro", 4, route="5 s + 4 down")
    assert "\nSECRET\n" in form and form.rstrip().endswith("END")
    for name in KEYWORDS:  # every order is shown with a hint
        assert name in form
    _, problems = read_orders(form, "form.txt")
    assert [p.message for p in problems] == [
        "SECRET is empty: it needs the secret you got at enlistment"
    ]
    filled = form.replace("\nSECRET\n", "\nSECRET zz81-kq0p\n", 1)
    orders = parsed(filled, "form.txt")
    assert (orders.game, orders.officer, orders.secret, orders.move) == (
        "cornifex", "Niccolò Varro", "zz81-kq0p", 4)
    assert orders.route == (S(5, "S"), S(4, "DOWN"))
    assert (orders.tanks, orders.radars, orders.info) == (None, None, ())


# --- lawfulness -----------------------------------------------------------------------

SECRETS = {1: "4tq9-mx2d", 2: "zz81-kq0p", 3: "p0ll-7yre", 4: "9gh2-llc4"}


@pytest.fixture
def ctx():
    """The example files' game: four officers in space, planets P-1 to P-3 named."""
    officers = [
        in_space(Position(10, 10, 2), oid=1, name="Notius"),  # GLADIUM MARTHIA of section 6
        in_space(Position(10, 10, 2), marthia(tanks=4, radars=3), oid=2, name="Niccolò Varro",
                 turn=1),
        in_space(Position(10, 10, 2), oid=3, name="Cæcilia Metella", turn=2),
        in_space(Position(10, 10, 2), oid=4, name="Marcus Aper", turn=3),
    ]
    planets = [planet("sevolventes", pid=10 + n, position=Position(n, 1, 1), designation=f"P-{n}")
               for n in (1, 2, 3)]
    return replace(state(planets, officers, move=1), name="cornifex")


def check(text: str, ctx) -> list[Problem]:
    problems = lawful.problems(parsed(text), ctx, RULES, lambda i, given: SECRETS[i] == given)
    assert all(p.kind == "unlawful" for p in problems)
    return problems


@pytest.mark.parametrize("name", ["01-crlf-signature.txt", "02-bom-utf8-tabs-lowercase.txt",
                                  "03-latin1.txt"])
def test_valid_examples_are_lawful(name, ctx):
    assert check(decode((EXAMPLES / name).read_bytes()), ctx) == []


def test_officer_name_is_case_insensitive(ctx):
    assert check(HEADER.replace("Notius", "NOTIUS") + "END\n", ctx) == []


def test_wrong_secret_and_what_else_is_wrong_in_one_answer(ctx):
    secret, route = check(HEADER.replace("4tq9-mx2d", "4tq9-mx2e") + "ROUTE 99 N\nEND\n", ctx)
    assert secret.line == 3
    assert secret.message == "the secret does not match"
    assert "enlistment" in secret.fix and "ask the GM for a new one" in secret.fix
    assert "4tq9" not in str(secret)  # neither the stored secret nor the attempt
    assert secret.text == "SECRET ****"
    # The rest is judged too, so the player mends everything in one mail; what tells of
    # the ship is marked private, for a receipt to a sender who may not be the officer.
    assert route.line == 5 and "99 parsecs" in route.message and route.private
    assert not secret.private


def test_wrong_move(ctx):
    (p,) = check(HEADER.replace("MOVE 1", "MOVE 2") + "END\n", ctx)
    assert p.line == 4
    assert "move 2" in p.message and "move 1 is being collected" in p.message
    assert p.fix == "write MOVE 1"


def test_wrong_game(ctx):
    (p,) = check(HEADER.replace("cornifex", "vexillum") + "END\n", ctx)
    assert p.line == 1
    assert "vexillum" in p.message and "game cornifex" in p.message
    assert "GAME cornifex" in p.fix


def test_unknown_officer_gets_the_nearest_name(ctx):
    (p,) = check(HEADER.replace("Notius", "Notious") + "END\n", ctx)
    assert p.line == 2
    assert "no officer Notious is enlisted" in p.message and "did you mean Notius?" in p.message
    assert p.fix == "write OFFICER Notius"


def test_route_longer_than_thrust(ctx):
    # Section 6: GLADIUM MARTHIA, 3 tanks of 5 parsecs; a level change costs 4 of them.
    problems = check(HEADER + "\nROUTE 10 N + 4 UP + 2 E\nEND\n", ctx)
    (p,) = problems
    assert p.line == 6 and p.text == "ROUTE 10 N + 4 UP + 2 E"
    assert "16 parsecs" in p.message and "15 parsecs of thrust" in p.message
    assert p.fix == "shorten the route to 15 parsecs"
    (p,) = check(HEADER + "ROUTE 10 N + 5 E\nTANKS 2\nEND\n", ctx)
    assert p.line == 5 and "2 tanks give 10 parsecs" in p.message
    assert p.fix == "shorten the route to 10 parsecs or use more tanks (TANKS 3)"
    assert check(HEADER + "ROUTE 10 N + 5 E\nEND\n", ctx) == []  # turn I of section 6


def test_problems_quote_the_line_as_the_player_wrote_it(ctx):
    (p,) = check(HEADER + "route 10 north + 4 up + 2 e   # home\nEND\n", ctx)
    assert p.text == "route 10 north + 4 up + 2 e   # home"


def test_too_many_tanks(ctx):
    (p,) = check(HEADER + "TANKS 4\nEND\n", ctx)
    assert p.line == 5 and "only 3 tanks on board" in p.message


def test_too_many_radars(ctx):
    (p,) = check(HEADER + "ROUTE 1 N\nRADARS 3\nEND\n", ctx)
    assert p.line == 6 and p.text == "RADARS 3"
    assert "only 2 radars on board" in p.message
    assert p.fix == "write RADARS 2 or fewer"


def test_too_many_info_lines(ctx):
    (p,) = check(HEADER + "INFO P-1\nINFO NEW\nEND\n", ctx)
    assert p.line == 6 and p.text == "INFO NEW"
    assert "2 INFO requests" in p.message and "only 1 computer on board" in p.message


def test_unknown_planet_designation(ctx):
    p3, p9 = check(HEADER + "INFO P3\nEND\n", ctx) + check(HEADER + "INFO P-9\nEND\n", ctx)
    assert p3.line == 5 and "no planet P3 is known; did you mean P-3?" == p3.message
    assert p3.fix == "write INFO P-3"
    assert p9.line == 5 and "no planet P-9 is known" == p9.message
    assert "P-1, P-2, P-3" in p9.fix and "INFO NEW" in p9.fix


def test_every_lawfulness_problem_at_once(ctx):
    text = HEADER.replace("MOVE 1", "MOVE 2") + "ROUTE 20 N\nRADARS 5\nINFO P-7\nEND\n"
    problems = check(text, ctx)
    assert [p.line for p in problems] == [4, 5, 6, 7]
