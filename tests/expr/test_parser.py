"""The parser: sides and operands, the tree it implies, and every malformed text.

Rule ids: S2 (Summy's sums) and B2 (Binary's expressions) in /work/shared/rules.
"""

from __future__ import annotations

import pytest

from mathplay.errors import ExpressionError
from mathplay.expr import Operand, build_tree, parse
from mathplay.expr.parser import plain_decimal_sides
from mathplay.expr.tree import BinOp, Leaf, negated_leaves, operations

# --- sides and their canonical text -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "base", "sides"),
    [
        ("8x15=120", 10, ["8x15", "120"]),
        ("8 × 15 = 120", 10, ["8x15", "120"]),
        ("9 ÷ 3 − 1 = 2", 10, ["9:3-1", "2"]),
        ("5 and 3=1", 10, ["5 AND 3", "1"]),  # base 10 writes words spaced
        ("1+1=10", 2, ["1 + 1", "10"]),  # base 2 spaces every operator
        ("110/10=11", 2, ["110 / 10", "11"]),
        ("10x10=100=11+1", 2, ["10 x 10", "100", "11 + 1"]),
        ("101and1=1", 2, ["101 AND 1", "1"]),
        ("NOT001=110", 2, ["NOT 001", "110"]),
        ("7", 10, ["7"]),  # parse() reads one expression too
    ],
)
def test_sides_and_canonical_text(text: str, base: int, sides: list[str]) -> None:
    assert [str(side) for side in parse(text, base=base)] == sides


def test_side_structure() -> None:
    (left, right) = parse("12x3+4=40")
    assert [o.digits for o in left.operands] == ["12", "3", "4"]
    assert [o.position for o in left.operands] == [0, 3, 5]
    assert left.operators == ("MUL", "ADD")
    assert left.base == 10
    assert not left.is_number
    assert right.is_number


def test_not_side_is_not_a_bare_number() -> None:
    (side, _) = parse("NOT 1 = 0", base=2)
    assert side.operands == (Operand("1", 4, negated=True),)  # where its digits are
    assert not side.is_number


@pytest.mark.parametrize(
    ("digits", "value"),
    [("001", 0b110), ("101", 0b10), ("0", 1), ("1", 0), ("000", 0b111), ("1111", 0)],
)
def test_not_flips_the_written_width(digits: str, value: int) -> None:
    # B2: NOT 001 is 110, NOT 101 is 10: the width as written counts.
    (side, _) = parse(f"NOT {digits} = 0", base=2)
    assert side.operands[0].value(2) == value


@pytest.mark.parametrize(("text", "value"), [("0=0", 0), ("10=10", 10), ("907=907", 907)])
def test_zero_alone_and_inner_zeros_are_fine(text: str, value: int) -> None:
    # S2: "0 alone is fine; 07 is not".
    assert parse(text)[0].operands[0].value(10) == value


# --- the tree: fully parenthesised printing ------------------------------------------------

TREES = [
    ("2x3+4", 10, "math", "((2 x 3) + 4)"),
    ("1+2x3", 10, "math", "(1 + (2 x 3))"),
    ("1+2x3", 10, "left-to-right", "((1 + 2) x 3)"),
    ("10-2-3", 10, "math", "((10 - 2) - 3)"),  # S2: equal levels go left to right
    ("8:4:2", 10, "math", "((8 : 4) : 2)"),
    ("1:2x4", 10, "math", "((1 : 2) x 4)"),
    ("1+2x3:4-5", 10, "math", "((1 + ((2 x 3) : 4)) - 5)"),
    ("1+2x3:4-5", 10, "left-to-right", "((((1 + 2) x 3) : 4) - 5)"),
    ("7", 10, "math", "7"),
    ("110 / 10", 2, "math", "(110 / 10)"),
    ("1 OR 1 AND 0", 2, "math", "(1 OR (1 AND 0))"),  # B2: AND before OR
    ("1 OR 1 AND 0", 2, "left-to-right", "((1 OR 1) AND 0)"),
    ("1 OR 1 XOR 1", 2, "math", "(1 OR (1 XOR 1))"),  # B2: XOR before OR
    ("1 XOR 1 AND 1", 2, "math", "(1 XOR (1 AND 1))"),  # B2: AND before XOR
    ("1 AND 1 + 1", 2, "math", "(1 AND (1 + 1))"),  # B2: + before AND
    ("1 + 1 x 10 AND 11", 2, "math", "((1 + (1 x 10)) AND 11)"),
    ("NOT 01 x 10", 2, "math", "(NOT 01 x 10)"),  # B2: NOT binds to its number
    ("1 + NOT 0 x 1", 2, "left-to-right", "((1 + NOT 0) x 1)"),
]


