"""The lawfulness check (`pbem.rules.lawful`) of the example files and of orders read:
every problem at once, each quoting the line as written."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pbem.orders.decoding import decode
from pbem.orders.reader import read_orders
from pbem.rules import lawful
from pbem.rules.geometry import Position
from pbem.rules.orders import Orders, Problem

from core import RULES, in_space, marthia, planet, state

EXAMPLES = Path(__file__).parents[2] / "examples"


def parsed(name_or_text: str, source: str = "orders.txt") -> Orders:
    orders, problems = read_orders(name_or_text, source)
    assert problems == [], "\n".join(map(str, problems))
    return orders


HEADER = "GAME cornifex\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\n"


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
