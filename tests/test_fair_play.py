"""Fair play: a secret nobody can guess, the commitment to it, the ledger of moves, and
`pbem verify` finding any roll, event, order or state that was changed afterwards.

Most tests play the shipped demo (seeded, so the same every time) in a temporary folder,
change one thing in its database the way a cheating GM would, and check that `verify`
names the move (and the roll) that no longer matches.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem import game, ledger, record
from pbem.json_codec import to_json, to_json_each
from pbem.storage import game_state
from pbem.storage.database import open_db
from pbem.cli import main
from pbem.rules import dice as dice_module
from pbem.rules.dice import Roll, SeededDice, face
from pbem.errors import GameError
from pbem.verify import verify_path

from conftest import EXAMPLE_FIT, orders_text, write_map

GOLDEN = Path(__file__).resolve().parent.parent / "reports"
HEX64 = re.compile(r"[0-9a-f]{64}")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def sql(folder: Path, statement: str, params=()) -> None:
    conn = sqlite3.connect(folder / "game.db")
    with conn:
        conn.execute(statement, params)
    conn.close()


def one(folder: Path, query: str, params=()):
    conn = sqlite3.connect(folder / "game.db")
    try:
        return conn.execute(query, params).fetchone()
    finally:
        conn.close()


def failures(folder_or_file: Path, bulletins=None) -> dict[str, str]:
    _, checks = verify_path(folder_or_file, bulletins)
    return {c.name: c.message for c in checks if c.ok is False}


def forge_a_sighting(folder: Path, move: int) -> None:
    """Two points more for the first sighting of a move, as a GM favouring a friend would."""
    sql(folder, "UPDATE events SET data = replace(data, '\"points\": 0', '\"points\": 2') "
                "WHERE id = (SELECT MIN(id) FROM events WHERE move = ? AND kind = 'sighting')", (move,))


# --- the secret ---------------------------------------------------------------------


def test_a_game_without_seed_draws_a_secret_of_256_random_bits(tmp_path):
    """No --seed: the secret is 32 bytes from `secrets`, different for every game, and the
    bulletins do not carry the warning meant for seeded games."""
    secrets_seen = set()
    for name in ("a", "b"):
        game.new_game(tmp_path / name)
        g = game_state.game_row(open_db(tmp_path / name))
        assert HEX64.fullmatch(g["secret"]) and g["seeded"] == 0
        assert g["secret"] != hashlib.sha256(b"pbem-seed:None").hexdigest()
        secrets_seen.add(g["secret"])
    assert len(secrets_seen) == 2
    game.enlist(tmp_path / "a", "Alpha", "", "GLADIUM", "A", EXAMPLE_FIT, secret="aaaa-1111")
    game.resolve(tmp_path / "a", force=True)
    bulletin = (tmp_path / "a" / "reports" / "move-01" / "bulletin.txt").read_text(encoding="utf-8")
    assert "Commitment to the game secret:" in bulletin
    assert "seed" not in bulletin


def test_the_same_seed_makes_the_same_secret_and_says_it_is_guessable(tmp_path):
    """--seed stays for reproducible games, and both its help and `pbem new` warn about it."""
    out = run("new", tmp_path / "a", "--seed", "1944").output
    run("new", tmp_path / "b", "--seed", "1944")
    a, b = (game_state.game_row(open_db(tmp_path / n)) for n in "ab")
    assert a["secret"] == b["secret"] and a["commitment"] == b["commitment"] and a["seeded"] == 1
    assert f"Commitment to the game secret (every bulletin prints it): {a['commitment']}" in out
    assert "whoever guesses the seed can read the hidden map and every die" in out
    assert "can be guessed" in " ".join(run("new", "--help").output.split())
    unseeded = run("new", tmp_path / "c").output
    assert "Game created in" in unseeded and "guesses the seed" not in unseeded


# --- the commitment -------------------------------------------------------------------


def test_the_commitment_is_the_sha256_of_the_secret_under_a_fixed_label(demo):
    """Printed in the first bulletin in every format, and in every later one."""
    g = game_state.game_row(open_db(demo))
    expected = hashlib.sha256(ledger.COMMITMENT_LABEL + bytes.fromhex(g["secret"])).hexdigest()
    assert g["commitment"] == ledger.commitment(g["secret"]) == expected
    assert expected != hashlib.sha256(bytes.fromhex(g["secret"])).hexdigest()
    for move in range(1, 7):
        for suffix in ("txt", "md", "bbcode"):
            text = (demo / "reports" / f"move-{move:02d}" / f"bulletin.{suffix}").read_text(encoding="utf-8")
            assert f"Commitment to the game secret: {expected}" in text
            head = ledger.head(open_db(demo).conn, move)
            assert f"Ledger after move {move}: {head}" in text


def test_the_fair_play_block_renders_in_markdown_and_bbcode(demo):
    """Rendered by a CommonMark renderer, the Markdown bulletin's block is a heading and a
    list with both hashes; the BBCode one is a list (hex needs no escaping)."""
    from markdown_it import MarkdownIt

    g = game_state.game_row(open_db(demo))
    head = ledger.head(open_db(demo).conn, 3)
    html = MarkdownIt("commonmark").render(
        (demo / "reports" / "move-03" / "bulletin.md").read_text(encoding="utf-8"))
    assert (f"<h2>Fair play</h2>\n<ul>\n<li>Commitment to the game secret: {g['commitment']}</li>\n"
            f"<li>Ledger after move 3: {head}</li>\n</ul>\n<p>This game's secret was made from a "
            f"seed the GM chose") in html
    bbcode = (demo / "reports" / "move-03" / "bulletin.bbcode").read_text(encoding="utf-8")
    assert (f"[b]Fair play[/b]\n[list]\n[*]Commitment to the game secret: {g['commitment']}\n"
            f"[*]Ledger after move 3: {head}\n[/list]\n") in bbcode


def test_every_bulletin_prints_the_chain_head_of_its_move(demo):
    """Each head is the hash of its move's entry, which chains to the one before, and the
    first to the commitment."""
    conn = open_db(demo).conn
    g = game_state.game_row(open_db(demo))
    previous = g["commitment"]
    for move in range(1, 7):
        entry = ledger.entry(conn, move)
        assert entry["previous"] == previous
        assert HEX64.fullmatch(entry["hash"])
        previous = entry["hash"]


SQL_VALUES = st.one_of(st.none(), st.integers(-2 ** 63, 2 ** 63 - 1), st.text(),
                      st.floats(allow_nan=False))


@given(rows=st.lists(st.lists(SQL_VALUES, max_size=6).map(tuple), max_size=8))
def test_rows_hash_the_same_as_sqlite_gives_them_and_as_lists(rows):
    """A move's entry hashes its rows as the tuples SQLite gives; `pbem verify` and the
    published ledger hash them as lists: the digests must be the same."""
    assert ledger.digest(rows) == ledger.digest([list(r) for r in rows])


@given(rows=st.lists(st.one_of(SQL_VALUES, st.lists(SQL_VALUES, max_size=4).map(tuple),
                              st.dictionaries(st.text(max_size=3), SQL_VALUES, max_size=3)),
                    max_size=12),
       piece=st.integers(1, 5))
def test_a_long_list_hashed_in_pieces_hashes_as_its_whole_text(rows, piece):
    """A move's events are hashed a piece of rows at a time: the digest must be the hash
    of the list's canonical text as one, whatever the rows and wherever the pieces end."""
    whole = hashlib.sha256(ledger.canonical(rows)).hexdigest()
    assert ledger.digest(rows, piece=piece) == whole
    assert ledger.digest(tuple(rows), piece=piece) == whole


