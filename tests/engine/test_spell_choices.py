"""What the spell picker asks the engine (digest §5.3, §7): every spell of the book with the
castings open or why not, the magic left, the spells announced in their resolution order, and
taking an announced spell back before the spells resolve.

Position (see test_spells.py): two Coral Elves Conjurers (air and water) each roll 3 Magic at
the Frontier: 6 magic, air or water, made by Coral Elves.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.game import IllegalAction
from dragondice_desktop.engine.spells.casting import (
    announced_spells, magic_left, spell_choices,
)

from engine_helpers import run, scripted
from test_spells import CONJURER, casts, magic


def _choice(state, name):
    return next(c for c in spell_choices(state) if c.spell.name == name)


def test_digest_5_3_announced_spells_can_be_taken_back_until_done():
    """Digest §5.3 step 2: every spell and its target are announced at once, so one announced
    is taken back before they resolve: Watery Double taken back leaves the Hailstorm alone
    (digest §7: Hailstorm 2, Watery Double 2 — 2 of 6 magic spent)."""
    state = magic((CONJURER, CONJURER), 2, 2)
    state, _ = run(state, "cast watery-double water t2 0", "cast hailstorm air t2 1")
    assert "uncast 1" in casts(state) and "uncast 2" in casts(state)
    state, events = run(state, "uncast 1")
    assert [a.spell for a in announced_spells(state)] == ["Hailstorm"]
    assert "magic left 4 of 6, 1 spell announced" in state.pending.prompt
    assert any("takes back Watery Double" in e.text for e in events)
    state, events = run(scripted(state, 2), "done")  # Bob's Footman saves: Melee, none
    assert not [e for e in state.effects if e.spell == "Watery Double"]
    assert any("Hailstorm resolves" in e.text for e in events)


def test_digest_5_3_nothing_to_take_back_before_an_announcement_or_after_done():
    state = magic((CONJURER, CONJURER), 2, 2)
    assert not [a for a in casts(state) if a.startswith("uncast")]
    with pytest.raises(IllegalAction):
        run(state, "uncast 1")


def test_digest_5_3_resolution_order_is_the_order_announced():
    state = magic((CONJURER, CONJURER), 2, 2)
    state, _ = run(state, "cast hailstorm air t2 1", "cast watery-double water t2 0")
    assert [a.spell for a in announced_spells(state)] == ["Hailstorm", "Watery Double"]


def test_digest_5_3_magic_left_counts_points_per_element():
    """6 magic of air or water; Watery Double costs 2 (digest §7): 4 left, and one more
    casting could take all 4 as air or as water (a two-element unit splits as it likes)."""
    state = magic((CONJURER, CONJURER), 2, 2)
    left = magic_left(state)
    assert (left.total, left.spent, left.left) == (6, 0, 6)
    state, _ = run(state, "cast watery-double water t2 0")
    left = magic_left(state)
    assert (left.total, left.spent, left.left) == (6, 2, 4)
    assert dict(left.by_element) == {"air": 4, "water": 4}


def test_digest_7_each_spell_is_offered_or_says_why_not():
    """Digest §7: Stone Skin is earth (2): air/water magic cannot pay it; Tidal Wave is a
    Scalders water spell (5): Coral Elves magic cannot pay it; Blizzard (Coral Elves air, 3)
    is open; Summon Dragon costs 7: more than the 6 made."""
    state = magic((CONJURER, CONJURER), 2, 2)
    assert _choice(state, "Stone Skin").reason == "needs 2 earth magic"
    assert _choice(state, "Tidal Wave").reason == "needs magic made by Scalders units"
    assert _choice(state, "Summon Dragon").reason == "needs 7 magic"
    blizzard = _choice(state, "Blizzard")
    assert blizzard.reason == "" and [a.to_text() for a in blizzard.actions] == [
        "cast blizzard air t0", "cast blizzard air t1", "cast blizzard air t2"]


def test_digest_7_the_magic_left_decides_what_is_still_offered():
    """After Blizzard (3) and Watery Double (2), 1 magic is left: Hailstorm (2) no longer."""
    state = magic((CONJURER, CONJURER), 2, 2)
    state, _ = run(state, "cast blizzard air t2", "cast watery-double water t2 0")
    assert _choice(state, "Hailstorm").reason == "needs 2 air magic"  # an air spell


def test_digest_7_a_spell_without_a_cumulative_number_once_per_target():
    """Digest §7: Lightning Strike (6), at most one per unit: eight Conjurers make 24 magic,
    but once each of Bob's three Footmen is struck a fourth casting has no target left."""
    state = magic((CONJURER,) * 8, *[2] * 8)
    strikes = [a.to_text() for a in _choice(state, "Lightning Strike").actions]
    assert len(strikes) == 3
    state, _ = run(state, *strikes)
    assert _choice(state, "Lightning Strike").reason == \
        "already announced on every target it may take"


def test_no_choices_outside_a_casting():
    state = magic((CONJURER, CONJURER), 2, 2)
    state, _ = run(state, "done")
    assert spell_choices(state) == () and magic_left(state) is None
    assert announced_spells(state) == ()
