"""The desktop app: windows, board scene, dice painting, dialogs."""
