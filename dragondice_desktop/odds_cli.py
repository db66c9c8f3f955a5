"""Headless odds: ``dragondice odds --for melee "Dwarves/Footman" ... [--eighth-face]
[--against DICE...]`` prints the exact distribution and its statistics as JSON.

``add_commands(subparsers)`` adds the command to the ``dragondice`` parser; ``run(args)``
runs it and returns the exit code, or None when ``args.command`` is not "odds".

JSON printed (numbers rounded to 12 digits):
    roll, label, dice, id_multiplier, distribution {mean, sd, p_zero, median, max, pmf,
    at_least, truncated_mass, not_modelled}, dice_stats [per die: p_useful, p_results, mean,
    sd, max], and with --against: attack_preview {attack, saves, damage, killed,
    defender_health, not_modelled}.
Exit codes: 0 done, 2 bad input (unknown die or roll, a die that cannot roll, an option out of
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


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``odds`` to the command's subparsers."""
    from .odds.spec import named_specs

    odds = subparsers.add_parser(
        "odds", help="exact odds of an army's roll (and of an attack) as JSON",
        description="Exact probabilities (not simulations) of an army's roll results.")
    odds.add_argument("--for", dest="odds_roll", default="melee", metavar="ROLL",
                      help="the roll: " + ", ".join(named_specs()) + " (default melee)")
    odds.add_argument("--eighth-face", action="store_true",
                      help="the army holds the terrain's eighth face (ID results doubled)")
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
    from .catalog.loader import load_catalog
    from .engine.roll_model import RollType
    from .odds import (
        DEFAULT_EPS, attack_preview, army_distribution, die_stats, halve, spec_from_name,
        subtract,
    )

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
    multiplier = 2 if eighth else 1
    modifiers = ((subtract(args.subtract, source="--subtract"),) if args.subtract else ()) \
        + ((halve(source="--halve"),) if args.halve else ())
    eps = args.eps if args.eps is not None else DEFAULT_EPS
    try:
        spec = spec_from_name(args.odds_roll, id_multiplier=multiplier, modifiers=modifiers,
                              eps=eps)
        dist = army_distribution(dice, spec)
        stats = [die_stats(die, spec).to_dict() for die in dice]
        preview = None
        if args.against is not None:
            if spec.dragon_attack or spec.roll_type not in (RollType.MELEE, RollType.MISSILE):
                return _fail("--against needs a melee or missile roll")
            preview = attack_preview(
                dice, defenders, spec.roll_type, id_multiplier=multiplier,
                defender_id_multiplier=2 if args.against_eighth_face else 1,
                attacker_modifiers=modifiers, eps=eps)
    except ValueError as exc:
        return _fail(str(exc))
    out = {
        "roll": spec.name, "label": spec.label, "dice": [d.key for d in dice],
        "id_multiplier": multiplier, "distribution": dist.to_dict(), "dice_stats": stats,
    }
    if preview is not None:
        out["against"] = [d.key for d in defenders]
        out["attack_preview"] = preview.to_dict()
    print(json.dumps(out, indent=1, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the odds command on its own (``python -m dragondice_desktop.odds_cli ...``); the
    same command is ``dragondice odds``."""
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    add_commands(sub)
    args = parser.parse_args(["odds", *(sys.argv[1:] if argv is None else argv)])
    return run(args) or 0


if __name__ == "__main__":
    raise SystemExit(main())
