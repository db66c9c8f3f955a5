"""Package data (see the parent package)."""
