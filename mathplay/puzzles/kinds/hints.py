"""Hints each kind makes from its puzzle: steps towards the answer that do not state it.

They come after the teacher's ``hints`` and before the worked solution (``explain``).

>>> from mathplay.puzzles.kinds.blanks import Equation, find_blanks
>>> eq = Equation("6 + 2 x 5 = _", find_blanks("6 + 2 x 5 = _", False), 10, "math", 1000)
>>> for hint in missing_hints(eq):
...     print(hint)
Which part do you work out first?
Work out 2 × 5 first.
2 × 5 = 10. Now work out 6 + 10.
>>> convert_hints(13, "binary")[0]
'Which powers of 2 fit in 13? The powers of 2 are 1, 2, 4, 8, 16, …'
"""

from __future__ import annotations

from typing import Any

from mathplay.errors import ExpressionError
from mathplay.expr import OPERATORS, check
from mathplay.expr.arithmetic import ORDERS, EvaluationFailure, apply_operator, format_number
from mathplay.expr.pretty import pretty_token
from mathplay.expr.tree import BinOp, Leaf, Node, operations, render_with
from mathplay.i18n import _
from mathplay.puzzles.kinds.reveal import say

__all__ = [
    "BIT_RULES",
    "bit_hints",
    "convert_hints",
    "expression_hints",
    "missing_hints",
    "place_values",
]

#: What each bitwise operation does to one column of bits.
BIT_RULES = {
    "AND": "AND gives 1 only where both bits are 1.",
    "OR": "OR gives 1 where at least one of the bits is 1.",
    "XOR": "XOR gives 1 where the two bits are different.",
}


def place_values(value: int) -> str:
    """``13`` → ``"8 + 4 + 1"``: the powers of two that make a number."""
    parts = [str(1 << bit) for bit in range(value.bit_length() - 1, -1, -1) if value >> bit & 1]
    return " + ".join(parts) or "0"


def _sign(op: str, base: int) -> str:
    return pretty_token(OPERATORS[op].symbol(base))


def _group(op: str, order: str) -> int:
    return next(i for i, group in enumerate(ORDERS[order]) if op in group)


def bit_hints(a: str, b: str, op: str) -> list[str]:
    """Line the bits up, then the rule of the operation."""
    return [
        _(
            "Line up the bits on the right: write {a} over {b} and compare them column by column."
        ).format(a=a, b=b),
        _(BIT_RULES[op]),
    ]


def not_hints(digits: str) -> list[str]:
    return [
        _("NOT turns every bit around: 0 becomes 1 and 1 becomes 0."),
        _("Keep every bit you see, also the 0s on the left: {digits} has {n} bits.").format(
            digits=digits, n=len(digits)
        ),
    ]


