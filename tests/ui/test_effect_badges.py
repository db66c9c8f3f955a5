"""Lasting effects on the table (issue 14 §1): every army, unit and terrain under a lasting
effect shows a badge with a tooltip; the badge goes when the effect ends (digest §3.1: an
effect ends at its maker's Expire Effects phase). Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))

from dragondice_desktop.catalog.model import Icon  # noqa: E402
from dragondice_desktop.engine.core.record import GameRecord  # noqa: E402
from dragondice_desktop.engine.core.state import LastingEffect, Zone, ZoneKind  # noqa: E402
from dragondice_desktop.engine.turn.start import begin_turn  # noqa: E402
from dragondice_desktop.ui.board import Board  # noqa: E402
from dragondice_desktop.ui.effect_badges import table_badges  # noqa: E402
from dragondice_desktop.worker.snapshot import Change, GameSnapshot  # noqa: E402

T2 = Zone(ZoneKind.TERRAIN, 2)


def _spells_cast():
    """Ann's two Conjurers (Coral Elves, air and water: 6 magic) cast Blizzard on the Frontier
    and Watery Double on her own army there (see tests/engine/test_spells.py)."""
    from engine_helpers import run
    from test_spells import CONJURER, magic

    state = magic((CONJURER, CONJURER), 2, 2)
    state, _ = run(state, "cast blizzard air t2", "cast watery-double water t2 0", "done")
    return state


def _snapshot(state):
    return GameSnapshot(None, state, (), (), (), Change.LOAD)


def test_digest_7_spell_effects_show_on_the_army_and_the_terrain(qapp):
    """Digest §7: Watery Double, army +1 save; Blizzard, terrain: every army roll there −3
    melee; both until the caster's next turn (Ann's)."""
    state = _spells_cast()
    board = Board()
    board.set_snapshot(_snapshot(state))
    army = board.zone_items[(T2, 0)]
    assert [b.label for b in army.badges] == ["+1 save · Watery Double · until Ann's turn"]
    assert "Lasting effect: Watery Double" in army.toolTip()
    terrain = board.terrain_items[2]
    assert "✦ −3 melee · Blizzard · until Ann's turn" in [t for t, *_ in terrain.lines]
    assert "Lasting effect: Blizzard" in terrain.toolTip()
    # Bob's army at the same terrain: the terrain's effect, not an army badge.
    assert board.zone_items[(T2, 1)].badges == ()


def test_digest_3_1_badges_go_when_the_effects_expire(qapp):
    state = _spells_cast()
    board = Board()
    board.set_snapshot(_snapshot(state))
    later = begin_turn(state, 0, [])  # Ann's next turn: her Expire Effects phase
    board.set_snapshot(_snapshot(later))
    assert board.zone_items[(T2, 0)].badges == ()
    assert not [t for t, *_ in board.terrain_items[2].lines if t.startswith("✦")]
    assert table_badges(later) == {}


def test_seed_000_a_webbed_unit_wears_a_badge(qapp):
    """Seed 000 Web: the unit cannot be rolled or leave the terrain until the maker's next
    turn; its die is marked and its tooltip says so."""
    state = _spells_cast()
    unit = state.units_in(T2, 1)[0].id
    web = LastingEffect(0, Icon.WEB, "webbed", f"{state.die_label(unit)} is webbed by Web until "
                                           f"the beginning of Ann's next turn", die_id=unit)
    state = state.with_(effects=state.effects + (web,))
    board = Board()
    board.set_snapshot(_snapshot(state))
    assert [b.label for b in board.die_items[unit].badges] == ["webbed · Web · until Ann's turn"]
    assert "is webbed by Web" in board.die_items[unit].toolTip()


def test_badges_png(qtbot, window, tmp_path):
    """The table with the two spells' badges, at both sizes (looked at by a person)."""
    state = _spells_cast()
    record = GameRecord(state.players, 1)
    window.show_snapshot(GameSnapshot(record, state, (), (), (), Change.LOAD, serial=10**6))
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        for _ in range(4):
            QTest.qWait(30)
        path = tmp_path / f"badges-{size[0]}x{size[1]}.png"
        assert window.grab().save(str(path)) and path.stat().st_size > 10_000


def test_a_badge_beside_a_role_tag_is_never_cut_to_a_few_letters(qapp, tmp_path):
    """A narrow army zone taking damage: the "ASSIGN 1 DAMAGE" tag sits mid-border, and the
    lasting effect's badge beside it (a play test saw "+2 sav…") shows what the effect does
    whole ("+2 save"), clear of the tag; in a zone too narrow even for that it moves to a
    line of its own above the border; with no tag it is whole on the border."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from dragondice_desktop.ui.board_items import ZoneItem
    from dragondice_desktop.ui.effect_badges import Badge

    badge = Badge("+2 save · Stone Skin · until Ann's turn", "Stone Skin: +2 saves")

    def paint(zone, path):
        image = QImage(int(zone.rect.width()) + 20, 180, QImage.Format.Format_ARGB32)
        image.fill(0xFF2E4A2E)
        painter = QPainter(image)
        painter.translate(10, 10)
        zone.paint(painter, None)
        painter.end()
        assert image.save(str(path))

    for width in (300, 190):
        zone = ZoneItem(T2, 0, QRectF(0, 0, width, 150), "Campaign · Bob", compact=True)
        zone.set_badges((badge,))
        zone.set_look("Campaign · Bob", "7 health", "damage", False, "ASSIGN 1 DAMAGE")
        paint(zone, tmp_path / f"badge-with-tag-{width}.png")
        assert not zone.badge_rect.intersects(zone.tag_rect)
        assert "+2 save" in zone.badge_shown                  # what it does, whole
        assert zone.rect.adjusted(0, 0, 0, 9).contains(zone.badge_rect)
        if width == 300:  # beside the tag in short, or whole on a line of its own
            assert zone.badge_shown in ("✦ +2 save", "✦ " + badge.label)
        if zone.badge_rect.top() != zone.tag_rect.top():  # moved up: clear of the tag
            assert zone.badge_rect.bottom() <= zone.tag_rect.top()
    zone = ZoneItem(T2, 0, QRectF(0, 0, 300, 150), "Campaign · Bob", compact=True)
    zone.set_badges((badge,))
    zone.set_look("Campaign · Bob", "7 health", "", False, "")
    paint(zone, tmp_path / "badge-alone.png")
    assert zone.badge_rect.top() == zone.rect.bottom() - 9   # on the border, as before
    assert zone.badge_shown == "✦ +2 save · Stone Skin · until Ann's turn"
