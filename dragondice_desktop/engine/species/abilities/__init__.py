"""The species abilities of digest §6, one file per species, each ability registered on its
hook (``species/registry.py``). They are loaded in digest §6's order, which is the order the
abilities on one hook are asked in."""

from . import (  # noqa: F401 — each file registers its species' abilities
    amazons, coral_elves, dwarves, feral, firewalkers, frostwings, goblins, lava_elves,
    scalders, swamp_stalkers, treefolk, undead, eldarim,
)