@given(secret=st.binary(min_size=1, max_size=64), move=st.integers(0, 99),
       officer=st.one_of(st.none(), st.integers(0, 10 ** 6)), kind=st.text(max_size=20),
       detail=st.text(max_size=30), n=st.integers(1, 50), die=st.sampled_from([6, 10, 7]))
def test_a_face_is_the_hmac_of_the_rolls_purpose_a_player_recomputes(secret, move, officer,
                                                                      kind, detail, n, die):
    """What dice.py promises anyone holding the revealed secret: HMAC-SHA256(secret,
    "move|officer|kind|detail|n"), its first 8 bytes read big-endian, modulo the die, + 1."""
    message = f"{move}|{officer if officer is not None else '-'}|{kind}|{detail}|{n}"
    digest = hmac.new(secret, message.encode("utf-8"), hashlib.sha256).digest()
    assert face(secret, move, officer, kind, detail, n, die) == (
        int.from_bytes(digest[:8], "big") % die + 1)


@given(secret=st.binary(max_size=200), message=st.binary(max_size=200))
def test_the_dice_keyed_once_give_the_hmac_of_any_secret(secret, message):
    """`dice.keyed` keys SHA-256 as RFC 2104 does, a secret longer than the block hashed
    first: copied and fed a message, the digest is hmac's."""
    inner, outer = (pad.copy() for pad in dice_module.keyed(secret))
    inner.update(message)
    outer.update(inner.digest())
    assert outer.digest() == hmac.new(secret, message, hashlib.sha256).digest()


