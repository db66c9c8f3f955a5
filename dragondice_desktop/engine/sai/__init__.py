"""Special action icons (SAIs, seed 000 and seed 001): one file per SAI, its record and
everything it does side by side.

- ``icons/``: one module per SAI (``icons/stomp.py``, ``icons/bash.py`` ...). Each holds the
  SAI's ``SaiRecord`` (its "Applies" column, its glossary line, its effect, its targets, its
  dragon-attack sentence) and its code beside it: what it gives in each kind of roll
  (``in_roll``), its sentences for individual rolls and dragon attacks, and the code that
  applies each effect it passes on to the game (``runners``). Two modules hold a family the
  rules text treats together: ``icons/elemental_relic.py`` (the Elemental Relic's five element
  faces, which seed 001 gives one sentence, each face naming its element) and
  ``icons/dracolem.py`` (the four Dracolem icons, whose rules text is not available: records
  with no code, reported as not resolved). ``icons/logo.py`` is one icon whose meaning depends
  on the die (medallions, relics, champions).
- ``records.py``: the record type (``SaiRecord``, ``TargetSpec``, ``DragonColumn``), the one
  place it is imported from; ``registry.py``: every record gathered (``SAI_RECORDS``), the
  file each comes from, and the views the rest of the engine reads (``APPLIES``,
  ``SAI_HANDLERS``, ``TARGET_SPECS`` ...).
- The dispatch: ``results.py`` (an SAI in a roll of each kind: army, combination, individual,
  the DUA, the roll-off, Tidal Wave's roll), ``in_dragon_attack.py`` (its Dragon Attack
  sentence), ``effects.py`` (from a counted roll to effect tasks, each run by its record's
  code).
- Shared by several SAIs: ``icon_roll.py`` (``SaiRoll``, the one SAI shown in one roll, and
  the helpers that build its outcome), ``builders.py`` (handlers made from an SAI's facts:
  ``acting``, ``results_in``, ``strikes_back``, ``moving``), ``targeting.py`` (the targets in
  the defending army), ``damage.py`` (damage to one unit or to an army), ``on_armies.py``
  (lasting effects on an opposing army), ``own_army.py`` (returns from the DUA and moves),
  ``on_dragons.py`` (effects on the attacking dragons) and ``lasting.py`` (every lasting
  effect: what it does to rolls and units, and when it ends).
"""
