"""Summy's rules S1–S5, one group of tests per rule id."""

from __future__ import annotations

from collections import Counter

import pytest

import mathplay
from mathplay import IllegalMoveError, NotationError, Summy
from mathplay.core import EndReason
from mathplay.games.summy import TILE_COUNTS, line_score, sum_problem


def table(*rows: tuple[int, str], size: int = 9) -> str:
    """A size×size diagram, empty but for the given (row index, cells) rows."""
    lines = [". " * (size - 1) + "." for _ in range(size)]
    for index, cells in rows:
        lines[index] = cells
    return "\n".join(lines)


EMPTY9 = table((4, ". . . . = . . . ."))
SUM9 = table((4, ". . 3 + 4 = 7 . ."))


# --- S1: table and blocks ------------------------------------------------------------
def test_s1_block_set_has_94_blocks() -> None:
    assert sum(TILE_COUNTS.values()) == 94
    assert TILE_COUNTS["7"] == 6 and TILE_COUNTS[":"] == 5 and TILE_COUNTS["="] == 14


def test_s1_setup_centre_equals_and_hands_of_eight() -> None:
    game = Summy(players=2, seed=4)
    assert game.board[(12, 12)] == "="
    assert [len(hand) for hand in game.hands] == [8, 8]
    assert game.bag_size == 93 - 16
    assert str(game.board).splitlines()[12].split()[12] == "="


@pytest.mark.parametrize("kwargs", [{"size": 10}, {"size": 7}, {"players": 0}, {"players": 5}])
def test_s1_options_are_validated(kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="S1"):
        Summy(**kwargs)


def test_s1_same_seed_same_deal_other_seed_other_deal() -> None:
    assert Summy(seed=3).hands == Summy(seed=3).hands
    assert Summy(seed=3).hands != Summy(seed=4).hands


# --- S2: what a sum is --------------------------------------------------------------
@pytest.mark.parametrize(
    "line",
    ["8x15=120", "1+2=3", "1:2x4=2", "1-5+6=2", "2+3x4=14", "0+7=7", "10:4x2=5", "9-9=0"],
)
def test_s2_true_sums(line: str) -> None:
    assert sum_problem(tuple(line)) is None


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("3+4=8", "3+4 is 7, not 8"),
        ("2+3x4=20", "2+3x4 is 14, not 20"),
        ("5:0=1", "divides by zero"),
        ("12=12", "at least one operator"),
        ("3=1+2", "at least one operator"),
        ("1+2=3+0", "single number"),
        ("1+2=3=3", "exactly one ="),
        ("1+2+3", "exactly one ="),
        ("07+1=8", "starts with 0"),
        ("1+1=02", "starts with 0"),
        ("1++1=2", "two operators in a row"),
        ("+1=1", "no number before"),
    ],
)
def test_s2_not_sums(line: str, reason: str) -> None:
    problem = sum_problem(tuple(line))
    assert problem is not None and reason in problem


# --- S3: a move ----------------------------------------------------------------------
def test_s3_issue_example_8x15_120() -> None:
    diagram = table((12, ". " * 12 + "= " + ". " * 11 + "."), size=25)
    game = Summy.from_diagram(diagram, hands=["8x15120+"], to_move=0)
    moves = game.legal_moves()
    assert "I13 across 8x15=120" in [str(m) for m in moves]
    assert game.play("I13 across 8x15=120") == 17
    assert game.scores == (17,)
    assert game.hands[0].count("+") == 1  # the + stayed in the hand


def test_s3_cross_sum_and_side_contacts_are_allowed() -> None:
    game = Summy.from_diagram(SUM9, hands=["1x4=2x36", "0000"], to_move=0)
    assert game.play("E3 down 1x4=4") == 9  # crosses 3+4=7 at E5
    assert game.play("pass") == 0
    # Row 6 under the first sum: C5/C6, D5/D6, F5/F6 become two-block side contacts (S3).
    assert game.play("B6 across 2x3=6") == 11


def test_s3_squares_before_and_after_a_sum_stay_empty() -> None:
    diagram = table((2, ". . . . . . . 2 ."), (4, ". . 3 + 4 = 7 . ."))
    game = Summy.from_diagram(diagram, hands=["1+2=3x45"], to_move=0)
    before = game.save()
    with pytest.raises(IllegalMoveError) as error:
        game.play("H3 down 2+1=3")  # H5 is right after 3+4=7
    assert error.value.rule == "S3"
    assert "H5" in str(error.value) and "stay empty" in str(error.value)
    assert game.save() == before


