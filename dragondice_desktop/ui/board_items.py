"""The items on the board scene: zones, dice, terrain dice, the banner and player plates.

Items only draw what the board tells them and forward mouse gestures to the board
(`Board.begin_drag`, `Board.finish_drag`, `Board.show_die_menu`); the rules live elsewhere.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem, QGraphicsPixmapItem, QGraphicsSceneContextMenuEvent, QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem, QToolTip, QWidget,
)

from ..engine.core.state import Zone
from . import theme

Z_ZONE, Z_TERRAIN, Z_DIE, Z_DRAGGED = 0, 1, 2, 100


class ZoneItem(QGraphicsItem):
    """A place for dice: holds an engine `Zone` and the `player` whose dice it shows.

    The army zones beside a terrain hold the same engine Zone (the terrain) with different
    players. `highlighted` marks a legal drop target during a drag; `role` is "march" for the
    marching army, "damage" for an army that must take damage, or "". `compact`: a narrow
    zone of a three- or four-player board, titled in a smaller font.
    """

    def __init__(self, zone: Zone, player: int, rect: QRectF, title: str,
                 compact: bool = False) -> None:
        super().__init__()
        self.zone, self.player, self.rect, self.title = zone, player, QRectF(rect), title
        self.compact = compact
        self.note = ""
        self.role = ""
        self.tag = ""
        self.highlighted = False
        self.badges: tuple = ()  # effect_badges.Badge: lasting effects on this army
        # Where the last paint put the tag and the badge, and the badge's words (for tests).
        self.tag_rect, self.badge_rect, self.badge_shown = QRectF(), QRectF(), ""
        self.hover: str | None = None  # under a dragged die: "legal", "refused" or None
        self.setZValue(Z_ZONE)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        # Painted once into a pixmap and reused until its look changes (`update`): a
        # repaint of the board then copies pixmaps instead of filling translucent shapes.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        # The role tag sits on the bottom border and reaches a little below it.
        return self.rect.adjusted(-4, -4, 4, 14)

    def set_look(self, title: str, note: str, role: str, highlighted: bool,
                 tag: str | None = None) -> None:
        """Change what the zone shows (tag: the pill on the bottom border, e.g. "MARCHING";
        None keeps the current one); repaints only when something changed."""
        tag = self.tag if tag is None else tag
        look = (title, note, role, highlighted, tag)
        if look != (self.title, self.note, self.role, self.highlighted, self.tag):
            self.title, self.note, self.role, self.highlighted, self.tag = look
            self._tip()
            self.update()

    def set_hover(self, hover: str | None) -> None:
        """Mark the zone under a dragged die: "legal" (the drop would be taken), "refused"
        (red: it would not), None (not under the die)."""
        if hover != self.hover:
            self.hover = hover
            self.update()

    def set_badges(self, badges: tuple) -> None:
        """Show the lasting effects on this army (or DUA): a badge on the bottom-left of the
        border, each in full in the tooltip; () shows none."""
        badges = tuple(badges)
        if badges != self.badges:
            self.badges = badges
            self._tip()
            self.update()

    def _tip(self) -> None:
        lines = [self.title] + ([self.note] if self.note else [])
        lines += [f"Lasting effect: {b.tooltip}" for b in self.badges]
        self.setToolTip("\n".join(lines))

    def header_rect(self) -> QRectF:
        """The title strip: grab an army here to drag all its dice that may move."""
        return QRectF(self.rect.left(), self.rect.top(), self.rect.width(), 22)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A click on a highlighted spell target announces the spell there (the board
        decides); a press on the title of an army with dice that may move grabs them all;
        any other press passes on (a rubber band may start)."""
        self._group = []
        if event.button() is not Qt.MouseButton.LeftButton:
            event.ignore()
            return
        board = self.scene()
        if board.zone_clicked(self.zone, self.player):
            event.accept()
            return
        if self.header_rect().contains(event.pos()):
            self._group = board.army_dice(self.zone, self.player)
            if self._group:
                board.select_dice(self._group)
                board.begin_drag(self._group[0])
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                event.accept()
                return
        event.ignore()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if getattr(self, "_group", None):
            board = self.scene()
            reason = board.drag_over(self._group[0], event.scenePos())
            if reason:
                QToolTip.showText(event.screenPos(), reason)
            else:
                QToolTip.hideText()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        group, self._group = getattr(self, "_group", []), []
        if group:
            self.unsetCursor()
            board = self.scene()
            if board.finish_group_drag(group, event.scenePos()) is None and board.last_refusal:
                QToolTip.showText(event.screenPos(), board.last_refusal)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = theme.player_color(self.player)
        role_colour = QColor({"damage": theme.DAMAGE_COLOR, "march": theme.MARCH_COLOR}.get(
            self.role, "#d8e4d8"))
        painter.setBrush(QColor(255, 210, 60, 60) if self.highlighted else QColor(0, 0, 0, 70))
        pen = QPen(colour, 2)
        if self.role == "march":
            pen = QPen(role_colour, 3, Qt.PenStyle.DashLine)
        elif self.role == "damage":
            pen = QPen(role_colour, 3)
        if self.highlighted:
            pen = QPen(QColor(theme.HIGHLIGHT), 4)
        if self.hover == "legal":
            pen = QPen(QColor(theme.HIGHLIGHT), 6)
            painter.setBrush(QColor(255, 210, 60, 110))
        elif self.hover == "refused":
            pen = QPen(QColor(theme.DAMAGE_COLOR), 4, Qt.PenStyle.DashLine)
            painter.setBrush(QColor(255, 60, 60, 60))
        painter.setPen(pen)
        painter.drawRoundedRect(self.rect, 9, 9)
        # Title line: the zone's name in the owner's colour, a note (counts) right-aligned.
        # When both do not fit, the title gives way (elided) in a wide zone; in a compact one
        # the note is left out instead (the zone's tooltip has both).
        line = QRectF(self.rect.left() + 9, self.rect.top() + 3, self.rect.width() - 18, 18)
        title_font = theme.font(8.5 if self.compact else 9.5, bold=True)
        note_width = 0.0
        if self.note:
            painter.setFont(theme.font(8 if self.compact else 8.5))
            note_width = painter.fontMetrics().horizontalAdvance(self.note) + 10
            title_width = QFontMetricsF(title_font).horizontalAdvance(self.title)
            if self.compact and title_width + note_width > line.width():
                note_width = 0.0
            else:
                painter.setPen(QColor("#d8e4d8"))
                painter.drawText(line,
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                                 self.note)
        painter.setFont(title_font)
        painter.setPen(colour.lighter(125))
        title = painter.fontMetrics().elidedText(self.title, Qt.TextElideMode.ElideRight,
                                                 int(line.width() - note_width))
        painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, title)
        tag_width = 0.0
        self.tag_rect = QRectF()
        if self.tag:
            painter.setFont(theme.font(8, bold=True))
            width = tag_width = painter.fontMetrics().horizontalAdvance(self.tag) + 18
            pill = QRectF(self.rect.center().x() - width / 2, self.rect.bottom() - 9, width, 18)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(role_colour)
            painter.drawRoundedRect(pill, 9, 9)
            painter.setPen(QColor("#1a1a1a"))
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, self.tag)
            self.tag_rect = pill
        self.badge_rect, self.badge_shown = QRectF(), ""
        if self.badges:
            full = self.rect.width() - 24
            top_left = QPointF(self.rect.left() + 8, self.rect.bottom() - 9)
            room = self.rect.width() / 2 - tag_width / 2 - 16 if tag_width else full
            short = False
            if tag_width and badge_width(self.badges) > room:
                # Beside the tag it would be cut to a few letters ("+2 sav…"): what the
                # effect does, whole, if that fits there (the tooltip has the rest); else
                # a line of its own just above the border, as wide as the zone.
                short = badge_width(self.badges, short=True) <= room
                if not short:
                    top_left, room = QPointF(top_left.x(), top_left.y() - 21), full
            self.badge_rect, self.badge_shown = paint_badge(painter, self.badges, top_left,
                                                            room, short)


