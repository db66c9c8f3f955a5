"""store_cli: the force and collection commands, run through our own small parser."""

import argparse
import os
from pathlib import Path

import pytest

from dragondice_desktop.commands import store as store_cli
from dragondice_desktop.forces.io import dump_force, load_force

# An OCTGN deck of our own (tests/forces/data), so the import runs without ../shared.
OCTGN_DECK = Path(__file__).parents[1] / "forces" / "data" / "Treefolk - Grove Wardens.o8d"


# A legal 36-point force at the setup limits (a 1-health Home army, an 18-point Horde),
# kept with the tests so the bundled sample forces can change.
LIMITS = load_force((Path(__file__).parents[1] / "forces" / "data"
                     / "amazons-at-the-limits.json").read_text(encoding="utf-8"))


def parser():
    p = argparse.ArgumentParser(prog="dragondice")
    sub = p.add_subparsers(dest="command")
    store_cli.add_commands(sub)
    sub.add_parser("other")
    return p


def run(*argv):
    return store_cli.run(parser().parse_args([str(a) for a in argv]))


@pytest.fixture
def sample_json(tmp_path):
    path = tmp_path / "amazons.json"
    path.write_text(dump_force(LIMITS), encoding="utf-8")
    return path


def test_cli_other_commands_are_not_ours():
    assert run("other") is None


def test_cli_force_validate_legal_force(sample_json, capsys):
    assert run("force", "validate", sample_json) == 0
    out = capsys.readouterr().out
    assert "Amazons at the limits: 36 of 36 points" in out and "legal" in out


def test_cli_force_validate_errors_exit_one(tmp_path, capsys):
    text = sample_json_text().replace('"points": 36', '"points": 24')
    path = tmp_path / "small.json"
    path.write_text(text, encoding="utf-8")
    assert run("force", "validate", path) == 1
    out = capsys.readouterr().out
    assert "error: Force has 36 points; the force size is 24." in out
    assert "Horde army has 18 points; the most is 12 (half of 24)." in out


def sample_json_text():
    return dump_force(LIMITS)


def test_cli_force_validate_broken_file_exit_two(tmp_path, capsys):
    path = tmp_path / "broken.o8d"
    path.write_text("<deck><section", encoding="utf-8")
    assert run("force", "validate", path) == 2
    assert "not valid XML" in capsys.readouterr().err


def test_cli_force_import_export_list(tmp_path, sample_json, capsys):
    data = tmp_path / "data"
    assert run("force", "import", sample_json, "--data-dir", data) == 0
    assert "saved 'Amazons at the limits': 36 of 36 points, legal" in capsys.readouterr().out
    assert run("force", "import", sample_json, "--data-dir", data) == 1
    assert "already saved" in capsys.readouterr().err
    assert run("force", "import", sample_json, "--name", "Copy", "--data-dir", data) == 0
    capsys.readouterr()
    assert run("force", "--data-dir", data, "list") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Amazons at the limits  (36/36 points)", "Copy  (36/36 points)"]
    out_file = tmp_path / "copy.txt"
    assert run("force", "export", "Copy", "--format", "text", "-o", out_file,
               "--data-dir", data) == 0
    assert out_file.read_text(encoding="utf-8").startswith("Dragon Dice force: Copy\n")
    assert run("force", "export", "Nope", "--data-dir", data) == 2
    assert "no saved force called 'Nope'" in capsys.readouterr().err


def test_cli_force_import_octgn_deck_named_after_file(tmp_path, capsys):
    assert run("force", "import", OCTGN_DECK, "--data-dir", tmp_path) == 0
    assert "saved 'Treefolk - Grove Wardens': 36 of 36 points, legal" in capsys.readouterr().out


def test_cli_data_dir_from_environment(tmp_path, sample_json, monkeypatch, capsys):
    monkeypatch.setenv("DRAGONDICE_DATA_DIR", str(tmp_path / "env"))
    assert run("force", "import", sample_json) == 0
    assert (tmp_path / "env" / "dragondice.sqlite3").is_file()


def test_cli_collection_import_needs_yes_then_is_idempotent(tmp_path, capsys):
    data = tmp_path / "data"
    csv = tmp_path / "mine.csv"
    csv.write_text("name,quantity\nSeer,3\nWar Driver,2\nSeerr,1\n", encoding="utf-8")
    assert run("collection", "import", csv, "--mode", "replace", "--data-dir", data) == 1
    out = capsys.readouterr().out
    assert "2 to add, 0 to change, 0 to remove, 1 unknown name (replace mode)" in out
    assert "closest: Amazons/Seer" in out and "nothing was imported" in out
    assert run("collection", "export", "-", "--data-dir", data) == 0
    assert capsys.readouterr().out.count("\n") == 1          # header only: nothing written
    for _ in range(2):
        assert run("collection", "import", csv, "--mode", "replace", "--yes",
                   "--data-dir", data) == 0
        capsys.readouterr()
    assert run("collection", "export", "-", "--data-dir", data) == 0
    assert capsys.readouterr().out.splitlines() == [
        "die_key,name,species,kind,quantity,printing,condition,notes",
        "Amazons/Seer,Seer,Amazons,unit,3,,,",
        "Amazons/War Driver,War Driver,Amazons,unit,2,,,"]


