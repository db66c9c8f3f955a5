"""One record per SAI (seed 000, seed 001): everything the rules say about a special action
icon that is data rather than code, in one entry: the rolls it applies to (the "Applies"
column, verbatim), the one line players read in the glossary, the engine's paraphrase of its
effect, how it treats its targets, what it does in a dragon attack, and the limits its text
adds to its column. The code that counts an SAI in a roll is its handler in ``sai/results.py``
(``SAI_HANDLERS``), the code that applies its effect to the game is in ``sai/effects.py``,
``sai/own_army.py`` and ``sai/on_dragons.py``; they, the glossary, the help, the rules
coverage and the odds all read these records, never a copy of them.

X is the icon's count in the catalog, which already follows seed 000's X rule (a d6 counts its
icons; large equipment and large Dragonkin 3; monsters, artifacts, medallions, relics and
champions 4). SAIs with a fixed number (Tail, Gore, Double Strike, Flame) ignore X.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...catalog.model import Icon
from ..rolls.model import RollContext, RollType

MEL, MIS, SAV = RollType.MELEE, RollType.MISSILE, RollType.SAVE


@dataclass(frozen=True)
class TargetSpec:
    """How a targeting SAI deals with its targets (seed 000).

    one_unit: "target one unit" (else X health-worth; Flame and Double Strike fix the number,
        which their handlers give as the effect's amount);
    test: the roll each target makes: "id", "save", "maneuver", "melee", or "" for none;
    fail: the fate of a target that fails the test (or of every target when there is none):
        "kill", "kill_bury", "reserve", "stunned", "netted", "webbed";
    success: the fate of a target that passes ("" = nothing happens; Seize: "reserve");
    on_id: the fate of a target that rolls its ID whatever else (Scare: "kill");
    then_save: killed targets make a second save roll or are buried (Poison, Stomp ...);
    leaves: every fate moves the unit out, so units that cannot leave are not targeted.
    """

    one_unit: bool = False
    test: str = ""
    fail: str = "kill"
    success: str = ""
    on_id: str = ""
    then_save: bool = False
    leaves: bool = False

    def fate(self, passed: bool, rolled_id: bool) -> str:
        """The fate of a target that passed (or not) its test and showed (or not) its ID;
        "" when nothing happens to it."""
        if self.on_id and rolled_id:
            return self.on_id
        return self.success if passed else self.fail


@dataclass(frozen=True)
class DragonColumn:
    """An SAI's "Dragon Attack" sentence when it only generates results (seed 000): the
    (result type, amount) pairs it gives in the army's answer to a dragon attack (None as an
    amount means X), and whether the die rolls again."""

    parts: tuple[tuple[RollType, int | None], ...]
    rerolls: bool = False


# A limit written in an SAI's text rather than its column: (condition on the roll, the reason
# the SAI does nothing then).
Limit = tuple[Callable[[RollContext], bool], str]


@dataclass(frozen=True)
class SaiRecord:
    """Everything data-like about one SAI (seed 000 / seed 001).

    applies: the "Applies" column, verbatim ("" when its rules text was not retrieved);
    summary: the glossary's one line for players;
    effect: the engine's paraphrase of what it does to the game ("" when it only adds results);
    targets: how it treats the units it targets (None: it targets none this way);
    buries_if_killed: a unit its damage kills is buried (Gore);
    dragon_attack: its dragon-attack sentence when that only generates results;
    any_sentence_in_dragon_attack: an "Any" SAI whose words for a dragon attack are fixed
        (Fly gives saves, Trample melee, Belly removes automatic saves, Create Fireminions any
        counted type);
    limit: a limit its text adds to its column (Charge and Surprise not in a counter-attack,
        Galeforce not in reserves).
    """

    applies: str
    summary: str = ""
    effect: str = ""
    targets: TargetSpec | None = None
    buries_if_killed: bool = False
    dragon_attack: DragonColumn | None = None
    any_sentence_in_dragon_attack: bool = False
    limit: Limit | None = None


_LIMITS: dict[Icon, Limit] = {
    Icon.CHARGE: (lambda ctx: ctx.counter_attack,
                  "Charge has no effect during a counter-attack (seed 000 Charge)"),
    Icon.SURPRISE: (lambda ctx: ctx.counter_attack,
                    "Surprise has no effect during a counter-attack (seed 000 Surprise)"),
    Icon.GALEFORCE: (lambda ctx: ctx.roll_type is RollType.MAGIC and ctx.in_reserve,
                     "Galeforce works only in a magic action at a terrain, not in reserves "
                     "(seed 000 Galeforce)"),
}

SAI_RECORDS: dict[Icon, SaiRecord] = {
    Icon.ATTUNE: SaiRecord(
        applies='Magic',
        summary="Magic of any element you like; it can also recolour one unit's plain magic.",
    ),
    Icon.BASH: SaiRecord(
        applies='Dragon Attack, Save*',
        summary=('When saving against melee, hits back one attacking unit with its own melee and '
                 'saves that much; otherwise X saves.'),
    ),
    Icon.BELLY: SaiRecord(
        applies='Any',
        summary='The unit gives up its automatic saves for this roll.',
        any_sentence_in_dragon_attack=True,
    ),
    Icon.BREATH: SaiRecord(
        applies='Melee',
        summary='In melee, X health-worth of defenders die outright.',
        effect='target X health-worth of units in the defending army; they are killed',
        targets=TargetSpec(),
    ),
    Icon.BULLSEYE: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, X health-worth of defenders must save or die; the die '
                 'rolls again.'),
        effect='target X health-worth of defending units: each saves or is killed',
        targets=TargetSpec(test='save'),
        dragon_attack=DragonColumn(((MIS, None),)),
    ),
    Icon.CANTRIP: SaiRecord(
        applies='Magic, Non-Maneuver',
        summary=('X magic in a magic action; in other non-maneuver rolls, X magic good only for '
                 'cantrip spells.'),
    ),
    Icon.CHARGE: SaiRecord(
        applies='Melee*',
        summary=("The attackers' maneuver counts as melee, and the defenders strike back with a "
                 'save-and-melee roll instead of a normal save.'),
        effect=('the attacking army counts maneuver results as melee; the defender makes a '
                'combination save and melee roll instead of saving or counter-attacking, and its '
                'melee results damage the attacker (only spell saves reduce it)'),
        limit=_LIMITS[Icon.CHARGE],
    ),
    Icon.CHARM: SaiRecord(
        applies='Melee',
        summary=('Up to X health-worth of defenders skip their save and roll for the attacker '
                 'instead.'),
        effect=('target up to X health-worth of defending units; they do not save this march and '
                "their melee results are added to the attacking army's"),
    ),
    Icon.CHOKE: SaiRecord(
        applies='Melee',
        summary=('Defenders that show ID on their save roll (up to X health-worth) die, and their'
                 ' IDs do not count.'),
        effect=('delayed: up to X health-worth of defending units that roll ID on their save roll'
                ' are killed, their ID results not counted'),
    ),
    Icon.CLOAK: SaiRecord(
        applies='Dragon Attack, Individual, Magic, Save',
        summary=('Adds X lasting saves to its army; X magic in a magic action; any X results '
                 'against an individual effect.'),
    ),
    Icon.COIL: SaiRecord(
        applies='Dragon Attack, Melee',
        summary=('One defender takes X damage, saves and strikes back at the coiling unit with '
                 'its melee.'),
        effect=('target one defending unit: it takes X damage and makes a save and melee roll; '
                'its melee results damage the coiling unit with no save'),
        dragon_attack=DragonColumn(((MEL, None),)),
    ),
    Icon.CONFUSE: SaiRecord(
        applies='Melee, Missile',
        summary=('After the defenders roll saves, up to X health-worth of them roll again and '
                 'keep the new faces.'),
        effect=('delayed: up to X health-worth of defending units are re-rolled after their save '
                'roll, ignoring the previous results'),
    ),
    Icon.CONVERT: SaiRecord(
        applies='Melee',
        summary=('Up to X health-worth of defenders save or die; the attacker may bring back as '
                 'much health from its DUA.'),
        effect=('target up to X health-worth of defending units: save or be killed; the attacker '
                'may return that much health-worth from its DUA'),
        targets=TargetSpec(test='save'),
    ),
    Icon.COUNTER: SaiRecord(
        applies='Dragon Attack, Melee, Save*',
        summary='Saves that also hurt the melee attacker (X damage); X melee when attacking.',
        dragon_attack=DragonColumn(((SAV, None), (MEL, None),)),
    ),
    Icon.CREATE_FIREMINIONS: SaiRecord(
        applies='Any Non-Individual',
        summary='X results of whichever type the army is rolling for.',
        any_sentence_in_dragon_attack=True,
    ),
    Icon.CRUSH: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, up to X health-worth of defenders maneuver or die, then '
                 'save or are buried.'),
        effect=('target up to X health-worth of defending units: maneuver or be killed; the '
                'killed save or are buried'),
        targets=TargetSpec(test='maneuver', then_save=True),
        dragon_attack=DragonColumn(((MIS, None),)),
    ),
    Icon.DECAPITATE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender that shows ID on its save roll dies, its results lost.',
        effect=('delayed: one defending unit that rolls its ID on the save roll is killed, its '
                'results not counted'),
    ),
    Icon.DISPEL_MAGIC: SaiRecord(
        applies='Special',
        summary=('Rolled against magic aimed at its unit, army or terrain: showing this icon '
                 'cancels that magic.'),
    ),
    Icon.DOUBLE_STRIKE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='In melee, four health-worth of defenders save or die; the die rolls again.',
        effect='target four health-worth of defending units: each saves or is killed',
        targets=TargetSpec(test='save'),
        dragon_attack=DragonColumn(((MEL, 4),)),
    ),
    Icon.ELEVATE: SaiRecord(
        applies='Dragon Attack, Maneuver, Missile, Save*',
        summary=("X maneuver when maneuvering; otherwise doubles one unit's missile or (against "
                 'melee) save results.'),
    ),
    Icon.ENTANGLE: SaiRecord(
        applies='Melee',
        summary='In melee, up to X health-worth of defenders die outright.',
        effect='target up to X health-worth of defending units; they are killed',
        targets=TargetSpec(),
    ),
    Icon.FERRY: SaiRecord(
        applies='Non-Maneuver',
        summary='Moves itself and up to four health-worth of its army to any terrain.',
        effect='this unit may move itself and up to four health-worth of its army to any terrain',
    ),
    Icon.FIREBREATH: SaiRecord(
        applies='Melee',
        summary='X damage to the defenders with no save; units it kills save or are buried.',
        effect='X damage to the defending army with no save; the killed save or are buried',
    ),
    Icon.FIRECLOUD: SaiRecord(
        applies='Melee, Missile',
        summary='Up to X health-worth of defenders maneuver or die.',
        effect='target up to X health-worth of defending units: maneuver or be killed',
        targets=TargetSpec(test='maneuver'),
    ),
    Icon.FIREWALKING: SaiRecord(
        applies='Maneuver, Non-Maneuver',
        summary=('X maneuver when maneuvering; otherwise moves itself and three health-worth of '
                 'its army anywhere.'),
        effect='this unit may move itself and up to three health-worth of its army to any terrain',
    ),
    Icon.FLAME: SaiRecord(
        applies='Melee',
        summary='In melee, two health-worth of defenders die and are buried.',
        effect='target up to two health-worth of defending units; they are killed and buried',
        targets=TargetSpec(fail='kill_bury'),
    ),
    Icon.FLAMING_ARROW: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, X health-worth of defenders save or die, then save again '
                 'or are buried.'),
        effect=('target X health-worth of defending units: save or be killed; the killed save '
                'again or are buried'),
        targets=TargetSpec(test='save', then_save=True),
        dragon_attack=DragonColumn(((MIS, None),)),
    ),
    Icon.FLURRY: SaiRecord(
        applies='Dragon Attack, Melee, Save*',
        summary='X melee and the die rolls again; against melee, X saves.',
    ),
    Icon.FLY: SaiRecord(
        applies='Any',
        summary='X maneuver or X saves, in any roll.',
        dragon_attack=DragonColumn(((SAV, None),)),
        any_sentence_in_dragon_attack=True,
    ),
    Icon.FROST_BREATH: SaiRecord(
        applies='Melee, Missile',
        summary='An enemy army at this terrain halves all its results until your next turn.',
        effect=('an opposing army at this terrain halves all its results until the beginning of '
                'your next turn'),
    ),
    Icon.GALEFORCE: SaiRecord(
        applies='Magic*, Melee, Missile',
        summary=('An enemy army anywhere loses four saves and four maneuver from every roll until'
                 ' your next turn.'),
        effect=('an opposing army at any terrain subtracts four save and four maneuver results '
                'from all rolls until the beginning of your next turn'),
        limit=_LIMITS[Icon.GALEFORCE],
    ),
    Icon.GORE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender takes two damage (it may save) and is buried if it dies.',
        effect=('target one defending unit: it takes two damage (it may save) and is buried if '
                'killed'),
        buries_if_killed=True,
        dragon_attack=DragonColumn(((MEL, 4),)),
    ),
    Icon.HOOF: SaiRecord(
        applies='Dragon Attack, Maneuver, Save',
        summary='X maneuver when maneuvering, X saves when saving.',
        dragon_attack=DragonColumn(((SAV, None),)),
    ),
    Icon.HOWL: SaiRecord(
        applies='Melee, Missile',
        summary='The defenders lose X saves.',
        effect='the defending army subtracts X save results',
    ),
    Icon.HUG: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender takes X damage with no save and strikes back at the hugging unit.',
        effect=('target one defending unit: X damage with no save; its melee roll damages the '
                'hugging unit with no save'),
        dragon_attack=DragonColumn(((MEL, None),)),
    ),
    Icon.HYPNOTIC_GLARE: SaiRecord(
        applies='Melee',
        summary=('Defenders that show ID on their save roll are frozen until your next turn; '
                 'their results do not count.'),
        effect=('delayed: defending units that roll ID on their save roll are hypnotized until '
                'your next turn and their results do not count'),
    ),
    Icon.ILLUSION: SaiRecord(
        applies='Magic, Melee, Missile',
        summary=('One of your armies cannot be shot at or targeted by enemy spells until your '
                 'next turn.'),
        effect=('one of your armies cannot be targeted by opposing missile attacks or spells '
                'until the beginning of your next turn'),
    ),
    Icon.IMPALE: SaiRecord(
        applies='Dragon Attack, Missile',
        summary='In a missile attack, one defender that shows ID on its save roll dies.',
        effect=('delayed: one defending unit that rolls its ID on the save roll is killed, its '
                'results not counted'),
    ),
    Icon.KICK: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='One defender takes X damage (it may save); X saves when saving.',
        effect='target one defending unit: it takes X damage (it may save)',
        dragon_attack=DragonColumn(((MEL, None), (SAV, None),)),
    ),
    Icon.NET: SaiRecord(
        applies='Individual, Melee, Missile',
        summary='Up to X health-worth of defenders maneuver or are netted until your next turn.',
        effect='target up to X health-worth of defending units: maneuver or be netted',
        targets=TargetSpec(test='maneuver', fail='netted'),
    ),
    Icon.PLAGUE: SaiRecord(
        applies='Melee',
        summary='Defenders save or die one at a time, until one of them saves.',
        effect='target defending units one by one: save or be killed, until one saves',
    ),
    Icon.POISON: SaiRecord(
        applies='Melee',
        summary='X health-worth of defenders save or die, then save again or are buried.',
        effect=('target X health-worth of defending units: save or be killed; the killed save '
                'again or are buried'),
        targets=TargetSpec(test='save', then_save=True),
    ),
    Icon.REGENERATE: SaiRecord(
        applies='Non-Maneuver',
        summary='X saves, or bring back up to X health-worth from your DUA.',
    ),
    Icon.REND: SaiRecord(
        applies='Dragon Attack, Maneuver, Melee',
        summary='X melee (or X maneuver) and the die rolls again.',
        dragon_attack=DragonColumn(((MEL, None),), rerolls=True),
    ),
    Icon.RISE_FROM_THE_ASHES: SaiRecord(
        applies='Save, Special',
        summary=('X saves; when the unit dies or is buried, a lucky roll sends it to your Reserve'
                 ' Area instead.'),
    ),
    Icon.ROAR: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders are driven to their Reserve Area before saving.',
        effect='up to X health-worth of defending units go to their Reserve Area before saving',
        targets=TargetSpec(fail='reserve', leaves=True),
    ),
    Icon.SCARE: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders save or flee to reserve; those showing ID die.',
        effect=('up to X health-worth of defending units save or go to their Reserve Area; those '
                'rolling their ID are killed'),
        targets=TargetSpec(test='save', fail='reserve', on_id='kill'),
    ),
    Icon.SCREECH: SaiRecord(
        applies='Melee',
        summary='The defenders lose X saves.',
        effect='the defending army subtracts X save results',
    ),
    Icon.SEIZE: SaiRecord(
        applies='Melee, Missile',
        summary=('Up to X health-worth of defenders roll: ID sends them to reserve, anything else'
                 ' kills them.'),
        effect=('roll up to X health-worth of defending units: an ID goes to the Reserve Area, '
                'any other face is killed'),
        targets=TargetSpec(test='id', success='reserve'),
    ),
    Icon.SLAY: SaiRecord(
        applies='Melee',
        summary='One defender rolls: anything but its ID kills it.',
        effect='target one defending unit; roll it: unless it rolls its ID it is killed',
        targets=TargetSpec(one_unit=True, test='id'),
    ),
    Icon.SLEEP: SaiRecord(
        applies='Melee',
        summary='One enemy unit at this terrain falls asleep until your next turn.',
        effect='target one opposing unit at this terrain: asleep until your next turn',
    ),
    Icon.SMITE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='X damage to the defenders with no save.',
        effect='X damage to the defending army with no save possible',
        dragon_attack=DragonColumn(((MEL, None),)),
    ),
    Icon.SMOTHER: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders maneuver or die.',
        effect='target up to X health-worth of defending units: maneuver or be killed',
        targets=TargetSpec(test='maneuver'),
    ),
    Icon.SNEAK_ATTACK: SaiRecord(
        applies='Dragon Attack, Magic, Melee, Missile',
        summary='X damage with no save to an enemy army here (missile or magic); X melee in melee.',
        effect=('X damage to an opposing army at this terrain with no save; Dragonkin killed are '
                'buried'),
        dragon_attack=DragonColumn(((MEL, None),)),
    ),
    Icon.SORTIE: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='X melee when attacking, X saves when saving.',
        dragon_attack=DragonColumn(((SAV, None), (MEL, None),)),
    ),
    Icon.STOMP: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='Up to X health-worth of defenders maneuver or die, then save or are buried.',
        effect=('target up to X health-worth of defending units: maneuver or be killed; the '
                'killed save or are buried'),
        targets=TargetSpec(test='maneuver', then_save=True),
        dragon_attack=DragonColumn(((MEL, None),)),
    ),
    Icon.STONE: SaiRecord(
        applies='Dragon Attack, Melee, Missile',
        summary='X damage to the defenders with no save.',
        effect='X damage to the defending army with no save possible',
        dragon_attack=DragonColumn(((MIS, None),)),
    ),
    Icon.STUN: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders maneuver or are stunned; the die rolls again.',
        effect='target up to X health-worth of defending units: maneuver or be stunned',
        targets=TargetSpec(test='maneuver', fail='stunned'),
    ),
    Icon.SUMMON_DRAGON: SaiRecord(
        applies='Magic',
        summary='Summons a dragon of its colour to a terrain; X magic in reserves.',
    ),
    Icon.SURPRISE: SaiRecord(
        applies='Melee',
        summary='The defenders may not counter-attack.',
        effect='the defending army cannot counter-attack',
        limit=_LIMITS[Icon.SURPRISE],
    ),
    Icon.SWALLOW: SaiRecord(
        applies='Melee',
        summary='One defender rolls: anything but its ID kills and buries it.',
        effect='target one defending unit; roll it: unless it rolls its ID it is killed and buried',
        targets=TargetSpec(one_unit=True, test='id', fail='kill_bury'),
    ),
    Icon.TAIL: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='Two melee and the die rolls again.',
        dragon_attack=DragonColumn(((MEL, 2),), rerolls=True),
    ),
    Icon.TELEPORT: SaiRecord(
        applies='Maneuver, Non-Maneuver',
        summary=('X maneuver when maneuvering; otherwise moves itself and three health-worth of '
                 'its army anywhere.'),
        effect='this unit may move itself and up to three health-worth of its army to any terrain',
    ),
    Icon.TRAMPLE: SaiRecord(
        applies='Any',
        summary='X maneuver and X melee, in any roll.',
        dragon_attack=DragonColumn(((MEL, None),)),
        any_sentence_in_dragon_attack=True,
    ),
    Icon.TRUMPET: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='Every Feral unit in the army doubles its melee and save results.',
        effect='each Feral unit in this army doubles its melee and save results',
    ),
    Icon.VANISH: SaiRecord(
        applies='Save',
        summary='X saves, then the unit may slip away to any terrain or its Reserve Area.',
    ),
    Icon.VOLLEY: SaiRecord(
        applies='Dragon Attack, Missile, Save*',
        summary='Saves that also hurt the missile attacker (X damage); X missile when shooting.',
        dragon_attack=DragonColumn(((SAV, None), (MIS, None),)),
    ),
    Icon.WAVE: SaiRecord(
        applies='Melee, Maneuver',
        summary=('The defenders lose X saves; when marching, counter-maneuvering armies lose X '
                 'maneuver.'),
        effect='the defending army subtracts X save results',
    ),
    Icon.WAYFARE: SaiRecord(
        applies='Dragon Attack, Maneuver',
        summary=('X maneuver, or the item and a unit carrying it move to another terrain or to '
                 'reserve.'),
    ),
    Icon.WEB: SaiRecord(
        applies='Melee, Missile',
        summary=('Up to X health-worth of defenders roll for melee or are webbed until your next '
                 'turn.'),
        effect='target up to X health-worth of defending units: melee or be webbed',
        targets=TargetSpec(test='melee', fail='webbed'),
    ),
    Icon.WILD_GROWTH: SaiRecord(
        applies='Non-Maneuver',
        summary='X saves, or promote X health-worth of units, split as you like.',
    ),
    Icon.WITHER: SaiRecord(
        applies='Melee',
        summary=('An enemy army at this terrain loses X results from every roll until your next '
                 'turn.'),
        effect=('an opposing army at this terrain subtracts X results from all its rolls until '
                'the beginning of your next turn'),
    ),
    Icon.ELEMENT_AIR: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks air units of the army to re-roll, recruit or promote (X '
                 'health-worth).'),
    ),
    Icon.ELEMENT_DEATH: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks death units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
    ),
    Icon.ELEMENT_EARTH: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks earth units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
    ),
    Icon.ELEMENT_FIRE: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks fire units of the army to re-roll, recruit or promote (X'
                 ' health-worth).'),
    ),
    Icon.ELEMENT_WATER: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks water units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
    ),
    Icon.FABRICATE: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.GATE: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.LOGO: SaiRecord(
        applies='',
        summary=('The SFR/TSR logo: what it does depends on the die (medallions, relics, '
                 'champions); see the die inspector.'),
    ),
    Icon.MAGIC_SUPPRESSION: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
    Icon.SPELL_DISRUPTION: SaiRecord(
        applies='',
        summary='Dracolem icon: its rules text is not available, so the app cannot explain it yet.',
    ),
}
