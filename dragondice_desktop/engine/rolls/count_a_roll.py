"""Count a physical roll: the dice a player rolled on the table, described in a small JSON
format, counted by the same pipeline as the game (``rolls.count_roll``), with the results and
the SAI effects explained (``dragondice resolve FILE``).

The format (also in ``resources/help/resolve-format.md``)::

    {
      "roll": "melee",                      # maneuver | melee | missile | magic | save |
                                            # dragon-attack                      (required)
      "also": ["melee"],                    # more types counted: a combination roll
      "against": "melee",                   # save rolls: the attack saved against
      "individual": false,                  # one unit rolling on its own (a targeted unit)
      "against_individual": false,          # individual save against a targeting effect
      "in_dua": false,                      # individual roll of a unit in the DUA
      "counter_attack": false, "counter_maneuver": false, "in_reserve": false,
      "terrain": {"die": "Terrains/Coastland Tower", "face": 8, "held": true},
      "dragon_rolled_jaws": false,          # dragon attacks: for Decapitate and Impale
      "army": [                             # the rolling dice                   (required)
        {"die": "Coral Elves/Gryphon", "faces": ["4 Rend", "4 Rend", "4 Melee"]},
        {"die": "Dwarves/Footman", "id": 7, "face": "ID"},
        {"die": "Coral Elves/Herald", "faces": [2], "replaced": [["3 Save"]],
         "excluded": "killed by Choke"}
      ],
      "opposing_army": [                    # the other army, where it matters
        {"die": "Dwarves/Footman", "id": 101, "melee": 1}
      ],
      "dragons": [{"die": "Dragons/Red Drake", "faces": ["12 Jaws"]}],  # dragon attacks
      "dua": ["Goblins/Thug"], "deadlands": 0, "force_points": 24,  # abilities counting the DUA
      "target_in_reserve": false,           # a missile roll at a Reserve army (no IDs count)
      "opposing_total": 3,                  # maneuver: the counter-maneuver total(s)
      "damage": 4, "casualties": [1, {"id": 2, "rise": ["4 Rise from the Ashes"]}],
      "lasting": [{"effect": "Wither", "amount": 3}],   # Frost Breath, Wither, Galeforce, Cloak
      "modifiers": [{"op": "subtract", "amount": 4, "types": ["save"], "source": "Screech"}],
      "added": [{"type": "melee", "amount": 2, "source": "Charm"}],
      "choices": [{"die": 1, "icon": "Regenerate", "value": "return"},
                  {"die": 2, "icon": "ID", "value": "save:1,melee:1"},
                  {"die": 4, "icon": "Elevate", "unit": 2}],   # the unit it doubles
      "house_rules": ["one-multiplier-per-result-type"],
      "ruleset": "classic",                 # v4.01 (the default) | classic: the 1996 game,
      "melee_form": "charge",               # whose melee is a skirmish or a charge (classic)
      "effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 101, "faces": ["1 Melee"]}]},
                  {"die": 3, "icon": "Poison",
                   "targets": [{"id": 102, "faces": ["2 Melee"], "second": ["ID"],
                                "rise": ["ID"]}]}]
    }

The roll's context is the engine's (``flow.place_context``): the terrain's elements bring the
species abilities that count results as others, for the army and for its targets' own rolls;
holding the eighth face doubles ID results; in an army's combination roll each die's ID
results are placed (and may be split) die by die (in the answer to a dragon attack, one
choice for the whole roll), and several Elevates double different units, each the
roller's choice (default: the unit that gains most), as in play under the latest rules
revision. Items roll only with a unit able to carry them
(``items.carried``); killed units go where the engine sends them (``fates.killed_to``,
Gore buries, Rise from the Ashes); targets are held to the SAI's limit; casualties to as much
of the damage as possible without going over (``damage.best_kill_total``); the maneuver
contest is ``turn/march_rolls.maneuver_succeeds``.

Under ``"ruleset": "classic"`` every icon means what the 1996 action-icon list says
(``engine/classic``), the v4.01 species abilities do not exist, and ``"melee_form"`` tells a
skirmish from a charge: a melee roll with "charge" is the charge attack (its maneuver results
hit), a save roll with "charge" the defender's roll during a charge (saves and melee together);
with "skirmish", or none, a melee roll is a skirmish attack (a counter-attack with
"counter_attack") and a save roll against melee the save roll in melee.

Faces: a face index (0 = the first face in the catalog) or the face as printed in the catalog
("4 Rend", "1 Melee + 1 Save"; "ID" for the ID face; any case). ``faces`` lists the first roll
then each re-roll in order (step 3); ``face`` is short for one face. ``replaced`` lists earlier
chains a re-roll "ignoring the previous result" threw away (Confuse, Vortex, Elemental Relic).
Die ids default to 1, 2, 3 ... for the army and 101, 102 ... for the opposing army.

``resolve(data) -> dict`` and ``resolve_text(text) -> dict`` return: "roll" (in words),
"totals", "dice" (per die: faces, re-rolls, each result with its step, effects, what is not
resolved and what had no effect), "modifiers", "choices" (with the value taken and whether it
was the default), "magic_by_color", "cantrip_magic", "effects" (with each target's fate when
its faces are given), "species" (the species abilities at work), "steps" and "explain" (the
text of the roll breakdown); "dragons", "maneuver" and "casualties" when those fields are
given. Bad input raises
``ResolveError`` naming the problem. Pure: reading the file is the caller's job.
"""

from __future__ import annotations

import json
from dataclasses import replace
from collections.abc import Callable
from typing import Any, cast

from ...catalog.loader import load_catalog
from ...json_fields import FieldStyle, first_repeated, quote, unknown_fields
from ...catalog.model import Color, Die, DieKind, Icon
from ..units.damage import best_kill_total
from ..dragons.attack_phase import afraid_dragonkin, faces_army_damage
from ..dragons.kinds import breath_elements_at
from ..turn.march_rolls import RESERVE_TARGET_IDS, maneuver_succeeds
from ..classic.melee_forms import CHARGE_COUNTS, amazon_missiles_at
from ..core.house_rules import HOUSE_RULES, ONE_MULTIPLIER_PER_TYPE
from ..core.options import CLASSIC, RULESETS, V401
from ..sai.icons.rise_from_the_ashes import rises_from_ashes
from ..units.fates import killed_to
from ..turn.flow import place_context
from .individual_roll import count_unit_roll, shows_id, unit_context
from ..units.items import carried
from ..sai.lasting import effect_modifiers
from .model import (
    Addition, DieRoll, Effect, Modifier, ModOp, RollChoice, RollContext, RollInput, RollKind,
    RollResult, RollType, key_text,
)
from .pipeline import count_roll
from ..sai.effects import targets_one_unit
from ..sai.registry import BURIES_IF_KILLED, COMBINATION_ROLLS, TARGET_SPECS
from ..species.counts_as import DUA_ABILITIES, FOUL_STENCH, capped_dua_count
from ..species.registry import plays_species_abilities
from ..core.state import GameDie, LastingEffect, ZoneKind

