"""Render resources/app-icon.svg to the PNG sizes the desktop bundles use.

    QT_QPA_PLATFORM=offscreen python packaging/render_icons.py [--check]

writes packaging/icons/dragondice-{48,128,256}.png with Qt's QSvgRenderer (the same renderer
the app uses for its glyphs). --check renders to memory and exits 1 when a committed PNG is
missing or differs in size, so a changed SVG without re-rendered PNGs is noticed.
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


def render(size: int) -> QImage:
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG}: not a valid SVG for QSvgRenderer")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def main(argv: list[str]) -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts, plugins)
    check = "--check" in argv
    OUT_DIR.mkdir(exist_ok=True)
    stale = []
    for size in SIZES:
        image = render(size)
        path = OUT_DIR / f"dragondice-{size}.png"
        if check:
            old = QImage(str(path))
            if old.isNull() or old.size() != image.size():
                stale.append(path.name)
            continue
        if not image.save(str(path), "PNG"):
            raise SystemExit(f"could not write {path}")
        print(f"wrote {path.relative_to(HERE.parent)} ({path.stat().st_size} bytes)")
    if stale:
        print("stale or missing icon PNGs (run packaging/render_icons.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
