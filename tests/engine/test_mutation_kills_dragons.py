"""Dragon rules that a sampled mutation run (issue 11 section 5) showed no test checking:
the whole targeting table of digest §5.4, cell by cell."""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.dragons.kinds import attacks_dragon

# Digest §5.4 targeting table: (attacker, target, attacks?), one dragon of each kind and the
# element cases the table names ("unless the same element", "unless both elements match",
# "unless one element matches").
TABLE = [
    # Elemental attacker
    ("Red Drake", "Blue Drake", True),
    ("Red Drake", "Red Wyrm", False),              # the same element
    ("Red Drake", "Blue/Red Drake", True),         # a Hybrid, even sharing an element
    ("Red Drake", "Green/Yellow Drake", True),
    ("Red Drake", "Ivory Drake", False),
    ("Red Drake", "Blue/Ivory Drake", True),
    ("Red Drake", "Red/Ivory Drake", False),       # its element matches
    ("Red Drake", "White Drake", True),
    # Hybrid attacker
    ("Blue/Red Drake", "Red Drake", True),         # an Elemental of one of its elements
    ("Blue/Red Drake", "Green Drake", True),
    ("Blue/Red Drake", "Green/Yellow Drake", True),  # a Hybrid of other elements
    ("Blue/Red Drake", "Black/Red Drake", True),   # one element in common is not both
    ("Blue/Red Drake", "Blue/Red Wyrm", False),    # both elements match
    ("Blue/Red Drake", "Ivory Wyrm", False),
    ("Blue/Red Drake", "Green/Ivory Drake", True),
    ("Blue/Red Drake", "Red/Ivory Drake", False),  # one element matches
    ("Blue/Red Drake", "White Wyrm", True),
    # Ivory and Ivory Hybrid attackers attack only armies
    ("Ivory Drake", "Red Drake", False),
    ("Ivory Drake", "Blue/Red Drake", False),
    ("Ivory Drake", "White Drake", False),
    ("Red/Ivory Drake", "Blue Drake", False),
    ("Red/Ivory Drake", "Green/Yellow Drake", False),
    ("Red/Ivory Drake", "Blue/Ivory Drake", False),
    # White attacker
    ("White Drake", "Red Drake", True),
    ("White Drake", "Blue/Red Drake", True),
    ("White Drake", "Ivory Drake", False),
    ("White Drake", "Red/Ivory Drake", True),
    ("White Drake", "White Wyrm", False),
]


@pytest.mark.parametrize("attacker, target, expected", TABLE,
                         ids=[f"{a} -> {t}" for a, t, _ in TABLE])
def test_dragon_targeting_table_digest_5_4(attacker, target, expected):
    """Digest §5.4 targeting table: whether a dragon attacks another dragon at its terrain."""
    catalog = load_catalog()
    assert attacks_dragon(catalog.die(f"Dragons/{attacker}"),
                          catalog.die(f"Dragons/{target}")) is expected


def test_lightning_bolt_breath_halves_melee_only_not_saves():
    """Digest §5.4 breath effects: Air's Lightning Bolt halves the army's *melee* results
    (round down) — its save results stay whole. Four Sergeants: the breath kills two (5
    health-worth, two of 2 health would leave 1 over), the other two answer with 3 melee
    (halved to 1) and 3 saves (kept)."""
    from dragondice_desktop.engine.rolls.pipeline import RollType
    from test_dragon_attack import BREATH, SERGEANT, at_frontier
    from engine_helpers import die_ids, run, turn

    state, _ = at_frontier((SERGEANT,) * 4, ("Dragons/Blue Drake",))
    sergeants = die_ids(state, SERGEANT, "t2", 0)
    state, _ = turn(state, 0, BREATH, 5, 4)  # the answer: '3 Melee', '3 Save'
    state, events = run(state, f"kill {sergeants[0]}", f"kill {sergeants[1]}")
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert (roll.total(RollType.MELEE), roll.total(RollType.SAVE)) == (1, 3)


def test_the_dragon_attack_log_opens_a_phase_and_names_dragon_fire_as_an_effect():
    """Digest §3.3 / §5.4: the Dragon Attack at a terrain is its own part of the turn (the log
    shows it as a phase line, naming the dragons), and Dragon Fire's rule for the units its
    breath kills is logged as an effect."""
    from test_dragon_attack import BREATH, FOOT, at_frontier
    from engine_helpers import texts, turn

    state, _ = at_frontier((FOOT, FOOT), ("Dragons/Red Drake",), horde=())
    state, events = turn(state, 0, BREATH)
    assert any(t.startswith("Dragon Attack at Coastland Tower: Bob's Red Drake")
               for t in texts(events, "phase"))
    assert any(t.startswith("Dragon Fire (Bob's Red Drake's breath)")
               for t in texts(events, "effect"))
