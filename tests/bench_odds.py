"""Speed of the exact odds: prints figures, it is not a test.

    .venv/bin/python tests/bench_odds.py [--repeat N]

First the target's own case: the first distribution (cold caches) of the heaviest army a
player fields, 30 dice that roll Trumpet and Charge, for melee (goal <= 200 ms, or shown
progressively). Then a table:

For armies of 5, 15 and 30 random catalog dice (units and items, seeded), per roll type:
- "cold": the first computation (every die's faces read through the engine, then folded);
- "warm": the same army again (per-die chains cached: what the app sees while the player
  changes the army or the roll type);
- "worst": eighth face + subtract 2 + halve (the non-linear count, 3-D state);
and the attack preview (army against an army of the same size). Target: 30 dice well under
20 ms on one core. Times are the median of N repeats (default 7), in CPU milliseconds
(`time.process_time`: the machine is shared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.rolls.model import RollType
from dragondice_desktop.odds import (
    OddsSpec, army_distribution, attack_preview, halve, spec_from_name, subtract,
)
from dragondice_desktop.odds.chains import can_roll_in, die_chain

ROLLS = ("maneuver", "melee", "missile", "magic", "save", "save-vs-melee", "magic:fire",
         "dragon-attack:save")
SIZES = (5, 15, 30)


def clear_caches() -> None:
    die_chain.cache_clear()
    can_roll_in.cache_clear()


def _trumpet_and_charge_army(catalog, size: int) -> list:
    """`size` dice, alternating the units that roll Trumpet and those that roll Charge."""
    def rolling(icon: Icon) -> list:
        return [d for d in catalog
                if d.kind.is_unit and any(i is icon for f in d.faces for i, _ in f.icons)]

    trumpet, charge = rolling(Icon.TRUMPET), rolling(Icon.CHARGE)
    return [(trumpet if i % 2 else charge)[i // 2 % len(trumpet if i % 2 else charge)]
            for i in range(size)]


def median_ms(fn, repeat: int, cold: bool = False) -> float:
    times = []
    for _ in range(repeat):
        if cold:
            clear_caches()
        start = time.process_time()
        fn()
        times.append(1000 * (time.process_time() - start))
    return statistics.median(times)


def gui_thread_figures(heavy: list, repeat: int) -> None:
    """The odds panel as the game window runs it (the odds thread): how long the GUI thread
    is held by asking for the heavy army's odds, and how soon Stop is answered."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from dragondice_desktop.ui.odds_panel import OddsPanel
    from dragondice_desktop.worker.odds_runner import OddsRunner

    app = QApplication.instance() or QApplication([])
    runner, panel = OddsRunner(), OddsPanel()
    panel.set_runner(runner)
    held, stops = [], []
    for _ in range(repeat):
        clear_caches()
        start = time.process_time()
        panel.show_army(heavy, "melee")
        held.append(1000 * (time.process_time() - start))
        while "counted" not in panel.summary_label.text():
            app.processEvents()
        start = time.perf_counter()
        panel.cancel()
        while panel.working:
            app.processEvents()
        stops.append(1000 * (time.perf_counter() - start))
    runner.shutdown()
    print(f"GUI thread held by asking for the 30-die odds: {statistics.median(held):.1f} ms "
          f"(goal: off the GUI thread); Stop answered in {statistics.median(stops):.0f} ms "
          "(wall)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    catalog = load_catalog()
    pool = [d for d in catalog if d.kind.is_unit or d.kind.is_item]
    rnd = random.Random(2024)
    armies = {n: [rnd.choice(pool) for _ in range(n)] for n in SIZES}
    others = {n: [rnd.choice(pool) for _ in range(n)] for n in SIZES}
    load = time.process_time()
    army_distribution(armies[5], "melee")  # numpy's first use and the chains' first build
    print(f"first call of the process (numpy warm-up, 5 dice): "
          f"{1000 * (time.process_time() - load):.1f} ms")
    heavy = _trumpet_and_charge_army(catalog, 30)
    cold = median_ms(lambda: army_distribution(heavy, "melee"), args.repeat, cold=True)
    print(f"first distribution, 30 dice with Trumpet and Charge, melee: {cold:.1f} ms "
          "(goal <= 200 ms)")
    gui_thread_figures(heavy, args.repeat)
    print(f"{'roll':22} {'dice':>4} {'cold ms':>9} {'warm ms':>9} {'worst ms':>9} "
          f"{'support':>7}")
    for name in ROLLS:
        for n in SIZES:
            army = armies[n]
            spec = spec_from_name(name)
            cold = median_ms(lambda: army_distribution(army, spec), args.repeat, cold=True)
            warm = median_ms(lambda: army_distribution(army, spec), args.repeat)
            worst_text = "-"
            if not spec.dragon_attack:
                worst = OddsSpec(spec.roll_type, id_multiplier=2, save_against=spec.save_against,
                                 element=spec.element, modifiers=(subtract(2), halve()))
                army_distribution(army, worst)
                worst_text = f"{median_ms(lambda: army_distribution(army, worst), args.repeat):.2f}"
            support = len(army_distribution(army, spec).pmf)
            print(f"{name:22} {n:4d} {cold:9.2f} {warm:9.2f} {worst_text:>9} {support:7d}")
    print()
    print(f"{'attack preview':22} {'dice':>4} {'cold ms':>9} {'warm ms':>9}")
    for n in SIZES:
        for attack in (RollType.MELEE, RollType.MISSILE):
            def run():
                attack_preview(armies[n], others[n], attack, id_multiplier=2)
            cold = median_ms(run, args.repeat, cold=True)
            warm = median_ms(run, args.repeat)
            print(f"{attack.value + ' vs ' + str(n):22} {n:4d} {cold:9.2f} {warm:9.2f}")


if __name__ == "__main__":
    main()
