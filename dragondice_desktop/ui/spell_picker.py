"""The spell picker: announcing spells after a magic roll, as a player reads them.

Shown by the decision panel while spells are announced (the snapshot's ``casting``, built by
the engine's ``casting_view``). It shows:

- the magic left ("Magic left: 5 of 7 (water 5, earth 2)");
- the spells announced, in the order they will resolve, each with a Take back button;
- every spell of the book grouped by element, with its cost, element, species, Reserve (R)
  and Cantrip (C) marks and its effect in a line, all from the engine's spell record; a spell
  the magic cannot cast now is greyed with the reason;
- once a spell is chosen, its targets: highlighted on the board (``targetsChanged``, a click
  there casts it) and as numbered buttons;
- "Resolve the spells" (or "Cast no spell") [D].

Nothing here decides a rule: the castings offered are the engine's legal ``cast`` actions.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy, QTreeWidget, QTreeWidgetItem, QVBoxLayout,
    QWidget,
)

from ..engine.core.actions import Action, Verb
from ..engine.spells.casting import CastingView, SpellChoice, target_text
from ..engine.core.state import GameState
from . import theme
from .game_log import player_text

# The book's elements in the order the groups are shown.
ELEMENT_ORDER = ("air", "death", "earth", "fire", "water", "elemental")
ORDINALS = ("1st", "2nd", "3rd")
DONE_KEY = "D"
SPELL_ROLE = Qt.ItemDataRole.UserRole
# The Take back buttons: Alt+1-9, for the spells announced in order (the cheat sheet reads it).
UNCAST_KEY = "Alt+{}"


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "4th" ... (n >= 1)."""
    return ORDINALS[n - 1] if n <= len(ORDINALS) else f"{n}th"


def element_name(state: GameState, element: str) -> str:
    """An element as the game's players call it: earth is "gold" in a 1996 game
    (``engine.classic.spells.colour_name``)."""
    if state.options.classic:
        from ..engine.classic.spells import colour_name

        return colour_name(element)
    return element


def spell_marks(choice: SpellChoice, state: GameState | None = None) -> str:
    """Cost, element, species and marks of a spell in a few words, from its record:
    "2 air · C", "3 air · Coral Elves", "4 water · R" ("2 gold" in a 1996 `state`)."""
    info = choice.spell.info
    colour = element_name(state, info.color) if state is not None else info.color
    parts = [f"{info.cost} {colour}"]
    if info.species is not None:
        parts.append(info.species.value)
    marks = "".join(m for m, on in (("R", info.reserve), ("C", info.cantrip)) if on)
    if marks:
        parts.append(marks)
    return " · ".join(parts)


def magic_text(view: CastingView, state: GameState | None = None) -> str:
    """ "Magic left: 5 of 7 (water 5, earth 2)" ("gold 2" in a 1996 `state`)."""
    magic = view.magic
    per = ", ".join(f"{element_name(state, element) if state else element} {n}"
                    for element, n in magic.by_element)
    return f"Magic left: {magic.left} of {magic.total}" + (f" ({per})" if per else "")


def announced_text(state: GameState, announced) -> str:
    """One announced spell: "Hailstorm (air) on Bob's Campaign army at Coastland Tower"."""
    on = target_text(state, announced.target)
    element = element_name(state, announced.element)
    return f"{announced.spell} ({element})" + (f" on {on}" if on else "")


def cast_target_label(state: GameState, action: Action) -> str:
    """A target button's words: the target ("Coastland Tower"), or "the casting army" for a
    spell that names none."""
    return target_text(state, tuple(action.args[2:])) or "the casting army"


