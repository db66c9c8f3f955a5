"""The board of a game played under the 1996 rules (issue 18): the 1996 game has no Summoning
Pool — each player's dragons wait in their own dead pile (TSR digest §3.3, F0 2B, F1 B2) — so the
table draws none, and the dead pile takes its room; a buried unit is out of the game for good
(TSR digest §1, §14: "buried" = removed from the game), and the strips say so."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.core.state import ZoneKind
from dragondice_desktop.ui.board_layout import board_layout
from ui_helpers import start_classic_from_new_game
from dragondice_desktop.engine.core.options import CLASSIC

WAIT_MS = 20_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_classic_table_has_no_summoning_pool_and_a_wider_dead_pile(players):
    """TSR digest §3.3: no Summoning Pool in the 1996 game; the dead pile, where the dragons
    wait, spreads over the pool's place. Every other zone stays where it was."""
    today, classic = board_layout(players), board_layout(players, classic=True)
    assert classic.classic and not today.classic
    assert not [z for z, _ in classic.zones if z.kind is ZoneKind.SUMMONING]
    for (zone, player), rect in today.zones.items():
        if zone.kind is ZoneKind.SUMMONING:
            dead = classic.zones[(type(zone)(ZoneKind.DUA, player), player)]
            assert dead.contains(rect)  # the pool's place is the dead pile's now
        elif zone.kind is ZoneKind.DUA:
            assert classic.zones[(zone, player)].contains(rect)
        else:
            assert classic.zones[(zone, player)] == rect


def test_a_classic_game_in_the_window_shows_its_dragons_in_the_dead_piles(qtbot, window,
                                                                        monkeypatch):
    """A classic game started from New Game: no Summoning Pool zone on the board, every die
    drawn inside the zone the game puts it in (the dragons in their owner's dead pile), and
    the strips named as in the 1996 game."""
    start_classic_from_new_game(qtbot, window, monkeypatch, WAIT_MS)
    board, state = window.board, window.snapshot.state
    assert state.options.classic and board.table.classic
    assert not [z for z, _ in board.zone_items if z.kind is ZoneKind.SUMMONING]
    dragons = 0
    for die, zone in zip(state.dice, state.zones):
        player = die.owner if zone.kind is ZoneKind.TERRAIN else zone.index
        item, die_item = board.zone_items[(zone, player)], board.die_items[die.id]
        assert die_item.isVisible() and item.rect.contains(die_item.center()), zone
        dragons += die.die.kind.value == "dragon" and zone.kind is ZoneKind.DUA
    assert dragons >= 2
    titles = {z.kind: i.title for (z, p), i in board.zone_items.items() if p == 0}
    assert titles[ZoneKind.DUA].startswith("Dead pile")
    assert titles[ZoneKind.BUA].startswith("Buried")


def test_the_1996_lasting_effects_have_player_words_on_their_badges():
    """The table's badge of a 1996 lasting effect says what it does in a few words (Galeforce:
    its army's Fly results are ignored), never the engine's name for it."""
    from dragondice_desktop.catalog.model import Icon
    from dragondice_desktop.engine.classic.effect_runners import GALEFORCE, ILLUSIONED, WITHERED
    from dragondice_desktop.engine.core.state import LastingEffect, Zone
    from dragondice_desktop.engine.turn.setup import new_game
    from dragondice_desktop.matchup import table_setups
    from dragondice_desktop.ui.effect_badges import badge_of

    state = new_game(table_setups(2, classic=True), 1, checked_classic())
    for kind, words in ((GALEFORCE, "Fly results ignored"), (WITHERED, "lower rolls"),
                        (ILLUSIONED, "attacked by its own army")):
        effect = LastingEffect(0, Icon.GALEFORCE, kind, "text", player=1,
                               zone=Zone(ZoneKind.TERRAIN, 2))
        label = badge_of(state, effect).label
        assert words in label and "classic" not in label


def checked_classic():
    from dragondice_desktop.engine.core.options import checked
    return checked(ruleset=CLASSIC)
