"""The example plug-in, ``examples/tens`` (installed by ``.ci/run``): a game from another
package is in the registry, plays by its rules, saves and loads, and is whole whichever
module a notebook imports first. The every-game tests (``tests/core/test_search_api.py``,
``tests/games/test_registry.py``, ``tests/games/test_legal_play.py``) run on it too; its
board is tested in ``tests/widgets/test_plugin_board.py``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mathplay
from mathplay.core import Grid
from mathplay.errors import IllegalMoveError
from mathplay.games.registry import GAMES, describe, game_names

pytest.importorskip("mathplay_tens", reason="the example plug-in: pip install -e examples/tens")

ROOT = Path(__file__).resolve().parents[2]


def test_the_plugins_game_is_registered_after_mathplays_own() -> None:
    from mathplay_tens.game import TENS, Tens

    assert game_names()[:3] == ("summy", "mixmath", "binary") and "tens" in game_names()
    info = GAMES["tens"]
    assert info.plugin and info.cls is Tens and info.title == TENS.title == "Tens"
    assert describe(Tens(seed=1)) is info and describe("TENS") is info
    assert describe("mathplay-tens.tens") is info


def dealt(*hands: str) -> Any:
    """A new game of Tens whose players hold ``hands`` (``"3512"``), the rest in the bag."""
    start = {"diagram": Grid(5).diagram(), "hands": [list(hand) for hand in hands]}
    return GAMES["tens"].cls._from_start({}, 2, {**start, "to_move": 0, "scores": [0, 0]})


def test_a_tile_scores_ten_for_each_tile_it_makes_ten_with() -> None:
    game = dealt("3312", "7795")
    with pytest.raises(IllegalMoveError, match="the first tile goes on the centre square, C3"):
        game.play("A1 3")
    assert game.play("C3 3") == 0
    with pytest.raises(IllegalMoveError, match="C3 already holds a tile"):
        game.play("C3 7")
    with pytest.raises(IllegalMoveError, match="A1 is not next to a tile on the board"):
        game.play("A1 7")
    with pytest.raises(IllegalMoveError, match="you have no 4 in your hand"):
        game.play("B3 4")
    assert game.play("B3 7") == 10  # 7 next to the 3 on C3
    assert game.play("B4 3") == 10  # 3 next to the 7 on B3
    assert game.play("C4 7") == 20  # 7 next to the 3 on C3 and the 3 on B4
    assert game.scores == (10, 30) and len(game.hands[0]) == 4  # each drew a tile
    again = mathplay.load(game.save())
    assert again.state_key() == game.state_key() and again.history == game.history


def test_the_game_ends_when_every_player_passes_in_a_row() -> None:
    game = GAMES["tens"].cls(players=3, seed=1)
    for _turn in range(3):
        assert not game.is_over
        game.play("pass")
    assert game.is_over and game.outcome is not None
    assert game.legal_moves() == [] and not game.is_legal("pass")


def test_two_computers_play_a_whole_game_to_a_full_board() -> None:
    from mathplay.ai import make_player
    from mathplay.core import EndReason

    game = GAMES["tens"].cls(seed=3)
    players = [make_player("medium", 1), make_player("easy", 2)]
    while not game.is_over:
        players[game.to_move].play_turn(game)
    assert game.outcome is not None and game.outcome.reason is EndReason.BOARD_FULL
    assert game.ply == 25 and sum(game.scores) == sum(entry.score for entry in game.history)
    assert game.outcome.describe(["You", "Computer"]).endswith(
        ": every square of the board holds a tile."
    )


@pytest.mark.parametrize(
    "first",
    [
        "from mathplay_tens.game import Tens",
        "from mathplay_tens.board import TensBoard",
        "import mathplay_tens",
        "import mathplay.widgets",
    ],
)
def test_the_plugin_is_whole_whatever_is_imported_first(first: str) -> None:
    """mathplay loads its plug-ins as it is imported: a plug-in's module imported before
    mathplay is loaded once it is whole, with no warning."""
    script = "\n".join(
        [
            first,
            "import mathplay",
            "board = mathplay.play('tens', seats=['human', 'human'], seed=1)",
            "from mathplay.games.registry import GAMES",
            "print(type(board).__name__, GAMES['tens'].cls.__name__)",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "PluginWarning" not in done.stderr, done.stderr
    assert done.stdout.split() == ["TensBoard", "Tens"]


def test_the_examples_own_examples_hold() -> None:
    """The doctests of the example's modules (``examples/`` is not among the test paths)."""
    import doctest

    import mathplay_tens.board
    import mathplay_tens.game

    for module in (mathplay_tens.game, mathplay_tens.board):
        assert doctest.testmod(module).failed == 0, module.__name__