def expression_hints(tree: Node, base: int, order: str) -> list[str]:
    """How to work out one expression, step by step, without its value."""
    ops = operations(tree)
    if isinstance(tree, Leaf):
        return not_hints(tree.operand.digits) if tree.operand.negated else []
    if len(ops) >= 2:
        first = ops[0]
        groups = {_group(node.op, "math") for node in ops}
        if order == "left-to-right":
            hints = [_("In this puzzle you work from left to right, like a simple calculator.")]
        elif len(groups) > 1:
            hints = [_("Which part do you work out first?")]
        else:
            hints = [_("Work from left to right.")]
        hints.append(_("Work out {part} first.").format(part=say(first.plain())))
        if first.value is not None and len(ops) == 2:
            rest = render_with(tree, {id(first): first.value})
            done = say(f"{first.plain()} = {format_number(first.value, base)}")
            hints.append(_("{done}. Now work out {rest}.").format(done=done, rest=say(rest)))
        return hints
    assert isinstance(tree, BinOp)
    left, right = tree.left, tree.right
    if not (isinstance(left, Leaf) and isinstance(right, Leaf)):
        return []
    a, b = left.plain(), right.plain()
    av, bv = left.value, right.value
    if tree.op in BIT_RULES:
        return bit_hints(a, b, tree.op)
    if base == 2:
        return {
            "ADD": [
                _("Add column by column, starting on the right, as in decimal."),
                _("In binary 1 + 1 = 10: write 0 and carry 1 to the next column."),
            ],
            "SUB": [
                _("Take away column by column, starting on the right."),
                _("When you borrow in binary, the next column gives you 10 (two)."),
            ],
            "MUL": [
                _("Multiplying by 10 in binary puts a 0 on the right, as × 10 does in decimal."),
                _("For each 1 in {b}, write {a} moved to the left, then add them up.").format(
                    a=a, b=b
                ),
            ],
            "DIV": [
                _("Which number times {b} is {a}?").format(a=a, b=b),
                _("Write {a} and {b} in decimal, divide, and write the result in binary.").format(
                    a=a, b=b
                ),
            ],
        }.get(tree.op, [])
    if tree.op == "ADD":
        if isinstance(av, int) and isinstance(bv, int) and max(av, bv) >= 10:
            return [
                _("Add the ones first: {x} + {y}.").format(x=av % 10, y=bv % 10),
                _("Then add the tens, and do not forget to carry a ten."),
            ]
        big, small = (a, b) if (av or 0) >= (bv or 0) else (b, a)
        return [
            _("Count on from {big}.").format(big=big),
            _("Start at {big} and count {small} more.").format(big=big, small=small),
        ]
    if tree.op == "SUB":
        return [
            _("Count up from {b} to {a}: how many steps is that?").format(a=a, b=b),
            _("Or take away the tens first, then the ones."),
        ]
    if tree.op == "MUL":
        hints = [_("{a} × {b} means {b} groups of {a}.").format(a=a, b=b)]
        if isinstance(av, int) and isinstance(bv, int) and bv > 3:
            counted = ", ".join(str(av * k) for k in range(1, 4))
            hints.append(_("Count in {a}s: {counted}, …").format(a=a, counted=counted))
        return hints
    if tree.op == "DIV":
        return [
            _("How many {b}s make {a}?").format(a=a, b=b),
            _("Which number times {b} is {a}?").format(a=a, b=b),
        ]
    return []


_SENTINEL = {10: "987654321", 2: "1011001110001"}


def _blank_part(node: Node, sentinel: str) -> bool:
    if isinstance(node, Leaf):
        return node.operand.digits == sentinel
    return _blank_part(node.left, sentinel) or _blank_part(node.right, sentinel)


def _with_blank(node: Node, sentinel: str) -> str:
    return say(node.plain()).replace(sentinel, "_")


def _inverse(op: str, blank_left: bool, other: Any, goal: Any, base: int) -> Any:
    """The value the blank's part must have so that ``part op other`` (or back) is ``goal``."""
    try:
        if op == "ADD":
            return apply_operator("SUB", goal, other, base)
        if op == "SUB" and blank_left:
            return apply_operator("ADD", goal, other, base)
        if op == "SUB":
            return apply_operator("SUB", other, goal, base)
        if op == "MUL":
            return apply_operator("DIV", goal, other, base)
        if op == "DIV":
            if blank_left:
                return apply_operator("MUL", goal, other, base)
            return apply_operator("DIV", other, goal, base)
    except EvaluationFailure:
        return None
    return None


