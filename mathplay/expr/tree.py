"""The expression tree: what the student wrote, with every node's exact value.

The tree is built on demand (for explanations, LaTeX and pictures) by the same fold
that evaluates a side, so the tree, the value and the steps always agree.

>>> from mathplay.expr.parser import parse
>>> str(build_tree(parse("2x3+4")[0]))
'((2 x 3) + 4)'
>>> str(build_tree(parse("1+2x3")[0], order="left-to-right"))
'((1 + 2) x 3)'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.expr.arithmetic import (
    EvaluationFailure,
    Number,
    apply_operator,
    format_number,
    reduce_side,
)
from mathplay.expr.parser import Operand, Side
from mathplay.expr.tokens import OPERATORS

__all__ = ["BinOp", "Leaf", "Node", "build_tree", "negated_leaves", "operations", "render_with"]


@dataclass(frozen=True)
class Leaf:
    """A number (perhaps under NOT) and its value."""

    operand: Operand
    base: int
    value: Number | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.operand.text()

    def plain(self) -> str:
        return self.operand.text()


@dataclass(frozen=True)
class BinOp:
    """``left op right``; ``value`` is ``None`` when the operation fails (``failure``)."""

    op: str
    left: Node
    right: Node
    base: int
    value: Number | None = field(default=None, compare=False)
    failure: str | None = field(default=None, compare=False)

    @property
    def symbol(self) -> str:
        return OPERATORS[self.op].symbol(self.base)

    def __str__(self) -> str:
        # Fully parenthesised, e.g. "((2 x 3) + 4)". Built with a stack, not recursion:
        # a long side (hundreds of operations) would exceed Python's recursion limit.
        parts: list[str] = []
        stack: list[Node | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                parts.append(item)
            elif isinstance(item, Leaf):
                parts.append(item.plain())
            else:
                stack.extend((")", item.right, f" {item.symbol} ", item.left, "("))
        return "".join(parts)

    def plain(self) -> str:
        """The operation as a student writes it, without parentheses."""
        return _join(self.left.plain(), self.op, self.right.plain(), self.base)


Node = Leaf | BinOp


def _join(left: str, op: str, right: str, base: int) -> str:
    operator = OPERATORS[op]
    if base == 2 or operator.bitwise:
        return f"{left} {operator.symbol(base)} {right}"
    return f"{left}{operator.symbol(base)}{right}"


def build_tree(side: Side, order: str = "math") -> Node:
    """The tree of ``side`` under ``order``, each node carrying its value (or failure)."""
    base = side.base
    leaves: list[Node] = [Leaf(o, base, o.value(base)) for o in side.operands]

    def combine(left: Node, op: str, right: Node) -> Node:
        if left.value is None or right.value is None:
            return BinOp(op, left, right, base)
        try:
            value = apply_operator(op, left.value, right.value, base)
        except EvaluationFailure as failure:
            return BinOp(op, left, right, base, failure=failure.reason)
        return BinOp(op, left, right, base, value)

    return reduce_side(leaves, side.operators, order, combine)


def operations(node: Node) -> list[BinOp]:
    """The operations of a tree in the order they are done."""
    if isinstance(node, Leaf):
        return []
    return [*operations(node.left), *operations(node.right), node]


def negated_leaves(node: Node) -> list[Leaf]:
    """The ``NOT`` numbers of a tree, left to right (they are worked out first)."""
    if isinstance(node, Leaf):
        return [node] if node.operand.negated else []
    return [*negated_leaves(node.left), *negated_leaves(node.right)]


def render_with(node: Node, done: dict[int, Number]) -> str:
    """Write the tree as a student would, with finished operations replaced by values."""
    if id(node) in done:
        return format_number(done[id(node)], node.base)
    if isinstance(node, Leaf):
        return node.plain()
    return _join(render_with(node.left, done), node.op, render_with(node.right, done), node.base)
