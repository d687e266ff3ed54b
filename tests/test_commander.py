"""The commander the GM enlists (`pbem.commander`): the personality and the specialist
declared at enlistment, refused in inner space, and kept by the store.
"""

from __future__ import annotations

from pbem.rules.state import Specialist

SCIENTIST = Specialist("scientist", 2, "animal")


def outer_space_game(tmp_path):
    """A game folder whose stored level is advanced (outer space)."""
    import json

    from pbem import game
    from pbem.storage import game_state
    from pbem.storage.database import open_db, update_row

    root = tmp_path / "cornifex"
    game.new_game(root, 1, name="cornifex", size=12)
    db = open_db(root)
    settings = json.loads(game_state.game_row(db)["settings"]) | {"level": "advanced"}
    update_row(db, "game", 1, {"settings": json.dumps(settings), "level": "advanced"})
    return root


def test_enlist_declares_the_personality_and_the_specialist(tmp_path):
    from click.testing import CliRunner

    from pbem.storage import game_state
    from pbem.storage.database import open_db
    from pbem.cli import main

    root = outer_space_game(tmp_path)
    fit = "crews=2,shields=5,lasers=3,radars=2,computers=1,tanks=3"
    run = CliRunner().invoke(main, ["enlist", str(root), "--name", "Notius", "--fit", fit,
                                    "--personality", "4", "--specialist", "scientist mineral 3"])
    assert run.exit_code == 0, run.output
    officer = game_state.load_state(open_db(root)).officers[1]
    assert officer.personality == 4
    assert officer.specialist == Specialist("scientist", 3, "mineral")
    for args, message in (
            (["--personality", "6"], "a personality is 0 (diplomatic) to 5 (aggressive), not 6"),
            (["--specialist", "robur 5"], "a specialist's value is 1 to 4, not 5"),
            (["--specialist", "scientist water 2"], "prepared for one kingdom")):
        run = CliRunner().invoke(main, ["enlist", str(root), "--name", "Beta", "--fit", fit,
                                        *args])
        assert run.exit_code != 0 and message in run.output, run.output


def test_enlist_refuses_them_in_inner_space(tmp_path):
    from pbem import game
    from pbem.errors import GameError

    root = tmp_path / "inner"
    game.new_game(root, 1, size=12)
    import pytest

    with pytest.raises(GameError, match="belong to the advanced level"):
        game.enlist(root, "Notius", "", "GLADIUM", "MARTHIA", {"crews": 2, "tanks": 3},
                    personality=2)


def test_the_store_keeps_the_specialist_and_the_alien_ship(tmp_path):
    from pbem.storage.rows import (
        alien_ship_from_json, alien_ship_to_json, specialist_from_json, specialist_to_json,
    )
    from pbem.rules.geometry import Position
    from pbem.rules.state import AlienShip

    ship = AlienShip("KNOX", 9, 10, 6, Position(4, 5, 2), reductions=1, hooked=(1,), entered=3)
    assert alien_ship_from_json(alien_ship_to_json(ship)) == ship
    assert specialist_from_json(specialist_to_json(SCIENTIST)) == SCIENTIST
    assert alien_ship_from_json(None) is None
