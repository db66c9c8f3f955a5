"""Decision buttons read as words, not engine text forms, for the minor-terrain and spell
decisions too."""

from dragondice_desktop.engine.core.actions import Action, Verb
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups, table_setups
from dragondice_desktop.ui.action_text import action_label


def test_new_decisions_have_readable_labels():
    state = GameRecord(demo_setups(), 7).state()
    labels = {}
    for _ in range(600):
        actions = legal_actions(state)
        if not actions:
            break
        for action in actions:
            labels.setdefault(action.verb.value, (action.to_text(), action_label(state, action)))
        state, _ = play(state, choose(state))
    for verb in ("bring", "cast", "roll-minor", "keep-minor", "bury-minor"):
        text, label = labels[verb]
        assert label != text and label[0].isupper(), (verb, label)
    assert labels["cast"][1].startswith("Cast ")


def test_three_player_choices_of_places_and_armies_read_differently():
    """Two players bring Flatland City (Goblins and Feral sample forces): every choice of a
    place or an army in one decision has its own label ("Flatland City (Bob's home)",
    "Shoot Cat's Horde army at ...")."""
    state = GameRecord(table_setups(3), 7).state()
    names = [state.zone_name(Zone(ZoneKind.TERRAIN, i)) for i in range(len(state.terrains))]
    assert len(set(names)) == len(names), names
    place_verbs = {Verb.MARCH, Verb.TARGET, Verb.REINFORCE, Verb.CHOOSE}
    for _ in range(900):
        actions = [a for a in legal_actions(state) if a.verb in place_verbs]
        labels = [action_label(state, a) for a in actions]
        assert len(set(labels)) == len(labels), labels
        if not legal_actions(state):
            break
        state, _ = play(state, choose(state))


def test_a_melee_target_among_several_armies_names_its_owner():
    """With two opposing armies at the Frontier the marcher chooses whom to attack (digest
    §5.1, rulings): "Attack Cat's Campaign army ..." for melee, "Shoot ..." for missile."""
    state = GameRecord(table_setups(3), 7).state().with_(turn_player=0)
    action = Action.from_text("target t3 2")
    melee = action_label(state.with_(step=Step.MELEE_TARGET), action)
    assert melee == f"Attack Cat's Campaign army at {state.zone_name(Zone(ZoneKind.TERRAIN, 3))}"
    assert action_label(state.with_(step=Step.MISSILE_TARGET), action).startswith(
        "Shoot Cat's Campaign army")


def test_an_id_split_reads_as_results():
    """Digest §4.5: an ID split of a combination roll is labelled by its results."""
    state = GameRecord(demo_setups(), 7).state()
    assert action_label(state, Action.from_text("choose save:1,melee:1")) == "1 save + 1 melee"
    assert action_label(state, Action.from_text("choose melee")) == "Melee"
