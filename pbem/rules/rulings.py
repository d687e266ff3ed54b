"""The rulings: where the rulebook leaves the Space Computer a choice, what pbem decides.

Every ruling is a named constant here, with the rulebook reference and the reason, and the
rules code reads it from this module only, so that a GM option can flip one later without
a search through the code. docs/rulings.md describes the same set, in the same order.
"""

from __future__ import annotations

# --- routes and sightings (3E, 3F, S.C. rules D and E) ------------------------------------

# Radar never sees across levels (levels are 4 parsecs apart, the range at most 3): a route
# arriving straight up or down onto an uncharted planet meets it unseen and lands on it.
VERTICAL_ARRIVAL_LANDS = True

# The base and the known (crossed out) planets do not stop a route: nobody lands there
# by surprise, and the base is where every route home ends.
KNOWN_PLANETS_DO_NOT_STOP = True

# INFO may name any planet sighted during the move, from any parsec of the route, its
# start and end included: section 6 answers on planets sighted mid-route and out of range
# at the end, so "at the beginning or at the end of the movement" (3F) is not a limit.
INFO_ON_ANY_PARSEC = True

# S.C. rule E, 3B: a landing route that ends on an uncharted planet seen by radar from an
# earlier parsec of the route sights it there, as radar sees every planet in range: the
# sighting, the discovery points and INFO NEW reach it. A planet already charted is landed
# on without a new sighting (section 6, turn IV).
LANDING_PLANET_SIGHTED_ON_THE_WAY = True

# S.C. rule F: "The IV level also indicates the reference ... on the G.I. The news written
# on it must be read IN FULL ... The number of Aliens present is declared on the basis of a
# new die roll, made before reading the whole." A reconstructed level IV names a group of
# races (its G.I. reference), the race only at level VI; so the entry is read in full, and
# the presence rolled, when an answer by request names the race: its technical sheet and the
# number present are public, like all information, and the planet keeps those aliens for
# whoever lands there (who rolls the presence again, S.C. rule G a, and meets them). A
# level IV answer gives the reference alone. False: the entry is read only on landing.
GUIDE_READ_WHEN_THE_RACE_IS_NAMED = True

# A forced landing (no radar on) names the planet publicly but pays no discovery points:
# the planet was run into, not sighted (3B pays "every planet sighted").
FORCED_LANDING_SCORES = False

# 3D f II: "Without them [computers] the only information receivable is 'LANDED ON ...'
# with indications about the planet reached". A ship with no computer is told nothing of
# its route, stops or sightings, its radar sightings are not translated (no sighting, no
# designation, no discovery points), and it reckons its position from the route it
# ordered; it still lands, and hears everything about the planet it lands on.
NO_COMPUTER_NO_NEWS = True

# --- points (3B, 3H, 4) ------------------------------------------------------------------

# "the level of the ship must be subtracted each time from the scores obtained" (3B): an
# award never goes below zero (a HASTA sighting gives 0, not -1); losses are charged in
# full but a score is never negative.
AWARD_NEVER_NEGATIVE = True
SCORE_NEVER_NEGATIVE = True

# --- the ground (3D, 3G, 3I, 4 I) -----------------------------------------------------------

# S.C. rule G a: "Every time a U.C. lands on a planet" the S.C. establishes how many aliens
# are present, with a d6 on the presence table: at every landing, a re-landing's included
# (5F: "repeating the same operations"). The aliens already met there (by a colleague still
# on the ground, or before a re-landing) stay, wounds and all; as many more as the roll
# exceeds them arrive with full F.C. False: rolled at the first landing only.
PRESENCE_AT_EVERY_LANDING = True

# S.C. rule G c: the arrivals "at each turn in which the U.C. remains on the planet" are
# rolled once for the planet in a move, in the turn of the first officer on its ground (in
# player order), and every other officer on that ground is told what arrived. False: rolled
# in each officer's turn.
ARRIVALS_ONCE_PER_PLANET_AND_MOVE = True

