"""How good a position is for one player, and what an attack is worth, from what every
player can see (the dice in play, the terrains, the damage waiting): never the game's RNG.

Units of account are health-worth (digest §0: a unit's health), so a score reads as "about
this much health-worth ahead". The parts:

- the health-worth of each player's units in play (terrains and Reserve Area, digest §3.7),
  each unit counted a little more for what it rolls (its mean results, from the exact odds);
  a unit waiting in the Reserve Area counts RESERVE of that (it can neither capture nor
  hold a terrain from there);
- the terrains: an army at a terrain is worth more the nearer the terrain is to its eighth
  face, and a captured eighth face far more (two captures win, digest "Two captures");
- damage still to be assigned counts as already lost (up to the army's health);
- threats: at each terrain shared with an opponent that may melee or shoot there, the
  health-worth its attack is expected to kill (exact attack odds, ``odds.attack_preview``).

The score of player p is p's total minus the mean of the opponents' totals; a won game is
+WIN, a lost one -WIN.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..catalog.loader import load_catalog
from ..engine.turn.march_rolls import allowed_actions, missile_targets, opponents_at
from ..engine.turn.flow import army_context, controls_eighth_face, rolling_dice
from ..engine.sai.lasting import army_modifiers
from ..engine.rolls.model import RollType
from ..engine.core.state import GameState, Zone, ZoneKind
from ..odds import attack_preview, die_stats

WIN = 1000.0
STRENGTH = 0.25      # health-worth per mean result of a unit (averaged over the roll types)
PRESENCE = 1.0       # an army standing at a terrain (it can maneuver and act there)
PROGRESS = 6.0       # ... times how far the terrain has turned toward its eighth face
CAPTURE = 25.0       # an eighth face held (two held win the game)
RESERVE = 0.85       # share of a unit's worth while it waits in the Reserve Area
THREAT = 0.4         # share of an opponent's expected kill counted before it happens
COUNTER = 0.8        # share of a counter-attack's expected kill counted against an attack
ROLLS = ("melee", "missile", "magic", "save")


@dataclass(frozen=True)
class Weights:
    """The weights of the position score (health-worth): `presence`, `progress`,
    `capture`, `reserve` and `threat` as the module's constants of those names describe
    them. ``NORMAL_WEIGHTS`` (the constants) is what Normal and Easy score with; Hard
    scores with its own (``players.HARD_WEIGHTS``)."""

    presence: float = PRESENCE
    progress: float = PROGRESS
    capture: float = CAPTURE
    reserve: float = RESERVE
    threat: float = THREAT


NORMAL_WEIGHTS = Weights()


@lru_cache(maxsize=None)
def die_strength(key: str) -> float:
    """Mean results of die `key` over melee, missile, magic and save rolls (exact odds)."""
    die = load_catalog().die(key)
    return sum(die_stats(die, roll).mean for roll in ROLLS) / len(ROLLS)


@lru_cache(maxsize=None)
def unit_worth(key: str) -> float:
    """What one unit is worth: its health plus STRENGTH times its mean results."""
    die = load_catalog().die(key)
    return die.health + STRENGTH * die_strength(key)


def _terrain_zones(state: GameState) -> list[Zone]:
    return [Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]


def _armies(state: GameState) -> dict[tuple[Zone, int], list[str]]:
    """(zone, player) -> the catalog keys of that player's units there, for the zones of
    armies in play (terrains and Reserve Areas), in one pass over the dice."""
    armies: dict[tuple[Zone, int], list[str]] = {}
    for die, zone in zip(state.dice, state.zones):
        if zone.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE) and die.die.kind.is_unit:
            armies.setdefault((zone, die.owner), []).append(die.key)
    return armies


def player_total(state: GameState, player: int,
                 armies: dict[tuple[Zone, int], list[str]] | None = None,
                 weights: Weights = NORMAL_WEIGHTS) -> float:
    """Player `player`'s material and terrain score (see the module docstring), before
    threats and before comparing with the opponents. `armies`: ``_armies(state)``;
    `weights`: the score's weights."""
    armies = _armies(state) if armies is None else armies
    total = 0.0
    for (zone, owner), keys in armies.items():
        if owner != player:
            continue
        worth = sum(unit_worth(k) for k in keys)
        total += worth if zone.kind is ZoneKind.TERRAIN else weights.reserve * worth
        if zone.kind is ZoneKind.TERRAIN:
            terrain = state.terrains[zone.index]
            total += weights.presence + weights.progress * (terrain.face - 1) / 7
            if terrain.face == 8 and controls_eighth_face(state, zone, player):
                total += weights.capture
    for due in state.damage:
        if due.player == player:
            health = sum(_health(k) for k in armies.get((due.zone, player), ()))
            total -= min(max(0, due.amount - due.killed), health)
    return total