BADGE_COLOR = "#c9a0ff"  # lasting effects: a colour no player, march or damage mark uses


def badge_text(badges: tuple, short: bool = False) -> str:
    """The words of a badge pill: the first effect, and how many more there are; `short`:
    only what the first effect does ("+2 save", the label's first part)."""
    more = f"  +{len(badges) - 1} more" if len(badges) > 1 else ""
    label = badges[0].label.split(" · ")[0] if short else badges[0].label
    return label + more


def badge_width(badges: tuple, short: bool = False) -> float:
    """The width the pill of `badges` needs to show its words (`badge_text`) whole."""
    return QFontMetricsF(theme.font(7.5, bold=True)).horizontalAdvance(
        "✦ " + badge_text(badges, short)) + 16


def paint_badge(painter: QPainter, badges: tuple, top_left: QPointF,
                room: float, short: bool = False) -> tuple[QRectF, str]:
    """Paint the pill of lasting-effect `badges` (`short`: what the first does only) at
    `top_left`, at most `room` wide (the text ends in "…" when longer; the tooltip has every
    effect in full). Returns the pill's rectangle and the text shown."""
    painter.setFont(theme.font(7.5, bold=True))
    metrics = painter.fontMetrics()
    text = metrics.elidedText("✦ " + badge_text(badges, short), Qt.TextElideMode.ElideRight,
                              int(max(20.0, room - 14)))
    pill = QRectF(top_left.x(), top_left.y(), metrics.horizontalAdvance(text) + 14, 18)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(BADGE_COLOR))
    painter.drawRoundedRect(pill, 9, 9)
    painter.setPen(QColor("#1a1030"))
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
    return pill, text


