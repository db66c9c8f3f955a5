"""The game table: a QGraphicsScene drawn from engine state, and the view that shows it.

`Board.set_snapshot(snapshot)` places every die in its zone; nothing moves any other way. A
drag is a request: `drop_die(die_id, zone)` finds the legal action that moves the die there
and emits `actionRequested(text)` for the worker, or shows the rule that forbids it in the
status bar (`statusMessage`) and snaps the die back. The die moves when the worker's next
snapshot arrives. Every drag has a menu equivalent (right-click a die).

Several dice move as one request: select them (Ctrl+click, or a rubber band drawn on the
felt) and drag one of them, or grab an army by its title; the worker plays all the moves or,
if any is refused, none (`drop_dice`).

A spell chosen in the spell picker lights its targets (`set_spell_targets`): armies, units,
terrains or a DUA; a click on one announces the spell there. A click on the terrain die of
the marching army while it may be turned turns it (upper half up, lower half down).
"""

from __future__ import annotations

import functools

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction, QBrush, QColor, QKeySequence, QPainter, QPen, QRadialGradient, QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMenu, QWidget

from ..catalog.loader import load_catalog
from ..catalog.model import DieKind
from ..engine.core.events import Event
from ..engine.core.state import GameState, Phase, Step, Zone, ZoneKind
from ..worker.engine_worker import BATCH
from ..worker.snapshot import GameSnapshot
from . import theme
from .action_text import face_text
from .board_items import DieItem, PanelItem, TerrainItem, ZoneItem
from .board_layout import BoardLayout, TableUse, board_layout, dice_area, grid, table_use
from .animation import Flicker, RollAnimator, tumble_frames
from .dice_painter import render_die
from ..player_text import count_of, dice_count, player_text
from .effect_badges import table_badges
from .moves import (
    CHOSEN_TIP, PICK, DieMove, chosen_casualties, die_moves, effect_group_move, effect_move_task,
    movable_dice, pickable_dice, refusal,
)
from .army_assembly import SETUP_PHASES  # the phases before the Frontier is picked

_STRIP_TITLES = {ZoneKind.RESERVE: "Reserve Area", ZoneKind.SUMMONING: "Summoning Pool",
                 ZoneKind.DUA: "DUA · dead units", ZoneKind.BUA: "BUA · buried"}
# The same in the narrower zones of a three- or four-player board.
_COMPACT_TITLES = {ZoneKind.RESERVE: "Reserve", ZoneKind.SUMMONING: "Summoning Pool",
                   ZoneKind.DUA: "DUA", ZoneKind.BUA: "BUA"}
# In a game of the 1996 rules (TSR digest §1, §3.3, §14): the dead pile also holds its owner's
# dragons, and a buried unit is out of the game for good.
_CLASSIC_STRIP_TITLES = {ZoneKind.DUA: "Dead pile · dead units, dragons",
                         ZoneKind.BUA: "Buried for good"}
