"""B3: what a move is: placement, connection, extension, one new =, side contacts,
identity fragments, blanks, exchange and pass."""

from __future__ import annotations

from collections import Counter

import pytest

from mathplay.errors import NotationError
from mathplay.games.binary import IDENTITY_FAMILIES, Binary

from .helpers import EMPTY, full_board_game, game, refused

BASE = "E8 across 1 + 1 = 10"  # E8 1, F8 +, G8 1, H8 =, I8 1, J8 0


def test_b3_first_move_must_cover_h8() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0"])
    refused(g, "A1 across 1 + 1 = 10", "B3", "centre square H8")
    refused(g, "I8 across 1 + 1 = 10", "B3", "centre square H8")
    assert g.play("C8 across 1 + 1 = 10") > 0  # C8..H8: the 0 lies on H8
    assert g.board[(7, 7)] == "0"


def test_b3_first_move_down_through_h8() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0 0 0 0"])
    assert g.play("H4 down 1 + 1 = 10") > 0
    assert [g.board[(r, 7)] for r in range(3, 9)] == ["1", "+", "1", "=", "1", "0"]


def test_b3_later_lines_include_a_chip_already_on_the_board() -> None:
    g = game(BASE, hands=("1 + 1 = 1 0 0 0 0",))
    refused(g, "A1 across 1 + 1 = 10", "B3", "at least one chip already on the board")
    # touching the expression from the side is not enough: the line must include a chip
    refused(g, "E9 across 1 + 1 = 10", "B3", "at least one chip already on the board")
    assert g.play("G6 down 1 + 1 = 10") > 0  # through the 1 on G8


def test_b3_a_move_places_at_least_one_chip() -> None:
    g = game(BASE)
    refused(g, BASE, "B3", "already on the board")


def test_b3_a_move_names_the_whole_unbroken_line() -> None:
    g = game(BASE, hands=("1 0 + 1 0 = 0 0 0",))
    refused(g, "D8 across 11 + 1 = 1", "B3", "the line goes on at J8", "D8 across 11 + 1 = 10")
    refused(g, "F8 across + 1 = 100", "B3", "the line goes on at E8", "E8 across 1 + 1 = 100")


def test_b3_cells_already_on_the_board_must_match() -> None:
    g = game(BASE, hands=("1 0 + 1 0 = 0 0 0",))
    refused(g, "E8 across 1 - 1 = 0", "B3", "F8 already holds +, not -")


@pytest.mark.parametrize(
    "move",
    [
        "D8 across 11 + 1 = 100",  # both ends: 1+1=10 -> 11+1=100 (the seed's example)
        "B8 across 10 - 1 + 1 = 10",  # the left end only
        "E8 across 1 + 1 = 10 x 1",  # the right end only
        "E8 across 1 + 1 = 10 = 1 + 1",  # a chain: a second = on the right
    ],
    ids=lambda m: f"B3-extend: {m}",
)
def test_b3_extending_an_expression_at_either_or_both_ends(move: str) -> None:
    g = game(BASE, hands=("1 1 0 0 - + = x 1",))
    before = g.board
    assert g.play(move) > 0
    after = g.board
    for square, token in before.filled():
        assert after[square] == token  # old chips stay where they were


def test_b3_chains_may_use_equals_already_there() -> None:
    g = game("A8 across 1 + 1 = 10 = 11 - 1", hands=("= 1 + 1 0 0 x 1",))
    assert g.play("A8 across 1 + 1 = 10 = 11 - 1 = 1 + 1") > 0
    assert g.board[(7, 14)] == "1"
    assert g.history[-1].move == "A8 across 1 + 1 = 10 = 11 - 1 = 1 + 1"


def test_b3_at_most_one_new_equals_per_move() -> None:
    g = game("A8 across 1 + 1 = 10", hands=("= = 1 + 1 0 0 0 0",))
    refused(g, "A8 across 1 + 1 = 10 = 10 = 10", "B3", "at most one new =", "adds 2")
    g = Binary.from_diagram(EMPTY, hands=["0 = 0 = 0 + 0 0 0"])
    refused(g, "F8 across 0 = 0 = 0 + 0", "B3", "at most one new =")