def test_s3_a_sum_cannot_be_extended() -> None:
    diagram = table((4, ". . 3 + 4 = 7 . ."), (5, ". . . . . . . . ."))
    game = Summy.from_diagram(diagram, hands=["1+2=3x45"], to_move=0)
    with pytest.raises(IllegalMoveError) as error:
        game.play("C5 across 3+4=7+")
    assert error.value.rule in {"S2", "S3"}


def test_s3_block_in_two_sums_the_same_way_is_refused() -> None:
    game = Summy.from_diagram(SUM9, hands=["1x4=2x3=", "0000"], to_move=0)
    with pytest.raises(IllegalMoveError) as error:
        game.play("A5 across 1x3+4=7")  # reuses blocks of the across sum 3+4=7
    assert error.value.rule == "S3"


def test_s3_must_use_a_block_already_on_the_table() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["1+2=3x45"], to_move=0)
    with pytest.raises(IllegalMoveError, match="at least one block already on the table"):
        game.play("A1 across 1+2=3")


def test_s3_must_place_a_block() -> None:
    game = Summy.from_diagram(SUM9, hands=["1+2=3x45"], to_move=0)
    with pytest.raises(IllegalMoveError, match="already on the table"):
        game.play("C5 across 3+4=7")


def test_s3_line_must_be_the_whole_unbroken_line() -> None:
    diagram = table((4, ". . 3 + 4 = . . ."))  # a side run, not a sum
    game = Summy.from_diagram(diagram, hands=["7+1=8x12"], to_move=0)
    with pytest.raises(IllegalMoveError, match="whole unbroken line"):
        game.play("E5 across 4=4")
    assert game.play("C5 across 3+4=7") == 14  # one placed block, the whole line


def test_s3_a_single_block_says_which_line_is_the_sum() -> None:
    diagram = table((3, ". . . . 2 . . . ."), (4, ". . 3 + 4 = . . ."), (5, ". . . . = . . . ."))
    game = Summy.from_diagram(diagram, hands=["7+1=8x12"], to_move=0)
    moves = {str(m) for m in game.legal_moves()}
    assert "C5 across 3+4=7" in moves
    with pytest.raises(IllegalMoveError):
        game.play("F4 down 2=7")


def test_s3_blocks_must_come_from_the_hand() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["1+2=3x45"], to_move=0)
    # It names what is missing; a 1 the hand holds, but not twice, is "another 1".
    with pytest.raises(IllegalMoveError, match="does not have 0, another 1, 9"):
        game.play("B5 across 9+1=10")
    with pytest.raises(IllegalMoveError, match=r"does not have another 1 \(your hand"):
        game.play("B5 across 1+1=2")


def test_s3_false_sum_is_explained_with_the_checkers_reason() -> None:
    game = Summy.from_diagram(EMPTY9, hands=["34+8x12="], to_move=0)
    before = (game.state_key(), game.save())
    with pytest.raises(IllegalMoveError) as error:
        game.play("B5 across 3+4=8")
    assert "3+4=8: 3+4 is 7, not 8" in str(error.value)
    assert error.value.rule == "S2"
    assert (game.state_key(), game.save()) == before


def test_s3_discard_and_pass() -> None:
    game = Summy(players=2, seed=2, size=9)
    hand = list(game.hands[0])
    out = "".join(hand[:3])
    bag_before = game.bag_size
    assert game.play(f"discard {out}") == 0
    assert sorted(game.discarded) == sorted(hand[:3])
    assert len(game.hands[0]) == 8 and game.bag_size == bag_before - 3
    assert game.to_move == 1
    assert game.play("pass") == 0
    assert game.to_move == 0


@pytest.mark.parametrize(
    "text", ["", "E5 sideways 1+1=2", "Z99 across 1+1=2", "E5 across 1?1=2", "hello"]
)
def test_s3_unreadable_moves_raise_notation_errors(text: str) -> None:
    game = Summy(players=2, seed=1, size=9)
    with pytest.raises(NotationError):
        game.play(text)


# --- S4: score ------------------------------------------------------------------------
def test_s4_score_is_the_sum_of_every_digit() -> None:
    assert line_score(tuple("8x15=120")) == 17
    assert line_score(tuple("1+2=3")) == 6


