"""Headless commands refuse bad arguments with a clear message and exit code 2, before doing
any work (issue 2 §1 headless commands; bad input never ends in a traceback)."""

import pytest

from dragondice_desktop.commands.main import main


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


@pytest.mark.parametrize("argv", [
    ["selfplay", "--seed", str(2 ** 64)],
    ["selfplay", "--seed", str(-2 ** 64), "--games", "2"],
    ["selfplay", "--seed", "9" * 5000],
    ["screenshot", "x.png", "--seed", str(2 ** 70)],
])
def test_a_game_seed_a_game_file_could_not_hold_is_refused(capsys, tmp_path, argv):
    """Game seeds are whole numbers below 2**64 in size (what a game file holds): a larger
    one is refused by the parser, in a short message, before any game is played — `selfplay
    --save` wrote a file the app then refused to open, `screenshot` said only that it could
    not render."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "is not a whole number from -18446744073709551615 to 18446744073709551615" in err
    assert len(err) < 1000


def test_the_largest_seed_plays_and_saves_a_file_that_opens(capsys, tmp_path):
    from dragondice_desktop.engine.core.record import GameRecord

    out = tmp_path / "g.json"
    assert main(["selfplay", "--seed", str(2 ** 64 - 1), "--save", str(out)]) == 0
    assert GameRecord.from_json(out.read_text(encoding="utf-8")).seed == 2 ** 64 - 1
