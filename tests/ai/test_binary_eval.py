"""The strong Binary player's evaluation (mathplay.ai.binary_eval)."""

from __future__ import annotations

import random

import pytest

from mathplay import Binary
from mathplay.ai.binary_eval import (
    LEAVE_WEIGHT,
    candidates,
    choose_binary,
    hand_after,
    leave_value,
)
from tests.games.binary.helpers import diagram, full_board_game

OPENING = diagram("H8 across 1 + 1 = 10")


def three_equals_game() -> Binary:
    return Binary.from_diagram(OPENING, hands=["= = 1 1 0 + 0 - =", "1 0 1 0 = + - x 1"])


def test_returns_one_of_the_legal_moves_and_leaves_the_game_alone() -> None:
    game = Binary(players=2, seed=4)
    game.play(game.legal_moves()[0])
    saved, key = game.save(), game.state_key()
    moves = game.legal_moves()
    choice = choose_binary(game, moves, random.Random(0))
    assert any(choice is move for move in moves)
    assert game.save() == saved
    assert game.state_key() == key


def test_same_seed_same_choice() -> None:
    game = three_equals_game()
    moves = game.legal_moves()
    first = choose_binary(game, moves, random.Random(7))
    assert all(choose_binary(game, moves, random.Random(7)) == first for _ in range(3))


def test_leave_values_digits_above_a_pile_of_equals() -> None:
    assert leave_value(["1", "0", "x"]) > 0 > leave_value(["=", "="])
    assert leave_value(["=", "=", "="]) < leave_value(["=", "="]) < leave_value(["="])


def test_gives_up_a_few_points_rather_than_keep_three_equals() -> None:
    game = three_equals_game()
    moves = game.legal_moves()
    best = max(move.score for move in moves)
    greedy = [hand_after(game, move) for move in moves if move.score == best]
    assert all(kept.count("=") == 3 for kept in greedy)  # 111 + 1 = 1000 keeps = = =
    choice = choose_binary(game, moves, random.Random(0))
    assert best - 10 <= choice.score < best
    assert hand_after(game, choice).count("=") < 3


def test_goes_out_when_the_bag_is_empty() -> None:
    game = full_board_game("H8 across 1 + 1 = 10", hands=("= 1 0 +", "0 0"), bag=0)
    saved = game.save()
    moves = game.legal_moves()
    choice = choose_binary(game, moves, random.Random(0))
    assert choice.score < max(move.score for move in moves)
    assert len(choice.placed) == 4  # all four chips: the game ends, with the 0 0 points
    assert game.save() == saved


def test_best_keep_keeps_the_useful_chips_of_a_clogged_hand() -> None:
    from mathplay.ai.binary_eval import best_keep, leave_value

    kept, value = best_keep(["=", "=", "=", "1", "0", "+", "x", "1", "0"])
    assert "=" not in kept and "x" in kept
    assert value == leave_value(kept) > leave_value(["=", "=", "="])


def test_strong_player_exchanges_a_hand_of_equals_rather_than_play_a_weak_move() -> None:
    from mathplay.ai import make_player
    from mathplay.ai.binary_eval import exchange_instead

    game = Binary(players=2, seed=5)
    for _ in range(2):
        make_player("greedy", seed=1).play_turn(game)
    # A hand clogged with '=' (set directly: what matters is the choice, not the draw).
    game._pos.hands[game.to_move] = ["=", "=", "=", "=", "1", "0", "-", "AND", "OR"]
    before = game.state_key()
    moves = game.legal_moves()
    assert moves
    weakest = min(moves, key=lambda m: m.score)
    action = exchange_instead(game, weakest)
    assert action is not None and action.startswith("exchange")
    assert action.count("=") >= 3 and game.state_key() == before
    played = make_player("strong", seed=1).play_turn(game)
    assert played[0].startswith("exchange")


def _value(game: Binary, move) -> float:
    return move.score + LEAVE_WEIGHT * leave_value(hand_after(game, move))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 4, 6])
@pytest.mark.parametrize("blank", [False, True])
def test_candidates_hold_every_move_the_strong_player_could_choose(seed: int, blank: bool) -> None:
    """The pruned search keeps exactly the moves of best score-plus-leave, best score
    first, far fewer than all (the generator adds the exact value of the chips a move
    keeps once it knows them, ``ScoreFloor.leave``)."""
    played = Binary(players=2, seed=seed)
    played.play(played.legal_moves()[0])
    hand = list(played.hands[played.to_move])
    if blank:
        hand[0] = "?"
    game = Binary.from_diagram(played.board.diagram(), hands=[" ".join(hand)], seed=seed)
    every = game.legal_moves()
    kept = candidates(game)
    best = max(_value(game, move) for move in every)
    assert {str(m) for m in every if _value(game, m) == best} == {str(m) for m in kept}
    assert [m.score for m in kept] == sorted((m.score for m in kept), reverse=True)
    in_order = {str(m): i for i, m in enumerate(every)}
    ties = [in_order[str(m)] for m in kept if m.score == kept[0].score]
    assert ties == sorted(ties)  # equal scores in the order of legal_moves()
    if blank:
        assert len(kept) < len(every) / 2


@pytest.mark.parametrize(
    "hands",
    [
        ("= 1 0 +", "0 0"),  # it can go out
        ("= = 1 0 1 +", "0 x 1"),  # two '=': no move uses every chip (B3)
        ("? 1 0 x", "1 1 ="),  # a blank
    ],
)
def test_endgame_candidates_are_the_moves_going_out_and_the_ten_best(hands) -> None:
    """Once the bag is empty the strong player compares the moves that use every chip
    and the best-scoring ones; the pruned search finds exactly those, in the order the
    whole search gives them."""
    from mathplay.ai.binary_eval import ENDGAME_CANDIDATES, endgame_candidates
    from mathplay.core import top_scoring
    from mathplay.games.binary.movegen import generate_moves

    game = full_board_game("H8 across 1 + 1 = 10", hands=hands, bag=0)
    saved = game.save()
    every = list(generate_moves(game))
    size = len(game.hands[game.to_move])
    cut = min(m.score for m in top_scoring(every, ENDGAME_CANDIDATES))
    wanted = [str(m) for m in every if m.score >= cut or len(m.placed) == size]
    assert [str(m) for m in endgame_candidates(game)] == wanted
    assert game.save() == saved
