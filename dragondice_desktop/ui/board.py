"""The game table: a QGraphicsScene drawn from engine state, and the view that shows it.

`Board.set_snapshot(snapshot)` places every die in its zone; nothing moves any other way. A
drag is a request: `drop_die(die_id, zone)` finds the legal action that moves the die there
and emits `actionRequested(text)` for the worker, or shows the rule that forbids it in the
status bar (`statusMessage`) and snaps the die back. The die moves when the worker's next
snapshot arrives. Every drag has a menu equivalent (right-click a die).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction, QBrush, QColor, QKeySequence, QPainter, QPen, QRadialGradient, QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMenu, QWidget

from ..catalog.loader import load_catalog
from ..catalog.model import DieKind
from ..engine.events import Event
from ..engine.state import GameState, Phase, Step, Zone, ZoneKind
from ..worker.snapshot import GameSnapshot
from . import theme
from .action_text import face_text
from .board_items import DieItem, PanelItem, TerrainItem, ZoneItem
from .board_layout import BoardLayout, TableUse, board_layout, dice_area, grid, table_use
from .dice_painter import render_die
from .moves import PICK, DieMove, die_moves, movable_dice, pickable_dice, refusal

SETUP_PHASES = (Phase.SETUP_ROLLOFF, Phase.SETUP_CHOICE, Phase.SETUP_FRONTIER)
_STRIP_TITLES = {ZoneKind.RESERVE: "Reserve Area", ZoneKind.SUMMONING: "Summoning Pool",
                 ZoneKind.DUA: "DUA · dead units", ZoneKind.BUA: "BUA · buried"}
# The same in the narrower zones of a three- or four-player board.
_COMPACT_TITLES = {ZoneKind.RESERVE: "Reserve", ZoneKind.SUMMONING: "Summoning Pool",
                   ZoneKind.DUA: "DUA", ZoneKind.BUA: "BUA"}


def last_faces(events: Iterable[Event], faces: dict[int, int] | None = None) -> dict[int, int]:
    """die id -> the face index it showed last, from the roll events in `events` (the final
    face of a re-roll chain). Updates and returns `faces` when given."""
    faces = {} if faces is None else faces
    for event in events:
        if event.kind == "roll" and event.roll is not None:
            for outcome in event.roll.dice:
                if outcome.faces:
                    faces[outcome.die_id] = outcome.faces[-1]
    return faces


def situation(state: GameState) -> str:
    """The moment of the game in a few words, for short status lines: "First March ·
    maneuver", "Reserves · retreat", "Game over"."""
    step = state.step.value if state.step is not Step.NONE else ""
    return f"{state.phase.value} · {step}" if step else state.phase.value


def concise_refusal(state: GameState, reason: str) -> str:
    """A refused drop's reason for the status bar: the whole pending prompt that may follow
    it ("… — now: First March: choose an army to march, or skip") becomes the situation in
    brackets ("… (First March · choose an army to march)")."""
    head, now, _ = reason.partition(" — now: ")
    return f"{head} ({situation(state)})" if now else reason