@given(secret=st.binary(min_size=1, max_size=80), move=st.integers(0, 99),
       rolls=st.lists(st.tuples(st.sampled_from([6, 10]), st.sampled_from(["info", "damage"]),
                                st.sampled_from(["", "TAB. C"]),
                                st.one_of(st.none(), st.integers(1, 3)),
                                st.sampled_from(["gm", "officer", "public"])), max_size=12))
def test_the_seeded_dice_roll_the_faces_a_player_recomputes_and_log_them(secret, move, rolls):
    """SeededDice keys its HMAC once and copies it for each roll: the faces are those of
    `face`, the n-th of each purpose counted, and each roll is logged as Roll(...) makes it."""
    dice, counted = SeededDice(secret, move), {}
    for die, kind, detail, officer, visibility in rolls:
        n = counted[(officer, kind, detail)] = counted.get((officer, kind, detail), 0) + 1
        result = dice.roll(die, kind, detail, officer=officer, visibility=visibility)
        assert result == face(secret, move, officer, kind, detail, n, die)
        made = Roll(move, officer, kind, detail, die, result, visibility)
        assert dice.log[-1] == made and vars(dice.log[-1]) == vars(made)
        assert repr(dice.log[-1]) == repr(made)


def test_the_entry_of_a_move_is_what_its_rows_read_back_hash_to(demo):
    """Each entry, written from the rows as tuples, against the rows read back as lists."""
    conn = sqlite3.connect(demo / "game.db")
    try:
        for move in range(1, 7):
            entry = ledger.entry(conn, move)
            assert ledger.move_digests(ledger.read_move(conn, move)) == {
                part: entry[part] for part in ledger.MOVE_COLUMNS}
    finally:
        conn.close()


# --- verify: the GM, from the database ------------------------------------------------


def test_verify_passes_on_the_demo(demo):
    """`pbem verify DEMO`: every check passes and the exit status is 0."""
    result = run("verify", demo)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "ok     commitment: the secret matches the commitment" in out
    assert "ok     map: the 36 planets stand where the secret drew them" in out
    assert "ok     player order: the 4 officers' lots are those the secret draws" in out
    assert re.search(r"ok     rolls: \d+ rolls in 6 moves, each as the secret gives it", out)
    assert "ok     ledger: 6 moves chained from the commitment" in out
    assert "ok     bulletins: 18 bulletins print the same chain (moves 1, 2, 3, 4, 5, 6)" in out
    assert "--     secret: made from a seed the GM chose" in out
    assert out.endswith("Verified: everything matches.\n")