def test_s4_existing_digits_score_too() -> None:
    game = Summy.from_diagram(SUM9, hands=["1x4=2x3=", "0000"], to_move=0)
    assert game.play("E3 down 1x4=4") == 1 + 4 + 4  # E5's 4 counts again


# --- S5: end ------------------------------------------------------------------------
def drain(game: Summy) -> None:
    while game.bag_size:
        game.play("discard " + "".join(game.hands[game.to_move]))


def test_s5_game_ends_when_stock_is_empty_and_nobody_makes_a_sum() -> None:
    game = Summy(players=2, seed=5, size=9)
    drain(game)
    assert not game.is_over
    game.play("pass")
    assert not game.is_over
    game.play("pass")
    assert game.is_over
    assert game.outcome is not None and game.outcome.reason is EndReason.BLOCKED
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play("pass")


def test_s5_highest_score_wins_nothing_subtracted() -> None:
    game = Summy.from_diagram(SUM9, hands=["1x4=2x3=", "0000"], to_move=0)
    game.play("E3 down 1x4=4")
    drain(game)
    while not game.is_over:
        game.play("pass")
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.outcome.scores == (9, 0)
    assert game.outcome.describe().startswith("Player 1 wins with 9 points")


def test_s5_decision_scoreless_rounds_end_a_stalled_game() -> None:
    game = Summy(players=2, seed=5, size=9)
    for _ in range(6):
        game.play("pass")
    assert game.is_over and game.outcome is not None
    assert game.outcome.reason is EndReason.SCORELESS_TURNS


# --- diagrams, save and load ----------------------------------------------------------
def test_from_diagram_recovers_sums_and_builds_the_stock() -> None:
    game = Summy.from_diagram(SUM9, hands=["1x4=2x3="], to_move=0)
    assert len(game.sums) == 1 and game.sums[0].length == 5
    on_table = Counter(token for _, token in game.board.filled())
    assert game.bag_size == 94 - sum(on_table.values()) - 8


def test_from_diagram_refuses_more_blocks_than_the_set_has() -> None:
    with pytest.raises(NotationError, match="too many '9'"):
        Summy.from_diagram(EMPTY9, hands=["99999999", "9"])


@pytest.mark.parametrize(
    "diagram",
    [". . .\n. = .\n. . .", table((4, ". . . . = . . . .")) + "\n. . . . . . . . .", "x y"],
)
def test_from_diagram_refuses_bad_diagrams(diagram: str) -> None:
    with pytest.raises(NotationError):
        Summy.from_diagram(diagram, hands=["1"])


def test_save_and_load_round_trip() -> None:
    game = Summy(players=2, seed=7, size=11)
    for _ in range(6):
        moves = game.legal_moves()
        game.play(moves[0] if moves else "pass")
    text = game.save()
    again = mathplay.load(text)
    assert again.save() == text
    assert again.state_key() == game.state_key()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ('{"format": "chess"}', "unknown save format"),
        ('{"format": "mathplay.summy", "version": 99}', "version 99"),
    ],
)
def test_load_refuses_bad_files(text: str, message: str) -> None:
    with pytest.raises(mathplay.SaveFileError, match=message):
        mathplay.load(text)


def test_load_refuses_a_tampered_history() -> None:
    game = Summy(players=2, seed=7, size=11)
    game.play("pass")
    text = game.save().replace('"pass"', '"A1 across 1+1=2"')
    with pytest.raises(mathplay.SaveFileError, match="move 1"):
        mathplay.load(text)


def test_undo_restores_and_refuses_when_nothing_to_undo() -> None:
    game = Summy(players=2, seed=7, size=11)
    with pytest.raises(mathplay.MathplayError, match="no move to undo"):
        game.undo()
    before = game.state_key()
    game.play("pass")
    game.undo()
    assert game.state_key() == before and game.ply == 0


def test_decision_d_s3d_hands_longer_than_the_hand_size_are_refused() -> None:
    with pytest.raises(NotationError, match="at most 8"):
        Summy.from_diagram(EMPTY9, hands=["123456789"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"to_move": 2}, "to_move must be a player from 0 to 1"), ({"scores": [5]}, "one score")],
)
def test_from_diagram_checks_the_seats(kwargs: dict, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Summy.from_diagram(EMPTY9, hands=["12+3", "45x="], **kwargs)
    game = Summy.from_diagram(EMPTY9, hands=["12+3", "45x="], scores=[5, 7], to_move=1)
    assert game.scores == (5, 7) and game.to_move == 1
