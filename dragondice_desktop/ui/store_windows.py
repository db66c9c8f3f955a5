"""The main window's door to the player's store: the collection window, the force builder
and the saved forces offered by the New Game dialog.

The database is opened on first use (not at start-up), through `store_dialogs.open_store`,
which explains a damaged or newer database instead of overwriting it. Without a database the
game still runs with the bundled sample forces.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ..forces.model import Force
from ..forces.samples import sample_forces
from ..store.paths import database_path

if TYPE_CHECKING:  # sqlite-utils (and the numpy it loads) wait for the store's first use
    from sqlite_utils import Database


class StoreWindows:
    """Opens the store lazily and keeps one collection window and one force builder.

    data_dir: the --data-dir folder (None: $DRAGONDICE_DATA_DIR or the user data folder).
    parent: the main window, for message boxes.
    """

    def __init__(self, data_dir: str | os.PathLike | None, parent: QWidget) -> None:
        self.data_dir = data_dir
        self.parent = parent
        self.db: Database | None = None
        self.collection = None
        self.builder = None

    def database(self) -> Database | None:
        """The open store, opening it now if needed (None if it stays closed)."""
        if self.db is None:
            from .store_dialogs import open_store

            self.db = open_store(database_path(self.data_dir), self.parent)
        return self.db

    def show_collection(self) -> None:
        """Open (or raise) the collection window."""
        from .collection_window import CollectionWindow

        if self.database() is None:
            return
        if self.collection is None:
            self.collection = CollectionWindow(self.db)
            self.collection.model.collectionChanged.connect(self._collection_changed)
        self.collection.show()
        self.collection.raise_()

    def show_builder(self) -> None:
        """Open (or raise) the force builder."""
        from .force_builder import ForceBuilderWindow

        if self.database() is None:
            return
        if self.builder is None:
            self.builder = ForceBuilderWindow(self.db)
        self.builder.show()
        self.builder.raise_()

    def game_forces(self) -> list[Force]:
        """Forces a new game may use: the sample forces, then every saved force without
        errors (drafts with errors cannot start a game; issue 4)."""
        from ..store.forces import list_forces, load_force

        forces = list(sample_forces())
        if self.database() is not None:
            forces += [load_force(self.db, s.name) for s in list_forces(self.db) if s.valid]
        return forces

    def close(self) -> None:
        """Close the windows and the database."""
        for window in (self.collection, self.builder):
            if window is not None:
                window.close()
        if self.db is not None:
            from ..store.database import close_database

            close_database(self.db)
            self.db = None

    def _collection_changed(self) -> None:
        if self.builder is not None:
            self.builder.refresh_collection()
