"""The GM's actions as `gm_actions` logs them: each with its move, the officer, what he is
told and the GM's reason."""

from __future__ import annotations

from typing import Any

from .database import Database, insert_dicts


def insert(db: Database, *, at: str, move: int, officer_id: int, action: str,
           detail: str, told: str, reason: str) -> None:
    """One action logged (`detail` as JSON text); the caller holds the transaction."""
    insert_dicts(db, "gm_actions", [{
        "at": at, "move": move, "officer_id": officer_id, "action": action, "detail": detail,
        "told": told, "reason": reason,
    }])


def told(db: Database, move: int) -> list[dict[str, Any]]:
    """(officer_id, told, reason) of the actions of `move` an officer is told of."""
    return list(db.query("SELECT officer_id, told, reason FROM gm_actions "
                         "WHERE move = ? AND told != '' ORDER BY id", [move]))


def of_kind(db: Database, move: int, action: str) -> list[dict[str, Any]]:
    """(name of the officer, detail) of the actions of one kind logged for `move`."""
    return list(db.query("SELECT o.name, a.detail FROM gm_actions a JOIN officers o ON "
                         "o.id = a.officer_id WHERE a.move = ? AND a.action = ? ORDER BY a.id",
                         [move, action]))


def of_move(db: Database, move: int) -> list[dict[str, Any]]:
    """Every action logged for `move`, whole, with the officer's name."""
    return list(db.query(
        "SELECT a.*, o.name FROM gm_actions a JOIN officers o ON o.id = a.officer_id "
        "WHERE a.move = ? ORDER BY a.id", [move]))
