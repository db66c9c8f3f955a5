"""The autosave's journal (issue 17): a save appends the change to a journal beside the
record file instead of rewriting the whole record, so its cost does not grow with the game,
and whatever a kill leaves reads back as a game the player really had."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.worker import autosave as autosave_module
from dragondice_desktop.worker.autosave import (
    AUTOSAVE_FILE, DAMAGED_PREFIX, JOURNAL_FILE, JOURNAL_MIN, PREVIOUS_FILE, Autosave, Follows,
)

GAME_V1 = Path(__file__).parents[1] / "ui" / "data" / "game-v1.json"  # a file of version 1


def _records(count: int, seed: int = 7) -> list[GameRecord]:
    """records[i]: the demo game after its first i actions (the automatic policy plays)."""
    record = GameRecord(demo_setups(), seed)
    state, records = record.state(), [record]
    for _ in range(count):
        action = choose(state)
        state, _events = play(state, action)
        record = record.with_action(action)
        records.append(record)
    return records


def _file_actions(folder: Path) -> int:
    return len(json.loads((folder / AUTOSAVE_FILE).read_text(encoding="utf-8"))["actions"])


def test_a_change_is_appended_to_the_journal_and_reads_back_as_the_whole_game(tmp_path):
    records = _records(6)
    autosave = Autosave(tmp_path)
    autosave.save(records[3])
    for record in records[4:]:
        autosave.save(record)
    assert _file_actions(tmp_path) == 3            # the record file was not rewritten
    assert (tmp_path / JOURNAL_FILE).is_file()
    assert GameRecord.from_json(autosave.read_text()) == records[6]
    assert autosave.summary().actions == 6
    os.utime(tmp_path / AUTOSAVE_FILE, (1_000_000, 1_000_000))   # written long ago
    assert autosave.summary().saved_at == (tmp_path / JOURNAL_FILE).stat().st_mtime


def test_an_undo_is_a_change_that_keeps_fewer_actions(tmp_path):
    records = _records(5)
    autosave = Autosave(tmp_path)
    for record in records:
        autosave.save(record)
    autosave.save(records[3])                      # two actions taken back
    assert GameRecord.from_json(autosave.read_text()) == records[3]
    autosave.save(records[4])                      # redone
    assert GameRecord.from_json(autosave.read_text()) == records[4]
    assert _file_actions(tmp_path) == 0            # all of it in the journal


def test_the_record_is_rewritten_only_when_the_journal_is_full(tmp_path, monkeypatch):
    """Per action the cost is one appended line; the whole record is written again once
    the journal holds JOURNAL_MIN changes (or as many as the record has actions)."""
    records = _records(JOURNAL_MIN + 20)
    writes = []
    real = autosave_module.write_text_atomically
    monkeypatch.setattr(autosave_module, "write_text_atomically",
                        lambda path, text: (writes.append(path), real(path, text)))
    autosave = Autosave(tmp_path)
    for record in records:
        autosave.save(record)
    assert len(writes) == 2                        # the first save, and one rewrite
    assert _file_actions(tmp_path) == JOURNAL_MIN + 1
    assert GameRecord.from_json(autosave.read_text()) == records[-1]


def test_an_unfinished_last_line_is_the_change_being_saved_and_is_ignored(tmp_path):
    records = _records(4)
    autosave = Autosave(tmp_path)
    for record in records:
        autosave.save(record)
    journal = tmp_path / JOURNAL_FILE
    data = journal.read_bytes()
    for cut in (1, 5, len(data.splitlines()[-1]) - 1):  # a kill inside the last append
        journal.write_bytes(data[:-cut])
        assert GameRecord.from_json(autosave.read_text()) == records[3]


def test_a_journal_of_an_earlier_record_file_is_ignored(tmp_path):
    """A kill between rewriting the record and removing the old journal: the record file
    already holds every change, the journal names the file it continued."""
    records = _records(5)
    autosave = Autosave(tmp_path)
    for record in records[:3]:
        autosave.save(record)
    stale = (tmp_path / JOURNAL_FILE).read_bytes()
    Autosave(tmp_path).save(records[5])            # a new object rewrites the record file
    (tmp_path / JOURNAL_FILE).write_bytes(stale)
    assert GameRecord.from_json(autosave.read_text()) == records[5]


@pytest.mark.parametrize("line, words", [
    (b"not json\n", "line 3 cannot be read"),
    (b'{"keep": 99, "add": []}\n', "line 3 keeps 99 of 1 action"),
    (b'{"keep": 1, "add": [7]}\n', "line 3 is not a change"),
    (b'{"keep": 1, "add": ["fly-away 3"]}\n', "line 3"),
])
def test_a_damaged_journal_line_makes_the_autosave_damaged(tmp_path, line, words):
    records = _records(3)
    autosave = Autosave(tmp_path)
    for record in records[:3]:
        autosave.save(record)
    journal = tmp_path / JOURNAL_FILE
    lines = journal.read_bytes().splitlines(keepends=True)
    journal.write_bytes(b"".join(lines[:2]) + line)
    with pytest.raises(GameFileError, match=words):
        autosave.read_text()
    with pytest.raises(GameFileError):
        autosave.summary()
    moved = autosave.set_aside_damaged()
    assert moved.name.startswith(DAMAGED_PREFIX) and moved.with_suffix(".ddjournal").is_file()
    assert not autosave.exists() and not journal.exists()


def test_an_autosave_without_a_journal_still_resumes(tmp_path):
    """An autosave written before the journal existed: the record file alone."""
    shutil.copy(GAME_V1, tmp_path / AUTOSAVE_FILE)
    expected = GameRecord.from_json(GAME_V1.read_text(encoding="utf-8"))
    assert GameRecord.from_json(Autosave(tmp_path).read_text()) == expected


def test_setting_aside_writes_one_game_file_and_clear_removes_the_journal(tmp_path):
    records = _records(4)
    autosave = Autosave(tmp_path)
    for record in records:
        autosave.save(record)
    moved = autosave.set_aside()
    assert moved == tmp_path / PREVIOUS_FILE
    assert GameRecord.from_json(moved.read_text(encoding="utf-8")) == records[4]
    assert sorted(p.name for p in tmp_path.iterdir()) == [PREVIOUS_FILE]
    for record in records:
        autosave.save(record)                      # the same object starts afresh
    assert GameRecord.from_json(autosave.read_text()) == records[4]
    autosave.clear()
    assert sorted(p.name for p in tmp_path.iterdir()) == [PREVIOUS_FILE]


def test_a_failed_append_is_followed_by_a_whole_rewrite(tmp_path, monkeypatch):
    """A full disk in the middle of an append may leave half a line: the next save must not
    append after it."""
    records = _records(4)
    autosave = Autosave(tmp_path)
    autosave.save(records[0])
    autosave.save(records[1])

    def half_then_full(line, create):
        with open(tmp_path / JOURNAL_FILE, "ab") as out:
            out.write(line.encode()[:4])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "_append", half_then_full)
    with pytest.raises(OSError):
        autosave.save(records[2])
    monkeypatch.undo()
    autosave.save(records[3])
    assert GameRecord.from_json(autosave.read_text()) == records[3]
    assert _file_actions(tmp_path) == 3


def test_an_orphan_journal_is_a_leftover(tmp_path):
    """A kill while the autosave was removed (the record file first) leaves the journal
    alone: the next start removes it."""
    records = _records(2)
    autosave = Autosave(tmp_path)
    for record in records:
        autosave.save(record)
    (tmp_path / AUTOSAVE_FILE).unlink()
    assert autosave.remove_leftovers() == 1 and not list(tmp_path.iterdir())


def _journal_lines(folder: Path) -> list[dict]:
    lines = (folder / JOURNAL_FILE).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:]]   # the first line is the header


def test_a_save_told_how_the_record_follows_writes_what_a_compared_save_writes(tmp_path):
    """The worker tells the autosave how a record follows the one saved before (actions
    added, or an undo cutting it at k), so a save need not compare the whole record: the
    journal and the game read back are those of saves that compare."""
    records = _records(6)
    told, compared = tmp_path / "told", tmp_path / "compared"
    steps = [2, 3, 5, 4, 1, 6]        # actions, an undo of one, an undo of three, a redo
    autosave, plain = Autosave(told), Autosave(compared)
    autosave.save(records[0])
    plain.save(records[0])
    previous = records[0]
    for count in steps:
        keep = min(count, len(previous.actions))
        autosave.save(records[count], Follows(previous, keep))
        plain.save(records[count])
        previous = records[count]
    assert _journal_lines(told) == _journal_lines(compared)
    assert [line["keep"] for line in _journal_lines(told)] == [0, 2, 3, 4, 1, 1]
    assert GameRecord.from_json(autosave.read_text()) == records[6]


def test_a_save_told_of_another_record_than_the_last_saved_compares_instead(tmp_path):
    """A `Follows` naming a record the autosave did not save last is not trusted: trusting
    it here would journal "keep 4" after a record of 2 actions (a damaged autosave)."""
    records = _records(5)
    autosave = Autosave(tmp_path)
    autosave.save(records[2])
    autosave.save(records[5], Follows(records[4], 4))
    assert _journal_lines(tmp_path) == [
        {"keep": 2, "add": [a.to_text() for a in records[5].actions[2:]]}]
    assert GameRecord.from_json(autosave.read_text()) == records[5]


def test_the_worker_tells_the_autosave_how_each_change_follows(tmp_path, monkeypatch):
    """Actions, a redo and undos reach the autosave with how they follow the record saved
    before; a new game is saved whole. A resume reads back the worker's game."""
    from dragondice_desktop.worker.engine_worker import EngineWorker

    told: list[Follows | None] = []
    real = Autosave.save
    records_seen: list[GameRecord] = []
    monkeypatch.setattr(Autosave, "save", lambda self, record, follows=None: (
        told.append(follows), records_seen.append(record), real(self, record, follows)))
    worker = EngineWorker()
    worker.set_autosave(tmp_path)
    worker.new_game(demo_setups(), 7)
    worker.autoplay(4)
    worker.submit(choose(worker._state).to_text())
    worker.undo()
    worker.undo()
    worker.redo()
    assert told[0] is None                                   # the new game
    # autoplay from the start keeps 0; the action after 4 keeps 4; the undos from 5 and 4
    # keep 4 and 3; the redo after 3 keeps all 3
    assert [f.keep for f in told[1:]] == [0, 4, 4, 3, 3]
    assert all(f.previous is record for f, record in zip(told[1:], records_seen))
    assert GameRecord.from_json(Autosave(tmp_path).read_text()) == worker._record
