"""A tile's name for screen readers says what the eye sees: its points and a blank's value.

The board (``static/board.js``) names each hand tile and each square's tile with the
``n`` the view sends, so a blind pupil hears "×, 2 points" where the screen shows "× 2"
(issue 74; axe's ``label-content-name-mismatch``).
"""

from __future__ import annotations

from typing import Any

import pytest

from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath
from mathplay.games.summy import Summy
from mathplay.widgets import BinaryBoard, MixmathBoard, SummyBoard
from tests.widgets.conftest import front_end

EMPTY9 = "\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))


def binary() -> BinaryBoard:
    game = Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 x / 0 ? AND OR", "1 0 1 0 = = OR"])
    return BinaryBoard(game, threaded=False)


def mixmath() -> MixmathBoard:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4 6 8"])
    return MixmathBoard(game, threaded=False)


def summy() -> SummyBoard:
    return SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"]), threaded=False)


def names(board: Any) -> list[str]:
    return [tile["n"] for tile in board.view["hand"]]


def test_binary_chips_are_named_with_their_points() -> None:
    assert names(binary()) == [
        "1, 1 point",
        "×, 2 points",
        "÷, 4 points",
        "0, 1 point",
        "a blank, 0 points",
        "AND, 1 point",
        "OR, 1 point",
    ]


def test_a_blank_is_named_with_the_value_chosen() -> None:
    board = binary()
    front_end(board, event="tile", index=4)  # the blank
    front_end(board, event="square", row=7, col=7)
    front_end(board, event="blank", value="1")
    [[_index, tile]] = board.view["tentative"]
    assert tile["n"] == "a blank as 1, 0 points"
    assert board.view["hand"][4]["n"] == "a blank, 0 points"  # the hand's tile, placed


def test_mixmath_numbers_have_no_points_but_a_blank_shows_its_zero() -> None:
    board = mixmath()
    assert names(board) == ["3", "5", "10", "12", "a blank, 0 points", "7", "1"]
    front_end(board, event="tile", index=4)
    front_end(board, event="square", row=5, col=6)
    front_end(board, event="blank", value="3")
    assert board.view["cells"][5 * 14 + 6]["n"] == "a blank as 3, 0 points"


def test_summy_blocks_are_named_by_their_text() -> None:
    assert names(summy()) == ["3", "+", "4", "7", "×", "1", "2"]


@pytest.mark.parametrize("make", [binary, mixmath, summy])
def test_every_name_holds_what_the_tile_shows(make: Any) -> None:
    """The name contains the visible text (speech input: "click ×") and the points."""
    for tile in make().view["hand"]:
        if not tile["b"]:
            assert tile["n"].startswith(tile["t"])
        if tile["p"] is not None:
            assert f"{tile['p']} point" in tile["n"]


def test_what_a_move_is_worth_is_said_before_it_is_played() -> None:
    """Each tile placed says whether the line would be allowed now and its points, so a
    pupil hears a move's worth before pressing Play (and the engine's draw is not
    touched: the move is tried on a copy)."""
    game = Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 ?", "1 0 1 0"])
    board = BinaryBoard(game, threaded=False)
    placed = [(8, "+"), (9, "1"), (10, "="), (11, "1")]
    front_end(board, event="tile", index=0)
    front_end(board, event="square", row=7, col=7)
    assert board.message == "1 on H8: press Play when the line is complete."
    key = board.game.state_key()
    hand = board.game.hands[0]
    for col, token in placed:
        used = {i for i, _t in board._tentative.values()}
        front_end(
            board,
            event="tile",
            index=next(i for i, t in enumerate(hand) if t == token and i not in used),
        )
        front_end(board, event="square", row=7, col=col)
    assert board.message == "1 on L8: press Play when the line is complete."  # 1 + 1 = 1
    front_end(board, event="tile", index=hand.index("0"))
    front_end(board, event="square", row=7, col=12)
    assert board.message == "0 on M8: played now, this move scores 18 points."
    assert board.game.state_key() == key
    front_end(board, event="action", id="play")
    assert board.game.scores == (18, 0)
