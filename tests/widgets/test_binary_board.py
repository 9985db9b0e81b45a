"""BinaryBoard: lines of chips by clicks and keys, blanks, exchange, a whole game."""

from __future__ import annotations

import pytest

from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.widgets import BinaryBoard, play
from tests.widgets.conftest import front_end, updates

HANDS = ["1 + 1 = 1 0 AND 0 ?", "1 0 1 0 = = OR NOT x"]


def fresh() -> BinaryBoard:
    return BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=HANDS), threaded=False)


def place(board: BinaryBoard, square: tuple[int, int], token: str) -> None:
    hand = board.game.hands[board.game.to_move]
    used = {i for i, _t in board._tentative.values()}
    chip = "?" if token.startswith("?") else token
    index = next(i for i, t in enumerate(hand) if t == chip and i not in used)
    front_end(board, event="tile", index=index)
    front_end(board, event="square", row=square[0], col=square[1])
    if chip == "?":
        front_end(board, event="blank", value=token[1:])


def test_a_line_played_by_clicks() -> None:
    board = fresh()
    for col, token in zip(range(7, 13), ["1", "+", "1", "=", "1", "0"]):
        place(board, (7, col), token)
    before = updates(board)
    front_end(board, event="action", id="play")
    assert updates(board) - before == 1
    assert board.game.history[-1].move == "H8 across 1 + 1 = 10"
    assert board.game.scores == (18, 0)
    assert board.view["cells"][7 * 15 + 8] == {"t": "+", "p": 1, "b": False, "n": "+, 1 point"}
    assert board.view["players"][0]["score"] == 18


def test_a_false_line_is_refused_with_the_checkers_reason() -> None:
    board = fresh()
    key = board.game.state_key()
    for col, token in zip(range(7, 11), ["1", "+", "1", "="]):
        place(board, (7, col), token)
    place(board, (7, 11), "0")
    front_end(board, event="action", id="play")
    assert board.view["kind"] == "error"
    assert "1 + 1" in board.message and "not" in board.message
    assert len(board.tentative) == 5 and board.game.state_key() == key


def test_keyboard_types_words_and_blanks() -> None:
    board = fresh()
    front_end(board, event="key", key="and", row=7, col=7)
    assert board.tentative == {(7, 7): "AND"}
    front_end(board, event="key", key="?", row=7, col=8)
    assert board.view["blank"]["prompt"].endswith("I8 stand for?")
    front_end(board, event="blank", value="1")
    assert board.tentative == {(7, 7): "AND", (7, 8): "?1"}
    assert board.view["tentative"][1][1] == {
        "t": "1",
        "p": 0,
        "b": True,
        "n": "a blank as 1, 0 points",
    }
    front_end(board, event="key", key="Backspace", row=0, col=0)
    assert board.tentative == {(7, 7): "AND"}


def test_exchange_marks_chips() -> None:
    board = fresh()
    front_end(board, event="action", id="exchange")
    front_end(board, event="tile", index=0)
    front_end(board, event="tile", index=5)
    front_end(board, event="action", id="exchange")
    assert board.game.history[-1].move == "exchange 1 0"
    assert board.game.to_move == 1


def test_premium_squares_show_text_and_the_start() -> None:
    board = fresh()
    squares = board.layout_data["squares"]
    assert squares[0]["label"] == "TW" and squares[0]["desc"] == "TW, triple word square"
    assert squares[7 * 15 + 7]["label"] == "DW"
    assert board.layout_data["starts"] == [7 * 15 + 7]


def test_a_whole_game_by_clicks() -> None:
    board = play("binary", seats=["human", "human"], seed=5, threaded=False, handover=False)
    game = board.game
    for _turn in range(60):
        if game.is_over:
            break
        moves = game.legal_moves()
        if not moves:
            front_end(board, event="action", id="pass")
            continue
        move = moves[0]
        for square, token in zip(move.squares, move.tokens):
            if square in move.placed:
                place(board, square, token)
        front_end(board, event="action", id="play")
        assert board.view["kind"] in ("info", "over"), board.message
        assert game.history[-1].score == move.score
    assert game.is_over
    assert board.message == game.outcome.describe()
    assert board.view["over"]["series"][-1] == list(game.scores)


def test_new_game_with_binary_options() -> None:
    board = fresh()
    front_end(
        board,
        event="new_game",
        options={"players": 1, "seat1": "human", "order": "left-to-right", "xor": True},
    )
    assert board.game.players == 1 and board.game.options.order == "left-to-right"
    assert board.game.options.xor is True
    assert len(board.view["players"]) == 1


def test_a_pass_that_ends_the_game_is_warned_of_once_and_one_that_does_not_is_played() -> None:
    game = Binary(players=2, seed=1)
    board = BinaryBoard(game, ["human", "human"], threaded=False)
    front_end(board, event="action", id="pass")  # the game goes on: played at once
    assert game.ply == 1 and not board.message.startswith("Careful")
    for _turn in range(4):
        game.play("pass")
    front_end(board, event="action", id="pass")  # the sixth scoreless turn in a row
    assert game.ply == 5 and not game.is_over
    assert board.message == (
        "Careful: this ends the game, because there were too many scoreless turns in a row, "
        "and you lose 11 points for what is left in your hand. Press Pass again to do it "
        "anyway."
    )
    front_end(board, event="action", id="pass")
    assert game.is_over


def test_only_a_scoreless_turn_is_tried_on_a_copy_first(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Binary(players=2, seed=1)
    board = BinaryBoard(game, ["human", "human"], threaded=False)
    copies: list[int] = []
    original = game.copy
    monkeypatch.setattr(game, "copy", lambda: copies.append(game.ply) or original())
    move = game.legal_moves()[0]
    board._turns.submit(str(move))  # a move that places chips: played, never tried first
    assert game.ply == 1 and copies == []
    front_end(board, event="action", id="pass")  # a pass is tried on a copy first
    assert game.ply == 2 and copies == [1]
