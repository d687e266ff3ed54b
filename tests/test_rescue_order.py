"""RESCUE as players write it and `pbem check` explains it, and the GM's demotion by a
ruling (`pbem adjust --demote`); the rule itself is held by
tests/conformance/basic/test_rescue_return.py."""

from __future__ import annotations

from pbem.orders.reader import read_orders
from pbem.storage import game_state
from pbem.storage.database import open_db

from conftest import orders_text
from test_roster import folder, ok, rows, run  # noqa: F401 (the fixture)


def test_rescue_is_read_in_english_and_italian():
    for word in ("RESCUE", "rescue", "SOCCORSO"):
        orders, problems = read_orders(orders_text("Notius", "s", 3, word), "o.txt")
        assert problems == [] and orders.rescue


def test_check_explains_what_rescue_will_do(folder, tmp_path):
    path = tmp_path / "rescue.txt"
    path.write_text(orders_text("Notius", "4tq9-mx2d", 1, "RESCUE"), encoding="utf-8")
    out = run("check", path).output
    assert "RESCUE abandons your ship" in out
    # At the base the check refuses it; once away it tells this officer what he becomes.
    refused = run("check", path, "--game", folder)
    assert refused.exit_code == 1 and "nothing to be rescued from" in refused.output
    base = game_state.load_state(open_db(folder)).base.position
    ok("adjust", folder, "Notius", "--position", f"{base.x + 2},{base.y},{base.level}",
       "--reason", "away")
    out = ok("check", path, "--game", folder)
    assert "RESCUE abandons the GLADIUM" in out and "he stays Decurio" in out
    assert "he gets a FROMBOLA" in out


def test_adjust_demote_is_a_rescue_s_demotion_by_a_ruling(folder):
    ok("adjust", folder, "Notius", "--score", "5", "--reason", "points")
    out = ok("adjust", folder, "Notius", "--demote", "--reason", "lost his way, by ruling")
    assert "you were demoted: you are now Decurio, score 0, with a new FROMBOLA" in out
    o = game_state.load_state(open_db(folder)).officers[1]
    assert (o.rank, o.score, o.ship.type) == ("Decurio", 0, "FROMBOLA")
    refused = run("adjust", folder, "Notius", "--demote", "--score", "1", "--reason", "x")
    assert refused.exit_code == 1 and "give it alone" in refused.output
    assert [a["action"] for a in rows(folder, "SELECT action FROM gm_actions")] == ["adjust"] * 2
