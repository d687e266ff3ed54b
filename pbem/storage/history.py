"""The game's history as the database's readable views hold it (schema.VIEWS): the
standings after each move, and each officer's turns, discoveries, landings and events."""

from __future__ import annotations

import sqlite3
from typing import Any

from .database import Database


def standings(db: Database) -> list[dict[str, Any]]:
    """(move, place, officer, score) of every officer after every move."""
    return list(db.query("SELECT move, place, officer, score FROM standings"))


def standings_after(db: Database, move: int) -> list[dict[str, Any]]:
    """(officer, rank, score) after `move`, first place first."""
    return list(db.query("SELECT officer, rank, score FROM standings WHERE move = ? ORDER BY place",
                         [move]))


def officers_ranked(db: Database) -> dict[int, int]:
    """How many officers the standings of each move rank, by move."""
    return {r["move"]: r["n"] for r in db.query(
        "SELECT move, count(*) AS n FROM standings GROUP BY move")}


def standings_of(db: Database, officer: str) -> dict[int, dict[str, Any]]:
    """(move, place, rank, score, ship) of one officer after each move, by move."""
    return {r["move"]: r for r in db.query(
        "SELECT move, place, rank, score, ship FROM standings WHERE officer = ?", [officer])}


def turns_of(db: Database, officer: str) -> dict[int, int]:
    """The officer's turn in each move, by move."""
    return {r["move"]: r["turn"] for r in db.query(
        "SELECT move, turn FROM turns WHERE officer = ?", [officer])}


def discoveries_of(db: Database, officer: str) -> list[tuple[int, str]]:
    """(move, planet) of each planet the officer discovered."""
    return [(r["move"], r["planet"]) for r in db.query(
        "SELECT move, planet FROM sightings WHERE officer = ? AND new = 1", [officer])]


def landings_of(db: Database, officer: str) -> list[dict[str, Any]]:
    """(move, planet, base) of each landing of the officer."""
    return list(db.query("SELECT move, planet, base FROM landings WHERE officer = ?", [officer]))


def career_of(db: Database, officer: str) -> list[dict[str, Any]]:
    """(move, kind, planet, rank) of the officer's take-offs, promotions and rescue returns,
    in the order they happened."""
    return list(db.query(
        "SELECT move, kind, json_extract(data, '$.planet') AS planet, "
        "json_extract(data, '$.rank') AS rank FROM event_log "
        "WHERE officer = ? AND kind IN ('known', 'promotion', 'rescue') ORDER BY move, seq",
        [officer]))


def holding(conn: sqlite3.Connection, before: int, count: int) -> list[tuple[int, int]]:
    """(officers who held, officers who had a turn) in each of the `count` moves before
    `before` in which anyone had a turn, the latest first."""
    return [(held, turns) for held, turns in conn.execute(
        "SELECT SUM(kind = 'held'), SUM(kind = 'turn') FROM events WHERE move < ? AND "
        "move >= ? AND kind IN ('held', 'turn') GROUP BY move ORDER BY move DESC",
        [before, before - count]) if turns]