class SpellPicker(QWidget):
    """The spells to announce. Signals: actionChosen(str) — a ``cast``, ``uncast`` or
    ``done`` action text; targetsChanged(object) — {target args tuple: action text} of the
    spell chosen (empty when none), for the board to highlight and take clicks.
    Attributes for tests: `magic_label`, `tree`, `buttons` (action text -> QPushButton),
    `chosen` (the SpellChoice picked, or None), `element` (the element paying it)."""

    actionChosen = Signal(str)
    targetsChanged = Signal(object)

    def __init__(self, state: GameState, view: CastingView,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state, self.view = state, view
        self.buttons: dict[str, QPushButton] = {}
        self.chosen: SpellChoice | None = None
        self.element: str | None = None  # the element paying the chosen spell
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.magic_label = QLabel(magic_text(view, state))
        self.magic_label.setObjectName("magicLeft")
        self.magic_label.setFont(theme.font(10, bold=True))
        self.magic_label.setWordWrap(True)
        limits = []
        if view.in_reserve:
            limits.append("a Reserve army casts only spells marked R")
        if view.cantrip_only and view.any_spell:
            limits.append("this Cantrip magic buys any spell, cast at once")
        elif view.cantrip_only:
            limits.append("this magic buys only Cantrip spells (C), cast at once")
        self.magic_label.setToolTip("Magic not yet spent on the spells announced; what one "
                                    "more spell could cost with each element"
                                    + ("\n" + "; ".join(limits) if limits else ""))
        layout.addWidget(self.magic_label)
        if limits:
            note = QLabel("; ".join(limits).capitalize())
            note.setWordWrap(True)
            note.setStyleSheet(theme.MUTED_CSS)
            layout.addWidget(note)
        self._add_announced(layout)
        self.tree = QTreeWidget()
        self.tree.setObjectName("spellTree")
        self.tree.setHeaderHidden(True)
        self.tree.setColumnCount(1)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setIndentation(10)
        self.tree.setMinimumHeight(190)
        self.tree.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Long effects wrap within the column (it follows the list's width) rather than end
        # in "…"; the row tooltips have them in full too.
        self.tree.header().setStretchLastSection(True)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self._fill_tree()
        self.tree.currentItemChanged.connect(lambda item, _old: self._choose(item))
        layout.addWidget(self.tree, 1)
        self.target_label = QLabel()
        self.target_label.setWordWrap(True)
        self.target_label.setStyleSheet(theme.MUTED_CSS)
        layout.addWidget(self.target_label)
        self._targets_box = QVBoxLayout()
        self._targets_box.setSpacing(3)
        layout.addLayout(self._targets_box)
        self._target_buttons: list[QWidget] = []  # the element row and target buttons
        count = len(view.announced)
        done_text = ("Resolve the spells announced" if count else
                     "Cast no spell (the magic is lost)")
        self.done_button = QPushButton(f"{done_text}   [{DONE_KEY}]")
        self.done_button.setShortcut(QKeySequence(DONE_KEY))
        self.done_button.setToolTip("Stop announcing: the spells resolve one by one, in the "
                                    "order listed" if count else
                                    "Announce nothing: magic not spent is lost")
        self.done_button.clicked.connect(lambda: self.actionChosen.emit("done"))
        self.buttons["done"] = self.done_button
        layout.addWidget(self.done_button)
        self.target_label.hide()

    # --- building ---------------------------------------------------------------------------

    def _add_announced(self, layout: QVBoxLayout) -> None:
        """The spells announced, numbered in their resolution order, each with Take back."""
        if not self.view.announced:
            return
        title = QLabel("Announced — they resolve in this order:")
        title.setFont(theme.font(9, bold=True))
        layout.addWidget(title)
        for n, announced in enumerate(self.view.announced, start=1):
            row = QHBoxLayout()
            text = announced_text(self.state, announced)
            label = QLabel(f"{ordinal(n)}: {text}")
            label.setWordWrap(True)
            label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            key = UNCAST_KEY.format(n) if n <= 9 else ""
            back = QPushButton(f"Take back [{key}]" if key else "Take back")
            if key:
                back.setShortcut(QKeySequence(key))
            back.setToolTip(f"Take back {text} before the spells resolve (its magic is free "
                            f"again)")
            action = f"{Verb.UNCAST.value} {n}"
            back.clicked.connect(lambda _=False, t=action: self.actionChosen.emit(t))
            self.buttons[action] = back
            row.addWidget(label, 1)
            row.addWidget(back, 0, Qt.AlignmentFlag.AlignTop)
            layout.addLayout(row)

    def _fill_tree(self) -> None:
        groups: dict[str, list[SpellChoice]] = {}
        for choice in self.view.choices:
            groups.setdefault(choice.spell.info.color, []).append(choice)
        muted = QBrush(QColor("#8a8a8a"))
        order = [e for e in ELEMENT_ORDER if e in groups] + sorted(set(groups) - set(ELEMENT_ORDER))
        for element in order:
            # Castable spells first, then by cost.
            choices = sorted(groups[element],
                             key=lambda c: (not c.actions, c.spell.info.cost, c.spell.name))
            castable = sum(1 for c in choices if c.actions)
            shown = element_name(self.state, element)
            head = QTreeWidgetItem([f"{shown.capitalize()} spells  ({castable} of "
                                    f"{len(choices)} castable)"])
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            head.setFont(0, theme.font(9.5, bold=True))
            self.tree.addTopLevelItem(head)
            for choice in choices:
                spell = choice.spell
                effect = player_text(spell.effect)
                line = f"{spell.name}   {spell_marks(choice, self.state)}\n{effect}"
                if not choice.actions:
                    line += f"\nCannot cast: {player_text(choice.reason)}"
                item = QTreeWidgetItem([line])
                item.setData(0, SPELL_ROLE, spell.name)
                tip = [f"{spell.name}: {spell_marks(choice, self.state)}", effect]
                if spell.cumulative:
                    tip.append("Castings on one target add up.")
                tip.append("R: a Reserve army may cast it. " if spell.info.reserve else
                           "A Reserve army may not cast it.")
                if spell.info.cantrip:
                    tip.append("C: Cantrip magic from other rolls may buy it.")
                if not choice.actions:
                    tip.append(f"Cannot cast now: {player_text(choice.reason)}")
                    item.setForeground(0, muted)
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    tip.append("Click it, then its target on the board (or below)")
                item.setToolTip(0, "\n".join(tip))
                head.addChild(item)
            # A group none of whose spells can be cast now stays folded (click to open).
            head.setExpanded(bool(castable))

    # --- choosing a spell and its target ---------------------------------------------------

    def choice_named(self, name: str) -> SpellChoice | None:
        """The spell `name` as offered now, or None."""
        return next((c for c in self.view.choices if c.spell.name == name), None)

    def spell_item(self, name: str) -> QTreeWidgetItem | None:
        """The tree row of spell `name` (tests click it)."""
        for i in range(self.tree.topLevelItemCount()):
            head = self.tree.topLevelItem(i)
            for j in range(head.childCount()):
                if head.child(j).data(0, SPELL_ROLE) == name:
                    return head.child(j)
        return None

    def choose(self, name: str) -> bool:
        """Choose spell `name` (as a click on its row would); False if it cannot be cast."""
        item = self.spell_item(name)
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return False
        self.tree.setCurrentItem(item)
        return self.chosen is not None and self.chosen.spell.name == name

    def _choose(self, item: QTreeWidgetItem | None) -> None:
        name = item.data(0, SPELL_ROLE) if item is not None else None
        choice = self.choice_named(name) if name else None
        if choice is not None and not choice.actions:
            choice = None
        self.chosen = choice
        self.element = None
        elements = list(dict.fromkeys(a.args[1] for a in choice.actions)) if choice else []
        self._show_targets(elements[0] if elements else None)

    def choose_element(self, element: str) -> None:
        """Pay the chosen spell with `element` (a spell any element may pay): its targets for
        that element are offered, on the board and as buttons."""
        if self.chosen is not None:
            self._show_targets(element)

    def _clear_targets(self) -> None:
        for button in self._target_buttons:
            self._targets_box.removeWidget(button)
            for text in [t for t, b in self.buttons.items() if b is button]:
                del self.buttons[text]  # in place: the decision panel shares this dict
            button.hide()
            if isinstance(button, QPushButton):
                button.setShortcut(QKeySequence())  # a key pressed now cannot reach it
            button.deleteLater()
        self._target_buttons = []

    def _show_targets(self, element: str | None) -> None:
        """The chosen spell's castings paid with `element`: lit on the board, as buttons; a
        spell several elements may pay first gets a row of element buttons."""
        self._clear_targets()
        choice = self.chosen
        if choice is None or element is None:
            self.target_label.hide()
            self.targetsChanged.emit({})
            return
        self.element = element
        elements = list(dict.fromkeys(a.args[1] for a in choice.actions))
        actions = [a for a in choice.actions if a.args[1] == element]
        targets = {tuple(a.args[2:]): a.to_text() for a in actions}
        aimed = any(a.args[2:] for a in actions)
        how = ("click a highlighted target on the board, or choose:" if aimed
               else "it needs no target; choose how to cast it:")
        paid = f" paid with {element_name(self.state, element)}" if len(elements) > 1 else ""
        self.target_label.setText(f"{choice.spell.name}{paid}: {how}")
        self.target_label.show()
        if len(elements) > 1:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(QLabel("Pay with:"))
            for name in elements:
                pay = QPushButton(element_name(self.state, name))
                pay.setObjectName(f"payWith-{name}")
                pay.setCheckable(True)
                pay.setChecked(name == element)
                pay.setToolTip(f"Pay {choice.spell.name} with "
                               f"{element_name(self.state, name)} magic")
                pay.clicked.connect(lambda _=False, e=name: self.choose_element(e))
                line.addWidget(pay)
            line.addStretch(1)
            self._targets_box.addWidget(row)
            self._target_buttons.append(row)
        for number, action in enumerate(actions, start=1):
            label = cast_target_label(self.state, action)
            key = str(number) if number <= 9 else ""
            button = QPushButton(f"Cast on {label}   [{key}]" if key else f"Cast on {label}")
            if key:
                button.setShortcut(QKeySequence(key))
            button.setToolTip(f"Announce {choice.spell.name} "
                              f"({element_name(self.state, element)}) on {label}")
            text = action.to_text()
            button.clicked.connect(lambda _=False, t=text: self.actionChosen.emit(t))
            self._targets_box.addWidget(button)
            self._target_buttons.append(button)
            self.buttons[text] = button
        self.targetsChanged.emit(targets)
