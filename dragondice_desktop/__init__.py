"""Dragon Dice Desktop: the Dragon Dice dice wargame on the desktop."""
__version__ = "0.1.0"
