"""Two pupils on one screen: each one's tiles stay hidden until they say they are at the
screen, and are never sent to the page before (so not in the DOM either)."""

from __future__ import annotations

import json

import pytest

import mathplay
from mathplay.errors import MathplayError
from mathplay.widgets.boards import BOARDS
from tests.widgets.conftest import front_end


def _sent(board: object) -> str:
    return json.dumps(board.view)  # type: ignore[attr-defined]


def _buttons(board: object) -> list[str]:
    return [b["id"] for b in board.view["buttons"]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(BOARDS))  # every board, plug-ins' too
def test_each_pupils_tiles_are_hidden_until_they_are_ready(game: str) -> None:
    board = mathplay.play(game, seats=["human", "human"], names=["Ana", "Ben"], seed=3,
                          threaded=False)  # fmt: skip
    first = list(board.game.hands[0])
    assert board.view["hand"] == []
    assert board.view["hand_title"] == "Ana's tiles are hidden"
    assert "Ana's turn: press the button when Ana is ready." in board.message
    assert _buttons(board) == ["ready", "undo", "new"]
    assert board.view["buttons"][0]["label"] == "Ana is ready"
    front_end(board, event="tile", index=0)  # a click on the rack changes nothing
    front_end(board, event="square", row=0, col=0)
    front_end(board, event="action", id="pass")
    assert board.game.ply == 0 and board.message == "First press “Ana is ready”."
    front_end(board, event="action", id="ready")
    assert [tile["token"] for tile in board.view["hand"]] == first
    assert board.message == "Ana, here are your tiles. It is your turn."
    assert "review" in _buttons(board)
    front_end(board, event="action", id="pass")
    if board.game.to_move == 0:  # a warning first (the pass would end the game): say yes
        front_end(board, event="action", id="pass")
    assert board.game.to_move == 1
    view = board.view
    assert view["hand"] == [] and view["hand_title"] == "Ben's tiles are hidden"
    second = board.game.hands[1]
    # Ben's tiles are not sent to the page at all while hidden (only the bag count is).
    assert all(entry.get("token") is None for entry in view["hand"])
    assert view["players"][0]["name"] == "Ana" and view["players"][1]["name"] == "Ben"
    assert any("Ana passed" in line or "Ana" in line for line in view["log"])
    assert len(second) > 0


@pytest.mark.parametrize("game", list(BOARDS))  # every board, plug-ins' too
def test_undo_and_new_game_on_the_hand_over_screen_lead_to_a_hand_over(game: str) -> None:
    board = mathplay.play(game, seats=["human", "human"], names=["Ana", "Ben"], seed=3,
                          threaded=False)  # fmt: skip
    front_end(board, event="action", id="ready")
    front_end(board, event="action", id="hint")  # a hint's squares tell of Ana's rack
    board._turns.submit(str(board.game.best_moves(1)[0]) if board.game.best_moves(1)
                        else "pass")  # fmt: skip
    while board.game.to_move == 0:  # Mixmath: one tile at a time, then end the turn
        board._turns.submit("end")
    assert board.view["hand"] == [] and "Ben is ready" in str(board.view["buttons"])
    # Ben's screen: Undo gives the turn back to Ana, and her tiles stay hidden.
    front_end(board, event="action", id="undo")
    assert board.game.to_move == 0 and board.message.startswith("Took back")
    view = board.view
    assert view["hand"] == [] and view["hint"] == [] and view["hint_tiles"] == []
    assert view["hand_title"] == "Ana's tiles are hidden"
    assert "Ana's turn: press the button when Ana is ready." in board.message
    front_end(board, event="action", id="ready")
    assert [tile["token"] for tile in board.view["hand"]] == list(board.game.hands[0])
    # New game on a hand-over screen: the first to move says they are ready first.
    board._turns.submit("pass")
    front_end(board, event="action", id="new")
    assert board.view["hand"] == [] and _buttons(board)[0] == "ready"


