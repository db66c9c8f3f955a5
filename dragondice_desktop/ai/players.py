"""The computer players: Easy, Normal and Hard (issue 13), and uniform random play for the
arena's baseline. Pure Python; they play only through the engine's public interface
(``legal_actions``, ``apply``) and never read the game's dice to come.

It never cheats. Dragon Dice hides nothing but the dice not yet rolled, and those live in
the game's RNG state (``GameState.rng``). Every simulated step the players try runs on a
copy of the state whose RNG is replaced by one seeded from the player's OWN generator, a
``random.Random`` seeded from (the player's seed, what the players can see); the game's RNG
is never read, drawn from or restored. So two states that differ only in their dice to come
get the same choice (tests/ai/test_no_peeking.py).

- Easy: the simple automatic player (``engine.policy.choose``) mixed with random legal
  moves, as the self-play soak's "mixed" policy plays (``selfplay.pick``), except that it
  never passes up a counter-maneuver or a free kill (an attack the exact odds expect to
  kill more than it loses) the simple player makes, never makes a melee the odds expect
  to lose, and never retreats at random.
- Normal: one ply of expected value. Every legal action is scored by the position it leads
  to (``evaluate.value``, in health-worth): attacks by their exact odds (melee or missile
  against the defender's saves and its counter-attack, ``evaluate.attack_outlook``);
  every other action by playing it on, with the simple player answering the decisions
  that follow, until this player's next real decision or the end of the march or turn —
  once when no die is rolled, else averaged over a few rolls sampled from its own
  generator. Stopping at its own action choice counts the best attack it offers. Moving
  one more unit in the reserves steps is scored with the step then ended (so it is
  compared with stopping on equal terms); interchangeable moves (identical units standing
  together) are scored once; the simple player's own choice gets PRIOR, so Normal departs
  from it only where the score sees a difference; a spell is never taken back.
- Hard: search on top of Normal, spent where Normal's choice is in doubt. Normal's scores
  are the prior: a move ahead by more than HARD_MARGIN is played at once, and so is the
  only move within it (interchangeable moves count once). Otherwise the best few
  (HARD_CANDIDATES) are measured again:
  - when Normal sampled their rolls (a maneuver, a spell, the armies' march, a retreat
    ahead of the opponent's dragons ...), its two to six rolls are too few to tell the
    moves apart (the same position often got another choice under another seed), so Hard
    plays each candidate on many rolls (HARD_SAMPLES, as many as HARD_APPLIES engine steps
    allow) with Normal's own measure, every candidate on the same sampled dice (common
    random numbers: the comparison is between the moves, not between lucky and unlucky
    rolls), and takes the best mean;
  - when no die decides them (exact odds or no roll), each is played out HARD_PLAYOUTS
    times to the end of the next player's turn (the simple player at every seat, the same
    sampled dice for every candidate), and a candidate replaces Normal's choice only when
    its mean outcome is ahead by more than the play-outs' own spread allows
    (HARD_CONFIDENCE standard errors of the paired difference).
  A fixed number of samples for a given position, so a seed gives one game.

Why not OpenSpiel: ``open_spiel`` 2.0.2 installs and runs on this Python 3.11 (its MCTS bot
played tic-tac-toe here), but its search needs a chance node's outcomes listed with their
probabilities, and this engine rolls inside ``apply`` (a roll's outcomes are not listed),
so an OpenSpiel game would only wrap the same sampling done here; it would add a 66 MB
native dependency to the packaged app; and its default evaluator plays out to the end of
the game, which at about 0.3 s a game leaves a handful of play-outs per decision. The own
search reuses Normal as prior and stops play-outs early with the position score.
``chance_outcomes`` (engine/game.py) does list outcomes, but one die at a time and only
while a manual-dice game waits for a face: an army's roll of n dice is a chain of n chance
steps (six to twenty faces each), so exact expectimax over a march is out of reach and
sampled rolls (with the attacks' exact odds where ``odds`` gives them) remain the measure.
Tried and not kept: scoring Hard's positions with a bonus for being one maneuver from a
second capture (12 of 24 games against Normal, no better than without).

Hard's own weights (HARD_WEIGHTS, ``evaluate.Weights``): Hard scores with a weights value
of its own, so that a better evaluation can be Hard's alone without touching Normal's play.
It is Normal's for now, because no other set measured better. They were tried the cheap
way, a "Normal with weights W" seat against plain Normal, two players, games 0-29 of seed
5000, paired with plain Normal against itself on the same games (15 of 30, which shows how
much the seats and forces alone decide: most games of a weight set were the very same game,
action for action, so the weights rarely turn a decision):
- progress 9, capture 35: 15 of 30 (the baseline's 15; two games turned each way);
- threat 0.7, counter 1.0: 5 of 9 where the baseline won 7 of those 9; stopped;
- presence 2, reserve 0.7: 5 of 10 where the baseline won 7; stopped;
- a tempo term (how many maneuvers a player is from two captures, the two nearest
  terrains, 8 / (steps + 1) per unit of weight, for every player): weight 2, 8 of 20
  against the baseline's 11 (two games won, five lost); weight 0.75, 14 of 27 against
  the baseline's 14 (two won, two lost).
None is a gain that 30 games can show; with ~15 CPU s a Normal game on a shared machine,
more games were not to be had this session.

Hard's search settings, tried paired on games 0-15 of seed 4242 against Normal (the same
games the old settings had played: 8 of 16): looking at more of Normal's moves (HARD_MARGIN
8, not 4; HARD_CANDIDATES 6, not 4) and letting a play-out lead of half a standard error
overrule Normal (HARD_CONFIDENCE 0.5, not 1.0) won 10 of 16 (three games turned to Hard, one
to Normal), at about 1.3 times the old CPU a game; the same with two to three times the
rolls and play-outs won 7 of 10 where the old won 4, at twice the CPU. The first is kept.
"""

