"""Spells that a sampled mutation run (issue 11 section 5) showed no test checking (digest §7)."""

from __future__ import annotations

from engine_helpers import position, run, scripted, texts, turn
from test_spells import CONJURER, FOOT, MAGIC_ACTION


def test_flash_flood_moves_a_terrain_at_most_one_step_per_turn():
    """Digest §7 Flash Flood: "Never more than one step per turn from Flash Flood." Ann casts
    it on Bob's Home (Flatland City, face 3) in her first march (it drops to 2) and again in
    her second march, from her Home army: Bob's army again rolls less than 6 maneuver, yet the
    terrain stays at 2."""
    state = position(ann={"home": (CONJURER, CONJURER, FOOT), "campaign": (CONJURER, CONJURER)},
                     faces=(3, 3, 1))  # Highland City 3 and Coastland Tower 1 show magic
    state, _ = turn(state, 0)
    state, _ = run(scripted(state, 2, 2), *MAGIC_ACTION)  # each Conjurer: its magic face
    state, events = run(scripted(state, 2), "cast flash-flood water t1", "done")  # Bob: 1 Melee
    assert state.terrains[1].face == 2
    assert any("drops to 2" in t for t in texts(events, "terrain"))  # the terrain log
    state, _ = run(scripted(state, 2, 2, 2), "march t0", "no-maneuver", "action magic")
    state, events = run(scripted(state, 2), "cast flash-flood water t1", "done")
    assert state.terrains[1].face == 2
    assert any("does not move" in t for t in texts(events, "terrain"))


def test_summon_dragon_brings_the_dragon_to_the_terrain_the_caster_names():
    """Digest §7 Summon Dragon (7, elemental): "summon one dragon containing the casting
    element ... to any terrain" (digest §5.5). Four Conjurers make 8 air/water magic; Ann
    summons her Blue Drake (air) from her Summoning Pool to Bob's Home, Flatland City (t1)."""
    from dragondice_desktop.engine.core.state import Zone, ZoneKind
    from engine_helpers import die_ids
    from test_spells import magic

    state = magic((CONJURER,) * 4, 2, 2, 2, 2, ann={"dragons": ("Dragons/Blue Drake",)},
                  bob={"dragons": ("Dragons/Green Drake",)})
    blue = die_ids(state, "Dragons/Blue Drake")[0]
    state, _ = run(state, f"cast summon-dragon air {blue}", "done")
    state, _ = run(state, "choose t1")
    assert state.zones[blue] == Zone(ZoneKind.TERRAIN, 1)


def test_standing_stones_let_the_holders_cantrip_magic_take_the_terrain_elements():
    """Digest §8 Standing Stones: the controlling army "may convert any of its magic to an
    element of that terrain" — its cantrip-only magic too (digest §5.3: Cantrip magic outside
    a magic action casts Cantrip spells). Ann holds Highland Standing Stones (fire, earth) on
    its eighth face; her Coral Elves Enchanter (air, water) rolls "4 Cantrip" in a melee
    attack: earth's Stone Skin and fire's Ash Storm (Cantrip spells) are offered beside her
    own elements' Hailstorm and Watery Double."""
    from dragondice_desktop.engine.game import legal_actions

    state = position(ann={"campaign": ("Coral Elves/Enchanter",)},
                     frontier="Terrains/Highland Standing Stones", faces=(3, 3, 8))
    state, _ = turn(state)
    state, _ = run(scripted(state, 5, 1), "march t2", "no-maneuver", "action melee")
    spells = {a.to_text().split()[1] for a in legal_actions(state) if a.to_text() != "done"}
    assert spells == {"ash-storm", "hailstorm", "stone-skin", "watery-double"}