def test_the_review_waits_for_the_end_of_a_game_of_two_pupils() -> None:
    board = mathplay.play("summy", seats=["human", "human"], seed=3, size=9, threaded=False)
    front_end(board, event="action", id="ready")
    move = board.game.best_moves(1)[0]
    board._turns.submit(str(move))
    front_end(board, event="action", id="ready")
    review = next(b for b in board.view["buttons"] if b["id"] == "review")
    assert review["enabled"] is False  # the review would show Ana's tiles of then


def test_one_pupil_against_the_computer_sees_the_tiles_at_once() -> None:
    board = mathplay.play("summy", seats=["human", "computer"], seed=3, size=9, threaded=False)
    assert len(board.view["hand"]) == 8 and "ready" not in _buttons(board)


def test_the_hand_over_can_be_switched_off() -> None:
    board = mathplay.play("summy", seats=["human", "human"], seed=3, size=9, threaded=False,
                          handover=False)  # fmt: skip
    assert len(board.view["hand"]) == 8


def test_a_new_game_of_two_people_from_the_panel_hides_the_tiles() -> None:
    board = mathplay.play("summy", seed=3, size=9, threaded=False)
    front_end(board, event="new_game", options={"players": 2, "seat1": "human",
                                                 "seat2": "human"})  # fmt: skip
    assert board.view["hand"] == [] and _buttons(board)[0] == "ready"


@pytest.mark.parametrize("names", [["Ana"], "Ana,Ben", ["", "Ben"], ["A" * 40, "Ben"], [1, 2]])
def test_bad_names_are_refused_in_words(names: object) -> None:
    with pytest.raises(MathplayError):
        board = mathplay.play("summy", seats=["human", "human"], names=names, size=9,  # type: ignore[arg-type]
                              threaded=False)  # fmt: skip
        assert board.view["players"][0]["name"] != ""


def test_two_pupils_play_by_turns_through_game_codes() -> None:
    """Ana plays on her board and sends the code; Ben opens it on his, plays, sends it
    back; each board checks every move on opening."""
    ana = mathplay.play("binary", seats=["human", "human"], names=["Ana", "Ben"], seed=9,
                        threaded=False)  # fmt: skip
    front_end(ana, event="action", id="ready")
    ana._turns.submit(str(ana.game.best_moves(1)[0]))
    sent: list[object] = []
    ana.send = sent.append  # type: ignore[method-assign]  # what the page would get
    front_end(ana, event="show_code")
    code = sent[-1]["code"]  # type: ignore[index]
    assert code == ana.game_code() and code.startswith("MP2-")
    ben = mathplay.play("binary", seats=["human", "human"], names=["Ana", "Ben"], seed=1,
                        threaded=False)  # fmt: skip
    front_end(ben, event="open_code", code=code)
    assert ben.game.state_key() == ana.game.state_key()
    assert ben.message.startswith("Here is the game from the code. Ben to move.")
    assert ben.view["hand"] == []  # Ben presses "Ben is ready" first
    front_end(ben, event="action", id="ready")
    assert [tile["token"] for tile in ben.view["hand"]] == list(ana.game.hands[1])
    front_end(ben, event="action", id="pass")
    ana.open_code(ben.game_code())
    assert ana.game.ply == 2 and ana.game.to_move == 0


def test_a_wrong_code_or_another_games_code_changes_nothing() -> None:
    board = mathplay.play("summy", seats=["human", "human"], seed=9, size=9, threaded=False)
    before = board.game.save()
    front_end(board, event="open_code", code="MP1-ABCDE-FGHJK")
    assert board.game.save() == before
    assert board.message.startswith("This game code is not right")
    other = mathplay.play("binary", seats=["human", "human"], seed=9, threaded=False)
    front_end(board, event="open_code", code=other.game_code())
    assert board.game.save() == before
    assert board.message == "This is the code of a game of Binary: open it on a Binary board."