def test_verify_names_an_altered_roll(demo):
    """One logged die changed: the rolls check names the move, the roll and both values, and
    the ledger names the same move."""
    rid, move, kind, detail, die, result = one(
        demo, "SELECT id, move, kind, detail, die, result FROM rolls WHERE move = 4 ORDER BY id LIMIT 1 OFFSET 1")
    n = one(demo, "SELECT COUNT(*) FROM rolls WHERE move = 4 AND id <= ?", (rid,))[0]
    forged = result % die + 1
    sql(demo, "UPDATE rolls SET result = ? WHERE id = ?", (forged, rid))
    found = failures(demo)
    assert found["rolls"].startswith(f"move 4, roll {n} (")
    assert f"{kind} {detail}, d{die}): logged {forged}, the secret gives {result}" in found["rolls"]
    assert found["ledger"] == ("move 4 no longer matches its ledger entry: its rolls are not "
                               "those the move recorded")
    result = run("verify", demo)
    assert result.exit_code == 1
    assert "FAILED rolls: move 4, roll" in result.output
    assert result.output.endswith("Verification failed.\n")


def test_verify_names_an_altered_event(demo):
    forge_a_sighting(demo, 2)
    assert failures(demo) == {
        "ledger": "move 2 no longer matches its ledger entry: its events are not those the move recorded",
    }


def test_verify_names_an_altered_order(demo):
    sql(demo, "UPDATE order_files SET text = replace(text, 'ROUTE', 'ROUTE 1 N +') "
              "WHERE id = (SELECT MIN(id) FROM order_files WHERE move = 3)")
    assert failures(demo) == {
        "ledger": "move 3 no longer matches its ledger entry: its orders are not those the move recorded",
    }


def test_verify_names_an_altered_state(demo):
    """A score raised after the last move: the state is not the one move 6 left."""
    sql(demo, "UPDATE officers SET score = score + 5 WHERE name = 'Notius'")
    assert failures(demo) == {
        "ledger": f"move 6: the officers in the database of {demo} are not as move 6 left them",
    }


def test_verify_names_a_hidden_planet_moved(demo):
    """Moving a planet changes the state and the map the secret drew."""
    sql(demo, "UPDATE planets SET x = (x + 1) % 16 WHERE id = 7")
    found = failures(demo)
    assert found["map"].startswith("planet 7 stands at (")
    assert found["ledger"] == f"move 6: the planets in the database of {demo} are not as move 6 left them"


def test_a_rewritten_ledger_is_caught_by_the_bulletins(demo):
    """A GM who changes a past event and writes the whole chain anew gets a database that
    agrees with itself; the bulletins already posted print the old heads."""
    forge_a_sighting(demo, 2)
    conn = sqlite3.connect(demo / "game.db")
    with conn:
        previous = conn.execute("SELECT hash FROM ledger WHERE move = 1").fetchone()[0]
        for move in range(2, 7):
            e = ledger.entry(conn, move)
            parts = ledger.move_digests(ledger.read_move(conn, move))
            h = ledger.entry_hash(move, previous, e["opening"], parts, e["state"])
            conn.execute("UPDATE ledger SET previous = ?, events = ?, hash = ? WHERE move = ?",
                         (previous, parts["events"], h, move))
            previous = h
    conn.close()
    found = failures(demo)
    assert list(found) == ["bulletins"]
    assert found["bulletins"].startswith(f"{demo / 'reports' / 'move-02'}/bulletin.")
    assert "prints the ledger of move 2 as " in found["bulletins"]
    assert found["bulletins"].endswith("move 2 is not the one that was posted")


