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
      "lasting": [{"effect": "Wither", "amount": 3}],   # Frost Breath, Wither, Galeforce, Cloak
      "modifiers": [{"op": "subtract", "amount": 4, "types": ["save"], "source": "Screech"}],
      "added": [{"type": "melee", "amount": 2, "source": "Charm"}],
      "choices": [{"die": 1, "icon": "Regenerate", "value": "return"},
                  {"die": -1, "icon": "ID", "value": "save"}],
      "effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 101, "faces": ["1 Melee"]}]},
                  {"die": 3, "icon": "Poison",
                   "targets": [{"id": 102, "faces": ["2 Melee"], "second": ["ID"]}]}]
    }

Faces: a face index (0 = the first face in the catalog) or the face as printed in the catalog
("4 Rend", "1 Melee + 1 Save"; "ID" for the ID face; any case). ``faces`` lists the first roll
then each re-roll in order (step 3); ``face`` is short for one face. ``replaced`` lists earlier
chains a re-roll "ignoring the previous result" threw away (Confuse, Vortex, Elemental Relic).
Die ids default to 1, 2, 3 ... for the army and 101, 102 ... for the opposing army.

``resolve(data) -> dict`` and ``resolve_text(text) -> dict`` return: "roll" (in words),
"totals", "dice" (per die: faces, re-rolls, each result with its step, effects, what is not
resolved and what had no effect), "modifiers", "choices" (with the value taken and whether it
was the default), "magic_by_color", "cantrip_magic", "effects" (with each target's fate when
its faces are given), "steps" and "explain" (the text of the roll breakdown). Bad input raises
``ResolveError`` naming the problem. Pure: reading the file is the caller's job.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..catalog.loader import load_catalog
from ..catalog.model import Die, DieKind, Icon
from .individual import count_unit_roll, shows_id, unit_context
from .lasting import effect_modifiers
from .roll_model import (
    Addition, DieRoll, Modifier, ModOp, RollChoice, RollContext, RollInput, RollKind, RollResult,
    RollType, key_text,
)
from .rolls import count_roll
from .sai_effects import TARGET_SPECS
from .state import LastingEffect

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
# The fields each object may hold (anything else is refused: a typo must not be ignored).
_TOP_FIELDS = ("roll", "also", "against", *_FLAGS, "terrain", "dragon_rolled_jaws", "army",
               "opposing_army", "lasting", "modifiers", "added", "choices", "effects")
_TERRAIN_FIELDS = ("die", "face", "held")
_ARMY_FIELDS = ("die", "id", "face", "faces", "replaced", "excluded")
_OPPOSING_FIELDS = ("die", "id", "melee")
_LASTING_FIELDS = ("effect", "amount")
_MODIFIER_FIELDS = ("op", "amount", "types", "source")
_ADDED_FIELDS = ("type", "amount", "source")
_CHOICE_FIELDS = ("die", "icon", "value")
_EFFECT_FIELDS = ("die", "icon", "targets")
_TARGET_FIELDS = ("id", "faces", "second")
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
        data = json.loads(text)
    except RecursionError:
        raise ResolveError("not valid JSON: it is nested far too deeply") from None
    except ValueError as exc:
        raise ResolveError(f"not valid JSON: {_clip(str(exc))}") from None
    return resolve(data)


def resolve(data: dict) -> dict[str, Any]:
    """Count the roll `data` describes (see the module docstring). Raises ResolveError."""
    _check(data)
    try:
        ctx = _context(data)
        army = _dice(data.get("army"), "army", 1, required=True)
        opposing = _dice(data.get("opposing_army", []), "opposing_army", 101, faces=False)
        clash = {e["id"] for e in army} & {e["id"] for e in opposing}
        if clash:
            raise ResolveError(f"the id {min(clash)} is used in both \"army\" and "
                               f"\"opposing_army\"; give each die its own \"id\"")
        if ctx.kind is RollKind.INDIVIDUAL and len(army) != 1:
            raise ResolveError("an individual roll has exactly one die in \"army\"")
        melee = tuple((e["id"], e["entry"].get("melee", 0)) for e in opposing)
        if melee and RollType.SAVE in ctx.counted and ctx.save_against is RollType.MELEE:
            ctx = replace(ctx, attacker_melee=melee)
        inp = RollInput(ctx, tuple(DieRoll(e["id"], e["die"], e["faces"], e["replaced"],
                                           e["excluded"]) for e in army),
                        _modifiers(data), _additions(data), _choices(data))
        result = count_roll(inp)
        return _report(result, {e["id"]: e["die"] for e in army + opposing}, data)
    except ResolveError:
        raise
    except (ValueError, ArithmeticError) as exc:  # the engine names what it cannot count
        raise ResolveError(_clip(str(exc))) from None


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _quote(value: Any) -> str:
    """A value of the description quoted for a message, never more than a line."""
    return _clip(repr(value), 60)


