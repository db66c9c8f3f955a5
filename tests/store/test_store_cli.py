"""store_cli: the force and collection commands, run through our own small parser."""

import argparse
from pathlib import Path

import pytest

from dragondice_desktop import store_cli
from dragondice_desktop.forces.samples import sample_forces

DECKS = Path(__file__).parents[2].parent / "shared" / "reference" / "sample-forces"
AMAZON_DECK = DECKS / "Amazon - Mages and Cavalry.o8d"


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
    from dragondice_desktop.forces.io import dump_force
    path = tmp_path / "amazons.json"
    path.write_text(dump_force(sample_forces()[0]), encoding="utf-8")
    return path


def test_cli_other_commands_are_not_ours():
    assert run("other") is None


def test_cli_force_validate_legal_force(sample_json, capsys):
    assert run("force", "validate", sample_json) == 0
    out = capsys.readouterr().out
    assert "Amazons — Mages and Cavalry: 36 of 36 points" in out and "legal" in out


def test_cli_force_validate_errors_exit_one(tmp_path, capsys):
    text = sample_json_text().replace('"points": 36', '"points": 24')
    path = tmp_path / "small.json"
    path.write_text(text, encoding="utf-8")
    assert run("force", "validate", path) == 1
    out = capsys.readouterr().out
    assert "error: Force has 36 points; the force size is 24." in out
    assert "Horde army has 18 points; the most is 12 (half of 24)." in out


def sample_json_text():
    from dragondice_desktop.forces.io import dump_force
    return dump_force(sample_forces()[0])


def test_cli_force_validate_broken_file_exit_two(tmp_path, capsys):
    path = tmp_path / "broken.o8d"
    path.write_text("<deck><section", encoding="utf-8")
    assert run("force", "validate", path) == 2
    assert "not valid XML" in capsys.readouterr().err


def test_cli_force_import_export_list(tmp_path, sample_json, capsys):
    data = tmp_path / "data"
    assert run("force", "import", sample_json, "--data-dir", data) == 0
    assert "saved 'Amazons — Mages and Cavalry': 36 of 36 points, legal" in capsys.readouterr().out
    assert run("force", "import", sample_json, "--data-dir", data) == 1
    assert "already saved" in capsys.readouterr().err
    assert run("force", "import", sample_json, "--name", "Copy", "--data-dir", data) == 0
    capsys.readouterr()
    assert run("force", "--data-dir", data, "list") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Amazons — Mages and Cavalry  (36/36 points)", "Copy  (36/36 points)"]
    out_file = tmp_path / "copy.txt"
    assert run("force", "export", "Copy", "--format", "text", "-o", out_file,
               "--data-dir", data) == 0
    assert out_file.read_text(encoding="utf-8").startswith("Dragon Dice force: Copy\n")
    assert run("force", "export", "Nope", "--data-dir", data) == 2
    assert "no saved force called 'Nope'" in capsys.readouterr().err


def test_cli_force_import_octgn_deck_named_after_file(tmp_path, capsys):
    if not AMAZON_DECK.is_file():
        pytest.skip("shared sample decks not present")
    assert run("force", "import", AMAZON_DECK, "--data-dir", tmp_path) == 0
    assert "saved 'Amazon - Mages and Cavalry'" in capsys.readouterr().out


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