def test_a_state_changed_between_moves_is_named(make_game):
    """Points given by hand between two moves: resolve warns, verify names the move that
    started from a state the previous one did not leave."""
    g = make_game((10, 10, 2), [(12, 13, 2)])
    g.post("m1.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 3 N"))
    game.resolve(g.dir)
    sql(g.dir, "UPDATE officers SET score = 9")
    g.post("m2.txt", orders_text("Notius", "4tq9-mx2d", 2, "ROUTE 3 S"))
    done = game.resolve(g.dir)
    assert done.warnings == ("the officers of the game changed outside pbem after move 1 was "
                             "resolved, with no ruling of the GM recorded; `pbem verify` "
                             "reports it",)
    assert failures(g.dir)["ledger"] == ("move 2 started from a state that move 1 did not "
                                         "leave: the officers changed between the two moves, "
                                         "with no ruling of the GM recorded")


def test_enlisting_and_fixing_the_order_between_moves_are_not_tampering(make_game):
    """The GM's own commands between moves keep the ledger whole."""
    g = make_game((10, 10, 2), [(12, 13, 2)])
    g.post("m1.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 3 N"))
    game.resolve(g.dir)
    game.enlist(g.dir, "Varro", "varro@example.org", "GLADIUM", "AQUILA", EXAMPLE_FIT, secret="zz81-kq0p")
    assert failures(g.dir, []) == {}  # the new officer is not part of the state move 1 left
    game.fix_order(g.dir, ["Varro", "Notius"])
    g.post("m2-n.txt", orders_text("Notius", "4tq9-mx2d", 2, "ROUTE 3 S"))
    g.post("m2-v.txt", orders_text("Varro", "zz81-kq0p", 2, "ROUTE 2 E"))
    assert game.resolve(g.dir).warnings == ()
    assert failures(g.dir, []) == {}


def test_forced_dice_do_not_pass_for_the_secret(make_game):
    """Dice forced in a test are not those of the secret: verify says so (and this is why
    verify runs only on games played with their own dice)."""
    from pbem.rules.dice import ScriptedDice

    g = make_game((10, 10, 2), [(12, 13, 2)])
    g.post("m1.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 3 N", "INFO NEW"))
    secret = bytes.fromhex(game_state.game_row(open_db(g.dir))["secret"])
    honest = SeededDice(secret, 1).draw(10, "info", "P-1 level I", 1)
    game.resolve(g.dir, dice=ScriptedDice({"info": [honest % 10 + 1]}, move=1))
    assert failures(g.dir)["rolls"].startswith("move 1, roll 1 (Notius: info P-1 level I, d10): logged ")


# --- reveal, and verify by a player ---------------------------------------------------


def test_reveal_is_refused_while_the_game_runs_unless_early(make_game):
    g = make_game((10, 10, 2), [])
    game.resolve(g.dir, force=True)
    with pytest.raises(GameError, match="the game is not over: with the secret, every player can read"):
        record.reveal(g.dir)
    assert not (g.dir / "reports" / "ledger.json").exists()
    result = run("reveal", g.dir)
    assert result.exit_code == 1 and "pass --early" in result.output
    result = run("reveal", g.dir, "--early")
    assert result.exit_code == 0
    secret = game_state.game_row(open_db(g.dir))["secret"]
    assert f"Game secret: {secret}" in result.output
    published = json.loads((g.dir / "reports" / "ledger.json").read_text(encoding="utf-8"))
    assert published["secret"] == secret and [m["move"] for m in published["moves"]] == [1]
    assert game_state.game_row(open_db(g.dir))["revealed"] == 1


def test_the_published_ledger_hides_addresses_and_officers_secrets(demo):
    """Order files are published with the secret line masked, and no address or hash."""
    game.enlist(demo, "Late", "late@example.org", "GLADIUM", "L", EXAMPLE_FIT, secret="late-0000")
    record.reveal(demo)
    text = (demo / "reports" / "ledger.json").read_text(encoding="utf-8")
    for secret in ("4tq9-mx2d", "zz81-kq0p", "p0ll-7yre", "9gh2-llc4", "late-0000", "late@example.org"):
        assert secret not in text
    assert "SECRET ****" in text
    assert "secret_hash" not in text and "salt" not in text