from __future__ import annotations

import enum
import math
import random
import zlib
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass, replace

from ..engine.core.actions import Action, Verb
from ..engine.game import APP_ROLL, apply, legal_actions
from ..engine.policy import choose
from ..engine.core.rng import Rng
from ..engine.core.state import GameState, Phase, Step, Zone
from .evaluate import NORMAL_WEIGHTS, WIN, AttackOutlook, Weights, best_attacks, value


class Level(enum.Enum):
    """How well a computer seat plays. RANDOM is the arena's baseline only."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def title(self) -> str:
        """The level's name for players: "Easy", "Normal", "Hard", "Random"."""
        return self.value.capitalize()


APP_LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)  # the levels a seat may have
EASY_AGGRESSION = 0.8     # Easy: share of the simple player's own choices (selfplay: 0.7)
SETTLE_LIMIT = 30         # Normal: most actions played on after a tried action
NORMAL_APPLIES = 60       # Normal: about this many engine steps per decision at most
NORMAL_SAMPLES = (2, 6)   # Normal: rolls sampled per tried action (fewest, most)
HARD_CANDIDATES = 6       # Hard: Normal's best few that are measured again
HARD_MARGIN = 8.0         # Hard: a lead (health-worth) above which Normal's choice stands
HARD_SAMPLES = (8, 32)    # Hard: rolls sampled per candidate Normal sampled (fewest, most)
HARD_APPLIES = 900        # Hard: about this many engine steps per re-measured decision
HARD_LOOKAHEAD = True     # Hard: play out the candidates of decisions that roll no die
HARD_PLAYOUTS = 8         # Hard: play-outs of each candidate
HARD_CONFIDENCE = 0.5     # Hard: standard errors a play-out lead must pass to overrule Normal
PLAYOUT_LIMIT = 160       # Hard: most actions in one play-out
HARD_WEIGHTS = NORMAL_WEIGHTS  # Hard: the position score's weights (module docstring)
# Normal stops playing on at its own next decision of these kinds (the others, such as
# turning the terrain after a maneuver, the simple player answers as part of the move).
# Spells announced are played on (the simple player finishes the announcement and they
# resolve), so that a spell is scored by what it does.
STOP_STEPS = frozenset({Step.ACTION, Step.CHOOSE_ARMY, Step.REINFORCE, Step.RETREAT,
                        Step.DAMAGE, Step.SAI_PICK})
PRIOR = 0.3               # Normal: health-worth added to the simple player's own choice, so
#                           that where the score sees no difference Normal plays as it does