@pytest.mark.parametrize(("text", "base", "order", "printed"), TREES)
def test_tree_printing(text: str, base: int, order: str, printed: str) -> None:
    assert str(build_tree(parse(text, base=base)[0], order)) == printed


def test_tree_default_order_is_math() -> None:
    assert str(build_tree(parse("2x3+4")[0])) == "((2 x 3) + 4)"


def test_tree_nodes_carry_values() -> None:
    tree = build_tree(parse("2x3+4")[0])
    assert isinstance(tree, BinOp)
    assert tree.value == 10
    assert isinstance(tree.left, BinOp)
    assert tree.left.value == 6
    assert isinstance(tree.right, Leaf)
    assert tree.right.value == 4
    assert [op.value for op in operations(tree)] == [6, 10]


def test_tree_records_a_failure_and_stops_above_it() -> None:
    tree = build_tree(parse("5:0+1")[0])
    assert isinstance(tree, BinOp)
    assert tree.value is None
    assert isinstance(tree.left, BinOp)
    assert tree.left.failure == "5 : 0 divides by zero"
    assert tree.failure is None  # the + above it is not attempted


def test_negated_leaves() -> None:
    tree = build_tree(parse("NOT 0 + 1 + NOT 10", base=2)[0])
    assert [leaf.plain() for leaf in negated_leaves(tree)] == ["NOT 0", "NOT 10"]
    assert [leaf.value for leaf in negated_leaves(tree)] == [1, 1]


def test_a_long_side_prints_without_recursion_error() -> None:
    # Regression: str() of a tree with hundreds of operations hit the recursion limit.
    text = "+".join(["1"] * 450)
    printed = str(build_tree(parse(text)[0]))
    assert printed.startswith("(" * 449 + "1 + 1)")
    assert printed.count("+") == 449


# --- malformed text: S2/B2 say what is wrong, the error says where -------------------------

