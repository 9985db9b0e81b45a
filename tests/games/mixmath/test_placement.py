"""M4 placements (four directions, free operand order, sign squares) and M5 scores."""

from __future__ import annotations

import pytest

from mathplay.errors import NotationError
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath, Placement

from .helpers import assert_refused, blank_values, position

# --- M4 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("square", "values"),
    [
        ("I7", {3, 1, 2}),  # right of 1 2: 1+2, 2−1, 1×2, 2÷1
        ("F7", {3, 1, 2}),  # left of 1 2
        ("G6", {4, 2, 3}),  # above 1 over 3
        ("G9", {4, 2, 3}),  # below 3 under 1
        ("H6", {6, 2, 8}),  # above 2 over 4
        ("H9", {6, 2, 8}),  # below 4 under 2
        ("I8", {7, 1, 12}),  # right of 3 4
        ("F8", {7, 1, 12}),  # left of 3 4
    ],
)
def test_M4_all_four_directions_from_the_start_numbers(square: str, values: set[int]) -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["?"])
    assert blank_values(game, square) == values
    squares = {str(m).split()[0] for m in game.placements()}
    assert squares == {"I7", "F7", "G6", "G9", "H6", "H9", "I8", "F8"}


@pytest.mark.parametrize(
    "cells",
    [
        {"C12": "2", "B12": "8"},  # left of D12: 8 2 then the tile
        {"C12": "8", "B12": "2"},  # 2 8 then the tile
        {"D11": "2", "D10": "8"},  # above
        {"D11": "8", "D10": "2"},
    ],
)
def test_M4_operand_order_does_not_matter(cells: dict[str, str]) -> None:
    game = position(cells, ["?"])
    assert blank_values(game, "D12") == {10, 6, 16, 4}


def test_M4_the_tile_is_never_in_the_middle() -> None:
    game = position({"C2": "3", "E2": "5"}, ["8 2 15"])
    for tile in ("8", "2", "15"):
        assert_refused(game, f"D2 {tile}", "M4", "no direction from D2 has two numbers")
    assert not any(str(m).startswith("D2 ") for m in game.placements())


def test_M4_first_placement_uses_two_start_numbers() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1"])
    assert game.play("I7 3") == 3
    assert game.board[(6, 8)] == "3"
    assert "I7 3" not in {str(m) for m in game.placements()}


def test_M4_illegal_placement_shows_the_arithmetic_and_changes_nothing() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1"])
    message = assert_refused(game, "I7 5", "M4")
    assert "5 at I7: 1+2 is 3, 2−1 is 1, 1×2 is 2, 2÷1 is 2 — none is 5" in message
    assert_refused(game, "I7 ?5", "M4", "?5 at I7", "none is 5")


def test_M4_several_directions_are_all_explained() -> None:
    game = position({"J3": "6", "I3": "4", "K4": "8", "K5": "2"}, ["7"])
    message = assert_refused(game, "K3 7", "M4")
    assert "with I3 J3: 4+6 is 10, 6−4 is 2, 4×6 is 24, 6÷4 is not a whole number" in message
    assert "with K4 K5: 8+2 is 10, 8−2 is 6, 8×2 is 16, 8÷2 is 4 — none is 7" in message


def test_M4_division_never_by_zero() -> None:
    game = position({"C12": "0", "B12": "5"}, ["?"])
    assert blank_values(game, "D12") == {5, 0}  # 0+5, 5−0, 0×5=0, 0÷5=0; never 5÷0
    game = position({"C12": "0", "B12": "?0"}, ["7"])
    assert_refused(game, "D12 7", "M4", "dividing by 0 is not allowed")


def test_M4_start_square_occupied_square_and_rack_are_checked() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 3 ?"])
    assert_refused(game, "G7 3", "M4", "G7 is a start square")
    game.play("I7 3")
    assert_refused(game, "I7 3", "M4", "I7 already holds 3")
    assert_refused(game, "F7 12", "M4", "your rack has no 12 (your rack: 3 ?)")
    with pytest.raises(NotationError):
        game.play("F7 ?")


@pytest.mark.parametrize(
    ("cells", "square", "sign", "allowed", "wrong", "shown"),
    [
        ({"I7": "3"}, "J7", "×", {6}, "5", "2×3 is 6 — not 5"),
        ({"F7": "3"}, "E7", "+", {4}, "2", "3+1 is 4 — not 2"),
        ({"C5": "2", "D5": "8"}, "B5", "÷", {4}, "10", "8÷2 is 4 — not 10"),
        ({"D6": "9", "E6": "4"}, "C6", "−", {5}, "13", "9−4 is 5 — not 13"),
    ],
)
def test_M4_a_sign_square_allows_only_its_operation(
    cells: dict[str, str], square: str, sign: str, allowed: set[int], wrong: str, shown: str
) -> None:
    game = position(cells, ["? " + wrong])
    assert blank_values(game, square) == allowed
    assert_refused(game, f"{square} {wrong}", "M4", f"(a {sign} square)", shown)


# --- M5 -------------------------------------------------------------------------------


def test_M5_example_10_completing_6_4_and_8_2_scores_20_and_60_on_3x() -> None:
    plain = position({"J3": "6", "I3": "4", "K4": "8", "K5": "2"}, ["10"])
    assert [(str(m), m.score, m.equations) for m in plain.placements() if str(m) == "K3 10"] == [
        ("K3 10", 20, 2)
    ]
    assert plain.play("K3 10") == 20
    assert plain.scores[0] == 20
    corner = position({"M1": "6", "L1": "4", "N2": "8", "N3": "2"}, ["10"])
    assert corner.play("N1 10") == 60


def test_M5_four_directions() -> None:
    cells = {"J3": "6", "I3": "4", "L3": "8", "M3": "2", "K2": "5", "K1": "5"}
    cells.update({"K4": "9", "K5": "1"})
    game = position(cells, ["10 ?"])
    assert game.play("K3 10") == 10 * 4


def test_M5_2x_square_and_value_times_directions() -> None:
    # J5 is a 2× square; 8 and 4 below... (J6 4, J7 is a sign square left empty)
    game = position({"K5": "4", "L5": "8"}, ["12"])
    assert game.square_kind((4, 9)) is not None
    assert game.play("J5 12") == 12 * 1 * 2


def test_M5_a_premium_counts_once_and_blanks_score_nothing() -> None:
    game = position({"N2": "8", "N3": "2", "M1": "5"}, ["10 15 ? 2"])
    assert game.play("N1 10") == 30  # 3× square
    assert game.play("L1 15") == 15  # uses the 10 on N1, but the 3× is spent
    assert game.play("N4 ?10") == 0  # a blank is worth 0
    assert game.board[(3, 13)] == "?10"
    assert game.scores[0] == 45 and game.turn_score == 45


def test_M5_blank_listed_once_per_value() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["? 3 3"])
    moves = [str(m) for m in game.placements()]
    assert len(moves) == len(set(moves))
    assert {m for m in moves if m.startswith("I7 ")} == {"I7 ?1", "I7 ?2", "I7 ?3", "I7 3"}
    assert all(m.score == 0 for m in game.placements() if m.is_blank)
    scores = {str(m): m.score for m in game.placements()}
    assert scores["I7 3"] == 3 and scores["G6 3"] == 3


def test_M5_legal_moves_are_placements_with_scores() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1"])
    moves = game.legal_moves()
    assert all(isinstance(m, Placement) for m in moves)
    named = {str(m): m.score for m in game.placements()}
    assert named["I8 12"] == 12 and named["I8 7"] == 7 and named["I8 1"] == 1
    assert "I7 5" not in named and "I8 10" not in named
