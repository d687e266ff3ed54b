"""The storage layer: the game's SQLite database, its schema and every statement pbem runs on it."""
