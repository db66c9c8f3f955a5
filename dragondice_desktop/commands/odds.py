"""Headless odds: ``dragondice odds --for melee [--terrain "Terrains/Highland City"]
[--eighth-face] [--ruleset classic [--charge]] "Dwarves/Footman" ... [--against DICE...]``
prints the exact distribution and
its statistics as JSON. The roll is the engine's (``odds.play.table_spec``): at the terrain
given, species abilities of its elements count; holding its eighth face doubles ID results.
With ``--ruleset classic`` the icons mean what the 1996 icon list says (a melee roll is a
skirmish attack, or with ``--charge`` a charge attack).

``add_commands(subparsers)`` adds the command to the ``dragondice`` parser; ``run(args)``
runs it and returns the exit code, or None when ``args.command`` is not "odds".

JSON printed (numbers rounded to 12 digits):
    roll, label, dice, terrain, id_multiplier, distribution {mean, sd, p_zero, median, max,
    pmf, at_least, truncated_mass, not_modelled}, not_modelled (what the numbers leave out, as
    in the distribution), dice_stats [per die: p_useful, p_results, mean,
    sd, max], and with --against: attack_preview {attack, saves, damage, killed,
    defender_health, not_modelled}.
Exit codes: 0 done, 2 bad input (unknown die, terrain or roll, a die that cannot roll, an option out of
range: --subtract 0-1000, --terrain-face 1-8, --eps a probability above 0 and below 1e-3).
"""

from __future__ import annotations

import argparse
import json
import math
import sys

COMMANDS = ("odds",)
MAX_SUBTRACT = 1000  # far more results than any army rolls
MAX_EPS = 1e-3       # the largest cut-off the odds accept (OddsSpec)


class _RollHelp:
    """The --for help, worked out only when help is shown: naming the rolls loads the odds
    (and numpy), which the app's start must not wait for."""

    def __str__(self) -> str:
        from ..odds.spec import named_specs

        return "the roll: " + ", ".join(named_specs()) + " (default melee)"

    def strip(self) -> str:
        return str(self).strip()

    def __mod__(self, params) -> str:
        return str(self) % params


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``odds`` to the command's subparsers."""
    odds = subparsers.add_parser(
        "odds", help="exact odds of an army's roll (and of an attack) as JSON",
        description="Exact probabilities (not simulations) of an army's roll results.")
    odds.add_argument("--for", dest="odds_roll", default="melee", metavar="ROLL",
                      help=_RollHelp())
    odds.add_argument("--terrain", default=None, metavar="DIE",
                      help='the terrain the army rolls at, e.g. "Terrains/Highland City": '
                           'species abilities of its elements count (Dwarves\' melee as '
                           'maneuver at an earth terrain ...)')
    odds.add_argument("--eighth-face", action="store_true",
                      help="the army holds the terrain's eighth face (ID results doubled)")
    odds.add_argument("--counter-attack", action="store_true",
                      help="the melee roll is a counter-attack")
    odds.add_argument("--counter-maneuver", action="store_true",
                      help="the maneuver roll is a counter-maneuver")
    odds.add_argument("--terrain-face", type=int, default=None, metavar="N",
                      help="the face the terrain shows for this army; 8 means the army holds "
                           "the eighth face (ID results doubled)")
    odds.add_argument("--against", nargs="+", default=None, metavar="DIE",
                      help="the defending army: adds the attack preview (damage and "
                           "health-worth killed); the roll must be melee or missile")
    odds.add_argument("--against-eighth-face", action="store_true",
                      help="the defending army holds the eighth face")
    odds.add_argument("--subtract", type=int, default=0, metavar="N",
                      help="the rolling army subtracts N results (e.g. Wither)")
    odds.add_argument("--halve", action="store_true",
                      help="the rolling army halves its results (e.g. Frost Breath)")
    odds.add_argument("--ruleset", default="v4.01", choices=("v4.01", "classic"),
                      help="the game's rules: v4.01 (SFR, the default) or classic (the 1996 "
                           "TSR game, with its icon meanings)")
    odds.add_argument("--charge", action="store_true",
                      help="classic only: the melee roll is a charge attack (its maneuver "
                           "results hit); without it a classic melee roll is a skirmish")
    odds.add_argument("--eps", type=float, default=None,
                      help="cut roll-again chains below this probability (default 1e-12)")
    odds.add_argument("dice", nargs="+", help='die keys or unique names, e.g. "Dwarves/Footman"')


