"""Render resources/app-icon.svg to the PNG sizes the desktop files use.

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py [SIZE ...]

writes packaging/icons/dragondice-{48,128,256}.png (or the sizes given, e.g. 512 1024 for a
macOS .icns, which are not kept in git) with Qt's QSvgRenderer (the renderer the
app uses for its glyphs). Run it after changing the SVG and commit the PNGs with it;
tests/test_packaging.py checks that they are there, of the right sizes, and not blank.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent
SVG = HERE.parent / "resources" / "app-icon.svg"
OUT_DIR = HERE / "icons"
SIZES = (48, 128, 256)


def render(size: int, svg: Path = SVG) -> QImage:
    """The SVG drawn on a transparent size x size image."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG for QSvgRenderer")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main(argv: list[str]) -> int:
    sizes = [int(arg) for arg in argv] or list(SIZES)
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # QPainter needs one
    OUT_DIR.mkdir(exist_ok=True)
    for size in sizes:
        path = OUT_DIR / f"dragondice-{size}.png"
        if not render(size).save(str(path), "PNG"):
            raise SystemExit(f"could not write {path}")
        print(f"wrote {path.relative_to(HERE.parent)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