class DieItem(QGraphicsPixmapItem):
    """One die on the board, wrapping an engine die id. The pixmap (from the dice painter)
    shows the face it last rolled. A die with a legal move can be dragged with the left
    button; the right button opens a menu of its moves."""

    def __init__(self, die_id: int) -> None:
        super().__init__()
        self.die_id = die_id
        self.size = 0
        self.home = QPointF()
        self.draggable = False
        self.pickable = False
        self.badges: tuple = ()  # effect_badges.Badge: lasting effects on this unit
        self._press: QPointF | None = None
        self._placed: tuple | None = None  # what `place` showed last
        self._tip_source = None  # makes the tooltip when it is asked for (set_tip)
        self.setAcceptHoverEvents(True)
        self.setZValue(Z_DIE)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.setCursor(Qt.CursorShape.ArrowCursor)
        # Kept as it shows on the screen (scaled to the view, its badge drawn) until its
        # pixmap, scale or badge changes: a repaint copies it instead of scaling the die's
        # pixmap again and calling `paint`.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def place(self, pixmap: QPixmap, size: int, pos: QPointF, draggable: bool,
              pickable: bool = False) -> None:
        """Show `pixmap` (scaled to `size` scene units) at `pos`; `draggable`: it has a legal
        move; `pickable`: a click picks it for an SAI. Nothing is done when the die already
        shows just that (a board redraw places every die)."""
        placed = (pixmap.cacheKey(), size, pos.x(), pos.y(), draggable, pickable)
        if placed == self._placed and self._press is None and self.pos() == pos:
            return  # (a die dropped where it was refused is not where it belongs: placed)
        self._placed = placed
        self.pickable = pickable
        if pixmap.cacheKey() != self.pixmap().cacheKey():
            self.setPixmap(pixmap)
        scale = size / max(1, pixmap.width())
        if abs(self.scale() - scale) > 1e-6:
            self.setScale(scale)
        self.size, self.home, self.draggable = size, QPointF(pos), draggable
        # Only dice that may move can be selected (Ctrl+click, the board's rubber band).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, draggable)
        if not draggable and self.isSelected():
            self.setSelected(False)
        if self._press is None:
            self.setPos(pos)
        cursor = (Qt.CursorShape.OpenHandCursor if draggable
                  else Qt.CursorShape.PointingHandCursor if pickable else Qt.CursorShape.ArrowCursor)
        self.setCursor(cursor)

    def set_tip(self, source) -> None:
        """The tooltip is `source()` (a function of no arguments), worked out only when it
        is shown or asked for: a board redraw need not word a tooltip per die."""
        self._tip_source = source

    def toolTip(self) -> str:  # noqa: N802 — Qt's name
        """The tooltip (from `set_tip`'s source when there is one)."""
        if self._tip_source is not None:
            return self._tip_source()
        return super().toolTip()

    def hoverEnterEvent(self, event) -> None:
        # Qt shows the tooltip the item holds: give it the words now.
        if self._tip_source is not None:
            self.setToolTip(self._tip_source())
        super().hoverEnterEvent(event)

    def set_badges(self, badges: tuple) -> None:
        """Mark the die with the lasting effects on its unit (webbed, asleep ...): a dot in
        the badge colour at its top-right corner; the board puts the words in the tooltip."""
        badges = tuple(badges)
        if badges != self.badges:
            self.badges = badges
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if self.badges:
            size = self.pixmap().width()
            radius = size * 0.17
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QColor("#1a1030"), max(1.0, size * 0.025)))
            painter.setBrush(QColor(BADGE_COLOR))
            painter.drawEllipse(QPointF(size - radius, radius), radius, radius)
            painter.setFont(theme.font(max(4.0, radius * 0.9), bold=True))
            painter.setPen(QColor("#1a1030"))
            painter.drawText(QRectF(size - 2 * radius, 0, 2 * radius, 2 * radius),
                             Qt.AlignmentFlag.AlignCenter, "✦")

    def center(self) -> QPointF:
        """The die's centre in scene coordinates (tests aim the mouse here)."""
        return self.home + QPointF(self.size / 2, self.size / 2)

    def snap_back(self) -> None:
        """Return to the die's place after a refused drop."""
        self.setZValue(Z_DIE)
        self.setPos(self.home)

    # --- mouse gestures -------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() is not Qt.MouseButton.LeftButton:
            event.ignore()
            return
        if not self.draggable:
            if self.pickable:
                self.scene().pick_die(self.die_id)
                event.accept()
                return
            self.scene().explain_die(self.die_id)
            event.ignore()
            return
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.setSelected(not self.isSelected())  # Ctrl+click: add to / take out of the set
            event.accept()
            return
        if not self.isSelected():
            self.scene().clearSelection()  # a plain press on another die starts afresh
        self._press = event.scenePos()
        self.setZValue(Z_DRAGGED)
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        self.scene().begin_drag(self.die_id)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        self.setPos(self.home + (event.scenePos() - self._press))
        # The box under the cursor says whether it takes the die; a refusal's reason
        # follows the cursor.
        reason = self.scene().drag_over(self.die_id, event.scenePos())
        if reason:
            QToolTip.showText(event.screenPos(), reason)
        else:
            QToolTip.hideText()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        self._press = None
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        board = self.scene()
        if board.finish_drag(self.die_id, event.scenePos()) is None and board.last_refusal:
            QToolTip.showText(event.screenPos(), board.last_refusal)  # why, at the cursor

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        self.scene().show_die_menu(self.die_id, event.screenPos())
        event.accept()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() is Qt.MouseButton.LeftButton:
            self.scene().inspect_die(self.die_id)
            event.accept()