def test_cli_collection_import_bad_file(tmp_path, capsys):
    csv = tmp_path / "bad.csv"
    csv.write_text("name,quantity\nSeer,lots\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", tmp_path) == 2
    assert "quantity 'lots'" in capsys.readouterr().err


def test_cli_damaged_database_is_reported(tmp_path, capsys):
    (tmp_path / "dragondice.sqlite3").write_bytes(b"not sqlite" * 400)
    assert run("force", "list", "--data-dir", tmp_path) == 2
    assert "is damaged" in capsys.readouterr().err
    assert (tmp_path / "dragondice.sqlite3").read_bytes() == b"not sqlite" * 400


# --- robustness: bad input gets a message, nothing is lost ----------------------------------

def seeded(tmp_path, capsys):
    data = tmp_path / "data"
    csv = tmp_path / "mine.csv"
    csv.write_text("name,quantity,printing\nSeer,3,SFR\nWar Driver,2,\n", encoding="utf-8")
    assert run("collection", "import", csv, "--mode", "replace", "--yes", "--data-dir",
               data) == 0
    capsys.readouterr()
    return data


def exported(data, capsys):
    assert run("collection", "export", "-", "--data-dir", data) == 0
    return capsys.readouterr().out


class _Tty:
    """Standard input that is a terminal whose user presses Ctrl-D."""

    buffer = None

    def isatty(self):
        return True

    def readline(self, *args):
        return ""


def test_cli_ctrl_d_at_the_prompt_is_no(tmp_path, capsys, monkeypatch):
    data = seeded(tmp_path, capsys)
    before = exported(data, capsys)
    csv = tmp_path / "more.csv"
    csv.write_text("name,quantity\nSeer,1\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", _Tty())
    assert run("collection", "import", csv, "--data-dir", data) == 1
    out = capsys.readouterr().out
    assert "Apply this add import? [y/N]" in out
    assert "nothing was imported (run again with --yes to apply)" in out
    monkeypatch.undo()
    assert exported(data, capsys) == before


def test_cli_replace_import_of_unknown_rows_does_not_wipe_the_collection(tmp_path, capsys):
    data = seeded(tmp_path, capsys)
    before = exported(data, capsys)
    csv = tmp_path / "junk.csv"
    csv.write_text('name,quantity\nNobody,3\n"=HYPERLINK(""x"")",1\n', encoding="utf-8")
    assert run("collection", "import", csv, "--mode", "replace", "--yes",
               "--data-dir", data) == 1
    captured = capsys.readouterr()
    assert "this would EMPTY the collection" in captured.out
    assert "warning: This replace import would remove all 2 dice" in captured.out
    assert "a replace import may only empty the collection with --allow-empty" in captured.err
    assert exported(data, capsys) == before
    assert run("collection", "import", csv, "--mode", "replace", "--yes", "--allow-empty",
               "--data-dir", data) == 0
    capsys.readouterr()
    assert exported(data, capsys).count("\n") == 1


def test_cli_preview_shows_text_that_would_be_lost(tmp_path, capsys):
    data = seeded(tmp_path, capsys)
    csv = tmp_path / "plain.csv"
    csv.write_text("name,quantity\nSeer,3\nWar Driver,2\n", encoding="utf-8")
    assert run("collection", "import", csv, "--mode", "replace", "--data-dir", data) == 1
    assert "change Amazons/Seer: 3 -> 3; printing 'SFR' -> ''" in capsys.readouterr().out


