"""The game window's odds dock (issue 5 §2): before a maneuver or an action, the exact odds of
the marching army's roll, against the opponent where there is one, updating with each state.

What it shows follows the decision pending:
- choosing an army or announcing a maneuver: the army's maneuver roll beside the opposing
  army's (a counter-maneuver), on one chart;
- choosing the action: the roll the terrain allows (melee with the attack preview against
  the defending army's saves; missile; magic).
The roll is the engine's own (``odds.play.game_roll``): its context (eighth-face ID doubling,
species abilities' "counts as", Dragon Plague ...), the lasting effects' modifiers and the dice
that roll, each army's own (the opponent's counter-maneuver and saves included), so the
numbers are those of the roll the engine would make; the re-rolls a player may choose are
listed beside them.

The Army box is live: it lists every army on the table, the one the decision concerns first
and chosen with each new state; choosing another army shows its odds for the same kind of
roll (its maneuver, or the action its terrain allows).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..engine.turn.march_rolls import allowed_actions, opponents_at
from ..engine.turn.flow import marchable_zones
from ..engine.rolls.pipeline import RollType
from ..engine.spells.targets import army_zones
from ..engine.core.state import GameState, Phase, Step, Zone, ZoneKind
from ..odds.play import game_roll
from ..worker.snapshot import GameSnapshot
from .odds_panel import OddsPanel

MANEUVER_STEPS = (Step.CHOOSE_ARMY, Step.MANEUVER, Step.COUNTER_MANEUVER)


class GameOddsPanel(QWidget):
    """Odds for the march being decided, or any army picked. For tests: army_box (every army,
    the decision's first; data (zone, player)), panel (OddsPanel), zone and player (the army
    shown), roll (the RollType shown, or None)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.zone: Zone | None = None
        self.player: int | None = None
        self.roll: RollType | None = None
        self.army_box = QComboBox()
        # Long army names must not widen the dock (its list shows them in full).
        self.army_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.army_box.setMinimumContentsLength(12)
        self.army_box.currentIndexChanged.connect(lambda _i: self._redraw())
        self.hint = QLabel("Odds appear when a march is being decided.")
        self.hint.setWordWrap(True)
        self.panel = OddsPanel()
        row = QHBoxLayout()
        row.addWidget(QLabel("Army"))
        row.addWidget(self.army_box, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.hint)
        layout.addWidget(self.panel, 1)

    def set_snapshot(self, snapshot: GameSnapshot) -> None:
        """Follow a new state: list the marching player's armies and redraw."""
        self.state = state = snapshot.state
        zones = self._zones(state)
        decision = [(zone, state.turn_player) for zone in zones]
        others = [(zone, player) for zone in army_zones(state)
                  for player in range(state.player_count)
                  if state.has_army(zone, player) and (zone, player) not in decision]
        self.army_box.blockSignals(True)
        self.army_box.clear()
        if not decision:
            self.army_box.addItem("Pick an army…", None)
        for zone, player in decision + others:
            name = f"{state.players[player].name}'s {state.army_name(zone, player)}"
            self.army_box.addItem(f"{name} at {state.zone_name(zone)}", (zone, player))
        # Each new state follows the decision: its army is chosen again.
        self.army_box.setCurrentIndex(0)
        self.army_box.setEnabled(self.army_box.count() > 1)
        self.army_box.setToolTip(army_box_tip(state, zones))
        self.army_box.blockSignals(False)
        self._redraw()

    @staticmethod
    def _zones(state: GameState) -> list[Zone]:
        if state.phase not in (Phase.FIRST_MARCH, Phase.SECOND_MARCH):
            return []
        if state.march is not None:
            return [state.march.zone]
        return list(marchable_zones(state))

    def _redraw(self) -> None:
        state, army = self.state, self.army_box.currentData()
        zone, player = army if army is not None else (None, None)
        self.zone, self.player, self.roll = zone, player, None
        if state is None or zone is None:
            self.hint.setVisible(True)
            self.panel.setVisible(False)
            return
        self.hint.setVisible(False)
        self.panel.setVisible(True)
        opponent = rival(state, zone, player)
        marching = state.march is not None and state.march.zone == zone and (
            player == state.turn_player)
        maneuver_now = state.step in MANEUVER_STEPS or state.step is Step.TURN_TERRAIN
        if maneuver_now or not marching and not (
                zone.kind is ZoneKind.TERRAIN and allowed_actions(state, zone, player)):
            self.roll = RollType.MANEUVER
            dice, spec = game_roll(state, zone, player, RollType.MANEUVER)
            if opponent is not None:
                theirs, spec_b = game_roll(state, zone, opponent, RollType.MANEUVER,
                                       counter_maneuver=True)
                self.panel.compare(dice, theirs, spec, names=(
                    state.players[player].name, state.players[opponent].name), spec_b=spec_b)
            else:
                self.panel.show_army(dice, spec)
            return
        actions = allowed_actions(state, zone, player) if zone.kind is ZoneKind.TERRAIN else []
        if not actions:
            self.hint.setText("No action is possible for this army here.")
            self.hint.setVisible(True)
            self.panel.setVisible(False)
            return
        self.roll = RollType(actions[0])
        dice, spec = game_roll(state, zone, player, self.roll)
        against = against_spec = None
        if self.roll is RollType.MELEE and opponent is not None:
            against, against_spec = game_roll(state, zone, opponent, RollType.SAVE,
                                          save_against=RollType.MELEE)
        self.panel.show_army(dice, spec, against=against, against_spec=against_spec)


def rival(state: GameState, zone: Zone, player: int) -> int | None:
    """The opposing army at `zone` the odds compare `player`'s army with (None if there is
    none): the defender of `player`'s attack in progress; else, of the armies counter-
    maneuvering (or, before that is known, of all the opposing armies there), the one with
    the most health — with several (three or four players) the marcher must beat each, so
    the strongest is the one to watch (digest §10 #3)."""
    opponents = opponents_at(state, zone, player)
    march = state.march
    if march is not None and march.zone == zone:
        exchange = march.exchange
        if (exchange is not None and exchange.attacker == player
                and exchange.defender in opponents):
            return exchange.defender
        opponents = [p for p in march.counters if p in opponents] or opponents
    if not opponents:
        return None
    return max(opponents, key=lambda p: (sum(d.die.health for d in state.units_in(zone, p)),
                                         -p))


def army_box_tip(state: GameState, zones: list[Zone]) -> str:
    """Why the Army choice is what it is (shown on the box, greyed out or not)."""
    if state.march is not None:
        name = state.army_name(state.march.zone, state.turn_player)
        return (f"The {name} is marching: the odds follow it; pick another army to see its "
                f"odds for the same roll")
    if not zones:
        return "Odds appear when a march is being decided; pick any army to see its odds"
    if len(zones) == 1:
        return "Only this army can march now; pick another to see its odds"
    return "The army whose odds to show (the one you are thinking of marching)"
