"""pbem: the turn processor for VII Legio by e-mail."""
