"""One officer's turn in space: take-off, route, sightings, information (rulebook 3F).

`play_turn` works on a `Board`, the mutable copy of the state that `move.resolve_move`
makes for the length of one move, and appends events; nothing outside is touched.
"""

from __future__ import annotations

from dataclasses import replace

from . import alien_ship, black_hole, career, distortion, landing, net, outer_space, press
from . import rescue, research, rulings, sighting, specialists
from . import route as routes
from .board import Board
from .dice import Dice
from .events import GM, OFFICER, PUBLIC, Event
from .geometry import COMPASS, LEVEL_GAP, VERTICAL, Position, Segment, bearing, bearing_text
from .geometry import route_text
from .information import answer_data, ask
from .orders import InfoRequest, Orders
from .research import research_turn, scanner_reach
from .ruleset import Ruleset
from .said import Said, counted, saying, saying_plural
from .state import Officer, Planet

# Why an order was not carried out, as the reports tell it (the events keep the words;
# `said.read` reads them back). English says "planet(s)" of any number.
NO_TOT = saying("no Tot 100%% on board")
TOT_FROM_SPACE = saying("a Tot 100%% is launched from space, and your route ended on a planet")
NOT_IN_RANGE = saying("%(planet)s was not within radar range of your route")
BASE_NOT_STRUCK = saying("the base cannot be struck")
DISCOVERED = saying_plural("you discovered %(num)s new planet(s) this move",
                            "you discovered %(num)s new planet(s) this move")
THAT_PLANET_NOT_IN_RANGE = saying("that planet was not within radar range of your route")
BASE_NOT_EXPLORED = saying("the base planet is not explored")
ALL_KNOWN = saying("everything about %(planet)s is known already")
ANSWERS_ONLY = saying_plural("your ship answers only %(num)s request(s) this move",
                              "your ship answers only %(num)s request(s) this move")
NO_PLANET_AT_THE_END = saying("the route did not end on a planet open to landings (known "
                               "planets are crossed out; the base needs no LAND)")
HELD_NO_INFORMATION = saying("a ship held by the alien ship receives no information")
HELD_NOTHING_TO_STRIKE = saying("a ship held by the alien ship sights nothing to strike")


# The events a turn tells every officer (his turn, his route, each sighting, each request
# unanswered) are appended as made: Board.emit's keywords would cost more than the event (a
# move tells some 60,000 of them).
DISCOVERY_POINTS = 2  # 3B: a planet sighted and never discovered before


def discovery_award(ship_level: int) -> int:
    """2 points minus the ship level (3B), never below zero (ruling AWARD_NEVER_NEGATIVE)."""
    award = DISCOVERY_POINTS - ship_level
    return max(0, award) if rulings.AWARD_NEVER_NEGATIVE else award


def planet_facts(ruleset: Ruleset, planet: Planet, board: Board | None = None) -> list[str]:
    """The facts known of a planet, by name, as a sighting tells them. Described once a
    move for each (facts, radioactivity) on the `board`: a planet near the base is sighted
    by officer after officer."""
    if not planet.facts:
        return []  # nothing known of it yet: most planets sighted
    if board is None:
        return list(ruleset.information.describe(planet.facts, planet.radioactivity))
    known = (planet.facts, planet.radioactivity)
    told = board.described.get(known)
    if told is None:
        told = board.described[known] = ruleset.information.describe(*known)
    return list(told)


def hold(board: Board, officer: Officer, reason: str, ruleset: Ruleset, dice: Dice) -> None:
    """A missing or invalid order file: the ship holds and does nothing (DESIGN); on the
    ground, new aliens still arrive and hostile ones still attack."""
    board.emit("held", OFFICER, officer.id, reason=reason)
    board.emit("turn", PUBLIC, officer.id, officer_name=officer.name, moved=False, route=False,
               ground=ground_of(board, officer))
    board.hull_hits.pop(officer.id, None)
    # Unpredictable Research: a ship that holds bought no grant (19.3 counts 0).
    officer = research_turn(board, officer, (), ruleset.technologies, dice)
    opening = officer.score
    if officer.landing is not None:
        officer, _ = landing.ground_move(board, officer, Orders(), ruleset, dice)
        finish_turn(board, officer, opening)
    elif rulings.PROMOTION_ON_THE_BASE_AT_ANY_TIME and on_the_base(board, officer):
        # Points paid to him by a colleague may have reached the threshold.
        officer, opening = missus(board, officer, opening, ruleset)
        finish_turn(board, officer, opening)


