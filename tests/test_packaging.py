"""The desktop packaging files agree with each other and with pyproject.toml (issue 7 §1).

Building and starting the PyInstaller bundle is packaging/check_bundle.sh's job (it takes
about a minute); these checks are the fast part: the app icon and its PNG sizes, the Linux
.desktop file, the AppStream metadata, and the spec's entry point and pins.
"""

from __future__ import annotations

import configparser
import os
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
APP_ID = "io.github.dragondice_desktop"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(PACKAGING / "dragondice.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_app_icon_svg_renders_with_qt(qapp):
    from PySide6.QtSvg import QSvgRenderer

    svg = REPO / "resources" / "app-icon.svg"
    ET.parse(svg)  # well-formed
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    box = renderer.viewBoxF()
    assert box.width() == box.height() > 0


@pytest.mark.parametrize("size", [48, 128, 256])
def test_icon_pngs_are_rendered_at_their_sizes_and_not_blank(qapp, size):
    from PySide6.QtGui import QImage

    image = QImage(str(PACKAGING / "icons" / f"dragondice-{size}.png"))
    assert not image.isNull()
    assert (image.width(), image.height()) == (size, size)
    assert image.hasAlphaChannel()
    corner = image.pixelColor(0, size - 1)
    centre = image.pixelColor(size // 2, size // 2)
    assert corner.alpha() == 0 and centre.alpha() == 255


def test_desktop_file_starts_the_installed_command():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Dragon Dice Desktop"
    assert entry["Exec"].split()[0] in PYPROJECT["project"]["scripts"]
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")


def test_metainfo_is_well_formed_and_matches_the_desktop_file_and_version():
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == desktop_entry()["Exec"].split()[0]
    assert root.findtext("project_license") == PYPROJECT["project"]["license"]["text"]
    versions = [release.get("version") for release in root.iter("release")]
    assert PYPROJECT["project"]["version"] in versions, "add a <release> for the new version"
    assert root.findtext("summary") and root.find("description/p") is not None


def test_spec_builds_the_console_script_and_build_tools_are_pinned():
    script, = PYPROJECT["project"]["scripts"].values()
    module, _, func = script.partition(":")
    entry = (PACKAGING / "dragondice_main.py").read_text(encoding="utf-8")
    assert f"from {module} import {func}" in entry
    spec = (PACKAGING / "dragondice.spec").read_text(encoding="utf-8")
    assert '"dragondice_main.py"' in spec
    for line in (PACKAGING / "requirements-build.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", line.strip()), line
    for script_name in ("build.sh", "check_bundle.sh"):
        assert os.access(PACKAGING / script_name, os.X_OK), f"{script_name} is not executable"
