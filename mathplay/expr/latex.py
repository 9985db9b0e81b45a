"""LaTeX for expression trees, built through sympy objects (never from text).

Arithmetic in base 10 becomes unevaluated sympy ``Add``/``Mul``/``Pow`` nodes printed by
``sympy.latex``; binary numbers and the bitwise words, which sympy has no notation for,
are printed around sympy's output with ``\\operatorname``.
"""

from __future__ import annotations

from typing import Any

from mathplay.expr.tokens import OPERATORS
from mathplay.expr.tree import BinOp, Leaf, Node

__all__ = ["tree_to_latex"]


def _has_bitwise(node: Node) -> bool:
    if isinstance(node, Leaf):
        return node.operand.negated
    return OPERATORS[node.op].bitwise or _has_bitwise(node.left) or _has_bitwise(node.right)


def _to_sympy(node: Node) -> Any:
    import sympy

    if isinstance(node, Leaf):
        return sympy.Integer(int(node.operand.digits))
    left, right = _to_sympy(node.left), _to_sympy(node.right)
    if node.op == "ADD":
        return sympy.Add(left, right, evaluate=False)
    if node.op == "SUB":
        return sympy.Add(left, sympy.Mul(-1, right, evaluate=False), evaluate=False)
    if node.op == "MUL":
        return sympy.Mul(left, right, evaluate=False)
    return sympy.Mul(left, sympy.Pow(right, -1, evaluate=False), evaluate=False)


def _level(node: Node) -> int:
    return 9 if isinstance(node, Leaf) else OPERATORS[node.op].level


def _spelled(node: Node) -> str:
    if isinstance(node, Leaf):
        digits = node.operand.digits
        if node.operand.negated:
            return rf"\operatorname{{NOT}}\,{digits}"
        return digits
    symbols = {"ADD": "+", "SUB": "-", "MUL": r"\times", "DIV": r"\div"}
    op = symbols.get(node.op, rf"\operatorname{{{node.op}}}")
    left, right = _spelled(node.left), _spelled(node.right)
    if _level(node.left) < _level(node):
        left = rf"\left({left}\right)"
    if _level(node.right) <= _level(node):
        right = rf"\left({right}\right)"
    return f"{left} {op} {right}"


#: sympy's printer recurses about twice per tree level, so a long side (up to ~500
#: operations fit in the checker's text limit) would exceed Python's recursion limit;
#: sides with more operations than this are spelled out here instead.
SYMPY_MAX_OPERATIONS = 100


def _operation_count(node: Node) -> int:
    count, stack = 0, [node]
    while stack:
        current = stack.pop()
        if isinstance(current, BinOp):
            count += 1
            stack.extend((current.left, current.right))
    return count


def tree_to_latex(node: Node) -> str:
    """LaTeX for one side: sympy's printer for decimal arithmetic, spelled-out otherwise."""
    import sympy

    if (
        node.base == 10
        and not _has_bitwise(node)
        and _operation_count(node) <= SYMPY_MAX_OPERATIONS
    ):
        return str(sympy.latex(_to_sympy(node), order="none", mul_symbol="times"))
    return _spelled(node)
