"""What the catalog's values work out once and keep beside their fields (issue 17: a face's
text, a die's elements and borne icons) changes nothing a caller sees: equality, hashing
and pickling (a game file's snapshot, the replay cache) see the fields only."""

from __future__ import annotations

import pickle

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Color, Face, Icon


def test_a_face_keeps_its_text_but_pickles_its_fields_only():
    face = Face(((Icon.MELEE, 1), (Icon.SAVE, 1)))
    assert face.to_text() == "1 Melee + 1 Save"
    assert face.to_text() == "1 Melee + 1 Save"          # the kept text
    copy = pickle.loads(pickle.dumps(face))
    assert copy == face and hash(copy) == hash(face)
    assert set(copy.__dict__) == {"icons"}


def test_a_die_keeps_its_elements_and_icons_but_pickles_its_fields_only():
    die = next(d for d in load_catalog().dice.values()
               if d.kind.is_unit and len(d.colors) == 2 and Color.WHITE not in d.colors)
    expected = frozenset(c for c in die.colors if c in (
        Color.AIR, Color.DEATH, Color.EARTH, Color.FIRE, Color.WATER))
    assert die.elements == expected and die.elements is die.elements   # kept
    borne = {icon for face in die.faces for icon, _ in face.icons}
    assert set(die.borne_icons) == borne and len(die.borne_icons) == len(borne)
    assert list(die.borne_icons) == [icon for icon in Icon if icon in borne]
    copy = pickle.loads(pickle.dumps(die))
    assert copy == die and hash(copy) == hash(die)
    assert "elements" not in copy.__dict__ and "borne_icons" not in copy.__dict__
    assert copy.elements == die.elements
