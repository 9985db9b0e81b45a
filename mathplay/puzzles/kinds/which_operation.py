"""The ``which-operation`` kind: which signs go in the blanks to make the equation true.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from mathplay.expr import check
from mathplay.expr.pretty import pretty_token
from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.base import (
    BASE_FIELD,
    ORDER_FIELD,
    Budget,
    Field,
    Kind,
    KindError,
    Result,
    operator_name,
    read_base,
    read_order,
    symbol,
)
from mathplay.puzzles.kinds.blanks import (
    Equation,
    find_blanks,
    product,
    require_readable,
)
from mathplay.puzzles.kinds.drawing import BITS, Plan, Retry, bin_text
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.reveal import say
from mathplay.puzzles.model import Puzzle

__all__ = ["WhichOperation"]


class WhichOperation(Kind):
    name = "which-operation"
    generate_unique_only = True
    title: ClassVar[str] = N_("Which operation?")
    levels: ClassVar[dict[int, str]] = {
        1: N_("base 10, + or - with every number from 1 to 20 (the result from 0 to 20)"),
        2: N_("base 10, + - x : between two numbers from 1 to 12, a whole result from 0 to 144"),
        3: N_(
            "base 10, two operations to find (order of operations) between three numbers "
            "from 1 to 9, a whole result from 0 to 100"
        ),
        4: N_("base 2, AND OR XOR between two numbers of 3 to 4 bits"),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("Is the result bigger or smaller than the first number?"),
            N_("Try each sign in turn and work it out."),
        ),
        2: (
            N_("Is the result bigger or smaller than the first number? Much bigger can mean x."),
            N_("Try each sign in turn and work it out."),
        ),
        3: (
            N_("There are two signs to find, and x and : come before + and -."),
            N_("Try each sign in the first blank; for each, find what the second must be."),
        ),
        4: (
            N_("Look at the columns where both numbers have a 1: what does the result show there?"),
            N_("AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ."),
        ),
    }
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {
        4: {"op": ["AND", "OR", "XOR"]},
    }
    fields: ClassVar[dict[str, Field]] = {
        "equation": Field("text", required=True, example='"8 _ 2 = 16"'),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "operations": Field("list", example='["+", "-", "x", ":"]'),
    }
    default_prompt = N_("Which operation makes this true?")

    def read(self, puzzle: Puzzle) -> tuple[Equation, list[str]]:
        data = self.read_fields(puzzle)
        base = read_base(data)
        default = ["+", "-", "x", ":"] if base == 10 else ["+", "-", "x", "/", "AND", "OR"]
        names = []
        for text in data.get("operations", default):
            name = operator_name(text)
            if name is None or name == "NOT":
                raise KindError(
                    "operations",
                    _("'{op}' is not an operation: use + - x : AND OR XOR").format(op=text),
                )
            if name not in names:
                names.append(name)
        equation = Equation(
            data["equation"], find_blanks(data["equation"], True), base, read_order(data)
        )
        if not equation.blanks:
            raise KindError(
                "equation",
                _("the equation has no blank: write _ where the operation goes, like 8 _ 2 = 16"),
            )
        require_readable(equation, ["+"] * len(equation.blanks))
        return equation, names

    def question(self, puzzle: Puzzle) -> str:
        return str(self.read_fields(puzzle)["equation"])

    def choices(self, puzzle: Puzzle) -> list[str] | None:
        equation, names = self.read(puzzle)
        if len(equation.blanks) != 1:
            return None
        return [symbol(name, equation.base) for name in names]

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        equation, names = self.read(puzzle)
        budget = Budget("equation", _("use fewer blanks, or fewer operations"))
        found = []
        for combo in product([names] * len(equation.blanks)):
            budget.spend()
            values = [f" {symbol(n, equation.base)} " for n in combo]
            if equation.verdict(values).holds:
                found.append(", ".join(symbol(n, equation.base) for n in combo))
                if len(found) >= limit:
                    break
        return found

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        equation, names = self.read(puzzle)
        count = len(equation.blanks)
        parts = [p for p in re.split(r"\s*[,;]\s*", answer.strip()) if p]
        if len(parts) != count:
            parts = answer.split()
        ops = [operator_name(part) for part in parts]
        allowed = " ".join(symbol(n, equation.base) for n in names)
        if len(ops) != count or any(op is None or op not in names for op in ops):
            how = (
                _("pick one of {ops}")
                if count == 1
                else _("write {n} operations from {ops}, like + , x")
            ).format(ops=allowed, n=count)
            return Result(False, _("I can't read that: {how}.").format(how=how), answer, False)
        shown = ", ".join(symbol(op, equation.base) for op in ops if op)
        verdict = equation.verdict([f" {symbol(op, equation.base)} " for op in ops if op])
        eq = say(verdict.canonical)
        if verdict.holds:
            return Result(True, _("Right! {eq} is true.").format(eq=eq), shown)
        return Result(
            False,
            _("With {ops}, {eq} is not true, because {why}.").format(
                ops=say(shown), eq=eq, why=say(verdict.reason or "")
            ),
            shown,
        )

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        return mistake("sign")

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        equation, names = self.read(puzzle)
        signs = " ".join(pretty_token(symbol(n, equation.base)) for n in names)
        hints = [_("Try each sign in turn ({signs}) and work out both sides.").format(signs=signs)]
        if len(equation.blanks) > 1:
            hints.append(_("Remember: × and ÷ come before + and −."))
        elif any(n in ("AND", "OR", "XOR") for n in names):
            hints.append(_("Write the numbers one above the other and compare the bits."))
        else:
            hints.append(
                _(
                    "Is the result bigger than the numbers you start with? Then think of + and "
                    "×. Smaller? Then think of − and ÷."
                )
            )
        return hints

    def explain(self, puzzle: Puzzle) -> str:
        equation, _names = self.read(puzzle)
        found = [puzzle.answer] if puzzle.answer else self.solutions(puzzle, 1)
        if not found:
            return _("No operation makes this equation true.")
        result = self.check(puzzle, found[0])
        ops = [operator_name(p) or "ADD" for p in re.split(r"\s*,\s*", result.answer)]
        verdict = equation.verdict([f" {symbol(op, equation.base)} " for op in ops])
        return _("With {ops}:").format(ops=say(result.answer)) + "\n" + say(str(verdict.steps))

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    if level == 4:
        a, b = rng.randint(4, 15), rng.randint(4, 15)
        op = plan.pick("op", ["AND", "OR", "XOR"])
        return {
            "equation": f"{bin_text(a)} _ {bin_text(b)} = {bin_text(BITS[op](a, b))}",
            "base": 2,
            "operations": ["AND", "OR", "XOR"],
        }
    ops = ["+", "-"] if level == 1 else ["+", "-", "x", ":"]
    if level == 3:
        chosen = [plan.pick("first", ops), plan.pick("second", ops)]
        values = [rng.randint(1, 9) for _ in range(3)]
        top = 100
    else:
        chosen = [plan.pick("op", ops)]
        top = 20 if level == 1 else 144
        if chosen == [":"]:
            b = rng.randint(1, 12)
            values = [b * rng.randint(1, 12 // b), b]
        else:
            values = [rng.randint(1, 20 if level == 1 else 12) for _ in range(2)]
    text = " ".join(f"{v} {o}" for v, o in zip(values, [*chosen, ""])).strip()
    value = check(f"{text} = 0").exact_values[0]
    if value is None or not 0 <= value <= top or value != int(value):
        raise Retry
    blanks = " ".join(f"{v} _" for v in values[:-1]) + f" {values[-1]}"
    return {"equation": f"{blanks} = {int(value)}", "operations": ops}
