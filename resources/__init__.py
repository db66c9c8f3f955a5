"""Bundled resources: icon glyphs drawn for this project, sample forces, help pages."""
