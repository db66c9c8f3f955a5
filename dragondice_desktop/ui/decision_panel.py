"""The pending decision, answered in the window: the prompt and one button per choice.

No modal dialogs during play: `DecisionPanel.set_snapshot` rebuilds the buttons from the
snapshot's legal actions and `actionChosen(text)` carries the answer to the worker. Moves that
are drags or clicks on the board (reinforce, retreat, carried items, casualties, units picked
for an SAI) get their keyboard equivalents here too: a button per kind of casualty or pick,
a unit picker with destination buttons in the Reserves phase. In a manual-dice game the face
of each die rolled is a decision too: a face picker (``face_picker.py``) replaces the buttons.
Announcing spells has its own picker (``spell_picker.py``): spells by element with their cost
and effect, the magic left, the spells announced with Take back, targets picked on the board.
"""

from __future__ import annotations

import re
from collections import OrderedDict

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox, QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QStyle,
    QStyleOptionButton, QStylePainter, QVBoxLayout, QWidget,
)

from ..engine.core.actions import Action, Verb
from ..engine.core.state import GameState, Phase, Step
from ..player_text import area_name
from ..worker.snapshot import GameSnapshot
from . import theme
from .action_text import action_label
from .face_picker import FACE_KEYS, FacePicker
from .game_log import player_text
from .moves import CARRY, chosen_casualties, effect_move_task, verb_named
from .spell_picker import SpellPicker

# Natural one-key shortcuts; numbered choices (frontiers, marches, targets) use 1-9.
# The cheat sheet (F1, `shortcuts.py`) is generated from these tables.
KEYS = {
    Verb.ROLLOFF: "R", Verb.GO_FIRST: "F", Verb.PICK_FRONTIER: "P", Verb.SKIP_MARCH: "S",
    Verb.MANEUVER: "M", Verb.NO_MANEUVER: "N", Verb.COUNTER: "C", Verb.NO_COUNTER: "N",
    Verb.NO_ACTION: "N", Verb.COUNTER_ATTACK: "C", Verb.NO_COUNTER_ATTACK: "N",
    Verb.END_REINFORCE: "E", Verb.END_TURN: "E",
}
ACTION_KEYS = {"melee": "M", "missile": "I", "magic": "G", "charge": "H"}  # charge: 1996
TURN_KEYS = {"up": "U", "down": "D"}
VALUE_KEYS = {"done": "D"}  # newer verbs, matched by text form (see moves.verb_named)
NUMBERED = (Verb.FRONTIER, Verb.MARCH, Verb.TARGET, Verb.KILL) + tuple(
    v for v in (verb_named("pick"), verb_named("choose")) if v)
# Choices naming one die, grouped per kind of die (see DecisionPanel._grouped): identical
# casualties, units picked, minor terrains brought into play are offered once.
GROUPED = tuple(v for v in (Verb.KILL, verb_named("pick"), Verb.BRING) if v)
# Die moves offered through the unit picker (the board drags them).
MOVES = tuple(v for v in (Verb.REINFORCE, Verb.RETREAT, CARRY) if v)
# The unit picker's keys: previous / next unit, then Ctrl+1-9 for a destination.
PICKER_KEYS = ("[", "]")
MOVE_KEY = "Ctrl+{}"
# The panel asks its dock for the height of everything it shows, up to this many pixels
# (beyond that it scrolls rather than squash its buttons).
MOST_MIN_HEIGHT = 330
# A face picker asks for more: every face of a d10 or d12 should show without scrolling.
PICKER_MIN_HEIGHT = 440
# The spell picker asks for this much: the spells announced, the list and the target buttons.
SPELL_PICKER_HEIGHT = 560
_KEY_SUFFIX = re.compile(r"\s+\[[^\]]+\]$")


def has_own_key(verb: Verb) -> bool:
    """True for verbs with a letter of their own (or a move through the unit picker); every
    other verb — including verbs the engine adds later — is numbered 1-9."""
    return (verb in KEYS or verb.value in VALUE_KEYS or verb in (Verb.ACTION, Verb.TURN)
            or verb in MOVES)