class TerrainItem(QGraphicsItem):
    """A terrain as a big d8 with its caption: name, whose terrain it is, the face showing
    and what it allows; on the eighth face, who holds it (ring and text in their colour)."""

    def __init__(self, index: int, rect: QRectF) -> None:
        super().__init__()
        self.index, self.rect = index, QRectF(rect)
        self.pixmap = QPixmap()
        self.lines: list[tuple[str, str, float, bool]] = []  # text, colour, point size, bold
        self.ring: QColor | None = None
        self.die_size = 0
        self.highlighted = False
        self.setZValue(Z_TERRAIN)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # as ZoneItem

    def boundingRect(self) -> QRectF:
        return self.rect

    def set_look(self, pixmap: QPixmap, die_size: int, lines, ring: QColor | None,
                 tooltip: str, highlighted: bool = False) -> None:
        """Show the die `pixmap` at `die_size` and the caption `lines`; `highlighted`: a
        target of the spell being chosen. Repaints only when something changed."""
        lines = list(lines)
        look = (pixmap.cacheKey(), die_size, lines, ring, highlighted)
        if tooltip != self.toolTip():
            self.setToolTip(tooltip)
        if look == (self.pixmap.cacheKey(), self.die_size, self.lines, self.ring,
                    self.highlighted):
            return
        self.pixmap, self.die_size, self.lines, self.ring = pixmap, die_size, lines, ring
        self.highlighted = highlighted
        self.update()

    def die_rect(self) -> QRectF:
        """Where the terrain die is drawn."""
        s = self.die_size
        return QRectF(self.rect.left() + 10, self.rect.center().y() - s / 2, s, s)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.SmoothPixmapTransform)
        die = self.die_rect()
        if self.highlighted:
            painter.setPen(QPen(QColor(theme.HIGHLIGHT), 4))
            painter.setBrush(QColor(255, 210, 60, 50))
            painter.drawRoundedRect(self.rect.adjusted(2, 2, -2, -2), 9, 9)
        if self.ring is not None:
            ring = QColor(self.ring)
            ring.setAlpha(200)
            painter.setPen(QPen(ring, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(die.adjusted(-2, -2, 2, 2))
        if not self.pixmap.isNull():
            painter.drawPixmap(die, self.pixmap, QRectF(self.pixmap.rect()))
        x = die.right() + 12
        width = self.rect.right() - x - 4
        rows = caption_rows(self.lines, width, self.rect.height() - 4)
        y = self.rect.center().y() - sum(height for *_, height in rows) / 2
        for text, colour, font, height in rows:
            painter.setFont(font)
            painter.setPen(QColor(colour))
            painter.drawText(QRectF(x, y, width, height),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += height

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """A click on the terrain die: the board casts the chosen spell here or turns the
        terrain (upper half up, lower half down); other clicks pass on."""
        if event.button() is Qt.MouseButton.LeftButton:
            die = self.die_rect()
            if self.highlighted or die.contains(event.pos()):
                upper = event.pos().y() < die.center().y()
                if self.scene().terrain_clicked(self.index, upper):
                    event.accept()
                    return
        event.ignore()

    def caption(self) -> list[str]:
        """The caption as drawn, one entry per row (a long name takes two), for tests."""
        return [text for text, *_ in caption_rows(self.lines, self.caption_width(),
                                                  self.rect.height() - 4)]

    def caption_width(self) -> float:
        """The width the caption has beside the die."""
        return self.rect.right() - (self.die_rect().right() + 12) - 4


def _fits(text: str, font: QFont, width: float) -> bool:
    return QFontMetricsF(font).horizontalAdvance(text) <= width


def _two_rows(text: str, font: QFont, width: float) -> list[str] | None:
    """`text` broken at a space into two rows that fit `width`, as even as possible
    ("Wasteland" above "Standing Stones"; "Face 8:" above the face's name); None when no
    break fits."""
    metrics = QFontMetricsF(font)
    head, colon, tail = text.partition(": ")
    if colon and max(metrics.horizontalAdvance(head + ":"),
                     metrics.horizontalAdvance(tail)) <= width:
        return [head + ":", tail]
    words = text.split(" ")
    best: tuple[float, list[str]] | None = None
    for cut in range(1, len(words)):
        rows = [" ".join(words[:cut]), " ".join(words[cut:])]
        widest = max(metrics.horizontalAdvance(row) for row in rows)
        if widest <= width and (best is None or widest < best[0]):
            best = (widest, rows)
    return best[1] if best else None


def caption_rows(lines, width: float, height: float) -> list[tuple[str, str, QFont, float]]:
    """Lay out a terrain caption: each (text, colour, point size, bold) line on one row,
    in a slightly smaller font if that makes it fit, else on two rows (long terrain names
    such as "Wasteland Standing Stones"); only a text that fits no way is elided (the
    terrain's tooltip names it in full). Returns (text, colour, font, row height) rows;
    shrinks everything a little more if the rows are taller than `height`."""
    for scale in (1.0, 0.9, 0.8, 0.72):
        rows: list[tuple[str, str, QFont, float]] = []
        for text, colour, size, bold in lines:
            size = size * scale
            font = theme.font(size, bold)
            if _fits(text, font, width):
                rows.append((text, colour, font, size * 1.9))
                continue
            smaller = theme.font(max(7.0, size * 0.86), bold)
            if _fits(text, smaller, width):
                rows.append((text, colour, smaller, size * 1.9))
                continue
            split = _two_rows(text, font, width) or _two_rows(text, smaller, width)
            if split is not None:
                used = font if _two_rows(text, font, width) else smaller
                rows += [(row, colour, used, size * 1.5) for row in split]
                continue
            elided = QFontMetricsF(smaller).elidedText(text, Qt.TextElideMode.ElideRight, width)
            rows.append((elided, colour, smaller, size * 1.9))
        if sum(row[3] for row in rows) <= height:
            break
    return rows


class PanelItem(QGraphicsItem):
    """A rounded text panel: the turn banner, or a player's name plate.

    `stripe` colours a bar at the left edge (the player concerned); `lines` are
    (text, colour, point size, bold) drawn left-aligned; `right` is an optional pill on the
    right (text, colour) such as "Waiting for Ann".
    """

    def __init__(self, rect: QRectF, background: QColor) -> None:
        super().__init__()
        self.rect = QRectF(rect)
        self.background = background
        self.stripe: QColor | None = None
        self.lines: list[tuple[str, str, float, bool]] = []
        self.right: tuple[str, QColor] | None = None
        self.setZValue(Z_TERRAIN)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # as ZoneItem

    def boundingRect(self) -> QRectF:
        return self.rect

    def set_look(self, lines, stripe: QColor | None = None,
                 right: tuple[str, QColor] | None = None) -> None:
        """Change the text, stripe colour and right-hand pill (repaints only when one
        changed)."""
        look = (list(lines), stripe, right)
        if look != (self.lines, self.stripe, self.right):
            self.lines, self.stripe, self.right = look
            self.update()

    def text(self) -> str:
        """Everything the panel says, for tests and accessibility."""
        parts = [t for t, *_ in self.lines]
        if self.right:
            parts.append(self.right[0])
        return " | ".join(parts)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(self.rect, 8, 8)
        painter.fillPath(path, QBrush(self.background))
        left = self.rect.left() + 10
        if self.stripe is not None:
            painter.save()
            painter.setClipPath(path)
            painter.fillRect(QRectF(self.rect.left(), self.rect.top(), 8, self.rect.height()),
                             self.stripe)
            painter.restore()
            left += 8
        right_edge = self.rect.right() - 10
        if self.right:
            text, colour = self.right
            painter.setFont(theme.font(10, bold=True))
            width = painter.fontMetrics().horizontalAdvance(text) + 22
            pill = QRectF(right_edge - width, self.rect.center().y() - 12, width, 24)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(pill, 12, 12)
            painter.setPen(QColor("#101010"))
            painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
            right_edge = pill.left() - 10
        heights = [size * 1.75 for _, _, size, _ in self.lines]
        y = self.rect.center().y() - sum(heights) / 2
        for (text, colour, size, bold), height in zip(self.lines, heights):
            painter.setFont(theme.font(size, bold))
            painter.setPen(QColor(colour))
            # A line too long for the panel (a half-wide plate) ends in "…" (`text()` and
            # the tooltip keep it whole).
            text = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                    int(right_edge - left))
            painter.drawText(QRectF(left, y, right_edge - left, height),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += height