def _count(n: int, one: str, many: str | None = None) -> str:
    """ "1 unit", "3 units" (or an irregular plural)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th" (the turn order on the name plates)."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


class Board(QGraphicsScene):
    """The board scene. Signals: actionRequested(str) — an action text for the worker;
    statusMessage(str) — a line for the status bar (a refused drop names the rule);
    inspectRequested(object) — the catalog Die to show in the die inspector (double-click
    or the context menu)."""

    actionRequested = Signal(str)
    statusMessage = Signal(str)
    inspectRequested = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.table = board_layout()
        self._use: TableUse | None = None  # what the table of 3-4 players was laid for
        # A click on a die without a move explains why, unless it was a double-click.
        self._explain_id: int | None = None
        self._explain_timer = QTimer(self)
        self._explain_timer.setSingleShot(True)
        self._explain_timer.timeout.connect(self._explain_now)
        self.setSceneRect(self.table.scene_rect)
        self.snapshot: GameSnapshot | None = None
        self.faces: dict[int, int] = {}
        self._movable: frozenset[int] = frozenset()
        self._pickable: frozenset[int] = frozenset()
        self._rolling: int | None = None  # manual dice: the die asked for
        # Device pixels per scene unit: dice are painted at this resolution so they stay
        # sharp when the view scales the table up (big windows, high-DPI screens).
        self.render_scale = 1.0
        # The Preferences' dice size: scales the preferred die size in every zone (a zone
        # still shrinks its dice when they would not fit).
        self.dice_scale = 1.0
        self.zone_items: dict[tuple[Zone, int], ZoneItem] = {}
        self.terrain_items: dict[int, TerrainItem] = {}
        self.plates: dict[int, PanelItem] = {}
        self._lay_table(self.table)
        self.banner = PanelItem(self.table.banner, QColor(10, 20, 12, 200))
        self.addItem(self.banner)
        self.die_items: dict[int, DieItem] = {}
        self.banner.set_look([("Start a game with Game ▸ New…", "#f0f0f0", 13, True)])

    def _lay_table(self, table: BoardLayout) -> None:
        """Put a zone item, terrain item and name plate on the table for every rect of the
        layout `table`, replacing those of the previous layout."""
        for item in [*self.zone_items.values(), *self.terrain_items.values(),
                     *self.plates.values()]:
            self.removeItem(item)
        self.table = table
        self.zone_items = {}
        for (zone, player), rect in table.zones.items():
            item = ZoneItem(zone, player, rect, "", table.compact)
            self.addItem(item)
            self.zone_items[(zone, player)] = item
        self.terrain_items = {}
        for index, rect in table.terrains.items():
            item = TerrainItem(index, rect)
            self.addItem(item)
            self.terrain_items[index] = item
        self.plates = {p: PanelItem(r, QColor(0, 0, 0, 90)) for p, r in table.plates.items()}
        for plate in self.plates.values():
            self.addItem(plate)

    # --- reading a snapshot ---------------------------------------------------------------

    def set_snapshot(self, snapshot: GameSnapshot) -> None:
        """Show `snapshot`: every die in its zone showing its last rolled face; a minor
        terrain in play shows the face the state keeps for it (rolled, or turned from its
        ID face: seed 003), which no army roll reports."""
        if snapshot.appends and self.snapshot is not None:
            last_faces(snapshot.events, self.faces)
        else:
            self.faces = last_faces(snapshot.all_events)
        self.faces.update(dict(snapshot.state.minors))
        self.snapshot = snapshot
        players = snapshot.state.player_count
        # Three or four players: the table follows the armies (empty army zones collapse,
        # players out of the game fold away); it is laid again only when that changes.
        use = table_use(snapshot.state) if players > 2 else None
        if players != self.table.players or use != self._use:
            self._use = use
            self._lay_table(board_layout(players, use))
        self.refresh()

    def set_render_scale(self, scale: float) -> None:
        """Paint dice for `scale` device pixels per scene unit (rounded to quarter steps so
        resizing the window does not fill the painter's cache); redraws when it changes."""
        scale = max(1.0, round(scale * 4) / 4)
        if scale != self.render_scale:
            self.render_scale = scale
            self.refresh()

    def set_dice_scale(self, scale: float) -> None:
        """Draw dice at `scale` times their normal size (Preferences); redraws."""
        if scale != self.dice_scale:
            self.dice_scale = scale
            self.refresh()

    def _pixels(self, size: float) -> int:
        return max(16, round(size * self.render_scale))

    def refresh(self) -> None:
        """Redraw from the current snapshot (also puts back a die whose drop was refused)."""
        snapshot = self.snapshot
        if snapshot is None:
            return
        state = snapshot.state
        self._movable = frozenset(movable_dice(state, snapshot.legal))
        self._pickable = frozenset(pickable_dice(snapshot.legal))
        # Manual dice: the die whose face the players are asked for stands out.
        self._rolling = state.awaiting.throw.die_id if state.awaiting is not None else None
        self._sync_die_items(state)
        for (zone, player), item in self.zone_items.items():
            self._show_zone(state, zone, player, item)
        for index, item in self.terrain_items.items():
            self._show_terrain(state, index, item)
        self._show_banner(state)
        for player, plate in self.plates.items():
            self._show_plate(state, player, plate)

    def _sync_die_items(self, state: GameState) -> None:
        if len(self.die_items) != len(state.dice):
            for item in self.die_items.values():
                self.removeItem(item)
            self.die_items = {}
            for die in state.dice:
                item = DieItem(die.id)
                self.addItem(item)
                self.die_items[die.id] = item

    def _zone_dice(self, state: GameState, zone: Zone, player: int):
        if zone.kind is ZoneKind.TERRAIN:
            return state.dice_in(zone, player)
        return state.dice_in(zone)

    def _show_zone(self, state: GameState, zone: Zone, player: int, item: ZoneItem) -> None:
        dice = self._zone_dice(state, zone, player)
        preferred, smallest = (self.table.army_die if zone.kind is ZoneKind.TERRAIN
                               else self.table.strip_die)
        preferred = round(preferred * self.dice_scale)
        smallest = min(preferred, round(smallest * self.dice_scale))
        size, points = grid(dice_area(item.rect), len(dice), preferred, smallest)
        for die, point in zip(dice, points):
            face = self.faces.get(die.id)
            if face is None:
                face = die.die.id_face or 0
            draggable = die.id in self._movable
            pickable = die.id in self._pickable
            pixmap = render_die(die.die, face, self._pixels(size),
                                highlighted=draggable or pickable or die.id == self._rolling,
                                dimmed=zone.kind is ZoneKind.BUA)
            die_item = self.die_items[die.id]
            die_item.place(pixmap, size, point, draggable, pickable)
            die_item.setToolTip(self._die_tooltip(state, die.id, face))
        title, note, role, tag = self._zone_text(state, zone, player, dice)
        item.set_look(title, note, role, False, tag)

    def _zone_text(self, state: GameState, zone: Zone, player: int,
                   dice) -> tuple[str, str, str, str]:
        """(title, note, role, tag) of a zone: its name, a count, "march"/"damage"/"" for the
        border, and the pill on its bottom border."""
        units = [d for d in dice if d.die.kind.is_unit]
        health = sum(d.die.health for d in units)
        role, tag = "", ""
        compact = self.table.compact
        if zone.kind is ZoneKind.TERRAIN:
            army = state.army_name(zone, player)
            if compact:  # "Campaign · Ann", "7 health": the column is narrow
                army = army.removesuffix(" army")
            title = f"{army} · {state.players[player].name}"
            # A dragon at a terrain belongs to no army (digest §5.4): say so, not "no army".
            others = "dragon" if any(d.die.kind is DieKind.DRAGON for d in dice) else "no army"
            note = f"{_count(len(units), 'unit')} · {health} health" if units else others
            if compact and units:
                note = f"{health} health"
            march = state.march
            if march is not None and march.zone == zone and player == state.turn_player:
                role, tag = "march", "MARCHING"
            elif (march is not None and march.target == zone and player != state.turn_player
                  and units):
                role, tag = "march", "UNDER ATTACK"
        else:
            title = (_COMPACT_TITLES if compact else _STRIP_TITLES)[zone.kind]
            note = _count(len(dice), "die", "dice") if dice else ""
            if zone.kind in (ZoneKind.RESERVE, ZoneKind.DUA) and units:
                note = (f"{health} health" if compact
                        else f"{_count(len(units), 'unit')} · {health} health")
        if state.step is Step.DAMAGE and state.damage:
            due = state.damage[0]
            if zone == due.zone and player == due.player:
                role, tag = "damage", f"ASSIGN {due.amount - due.killed} DAMAGE"
        return title, note, role, tag

    def _die_tooltip(self, state: GameState, die_id: int, face: int) -> str:
        die = state.dice[die_id].die
        lines = [state.die_label(die_id),
                 f"{die.kind.value}" + (f", health {die.health}" if die.health else ""),
                 f"showing: {die.faces[face].to_text()}"]
        if die_id == self._rolling:
            lines.append("roll this die and enter the face it shows (Decision panel)")
        moves = self.moves_for(die_id)
        if moves:
            lines.append("drag or right-click: " + "; ".join(m.label for m in moves))
        if die_id in self._pickable:
            lines.append("click to pick it")
        lines.append("double-click: inspect the die")
        return "\n".join(lines)

    def _show_terrain(self, state: GameState, index: int, item: TerrainItem) -> None:
        terrain = state.terrains[index]
        die = terrain.die
        owner = state.players[terrain.owner].name
        # A narrow column (three or four players) says it shorter, so nothing shrinks.
        home = f"{owner}'s home" if self.table.compact else f"{owner}'s Home Terrain"
        where = home if terrain.home else "Frontier"
        lines = [(die.name, "#ffffff", 12.5, True), (where, "#cfe3cf", 9, False),
                 (f"Face {face_text(state, index, terrain.face)}", "#ffe9a8", 11, True)]
        ring = None
        if state.phase in SETUP_PHASES:
            # Until the Frontier is picked the engine holds a placeholder there, and no
            # terrain has been rolled yet: say so rather than show a face that means nothing.
            lines[2] = ("Not rolled yet", "#ffe9a8", 10, True)
            if not terrain.home:
                proposals = [(f"{load_catalog().die(key).name} ({state.players[p].name})",
                              "#cfe3cf", 8.5, False)
                             for p, key in enumerate(state.proposed_frontiers)]
                lines[:2] = [("Frontier", "#ffffff", 12.5, True),
                             ("to be picked from:", "#a9c4a9", 8.5, False)] + proposals
        elif terrain.face == 8 and terrain.controller is not None:
            ring = theme.player_color(terrain.controller)
            lines.append((f"Held by {state.players[terrain.controller].name}",
                          ring.name(), 10, True))
        else:
            lines.append(("8th face: " + die.faces[7].icon.value, "#a9c4a9", 8.5, False))
        tooltip = "\n".join([die.name] + [f"  {n}: {f.to_text()}"
                                          for n, f in enumerate(die.faces, start=1)])
        placeholder = state.phase in SETUP_PHASES and not terrain.home
        size, scale = self.table.terrain_die, self.table.caption_scale
        lines = [(text, colour, points * scale, bold) for text, colour, points, bold in lines]
        item.set_look(render_die(die, terrain.face - 1, self._pixels(size), dimmed=placeholder),
                      size, lines, ring, tooltip)

    def _show_banner(self, state: GameState) -> None:
        names = [p.name for p in state.players]
        if state.phase is Phase.GAME_OVER:
            winner = names[state.winner] if state.winner is not None else "Nobody"
            self.banner.set_look([(f"Game over — {winner} wins!", "#ffe27a", 15, True)],
                                 theme.player_color(state.winner))
            return
        pending = state.pending
        if state.phase in SETUP_PHASES:
            head = f"Setup · {state.phase.value}"
            stripe = None
        else:
            step = f" › {state.step.value}" if state.step is not Step.NONE else ""
            head = (f"Turn {state.turn_number} · {names[state.turn_player]}'s turn · "
                    f"{state.phase.value}{step}")
            stripe = theme.player_color(state.turn_player)
        lines = [(head, "#ffffff", 13, True)]
        right = None
        if pending is not None:
            lines.append((pending.prompt, "#d6e6d6", 9.5, False))
            right = (f"{names[pending.player]} to choose", theme.player_color(pending.player))
        self.banner.set_look(lines, stripe, right)

    def _show_plate(self, state: GameState, player: int, plate: PanelItem) -> None:
        setup = state.players[player]
        held = sum(1 for t in state.terrains if t.face == 8 and t.controller == player)
        colour = theme.player_color(player)
        health = state.health_in_play(player)
        # A half-wide plate says the numbers first: an elided end loses the force name only.
        text = (f"{setup.name} · {health} health · {held}/2 captured  —  {setup.force_name}"
                if self.table.compact else
                f"{setup.name} · {setup.force_name}   —   {health} health in play · "
                f"{held}/2 terrains captured")
        order = state.turn_order
        tip = ""
        if order and player in order and len(order) > 2:
            # Three or four players: where each plays in the turn order, from the roll-off.
            text = f"{_ordinal(order.index(player) + 1)} · {text}"
            tip = "\nTurn order: " + " → ".join(state.players[p].name for p in order)
        if self._use is not None and player in self._use.out:
            text = f"{setup.name} · out of the game (no health in play)"
        plate.set_look([(text, colour.lighter(120).name(), 9.5, True)], colour)
        plate.setToolTip(f"{setup.name} sits at the {self.table.seats[player]} of the table\n"
                         f"{health} health in play · {held}/2 terrains captured{tip}")

    # --- moves, drags and drops -----------------------------------------------------------

    def moves_for(self, die_id: int) -> tuple[DieMove, ...]:
        """The legal moves of die `die_id` now (empty without a game)."""
        if self.snapshot is None:
            return ()
        return die_moves(self.snapshot.state, self.snapshot.legal, die_id)

    def target_items(self, die_id: int) -> list[ZoneItem]:
        """The zone items a die may be dropped on now (the ones highlighted during a drag)."""
        state = self.snapshot.state if self.snapshot else None
        if state is None:
            return []
        owner = state.dice[die_id].owner
        items = []
        for move in self.moves_for(die_id):
            player = owner if move.target.kind is ZoneKind.TERRAIN else move.target.index
            item = self.zone_items.get((move.target, player))
            if item is not None:
                items.append(item)
        return items

    def pick_die(self, die_id: int) -> str | None:
        """Answer an SAI's "choose units" with this die (a click on a highlighted die);
        returns the action text sent, or None if the die cannot be picked now."""
        if self.snapshot is None or PICK is None or die_id not in self._pickable:
            return None
        text = f"{PICK.value} {die_id}"
        self.actionRequested.emit(text)
        return text

    def explain_die(self, die_id: int) -> None:
        """Say in the status bar why a die that was clicked cannot be dragged now — once the
        double-click time has passed, so a double-click (the die inspector) says nothing."""
        self._explain_id = die_id
        self._explain_timer.start(QApplication.doubleClickInterval())

    def _explain_now(self) -> None:
        die_id = self._explain_id
        if self.snapshot is None or die_id is None or die_id >= len(self.snapshot.state.dice):
            return
        state = self.snapshot.state
        label = state.die_label(die_id)
        if state.pending is None:
            message = f"{label}: the game is over"
        elif state.dice[die_id].owner != state.pending.player:
            decider = state.players[state.pending.player].name
            message = f"{label} cannot move: {decider} is deciding ({situation(state)})"
        else:
            message = f"{label} has no move now ({situation(state)})"
        self.statusMessage.emit(message)

    def begin_drag(self, die_id: int) -> None:
        """Highlight the legal targets of the die being dragged."""
        targets = set(map(id, self.target_items(die_id)))
        for item in self.zone_items.values():
            item.set_look(item.title, item.note, item.role, id(item) in targets)

    def zone_at(self, scene_pos: QPointF) -> ZoneItem | None:
        """The zone under a scene point, or None."""
        for item in self.items(scene_pos):
            if isinstance(item, ZoneItem):
                return item
        return None

    def finish_drag(self, die_id: int, scene_pos: QPointF) -> str | None:
        """A dragged die was released at `scene_pos`: drop it on the zone there."""
        for item in self.zone_items.values():
            item.set_look(item.title, item.note, item.role, False)
        target = self.zone_at(scene_pos)
        if target is None:
            self.statusMessage.emit("Drop the die on a highlighted zone")
            self.die_items[die_id].snap_back()
            return None
        return self.drop_die(die_id, target.zone)

    def drop_die(self, die_id: int, zone: Zone) -> str | None:
        """Drop die `die_id` on engine zone `zone`.

        If a legal action moves the die there, emits actionRequested(text) and returns the
        text; the die stays where it was dropped until the next snapshot places it. Otherwise
        snaps the die back, shows why in the status bar and returns None.
        """
        if self.snapshot is None:
            return None
        for move in self.moves_for(die_id):
            if move.target == zone:
                text = move.action.to_text()
                self.statusMessage.emit(f"{self.snapshot.state.die_label(die_id)}: {move.label}")
                self.actionRequested.emit(text)
                return text
        reason = refusal(self.snapshot.state, self.snapshot.legal, die_id, zone)
        if reason:
            self.statusMessage.emit(concise_refusal(self.snapshot.state, reason))
        item = self.die_items.get(die_id)
        if item is not None:
            item.snap_back()
        return None

    def die_menu(self, die_id: int, parent: QWidget | None = None) -> QMenu:
        """The context menu of a die: its legal moves (the drag's keyboard/menu equivalent)
        and its faces for reference."""
        menu = QMenu(parent)
        state = self.snapshot.state
        header = menu.addAction(state.die_label(die_id))
        header.setEnabled(False)
        menu.addSeparator()
        moves = self.moves_for(die_id)
        for move in moves:
            action = menu.addAction(move.label)
            action.setData(move.action.to_text())
            action.triggered.connect(lambda _=False, t=move.action.to_text(): self.request(t))
        if die_id in self._pickable:
            pick = menu.addAction("Pick for the SAI")
            pick.triggered.connect(lambda _=False: self.pick_die(die_id))
        elif not moves:
            none = menu.addAction("No move for this die now")
            none.setEnabled(False)
        faces = menu.addMenu("Faces")
        for number, face in enumerate(state.dice[die_id].die.faces, start=1):
            faces.addAction(f"{number}: {face.to_text()}").setEnabled(False)
        inspect = menu.addAction("Inspect this die…")
        inspect.triggered.connect(lambda _=False: self.inspect_die(die_id))
        return menu

    def inspect_die(self, die_id: int) -> None:
        """Ask for the die inspector on die `die_id` (double-click, context menu); the
        first click's explanation is dropped."""
        self._explain_timer.stop()
        if self.snapshot is not None and 0 <= die_id < len(self.snapshot.state.dice):
            self.inspectRequested.emit(self.snapshot.state.dice[die_id].die)

    def show_die_menu(self, die_id: int, screen_pos: QPoint) -> None:
        """Open the die's context menu at a screen position."""
        if self.snapshot is None:
            return
        menu = self.die_menu(die_id)
        menu.exec(screen_pos)
        menu.deleteLater()

    def request(self, text: str) -> None:
        """Send an action text to the worker."""
        self.actionRequested.emit(text)

    # --- the table ------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QColor(theme.WOOD))
        table = self.sceneRect()
        felt = QRadialGradient(table.center(), max(table.width(), table.height()) * 0.65)
        felt.setColorAt(0.0, QColor(theme.FELT_CENTRE))
        felt.setColorAt(1.0, QColor(theme.FELT_EDGE))
        painter.fillRect(table, QBrush(felt))
        painter.setPen(QPen(QColor(0, 0, 0, 120), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(table.adjusted(1, 1, -1, -1))


class BoardView(QGraphicsView):
    """Shows the whole board, scaled to fit the widget and keeping its proportions; zooms
    in and out (Ctrl+plus, Ctrl+minus; Ctrl+0 fits the whole table again), scrolling when
    zoomed in. `zoom` is the factor over the fitted size (1.0 to `MAX_ZOOM`);
    `zoom_actions` are the three actions (window-wide shortcuts)."""

    MAX_ZOOM = 3.0
    ZOOM_STEP = 1.25

    def __init__(self, board: Board, parent: QWidget | None = None) -> None:
        super().__init__(board, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        # The felt gradient is the costliest thing on the table and never changes between
        # states: Qt caches it (and redraws it itself when the view is scaled).
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setMinimumSize(480, 400)
        self.zoom = 1.0
        self.zoom_actions = []
        for text, keys, slot in (
                ("Zoom in", (QKeySequence.StandardKey.ZoomIn, QKeySequence("Ctrl+=")),
                 lambda: self.set_zoom(self.zoom * self.ZOOM_STEP)),
                ("Zoom out", (QKeySequence.StandardKey.ZoomOut,),
                 lambda: self.set_zoom(self.zoom / self.ZOOM_STEP)),
                ("Fit the table", (QKeySequence("Ctrl+0"),), lambda: self.set_zoom(1.0))):
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
            self.zoom_actions.append(action)

    def set_zoom(self, zoom: float) -> None:
        """Show the table `zoom` times its fitted size (kept within 1 and `MAX_ZOOM`),
        around the middle of what is shown now."""
        zoom = max(1.0, min(self.MAX_ZOOM, zoom))
        if abs(zoom - self.zoom) < 1e-9:
            return
        centre = self.mapToScene(self.viewport().rect().center())
        self.zoom = zoom
        policy = (Qt.ScrollBarPolicy.ScrollBarAsNeeded if zoom > 1.0
                  else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)
        self._fit()
        self.centerOn(centre)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit()

    def _fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if self.zoom != 1.0:
            self.scale(self.zoom, self.zoom)
        board = self.scene()
        if isinstance(board, Board):
            board.set_render_scale(self.transform().m11() * self.devicePixelRatioF())
