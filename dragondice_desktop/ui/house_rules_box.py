"""A checkbox per house rule (engine/core/house_rules.py; issue 6 §7, issue 7 §4): the Preferences
dialog uses it for the house rules on by default in new games, the New Game dialog for the
house rules of the game it starts.

Each box shows the house rule's title; its tooltip gives the app's default reading and the
alternative the house rule plays.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtWidgets import QCheckBox, QGridLayout, QWidget

from ..engine.core.house_rules import HOUSE_RULES, HouseRule


def house_rule_tooltip(rule: HouseRule, titled: bool = False) -> str:
    """Both readings of `rule` as rich text (so that a tooltip wraps), after its title when
    `titled`."""
    title = f"<p><b>{html.escape(rule.title, quote=False)}</b></p>" if titled else ""
    return (f"{title}<p><b>Default:</b> {html.escape(rule.default, quote=False)}</p>"
            f"<p><b>House rule:</b> {html.escape(rule.alternative, quote=False)}</p>")


def house_rules_text(rule_ids: Iterable[str]) -> str:
    """The titles of the house rules `rule_ids` (unknown ids left out), "; "-separated, in
    the registry's order; "" when there are none."""
    chosen = set(rule_ids)
    return "; ".join(rule.title for rule_id, rule in HOUSE_RULES.items() if rule_id in chosen)


# The most house rules shown one under the other; more are laid out in two columns.
COLUMN_ROWS = 6


class HouseRulesBox(QWidget):
    """One checkbox per house rule, in the registry's order, ticked for the ids in `chosen`
    (unknown ids are ignored). `checks`: rule id -> its QCheckBox; `chosen()` reads the ticked
    ids back, sorted (as `GameOptions.house_rules` keeps them)."""

    def __init__(self, chosen: Iterable[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("houseRulesBox")
        self.grid = layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.checks: dict[str, QCheckBox] = {}
        self.ruleset: str | None = None
        for rule_id, rule in HOUSE_RULES.items():
            box = QCheckBox(rule.title)
            box.setObjectName(f"houseRule-{rule_id}")
            box.setToolTip(house_rule_tooltip(rule))
            layout.addWidget(box, len(self.checks), 0)
            self.checks[rule_id] = box
        self.set_chosen(chosen)

    def set_chosen(self, chosen: Iterable[str]) -> None:
        """Tick exactly the house rules in `chosen`."""
        wanted = set(chosen)
        for rule_id, box in self.checks.items():
            box.setChecked(rule_id in wanted)

    def show_ruleset(self, ruleset: str | None) -> None:
        """Show only the house rules that belong to games of `ruleset` (those of every game
        and those of that ruleset); None shows them all (the Preferences)."""
        self.ruleset = ruleset
        shown = []
        for rule_id, box in self.checks.items():
            own = HOUSE_RULES[rule_id].ruleset
            box.setVisible(ruleset is None or not own or own == ruleset)
            self.grid.removeWidget(box)
            if not box.isHidden():
                shown.append(box)
        # More rules than a column holds comfortably go in two columns (a short dialog).
        columns = 2 if len(shown) > COLUMN_ROWS else 1
        rows = -(-len(shown) // columns)
        for index, box in enumerate(shown):
            self.grid.addWidget(box, index % rows, index // rows)

    def chosen(self) -> tuple[str, ...]:
        """The ids of the ticked house rules, sorted (only those shown, when a ruleset was
        chosen with `show_ruleset`)."""
        ruleset = self.ruleset
        return tuple(sorted(
            rule_id for rule_id, box in self.checks.items() if box.isChecked()
            and (ruleset is None or HOUSE_RULES[rule_id].ruleset in ("", ruleset))))
