"""MixmathBoard: tile-by-tile placements, blanks, draw/end/exchange/challenge, whole games."""

from __future__ import annotations

from mathplay.games.mixmath import EMPTY_BOARD, Mixmath
from mathplay.widgets import MixmathBoard, play
from tests.widgets.conftest import front_end, updates

HANDS = ["3 5 10 12 ? 7 1", "2 4 6 8 9 11 13"]


def fresh(mode: str = "strict") -> MixmathBoard:
    return MixmathBoard(Mixmath.from_diagram(EMPTY_BOARD, hands=HANDS, mode=mode), threaded=False)


def click_placement(board: MixmathBoard, square: tuple[int, int], token: str) -> None:
    hand = board.game.hands[board.game.to_move]
    tile = "?" if token.startswith("?") else token
    front_end(board, event="tile", index=hand.index(tile))
    front_end(board, event="square", row=square[0], col=square[1])
    if tile == "?":
        assert board.view["blank"] is not None
        front_end(board, event="blank", value=token[1:])


def test_each_placement_is_played_at_once() -> None:
    board = fresh()
    start = updates(board)
    click_placement(board, (5, 6), "3")
    assert updates(board) - start == 2
    game = board.game
    assert game.history[-1].move == "G6 3" and game.scores == (3, 0)
    assert game.to_move == 0 and board.view["cells"][5 * 14 + 6]["t"] == "3"
    assert board.message == "Player 1: 3 on G6, +3. Player 1 has 3 points."
    buttons = {b["id"]: b["enabled"] for b in board.view["buttons"]}
    assert buttons["end"] and not buttons["pass"] and not buttons["exchange"]
    front_end(board, event="key", key="Enter", row=0, col=0)
    assert game.to_move == 1 and game.history[-1].move == "end"
    assert len(game.hands[0]) == 7


def test_a_wrong_placement_shows_the_reason_and_keeps_the_selection() -> None:
    board = fresh()
    key = board.game.state_key()
    index = board.game.hands[0].index("12")
    front_end(board, event="tile", index=index)
    front_end(board, event="square", row=5, col=6)
    assert "12" in board.message and "G6" in board.message
    assert board.view["kind"] == "error"
    assert board.game.state_key() == key
    assert board.view["hand"][index]["state"] == "selected"


def test_a_blank_asks_for_its_value() -> None:
    board = fresh()
    front_end(board, event="tile", index=board.game.hands[0].index("?"))
    front_end(board, event="square", row=5, col=6)
    assert board.view["blank"]["prompt"] == "Which value does the blank on G6 stand for?"
    front_end(board, event="square", row=5, col=7)
    assert board.message == "Say which value the blank stands for first."
    front_end(board, event="blank", value=" ")
    assert board.message == "Type the value the blank stands for, like 1."
    front_end(board, event="blank", value="3")
    assert board.game.history[-1].move == "G6 ?3"
    assert board.view["cells"][5 * 14 + 6] == {
        "t": "3",
        "p": 0,
        "b": True,
        "n": "a blank as 3, 0 points",
    }
    front_end(board, event="blank", value="4")
    assert board.message == "There is no blank waiting for a value."


def test_turn_actions_the_engine_refuses_change_nothing() -> None:
    board = fresh()
    key = board.game.state_key()
    for action, reason in [
        ("end", "you have placed no tile this turn"),
        ("draw", "draw takes one extra tile"),
        ("challenge", "challenge is not a button of this game"),
    ]:
        front_end(board, event="action", id=action)
        assert reason in board.message
        assert board.game.state_key() == key


def test_exchange_and_pass() -> None:
    board = fresh()
    front_end(board, event="action", id="exchange")
    front_end(board, event="tile", index=0)
    front_end(board, event="tile", index=1)
    front_end(board, event="action", id="exchange")
    assert board.game.history[-1].move == "exchange 3 5"
    assert board.game.to_move == 1
    # After an exchange, a pass ends the game (M9, with the bag still full): the board
    # says so first, and passes when Pass is pressed again.
    front_end(board, event="action", id="pass")
    assert board.game.history[-1].move == "exchange 3 5" and not board.game.is_over
    assert board.message.startswith("Careful: this ends the game, because there were too")
    assert "Press Pass again to do it anyway." in board.message
    front_end(board, event="action", id="pass")
    assert board.game.history[-1].move == "pass" and board.game.is_over


