"""The dice catalog: every die, face, icon and spell (pure Python, no Qt)."""
