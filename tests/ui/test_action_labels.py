"""Decision buttons read as words, not engine text forms, for the minor-terrain and spell
decisions too."""

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.record import GameRecord
from dragondice_desktop.matchup import demo_setups
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
