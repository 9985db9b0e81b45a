"""Lines from clicked placements (used by the boards): the engine, not the widget, decides."""

from __future__ import annotations

import pytest

from mathplay import Binary, IllegalMoveError, Summy
from mathplay.core import Direction, Grid, line_from_placements

GRID = Grid.from_diagram(
    """
. . . . .
. 3 + 4 .
. . . . .
. . . . .
. . . . .
"""
)


def test_tiles_in_a_row_read_across_and_include_the_board() -> None:
    start, direction, tokens = line_from_placements(GRID, {(1, 0): "1", (1, 4): "="})
    assert (start, direction, tokens) == ((1, 0), Direction.ACROSS, ("1", "3", "+", "4", "="))


def test_tiles_in_a_column_read_down() -> None:
    start, direction, tokens = line_from_placements(GRID, {(0, 1): "2", (2, 1): "x"})
    assert (start, direction, tokens) == ((0, 1), Direction.DOWN, ("2", "3", "x"))


def test_a_single_tile_takes_the_only_way_it_makes_a_line() -> None:
    _start, direction, tokens = line_from_placements(GRID, {(1, 4): "="})
    assert direction is Direction.ACROSS and tokens == ("3", "+", "4", "=")


def test_a_single_tile_that_could_go_both_ways_must_say_which() -> None:
    grid = Grid.from_diagram(". . .\n. . 1\n. 2 .")
    with pytest.raises(IllegalMoveError, match="across or down"):
        line_from_placements(grid, {(1, 1): "+"})
    start, direction, tokens = line_from_placements(grid, {(1, 1): "+"}, Direction.DOWN)
    assert (start, direction, tokens) == ((1, 1), Direction.DOWN, ("+", "2"))


@pytest.mark.parametrize(
    ("placements", "message"),
    [
        ({}, "place at least one tile"),
        ({(1, 1): "9"}, "B2 is already taken"),
        ({(0, 0): "1", (2, 2): "2"}, "one row or one column"),
        ({(3, 0): "1", (3, 2): "2"}, "no gaps"),
        ({(4, 4): "1"}, "not a line"),
        ({(9, 9): "1"}, "off the board"),
    ],
)
def test_bad_placements_say_what_is_wrong(placements: dict, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        line_from_placements(GRID, placements)


def test_summy_move_from_placements_is_playable() -> None:
    game = Summy(players=2, seed=1)
    move = game.move_from_placements({(12, 9): "9", (12, 10): ":", (12, 11): "9", (12, 13): "1"})
    assert str(move) == "J13 across 9:9=1"
    assert game.play(move) == 19


def test_binary_move_from_placements_writes_binary_notation() -> None:
    rows = [". " * 14 + "."] * 15
    game = Binary.from_diagram("\n".join(rows), hands=["1 + 1 = 1 0 0 1 ?"])
    move = game.move_from_placements(
        {(7, 7): "1", (7, 8): "+", (7, 9): "1", (7, 10): "=", (7, 11): "1", (7, 12): "?0"}
    )
    assert str(move) == "H8 across 1 + 1 = 1?0"
    assert game.play(move) > 0


@pytest.mark.parametrize(("size", "example"), [(9, "E5"), (15, "H8"), (25, "M13")])
def test_a_move_written_short_is_told_an_example_on_its_own_board(size: int, example: str) -> None:
    from mathplay.core.lines import split_line_move
    from mathplay.errors import NotationError

    with pytest.raises(NotationError) as told:
        split_line_move("E5 8x15=120", size)
    assert f"like {example} across 8x15=120" in str(told.value)
