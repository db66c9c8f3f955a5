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

MAX_TEXT = 200_000
_LASTING = {"frost breath": ("halve", Icon.FROST_BREATH), "wither": ("subtract_all", Icon.WITHER),
            "galeforce": ("galeforce", Icon.GALEFORCE), "cloak": ("cloak", Icon.CLOAK)}
_FATE_WORDS = {"kill": "killed", "kill_bury": "killed and buried",
               "reserve": "moved to its Reserve Area", "stunned": "stunned", "netted": "netted",
               "webbed": "webbed", "": "no effect"}


class ResolveError(ValueError):
    """The roll description cannot be counted; the message names the problem."""


def resolve_text(text: str) -> dict[str, Any]:
    """Parse JSON `text` and resolve it. Raises ResolveError."""
    if len(text) > MAX_TEXT:
        raise ResolveError(f"the description is {len(text)} characters; at most {MAX_TEXT}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ResolveError(f"not valid JSON: {exc}") from None
    return resolve(data)


def resolve(data: dict) -> dict[str, Any]:
    """Count the roll `data` describes (see the module docstring). Raises ResolveError."""
    if not isinstance(data, dict):
        raise ResolveError("the description must be a JSON object")
    try:
        ctx = _context(data)
        army = _dice(data.get("army"), "army", 1, required=True)
        opposing = _dice(data.get("opposing_army", []), "opposing_army", 101, faces=False)
        if ctx.kind is RollKind.INDIVIDUAL and len(army) != 1:
            raise ResolveError("an individual roll has exactly one die in \"army\"")
        melee = tuple((entry["id"], int(entry.get("melee", 0))) for entry in opposing)
        if melee and RollType.SAVE in ctx.counted and ctx.save_against is RollType.MELEE:
            ctx = replace(ctx, attacker_melee=melee)
        inp = RollInput(ctx, tuple(DieRoll(e["id"], e["die"], e["faces"], e["replaced"],
                                           e["excluded"]) for e in army),
                        _modifiers(data), _additions(data), _choices(data))
        result = count_roll(inp)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ResolveError):
            raise
        raise ResolveError(str(exc).strip("'\"")) from None
    return _report(result, {e["id"]: e["die"] for e in army + opposing}, data)


# --------------------------------------------------------------------------------------------
# Reading the description
# --------------------------------------------------------------------------------------------


def _type(name: Any, where: str) -> RollType:
    try:
        return RollType(str(name).lower())
    except ValueError:
        raise ResolveError(f"{where}: {name!r} is not a result type (maneuver, melee, missile, "
                           f"magic, save)") from None


def _context(data: dict) -> RollContext:
    roll = data.get("roll")
    if roll is None:
        raise ResolveError("\"roll\" is missing: maneuver, melee, missile, magic, save or "
                           "dragon-attack")
    multiplier = 1
    terrain = data.get("terrain")
    if terrain is not None:
        die = _die(terrain.get("die"), "terrain")
        if die.kind is not DieKind.TERRAIN:
            raise ResolveError(f"terrain: {die.name} is not a terrain")
        face = terrain.get("face", 1)
        if not isinstance(face, int) or not 1 <= face <= 8:
            raise ResolveError("terrain: \"face\" is a number from 1 to 8")
        if face == 8 and terrain.get("held", False):
            multiplier = 2
    flags = {name: bool(data.get(name, False)) for name in
             ("counter_attack", "counter_maneuver", "in_reserve", "in_dua", "against_individual")}
    against = _type(data["against"], "against") if data.get("against") else None
    jaws = data.get("dragon_rolled_jaws")
    if str(roll).lower() == "dragon-attack":
        return RollContext.dragon_attack(dragon_rolled_jaws=jaws)
    individual = bool(data.get("individual", False)) or flags["in_dua"]
    also = tuple(_type(t, "also") for t in data.get("also", ()))
    kind = RollKind.INDIVIDUAL if individual else RollKind.ARMY
    return RollContext(_type(roll, "roll"), id_multiplier=1 if individual else multiplier,
                       save_against=against, also=also, kind=kind, dragon_rolled_jaws=jaws,
                       **flags)


def _die(ref: Any, where: str) -> Die:
    if not isinstance(ref, str):
        raise ResolveError(f"{where}: \"die\" must name a die, e.g. \"Dwarves/Footman\"")
    try:
        return load_catalog().die(ref)
    except KeyError as exc:
        raise ResolveError(f"{where}: {exc.args[0]}") from None


def _face(die: Die, spec: Any, where: str) -> int:
    if isinstance(spec, int) and not isinstance(spec, bool):
        if 0 <= spec < len(die.faces):
            return spec
        raise ResolveError(f"{where}: {die.name} has faces 0-{len(die.faces) - 1}, not {spec}")
    text = str(spec).strip().lower()
    texts = [f.to_text().lower() for f in die.faces]
    if text in texts:
        return texts.index(text)
    if text == "id" and die.id_face is not None:
        return die.id_face
    shown = ", ".join(dict.fromkeys(f.to_text() for f in die.faces))
    raise ResolveError(f"{where}: {die.name} has no face {spec!r} (its faces: {shown})")


