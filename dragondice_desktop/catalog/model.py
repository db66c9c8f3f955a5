"""The vocabulary of the dice catalog: icons, colours, kinds, sizes and the Die value.

Pure Python, no Qt. Everything here is immutable so engine states can hold dice directly.
Sources: rules digest §1 (components), seed 000 (SAI list), seed 001 (items), seed 003
(advanced and minor terrains).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from functools import cached_property


class IdentityEnum(enum.Enum):
    """An enumeration whose members hash by identity. Enum's own ``__hash__`` is Python code
    hashing the member's name, and the engine keys its dicts and sets by these members on
    every action (icons, colours, kinds, zones, result types ...); members are singletons and
    equal only to themselves, so identity is the same equality, at C speed. (Neither hash
    gives sets a fixed order across processes: the names' hash is randomised per process
    too, so nothing may rely on the order of a set of members.)"""

    __hash__ = object.__hash__


class Icon(IdentityEnum):
    """Every icon that can be printed on a die face, one member per icon (art variants merged).

    The value is the icon's display name, which is also how the data files spell it.
    Several icons mean different things on different die kinds (Tail, Belly and Breath exist
    both as unit SAIs and as dragon faces); the rules code dispatches on the die kind.
    """

    # The five normal action icons and the ID icon (digest §1.2).
    MAGIC = "Magic"
    MANEUVER = "Maneuver"
    MELEE = "Melee"
    MISSILE = "Missile"
    SAVE = "Save"
    ID = "ID"
    # Special Action Icons (seed 000, seed 001).
    ATTUNE = "Attune"
    BASH = "Bash"
    BELLY = "Belly"
    BREATH = "Breath"
    BULLSEYE = "Bullseye"
    CANTRIP = "Cantrip"
    CHARGE = "Charge"
    CHARM = "Charm"
    CHOKE = "Choke"
    CLOAK = "Cloak"
    COIL = "Coil"
    CONFUSE = "Confuse"
    CONVERT = "Convert"
    COUNTER = "Counter"
    CREATE_FIREMINIONS = "Create Fireminions"
    CRUSH = "Crush"
    DECAPITATE = "Decapitate"
    DISPEL_MAGIC = "Dispel Magic"
    DOUBLE_STRIKE = "Double Strike"
    ELEVATE = "Elevate"
    ENTANGLE = "Entangle"
    FERRY = "Ferry"
    FIREBREATH = "Firebreath"
    FIRECLOUD = "Firecloud"
    FIREWALKING = "Firewalking"
    FLAME = "Flame"
    FLAMING_ARROW = "Flaming Arrow"
    FLURRY = "Flurry"
    FLY = "Fly"
    FROST_BREATH = "Frost Breath"
    GALEFORCE = "Galeforce"
    GORE = "Gore"
    HOOF = "Hoof"
    HOWL = "Howl"
    HUG = "Hug"
    HYPNOTIC_GLARE = "Hypnotic Glare"
    ILLUSION = "Illusion"
    IMPALE = "Impale"
    KICK = "Kick"
    NET = "Net"
    PLAGUE = "Plague"
    POISON = "Poison"
    REGENERATE = "Regenerate"
    REND = "Rend"
    RISE_FROM_THE_ASHES = "Rise from the Ashes"
    ROAR = "Roar"
    SCARE = "Scare"
    SCREECH = "Screech"
    SEIZE = "Seize"
    SLAY = "Slay"
    SLEEP = "Sleep"
    SMITE = "Smite"
    SMOTHER = "Smother"
    SNEAK_ATTACK = "Sneak Attack"
    SORTIE = "Sortie"
    STOMP = "Stomp"
    STONE = "Stone"
    STUN = "Stun"
    SUMMON_DRAGON = "Summon Dragon"
    SURPRISE = "Surprise"
    SWALLOW = "Swallow"
    TAIL = "Tail"
    TELEPORT = "Teleport"
    TRAMPLE = "Trample"
    TRUMPET = "Trumpet"
    VANISH = "Vanish"
    VOLLEY = "Volley"
    WAVE = "Wave"
    WAYFARE = "Wayfare"
    WEB = "Web"
    WILD_GROWTH = "Wild Growth"
    WITHER = "Wither"
    # The SFR/TSR logo: Eldarim and Dragonkin champions, medallions, relics (seed 000, 001).
    LOGO = "SFR Logo"
    # Elemental Relic faces (seed 001).
    ELEMENT_AIR = "Element Air"
    ELEMENT_DEATH = "Element Death"
    ELEMENT_EARTH = "Element Earth"
    ELEMENT_FIRE = "Element Fire"
    ELEMENT_WATER = "Element Water"
    # Dracolem (v4.02) icons; their rules text is not available (digest §9).
    FABRICATE = "Fabricate"
    GATE = "Gate"
    MAGIC_SUPPRESSION = "Magic Suppression"
    SPELL_DISRUPTION = "Spell Disruption"
    # Dragon faces (digest §1.7).
    JAWS = "Jaws"
    CLAWS = "Claws"
    WINGS = "Wings"
    TREASURE = "Treasure"
    # Eighth faces of terrains (digest §8, seed 003).
    CITY = "City"
    STANDING_STONES = "Standing Stones"
    TEMPLE = "Temple"
    TOWER = "Tower"
    CASTLE = "Castle"
    DRAGONS_LAIR = "Dragon's Lair"
    GROVE = "Grove"
    VORTEX = "Vortex"
    # Minor terrain ID faces and special faces (digest §1.6, seed 003).
    BRIDGE = "Bridge"
    KNOLL = "Knoll"
    VILLAGE = "Village"
    WOODS = "Woods"
    DOUBLE_MANEUVERS = "Double Maneuvers"
    DOUBLE_SAVES = "Double Saves"
    FLOOD = "Flood"
    FLANKED = "Flanked"
    DUST_STORM = "Dust Storm"
    REVOLT = "Revolt"

    @property
    def is_action(self) -> bool:
        """True for the five normal action icons (magic, maneuver, melee, missile, save)."""
        return self in ACTION_ICONS

    @property
    def is_sai(self) -> bool:
        """True for a Special Action Icon: anything on a unit or item that is not ID or an action."""
        return self in SAI_ICONS


ACTION_ICONS = frozenset({Icon.MAGIC, Icon.MANEUVER, Icon.MELEE, Icon.MISSILE, Icon.SAVE})
EIGHTH_FACE_ICONS = frozenset(
    {Icon.CITY, Icon.STANDING_STONES, Icon.TEMPLE, Icon.TOWER,
     Icon.CASTLE, Icon.DRAGONS_LAIR, Icon.GROVE, Icon.VORTEX}
)
ADVANCED_EIGHTH_FACES = frozenset({Icon.CASTLE, Icon.DRAGONS_LAIR, Icon.GROVE, Icon.VORTEX})
DRAGON_ICONS = frozenset(
    {Icon.JAWS, Icon.CLAWS, Icon.TAIL, Icon.BELLY, Icon.WINGS, Icon.TREASURE, Icon.BREATH}
)
MINOR_TERRAIN_ICONS = frozenset(
    {Icon.BRIDGE, Icon.KNOLL, Icon.VILLAGE, Icon.WOODS, Icon.DOUBLE_MANEUVERS,
     Icon.DOUBLE_SAVES, Icon.FLOOD, Icon.FLANKED, Icon.DUST_STORM, Icon.REVOLT}
)
_NON_SAI = (
    ACTION_ICONS | EIGHTH_FACE_ICONS | MINOR_TERRAIN_ICONS
    | {Icon.ID, Icon.JAWS, Icon.CLAWS, Icon.WINGS, Icon.TREASURE}
)
SAI_ICONS = frozenset(icon for icon in Icon if icon not in _NON_SAI)


class Color(IdentityEnum):
    """A die colour (digest §1.4): the five elements, Ivory (none), White (all) and the alloys."""

    AIR = "air"
    DEATH = "death"
    EARTH = "earth"
    FIRE = "fire"
    WATER = "water"
    IVORY = "ivory"
    WHITE = "white"
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


ELEMENTS = (Color.AIR, Color.DEATH, Color.EARTH, Color.FIRE, Color.WATER)


class Species(IdentityEnum):
    """The species a unit can belong to (digest §1.8). Values are display names."""

    AMAZONS = "Amazons"
    CORAL_ELVES = "Coral Elves"
    DWARVES = "Dwarves"
    FERAL = "Feral"
    FIREWALKERS = "Firewalkers"
    FROSTWINGS = "Frostwings"
    GOBLINS = "Goblins"
    LAVA_ELVES = "Lava Elves"
    SCALDERS = "Scalders"
    SWAMP_STALKERS = "Swamp Stalkers"
    TREEFOLK = "Treefolk"
    UNDEAD = "Undead"
    ELDARIM = "Eldarim"
    DRAGONKIN = "Dragonkin"
    DRACOLEM = "Dracolem"


class DieKind(IdentityEnum):
    """What a die is in the game (digest §0, §1.1)."""

    UNIT = "unit"
    MONSTER = "monster"
    CHAMPION = "champion"
    EQUIPMENT = "equipment"
    ARTIFACT = "artifact"
    MEDALLION = "medallion"
    RELIC = "relic"
    DRAGON = "dragon"
    TERRAIN = "terrain"
    MINOR_TERRAIN = "minor terrain"

    @property
    def is_unit(self) -> bool:
        """Units, monsters and champions all belong to a species and have health."""
        return self in (DieKind.UNIT, DieKind.MONSTER, DieKind.CHAMPION)

    @property
    def is_item(self) -> bool:
        """Equipment, artifacts, medallions and relics (seed 001)."""
        return self in (DieKind.EQUIPMENT, DieKind.ARTIFACT, DieKind.MEDALLION, DieKind.RELIC)


class Size(IdentityEnum):
    """Physical size class of a unit or equipment die (digest §1.1)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    CHAMPION = "champion"
    MONSTER = "monster"


