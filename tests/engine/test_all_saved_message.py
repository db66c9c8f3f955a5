"""Digest §4.7 / §5.1-5.2: damage is the attack's melee (or missile) results less the
defender's saves; when the saves stop the whole attack, the log says "no damage" — for a
missile attack as for a melee attack — and no damage is assigned."""

import re

from dragondice_desktop.engine.game import legal_actions, new_game, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.matchup import demo_setups

SAVED = re.compile(r"All saved \((melee|missile) (\d+) − saves (\d+)\): no damage")


def test_a_fully_saved_attack_says_no_damage_for_melee_and_missile():
    seen = set()
    for seed in (1, 2, 3):
        state = new_game(demo_setups(), seed)
        for _ in range(300):
            if not legal_actions(state):
                break
            state, events = play(state, choose(state))
            for number, event in enumerate(events):
                found = SAVED.fullmatch(event.text)
                if not found:
                    continue
                kind, total, saves = found.group(1), int(found.group(2)), int(found.group(3))
                assert 0 < total <= saves
                seen.add(kind)
                # nothing after it in this step says the defender takes damage from it
                assert not any(e.kind == "damage" and "takes" in e.text
                               and f"{kind} {total} − saves {saves}" in e.text
                               for e in events[number:])
        if seen == {"melee", "missile"}:
            break
    assert seen == {"melee", "missile"}
