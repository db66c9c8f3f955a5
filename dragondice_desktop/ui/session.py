"""The main window's "never lose a game" conversations: resuming an interrupted game, an
engine failure with its bug report, saving before closing, confirming the end of a turn.

Every box is opened with `open()` (window-modal, not blocking), so tests can read and answer
it; the window keeps the box it shows in an attribute (`resume_box`, `crash_box`,
`confirm_box`) and a function per answer does the work. Only closing asks with a blocking
`exec()`: the close event must know the answer before it returns.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..engine.core.record import GameFileError
from ..worker.autosave import NewerAutosaveError
from ..engine.turn.start import next_player
from .bug_report import write_bug_report

Button = QMessageBox.StandardButton


# --- resuming an interrupted game -------------------------------------------------------------

def offer_resume(window) -> bool:
    """If the last session left an autosave (the app did not close cleanly), ask whether to
    resume it and return True; return False when there is nothing to offer. A damaged
    autosave (whatever it holds) is moved to `autosave-damaged-<time>.ddgame` with a
    message, and False: the app carries on to a new game. An autosave of a newer version of
    the app is kept where it is, with a message saying it needs that version, and False."""
    autosave = window.autosave
    if autosave is None:
        return False
    autosave.remove_leftovers()
    if not autosave.exists():
        return False
    try:
        summary = autosave.summary()
    except NewerAutosaveError:
        window.show_error("Cannot resume the interrupted game",
                          "The autosave of the last game was written by a newer version of "
                          "Dragon Dice Desktop, which this version cannot replay. It was "
                          "kept as it is: update the app to resume it.\n\nA game you start "
                          f"now is autosaved beside it (it moves to {autosave.folder} as "
                          "autosave-newer-….ddgame), so it is not written over.")
        return False
    except (OSError, GameFileError) as exc:
        reason = str(exc)
    except Exception as exc:  # noqa: BLE001 — a bad autosave must never stop every start
        reason = f"{type(exc).__name__}: {str(exc)[:200]}"
    else:
        reason = None
    if reason is not None:
        kept = _set_aside_damaged(window)
        window.show_error("Cannot resume the interrupted game",
                          f"The autosave of the last game is damaged and cannot be read:\n"
                          f"{reason}{kept}")
        return False
    box = QMessageBox(QMessageBox.Icon.Question, "Resume the interrupted game?",
                      "Dragon Dice Desktop did not close normally last time.\n\n"
                      f"Resume the game it was playing?\n{summary.describe()}", parent=window)
    resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole)
    box.addButton("Start a new game", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(resume)
    box.resume_button = resume
    window.resume_box = box
    box.finished.connect(lambda _r: resume_answer(window, box.clickedButton() is resume))
    box.open()
    return True


def resume_answer(window, resume: bool) -> None:
    """The player's answer to the resume offer: replay the autosave in the worker, or set
    it aside and ask for a new game."""
    if resume:
        try:
            text = window.autosave.read_text()
        except (OSError, GameFileError) as exc:
            resume_failed(window, str(exc))
            return
        window._resuming = True
        window.client.load_text(text)
        return
    try:
        moved = window.autosave.set_aside()
    except OSError as exc:
        window.show_status(f"The interrupted game could not be set aside "
                           f"({exc.strerror or exc}): it is still in {window.autosave.path} "
                           "and will be offered again at the next start, unless the new "
                           "game's autosave replaces it")
    else:
        window.show_status("The interrupted game was set aside" +
                           (f" (kept as {moved})" if moved else ""))
    window.new_game_dialog()


def resume_failed(window, reason: str) -> None:
    """The autosave did not replay: say why, keep it aside as damaged (never offered again),
    and carry on with no game."""
    window._resuming = False
    kept = _set_aside_damaged(window)
    window.show_error("Cannot resume the interrupted game",
                      f"The interrupted game cannot be replayed:\n{reason}{kept}")


def _set_aside_damaged(window) -> str:
    """Move a damaged autosave to `autosave-damaged-<time>.ddgame`; returns a sentence
    saying where it went (or that it could not be moved)."""
    try:
        moved = window.autosave.set_aside_damaged()
    except OSError as exc:
        return f"\n\nIt could not be moved aside ({exc.strerror or exc})."
    return f"\n\nIt was kept as {moved}." if moved else ""


# --- an engine failure ------------------------------------------------------------------------

def engine_crashed(window, report) -> None:
    """The engine failed on a request: the worker kept the game as it was before it. Say so
    and offer the bug report bundle."""
    window.last_crash = report
    window.board.refresh()  # a die dropped for the failing action goes back
    what = f"while {report.request}" if report.request else ""
    box = QMessageBox(
        QMessageBox.Icon.Warning, "The rules engine failed",
        f"Something went wrong inside the rules engine {what}:\n{report.error}\n\n"
        "The game is back where it was before that action and you can keep playing. "
        "A bug report (the game, the log and the error) helps get this fixed.", parent=window)
    save = box.addButton("Save bug report…", QMessageBox.ButtonRole.ActionRole)
    box.addButton(Button.Close)
    box.save_button = save
    window.crash_box = box
    box.finished.connect(lambda _r: box.clickedButton() is save and save_bug_report(window))
    window.show_status(f"The rules engine failed {what}; the game was kept as it was")
    box.open()


def save_bug_report(window, folder: str | Path | None = None) -> Path | None:
    """Write the bug report bundle of the last engine failure into `folder` (asked for when
    None). Returns the bundle's path, or None if cancelled or impossible (with a message)."""
    if window.last_crash is None:
        return None
    if folder is None:
        folder = QFileDialog.getExistingDirectory(window, "Save the bug report in…",
                                                  str(Path.home()))
        if not folder:
            return None
    try:
        path = write_bug_report(folder, window.last_crash, window.log.lines())
    except (OSError, ValueError) as exc:  # ValueError: text UTF-8 cannot encode
        window.show_error("Cannot save the bug report", str(exc))
        return None
    window.show_status(f"Bug report saved: {path}")
    return path


