"""The SAI records gathered: every SAI's file under ``sai/icons/`` gives its records
(``RECORDS``), and this module holds them all (``SAI_RECORDS``) with the file each comes from
(``sai_file``), and the views the rest of the engine reads — the "Applies" column
(``APPLIES``), the effect texts (``SAI_TEXT``), the army-roll handlers (``SAI_HANDLERS``), the
targets (``TARGET_SPECS``), the SAIs whose damage buries (``BURIES_IF_KILLED``) and the
combination rolls effects make the other side roll (``COMBINATION_ROLLS``).

Each SAI's file is imported here by name (a packaged app finds them so); a test checks that
every module of ``sai/icons/`` is listed, and an icon given a record twice raises ValueError.
"""

from __future__ import annotations

from types import ModuleType

from ...catalog.model import Icon
from ..rolls.model import RollType
from . import icons
from .icon_roll import Handler
from .records import SaiRecord, TargetSpec
from .icons import (  # noqa: F401 — every SAI's file: one for each module of sai/icons/
    attune, bash, belly, breath, bullseye, cantrip, charge, charm, choke, cloak, coil, confuse,
    convert, counter, create_fireminions, crush, decapitate, dispel_magic, double_strike,
    dracolem, elemental_relic, elevate, entangle, ferry, firebreath, firecloud, firewalking,
    flame, flaming_arrow, flurry, fly, frost_breath, galeforce, gore, hoof, howl, hug,
    hypnotic_glare, illusion, impale, kick, logo, net, plague, poison, regenerate, rend,
    rise_from_the_ashes, roar, scare, screech, seize, slay, sleep, smite, smother,
    sneak_attack, sortie, stomp, stone, stun, summon_dragon, surprise, swallow, tail, teleport,
    trample, trumpet, vanish, volley, wave, wayfare, web, wild_growth, wither
)

# The modules just imported, in name order: the package's attributes that are modules.
ICON_MODULES: tuple[ModuleType, ...] = tuple(sorted(
    (m for m in vars(icons).values() if isinstance(m, ModuleType)), key=lambda m: m.__name__))


def _gather() -> tuple[dict[Icon, SaiRecord], dict[Icon, ModuleType]]:
    """Every record of ICON_MODULES, in the icons' order, and the module each comes from.
    Raises ValueError for an icon given two records."""
    records: dict[Icon, SaiRecord] = {}
    modules: dict[Icon, ModuleType] = {}
    for module in ICON_MODULES:
        for icon, record in module.RECORDS.items():
            if icon in records:
                raise ValueError(f"{icon.value} has two records: in {modules[icon].__name__} "
                                 f"and {module.__name__}")
            records[icon] = record
            modules[icon] = module
    order = {icon: n for n, icon in enumerate(Icon)}  # the icons' order, whatever the files'
    return dict(sorted(records.items(), key=lambda kv: order[kv[0]])), modules


SAI_RECORDS, SAI_MODULES = _gather()


def sai_module(icon: Icon) -> ModuleType | None:
    """The module (under ``sai/icons/``) that holds `icon`'s record and code; None for an icon
    without a record."""
    return SAI_MODULES.get(icon)


# Views of the records, read by the roll pipeline, Count a roll, the glossary and the odds.
APPLIES: dict[Icon, str] = {i: r.applies for i, r in SAI_RECORDS.items() if r.applies}
SAI_TEXT: dict[Icon, str] = {i: r.effect for i, r in SAI_RECORDS.items() if r.effect}
SAI_HANDLERS: dict[Icon, Handler] = {i: r.in_roll for i, r in SAI_RECORDS.items()
                                     if r.in_roll is not None}
TARGET_SPECS: dict[Icon, TargetSpec] = {i: r.targets for i, r in SAI_RECORDS.items()
                                        if r.targets is not None}
BURIES_IF_KILLED = frozenset(i for i, r in SAI_RECORDS.items() if r.buries_if_killed)
# The combination rolls an effect makes the other side roll (seed 000), by effect kind: (who
# rolls, the types counted, the owner's default first). Count a roll and the odds' "not
# modelled" list read it.
COMBINATION_ROLLS: dict[str, tuple[str, tuple[RollType, ...]]] = {
    r.combination_roll[0]: r.combination_roll[1:] for r in SAI_RECORDS.values()
    if r.combination_roll is not None}