@dataclass(frozen=True)
class Decision:
    """What a computer player chose: the `action`, a one-line `reason` for players
    (the numbers behind it), the `level`, and `scores` ((action text, score), best first;
    empty when nothing was compared)."""

    action: Action
    reason: str
    level: Level
    scores: tuple[tuple[str, float], ...] = ()


def visible_key(state: GameState) -> int:
    """A number standing for everything the players can see in `state` (all of it but the
    RNG's seed and position): the same for two states that differ only in dice to come."""
    blind = state.with_(rng=Rng(0))
    if blind.awaiting is not None:
        blind = blind.with_(awaiting=replace(blind.awaiting, position=0))
    return zlib.crc32(repr(_canonical(blind)).encode())


def _canonical(value):
    """`value` as nested tuples whose repr does not depend on the process: sets are
    sorted (a frozenset's repr follows string hashing, which Python seeds afresh in every
    process), dataclasses become (class name, their shown fields)."""
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(
            _canonical(getattr(value, f.name)) for f in fields(value) if f.repr)
    if isinstance(value, (tuple, list)):
        return tuple(_canonical(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(_canonical(v)) for v in value))
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted((repr(_canonical(k)), repr(_canonical(v)))
                                        for k, v in value.items()))
    return value


def own_random(state: GameState, seed: int) -> random.Random:
    """The player's own generator for a decision in `state`: seeded from `seed` and what
    the players see, never from the game's RNG."""
    return random.Random(f"{seed}:{visible_key(state)}")


def _simulated(state: GameState, rnd: random.Random) -> GameState:
    """A copy of `state` to try moves on: its dice come from `rnd` (the player's own
    generator), and app-rolled (a manual-dice game's rolls would wait for a face)."""
    options = state.options
    if options.manual_dice:
        options = replace(options, manual_dice=False)
    return state.with_(rng=Rng(rnd.getrandbits(62)), options=options)


def _opening(state: GameState) -> Decision | None:
    """The decisions every level answers the same way: none (game over) raises, a single
    legal action is taken, a manual-dice face wait lets the app roll the die, the armies
    are kept as the force divides them at setup."""
    actions = legal_actions(state)
    if not actions:
        raise ValueError("the game is over: no decision to make")
    if state.awaiting is not None:
        return Decision(Action(Verb.FACE, (APP_ROLL,)), "the app rolls the computer's dice",
                        Level.EASY)
    if len(actions) == 1:
        return Decision(actions[0], "the only legal move", Level.EASY)
    if state.phase is Phase.SETUP_ARMIES:  # the force's own split keeps the setup rules
        return Decision(Action(Verb.ARMIES_READY), "the computer keeps its force's armies",
                        Level.EASY)
    return None


# --- Easy and random --------------------------------------------------------------------------

def _easy_keeps(state: GameState, action: Action) -> bool:
    """True when Easy keeps the simple player's `action` rather than a random move: a
    counter-maneuver against an opponent turning its army's terrain, or a melee or missile
    attack whose exact odds expect it to kill more health-worth than it loses to the
    counter-attack (a free kill, ``AttackOutlook.gain``)."""
    if action.verb is Verb.COUNTER:
        return True
    if action.verb is not Verb.ACTION or action.args[:1] not in (("melee",), ("missile",)):
        return False
    attack = _attack_for(state, action, state.pending.player)
    return attack is not None and attack.gain > 0


def easy(state: GameState, rnd: random.Random) -> Action:
    """Easy's action: the simple automatic player's choice, or (with probability
    1 - EASY_AGGRESSION) a uniformly random legal action, like selfplay's "mixed" policy;
    but never passing up a counter-maneuver or a free kill the simple player would make
    (``_easy_keeps``), never making a melee it is expected to lose (``_no_losing_melee``),
    never retreating and never taking back a spell it announced (the simple
    player would announce it again, and the two could take turns for ever)."""
    simple = choose(state)
    draw = rnd.random()
    actions = legal_actions(state)
    if draw < EASY_AGGRESSION or _easy_keeps(state, simple):
        chosen = simple
    else:
        kept = [a for a in actions if a.verb not in (Verb.UNCAST, Verb.RETREAT)]
        chosen = rnd.choice(kept or actions)
    return _no_losing_melee(state, chosen, actions)