def test_b3_a_blank_as_equals_counts_as_a_new_equals() -> None:
    g = game("A8 across 1 + 1 = 10", hands=("= ? 1 + 1 0 0 0 0",))
    refused(g, "A8 across 1 + 1 = 10 = 10 ?= 10", "B3", "at most one new =")
    assert g.play("A8 across 1 + 1 = 10 = 10 ?+ 0") > 0


def test_b3_side_contacts_are_not_checked_or_scored() -> None:
    g = game(BASE, "F7 down 1 + 1 = 10", hands=("1 + 0 = 1 0 0 0 0",))
    # G8 down 1 + 0 = 1 runs beside F9..F12: rows 9-12 read "1 +", "= 0", "1 =", "0 1"
    score = g.play("G8 down 1 + 0 = 1")
    # four new chips (+ on the double letter G9), bonus 1; the side runs score nothing
    assert score == 2 + 1 + 1 + 1 + 1
    assert g.board[(11, 5)] == "0" and g.board[(11, 6)] == "1"


@pytest.mark.parametrize("family", list(IDENTITY_FAMILIES), ids=lambda f: f"B3-ban: {f}")
def test_b3_banned_identity_fragment_is_refused(family: str) -> None:
    op, digit = IDENTITY_FAMILIES[family]
    line = f"10 {op} {digit} = {'10' if op in '+-x/' or op == 'OR' or op == 'XOR' else '0'}"
    chips = " ".join(line.replace("10", "1 0").split())
    allowed = Binary.from_diagram(EMPTY, hands=[chips], xor=True)
    assert allowed.play(f"H8 across {line}") >= 0
    banned = Binary.from_diagram(EMPTY, hands=[chips], xor=True, banned_identities=[family])
    refused(banned, f"H8 across {line}", "B3", f"identity fragment {family}")
    # banning one family leaves the others alone
    others = [f for f in IDENTITY_FAMILIES if f != family]
    g = Binary.from_diagram(EMPTY, hands=[chips], xor=True, banned_identities=others)
    assert g.play(f"H8 across {line}") >= 0


def test_b3_what_counts_as_adding_a_fragment() -> None:
    ban = {"banned_identities": ("x1", "+0")}
    # an operator followed by a longer number is no fragment: x 10
    g = Binary.from_diagram(EMPTY, hands=["1 0 x 1 0 = 1 0 0"], **ban)  # type: ignore[arg-type]
    assert g.play("E8 across 10 x 10 = 100") > 0
    # a fragment made only of chips already there is not added by a move elsewhere
    g = game("C8 across 11 x 1 = 11", hands=("= 1 + 1 0 0 0 0 0",), **ban)
    assert g.play("C8 across 11 x 1 = 11 = 10 + 1") > 0
    # a new digit after an old operator adds one, and so does a new operator
    g = game("E8 across 1 + 1 = 10 x", hands=("1 0 0 0 0 0 0 0 0",), **ban)
    refused(g, "E8 across 1 + 1 = 10 x 1", "B3", "identity fragment x1")
    g = game("E8 across 1 + 1 = 10", "L8 across 0", hands=("+ 0 0 0 0 0 0 0 0",), **ban)
    refused(g, "E8 across 1 + 1 = 10 + 0", "B3", "identity fragment +0")
    # a number under NOT is not the digit of a fragment, nor is the number before x
    g = Binary.from_diagram(EMPTY, hands=["1 x NOT 0 = 1 1 0"], **ban)  # type: ignore[arg-type]
    assert g.play("E8 across 1 x NOT 0 = 1") > 0
    g = Binary.from_diagram(EMPTY, hands=["1 x 1 1 = 1 1"], **ban)  # type: ignore[arg-type]
    assert g.play("F8 across 1 x 11 = 11") > 0
    del g