MAX_TEXT = 200_000   # characters in a description
MAX_DICE = 500       # dice in "army" or "opposing_army"
MAX_FACES = 102      # faces in one die's chain (the first roll and up to 100 re-rolls, + 1)
MAX_STRING = 200     # characters in one text field
MAX_AMOUNT = 1000    # largest amount of results an effect, modifier or addition may carry
MAX_ID = 1_000_000   # die ids are 0 ... MAX_ID
MAX_LIST = 100       # entries in "also", "lasting", "modifiers", "added", "choices", "effects"
_LASTING = {"frost breath": ("halve", Icon.FROST_BREATH), "wither": ("subtract_all", Icon.WITHER),
            "galeforce": ("galeforce", Icon.GALEFORCE), "cloak": ("cloak", Icon.CLOAK)}
_FATE_WORDS = {"kill": "killed", "kill_bury": "killed and buried",
               "reserve": "moved to its Reserve Area", "stunned": "stunned", "netted": "netted",
               "webbed": "webbed", "": "no effect"}
_ROLLS = ("maneuver", "melee", "missile", "magic", "save", "dragon-attack")
_FLAGS = ("individual", "against_individual", "in_dua", "counter_attack", "counter_maneuver",
          "in_reserve")
# The house rules that change how a roll is counted (the others change the game, not a count).
_COUNT_HOUSE_RULES = (ONE_MULTIPLIER_PER_TYPE,)
# The fields each object may hold (anything else is refused: a typo must not be ignored).
_TOP_FIELDS = ("roll", "also", "against", *_FLAGS, "terrain", "dragon_rolled_jaws", "army",
               "opposing_army", "lasting", "modifiers", "added", "choices", "effects",
               "dua", "deadlands", "force_points", "target_in_reserve", "opposing_total",
               "damage", "casualties", "dragons", "house_rules", "ruleset", "melee_form")
_TERRAIN_FIELDS = ("die", "face", "held")
_ARMY_FIELDS = ("die", "id", "face", "faces", "replaced", "excluded")
_OPPOSING_FIELDS = ("die", "id", "melee")
_LASTING_FIELDS = ("effect", "amount")
_MODIFIER_FIELDS = ("op", "amount", "types", "source")
_ADDED_FIELDS = ("type", "amount", "source")
_CHOICE_FIELDS = ("die", "icon", "value", "unit")
_EFFECT_FIELDS = ("die", "icon", "targets")
_TARGET_FIELDS = ("id", "faces", "second", "rise")
_CASUALTY_FIELDS = ("id", "rise")
_DRAGON_FIELDS = ("die", "id", "face", "faces")
MAX_POINTS = 10_000  # force points
# The amounts each modifier may take: subtract and add any number of results, divide and
# multiply by a small factor.
_MOD_AMOUNTS = {ModOp.SUBTRACT: (0, MAX_AMOUNT), ModOp.ADD: (0, MAX_AMOUNT),
                ModOp.DIVIDE: (1, 100), ModOp.MULTIPLY: (1, 100)}


class ResolveError(ValueError):
    """The roll description cannot be counted; the message names the problem."""


