"""Terrains: eighth-face powers, and minor terrains in play and in a march."""