# When fewer aliens than crews are on the ground, each alien attacks a single crew (section
# 6, turn V); otherwise all of them attack all the crews together (turn VI).
FEWER_ALIENS_ATTACK_ONE_CREW_EACH = True

# Men lost are taken from the last crew first, keeping as many complete crews as possible
# (section 6 writes "1 + 1" after two men lost from 3 + 3... and "2 + 1" in 3D a).
LOSSES_FROM_THE_LAST_CREW = True

# TAB. A's F is "a decrease of 50% (rounded up)" of the targets' F.C. (4 I): F.C. 5 loses
# 3 and keeps 2; two aliens of 5 lose 5, so one dies (section 6, turn V). Whole aliens die
# first, the rest is a wound.
WOUND_DECREASE_ROUNDS_UP = True

# A take-off takes the crews aboard even when CREWS EMBARK was forgotten (the check asks
# for it); crews never land in the move the ship takes off (3G b).
TAKE_OFF_EMBARKS_CREWS = True

# On re-embarking the aliens attack whom the race's technical sheet names; where it names
# nobody, the S.C. chooses (3I c): pbem chooses the crews withdrawing (section 6, turn VI).
REEMBARK_TARGET_DEFAULT = "crews"

# Fire that nobody can deliver (no lasers, no crew down, TARGET 0) is refused by the check:
# there is no shot, so no hostility and no answer (4 I: "a single attack ... makes hostile").
NO_FIRE_WITHOUT_A_SHOT = True

# 4 I: "if however there are two hull damages, successive and in the same turn, the ship is
# considered destroyed": any two hull hits of one turn, whatever else was hit between them
# and whatever struck (aliens, a bad bargain, the mass of a planet, the black hole). False:
# "successive" as one right after the other, another hit between them parting them.
ANY_TWO_HULL_HITS_IN_A_TURN = True

# 3G a: the attitude is declared with the landing route. A landing the officer did not
# declare (a route run onto a planet with no radar on, an arrival from another level) lands
# with attitude A, the landing that risks nothing: shields on, no fire, no crew down.
UNDECLARED_LANDING_ATTITUDE = "A"

# --- missions (4 II to 4 V) ----------------------------------------------------------------

# Alliance (4 III): "After 2 unsuccessful alliance attempts, it becomes impossible". Both
# "-" and "No" are unsuccessful (the alliance was not made), so at most two proposals fail;
# otherwise "-" could be tried again forever.
ALLIANCE_ATTEMPTS = 2
ALLIANCE_DASH_IS_UNSUCCESSFUL = True

# Capture (4 II): on "No" "the Alien subjected to the capture attempt" attacks at once,
# without response; only that alien fires, and the others keep their disposition.
CAPTURE_NO_ONLY_THE_SUBJECT_ATTACKS = True

# Commerce (4 V) "can be repeated for no more than two consecutive turns".
COMMERCE_MOVES = 2

# --- the career (1, 3A, 3F c) ---------------------------------------------------------------

# Promotion gives "the ship of the immediately higher level" (3A, section 6); a score that
# reaches the threshold while the officer stands on the base promotes him there, without
# a fly-out and return (the MISSUS is on the base).
PROMOTION_ON_THE_BASE_AT_ANY_TIME = True

# A timed game (1): the highest rank wins, then the most points; officers still equal in
# both share the victory.
SHARED_VICTORY_ON_A_TIE = True

# --- outer space: the hazards (5B, S.C. advanced rule A) --------------------------------------

# A net or a distortion on the very parsec where a route would stop for an uncharted planet
# ahead: the hazard acts (the ship has entered its square), and it is the hazard's stop.
HAZARD_BEFORE_A_PLANET_AHEAD = True

# Black hole (5B a): "routes tangent to their zone of influence ... produce damage", and
# routes "that move away" are spared. A route moves away when every parsec past its start
# is farther from the nucleus than the start; one as near as its start further on (running
# along the zone at the same distance, or coming back) is tangent and rolled for, from the
# earliest of its nearest parsecs past the start. False: a start as near as any later
# parsec counts as moving away.
BLACK_HOLE_TANGENT_ROUTES_ARE_ROLLED = True

