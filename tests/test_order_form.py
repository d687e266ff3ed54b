"""The order form at the end of every report and welcome letter: it fits in a mail, it
survives a mail client that wraps it, and it offers only orders the ship can give now."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.order_form import FORM_HINTS, FORM_WIDTH, FormSituation, order_form
from pbem.order_lines import orders_lines
from pbem.orders.keywords import KEYWORDS
from pbem.orders.reader import read_orders
from pbem.rules.geometry import Segment
from pbem.rules.ship import parse_fit
from pbem.ruleset_files import load_ruleset

RULES = load_ruleset()
LONGEST = "Maximilianus Aurelius Commodus Antoninus"  # 40 characters, the most a name holds
GAME = "cornifex-tabula-spatii-in-the-long-winte"  # 40 as well
assert len(LONGEST) == len(GAME) == 40


def fit(ship_type: str, **changes: int) -> dict[str, int]:
    sheet = dict(RULES.ships[ship_type].default)
    sheet.update(changes)
    return sheet


SITUATIONS = {
    "FROMBOLA at the base": FormSituation("FROMBOLA", fit("FROMBOLA"), complete_crews=1,
                                          at_base=True, colleague=LONGEST),
    "GLADIUM in space, alone": FormSituation("GLADIUM", fit("GLADIUM"), complete_crews=2),
    "GLADIUM on the ground, a crew down": FormSituation(
        "GLADIUM", fit("GLADIUM"), complete_crews=1, crews_down=1, on_ground="P-12",
        colleague="Notius", research=True),
    "HASTA with a bomb, research": FormSituation(
        "HASTA", fit("HASTA", tot=1), complete_crews=4, research=True, colleague=LONGEST),
    "GLADIUM in outer space, on the ground": FormSituation(
        "GLADIUM", fit("GLADIUM"), complete_crews=2, on_ground="P-7", colleague=LONGEST,
        relanding=True),
    "HASTA at the base, every component": FormSituation(
        "HASTA", fit("HASTA", tot=1, modules=2, laser_zip3=1, ho1=1), complete_crews=4,
        at_base=True, colleague=LONGEST),
    "GLADIUM in outer space, held by the alien ship": FormSituation(
        "GLADIUM", fit("GLADIUM"), complete_crews=2, colleague=LONGEST, outer=True, held=True),
    "GLADIUM in outer space, at the base": FormSituation(
        "GLADIUM", fit("GLADIUM"), complete_crews=2, at_base=True, colleague=LONGEST,
        outer=True),
    "GLADIUM in outer space, on the ground with a scientist": FormSituation(
        "GLADIUM", fit("GLADIUM"), complete_crews=1, crews_down=1, on_ground="P-7",
        colleague=LONGEST, outer=True, scientist=True),
}


def mail_client_wrap(text: str, width: int) -> str:
    """What a mail client does to a long line: break it at the last space that fits."""
    out = []
    for line in text.split("\n"):
        out += textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""]
    return "\n".join(out)


def as_read(text: str) -> tuple[list[str], list[str]]:
    """The orders a text gives and its problems, line numbers aside (a wrap moves lines)."""
    orders, problems = read_orders(text, "form")
    return [line for _, line in orders_lines(orders, orders.secret or "")], [p.message for p in problems]


def filled(form: str) -> str:
    """The form as a player sends it back: his secret written, every example taken up."""
    lines = []
    for line in form.split("\n"):
        if line == "SECRET":
            line = "SECRET 4tq9-mx2d"
        elif line.startswith("# ") and line[2:].split(" ")[0] in KEYWORDS:
            line = line[2:]
        lines.append(line)
    return "\n".join(lines)


def test_every_order_has_its_line_in_the_form():
    assert set(FORM_HINTS) == {k for k, kw in KEYWORDS.items() if not kw.header and k != "END"}
    form = order_form("cornifex", "Notius", 3)
    for name in KEYWORDS:
        assert (f"\n{name} " in form or f"\n# {name} " in form or f"\n{name}\n" in form
                or f"\n# {name}\n" in form), name


@pytest.mark.parametrize("name", SITUATIONS)
def test_every_line_fits_a_mail_with_the_longest_names(name):
    form = order_form(GAME, LONGEST, 12, SITUATIONS[name])
    widest = max(form.split("\n"), key=len)
    assert len(widest) <= FORM_WIDTH <= 72, widest
    # Comments on lines of their own: an order line holds no hint after it.
    for line in form.split("\n"):
        if not line.startswith("#"):
            assert "#" not in line, line


@pytest.mark.parametrize("name", SITUATIONS)
@pytest.mark.parametrize("width", [60, 72])
def test_a_form_wrapped_by_a_mail_client_reads_as_the_same_orders(name, width):
    for form in (order_form(GAME, LONGEST, 12, SITUATIONS[name]),
                 filled(order_form(GAME, LONGEST, 12, SITUATIONS[name]))):
        assert as_read(mail_client_wrap(form, width)) == as_read(form)


def test_the_old_form_with_hints_beside_the_orders_would_not_survive_wrapping():
    """The reason for the layout: a hint beside an order, wrapped, becomes an order."""
    line = "TANKS 3                     # tanks used this move; leave out to use all on board"
    _, problems = read_orders(f"GAME g\nOFFICER o\nSECRET s\nMOVE 1\n"
                              f"{mail_client_wrap(line, 60)}\nEND\n", "old form")
    assert problems and all(p.message.startswith("unknown order") for p in problems)


def test_a_filled_form_gives_lawful_looking_orders_once_read():
    orders, problems = read_orders(filled(order_form("cornifex", "Notius", 2,
                                                     SITUATIONS["GLADIUM in space, alone"])), "f")
    assert problems == []
    assert (orders.officer, orders.secret, orders.move, orders.tanks, orders.radars) == (
        "Notius", "4tq9-mx2d", 2, 3, 2)
    assert [i.text() for i in orders.info] == ["NEW"]
    assert orders.attitude == "C"


def examples(form: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in filled(form).split("\n"):
        word = line.split(" ")[0]
        if word in KEYWORDS and not KEYWORDS[word].header and word != "END":
            found.setdefault(word, []).append(line)
    return found


def test_the_form_is_tailored_to_the_ship_and_its_situation():
    frombola = examples(order_form("c", "Pilus", 1, SITUATIONS["FROMBOLA at the base"]))
    # A REFIT example the FROMBOLA can fit: the sheet it has, lawful for its type.
    sheet = parse_fit(",".join(line.removeprefix("REFIT ") for line in frombola["REFIT"]))
    ship_type = RULES.ships["FROMBOLA"]
    from pbem.rules.ship import fit_problems

    assert fit_problems(ship_type, sheet) == []
    assert "TOT" not in frombola and "RESEARCH" not in frombola  # no bomb, no rule
    assert frombola["PAY"] == [f"PAY 1 TO {LONGEST}"]  # a colleague, never himself
    for ground_order in ("SHIELDS", "CREWS", "FIRE", "TARGET", "MISSION"):
        assert ground_order not in frombola

    alone = examples(order_form("c", "Solus", 1, SITUATIONS["GLADIUM in space, alone"]))
    assert "PAY" not in alone and "REFIT" not in alone and alone["LAND"] == ["LAND C"]

    ground = examples(order_form("c", "Notius", 5, SITUATIONS["GLADIUM on the ground, a crew down"]))
    assert "LAND" not in ground and "REFIT" not in ground
    assert ground["CREWS"] == ["CREWS EMBARK"] and ground["RESEARCH"] == ["RESEARCH MOVEMENT 1"]
    assert {"SHIELDS", "FIRE", "TARGET", "MISSION"} <= set(ground)

    outer = examples(order_form("c", "Notius", 5, SITUATIONS["GLADIUM in outer space, on the ground"]))
    assert outer["LAND"] == ["LAND A"]  # a re-landing, in outer space only

    hasta = examples(order_form("c", "Aquila", 5, SITUATIONS["HASTA with a bomb, research"]))
    assert hasta["TOT"] == ["TOT P-5"] and len(hasta["INFO"]) == RULES.ships["HASTA"].default["computers"]


def test_the_form_of_outer_space_offers_its_own_orders_where_they_can_be_given():
    basic = {name: order_form("c", "Notius", 5, s) for name, s in SITUATIONS.items()
             if not s.outer}
    for form in basic.values():  # inner space never shows them
        assert "DISENGAGE" not in form and "SPECIALIST" not in form and "ALIEN" not in form
        assert "TECHNOLOGY" not in form
    held = examples(order_form("c", "Notius", 5,
                               SITUATIONS["GLADIUM in outer space, held by the alien ship"]))
    assert held["FIRE"] == ["FIRE ALIEN"] and held["DISENGAGE"] == ["DISENGAGE"]
    assert "SPECIALIST" not in held
    text = order_form("c", "Notius", 5, SITUATIONS["GLADIUM in outer space, held by the alien ship"])
    assert "a route is flown only if you break free" in text.replace("\n# ", " ")
    at_base = examples(order_form("c", "Notius", 5, SITUATIONS["GLADIUM in outer space, at the base"]))
    assert at_base["SPECIALIST"] == ["SPECIALIST PSI 2"] and "DISENGAGE" not in at_base
    ground = order_form("c", "Notius", 5,
                        SITUATIONS["GLADIUM in outer space, on the ground with a scientist"])
    assert "TECHNOLOGY" in ground and "ALIEN" not in ground
    orders, problems = read_orders(filled(text), "f")  # the held ship's form, filled in
    assert problems == [] and orders.fire_alien and orders.disengage


def test_the_orders_of_outer_space_are_read_back_as_written():
    text = ("GAME c\nOFFICER Notius\nSECRET s\nMOVE 5\nFIRE ALIEN\nDISENGAGE\n"
            "SPECIALIST SCIENTIST MINERAL 3\nMISSION TECHNOLOGY\nEND\n")
    orders, problems = read_orders(text, "f")
    assert problems == []
    lines = [line for _, line in orders_lines(orders, "s")]
    assert lines[4:] == ["FIRE ALIEN", "DISENGAGE", "SPECIALIST SCIENTIST MINERAL 3",
                         "MISSION TECHNOLOGY", "END"]
    again, _ = read_orders("\n".join(lines) + "\n", "f")
    assert again.specialist == orders.specialist and again.fire_alien and again.disengage
    none, _ = read_orders("GAME c\nOFFICER N\nSECRET s\nMOVE 5\nSPECIALIST NONE\nEND\n", "f")
    assert "SPECIALIST NONE" in [line for _, line in orders_lines(none)]


def test_a_sheet_too_wide_for_one_line_goes_on_over_more_refit_lines():
    situation = SITUATIONS["HASTA at the base, every component"]
    refit = examples(order_form("c", "Aquila", 5, situation))["REFIT"]
    assert len(refit) == 2
    orders, problems = read_orders("GAME c\nOFFICER Aquila\nSECRET s\nMOVE 5\n"
                                   + "\n".join(refit) + "\nEND\n", "f")
    assert problems == []
    assert dict(orders.refit) == {c: n for c, n in situation.fit.items() if n}


def test_a_component_given_twice_over_refit_lines_is_a_problem():
    _, problems = read_orders("GAME c\nOFFICER o\nSECRET s\nMOVE 5\nREFIT crews=2,tanks=3\n"
                              "REFIT tanks=2\nEND\n", "f")
    assert [(p.line, p.message) for p in problems] == [(6, "tanks is on the REFIT line 5 already")]


def _form_made_for(game: str, officer: str, move: int, s: FormSituation) -> str:
    """The form as made for one ship alone, order by order (the reference of the forms made
    once per situation, the colleague's name put in)."""
    from pbem.order_form import _comment, _tailored

    out = [f"# VII Legio, game {game}.", f"# Orders of {officer}", f"# for move {move}.",
           *_comment("Write your secret after SECRET, edit the orders and send the file "
                     "back. Lines that start with # are comments: take the # away from an "
                     "order you want to give."),
           f"GAME {game}", f"OFFICER {officer}", "SECRET", f"MOVE {move}"]
    for name, kw in KEYWORDS.items():
        if kw.header or name == "END":
            continue
        found = _tailored(name, s)
        if found is not None:
            out += _comment(found[0])
            if name == "ROUTE":
                out.append("ROUTE NONE")
            out += [f"# {example}" for example in found[1]]
    return "\n".join(out + ["END"]) + "\n"


NAMES = st.sampled_from([None, "", "Notius", LONGEST, "Q. O'Brien", "Pilus Prior 2"])


@settings(max_examples=300, deadline=None)
@given(ship_type=st.sampled_from(sorted(RULES.ships)), crews=st.integers(0, 3),
       down=st.integers(0, 2), ground=st.sampled_from([None, "P-3", "P-12"]),
       flags=st.lists(st.booleans(), min_size=6, max_size=6), colleague=NAMES,
       officer=NAMES.filter(bool), extra=st.dictionaries(
           st.sampled_from(["tot", "lasers", "radars", "computers", "tanks"]), st.integers(0, 3)))
def test_each_ships_form_is_the_one_made_for_it_alone(ship_type, crews, down, ground, flags,
                                                      colleague, officer, extra):
    at_base, research, relanding, outer, held, scientist = flags
    s = FormSituation(ship_type, fit(ship_type, **extra), complete_crews=crews,
                      crews_down=down, on_ground=ground, at_base=at_base, research=research,
                      colleague=colleague, relanding=relanding, outer=outer, held=held,
                      scientist=scientist)
    assert order_form("c", officer, 4, s) == _form_made_for("c", officer, 4, s)


FITS = [fit("GLADIUM"), fit("GLADIUM"), fit("HASTA", tot=1), fit("FROMBOLA")]  # two alike


@st.composite
def sheets(draw) -> dict:
    """A ship sheet as a move leaves it, as much of it as a form is tailored to."""
    sheet = {"officer_name": draw(NAMES.filter(bool)), "ship_type": draw(st.sampled_from(
        sorted(RULES.ships))), "fit": draw(st.sampled_from(FITS)),
        "crews": draw(st.lists(st.integers(0, 4), max_size=4)),
        "crew_men": draw(st.none() | st.integers(1, 3)),
        "landed": draw(st.sampled_from([None, "P-3", "BASE"]))}
    ground = draw(st.none() | st.fixed_dictionaries({"crews_down": st.integers(0, 2)}, optional={
        "zone": st.sampled_from(["zone A", "zone B"]), "relandings": st.integers(0, 2)}))
    sheet["ground"] = ground
    if draw(st.booleans()):  # outer space
        sheet.update(personality=draw(st.integers(0, 3)), held=draw(st.sampled_from([None, "KNOX"])),
                     specialist=draw(st.sampled_from([None, {"kind": "scientist"}, {"kind": "psi"}])))
    return sheet


class _View:
    def __init__(self, sheets: dict[int, dict], researchers: set[int]) -> None:
        self.sheets, self.researchers = sheets, researchers


@settings(max_examples=200, deadline=None)
@given(ships=st.lists(sheets(), min_size=1, max_size=3), data=st.data())
def test_the_forms_of_a_move_are_each_made_for_its_ship(ships, data):
    """`render.order_form_pieces` makes a situation's form once and puts the names of the
    others in the same situation in: each form is the one made for its ship alone. Most
    officers here share a ship sheet but for the name or the fit, some of them research."""
    from pbem import order_form as form, render

    sheets = {}
    for officer_id in range(1, data.draw(st.integers(1, 12)) + 1):
        sheet = sheets[officer_id] = {**data.draw(st.sampled_from(ships)),
                                      "officer_name": data.draw(NAMES.filter(bool))}
        if data.draw(st.booleans()):  # refitted, or of another fit alike
            sheet["fit"] = data.draw(st.sampled_from(FITS))
    researchers = set(data.draw(st.lists(st.sampled_from(sorted(sheets)))))
    forms = render.order_form_pieces("c", 3, _View(sheets, researchers))
    names = [s["officer_name"] for s in sheets.values()]
    for n, (officer_id, sheet) in enumerate(sheets.items()):
        colleague = names[(n + 1) % len(names)] if len(names) > 1 else None
        assert forms[officer_id] == form.order_form_pieces(
            "c", sheet["officer_name"], 4, render.form_situation(
                sheet, research=officer_id in researchers, colleague=colleague))


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
    orders, problems = read_orders(filled, "form.txt")
    assert problems == []
    assert (orders.game, orders.officer, orders.secret, orders.move) == (
        "cornifex", "Niccolò Varro", "zz81-kq0p", 4)
    assert orders.route == (Segment(5, "S"), Segment(4, "DOWN"))
    assert (orders.tanks, orders.radars, orders.info) == (None, None, ())
