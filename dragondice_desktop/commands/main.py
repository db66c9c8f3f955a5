"""The `dragondice` command: the desktop app by default, and headless subcommands.

    dragondice                      start the desktop app
    dragondice --demo               start the app on a demo game a few marches in
    dragondice catalog [NAME]       dice counts per kind and species, or one die's faces
    dragondice roll --for melee DIE...   roll dice headless and print the result as JSON
    dragondice selfplay --seed S    play a whole game with the automatic policy, print the log
    dragondice selfplay --players 4 --games 50 --seed S [--policy random|mixed] [--jobs N]
                        [--points P]
                                    many random games, summarised
    dragondice screenshot OUT.png [--players N]   render the window on a seeded demo game
    dragondice force validate|import|export|list ...   forces (see store_cli)
    dragondice collection import|export ...           the dice collection (see store_cli)
    dragondice store backups|restore [BACKUP]          the database's backups (see store_cli)
    dragondice odds --for melee DIE... [--against DIE...]   exact roll distributions (JSON)
    dragondice rules-coverage       which rules the engine resolves, in which file, tested where
    dragondice resolve FILE         count a physical roll described in JSON
    dragondice arena --a normal --b easy --games N --seed S [--players 2-4] [--jobs J]
                                    computer levels against each other, with the win rate

Qt is imported only by the commands that open a window, so the headless commands work on a
machine without a display.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

from .. import __version__
from . import arena as arena_cli
from . import odds as odds_cli
from . import rules as rules_cli
from . import store as store_cli


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
    arena_cli.add_commands(sub)

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
    selfplay.add_argument("--seed", type=_seed, default=0)
    selfplay.add_argument("--save", help="write the game file here (one game only)")
    selfplay.add_argument("--players", type=_count(2, 4), default=2,
                          help="2 to 4 players (default 2)")
    selfplay.add_argument("--games", type=_count(1, 100000), default=1,
                          help="play this many games with random legal choices and print "
                               "a summary instead of the log")
    selfplay.add_argument("--policy", choices=("random", "mixed"), default="mixed",
                          help="with --games/--players: uniform random legal choices, or "
                               "mixed with the automatic player's so games end (default)")
    selfplay.add_argument("--jobs", type=_count(1, 256), default=1,
                          help="with --games/--players: play in this many processes "
                               "(same summary whatever the number; default 1)")
    selfplay.add_argument("--points", type=_count(3, 1000), default=None,
                          help="rebuild each sample force at this force size from its own "
                               "dice (e.g. 24 or 60) and print a summary")
    selfplay.add_argument("--ruleset", choices=("v4.01", "classic"), default="v4.01",
                          help="the rules: SFR v4.01 (default) or the 1996 TSR game, "
                               "played with the 1996 versions of the sample forces; "
                               "classic prints a summary")

    shot = sub.add_parser("screenshot", help="save a PNG of the window on a seeded demo game")
    shot.add_argument("out", help="PNG file to write")
    shot.add_argument("--seed", type=_seed, default=7)
    shot.add_argument("--actions", type=_count(0, 5000), default=40,
                      help="how many demo actions to play before the picture (0-5000)")
    shot.add_argument("--size", type=_window_size, default=(1400, 900),
                      help="window size WIDTHxHEIGHT, each 320-4000 (default 1400x900)")
    shot.add_argument("--players", type=int, choices=(2, 3, 4), default=2,
                      help="players at the table (2-4; default 2)")
    shot.add_argument("--ruleset", choices=("v4.01", "classic"), default="v4.01",
                      help="the rules of the demo game: SFR v4.01 (default) or the 1996 game")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `dragondice` command; returns the process exit code."""
    args = _parser().parse_args(argv)
    for commands in (store_cli, odds_cli, rules_cli, arena_cli):
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
        try:
            from ..ui.app import screenshot
        except ImportError as exc:
            return _qt_missing(exc)
        problem = _png_path_problem(args.out)
        if problem:
            print(f"screenshot: {problem}", file=sys.stderr)
            return 2
        return screenshot(args.out, seed=args.seed, actions=args.actions, size=args.size,
                          players=args.players, ruleset=args.ruleset)
    try:
        from ..ui.app import run_app
    except ImportError as exc:
        return _qt_missing(exc)
    return run_app(demo=args.demo, seed=args.seed, data_dir=args.data_dir)


