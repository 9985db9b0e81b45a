"""A game from another package shows on a board (the example plug-in, ``examples/tens``,
``docs/guide/plugins.md``): ``mathplay.play`` deals it, its New game panel offers its own
options, clicks play it, the computer answers, and a hint comes."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.errors import MathplayError
from mathplay.plugins import PluginError
from mathplay.widgets import boards
from tests.widgets.conftest import front_end

pytest.importorskip("mathplay_tens", reason="the example plug-in: pip install -e examples/tens")


def _options(board: object) -> dict[str, dict[str, object]]:
    return {field["name"]: field for field in board.layout_data["options"]}  # type: ignore[attr-defined]


def test_play_deals_the_plugins_game_on_its_board() -> None:
    from mathplay_tens.board import TensBoard

    assert boards.BOARDS["tens"] is TensBoard
    board = mathplay.play("tens", seats=["human", "computer:easy"], seed=3, threaded=False)
    assert isinstance(board, TensBoard) and board.layout_data["size"] == 5
    assert len(board.view["hand"]) == 4
    tile = board.game.hands[0][0]
    front_end(board, event="tile", index=0)
    front_end(board, event="square", row=2, col=2)
    moves = [entry.move for entry in board.game.history]
    assert moves[0] == f"C3 {tile}" and len(moves) == 2  # the computer answered
    assert board.message.startswith("Computer (easy) placed 1 tile"), board.message
    front_end(board, event="action", id="hint")
    assert board.message.startswith("Hint 1 of 3"), board.message
    front_end(board, event="action", id="undo")
    assert board.game.ply == 0


def test_the_new_game_panel_offers_the_plugins_options() -> None:
    board = mathplay.play("tens", seats=["human", "human"], seed=3, threaded=False)
    fields = _options(board)
    assert fields["size"]["choices"] == [[5, "5"], [7, "7"], [9, "9"]]
    assert [choice[0] for choice in fields["seat2"]["choices"]] == [  # type: ignore[union-attr]
        "human",
        "computer:easy",
        "computer:medium",
    ]
    chosen = {"players": 3, "seat1": "human", "seat2": "computer:medium", "seat3": "human"}
    front_end(board, event="new_game", options={**chosen, "size": 7})
    assert board.game.options.size == 7 and board.game.players == 3
    assert board.layout_data["size"] == 7 and board.seats[1] == "computer:medium"


def test_the_code_box_says_a_plugins_game_has_no_code() -> None:
    board = mathplay.play("tens", seats=["human", "human"], seed=3, threaded=False)
    sent: list[object] = []
    board.send = sent.append  # type: ignore[method-assign]
    front_end(board, event="show_code")
    assert sent == [
        {
            "code": "",
            "no_code": "This game has no code: a code holds only the games that come "
            "with mathplay.",
        }
    ]


def test_an_option_the_plugins_game_does_not_have_is_named() -> None:
    with pytest.raises(MathplayError, match=r"tens has no option 'sise'.*Did you mean size"):
        mathplay.play("tens", sise=7)


@pytest.mark.parametrize(
    ("name", "thing", "reason"),
    [
        ("tens", int, "it is type, not a BoardWidget class"),
        ("chess", boards.SummyBoard, "there is no game called 'chess' in the registry"),
        ("tens", boards.SummyBoard, "its entry point is called 'tens' but its game_name"),
        ("summy", boards.SummyBoard, "there is already a board for 'summy'"),
    ],
)
def test_the_boards_refuse_what_is_not_a_games_board(
    monkeypatch: pytest.MonkeyPatch, name: str, thing: object, reason: str
) -> None:
    monkeypatch.setattr(boards, "BOARDS", dict(boards.BOARDS))
    with pytest.raises(PluginError, match=reason):
        boards._plugin_board(name, thing)
