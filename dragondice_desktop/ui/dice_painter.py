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
from pathlib import Path

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
        apex = float(__import__('os').environ.get('APEX','1.15'))
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
    DieType.D10: (-14.0, -12.0),
    DieType.D12: (10.0, -10.0),
}


@dataclass(frozen=True)
class _Geometry:
    """A die type posed and scaled for one pixmap size (screen pixels, y down)."""

    faces: tuple[tuple[tuple[QPointF, ...], float], ...]  # visible faces, brightness
    outline: tuple[QPointF, ...]  # silhouette, convex
    front: tuple[QPointF, ...]  # the face showing the result
    front_transform: QTransform  # face-local pixels (origin at its centre, y down) to screen
    front_inradius: float  # pixels
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
        return QPointF(size / 2 + (p[0] - mid_x) * scale, size / 2 - (p[1] - mid_y) * scale)

    light = _norm(LIGHT)
    visible = []
    for face in faces:
        face_points = [posed[i] for i in face]
        n = _face_normal(face_points)
        if n[2] <= 1e-6:
            continue
        visible.append((tuple(screen(p) for p in face_points), _dot(n, light)))
    outline = _convex_hull([screen(p) for p in posed])
    front_posed = [posed[i] for i in front]
    r_axis, u_axis = pose(right), pose(up)
    c = screen(_centroid(front_posed))
    # Unit vectors of the face plane, projected: local x -> r_axis, local y (down) -> -u_axis.
    transform = QTransform(r_axis[0], -r_axis[1], -u_axis[0], u_axis[1], c.x(), c.y())
    centre2 = _centroid(points)
    inradius = min(
        _distance_to_line(centre2, points[i], points[(i + 1) % len(points)])
        for i in range(len(points))
    ) * scale
    xs2 = [p.x() for p in outline]
    ys2 = [p.y() for p in outline]
    bounds = QRectF(min(xs2), min(ys2), max(xs2) - min(xs2), max(ys2) - min(ys2))
    return _Geometry(tuple(visible), tuple(outline), tuple(screen(p) for p in front_posed),
                     transform, inradius, bounds)


def _distance_to_line(p: Vec, a: Vec, b: Vec) -> float:
    ab = _sub(b, a)
    cross = _cross(ab, _sub(p, a))
    return math.sqrt(_dot(cross, cross) / _dot(ab, ab))


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
    try:
        return resources.files("dragondice_desktop.resources.icons")
    except ModuleNotFoundError:
        # In a source checkout that is not pip-installed the package does not exist yet:
        # pyproject maps the top-level resources/ folder into it only at install time.
        return Path(__file__).resolve().parents[2] / "resources" / "icons"


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
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        p.drawImage(QPointF(dx * pad * 0.8, dy * pad * 0.8), _tinted(shape, QColor.fromRgba(halo)))
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
    return _render(die, face_index, size, highlighted, dimmed)


@functools.lru_cache(maxsize=4096)
def _render(die: Die, face_index: int, size: int, highlighted: bool, dimmed: bool) -> QPixmap:
    geo = _geometry(die.die_type, size)
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
                     | QPainter.RenderHint.TextAntialiasing)
    outline = QPolygonF(list(geo.outline))
    _paint_shadow(p, outline, size)
    if highlighted:
        _paint_glow(p, outline, size)
    _paint_body(p, die, geo, size)
    _paint_face(p, die, die.faces[face_index].icons, geo, size)
    if highlighted:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(GLOW, max(1.5, size * 0.025), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        p.drawPolygon(outline)
    if dimmed:
        # Grey the die out but keep its shape and icon readable.
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
        p.fillRect(image.rect(), QColor(128, 128, 128, 165))
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
        p.fillRect(image.rect(), QColor(0, 0, 0, 150))
    p.end()
    return QPixmap.fromImage(image)


def _blurred(p: QPainter, size: int, draw) -> None:
    """Draw something soft: paint it at 1/6 scale and let smooth upscaling blur it."""
    factor = 6
    small_size = max(4, size // factor)
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
        sp.translate(size * 0.035, size * 0.055)
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
        # Faces turned to the light are lighter; the shown face sits near the middle.
        k = (brightness - 0.55) * 0.85
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
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_shade(base, max(0.35, k + 0.45)) if _luma(base) < 0.8 else QColor(255, 255, 255, 200),
                      edge_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
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
    rim = _shade(base, -0.55 if _luma(base) > 0.2 else 0.0)
    if _luma(base) <= 0.2:
        rim = QColor("#0c0c0e")
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(rim, max(1.0, size * 0.018), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                  Qt.PenJoinStyle.RoundJoin))
    p.drawPolygon(outline)


def _paint_face(p: QPainter, die: Die, icons: tuple[tuple[Icon, int], ...], geo: _Geometry,
                size: int) -> None:
    """The printed face: glyph(s), and the number a player reads off it."""
    ink, halo = _ink(die)
    r = geo.front_inradius
    p.save()
    p.setTransform(geo.front_transform)
    icon, count = icons[0]
    if die.kind is DieKind.TERRAIN:
        if icon.is_action:
            # Terrain faces are read by their number; the action is secondary.
            _draw_number(p, str(count), QPointF(0, -0.18 * r), 1.15 * r, ink, halo)
            _draw_glyph(p, icon, QPointF(0, 0.6 * r), 0.62 * r, ink, halo)
        else:
            _draw_glyph(p, icon, QPointF(0, -0.12 * r), 1.15 * r, ink, halo)
            _draw_number(p, str(count), QPointF(0, 0.7 * r), 0.5 * r, ink, halo)
        p.restore()
        return
    if len(icons) > 1:
        # Several icons on one face: side by side, each with its own small count.
        step = 1.5 * r / len(icons)
        for i, (each, n) in enumerate(icons):
            x = -0.75 * r + step * (i + 0.5)
            _draw_glyph(p, each, QPointF(x, -0.1 * r), step * 0.95, ink, halo)
            if n > 1:
                _draw_number(p, str(n), QPointF(x, 0.62 * r), 0.45 * r, ink, halo)
        p.restore()
        return
    badge = count > 0 if die.kind is DieKind.DRAGON else count > 1
    glyph_size = {DieType.D4: 1.35, DieType.D10: 1.3}.get(die.die_type, 1.45) * r
    if badge:
        centre = QPointF(-0.14 * r, -0.12 * r) if die.die_type is not DieType.D4 else QPointF(0, -0.1 * r)
        _draw_glyph(p, icon, centre, glyph_size * 0.9, ink, halo)
        spot = QPointF(0.55 * r, 0.5 * r) if die.die_type is not DieType.D4 else QPointF(0.62 * r, 0.45 * r)
        where = p.transform().map(spot)
        p.restore()
        _draw_badge(p, str(count), where, max(5.5, 0.42 * r), ink, size)
        return
    _draw_glyph(p, icon, QPointF(0, 0), glyph_size, ink, halo)
    p.restore()


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
