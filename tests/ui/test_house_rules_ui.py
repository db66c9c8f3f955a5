"""House rules in the app (issue 6 §7): the Rulings page lists every one from the engine's
registry, with both readings; the game log of a game played with house rules names them in
its first line."""

from __future__ import annotations

from dragondice_desktop.engine.core.house_rules import (
    HOUSE_RULES, NO_COUNTER_AFTER_NOTHING, WHITE_DRAGON_TEN_SAVES,
)
from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.game_log import GameLog
from dragondice_desktop.ui.help_texts import house_rules_markdown, rulings_dialog
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def test_the_rulings_page_lists_every_house_rule_with_both_readings(qtbot):
    dialog = rulings_dialog()
    qtbot.addWidget(dialog)
    text = dialog.browser.toPlainText()
    assert "Rulings and limits" in text and "House rules" in text
    for rule in HOUSE_RULES.values():
        assert rule.title in text and rule.default in text and rule.alternative in text
        assert f"**{rule.title}**. Default: {rule.default}" in house_rules_markdown()
        assert rule.source not in text                 # a reference for developers only


def _snapshot(*rule_ids: str) -> GameSnapshot:
    record = GameRecord(demo_setups(), 3, (), checked(house_rules=rule_ids))
    return GameSnapshot(record, record.state(), (), (), (), Change.NEW)


def test_the_game_log_names_the_house_rules_of_the_game(qtbot):
    log = GameLog()
    qtbot.addWidget(log)
    log.set_snapshot(_snapshot(NO_COUNTER_AFTER_NOTHING, WHITE_DRAGON_TEN_SAVES))
    titles = [HOUSE_RULES[WHITE_DRAGON_TEN_SAVES].title,
              HOUSE_RULES[NO_COUNTER_AFTER_NOTHING].title]  # in the registry's order
    assert log.shown_lines() == ["House rules: " + "; ".join(titles)]
    assert HOUSE_RULES[WHITE_DRAGON_TEN_SAVES].alternative in log.tooltip(0)
    assert log.lines() == []  # the line is no event of the game
    log.set_snapshot(_snapshot())
    assert log.shown_lines() == []