class DieType(IdentityEnum):
    """Polyhedron of a die; the value is its number of faces."""

    D4 = 4
    D6 = 6
    D8 = 8
    D10 = 10
    D12 = 12


@dataclass(frozen=True)
class Face:
    """One face of a die: a tuple of (icon, count) pairs.

    `count` is the number of results the icon gives as printed, already following seed 000's
    X rule (a d6 counts its icons; a monster, artifact, medallion, relic or champion icon is
    worth 4; a large equipment SAI 3). On a dragon it is the damage value, on a terrain the
    face number (1-8), on a minor terrain always 1.
    """

    icons: tuple[tuple[Icon, int], ...]

    @property
    def icon(self) -> Icon:
        """The face's first (in practice its only) icon."""
        return self.icons[0][0]

    @property
    def count(self) -> int:
        """The count of the face's first icon."""
        return self.icons[0][1]

    def to_text(self) -> str:
        """Data-file form, e.g. ``"4 Roar"`` or ``"1 Melee + 1 Save"`` (worked out once: a
        roll writes every rolled face's text)."""
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = " + ".join(f"{n} {icon._value_}" for icon, n in self.icons)
            self.__dict__["_text"] = text  # beside the fields: equality and hash ignore it
        return text

    def __getstate__(self) -> dict:
        """Pickled (a game file's snapshot, the replay cache): the fields only, never what
        was worked out from them."""
        return {"icons": self.icons}

    @classmethod
    def from_text(cls, text: str) -> "Face":
        """Parse the data-file form. Raises ValueError naming an unknown icon or bad count."""
        icons = []
        for part in text.split(" + "):
            count, _, name = part.strip().partition(" ")
            if not count.isdigit():
                raise ValueError(f"face {text!r}: count {count!r} is not a number")
            try:
                icons.append((Icon(name), int(count)))
            except ValueError:
                raise ValueError(f"face {text!r}: unknown icon {name!r}") from None
        return cls(tuple(icons))