# --------------------------------------------------------------------------------------------
# Checking the description's structure (before anything is counted)
# --------------------------------------------------------------------------------------------


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {int: "a number", float: "a decimal number", str: "text", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _object(value: Any, path: str, allowed: tuple[str, ...], what: str) -> dict:
    if not isinstance(value, dict):
        raise ResolveError(f"{path} must be {what}, not {_kind(value)}")
    for key in value:
        if key not in allowed:
            raise ResolveError(f"{path}: unknown field {_quote(key)} (it may hold "
                               f"{', '.join(repr(k) for k in allowed)})")
    return value


def _list(value: Any, path: str, what: str, most: int = MAX_LIST) -> list:
    if not isinstance(value, list):
        raise ResolveError(f"{path} must be a list of {what}, not {_kind(value)}")
    if len(value) > most:
        raise ResolveError(f"{path} has {len(value)} entries; at most {most}")
    return value


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise ResolveError(f"{path} must be text, not {_kind(value)}")
    if len(value) > MAX_STRING:
        raise ResolveError(f"{path} is {len(value)} characters long; at most {MAX_STRING}")
    return value


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise ResolveError(f"{path} must be true or false, not {_kind(value)}")
    return value


def _number(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResolveError(f"{path} must be a whole number, not {_kind(value)}")
    if not low <= value <= high:
        raise ResolveError(f"{path} must be from {low} to {high}, not {_quote(value)}")
    return value


def _face_specs(value: Any, path: str) -> list:
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


def _optional(entry: dict, key: str, check, path: str, *args) -> None:
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
        if "value" not in entry:
            raise ResolveError(f"{path}.value is missing: the option chosen")
        _text(entry["value"], f"{path}.value")
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


# --------------------------------------------------------------------------------------------
# Reading the (checked) description
# --------------------------------------------------------------------------------------------


def _type(name: Any, where: str) -> RollType:
    try:
        return RollType(str(name).lower())
    except ValueError:
        raise ResolveError(f"{where}: {_quote(name)} is not a result type (maneuver, melee, "
                           f"missile, magic, save)") from None


def _context(data: dict) -> RollContext:
    roll = data["roll"].lower()
    multiplier = 1
    terrain = data.get("terrain")
    if terrain is not None:
        die = _die(terrain.get("die"), "terrain")
        if die.kind is not DieKind.TERRAIN:
            raise ResolveError(f"terrain: {die.name} is not a terrain")
        if terrain.get("face", 1) == 8 and terrain.get("held", False):
            multiplier = 2
    flags = {name: data.get(name, False) for name in
             ("counter_attack", "counter_maneuver", "in_reserve", "in_dua", "against_individual")}
    against = _type(data["against"], "against") if data.get("against") else None
    jaws = data.get("dragon_rolled_jaws")
    if roll == "dragon-attack":
        return RollContext.dragon_attack(dragon_rolled_jaws=jaws)
    individual = data.get("individual", False) or flags["in_dua"]
    also = tuple(_type(t, f"also[{n}]") for n, t in enumerate(data.get("also", ())))
    kind = RollKind.INDIVIDUAL if individual else RollKind.ARMY
    return RollContext(_type(roll, "roll"), id_multiplier=1 if individual else multiplier,
                       save_against=against, also=also, kind=kind, dragon_rolled_jaws=jaws,
                       **flags)


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
          faces: bool = True) -> list[dict]:
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


def _modifiers(data: dict) -> tuple[Modifier, ...]:
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


def _additions(data: dict) -> tuple[Addition, ...]:
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


def _choices(data: dict) -> tuple[RollChoice, ...]:
    return tuple(RollChoice(entry.get("die", -1), _icon(entry.get("icon"), f"choices[{n}].icon"),
                            entry["value"])
                 for n, entry in enumerate(data.get("choices", ())))


# --------------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------------


def _unit_result(die: Die, die_id: int, faces: tuple[int, ...], types: tuple[RollType, ...],
                 in_dua: bool = False) -> RollResult:
    return count_unit_roll(die, die_id, faces, unit_context(types, in_dua=in_dua))


def _target_fates(effect, targets: list[dict], dice: dict[int, Die], path: str) -> list[dict]:
    """The fate of each target whose faces were given (same rules as the game)."""
    out = []
    kind, icon, x = effect.kind, effect.icon, effect.amount
    for n, target in enumerate(targets):
        die_id = target.get("id", effect.target)
        if die_id not in dice:
            raise ResolveError(f"{path}[{n}].id: target id {die_id!r} is not in "
                               f"\"opposing_army\"")
        die = dice[die_id]
        faces = tuple(_face(die, f, f"{path}[{n}].faces") for f in target["faces"])
        fate = ""
        if kind == "targets":
            spec = TARGET_SPECS[icon]
            if spec.test in ("", "id"):
                passed = spec.test == "id" and shows_id(die, faces)
            else:
                rt = RollType(spec.test)
                passed = _unit_result(die, die_id, faces, (rt,)).total(rt) >= 1
            code = spec.fate(passed, shows_id(die, faces))
            fate = _FATE_WORDS[code]
            second = target.get("second")
            if spec.then_save and code == "kill" and second:
                again = tuple(_face(die, f, f"{path}[{n}].second") for f in second)
                saved = _unit_result(die, die_id, again, (RollType.SAVE,),
                                     in_dua=True).total(RollType.SAVE) >= 1
                fate += ", saved from burial" if saved else ", then buried"
        elif kind in ("unit_damage", "bash", "coil", "hug"):
            types = {"coil": (RollType.SAVE, RollType.MELEE), "hug": (RollType.MELEE,)}.get(
                kind, (RollType.SAVE,))
            result = _unit_result(die, die_id, faces, types)
            saves = 0 if kind == "hug" else result.total(RollType.SAVE)
            left = max(0, x - saves)
            fate = f"takes {left} damage: " + ("killed" if left >= die.health else "survives")
            if kind in ("coil", "hug"):
                fate += f"; {result.total(RollType.MELEE)} melee damage back, no save"
        else:
            raise ResolveError(f"{path}: {icon.value} has no targets that roll")
        out.append({"id": die_id, "die": die.key,
                    "faces": [die.faces[f].to_text() for f in faces], "fate": fate})
    return out


def _report(result: RollResult, dice: dict[int, Die], data: dict) -> dict[str, Any]:
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
        entry = {"die": effect.die_id, "icon": effect.icon.value, "kind": effect.kind,
                 "amount": effect.amount, "note": effect.note}
        targets, path = given.get((effect.die_id, effect.icon.value.lower()), ([], ""))
        if targets:
            entry["targets"] = _target_fates(effect, targets, dice, path)
        effects.append(entry)
    ctx = result.context
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


def _choice_report(result: RollResult, data: dict) -> list[dict]:
    """Every choice with the value counted: the ID choice of a combination roll once per die
    that was given its own (the engine applies a die's own ID choice before the whole
    roll's), then once for the dice left to the whole roll's choice or the default. A given
    choice that matches no choice of the roll, or a value that is not an option, is refused
    (it would silently change nothing)."""
    given = list(enumerate(data.get("choices", ())))
    out, used = [], set()
    for point, value in result.choices:
        entry = {"die": point.die_id, "icon": point.icon.value, "value": value,
                 "options": list(point.options), "default": point in result.open_choices}
        if point.icon is not Icon.ID or point.die_id != -1:
            for n, c in given:
                if c.get("die", -1) == point.die_id and _icon(c["icon"], "") is point.icon:
                    used.add(n)
                    if c["value"] not in point.options:
                        raise ResolveError(
                            f"choices[{n}].value: {_quote(c['value'])} is not an option of "
                            f"{point.icon.value} (options: {', '.join(point.options)})")
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
