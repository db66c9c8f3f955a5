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


@pytest.fixture(scope="session", autouse=True)
def collect_in_the_gui_thread(qapp):
    """The UI tests run with garbage collected in the GUI thread only, as the app does
    (``worker.gui_gc``), from the first UI test to the end of the session (module fixtures'
    windows included): the worker threads' allocations no longer start collections that
    delete widgets off the GUI thread, and no collection starts inside a QObject's
    destructor (an allocation there, with the collector on, deadlocked the run once)."""
    from dragondice_desktop.worker.gui_gc import GuiThreadCollector

    collector = GuiThreadCollector()
    yield collector
    collector.stop()


@pytest.fixture(autouse=True)
def collect_after_each_test(collect_in_the_gui_thread):
    """Each UI test's garbage is collected in the GUI thread after pytest-qt has closed its
    widgets (the automatic collector stays off)."""
    import gc

    yield
    gc.collect(1)


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
