"""B2: a correct expression, judged through real moves (first moves on H8)."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.errors import ExpressionError
from mathplay.games.binary import Binary, BinaryOptions, expression_problem
from mathplay.games.binary.rules import read_line

from .helpers import EMPTY, diagram, game, refused


def first_move(line: str, **options: object) -> tuple[Binary, str]:
    """A board and a hand for playing ``line`` across row 8 over H8, and the move.

    The hand holds exactly the chips of ``line``; a line of more than nine chips has its
    first chip on the board already (so that it fits a hand of nine).
    """
    tokens = read_line(line)
    column = max(0, 7 - len(tokens) // 2)
    square = f"{'ABCDEFGHIJKLMNO'[column]}8"
    board = EMPTY
    if len(tokens) > 9:
        board = diagram(f"{square} across {tokens[0]}")
        tokens = tokens[1:]
    chips = " ".join("?" if t.startswith("?") else t for t in tokens)
    g = Binary.from_diagram(board, hands=[chips], **options)  # type: ignore[arg-type]
    return g, f"{square} across {line}"


def checker_reason(text: str, order: str = "math") -> str:
    try:
        verdict = mathplay.check(text, base=2, order=order)
    except ExpressionError as error:
        return str(error)
    assert not verdict.holds
    assert verdict.reason is not None
    return verdict.reason


@pytest.mark.parametrize(
    "line",
    [
        "1 + 1 = 10",
        "101 AND 1 = 1",
        "100 OR 1 = 101",
        "110 = NOT 001",
        "NOT 101 = 10",
        "1 - 1 + 1 - 1 = 0",
        "11 x 11 = 1001",
        "110 / 11 = 10",
        "0 = 0 + 0",
        "NOT 0 = 1",
    ],
    ids=lambda line: f"B2-correct: {line}",
)
def test_b2_correct_expressions_are_played(line: str) -> None:
    g, move = first_move(line)
    score = g.play(move)
    assert score > 0
    assert g.history[-1].move == move


@pytest.mark.parametrize(
    "line, reason",
    [
        ("100 AND 1 = 101", "100 AND 1 is 0, not 101"),  # the Greek seed's misprint
        ("1 + 1 = 11", "1 + 1 is 10, not 11"),
        ("NOT 101 = 101", "NOT 101 is 10, not 101"),  # NOT keeps the width: 010
        ("01 + 1 = 10", "starts with 0"),  # no leading zeros
        ("NOT 101 = 010", "starts with 0"),  # ... except after NOT
        ("NOT NOT 1 = 1", "follows another NOT"),
        ("1 NOT 1 = 0", "comes right after a number"),
        ("1 + x 1 = 10", "two operators in a row"),
        ("+ 1 = 1", "has no number before it"),
        ("1 + 1 = 10 +", "has no number after it"),
        ("0 - 1 = 0", "less than zero"),
        ("11 / 10 = 1", "not a whole number"),
        ("1 / 0 = 0", "divides by zero"),
        ("1 = = 1 + 0", "has nothing before it"),
    ],
    ids=lambda value: f"B2-wrong: {value}",
)
def test_b2_wrong_expressions_are_refused_with_the_checkers_reason(line: str, reason: str) -> None:
    g, move = first_move(line)
    text = " ".join(line.split())
    error = refused(g, move, "B2" if line != "1 = = 1 + 0" else "B3")
    if error.rule == "B2":
        assert checker_reason(text) in str(error)
        assert reason in str(error)


def test_b2_two_equals_in_a_row_is_wrong_when_only_one_is_new() -> None:
    g = game("H8 across 1 + 1 = 10", hands=("= 1 0",))
    error = refused(g, "H8 across 1 + 1 = = 10", "B3")
    assert "K8 already holds =" in str(error) or "already holds" in str(error)
    g = game("E1 down 1 + 1 = 10", hands=("= 1 + 0",))
    refused(g, "E1 down 1 + 1 = 10 = = 1", "B3", "at most one new =")


@pytest.mark.parametrize("line", ["1 = 1", "10 = 10", "0 = 0 = 0"])
def test_b2_an_expression_needs_an_operator(line: str) -> None:
    assert expression_problem(read_line(line), BinaryOptions())[0] is not None
    if line.count("=") == 1:
        refused(*first_move(line), "B2", "no operator")


def test_b2_an_expression_needs_an_equals_sign() -> None:
    refused(*first_move("1 + 1"), "B2", "has no =")


def test_b2_several_sides_all_equal() -> None:
    g = game("A8 across 10 x 10 = 100", hands=("= 1 1 + 1 0 0 0 0",))
    assert g.play("A8 across 10 x 10 = 100 = 11 + 1") > 0
    g = game("A8 across 10 x 10 = 100", hands=("= 1 1 + 1 0 0 0 0",))
    refused(g, "A8 across 10 x 10 = 100 = 11 + 0", "B2", "10 x 10 is 100, but 11 + 0 is 11")


@pytest.mark.parametrize(
    "line, math, left_to_right",
    [
        ("1 + 1 x 11 = 100", True, False),  # 1 + 3 = 4 | (1 + 1) x 3 = 6
        ("1 + 1 x 11 = 110", False, True),
        ("1 OR 1 + 1 = 11", True, False),  # + before OR | (1 OR 1) + 1 = 2
        ("1 OR 1 + 1 = 10", False, True),
        ("1 OR 1 XOR 1 = 1", True, False),  # XOR before OR | (1 OR 1) XOR 1 = 0
        ("1 OR 1 XOR 1 = 0", False, True),
        ("1 XOR 1 AND 0 = 1", True, False),  # AND before XOR | (1 XOR 1) AND 0 = 0
        ("NOT 1 + 1 = 1", True, True),  # NOT binds to its number in both orders
    ],
    ids=lambda value: f"B2-order: {value}",
)
def test_b2_both_orders_of_operations(line: str, math: bool, left_to_right: bool) -> None:
    for order, correct in (("math", math), ("left-to-right", left_to_right)):
        g, move = first_move(line, order=order, xor=True)
        if correct:
            assert g.play(move) > 0
        else:
            error = refused(g, move, "B2")
            assert checker_reason(line, order) in str(error)


def test_b2_the_order_option_is_checked() -> None:
    with pytest.raises(ValueError, match="order"):
        Binary(order="calculator")


@pytest.mark.parametrize(
    "line, correct",
    [
        ("101 XOR 11 = 110", True),  # 101 XOR 011
        ("1 XOR 100 = 101", True),
        ("101 XOR 11 = 0", False),
        ("100 AND 1 = 0", True),  # 100 AND 001
        ("1 OR 110 = 111", True),
    ],
    ids=lambda value: f"B2-padding: {value}",
)
def test_b2_bitwise_operators_pad_the_shorter_number_with_zeros(line: str, correct: bool) -> None:
    g, move = first_move(line, xor=True)
    if correct:
        assert g.play(move) > 0
    else:
        refused(g, move, "B2", checker_reason(line))
