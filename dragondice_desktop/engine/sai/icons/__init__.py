"""One file per SAI (seed 000, seed 001): each module here holds the records (``RECORDS``) of
one SAI, or of one small family the rules text treats together, and every behaviour of it
beside its record — what it gives in each kind of roll, its individual-roll and dragon-
attack sentences, and the code that applies each effect it passes on to the game.

Two files hold a family: ``elemental_relic.py`` (the Elemental Relic's five element faces,
one sentence in seed 001) and ``dracolem.py`` (the four Dracolem icons, whose rules text is
not available). The logo (``logo.py``) is one icon whose meaning depends on the die. Code
several SAIs share stays in ``sai/``: ``builders.py`` (handlers made from an SAI's facts:
``acting`` names the effect an SAI passes on in the roll types it lists, ``delayed`` one
applied in step 2 of the defending army's save roll, ``read_by_march`` one the march reads
from the counted roll), ``targeting.py`` (the targets of an SAI whose record has a
``TargetSpec``), ``damage.py``, ``on_armies.py`` (an opposing army picked and an effect put in
force on it, with the words the SAI's file gives), ``own_army.py``, ``on_dragons.py`` and
``lasting.py``. ``sai/registry.py`` imports every module here.
"""
