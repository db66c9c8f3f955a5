"""The `dragondice` command: the desktop app by default, and headless subcommands.

    dragondice                      start the desktop app
    dragondice --demo               start the app on a demo game a few marches in
    dragondice catalog [NAME]       dice counts per kind and species, or one die's faces
    dragondice roll --for melee DIE...   roll dice headless and print the result as JSON
    dragondice selfplay --seed S    play a whole game with the automatic policy, print the log
    dragondice screenshot OUT.png   render the window on a seeded demo game to a PNG
    dragondice force validate|import|export|list ...   forces (see store_cli)
    dragondice collection import|export ...           the dice collection (see store_cli)
    dragondice odds --for melee DIE... [--against DIE...]   exact roll distributions (JSON)
    dragondice rules-coverage       which icons the engine resolves, and why not the others
    dragondice resolve FILE         count a physical roll described in JSON

Qt is imported only by the commands that open a window, so the headless commands work on a
machine without a display.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from . import __version__, odds_cli, rules_cli, store_cli


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dragondice", description="Dragon Dice Desktop: play Dragon Dice on the desktop.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--demo", action="store_true",
                        help="open the app on a demo game (two sample forces, a few marches in)")
    parser.add_argument("--seed", type=int, default=None, help="RNG seed for --demo")
    parser.add_argument("--data-dir", metavar="DIR", default=None,
                        help="folder of the collection database and the autosave of the game "
                             "in progress (default: $DRAGONDICE_DATA_DIR, else the user data "
                             "folder)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    store_cli.add_commands(sub)
    odds_cli.add_commands(sub)
    rules_cli.add_commands(sub)

    cat = sub.add_parser("catalog", help="list dice counts, or show one die's faces")
    cat.add_argument("name", nargs="?", help="a die key (Dwarves/Footman) or unique name")

    roll = sub.add_parser("roll", help="roll dice headless and print faces and totals as JSON")
    roll.add_argument("--seed", type=int, default=0)
    roll.add_argument("--for", dest="roll_type", default="melee",
                      choices=["maneuver", "melee", "missile", "magic", "save"])
    roll.add_argument("--eighth-face", action="store_true",
                      help="the army holds the terrain's eighth face (ID results doubled)")
    roll.add_argument("dice", nargs="+", help="die keys, e.g. \"Dwarves/Footman\"")

    selfplay = sub.add_parser("selfplay", help="play a whole game with the automatic policy")
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--save", help="write the game file here")

    shot = sub.add_parser("screenshot", help="save a PNG of the window on a seeded demo game")
    shot.add_argument("out", help="PNG file to write")
    shot.add_argument("--seed", type=int, default=7)
    shot.add_argument("--actions", type=int, default=40,
                      help="how many demo actions to play before the picture")
    shot.add_argument("--size", default="1400x900", help="window size WIDTHxHEIGHT")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `dragondice` command; returns the process exit code."""
    args = _parser().parse_args(argv)
    for commands in (store_cli, odds_cli, rules_cli):
        handled = commands.run(args)
        if handled is not None:
            return handled
    if args.command == "catalog":
        return _catalog(args.name)
    if args.command == "roll":
        return _roll(args)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "screenshot":
        from .ui.app import screenshot
        width, _, height = args.size.partition("x")
        return screenshot(args.out, seed=args.seed, actions=args.actions,
                          size=(int(width), int(height)))
    from .ui.app import run_app
    return run_app(demo=args.demo, seed=args.seed, data_dir=args.data_dir)


def _catalog(name: str | None) -> int:
    from .catalog.loader import load_catalog

    catalog = load_catalog()
    if name:
        try:
            die = catalog.die(name)
        except KeyError as exc:
            print(exc.args[0], file=sys.stderr)
            return 2
        print(f"{die.key}: {die.kind.value}, {die.die_type.name.lower()}")
        details = [("species", die.species.value if die.species else "-"),
                   ("colours", ", ".join(c.value for c in die.colors) or "-"),
                   ("size", die.size.value if die.size else "-"),
                   ("health", die.health), ("cost", die.cost)]
        for label, value in details:
            print(f"  {label:8} {value}")
        for number, face in enumerate(die.faces, start=1):
            print(f"  face {number:2}: {face.to_text()}")
        return 0
    kinds = Counter(d.kind.value for d in catalog)
    print(f"{len(catalog)} dice, {len(catalog.spells)} spells")
    for kind, count in sorted(kinds.items()):
        print(f"  {kind:14} {count}")
    species = Counter(d.species.value for d in catalog if d.species)
    print("by species:")
    for name_, count in sorted(species.items()):
        print(f"  {name_:14} {count}")
    return 0


def _roll(args) -> int:
    from .catalog.loader import load_catalog
    from .engine.rng import Rng
    from .engine.rolls import RollContext, RollType, roll_army

    catalog = load_catalog()
    try:
        dice = [(i, catalog.die(ref)) for i, ref in enumerate(args.dice)]
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    roll_type = RollType(args.roll_type)
    ctx = RollContext(roll_type=roll_type, id_multiplier=2 if args.eighth_face else 1)
    result, _ = roll_army(dice, ctx, Rng(args.seed))
    out = {
        "roll": roll_type.value, "seed": args.seed,
        "dice": [
            {"die": outcome.key,
             "faces": [dice[outcome.die_id][1].faces[f].to_text() for f in outcome.faces],
             "results": [{"type": c.result_type.value, "amount": c.amount, "icon": c.icon.value,
                          "why": c.source} for c in outcome.contributions],
             "unresolved": [u.reason for u in outcome.unresolved],
             "ignored": list(outcome.ignored)}
            for outcome in result.dice
        ],
        "totals": {rt.value: n for rt, n in result.totals},
        "steps": list(result.steps),
    }
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0


def _selfplay(args) -> int:
    from .engine.game import legal_actions, play
    from .engine.policy import choose
    from .engine.record import GameRecord
    from .matchup import demo_setups

    record = GameRecord(demo_setups(), args.seed)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 5000:
        action = choose(state)
        state, events = play(state, action)
        record = record.with_action(action)
        for event in events:
            print(event.text)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            handle.write(record.to_json())
    winner = state.players[state.winner].name if state.winner is not None else "nobody"
    print(f"{len(record.actions)} actions; winner: {winner}")
    return 0
