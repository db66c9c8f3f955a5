"""Action text forms round-trip (architecture guide: Action.from_text(a.to_text()) == a)."""

import pytest

from dragondice_desktop.engine.core.actions import Action, Verb, act
from dragondice_desktop.engine.core.state import Zone, ZoneKind


@pytest.mark.parametrize("action", [
    act(Verb.ROLLOFF), act(Verb.FRONTIER, 1), act(Verb.MARCH, Zone(ZoneKind.TERRAIN, 2)),
    act(Verb.TURN, "up"), act(Verb.ACTION, "melee"), act(Verb.KILL, 17),
    act(Verb.REINFORCE, 12, Zone(ZoneKind.TERRAIN, 0)), act(Verb.TARGET, Zone(ZoneKind.TERRAIN, 1)),
    act(Verb.PICK, 17), act(Verb.DONE), act(Verb.CHOOSE, "saves"), act(Verb.CHOOSE, "4-saves"),
    act(Verb.CHOOSE, Zone(ZoneKind.TERRAIN, 1)), act(Verb.CHOOSE, Zone(ZoneKind.RESERVE, 0)),
    act(Verb.CHOOSE, "stay"), act(Verb.CARRY, 15, 12),
    act(Verb.CAST, "stone-skin", "earth", Zone(ZoneKind.TERRAIN, 2), 1),
    act(Verb.CAST, "esfahs-gift", "ivory"), act(Verb.CAST, "lightning-strike", "air", 23),
    act(Verb.CAST, "summon-white-dragon", "mixed", 40),
    act(Verb.CAST, "exhume", "death", Zone(ZoneKind.DUA, 1)),
    act(Verb.RIDE, 12, Zone(ZoneKind.TERRAIN, 0)), act(Verb.FLY, 9, Zone(ZoneKind.TERRAIN, 1)),
    act(Verb.CHOOSE, "standing-stones"), act(Verb.CHOOSE, Zone(ZoneKind.DUA, 1)),
])
def test_text_form_round_trips(action):
    assert Action.from_text(action.to_text()) == action


def test_text_form_is_readable():
    assert act(Verb.REINFORCE, 12, Zone(ZoneKind.TERRAIN, 0)).to_text() == "reinforce 12 t0"


def test_unknown_action_is_refused_with_its_name():
    with pytest.raises(ValueError, match="unknown action 'swim'"):
        Action.from_text("swim away")


def test_act_builds_the_same_action_as_the_constructor():
    """`act` skips the dataclass __init__ for speed (issue 17); the action must be the one
    `Action(verb, args)` builds: equal, same hash, same text, same order."""
    from dragondice_desktop.engine.core.actions import Action, Verb, act
    from dragondice_desktop.engine.core.state import Zone, ZoneKind
    zone = Zone(ZoneKind.TERRAIN, 2)
    for verb, args in ((Verb.REINFORCE, (12, zone)), (Verb.END_TURN, ()),
                       (Verb.TURN, ("up",)), (Verb.MARCH, (Zone(ZoneKind.RESERVE, 1),))):
        built, made = act(verb, *args), Action(verb, args)
        assert built == made and hash(built) == hash(made) and not built < made
        assert built.to_text() == made.to_text() == " ".join(
            [verb.value] + [a.to_text() if isinstance(a, Zone) else str(a) for a in args])
        assert Action.from_text(built.to_text()) == built
        assert vars(built) == vars(made)
