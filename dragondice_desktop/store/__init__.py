"""The player's collection and saved forces in one SQLite file (sqlite-utils, no Qt).

Modules: ``paths`` (where the file lives), ``database`` (open, check, migrate), ``migrations``
(the schema history), ``backups`` (dated copies, restore), ``collection`` (dice owned),
``collection_csv`` (CSV export and previewed import), ``forces`` (saved forces). Every store
function takes the database as its first argument, so tests use in-memory databases.
"""
