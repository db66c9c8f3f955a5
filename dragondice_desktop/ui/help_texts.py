"""Texts of the Help menu's dialogs."""

from __future__ import annotations

from .. import __version__

ABOUT = f"""<h3>Dragon Dice Desktop {__version__}</h3>
<p>Play Dragon Dice&trade; hotseat on one computer: two players, three terrains, the full
march sequence with maneuvers, melee, missile and magic rolls, damage, counter-attacks and
the Reserves phase.</p>
<p>Drag dice to move them (reinforce, retreat, send casualties to the DUA), or right-click a
die for its moves. Answer every other decision in the Decision panel; its buttons show their
keyboard shortcuts in brackets.</p>
<p>Dragon Dice is a trademark of SFR, Inc. This is a fan-made program.</p>"""

RULES_COVERAGE = """<h3>Rules coverage</h3>
<p>The engine plays setup, marches (maneuver and counter-maneuver, turning terrains,
capturing eighth faces), melee with saves and counter-attacks, missile attacks, damage
assignment, the Reserves phase and both victory conditions. Army rolls are resolved through
the ten-step roll pipeline, with many SAIs (re-rolls, Counter, Volley, Wave, Fly, Trample,
automatic saves ...).</p>
<p><b>Not resolved yet</b> — these are reported in the game log (in orange) rather than
silently dropped:</p>
<ul>
<li>spells: magic results are counted but cannot be spent yet;</li>
<li>dragon attacks and summoning dragons;</li>
<li>eighth-face powers of captured terrains (City, Temple, Tower, Standing Stones and the
advanced faces);</li>
<li>species abilities;</li>
<li>many SAIs whose effects reach outside the roll (e.g. Slay, Stone, Poison, Convert,
Teleport): the roll panel lists each one the engine could not resolve;</li>
<li>moving items by hand, minor terrains and more than two players.</li>
</ul>"""