def resolve_text(text: str) -> dict[str, Any]:
    """Parse JSON `text` and resolve it. Raises ResolveError (and nothing else for any text).
    A leading byte order mark is ignored."""
    if not isinstance(text, str):
        raise ResolveError("the description must be text")
    if len(text) > MAX_TEXT:
        raise ResolveError(f"the description is {len(text)} characters; at most {MAX_TEXT}")
    text = text.removeprefix("\ufeff")
    try:
        data = json.loads(text, object_pairs_hook=_pairs)
    except ResolveError:
        raise
    except RecursionError:
        raise ResolveError("not valid JSON: it is nested far too deeply") from None
    except ValueError as exc:
        raise ResolveError(f"not valid JSON: {_clip(str(exc))}") from None
    return resolve(data)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of the description; a field named twice is refused (the reader would
    keep the last value silently)."""
    twice = first_repeated(pairs)
    if twice is not None:
        raise ResolveError(f"the field {_quote(twice)} appears twice in one object")
    return dict(pairs)


def resolve(data: dict[str, Any]) -> dict[str, Any]:
    """Count the roll `data` describes (see the module docstring). Raises ResolveError."""
    _check(data)
    try:
        army = _dice(data.get("army"), "army", 1, required=True)
        opposing = _dice(data.get("opposing_army", []), "opposing_army", 101, faces=False)
        dragons = _dragons(data, {e["id"] for e in army + opposing})
        ctx, elements = _context(data, dragons)
        clash = {e["id"] for e in army} & {e["id"] for e in opposing}
        if clash:
            raise ResolveError(f"the id {min(clash)} is used in both \"army\" and "
                               f"\"opposing_army\"; give each die its own \"id\"")
        if ctx.kind is RollKind.INDIVIDUAL and len(army) != 1:
            raise ResolveError("an individual roll has exactly one die in \"army\"")
        if dragons:
            afraid = dict(afraid_dragonkin(ctx, [(e["id"], e["die"]) for e in army],
                                           [d["die"] for d in dragons]))
            for e in army:
                if e["id"] in afraid and not e["excluded"]:
                    e["excluded"] = afraid[e["id"]]
        if ctx.kind is not RollKind.INDIVIDUAL:
            _carriers(army)
        melee = tuple((e["id"], e["entry"].get("melee", 0)) for e in opposing)
        if melee and RollType.SAVE in ctx.counted and ctx.save_against is RollType.MELEE:
            ctx = replace(ctx, attacker_melee=melee)
        inp = RollInput(ctx, tuple(DieRoll(e["id"], e["die"], e["faces"], e["replaced"],
                                           e["excluded"]) for e in army),
                        _modifiers(data), _additions(data), _choices(data))
        result = _count(inp, data)
        report = _report(result, {e["id"]: e["die"] for e in army + opposing}, data, elements)
        report["species"] = _species(result, data)
        if dragons:
            report["dragons"] = [{"id": d["id"], "die": d["die"].key,
                                  "faces": [d["die"].faces[f].to_text() for f in d["faces"]],
                                  "damage": faces_army_damage(d["die"], d["faces"]),
                                  "breath": sum(1 for f in d["faces"]
                                                if d["die"].faces[f].icon is Icon.BREATH),
                                  "breath_elements": sorted(
                                      c.value for c in breath_elements_at(d["die"], elements))}
                                 for d in dragons]
        if "opposing_total" in data:
            report["maneuver"] = _contest(result, data)
        if "damage" in data or "casualties" in data or dragons:
            report["casualties"] = _casualties(result, army, data, dragons)
        return report
    except ResolveError:
        raise
    except (ValueError, ArithmeticError) as exc:  # the engine names what it cannot count
        raise ResolveError(_clip(_field_of(str(exc), data))) from None


def _field_of(message: str, data: dict[str, Any]) -> str:
    """The engine's `message` about a choice's value (an ID split that does not add up ...)
    with the field it came from in front."""
    for n, choice in enumerate(data.get("choices", ())):
        if isinstance(choice.get("value"), str) and repr(choice["value"]) in message:
            return f"choices[{n}].value: {message}"
    return message


def description_context(data: dict[str, Any]) -> RollContext:
    """The engine's context of the roll `data` describes, from its roll fields alone (its
    "army" is not read): what Count a roll's form asks to know which faces roll again.
    Raises ResolveError."""
    _check({**data, "army": []})
    try:
        return _context(data, _dragons(data, set()))[0]
    except ResolveError:
        raise
    except ValueError as exc:
        raise ResolveError(_clip(str(exc))) from None


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _quote(value: Any) -> str:
    """A value of the description quoted for a message, never more than a line."""
    return quote(value, 60)


# --------------------------------------------------------------------------------------------
# Checking the description's structure (before anything is counted)
# --------------------------------------------------------------------------------------------


# The field checks are the app's one checker for JSON files (``json_fields``), in this
# format's words ("... must be a whole number, not text").
_FIELDS = FieldStyle(ResolveError)
_kind = _FIELDS.kind
_flag = _FIELDS.flag
_number = _FIELDS.whole


def _object(value: Any, path: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    _FIELDS.obj(value, path, what)
    unknown = unknown_fields(value, allowed)
    if unknown:
        raise ResolveError(f"{path}: unknown field {_quote(unknown[0])} (it may hold "
                           f"{', '.join(allowed)})")
    return cast(dict[str, Any], value)


def _list(value: Any, path: str, what: str, most: int = MAX_LIST) -> list[Any]:
    return _FIELDS.items(value, path, what, most)


def _text(value: Any, path: str) -> str:
    return _FIELDS.string(value, path, MAX_STRING)


def _face_specs(value: Any, path: str) -> list[Any]:
    """A list of faces: indexes or texts; at least one."""
    faces = _list(value, path, "faces (a face index or text such as \"4 Melee\")", MAX_FACES)
    if not faces:
        raise ResolveError(f"{path} is empty: give the face the die shows")
    for n, face in enumerate(faces):
        _face_spec(face, f"{path}[{n}]")
    return faces


def _face_spec(face: Any, path: str) -> None:
    """One face: its index (checked against the die later) or its text."""
    if isinstance(face, bool) or not isinstance(face, (int, str)):
        raise ResolveError(f"{path} must be a face index or its text, not {_kind(face)}")
    if isinstance(face, str):
        _text(face, path)


def _optional(entry: dict[str, Any], key: str, check: Callable[..., Any], path: str,
              *args: Any) -> None:
    if key in entry:
        check(entry[key], f"{path}.{key}", *args)


def _check(data: Any) -> None:
    """Refuse a description whose structure is wrong, naming the field path (e.g.
    "effects[0].targets must be a list of target objects, not text")."""
    _object(data, "the description", _TOP_FIELDS, "a JSON object")
    if "roll" not in data:
        raise ResolveError("\"roll\" is missing: maneuver, melee, missile, magic, save or "
                           "dragon-attack")
    roll = _text(data["roll"], "roll")
    if roll.lower() not in _ROLLS:
        raise ResolveError(f"roll: {_quote(roll)} is not a result type (maneuver, melee, "
                           f"missile, magic, save) or dragon-attack")
    for n, name in enumerate(_list(data.get("also", []), "also", "result types", 4)):
        _text(name, f"also[{n}]")
    ruleset = _text(data.get("ruleset", V401), "ruleset")
    if ruleset not in RULESETS:
        raise ResolveError(f"ruleset: {_quote(ruleset)} is not a ruleset (they are "
                           f"{', '.join(RULESETS)})")
    if "melee_form" in data:
        form = _text(data["melee_form"], "melee_form")
        if ruleset != CLASSIC:
            raise ResolveError("melee_form: only the classic ruleset has skirmishes and charges; "
                               "add \"ruleset\": \"classic\"")
        if form not in ("skirmish", "charge"):
            raise ResolveError(f"melee_form: {_quote(form)} is not a form of melee (skirmish, "
                               f"charge)")
        if roll.lower() not in ("melee", "save"):
            raise ResolveError(f"melee_form: a {roll.lower()} roll is not part of a melee "
                               f"(only melee and save rolls are)")
    if data.get("against") is not None:
        _text(data["against"], "against")
    for name in _FLAGS:
        if name in data:
            _flag(data[name], name)
    if data.get("dragon_rolled_jaws") is not None:
        _flag(data["dragon_rolled_jaws"], "dragon_rolled_jaws")
    if data.get("terrain") is not None:
        terrain = _object(data["terrain"], "terrain", _TERRAIN_FIELDS,
                          "an object {\"die\": ..., \"face\": 1-8, \"held\": true/false}")
        _optional(terrain, "face", _number, "terrain", 1, 8)
        _optional(terrain, "held", _flag, "terrain")
    for key, fields_ in (("army", _ARMY_FIELDS), ("opposing_army", _OPPOSING_FIELDS)):
        if data.get(key) is None:
            continue
        for n, entry in enumerate(_list(data[key], key, "dice", MAX_DICE)):
            path = f"{key}[{n}]"
            _object(entry, path, fields_, "an object with \"die\"")
            _optional(entry, "id", _number, path, 0, MAX_ID)
            _optional(entry, "melee", _number, path, 0, MAX_AMOUNT)
            _optional(entry, "excluded", _text, path)
            if "face" in entry and "faces" in entry:
                raise ResolveError(f"{path}: give \"face\" or \"faces\", not both")
            if "face" in entry:
                _face_spec(entry["face"], f"{path}.face")
            _optional(entry, "faces", _face_specs, path)
            if "replaced" in entry:
                chains = _list(entry["replaced"], f"{path}.replaced", "lists of faces")
                for m, chain in enumerate(chains):
                    _face_specs(chain, f"{path}.replaced[{m}]")
    for n, name in enumerate(_list(data.get("dua", []), "dua", "dice (die names)", MAX_DICE)):
        _text(name, f"dua[{n}]")
    _optional(data, "deadlands", _number, "the description", 0, 4)
    _optional(data, "force_points", _number, "the description", 1, MAX_POINTS)
    if data.get("target_in_reserve") is not None:
        _flag(data["target_in_reserve"], "target_in_reserve")
    if "opposing_total" in data:
        totals = data["opposing_total"]
        if isinstance(totals, list):
            if not totals:
                raise ResolveError("opposing_total is empty: give each counter-maneuver total")
            for n, total in enumerate(_list(totals, "opposing_total", "totals", 4)):
                _number(total, f"opposing_total[{n}]", 0, MAX_AMOUNT * MAX_DICE)
        else:
            _number(totals, "opposing_total", 0, MAX_AMOUNT * MAX_DICE)
    _optional(data, "damage", _number, "the description", 0, MAX_AMOUNT * MAX_DICE)
    for n, entry in enumerate(_list(data.get("casualties", []), "casualties", "unit ids",
                                    MAX_DICE)):
        path = f"casualties[{n}]"
        if isinstance(entry, dict):
            _object(entry, path, _CASUALTY_FIELDS,
                    "a unit id or {\"id\": ..., \"rise\": [...]}")
            if "id" not in entry:
                raise ResolveError(f"{path}.id is missing: the unit killed")
            _number(entry["id"], f"{path}.id", 0, MAX_ID)
            _optional(entry, "rise", _face_specs, path)
        else:
            _number(entry, path, 0, MAX_ID)
    for n, entry in enumerate(_list(data.get("dragons", []), "dragons", "dragons", 20)):
        path = f"dragons[{n}]"
        _object(entry, path, _DRAGON_FIELDS, "an object {\"die\": ..., \"faces\": [...]}")
        _optional(entry, "id", _number, path, 0, MAX_ID)
        if "face" in entry and "faces" in entry:
            raise ResolveError(f"{path}: give \"face\" or \"faces\", not both")
        if "face" in entry:
            _face_spec(entry["face"], f"{path}.face")
        _optional(entry, "faces", _face_specs, path)
    for n, entry in enumerate(_list(data.get("lasting", []), "lasting", "lasting effects")):
        path = f"lasting[{n}]"
        _object(entry, path, _LASTING_FIELDS, "an object {\"effect\": ..., \"amount\": n}")
        _optional(entry, "amount", _number, path, 0, MAX_AMOUNT)
    for n, entry in enumerate(_list(data.get("modifiers", []), "modifiers", "modifiers")):
        path = f"modifiers[{n}]"
        _object(entry, path, _MODIFIER_FIELDS, "an object {\"op\": ..., \"amount\": n}")
        try:
            op = ModOp(entry.get("op", "").lower() if isinstance(entry.get("op"), str) else "")
        except ValueError:
            raise ResolveError(f"{path}.op is subtract, divide, add or multiply, not "
                               f"{_quote(entry.get('op'))}") from None
        _optional(entry, "amount", _number, path, *_MOD_AMOUNTS[op])
        _optional(entry, "source", _text, path)
        for m, name in enumerate(_list(entry.get("types", []), f"{path}.types",
                                       "result types", 5)):
            _text(name, f"{path}.types[{m}]")
    for n, entry in enumerate(_list(data.get("added", []), "added", "added results")):
        path = f"added[{n}]"
        _object(entry, path, _ADDED_FIELDS, "an object {\"type\": ..., \"amount\": n}")
        _optional(entry, "amount", _number, path, 0, MAX_AMOUNT)
        _optional(entry, "source", _text, path)
    for n, entry in enumerate(_list(data.get("choices", []), "choices", "choices")):
        path = f"choices[{n}]"
        _object(entry, path, _CHOICE_FIELDS,
                "an object {\"die\": id, \"icon\": ..., \"value\": ...}")
        _optional(entry, "die", _number, path, -1, MAX_ID)
        if "icon" not in entry:
            raise ResolveError(f"{path}.icon is missing: the icon the choice is for")
        _icon(_text(entry["icon"], f"{path}.icon"), f"{path}.icon")
        if "unit" in entry:
            if "value" in entry:
                raise ResolveError(f"{path}: give \"value\" or \"unit\", not both")
            _number(entry["unit"], f"{path}.unit", 0, MAX_ID)
            continue
        if "value" not in entry:
            raise ResolveError(f"{path}.value is missing: the option chosen")
        _text(entry["value"], f"{path}.value")
    for n, name in enumerate(_list(data.get("house_rules", []), "house_rules",
                                   "house rule names", len(HOUSE_RULES))):
        if _text(name, f"house_rules[{n}]") not in HOUSE_RULES:
            raise ResolveError(f"house_rules[{n}]: {_quote(name)} is not a house rule (they "
                               f"are {', '.join(HOUSE_RULES)})")
        if name not in _COUNT_HOUSE_RULES:
            raise ResolveError(f"house_rules[{n}]: {_quote(name)} does not change how a roll "
                               f"is counted (only {', '.join(_COUNT_HOUSE_RULES)} does)")
    for n, entry in enumerate(_list(data.get("effects", []), "effects", "effect objects")):
        path = f"effects[{n}]"
        _object(entry, path, _EFFECT_FIELDS,
                "an object {\"die\": id, \"icon\": ..., \"targets\": [...]}")
        for key in ("die", "icon"):
            if key not in entry:
                raise ResolveError(f"{path}.{key} is missing")
        _number(entry["die"], f"{path}.die", 0, MAX_ID)
        _text(entry["icon"], f"{path}.icon")
        targets = _list(entry.get("targets", []), f"{path}.targets", "target objects", MAX_DICE)
        for m, target in enumerate(targets):
            where = f"{path}.targets[{m}]"
            _object(target, where, _TARGET_FIELDS,
                    "a target object {\"id\": ..., \"faces\": [...]}")
            _optional(target, "id", _number, where, 0, MAX_ID)
            if "faces" not in target:
                raise ResolveError(f"{where}.faces is missing: give the faces the target rolled")
            _face_specs(target["faces"], f"{where}.faces")
            _optional(target, "second", _face_specs, where)
            _optional(target, "rise", _face_specs, where)


# --------------------------------------------------------------------------------------------
# Reading the (checked) description
# --------------------------------------------------------------------------------------------


def _type(name: Any, where: str) -> RollType:
    try:
        return RollType(str(name).lower())
    except ValueError:
        raise ResolveError(f"{where}: {_quote(name)} is not a result type (maneuver, melee, "
                           f"missile, magic, save)") from None


def _context(data: dict[str, Any], dragons: list[dict[str, Any]]
             ) -> tuple[RollContext, frozenset[Color]]:
    """The roll's context from what the table shows, built by the engine's own
    ``flow.place_context`` (the eighth face, the species abilities of the terrain's elements
    ...), and the elements the rolling units' place contains (none in the Reserve Area or the
    DUA)."""
    roll = data["roll"].lower()
    held = False
    elements: frozenset[Color] = frozenset()
    terrain = data.get("terrain")
    if terrain is not None:
        die = _die(terrain.get("die"), "terrain")
        if die.kind is not DieKind.TERRAIN:
            raise ResolveError(f"terrain: {die.name} is not a terrain")
        held = terrain.get("face", 1) == 8 and terrain.get("held", False)
        elements = die.elements
    flags = {name: data.get(name, False) for name in
             ("counter_attack", "counter_maneuver", "in_dua", "against_individual")}
    in_reserve = data.get("in_reserve", False)
    if in_reserve or flags["in_dua"]:
        elements = frozenset()
    against = _type(data["against"], "against") if data.get("against") else None
    jaws = data.get("dragon_rolled_jaws")
    if dragons:
        shown = any(d["die"].faces[f].icon is Icon.JAWS for d in dragons for f in d["faces"])
        if jaws is not None and jaws != shown:
            raise ResolveError(f"dragon_rolled_jaws is {str(jaws).lower()} but the dragons "
                               f"listed {'rolled' if shown else 'did not roll'} Jaws")
        jaws = shown
    # Several Elevates double different units, each the roller's choice (seed 000 Targeting;
    # rules revision 3), unless the house rule keeps one multiplier per result type.
    unit_multipliers = ONE_MULTIPLIER_PER_TYPE not in data.get("house_rules", ())
    if roll == "dragon-attack":
        base = RollContext.dragon_attack()
        damage = tuple((d["id"], faces_army_damage(d["die"], d["faces"])) for d in dragons)
        return _ruleset(place_context(base.roll_type, also=base.also, kind=base.kind,
                                      elements=elements, in_reserve=in_reserve,
                                      dragon_rolled_jaws=jaws, dragon_damage=damage,
                                      unit_multipliers=unit_multipliers,
                                      ruleset=_ruleset_of(data)), data), elements
    if dragons:
        raise ResolveError("\"dragons\" are the dragons attacking in a dragon-attack roll")
    ignore_ids = ""
    if data.get("target_in_reserve"):
        if roll != "missile":
            raise ResolveError("target_in_reserve is for a missile roll at a Reserve army")
        ignore_ids = RESERVE_TARGET_IDS
    individual = data.get("individual", False) or flags["in_dua"]
    also = tuple(_type(t, f"also[{n}]") for n, t in enumerate(data.get("also", ())))
    kind = RollKind.INDIVIDUAL if individual else RollKind.ARMY
    # As play's army rolls (``flow.army_context``): in a combination roll each die's ID
    # results are placed, and may be split, die by die (digest §4.5; rules revision 2).
    ctx = place_context(_type(roll, "roll"), eighth_face=held, in_reserve=in_reserve,
                        elements=elements, save_against=against, also=also, kind=kind,
                        dragon_rolled_jaws=jaws, ignore_ids=ignore_ids,
                        split_ids=kind is RollKind.ARMY,
                        unit_multipliers=unit_multipliers and kind is RollKind.ARMY,
                        ruleset=_ruleset_of(data), **flags)
    return _ruleset(ctx, data), elements


def _ruleset_of(data: dict[str, Any]) -> str:
    """The ruleset the description names (V401 unless it says CLASSIC): the roll's context
    is made under it from the start, so the species abilities' conversions are asked under
    it (none in the 1996 game: ``species.registry``)."""
    return CLASSIC if data.get("ruleset", V401) == CLASSIC else V401


def _ruleset(ctx: RollContext, data: dict[str, Any]) -> RollContext:
    """The context under the description's ruleset: a classic roll counts the 1996 icon
    meanings, has no v4.01 species abilities but the Amazons' 1996 missiles in a Flatland
    (``classic.melee_forms.amazon_missiles_at``), and knows its form of melee (a charge attack
    counts maneuver as melee, ``classic.melee_forms.CHARGE_COUNTS``; the defender's roll
    during a charge counts saves and melee)."""
    if data.get("ruleset", V401) != CLASSIC:
        return ctx
    form = data.get("melee_form", "")
    ctx = replace(ctx, melee_form=form)
    terrain = data.get("terrain")
    if terrain is not None and ctx.roll_type is RollType.MISSILE:  # Amazons in a Flatland
        name = _die(terrain.get("die"), "terrain").name
        ctx = replace(ctx, converts=ctx.converts + amazon_missiles_at(name))
    if form == "charge" and ctx.roll_type is RollType.MELEE and not ctx.counter_attack:
        ctx = replace(ctx, counts_as=ctx.counts_as + CHARGE_COUNTS)
    if form == "charge" and ctx.roll_type is RollType.SAVE and ctx.kind is RollKind.ARMY:
        ctx = replace(ctx, also=ctx.also or (RollType.MELEE,), save_against=RollType.MELEE)
    if form and ctx.roll_type is RollType.SAVE and ctx.save_against is None:
        ctx = replace(ctx, save_against=RollType.MELEE)
    return ctx


def _dragons(data: dict[str, Any], used: set[int]) -> list[dict[str, Any]]:
    """The attacking dragons of a dragon-attack roll, with the faces they showed."""
    out = []
    for n, entry in enumerate(data.get("dragons", ())):
        here = f"dragons[{n}]"
        die = _die(entry.get("die"), here)
        if die.kind is not DieKind.DRAGON:
            raise ResolveError(f"{here}: {die.name} is not a dragon")
        die_id = entry.get("id", 201 + n)
        if die_id in used:
            raise ResolveError(f"{here}.id: the id {die_id} is already used; each die needs "
                               f"its own id")
        used.add(die_id)
        shown = entry.get("faces", [entry["face"]] if "face" in entry else None)
        if not shown:
            raise ResolveError(f"{here}: give the face it shows (\"face\" or \"faces\")")
        out.append({"id": die_id, "die": die,
                    "faces": tuple(_face(die, f, here) for f in shown)})
    return out


def _carriers(army: list[dict[str, Any]]) -> None:
    """An item rolls only if a unit able to carry it rolled, within the carrying limits
    (seed 001; the engine's ``items.carried``): the others are listed as not rolled."""
    units = [e["die"] for e in army if e["die"].kind.is_unit and not e["excluded"]]
    items = [e for e in army if e["die"].kind.is_item and not e["excluded"]]
    kept = set(carried(units, [GameDie(e["id"], e["die"].key, 0) for e in items]))
    for e in items:
        if e["id"] not in kept:
            e["excluded"] = ("not rolled: no unit that rolled can carry it (items roll only "
                             "with a unit able to carry them)")


def _context_of(result: RollResult) -> RollContext:
    """The context `result` was counted in (``count_roll`` always records it)."""
    if result.context is None:
        raise ValueError("the roll was counted without its context")
    return result.context


def _source_of(result: RollResult) -> RollInput:
    """The dice and faces `result` was counted from (``count_roll`` always records them)."""
    if result.source is None:
        raise ValueError("the roll was counted without its dice")
    return result.source


def _species(result: RollResult, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The species abilities at work in this roll: the "counts as" conversions counted
    (from the place), and the abilities whose strength is the species' units in the DUA
    (``species.DUA_ABILITIES``; the DUA listed in "dua", Deadlands in "deadlands", the force
    size in "force_points", default 24)."""
    ctx = _context_of(result)
    if not plays_species_abilities(ctx):  # the DUA abilities are read here, not on a hook
        return []  # the 1996 game has none of the v4.01 species abilities
    rolled = {d.die.species for d in _source_of(result).dice if not d.excluded}
    out: list[dict[str, Any]] = [{"ability": why, "effect": f"{src.value} counts as "
                                                            f"{dst.value} for "
                                                            f"{species.value}"}
           for species, src, dst, why in ctx.converts if species in rolled]
    dua = [_die(ref, f"dua[{n}]") for n, ref in enumerate(data.get("dua", ()))]
    for n, die in enumerate(dua):
        if not die.kind.is_unit or killed_to(die) is not ZoneKind.DUA:
            raise ResolveError(f"dua[{n}]: {die.name} never goes to the DUA (only units do; "
                               f"Dragonkin go back to the Summoning Pool)")
    for ability in DUA_ABILITIES:
        if ctx.kind is not RollKind.ARMY or ctx.is_combination or ctx.roll_type is not \
                ability.roll or ability.species not in rolled:
            continue
        if ability is FOUL_STENCH and ctx.counter_attack:
            continue
        if ability.roll is RollType.MISSILE and data.get("target_in_reserve"):
            continue
        count = capped_dua_count(sum(1 for d in dua if d.species is ability.species),
                                 data.get("deadlands", 0), data.get("force_points", 24),
                                 ability.cap)
        out.append({"ability": f"{ability.name} ({ability.species.value})", "n": count,
                    "effect": ability.text.format(n=count)})
    return out


def _contest(result: RollResult, data: dict[str, Any]) -> dict[str, Any]:
    """The maneuver contest: the marcher's total against each counter-maneuver total (ties
    to the marcher, the engine's ``turn/march_rolls.maneuver_succeeds``). With "counter_maneuver",
    this roll is a counter-maneuver and "opposing_total" the marcher's."""
    ctx = _context_of(result)
    if RollType.MANEUVER not in ctx.counted or ctx.kind is not RollKind.ARMY:
        raise ResolveError("opposing_total is for an army's maneuver or counter-maneuver roll")
    mine = result.total(RollType.MANEUVER)
    given = data["opposing_total"]
    theirs = given if isinstance(given, list) else [given]
    if ctx.counter_maneuver:
        if len(theirs) != 1:
            raise ResolveError("opposing_total: a counter-maneuver answers one maneuver total")
        wins = maneuver_succeeds(theirs[0], [mine])
        return {"total": mine, "opposing": theirs, "succeeds": wins,
                "text": f"the maneuver {'succeeds' if wins else 'fails'} ({theirs[0]} against "
                        f"this counter-maneuver's {mine}; ties go to the maneuvering army)"}
    wins = maneuver_succeeds(mine, theirs)
    return {"total": mine, "opposing": theirs, "succeeds": wins,
            "text": f"the maneuver {'succeeds' if wins else 'fails'} ({mine} against "
                    f"{', '.join(map(str, theirs))}; ties go to the maneuvering army)"}


def _where_killed(die: Die, rise: tuple[int, ...], buried: bool = False) -> str:
    """Where a killed unit ends: the engine's rules (``fates.killed_to``; Rise from the
    Ashes: a roll showing it sends the unit to its Reserve Area instead)."""
    if rise:
        if not rises_from_ashes(die):
            raise ResolveError(f"{die.name} has no Rise from the Ashes: it does not roll "
                               f"when killed")
        most = 2 if buried else 1
        if len(rise) > most:
            raise ResolveError(f"{die.name} rolls for Rise from the Ashes once when killed"
                               + (" and once more when buried" if buried else "")
                               + f", not {len(rise)} times")
        if die.faces[rise[0]].icon is Icon.RISE_FROM_THE_ASHES:
            if len(rise) > 1:
                raise ResolveError(f"{die.name} rose from the ashes on its first roll: it "
                                   f"does not roll again")
            return "rises from the ashes to its Reserve Area instead"
        if buried and len(rise) > 1 and \
                die.faces[rise[1]].icon is Icon.RISE_FROM_THE_ASHES:
            return "killed; rises from the ashes to its Reserve Area instead of being buried"
    elif rises_from_ashes(die):
        return ("killed and buried" if buried else "killed") + (
            " unless it rises from the ashes: give its roll in \"rise\"")
    if buried:
        return "killed and buried"
    if killed_to(die) is ZoneKind.SUMMONING:
        return "killed: returns to the Summoning Pool (Dragonkin never enter the DUA)"
    return "killed"


def _casualties(result: RollResult, army: list[dict[str, Any]], data: dict[str, Any],
                dragons: list[dict[str, Any]]) -> dict[str, Any]:
    """The damage the army takes after its saves and the casualties its owner names: as much
    health-worth as possible without going over (digest §4.7, the engine's
    ``damage.best_kill_total``); each named casualty's fate. Without names the choice is
    left open (unless the damage kills every unit)."""
    ctx = _context_of(result)
    if RollType.SAVE not in ctx.counted:
        raise ResolveError("\"damage\" and \"casualties\" are for a save roll (the army "
                           "saving against the damage)")
    if "damage" in data:
        damage = data["damage"]
    elif dragons:
        damage = sum(faces_army_damage(d["die"], d["faces"]) for d in dragons)
    else:
        raise ResolveError("casualties: give the \"damage\" the army takes")
    saves = result.total(RollType.SAVE)
    left = max(0, damage - saves)
    units = {e["id"]: e["die"] for e in army if e["die"].kind.is_unit}
    best = best_kill_total([d.health for d in units.values()], left)
    out: dict[str, Any] = {"damage": damage, "saves": saves, "left": left, "kills": best}
    named = data.get("casualties")
    if named is None:
        if best and best == sum(d.health for d in units.values()):
            named = list(units)
        else:
            out["killed"] = []
            out["open"] = (f"name the casualties: {best} health-worth of units"
                           if best else "no unit is killed")
            return out
    entries, seen = [], set()
    for n, entry in enumerate(named):
        die_id = entry["id"] if isinstance(entry, dict) else entry
        if die_id not in units:
            raise ResolveError(f"casualties[{n}]: {die_id} is not a unit of \"army\"")
        if die_id in seen:
            raise ResolveError(f"casualties[{n}]: unit {die_id} is named twice")
        seen.add(die_id)
        rise = tuple(_face(units[die_id], f, f"casualties[{n}].rise")
                     for f in (entry.get("rise", ()) if isinstance(entry, dict) else ()))
        entries.append((die_id, rise))
    total = sum(units[i].health for i, _ in entries)
    if total > left:
        raise ResolveError(f"casualties: {total} health-worth named, more than the {left} "
                           f"damage left after {saves} saves")
    if total < best:
        raise ResolveError(f"casualties: the {left} damage left kills {best} health-worth "
                           f"(as much as possible without going over); {total} named")
    out["killed"] = [{"id": i, "die": units[i].key, "fate": _where_killed(units[i], rise)}
                     for i, rise in entries]
    return out


def _die(ref: Any, where: str) -> Die:
    if not isinstance(ref, str):
        raise ResolveError(f"{where}.die must name a die, e.g. \"Dwarves/Footman\"" +
                           ("" if ref is None else f", not {_kind(ref)}"))
    try:
        return load_catalog().die(ref)
    except KeyError as exc:
        raise ResolveError(f"{where}: {_clip(str(exc.args[0]))}") from None


def _face(die: Die, spec: Any, where: str) -> int:
    if isinstance(spec, int) and not isinstance(spec, bool):
        if 0 <= spec < len(die.faces):
            return spec
        raise ResolveError(f"{where}: {die.name} has faces 0-{len(die.faces) - 1}, not "
                           f"{_quote(spec)}")
    text = str(spec).strip().lower()
    texts = [f.to_text().lower() for f in die.faces]
    if text in texts:
        return texts.index(text)
    if text == "id" and die.id_face is not None:
        return die.id_face
    shown = ", ".join(dict.fromkeys(f.to_text() for f in die.faces))
    raise ResolveError(f"{where}: {die.name} has no face {_quote(spec)} (its faces: {shown})")


def _dice(entries: Any, where: str, first_id: int, required: bool = False,
          faces: bool = True) -> list[dict[str, Any]]:
    if entries is None or (required and not entries):
        raise ResolveError(f"\"{where}\" must list the dice rolled")
    out, seen = [], set()
    for n, entry in enumerate(entries):
        here = f"{where}[{n}]"
        die = _die(entry.get("die"), here)
        die_id = entry.get("id", first_id + n)
        if die_id in seen:
            raise ResolveError(f"{here}.id: the id {die_id} is already used; each die needs its "
                               f"own id")
        seen.add(die_id)
        item = {"id": die_id, "die": die, "entry": entry}
        if faces:
            shown = entry.get("faces", [entry["face"]] if "face" in entry else None)
            if not shown:
                raise ResolveError(f"{here}: give the face it shows (\"face\" or \"faces\")")
            item["faces"] = tuple(_face(die, f, here) for f in shown)
            item["replaced"] = tuple(tuple(_face(die, f, here) for f in chain)
                                     for chain in entry.get("replaced", ()))
            item["excluded"] = entry.get("excluded", "")
        out.append(item)
    return out


def _modifiers(data: dict[str, Any]) -> tuple[Modifier, ...]:
    mods = []
    for n, entry in enumerate(data.get("modifiers", ())):
        op = ModOp(entry["op"].lower())
        types = tuple(_type(t, f"modifiers[{n}].types[{m}]")
                      for m, t in enumerate(entry.get("types", ())))
        mods.append(Modifier(op, entry.get("amount", 2),
                             entry.get("source", f"modifier {n + 1}"), types=types))
    for n, entry in enumerate(data.get("lasting", ())):
        name = entry.get("effect")
        if not isinstance(name, str) or name.lower() not in _LASTING:
            raise ResolveError(f"lasting[{n}].effect is Frost Breath, Wither, Galeforce or "
                               f"Cloak, not {_quote(name)}")
        kind, icon = _LASTING[name.lower()]
        amount = entry.get("amount", 0)
        text = f"{icon.value} (lasting)" + (f": {amount}" if amount else "")
        mods += effect_modifiers(LastingEffect(0, icon, kind, text, amount=amount))
    return tuple(mods)


def _additions(data: dict[str, Any]) -> tuple[Addition, ...]:
    return tuple(Addition(_type(e.get("type"), f"added[{n}].type"), e.get("amount", 0),
                          e.get("source", "another roll"))
                 for n, e in enumerate(data.get("added", ())))


def _icon(name: Any, where: str) -> Icon:
    try:
        return Icon(name)
    except ValueError:
        pass
    for icon in Icon:  # any case, as faces are
        if isinstance(name, str) and icon.value.lower() == name.lower():
            return icon
    raise ResolveError(f"{where} must name an icon, e.g. \"Regenerate\", not "
                       f"{_quote(name)}")


def _choice_value(entry: dict[str, Any]) -> str:
    """The value of a (checked) choice: its "value", or the die id of its "unit" as text."""
    return str(entry["unit"]) if "unit" in entry else entry["value"]


def _choices(data: dict[str, Any]) -> tuple[RollChoice, ...]:
    return tuple(RollChoice(entry.get("die", -1), _icon(entry.get("icon"), f"choices[{n}].icon"),
                            _choice_value(entry))
                 for n, entry in enumerate(data.get("choices", ())))


def _count(inp: RollInput, data: dict[str, Any]) -> RollResult:
    """Count `inp` as play does. The unit each Elevate doubles depends on the units the
    earlier ones took (each a different unit, seed 000 Targeting), so the units chosen (by
    "unit", or a unit id as "value") are checked one at a time, in the order the engine
    gives the Elevates their units, each against the options the choices before it leave: a
    unit that cannot be chosen is refused naming its field."""
    entries = list(data.get("choices", ()))
    picks = [(n, c) for n, c in enumerate(entries)
             if "unit" in c or str(c.get("value", "")).isdigit()]
    if not picks:
        return count_roll(inp)
    order = [d.die_id for d in inp.dice]
    picks.sort(key=lambda p: (order.index(p[1].get("die", -1))
                              if p[1].get("die", -1) in order else -1, p[0]))
    picked = {n for n, _ in picks}
    kept = tuple(ch for n, ch in enumerate(inp.choices) if n not in picked)
    for n, entry in picks:
        icon = _icon(entry["icon"], f"choices[{n}].icon")
        die_id, value = entry.get("die", -1), _choice_value(entry)
        result = count_roll(replace(inp, choices=kept))
        point = next((p for p, _ in result.choices
                      if p.kind == "unit" and p.die_id == die_id and p.icon is icon), None)
        if point is None and "unit" in entry:
            who = "the whole roll" if die_id == -1 else f"die {die_id}"
            raise ResolveError(f"choices[{n}]: {who} has no {icon.value} choice of a unit in "
                               f"this roll")
        if point is not None and value not in point.options:
            field = "unit" if "unit" in entry else "value"
            raise ResolveError(f"choices[{n}].{field}: unit {value} cannot be chosen for "
                               f"\"{point.prompt}\" (it may be {', '.join(point.options)})")
        kept += (RollChoice(die_id, icon, value),)
    return count_roll(replace(inp, choices=kept))


# --------------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------------


def _unit_result(die: Die, die_id: int, faces: tuple[int, ...], types: tuple[RollType, ...],
                 in_dua: bool = False, elements: frozenset[Color] = frozenset(),
                 ruleset: str = V401) -> RollResult:
    """A target's own roll, counted as play counts it (``rolls/individual_roll.unit_roll``): its
    species abilities at the place (none in the DUA, none in the 1996 game)."""
    ctx = unit_context(types, in_dua=in_dua)
    ctx = place_context(ctx.roll_type, elements=frozenset() if in_dua else elements,
                        also=ctx.also, kind=ctx.kind, in_dua=ctx.in_dua,
                        against_individual=ctx.against_individual, ruleset=ruleset)
    return count_unit_roll(die, die_id, faces, ctx)


def _target_id(target: dict[str, Any], effect: Effect) -> int:
    """The die id a target object names: its "id", else the effect's own target (an id the
    limits check refuses when it is not a die of "opposing_army")."""
    return cast(int, target.get("id", effect.target))


def _check_limit(effect: Effect, targets: list[dict[str, Any]], dice: dict[int, Die],
                 path: str) -> None:
    """Refuse targets beyond the SAI's limit: one unit, or up to its amount in health-worth
    (Flame's two, Double Strike's ...; the engine's ``sai/effects.targets_one_unit``)."""
    ids = [_target_id(t, effect) for t in targets]
    for n, die_id in enumerate(ids):
        if die_id not in dice:
            raise ResolveError(f"{path}[{n}].id: target id {die_id!r} is not in "
                               f"\"opposing_army\"")
        if ids.index(die_id) != n:
            raise ResolveError(f"{path}[{n}]: unit {die_id} is targeted twice")
    if effect.kind == "plague":
        return  # one unit at a time, each after the last was killed (checked with the fates)
    if targets_one_unit(effect):
        if len(ids) > 1:
            raise ResolveError(f"{path}: {effect.icon.value} targets one unit, not {len(ids)}")
        return
    if effect.kind in ("targets", "charm"):
        worth = sum(dice[i].health for i in ids)
        if worth > effect.amount:
            raise ResolveError(f"{path}: {effect.icon.value} targets up to {effect.amount} "
                               f"health-worth; these targets are {worth}")


def _target_fates(effect: Effect, targets: list[dict[str, Any]], dice: dict[int, Die],
                  path: str, elements: frozenset[Color] = frozenset(),
                  ruleset: str = V401) -> list[dict[str, Any]]:
    """The fate of each target whose faces were given (same rules as the game): limits
    checked first; a killed unit goes where the engine sends it (Dragonkin to the Summoning
    Pool, with no save in the DUA; Gore buries; Rise from the Ashes)."""
    _check_limit(effect, targets, dice, path)
    out = []
    kind, icon, x = effect.kind, effect.icon, effect.amount
    stopped = False
    for n, target in enumerate(targets):
        where = f"{path}[{n}]"
        die_id = _target_id(target, effect)
        die = dice[die_id]
        faces = tuple(_face(die, f, f"{where}.faces") for f in target["faces"])
        rise = tuple(_face(die, f, f"{where}.rise") for f in target.get("rise", ()))
        second = target.get("second")
        if second and killed_to(die) is not ZoneKind.DUA:
            raise ResolveError(f"{where}.second: Dragonkin never enter the DUA, so they make "
                               f"no second save there")
        fate = ""
        if kind == "targets":
            spec = TARGET_SPECS[icon]
            if spec.test in ("", "id"):
                passed = spec.test == "id" and shows_id(die, faces)
            else:
                rt = RollType(spec.test)
                passed = _unit_result(die, die_id, faces, (rt,),
                                      elements=elements, ruleset=ruleset).total(rt) >= 1
            code = spec.fate(passed, shows_id(die, faces))
            if code in ("kill", "kill_bury"):
                buried = code == "kill_bury"
                fate = _where_killed(die, rise, buried)
                if spec.then_save and not buried and second and fate.startswith("killed"):
                    again = tuple(_face(die, f, f"{where}.second") for f in second)
                    saved = _unit_result(die, die_id, again, (RollType.SAVE,),
                                         in_dua=True, ruleset=ruleset).total(RollType.SAVE) >= 1
                    fate += ", saved from burial" if saved else ", then buried"
            else:
                fate = _FATE_WORDS[code]
        elif kind == "plague":
            if stopped:
                raise ResolveError(f"{where}: Plague ended when an earlier target saved")
            result = _unit_result(die, die_id, faces, (RollType.SAVE,), elements=elements,
                                  ruleset=ruleset)
            if result.total(RollType.SAVE) >= 1:
                fate, stopped = "saves: Plague ends", True
            else:
                fate = _where_killed(die, rise) + "; Plague goes on to another unit"
        elif kind in ("unit_damage", "bash", "coil", "hug"):
            types = COMBINATION_ROLLS[kind][1] if kind in COMBINATION_ROLLS else (
                (RollType.MELEE,) if kind == "hug" else (RollType.SAVE,))
            result = _unit_result(die, die_id, faces, types, elements=elements,
                                  ruleset=ruleset)
            saves = 0 if kind == "hug" else result.total(RollType.SAVE)
            left = max(0, x - saves)
            if left >= die.health:
                fate = f"takes {left} damage: " + _where_killed(
                    die, rise, icon in BURIES_IF_KILLED)
            else:
                fate = f"takes {left} damage: survives"
            if kind in ("coil", "hug"):
                fate += f"; {result.total(RollType.MELEE)} melee damage back, no save"
        else:
            raise ResolveError(f"{path}: {icon.value} has no targets that roll")
        out.append({"id": die_id, "die": die.key,
                    "faces": [die.faces[f].to_text() for f in faces], "fate": fate})
    return out


def _report(result: RollResult, dice: dict[int, Die], data: dict[str, Any],
            elements: frozenset[Color] = frozenset()) -> dict[str, Any]:
    given = {}
    shown = {(e.die_id, e.icon.value.lower()) for e in result.effects}
    for n, e in enumerate(data.get("effects", ())):
        key = (e["die"], e["icon"].lower())
        if key not in shown:
            raise ResolveError(f"effects[{n}]: die {e['die']} has no {_clip(key[1], 40)} "
                               f"effect in this roll")
        given[key] = (e.get("targets", []), f"effects[{n}].targets")
    effects = []
    for effect in result.effects:
        entry: dict[str, Any] = {"die": effect.die_id, "icon": effect.icon.value,
                                 "kind": effect.kind, "amount": effect.amount,
                                 "note": effect.note}
        targets, path = given.get((effect.die_id, effect.icon.value.lower()), ([], ""))
        if targets:
            entry["targets"] = _target_fates(effect, targets, dice, path,
                                             frozenset() if data.get("target_in_reserve")
                                             else elements, data.get("ruleset", V401))
        effects.append(entry)
    ctx = _context_of(result)
    return {
        "roll": ctx.describe(),
        "totals": {t.value: result.total(t) for t in ctx.counted},
        "dice": [{
            "id": d.die_id, "die": d.key,
            "faces": [f.face_text for f in d.face_outcomes],
            "replaced": [list(chain) for chain in d.replaced],
            "excluded": d.excluded,
            "results": [{"type": c.result_type.value, "amount": c.amount, "source": c.source,
                         "step": c.step} for c in d.contributions],
            "effects": [e.note for e in d.effects],
            "unresolved": [u.reason for u in d.unresolved],
            "no_effect": list(d.ignored),
        } for d in result.dice],
        "modifiers": list(result.modifiers),
        "choices": _choice_report(result, data),
        "magic_by_color": {key_text(k): n for k, n in result.magic_by_color},
        "cantrip_magic": result.cantrip_magic,
        "effects": effects,
        "steps": list(result.steps),
        "explain": result.explain(),
    }


def _choice_report(result: RollResult, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every choice with the value counted: the ID choice of a combination roll once per die
    that was given its own (the engine applies a die's own ID choice before the whole
    roll's), then once for the dice left to the whole roll's choice or the default. A given
    choice that matches no choice of the roll, or a value that is not an option, is refused
    (it would silently change nothing)."""
    given = list(enumerate(data.get("choices", ())))
    out, used = [], set()
    # The whole roll's ID choice, for the dice given none of their own (``rolls._id_split``).
    whole_id = next(((n, c) for n, c in given if c.get("die", -1) == -1
                     and _icon(c["icon"], "") is Icon.ID), None)
    for point, value in result.choices:
        entry = {"die": point.die_id, "icon": point.icon.value, "value": value,
                 "options": list(point.options), "default": point in result.open_choices}
        if point.kind == "unit":  # a unit picked: the one an Elevate doubles, Bash's target
            entry.update(unit=int(value), prompt=point.prompt)
        if point.icon is Icon.ID and point.die_id != -1 and whole_id is not None and not any(
                c.get("die", -1) == point.die_id and _icon(c["icon"], "") is Icon.ID
                for _, c in given):
            # Each die's own ID choice (rules revision 2), answered for the whole roll.
            n, c = whole_id
            used.add(n)
            if c["value"] not in point.options:
                raise ResolveError(
                    f"choices[{n}].value: {_quote(c['value'])} is not an option of the "
                    f"ID results of die {point.die_id} (options: {', '.join(point.options)})")
            out.append({**entry, "value": c["value"], "default": False})
            continue
        if point.icon is not Icon.ID or point.die_id != -1:
            for n, c in given:
                if c.get("die", -1) == point.die_id and _icon(c["icon"], "") is point.icon:
                    used.add(n)
                    if _choice_value(c) not in point.options:
                        raise ResolveError(
                            f"choices[{n}].value: {_quote(c.get('value'))} is not an option "
                            f"of {point.icon.value} (options: {', '.join(point.options)})")
            out.append(entry)
            continue
        # The ID choice: one per die that shows an ID with a choice.
        id_dice = [d.die_id for d in result.dice if not d.excluded
                   and any(p.icon is Icon.ID for f in d.face_outcomes for p in f.choices)]
        own = {}
        for n, c in given:
            if _icon(c["icon"], "") is Icon.ID and c.get("die", -1) in id_dice:
                own[c["die"]] = c["value"]
                used.add(n)
            elif _icon(c["icon"], "") is Icon.ID and c.get("die", -1) == -1:
                used.add(n)
        for die_id in id_dice:
            if die_id in own:
                out.append({**entry, "die": die_id, "value": own[die_id], "default": False})
        if any(die_id not in own for die_id in id_dice):
            out.append(entry)
    for n, c in given:
        if n not in used:
            who = "the whole roll" if c.get("die", -1) == -1 else f"die {c['die']}"
            raise ResolveError(f"choices[{n}]: {who} has no {_icon(c['icon'], '').value} "
                               f"choice in this roll")
    return out
