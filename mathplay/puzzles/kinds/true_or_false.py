"""The ``true-or-false`` kind: is the equation true? (and, when false, why).

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from mathplay.errors import ExpressionError
from mathplay.expr import check
from mathplay.expr.tree import Leaf
from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.base import (
    BASE_FIELD,
    ORDER_FIELD,
    Field,
    Kind,
    KindError,
    Result,
    read_base,
    read_order,
)
from mathplay.puzzles.kinds.blanks import (
    without_leading_zeros,
)
from mathplay.puzzles.kinds.drawing import BITS, Plan, Retry, bin_text, pair
from mathplay.puzzles.kinds.hints import expression_hints
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.reveal import say
from mathplay.puzzles.model import Puzzle

__all__ = ["TrueOrFalse"]

_TRUE = {"true", "t", "yes", "y", "right", "correct", "✓", "✔"}
_FALSE = {"false", "f", "no", "n", "wrong", "not true", "incorrect", "✗", "✘"}


def _same(a: str, b: str) -> bool:
    return re.sub(r"\W+", " ", a).strip().lower() == re.sub(r"\W+", " ", b).strip().lower()


class TrueOrFalse(Kind):
    name = "true-or-false"
    title: ClassVar[str] = N_("True or false?")
    levels: ClassVar[dict[int, str]] = {
        1: N_("base 10, + and - with every number from 0 to 20 (the result too)"),
        2: N_("base 10, x and : from the times tables up to 10 x 10"),
        3: N_(
            "base 10, order of operations (+ or - with x): numbers up to 20, results up to 100; "
            "a false one has reasons to pick"
        ),
        4: N_("base 2, + and - with every number of up to 4 bits (the result too)"),
        5: N_("base 2, AND OR XOR on numbers of up to 4 bits"),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("Work out the left side first, then compare it with the right side."),
            N_("Count on for +, count back for -."),
        ),
        2: (
            N_("Work out the left side with your times tables, then compare."),
            N_("For a : b, ask: what times b makes a?"),
        ),
        3: (
            N_("x comes before + and -: work out the x part first."),
            N_("Then add or take away, and compare with the right side."),
        ),
        4: (
            N_("Work out the left side in binary, one column at a time from the right."),
            N_("Or change the numbers to decimal, work it out, and change back."),
        ),
        5: (
            N_("Line the numbers up and work one column at a time."),
            N_("AND: 1 where both digits are 1. OR: 1 where either is. XOR: 1 where they differ."),
        ),
    }
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {
        4: {"op": ["+", "-"]},
        5: {"op": ["AND", "OR", "XOR"]},
    }
    fields: ClassVar[dict[str, Field]] = {
        "equation": Field("text", required=True, example='"2 + 3 x 4 = 20"'),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "why": Field("list", example='["x comes before +", "2 + 3 is 6"]'),
    }
    default_prompt = N_("Is this equation true?")

    def read(self, puzzle: Puzzle) -> tuple[Any, list[str]]:
        data = self.read_fields(puzzle)
        try:
            base = read_base(data)
            text = without_leading_zeros(data["equation"], base)
            verdict = check(text, base=base, order=read_order(data))
        except ExpressionError as error:
            raise KindError(
                "equation", _("the equation cannot be read: {e}").format(e=error)
            ) from None
        why = data.get("why", [])
        if why and verdict.holds:
            raise KindError(
                "why",
                _(
                    "the equation is true, so there is no reason why it is "
                    "false: remove why, or change the equation"
                ),
            )
        return verdict, why

    def question(self, puzzle: Puzzle) -> str:
        return str(self.read_fields(puzzle)["equation"])

    def choices(self, puzzle: Puzzle) -> list[str] | None:
        _verdict, why = self.read(puzzle)
        reasons = list(why)
        random.Random(puzzle.id).shuffle(reasons)
        return (
            [_("true")] + [_("false: {r}").format(r=r) for r in reasons]
            if why
            else [_("true"), _("false")]
        )

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        verdict, why = self.read(puzzle)
        if verdict.holds:
            return ["true"]
        return [_("false: {r}").format(r=why[0])] if why else ["false"]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        verdict, why = self.read(puzzle)
        head, _sep, reason = re.sub(r"\s*because\s*", ":", answer.strip(), count=1).partition(":")
        if not _sep and "," in head:
            head, _sep, reason = head.partition(",")
        said = head.strip().casefold()
        # The buttons say "true" and "false" in the language spoken; English always reads.
        true_words = _TRUE | {_("true").casefold()}
        false_words = _FALSE | {_("false").casefold()}
        if said not in true_words | false_words:
            return Result(False, _("I can't read that: answer true or false."), answer, False)
        says_true = said in true_words
        eq = say(verdict.canonical)
        if says_true and not verdict.holds:
            if why:
                # The reason is one of the buttons: saying it would give the answer away.
                return Result(
                    False,
                    _("Not quite: {eq} is not true. Work out each side step by step.").format(
                        eq=eq
                    ),
                    "true",
                )
            return Result(
                False,
                _("Not quite: {eq} is not true, because {why}.").format(
                    eq=eq, why=say(verdict.reason or "")
                ),
                "true",
            )
        if not says_true and verdict.holds:
            value = verdict.values[0] if verdict.base == 10 else format(int(verdict.values[0]), "b")
            sides = len(verdict.sides)
            return Result(
                False,
                (
                    _("Look again: {eq} is true. Both sides are {value}.")
                    if sides == 2
                    else _("Look again: {eq} is true. All {n} sides are {value}.")
                ).format(eq=eq, value=value, n=sides),
                "false",
            )
        if says_true:
            return Result(True, _("Right! {eq} is true.").format(eq=eq), "true")
        if not why:
            return Result(
                True,
                _("Right! {eq} is not true: {why}.").format(eq=eq, why=say(verdict.reason or "")),
                "false",
            )
        given = reason.strip()
        if not given:
            return Result(
                False, _("Yes, it is false. Now say why: pick one of the reasons."), "false", False
            )
        if _same(given, why[0]):
            return Result(
                True,
                _("Right! It is false: {why}.").format(why=say(verdict.reason or "")),
                f"false: {given}",
            )
        return Result(
            False,
            _(
                "Yes, it is false, but not for that reason. Work out each side step by step, "
                "then read the reasons again."
            ),
            f"false: {given}",
        )

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """Said true of a false equation, false of a true one, or the wrong reason."""
        if result.answer == "true":
            return mistake("true-but-false")
        if result.answer == "false":
            return mistake("false-but-true")
        return mistake("reason")

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        verdict, _why = self.read(puzzle)
        tree = next((t for t in verdict.trees if not isinstance(t, Leaf)), None)
        if tree is None:
            return [_("Are the numbers on each side the same?")]
        first = expression_hints(tree, verdict.base, verdict.order)[:2]
        side = say(tree.plain())
        return [
            *first,
            _("Work out {side}, then compare it with the other side.").format(side=side),
        ]

    def explain(self, puzzle: Puzzle) -> str:
        verdict, _why = self.read(puzzle)
        return say(str(verdict.steps))

    def generated_answer(self, solution: str) -> str:
        """A generated puzzle's answer: ``true`` or ``false``, without the reason."""
        return solution.partition(":")[0]

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    true = plan.pick("truth", [True, False])
    if level == 3:
        op = plan.pick("op", ["+", "-"])
        b, c = rng.randint(2, 9), rng.randint(2, 9)
        if op == "-" and b * c > 20:
            raise Retry
        a = rng.randint(1, 20) if op == "+" else rng.randint(b * c, 20)
        right = a + b * c if op == "+" else a - b * c
        wrong = (a + b) * c if op == "+" else (a - b) * c
        if max(right, wrong) > 100 or right == wrong:
            raise Retry
        data: dict[str, Any] = {"equation": f"{a} {op} {b} x {c} = {right if true else wrong}"}
        if not true:
            first = a + b if op == "+" else a - b
            data["why"] = [
                f"x comes before {op}: {b} x {c} = {b * c}, and {a} {op} {b * c} = {right}",
                f"{a} {op} {b} = {first}, and {first} x {c} = {wrong}, so it is true",
            ]
        return data
    if level in (4, 5):
        op = plan.pick("op", ["+", "-"] if level == 4 else ["AND", "OR", "XOR"])
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        if op == "-" and b > a:
            a, b = b, a
        value = BITS[op](a, b)
        if value > 15:
            raise Retry
        shown = value if true else value ^ (1 << rng.randrange(3 if level == 4 else 4))
        return {"equation": f"{bin_text(a)} {op} {bin_text(b)} = {bin_text(shown)}", "base": 2}
    if level == 2:
        op = plan.pick("op", ["x", ":"])
        a, b = rng.randint(2, 10), rng.randint(2, 10)
        left, value, top = (f"{a} x {b}", a * b, 100) if op == "x" else (f"{a * b} : {b}", a, 10)
    else:
        op = plan.pick("op", ["+", "-"])
        a, b = pair(rng, op, 20)
        left, value, top = (f"{a} {op} {b}", a + b if op == "+" else a - b, 20)
    shown = value if true else value + rng.choice([-10, -2, -1, 1, 2, 10])
    if not 0 <= shown <= top:
        raise Retry
    return {"equation": f"{left} = {shown}"}
