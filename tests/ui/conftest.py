"""UI tests run offscreen with pytest-qt; every window gets its own engine worker thread."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture
def window(qtbot):
    """A main window with no animations and its worker thread; closed (thread stopped) after."""
    from dragondice_desktop.ui.main_window import MainWindow

    win = MainWindow(instant=True)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    yield win
    win.close()
    win.client.shutdown()