def test_a_player_verifies_the_published_demo_from_this_repository():
    """reports/ is what a player holds after the demo: the bulletins and the ledger.json
    revealed at the end. `pbem verify` checks every roll and the chain against them."""
    # reports/ holds the basic demo's moves, and the advanced demo's folder beside them.
    moves = [arg for folder in sorted(GOLDEN.glob("move-*")) for arg in ("--bulletins", folder)]
    result = run("verify", GOLDEN / "ledger.json", *moves)
    assert result.exit_code == 0, result.output
    assert f"from {GOLDEN / 'ledger.json'}:" in result.output
    assert "ok     bulletins: 18 bulletins print the same chain" in result.output


def test_a_player_verifies_the_published_demo_of_outer_space_hazards_included():
    """The advanced demo's map was drawn by its GM, its hazards with it: verify checks the
    rolls of the hazards (the black hole, the distortions) and the chain, which covers the
    hazards and the radioactivity of its planets."""
    advanced = GOLDEN / "advanced"
    result = run("verify", advanced / "ledger.json", "--bulletins", advanced)
    assert result.exit_code == 0, result.output
    assert "ok     bulletins: 24 bulletins print the same chain" in result.output
    data = json.loads((advanced / "ledger.json").read_text(encoding="utf-8"))
    assert len(data["state"]["hazards"]) == 1 + 4 * 3 + 12
    assert {p["radioactivity"] for p in data["state"]["planets"]} >= {"alpha", "beta"}


def test_a_player_finds_an_altered_roll_in_a_published_ledger(demo, tmp_path):
    data = json.loads((demo / "reports" / "ledger.json").read_text(encoding="utf-8"))
    roll = data["moves"][2]["rolls"][0]
    roll["result"] = roll["result"] % roll["die"] + 1
    forged = tmp_path / "ledger.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    found = failures(forged, [demo / "reports"])
    assert found["rolls"].startswith("move 3, roll 1 (")
    assert found["ledger"].startswith("move 3 no longer matches its ledger entry: its rolls")


def test_a_player_finds_a_ledger_that_does_not_match_his_bulletins(demo, tmp_path):
    """A ledger.json made consistent with a changed history still disagrees with the
    chain heads in the bulletins the player received."""
    data = json.loads((demo / "reports" / "ledger.json").read_text(encoding="utf-8"))
    move = data["moves"][4]
    move["events"][0]["data"] = move["events"][0]["data"].replace("true", "false")
    rows = ledger.as_lists  # the same conversion verify uses
    parts = ledger.move_digests({p: rows(c, move[p]) for p, c in ledger.MOVE_COLUMNS.items()})
    previous = data["moves"][3]["ledger"]["hash"]
    for m in data["moves"][4:]:
        e = m["ledger"]
        p = parts if m is move else ledger.move_digests(
            {k: rows(c, m[k]) for k, c in ledger.MOVE_COLUMNS.items()})
        e.update(p, previous=previous)
        e["hash"] = ledger.entry_hash(m["move"], previous, e["opening"], p, e["state"])
        previous = e["hash"]
    forged = tmp_path / "ledger.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    assert list(failures(forged)) == []  # on its own, the forged ledger agrees with itself
    found = failures(forged, [demo / "reports" / "move-05" / "bulletin.bbcode"])
    assert found == {"bulletins": (
        f"{demo / 'reports' / 'move-05' / 'bulletin.bbcode'} prints the ledger of move 5 as "
        f"{ledger.head(open_db(demo).conn, 5)[:16]}..., the record gives "
        f"{data['moves'][4]['ledger']['hash'][:16]}...: move 5 is not the one that was posted")}


def test_a_wrong_secret_in_a_published_ledger_fails_the_commitment(demo, tmp_path):
    data = json.loads((demo / "reports" / "ledger.json").read_text(encoding="utf-8"))
    data["secret"] = "00" * 32
    forged = tmp_path / "ledger.json"
    forged.write_text(json.dumps(data), encoding="utf-8")
    found = failures(forged, [demo / "reports"])
    assert found["commitment"].endswith("this is not the game's secret")
    assert "rolls" not in found  # not checked with a wrong secret


