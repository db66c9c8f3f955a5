"""The odds are worked out off the GUI thread, the newest request only, and can be stopped
(issue 17)."""

from __future__ import annotations

import threading

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.odds import army_distribution
from dragondice_desktop.odds.chains import can_roll_in, die_chain
from dragondice_desktop.ui import odds_panel
from dragondice_desktop.ui.odds_panel import OddsPanel
from dragondice_desktop.worker.odds_runner import OddsRunner

WAIT_MS = 60_000


def _heavy(size: int = 30) -> list:
    """The heaviest army the benchmark knows: units rolling Trumpet and Charge, alternating."""
    catalog = load_catalog()

    def rolling(icon):
        return [d for d in catalog
                if d.kind.is_unit and any(i is icon for f in d.faces for i, _ in f.icons)]

    trumpet, charge = rolling(Icon.TRUMPET), rolling(Icon.CHARGE)
    return [(trumpet if i % 2 else charge)[i // 2 % len(trumpet if i % 2 else charge)]
            for i in range(size)]


@pytest.fixture
def panel(qtbot):
    runner = OddsRunner()
    widget = OddsPanel()
    qtbot.addWidget(widget)
    widget.set_runner(runner)
    yield widget
    runner.shutdown()


def test_the_numbers_are_worked_out_in_the_odds_thread_and_drawn_when_they_come(
        panel, qtbot, monkeypatch):
    threads = []
    real = odds_panel.army_distribution
    monkeypatch.setattr(odds_panel, "army_distribution",
                        lambda *a, **k: threads.append(threading.get_ident()) or real(*a, **k))
    dice = _heavy(6)
    with qtbot.waitSignal(panel.computed, timeout=WAIT_MS):
        assert panel.show_army(dice, "melee") is None   # returns at once
        assert panel.working and panel.stop_button.isVisibleTo(panel)
    assert threads and threading.get_ident() not in threads
    assert not panel.working and not panel.stop_button.isVisibleTo(panel)
    (name, dist), = panel.series
    assert dist.pmf.tolist() == army_distribution(dice, "melee").pmf.tolist()


def test_an_impossible_roll_is_explained_after_the_thread_answers(panel, qtbot):
    with qtbot.waitSignal(panel.computed, timeout=WAIT_MS):
        panel.show_army(_heavy(2), "maneuver", against=_heavy(2))
    assert "attack preview needs a melee or missile roll" in panel.error
    assert not panel.series


def test_stop_cancels_the_work_and_says_so(panel, qtbot, monkeypatch):
    """A distribution still being folded when the player presses Stop: the work ends at the
    next die and the panel says the odds were stopped. The fold is held at its first die
    until then (the heaviest army now takes milliseconds, too little to press Stop in)."""
    from dragondice_desktop.odds import fold

    def endless(*args, **kwargs):  # folds "die 1 of 30" again and again, until stopped
        while True:
            fold._tick(1, 30)
            threading.Event().wait(0.005)

    die_chain.cache_clear()
    can_roll_in.cache_clear()
    monkeypatch.setattr(odds_panel, "army_distribution", endless)
    with qtbot.waitSignal(panel.computed, timeout=WAIT_MS):
        panel.show_army(_heavy(30), "melee")
        qtbot.waitUntil(lambda: "counted" in panel.summary_label.text(), timeout=WAIT_MS)
        panel.stop_button.click()
    assert not panel.working and not panel.series
    assert panel.title_label.text() == "Odds stopped"


def test_a_newer_request_replaces_the_one_running(panel, qtbot):
    small = _heavy(3)
    drawn = []
    panel.computed.connect(lambda: drawn.append(list(panel.series)))
    panel.show_army(_heavy(30), "melee")
    panel.show_army(small, "maneuver")
    qtbot.waitUntil(lambda: bool(drawn), timeout=WAIT_MS)
    qtbot.wait(50)
    assert len(drawn) == 1                           # the replaced request is never drawn
    (name, dist), = drawn[0]
    assert name == "3 dice"
    assert dist.pmf.tolist() == army_distribution(small, "maneuver").pmf.tolist()


def test_the_working_panel_renders(panel, qtbot, tmp_path):
    panel.show_army(_heavy(6), "melee")
    qtbot.waitUntil(lambda: not panel.working, timeout=WAIT_MS)
    panel.show_army(_heavy(30), "melee")
    for width, height in ((1400, 900), (1280, 720)):
        panel.resize(width, height)
        panel.show()
        assert panel.grab().save(str(tmp_path / f"odds-working-{width}x{height}.png"))
    panel.cancel()
    qtbot.waitUntil(lambda: not panel.working, timeout=WAIT_MS)


def test_the_thread_stops_when_the_runners_owner_is_deleted(qtbot):
    """A runner whose owner is deleted without being closed (a parent deleting its children,
    deleteLater) stops its job and joins its thread: a QThread destroyed while it runs aborts
    the program, and a job left running answers to objects that are gone."""
    import shiboken6
    from PySide6.QtCore import QObject

    from dragondice_desktop.odds import fold

    started, stopped, give_up = threading.Event(), threading.Event(), threading.Event()

    def endless():  # a fold that never ends on its own: only the job's stop flag ends it
        started.set()
        try:
            while not give_up.is_set():  # (give_up: the test's own clean-up on a failure)
                fold._tick(1, 30)
                threading.Event().wait(0.005)
        finally:
            stopped.set()

    owner = QObject()
    runner = OddsRunner(owner)
    thread = runner.thread
    try:
        runner.request(endless)
        assert started.wait(10)
        shiboken6.delete(owner)                  # the owner goes: no shutdown(), no close
        assert stopped.is_set()                  # the job was stopped ...
        assert not thread.isRunning()            # ... and the thread joined, at once
    finally:  # on a failure, stop what the runner left running
        give_up.set()
        thread.quit()
        thread.wait()