# Damage from space hazards is communicated only to a ship with a computer (3D f II): one
# aboard when the hazard struck, even if the damage then destroyed it. The black hole's d6
# is never told: with it an officer could work out his distance from the nucleus.
HAZARD_DAMAGE_NEEDS_A_COMPUTER = True

# Nullius distortion (S.C. rule A c): UP and DOWN move the ship one level whatever the
# distance rolled (a level change is never split, 3E); a shift past the zone stops at the
# last square inside.
DISTORTION_UP_AND_DOWN_MOVE_ONE_LEVEL = True

# A distortion that puts the ship on a planet lands it at once (5B c) with attitude A, the
# landing that risks nothing; on a known planet the ship stays in space over it (known
# planets stop nobody), on the base it has landed on the base.
DISTORTION_LANDING_ATTITUDE = "A"

# A ship that lands on the base knows where it is: its dead reckoning is the base again,
# however wrong it had become (a net, a distortion, or routes flown without a computer).
THE_BASE_RESETS_THE_RECKONING = True

# --- outer space: landings (5F, 5G, S.C. advanced rules B to D) ---------------------------------

# TAB. O: 5G damages the ship when the d6 is "equal to or lower than the number indicating
# the mass", S.C. rule C when it "equals one of the numbers written on the table in the row":
# the table lists the damaging faces of each planet type and the damage is the face rolled,
# which is the same when the row is 1..mass (the shipped rows are). Read in `tables.RowTable`.

# The aliens' preferred zone adds the bonus of their technical sheet to "the F.C. of each
# Alien" (S.C. rule D) wherever the rules read it: in combat (TAB. A, B), capture (D) and
# intimidation (F), and also in commerce, where their F.C. is the merchants' skill (H).
PREFERRED_BONUS_IN_COMMERCE = True

# In the race's non-vital zone "the ship cannot be attacked by the Aliens in any case" (5F):
# an attack that would strike the ship strikes the landed crews instead, if any are down
# (they are the ones who go looking for the aliens), and otherwise there is none. Commerce
# losses are not an attack (S.C. rule D: "damage because of Alien attacks"): they still
# damage the ship.
NON_VITAL_ATTACKS_GO_TO_THE_CREWS = True

# Re-landing: S.C. rule D says "permitted only once", 5F "always permitted": once per landing
# on the planet (after a take-off the planet is known, so once per planet and officer).
RELANDINGS_PER_LANDING = 1

# S.C. rule G c: new aliens arrive "at each turn in which the U.C. remains on the planet". A
# re-landing (5F, S.C. rule D) spends the move taking off and landing again: he does not
# remain, and no arrivals are rolled for him that move. False: rolled before he lands again.
RELANDING_ROLLS_NO_ARRIVALS = True
# --- outer space: the commander and the specialist officers (5D, 5E) ------------------------

# 5D b, d: the personality is subtracted from the alliance roll (TAB. E) and the veneration
# roll (TAB. G); a modified roll is kept on the die's faces (below 1 reads face 1), so the
# tables need no extra faces.
MODIFIED_ROLLS_CLAMPED = True

# 5D a: the personality (and a ROBUR's value, 5E b) is added once to the landed crews'
# total. When the aliens' fire falls on the crews in several assaults (4 I, section 6), each
# assault's TAB. B roll reads the defence of the crews it strikes plus the bonus.
PERSONALITY_IN_EVERY_ASSAULT = True

# 5D e: outer space reads TAB. I instead of TAB. H; its column is the merchants' F.C. plus
# the personality, so both the merchant's skill and the commander's temper count.
COMMERCE_BY_FC_AND_PERSONALITY = True

# 5D f: desertion only on planets of SAPIENS-CIVILES as the rulebook names them: the
# civiles, not the sub civiles or super civiles; the men desert from the crews that have
# just gone down, the last crew first, like losses.
DESERTION_ONLY_AMONG_CIVILES = True

