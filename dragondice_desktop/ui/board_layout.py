"""Where everything sits on the board, in scene units (about screen pixels at 1400×900).

The table reads like a real one seen from above, two players sitting at the top and bottom
edges: player 1's areas along the top, player 0's along the bottom, and the three terrains
in a row across the middle (player 1's Home Terrain, the Frontier, player 0's Home Terrain),
each with one army zone per player on that player's side of it.

    banner (turn · phase · step · who decides)
    player 1 plate + strip: Reserve Area | Summoning Pool | DUA | BUA
    player 1 army zones:    [at P1 Home]   [at Frontier]   [at P0 Home]
    terrain dice:            P1 Home        Frontier        P0 Home
    player 0 army zones:    [at P1 Home]   [at Frontier]   [at P0 Home]
    player 0 strip + plate
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from ..engine.state import Zone, ZoneKind

WIDTH = 1000.0
HEIGHT = 828.0
MARGIN = 10.0
GAP = 10.0
BANNER = QRectF(MARGIN, 8, WIDTH - 2 * MARGIN, 50)
PLATE_HEIGHT = 22.0
STRIP_HEIGHT = 122.0
ARMY_HEIGHT = 150.0
TERRAIN_HEIGHT = 136.0
TERRAIN_DIE = 112
# Terrain columns left to right: player 1's Home Terrain, the Frontier, player 0's Home.
TERRAIN_ORDER = (1, 2, 0)
# Strip zones and their share of the width.
STRIP = ((ZoneKind.RESERVE, 0.28), (ZoneKind.SUMMONING, 0.26), (ZoneKind.DUA, 0.28),
         (ZoneKind.BUA, 0.18))
LABEL_HEIGHT = 22.0  # a zone's title line
ARMY_DIE = (58, 24)  # preferred and smallest die size in army zones
STRIP_DIE = (44, 20)  # ... in the Reserve / Summoning / DUA / BUA zones
DIE_GAP = 5.0


@dataclass(frozen=True)
class BoardLayout:
    """Rectangles of every board element for a two-player game.

    zones: (engine Zone, player) -> rect; for terrain zones there is one rect per player.
    terrains: terrain index -> rect of the terrain die and its caption.
    plates: player -> rect of the player's name plate.
    """

    zones: dict[tuple[Zone, int], QRectF]
    terrains: dict[int, QRectF]
    plates: dict[int, QRectF]
    banner: QRectF

    @property
    def scene_rect(self) -> QRectF:
        """The whole table."""
        return QRectF(0, 0, WIDTH, HEIGHT)


def board_layout() -> BoardLayout:
    """The layout of a two-player board with three terrains (this version's only shape)."""
    inner = WIDTH - 2 * MARGIN
    zones: dict[tuple[Zone, int], QRectF] = {}
    y = BANNER.bottom() + 6
    plates = {1: QRectF(MARGIN, y, inner, PLATE_HEIGHT)}
    y += PLATE_HEIGHT
    _strip(zones, 1, y)
    y += STRIP_HEIGHT + GAP
    column = (inner - 2 * GAP) / 3
    columns = [MARGIN + i * (column + GAP) for i in range(3)]
    for x, t in zip(columns, TERRAIN_ORDER):
        zones[(Zone(ZoneKind.TERRAIN, t), 1)] = QRectF(x, y, column, ARMY_HEIGHT)
    y += ARMY_HEIGHT + 4
    terrains = {t: QRectF(x, y, column, TERRAIN_HEIGHT) for x, t in zip(columns, TERRAIN_ORDER)}
    y += TERRAIN_HEIGHT + 4
    for x, t in zip(columns, TERRAIN_ORDER):
        zones[(Zone(ZoneKind.TERRAIN, t), 0)] = QRectF(x, y, column, ARMY_HEIGHT)
    y += ARMY_HEIGHT + GAP
    _strip(zones, 0, y)
    y += STRIP_HEIGHT
    plates[0] = QRectF(MARGIN, y, inner, PLATE_HEIGHT)
    return BoardLayout(zones, terrains, plates, BANNER)


def _strip(zones: dict, player: int, y: float) -> None:
    inner = WIDTH - 2 * MARGIN - GAP * (len(STRIP) - 1)
    x = MARGIN
    for kind, share in STRIP:
        width = inner * share
        zones[(Zone(kind, player), player)] = QRectF(x, y, width, STRIP_HEIGHT)
        x += width + GAP


def dice_area(zone_rect: QRectF) -> QRectF:
    """The part of a zone's rect where its dice go (below the title line)."""
    return zone_rect.adjusted(8, LABEL_HEIGHT + 2, -8, -6)


def grid(area: QRectF, count: int, preferred: int, smallest: int,
         gap: float = DIE_GAP) -> tuple[int, list[QPointF]]:
    """Lay `count` dice out in rows that wrap inside `area`.

    Returns (die size in scene units, top-left corner of each die). Uses the largest size
    from `preferred` down to `smallest` at which every die fits; if even `smallest` does not
    fit, the dice overlap in the last row rather than spill out of the zone.
    """
    if count == 0:
        return preferred, []
    size = preferred
    while size > smallest:
        cols = max(1, int((area.width() + gap) // (size + gap)))
        rows = max(1, int((area.height() + gap) // (size + gap)))
        if cols * rows >= count:
            break
        size -= 2
    cols = max(1, int((area.width() + gap) // (size + gap)))
    rows = math.ceil(count / cols)
    step_y = size + gap
    if rows > 1 and rows * (size + gap) - gap > area.height():
        step_y = (area.height() - size) / (rows - 1)
    points = []
    for i in range(count):
        row, col = divmod(i, cols)
        points.append(QPointF(area.left() + col * (size + gap), area.top() + row * step_y))
    return size, points