def _qt_missing(exc: ImportError) -> int:
    """Qt itself would not import (a system library is missing): say which, exit code 1."""
    from ..qt_check import import_problem
    print(import_problem(exc), file=sys.stderr)
    return 1


def _count(low: int, high: int):
    """An argparse type: a whole number from `low` to `high`."""
    def parse(text: str) -> int:
        if not (text.isascii() and text.lstrip("-").isdigit()) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from {low} to {high}")
        return int(text)
    return parse


def _seed(text: str) -> int:
    """An argparse type: a game's seed, a whole number below 2**64 in size (what a game file
    holds: `selfplay --save` must write a file the app opens)."""
    from ..engine.core.record import MAX_SEED

    digits = text.removeprefix("-")
    if (not (digits.isascii() and digits.isdigit()) or len(digits) > 20
            or not -MAX_SEED < int(text) < MAX_SEED):
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number from "
                                         f"{-(MAX_SEED - 1)} to {MAX_SEED - 1}")
    return int(text)


def _window_size(text: str) -> tuple[int, int]:
    """An argparse type: WIDTHxHEIGHT in pixels, each 320-4000 (a bigger picture hangs Qt)."""
    width, _, height = text.lower().partition("x")
    try:
        size = (_count(320, 4000)(width), _count(320, 4000)(height))
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size WIDTHxHEIGHT with each from 320 to 4000") from None
    return size


def _png_path_problem(out: str) -> str:
    """Why `out` cannot take the PNG, or "" if it can (checked before any game is played)."""
    folder = os.path.dirname(os.path.abspath(out))
    if not out.lower().endswith(".png"):
        return f"{out} must end in .png"
    if os.path.isdir(out):
        return f"{out} is a folder"
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    return ""


def _catalog(name: str | None) -> int:
    from ..catalog.loader import load_catalog

    catalog = load_catalog()
    if name is not None and not name.strip():
        print("give a die's key or name, e.g. dragondice catalog \"Dwarves/Footman\"",
              file=sys.stderr)
        return 2
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
    from ..catalog.loader import load_catalog
    from ..engine.core.rng import Rng
    from ..engine.rolls.pipeline import RollContext, RollType, roll_army

    catalog = load_catalog()
    try:
        dice = [(i, catalog.die(ref)) for i, ref in enumerate(args.dice)]
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    not_army = [die.key for _, die in dice if not (die.kind.is_unit or die.kind.is_item)]
    if not_army:
        print(f"only units and items roll in an army roll; not {', '.join(not_army)}",
              file=sys.stderr)
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
    if (args.games > 1 or args.players > 2 or args.points is not None
            or args.ruleset != "v4.01"):
        if args.save:
            print("selfplay: --save writes one two-player game; leave out "
                  "--games/--players/--points",
                  file=sys.stderr)
            return 2
        from .selfplay import play_games

        for line in play_games(args.players, args.games, args.seed, policy=args.policy,
                               jobs=args.jobs, points=args.points,
                               ruleset=args.ruleset).lines():
            print(line)
        return 0
    from ..engine.game import legal_actions, play
    from ..engine.policy import choose
    from ..engine.core.record import GameRecord
    from ..matchup import demo_setups

    if args.save and (os.path.isdir(args.save)
                      or not os.path.isdir(os.path.dirname(os.path.abspath(args.save)))):
        print(f"selfplay: cannot save to {args.save}: not a file in an existing folder",
              file=sys.stderr)
        return 2
    record = GameRecord(demo_setups(), args.seed)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 5000:
        action = choose(state)
        state, events = play(state, action)
        record = record.with_action(action)
        for event in events:
            print(event.text)
    if args.save:
        try:
            with open(args.save, "w", encoding="utf-8") as handle:
                handle.write(record.to_json())
        except OSError as exc:
            print(f"selfplay: cannot save to {args.save}: {exc.strerror}", file=sys.stderr)
            return 1
    winner = state.players[state.winner].name if state.winner is not None else "nobody"
    print(f"{len(record.actions)} actions; winner: {winner}")
    return 0
