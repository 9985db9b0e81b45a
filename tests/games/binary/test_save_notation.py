"""Notation (docs/notation.md) and save files: moves, hands and diagrams round-trip."""

from __future__ import annotations

import json

import pytest

import mathplay
from mathplay.errors import NotationError, SaveFileError
from mathplay.games.binary import Binary

from .helpers import EMPTY, diagram


def test_format_name_and_registration() -> None:
    assert Binary.format_name == "mathplay.binary"
    g = Binary(players=3, seed=7, order="left-to-right", xor=True, banned_identities=["x1"])
    data = json.loads(g.save())
    assert data["format"] == "mathplay.binary" and data["version"] == 1
    assert data["seed"] == 7
    assert data["options"] == {
        "players": 3,
        "order": "left-to-right",
        "xor": True,
        "banned_identities": ["x1"],
        "bonus": "highest-bit",
        "all_chips_bonus": 50,
    }
    again = mathplay.load(g.save())
    assert isinstance(again, Binary)
    assert again.options == g.options and again.state_key() == g.state_key()


def test_moves_are_read_forgivingly_and_saved_canonically() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0", "1 0 0 0 0 0 0 0 0"])
    g.play("h8 ACROSS 1+1=10")
    g.play("  G8   across 11 + 1 =100 ")
    assert [entry.move for entry in g.history] == [
        "H8 across 1 + 1 = 10",
        "G8 across 11 + 1 = 100",
    ]
    assert mathplay.load(g.save()).state_key() == g.state_key()


def test_from_diagram_with_blanks_saves_and_loads() -> None:
    board = diagram("H8 across 1 ?+ 1 = ?10")
    g = Binary.from_diagram(board, hands=["? 1 0 =", "NOT 1"], to_move=1, scores=[3, 4])
    assert g.board[(7, 8)] == "?+" and g.board[(7, 11)] == "?1"
    assert g.to_move == 1 and g.scores == (3, 4)
    assert g.bag_size == 100 - 6 - 6  # the blanks on the board are two of the three
    g.play("pass")
    g.play("exchange ? 0")
    loaded = mathplay.load(g.save())
    assert loaded.state_key() == g.state_key()
    assert loaded.save() == g.save()
    assert str(loaded) == str(g)


def test_a_bad_move_in_a_save_file_is_refused_clearly() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0"])
    g.play("H8 across 1 + 1 = 10")
    data = json.loads(g.save())
    data["history"] = ["H8 across 1 + 1 = 0"]
    with pytest.raises(SaveFileError, match=r"move 1 .*1 \+ 1 is 10, not 0"):
        mathplay.load(json.dumps(data))


def test_a_bad_start_in_a_save_file_is_refused() -> None:
    data = json.loads(Binary(seed=1).save())
    data["start"]["bag"] = data["start"]["bag"][1:]
    with pytest.raises(SaveFileError, match="bag"):
        mathplay.load(json.dumps(data))
    data = json.loads(Binary(seed=1).save())
    data["options"]["bonus"] = "square"
    with pytest.raises(SaveFileError, match="bonus"):
        mathplay.load(json.dumps(data))


@pytest.mark.parametrize(
    "text",
    ["", "H8 sideways 1 + 1 = 10", "Z9 across 1 + 1 = 10", "H8 across 1 + 2 = 3", "H8 across"],
)
def test_unreadable_moves_raise_notation_errors(text: str) -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0"])
    key = g.state_key()
    with pytest.raises(NotationError):
        g.play(text)
    assert g.state_key() == key


def test_diagrams_must_be_15_by_15() -> None:
    with pytest.raises(NotationError, match="15×15"):
        Binary.from_diagram(". . .\n. . .\n. . .", hands=["1"])
    with pytest.raises(NotationError, match="to_move"):
        Binary.from_diagram(EMPTY, hands=["1"], to_move=1)


def test_repr_and_board_diagram() -> None:
    g = Binary.from_diagram(diagram("H8 across 1 + 1 = 10"), hands=["1", "0"])
    assert repr(g) == "<Binary 2 players, ply 0, scores [0, 0]>"
    assert str(g).splitlines()[7] == ". . . . . . . 1 + 1 = 1 0 . ."
    assert Binary.from_diagram(str(g), hands=["1", "0"]).state_key()[0] == g.state_key()[0]
