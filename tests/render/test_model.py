from __future__ import annotations

import pytest

from mathplay import MathplayError
from mathplay.core import Grid, Special
from mathplay.render.model import CellView, board_view, game_name, last_move_squares
from tests.render.helpers import (
    FakeGame,
    LaidOutBinary,
    LaidOutMixmath,
    SpecialSummy,
    play_first,
    small_summy,
)


def test_last_move_is_the_tiles_the_last_turn_put_down():
    game = small_summy()
    # C3 down 1x3=3: the 3 at C5 was already there.
    assert last_move_squares(game) == {(2, 2), (3, 2), (5, 2), (6, 2)}


def test_no_last_move_before_any_move_or_when_switched_off():
    game = SpecialSummy(players=2, seed=1)
    assert last_move_squares(game) == frozenset()
    view = board_view(small_summy(), last_move=False)
    assert not any(cell.last for cell in view.cells)


def test_a_mixmath_turn_of_several_placements_is_one_last_move():
    game = LaidOutMixmath(players=2, seed=1)
    play_first(game, 2)
    placed = set(last_move_squares(game))
    assert len(placed) == 2
    game.play("end")
    assert last_move_squares(game) == placed  # "end" puts nothing down
    play_first(game, 1)
    assert len(last_move_squares(game)) == 1
    assert not last_move_squares(game) & placed


def test_a_pass_after_a_move_leaves_no_last_tiles():
    game = SpecialSummy(players=2, seed=1)
    play_first(game, 1)
    assert last_move_squares(game)
    game.play("pass")
    assert last_move_squares(game) == frozenset()


def test_the_view_knows_tiles_specials_and_the_caption():
    view = board_view(small_summy())
    assert view.size == 9
    assert view.cell((4, 3)).text == "+"
    assert view.cell((3, 2)).text == "×"  # typed x, drawn ×
    assert view.cell((0, 0)).special is Special.TRIPLE_WORD
    assert view.cell((0, 0)).text == "TW"
    assert view.cell((2, 2)).token == "1" and view.cell((2, 2)).special is Special.DIVIDE
    assert view.specials_used == [
        Special.START,
        Special.DOUBLE,
        Special.DIVIDE,
        Special.DOUBLE_WORD,
        Special.TRIPLE_WORD,
    ]
    assert view.title == "Summy board, 9×9"
    assert "last move: C3 down 1x3=3 by player 1 (7 points)" in view.caption
    assert "scores: 7, 0" in view.caption


@pytest.mark.parametrize(
    ("token", "text", "blank"),
    [
        ("12", "12", False),
        ("?12", "12", True),
        ("?AND", "AND", True),
        ("?", "?", False),
        ("-", "−", False),
        ("x", "×", False),
        (":", ":", False),
    ],
)
def test_tile_text(token, text, blank):
    cell = CellView((0, 0), "A1", token, None, False)
    assert (cell.text, cell.blank) == (text, blank)


def test_descriptions_for_screen_readers():
    view = board_view(small_summy())
    assert view.cell((6, 2)).describe() == "C7: tile 3, last move"
    assert view.cell((2, 2)).describe() == "C3: tile 1 on a divide square, last move"
    assert view.cell((1, 1)).describe() == "B2: double word square"
    assert view.cell((7, 7)).describe() == "H8: empty"
    blank = CellView((0, 0), "A1", "?1", None, False)
    assert blank.describe() == "A1: blank played as 1"


def test_a_grid_and_a_game_like_object_can_be_drawn():
    view = board_view(Grid.from_diagram("1 +\n. ."))
    assert view.title == "Board board, 2×2" or view.title.startswith("Board")
    assert [c.text for c in view.cells if c.token] == ["1", "+"]
    fake = board_view(FakeGame())
    assert fake.cell((1, 1)).blank and fake.cell((0, 0)).text == "TW"
    assert not any(cell.last for cell in fake.cells)  # no copy/undo: no last move


def test_something_that_is_not_a_game_is_refused():
    with pytest.raises(MathplayError, match="cannot draw str"):
        board_view("3+4=7")


def test_game_names_ignore_test_subclasses():
    assert game_name(SpecialSummy(players=1)) == "Summy"
    assert game_name(LaidOutBinary(players=2)) == "Binary"
    assert game_name(Grid(3)) == "Board"
