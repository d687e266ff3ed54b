"""What the GM needs to see of a move before and after he plays it, and when to refuse it.

`pbem preview` and `pbem resolve` print this summary: who held and why, landings, losses,
ships destroyed, promotions, the end of the game. A run that would let most ships hold is
almost always a mistake (the orders are not in `orders/` yet, or `resolve` was typed twice),
so `resolve` refuses it unless the GM says `--force`. So does a run in which the share of
officers holding jumps far above that of the last moves: a mail fetch that broke halfway
looks like a mass desertion (Eressea's server refuses such a turn the same way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .rules.events import Event
from .rules.wording import plural


# A jump: the share of officers holding at least 25 points above the last moves' (a game
# whose officers mostly send their orders, 0-10% holding, now at a third or more) and at
# least 3 officers more than that share would give. One or two players late is ordinary in
# any game; a third of them at once, in a game of a dozen or more, is a lost batch of mail.
# The 50% rule above catches the rest.
JUMP_POINTS = 25
JUMP_OFFICERS = 3
RECENT_MOVES = 3  # the moves compared with


@dataclass(frozen=True)
class MoveSummary:
    move: int
    officers: int
    with_orders: int
    held: tuple[tuple[str, str], ...] = ()  # (officer, why)
    landings: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    destroyed: tuple[str, ...] = ()
    promotions: tuple[str, ...] = ()
    game_end: str | None = None
    hazards: tuple[str, ...] = ()  # outer space: the nets, distortions and black hole met
    alien_ship: tuple[str, ...] = ()  # outer space: its entry, its holds, attacks, its end
    # (officers holding, officers) in each of the last moves resolved, the latest first.
    recent: tuple[tuple[int, int], ...] = ()

    @property
    def stray(self) -> str | None:
        """Why this looks like a run the GM did not mean, or None."""
        if self.with_orders == 0:
            return f"no officer sent valid orders for move {self.move}"
        holding = self.officers - self.with_orders
        if 2 * holding > self.officers:
            return f"{holding} of {self.officers} officers would hold position"
        return self.jump

    @property
    def jump(self) -> str | None:
        """The share of officers holding far above the last moves' (JUMP_POINTS), or None.
        In whole numbers: holding/officers - held/played >= JUMP_POINTS/100, and holding -
        officers * held/played >= JUMP_OFFICERS."""
        held = sum(h for h, _ in self.recent)
        played = sum(n for _, n in self.recent)
        if not played or not self.officers:
            return None
        holding = self.officers - self.with_orders
        excess = holding * played - held * self.officers  # over `played * officers`
        if 100 * excess < JUMP_POINTS * self.officers * played or excess < JUMP_OFFICERS * played:
            return None
        moves = len(self.recent)
        return (f"{holding} of {self.officers} officers would hold position "
                f"({100 * holding // self.officers}%), against {100 * held // played}% in the "
                f"last {plural(moves, 'move')}: is all the mail filed?")

    def lines(self) -> list[str]:
        holding = self.officers - self.with_orders
        out = [f"Move {self.move}: {plural(self.officers, 'officer')}, "
               f"{self.with_orders} with valid orders, {holding} holding position."]
        if self.held:
            out.append("Held:")
            for name, why in self.held:
                first, *rest = why.splitlines() or [""]
                out.append(f"  {name}: {first}")
                out += [f"    {line}" for line in rest]
        for title, items in (("Hazards of outer space", self.hazards),
                             ("The alien ship", self.alien_ship),
                             ("Landings", self.landings), ("Losses", self.losses),
                             ("Ships destroyed", self.destroyed),
                             ("Promotions", self.promotions)):
            if items:
                out.append(f"{title}:")
                out += [f"  {item}" for item in items]
        if not (self.landings or self.losses or self.destroyed or self.promotions):
            out.append("No landing, loss, ship destroyed or promotion.")
        if self.game_end:
            out.append(f"The game ends: {self.game_end}.")
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


# Outer space's landings, in the GM's words (5F, 5B c).
LANDINGS = {"relanding": "landed again on", "distortion": "put down by a distortion on"}


# The kinds of event the summary tells of (each has its branch in `summarize`).
TOLD = frozenset({
    "held", "landed", "net", "distortion-exit", "black-hole-roll", "alien-ship-enters",
    "alien-ship-hooks", "alien-ship-attack", "disengage", "alien-ship-destroyed",
    "specialist-lost", "desertion", "losses", "rescue", "promotion", "game-end"})


def summarize(move: int, events: Iterable[Event], names: Mapping[int, str],
              with_orders: int) -> MoveSummary:
    """The summary of a resolved move, from its events; `names` are the officers by id."""
    held, landings, losses, destroyed, promotions, hazards = [], [], [], [], [], []
    alien: list[str] = []
    game_end = None
    for e in events:
        if e.kind not in TOLD:  # most of a move's: turns, sheets, routes, sightings
            continue
        d = e.data
        name = names.get(e.officer, "?") if e.officer is not None else "-"
        if e.kind == "held":
            held.append((name, d["reason"]))
        elif e.kind == "landed":
            where = "the base" if d["base"] else d["planet"]
            how = LANDINGS.get(d.get("how")) or (
                "forced landing on" if d["forced"] else "landed on")
            landings.append(f"{name} {how} {where}")
        elif e.kind == "net":
            hazards.append(f"{name} held by a net at parsec {d['parsec']}, x {d['square'][0]}, "
                           f"y {d['square'][1]}, level {d['square'][2]} (not told)")
        elif e.kind == "distortion-exit":
            x, y, z = d["exit"]
            hazards.append(f"{name} carried by a distortion to x {x}, y {y}, level {z}")
        elif e.kind == "black-hole-roll" and d["damages"]:
            told = "" if d["told"] else " (not told)"
            hazards.append(f"{name} struck by the black hole: {d['damages']} damage"
                           f"{'s' if d['damages'] != 1 else ''}{told}")
        elif e.kind == "alien-ship-enters":
            x, y, z = d["position"]
            alien.append(f"{d['name']} entered from the {d['side']} side at x {x}, y {y}, "
                         f"level {z}")
        elif e.kind == "alien-ship-hooks":
            alien.append(f"{d['name']} holds {name}")
        elif e.kind == "alien-ship-attack":
            alien.append(f"{d['name']} attacks {name}: {d['result']} damage"
                         f"{'s' if d['result'] != 1 else ''}")
        elif e.kind == "disengage" and d["free"]:
            alien.append(f"{name} broke free of {d['name']}")
        elif e.kind == "alien-ship-destroyed":
            alien.append(f"{name} destroyed {d['name']}")
        elif e.kind == "specialist-lost":
            losses.append(f"{name}: his {d['specialist']['title']} is dead ({d['why']}), "
                          f"{plural(d['penalty'], 'point')} lost")
        elif e.kind == "desertion" and d["men"]:
            losses.append(f"{name} on {d['planet']}: {d['men']} m{'e' if d['men'] != 1 else 'a'}n "
                          "deserted")
        elif e.kind == "losses":
            lost = d["men"]
            crews = " + ".join(map(str, d["crews"])) or "none"
            penalty = f", {plural(d['penalty'], 'point')} lost" if d["penalty"] else ""
            losses.append(f"{name} on {d['planet']}: {lost} m{'e' if lost != 1 else 'a'}n lost "
                          f"(crews now {crews}){penalty}")
        elif e.kind == "rescue":
            destroyed.append(f"{name} lost the {d['lost']} ({d['reason']}): rescue return, "
                             f"now {d['rank']}")
        elif e.kind == "promotion":
            promotions.append(f"{name} is promoted {d['rank']}")
        elif e.kind == "game-end":
            game_end = f"{d['winner']} wins ({d['reason']})"
    return MoveSummary(
        move=move, officers=len(names), with_orders=with_orders, held=tuple(held),
        landings=tuple(landings), losses=tuple(losses), destroyed=tuple(destroyed),
        promotions=tuple(promotions), game_end=game_end, hazards=tuple(hazards),
        alien_ship=tuple(alien),
    )
