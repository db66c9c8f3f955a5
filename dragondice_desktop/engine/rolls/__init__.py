"""Rolls: throwing and counting dice (the roll pipeline and its values), army and individual rolls, and counting a physical roll."""