def _no_losing_melee(state: GameState, action: Action, actions: tuple[Action, ...]) -> Action:
    """`action`, unless it is a melee the exact odds expect to lose (the counter-attack
    kills more health-worth than the attack, ``AttackOutlook.gain`` below 0): then a
    missile or magic action, else no action, whichever is legal (Easy never marches into
    a certain loss)."""
    if action.verb is not Verb.ACTION or action.args[:1] != ("melee",):
        return action
    attack = _attack_for(state, action, state.pending.player)
    if attack is None or attack.gain >= 0:
        return action
    for kind in ("missile", "magic"):
        other = [a for a in actions if a.verb is Verb.ACTION and a.args[:1] == (kind,)]
        if other:
            return other[0]
    rest = [a for a in actions if a.verb is Verb.NO_ACTION]
    return rest[0] if rest else action


def uniform(state: GameState, rnd: random.Random) -> Action:
    """A uniformly random legal action (never a retreat, so games end), the arena's
    baseline (``engine.policy.choose`` with a chooser)."""
    return choose(state, rnd)


# --- Normal -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Scored:
    """One legal action as Normal scored it: `score` (health-worth, ``evaluate.value``),
    `samples` (rolls sampled; 0 for exact odds), the attack's odds when it is one."""

    action: Action
    score: float
    samples: int
    attack: AttackOutlook | None = None
    raw: float = 0.0  # the score before the PRIOR (set by normal_scores)


def _settle(state: GameState, player: int, limit: int = SETTLE_LIMIT) -> tuple[GameState, int]:
    """Play on from `state` with the simple player until `player` must make a decision of
    STOP_STEPS again (choose an army's action, reinforce, retreat ...), a march ends, the turn passes, the game ends or `limit` actions
    are played. Returns (state reached, actions played)."""
    turn, number = state.turn_player, state.turn_number
    marching = state.march is not None
    played = 0
    while played < limit and state.pending is not None:
        if state.turn_player != turn or state.turn_number != number:
            break
        if marching and state.march is None:
            break
        if state.pending.player == player and state.step in STOP_STEPS:
            break
        state, _ = apply(state, choose(state))
        played += 1
    return state, played


CLOSING = {Step.REINFORCE: Verb.END_REINFORCE, Step.RETREAT: Verb.END_TURN}


def _closed(state: GameState, player: int, step: Step) -> GameState:
    """`state` after one unit was moved in a REINFORCE or RETREAT step: the step ended
    there (end-reinforce, end-turn), so that moving one more unit is compared with
    stopping on equal terms (what ending the step brings, such as the turn's lasting
    effects running out, is counted for both). Any other state is returned as it is."""
    end = CLOSING.get(step)
    if (end is None or state.pending is None or state.pending.player != player
            or state.step is not step):
        return state
    closing = [a for a in legal_actions(state) if a.verb is end]
    return apply(state, closing[0])[0] if closing else state


def outlook(state: GameState, player: int, weights: Weights = NORMAL_WEIGHTS) -> float:
    """`value(state, player, weights)`, plus the best attack's expected gain when `player`
    is choosing the action of a marching army (an attack not yet made is still worth it)."""
    score = value(state, player, weights)
    if (state.pending is not None and state.pending.player == player
            and state.step is Step.ACTION and state.march is not None):
        attacks = best_attacks(state, state.march.zone, player)
        if attacks:
            score += max(0.0, attacks[0].gain)
    return score


def _attack_for(state: GameState, action: Action, player: int) -> AttackOutlook | None:
    """The exact odds of the attack `action` makes, when it is one: ``action melee`` or
    ``action missile`` (the best target), or choosing a melee or missile target."""
    march = state.march
    if march is None or state.pending is None or state.pending.player != player:
        return None
    attacks = best_attacks(state, march.zone, player)
    if action.verb is Verb.ACTION and action.args[0] in ("melee", "missile"):
        kind = [a for a in attacks if a.kind == action.args[0]]
        return kind[0] if kind else None
    if action.verb is Verb.TARGET and state.step in (Step.MISSILE_TARGET, Step.MELEE_TARGET):
        kind = "missile" if state.step is Step.MISSILE_TARGET else "melee"
        target = action.args[0]
        hits = [a for a in attacks if a.kind == kind
                and (a.target == target if isinstance(target, Zone) else a.defender == target)]
        return hits[0] if hits else None
    return None


