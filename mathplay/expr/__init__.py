"""The expression checker: tokenizer → flat parse → exact evaluation → explanation.

It knows nothing of games. Decimal text follows Summy's arithmetic (rules S2), binary
text follows the Binary rules (B2); see ``docs/checker.md``.
"""

from mathplay.expr.arithmetic import ORDERS, EvaluationFailure, format_number
from mathplay.expr.parser import Operand, Side, parse
from mathplay.expr.tokens import MAX_TEXT_LENGTH, OPERATORS, Token, tokenize
from mathplay.expr.tree import build_tree
from mathplay.expr.verdict import Verdict, check, evaluate

__all__ = [
    "MAX_TEXT_LENGTH",
    "OPERATORS",
    "ORDERS",
    "EvaluationFailure",
    "Operand",
    "Side",
    "Token",
    "Verdict",
    "build_tree",
    "check",
    "evaluate",
    "format_number",
    "parse",
    "tokenize",
]