def _dice(entries: Any, where: str, first_id: int, required: bool = False,
          faces: bool = True) -> list[dict]:
    if entries is None or (required and not entries):
        raise ResolveError(f"\"{where}\" must list the dice rolled")
    if not isinstance(entries, list):
        raise ResolveError(f"\"{where}\" must be a list")
    out, seen = [], set()
    for n, entry in enumerate(entries):
        here = f"{where}[{n}]"
        if not isinstance(entry, dict):
            raise ResolveError(f"{here} must be an object with \"die\"")
        die = _die(entry.get("die"), here)
        die_id = entry.get("id", first_id + n)
        if not isinstance(die_id, int) or die_id in seen:
            raise ResolveError(f"{here}: the id {die_id!r} must be a whole number used once")
        seen.add(die_id)
        item = {"id": die_id, "die": die, "entry": entry}
        if faces:
            shown = entry.get("faces", [entry["face"]] if "face" in entry else None)
            if not shown:
                raise ResolveError(f"{here}: give the face it shows (\"face\" or \"faces\")")
            item["faces"] = tuple(_face(die, f, here) for f in shown)
            item["replaced"] = tuple(tuple(_face(die, f, here) for f in chain)
                                     for chain in entry.get("replaced", ()))
            item["excluded"] = str(entry.get("excluded", ""))
        out.append(item)
    return out


def _modifiers(data: dict) -> tuple[Modifier, ...]:
    mods = []
    for n, entry in enumerate(data.get("modifiers", ())):
        try:
            op = ModOp(str(entry["op"]).lower())
        except (KeyError, ValueError):
            raise ResolveError(f"modifiers[{n}]: \"op\" is subtract, divide, add or "
                               f"multiply") from None
        types = tuple(_type(t, f"modifiers[{n}]") for t in entry.get("types", ()))
        mods.append(Modifier(op, int(entry.get("amount", 2)),
                             str(entry.get("source", f"modifier {n + 1}")), types=types))
    for n, entry in enumerate(data.get("lasting", ())):
        name = str(entry.get("effect", "")).lower()
        if name not in _LASTING:
            raise ResolveError(f"lasting[{n}]: \"effect\" is Frost Breath, Wither, Galeforce or "
                               f"Cloak")
        kind, icon = _LASTING[name]
        amount = int(entry.get("amount", 0))
        text = f"{icon.value} (lasting)" + (f": {amount}" if amount else "")
        mods += effect_modifiers(LastingEffect(0, icon, kind, text, amount=amount))
    return tuple(mods)


def _additions(data: dict) -> tuple[Addition, ...]:
    return tuple(Addition(_type(e.get("type"), f"added[{n}]"), int(e.get("amount", 0)),
                          str(e.get("source", "another roll")))
                 for n, e in enumerate(data.get("added", ())))


def _choices(data: dict) -> tuple[RollChoice, ...]:
    out = []
    for n, entry in enumerate(data.get("choices", ())):
        try:
            icon = Icon(entry["icon"])
        except (KeyError, ValueError):
            raise ResolveError(f"choices[{n}]: \"icon\" must name an icon, e.g. "
                               f"\"Regenerate\"") from None
        out.append(RollChoice(int(entry.get("die", -1)), icon, str(entry.get("value", ""))))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------------


def _unit_result(die: Die, die_id: int, faces: tuple[int, ...], types: tuple[RollType, ...],
                 in_dua: bool = False) -> RollResult:
    return count_unit_roll(die, die_id, faces, unit_context(types, in_dua=in_dua))


def _target_fates(effect, targets: list[dict], dice: dict[int, Die]) -> list[dict]:
    """The fate of each target whose faces were given (same rules as the game)."""
    out = []
    kind, icon, x = effect.kind, effect.icon, effect.amount
    for n, target in enumerate(targets):
        die_id = target.get("id", effect.target)
        if die_id not in dice:
            raise ResolveError(f"effects: target id {die_id!r} is not in \"opposing_army\"")
        die = dice[die_id]
        faces = tuple(_face(die, f, f"effects target {die_id}") for f in target.get("faces", ()))
        if not faces:
            raise ResolveError(f"effects: give the faces target {die_id} rolled")
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
                again = tuple(_face(die, f, f"effects target {die_id}") for f in second)
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
            raise ResolveError(f"effects: {icon.value} has no targets that roll")
        out.append({"id": die_id, "die": die.key,
                    "faces": [die.faces[f].to_text() for f in faces], "fate": fate})
    return out


def _report(result: RollResult, dice: dict[int, Die], data: dict) -> dict[str, Any]:
    given = {(e.get("die"), str(e.get("icon", "")).lower()): e.get("targets", [])
             for e in data.get("effects", ()) if isinstance(e, dict)}
    shown = {(e.die_id, e.icon.value.lower()) for e in result.effects}
    for die_id, icon in given:
        if (die_id, icon) not in shown:
            raise ResolveError(f"effects: die {die_id} has no {icon} effect in this roll")
    effects = []
    for effect in result.effects:
        entry = {"die": effect.die_id, "icon": effect.icon.value, "kind": effect.kind,
                 "amount": effect.amount, "note": effect.note}
        targets = given.get((effect.die_id, effect.icon.value.lower()))
        if targets:
            entry["targets"] = _target_fates(effect, targets, dice)
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
        "choices": [{"die": p.die_id, "icon": p.icon.value, "value": value,
                     "options": list(p.options), "default": p in result.open_choices}
                    for p, value in result.choices],
        "magic_by_color": {key_text(k): n for k, n in result.magic_by_color},
        "cantrip_magic": result.cantrip_magic,
        "effects": effects,
        "steps": list(result.steps),
        "explain": result.explain(),
    }