def test_challenge_mode_takes_a_wrong_tile_back() -> None:
    board = fresh(mode="challenge")
    assert "challenge" in [b["id"] for b in board.view["buttons"]]
    click_placement(board, (5, 6), "12")
    assert board.game.history[-1].move == "G6 12"
    front_end(board, event="action", id="challenge")
    assert "The challenge is upheld: 12 at G6" in board.message
    assert board.view["cells"][5 * 14 + 6] is None
    assert board.game.to_move == 1


def test_squares_have_accessible_names_and_labels() -> None:
    board = fresh()
    squares = board.layout_data["squares"]
    assert squares[3 * 14 + 6] == {"label": "+", "kind": "sign", "desc": "plus square"}
    assert squares[0] == {"label": "3×", "kind": "triple", "desc": "3×, triple square"}
    assert squares[6 * 14 + 6]["kind"] == "start"
    assert squares[1 * 14 + 1]["label"] == "2×"
    assert board.layout_data["texts"]["empty"] == "empty"


def test_a_whole_game_by_clicks_against_a_computer() -> None:
    board = play("mixmath", seats=["human", "computer:greedy"], seed=2, threaded=False)
    game = board.game
    for _turn in range(300):
        if game.is_over:
            break
        assert game.to_move == 0
        placed = 0
        while placed < 2 and game.to_move == 0 and not game.is_over:
            moves = [m for m in game.placements() if not m.is_blank] or game.placements()
            if not moves:
                break
            click_placement(board, moves[0].square, moves[0].token)
            assert board.view["kind"] != "error", board.message
            placed += 1
        if game.is_over or game.to_move != 0:
            continue
        front_end(board, event="action", id="end" if placed else "pass")
    assert game.is_over
    assert board.view["over"]["text"] == game.outcome.describe(["You", "Computer (medium)"])
    winner = "You" if game.outcome.winners == (0,) else "Computer (medium)"
    assert board.view["over"]["text"].startswith(winner)
    assert board.view["over"]["series"][-1] == list(game.scores)
    assert len(board.view["log"]) == game.ply


def test_new_game_options_of_each_board() -> None:
    board = fresh()
    front_end(
        board,
        event="new_game",
        options={
            "players": 2,
            "seat1": "human",
            "seat2": "computer:easy",
            "mode": "challenge",
            "powers": True,
        },
    )
    assert board.game.options.mode == "challenge" and board.game.options.powers is True
    assert board.seats == ["human", "computer:easy"]
    assert "challenge" in [b["id"] for b in board.view["buttons"]]
    game = board.game
    front_end(board, event="new_game", options={"mode": "chaos"})
    assert board.message == "mode cannot be chaos" and board.game is game
    front_end(board, event="new_game", options={"__class__": 1})
    assert board.game is game


def test_draw_after_a_sign_square() -> None:
    rows = EMPTY_BOARD.splitlines()
    rows[6] = ". . . . . 3 1 2 . . . . . ."  # F7 holds 3 (1+2)
    game = Mixmath.from_diagram("\n".join(rows), hands=["4 5 6 7 8 9 10", "1 2 3 5 6 7 8"])
    board = MixmathBoard(game, threaded=False)
    click_placement(board, (6, 4), "4")  # E7 is a plus square: 3+1=4
    assert game.history[-1].move == "E7 4"
    assert {b["id"]: b["enabled"] for b in board.view["buttons"]}["draw"]
    rack = len(game.hands[game.to_move])
    front_end(board, event="action", id="draw")
    assert game.history[-1].move == "draw"
    assert len(game.hands[game.to_move]) == rack + 1
    assert board.view["bag"] == game.bag_size