def run(args: argparse.Namespace) -> int | None:
    """Run ``odds``; None for any other command."""
    if getattr(args, "command", None) != "odds":
        return None
    return _odds(args)


def _short(number: int) -> str:
    text = str(number)
    return text if len(text) <= 20 else text[:20] + "…"


def _fail(message: str) -> int:
    print(f"dragondice odds: {message}", file=sys.stderr)
    return 2


def _odds(args: argparse.Namespace) -> int:
    from ..catalog.loader import load_catalog
    from ..engine.rolls.model import RollType
    from ..odds import (
        DEFAULT_EPS, OddsSpec, attack_preview, army_distribution, die_stats, halve,
        spec_from_name, subtract,
    )
    from ..odds.play import table_spec

    catalog = load_catalog()
    try:
        dice = [catalog.die(ref) for ref in args.dice]
        defenders = [catalog.die(ref) for ref in args.against or ()]
    except KeyError as exc:
        return _fail(exc.args[0])
    if args.terrain_face is not None and not 1 <= args.terrain_face <= 8:
        return _fail(f"--terrain-face must be 1-8, got {_short(args.terrain_face)}")
    if not 0 <= args.subtract <= MAX_SUBTRACT:
        return _fail(f"--subtract must be from 0 to {MAX_SUBTRACT}, got {_short(args.subtract)}")
    if args.eps is not None and not (math.isfinite(args.eps) and 0 < args.eps < MAX_EPS):
        return _fail(f"--eps must be a small positive probability (above 0, below {MAX_EPS:g}), "
                     f"got {args.eps!r}")
    eighth = args.eighth_face or args.terrain_face == 8
    modifiers = ((subtract(args.subtract, source="--subtract"),) if args.subtract else ()) \
        + ((halve(source="--halve"),) if args.halve else ())
    eps = args.eps if args.eps is not None else DEFAULT_EPS
    terrain = None
    if args.terrain is not None:
        try:
            terrain = catalog.die(args.terrain)
        except KeyError as exc:
            return _fail(f"--terrain: {exc.args[0]}")
        if terrain.kind.value != "terrain":
            return _fail(f"--terrain: {terrain.key} is not a terrain")
    flags = {name: True for name in ("counter_attack", "counter_maneuver")
             if getattr(args, name)}
    try:
        bare = spec_from_name(args.odds_roll, modifiers=modifiers, eps=eps, **flags)
        classic = args.ruleset == "classic"
        if args.charge and not classic:
            return _fail("--charge needs --ruleset classic (only the 1996 game has charges)")
        form = ("charge" if args.charge else "skirmish") \
            if classic and bare.roll_type is RollType.MELEE and not bare.dragon_attack else ""
        spec = table_spec(bare, terrain, eighth, dice, args.ruleset, form)
        dist = army_distribution(dice, spec)
        stats = [die_stats(die, spec).to_dict() for die in dice]
        preview = None
        if args.against is not None:
            if spec.dragon_attack or spec.roll_type not in (RollType.MELEE, RollType.MISSILE):
                return _fail("--against needs a melee or missile roll")
            saves = table_spec(OddsSpec(RollType.SAVE, save_against=spec.roll_type, eps=eps),
                               terrain, args.against_eighth_face, defenders, args.ruleset)
            preview = attack_preview(dice, defenders, spec.roll_type, attacker_spec=spec,
                                     defender_spec=saves, eps=eps)
    except ValueError as exc:
        return _fail(str(exc))
    out = {
        "roll": spec.name, "label": spec.label, "dice": [d.key for d in dice],
        "terrain": terrain.key if terrain is not None else None,
        "id_multiplier": spec.id_multiplier, "distribution": dist.to_dict(),
        "not_modelled": [n.to_dict() for n in dist.notes], "dice_stats": stats,
    }
    if preview is not None:
        out["against"] = [d.key for d in defenders]
        out["attack_preview"] = preview.to_dict()
    print(json.dumps(out, indent=1, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the odds command on its own (``python -m dragondice_desktop.commands.odds ...``); the
    same command is ``dragondice odds``."""
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    add_commands(sub)
    args = parser.parse_args(["odds", *(sys.argv[1:] if argv is None else argv)])
    return run(args) or 0


if __name__ == "__main__":
    raise SystemExit(main())
