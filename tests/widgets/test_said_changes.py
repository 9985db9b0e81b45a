"""Each change a pupil makes is said in words (issue 74, points 4 and 6): Escape and
Cancel say what went back, a new game says it started, the keys line names Escape, and
a name given in a name box is said. The page side (one live region, the focus handed
on) is tested in a browser: tests/browser/test_focus_and_speech.py, test_name_said.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mathplay.classroom import names as pupil_names
from mathplay.games.binary import Binary
from mathplay.games.summy import Summy
from mathplay.widgets import BinaryBoard, SummyBoard
from mathplay.widgets.names import NameArea
from mathplay.widgets.said import SaidAloud
from tests.widgets.conftest import front_end

EMPTY9 = "\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))


def summy_board() -> SummyBoard:
    game = Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1)
    return SummyBoard(game, ["human", "human"], threaded=False)


def test_escape_says_the_tiles_went_back_in_the_games_own_word() -> None:
    board = summy_board()
    for col, key in zip((1, 2, 3), "3+4"):
        front_end(board, event="key", key=key, row=4, col=col)
    assert len(board.tentative) == 3
    front_end(board, event="key", key="Escape", row=4, col=4)
    assert board.tentative == {}
    assert board.message == "3 blocks back in your hand."
    front_end(board, event="key", key="Escape", row=4, col=4)
    assert board.message == "There is no tile to take back."
    binary = BinaryBoard(Binary(players=2, seed=1), threaded=False)
    binary.press("exchange")
    binary.press("cancel")
    assert binary.message == "Cancelled: your tiles are as they were."


def test_the_keys_line_names_escape() -> None:
    assert "Escape" in summy_board().layout_data["texts"]["keys"]


def test_a_new_game_is_said() -> None:
    board = summy_board()
    front_end(board, event="new_game", options={"players": 2, "seat1": "human", "seat2": "human"})
    assert board.message == "A new game has started."
    handover = SummyBoard(Summy(players=2, seed=1, size=9), ["human", "human"], threaded=False,
                          handover=True)  # fmt: skip
    handover.press("new")
    assert handover.message.startswith("A new game has started. Player 1's turn")


@pytest.fixture
def nobody() -> Iterator[None]:
    pupil_names.set_pupil(None)
    yield
    pupil_names.set_pupil(None)


def test_a_name_typed_is_said_where_it_was_typed_only(nobody: None) -> None:
    here = NameArea(lambda _name: None, ask_now=True)
    below = NameArea(lambda _name: None, ask_now=True)
    quiet = NameArea(lambda _name: None, ask_now=True, says_name=False)
    assert isinstance(here.said, SaidAloud) and here.said in here.children
    here.box.value = "Ana"
    assert here.said.value == "Thank you, Ana: your work is kept under your name."
    assert below.said.value == "" and quiet.said.value == ""
