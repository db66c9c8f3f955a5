"""The rules engine: a pure reducer over actions (no Qt, no files, no clocks)."""