def _inside_hints(equation: Any) -> list[str]:
    """Hints for one blank inside an expression: work backwards from the other side."""
    blank = equation.blanks[0]
    base = equation.base
    sentinel = _SENTINEL[base]
    try:
        verdict = check(equation.fill([sentinel]), base=base, order=equation.order)
        trees = verdict.trees
    except ExpressionError:
        return []
    index = equation.side_of(blank)
    goal_node = next((t for i, t in enumerate(trees) if i != index and t.value is not None), None)
    tree = trees[index]
    if goal_node is None or not isinstance(tree, BinOp):
        return []
    goal = goal_node.value
    assert goal is not None
    shown_goal = format_number(goal, base)
    blank_left = _blank_part(tree.left, sentinel)
    part, other = (tree.left, tree.right) if blank_left else (tree.right, tree.left)
    if other.value is None:
        return []
    o = format_number(other.value, base)
    sign = _sign(tree.op, base)
    if tree.op in BIT_RULES:
        return [
            _(BIT_RULES[tree.op]),
            _("Line up the bits on the right and find each bit of the blank, column by column."),
        ]
    if isinstance(part, Leaf):
        if tree.op == "ADD":
            return [
                _("What do you add to {o} to make {c}?").format(o=o, c=shown_goal),
                _("Plus and minus are a fact family: work out {c} − {o}.").format(
                    c=shown_goal, o=o
                ),
            ]
        if tree.op == "SUB" and not blank_left:
            return [
                _("What do you take away from {o} to leave {c}?").format(o=o, c=shown_goal),
                _("Minus undoes plus: work out {o} − {c}.").format(o=o, c=shown_goal),
            ]
        if tree.op == "SUB":
            return [
                _("Which number is {o} more than {c}?").format(o=o, c=shown_goal),
                _("Minus undoes plus: work out {c} + {o}.").format(o=o, c=shown_goal),
            ]
        if tree.op == "MUL":
            return [
                _("How many {o}s make {c}?").format(o=o, c=shown_goal),
                _("Times and divide are a fact family: work out {c} ÷ {o}.").format(
                    c=shown_goal, o=o
                ),
            ]
        if tree.op == "DIV" and blank_left:
            return [
                _("Which number divided by {o} is {c}?").format(o=o, c=shown_goal),
                _("Divide undoes times: work out {c} × {o}.").format(c=shown_goal, o=o),
            ]
        if tree.op == "DIV":
            return [
                _("{o} ÷ what is {c}? How many {c}s make {o}?").format(o=o, c=shown_goal),
                _("Work out {o} ÷ {c}.").format(o=o, c=shown_goal),
            ]
        return []
    needed = _inverse(tree.op, blank_left, other.value, goal, base)
    text = _with_blank(part, sentinel)
    whole = _with_blank(tree, sentinel)
    hints = [
        _("Work backwards: {whole} is {c}. First find what {part} must be.").format(
            whole=whole, c=shown_goal, part=text
        )
    ]
    if needed is not None:
        hints.append(
            _("{part} must be {n}, because of the {sign} {o}.").format(
                part=text, n=format_number(needed, base), sign=sign, o=o
            )
        )
    return hints


def missing_hints(equation: Any) -> list[str]:
    """Hints for a ``missing`` puzzle (an :class:`~mathplay.puzzles.kinds.blanks.Equation`)."""
    blanks = equation.blanks
    base = equation.base
    if all(blank.digit for blank in blanks):
        digits = _("0 and 1") if base == 2 else _("0 to 9")
        first = (
            _("The _ is one digit: try the digits {digits} in it, one at a time.")
            if len(blanks) == 1
            else _("Each _ is one digit: try the digits {digits}, one at a time.")
        )
        return [
            first.format(digits=digits),
            _("Work out the side without a blank first; then check each digit on the other side."),
        ]
    if len(blanks) == 1 and equation.alone(blanks[0]):
        index = equation.side_of(blanks[0])
        try:
            verdict = check(equation.fill(["0"]), base=base, order=equation.order)
            trees = verdict.trees
        except ExpressionError:
            return []
        others = [tree for i, tree in enumerate(trees) if i != index]
        tree = next((t for t in others if not isinstance(t, Leaf)), others[0] if others else None)
        return expression_hints(tree, base, equation.order) if tree is not None else []
    if len(blanks) == 1:
        hints = _inside_hints(equation)
        if hints:
            return hints
    return [
        _("Try a number in the blank and work out each side."),
        _("Work out the side without a blank first."),
    ]


def convert_hints(value: int, to: str) -> list[str]:
    """Hints for writing ``value`` in binary (``to="binary"``), or reading it (``"decimal"``)."""
    if to == "binary":
        powers: list[str] = []
        power = 1
        while power <= max(value, 1) * 2 and len(powers) < 12:
            powers.append(str(power))
            power *= 2
        return [
            _("Which powers of 2 fit in {n}? The powers of 2 are {powers}, …").format(
                n=value, powers=", ".join(powers)
            ),
            _(
                "Start with the biggest power of 2 that fits in {n}, take it away, and do the "
                "same with what is left."
            ).format(n=value),
            _(
                "{n} = {parts}. Write 1 for each of these place values and 0 for the others, "
                "the biggest on the left."
            ).format(n=value, parts=place_values(value)),
        ]
    bits = format(value, "b")
    places = ", ".join(str(1 << i) for i in range(len(bits) - 1, -1, -1))
    return [
        _("Write the place values over the bits of {b}, from the left: {places}.").format(
            b=bits, places=places
        ),
        _("Add up the place values that have a 1 under them: {parts}.").format(
            parts=place_values(value)
        ),
    ]