def test_a_file_that_is_no_ledger_is_a_clear_error(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    result = run("verify", path)
    assert result.exit_code == 1
    assert f"Error: {path} is not a ledger written by `pbem reveal`" in result.output


# --- the state the ledger covers -------------------------------------------------------


def test_every_column_is_in_the_state_or_named_outside_it(demo):
    """A new column must be classified: part of the game's state (hashed by the ledger) or
    the GM's own (addresses, secrets, settings of the GM's tools)."""
    conn = sqlite3.connect(demo / "game.db")
    try:
        for table in ("game", "planets", "officers", "hazards"):
            columns = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
            # Outer space adds its columns and its hazards to the state of its games.
            state = set(ledger.state_columns("advanced")[table])
            outside = set(ledger.OUTSIDE_THE_STATE.get(table, ()))
            assert not state & outside, table
            assert columns == state | outside, (table, columns ^ (state | outside))
    finally:
        conn.close()


def test_a_game_made_before_the_ledger_gets_a_commitment_and_chains_from_then(tmp_path):
    """Migrating an older game: it gets its commitment; its new moves are chained from it."""
    folder = tmp_path / "old"
    game.new_game(folder, 5, name="cornifex", map_file=write_map(tmp_path / "m.toml", (10, 10, 2), []))
    game.enlist(folder, "Alpha", "", "GLADIUM", "A", EXAMPLE_FIT, secret="aaaa-1111")
    game.resolve(folder, force=True)
    sql(folder, "DELETE FROM ledger")  # as if move 1 had been resolved before the ledger
    sql(folder, "UPDATE game SET commitment = NULL")
    sql(folder, "DELETE FROM _sqlite_migrations WHERE name IN ('m005_fair_play', "
                "'m013_ledger_of_what_decided')")
    conn = sqlite3.connect(folder / "game.db")
    with conn:
        for table, col in (("game", "commitment"), ("game", "seeded"), ("game", "map_drawn"),
                           ("game", "keep_backups"), ("game", "revealed"),
                           ("moves", "files_done"), ("moves", "archive"), ("moves", "waiting"),
                           ("order_files", "played")):
            conn.execute(f"ALTER TABLE {table} DROP COLUMN {col}")
        conn.execute("DROP TABLE ledger")
    conn.close()
    g = game_state.game_row(open_db(folder))
    assert g["commitment"] == ledger.commitment(g["secret"])
    game.rerender(folder, 1)  # its bulletins as they were then: no ledger line
    assert "Ledger after" not in (folder / "reports" / "move-01" / "bulletin.txt").read_text(encoding="utf-8")
    game.resolve(folder, force=True)
    result = run("verify", folder)
    assert result.exit_code == 0, result.output
    assert "ok     ledger: 1 move chained from the commitment" in result.output
    assert "(move 1 was resolved before pbem kept a ledger)" in result.output


# --- the GM's desk between moves -------------------------------------------------------


def test_the_gms_rulings_and_desk_between_moves_keep_the_ledger_whole(make_game):
    """`pbem adjust` changes an officer between two moves: chained with the next move, told
    to the officer, noted by verify. His address, the schedule, a retirement, a new secret
    and an address changed are his desk's, and change nothing the ledger covers."""
    g = make_game((10, 10, 2), [(12, 13, 2)], officers=[
        ("Notius", "4tq9-mx2d", EXAMPLE_FIT), ("Varro", "zz81-kq0p", EXAMPLE_FIT)])
    g.post("m1.txt", orders_text("Notius", "4tq9-mx2d", 1, "ROUTE 3 N"))
    g.post("m1v.txt", orders_text("Varro", "zz81-kq0p", 1, "ROUTE 3 S"))
    game.resolve(g.dir)
    for args in (("mail-from", g.dir, "Space Computer <sc@example.org>"),
                 ("schedule", g.dir, "every Monday at 20:00", "--tz", "Europe/Rome"),
                 ("email", g.dir, "Notius", "notius@example.org", "--reason", "new address"),
                 ("new-secret", g.dir, "Notius", "--reason", "lost it"),
                 ("adjust", g.dir, "Notius", "--score", "+3", "--reason", "a ruling on P-1")):
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
    g.post("m2.txt", orders_text("Notius", "4tq9-mx2d", 2, "ROUTE 3 S"))
    g.post("m2v.txt", orders_text("Varro", "zz81-kq0p", 2, "ROUTE 1 S"))
    # Before the deadline of the schedule, with Notius's orders refused: the GM's --now.
    assert game.resolve(g.dir, force=True, early=True).warnings == ()
    result = run("retire", g.dir, "Varro", "--reason", "left the game")
    assert result.exit_code == 0, result.output
    _, checks = verify_path(g.dir)
    ledger_check = next(c for c in checks if c.name == "ledger")
    assert ledger_check.ok, ledger_check.message
    assert ledger_check.message.endswith("the GM's rulings (pbem adjust) changed the officers before move 2")
    game.resolve(g.dir, force=True, early=True)
    assert not failures(g.dir)
    record.reveal(g.dir, early=True)
    published = json.loads((g.dir / "reports" / "ledger.json").read_text(encoding="utf-8"))
    assert [r["action"] for r in published["moves"][1]["rulings"]] == ["adjust"]
    assert [r["action"] for r in published["moves"][2]["rulings"]] == ["retire"]
    assert "notius@example.org" not in json.dumps(published) and "sc@example.org" not in json.dumps(published)
    # The ruling is part of the chain: erasing it is caught.
    sql(g.dir, "DELETE FROM gm_actions WHERE action = 'adjust'")
    assert failures(g.dir, [])["ledger"] == ("move 2 no longer matches its ledger entry: its "
                                             "rulings are not those the move recorded")


def test_the_ledger_names_the_rulings_as_the_desk_does():
    from pbem import gm_actions

    assert (ledger.ADJUST, ledger.RETIRE) == (gm_actions.ADJUST, gm_actions.RETIRE)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)


