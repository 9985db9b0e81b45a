"""M6 turns, M7 the rack-clear bonus, M8 challenges, M9 the end and the rack penalty."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay import load
from mathplay.core import EndReason
from mathplay.errors import IllegalMoveError, MathplayError
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath

from .helpers import assert_refused, crowded

SEVEN = "3 3 3 3 7 7 8"
#: Where SEVEN goes from the start board, each tile on its own (M7).
SEVEN_MOVES = ["I7 3", "F7 3", "G6 3", "G9 3", "I8 7", "F8 7", "H6 8"]


def rack(game: Mixmath, player: int = 0) -> Counter[str]:
    return Counter(game.hands[player])


# --- M6 -------------------------------------------------------------------------------


def test_M6_several_placements_then_end_refills_and_passes_the_turn() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 7 10 1 1 1 1", "1"])
    assert game.play("I7 3") == 3
    assert game.to_move == 0 and game.placed_this_turn == 1
    assert game.play("I8 7") == 7  # does not use the 3 just placed
    assert game.play("I6 10") == 10  # uses it: 3 + 7 below
    assert game.turn_score == 20 and game.scores == (20, 0)
    assert game.turn_actions() == ["end"]
    assert game.play("end") == 0
    assert game.to_move == 1 and game.scores == (20, 0)
    assert len(game.hands[0]) == 7 and game.placed_this_turn == 0 and game.turn_score == 0
    assert [(h.player, h.move, h.score) for h in game.history] == [
        (0, "I7 3", 3),
        (0, "I8 7", 7),
        (0, "I6 10", 10),
        (0, "end", 0),
    ]


def test_M6_end_only_after_a_placement_pass_and_exchange_only_before() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=[SEVEN, "1"])
    assert_refused(game, "end", "M6", "play pass or exchange")
    assert set(game.turn_actions()) == {"pass", "exchange"}
    game.play("I7 3")
    assert_refused(game, "pass", "M6", "cannot pass now")
    assert_refused(game, "exchange 3", "M6", "cannot exchange now")


def test_M6_extra_draw_only_right_after_a_sign_square() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 6 3 3", "1"])
    assert_refused(game, "draw", "M6", "sign square")
    game.play("I7 3")  # a plain square
    assert not game.can_draw
    assert_refused(game, "draw", "M6", "sign square")
    game.play("J7 6")  # J7 is a × square: 2 × 3
    assert game.can_draw and "draw" in game.turn_actions()
    size, bag = len(game.hands[0]), game.bag_size
    assert game.play("draw") == 0
    assert len(game.hands[0]) == size + 1 and game.bag_size == bag - 1
    assert_refused(game, "draw", "M6", "sign square")  # once per sign-square placement


def test_M6_draw_is_gone_after_the_next_placement() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 6 3 3", "1"])
    game.play("I7 3")
    game.play("J7 6")
    game.play("F7 3")
    assert_refused(game, "draw", "M6")


def test_M6_no_draw_from_an_empty_bag() -> None:
    game = crowded({}, ["3 6", "1"], bag=[])
    game.play("I7 3")
    game.play("J7 6")
    assert not game.can_draw and "draw" not in game.turn_actions()
    assert_refused(game, "draw", "M6", "the bag is empty")


def test_M6_exchange_only_while_the_bag_holds_enough() -> None:
    game = crowded({}, ["1 2 3 4 5 6 7", "4"], bag=["8", "9"])
    assert game.bag_size == 2
    assert_refused(game, "exchange 1 2 3", "M6", "the bag holds 2 tiles, too few to exchange 3")
    assert_refused(game, "exchange 10", "M6", "your rack has no 10")
    assert game.play("exchange 1 2") == 0
    assert rack(game) == Counter(["3", "4", "5", "6", "7", "8", "9"])
    assert Counter(game._pos.bag.tiles) == Counter(["1", "2"])
    assert game.to_move == 1


def test_M6_exchange_and_pass_end_the_turn_and_score_nothing() -> None:
    game = Mixmath(players=3, seed=5)
    first = game.to_move
    tiles = list(game.hands[first][:3])
    assert game.play("exchange " + " ".join(tiles)) == 0
    assert game.to_move != first and len(game.hands[first]) == 7
    assert game.play("pass") == 0
    assert game.to_move == (first + 2) % 3 and game.scores == (0, 0, 0)
    assert not game.is_over


# --- M7 -------------------------------------------------------------------------------


def test_M7_bonus_50_for_emptying_a_full_rack() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=[SEVEN, "1"])
    points = [game.play(move) for move in SEVEN_MOVES]
    assert len(game.hands[0]) == 0
    assert game.play("end") == 50
    assert game.scores[0] == sum(points) + 50
    assert game.history[-1].score == 50 and len(game.hands[0]) == 7


def test_M7_no_bonus_when_the_turn_began_with_fewer_than_7() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 3 3 3 7 7", "1"])
    for move in SEVEN_MOVES[:6]:
        game.play(move)
    assert game.play("end") == 0


def test_M7_no_bonus_with_a_tile_left() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=[SEVEN, "1"])
    for move in SEVEN_MOVES[:6]:
        game.play(move)
    assert game.play("end") == 0


def test_M7_extra_tiles_from_sign_squares_count_and_M9_game_ends() -> None:
    game = crowded({}, ["3 6 3 3 7 7 8", "5 ?"], bag=["4"])
    points = [game.play(m) for m in ("I7 3", "J7 6")]
    game.play("draw")
    assert rack(game)["4"] == 1 and len(game.hands[0]) == 6 and game.bag_size == 0
    points += [game.play(m) for m in ("F7 3", "G9 3", "I8 7", "F8 7", "H6 8", "E7 4")]
    assert len(game.hands[0]) == 0
    assert not game.is_over  # the player may still end the turn
    assert game.play("end") == 50
    # M9: the bag is empty and a player emptied their rack
    assert game.is_over
    outcome = game.outcome
    assert outcome is not None and outcome.reason is EndReason.OUT_OF_TILES
    assert game.penalties == (0, 5)  # a blank on a rack costs nothing
    assert game.scores == (sum(points) + 50, -5)
    assert outcome.winners == (0,)


# --- M8 -------------------------------------------------------------------------------


def test_M8_wrong_placement_accepted_and_challenged() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 1", "2"], mode="challenge")
    assert game.play("I7 3") == 3
    assert game.play("I8 5") == 0  # wrong: 3 and 4 allow 7, 1 and 12; n = 0 scores 0
    assert game.board[(7, 8)] == "5"
    reason = game.challenge_reason()
    assert reason is not None and reason.startswith("5 at I8: 3+4 is 7")
    before = game.save()
    assert game.challenge() is True
    assert game.board[(7, 8)] is None and "5" in game.hands[0]
    assert game.to_move == 1 and game.scores == (3, 0)  # earlier points kept
    # Who challenged is recorded: by default the next player, player 2.
    assert game.history[-1].move == "challenge by 2" and game.history[-1].player == 0
    assert len(game.hands[0]) == 7  # the turn ended: refilled
    game.undo()
    assert game.save() == before and game.board[(7, 8)] == "5"


def test_M8_failed_challenge_changes_nothing() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5", "2"], mode="challenge")
    game.play("I7 3")
    key, saved = game.state_key(), game.save()
    assert game.challenge_reason() is None
    assert game.challenge() is False
    assert game.state_key() == key and game.save() == saved
    assert_refused(game, "challenge", "M8", "the challenge fails")


def test_M8_only_before_the_next_move() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 3", "2"], mode="challenge")
    assert_refused(game, "challenge", "M8", "no placement to challenge")
    game.play("I8 5")  # wrong
    game.play("I7 3")  # the next placement closes the window on the wrong 5
    assert game.challenge() is False  # only the 3, which is right, may be challenged
    assert game.board[(7, 8)] == "5"
    game.play("end")
    assert_refused(game, "challenge", "M8")


def test_M8_strict_mode_refuses_instead() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5", "2"])
    assert game.mode == "strict"
    assert_refused(game, "I8 5", "M4", "5 at I8")
    game.play("I7 3")
    with pytest.raises(IllegalMoveError, match="challenge mode") as caught:
        game.challenge()
    assert caught.value.rule == "M8"


def test_M8_challenge_mode_still_refuses_impossible_placements() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5", "2"], mode="challenge")
    assert_refused(game, "G7 3", "M4", "start square")
    assert_refused(game, "I7 9", "M4", "your rack has no 9")
    assert {str(m) for m in game.placements()} == {"I7 3", "F7 3", "G6 3", "G9 3"}


def test_M8_save_and_load_with_a_challenge() -> None:
    game = Mixmath(players=3, seed=8, mode="challenge")
    square = "A1"
    tile = game.hands[game.to_move][0]
    game.play(f"{square} {tile if tile != '?' else '?5'}")  # nothing near A1: wrong
    assert game.challenge() is True
    again = load(game.save())
    assert again.save() == game.save() and again.state_key() == game.state_key()
    assert again.mode == "challenge"


def test_M8_and_M9_a_turn_whose_only_placement_fell_counts_as_a_pass() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5", "2"], mode="challenge")
    game.play("I8 5")
    game.challenge()
    assert not game.is_over
    game.play("pass")
    assert game.outcome is not None and game.outcome.reason is EndReason.SCORELESS_TURNS


# --- M9 -------------------------------------------------------------------------------


def test_M9_a_full_round_of_passes_and_exchanges_ends_the_game() -> None:
    game = Mixmath(players=3, seed=2)
    racks = [list(h) for h in game.hands]
    game.play("pass")
    game.play("exchange " + game.hands[game.to_move][0])
    assert not game.is_over
    game.play("pass")
    outcome = game.outcome
    assert outcome is not None and outcome.reason is EndReason.SCORELESS_TURNS
    values = [sum(0 if t == "?" else int(t) for t in hand) for hand in game.hands]
    assert game.penalties == tuple(values)
    assert game.scores == tuple(-v for v in values)
    assert outcome.winners == tuple(i for i, v in enumerate(values) if v == min(values))
    assert racks != [list(h) for h in game.hands]  # the exchange happened
    assert game.legal_moves() == [] and game.turn_actions() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("pass")
    assert "wins" in outcome.describe() or "share" in outcome.describe()


def test_M9_a_placement_in_the_round_keeps_the_game_going() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["1", "3"])
    game.play("pass")
    game.play("I7 3")
    game.play("end")
    game.play("pass")
    assert not game.is_over
    game.play("pass")
    assert game.is_over


def test_M9_emptying_the_rack_while_the_bag_has_tiles_does_not_end() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3", "1"])
    game.play("I7 3")
    game.play("end")
    assert not game.is_over and len(game.hands[0]) == 7


def test_M9_solo_game_and_undo_of_the_end() -> None:
    game = Mixmath(players=1, seed=3)
    game.play("pass")
    assert game.is_over and game.outcome is not None and game.outcome.winners == (0,)
    game.undo()
    assert not game.is_over and game.scores == (0,) and game.penalties == (0,)
    with pytest.raises(MathplayError):
        Mixmath(players=1, seed=3).undo()
