"""Count a roll: players who roll their own dice pick the dice and click the face each shows;
the app counts the roll the way the game does (issue 3 §4).

The form — roll type, eighth face, the dice and their faces — lives in ``CountRollState``
(``count_roll_model.py``); every change is counted again at once by ``engine.resolve`` (the
same code as ``dragondice resolve FILE``), so the dialog, the command line and the game always
agree. "Copy as JSON" gives that file.

Each die is a card showing all of its faces as small dice; a face that rolls the die again
(Rend, Tail, Bullseye ...) opens a "rolled again:" row for the next face. Under the faces the
card says what the die gave, what the app cannot resolve (in orange) and the effects the
players apply themselves. The right-hand side shows the totals, what is still missing, and the
engine's "explain this roll" text.

Non-modal: open it with ``CountRollDialog(parent).show()``; it deletes itself when closed.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from PySide6.QtCore import QSize, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup, QCheckBox, QComboBox, QCompleter, QDialog, QFrame,
    QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QScrollArea, QSplitter,
    QToolButton, QVBoxLayout, QWidget,
)

from ..catalog.loader import load_catalog
from ..catalog.model import Die
from ..player_text import player_text
from ..engine.core.options import CLASSIC, RULESETS
from . import theme
from .count_roll_model import (
    ROLL_KINDS, Count, CountRollState, find_die, rollable_dice, ruleset_fault, terrains,
)
from .dice_painter import render_die

FACE_SIZE = 40
ERROR_COLOR = "#c0392b"


def face_pixmap(widget: QWidget, die: Die, face: int, highlighted: bool = False) -> QPixmap:
    """A FACE_SIZE picture of `die` showing `face`, sharp on this screen's pixel density."""
    ratio = widget.devicePixelRatioF()
    pixmap = QPixmap(render_die(die, face, round(FACE_SIZE * ratio), highlighted=highlighted))
    pixmap.setDevicePixelRatio(ratio)  # on a copy: the painter's cached pixmap is shared
    return pixmap


def discard(widget: QWidget) -> None:
    """Take a widget out of its layout now and delete it later (deleteLater alone leaves it
    on screen until the event loop runs, and a quick second refresh would show both)."""
    widget.hide()
    widget.setParent(None)
    widget.deleteLater()


def _for_players(explain: str) -> str:
    """The engine's explanation of a roll without its internal references, line by line
    (each line's indentation kept)."""
    return "\n".join(line[:len(line) - len(line.lstrip())] + player_text(line.lstrip())
                     for line in explain.split("\n"))


def gains_text(report_die: dict) -> str:
    """What one die gave in resolve's report, per type: "8 melee, 1 save" or "nothing"
    (a Rend and the face of its re-roll add up; the tooltip lists each result)."""
    amounts: dict[str, int] = {}
    for result in report_die["results"]:
        amounts[result["type"]] = amounts.get(result["type"], 0) + result["amount"]
    return ", ".join(f"{n} {name}" for name, n in amounts.items() if n) or "nothing"


def totals_text(count: Count) -> str:
    """"Melee: 5"; "Save 2 · Melee 4 · Missile 0" for a roll that counts several types;
    "so far" while some dice still need a face."""
    if count.report is None:
        return "Total: —"
    totals = count.report["totals"]
    if len(totals) == 1:
        (name, amount), = totals.items()
        text = f"{name.capitalize()}: {amount}"
    else:
        text = " · ".join(f"{name.capitalize()} {amount}" for name, amount in totals.items())
    return f"{text} so far" if count.partial else text


# ------------------------------------------------------------------------------------------
# One die
# ------------------------------------------------------------------------------------------