@given(value=JSON_VALUES)
def test_the_stored_json_is_what_the_json_module_writes(value):
    """Every JSON column (and so every hash of the ledger) is written by one C encoder made
    once: the text is json's own, keys sorted, names as written."""
    assert to_json(value) == json.dumps(value, sort_keys=True, ensure_ascii=False)
    assert to_json_each([value, {"event": value}]) == [
        to_json(value), to_json({"event": value})]


# Keys the C encoder writes as strings, or refuses to sort side by side; strings to escape.
ODD_TEXT = st.text(alphabet=st.sampled_from('a%s"\\\x00\x1f\u2028ò€\U0001f600'), max_size=4)
ODD_KEYS = st.one_of(ODD_TEXT, st.integers(-3, 3), st.booleans(), st.none(), st.floats())
ODD_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | ODD_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(ODD_TEXT, inner, max_size=4) | st.dictionaries(ODD_KEYS, inner, max_size=3),
    max_leaves=12)


def json_or_refusal(value):
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    except TypeError as e:  # keys of kinds that cannot be sorted together
        return type(e)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(ODD_VALUES, min_size=1, max_size=5),
       picks=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=12))
def test_the_json_of_each_value_is_what_json_dumps_writes(values, picks):
    """A move's events share the dicts that say the same, and sheets the fit they show:
    every event that holds one stores the text it would have had alone, as json.dumps
    writes it."""
    refused = [v for v in values if json_or_refusal(v) is TypeError]
    for v in refused:
        with pytest.raises(TypeError):
            to_json_each([v])
    values = [v for v in values if v not in refused] or [{"k": True}]
    many = [x for i, j in picks for x in (values[i % len(values)], {
        "a": values[i % len(values)], "b%s": [values[j % len(values)]]})] + values
    assert to_json_each(many) == [json_or_refusal(v) for v in many]