def play_turn(board: Board, officer: Officer, orders: Orders, ruleset: Ruleset, dice: Dice) -> None:
    # `moved`: he sent valid orders; `route`: they fly a route; `ground`: the planet whose
    # ground he starts the turn on (landings are public), so the bulletin tells who stayed.
    events = board.events
    on_ground = officer.landing  # `ground_of`, written out
    # `route` is set again once the route is traced: one that never left its first parsec
    # (a planet in view from it, the alien ship's glue, a take-off refused) is none flown.
    opened = {
        "officer_name": officer.name, "moved": True, "route": bool(orders.route),
        "ground": board.planets[on_ground.planet].designation if on_ground else None}
    events.append(Event("turn", PUBLIC, officer.id, opened))
    board.hull_hits.pop(officer.id, None)
    if orders.press:
        press.publish(board, officer, orders)
    opening_score = officer.score
    # Unpredictable Research first: a level acquired applies to this very move (19.2).
    # Without the rule and its orders there is nothing to do, nor to tell.
    if orders.research or research.enabled(board.settings):
        officer = research_turn(board, officer,
                                [(r.technology, r.grants) for r in orders.research],
                                ruleset.technologies, dice)
    if orders.refit is not None:
        officer = career.refit(board, officer, dict(orders.refit), ruleset)
    if orders.given_specialist:
        officer = specialists.embark(board, officer, orders, ruleset.specialists)
    for payment in orders.pay:
        officer = career.pay(board, officer, payment.amount, payment.to)
    if orders.rescue:
        # 3F c: the officer calls the rescue gate; the ship is abandoned, the turn ends.
        officer = rescue.call(board, officer, ruleset)
        finish_turn(board, officer, opening_score)
        return
    route = orders.route
    took_off = False
    was_on_ground = officer.landing is not None
    bombs_at_start = officer.ship.tot
    relanded = False
    if officer.landing is not None and orders.land and outer_space.explored(board.settings):
        # 5F: take off and land again on the same planet for a better zone; the move is
        # spent there, and the radar sees from the ground.
        officer, relanded, route = landing.reland(board, officer, orders, ruleset, dice), True, ()
        if officer.landing is None:
            finish_turn(board, officer, opening_score)  # lost in the landing: at the base
            return
    elif officer.landing is not None:
        officer, taking_off = landing.ground_move(board, officer, orders, ruleset, dice)
        took_off = taking_off
        if officer.landing is None and not taking_off:
            # Rescued on the ground: the route ordered is never flown, and the report says so.
            if orders.route:
                board.emit("route", OFFICER, officer.id, ordered=route_text(orders.route),
                           planned=routes.route_length(orders.route), travelled=0, stop="lost",
                           stop_parsec=0, link=True)
            finish_turn(board, officer, opening_score)  # the turn ends at the base
            return
        if not taking_off:
            route = ()  # still on the ground: the radar sees, the ship does not move

    # The alien ship is asked after only while one is in play (outer space, 5C).
    if (officer.landing is None and board.alien_ship is not None
            and alien_ship.hooked(board, officer.id)):
        # 5C b: space glue; fire first, then the disengagement roll.
        officer, free = alien_ship.hooked_turn(board, officer, orders, ruleset, dice)
        if not free:
            opened["route"] = False
            held_by_the_alien_ship(board, officer, orders, opening_score)
            return

    ship_type = ruleset.ships[officer.ship.type]
    # 3D f II: without a computer the S.C. can tell the ship nothing but "LANDED ON ...".
    link = officer.ship.computers > 0 or not rulings.NO_COMPUTER_NO_NEWS
    radars_on = sighting.radars_on(orders, officer.ship)
    # 1 parsec per radar, at most 3, + 1 per Scanners level (Unpredictable Research). The
    # levels held read as `research.level` reads them.
    technologies = officer.technologies
    reach = scanner_reach(radars_on, technologies.get(research.SCANNERS, 0))
    tanks_used = routes.tanks_used(orders, officer.ship)
    allowed = routes.thrust(tanks_used, ship_type.parsecs_per_tank,
                            technologies.get(research.MOVEMENT, 0))
    cut = routes.within_thrust(route, allowed)
    if cut != route:
        # Checked orders fit the thrust; only something that happened this move cuts them.
        if link:
            board.emit("route-cut", OFFICER, officer.id, allowed=allowed,
                       ordered=route_text(route), why="thrust-not-reached")
        route = cut

    # In outer space the route may also end on a net or a distortion (5B b, c).
    trace = routes.trace(officer.position, route, board.zone, board.planets_at, reach,
                         orders.land and not relanded, board.hazards, board.grid)
    if took_off:
        take_off(board, officer)
    elif trace.travelled == 0:
        opened["route"] = False  # the ship is where it was: the bulletin says it stayed
    landing_here = trace.stop in routes.LANDINGS
    # The planet of the square the ship starts from and the one it lands on are where it
    # is, not sightings.
    here = board.planets_at.get(officer.position)
    where_it_was = {here.id} if here is not None else set()
    if landing_here:
        where_it_was.add(trace.planet)
    found = 0  # points of the planets found this turn
    new_planets: list[Planet] = []
    seen: set[int] = set()
    start_planet = here.id if here is not None else None
    called = sighting.sightings(trace, reach, board.grid, start_planet) if link else []
    on_the_way = None
    if link and trace.stop == routes.LANDED and rulings.LANDING_PLANET_SIGHTED_ON_THE_WAY:
        # Seen by radar before the landing parsec: INFO may name it, and uncharted, it is
        # sighted and discovered like any other.
        on_the_way = sighting.seen_on_the_way(trace, reach, board.planets[trace.planet])
        if on_the_way is not None:
            seen.add(trace.planet)
            if board.planets[trace.planet].designation is None:
                called = sighting.called_out([*called, on_the_way])
    for s in called:
        if s.planet in where_it_was and s is not on_the_way:
            continue
        planet = board.planets[s.planet]
        seen.add(planet.id)
        points, is_new = 0, planet.designation is None
        if is_new:
            planet = board.designate(planet, officer)
            points = discovery_award(ship_type.level)
            found += points
            new_planets.append(planet)
        data = {
            "officer_name": officer.name, "parsec": s.parsec, "planet": planet.designation,
            "base": planet.base, "known": planet.known, "new": is_new, "points": points,
            "distance": s.distance, "bearing": bearing_text(s.bearing),
            "facts": planet_facts(ruleset, planet, board)}
        if not route:
            data["standing"] = True  # seen from where the ship stands: no route flown
        if (not is_new and planet.discovered_move == board.move
                and planet.discovered_by != officer.id):
            # Charted earlier in this move, in a turn before his: not yet in any bulletin.
            data["found_by"] = board.officers[planet.discovered_by].name
        events.append(Event("sighting", PUBLIC, officer.id, data))

    # Outer space: the black hole acts at the end of the route, before any landing there
    # (5B a); a distortion then moves the ship in secret (5B c).
    hurt = None
    pull = black_hole.pull_on(trace, board.hazards)
    if pull is not None:
        officer, hurt = black_hole.feel(board, officer, pull, ship_type.level,
                                        ruleset.tables["C"], dice)
    lost = hurt is not None and hurt.lost is not None
    position, carried, arrived_on = trace.end, False, None
    if trace.stop == routes.DISTORTION and not lost:
        position, arrived_on = carry(board, officer, trace, dice)
        carried = True
        # A known planet does not take the ship: it stays in space over it (ruling).
        landing_here = arrived_on is not None and (arrived_on.base
                                                   or routes.blocks_route(arrived_on))
    if trace.stop == routes.NET:
        net.record(board, officer, trace, route)
    if lost:
        landing_here = False
    # Still where it was: on the ground or at the base; a ship that took off is in space
    # even if its route was cut at the first parsec.
    landed_on = officer.landed_on if trace.travelled == 0 and not took_off else None
    if landing_here and carried:
        arrived_on = board.designate(arrived_on, officer)
        landed_on = arrived_on.id
        # 5B c: the landing is public, its cause is not (distortions are hidden hazards,
        # named to the officer alone through his route): everyone reads it as a landing
        # the ship did not choose, like one on a planet run into unseen.
        board.emit("landed", PUBLIC, officer.id, officer_name=officer.name,
                   planet=arrived_on.designation, base=arrived_on.base,
                   forced=not arrived_on.base,
                   how=routes.BASE if arrived_on.base else routes.FORCED_LANDING,
                   parsec=trace.stop_parsec)
    elif landing_here:
        first_time = board.planets[trace.planet].designation is None
        planet = board.designate(board.planets[trace.planet], officer)
        landed_on = planet.id
        unseen = trace.stop in (routes.FORCED_LANDING, routes.VERTICAL_LANDING)
        if unseen and first_time and rulings.FORCED_LANDING_SCORES and link:
            found += discovery_award(ship_type.level)
        board.emit(
            "landed", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation,
            base=planet.base, forced=unseen, how=trace.stop, parsec=trace.stop_parsec,
        )
    ahead = board.planets[trace.planet].designation if trace.stop == routes.PLANET_AHEAD else None
    start, end = officer.position, trace.end
    # 5B b, c: a Princeps PSI aboard senses the net that held the route, or where the
    # distortion put the ship, and the S.C. tells the officer (S.C. rule A c).
    sensed = (trace.stop in (routes.NET, routes.DISTORTION) and not lost
              and specialists.senses(officer, board.settings) is not None
              and (link or not rulings.PSI_WARNS_THROUGH_THE_COMPUTER))
    # Dead reckoning: what the officer can work out from what he was told. Without a link
    # he is told nothing, and reckons the route he ordered flown to its end; held by a net he
    # is told nothing either (5B b), and reckons the route flown as far as he knows it; the
    # shift of a distortion he never learns (5B c). A PSI's warning tells him both. On the
    # base he knows where he is.
    if sensed:
        moved = (end.x - start.x, end.y - start.y, end.level - start.level)
    elif not link:
        moved = displacement(orders.route)
    elif trace.stop == routes.NET:
        moved = displacement(route)
    else:
        moved = (end.x - start.x, end.y - start.y, end.level - start.level)
    was = officer.reckoning
    reckoning = Position(was.x + moved[0], was.y + moved[1], was.level + moved[2])
    on_base = landing_here and board.planets[landed_on].base
    if on_base and rulings.THE_BASE_RESETS_THE_RECKONING:
        reckoning = Position(0, 0, 0)
    if (route or officer.landing is None) and link:
        # A net's stop is told only when a PSI sensed it (5B b).
        travelled, stop, stop_parsec = net.told(trace, sensed)
        events.append(Event("route", OFFICER, officer.id, {
            "ordered": route_text(orders.route), "planned": trace.planned,
            "travelled": travelled, "stop": stop, "stop_parsec": stop_parsec,
            "planet_ahead": ahead, "radars": radars_on, "reach": reach, "tanks": tanks_used,
            "thrust": allowed, "link": True,
            "reckoning": [reckoning.x, reckoning.y, reckoning.level]}))
    elif route or officer.landing is None:
        # Told nothing: the officer's event holds only what he ordered; the GM sees the rest.
        board.emit(
            "route", OFFICER, officer.id, ordered=route_text(orders.route),
            planned=trace.planned, radars=radars_on, reach=reach, tanks=tanks_used,
            thrust=allowed, link=False, reckoning=[reckoning.x, reckoning.y, reckoning.level],
        )
        board.emit("untold-route", GM, officer.id, officer_name=officer.name,
                   travelled=trace.travelled, stop=trace.stop or "", stop_parsec=trace.stop_parsec,
                   planet=board.planets[trace.planet].designation or f"planet {trace.planet}"
                   if trace.planet is not None else None)

    if sensed:
        reckoning = psi_warning(board, officer, trace, position, reckoning, on_base)
        officer = specialists.psi_risk(board, officer, ruleset.specialists, dice, trace.stop)
    if hurt is not None and not lost:
        # 5E c: a scientist risks his life in the black hole's damage too.
        officer = specialists.after_damage(board, officer, hurt, ruleset.specialists, dice)
    if link and board.alien_ship is not None and (
            route or rulings.STANDING_RADAR_PICKS_UP_THE_ALIEN_SHIP):
        # 5C a: the alien ship is picked up by radar during the movement only.
        alien_ship.radar_sighting(board, officer, trace, reach)
    if lost:
        # The black hole destroyed the ship at the end of its route (5B a, 4 I).
        officer = career.demote(board, officer, ruleset, hurt.lost)
        finish_turn(board, officer, opening_score)
        return
    if orders.land and not landing_here and not relanded and link:
        board.emit("landing-refused", OFFICER, officer.id, why="no-planet-at-the-end",
                   reason=Said(NO_PLANET_AT_THE_END))
    if not rulings.INFO_ON_ANY_PARSEC:
        # Only what is in radar range at the start or the end of the movement (3F).
        ends = (trace.path[0], trace.path[-1])
        seen &= {s.planet for s in sighting.sightings(ends, reach, board.grid)}
        new_planets = [p for p in new_planets if p.id in seen]
    answer_requests(board, officer, orders.info, seen, new_planets, ruleset, dice)
    officer = replace(officer, position=position, landed_on=landed_on,
                     score=officer.score + found, reckoning=reckoning)
    if board.alien_ship is not None:
        alien_ship.join(board, officer)  # a route that ends in its square is held too (5C b)
    if landing_here and carried and not on_base:
        # 5B c: put down on a planet by the distortion, the ship lands there at once.
        officer = landing.land(board, officer, arrived_on, Orders(), ruleset, dice,
                               attitude=rulings.DISTORTION_LANDING_ATTITUDE)
    elif landing_here and not on_base:
        officer = landing.land(board, officer, board.planets[trace.planet], orders, ruleset, dice)
    elif on_base or (rulings.PROMOTION_ON_THE_BASE_AT_ANY_TIME
                     and on_the_base(board, officer)):
        officer, opening_score = missus(board, officer, opening_score, ruleset)
    if orders.tot is not None:
        # A ship that meets a planet unseen lands on it: the bomb waits (4 VI, from space).
        surprise = officer.landing is not None and not orders.land and not was_on_ground
        officer = tot_order(board, officer, orders.tot, seen, ruleset, dice, surprise,
                            bombs_at_start)
    finish_turn(board, officer, opening_score)