def is_numbered(verb: Verb) -> bool:
    """True when the buttons of `verb` take the number keys 1-9."""
    return verb in NUMBERED or not has_own_key(verb)


def shortcut_for(action: Action, number: int) -> str:
    """The key for an action's button; `number` is its 1-based place among numbered choices."""
    if action.verb in KEYS:
        return KEYS[action.verb]
    if action.verb.value in VALUE_KEYS:
        return VALUE_KEYS[action.verb.value]
    if action.verb is Verb.ACTION:
        return ACTION_KEYS.get(str(action.args[0]), "")
    if action.verb is Verb.TURN:
        return TURN_KEYS.get(str(action.args[0]), "")
    if is_numbered(action.verb) and number <= 9:
        return str(number)
    return ""


class ChoiceButton(QPushButton):
    """A push button whose label gives way when the panel is narrow: the label is elided
    (the key in brackets stays visible) and the full text goes in the tooltip. `text()` is
    always the whole label; the button never gets shorter than its text's height."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), 90), hint.height())

    def shown_text(self) -> str:
        """The label as painted at the button's current width."""
        text = self.text()
        option = QStyleOptionButton()
        self.initStyleOption(option)
        room = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option,
                                           self).width() - 8
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(text) <= room:
            return text
        key = _KEY_SUFFIX.search(text)
        suffix = key.group(0) if key else ""
        label = text[:len(text) - len(suffix)]
        return metrics.elidedText(label, Qt.TextElideMode.ElideRight,
                                  max(0, room - metrics.horizontalAdvance(suffix))) + suffix

    def paintEvent(self, event) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        full = self.text()
        tip = self.toolTip()
        base = tip.split("\n", 1)[1] if tip.startswith(full + "\n") else tip
        self.setToolTip(f"{full}\n{base}" if self.shown_text() != full else base)


def _discard(widget: QWidget) -> None:
    """Retire a widget at once: hidden and without its shortcut now (so a key pressed before
    the deferred delete cannot reach it or clash with its replacement), deleted later."""
    widget.hide()
    if isinstance(widget, QPushButton):
        widget.setShortcut(QKeySequence())
    widget.deleteLater()