@lru_cache(maxsize=None)
def _health(key: str) -> int:
    return load_catalog().die(key).health


@lru_cache(maxsize=4096)
def _preview(attackers: tuple[str, ...], defenders: tuple[str, ...], kind: str,
             mult: int, dmult: int, amods: tuple, dmods: tuple) -> tuple[float, float, tuple]:
    """(mean damage, mean health-worth killed, killed pmf) of an attack, cached by dice."""
    catalog = load_catalog()
    preview = attack_preview([catalog.die(k) for k in attackers],
                             [catalog.die(k) for k in defenders], RollType(kind),
                             id_multiplier=mult, defender_id_multiplier=dmult,
                             attacker_modifiers=amods, defender_modifiers=dmods)
    return preview.damage.mean, preview.killed.mean, tuple(preview.killed.pmf)


class AttackOutlook:
    """The exact odds of one attack: `kind` (melee or missile) by `attacker` from `zone`
    at the army of `defender` at `target`; `damage` and `killed` are means, `pmf` the
    distribution of health-worth killed, `counter` the health-worth the defender's
    counter-attack is expected to kill (melee only; 0 for missile)."""

    def __init__(self, kind: str, attacker: int, zone: Zone, defender: int, target: Zone,
                 damage: float, killed: float, pmf: tuple, counter: float,
                 defender_health: int) -> None:
        self.kind, self.attacker, self.zone = kind, attacker, zone
        self.defender, self.target = defender, target
        self.damage, self.killed, self.pmf = damage, killed, pmf
        self.counter, self.defender_health = counter, defender_health

    @property
    def gain(self) -> float:
        """Expected health-worth killed, less COUNTER times the expected counter-attack
        (the counter-attack comes from what survives, so it shrinks with the share of the
        defender's health expected killed)."""
        left = 1.0 - min(1.0, self.killed / self.defender_health) if self.defender_health else 1.0
        return self.killed - COUNTER * left * self.counter

    def p_kill_at_least(self, worth: int) -> float:
        """P(at least `worth` health-worth killed)."""
        return float(sum(self.pmf[worth:]))


def _army_keys(state: GameState, zone: Zone, player: int) -> tuple[str, ...]:
    return tuple(die.key for _, die in rolling_dice(state, zone, player)[0])


def _memo(memo: dict | None, key: tuple, make):
    """memo[key], made by `make()` the first time (no memo: made every time)."""
    if memo is None:
        return make()
    if key not in memo:
        memo[key] = make()
    return memo[key]