def test_b3_banned_identities_option_is_checked() -> None:
    with pytest.raises(ValueError, match="identity fragment"):
        Binary(banned_identities=["x2"])
    with pytest.raises(ValueError, match="list of fragments"):
        Binary(banned_identities="x1")  # type: ignore[arg-type]
    g = Binary(banned_identities=["and1", "X 1"])
    assert g.options.banned_identities == ("x1", "AND 1")


def test_b3_blank_stands_for_a_chip_and_is_written_with_a_question_mark() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + ? = 1 0", "0 0 0 0"])
    score = g.play("H8 across 1 + ?1 = 10")
    assert g.board[(7, 9)] == "?1"
    assert g.history[-1].move == "H8 across 1 + ?1 = 10"
    assert score == (1 + 1 + 0 + 1 + 1 * 2 + 1 + 2) * 2  # the blank's letter scores 0


def test_b3_blank_may_stand_for_an_operator_or_equals() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 ? 1 = 1 0", "? 1 + 1 1 0"])
    g.play("H8 across 1 ?AND 1 = 1")
    assert g.board[(7, 8)] == "?AND"
    g.play("H7 down 1 1 ?= 1 + 10")
    assert g.board[(8, 7)] == "?="


def test_b3_a_line_through_an_old_blank_reads_it_as_its_chip() -> None:
    g = Binary.from_diagram(
        "\n".join(
            ". . . . . . . . . . . . . . ." if r != 7 else ". . . . . . . 1 + ?1 = 1 0 . ."
            for r in range(15)
        ),
        hands=["1 1 1 + = 0 0 0 0"],
    )
    # J8 holds a blank standing for 1: the move may write it 1 or ?1; it is saved as 1
    for written in ("J7 down 11 + 1 = 100", "J7 down 1?1 + 1 = 100"):
        g.play(written)
        assert g.history[-1].move == "J7 down 11 + 1 = 100"
        assert g.board[(7, 9)] == "?1"
        assert g.board[(6, 9)] == "1"
        g.undo()
    refused(g, "J7 down 1 + 1 = 10", "B3", "J8 already holds ?1, not +")


def test_b3_a_blank_cannot_stand_for_xor_without_the_option() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 ? 1 = 0"])
    key = g.state_key()
    with pytest.raises(NotationError, match="XOR"):
        g.play("H8 across 1 ?XOR 1 = 0")
    assert g.state_key() == key
    g = Binary.from_diagram(EMPTY, hands=["1 ? 1 = 0"], xor=True)
    assert g.play("H8 across 1 ?XOR 1 = 0") > 0


def test_b3_placing_chips_the_hand_does_not_have_is_refused() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 + 1 = 1 0"])
    refused(g, "H8 across 1 + 1 = 10 + 0", "B3", "your hand does not have")
    refused(g, "H8 across 1 + ?1 = 10", "B3", "your hand does not have ?")


def test_b3_exchange_while_the_bag_holds_at_least_nine() -> None:
    hand = "1 1 0 0 + = x / AND"
    g = full_board_game(hands=(hand, "1 1 1"), bag=9)
    assert g.bag_size == 9
    bag_before = Counter(g._pos.bag.tiles)
    assert g.play("exchange x / AND") == 0
    assert len(g.hands[0]) == 9
    assert g.bag_size == 9
    assert Counter(g.hands[0]) + Counter(g._pos.bag.tiles) == bag_before + Counter(hand.split())
    assert g.to_move == 1
    g = full_board_game(hands=(hand, "1 1 1"), bag=8)
    refused(g, "exchange x", "B3", "at least 9", "holds 8")


def test_b3_exchange_only_chips_in_the_hand() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 1 0 0 + = x / AND"])
    refused(g, "exchange NOT", "B3", "your hand does not have NOT")
    with pytest.raises(NotationError, match="name the chips"):
        g.play("exchange")


def test_b3_pass() -> None:
    g = Binary.from_diagram(EMPTY, hands=["1 1", "0 0"])
    assert g.play("pass") == 0
    assert g.to_move == 1 and g.hands == (("1", "1"), ("0", "0"))
    assert g.history[-1].move == "pass"