# 5E c: a scientist officer is prepared for one kingdom of life; his value is added to the
# points a landing obtains (paid on re-embarking) on a planet of that kingdom, before the
# ship level is subtracted, not to the discovery points of a sighting.
SCIENTIST_FIELDS = ("animal", "vegetable", "mineral")

# 5E c: "every time the ship ... suffers damage": one d6 for each damaging event (one TAB. B
# or TAB. N result, one bad bargain, one TAB. O landing, one black hole's effect: one
# `damage.suffer`) in which a component was really lost; a hit the hull absorbs or an
# element not carried is no damage (4 I).
SCIENTIST_RISK_ONLY_WHEN_DAMAGE_IS_SUFFERED = True

# 5E b: the ROBUR goes down with the first crew that lands and comes back with the crews;
# he dies when that crew loses its last man.
ROBUR_LANDS_WITH_THE_FIRST_CREW = True

# 3F c: in a rescue return "crew and U.C." go through the gate: the specialist officer goes
# with them and serves on the new ship, as he does after a promotion.
SPECIALIST_SURVIVES_THE_RESCUE = True

# 5E c: TAB. R is read by the race's technological level (G.I.); the mission is attempted
# without fire, by a ship with crews on the ground, as the landing's one mission.
TECHNOLOGY_READ_BY_LEVEL = True

# 5B b, c; S.C. rule A c: what a Princeps PSI senses (the net that held the route, where a
# distortion put the ship) "will be communicated by the S.C.": through the computer, like
# every word of the S.C. (3D f II). A ship without one is warned of nothing, and its PSI
# risks nothing. The warning is given even when it kills him (S.C. rule A b: "it must
# however be checked whether the discovery kills him").
PSI_WARNS_THROUGH_THE_COMPUTER = True

# 5E: a specialist's value (1 to 4) "determine[s] both gain and loss of points", but 5E a
# and S.C. rule A b give the PSI's loss as 3 points and his warnings and risk without a
# value: the PSI's value changes nothing. False: his death costs his value.
PSI_VALUE_CHANGES_NOTHING = True

# --- outer space: the alien ship (5C, S.C. advanced rule E) ------------------------------------

# The alien ship enters at the end of a move (TAB. S) and attacks whoever is on its entry
# square; it moves from the next move on.
ALIEN_SHIP_MOVES_FROM_THE_MOVE_AFTER_ITS_ENTRY = True

# 5C b: in a joint fight "the Alien attacks only one (at the choice of the S.C.)": the one
# it hooked first, while he is held.
ALIEN_SHIP_ATTACKS_THE_FIRST_HOOKED = True

# 5C b: "in defence by the shields": in space the shields are on, unless the officer orders
# SHIELDS OFF for the move (then the hull's 2).
SHIELDS_ON_IN_SPACE = True

# 5C b: "the disengagement attempt may be simultaneous with the combat": in one turn the
# legionary fires first (TAB. M), then rolls to disengage; a destroyed alien frees him.
FIRE_BEFORE_DISENGAGING = True

# The alien ship and the hazards: the rules give it no encounter with them (S.C. rule E a:
# its movement "is automatic ... along the shortest path"), so it flies through nets and
# distortions and past the black hole untouched. A legionary it holds flies no route, so he
# meets no hazard either; one a distortion puts in its square is held like one whose route
# ends there, and a landed ship (a distortion's landing, a re-landing) attracts it no more
# than any landed ship. Not a switch: no other reading is offered.

# S.C. rule E a: "An alien ship can be picked up by radar, but only during the U.C.
# movement": the officer's turn is his movement even when his ship stands still (no route,
# or on the ground), and its radar picks the alien ship up from its own square, as it sees
# planets (3D e). False: only a ship that flies a route picks it up.
STANDING_RADAR_PICKS_UP_THE_ALIEN_SHIP = True