# --- closing and ending turns -----------------------------------------------------------------

def has_unsaved_game(window) -> bool:
    """An unfinished game with actions that are in no file."""
    snap = window.snapshot
    return bool(snap is not None and window.dirty and snap.legal and snap.record.actions)


def may_close(window, doing: str = "closing") -> bool:
    """Offer to save an unsaved, unfinished game before the app closes (its autosave goes
    away with a clean close) or another game replaces it (`doing`: "starting a new game",
    "opening another game"). Returns False when the player cancels or the save fails."""
    if not has_unsaved_game(window):
        return True
    answer = ask_save_before_close(window, doing)
    if answer == Button.Cancel:
        return False
    if answer == Button.Save:
        return window.save()
    return True


def discard_means(window, doing: str = "closing") -> str:
    """What Discard does to the unsaved game, as it really happens: the autosave brings a
    game back only after the app stopped without closing (a crash, a kill); a normal close
    deletes it, a new or opened game's autosave takes its place, and a demo game or a window
    without autosave has none."""
    if window.autosave is None or window.throwaway:
        kept = "This game is not autosaved"
    elif doing == "closing":
        kept = ("Its autosave is deleted when the app closes normally, so the next start "
                "does not offer to resume it")
    else:
        kept = "The next game's autosave takes the place of its autosave"
    return (f"Save keeps it in a game file you can open again later (Game ▸ Open). If you "
            f"discard it, it is gone: {kept[0].lower() + kept[1:]}.")


def save_before_close_box(window, doing: str = "closing") -> QMessageBox:
    """The Save / Discard / Cancel question (not shown yet), saying what each answer does."""
    box = QMessageBox(QMessageBox.Icon.Question, "Save the game?",
                      f"The game in progress has unsaved actions. Save it before {doing}?"
                      f"\n\n{discard_means(window, doing)}",
                      Button.Save | Button.Discard | Button.Cancel, window)
    box.setDefaultButton(Button.Save)
    box.setEscapeButton(Button.Cancel)
    return box


def ask_save_before_close(window, doing: str = "closing") -> Button:
    """Save / Discard / Cancel (blocking: the close event, the new game or the opening
    waits for it)."""
    box = save_before_close_box(window, doing)
    box.exec()
    clicked = box.clickedButton()
    return box.standardButton(clicked) if clicked is not None else Button.Cancel


def confirm_end_turn(window, text: str) -> None:
    """Ask before ending the turn (Preferences ▸ Ask before ending a turn), naming the
    player who goes next."""
    snapshot = window.snapshot
    who = ("The next player" if snapshot is None
           else snapshot.state.players[next_player(snapshot.state)].name)
    box = QMessageBox(QMessageBox.Icon.Question, "End the turn?",
                      f"End your turn now? {who} goes next.",
                      Button.Yes | Button.No, window)
    box.setDefaultButton(Button.Yes)
    window.confirm_box = box
    box.finished.connect(
        lambda _r: box.clickedButton() is box.button(Button.Yes) and window.client.submit(text))
    box.open()
