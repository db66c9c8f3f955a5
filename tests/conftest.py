"""Suite-wide settings: no test may touch the player's real collection database, autosave
or preferences."""

import os
import tempfile

import pytest


def pytest_configure(config):
    # The store and the autosave fall back to $DRAGONDICE_DATA_DIR before the user folder.
    os.environ["DRAGONDICE_DATA_DIR"] = tempfile.mkdtemp(prefix="dragondice-test-data-")
    from PySide6.QtCore import QSettings

    settings = tempfile.mkdtemp(prefix="dragondice-test-settings-")
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, settings)


@pytest.fixture
def rolloff_counts(monkeypatch):
    """(applied, taken): lists that fill as the engine applies setup actions (each one's
    Action) and as the setup's throwing routine takes a face (each face), for tests that
    count how often a roll-off runs (issue 12: once per roll-off, each face taken once)."""
    from dragondice_desktop.engine import game
    from dragondice_desktop.engine.turn import setup

    applied: list = []
    taken: list = []
    real = game.apply_setup
    monkeypatch.setattr(game, "apply_setup",
                        lambda state, action, events: applied.append(action)
                        or real(state, action, events))

    class Counted(setup.Thrower):
        def face(self, count, throw):
            got = super().face(count, throw)
            if got is not None:
                taken.append(got)
            return got

    monkeypatch.setattr(setup, "Thrower", Counted)
    return applied, taken