class FaceStrip(QWidget):
    """Every face of one die as a row of small dice; click the face the die showed.
    `buttons[i]` is face i (for tests); `faceClicked(i)` is emitted on a click."""

    faceClicked = Signal(int)

    def __init__(self, die: Die, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = die
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(1)
        label = QLabel(caption)
        label.setFixedWidth(84)
        label.setStyleSheet("font-size: 8.5pt; " + theme.MUTED_CSS)
        row.addWidget(label)
        self.group = QButtonGroup(self)
        self.buttons: list[QToolButton] = []
        for face in range(len(die.faces)):
            row.addWidget(self._button(face))
        row.addStretch(1)
        self.group.idClicked.connect(self.faceClicked)

    def _button(self, face: int) -> QToolButton:
        button = QToolButton()
        button.setCheckable(True)
        button.setAutoRaise(True)
        button.setIcon(QIcon(face_pixmap(self, self.die, face)))
        button.setIconSize(QSize(FACE_SIZE, FACE_SIZE))
        text = self.die.faces[face].to_text()
        button.setToolTip(text)
        button.setAccessibleName(text)
        button.setStyleSheet("QToolButton { border: 2px solid transparent; border-radius: 6px; }"
                             f"QToolButton:checked {{ border-color: {theme.HIGHLIGHT};"
                             " background: rgba(255, 210, 60, 70); }")
        self.group.addButton(button, face)
        self.buttons.append(button)
        return button

    def show_face(self, face: int | None) -> None:
        """Mark `face` as the one shown (None: nothing picked yet)."""
        # An exclusive group cannot uncheck its last button; drop exclusivity for a moment.
        self.group.setExclusive(False)
        for index, button in enumerate(self.buttons):
            button.setChecked(index == face)
        self.group.setExclusive(True)


class DieCard(QFrame):
    """One rolled die: its name, a face row for the first roll and one per re-roll, and what
    it gave. For tests: `strips` (one FaceStrip per roll), `gains_label`, `note_labels`,
    `unresolved_labels`, `remove_button`."""

    faceChosen = Signal(int, int)  # (roll slot, face index)
    removeRequested = Signal()

    def __init__(self, die: Die, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = die
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 6)
        self._layout.setSpacing(2)
        self._layout.addLayout(self._header())
        self.strips: list[FaceStrip] = []
        self._strip_box = QVBoxLayout()
        self._strip_box.setSpacing(0)
        self._layout.addLayout(self._strip_box)
        self.gains_label = QLabel()
        self._layout.addWidget(self.gains_label)
        self._notes_box = QVBoxLayout()
        self._notes_box.setSpacing(0)
        self._layout.addLayout(self._notes_box)
        self.note_labels: list[QLabel] = []
        self.unresolved_labels: list[QLabel] = []

    def _header(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.name_label = QLabel()
        self.name_label.setStyleSheet("font-weight: bold;")
        row.addWidget(self.name_label)
        kind = self.die.kind.value
        what = f"{self.die.species.value} {kind}" if self.die.species else kind
        detail = QLabel(f"{what} · d{len(self.die.faces)}")
        detail.setStyleSheet("font-size: 8.5pt; " + theme.MUTED_CSS)
        row.addWidget(detail)
        row.addStretch(1)
        self.remove_button = QToolButton()
        self.remove_button.setText("Remove")
        self.remove_button.setToolTip("Take this die out of the roll")
        self.remove_button.clicked.connect(self.removeRequested)
        row.addWidget(self.remove_button)
        return row

    def show_state(self, name: str, faces: list[int], next_slot: int | None,
                   report_die: dict | None) -> None:
        """Draw the die as the form has it: `faces` picked so far, a row for `next_slot` when
        a face is still needed, and resolve's breakdown for it (None: not counted yet)."""
        self.name_label.setText(name)
        rows = len(faces) + (1 if next_slot is not None else 0)
        while len(self.strips) > rows:
            discard(self.strips.pop())
        while len(self.strips) < rows:
            self._add_strip(len(self.strips))
        for slot, strip in enumerate(self.strips):
            strip.show_face(faces[slot] if slot < len(faces) else None)
        self._show_breakdown(report_die, next_slot)

    def _add_strip(self, slot: int) -> None:
        strip = FaceStrip(self.die, "shows:" if slot == 0 else "rolled again:")
        strip.faceClicked.connect(lambda face, slot=slot: self.faceChosen.emit(slot, face))
        self._strip_box.addWidget(strip)
        self.strips.append(strip)

    def _show_breakdown(self, report_die: dict | None, next_slot: int | None) -> None:
        for label in self.note_labels:
            discard(label)
        self.note_labels, self.unresolved_labels = [], []
        if report_die is None:
            waiting = {None: "not counted", 0: "click the face it shows"}.get(
                next_slot, "rolled again: click the face it shows now")
            self.gains_label.setText(waiting)
            self.gains_label.setStyleSheet("font-size: 8.5pt; font-style: italic; "
                                           + theme.MUTED_CSS)
            return
        gains = gains_text(report_die)
        colour = "color: #999;" if gains == "nothing" else f"color: {theme.gain_color()};"
        self.gains_label.setText(f"gives {gains}")
        self.gains_label.setStyleSheet(f"font-weight: bold; {colour}")
        self.gains_label.setToolTip("\n".join(
            f"+{r['amount']} {r['type']}: {player_text(r['source'])} (step {r['step']})"
            for r in report_die["results"]))
        for reason in report_die["unresolved"]:
            label = self._note(f"⚠ not resolved: {player_text(reason)}",
                               f"color: {theme.UNRESOLVED_COLOR}; font-weight: bold;")
            self.unresolved_labels.append(label)
        for note in report_die["effects"]:
            self._note(f"effect: {player_text(note)}", theme.MUTED_CSS)

    def _note(self, text: str, css: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setStyleSheet(f"font-size: 8.5pt; {css}")
        self._notes_box.addWidget(label)
        self.note_labels.append(label)
        return label


# ------------------------------------------------------------------------------------------
# The dialog
# ------------------------------------------------------------------------------------------


class CountRollDialog(QDialog):
    """Describe a roll made with real dice and see it counted.

    API: `add_die(ref) -> Die` (a key or unique name; raises ValueError), `choose_face(index,
    slot, face)` (what a click on a face does), `remove_die(index)`, `clear()`,
    `set_roll_kind(label)`, `set_eighth_face(held)`, `json_text()`, `copy_json()`; the
    latest `count` (a ``Count``: resolve's report, hints, error) and the `state`.
    `set_ruleset(key)`.
    Widgets for tests: `kind_combo`, `eighth_check`, `terrain_combo`, `ruleset_combo`,
    `charge_check`, `search`, `add_button`,
    `search_error`, `cards`, `total_label`, `status_label`, `unresolved_label`,
    `explain_view`, `copy_button`, `clear_button`; `search_queued` is True while an add typed
    in the search field waits for the event loop.
    """

    def __init__(self, parent: QWidget | None = None, ruleset: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Count a roll")
        self.setObjectName("countRollDialog")
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(1080, 680)
        self.state = CountRollState()
        self.cards: list[DieCard] = []
        self.count = self.state.count()
        self.search_queued = False  # an add from the search field waits for the event loop
        layout = QVBoxLayout(self)
        layout.addLayout(self._roll_row())
        layout.addLayout(self._search_row())
        self.search_error = QLabel()
        self.search_error.setStyleSheet(f"color: {ERROR_COLOR};")
        self.search_error.hide()
        layout.addWidget(self.search_error)
        splitter = QSplitter()
        splitter.addWidget(self._dice_area())
        splitter.addWidget(self._result_area())
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([620, 440])
        layout.addWidget(splitter, 1)
        layout.addLayout(self._button_row())
        self._show_ruleset()
        if ruleset is not None:
            self.set_ruleset(ruleset)
        self._refresh()

    # ---------------------------------------------------------------- building

    def _roll_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Roll:"))
        self.kind_combo = QComboBox()
        for kind in ROLL_KINDS:
            self.kind_combo.addItem(kind.label, kind)
        self.kind_combo.setCurrentIndex(ROLL_KINDS.index(self.state.kind))
        self.kind_combo.currentIndexChanged.connect(self._on_kind)
        row.addWidget(self.kind_combo)
        row.addSpacing(16)
        row.addWidget(QLabel("At:"))
        self.terrain_combo = QComboBox()
        self.terrain_combo.setToolTip("The terrain where the army rolls: its elements bring "
                                      "the species abilities that count some results as "
                                      "others (Dwarves' melee as maneuver at an earth "
                                      "terrain ...)")
        self.terrain_combo.addItem("No terrain given", None)
        for die in terrains():
            self.terrain_combo.addItem(die.name, die.key)
        self.terrain_combo.setCurrentIndex(max(0, self.terrain_combo.findData(
            self.state.terrain)))
        self.terrain_combo.currentIndexChanged.connect(self._on_terrain)
        row.addWidget(self.terrain_combo)
        self.eighth_check = QCheckBox("Army holds its eighth face")
        self.eighth_check.setToolTip("Controlling a terrain's eighth face doubles the army's ID "
                                     "results")
        self.eighth_check.toggled.connect(self._on_eighth)
        row.addWidget(self.eighth_check)
        row.addSpacing(16)
        row.addWidget(QLabel("Rules:"))
        self.ruleset_combo = QComboBox()
        self.ruleset_combo.setToolTip("The game whose rules count the roll: SFR's v4.01, or the "
                                      "1996 TSR game, where many icons meant something else "
                                      "(Bullseye, Smite, Trample, Counter ...)")
        for key, name in RULESETS.items():
            self.ruleset_combo.addItem(name, key)
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(
            self.state.ruleset)))
        self.ruleset_combo.currentIndexChanged.connect(self._on_ruleset)
        row.addWidget(self.ruleset_combo)
        self.charge_check = QCheckBox("Charge")
        self.charge_check.setToolTip("1996 game: the melee is a charge, not a skirmish — the "
                                     "charging army's maneuvers hit, and the defender makes "
                                     "one roll counting saves and melee")
        self.charge_check.toggled.connect(self._on_charge)
        row.addWidget(self.charge_check)
        self._show_charge()
        row.addStretch(1)
        return row

    def _search_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Add a die:"))
        self.search = QLineEdit()
        self.search.setPlaceholderText("unit or item, e.g. Footman or Dwarves/Androsphinx")
        self.search.setClearButtonEnabled(True)
        self._dice_names = QStringListModel([d.key for d in rollable_dice()], self)
        completer = QCompleter(self._dice_names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setMaxVisibleItems(12)
        self.search.setCompleter(completer)
        # Connected after setCompleter, so the line edit takes the completion first.
        completer.activated[str].connect(self._on_completed)
        self.search.returnPressed.connect(self._queue_search)
        self.search.textEdited.connect(lambda _: self.search_error.hide())
        row.addWidget(self.search, 1)
        self.add_button = QPushButton("Add")
        self.add_button.setAutoDefault(False)  # Enter in the search field adds, once
        self.add_button.clicked.connect(self._on_search)
        row.addWidget(self.add_button)
        return row

    def _dice_area(self) -> QScrollArea:
        self._cards_box = QVBoxLayout()
        self._cards_box.setSpacing(6)
        self._empty_label = QLabel("No dice yet. Add each die you rolled, then click the face "
                                   "it shows.")
        self._empty_label.setWordWrap(True)
        self._empty_label.setStyleSheet(theme.MUTED_CSS)
        self._cards_box.addWidget(self._empty_label)
        content = QWidget()
        outer = QVBoxLayout(content)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addLayout(self._cards_box)
        outer.addStretch(1)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setWidget(content)
        self._scroll = area
        return area

    def _result_area(self) -> QWidget:
        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(6, 0, 0, 0)
        self.roll_label = QLabel()
        self.roll_label.setWordWrap(True)
        self.roll_label.setStyleSheet(theme.MUTED_CSS)
        column.addWidget(self.roll_label)
        self.total_label = QLabel()
        self.total_label.setObjectName("countTotal")
        self.total_label.setFont(theme.font(16, bold=True))
        column.addWidget(self.total_label)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        column.addWidget(self.status_label)
        self.unresolved_label = QLabel()
        self.unresolved_label.setWordWrap(True)
        self.unresolved_label.setStyleSheet(f"color: {theme.UNRESOLVED_COLOR}; font-weight: bold;")
        column.addWidget(self.unresolved_label)
        explain_title = QLabel("Explain this roll")
        explain_title.setStyleSheet("font-weight: bold;")
        column.addWidget(explain_title)
        self.explain_view = QPlainTextEdit()
        self.explain_view.setReadOnly(True)
        self.explain_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(8.5)
        self.explain_view.setFont(mono)
        self.explain_view.setPlaceholderText("The breakdown of the roll, die by die and step by "
                                             "step, appears here as you click faces.")
        column.addWidget(self.explain_view, 1)
        return side

    def _button_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.copy_button = self._push("Copy as JSON", self.copy_json,
                                      "The roll in the resolve format: `dragondice resolve "
                                      "FILE` counts the same roll")
        self.clear_button = self._push("Clear", self.clear, "Take every die out of the roll")
        row.addWidget(self.copy_button)
        row.addWidget(self.clear_button)
        self.copied_label = QLabel()
        self.copied_label.setStyleSheet(theme.MUTED_CSS)
        row.addWidget(self.copied_label)
        row.addStretch(1)
        row.addWidget(self._push("Close", self.close, ""))
        return row

    def _push(self, text: str, slot: Callable[[], object], tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setAutoDefault(False)
        button.setToolTip(tip)
        button.clicked.connect(lambda: slot())
        return button

    # ---------------------------------------------------------------- API

    def add_die(self, ref: str | Die) -> Die:
        """Add a die (a Die, a key or a unique name) to the rolling army, with no face picked
        yet. Raises ValueError with a message for the player."""
        die = ref if isinstance(ref, Die) else find_die(ref)
        if not (die.kind.is_unit or die.kind.is_item):
            raise ValueError(f"{die.name} is a {die.kind.value}: only units and items roll in "
                             f"an army roll")
        self.state.add(die)
        card = DieCard(die)
        card.faceChosen.connect(lambda slot, face, card=card: self._on_face(card, slot, face))
        card.removeRequested.connect(lambda card=card: self.remove_die(self.cards.index(card)))
        self.cards.append(card)
        self._cards_box.addWidget(card)
        self._refresh()
        self._scroll.ensureWidgetVisible(card)
        return die

    def choose_face(self, index: int, slot: int, face: int) -> None:
        """Die `index` showed `face` on roll `slot` (0: first roll, 1: its re-roll ...)."""
        self.state.set_face(index, slot, face)
        self._refresh()

    def remove_die(self, index: int) -> None:
        self.state.remove(index)
        discard(self.cards.pop(index))
        self._refresh()

    def clear(self) -> None:
        """Take every die out; the roll type and eighth face stay as they are."""
        self.state.clear()
        for card in self.cards:
            discard(card)
        self.cards.clear()
        self._refresh()

    def set_roll_kind(self, label: str) -> None:
        """Choose the roll type by its label in the list ("Melee", "Save against melee" ...)."""
        index = self.kind_combo.findText(label)
        if index < 0:
            raise ValueError(f"no roll type {label!r}")
        self.kind_combo.setCurrentIndex(index)

    def set_eighth_face(self, held: bool) -> None:
        self.eighth_check.setChecked(held)

    def set_ruleset(self, ruleset: str) -> None:
        """Count under `ruleset` ("v4.01" or "classic"); raises ValueError for another."""
        index = self.ruleset_combo.findData(ruleset)
        if index < 0:
            raise ValueError(f"no ruleset {ruleset!r}")
        self.ruleset_combo.setCurrentIndex(index)

    def json_text(self) -> str:
        """The roll in the resolve format, as `dragondice resolve FILE` reads it."""
        return json.dumps(self.state.to_data(), indent=2)

    def copy_json(self) -> None:
        """Put the resolve-format JSON on the clipboard."""
        QGuiApplication.clipboard().setText(self.json_text())
        self.copied_label.setText("Copied. Save it to a file for `dragondice resolve FILE`.")

    # ---------------------------------------------------------------- reacting

    def _on_kind(self, index: int) -> None:
        self.state.set_kind(self.kind_combo.itemData(index))
        self._show_charge()
        self._refresh()

    def _on_ruleset(self, index: int) -> None:
        self.state.set_ruleset(self.ruleset_combo.itemData(index))
        self._show_charge()
        self._show_ruleset()
        self._refresh()

    def _show_ruleset(self) -> None:
        """Offer only what the chosen game has: the search completes the dice of that game,
        and a terrain it lacks stays in the list greyed out, its reason in the tooltip
        (``ruleset_fault``, the force builder's rule)."""
        ruleset = self.state.ruleset
        self._dice_names.setStringList([d.key for d in rollable_dice(ruleset)])
        model = self.terrain_combo.model()
        for row in range(1, self.terrain_combo.count()):
            die = load_catalog().die(self.terrain_combo.itemData(row))
            fault = ruleset_fault(die, ruleset)
            item = model.item(row)  # type: ignore[attr-defined]  # a QStandardItemModel
            item.setEnabled(fault is None)
            item.setText(die.name if fault is None else f"{die.name} (not in this game)")
            item.setToolTip(fault or "")

    def _on_charge(self, *_: object) -> None:
        self.state.set_charge(self.charge_check.isChecked())
        self._refresh()

    def _show_charge(self) -> None:
        """The Charge box is offered only where the 1996 game has charges."""
        self.charge_check.blockSignals(True)
        self.charge_check.setChecked(self.state.charge)
        self.charge_check.setEnabled(self.state.allows_charge)
        self.charge_check.setVisible(self.state.ruleset == CLASSIC)
        self.charge_check.blockSignals(False)

    def _on_eighth(self, *_: object) -> None:
        self.state.set_eighth_face(self.eighth_check.isChecked(),
                                   self.terrain_combo.currentData())
        self._show_terrain()
        self._refresh()

    def _on_terrain(self, *_: object) -> None:
        self.state.set_terrain(self.terrain_combo.currentData())
        self._show_terrain()
        self._refresh()

    def _show_terrain(self) -> None:
        """The form shows the model's terrain and eighth face (holding an eighth face with no
        terrain chosen picks one, in view)."""
        self.terrain_combo.blockSignals(True)
        self.terrain_combo.setCurrentIndex(max(0, self.terrain_combo.findData(
            self.state.terrain)))
        self.terrain_combo.blockSignals(False)
        self.eighth_check.blockSignals(True)
        self.eighth_check.setChecked(self.state.eighth_face)
        self.eighth_check.blockSignals(False)

    def _on_face(self, card: DieCard, slot: int, face: int) -> None:
        self.choose_face(self.cards.index(card), slot, face)

    def _on_completed(self, text: str) -> None:
        self.search.setText(text)
        self._queue_search()

    def _queue_search(self) -> None:
        """Add the die named in the search field once the current key or click is handled.
        Enter on the completer's popup emits both `activated` and `returnPressed`, in an
        order that varies; deferring makes the two one add, of the completed text."""
        if not self.search_queued:
            self.search_queued = True
            QTimer.singleShot(0, self._on_search)

    def _on_search(self) -> None:
        self.search_queued = False
        text = self.search.text()
        if not text.strip():
            return
        try:
            self.add_die(text)
        except ValueError as exc:
            self.search_error.setText(str(exc))
            self.search_error.show()
            return
        self.search_error.hide()
        self.search.clear()

    def _refresh(self) -> None:
        """Count the roll again and show it everywhere."""
        self.count = self.state.count()
        self._empty_label.setVisible(not self.cards)
        for index, card in enumerate(self.cards):
            card.show_state(self.state.label(index), self.state.dice[index].faces,
                            self.state.next_slot(index), self.count.die_report(index))
            fault = ruleset_fault(card.die, self.state.ruleset)
            if fault:  # added under another ruleset: kept, but not counted in this game
                card.gains_label.setText(f"not counted: {fault}")
                card.gains_label.setStyleSheet(f"font-size: 8.5pt; font-weight: bold; "
                                               f"color: {ERROR_COLOR};")
        allowed = self.state.allows_eighth_face
        self.eighth_check.setEnabled(allowed)
        self._show_result()

    def _show_result(self) -> None:
        count = self.count
        self.total_label.setText(totals_text(count))
        self.copy_button.setEnabled(count.ok)
        self.copied_label.clear()
        self.unresolved_label.setText(self._unresolved(count))
        self.unresolved_label.setVisible(bool(self.unresolved_label.text()))
        report = count.report
        if report:
            roll = report["roll"]
        else:  # nothing counted: the form's roll type and game, never an earlier count
            roll = self.kind_combo.currentText() + " roll"
            if self.state.ruleset == CLASSIC:
                roll += " (1996 rules)"  # as the counted roll is named
        if count.partial:
            roll += " — so far: dice still missing a face are not counted yet"
        self.roll_label.setText(roll[:1].upper() + roll[1:])
        self.explain_view.setPlainText(_for_players(report["explain"]) if report else "")
        if count.error:
            self._set_status(f"Cannot count this roll: {count.error}",
                             f"color: {ERROR_COLOR}; font-weight: bold;")
        elif count.hints:
            self._set_status("\n".join(count.hints), "font-weight: bold;")
        else:
            self._set_status(self._summary(report), theme.MUTED_CSS)

    @staticmethod
    def _unresolved(count: Count) -> str:
        """A warning when some effects need the players (their reasons are on the dice)."""
        n = sum(len(d["unresolved"]) for d in count.report["dice"]) if count.report else 0
        if not n:
            return ""
        if n == 1:
            return "⚠ 1 effect is not resolved by the app: apply it by hand (see the die " \
                   "marked ⚠)."
        return f"⚠ {n} effects are not resolved by the app: apply them by hand (see the " \
               f"dice marked ⚠)."

    def _summary(self, report: dict) -> str:
        """One line per thing to know beyond the totals: modifiers applied, choices counted
        with their default, magic per element."""
        # "step 9: melee +5 (eighth face ...)": the step number is in the explain text.
        lines = [text.partition(": ")[2] or text for text in report["modifiers"]]
        names = {d["id"]: d["die"].rpartition("/")[2] for d in report["dice"]}
        for choice in report["choices"]:
            if choice["default"] and "unit" in choice:
                unit = names.get(choice["unit"], f"unit {choice['unit']}")
                lines.append(f"{choice['prompt']}: the {unit} (the default; other choices "
                             f"need the JSON file)")
            elif choice["default"]:
                lines.append(f"{choice['icon']}: counted as {choice['value']!r} (the default; "
                             f"other choices need the JSON file)")
        if report["magic_by_color"]:
            lines.append("Magic by element: " + ", ".join(
                f"{self._elements(key)} {n}" for key, n in report["magic_by_color"].items()))
        if report["cantrip_magic"]:
            lines.append(f"Cantrip-only magic: {report['cantrip_magic']}")
        return "\n".join(lines) or "No modifiers."

    def _elements(self, key: str) -> str:
        """A magic key ("earth+water") as the players of the chosen game name its elements
        (gold for earth in the 1996 game: ``engine.classic.spells.colour_name``)."""
        if self.state.ruleset != CLASSIC:
            return key
        from ..engine.classic.spells import colour_name

        return "+".join(colour_name(part) for part in key.split("+"))

    def _set_status(self, text: str, css: str) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet(css)

