"""What the boards send for the front end's legend and blank buttons, and gentle clicks."""

from __future__ import annotations

import pytest

from mathplay.core import Special
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.games.mixmath import BLANK_VALUES, EMPTY_BOARD, Mixmath
from mathplay.widgets import BinaryBoard, MixmathBoard, play, view
from tests.widgets.conftest import front_end


@pytest.mark.parametrize(
    ("game", "labels"),
    [
        ("summy", ["★"]),
        ("mixmath", ["★", "2×", "3×", "+", "−", "×", "÷", ""]),
        ("binary", ["★", "DL", "TL", "DW", "TW"]),
    ],
)
def test_the_legend_names_every_kind_of_special_square(game: str, labels: list[str]) -> None:
    board = play(game, seats=["human", "human"], seed=1, handover=False)
    legend = board.layout_data["legend"]
    assert [entry["label"] for entry in legend] == labels
    kinds = {entry["kind"] for entry in board.layout_data["squares"] if entry}
    legend = [entry for entry in legend if entry["kind"] != "note"]
    assert kinds <= {entry["kind"] for entry in legend}
    assert all(len(entry["text"].split()) >= 4 for entry in legend)  # words, not a code


def test_legend_words() -> None:
    assert view.legend({}) == []
    entries = view.legend({(0, 0): Special.PLUS, (0, 1): Special.DIVIDE, (1, 1): Special.PLUS})
    assert [(e["kind"], e["label"]) for e in entries] == [
        ("sign", "+"),
        ("sign", "÷"),
        ("note", ""),
    ]
    assert entries[0]["text"] == "plus square: your tile must be a sum, like 3 + 4 = 7"
    assert entries[2]["text"] == "After a tile on a sign square you may draw one extra tile."
    word = view.legend({(0, 0): Special.TRIPLE_WORD})[0]
    assert word == {
        "kind": "triple-word",
        "label": "TW",
        "text": "triple word: the whole line scores three times",
    }
    # A start square that is also a special square is listed as both.
    both = view.legend({(7, 7): Special.DOUBLE_WORD}, [(7, 7)])
    assert [e["kind"] for e in both] == ["start", "double-word"]


def test_mixmath_blank_offers_every_tile_number() -> None:
    game = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4 6 8"])
    board = MixmathBoard(game, threaded=False)
    front_end(board, event="tile", index=game.hands[0].index("?"))
    front_end(board, event="square", row=5, col=6)
    blank = board.view["blank"]
    assert blank["choices"] == [[str(v), str(v)] for v in BLANK_VALUES]
    assert ["90", "90"] in blank["choices"] and ["0", "0"] in blank["choices"]
    front_end(board, event="blank", value=blank["choices"][3][0])
    assert board.game.history[-1].move == "G6 ?3"


def test_binary_blank_offers_every_chip_with_its_sign() -> None:
    game = Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 ?", "1 0"])
    board = BinaryBoard(game, threaded=False)
    front_end(board, event="tile", index=game.hands[0].index("?"))
    front_end(board, event="square", row=7, col=7)
    choices = board.view["blank"]["choices"]
    assert choices == [
        ["0", "0"],
        ["1", "1"],
        ["+", "+"],
        ["-", "−"],
        ["x", "×"],
        ["/", "÷"],
        ["AND", "AND"],
        ["OR", "OR"],
        ["NOT", "NOT"],
        ["=", "="],
    ]
    front_end(board, event="blank", value="x")
    assert board.tentative == {(7, 7): "?x"}
    xor = BinaryBoard(Binary(seed=1, xor=True), threaded=False)
    assert "XOR" in xor.blank_choices()


def test_a_click_on_an_empty_square_without_a_tile_is_no_error() -> None:
    board = play("summy", seats=["human", "human"], seed=1, size=9, handover=False)
    key = board.game.state_key()
    front_end(board, event="square", row=0, col=0)
    assert board.view["kind"] == "info"
    assert board.message == "Pick a block from your hand, then click a square."
    assert board.game.state_key() == key and board.tentative == {}


@pytest.mark.parametrize(
    ("game", "piece"), [("summy", "block"), ("mixmath", "tile"), ("binary", "chip")]
)
def test_the_hint_to_pick_a_piece_uses_the_games_word(game: str, piece: str) -> None:
    board = play(game, seats=["human", "human"], seed=1, handover=False)
    front_end(board, event="square", row=0, col=0)
    assert board.message == f"Pick a {piece} from your hand, then click a square."
