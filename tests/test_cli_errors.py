"""Headless commands refuse bad arguments with a clear message and exit code 2, before doing
any work (issue 2 §1 headless commands; bad input never ends in a traceback)."""

import pytest

from dragondice_desktop.cli import main


@pytest.mark.parametrize("argv,message", [
    (["roll", "--for", "melee", "Dragons/Red Drake"], "only units and items roll"),
    (["catalog", "  "], "give a die's key or name"),
    (["screenshot", "/nonexistent-folder/x.png"], "does not exist"),
    (["screenshot", "picture.txt"], "must end in .png"),
    (["selfplay", "--save", "/nonexistent-folder/g.json"], "cannot save to"),
])
def test_bad_arguments_get_a_message(capsys, argv, message):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["screenshot", "x.png", "--size", "abc"],
    ["screenshot", "x.png", "--size", "100000x100000"],
    ["screenshot", "x.png", "--actions", "-5"],
])
def test_bad_option_values_are_refused_by_the_parser(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "dragondice screenshot: error" in capsys.readouterr().err