MALFORMED = [
    # (id, text, base, position (index from 0), fragment of the message (counts from 1))
    ("two-ops", "1++2=3", 10, 2, "two operators in a row"),
    ("two-ops-b2", "1+xx1==10", 2, 2, "two operators in a row"),  # B2's own example
    ("two-ops-mixed", "1x*2=2", 10, 2, "two operators in a row"),
    ("eq-first", "=5", 10, 0, "'=' at position 1 has nothing before it"),
    ("eq-last", "3+4=7=", 10, 5, "'=' at position 6 has nothing after it"),
    ("eq-last-spaced", "3+4= ", 10, 3, "'=' at position 4 has nothing after it"),
    ("eq-eq", "1==1", 10, 2, "'=' at position 3 has nothing before it"),
    ("op-then-eq", "1+=2", 10, 1, "'+' at position 2 has no number after it"),
    ("op-last", "1+2+", 10, 3, "'+' at position 4 has no number after it"),
    ("leading-plus", "+1=1", 10, 0, "'+' at position 1 has no number before it"),
    ("leading-minus", "-1=1", 10, 0, "'-' at position 1 has no number before it"),
    ("plus-after-eq", "1=+1", 10, 2, "'+' at position 3 has no number before it"),
    ("negative-rhs", "1-5=-4", 10, 4, "'-' at position 5 has no number before it"),
    ("letters", "a+1=2", 10, 0, "unknown word 'a'"),
    ("digit-2-in-b2", "2+1=3", 2, 0, "digit 2 at position 1"),
    ("digit-in-spaced-b2", "1 0 2 = 1", 2, 4, "digit 2 at position 5"),
    ("digit-after-not-b2", "NOT 12 = 1", 2, 5, "digit 2 at position 6"),
    ("empty", "", 10, 0, "empty"),
    ("blank", "   ", 10, 0, "empty"),
    ("leading-zero", "07=7", 10, 0, "the number 07 at position 1 starts with 0"),  # S2
    ("leading-zero-inner", "1+007=8", 10, 2, "007"),
    ("leading-zero-spaced", "0 7=7", 10, 0, "07"),
    ("leading-zero-b2", "01 = 1", 2, 0, "starts with 0"),  # B2
    ("not-not", "NOT NOT 1=0", 2, 4, "follows another NOT"),  # B2
    ("number-not", "1 NOT 1=0", 2, 2, "comes right after a number"),  # B2
    ("not-then-eq", "NOT = 1", 2, 0, "'NOT' at position 1 has no number after it"),
    ("not-last", "1 = NOT", 2, 4, "'NOT' at position 5 has no number after it"),
    ("not-then-op", "NOT + 1 = 1", 2, 4, "two operators in a row"),
    ("not-in-b10", "NOT 1=0", 10, 0, "only on binary numbers"),
    ("parenthesis", "(1+2)x3=9", 10, 0, "'('"),  # B2: no parentheses
]


@pytest.mark.parametrize(
    ("text", "base", "position", "fragment"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_malformed_text_names_the_problem_and_where(
    text: str, base: int, position: int, fragment: str
) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse(text, base=base)
    error = caught.value
    assert error.position == position
    assert fragment in str(error)
    if text.strip():  # an empty text has no "where" to name
        # ``position`` is an index from 0; a person reads positions counted from 1.
        assert f"position {position + 1}" in str(error)
    assert error.text == text


def test_parse_refuses_other_bases() -> None:
    for base in (3, 8, 16, 10.0):
        with pytest.raises(ValueError, match="base"):
            parse("1=1", base=base)  # type: ignore[arg-type]


def test_parse_refuses_non_text() -> None:
    with pytest.raises(ExpressionError, match="expected text"):
        parse(120)  # type: ignore[arg-type]


# --- the fast path's recogniser agrees with the parser -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        *["8x15=120", "8 x 15 = 120", " 1 0 1=101 ", "0=0", "1:2x4=2", "1-5+6=2", "1=2=3"],
        *["9:0=1", "8×15=120", "8 * 15 = 120", "12 ÷ 3 − 1 = 3", "12/3-1=3", "9 – 3 = 6"],
    ],
)
def test_plain_sides_are_the_parsed_sides(text: str) -> None:
    plain = plain_decimal_sides(text)
    assert plain is not None
    assert plain == [str(side) for side in parse(text)]


@pytest.mark.parametrize(
    "text",
    [
        "8·15=120",  # other spellings take the general path
        "5 AND 3=1",
        "07=7",
        "1++2=3",
        "3+4",
        "=5",
        "1=",
        "1\t=1",
        "",
        "1=" + "1" * 999,  # over the limit
    ],
)
def test_other_text_is_not_plain(text: str) -> None:
    assert plain_decimal_sides(text) is None


def test_a_capital_x_is_plain_too() -> None:
    # A capital X for times (as some pupils type it) takes the fast path, as x does.
    assert plain_decimal_sides("8X15=120") == ["8x15", "120"]
    assert plain_decimal_sides("8 X 15 = 120") == ["8x15", "120"]
    assert plain_decimal_sides("XOR=1") is None
