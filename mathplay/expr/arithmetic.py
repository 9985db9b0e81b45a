"""Exact evaluation of parsed sides, in base 10 (rationals) or base 2 (whole numbers).

Values are Python ``int`` or :class:`fractions.Fraction` here, because they are fast;
:mod:`mathplay.expr.verdict` turns the final values into sympy numbers on request.

Rules: base 10 follows Summy's arithmetic (S2): exact, fractions and negative values on
the way are fine, division by zero makes the side fail. Base 2 follows B2: every value
is a whole number of 0 or more, division must be exact, AND/OR/XOR work bit by bit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from mathplay.expr.parser import Side
from mathplay.expr.tokens import OPERATORS
from mathplay.i18n import _

__all__ = [
    "ORDERS",
    "EvaluationFailure",
    "NotPlain",
    "Number",
    "apply_operator",
    "evaluate_plain",
    "evaluate_plain_bits",
    "evaluate_side",
    "format_number",
    "reduce_side",
]

Number = int | Fraction
T = TypeVar("T")

#: The orders of operations: for each, the groups of operators done together, first
#: group first; inside a group operations go left to right.
ORDERS: dict[str, tuple[frozenset[str], ...]] = {
    "math": (
        frozenset({"MUL", "DIV"}),
        frozenset({"ADD", "SUB"}),
        frozenset({"AND"}),
        frozenset({"XOR"}),
        frozenset({"OR"}),
    ),
    "left-to-right": (frozenset({"MUL", "DIV", "ADD", "SUB", "AND", "XOR", "OR"}),),
}


class EvaluationFailure(Exception):
    """An operation that cannot be done (division by zero, a fraction in base 2 …).

    ``reason`` is the sentence a student reads.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def format_number(value: Number, base: int = 10) -> str:
    """Write a value for a person: ``110`` in base 2, ``7`` or ``1/2`` in base 10."""
    if base == 2 and isinstance(value, int) and value >= 0:
        return format(value, "b")
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value.numerator}/{value.denominator}"
    return str(value)


def _operation_text(a: Number, name: str, b: Number, base: int) -> str:
    symbol = OPERATORS[name].symbol(base)
    return f"{format_number(a, base)} {symbol} {format_number(b, base)}"


def apply_operator(name: str, a: Number, b: Number, base: int = 10) -> Number:
    """Do one operation exactly, or raise :class:`EvaluationFailure` saying why not."""
    if name == "ADD":
        result: Number = a + b
    elif name == "SUB":
        result = a - b
        if base == 2 and result < 0:
            raise EvaluationFailure(
                _("{operation} is less than zero, and binary values must be 0 or more").format(
                    operation=_operation_text(a, name, b, base)
                )
            )
    elif name == "MUL":
        result = a * b
    elif name == "DIV":
        if b == 0:
            raise EvaluationFailure(
                _("{operation} divides by zero").format(operation=_operation_text(a, name, b, base))
            )
        if isinstance(a, int) and isinstance(b, int) and a % b == 0:
            result = a // b
        elif base == 2:
            raise EvaluationFailure(
                _("{operation} is not a whole number").format(
                    operation=_operation_text(a, name, b, base)
                )
            )
        else:
            result = Fraction(a) / b
            if result.denominator == 1:
                result = result.numerator
    else:  # bitwise: AND, OR, XOR
        whole_a, whole_b = _whole(a), _whole(b)
        if whole_a is None or whole_b is None:
            raise EvaluationFailure(
                _("{operation}: {op} works only on whole numbers of 0 or more").format(
                    operation=_operation_text(a, name, b, base), op=name
                )
            )
        if name == "AND":
            result = whole_a & whole_b
        elif name == "OR":
            result = whole_a | whole_b
        else:
            result = whole_a ^ whole_b
    return result


def _whole(value: Number) -> int | None:
    if isinstance(value, Fraction):
        if value.denominator != 1:
            return None
        value = value.numerator
    return value if value >= 0 else None


