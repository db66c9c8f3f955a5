"""UI tests run offscreen with pytest-qt; every window gets its own engine worker thread.

No test touches the player's real settings: the INI files QSettings writes in user scope
(`settings.user_settings()`, what `run_app` uses) go to a temporary folder, and windows
built by tests keep their preferences in memory unless a test hands them a store."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

_SETTINGS_DIR = tempfile.mkdtemp(prefix="dragondice-test-settings-")
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, _SETTINGS_DIR)
QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.SystemScope, _SETTINGS_DIR)


@pytest.fixture(autouse=True)
def collect_in_the_gui_thread(qapp):
    """Every UI test runs with garbage collected in the GUI thread only, as the app does
    (``worker.gui_gc``): the worker threads' allocations no longer start collections that
    delete widgets off the GUI thread. Its garbage is collected here, in the GUI thread,
    after pytest-qt has closed its widgets."""
    from dragondice_desktop.worker.gui_gc import GuiThreadCollector

    collector = GuiThreadCollector()
    yield
    collector.stop(generation=1)


def _main_window(qtbot, instant: bool):
    """A shown 1400×900 main window and its worker thread; closed (thread stopped) after."""
    from dragondice_desktop.ui.main_window import MainWindow

    win = MainWindow(instant=instant)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    yield win
    win.close()
    win.client.shutdown()


@pytest.fixture
def window(qtbot):
    """A main window with no animations and its worker thread; closed (thread stopped) after."""
    yield from _main_window(qtbot, instant=True)


@pytest.fixture
def animated_window(qtbot):
    """A main window that animates (the Preferences' normal speed), with its worker."""
    yield from _main_window(qtbot, instant=False)
