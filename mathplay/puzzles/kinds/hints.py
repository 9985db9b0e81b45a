"""Hints several kinds make: worked steps of an expression, one operation at a time, and
the rules of the bitwise operations. Each kind's own hints are in its module.

They come after the teacher's ``hints`` and before the worked solution (``explain``).

>>> sign_of("MUL", 10), sign_of("DIV", 10)
('×', '÷')
>>> bit_hints("101", "11", "AND")[1]
'AND gives 1 only where both bits are 1.'
"""

from __future__ import annotations

from mathplay.expr import OPERATORS
from mathplay.expr.arithmetic import ORDERS, format_number
from mathplay.expr.pretty import pretty_token
from mathplay.expr.tree import BinOp, Leaf, Node, operations, render_with
from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.reveal import say

__all__ = ["BIT_RULES", "bit_hints", "expression_hints", "not_hints", "sign_of"]

#: What each bitwise operation does to one column of bits.
BIT_RULES = {
    "AND": N_("AND gives 1 only where both bits are 1."),
    "OR": N_("OR gives 1 where at least one of the bits is 1."),
    "XOR": N_("XOR gives 1 where the two bits are different."),
}


def sign_of(op: str, base: int) -> str:
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
