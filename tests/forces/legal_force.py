"""The legal force the validation tests start from (digest §2 setup numbers)."""

from dragondice_desktop.forces.model import Force

# A legal 24-point Feral force (Feral hold air and earth): three 8-point armies, one dragon,
# 8 health of Dragonkin (floor(24/3) = 8), 4 minor terrains (3 terrains in play + 1).
LEGAL = Force(
    name="Feral", points=24,
    home_terrain="Terrains/Flatland City", frontier_terrain="Terrains/Flatland Grove",
    home_army=("Feral/Wolverine-folk", "Feral/Badger-folk") + ("Feral/Weasel-folk",) * 3,
    horde_army=("Feral/Buffalo-folk", "Feral/Horse-folk") + ("Feral/Antelope-folk",) * 3,
    campaign_army=("Feral/Wolverine-folk", "Feral/Badger-folk") + ("Feral/Weasel-folk",) * 3,
    dragons=("Dragons/Blue Drake",),
    dragonkin=("Dragonkin/Dragonstallion (Air)", "Dragonkin/Dragonsteed (Air)",
               "Dragonkin/Dragonfoal (Air)"),
    minor_terrains=("Minor Terrains/Flatland Village",) * 4,
)