ALIKE_VERBS = frozenset({Verb.REINFORCE, Verb.RETREAT, Verb.KILL, Verb.PICK})


def _kind_of_move(state: GameState, action: Action) -> tuple | None:
    """What `action` does, up to interchangeable dice: moving (or killing, or picking) one
    of several identical units of one player standing together is the same move whichever
    of them it is (the decision panel offers them as one button too). None for a move that
    is not of that sort."""
    if action.verb not in ALIKE_VERBS or not action.args or not isinstance(action.args[0], int):
        return None
    die_id = action.args[0]
    die = state.dice[die_id]
    return (action.verb, die.owner, die.key, state.zones[die_id]) + action.args[1:]


def normal_scores(state: GameState, player: int, rnd: random.Random,
                  weights: Weights = NORMAL_WEIGHTS) -> list[Scored]:
    """Every legal action scored by Normal (module docstring), best first; ties keep the
    engine's sorted order. `weights`: the position score's (Normal's own unless Hard
    asks with its own)."""
    actions = legal_actions(state)
    base = value(state, player, weights)
    scored: list[Scored] = []
    tried: list[tuple[Action, float, int, int]] = []  # simulated: action, total, n, cost
    alike: dict[tuple, Action] = {}   # a kind of move -> the one tried for it
    copies: list[tuple[Action, Action]] = []  # (move, the alike move tried in its place)
    for action in actions:
        if action.verb is Verb.UNCAST:
            # Never chosen: the spell would be announced again and the two could take
            # turns for ever (listed last, below every move that is played).
            scored.append(Scored(action, -math.inf, 0))
            continue
        kind = _kind_of_move(state, action)
        if kind is not None:
            if kind in alike:
                copies.append((action, alike[kind]))
                continue
            alike[kind] = action
        attack = _attack_for(state, action, player)
        if attack is not None:
            scored.append(Scored(action, base + attack.gain, 0, attack))
            continue
        sim = _simulated(state, rnd)
        reached, played = _settle(_closed(apply(sim, action)[0], player, state.step), player)
        rolled = reached.rng.position != sim.rng.position
        tried.append((action, outlook(reached, player, weights), 1,
                      played + 1 if rolled else 0))
    rolling = [t for t in tried if t[3]]
    if rolling:
        cost = sum(t[3] for t in rolling)
        low, high = NORMAL_SAMPLES
        samples = max(low, min(high, NORMAL_APPLIES // max(1, cost)))
        for index, (action, total, n, c) in enumerate(tried):
            if not c:
                continue
            for _ in range(samples - 1):
                after, _ = apply(_simulated(state, rnd), action)
                total += outlook(_settle(_closed(after, player, state.step), player)[0], player,
                                 weights)
            tried[index] = (action, total, samples, c)
    scored += [Scored(a, total / n, n if c else 0) for a, total, n, c in tried]
    found = {s.action: s for s in scored}
    scored += [replace(found[tried_one], action=action) for action, tried_one in copies]
    prior = choose(state)
    scored = [replace(s, raw=s.score, score=s.score + (PRIOR if s.action == prior else 0.0))
              for s in scored]
    order = {a.to_text(): i for i, a in enumerate(actions)}
    return sorted(scored, key=lambda s: (-s.score, order[s.action.to_text()]))


def _attack_reason(state: GameState, attack: AttackOutlook) -> str:
    """"melee at Wasteland City: 5.2 damage expected, 61% to kill 4+ health-worth of Bob's
    army" — the exact odds behind an attack."""
    where = state.zone_name(attack.zone)
    whose = f"{state.players[attack.defender].name}'s army"
    if attack.target != attack.zone:
        whose += f" at {state.zone_name(attack.target)}"
    worth = attack.defender_health
    p_all = attack.p_kill_at_least(worth) if worth < len(attack.pmf) else 0.0
    if p_all >= 0.05:
        kill = f"{p_all:.0%} to destroy {whose}"
    else:
        at_least = max(1, math.ceil(attack.killed))
        kill = (f"{attack.p_kill_at_least(at_least):.0%} to kill {at_least}+ health-worth "
                f"of {whose}")
    text = f"{attack.kind} at {where}: {attack.damage:.1f} damage expected, {kill}"
    if attack.counter >= 0.05:
        text += f"; {attack.counter:.1f} health-worth expected back from the counter-attack"
    return text


def _reason(state: GameState, best: Scored, ranked: list[Scored], how: str) -> str:
    """The reason line for `best` among `ranked` (best first)."""
    if best.attack is not None:
        return _attack_reason(state, best.attack)
    rest = [s for s in ranked if s is not best and s.score > -math.inf]
    if not rest:
        return how
    if best.raw >= WIN:  # the game won: a lead over the next move in health-worth says nothing
        return (f"{how}: it won the game in each of {best.samples} sampled rolls"
                if best.samples else "this move wins the game")
    lead = best.score - rest[0].score
    kind = (f"averaged over {best.samples} sampled rolls" if best.samples
            else "no dice rolled")
    return f"{how}: {lead:+.1f} health-worth ahead of the next best move ({kind})"


def normal(state: GameState, player: int, rnd: random.Random) -> Decision:
    """Normal's decision (module docstring) for `player` in `state`."""
    ranked = normal_scores(state, player, rnd)
    best = ranked[0]
    return Decision(best.action, _reason(state, best, ranked, "best expected position"),
                    Level.NORMAL, tuple((s.action.to_text(), s.score) for s in ranked))


# --- Hard -------------------------------------------------------------------------------------

def playout(state: GameState, limit: int = PLAYOUT_LIMIT) -> GameState:
    """Play on from `state` with the simple player at every seat until the turn after the
    current one has ended, the game ends or `limit` actions are played (the caller gives
    `state` its own sampled RNG)."""
    start = state.turn_number
    played = 0
    while played < limit and state.pending is not None and state.turn_number < start + 2:
        state, _ = apply(state, choose(state))
        played += 1
    return state


def _clearly_ahead(these: list[float], those: list[float]) -> bool:
    """True when play-outs `these` beat `those` (played on the same dice, pairwise) by
    more than HARD_CONFIDENCE standard errors of the mean paired difference."""
    diffs = [a - b for a, b in zip(these, those)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > HARD_CONFIDENCE * spread + 1e-9


def _measured(state: GameState, player: int, candidates: list[Scored],
              rnd: random.Random) -> list[list[float]]:
    """Normal's own measure of each candidate (``outlook`` once the move is played on to
    this player's next decision, as in ``normal_scores``) on sampled rolls: one list per
    candidate, every candidate on the same seeds drawn from `rnd` (common random numbers).
    The first roll shows what one trial of every candidate costs; as many rolls follow as
    HARD_APPLIES engine steps allow, within HARD_SAMPLES. A candidate whose score is exact
    (an attack's odds, or a move that rolls no die) keeps its score."""
    sampled = [i for i, c in enumerate(candidates) if c.samples]
    rows: list[list[float]] = [[] for _ in candidates]
    low, high = HARD_SAMPLES
    count, done, cost = high, 0, 0
    while done < count:
        seed = rnd.getrandbits(62)
        for i in sampled:
            cand = candidates[i]
            after, _ = apply(_simulated(state, random.Random(seed)), cand.action)
            reached, played = _settle(_closed(after, player, state.step), player)
            rows[i].append(outlook(reached, player, HARD_WEIGHTS)
                           + cand.score - cand.raw)  # + its PRIOR
            cost += 1 + played
        done += 1
        if done == 1:
            count = max(low, min(high, HARD_APPLIES // max(1, cost)))
    for i, cand in enumerate(candidates):
        if not cand.samples:
            rows[i] = [cand.score] * count
    return rows


def _lookahead(state: GameState, player: int, candidates: list[Scored],
               rnd: random.Random) -> tuple[int, list[float]]:
    """Play each candidate out HARD_PLAYOUTS times to the end of the next player's turn
    (the simple player at every seat, the same sampled dice for every candidate) and
    return (the index of the candidate chosen, the play-outs' means): Normal's first
    choice unless another is ahead by more than HARD_CONFIDENCE standard errors."""
    seeds = [rnd.getrandbits(62) for _ in range(HARD_PLAYOUTS)]
    outcomes = [[value(playout(apply(_simulated(state, random.Random(seed)),
                                     cand.action)[0]), player, HARD_WEIGHTS) for seed in seeds]
                for cand in candidates]
    means = [sum(o) / len(o) for o in outcomes]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    if best != 0 and not _clearly_ahead(outcomes[best], outcomes[0]):
        best = 0
    return best, means


def hard(state: GameState, player: int, rnd: random.Random) -> Decision:
    """Hard's decision (module docstring) for `player` in `state`."""
    ranked = normal_scores(state, player, rnd, HARD_WEIGHTS)
    played = [s for s in ranked if s.score > -math.inf]
    lead = played[0].score - played[1].score if len(played) > 1 else math.inf
    table = tuple((s.action.to_text(), s.score) for s in ranked)
    if lead > HARD_MARGIN:
        best = ranked[0]
        return Decision(best.action, _reason(state, best, ranked, "clearly the best move"),
                        Level.HARD, table)
    candidates = [s for s in played if s.score >= played[0].score - HARD_MARGIN]
    candidates = _distinct(state, candidates)[:HARD_CANDIDATES]
    if len(candidates) < 2:
        best = candidates[0]
        return Decision(best.action, _reason(state, best, ranked, "best expected position"),
                        Level.HARD, table)
    if any(c.samples for c in candidates):
        # Normal's few sampled rolls decide this one: measure the candidates on many.
        rows = _measured(state, player, candidates, rnd)
        count = len(rows[0])
        means = [sum(r) / len(r) for r in rows]
        chosen = max(range(len(candidates)), key=lambda i: (means[i], -i))
        order = sorted(range(len(candidates)), key=lambda i: (-means[i], i))
        best = candidates[chosen]
        lead = means[order[0]] - means[order[1]]
        how = (f"best expected position over {count} sampled rolls: {lead:+.1f} "
               "health-worth ahead of the next best move")
        reason = _attack_reason(state, best.attack) if best.attack is not None else how
        return Decision(best.action, reason, Level.HARD,
                        tuple((candidates[i].action.to_text(), means[i]) for i in order))
    if not HARD_LOOKAHEAD:
        best = candidates[0]
        return Decision(best.action, _reason(state, best, ranked, "best expected position"),
                        Level.HARD, table)
    chosen, means = _lookahead(state, player, candidates, rnd)
    order = [chosen] + sorted((i for i in range(len(candidates)) if i != chosen),
                              key=lambda i: (-means[i], i))
    best = candidates[chosen]
    if best.attack is not None:
        reason = _attack_reason(state, best.attack)
    else:
        reason = "best after looking two turns ahead"
    lead = means[order[0]] - max(means[i] for i in order[1:])
    reason += (f" (played out {HARD_PLAYOUTS} times: {lead:+.1f} health-worth ahead)"
               if lead > 0 else f" (played out {HARD_PLAYOUTS} times: no other move "
               "clearly better)")
    scores = tuple((candidates[i].action.to_text(), means[i]) for i in order)
    return Decision(best.action, reason, Level.HARD, scores)


def _distinct(state: GameState, candidates: list[Scored]) -> list[Scored]:
    """`candidates` without the interchangeable copies (the same kind of move as one
    before it, ``_kind_of_move``): measuring a copy again would only spend the budget."""
    seen: set[tuple] = set()
    out = []
    for cand in candidates:
        kind = _kind_of_move(state, cand.action)
        if kind is not None:
            if kind in seen:
                continue
            seen.add(kind)
        out.append(cand)
    return out


# --- every level ------------------------------------------------------------------------------

def decide(state: GameState, level: Level | str, seed: int = 0) -> Decision:
    """What a computer player at `level` does for the decision pending in `state` (for the
    player who must decide). Deterministic for a given `seed` and visible state; never reads
    the game's RNG. Raises ValueError when the game is over or the level is unknown."""
    level = Level(level)
    opened = _opening(state)
    if opened is not None:
        return replace(opened, level=level)
    player = state.pending.player
    rnd = own_random(state, seed)
    if level is Level.RANDOM:
        return Decision(uniform(state, rnd), "a random legal move", level)
    if level is Level.EASY:
        action = easy(state, rnd)
        return Decision(action, "the simple automatic player's move", level)
    if level is Level.NORMAL:
        return normal(state, player, rnd)
    return hard(state, player, rnd)


Chooser = Callable[[GameState], Decision]


def player_for(level: Level | str, seed: int = 0) -> Chooser:
    """A function state -> Decision playing at `level` with `seed`."""
    level = Level(level)
    return lambda state: decide(state, level, seed)