def reduce_side(
    items: Sequence[T],
    operators: Sequence[str],
    order: str,
    combine: Callable[[T, str, T], T],
) -> T:
    """Fold ``items`` with ``operators`` under ``order``.

    One algorithm serves values (``combine`` does arithmetic), trees (``combine`` builds a
    node) and explanations (``combine`` records a step), so they can never disagree.
    """
    values = list(items)
    ops = list(operators)
    for group in ORDERS[order]:
        if not ops:
            break
        if not any(op in group for op in ops):
            continue
        kept_values = [values[0]]
        kept_ops: list[str] = []
        for op, value in zip(ops, values[1:]):
            if op in group:
                kept_values[-1] = combine(kept_values[-1], op, value)
            else:
                kept_ops.append(op)
                kept_values.append(value)
        values, ops = kept_values, kept_ops
    return values[0]


def evaluate_side(side: Side, order: str = "math") -> Number:
    """The exact value of ``side``; raises :class:`EvaluationFailure` when it has none."""
    base = side.base
    values: list[Number] = [operand.value(base) for operand in side.operands]
    if not side.operators:
        return values[0]
    return reduce_side(
        values, side.operators, order, lambda a, op, b: apply_operator(op, a, b, base)
    )


_PLAIN_OPERATOR = re.compile(r"([-+x:])")


def evaluate_plain(text: str, order: str = "math") -> Number:
    """The value of a side written plainly in base 10, like ``12x3+4``.

    ``text`` must already be known to be well formed: numbers without leading zeros
    joined by ``+ - x :``, nothing else (see :func:`mathplay.expr.parser.plain_decimal_sides`).
    This is the checker's fast path: it does the same operations in the same order as
    :func:`evaluate_side` (division through :func:`apply_operator`, so failures read the
    same) without building tokens, operands and sides.
    """
    if text.isdigit():
        return int(text)
    parts = _PLAIN_OPERATOR.split(text)
    value: Number = int(parts[0])
    if order == "math":
        # x and : fold into the current term (value); + and - fold the finished terms
        # into total, left to right (0 + term is term, of the same type).
        total: Number = 0
        sign = "+"
        for index in range(1, len(parts), 2):
            op = parts[index]
            number = int(parts[index + 1])
            if op == "x":
                value = value * number
            elif op == ":":
                value = apply_operator("DIV", value, number)
            else:
                total = total + value if sign == "+" else total - value
                sign = op
                value = number
        return total + value if sign == "+" else total - value
    for index in range(1, len(parts), 2):  # left-to-right
        op = parts[index]
        number = int(parts[index + 1])
        if op == "x":
            value = value * number
        elif op == ":":
            value = apply_operator("DIV", value, number)
        elif op == "+":
            value = value + number
        else:
            value = value - number
    return value


class NotPlain(Exception):
    """A plainly written binary side whose value needs the full rules (a value below 0 on
    the way, a division that is not whole or by 0): the checker parses it instead."""


def evaluate_plain_bits(text: str, order: str = "math") -> int:
    """The value of a side written plainly in base 2, like ``101x11+1``.

    ``text`` must already be known to be well formed (see
    :func:`mathplay.expr.parser.plain_binary_sides`). The same operations in the same
    order as :func:`evaluate_side`; wherever base 2's rules would refuse a value (below
    0, not whole), it raises :class:`NotPlain` so that the full checker explains it.

    >>> evaluate_plain_bits("101x11+1"), evaluate_plain_bits("110:10-1", "left-to-right")
    (16, 2)
    """
    parts = _PLAIN_OPERATOR.split(text)
    value = int(parts[0], 2)
    if order == "math":
        total = 0
        sign = "+"
        for index in range(1, len(parts), 2):
            op = parts[index]
            number = int(parts[index + 1], 2)
            if op == "x":
                value *= number
            elif op == ":":
                if number == 0 or value % number:
                    raise NotPlain(text)
                value //= number
            else:
                total = total + value if sign == "+" else total - value
                if total < 0:
                    raise NotPlain(text)
                sign = op
                value = number
        total = total + value if sign == "+" else total - value
        if total < 0:
            raise NotPlain(text)
        return total
    for index in range(1, len(parts), 2):  # left-to-right
        op = parts[index]
        number = int(parts[index + 1], 2)
        if op == "x":
            value *= number
        elif op == ":":
            if number == 0 or value % number:
                raise NotPlain(text)
            value //= number
        elif op == "+":
            value += number
        else:
            value -= number
            if value < 0:
                raise NotPlain(text)
    return value
