"""What a wrong answer to a sum says about how the pupil worked: the mistakes we can spot.

Each function looks at one expression (its tree, as the checker built it) and the
pupil's value for it, and returns one sentence about the pupil's own working, or
``None`` when that is not the mistake. None of them states the right value.

>>> from mathplay.expr import check
>>> tree = check("6+2x5=0").trees[0]
>>> print(other_order(tree, "6+2x5", 40, 10, "math"))
You went from left to right: 6 + 2 = 8, 8 × 5 = 40, but × comes first.
>>> print(stopped_early(tree, 10, 10))
You worked out 2 × 5 = 10, but that is only one step: there is more to work out.
>>> print(forgot_carry(check("38+25=0").trees[0], 53, 10))
Did you forget to carry? In the ones, 8 + 5 is 13: write 3 and carry 1 to the tens.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from mathplay.errors import ExpressionError
from mathplay.expr import OPERATORS, parse
from mathplay.expr.arithmetic import EvaluationFailure, Number, apply_operator, format_number
from mathplay.expr.pretty import pretty_token
from mathplay.expr.tree import BinOp, Leaf, Node, build_tree, operations
from mathplay.i18n import N_, _, _n
from mathplay.puzzles.kinds.reveal import say

__all__ = [
    "column_name",
    "forgot_borrow",
    "forgot_carry",
    "number_of",
    "other_order",
    "stopped_early",
    "wrong_bits",
    "wrong_operation",
]

_ARITHMETIC = ("ADD", "SUB", "MUL", "DIV")
_BITWISE = ("AND", "OR", "XOR")


def number_of(value: Any) -> Number | None:
    """A checker or sympy value as an ``int`` or ``Fraction`` (``None`` stays ``None``)."""
    if value is None:
        return None
    if isinstance(value, (int, Fraction)):
        return value
    fraction = Fraction(int(value.p), int(value.q))
    return fraction.numerator if fraction.denominator == 1 else fraction


def _step(node: BinOp) -> str:
    """``2 × 5 = 10`` for one operation of a tree."""
    assert node.left.value is not None and node.right.value is not None
    assert node.value is not None
    base = node.base
    return say(
        f"{format_number(node.left.value, base)} {node.symbol} "
        f"{format_number(node.right.value, base)} = {format_number(node.value, base)}"
    )


def _symbol(op: str, base: int) -> str:
    return pretty_token(OPERATORS[op].symbol(base))


def other_order(tree: Node, text: str, given: Number, base: int, order: str) -> str | None:
    """The pupil worked in the other order (left to right instead of × first, or back)."""
    if not isinstance(tree, BinOp) or len(operations(tree)) < 2:
        return None
    other = "left-to-right" if order == "math" else "math"
    try:
        side = parse(text, base=base)[0]
    except ExpressionError:
        return None
    other_tree = build_tree(side, other)
    if other_tree.value is None or other_tree.value != given or tree.value == given:
        return None
    if order == "math":
        steps = [_step(node) for node in operations(other_tree) if node.value is not None]
        first = operations(tree)[0]
        return _("You went from left to right: {steps}, but {op} comes first.").format(
            steps=", ".join(steps), op=_symbol(first.op, base)
        )
    first = operations(other_tree)[0]
    return _(
        "You did {op} first, but in this puzzle you work from left to right, like a simple "
        "calculator."
    ).format(op=_symbol(first.op, base))


def stopped_early(tree: Node, given: Number, base: int) -> str | None:
    """The pupil's value is one step of the working, not the end of it."""
    for node in operations(tree)[:-1]:
        if node.value is not None and node.value == given:
            return _(
                "You worked out {step}, but that is only one step: there is more to work out."
            ).format(step=_step(node))
    return None


_VERBS = {
    "ADD": N_("added"),
    "SUB": N_("took away"),
    "MUL": N_("multiplied"),
    "DIV": N_("divided"),
    "AND": N_("used AND"),
    "OR": N_("used OR"),
    "XOR": N_("used XOR"),
}


def wrong_operation(tree: Node, given: Number, base: int) -> str | None:
    """``7 × 6`` answered with 13: the pupil did another operation (here +)."""
    if not (
        isinstance(tree, BinOp) and isinstance(tree.left, Leaf) and isinstance(tree.right, Leaf)
    ):
        return None
    a, b = tree.left.value, tree.right.value
    if a is None or b is None:
        return None
    others = _BITWISE if tree.op in _BITWISE else _ARITHMETIC
    for op in others:
        if op == tree.op or (op in ("SUB", "DIV", "XOR") and a == b):
            continue
        try:
            value = apply_operator(op, a, b, base)
        except EvaluationFailure:
            continue
        if value == given:
            done = BinOp(op, tree.left, tree.right, base, value)
            return _("{step}: you {verb}, but the sign is {sign}.").format(
                step=_step(done), verb=_(_VERBS[op]), sign=_symbol(tree.op, base)
            )
    return None


