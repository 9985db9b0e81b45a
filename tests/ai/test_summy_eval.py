"""The Summy leave: what kept blocks are worth, and how greedy and strong use it (#6)."""

from __future__ import annotations

import random

from mathplay import Summy
from mathplay.ai import make_player
from mathplay.ai.summy_eval import (
    best_keep,
    choose_greedy,
    choose_strong,
    discard_surplus,
    hand_after,
    leave_value,
)


def centre_only(hand: str) -> Summy:
    """A 9×9 table holding only the centre ``=``, with ``hand`` to move."""
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    return Summy.from_diagram("\n".join(rows), hands=[hand, "0"], to_move=0)


def test_high_digits_are_worth_keeping_and_clogs_cost() -> None:
    assert leave_value("9") > leave_value("") > leave_value("0")
    assert leave_value("8") > leave_value("2")
    assert leave_value("77") < 2 * leave_value("7")  # a second copy is worth less
    assert leave_value("==") < leave_value("=") - 4  # a second = clogs the hand
    assert leave_value("+-:") < leave_value("+-") - 4  # so does a third operator


def test_best_keep_drops_the_clog_and_respects_the_limit() -> None:
    kept, value = best_keep(list("===x:+98"))
    assert sorted(kept) == sorted("=98") and value == leave_value("=98")
    kept, _ = best_keep(list("98"), most=1)
    assert kept == ["8"]


def test_a_stuck_hand_always_lets_something_go() -> None:
    """S3: with no sum to make, discarding at least one block changes the hand."""
    assert discard_surplus(list("9876")) == "discard 6"
    assert discard_surplus([]) == "pass"


def test_hand_after_lists_what_stays_in_hand() -> None:
    game = centre_only("1+1=2===")
    move = game.parse_move("B5 across 1+1=2")
    assert move in game.legal_moves()
    assert sorted(hand_after(game, move)) == sorted("====")


def test_greedy_breaks_a_tie_by_the_better_leave() -> None:
    game = centre_only("22x+4")
    moves = game.legal_moves()
    best = max(move.score for move in moves)
    tied = {tuple(hand_after(game, m)) for m in moves if m.score == best}
    assert len(tied) > 1  # the tie is real: different blocks could stay in hand
    for seed in range(5):
        move = choose_greedy(game, moves, random.Random(seed))
        assert move.score == best
        assert hand_after(game, move) == ["+"]  # keeps + (worth more than x)


def test_strong_discards_a_clogged_hand_rather_than_a_weak_sum() -> None:
    """S3: a turn is one sum or a discard; S4: 1+1=2 scores 4."""
    game = centre_only("1+1=2===")
    assert max(move.score for move in game.legal_moves()) == 4  # 1+1=2 is possible
    choice = choose_strong(game, game.legal_moves(), random.Random(0))
    assert isinstance(choice, str) and choice.startswith("discard")
    assert choice.count("=") == 3  # one = is worth keeping
    # and the player carries it out: the blocks leave the game, nothing is scored
    played = make_player("strong").play_turn(game)
    assert played[0].startswith("discard")
    assert game.scores == (0, 0) and len(game.discarded) == len(played[0]) - len("discard ")


def test_greedy_makes_the_weak_sum_anyway() -> None:
    game = centre_only("1+1=2===")
    make_player("greedy").play_turn(game)
    assert game.scores[0] == 4


def test_with_a_short_stock_strong_plays_like_greedy() -> None:
    rows = [". " * 8 + "."] * 9
    rows[4] = ". . . . = . . . ."
    game = Summy.from_diagram("\n".join(rows), hands=["1+1=2===", "0"], to_move=0)
    game._pos.bag.tiles = game._pos.bag.tiles[:3]
    choice = choose_strong(game, game.legal_moves(), random.Random(0))
    assert not isinstance(choice, str) and choice.score == 4
