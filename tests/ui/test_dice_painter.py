"""The dice painter: every icon has a glyph, every die type and colour paints, and the
pictures carry the die's colour on a transparent background."""

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Color, DieKind, DieType, Icon
from dragondice_desktop.ui.dice_painter import element_colors, icon_renderer, render_die

ICON_DIR = Path(__file__).resolve().parents[2] / "resources" / "icons"


@pytest.fixture(autouse=True)
def _app(qapp):
    """Pixmaps and SVG renderers need the application object."""
    return qapp


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _first(catalog, predicate):
    return next(die for die in catalog if predicate(die))


def _mean_rgb(image: QImage, x0: int, y0: int, x1: int, y1: int) -> tuple[float, float, float]:
    pixels = [image.pixelColor(x, y) for x in range(x0, x1) for y in range(y0, y1)]
    n = len(pixels)
    return (sum(p.red() for p in pixels) / n, sum(p.green() for p in pixels) / n,
            sum(p.blue() for p in pixels) / n)


@pytest.mark.parametrize("icon", list(Icon), ids=lambda icon: icon.name)
def test_every_icon_has_a_valid_glyph(icon):
    path = ICON_DIR / f"{icon.name.lower()}.svg"
    assert path.is_file(), f"missing glyph {path.name}"
    assert 'viewBox="0 0 64 64"' in path.read_text(encoding="utf-8")
    renderer = icon_renderer(icon)
    assert renderer.isValid()
    assert icon_renderer(icon) is renderer  # cached


def test_no_stray_glyph_files():
    names = {icon.name.lower() for icon in Icon}
    assert {p.stem for p in ICON_DIR.glob("*.svg")} == names


def test_every_die_type_renders_at_the_requested_size(catalog):
    for die_type in DieType:
        die = _first(catalog, lambda d: d.die_type is die_type)
        for face_index in (0, len(die.faces) - 1):
            pixmap = render_die(die, face_index, 72)
            assert not pixmap.isNull()
            assert (pixmap.width(), pixmap.height()) == (72, 72), die.key


def test_every_colour_renders(catalog):
    for color in Color:
        die = _first(catalog, lambda d: color in d.colors)
        pixmap = render_die(die, 1, 64)
        assert (pixmap.width(), pixmap.height()) == (64, 64), die.key
    uncoloured = _first(catalog, lambda d: not d.colors)
    assert render_die(uncoloured, 0, 64).width() == 64


def test_every_face_of_each_kind_renders(catalog):
    # Terrain numbers, dragon damage (including Belly's 0), minor terrain and item faces.
    for kind in DieKind:
        die = _first(catalog, lambda d: d.kind is kind)
        for face_index in range(len(die.faces)):
            assert render_die(die, face_index, 48).width() == 48, (die.key, face_index)


def test_white_drake_renders_every_face(catalog):
    drake = catalog.die("Dragons/White Drake")
    assert drake.die_type is DieType.D12
    for face_index in range(12):
        assert render_die(drake, face_index, 96).height() == 96


def test_fire_die_body_is_redder_than_air_die(catalog):
    def d6(color):
        return _first(catalog, lambda d: d.colors == (color,) and d.die_type is DieType.D6
                      and d.kind is DieKind.UNIT)

    size = 96
    box = (size * 3 // 8, size * 3 // 8, size * 5 // 8, size * 5 // 8)
    fire = _mean_rgb(render_die(d6(Color.FIRE), 0, size).toImage(), *box)
    air = _mean_rgb(render_die(d6(Color.AIR), 0, size).toImage(), *box)
    assert fire[0] - fire[2] > air[0] - air[2] + 60
    assert air[2] > fire[2]


def test_corners_are_transparent(catalog):
    for die_type in DieType:
        die = _first(catalog, lambda d: d.die_type is die_type)
        for size in (32, 64, 128):
            for flags in ({}, {"highlighted": True}, {"dimmed": True}):
                image = render_die(die, 0, size, **flags).toImage()
                for x, y in ((0, 0), (size - 1, 0), (0, size - 1), (size - 1, size - 1)):
                    assert image.pixelColor(x, y).alpha() == 0, (die.key, size, flags, x, y)


def test_die_is_opaque_in_the_middle(catalog):
    die = _first(catalog, lambda d: d.die_type is DieType.D8)
    assert render_die(die, 0, 64).toImage().pixelColor(32, 32).alpha() == 255


def test_cached_calls_return_the_same_pixmap(catalog):
    die = catalog.die("Dragons/White Drake")
    first = render_die(die, 3, 80)
    assert render_die(die, 3, 80).cacheKey() == first.cacheKey()
    assert render_die(die, 3, 80, highlighted=True).cacheKey() != first.cacheKey()
    assert render_die(die, 4, 80).cacheKey() != first.cacheKey()


def test_highlight_and_dim_change_the_picture(catalog):
    die = _first(catalog, lambda d: d.colors == (Color.WATER,))
    plain = render_die(die, 0, 64).toImage()
    glowing = render_die(die, 0, 64, highlighted=True).toImage()
    dimmed = render_die(die, 0, 64, dimmed=True).toImage()
    assert glowing != plain
    # The glow reaches into the margin around the die, where the plain picture is empty.
    assert sum(glowing.pixelColor(x, 3).alpha() for x in range(64)) > \
        sum(plain.pixelColor(x, 3).alpha() for x in range(64))
    # Dimming greys the die out and lets the background through.
    assert dimmed.pixelColor(32, 32).alpha() < 255
    assert dimmed.pixelColor(20, 40).hsvSaturation() < plain.pixelColor(20, 40).hsvSaturation()


def test_element_colors(catalog):
    two = _first(catalog, lambda d: d.colors == (Color.AIR, Color.WATER))
    colors = element_colors(two)
    assert len(colors) == 2
    assert colors[0].blue() > colors[0].green()  # air is blue
    assert colors[1].green() > colors[1].red()  # water is green
    assert len(element_colors(_first(catalog, lambda d: not d.colors))) == 1


def test_bad_arguments_are_rejected(catalog):
    die = catalog.die("Dragons/White Drake")
    with pytest.raises(IndexError, match="12 faces"):
        render_die(die, 12, 64)
    with pytest.raises(ValueError, match="16 px"):
        render_die(die, 0, 8)