def column_name(column: int, base: int) -> str:
    """Column ``column`` counted from 1 on the right: "the ones", "the tens" … in base 10."""
    if base == 10 and column <= 4:
        return (_("the ones"), _("the tens"), _("the hundreds"), _("the thousands"))[column - 1]
    if column == 1:
        return _("the rightmost column")
    return _("column {n} from the right").format(n=column)


def _digits(value: int, base: int) -> list[int]:
    """The digits of ``value``, ones first."""
    out = []
    while value:
        out.append(value % base)
        value //= base
    return out or [0]


def _two_numbers(tree: Node, op: str) -> tuple[int, int] | None:
    if not (isinstance(tree, BinOp) and tree.op == op):
        return None
    if not (isinstance(tree.left, Leaf) and isinstance(tree.right, Leaf)):
        return None
    a, b = tree.left.value, tree.right.value
    if not (isinstance(a, int) and isinstance(b, int)) or a < 0 or b < 0:
        return None
    return a, b


def forgot_carry(tree: Node, given: Number, base: int) -> str | None:
    """``38 + 25`` answered with 53: every column added, no carry written."""
    numbers = _two_numbers(tree, "ADD")
    if numbers is None or not isinstance(given, int):
        return None
    da, db = _digits(numbers[0], base), _digits(numbers[1], base)
    width = max(len(da), len(db))
    da += [0] * (width - len(da))
    db += [0] * (width - len(db))
    sums = [x + y for x, y in zip(da, db)]
    no_carry = sum((s % base) * base**i for i, s in enumerate(sums))
    if no_carry != given or no_carry == tree.value:
        return None
    column = next(i for i, s in enumerate(sums) if s >= base)

    def digit(d: int) -> str:
        return format_number(d, base)

    return _(
        "Did you forget to carry? In {column}, {x} + {y} is {s}: write {w} and carry 1 to {next}."
    ).format(
        column=column_name(column + 1, base),
        x=digit(da[column]),
        y=digit(db[column]),
        s=digit(sums[column]),
        w=digit(sums[column] - base),
        next=column_name(column + 2, base),
    )


def forgot_borrow(tree: Node, given: Number, base: int) -> str | None:
    """``52 - 27`` answered with 35: the smaller digit taken from the bigger in each column."""
    numbers = _two_numbers(tree, "SUB")
    if numbers is None or not isinstance(given, int) or numbers[0] < numbers[1]:
        return None
    da, db = _digits(numbers[0], base), _digits(numbers[1], base)
    db += [0] * (len(da) - len(db))
    wrong = sum(abs(x - y) * base**i for i, (x, y) in enumerate(zip(da, db)))
    if wrong != given or wrong == tree.value:
        return None
    column = next(i for i, (x, y) in enumerate(zip(da, db)) if x < y)

    def digit(d: int) -> str:
        return format_number(d, base)

    return _(
        "In {column} you took {small} from {big}, but it is {top} − {bottom}: borrow 1 from "
        "{next} first."
    ).format(
        column=column_name(column + 1, base),
        small=digit(da[column]),
        big=digit(db[column]),
        top=digit(da[column]),
        bottom=digit(db[column]),
        next=column_name(column + 2, base),
    )


def wrong_bits(tree: Node | None, given: int, value: int) -> str | None:
    """How many bits of a binary answer are wrong, and which column to look at first.

    The column is named, and (for one AND, OR or XOR of two numbers, or a NOT) the bits
    in it; the right bit is not.
    """
    if given < 0 or value < 0 or given == value:
        return None
    wrong = [bit for bit in range(max(value, given).bit_length()) if (value ^ given) >> bit & 1]
    first = wrong[0]
    message = _n("One bit is wrong.", "{n} bits are wrong.", len(wrong)).format(n=len(wrong))
    message += " " + _("Look at {column}.").format(column=column_name(first + 1, 2))
    if (
        isinstance(tree, BinOp)
        and isinstance(tree.left, Leaf)
        and isinstance(tree.right, Leaf)
        and tree.op in _BITWISE
    ):
        a, b = tree.left.value, tree.right.value
        if isinstance(a, int) and isinstance(b, int):
            x, y = a >> first & 1, b >> first & 1
            there = _(": the bits there are {x} and {y}. What is {x} {op} {y}?")
            message = message[:-1] + there.format(x=x, y=y, op=tree.op)
    return message
