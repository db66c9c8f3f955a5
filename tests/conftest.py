"""Suite-wide settings: no test may touch the player's real collection database."""

import os
import tempfile


def pytest_configure(config):
    # The store falls back to $DRAGONDICE_DATA_DIR before the user data folder.
    os.environ["DRAGONDICE_DATA_DIR"] = tempfile.mkdtemp(prefix="dragondice-test-data-")
