"""Attack preview: the attacker's melee or missile results against the defender's save roll
(rules digest §4.7, §5.1, §5.2) — the exact distribution of the damage and of the
health-worth it kills.

- The attacker's total T and the saves its Howl, Screech and Wave make the defender subtract
  (effect kind "subtract_saves", turned into a SUBTRACT modifier on the save roll by the
  march, ``engine.exchange``) are folded jointly: they come from the same dice.
- For each amount k to subtract, the defender's save total S_k follows its own pipeline with
  k more subtracted at step 6 (ID results removed last).
- Damage = max(0, T - S); health-worth killed = the largest subset sum of the defending
  units' health that does not exceed the damage (digest §4.7, ``engine.damage``).

Everything else the rolls do (kills by SAIs, damage with no save, the defender's damage back,
the attacker's delayed effects on the save roll, Charge's combination roll) is listed in the
notes, not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..catalog.model import Die
from ..engine.units.damage import reachable_sums
from ..engine.rolls.model import Modifier, RollType
from .army import prepare
from .chains import CHARGE, FLAGS
from .dist import Distribution, NotModelled
from .spec import DEFAULT_EPS, OddsSpec


@dataclass(frozen=True, eq=False)
class AttackPreview:
    """attack: the attacker's results; saves: the defender's saves (after the attacker's
    Howl/Screech/Wave); damage: max(0, attack - saves); killed: health-worth killed.
    defender_health: the defending units' total health (the most that can die)."""

    attack: Distribution
    saves: Distribution
    damage: Distribution
    killed: Distribution
    notes: tuple[NotModelled, ...]
    defender_health: int

    def to_dict(self) -> dict:
        return {"attack": self.attack.to_dict(), "saves": self.saves.to_dict(),
                "damage": self.damage.to_dict(), "killed": self.killed.to_dict(),
                "defender_health": self.defender_health,
                "not_modelled": [n.to_dict() for n in self.notes]}


def kill_table(healths: Sequence[int], max_damage: int) -> np.ndarray:
    """best[d] = health-worth that d damage kills (max subset sum <= d), d = 0..max_damage."""
    reach = np.zeros(max_damage + 1, dtype=bool)
    reach[sorted(reachable_sums(healths, max_damage))] = True
    return np.maximum.accumulate(np.where(reach, np.arange(max_damage + 1), 0))


def attack_preview(attackers: Sequence[Die], defenders: Sequence[Die],
                   attack: RollType = RollType.MELEE, *, id_multiplier: int = 1,
                   defender_id_multiplier: int = 1,
                   attacker_modifiers: tuple[Modifier, ...] = (),
                   defender_modifiers: tuple[Modifier, ...] = (),
                   eps: float = DEFAULT_EPS, attacker_spec: OddsSpec | None = None,
                   defender_spec: OddsSpec | None = None) -> AttackPreview:
    """The exact damage and kill distributions of a melee or missile attack.

    id_multiplier / defender_id_multiplier: 2 for an army holding the eighth face.
    *_modifiers: roll modifiers from the game state on each army's roll (engine Modifiers).
    attacker_spec / defender_spec: the rolls themselves, when known (``odds.play``: the
    engine's contexts in a game or at a terrain); they replace the multipliers and modifiers.
    Raises ValueError for an attack type other than melee or missile, specs for other rolls,
    or a die that never rolls with an army.
    """
    if attack not in (RollType.MELEE, RollType.MISSILE):
        raise ValueError(f"an attack is a melee or missile roll, not {attack.value}")
    a_spec = attacker_spec or OddsSpec(attack, id_multiplier=id_multiplier,
                                       modifiers=attacker_modifiers, eps=eps)
    d_spec = defender_spec or OddsSpec(RollType.SAVE, id_multiplier=defender_id_multiplier,
                                       save_against=attack, modifiers=defender_modifiers,
                                       eps=eps)
    if a_spec.dragon_attack or a_spec.roll_type is not attack:
        raise ValueError(f"the attacker's roll must be a {attack.value} roll")
    if d_spec.roll_type is not RollType.SAVE or d_spec.save_against is not attack:
        raise ValueError(f"the defender's roll must be a save roll against {attack.value}")
    att = prepare(attackers, a_spec, keep_ss=True, preview=True)
    dfn = prepare(defenders, d_spec, extra_sub=(RollType.SAVE,))
    joint = att.totals()  # [attack total, saves to subtract]
    damage = np.zeros(1)
    saves = np.zeros(1)
    for k in range(joint.shape[1]):
        a_k = joint[:, k]
        if not a_k.any():
            continue
        s_k = dfn.totals(extra_sub=k)
        saves = _add(saves, a_k.sum() * s_k)
        diff = np.convolve(a_k, s_k[::-1])   # index j <-> attack - saves = j - (len(s_k) - 1)
        zero_at = len(s_k) - 1
        part = np.concatenate([[diff[: zero_at + 1].sum()], diff[zero_at + 1:]])
        damage = _add(damage, part)
    healths = [d.health for d in defenders if d.kind.is_unit]
    best = kill_table(healths, len(damage) - 1)
    killed = np.bincount(best, weights=damage)
    notes = list(att.notes) + [NotModelled(n.category, n.what, f"defender: {n.text}",
                                           n.probability, n.dice) for n in dfn.notes]
    if any(v[FLAGS] & CHARGE for ch in att.chains for v in ch.outcomes):
        notes.append(NotModelled(
            "assumption", "Charge",
            "with Charge the defender makes a combination save and melee roll and its melee "
            "results damage the attacker; the preview counts a plain save roll"))
    if att.truncated_mass or dfn.truncated_mass:
        truncated = 1 - (1 - att.truncated_mass) * (1 - dfn.truncated_mass)
    else:
        truncated = 0.0
    label = f"{attack.value} attack against saves"
    return AttackPreview(
        attack=Distribution(joint.sum(axis=1), a_spec.label, tuple(att.notes),
                            att.truncated_mass),
        saves=Distribution(saves, d_spec.label, tuple(dfn.notes), dfn.truncated_mass),
        damage=Distribution(damage, f"damage: {label}", tuple(notes), truncated),
        killed=Distribution(killed, f"health-worth killed: {label}", tuple(notes), truncated),
        notes=tuple(notes), defender_health=sum(healths),
    )


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.zeros(max(len(a), len(b)))
    out[: len(a)] += a
    out[: len(b)] += b
    return out
