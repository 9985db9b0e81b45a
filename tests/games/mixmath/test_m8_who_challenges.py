"""M8: any *other* player may challenge, until the next placement (a draw does
not close the window); who challenged is recorded; the extra tile drawn for a wrong
placement on a sign square goes back into the bag."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.errors import IllegalMoveError
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath


def wrong_on_a_sign_square(players: int = 2) -> Mixmath:
    hands = ["6 9 1", "2", "5", "7"][:players]
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=hands, mode="challenge", seed=4)
    assert game.play("H6 6") == 6  # 2 + 4 = 6
    assert game.play("H5 9") == 0  # on a + square; 6 + 2 is 8, not 9: wrong
    assert game.can_draw
    return game


def test_M8_the_placing_player_cannot_challenge_their_own_placement() -> None:
    game = wrong_on_a_sign_square()
    key = game.state_key()
    with pytest.raises(IllegalMoveError, match="made the last placement and cannot challenge"):
        game.challenge(by=0)
    with pytest.raises(IllegalMoveError, match="cannot challenge"):
        game.play("challenge by 1")
    assert game.state_key() == key


def test_M8_a_draw_keeps_the_challenge_open_and_its_tile_goes_back() -> None:
    game = wrong_on_a_sign_square()
    bag_before = game.bag_size
    game.play("draw")
    (drawn,) = set(game.hands[0]) - {"1"}
    assert "challenge" in game.turn_actions()
    assert game.bag_size == bag_before - 1
    pos = game.copy()._pos
    assert game.challenge(by=1) is True
    assert game.history[-1].move == "challenge by 2"
    assert game.board[(4, 7)] is None and game.to_move == 1
    # The 9 came back to the rack and the drawn tile into the bag (then the rack was
    # refilled from the bag): every tile is still somewhere.
    assert "9" in game.hands[0]
    assert list(game._pos.bag.tiles).count(drawn) + game.hands[0].count(drawn) == (
        list(pos.bag.tiles).count(drawn) + 1
    )
    tiles = sum(len(h) for h in game.hands) + game.bag_size + len(list(game.board.filled()))
    assert tiles == 108 + 4  # the 108 tiles and the four start numbers (M1)


def test_M8_a_placement_closes_the_window() -> None:
    game = wrong_on_a_sign_square()
    game.play("draw")
    moves = game.legal_moves()
    assert moves, "the drawn tile and the 1 should fit somewhere"
    game.play(moves[0])
    # The window of the wrong 9 closed: only the new (right) placement may be challenged.
    assert game._pos.last_placement is not None and game._pos.last_placement.square != (4, 7)
    assert game.challenge(by=1) is False and game.board[(4, 7)] == "9"


def test_M8_who_challenged_is_saved_and_replayed() -> None:
    game = wrong_on_a_sign_square(players=3)
    game.play("challenge by 3")
    assert game.history[-1].move == "challenge by 3"
    again = mathplay.load(game.save())
    assert again.state_key() == game.state_key()
    assert again.history[-1].move == "challenge by 3"


@pytest.mark.parametrize(
    ("text", "message"),
    [("challenge by 5", "names no player"), ("challenge by 3", "there is no player 3")],
)
def test_M8_a_challenger_who_is_not_there_is_refused(text: str, message: str) -> None:
    game = wrong_on_a_sign_square()
    key = game.state_key()
    with pytest.raises(mathplay.MathplayError, match=message):
        game.play(text)
    assert game.state_key() == key


def test_M8_a_game_for_one_offers_no_challenge() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["6 9 1"], mode="challenge", seed=4)
    game.play("H6 6")
    game.play("H5 9")
    assert "challenge" not in game.turn_actions()
    with pytest.raises(IllegalMoveError, match="nobody to challenge"):
        game.challenge()


def test_M8_a_failed_challenge_by_the_placing_player_is_still_refused() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["6 9 1", "2"], mode="challenge", seed=4)
    game.play("H6 6")  # right
    with pytest.raises(IllegalMoveError, match="cannot challenge"):
        game.challenge(by=0)
    assert game.challenge(by=1) is False
