"""Orders printed back: the orders as pbem understood them, one canonical order line
each, as a receipt shows them."""

from __future__ import annotations

from pbem.orders.keywords import FIRE_WORDS
from pbem.rules.geometry import route_text
from pbem.rules.orders import Orders


def specialist_text(specialist) -> str:
    """A specialist officer as the SPECIALIST order writes him: PSI 2, SCIENTIST MINERAL 4,
    or NONE."""
    if specialist is None:
        return "NONE"
    kingdom = f" {specialist.field.upper()}" if specialist.field else ""
    return f"{specialist.kind.upper()}{kingdom} {specialist.value}"


# What fires -> the first word FIRE takes for it (LASERS, not LASER).
_FIRE_WORDS = {fire: word for word, fire in reversed(FIRE_WORDS.items())}


def orders_lines(orders: Orders, secret: str = "****") -> list[tuple[int | None, str]]:
    """The orders as pbem understood them, one canonical line each with the line of the file
    it came from, in file order: what a receipt shows. `read_orders` reads them back to the
    same orders (the secret is shown as `secret`, masked by default)."""
    found: list[tuple[int | None, str]] = []
    at = orders.lines.get

    def add(keyword: str, text: str, line: int | None = None) -> None:
        found.append((line if line is not None else at(keyword), text))

    for keyword, value in (("GAME", orders.game), ("OFFICER", orders.officer),
                           ("SECRET", secret if orders.secret is not None else None),
                           ("MOVE", orders.move)):
        if value is not None:
            add(keyword, f"{keyword} {value}")
    if orders.route or "ROUTE" in orders.lines:
        add("ROUTE", f"ROUTE {route_text(orders.route)}")
    if orders.tanks is not None:
        add("TANKS", f"TANKS {orders.tanks}")
    if orders.radars is not None:
        add("RADARS", f"RADARS {orders.radars}")
    for request in orders.info:
        add("INFO", f"INFO {request.text()}", request.line)
    for grant in orders.research:
        add("RESEARCH", grant.text(), grant.line)
    if orders.attitude is not None:
        add("LAND", f"LAND {orders.attitude}"
            + (f" {orders.land_crews}" if orders.land_crews is not None else ""))
    if orders.shields is not None:
        add("SHIELDS", "SHIELDS ON" if orders.shields else "SHIELDS OFF")
    if orders.crews_land is not None:
        add("CREWS", "CREWS LAND" + (f" {orders.crews_land}" if orders.crews_land else ""))
    elif orders.crews_embark:
        add("CREWS", "CREWS EMBARK")
    if orders.fire:
        add("FIRE", f"FIRE {_FIRE_WORDS[tuple(orders.fire)]}"
            + (f" WITH {orders.cooperate}" if orders.cooperate else ""))
    elif orders.fire_alien:
        add("FIRE", "FIRE ALIEN")
    if orders.disengage:
        add("DISENGAGE", "DISENGAGE")
    if orders.rescue:
        add("RESCUE", "RESCUE")
    if orders.given_specialist:
        add("SPECIALIST", "SPECIALIST " + specialist_text(orders.specialist))
    if orders.targets is not None:
        add("TARGET", f"TARGET {orders.targets}")
    if orders.mission is not None:
        add("MISSION", f"MISSION {orders.mission.upper()}")
    for payment in orders.pay:
        add("PAY", f"PAY {payment.amount} TO {payment.to}", payment.line)
    if orders.refit is not None:
        add("REFIT", "REFIT " + ",".join(f"{name}={n}" for name, n in orders.refit))
    if orders.tot is not None:
        add("TOT", f"TOT {orders.tot}")
    for line in orders.press:
        add("PRESS", line.words(), line.line)
    if "END" in orders.lines:
        add("END", "END")
    # In file order; a line the file did not give (none do) last.
    return sorted(found, key=lambda item: (item[0] is None, item[0] or 0))
