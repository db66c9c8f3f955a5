"""Roll counting that a sampled mutation run (issue 11 section 5) showed no test checking."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.rolls.pipeline import MAX_REROLLS, RollContext, RollType

from test_rolls import roll


def test_a_rerolling_face_one_short_of_the_cap_still_needs_its_follow_up():
    """Digest §4.2 step 3: a face that re-rolls means the die is rolled again, so the re-rolled
    face must be given — up to the safety cap's last face too. A Gryphon shows Rend (face 2,
    melee: re-roll) MAX_REROLLS times: the chain has made only MAX_REROLLS - 1 re-rolls, so a
    face is missing; with one more Rend the cap ends the chain."""
    with pytest.raises(ValueError, match="give the re-rolled face"):
        roll(RollContext(RollType.MELEE), ("Coral Elves/Gryphon", (2,) * MAX_REROLLS))
    capped = roll(RollContext(RollType.MELEE), ("Coral Elves/Gryphon", (2,) * (MAX_REROLLS + 1)))
    assert capped.total(RollType.MELEE) == 4 * (MAX_REROLLS + 1)