def attack_outlook(state: GameState, kind: str, zone: Zone, attacker: int, target: Zone,
                   defender: int, with_counter: bool = True,
                   memo: dict | None = None) -> AttackOutlook:
    """The exact odds of `attacker`'s `kind` attack from `zone` on `defender`'s army at
    `target` (the engine's own rolling dice, eighth-face doubling and lasting effects);
    without `with_counter` its `counter` is left at 0 (a threat needs only the kill).
    `memo`: a dict shared by the calls on one state (each army's dice, multipliers and
    modifiers are then looked up once)."""
    mine = _memo(memo, ("keys", zone, attacker), lambda: _army_keys(state, zone, attacker))
    theirs = _memo(memo, ("keys", target, defender),
                   lambda: _army_keys(state, target, defender))
    health = _memo(memo, ("health", target, defender), lambda: sum(
        u.die.health for u in state.units_in(target, defender)))
    if not mine or not theirs:
        return AttackOutlook(kind, attacker, zone, defender, target, 0.0, 0.0, (1.0,), 0.0,
                             health)
    roll = RollType(kind)
    mult = _memo(memo, ("mult", zone, attacker, kind), lambda: army_context(
        state, zone, attacker, roll).id_multiplier)
    dmult = _memo(memo, ("mult", target, defender, "save"), lambda: army_context(
        state, target, defender, RollType.SAVE).id_multiplier)
    amods = _memo(memo, ("mods", zone, attacker), lambda: army_modifiers(state, zone, attacker))
    dmods = _memo(memo, ("mods", target, defender),
                  lambda: army_modifiers(state, target, defender))
    damage, killed, pmf = _preview(mine, theirs, kind, mult, dmult, amods, dmods)
    counter = 0.0
    if kind == "melee" and with_counter:
        counter = _preview(theirs, mine, "melee", dmult, mult, dmods, amods)[1]
    return AttackOutlook(kind, attacker, zone, defender, target, damage, killed, pmf, counter,
                         health)


def best_attacks(state: GameState, zone: Zone, player: int) -> list[AttackOutlook]:
    """Every attack `player`'s army at `zone` may make now (melee on each opponent there,
    missile on each army in range), with its exact odds, best gain first."""
    if zone.kind is not ZoneKind.TERRAIN:
        return []
    out = []
    actions = allowed_actions(state, zone, player)
    if "melee" in actions:
        out += [attack_outlook(state, "melee", zone, player, zone, q)
                for q in opponents_at(state, zone, player)]
    if "missile" in actions:
        for target in missile_targets(state, zone, player):
            out += [attack_outlook(state, "missile", zone, player, target, q)
                    for q in opponents_at(state, target, player)]
    return sorted(out, key=lambda o: -o.gain)


def threats(state: GameState, player: int,
            armies: dict[tuple[Zone, int], list[str]] | None = None,
            may_melee: dict[tuple[Zone, int], bool] | None = None) -> float:
    """Health-worth `player`'s armies at terrains are expected to lose to the opponents
    there who may melee (the strongest attack at each terrain counts). `may_melee`: a
    memo shared by the calls on one state ((zone, player) -> whether that army may melee,
    and ``attack_outlook``'s lookups)."""
    armies = _armies(state) if armies is None else armies
    may_melee = {} if may_melee is None else may_melee
    total = 0.0
    for (zone, owner) in armies:
        if owner != player or zone.kind is not ZoneKind.TERRAIN:
            continue
        worst = 0.0
        for (other, q) in armies:
            if other != zone or q == player:
                continue
            if (zone, q) not in may_melee:
                may_melee[zone, q] = "melee" in allowed_actions(state, zone, q)
            if may_melee[zone, q]:
                worst = max(worst, attack_outlook(state, "melee", zone, q, zone, player,
                                                  with_counter=False, memo=may_melee).killed)
        total += worst
    return total


def value(state: GameState, player: int, weights: Weights = NORMAL_WEIGHTS) -> float:
    """The position's score for `player` (module docstring) with `weights`: WIN or -WIN
    once the game is won, else the player's total less the opponents' mean, threats
    included."""
    if state.winner is not None:
        return WIN if state.winner == player else -WIN
    armies = _armies(state)
    alive = {p for (_, p) in armies}
    memo: dict[tuple[Zone, int], bool] = {}
    totals = {p: player_total(state, p, armies, weights)
              - weights.threat * threats(state, p, armies, memo)
              for p in alive | {player}}
    others = [totals[p] for p in alive if p != player]
    return totals[player] - (sum(others) / len(others) if others else 0.0)


__all__ = ["AttackOutlook", "NORMAL_WEIGHTS", "Weights", "attack_outlook", "best_attacks", "die_strength", "threats",
           "unit_worth", "value", "WIN"]