class DecisionPanel(QWidget):
    """Shows who must decide what, with a button per legal choice.

    Signal actionChosen(str): the action text of the button pressed; targetsChanged(object):
    the board targets of the spell chosen in the spell picker ({target args: action text}).
    Attributes for tests: `prompt_label`, `buttons` (action text -> QPushButton),
    `spell_picker` (while spells are announced, else None).
    """

    actionChosen = Signal(str)
    targetsChanged = Signal(object)
    # The height the panel asks its dock for: the spell picker's list needs room (the dock
    # gets its earlier height back when the spells are announced).
    heightWanted = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.who_label = QLabel()
        self.who_label.setObjectName("decisionWho")
        self.prompt_label = QLabel("No game yet: Game ▸ New… (Ctrl+N)")
        self.prompt_label.setObjectName("decisionPrompt")
        self.prompt_label.setWordWrap(True)
        self.prompt_label.setFont(theme.font(10.5, bold=True))
        self.hint_label = QLabel()
        self.hint_label.setWordWrap(True)
        self.hint_label.setStyleSheet(theme.MUTED_CSS)
        # The casualties chosen so far (they stay in the army until all are chosen).
        self.chosen_label = QLabel()
        self.chosen_label.setObjectName("chosenCasualties")
        self.chosen_label.setWordWrap(True)
        self.chosen_label.hide()
        self._grid = QGridLayout()
        self._grid.setSpacing(4)
        self._moves_box = QVBoxLayout()
        self._moves_box.setSpacing(4)
        # Everything sits in a scroll area: a short dock scrolls the choices instead of
        # squashing them (the panel asks for their whole height first, see minimumSizeHint).
        self._content = QWidget()
        layout = QVBoxLayout(self._content)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.who_label)
        layout.addWidget(self.prompt_label)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.chosen_label)
        layout.addLayout(self._moves_box)
        layout.addLayout(self._grid)
        layout.addStretch(1)
        self._scroll = QScrollArea()
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setWidgetResizable(True)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll.setWidget(self._content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self._scroll)
        self.buttons: dict[str, QPushButton] = {}
        self.unit_picker: QComboBox | None = None
        self._state: GameState | None = None
        self._move_actions: list[Action] = []
        self._group_sizes: dict[str, int] = {}
        # (player, phase, step, turn) of the decision numbered last, and its numbers.
        self._numbering: tuple[tuple, dict[tuple, int]] = ((), {})
        self._destination_buttons: list[QPushButton] = []
        self._picking_face = False
        self.spell_picker: SpellPicker | None = None
        self._height_before: int | None = None
        # E ends the reinforce step and, in the retreat step, the turn: a second E right
        # after the first only says so (a third ends the turn), so E pressed twice never
        # skips the retreat step without a word. None: E ends the turn at once.
        self._end_turn_key_warned: bool | None = None
        self.hint_label.hide()

    # --- building -------------------------------------------------------------------------

    def set_snapshot(self, snapshot: GameSnapshot) -> None:
        """Show the decision pending in `snapshot` (or the winner once the game is over)."""
        state = self._state = snapshot.state
        casting = self.spell_picker is not None
        self._clear()
        self._show_chosen(state)
        if casting and self._height_before is not None and not (
                state.step is Step.CAST and snapshot.casting is not None):
            self.heightWanted.emit(self._height_before)
            self._height_before = None
        if state.pending is None:
            winner = state.players[state.winner].name if state.winner is not None else "Nobody"
            self.who_label.setText("")
            self.prompt_label.setText(f"Game over — {winner} wins. Game ▸ New… to play again.")
            self.hint_label.hide()
            self.updateGeometry()
            return
        player = state.pending.player
        colour = theme.player_color(player).darker(115).name()
        verb = "rolls" if state.awaiting is not None else "decides"
        self.who_label.setText(f"<span style='color:{colour}; font-weight:bold'>"
                               f"{state.players[player].name}</span> {verb}")
        prompt = player_text(state.pending.prompt)
        if chosen_casualties(state):
            prompt = prompt.split(" (chosen: ")[0]  # the list below says it
        self.prompt_label.setText(prompt)
        if state.awaiting is not None:
            self._add_face_picker(state)
            return
        if state.step is Step.CAST and snapshot.casting is not None and snapshot.legal:
            self._add_spell_picker(state, snapshot)
            return
        legal = list(snapshot.legal)
        hint = ""
        if state.phase is Phase.SETUP_ARMIES:
            # The assembly screen moves the dice (unseen); here only "keep the force's
            # armies" is offered, which the setup rules always allow.
            legal = [a for a in legal if a.verb is Verb.ARMIES_READY]
            hint = "Divide your units between your armies on the assembly screen"
        moves = [a for a in legal if a.verb in MOVES]
        others = [a for a in legal if a.verb not in MOVES]
        if state.step is Step.DAMAGE and state.damage:
            # The prompt says how much damage is left to assign.
            hint = (f"Drag units from the army to your "
                    f"{area_name('DUA', state.options.ruleset)} (or choose below)")
        elif state.step is Step.REINFORCE:
            hint = ("Drag units from your Reserve Area to a terrain (or pick one below)"
                    if moves else "No units in your Reserve Area to reinforce with")
        elif state.step is Step.RETREAT:
            hint = ("Drag units from terrains to your Reserve Area (or pick one below)"
                    if moves else "")
        elif (task := effect_move_task(state)) is not None:
            hint = (f"Drag {state.die_label(task.effect.die_id)} with the units going along "
                    f"to a highlighted place (or choose below)")
        elif any(a.verb in GROUPED and a.verb not in (Verb.KILL, Verb.BRING) for a in others):
            hint = "Click a highlighted unit on the board (or choose below)"
        others = self._grouped(state, others)
        last = snapshot.record.actions[-1:] if snapshot.record is not None else ()
        self._end_turn_key_warned = (
            False if state.step is Step.RETREAT and moves
            and tuple(a.verb for a in last) == (Verb.END_REINFORCE,) else None)
        self.hint_label.setText(hint)
        self.hint_label.setVisible(bool(hint))
        if moves:
            self._add_move_picker(state, moves)
        numbers = self._numbers_for(state, [a for a in others if is_numbered(a.verb)])
        placed: list[tuple[QPushButton, bool]] = []
        for action in others:
            number = numbers.get(self._choice_key(state, action), 0)
            placed.append(self._button(state, action, shortcut_for(action, number)))
        self._lay_out(placed)
        self.updateGeometry()

    @staticmethod
    def _choice_key(state: GameState, action: Action) -> tuple:
        """What a numbered choice is, the same from one snapshot to the next: a grouped
        choice by its kind of die and where it stands (the die offered for the group changes
        as its fellows are picked), any other by its text form."""
        if (action.verb in GROUPED and len(action.args) == 1
                and isinstance(action.args[0], int)):
            die_id = action.args[0]
            return (action.verb, state.dice[die_id].key, state.zones[die_id])
        return (action.to_text(),)

    def _numbers_for(self, state: GameState, numbered: list[Action]) -> dict[tuple, int]:
        """The number key of each numbered choice. While one decision goes on choice by
        choice (the same player, phase and step, and only choices offered before), each
        keeps the number it had, so a player pressing 1, 2, 3 gets the first, second and
        third of the choices first shown; a new decision numbers from 1 again."""
        keys = [self._choice_key(state, a) for a in numbered]
        pending = state.pending
        where = (pending.player if pending else None, state.phase, state.step,
                 state.turn_number)
        before, numbers = self._numbering
        if not (where == before and keys and all(k in numbers for k in keys)):
            numbers = {key: n for n, key in enumerate(dict.fromkeys(keys), start=1)}
        self._numbering = (where, numbers)
        return numbers

    def _show_chosen(self, state: GameState) -> None:
        """While casualties are chosen one by one: the ones chosen so far, each kind once
        with its count ("✓ Chosen: War Driver, Spearer ×2")."""
        chosen = chosen_casualties(state)
        if not chosen:
            self.chosen_label.hide()
            return
        counts: OrderedDict[str, int] = OrderedDict()
        for die_id in chosen:
            name = state.dice[die_id].die.name
            counts[name] = counts.get(name, 0) + 1
        names = ", ".join(name + (f" ×{n}" if n > 1 else "") for name, n in counts.items())
        self.chosen_label.setText(f"✓ Chosen: {names} — they go together once all the "
                                  f"damage is assigned (Undo takes the last one back)")
        colour = "#ff8a80" if theme.is_dark() else "#b02a2a"  # the log's damage colour
        self.chosen_label.setStyleSheet(f"color: {colour}; font-weight: bold;")
        self.chosen_label.show()

    def _add_face_picker(self, state: GameState) -> None:
        """Manual dice: a button per face of the die asked for, and "Let the app roll it"."""
        keys = min(state.awaiting.face_count, len(FACE_KEYS))
        self.hint_label.setText(f"Roll the die, then click the face it shows (keys 1-{keys})")
        self.hint_label.show()
        picker = FacePicker(state.awaiting)
        picker.actionChosen.connect(self.actionChosen)
        self._moves_box.addWidget(picker)
        self.buttons.update(picker.buttons)
        self._picking_face = True
        self.updateGeometry()

    def _add_spell_picker(self, state: GameState, snapshot: GameSnapshot) -> None:
        """Spells to announce: the spell picker in place of a button per casting."""
        self.prompt_label.setText("Announce spells: choose a spell, then its target")
        self.hint_label.setText("Every spell is announced before any resolves; take one back "
                                "until you resolve them")
        self.hint_label.show()
        picker = SpellPicker(state, snapshot.casting)
        picker.actionChosen.connect(self.actionChosen)
        picker.targetsChanged.connect(self.targetsChanged)
        self._moves_box.addWidget(picker)
        self.spell_picker = picker
        self.buttons = picker.buttons  # the picker adds its target buttons as a spell is chosen
        self._picking_face = True  # as tall as a face picker: the spell list needs the room
        self.updateGeometry()
        if self._height_before is None:
            self._height_before = self.height()
            self.heightWanted.emit(SPELL_PICKER_HEIGHT)

    def _grouped(self, state: GameState, actions: list[Action]) -> list[Action]:
        """One button per kind of unit for casualties and SAI picks: identical dice in one
        army are interchangeable, so "War Driver ×4" beats four equal buttons (the board
        still takes a particular die: drag it, or click it)."""
        groups: OrderedDict[tuple, list[Action]] = OrderedDict()
        rest = []
        for action in actions:
            if (action.verb in GROUPED and len(action.args) == 1
                    and isinstance(action.args[0], int)):
                die_id = action.args[0]
                key = (action.verb, state.dice[die_id].key, state.zones[die_id])
                groups.setdefault(key, []).append(action)
            else:
                rest.append(action)
        self._group_sizes = {group[0].to_text(): len(group) for group in groups.values()}
        return [group[0] for group in groups.values()] + rest

    def _button(self, state: GameState, action: Action, key: str) -> tuple[QPushButton, bool]:
        """A button for `action` (registered in `buttons`) and whether it needs a full row."""
        label = player_text(action_label(state, action))
        count = self._group_sizes.get(action.to_text(), 1)
        if count > 1 and action.verb is Verb.BRING:
            # "Bring a Deadland Village ×2 into play": the count before the words that may
            # be cut at a narrow width.
            name = state.dice[action.args[0]].die.name
            label = label.replace(f"Bring the {name}", f"Bring a {name} ×{count}", 1)
        elif count > 1:
            label += f"  (×{count})"
        button = ChoiceButton(f"{label}   [{key}]" if key else label)
        button.setToolTip(label + (f" (key {key})" if key else ""))
        text = action.to_text()
        if key:
            button.setShortcut(QKeySequence(key))
        if action.verb is Verb.END_TURN and self._end_turn_key_warned is not None:
            button.installEventFilter(self)  # its key may be held back (see eventFilter)
        button.clicked.connect(lambda _=False, t=text: self.actionChosen.emit(t))
        if text == getattr(state.pending, "default", ""):
            # The engine's suggestion when the player has no preference (SAI choices).
            button.setStyleSheet("font-weight: bold;")
            button.setToolTip(f"{label} — the suggested choice")
        self.buttons[text] = button
        wide = len(label) > 22 or is_numbered(action.verb)
        return button, wide

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        """The End turn button's key in the retreat step just after a key ended the reinforce
        step: the first press only says that the turn would end without a retreat; the next
        one ends it. A click on the button ends the turn at once."""
        if (event.type() == QEvent.Type.Shortcut and isinstance(watched, QPushButton)
                and self._end_turn_key_warned is False):
            self._end_turn_key_warned = True
            self.hint_label.setText("Now the retreat step: drag units back to your Reserve "
                                    "Area, or press E again to end your turn without "
                                    "retreating")
            self.hint_label.show()
            self.updateGeometry()
            return True
        return super().eventFilter(watched, event)

    def _lay_out(self, placed: list[tuple[QPushButton, bool]]) -> None:
        """Long labels take a whole row; short answers (yes/no pairs) sit two to a row."""
        row, column = 0, 0
        for button, wide in placed:
            if wide:
                if column:
                    row, column = row + 1, 0
                self._grid.addWidget(button, row, 0, 1, 2)
                row += 1
            else:
                self._grid.addWidget(button, row, column)
                row, column = (row, 1) if column == 0 else (row + 1, 0)

    def _add_move_picker(self, state: GameState, moves: list[Action]) -> None:
        """A unit picker plus one button per destination: the keyboard way to drag."""
        self._move_actions = moves
        picker = QComboBox()
        picker.setObjectName("unitPicker")
        # Long unit names must not widen the dock: the box keeps a readable width and
        # height, and its list shows the names in full.
        picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        picker.setMinimumContentsLength(14)
        picker.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        seen = []
        for action in moves:
            die_id = action.args[0]
            if die_id not in seen:
                seen.append(die_id)
                where = state.zone_name(state.zones[die_id])
                picker.addItem(f"{state.dice[die_id].die.name} ({where})", die_id)
        self.unit_picker = picker
        picker.setToolTip(f"Choose the unit to move ({PICKER_KEYS[0]} and {PICKER_KEYS[1]} step "
                          f"through them), then its destination (Ctrl+1-9)")
        for key, step in zip(PICKER_KEYS, (-1, 1)):
            # Parented to the picker, so the keys go away with it.
            shortcut = QShortcut(QKeySequence(key), picker)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda s=step, p=picker: p.setCurrentIndex(
                (p.currentIndex() + s) % max(1, p.count())))
        picker.setMinimumHeight(picker.sizeHint().height())
        picker.view().setTextElideMode(Qt.TextElideMode.ElideNone)
        self._moves_box.addWidget(picker)
        picker.currentIndexChanged.connect(lambda _i: self._show_destinations())
        self._show_destinations()

    def _show_destinations(self) -> None:
        for button in self._destination_buttons:
            self._moves_box.removeWidget(button)
            _discard(button)
            self.buttons = {t: b for t, b in self.buttons.items() if b is not button}
        self._destination_buttons = []
        die_id = self.unit_picker.currentData()
        state = self._state
        number = 0
        for action in self._move_actions:
            if action.args[0] != die_id:
                continue
            number += 1
            if action.verb is Verb.REINFORCE:
                label = f"→ {state.zone_name(action.args[1])}"
            elif action.verb is Verb.RETREAT:
                label = "→ Reserve Area"
            else:
                unit = action.args[1]
                label = (f"→ with the {state.dice[unit].die.name} "
                         f"({state.zone_name(state.zones[unit])})")
            key = MOVE_KEY.format(number)
            button = ChoiceButton(f"{label}  [{key}]")
            button.setShortcut(QKeySequence(key))
            button.setToolTip(player_text(action_label(state, action)))
            text = action.to_text()
            button.clicked.connect(lambda _=False, t=text: self.actionChosen.emit(t))
            self._moves_box.addWidget(button)
            self._destination_buttons.append(button)
            self.buttons[text] = button
        self.updateGeometry()

    def _clear(self) -> None:
        self.buttons = {}
        self._picking_face = False
        self.spell_picker = None
        self._group_sizes = {}
        self._destination_buttons = []
        self.unit_picker = None
        for layout in (self._grid, self._moves_box):
            while layout.count():
                item = layout.takeAt(0)
                if item.widget() is not None:
                    _discard(item.widget())

    def _content_height(self) -> int:
        """The height everything shown needs at the panel's current width."""
        layout = self._content.layout()
        width = max(self.width(), 200)
        if layout.hasHeightForWidth():
            return layout.totalHeightForWidth(width)
        return layout.totalMinimumSize().height()

    def sizeHint(self) -> QSize:
        return QSize(max(self._content.sizeHint().width(), 340), self._content_height())

    def minimumSizeHint(self) -> QSize:
        most = PICKER_MIN_HEIGHT if self._picking_face else MOST_MIN_HEIGHT
        return QSize(200, min(self._content_height(), most))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # wrapped text takes a different height

