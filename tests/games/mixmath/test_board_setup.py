"""M1 board, M2 tiles, M3 setup, and the text formats of docs/notation.md for Mixmath."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay.core import Bag, Grid, parse_square
from mathplay.errors import NotationError
from mathplay.games.mixmath import (
    BLANK_VALUES,
    EMPTY_BOARD,
    SQUARES,
    START,
    TILE_COUNTS,
    Kind,
    Mixmath,
    Placement,
    parse_move,
)
from mathplay.games.mixmath.setup import opening_draw, rank

from .helpers import diagram


def squares_of(kind: Kind) -> set[tuple[int, int]]:
    return {sq for sq, k in SQUARES.items() if k is kind}


# --- M1 -------------------------------------------------------------------------------


def test_M1_start_squares_hold_1_2_3_4() -> None:
    assert START == {(6, 6): "1", (6, 7): "2", (7, 6): "3", (7, 7): "4"}
    assert [parse_square(n) for n in ("G7", "H7", "G8", "H8")] == list(START)
    board = Mixmath(seed=1).board
    assert {sq: board[sq] for sq in START} == START
    assert squares_of(Kind.START) == set(START)


@pytest.mark.parametrize(
    ("kind", "squares"),
    [
        (
            Kind.TRIPLE,
            "A1 G1 H1 N1 A7 A8 N7 N8 A14 G14 H14 N14",
        ),
        (
            Kind.DOUBLE,
            "B2 C3 D4 E5 M2 L3 K4 J5 B13 C12 D11 E10 M13 L12 K11 J10",
        ),
        (Kind.DIV, "E2 J2 B5 M5 B10 M10 E13 J13"),
        (Kind.SUB, "F3 I3 C6 L6 C9 L9 F12 I12"),
        (Kind.ADD, "G4 H5 E7 D8 K7 J8 G10 H11"),
        (Kind.MUL, "H4 G5 D7 E8 J7 K8 H10 G11"),
    ],
)
def test_M1_special_squares_exact_layout(kind: Kind, squares: str) -> None:
    expected = {parse_square(name) for name in squares.split()}
    assert squares_of(kind) == expected
    assert len(expected) == {Kind.TRIPLE: 12, Kind.DOUBLE: 16}.get(kind, 8)


def test_M1_no_square_has_two_kinds_and_the_layout_is_symmetric() -> None:
    assert len(SQUARES) == 4 + 12 + 16 + 4 * 8
    for (r, c), kind in SQUARES.items():
        # the board looks the same after a quarter turn (rotating keeps every kind)
        assert SQUARES[(c, 13 - r)] is kind
        # a mirror image keeps the premiums and start squares but swaps + and ×
        mirrored = SQUARES[(r, 13 - c)]
        swap = {Kind.ADD: Kind.MUL, Kind.MUL: Kind.ADD}
        assert mirrored is swap.get(kind, kind)


def test_M1_premiums_and_signs() -> None:
    assert Kind.DOUBLE.premium == 2 and Kind.TRIPLE.premium == 3
    assert all(k.premium == 1 for k in (Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV))
    assert {k for k in Kind if k.is_sign} == {Kind.ADD, Kind.SUB, Kind.MUL, Kind.DIV}
    game = Mixmath(seed=1)
    assert game.square_kind((0, 0)) is Kind.TRIPLE
    assert game.square_kind((5, 5)) is None


def test_M1_board_prints_as_a_diagram_with_the_start_numbers() -> None:
    game = Mixmath(seed=4)
    text = str(game.board)
    rows = text.splitlines()
    assert len(rows) == 14 and all(len(row.split()) == 14 for row in rows)
    assert rows[6].split() == [".", ".", ".", ".", ".", ".", "1", "2", ".", ".", ".", ".", ".", "."]
    assert rows[7].split()[6:8] == ["3", "4"]
    assert text == EMPTY_BOARD


# --- M2 -------------------------------------------------------------------------------


def test_M2_the_108_tiles() -> None:
    assert sum(TILE_COUNTS.values()) == 108
    assert all(TILE_COUNTS[str(n)] == 7 for n in range(1, 11))
    assert TILE_COUNTS["0"] == 1 and TILE_COUNTS["?"] == 2
    assert all(TILE_COUNTS[str(n)] == 1 for n in range(11, 21))
    products = {a * b for a in range(1, 11) for b in range(1, 11) if 21 <= a * b <= 99}
    assert {int(t) for t in TILE_COUNTS if t != "?" and int(t) > 20} == products
    assert len(products) == 25
    assert sum(n for t, n in TILE_COUNTS.items() if t != "?") == 106


def test_M2_blank_values_are_the_numbers_on_tiles() -> None:
    assert tuple(sorted(int(t) for t in TILE_COUNTS if t != "?")) == BLANK_VALUES
    assert len(BLANK_VALUES) == 46 and BLANK_VALUES[0] == 0 and BLANK_VALUES[-1] == 90
    with pytest.raises(NotationError):
        parse_move("I7 ?22")  # 22 is on no tile
    with pytest.raises(NotationError):
        parse_move("I7 91")


def test_M2_new_game_holds_all_108_tiles() -> None:
    game = Mixmath(players=4, seed=11)
    tiles = Counter(game._pos.bag.tiles)
    for hand in game.hands:
        tiles.update(hand)
    assert tiles == Counter(TILE_COUNTS)


# --- M3 -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_M3_racks_hold_seven_and_the_highest_draw_starts(players: int) -> None:
    for seed in range(40):
        game = Mixmath(players=players, seed=seed)
        assert [len(h) for h in game.hands] == [7] * players
        draws = game.first_draws
        assert len(draws) == players
        # every player's first tile is the first tile of their rack
        assert all(game.hands[p][: len(d)] == d for p, d in enumerate(draws))
        starter = game.to_move
        if players > 1:
            first = [rank(d[0]) for d in draws]
            assert first[starter] == max(first)
            tied = [p for p in range(players) if first[p] == max(first)]
            assert starter in tied
            assert (len(tied) > 1) == (len(draws[starter]) > 1)


def test_M3_ties_draw_again_and_blanks_count_lowest() -> None:
    # Bag.draw takes from the end: player 0 gets 9, player 1 gets 9 (a tie), then
    # player 0 draws a blank (lowest of all) and player 1 a 5: player 1 starts.
    bag = Bag(["1"] * 20 + ["5", "?", "9", "9"])
    hands, starter, draws = opening_draw(bag, 2)
    assert draws == (("9", "?"), ("9", "5")) and starter == 1
    assert hands[0][:2] == ["9", "?"] and [len(h) for h in hands] == [7, 7]
    assert rank("?") < rank("0")
    # a blank against a 0: the 0 is higher
    hands, starter, draws = opening_draw(Bag(["1"] * 20 + ["0", "?"]), 2)
    assert draws == (("?",), ("0",)) and starter == 1
    # three players, only the two tied on top draw again
    hands, starter, draws = opening_draw(Bag(["1"] * 30 + ["7", "2", "6", "3", "6"]), 3)
    assert draws == (("6", "2"), ("3",), ("6", "7")) and starter == 2


def test_M3_rules_options() -> None:
    for bad in (0, 5):
        with pytest.raises(ValueError, match="M3"):
            Mixmath(players=bad)
    with pytest.raises(ValueError, match="M8"):
        Mixmath(mode="lenient")


# --- notation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("I7 3", "I7 3"),
        ("  i7   03 ", "I7 3"),
        ("I7 ?3", "I7 ?3"),
        ("draw", "draw"),
        ("END", "end"),
        ("exchange 3 7 ?", "exchange 3 7 ?"),
        ("pass", "pass"),
        ("exchange", "pass"),
        ("challenge", "challenge"),
    ],
)
def test_move_notation_round_trips(text: str, canonical: str) -> None:
    move = parse_move(text)
    assert str(move) == canonical
    assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "I7", "I7 3 4", "O7 3", "I15 3", "I7 ?", "I7 x", "I7 -3"])
def test_bad_move_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_placement_values() -> None:
    blank = Placement((6, 8), "?12")
    assert blank.value == 12 and blank.is_blank and blank.rack_tile == "?"
    assert Placement((6, 8), "12").rack_tile == "12"


def test_diagram_round_trip_and_checks() -> None:
    text = diagram({"I7": "3", "J7": "?6", "C3": "90"})
    game = Mixmath.from_diagram(text, hands=["3 5 10 12 ? 7 1", "2 2"], to_move=1)
    assert str(game.board) == Grid.from_diagram(text).diagram()
    again = Mixmath.from_diagram(str(game.board), hands=["3 5 10 12 ? 7 1", "2 2"], to_move=1)
    assert again.state_key() == game.state_key()
    assert game.board[(6, 9)] == "?6" and game.to_move == 1
    assert game.bag_size == 108 - 3 - 7 - 2
    with pytest.raises(NotationError, match="start square"):
        Mixmath.from_diagram(diagram({"G7": "5"}), hands=["1"])
    with pytest.raises(NotationError, match="14×14"):
        Mixmath.from_diagram(". 1\n3 4", hands=["1"])
    with pytest.raises(NotationError, match="more tiles than the set"):
        Mixmath.from_diagram(diagram({"A1": "90"}), hands=["90"])
    with pytest.raises(NotationError, match="more tiles than the set"):
        Mixmath.from_diagram(diagram({"A1": "?5", "A2": "?6"}), hands=["?"])
    with pytest.raises(NotationError):
        Mixmath.from_diagram(diagram({"A1": "95"}), hands=["1"])
    with pytest.raises(NotationError, match="to_move"):
        Mixmath.from_diagram(EMPTY_BOARD, hands=["1"], to_move=1)
