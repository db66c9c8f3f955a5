"""The one home of animation: dice tumbling for a moment before they settle.

Dice tumble in the roll panel and on the board alike: each frame is another face, turned a
little (`tumble_frames`), and the totals are revealed only once the dice settle (`finished`).

`RollAnimator(instant=True)` (tests, screenshots) shows the final faces at once; otherwise the
faces flick for `duration_ms` (`DURATION_MS` unless the Preferences' animation speed sets
another; 0 = off) and a click (`skip()`) ends it early. Animation only changes
pixmaps of labels that already show the result's layout, so skipping can never lose
information.
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QLabel

# The turn of each tumbling frame, in degrees (a die rolling over and back).
TUMBLE_ANGLES = (-38, 24, -14, 33, -22, 9)


def tumbled(pixmap: QPixmap, angle: float) -> QPixmap:
    """`pixmap` turned by `angle` degrees about its centre and shrunk a little so its
    corners stay inside: a frame of a tumbling die, the same size as the die at rest."""
    out = QPixmap(pixmap.size())
    out.setDevicePixelRatio(pixmap.devicePixelRatio())
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    ratio = pixmap.devicePixelRatio() or 1.0
    w, h = pixmap.width() / ratio, pixmap.height() / ratio
    painter.translate(QPointF(w / 2, h / 2))
    painter.rotate(angle)
    painter.scale(0.8, 0.8)
    painter.drawPixmap(QPointF(-w / 2, -h / 2), pixmap)
    painter.end()
    return out


def tumble_frames(face_pixmap: Callable[[int], QPixmap], face: int, faces: int,
                  count: int = len(TUMBLE_ANGLES)) -> list[QPixmap]:
    """`count` frames of a die tumbling before it settles on `face`: other faces of its
    `faces`, each turned (`face_pixmap(index)` paints one face)."""
    return [tumbled(face_pixmap((face + k * 3 + 1) % faces), TUMBLE_ANGLES[k % len(TUMBLE_ANGLES)])
            for k in range(count)]


@dataclass
class Flicker:
    """One label (or anything with ``setPixmap``: a board die) to animate: the frames to
    cycle through, then the final pixmap."""

    label: QLabel
    frames: list[QPixmap]
    final: QPixmap


class RollAnimator(QObject):
    """Cycles `Flicker` labels through their frames, then settles them. Signal finished()."""

    DURATION_MS = 400
    INTERVAL_MS = 50

    finished = Signal()

    def __init__(self, instant: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.instant = instant
        self._fixed_instant = instant  # tests and screenshots: never animate
        self.duration_ms = self.DURATION_MS
        self._flickers: list[Flicker] = []
        self._tick = 0
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self._step)

    def set_duration(self, milliseconds: int) -> None:
        """Flick for `milliseconds` (the Preferences' animation speed); 0 turns animation
        off. An animator made instant stays instant."""
        self.duration_ms = max(0, int(milliseconds))
        self.instant = self._fixed_instant or self.duration_ms == 0

    @property
    def running(self) -> bool:
        """True while faces are flicking."""
        return self._timer.isActive()

    def start(self, flickers: list[Flicker], instant: bool | None = None) -> None:
        """Animate `flickers` (ending any animation still running first); `instant` overrides
        the animator's own switch for this call (e.g. no flicking when replaying a game)."""
        self.skip()
        self._flickers = [f for f in flickers if f.frames]
        self._tick = 0
        if (self.instant if instant is None else instant) or not self._flickers:
            self._settle(flickers)
            return
        self._step()
        self._timer.start()

    def skip(self) -> None:
        """Show the final faces now."""
        if self._timer.isActive() or self._flickers:
            self._settle(self._flickers)

    def _step(self) -> None:
        self._tick += 1
        if self._tick * self.INTERVAL_MS >= self.duration_ms:
            self._settle(self._flickers)
            return
        for n, flicker in enumerate(self._flickers):
            # Dice do not flick in step: offsetting by the label's place looks less mechanical.
            flicker.label.setPixmap(flicker.frames[(self._tick + n) % len(flicker.frames)])

    def _settle(self, flickers: list[Flicker]) -> None:
        self._timer.stop()
        for flicker in flickers:
            flicker.label.setPixmap(flicker.final)
        self._flickers = []
        self.finished.emit()
