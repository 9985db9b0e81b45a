"""The ``bitwise`` kind: work out AND, OR, XOR and NOT on binary numbers, column by column.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from mathplay.errors import ExpressionError
from mathplay.expr import check, parse, tokenize
from mathplay.expr.arithmetic import (
    EvaluationFailure,
    evaluate_side,
)
from mathplay.expr.tree import BinOp, Leaf
from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.base import (
    ORDER_FIELD,
    Field,
    Kind,
    KindError,
    Result,
    read_order,
    symbol,
)
from mathplay.puzzles.kinds.diagnose import wrong_bits, wrong_operation
from mathplay.puzzles.kinds.drawing import BITS, Plan, Retry, bin_text
from mathplay.puzzles.kinds.hints import BIT_RULES, bit_hints
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.numbers import MAX_DIGITS
from mathplay.puzzles.kinds.numbers import shown as _shown
from mathplay.puzzles.kinds.reveal import Secret, safe_parts, say
from mathplay.puzzles.model import Puzzle

__all__ = ["Bitwise"]

_BITWISE_OPS = {"AND": "AND", "OR": "OR", "XOR": "XOR"}


class Bitwise(Kind):
    name = "bitwise"
    title: ClassVar[str] = N_("Bitwise logic")
    levels: ClassVar[dict[int, str]] = {
        1: N_("AND of two 4-bit numbers"),
        2: N_("OR or XOR of two 4-bit numbers"),
        3: N_("AND OR XOR on 6- to 8-bit numbers"),
        4: N_("NOT, then AND OR XOR, on 4-bit numbers"),
        5: N_("NOT of a number of 3 to 5 bits, the 0s in front written"),
        6: N_(
            "masks on numbers of 4 to 6 bits: AND keeps bits (AND 1 tells odd from even), "
            "OR sets bits, XOR flips bits; the mask's 1s are side by side"
        ),
        7: N_("which part comes first: two of + AND XOR OR on numbers of 1 to 3 bits"),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("Line the numbers up and work one column at a time."),
            N_("AND gives 1 only where both digits are 1."),
        ),
        2: (
            N_("Line the numbers up and work one column at a time."),
            N_("OR gives 1 where either digit is 1; XOR gives 1 where the digits differ."),
        ),
        3: (
            N_("Long numbers: line them up and work one column at a time, from the right."),
            N_("AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ."),
        ),
        4: (
            N_("Do NOT first: it turns every 0 of the first number into 1, and every 1 into 0."),
            N_("Then line the numbers up and work one column at a time."),
        ),
        5: (
            N_("NOT turns every bit around: 0 becomes 1, and 1 becomes 0."),
            N_("The 0s in front are written, so they turn into 1s too."),
        ),
        6: (
            N_("Line the number and the mask up on the right."),
            N_("AND keeps the bits under the mask's 1s, OR sets them to 1, XOR flips them."),
        ),
        7: (
            N_("First NOT, then x and /, then + and -, then AND, then XOR, and OR last."),
            N_("Work out the part that comes first, then the rest, one column at a time."),
        ),
    }
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {
        1: {"op": ["AND"]},
        2: {"op": ["OR", "XOR"]},
        3: {"op": ["AND", "OR", "XOR"]},
        4: {"op": ["AND", "OR", "XOR"]},
        6: {"op": ["AND", "OR", "XOR"]},
        7: {"op": ["OR", "XOR", "AND"]},
    }
    fields: ClassVar[dict[str, Field]] = {
        "expression": Field("text", required=True, example='"1011 AND 0110"'),
        "order": ORDER_FIELD,
    }
    default_prompt = N_("Work it out bit by bit. Write the answer in binary.")

    def read(self, puzzle: Puzzle) -> tuple[str, str, int, list[Any]]:
        """The expression as written, without leading zeros, its value, and its tokens."""
        data = self.read_fields(puzzle)
        written = data["expression"]
        try:
            tokens = tokenize(written)
            parts, after_not = [], False
            for token in tokens:
                if token.kind == "num" and any(ch not in "01" for ch in token.text):
                    raise KindError(
                        "expression",
                        _(
                            "the expression is written in binary, but '{n}' has digits other "
                            "than 0 and 1"
                        ).format(n=_shown(token.text)),
                    )
                if token.kind == "num":
                    parts.append(token.text if after_not else format(int(token.text, 2), "b"))
                elif token.kind == "op":
                    parts.append(
                        token.text
                        if token.text in _BITWISE_OPS or token.text == "NOT"
                        else symbol(token.text, 2)
                    )
                else:
                    raise KindError(
                        "expression", _("write the expression without = and without its answer")
                    )
                after_not = token.kind == "op" and token.text == "NOT"
            plain = " ".join(parts)
            value = int(evaluate_side(parse(plain, base=2)[0], read_order(data)))
        except ExpressionError as error:
            raise KindError(
                "expression", _("the expression cannot be read: {e}").format(e=error)
            ) from None
        except EvaluationFailure as failure:
            raise KindError(
                "expression", _("the expression has no value: {e}").format(e=failure.reason)
            ) from None
        return written, plain, value, tokens

    def question(self, puzzle: Puzzle) -> str:
        return self.read(puzzle)[0] + " = ?"

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        return [format(self.read(puzzle)[2], "b")]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        written, plain, value, _tokens = self.read(puzzle)
        text = re.sub(r"\s+", "", answer)
        if not text or any(ch not in "01" for ch in text):
            return Result(False, _("Write the answer in binary: use only 0 and 1."), answer, False)
        if len(text) > MAX_DIGITS:
            return Result(False, _("That number is too long: check it again."), answer, False)
        given = int(text, 2)
        shown = format(given, "b")
        if given == value:
            return Result(True, _("Right! {e} = {v}.").format(e=say(written), v=text), shown)
        tree = self._tree(puzzle, plain)
        parts = [_("{e} is not {g}.").format(e=say(written), g=text)]
        other = wrong_operation(tree, given, 2) if tree is not None else None
        if other and isinstance(tree, BinOp) and tree.op in BIT_RULES:
            parts.append(other + " " + _(BIT_RULES[tree.op]))
        else:
            parts.append(wrong_bits(tree, given, value) or "")
        kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
        return Result(False, " ".join(kept), shown)

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """A NOT, a different rule of the operation, or some bits."""
        _written, plain, _value, tokens = self.read(puzzle)
        if tokens and tokens[0].kind == "op" and tokens[0].text == "NOT" and len(tokens) == 2:
            return mistake("not")
        text = re.sub(r"\s+", "", answer)
        tree = self._tree(puzzle, plain)
        readable = bool(text) and set(text) <= {"0", "1"}
        if tree is not None and readable and wrong_operation(tree, int(text, 2), 2):
            return mistake("bit-rule")
        return mistake("bits")

    def _tree(self, puzzle: Puzzle, plain: str) -> Any:
        order = read_order(self.read_fields(puzzle))
        try:
            return check(f"{plain} = 0", base=2, order=order).trees[0]
        except ExpressionError:
            return None

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        return [Secret(format(self.read(puzzle)[2], "b"), 2)]

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        _written, plain, _value, tokens = self.read(puzzle)
        tree = self._tree(puzzle, plain)
        numbers = [t.text for t in tokens if t.kind == "num"]
        ops = [t.text for t in tokens if t.kind == "op"]
        if isinstance(tree, BinOp) and len(numbers) == 2 and len(ops) == 1 and ops[0] in BIT_RULES:
            width = max(len(n) for n in numbers)
            hints = bit_hints(numbers[0].rjust(width, "0"), numbers[1].rjust(width, "0"), ops[0])
        elif isinstance(tree, Leaf) and tree.operand.negated:
            hints = [
                _("NOT turns every bit around: 0 becomes 1 and 1 becomes 0."),
                _("Keep every bit you see, also the 0s on the left: {d} has {n} bits.").format(
                    d=numbers[0], n=len(numbers[0])
                ),
            ]
        else:
            hints = [
                _("Work out one operation at a time: NOT first, then AND, then XOR, then OR."),
                _("Line up the bits on the right and go column by column."),
            ]
        return safe_parts(hints, self.secrets(puzzle), (self.question(puzzle),))

    def explain(self, puzzle: Puzzle) -> str:
        _written, plain, value, tokens = self.read(puzzle)
        numbers = [t.text for t in tokens if t.kind == "num"]
        ops = [t.text for t in tokens if t.kind == "op"]
        lines = []
        if len(numbers) == 2 and len(ops) == 1 and ops[0] in _BITWISE_OPS:
            width = max(len(numbers[0]), len(numbers[1]), value.bit_length())
            lines = [
                " " * (len(ops[0]) + 1) + numbers[0].rjust(width, "0"),
                ops[0] + " " + numbers[1].rjust(width, "0"),
                " " * (len(ops[0]) + 1) + "-" * width,
                " " * (len(ops[0]) + 1) + format(value, "b").rjust(width, "0"),
            ]
        order = read_order(self.read_fields(puzzle))
        verdict = check(f"{plain} = {format(value, 'b')}", base=2, order=order)
        return "\n".join([*lines, say(str(verdict.steps))])

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


_STRONGER = {"OR": ["+", "AND", "XOR"], "XOR": ["+", "AND"], "AND": ["+"]}


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    if level == 5:
        width = rng.randint(3, 5)
        return {"expression": f"NOT {bin_text(rng.randrange(1 << width), width)}"}
    if level == 6:
        op = plan.pick("op", ["AND", "OR", "XOR"])
        width = rng.randint(4, 6)
        number = rng.randrange(1 << (width - 1), 1 << width)
        ones = rng.randint(1, width - 1)
        mask = ((1 << ones) - 1) << rng.randint(0, width - 1 - ones)
        if op == "AND" and rng.random() < 0.25:
            mask = 1  # odd or even?
        return {"expression": f"{bin_text(number)} {op} {bin_text(mask)}"}
    if level == 7:
        first = plan.pick("op", ["OR", "XOR", "AND"])
        second = rng.choice(_STRONGER[first])
        a, b, c = (rng.randint(1, 7) for _ in range(3))
        value = BITS[first](a, BITS[second](b, c))
        if value == BITS[second](BITS[first](a, b), c):
            raise Retry  # the order would not matter: nothing to practise
        return {"expression": f"{bin_text(a)} {first} {bin_text(b)} {second} {bin_text(c)}"}
    width = rng.randint(6, 8) if level == 3 else 4
    a, b = rng.randrange(1, 1 << width), rng.randrange(1, 1 << width)
    ops = {1: ["AND"], 2: ["OR", "XOR"]}.get(level, ["AND", "OR", "XOR"])
    op = plan.pick("op", ops)
    if level == 4:
        return {"expression": f"NOT {bin_text(a, width)} {op} {bin_text(b, width)}"}
    return {"expression": f"{bin_text(a, width)} {op} {bin_text(b, width)}"}