@pytest.mark.parametrize("qty", ["²", "9" * 5000])
def test_cli_bad_csv_quantity_is_a_message(tmp_path, capsys, qty):
    data = seeded(tmp_path, capsys)
    before = exported(data, capsys)
    csv = tmp_path / "bad.csv"
    csv.write_text(f"name,quantity\nSeer,{qty}\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert "error: line 2: Amazons/Seer: quantity" in err and "nothing was imported" in err
    assert exported(data, capsys) == before


def test_cli_csv_from_a_fifo_is_refused(tmp_path, capsys):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    assert run("collection", "import", fifo, "--yes", "--data-dir", tmp_path / "d") == 2
    assert "is not a regular file" in capsys.readouterr().err


def test_cli_name_with_undecodable_bytes_is_refused(tmp_path, sample_json, capsys):
    data = tmp_path / "data"
    bad = os.fsdecode(b"\xff\xfe")                   # what argv holds for such bytes
    assert run("force", "import", sample_json, "--name", bad, "--data-dir", data) == 2
    assert "the force name is not valid Unicode text" in capsys.readouterr().err
    assert run("force", "export", bad, "--data-dir", data) == 2
    assert "no saved force called '\\udcff\\udcfe'" in capsys.readouterr().err


def test_cli_read_commands_create_nothing(tmp_path, capsys):
    data = tmp_path / "none"
    assert run("force", "list", "--data-dir", data) == 0
    assert capsys.readouterr().out == "no saved forces\n"
    assert run("collection", "export", "-", "--data-dir", data) == 0
    assert not data.exists()


def test_cli_export_of_a_force_with_unknown_dice_says_why(tmp_path, sample_json, capsys):
    from dragondice_desktop.store.database import open_database
    data = tmp_path / "data"
    assert run("force", "import", sample_json, "--data-dir", data) == 0
    capsys.readouterr()
    db = open_database(data / "dragondice.sqlite3")     # a key from another catalog version
    db.execute("UPDATE force_dice SET die_key = 'Amazons/Gone' WHERE slot = 'home_army'")
    db.conn.commit()
    db.close()
    assert run("force", "export", "Amazons at the limits", "--format", "text",
               "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert "cannot be written as text: its dice 'Amazons/Gone' are not in the catalog" in err
    assert "nothing was written" in err
    assert run("force", "export", "Amazons at the limits", "--data-dir", data) == 0
    assert "Amazons/Gone" in capsys.readouterr().out


# --- store backups / restore ----------------------------------------------------------------

def test_cli_restores_the_newest_good_backup_of_a_damaged_database(tmp_path, capsys):
    """The damaged-database message says a backup can be restored: `store restore` does it
    from the command line; the damaged file is set aside, never deleted."""
    data = seeded(tmp_path, capsys)
    before = exported(data, capsys)
    csv = tmp_path / "more.csv"
    csv.write_text("name,quantity\nSeer,1\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 0  # backs up
    capsys.readouterr()
    db = data / "dragondice.sqlite3"
    db.write_bytes(b"not sqlite" * 400)
    assert run("store", "backups", "--data-dir", data) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed and all(line.endswith("  good") for line in listed)
    assert run("store", "restore", "--data-dir", data) == 0
    assert f"restored {listed[0].split()[0]}" in capsys.readouterr().out
    assert exported(data, capsys) == before  # the backup made before the second import
    damaged = list(data.glob("dragondice.sqlite3.damaged-*"))
    assert [p.read_bytes() for p in damaged] == [b"not sqlite" * 400]


def test_cli_restore_names_what_is_missing(tmp_path, capsys):
    assert run("store", "backups", "--data-dir", tmp_path) == 0
    assert "no backups of" in capsys.readouterr().out
    assert run("store", "restore", "--data-dir", tmp_path) == 2
    assert "no good backup" in capsys.readouterr().err
    data = seeded(tmp_path, capsys)
    assert run("store", "restore", "nope.sqlite3", "--data-dir", data) == 2
    assert "no backup named 'nope.sqlite3'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["", ".", "..", "../x", "backups/{backup}", "../../{backup}",
                                  "/tmp/{backup}"])
def test_cli_restore_takes_a_backup_name_never_a_path_or_nothing(tmp_path, capsys, name):
    """`store restore BACKUP` names a backup as `store backups` lists it. A path (even one
    ending in a backup's name: it would restore our backup of that name, not the file the
    path names) or an empty name (an unset shell variable) is refused; nothing changes."""
    data = seeded(tmp_path, capsys)
    csv = tmp_path / "more.csv"
    csv.write_text("name,quantity\nSeer,1\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 0  # backs up
    capsys.readouterr()
    backup = sorted((data / "backups").iterdir())[0].name
    db = data / "dragondice.sqlite3"
    before = db.read_bytes()
    assert run("store", "restore", name.format(backup=backup), "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert "give the backup's file name, as 'dragondice store backups' lists it" in err
    assert db.read_bytes() == before and not list(data.glob("*.damaged-*"))


def test_cli_restore_that_cannot_copy_keeps_the_database_in_place(tmp_path, capsys,
                                                                  monkeypatch):
    """A restore that fails while copying the backup (a full disk, a read-only data folder)
    leaves the current database where it was — not set aside with nothing in its place."""
    import shutil

    data = seeded(tmp_path, capsys)
    csv = tmp_path / "more.csv"
    csv.write_text("name,quantity\nSeer,1\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 0
    capsys.readouterr()
    db = data / "dragondice.sqlite3"
    before = db.read_bytes()
    listing = sorted(p.name for p in data.iterdir())

    def full_disk(source, target, **kwargs):
        with open(target, "wb") as handle:
            handle.write(b"half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copy2", full_disk)
    assert run("store", "restore", "--data-dir", data) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert db.read_bytes() == before
    assert sorted(p.name for p in data.iterdir()) == listing
