"""Issue 11 §2: the catalog names the Treefolk die Willowling (the reference data misspells it
"Willowing"); files and imports that use the old spelling still load."""

from __future__ import annotations

import json
from dataclasses import replace

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.io import dump_force, force_from_data
from dragondice_desktop.forces.octgn import import_octgn_deck
from dragondice_desktop.forces.samples import sample_forces

CAT = load_catalog()
NEW, OLD = "Treefolk/Willowling", "Treefolk/Willowing"


def test_the_catalog_names_the_willowling():
    """The small Treefolk Light Melee die is the Willowling: key and name. Before, the catalog
    copied the reference data's "Willowing"."""
    die = CAT.dice[NEW]
    assert die.name == "Willowling" and die.health == 1 and OLD not in CAT.dice
    assert CAT.die(OLD) is die and CAT.die("Willowing") is die and CAT.die("willowling") is die


def test_a_force_file_with_the_old_spelling_loads_under_the_new_key():
    """A force saved before the rename (key "Treefolk/Willowing") loads; its dice are
    Willowlings."""
    treefolk = next(f for f in sample_forces() if f.name.startswith("Treefolk"))
    treefolk = replace(treefolk, home_army=treefolk.home_army + (NEW,))
    data = json.loads(dump_force(treefolk).replace(NEW, OLD))
    assert OLD in json.dumps(data)
    loaded = force_from_data(data, CAT)
    assert loaded == treefolk


def test_an_octgn_deck_naming_willowing_imports_willowlings():
    """The reference .o8d deck spells the card "Willowing": the import gives Willowlings (by
    OCTGN id, and by name for a deck without ids)."""
    deck = ('<?xml version="1.0" encoding="utf-8"?><deck game="x"><section name="Home Army">'
            '<card qty="3" id="{id}">Willowing</card></section></deck>')
    by_id = import_octgn_deck(deck.format(id="61ffee44-45d6-45ac-8db8-8109fff026e5"),
                              catalog=CAT)
    assert by_id.home_army == (NEW,) * 3
    no_ids = ('<?xml version="1.0" encoding="utf-8"?><deck game="x"><section name="Home Army">'
              '<card qty="2" id="00000000-0000-0000-0000-000000000000">Willowing</card>'
              '</section></deck>')
    force = import_octgn_deck(no_ids, catalog=CAT)
    assert force.home_army == (NEW, NEW)