_CLASSIC_COMPACT_TITLES = {ZoneKind.DUA: "Dead pile", ZoneKind.BUA: "Buried"}


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
    return count_of(n, one, many)


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

    def __init__(self, parent=None, instant: bool = False) -> None:
        super().__init__(parent)
        # Dice just rolled tumble before they settle (the one animation home; `instant`:
        # tests and screenshots, never animated).
        self.animator = RollAnimator(instant=instant, parent=self)
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
        self._chosen: frozenset[int] = frozenset()  # casualties chosen, not yet removed
        # The targets of the spell chosen in the spell picker: target args -> action text.
        self._spell_targets: dict[tuple, str] = {}
        self._spell_dice: frozenset[int] = frozenset()
        self.badges: dict[tuple, tuple] = {}  # lasting effects by place (effect_badges.py)
        self.last_refusal = ""  # why the last drop was refused ("" if it was taken)
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
        self._spell_targets = {}  # a new state: the picker offers its spells afresh
        players = snapshot.state.player_count
        # Three or four players: the table follows the armies (empty army zones collapse,
        # players out of the game fold away); it is laid again only when that changes. The
        # 1996 game has no Summoning Pool: its table draws none.
        use = table_use(snapshot.state) if players > 2 else None
        classic = snapshot.state.options.classic
        if players != self.table.players or use != self._use or classic != self.table.classic:
            self._use = use
            self._lay_table(board_layout(players, use, classic))
        self.refresh()
        if snapshot.appends:
            self._tumble(last_faces(snapshot.events))

    def set_animation(self, milliseconds: int) -> None:
        """How long rolled dice tumble (the Preferences' animation speed; 0: not at all)."""
        self.animator.set_duration(milliseconds)

    def _tumble(self, rolled: dict[int, int]) -> None:
        """Let the dice just rolled (die id -> the face it settled on) tumble before they
        show their face."""
        state = self.snapshot.state
        flickers = []
        for die_id, face in rolled.items():
            item = self.die_items.get(die_id)
            if item is None or not item.isVisible() or item.pixmap().isNull():
                continue
            die = state.dice[die_id].die
            pixels = item.pixmap().width()
            frames = tumble_frames(lambda f, d=die, n=pixels: render_die(d, f, n), face,
                                   len(die.faces))
            flickers.append(Flicker(item, frames, item.pixmap()))
        if flickers:
            self.animator.start(flickers)

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
        # Dice still tumbling settle first: the tumble ends by showing the pixmap a die had
        # when it began, which is the wrong size once the die has moved (to the DUA, say).
        self.animator.skip()
        state = snapshot.state
        self._movable = frozenset(movable_dice(state, snapshot.legal))
        self._pickable = frozenset(pickable_dice(snapshot.legal))
        # Manual dice: the die whose face the players are asked for stands out.
        self._rolling = state.awaiting.throw.die_id if state.awaiting is not None else None
        self._chosen = frozenset(chosen_casualties(state))  # greyed until removed together
        self._spell_dice = frozenset(t[0] for t in self._spell_targets
                                     if len(t) == 1 and isinstance(t[0], int))
        self.badges = table_badges(state)
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
            pickable = die.id in self._pickable or die.id in self._spell_dice
            pixmap = render_die(die.die, face, self._pixels(size),
                                highlighted=draggable or pickable or die.id == self._rolling,
                                dimmed=zone.kind is ZoneKind.BUA or die.id in self._chosen)
            die_item = self.die_items[die.id]
            die_item.place(pixmap, size, point, draggable, pickable)
            die_item.set_badges(self.badges.get(("die", die.id), ()))
            die_item.set_tip(functools.partial(self._die_tooltip, state, die.id, face))
        title, note, role, tag = self._zone_text(state, zone, player, dice)
        item.set_look(title, note, role, self.spell_target_at(zone, player) is not None, tag)
        item.set_badges(self.badges.get(("zone", zone, player), ()))

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
            if self.table.classic:  # the 1996 names: dead pile (dragons wait there), buried
                title = (_CLASSIC_COMPACT_TITLES if compact
                         else _CLASSIC_STRIP_TITLES).get(zone.kind, title)
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
        lines += [f"Lasting effect: {b.tooltip}" for b in self.badges.get(("die", die_id), ())]
        if die_id == self._rolling:
            lines.append("roll this die and enter the face it shows (Decision panel)")
        if die_id in self._chosen:
            lines.append(CHOSEN_TIP)
        moves = self.moves_for(die_id)
        if moves:
            lines.append("drag or right-click: " + "; ".join(m.label for m in moves))
        if die_id in self._spell_dice:
            lines.append("click to cast the spell on it")
        elif die_id in self._pickable:
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
        for badge in self.badges.get(("terrain", index), ()):
            # A terrain effect acts on every army there: it is on the terrain's caption.
            lines.append(("✦ " + badge.label, "#d9bfff", 8.5, True))
            tooltip += f"\nLasting effect: {badge.tooltip}"
        placeholder = state.phase in SETUP_PHASES and not terrain.home
        size, scale = self.table.terrain_die, self.table.caption_scale
        lines = [(text, colour, points * scale, bold) for text, colour, points, bold in lines]
        target = (Zone(ZoneKind.TERRAIN, index),) in self._spell_targets
        if target:
            tooltip += "\nClick to cast the spell on this terrain"
        elif self.turn_action(index, True) or self.turn_action(index, False):
            tooltip += "\nClick the upper half of the die to turn it up, the lower half down"
        item.set_look(render_die(die, terrain.face - 1, self._pixels(size), dimmed=placeholder),
                      size, lines, ring, tooltip, highlighted=target)

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
            lines.append((player_text(pending.prompt), "#d6e6d6", 9.5, False))
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
        effects = "".join(f"\nLasting effect: {b.tooltip}"
                          for b in self.badges.get(("player", player), ()))
        plate.setToolTip(f"{setup.name} sits at the {self.table.seats[player]} of the table\n"
                         f"{health} health in play · {held}/2 terrains captured{tip}{effects}")

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

    # --- spell targets and clicks on the table ----------------------------------------------

    def set_spell_targets(self, targets: dict) -> None:
        """Light the targets of the spell chosen in the spell picker: `targets` maps a
        ``cast`` action's target arguments — (zone, player) an army, (die id,) a unit or
        dragon, (zone,) a terrain or a DUA — to the action text; empty clears them."""
        self._spell_targets = dict(targets or {})
        self.refresh()

    def spell_target_at(self, zone: Zone, player: int) -> str | None:
        """The cast action a click on the zone box of `player` at `zone` makes, or None: the
        army there, or the terrain (every army box at it) or the DUA."""
        targets = self._spell_targets
        if not targets:
            return None
        return targets.get((zone, player)) or (
            targets.get((zone,)) if zone.kind in (ZoneKind.TERRAIN, ZoneKind.DUA) else None)

    def zone_clicked(self, zone: Zone, player: int) -> str | None:
        """A click on a zone box: casts the chosen spell there when it is a target. Returns
        the action text sent, or None."""
        text = self.spell_target_at(zone, player)
        if text is not None:
            self.actionRequested.emit(text)
        return text

    def turn_action(self, index: int, upper: bool) -> str | None:
        """The ``turn`` action a click on terrain `index`'s die makes now (its upper half
        turns up, its lower half down), or None when that terrain cannot be turned so."""
        if self.snapshot is None or self.snapshot.state.step is not Step.TURN_TERRAIN:
            return None
        march = self.snapshot.state.march
        if march is None or march.zone != Zone(ZoneKind.TERRAIN, index):
            return None
        wanted = "up" if upper else "down"
        return next((a.to_text() for a in self.snapshot.legal
                     if a.verb.value == "turn" and a.args and a.args[0] == wanted), None)

    def terrain_clicked(self, index: int, upper: bool) -> str | None:
        """A click on terrain `index`'s die (`upper`: on its upper half): casts the chosen
        spell on the terrain, or turns the terrain being turned. Returns the action text
        sent, or None (the status bar says why when the terrain may be turned only one way)."""
        text = self._spell_targets.get((Zone(ZoneKind.TERRAIN, index),))
        if text is None:
            text = self.turn_action(index, upper)
            if text is None and (self.turn_action(index, not upper)):
                way = "up" if upper else "down"
                self.statusMessage.emit(f"This terrain cannot be turned {way} now")
                return None
        if text is not None:
            self.actionRequested.emit(text)
        return text

    def pick_die(self, die_id: int) -> str | None:
        """Answer an SAI's "choose units" with this die (a click on a highlighted die), or
        cast the chosen spell on it; returns the action text sent, or None if the die cannot
        be picked now."""
        spell = self._spell_targets.get((die_id,))
        if spell is not None:
            self.actionRequested.emit(spell)
            return spell
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
        self.last_refusal = ""
        for item in self.zone_items.values():
            item.set_look(item.title, item.note, item.role, id(item) in targets)

    def drag_over(self, die_id: int, scene_pos: QPointF) -> str:
        """The die being dragged is over `scene_pos`: the zone box there shows whether the
        die may be dropped on it (legal: bright; refused: red). Returns why a drop there
        would be refused ("" when it would be taken, or over no zone or its own zone)."""
        target = self.zone_at(scene_pos)
        reason = ""
        for item in self.zone_items.values():
            hover = None
            if item is target and self.snapshot is not None:
                if any(m.target == item.zone for m in self.moves_for(die_id)):
                    hover = "legal"
                else:
                    reason = refusal(self.snapshot.state, self.snapshot.legal, die_id, item.zone)
                    hover = "refused" if reason else None
            item.set_hover(hover)
        return concise_refusal(self.snapshot.state, reason) if reason else ""

    def zone_at(self, scene_pos: QPointF) -> ZoneItem | None:
        """The zone under a scene point, or None."""
        for item in self.items(scene_pos):
            if isinstance(item, ZoneItem):
                return item
        return None

    def selected_dice(self) -> list[int]:
        """Ids of the dice selected (Ctrl+click, rubber band), in id order."""
        return sorted(i.die_id for i in self.selectedItems() if isinstance(i, DieItem))

    def select_dice(self, die_ids) -> None:
        """Select exactly `die_ids` (those that may move now)."""
        wanted = set(die_ids) & set(self._movable)
        for die_id, item in self.die_items.items():
            item.setSelected(die_id in wanted)

    def army_dice(self, zone: Zone, player: int) -> list[int]:
        """The dice of `player`'s army (or zone) at `zone` that may move now."""
        if self.snapshot is None:
            return []
        dice = self._zone_dice(self.snapshot.state, zone, player)
        return [d.id for d in dice if d.id in self._movable]

    def finish_group_drag(self, die_ids: list[int], scene_pos: QPointF) -> str | None:
        """Dice dragged together (an army by its title) released at `scene_pos`."""
        for item in self.zone_items.values():
            item.set_look(item.title, item.note, item.role, False)
            item.set_hover(None)
        target = self.zone_at(scene_pos)
        if target is None or not die_ids:
            return None
        return self.drop_dice(die_ids, target.zone)

    def drop_dice(self, die_ids, zone: Zone) -> str | None:
        """Drop several dice on engine zone `zone` as one request: every die needs a legal
        move there now, else nothing is asked, the first refused die's reason is shown and
        every die snaps back; the worker then plays the moves in turn, all or none (a later
        move made illegal by an earlier one refuses the whole request). Returns the request
        text sent (action texts joined by ``BATCH``), or None."""
        die_ids = list(dict.fromkeys(die_ids))
        if self.snapshot is None or not die_ids:
            return None
        if effect_move_task(self.snapshot.state) is not None:
            return self._effect_drop(die_ids, zone)
        if len(die_ids) == 1:
            return self.drop_die(die_ids[0], zone)
        state = self.snapshot.state
        texts = []
        for die_id in die_ids:
            move = next((m for m in self.moves_for(die_id) if m.target == zone), None)
            if move is None:
                reason = refusal(state, self.snapshot.legal, die_id, zone) or (
                    f"{state.die_label(die_id)} is already there")
                self.last_refusal = (f"Nothing was moved: {concise_refusal(state, reason)}")
                self.statusMessage.emit(self.last_refusal)
                for other in die_ids:
                    self.die_items[other].snap_back()
                return None
            texts.append(move.action.to_text())
        text = f"{BATCH} ".join(texts)
        self.last_refusal = ""
        self.statusMessage.emit(f"Moving {dice_count(len(texts))} to {state.zone_name(zone)}")
        self.actionRequested.emit(text)
        return text

    def finish_drag(self, die_id: int, scene_pos: QPointF) -> str | None:
        """A dragged die was released at `scene_pos`: drop it on the zone there. A refused
        drop leaves its reason in `last_refusal` (the die shows it at the cursor)."""
        for item in self.zone_items.values():
            item.set_look(item.title, item.note, item.role, False)
            item.set_hover(None)
        target = self.zone_at(scene_pos)
        if target is None:
            self.last_refusal = "Drop the die on a highlighted zone"
            self.statusMessage.emit(self.last_refusal)
            self.die_items[die_id].snap_back()
            return None
        selected = self.selected_dice()
        if die_id in selected and len(selected) > 1:
            return self.drop_dice(selected, target.zone)
        return self.drop_die(die_id, target.zone)

    def drop_die(self, die_id: int, zone: Zone) -> str | None:
        """Drop die `die_id` on engine zone `zone`.

        If a legal action moves the die there, emits actionRequested(text) and returns the
        text; the die stays where it was dropped until the next snapshot places it. Otherwise
        snaps the die back, shows why in the status bar and returns None.
        """
        if self.snapshot is None:
            return None
        if effect_move_task(self.snapshot.state) is not None:
            return self._effect_drop([die_id], zone)
        for move in self.moves_for(die_id):
            if move.target == zone:
                text = move.action.to_text()
                self.statusMessage.emit(f"{self.snapshot.state.die_label(die_id)}: {move.label}")
                self.actionRequested.emit(text)
                return text
        reason = refusal(self.snapshot.state, self.snapshot.legal, die_id, zone)
        self.last_refusal = concise_refusal(self.snapshot.state, reason) if reason else ""
        if reason:
            self.statusMessage.emit(self.last_refusal)
        item = self.die_items.get(die_id)
        if item is not None:
            item.snap_back()
        return None

    def _effect_drop(self, die_ids: list[int], zone: Zone) -> str | None:
        """Dice dropped on `zone` while an SAI (Ferry, Teleport, Wayfare ...) asks where its
        units go: the answers that move exactly those dice, as one request; refused whole,
        with the engine's reason, when any answer is not legal."""
        state = self.snapshot.state
        texts, reason = effect_group_move(state, die_ids, zone)
        if not texts:
            self.last_refusal = f"Nothing was moved: {reason}" if len(die_ids) > 1 else reason
            self.statusMessage.emit(self.last_refusal)
            for die_id in die_ids:
                item = self.die_items.get(die_id)
                if item is not None:
                    item.snap_back()
            return None
        text = f"{BATCH} ".join(texts)
        self.last_refusal = ""
        self.statusMessage.emit(f"Moving {len(die_ids)} "
                                f"{'die' if len(die_ids) == 1 else 'dice'} to "
                                f"{state.zone_name(zone)}")
        self.actionRequested.emit(text)
        return text

    def die_menu(self, die_id: int, parent: QWidget | None = None) -> QMenu:
        """The context menu of a die: its legal moves (the drag's keyboard/menu equivalent)
        and its faces for reference."""
        menu = QMenu(parent)
        state = self.snapshot.state
        header = menu.addAction(state.die_label(die_id))
        header.setEnabled(False)
        menu.addSeparator()
        moves = self.moves_for(die_id)
        effect = effect_move_task(state)
        for move in moves:
            action = menu.addAction(move.label)
            action.setData(move.action.to_text())
            if effect is not None:  # the die (with the unit whose SAI it is) to that zone
                dice = sorted({effect.effect.die_id, die_id})
                action.triggered.connect(
                    lambda _=False, d=dice, z=move.target: self.drop_dice(d, z))
                continue
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
        # A band drawn on the felt selects the dice that may move inside it (they then drag
        # together).
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
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
