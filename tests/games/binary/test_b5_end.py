"""B5: the Scrabble ending: going out with an empty bag, or six scoreless turns."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.core import EndReason
from mathplay.errors import IllegalMoveError
from mathplay.games.binary import Binary

from .helpers import EMPTY, full_board_game


def test_b5_going_out_with_an_empty_bag_ends_the_game() -> None:
    g = full_board_game("H8 across 1", hands=("+ 1 = 1 0", "x / ?"), scores=[10, 20])
    assert g.bag_size == 0
    # I8..M8 new: + 1 = 1(L8 ×2) 0 → 6, bonus 2, no word premium (H8 was there) → 8
    assert g.play("H8 across 1 + 1 = 10") == 8
    assert g.is_over
    outcome = g.outcome
    assert outcome is not None
    assert outcome.reason is EndReason.OUT_OF_TILES
    # the player who went out adds the other hand (x 2 + / 4 + ? 0); the other loses it
    assert g.scores == (10 + 8 + 6, 20 - 6)
    assert outcome.scores == g.scores and outcome.winners == (0,)
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("pass")


def test_b5_an_empty_hand_with_chips_left_in_the_bag_does_not_end_the_game() -> None:
    g = full_board_game("H8 across 1", hands=("+ 1 = 1 0", "x / ?"), bag=3)
    g.play("H8 across 1 + 1 = 10")
    assert not g.is_over
    assert len(g.hands[0]) == 3 and g.bag_size == 0


def test_b5_six_scoreless_turns_in_a_row_end_the_game() -> None:
    g = Binary.from_diagram(EMPTY, hands=["x 1", "/ 0 0"], scores=[5, 9])
    for turn in range(5):
        g.play("pass")
        assert not g.is_over, turn
        assert g.scoreless_turns == turn + 1
    g.play("pass")
    outcome = g.outcome
    assert outcome is not None and outcome.reason is EndReason.SCORELESS_TURNS
    # each player subtracts their own hand: x 2 + 1 = 3; / 4 + 0 + 0 = 6
    assert g.scores == (5 - 3, 9 - 6)
    assert outcome.winners == (1,)
    assert "scoreless" in outcome.describe()


def test_b5_exchanges_are_scoreless_turns_and_a_scoring_move_resets_the_count() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0", "1 1 1 1 1 1 1 1 1"], to_move=1)
    for move in ["exchange 1 1", "pass", "exchange 1", "pass", "exchange 1"]:
        assert g.play(move) == 0
    assert g.scoreless_turns == 5 and not g.is_over
    assert g.play("H8 across 1 + 1 = 10") > 0
    assert g.scoreless_turns == 0
    for _ in range(5):
        g.play("pass")
    assert not g.is_over
    g.play("pass")
    assert g.is_over


def test_b5_undo_after_the_end_restores_the_game() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1", "0"])
    for _ in range(5):
        g.play("pass")
    key, saved = g.state_key(), g.save()
    g.play("pass")
    assert g.is_over
    g.undo()
    assert not g.is_over
    assert g.state_key() == key and g.save() == saved
    g.play("pass")
    again = mathplay.load(g.save())
    assert again.is_over and again.scores == g.scores == (-1, -1)


def test_b5_one_player_solo_game_ends_the_same_way() -> None:
    g = Binary(players=1, seed=2)
    for _ in range(6):
        g.play("pass")
    assert g.outcome is not None and g.outcome.winners == (0,)
