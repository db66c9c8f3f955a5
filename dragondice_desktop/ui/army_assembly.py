"""The assembly screen (issue 14 §2): before the Horde roll-off each player, unseen by the
others, shares their units and items between the Home, Horde and Campaign armies (digest §2.2).

It covers the window while a person assembles (the board, which would show the other players'
armies, stays hidden). Dice are dragged between the three lists (or moved with the buttons
under each list); the setup rules are checked as they move by the force rules themselves
(``matchup.assembly_problems``: ``forces.validate`` on the force the split makes, at the
force's own size), and Ready is offered only when they pass. Ready sends the moves and ``armies-ready`` as one request.

Pure display and local choices: the split is the screen's own until Ready; the engine keeps
the game (``engine.setup``: ``army <die> <terrain>``, ``armies-ready``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractListModel, QByteArray, QEvent, QMimeData, QModelIndex, QObject, QRect, QSize, Qt,
    Signal,
)
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView, QFrame, QGridLayout, QHBoxLayout, QLabel, QListView, QMainWindow,
    QPushButton, QVBoxLayout, QWidget,
)

from ..player_text import count_of
from ..catalog.loader import load_catalog
from ..engine.core.actions import Verb
from ..engine.turn.setup import setup_army_zones
from ..engine.core.state import GameState, Phase, Zone, ZoneKind
from ..forces.model import ARMY_NAMES, Force
from ..matchup import assembly_problems, setup_force, split_force, split_of
from ..worker.engine_worker import BATCH
from . import theme
from .die_icons import die_icon, display_name
from .force_builder_widgets import dice_row_flags

MIME = "application/x-dragondice-assembly"
# Before the Frontier is picked (the same phases the board marks "to be picked").
SETUP_PHASES = (Phase.SETUP_ARMIES, Phase.SETUP_ROLLOFF, Phase.SETUP_CHOICE,
                Phase.SETUP_FRONTIER)
TITLES = {"home": "Home army", "horde": "Horde army", "campaign": "Campaign army"}
DIE_ID = Qt.ItemDataRole.UserRole


def assembly_request(state: GameState, player: int, split: dict[str, Sequence[int]]) -> str:
    """The one request that plays `split`: an ``army`` move for every die not already in
    its army, then ``armies-ready``, joined by ``BATCH``."""
    zones = dict(zip(ARMY_NAMES, setup_army_zones(state, player)))
    texts = [f"{Verb.ARMY.value} {die_id} {zones[army].to_text()}"
             for army, ids in split.items() for die_id in ids
             if state.zones[die_id] != zones[army]]
    return f"{BATCH} ".join(texts + [Verb.ARMIES_READY.value])


def army_place(state: GameState, zone: Zone) -> str:
    """Where an army stands, for the assembly screen's headers: its terrain's name, or "the
    Frontier" while the Frontier is still to be picked (the armies are assembled before
    the Horde roll-off; until the pick the engine holds a placeholder terrain there, whose
    name means nothing yet)."""
    if zone.kind is ZoneKind.TERRAIN and not state.terrains[zone.index].home \
            and state.phase in SETUP_PHASES:
        return "the Frontier"
    return state.zone_name(zone)


class ArmyListModel(QAbstractListModel):
    """One army's dice as a Qt list model, dragged to and from the other armies' lists.
    `ids`: the die ids shown; dropping dice of another list calls `mover(ids, army)`."""

    def __init__(self, army: str, mover, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.army = army
        self.mover = mover
        self.ids: list[int] = []
        self.state: GameState | None = None

    def set_dice(self, state: GameState, ids: Sequence[int]) -> None:
        """Show dice `ids` of `state`."""
        self.beginResetModel()
        self.state, self.ids = state, list(ids)
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.ids)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.state is None:
            return None
        die_id = self.ids[index.row()]
        die = self.state.dice[die_id].die
        if role == Qt.ItemDataRole.DisplayRole:
            catalog = load_catalog()
            what = f"{die.health} health" if die.kind.is_unit else "item"
            return f"{display_name(die, catalog)} · {what}"
        if role == Qt.ItemDataRole.DecorationRole:
            return die_icon(die, 28)
        if role == Qt.ItemDataRole.ToolTipRole:
            return " | ".join(f.to_text() for f in die.faces)
        if role == DIE_ID:
            return die_id
        return None

    def flags(self, index):
        return dice_row_flags(index)

    def supportedDropActions(self):  # noqa: N802
        return Qt.DropAction.MoveAction

    def supportedDragActions(self):  # noqa: N802
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME]

    def mimeData(self, indexes) -> QMimeData:  # noqa: N802
        data = QMimeData()
        ids = sorted({self.ids[i.row()] for i in indexes if i.isValid()})
        data.setData(MIME, QByteArray(" ".join(map(str, ids)).encode()))
        return data

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        if not data.hasFormat(MIME):
            return False
        text = bytes(data.data(MIME)).decode()
        ids = [int(word) for word in text.split() if word.isdigit()]
        self.mover(ids, self.army)
        # The screen rebuilt every list: Qt must not remove the rows from the source too.
        return False


class ArmyAssembly(QWidget):
    """The assembly screen of one player (an opaque cover over the window, below its menu
    bar, like the hand-off screen).

    `show_for(state)`: assemble the armies of the player deciding in `state`. Signal
    requested(str): the request Ready sends. For tests: `player`, `split` (army -> die ids),
    `lists` and `models` (army -> QListView / ArmyListModel), `move(ids, army)`,
    `problems()`, `ready_button`, `reset_button`, `problem_label`, `totals` (army -> QLabel).
    """

    requested = Signal(str)

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName("armyAssembly")
        self.setAutoFillBackground(False)
        self.state: GameState | None = None
        self.player: int | None = None
        self.force: Force | None = None
        self.split: dict[str, list[int]] = {}
        self.title = QLabel()
        self.title.setFont(theme.font(18, bold=True))
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        self.subtitle.setStyleSheet("color: #d6e6d6;")
        self.lists: dict[str, QListView] = {}
        self.models: dict[str, ArmyListModel] = {}
        self.headers: dict[str, QLabel] = {}
        self.totals: dict[str, QLabel] = {}
        self.move_buttons: dict[tuple[str, str], QPushButton] = {}
        columns = QGridLayout()
        columns.setHorizontalSpacing(14)
        for column, army in enumerate(ARMY_NAMES):
            header = QLabel()
            header.setFont(theme.font(12, bold=True))
            header.setStyleSheet("color: #f2f2e6;")
            header.setWordWrap(True)
            model = ArmyListModel(army, self.move, self)
            view = QListView()
            view.setObjectName(f"{army}ArmyList")
            view.setModel(model)
            view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
            view.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
            view.setDefaultDropAction(Qt.DropAction.MoveAction)
            view.setDragEnabled(True)
            view.setAcceptDrops(True)
            view.setDropIndicatorShown(True)
            view.setIconSize(QSize(28, 28))
            view.setToolTip("Drag dice to another army (select several with Ctrl or Shift)")
            total = QLabel()
            total.setStyleSheet("color: #d6e6d6;")
            buttons = QHBoxLayout()
            for other in ARMY_NAMES:
                if other == army:
                    continue
                button = QPushButton(f"→ {TITLES[other]}")
                button.setToolTip(f"Move the dice selected here to the {TITLES[other]}")
                button.clicked.connect(lambda _=False, a=army, o=other: self._move_selected(a, o))
                buttons.addWidget(button)
                self.move_buttons[(army, other)] = button
            columns.addWidget(header, 0, column)
            columns.addWidget(view, 1, column)
            columns.addWidget(total, 2, column)
            columns.addLayout(buttons, 3, column)
            self.lists[army], self.models[army] = view, model
            self.headers[army], self.totals[army] = header, total
        columns.setRowStretch(1, 1)
        self.problem_label = QLabel()
        self.problem_label.setWordWrap(True)
        self.problem_label.setFont(theme.font(10.5, bold=True))
        self.reset_button = QPushButton("Start again from the force's armies")
        self.reset_button.clicked.connect(self.reset)
        self.ready_button = QPushButton("My armies are ready")
        self.ready_button.setDefault(True)
        self.ready_button.setMinimumHeight(34)
        self.ready_button.clicked.connect(self.ready)
        bottom = QHBoxLayout()
        bottom.addWidget(self.problem_label, 1)
        bottom.addWidget(self.reset_button)
        bottom.addWidget(self.ready_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 24, 40, 24)
        layout.setSpacing(10)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addLayout(columns, 1)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        layout.addWidget(rule)
        layout.addLayout(bottom)
        self.hide()
        window.installEventFilter(self)

    # --- showing ---------------------------------------------------------------------------

    def show_for(self, state: GameState) -> None:
        """Cover the window for the player deciding in `state` with their armies as they
        stand (the force's split, unless moved)."""
        player = state.pending.player
        self.state, self.player = state, player
        self.force = setup_force(state, player)
        self.split = split_of(state, player)
        name = state.players[player].name
        colour = theme.player_color(player).lighter(115).name()
        self.title.setText(f"<span style='color:{colour}'>{name}</span>"
                           f"<span style='color:#f2f2e6'>: assemble your armies</span>")
        self.subtitle.setText(
            f"{state.players[player].force_name} · force of {self.force.points} points. "
            "Drag units and items between your three armies, or select them and use the "
            "buttons. The setup rules are checked as you go; the others see your armies "
            "only when every player is ready.")
        zones = dict(zip(ARMY_NAMES, setup_army_zones(state, player)))
        for army in ARMY_NAMES:
            place = army_place(state, zones[army])
            self.headers[army].setText(f"{TITLES[army]} — at {place}")
            self.headers[army].setToolTip(
                "The Frontier is picked after the Horde roll-off, from the terrains the "
                "players propose" if place == "the Frontier" else "")
        self._refresh()
        self._fit()
        self.show()
        self.raise_()

    def dismiss(self) -> None:
        """Take the screen away (another decision, another game)."""
        self.player = None
        self.state = None
        self.hide()

    # --- choices ---------------------------------------------------------------------------

    def move(self, die_ids: Sequence[int], army: str) -> None:
        """Put dice `die_ids` (this player's army dice) in `army`; others are ignored."""
        mine = {i for ids in self.split.values() for i in ids}
        moving = [i for i in die_ids if i in mine]
        if not moving or army not in self.split:
            return
        for ids in self.split.values():
            ids[:] = [i for i in ids if i not in moving]
        self.split[army] = sorted(self.split[army] + moving)
        self._refresh()

    def _move_selected(self, army: str, to: str) -> None:
        view = self.lists[army]
        ids = [self.models[army].ids[i.row()] for i in view.selectionModel().selectedIndexes()]
        self.move(ids, to)

    def reset(self) -> None:
        """Back to the armies as they stood when the screen opened."""
        if self.state is not None:
            self.split = split_of(self.state, self.player)
            self._refresh()

    def problems(self) -> list[str]:
        """What the setup rules say against the split now (empty: it may be played)."""
        if self.state is None:
            return []
        return assembly_problems(self.state, self.player, self.split, self.force)

    def ready(self) -> str | None:
        """Send the split as one request (its moves, then ``armies-ready``); refused with the
        rules' reason while the split breaks one. Returns the request sent, or None."""
        if self.state is None:
            return None
        problems = self.problems()
        if problems:
            self.problem_label.setText("Not yet: " + problems[0])
            return None
        text = assembly_request(self.state, self.player, self.split)
        self.requested.emit(text)
        return text

    def _refresh(self) -> None:
        catalog = load_catalog()
        made = split_force(self.state, self.force, self.split)
        for army in ARMY_NAMES:
            ids = self.split[army]
            self.models[army].set_dice(self.state, ids)
            units = sum(1 for i in ids if self.state.dice[i].die.kind.is_unit)
            health = sum(self.state.dice[i].die.health for i in ids
                         if self.state.dice[i].die.kind.is_unit)
            items = len(ids) - units
            extra = f" · {count_of(items, 'item')}" if items else ""
            self.totals[army].setText(
                f"{count_of(units, 'unit')} · {health} health{extra} · "
                f"{made.army_points(army, catalog)} points")
        problems = self.problems()
        if problems:
            self.problem_label.setText("\n".join(problems))
            self.problem_label.setStyleSheet(f"color: {theme.UNRESOLVED_COLOR};")
        else:
            self.problem_label.setText("These armies keep the setup rules.")
            self.problem_label.setStyleSheet("color: #9fe09f;")
        self.ready_button.setEnabled(not problems)
        self.ready_button.setToolTip(problems[0] if problems else
                                     "Play these armies (the others see them when everyone "
                                     "is ready)")

    # --- the cover -------------------------------------------------------------------------

    def _fit(self) -> None:
        top = self.window_.menuBar().geometry().bottom() + 1
        self.setGeometry(QRect(0, top, self.window_.width(), self.window_.height() - top))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.window_ and event.type() == QEvent.Type.Resize and self.isVisible():
            self._fit()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(theme.FELT_EDGE))
        if self.player is not None:
            painter.fillRect(QRect(0, 0, self.width(), 6), theme.player_color(self.player))

