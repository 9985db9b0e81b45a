"""The tournament's command line refuses bad arguments with one clear line."""

from __future__ import annotations

import pytest

from mathplay.tournament import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "foo,greedy"], "there is no computer player 'foo'"),
        (["--option", "size=8"], "size must be an odd whole number"),
        (["--option", "nonsense"], "--option takes KEY=VALUE"),
        (["--option", "sise=9"], "does not take these options (check the spelling): sise"),
        (["--games", "-1"], "'-1' is not a number of games"),
        (["--games", "many"], "'many' is not a number of games"),
        (["--players", "greedy"], "--players takes two kinds"),
    ],
)
def test_bad_arguments_exit_with_a_message_and_no_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*args, "--games", "1"] if "--games" not in args else args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_good_match_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["--game", "summy", "--players", "easy,medium", "--games", "1", "--option", "size=9"])
        == 0
    )
    assert "easy vs medium: 1 game\n" in capsys.readouterr().out
