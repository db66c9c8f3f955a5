"""Where everything sits on the board, in scene units (about screen pixels at 1400×900).

The table reads like a real one seen from above, the players sitting at its top and bottom
edges, and the terrains in a row across the middle, each with one army zone per player on
that player's side of it.

Two players: player 1's areas along the top, player 0's along the bottom, and three terrain
columns (player 1's Home Terrain, the Frontier, player 0's Home Terrain):

    banner (turn · phase · step · who decides)
    player 1 plate + strip: Reserve Area | Summoning Pool | DUA | BUA
    player 1 army zones:    [at P1 Home]   [at Frontier]   [at P0 Home]
    terrain dice:            P1 Home        Frontier        P0 Home
    player 0 army zones:    [at P1 Home]   [at Frontier]   [at P0 Home]
    player 0 strip + plate

Three or four players (seats go round the table: 0 bottom left, 1 top left, 2 top right,
3 bottom right): players 1 and 2 share the top edge, each strip half wide; player 0 sits at
the bottom (the whole edge with three players, the left half with four, beside player 3).
Each terrain column holds a smaller terrain die, the top players' army zones stacked above
it and the bottom players' below it, one row per player, all rows of the same height. A
player's Home Terrain stands on their half of the table, the Frontier in between:

    banner
    P1 plate + strip            | P2 plate + strip
    P1 army zones: one per terrain column
    P2 army zones
    terrain dice:  P1 Home   P0 Home   Frontier   (P3 Home)   P2 Home
    P0 army zones
    (P3 army zones)
    P0 strip + plate            | (P3 strip + plate)

During a game of three or four (`board_layout(players, use)`, `use = table_use(state)`) the
table follows the armies: in each terrain column an army zone with no dice collapses to its
title line (it stays a drop target) and the zones with dice share the room; a player out of
the game (no health in play) folds away: no army rows, and an edge whose players are all out
keeps only thin strips. The terrain row is taller so its captions keep their full size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from ..engine.turn.setup import MAX_PLAYERS
from ..engine.core.state import Zone, ZoneKind

if TYPE_CHECKING:
    from ..engine.core.state import GameState

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

# Three and four players (see the module docstring).
# Seats along the top edge and along the bottom edge, left to right.
TOP_SEATS = {3: (1, 2), 4: (1, 2)}
BOTTOM_SEATS = {3: (0,), 4: (0, 3)}
# Terrain columns left to right, by terrain index (the Frontier is terrain n).
MULTI_TERRAIN_ORDER = {3: (1, 0, 3, 2), 4: (1, 0, 4, 3, 2)}
MULTI_STRIP_HEIGHT = 110.0
MULTI_TERRAIN_HEIGHT = 84.0
MULTI_TERRAIN_DIE = 66
# Terrain captions in a smaller font where five terrain columns share the width.
CAPTION_SCALE = {3: 1.0, 4: 0.84}
TABLE_BOTTOM = HEIGHT - 12  # where the bottom name plates end, as with two players
# The half-wide strips give the Summoning Pool (dragons, Dragonkin, minor terrains) more room.
MULTI_STRIP = ((ZoneKind.RESERVE, 0.23), (ZoneKind.SUMMONING, 0.35), (ZoneKind.DUA, 0.24),
               (ZoneKind.BUA, 0.18))
MULTI_STRIP_GAP = 8.0
ROW_GAP = 4.0  # between stacked army rows and the terrain row
# A game of three or four in play (`table_use`): thinner strips and a taller terrain row,
# army zones that collapse to their title line when empty, folded strips for players out.
PLAY_STRIP_HEIGHT = 82.0
PLAY_TERRAIN_HEIGHT = 100.0
COLLAPSED_HEIGHT = LABEL_HEIGHT + 6  # an empty army zone: its title line only
FOLDED_STRIP_HEIGHT = 46.0  # the strips of an edge whose players are all out of the game
PLAY_ROW_GAP = 3.0
PLAY_TERRAIN_DIE = 56  # leaves the captions beside it room for their full size


@dataclass(frozen=True)
class TableUse:
    """What a game in play puts on a table of three or four: `armies`, the (terrain index,
    player) pairs with dice there; `out`, the players out of the game (no health in play).
    Equal uses give the same layout, so the board re-lays its table only when one changes."""

    armies: frozenset[tuple[int, int]]
    out: frozenset[int] = frozenset()


def table_use(state: "GameState") -> TableUse:
    """The TableUse of `state`: who has an army where, and who is out of the game (a
    player with no health in play once the turns have begun, as the turn order skips them)."""
    armies = frozenset((zone.index, die.owner) for die, zone in zip(state.dice, state.zones)
                       if zone.kind is ZoneKind.TERRAIN)
    started = bool(state.turn_order) and state.turn_number > 0
    out = frozenset(p for p in range(state.player_count)
                    if started and state.health_in_play(p) == 0)
    return TableUse(armies, out)


@dataclass(frozen=True)
class BoardLayout:
    """Rectangles of every board element for a game of `players` players.

    zones: (engine Zone, player) -> rect; for terrain zones there is one rect per player.
    terrains: terrain index -> rect of the terrain die and its caption.
    plates: player -> rect of the player's name plate.
    seats: player -> where they sit ("bottom", "top left" ...), for captions and tooltips.
    terrain_die: size of the terrain dice; army_die / strip_die: (preferred, smallest) die
    size in army zones and in strip zones; caption_scale: of the terrain captions' fonts.
    compact: zones are narrow, so their titles and notes are short.
    classic: a game of the 1996 rules, which have no Summoning Pool (TSR digest §3.3: each
    player's dragons wait in their own dead pile): the dead pile takes the pool's room.
    """

    zones: dict[tuple[Zone, int], QRectF]
    terrains: dict[int, QRectF]
    plates: dict[int, QRectF]
    banner: QRectF
    players: int = 2
    seats: dict[int, str] = field(default_factory=lambda: {0: "bottom", 1: "top"})
    terrain_die: int = TERRAIN_DIE
    army_die: tuple[int, int] = ARMY_DIE
    strip_die: tuple[int, int] = STRIP_DIE
    caption_scale: float = 1.0
    compact: bool = False
    classic: bool = False

    @property
    def scene_rect(self) -> QRectF:
        """The whole table."""
        return QRectF(0, 0, WIDTH, HEIGHT)


def board_layout(players: int = 2, use: TableUse | None = None,
                 classic: bool = False) -> BoardLayout:
    """The layout of a board for `players` (2 to 4) players, with players + 1 terrains;
    with `use` (a game of three or four in play), the table that follows its armies (see
    the module docstring; two players always have the fixed table); `classic`: a game of
    the 1996 rules, with no Summoning Pool (``without_summoning_pools``). Raises ValueError
    for another count."""
    if classic:
        return without_summoning_pools(board_layout(players, use))
    if players == 2:
        return _two_player_layout()
    if players in TOP_SEATS:
        if use is not None:
            return _in_play_layout(players, use)
        return _multiplayer_layout(players)
    raise ValueError(f"the board seats 2 to {MAX_PLAYERS} players, not {players}")


def without_summoning_pools(table: BoardLayout) -> BoardLayout:
    """`table` for a game of the 1996 rules: no Summoning Pool is drawn (the 1996 game has
    none: TSR digest §3.3); each player's Dead Unit Area, where their dragons wait, spreads
    over the pool's place beside it."""
    zones = dict(table.zones)
    for (zone, player), rect in table.zones.items():
        if zone.kind is not ZoneKind.SUMMONING:
            continue
        del zones[(zone, player)]
        dua = (Zone(ZoneKind.DUA, player), player)
        if dua in zones:
            zones[dua] = zones[dua].united(rect)
    return replace(table, zones=zones, classic=True)


def seat_names(players: int) -> dict[int, str]:
    """player -> where they sit at a table of `players` (2 to 4): "bottom", "top left" ..."""
    return board_layout(players).seats


def _two_player_layout() -> BoardLayout:
    """Two players at the top and bottom edges, three terrain columns."""
    inner = WIDTH - 2 * MARGIN
    zones: dict[tuple[Zone, int], QRectF] = {}
    y = BANNER.bottom() + 6
    plates = {1: QRectF(MARGIN, y, inner, PLATE_HEIGHT)}
    y += PLATE_HEIGHT
    _strip(zones, 1, MARGIN, y, inner, STRIP_HEIGHT, STRIP, GAP)
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
    _strip(zones, 0, MARGIN, y, inner, STRIP_HEIGHT, STRIP, GAP)
    y += STRIP_HEIGHT
    plates[0] = QRectF(MARGIN, y, inner, PLATE_HEIGHT)
    return BoardLayout(zones, terrains, plates, BANNER)


def _multiplayer_layout(players: int) -> BoardLayout:
    """Three or four players: two strips side by side at the top, one or two at the bottom,
    the terrains in a row between the top players' army zones and the bottom players'."""
    inner = WIDTH - 2 * MARGIN
    top, bottom = TOP_SEATS[players], BOTTOM_SEATS[players]
    zones: dict[tuple[Zone, int], QRectF] = {}
    plates: dict[int, QRectF] = {}
    seats: dict[int, str] = {}
    y = BANNER.bottom() + 6
    _seat_row(zones, plates, seats, top, "top", y, plate_first=True)
    y += PLATE_HEIGHT + MULTI_STRIP_HEIGHT + GAP
    bottom_y = TABLE_BOTTOM - PLATE_HEIGHT - MULTI_STRIP_HEIGHT
    _seat_row(zones, plates, seats, bottom, "bottom", bottom_y, plate_first=False)
    # Every player's army row has the same height: what is left between the strips.
    rows = len(top) + len(bottom)
    middle = bottom_y - GAP - y
    height = (middle - MULTI_TERRAIN_HEIGHT - rows * ROW_GAP) / rows
    order = MULTI_TERRAIN_ORDER[players]
    column = (inner - GAP * (len(order) - 1)) / len(order)
    columns = [MARGIN + i * (column + GAP) for i in range(len(order))]
    terrains: dict[int, QRectF] = {}
    for player in top:
        for x, t in zip(columns, order):
            zones[(Zone(ZoneKind.TERRAIN, t), player)] = QRectF(x, y, column, height)
        y += height + ROW_GAP
    for x, t in zip(columns, order):
        terrains[t] = QRectF(x, y, column, MULTI_TERRAIN_HEIGHT)
    y += MULTI_TERRAIN_HEIGHT + ROW_GAP
    for player in bottom:
        for x, t in zip(columns, order):
            zones[(Zone(ZoneKind.TERRAIN, t), player)] = QRectF(x, y, column, height)
        y += height + ROW_GAP
    return BoardLayout(zones, terrains, plates, BANNER, players, seats, MULTI_TERRAIN_DIE,
                       ARMY_DIE, STRIP_DIE, CAPTION_SCALE[players], compact=True)


def _in_play_layout(players: int, use: TableUse) -> BoardLayout:
    """Three or four players in play: the seats and strips of `_multiplayer_layout`
    (thinner, or folded for an edge all out), and terrain columns whose army zones take
    the room their dice need (see the module docstring)."""
    inner = WIDTH - 2 * MARGIN
    top, bottom = TOP_SEATS[players], BOTTOM_SEATS[players]
    zones: dict[tuple[Zone, int], QRectF] = {}
    plates: dict[int, QRectF] = {}
    seats: dict[int, str] = {}
    top_strip = FOLDED_STRIP_HEIGHT if set(top) <= use.out else PLAY_STRIP_HEIGHT
    bottom_strip = FOLDED_STRIP_HEIGHT if set(bottom) <= use.out else PLAY_STRIP_HEIGHT
    y = BANNER.bottom() + 6
    _seat_row(zones, plates, seats, top, "top", y, plate_first=True, strip_height=top_strip)
    top_edge = y + PLATE_HEIGHT + top_strip + GAP
    bottom_y = TABLE_BOTTOM - PLATE_HEIGHT - bottom_strip
    _seat_row(zones, plates, seats, bottom, "bottom", bottom_y, plate_first=False,
              strip_height=bottom_strip)
    bottom_edge = bottom_y - GAP
    order = MULTI_TERRAIN_ORDER[players]
    column = (inner - GAP * (len(order) - 1)) / len(order)
    terrain_y = (top_edge + bottom_edge - PLAY_TERRAIN_HEIGHT) / 2
    terrains: dict[int, QRectF] = {}
    for i, t in enumerate(order):
        x = MARGIN + i * (column + GAP)
        terrains[t] = QRectF(x, terrain_y, column, PLAY_TERRAIN_HEIGHT)
        above = [p for p in top if p not in use.out]
        below = [p for p in bottom if p not in use.out]
        _stack(zones, t, above, use, x, column, top_edge, terrain_y - PLAY_ROW_GAP)
        _stack(zones, t, below, use, x, column, terrain_y + PLAY_TERRAIN_HEIGHT + PLAY_ROW_GAP,
               bottom_edge)
    return BoardLayout(zones, terrains, plates, BANNER, players, seats, PLAY_TERRAIN_DIE,
                       ARMY_DIE, STRIP_DIE, 1.0, compact=True)


def _stack(zones: dict, terrain: int, row: list[int], use: TableUse, x: float, width: float,
           top: float, bottom: float) -> None:
    """The army zones of the players `row` at `terrain`, stacked from `top` to `bottom`:
    a zone without dice gets its title line, the others share the rest evenly."""
    if not row:
        return
    full = [p for p in row if (terrain, p) in use.armies]
    room = bottom - top - PLAY_ROW_GAP * (len(row) - 1)
    share = ((room - COLLAPSED_HEIGHT * (len(row) - len(full))) / len(full)) if full else 0.0
    y = top
    for player in row:
        height = share if player in full else COLLAPSED_HEIGHT
        zones[(Zone(ZoneKind.TERRAIN, terrain), player)] = QRectF(x, y, width, height)
        y += height + PLAY_ROW_GAP


def _seat_row(zones: dict, plates: dict, seats: dict, row: tuple[int, ...], edge: str,
              y: float, plate_first: bool, strip_height: float = MULTI_STRIP_HEIGHT) -> None:
    """The plates and strips of the players sitting along one edge, side by side (a lone
    player takes the whole edge); the plate is on the outer side of the strip."""
    inner = WIDTH - 2 * MARGIN
    width = (inner - GAP * (len(row) - 1)) / len(row)
    halves = ("left", "right") if len(row) == 2 else ("",)
    for i, player in enumerate(row):
        x = MARGIN + i * (width + GAP)
        strip_y = y + PLATE_HEIGHT if plate_first else y
        plate_y = y if plate_first else y + strip_height
        plates[player] = QRectF(x, plate_y, width, PLATE_HEIGHT)
        _strip(zones, player, x, strip_y, width, strip_height,
               MULTI_STRIP if len(row) == 2 else STRIP, MULTI_STRIP_GAP)
        seats[player] = f"{edge} {halves[i]}".strip()


def _strip(zones: dict, player: int, left: float, y: float, width: float, height: float,
           shares, gap: float) -> None:
    """A player's Reserve Area, Summoning Pool, DUA and BUA side by side."""
    inner = width - gap * (len(shares) - 1)
    x = left
    for kind, share in shares:
        zone_width = inner * share
        zones[(Zone(kind, player), player)] = QRectF(x, y, zone_width, height)
        x += zone_width + gap


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