def held_by_the_alien_ship(board: Board, officer: Officer, orders: Orders,
                           opening_score: int) -> None:
    """A ship the alien ship still holds does not move and "no longer receives information
    from the S.C." (5C b): no route, no sighting, no answer, no Tot 100% from it."""
    if orders.route and (officer.ship.computers > 0 or not rulings.NO_COMPUTER_NO_NEWS):
        board.emit("route", OFFICER, officer.id, ordered=route_text(orders.route),
                   planned=routes.route_length(orders.route), travelled=0, stop="held",
                   stop_parsec=0, link=True)
    for request in orders.info:
        board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                   reason=Said(HELD_NO_INFORMATION),
                   why="held")
    if orders.tot is not None:
        board.emit("tot-refused", OFFICER, officer.id, planet=orders.tot, why="held",
                   reason=Said(HELD_NOTHING_TO_STRIKE))
    finish_turn(board, officer, opening_score)


def displacement(route: tuple[Segment, ...]) -> tuple[int, int, int]:
    """Where a route would take the ship if nothing stopped it: east, north, levels down."""
    dx = dy = dz = 0
    for seg in route:
        if seg.vertical:
            dz += VERTICAL[seg.direction] * (seg.parsecs // LEVEL_GAP)
        else:
            ex, ey = COMPASS[seg.direction]
            dx, dy = dx + ex * seg.parsecs, dy + ey * seg.parsecs
    return dx, dy, dz


def psi_warning(board: Board, officer: Officer, trace: routes.RouteResult, position: Position,
                reckoning: Position, on_base: bool) -> Position:
    """What the PSI's warning tells the officer: the net that held his route (its parsec is
    in the route he is told), or where the distortion put him, from the square where it
    blocked him. Returns his dead reckoning after it: the distortion's shift is no longer
    hidden from him."""
    if trace.stop == routes.NET:
        board.emit("psi-warning", OFFICER, officer.id, hazard=routes.NET,
                   parsec=trace.stop_parsec)
        return reckoning
    levels = position.level - trace.end.level
    flat = Position(position.x, position.y, trace.end.level)
    after = reckoning if on_base else Position(reckoning.x + flat.x - trace.end.x,
                                               reckoning.y + flat.y - trace.end.y,
                                               reckoning.level + levels)
    board.emit("psi-warning", OFFICER, officer.id, hazard=routes.DISTORTION,
               parsec=trace.stop_parsec, bearing=bearing_text(bearing(trace.end, flat)),
               levels=levels, reckoning=[after.x, after.y, after.level])
    return after


def carry(board: Board, officer: Officer, trace: routes.RouteResult,
          dice: Dice) -> tuple[Position, Planet | None]:
    """The distortion's secret shift (5B c): where the ship comes out, and the planet there,
    if any. The jump sees nothing and meets no hazard; only the GM is told."""
    shift = distortion.shift(trace.end, board.zone, dice, officer.id)
    arrived = board.planets_at.get(shift.exit)
    board.emit("distortion-exit", GM, officer.id, officer_name=officer.name,
               parsec=trace.stop_parsec, square=list(trace.end), direction=shift.direction,
               direction_face=shift.direction_face, distance_face=shift.distance_face,
               exit=list(shift.exit),
               planet=(arrived.designation or f"planet {arrived.id}") if arrived else None)
    return shift.exit, arrived


def ground_of(board: Board, officer: Officer) -> str | None:
    return board.planets[officer.landing.planet].designation if officer.landing else None


def on_the_base(board: Board, officer: Officer) -> bool:
    return officer.landed_on is not None and board.planets[officer.landed_on].base


def missus(board: Board, officer: Officer, opening_score: int, ruleset: Ruleset) -> tuple[Officer, int]:
    """The MISSUS on the base checks the score (3A); a promotion shows the turn's points
    before the score goes back to 0. Returns the officer and the score the turn goes on from."""
    promoted = career.arrive_at_base(board, officer, ruleset)
    if promoted.rank == officer.rank:
        return officer, opening_score
    finish_turn(board, officer, opening_score, reset="promotion")
    return promoted, promoted.score


def finish_turn(board: Board, officer: Officer, opening_score: int, reset: str = "") -> None:
    """The turn's change of score; a promotion shows what was won before the reset."""
    if officer.score != opening_score or reset:
        board.emit("score", OFFICER, officer.id, gained=officer.score - opening_score,
                   total=officer.score, reset=reset)
    board.officers[officer.id] = officer


def tot_order(board: Board, officer: Officer, designation: str, seen: set[int],
              ruleset: Ruleset, dice: Dice, surprise: bool = False,
              bombs_at_start: int | None = None) -> Officer:
    """Tot 100% on a planet sighted this move, from space (4 VI)."""
    target = next((i for i in seen if board.planets[i].designation == designation), None)
    if officer.ship.tot <= 0:
        # A promotion on the base this very turn brings a new ship with its standard sheet.
        lost = bombs_at_start is not None and bombs_at_start > 0
        why, reason = ("new-ship" if lost else "no-bomb"), Said(NO_TOT)
    elif officer.landing:
        why = "landed-on-the-way" if surprise else "on-the-ground"
        reason = Said(TOT_FROM_SPACE)
    elif target is None:
        why, reason = "not-in-range", Said(NOT_IN_RANGE, planet=designation)
    elif board.planets[target].base:
        why, reason = "base", Said(BASE_NOT_STRUCK)
    else:
        return career.launch_tot(board, officer, target, ruleset, dice)
    board.emit("tot-refused", OFFICER, officer.id, planet=designation, reason=reason, why=why)
    return officer
    return career.launch_tot(board, officer, target, ruleset, dice)


def take_off(board: Board, officer: Officer) -> None:
    """Leaving a planet crosses it out: it is known and gives no more points (3H, rule F)."""
    planet = board.planets[officer.landed_on]
    if planet.base or planet.known:
        return
    board.put_planet(replace(planet, known=True))
    board.emit("known", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation)


def answer_requests(
    board: Board, officer: Officer, requests: tuple[InfoRequest, ...], seen: set[int],
    new_planets: list[Planet], ruleset: Ruleset, dice: Dice,
) -> None:
    """Information on planets sighted this move (in range at some parsec of the route).

    Section 6 answers on a planet sighted mid-route and out of range at the end, so the
    start and end of the route are not the only places a request may reach (DESIGN).
    """
    if not requests:
        return
    by_name: dict[str, int] | None = None  # the planets seen, once a request names one
    # One request per computer, + one per Computing level (Unpredictable Research).
    capacity = officer.ship.computers + research.level(officer, research.COMPUTING)
    found = len(new_planets)
    events, alike, officer_id = board.events, board.told, officer.id
    for request in requests[:capacity]:
        if request.planet is None:
            n = request.new_index or 1
            if n > found:
                # Nearly every request of a move, and most find no new planet: one dict for
                # all the officers who ask alike (`Board.told`). An INFO NEW n words itself
                # by n alone, and the reason by the number found, so the first asker's
                # wording serves them all.
                told = ("no-new-planet", n, found)
                data = alike.get(told)
                if data is None:
                    data = alike[told] = {
                        "request": request.text(),
                        "reason": counted(*DISCOVERED, found),
                        "why": "no-new-planet"}
                events.append(Event("info-unanswered", OFFICER, officer_id, data))
                continue
            planet_id = new_planets[n - 1].id
        else:
            if by_name is None:
                by_name = {board.planets[i].designation: i for i in seen}
            planet_id = by_name.get(request.planet)
            if planet_id is None:
                events.append(Event("info-unanswered", OFFICER, officer.id, {
                    "request": request.text(),
                    "reason": Said(THAT_PLANET_NOT_IN_RANGE),
                    "why": "not-in-range"}))
                continue
        planet = board.planets[planet_id]
        if planet.base:
            board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                       reason=Said(BASE_NOT_EXPLORED), why="base")
            continue
        answer = ask(ruleset.information, planet.facts, dice, planet.designation, officer.id,
                     outer_space.explored(board.settings))
        if answer is None:
            board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                       reason=Said(ALL_KNOWN, planet=planet.designation),
                       why="all-known")
            continue
        radioactivity = answer.radioactivity or planet.radioactivity
        board.put_planet(replace(planet, facts=answer.facts, radioactivity=radioactivity))
        board.emit(
            "info", PUBLIC, officer.id, officer_name=officer.name, planet=planet.designation,
            landing=False, **answer_data(ruleset.information, answer, radioactivity),
        )
        if (rulings.GUIDE_READ_WHEN_THE_RACE_IS_NAMED and not answer.wasted
                and ruleset.information.race_id(answer.facts) is not None):
            landing.read_the_guide(board, officer, board.planets[planet_id], ruleset, dice)
    for request in requests[capacity:]:
        # `pbem check` allowed for a Computing breakthrough the dice did not bring.
        board.emit("info-unanswered", OFFICER, officer.id, request=request.text(),
                   reason=counted(*ANSWERS_ONLY, capacity),
                   why="computing-not-reached")
