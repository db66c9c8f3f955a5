"""Species abilities that a sampled mutation run (issue 11 section 5) showed no test checking
(digest §6)."""

from __future__ import annotations

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, turn

DUA0, DUA1, RES1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1), Zone(ZoneKind.RESERVE, 1)
RUNNER, RAIDER = "Swamp Stalkers/Bog Runner", "Swamp Stalkers/Raider"  # 1 and 2 health


def offered(state):
    return sorted(a.to_text() for a in legal_actions(state))


def test_mutate_promotes_only_the_mutating_players_own_swamp_stalkers():
    """Digest §6 Mutate: the player "may recruit or promote Swamp Stalkers in that army" — the
    Swamp Stalkers army of the player using Mutate. Bob's own Swamp Stalkers at the same
    terrain (with a bigger one in his DUA to promote into) are not Ann's to promote: Ann's
    only choices are to recruit her small Bog Runner from her DUA, or stop."""
    state = position(ann={"campaign": (RUNNER, RUNNER)}, bob={"campaign": (RUNNER, RAIDER)})
    ann_runners = die_ids(state, RUNNER, player=0)
    bob_raider = die_ids(state, RAIDER, player=1)
    bob_home = die_ids(state, "Dwarves/Footman", "t1", 1)
    state = moved(state, ann_runners[1:], DUA0)
    state = moved(moved(state, bob_raider, DUA1), bob_home, RES1)
    state, _ = turn(state)
    state, _ = run(scripted(state, 2), "choose mutate")  # Bob's Footman: Melee, no save
    assert offered(state) == ["choose done", "choose recruit"]


def test_dragonkin_handlers_bring_or_promote_question_has_an_offered_default():
    """Digest §6 Dragonkin Handlers: bring a small Dragonkin from the Summoning Pool *or*
    promote one. When both are possible the player is asked, and the question's default (what
    the automatic player takes) is one of the two offered answers."""
    from test_rules_table_species import DEVOTEE, FOAL, HERO, handlers

    state = handlers((DEVOTEE, FOAL), (FOAL, HERO))  # Eldarim 2 health, Dragonkin 1
    state, _ = run(state, "choose t0")
    assert offered(state) == ["choose bring", "choose promote"]
    assert state.pending.default in offered(state)
