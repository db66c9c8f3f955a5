"""Suite-wide settings: no test may touch the player's real collection database, autosave
or preferences."""

import os
import tempfile


def pytest_configure(config):
    # The store and the autosave fall back to $DRAGONDICE_DATA_DIR before the user folder.
    os.environ["DRAGONDICE_DATA_DIR"] = tempfile.mkdtemp(prefix="dragondice-test-data-")
    from PySide6.QtCore import QSettings

    settings = tempfile.mkdtemp(prefix="dragondice-test-settings-")
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, settings)
