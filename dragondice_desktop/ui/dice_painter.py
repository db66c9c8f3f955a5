"""Paint a Dragon Dice die as a small solid object showing one face.

The dice are real polyhedra: each die type's vertices are built in 3D, tilted a little so the
face being shown looks at the viewer with its upper and right-hand neighbours in view, and
projected orthographically. Faces are shaded by a light from the top left, so the picture
reads as a solid even at 32 px. The shown face carries the face's icon glyph (our own SVGs in
``resources/icons``) and its number, as the physical die would.

Everything here runs on the GUI thread (QPixmap and QSvgRenderer need a QGuiApplication).
Sizes are in device pixels: callers on high-DPI screens ask for ``size * devicePixelRatio``
and set the ratio on the pixmap they get.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QImage, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap,
    QPolygonF, QRadialGradient, QTransform,
)
from PySide6.QtSvg import QSvgRenderer

from ..catalog.model import Color, Die, DieKind, DieType, Icon

Vec = tuple[float, float, float]

# Body colours of the physical dice. Alloys get a banded gradient (see _body_stops).
BASE_COLORS = {
    Color.AIR: "#2f6cd0",
    Color.DEATH: "#2e2e34",
    Color.EARTH: "#e6bd1c",
    Color.FIRE: "#c9261c",
    Color.WATER: "#1d9247",
    Color.IVORY: "#ece0bd",
    Color.WHITE: "#f3f3f6",
    Color.BRONZE: "#b06e37",
    Color.SILVER: "#b4b9c2",
    Color.GOLD: "#d8a72c",
}
METALLIC = frozenset({Color.BRONZE, Color.SILVER, Color.GOLD})
# Two relics carry no colour in the data; they are drawn in plain stone grey.
UNCOLOURED = "#9a968c"
GLOW = QColor("#ffd23c")
LIGHT: Vec = (-0.48, 0.62, 0.62)  # towards the light: up-left and in front (y up, z to viewer)
MARGIN = 0.11  # fraction of the pixmap kept free on each side for the shadow and the glow
LIFT = 0.015  # the die sits this fraction above centre: its shadow falls below it


# ------------------------------------------------------------------ 3D geometry
def _norm(v: Vec) -> Vec:
    length = math.sqrt(sum(c * c for c in v))
    return (v[0] / length, v[1] / length, v[2] / length)


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _centroid(points: list[Vec]) -> Vec:
    n = len(points)
    return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n,
            sum(p[2] for p in points) / n)


def _vertices(die_type: DieType) -> list[Vec]:
    """Vertices of the polyhedron, centred on the origin."""
    if die_type is DieType.D4:
        return [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    if die_type is DieType.D6:
        return [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    if die_type is DieType.D8:
        return [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
    if die_type is DieType.D10:
        # Pentagonal trapezohedron: two apexes and two staggered rings. The ring height
        # follows from the apex height so that every kite is planar.
        apex = 1.3
        c36 = math.cos(math.radians(36))
        ring = apex * (1 - c36) / (1 + c36)
        top = [(math.cos(math.radians(72 * k)), math.sin(math.radians(72 * k)), ring)
               for k in range(5)]
        low = [(math.cos(math.radians(72 * k + 36)), math.sin(math.radians(72 * k + 36)), -ring)
               for k in range(5)]
        return [(0, 0, apex), (0, 0, -apex), *top, *low]
    phi = (1 + math.sqrt(5)) / 2
    cube = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    rest = []
    for a in (-1, 1):
        for b in (-1, 1):
            rest += [(0, a / phi, b * phi), (a / phi, b * phi, 0), (a * phi, 0, b / phi)]
    return cube + rest


def _hull_faces(vertices: list[Vec]) -> list[list[int]]:
    """Faces of the convex polyhedron, each a vertex-index list counter-clockwise from outside.

    Brute force over vertex triples is plenty for at most 20 vertices and saves hand-typing
    the face tables of five solids.
    """
    faces: list[list[int]] = []
    seen: set[frozenset[int]] = set()
    n = len(vertices)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a, b, c = vertices[i], vertices[j], vertices[k]
                normal = _cross(_sub(b, a), _sub(c, a))
                if _dot(normal, normal) < 1e-12:
                    continue
                normal = _norm(normal)
                sides = [_dot(normal, _sub(v, a)) for v in vertices]
                if max(sides) > 1e-6 and min(sides) < -1e-6:
                    continue
                on_plane = frozenset(m for m, s in enumerate(sides) if abs(s) <= 1e-6)
                if on_plane in seen:
                    continue
                seen.add(on_plane)
                faces.append(_ordered(vertices, list(on_plane)))
    return faces


def _ordered(vertices: list[Vec], face: list[int]) -> list[int]:
    points = [vertices[i] for i in face]
    centre = _centroid(points)
    normal = _face_normal(points)
    e1 = _norm(_sub(points[0], centre))
    e2 = _cross(normal, e1)
    return sorted(face, key=lambda i: math.atan2(_dot(_sub(vertices[i], centre), e2),
                                                 _dot(_sub(vertices[i], centre), e1)))


def _face_normal(points: list[Vec]) -> Vec:
    """Outward unit normal of a face of a solid centred on the origin."""
    centre = _centroid(points)
    normal = _norm(_cross(_sub(points[1], points[0]), _sub(points[2], points[0])))
    return normal if _dot(normal, centre) > 0 else (-normal[0], -normal[1], -normal[2])


def _rotate_x(v: Vec, degrees: float) -> Vec:
    a = math.radians(degrees)
    return (v[0], v[1] * math.cos(a) - v[2] * math.sin(a), v[1] * math.sin(a) + v[2] * math.cos(a))


def _rotate_y(v: Vec, degrees: float) -> Vec:
    a = math.radians(degrees)
    return (v[0] * math.cos(a) + v[2] * math.sin(a), v[1], -v[0] * math.sin(a) + v[2] * math.cos(a))


# Tilt (about the screen x axis, then y) that brings the upper and right neighbours of the
# shown face into view. Flatter solids need less tilt to show their sides.
TILTS = {
    DieType.D4: (10.0, -30.0),
    DieType.D6: (20.0, -16.0),
    DieType.D8: (22.0, -14.0),
    DieType.D10: (-4.0, -10.0),
    DieType.D12: (8.0, -8.0),
}
# The faces of the rounder solids are small next to the whole die; real dice print their
# numbers right to the face edges, so the printing may run a little past the fitted box.
PRINT_SCALE = {DieType.D4: 1.1, DieType.D6: 1.0, DieType.D8: 1.25, DieType.D10: 1.5,
               DieType.D12: 1.6}
# On small pixmaps the printing of the small-faced solids grows by up to this much more,
# trading realism for legibility.
SMALL_BOOST = {DieType.D4: 0.1, DieType.D6: 0.0, DieType.D8: 0.2, DieType.D10: 0.3,
               DieType.D12: 0.3}


@dataclass(frozen=True)
class _Geometry:
    """A die type posed and scaled for one pixmap size (screen pixels, y down)."""

    faces: tuple[tuple[tuple[QPointF, ...], float], ...]  # visible faces, brightness
    outline: tuple[QPointF, ...]  # silhouette, convex
    front_local: tuple[tuple[float, float], ...]  # the face showing the result, face-local
    front_transform: QTransform  # face-local pixels (origin at its centre, y down) to screen
    bounds: QRectF


@functools.lru_cache(maxsize=64)
def _geometry(die_type: DieType, size: int) -> _Geometry:
    vertices = _vertices(die_type)
    faces = _hull_faces(vertices)
    # The shown face: any face will do for the regular solids; on the d10 take a kite.
    front = faces[0]
    points = [vertices[i] for i in front]
    centre = _centroid(points)
    normal = _face_normal(points)
    if die_type is DieType.D6:
        # A square reads best edge-up, so aim "up" at an edge midpoint.
        up = _sub(_centroid([points[0], points[1]]), centre)
    elif die_type is DieType.D8:
        # Point down: tilting then stretches the octahedron into its familiar diamond.
        up = _sub(centre, points[0])
    else:
        # Triangles and pentagons stand on a vertex; a kite on its far (long) apex.
        up = _sub(max(points, key=lambda p: _dot(_sub(p, centre), _sub(p, centre))), centre)
    up = _norm(_sub(up, tuple(_dot(up, normal) * c for c in normal)))
    right = _cross(up, normal)
    tilt_x, tilt_y = TILTS[die_type]

    def pose(v: Vec) -> Vec:
        local = (_dot(v, right), _dot(v, up), _dot(v, normal))
        return _rotate_y(_rotate_x(local, tilt_x), tilt_y)

    posed = [pose(v) for v in vertices]
    # Fit the projected solid into the square, leaving MARGIN on each side.
    xs = [p[0] for p in posed]
    ys = [p[1] for p in posed]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    scale = size * (1 - 2 * MARGIN) / span
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2

    def screen(p: Vec) -> QPointF:
        return QPointF(size / 2 + (p[0] - mid_x) * scale,
                       size * (0.5 - LIFT) - (p[1] - mid_y) * scale)

    light = _norm(LIGHT)
    visible = []
    for face in faces:
        face_points = [posed[i] for i in face]
        n = _face_normal(face_points)
        if n[2] <= 1e-6:
            continue
        visible.append((tuple(screen(p) for p in face_points), _dot(n, light)))
    outline = _convex_hull([screen(p) for p in posed])
    r_axis, u_axis = pose(right), pose(up)
    c = screen(_centroid([posed[i] for i in front]))
    # Unit vectors of the face plane, projected: local x -> r_axis, local y (down) -> -u_axis.
    transform = QTransform(r_axis[0], -r_axis[1], -u_axis[0], u_axis[1], c.x(), c.y())
    local = tuple((_dot(_sub(q, centre), right) * scale, -_dot(_sub(q, centre), up) * scale)
                  for q in points)
    xs2 = [q.x() for q in outline]
    ys2 = [q.y() for q in outline]
    bounds = QRectF(min(xs2), min(ys2), max(xs2) - min(xs2), max(ys2) - min(ys2))
    return _Geometry(tuple(visible), tuple(outline), local, transform, bounds)


@functools.lru_cache(maxsize=256)
def _fit_box(die_type: DieType, size: int, aspect: float) -> tuple[QPointF, float]:
    """The largest upright box of width ``aspect`` x height that fits in the shown face:
    (its centre, its half height), face-local pixels. Glyphs and numbers are laid out in it.

    The face is convex, so a box fits when it is inside every edge's half-plane; a grid
    search over centres is plenty for faces a few dozen pixels across.
    """
    face = _geometry(die_type, size).front_local
    edges = []
    for i, (ax, ay) in enumerate(face):
        bx, by = face[(i + 1) % len(face)]
        nx, ny = by - ay, ax - bx  # outward for a counter-clockwise face in y-down coords
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if nx * (0 - ax) + ny * (0 - ay) > 0:  # the centroid must be inside: flip if not
            nx, ny = -nx, -ny
        edges.append((nx, ny, nx * ax + ny * ay))
    xs = [x for x, _ in face]
    ys = [y for _, y in face]
    best = (QPointF(0, 0), 0.0)
    steps = 24
    for i in range(steps + 1):
        for j in range(steps + 1):
            cx = min(xs) + (max(xs) - min(xs)) * i / steps
            cy = min(ys) + (max(ys) - min(ys)) * j / steps
            half = min((d - nx * cx - ny * cy) / (aspect * abs(nx) + abs(ny))
                       for nx, ny, d in edges)
            if half > best[1]:
                best = (QPointF(cx, cy), half)
    return best


def _convex_hull(points: list[QPointF]) -> list[QPointF]:
    pts = sorted({(round(p.x(), 4), round(p.y(), 4)) for p in points})

    def turn(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [QPointF(x, y) for x, y in lower[:-1] + upper[:-1]]


# ------------------------------------------------------------------ colours
def element_colors(die: Die) -> list[QColor]:
    """The body colours of a die, one QColor per entry of ``die.colors`` (grey when none)."""
    if not die.colors:
        return [QColor(UNCOLOURED)]
    return [QColor(BASE_COLORS[c]) for c in die.colors]


def _shade(color: QColor, k: float) -> QColor:
    """Lighten towards white (k > 0) or darken towards black (k < 0); |k| <= 1."""
    k = max(-1.0, min(1.0, k))
    r, g, b = color.redF(), color.greenF(), color.blueF()
    if k >= 0:
        r, g, b = r + (1 - r) * k, g + (1 - g) * k, b + (1 - b) * k
    else:
        r, g, b = r * (1 + k), g * (1 + k), b * (1 + k)
    return QColor.fromRgbF(r, g, b, color.alphaF())


def _luma(color: QColor) -> float:
    return 0.299 * color.redF() + 0.587 * color.greenF() + 0.114 * color.blueF()


def _body_stops(die: Die) -> list[tuple[float, QColor, float]]:
    """Gradient stops (position, colour, extra shade) running from the top-left corner of the
    die to the bottom-right. Two-colour dice are split along that diagonal, as their swirled
    plastic shows both colours; alloys get bright and dark bands to read as polished metal."""
    colors = element_colors(die)
    if len(colors) >= 2:
        a, b = colors[0], colors[1]
        return [(0.0, a, 0.16), (0.44, a, 0.02), (0.56, b, -0.02), (1.0, b, -0.2)]
    c = colors[0]
    if die.colors and die.colors[0] in METALLIC:
        return [(0.0, c, 0.5), (0.22, c, 0.05), (0.42, c, -0.32), (0.6, c, 0.38),
                (0.78, c, -0.05), (1.0, c, -0.38)]
    if die.colors and die.colors[0] is Color.WHITE:
        # Pearly: faint blue and pink sheens over near-white plastic.
        return [(0.0, QColor("#ffffff"), 0.0), (0.35, QColor("#e9eefb"), 0.0),
                (0.65, QColor("#f8eaf2"), 0.0), (1.0, QColor("#dcdfe6"), -0.05)]
    return [(0.0, c, 0.2), (0.5, c, 0.0), (1.0, c, -0.22)]


def _ink(die: Die) -> tuple[QColor, QColor]:
    """(ink, halo): glyph colour contrasting with the body, and the opposite for its halo."""
    colors = element_colors(die)
    luma = sum(_luma(c) for c in colors) / len(colors)
    if luma < 0.6:
        return QColor("#fbfbf7"), QColor(0, 0, 0, 150)
    return QColor("#17150f"), QColor(255, 255, 255, 120)


# ------------------------------------------------------------------ glyphs
def _glyph_root() -> Traversable:
    # pyproject maps the repository's resources/ into the package (installed or editable).
    return resources.files("dragondice_desktop.resources.icons")


@functools.lru_cache(maxsize=None)
def icon_renderer(icon: Icon) -> QSvgRenderer:
    """The SVG renderer of an icon's glyph (``resources/icons/<member name>.svg``, 64x64).

    Raises FileNotFoundError when the glyph file is missing and ValueError when it does not
    parse, naming the icon either way.
    """
    path = _glyph_root().joinpath(f"{icon.name.lower()}.svg")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(f"no glyph for icon {icon.value!r}: {path} is missing") from None
    renderer = QSvgRenderer(QByteArray(data))
    if not renderer.isValid():
        raise ValueError(f"glyph for icon {icon.value!r} ({path}) is not a valid SVG")
    return renderer


@functools.lru_cache(maxsize=1024)
def _glyph_image(icon: Icon, px: int, ink: int, halo: int) -> QImage:
    """The glyph at px x px in the ink colour, ringed by a faint halo so it stays legible on
    two-colour and metallic bodies. Colours are ARGB ints (hashable cache keys)."""
    pad = max(1, round(px * 0.05))
    full = px + 2 * pad
    shape = QImage(full, full, QImage.Format.Format_ARGB32_Premultiplied)
    shape.fill(Qt.GlobalColor.transparent)
    p = QPainter(shape)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    icon_renderer(icon).render(p, QRectF(pad, pad, px, px))
    p.end()
    out = QImage(full, full, QImage.Format.Format_ARGB32_Premultiplied)
    out.fill(Qt.GlobalColor.transparent)
    p = QPainter(out)
    ring = _tinted(shape, QColor.fromRgba(halo))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        p.drawImage(QPointF(dx * pad * 0.8, dy * pad * 0.8), ring)
    p.drawImage(0, 0, _tinted(shape, QColor.fromRgba(ink)))
    p.end()
    return out


def _tinted(shape: QImage, color: QColor) -> QImage:
    out = QImage(shape)
    p = QPainter(out)
    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
    p.fillRect(out.rect(), color)
    p.end()
    return out


# ------------------------------------------------------------------ painting
def render_die(die: Die, face_index: int, size: int, *, highlighted: bool = False,
               dimmed: bool = False) -> QPixmap:
    """A size x size pixmap (device pixels, transparent background) of ``die`` showing face
    ``face_index`` (an index into ``die.faces``).

    ``highlighted`` adds a glowing outline (a legal target or a selection); ``dimmed`` greys
    the die out (unavailable). Results are cached, so repeated calls with the same die, face,
    size and flags return the same pixmap (same ``cacheKey()``). Raises IndexError for a face
    index outside the die and ValueError for a size under 16 px.
    """
    if not 0 <= face_index < len(die.faces):
        raise IndexError(f"{die.key} has {len(die.faces)} faces; no face {face_index}")
    if size < 16:
        raise ValueError(f"die pixmaps must be at least 16 px, not {size}")
    # A board redraw asks for every die on the table: looking the same die object up by its
    # identity first spares hashing the whole die (its faces and icons) each time.
    key = (id(die), face_index, size, highlighted, dimmed)
    known = _BY_IDENTITY.get(key)
    if known is not None and known[0] is die:
        return known[1]
    pixmap = _render(die, face_index, size, highlighted, dimmed)
    if len(_BY_IDENTITY) >= 8192:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[key] = (die, pixmap)  # holds the die: its id is not reused meanwhile
    return pixmap


_BY_IDENTITY: dict[tuple, tuple[Die, QPixmap]] = {}


@functools.lru_cache(maxsize=4096)
def _render(die: Die, face_index: int, size: int, highlighted: bool, dimmed: bool) -> QPixmap:
    geo = _geometry(die.die_type, size)
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHints(QPainter.RenderHint.Antialiasing
                     | QPainter.RenderHint.SmoothPixmapTransform
                     | QPainter.RenderHint.TextAntialiasing)
    outline = QPolygonF(list(geo.outline))
    _paint_shadow(p, outline, size)
    if highlighted:
        _paint_glow(p, outline, size)
    _paint_body(p, die, geo, size)
    _paint_face(p, die, die.faces[face_index].icons, geo, size)
    if highlighted:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(GLOW, max(1.5, size * 0.025), Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        p.drawPolygon(outline)
    if dimmed:
        # Grey the die out but keep its shape and icon readable.
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
        p.fillRect(image.rect(), QColor(120, 120, 120, 150))
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
        p.fillRect(image.rect(), QColor(0, 0, 0, 190))
    p.end()
    return QPixmap.fromImage(image)


def _blurred(p: QPainter, size: int, draw) -> None:
    """Draw something soft: paint it at a fifth of the size and let smooth upscaling blur it.
    Tiny pixmaps keep at least 16 px so their blur stays inside the margin and the corners
    stay transparent."""
    small_size = max(size // 5, min(size, 16))
    small = QImage(small_size, small_size, QImage.Format.Format_ARGB32_Premultiplied)
    small.fill(Qt.GlobalColor.transparent)
    sp = QPainter(small)
    sp.setRenderHint(QPainter.RenderHint.Antialiasing)
    sp.scale(small_size / size, small_size / size)
    draw(sp)
    sp.end()
    p.drawImage(QRectF(0, 0, size, size), small)


def _paint_shadow(p: QPainter, outline: QPolygonF, size: int) -> None:
    def draw(sp: QPainter) -> None:
        sp.translate(size * 0.03, size * 0.045)
        sp.setPen(Qt.PenStyle.NoPen)
        sp.setBrush(QColor(0, 0, 0, 120))
        sp.drawPolygon(outline)

    _blurred(p, size, draw)


def _paint_glow(p: QPainter, outline: QPolygonF, size: int) -> None:
    def draw(sp: QPainter) -> None:
        glow = QColor(GLOW)
        glow.setAlpha(230)
        sp.setPen(QPen(glow, size * 0.09, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                       Qt.PenJoinStyle.RoundJoin))
        sp.setBrush(glow)
        sp.drawPolygon(outline)

    _blurred(p, size, draw)


def _paint_body(p: QPainter, die: Die, geo: _Geometry, size: int) -> None:
    stops = _body_stops(die)
    b = geo.bounds
    base = element_colors(die)[0]
    edge_width = max(1.0, size * 0.012)
    for polygon_points, brightness in geo.faces:
        polygon = QPolygonF(list(polygon_points))
        # Faces turned to the light are lighter; the shown face sits near the middle. Pale
        # bodies get a gentler range so white and ivory dice do not turn grey.
        k = (brightness - 0.55) * (0.5 if _luma(base) > 0.8 else 0.85)
        body = QLinearGradient(b.topLeft(), b.bottomRight())
        for pos, color, extra in stops:
            body.setColorAt(pos, _shade(color, k + extra))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(body))
        p.drawPolygon(polygon)
        # A soft sheen across each face suggests slightly rounded, glossy plastic.
        fb = polygon.boundingRect()
        sheen = QLinearGradient(fb.topLeft(), fb.bottomRight())
        sheen.setColorAt(0.0, QColor(255, 255, 255, 55))
        sheen.setColorAt(0.5, QColor(255, 255, 255, 0))
        sheen.setColorAt(1.0, QColor(0, 0, 0, 40))
        p.setBrush(QBrush(sheen))
        p.drawPolygon(polygon)
        # Light catches the edges of a real die.
        if _luma(base) >= 0.8:
            edge = QColor(255, 255, 255, 200)
        else:
            edge = _shade(base, max(0.35, k + 0.45))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(edge, edge_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPolygon(polygon)
    # Specular highlight towards the light, on the upper left of the body.
    outline = QPolygonF(list(geo.outline))
    clip = QPainterPath()
    clip.addPolygon(outline)
    p.save()
    p.setClipPath(clip)
    spot = QPointF(b.left() + b.width() * 0.3, b.top() + b.height() * 0.26)
    spec = QRadialGradient(spot, b.width() * 0.32)
    spec.setColorAt(0.0, QColor(255, 255, 255, 105))
    spec.setColorAt(1.0, QColor(255, 255, 255, 0))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QBrush(spec))
    p.drawRect(b)
    p.restore()
    # A darker rim gives the silhouette weight against any background.
    rim = QColor("#0c0c0e") if _luma(base) <= 0.2 else _shade(base, -0.55)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(rim, max(1.0, size * 0.018), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.drawPolygon(outline)


def _paint_face(p: QPainter, die: Die, icons: tuple[tuple[Icon, int], ...], geo: _Geometry,
                size: int) -> None:
    """The printed face: glyph(s) and the number a player reads off it, in the largest box
    the shown face offers."""
    ink, halo = _ink(die)
    icon, count = icons[0]
    p.save()
    p.setTransform(geo.front_transform)
    badges: list[tuple[str, QPointF, float]] = []  # drawn upright afterwards
    small = min(1.0, max(0.0, (80 - size) / 40))  # 0 at 80 px and up, 1 at 40 px and down
    grow = PRINT_SCALE[die.die_type] * (1 + SMALL_BOOST[die.die_type] * small)
    if die.kind is DieKind.TERRAIN and icon.is_action:
        # A terrain face is read by its number (the height of the terrain); the action
        # icon beside it is secondary.
        c, h = _fit_box(die.die_type, size, 1.75)
        h *= grow
        _draw_number(p, str(count), QPointF(c.x() - 0.78 * h, c.y()), 1.7 * h, ink, halo)
        _draw_glyph(p, icon, QPointF(c.x() + 0.9 * h, c.y() + 0.1 * h), 1.45 * h, ink, halo)
    else:
        if die.kind is DieKind.TERRAIN:
            labels = [str(count)]  # the eighth face still shows its number, 8
        elif die.kind is DieKind.DRAGON:
            labels = [str(n) if n > 0 else "" for _, n in icons]  # damage; Belly has none
        else:
            labels = [str(n) if n > 1 else "" for _, n in icons]  # results per icon
        c, h = _fit_box(die.die_type, size, float(len(icons)))
        h *= grow
        for i, ((each, _), label) in enumerate(zip(icons, labels)):
            centre = QPointF(c.x() + (2 * i - len(icons) + 1) * h, c.y())
            if label:
                nudged = centre + QPointF(-0.14 * h, -0.14 * h)  # make room for the badge
                _draw_glyph(p, each, nudged, 1.72 * h, ink, halo)
                spot = p.transform().map(centre + QPointF(0.78 * h, 0.78 * h))
                badges.append((label, spot, max(0.36 * h, size * 0.09, 5.5)))
            else:
                _draw_glyph(p, each, centre, 2.0 * h, ink, halo)
    p.restore()
    for label, spot, radius in badges:
        _draw_badge(p, label, spot, radius, ink, size)


def _draw_glyph(p: QPainter, icon: Icon, centre: QPointF, px: float, ink: QColor,
                halo: QColor) -> None:
    side = max(4, round(px))
    image = _glyph_image(icon, side, ink.rgba(), halo.rgba())
    full = image.width()
    p.drawImage(QRectF(centre.x() - full / 2, centre.y() - full / 2, full, full), image)


def _number_font(px: float) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, round(px)))
    return font


def _draw_number(p: QPainter, text: str, centre: QPointF, height: float, ink: QColor,
                 halo: QColor) -> None:
    """Text centred on ``centre`` with its digits ``height`` pixels tall, haloed like glyphs."""
    font = _number_font(height / 0.73)  # digit height is about 0.73 of the font pixel size
    path = QPainterPath()
    path.addText(0, 0, font, text)
    box = path.boundingRect()
    path.translate(centre.x() - box.center().x(), centre.y() - box.center().y())
    p.setPen(QPen(halo, max(1.0, height * 0.14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    p.drawPath(path)


def _draw_badge(p: QPainter, text: str, centre: QPointF, radius: float, ink: QColor,
                size: int) -> None:
    """A round count badge, drawn upright in screen space so small numbers stay crisp."""
    dark_ink = _luma(ink) < 0.5
    fill = QColor("#17150f") if dark_ink else QColor("#fbfbf7")
    text_color = QColor("#fbfbf7") if dark_ink else QColor("#17150f")
    p.setPen(QPen(text_color, max(1.0, size * 0.012)))
    p.setBrush(fill)
    p.drawEllipse(centre, radius, radius)
    digit_height = radius * (1.15 if len(text) == 1 else 0.9)
    font = _number_font(digit_height / 0.73)
    path = QPainterPath()
    path.addText(0, 0, font, text)
    box = path.boundingRect()
    path.translate(centre.x() - box.center().x(), centre.y() - box.center().y())
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(text_color)
    p.drawPath(path)
