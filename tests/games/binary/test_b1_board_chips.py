"""B1: the board, its premium squares, the chips and the hands."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay.core import parse_square
from mathplay.errors import NotationError
from mathplay.games.binary import CHIP_COUNTS, POINTS, PREMIUMS, Binary, chip_set
from mathplay.games.binary.rules import read_hand, read_line, read_token

from .helpers import EMPTY, refused


def test_b1_board_is_15_by_15_with_centre_h8() -> None:
    g = Binary(seed=1)
    assert g.board.size == 15
    assert parse_square("H8") == (7, 7)
    assert PREMIUMS[(7, 7)] == "DW"


def test_b1_standard_premium_layout() -> None:
    triple_word = {(0, 0), (0, 7), (0, 14), (7, 0), (7, 14), (14, 0), (14, 7), (14, 14)}
    double_word = {(7, 7)}
    for i in range(1, 5):
        double_word |= {(i, i), (i, 14 - i), (14 - i, i), (14 - i, 14 - i)}
    triple_letter = {(1, 5), (1, 9), (5, 1), (5, 5), (5, 9), (5, 13)}
    triple_letter |= {(9, 1), (9, 5), (9, 9), (9, 13), (13, 5), (13, 9)}
    double_letter = {(0, 3), (0, 11), (2, 6), (2, 8), (3, 0), (3, 7), (3, 14), (6, 2)}
    double_letter |= {(6, 6), (6, 8), (6, 12), (7, 3), (7, 11), (8, 2), (8, 6), (8, 8)}
    double_letter |= {(8, 12), (11, 0), (11, 7), (11, 14), (12, 6), (12, 8), (14, 3)}
    double_letter |= {(14, 11)}
    expected = {
        **dict.fromkeys(triple_word, "TW"),
        **dict.fromkeys(double_word, "DW"),
        **dict.fromkeys(triple_letter, "TL"),
        **dict.fromkeys(double_letter, "DL"),
    }
    assert expected == PREMIUMS
    assert Counter(PREMIUMS.values()) == {"TW": 8, "DW": 17, "TL": 12, "DL": 24}
    # the layout is symmetric under both mirrors and the transpose, like Scrabble's
    for (r, c), kind in PREMIUMS.items():
        assert PREMIUMS[(14 - r, c)] == PREMIUMS[(r, 14 - c)] == PREMIUMS[(c, r)] == kind


def test_b1_chip_set_has_100_chips() -> None:
    assert sum(chip_set().values()) == 100
    assert CHIP_COUNTS == {
        "0": 28, "1": 28, "=": 14, "+": 5, "-": 5, "x": 3, "/": 2,
        "AND": 4, "OR": 4, "NOT": 4, "?": 3,
    }  # fmt: skip
    g = Binary(players=2, seed=3)
    everything = Counter(g._pos.bag.tiles)
    for hand in g.hands:
        everything.update(hand)
    assert everything == Counter(chip_set())


def test_b1_xor_option_makes_104_chips() -> None:
    assert sum(chip_set(xor=True).values()) == 104
    assert chip_set(xor=True)["XOR"] == 4
    g = Binary(players=1, seed=3, xor=True)
    assert g.bag_size + len(g.hands[0]) == 104
    assert "XOR" not in chip_set()


def test_b1_chip_points() -> None:
    assert POINTS["x"] == 2 and POINTS["/"] == 4 and POINTS["?"] == 0
    for chip in ("0", "1", "=", "+", "-", "AND", "OR", "NOT", "XOR"):
        assert POINTS[chip] == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_b1_hands_of_nine(players: int) -> None:
    g = Binary(players=players, seed=11)
    assert [len(hand) for hand in g.hands] == [9] * players
    assert g.bag_size == 100 - 9 * players


@pytest.mark.parametrize("players", [0, 5])
def test_b1_one_to_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="B1"):
        Binary(players=players)


def test_b1_hand_refills_to_nine_after_a_move() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 AND 0 0", "1 1 1 1 1 1 1 1 1"])
    g.play("H8 across 1 + 1 = 10")
    assert len(g.hands[0]) == 9
    assert Counter(g.hands[0]) >= Counter(["AND", "0", "0"])


def test_b1_xor_is_not_a_chip_without_the_option() -> None:
    with pytest.raises(NotationError, match="XOR"):
        Binary.from_diagram(EMPTY, hands=["1 XOR 1"])
    g = Binary.from_diagram(EMPTY, hands=["1 XOR 1 = 0 0"], xor=True)
    assert g.play("H8 across 1 XOR 1 = 0") > 0


def test_b1_from_diagram_bag_is_the_rest_of_the_set() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 0 = + 1 AND NOT 0 1", "? ? x"])
    assert g.bag_size == 100 - 12
    assert g.hands[1] == ("?", "?", "x")


def test_b1_from_diagram_refuses_more_chips_than_the_set() -> None:
    with pytest.raises(NotationError, match="too many '/'"):
        Binary.from_diagram(EMPTY, hands=["/ / /"])
    with pytest.raises(NotationError, match="at most 9"):
        Binary.from_diagram(EMPTY, hands=["1 1 1 1 1 1 1 1 1 1"])


def test_b1_tokens_read_forgivingly_and_write_canonically() -> None:
    assert read_token("and") == "AND"
    assert read_token("?and") == "?AND"
    assert read_token("×") == "x"
    assert read_token(":") == "/"
    assert read_line("1 0 1  and 1=1") == ["1", "0", "1", "AND", "1", "=", "1"]
    assert read_line("10×11 = 110") == ["1", "0", "x", "1", "1", "=", "1", "1", "0"]
    assert read_line("1 xor 1 = 0") == ["1", "XOR", "1", "=", "0"]
    assert read_hand("1 0 ? AND") == ["1", "0", "?", "AND"]
    with pytest.raises(NotationError):
        read_token("2")
    with pytest.raises(NotationError):
        read_line("1 + 2 = 11")


def test_b1_a_chip_outside_the_set_is_refused() -> None:
    from mathplay.core import Direction, LineMove

    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 AND 0 0"])
    move = LineMove((7, 7), Direction.ACROSS, ("1", "+", "1", "=", "2"), "1 + 1 = 2")
    key = g.state_key()
    # B1: a move object gets the checks its notation gets.
    with pytest.raises(ValueError, match="'2' in the line '1 \\+ 1 = 2' is not a Binary chip"):
        g.play(move)
    assert g.state_key() == key
    refused(g, "H8 across 1 + 1 = 0", "B2", "1 + 1 is 10, not 0")
