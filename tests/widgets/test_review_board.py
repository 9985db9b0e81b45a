"""The review on the board, driven as the front end would: Review shows the
turn beside the best move there was, in words; Back and Next step; Try this turn again
lets the pupil play that turn again on a copy, never on the game."""

from __future__ import annotations

from typing import Any

import mathplay
from mathplay.ai.players import make_player
from mathplay.games.summy import Summy
from mathplay.tournament import play_game
from mathplay.widgets import BinaryBoard, MixmathBoard, SummyBoard
from tests.widgets.conftest import front_end
from tests.widgets.test_summy_board import place

ROWS = [". " * 8 + "."] * 9
ROWS[4] = ". . . . = . . . ."


def buttons(board: Any) -> dict[str, dict[str, Any]]:
    return {b["id"]: b for b in board.view["buttons"]}


def test_review_try_again_and_back_to_the_game() -> None:
    game = Summy.from_diagram("\n".join(ROWS), hands=["1236+x", "45+9"], seed=1)
    board = SummyBoard(game, ["human", "human"], threaded=False)
    assert buttons(board)["review"]["enabled"] is False  # nothing played yet
    for col, token in [(1, "1"), (2, "+"), (3, "2"), (5, "3")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    saved = game.save()
    assert buttons(board)["review"]["label"] == "Review"
    front_end(board, event="action", id="review")
    shown = board.view
    assert list(buttons(board)) == ["review_back", "review_next", "review_try", "review_close"]
    assert buttons(board)["review_back"]["enabled"] is False
    assert shown["turn"] == "Review: move 1 of 1"
    said = shown["message"]
    assert "Move 1 of 1: Player 1 played 1 + 2 = 3 across from B5 for 6 points." in said
    assert "The best there was: 3 × 2 = 6 across from B5 for 11 points" in said
    assert "The digits of 3 × 2 = 6 across from B5 make 11 points" in said
    assert sorted(t["t"] for _i, t in shown["hint_tiles"]) == ["2", "3", "6", "×"]
    assert [c for c in shown["cells"] if c] == [{"t": "=", "p": None, "b": False, "n": "="}]
    assert [t["token"] for t in shown["hand"]] == ["1", "2", "3", "6", "+", "x"]
    # A click on the board in the review changes nothing, and says why.
    front_end(board, event="square", row=0, col=0)
    assert "This is the review" in board.view["message"] and game.save() == saved
    # Try again: the tiles of then are back; the best move is found.
    front_end(board, event="action", id="review_try")
    assert board.game is not game and board.game.ply == 0
    assert list(buttons(board)) == ["play", "review_stop_try"]
    for col, token in [(1, "3"), (2, "x"), (3, "2"), (5, "6")]:
        place(board, (4, col), token)
    front_end(board, event="action", id="play")
    assert board.game is game and game.save() == saved  # the game itself is not touched
    assert "11 points: that is the best there was. Well found!" in board.view["message"]
    assert next(iter(buttons(board))) == "review_back"  # back in the review
    front_end(board, event="action", id="review_close")
    assert "review" in buttons(board) and board.view["message"] == "Back to the game."


def test_at_the_end_of_a_game_of_each_kind_every_turn_can_be_stepped() -> None:
    kinds = {"summy": (mathplay.Summy, SummyBoard), "mixmath": (mathplay.Mixmath, MixmathBoard),
             "binary": (mathplay.Binary, BinaryBoard)}  # fmt: skip
    for name, (cls, board_type) in kinds.items():
        game = play_game(cls(seed=4), [make_player("easy", 1), make_player("medium", 2)])
        board = board_type(game, ["human", "computer"], threaded=False)
        assert buttons(board)["review"]["label"] == "See what you could have played"
        front_end(board, event="action", id="review")
        review = board._review_mode.review
        assert review is not None
        first = board._review_mode.at
        assert review.turns[first].missed > 0 and review.turns[first].player == 0
        for _step in range(len(review.turns)):
            front_end(board, event="action", id="review_next")
        assert board._review_mode.at == len(review.turns) - 1
        assert buttons(board)["review_next"]["enabled"] is False
        words = board.view["message"]
        assert words.startswith(f"Move {review.turns[-1].ply + 1} of {game.ply}"), name
        front_end(board, event="action", id="review_back")
        assert board._review_mode.at == len(review.turns) - 2
        # A computer's turn is reviewed, not tried again.
        if review.turns[board._review_mode.at].player == 1:
            assert buttons(board)["review_try"]["enabled"] is False


def test_undo_is_off_once_the_game_is_over_and_says_why() -> None:
    game = play_game(Summy(seed=4, size=9), [make_player("easy", 1), make_player("easy", 2)])
    assert game.is_over and game.history
    board = SummyBoard(game, ["human", "human"], threaded=False)
    assert buttons(board)["undo"]["enabled"] is False
    saved = game.save()
    front_end(board, event="action", id="undo")  # a stray key or click
    assert game.save() == saved
    assert board.view["message"].startswith("The game is over: no move can be taken back now.")
    assert "See what you could have played" in board.view["message"]


def test_trying_a_turn_again_keeps_the_players_names() -> None:
    game = play_game(Summy(seed=4, size=9), [make_player("easy", 1), make_player("easy", 2)])
    board = SummyBoard(game, ["human", "computer:easy"], threaded=False)
    names = [player["name"] for player in board.view["players"]]
    front_end(board, event="action", id="review")
    front_end(board, event="action", id="review_try")
    assert board.game is not game
    assert [player["name"] for player in board.view["players"]] == names
    assert "Player 1" not in names and "Player 2" not in names
    assert board.view["message"].startswith("Back to that turn, with the same tiles:")


def test_the_review_at_a_computers_turn_names_its_tiles_as_the_computers() -> None:
    game = play_game(Summy(seed=4, size=9), [make_player("easy", 1), make_player("easy", 2)])
    board = SummyBoard(game, ["human", "computer:easy"], threaded=False)
    front_end(board, event="action", id="review")
    titles = {}
    for _turn in range(len(game.history)):
        view = board.view
        titles[view["players"][0]["to_move"]] = (view.get("hand_title"), view["hand_owner"])
        front_end(board, event="action", id="review_next")
    computer = board._names()[1]
    assert titles[False] == (f"{computer}'s tiles", computer)  # the computer's turns
    assert titles[True][0] is None  # the pupil's own: "Your tiles (You)" as before


def test_a_board_searches_each_position_while_the_pupil_thinks() -> None:
    """A threaded board searches every position of its game exactly in the background:
    the next hint is then the best move, and the review at the end is ready at once (it
    does not say "Looking at every turn…" and searches nothing more)."""
    from mathplay.ai import best
    from mathplay.games.binary import Binary

    best.forget()
    board = BinaryBoard(Binary(players=2, seed=4), ["computer:easy", "computer:medium"], pause=0)
    board.wait(300)
    board._search.wait(300)
    game = board.game
    assert game.is_over and game.ply > 5
    assert best.unknown_positions(game) == 0
    said: list[str] = []
    board.observe(lambda change: said.append(change["new"]["message"]), "view")
    searched = []
    real = type(game).best_moves
    type(game).best_moves = lambda *a, **k: searched.append(1) or real(*a, **k)  # type: ignore[method-assign]
    try:
        front_end(board, event="action", id="review")
    finally:
        type(game).best_moves = real  # type: ignore[method-assign]
    assert searched == []
    assert not any("Looking at every turn" in message for message in said)
    assert board.view["turn"].startswith("Review: move")


def test_the_hint_after_the_background_search_is_the_best_move() -> None:
    from mathplay.ai import best
    from mathplay.games.binary import Binary

    best.forget()
    board = BinaryBoard(Binary(players=2, seed=5), ["human", "computer:easy"], pause=0)
    board._search.wait(300)
    assert best.known_best(board.game) is not None
    front_end(board, event="action", id="hint")
    front_end(board, event="action", id="hint")
    front_end(board, event="action", id="hint")
    top = best.exact_best(board.game)[0].score
    assert f"for {top} points" in board.message
    assert "there may be an even better one" not in board.message