@dataclass(frozen=True)
class Die:
    """One catalog die. `key` is unique and stable ("Dwarves/Hammerer", "Dragons/Red Drake").

    Fields: name (as printed), kind, species (units only), colors (element colours, or
    Ivory/White/an alloy), size (units and equipment), health (units: 1-4; dragons: 5 or 10;
    others 0), cost in force points (digest §1.2, seed 001; 0 for dragons and terrains, which
    are counted separately), die_type, faces (in the order of the physical die; the ID face
    first for units), class_name (Heavy Melee, Cavalry ...), eighth_face (terrains only).
    """

    key: str
    name: str
    kind: DieKind
    species: Species | None
    colors: tuple[Color, ...]
    size: Size | None
    health: int
    cost: int
    die_type: DieType
    faces: tuple[Face, ...]
    class_name: str = ""
    eighth_face: Icon | None = None
    autosaves: int = 0
    octgn_id: str = field(default="", compare=False)

    def __getstate__(self) -> dict:
        """Pickled (a game file's snapshot, the replay cache): the fields only, never what
        was worked out from them (`elements`, `borne_icons`)."""
        return {f: self.__dict__[f] for f in _DIE_FIELDS}

    @cached_property
    def elements(self) -> frozenset[Color]:
        """The elements this die contains: White holds all five; Ivory and alloys hold none
        (worked out once per die)."""
        if Color.WHITE in self.colors:
            return frozenset(ELEMENTS)
        return frozenset(c for c in self.colors if c in ELEMENTS)

    @cached_property
    def borne_icons(self) -> tuple[Icon, ...]:
        """Every icon on the die's faces, once each, in the order `Icon` lists them (worked
        out once per die)."""
        borne = {icon for face in self.faces for icon, _ in face.icons}
        return tuple(icon for icon in Icon if icon in borne)

    @property
    def id_face(self) -> int | None:
        """Index of the ID face, or None for dice without one (equipment, dragons ...)."""
        for index, face in enumerate(self.faces):
            if any(icon is Icon.ID for icon, _ in face.icons):
                return index
        return None


_DIE_FIELDS = tuple(f.name for f in fields(Die))


@dataclass(frozen=True)
class Spell:
    """A spell's metadata (spells.xml facts; effects live in the engine).

    `color` is an element, "elemental" (any single element), or an alloy;
    `species` is None for spells any species may cast.
    """

    key: str
    name: str
    cost: int
    color: str
    species: Species | None
    reserve: bool
    cantrip: bool
