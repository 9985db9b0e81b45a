"""Kinds about one equation: ``missing``, ``true-or-false`` and ``which-operation``.

>>> from mathplay.puzzles.format import Puzzle
>>> p = Puzzle("a", "missing", fields={"equation": "3 + _ = 7"})
>>> Missing().solutions(p)
['4']
>>> print(Missing().check(p, "5").message)
With 5 in the blank, 3 + 5 = 7 is not true. 3 + 5 is 8, not 7.
>>> q = Puzzle("o", "missing", fields={"equation": "6 + 2 x 5 = _"})
>>> print(Missing().check(q, "40").message)
With 40 in the blank, 6 + 2 × 5 = 40 is not true. You went from left to right:
6 + 2 = 8, 8 × 5 = 40, but × comes first.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any, ClassVar

from mathplay.errors import ExpressionError, MathplayError
from mathplay.expr import check
from mathplay.expr.arithmetic import format_number
from mathplay.expr.pretty import pretty_token
from mathplay.expr.tree import Leaf, operations
from mathplay.i18n import _
from mathplay.puzzles.format import Puzzle
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
    canonical_text,
    fillings,
    find_blanks,
    product,
    require_readable,
    solve_directly,
    split_answer,
    without_leading_zeros,
)
from mathplay.puzzles.kinds.diagnose import (
    forgot_borrow,
    forgot_carry,
    other_order,
    stopped_early,
    wrong_bits,
    wrong_operation,
)
from mathplay.puzzles.kinds.hints import expression_hints, missing_hints
from mathplay.puzzles.kinds.mistakes import mistake, sum_mistake
from mathplay.puzzles.kinds.reveal import Secret, safe_parts, say

__all__ = ["Missing", "TrueOrFalse", "WhichOperation"]

_EQUATION = Field("text", required=True, example='"3 + _ = 7"')


class Missing(Kind):
    name = "missing"
    fields: ClassVar[dict[str, Field]] = {
        "equation": _EQUATION,
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "largest": Field("int", example="5000"),
    }
    default_prompt = "Fill in the blank."

    def read(self, puzzle: Puzzle) -> Equation:
        data = self.read_fields(puzzle)
        base = read_base(data)
        template = data["equation"]
        blanks = find_blanks(template, operators=False)
        if not blanks:
            raise KindError(
                "equation",
                _("the equation has no blank: write _ where the student fills in, like 3 + _ = 7"),
            )
        largest = data.get("largest", 1000 if base == 10 else 255)
        if largest < 0:
            raise KindError("largest", _("largest is 0 or more"))
        equation = Equation(template, blanks, base, read_order(data), largest)
        require_readable(equation, ["1"] * len(blanks))
        return equation

    def question(self, puzzle: Puzzle) -> str:
        return self.read(puzzle).template

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        equation = self.read(puzzle)
        direct = solve_directly(equation)
        if direct is not None:
            return direct[:limit]
        budget = Budget("equation", _("use fewer blanks, or a smaller largest"))
        found: list[str] = []
        for values in fillings(equation, budget.limit):
            budget.spend()
            try:
                holds = equation.verdict(values).holds
            except ExpressionError:
                continue
            if holds:
                found.append(", ".join(values))
                if len(found) >= limit:
                    break
        return found

    def read_answer(self, equation: Equation, answer: str) -> list[str] | str:
        """The values for the blanks, or a message saying how to write them."""
        count = len(equation.blanks)
        if "=" in answer:
            pattern = "".join(
                re.escape(canonical_text(part)) if i % 2 == 0 else "([0-9]+)" if part else "([0-9])"
                for i, part in enumerate(self._pieces(equation))
            )
            match = re.fullmatch(pattern, canonical_text(answer))
            if not match:
                return _("write the number for the blank, or the whole equation as it is given")
            parts = list(match.groups())
        else:
            parts = split_answer(answer)
        if len(parts) == 1 and count > 1 and all(b.digit for b in equation.blanks):
            parts = list(parts[0])
        if len(parts) != count:
            if count == 1:
                return _("write one number for the blank, like 4")
            return _("write {n} numbers, one for each blank, like 4, 5").format(n=count)
        digits = "01" if equation.base == 2 else "0123456789"
        for blank, part in zip(equation.blanks, parts):
            if not part or any(ch not in digits for ch in part):
                if equation.base == 2:
                    return _("'{part}' is not a binary number: use only 0 and 1").format(part=part)
                return _("'{part}' is not a whole number: use the digits 0 to 9").format(part=part)
            if blank.digit and len(part) != 1:
                return _("each _ inside a number is one digit, and '{part}' is not").format(
                    part=part
                )
        return [p if b.digit else (p.lstrip("0") or "0") for b, p in zip(equation.blanks, parts)]

    @staticmethod
    def _pieces(equation: Equation) -> list[str]:
        """Literal text and blanks in turn: text, blank, text …; a digit blank is ''."""
        pieces, at = [], 0
        for blank in equation.blanks:
            pieces += [equation.template[at : blank.start], "" if blank.digit else "N"]
            at = blank.end
        return [*pieces, equation.template[at:]]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        equation = self.read(puzzle)
        values = self.read_answer(equation, answer)
        if isinstance(values, str):
            return Result(False, _("I can't read that: {how}.").format(how=values), answer, False)
        shown = ", ".join(values)
        try:
            verdict = equation.verdict(values)
            filled = say(verdict.canonical)
        except ExpressionError as error:
            return Result(
                False,
                _("With {v}, the equation cannot be read: {e}.").format(v=shown, e=error),
                shown,
                False,
            )
        if verdict.holds:
            return Result(True, _("Right! {eq} is true.").format(eq=filled), shown)
        label = _("in the blank") if len(values) == 1 else _("in the blanks")
        head = _("With {v} {label}, {eq} is not true.").format(v=shown, label=label, eq=filled)
        secrets = self.secrets(puzzle)
        allowed = (self.question(puzzle), shown, answer)
        parts = safe_parts(self._why(equation, values, verdict), secrets, allowed)
        if not parts:
            parts = [self._direction(verdict)]
        return Result(False, " ".join([head, *parts]), shown)

    def _why(self, equation: Equation, values: list[str], verdict: Any) -> list[str]:
        """Sentences about the pupil's answer, most telling first (none gives the answer)."""
        reasons: list[str] = []
        blank = equation.blanks[0]
        trees = verdict.trees
        raw = [_value_of(tree) for tree in trees]
        if len(values) == 1 and equation.alone(blank):
            index = equation.side_of(blank)
            given = int(values[0], equation.base)
            others = [i for i in range(len(trees)) if i != index]
            side = next((i for i in others if not isinstance(trees[i], Leaf)), others[0])
            tree, value = trees[side], raw[side]
            text = without_leading_zeros(equation.template.split("=")[side].strip(), equation.base)
            base = equation.base
            found = (
                other_order(tree, text, given, base, equation.order)
                or wrong_operation(tree, given, base)
                or forgot_carry(tree, given, base)
                or forgot_borrow(tree, given, base)
                or stopped_early(tree, given, base)
            )
            if found:
                reasons.append(found)
            if equation.base == 2 and isinstance(value, int) and not reasons:
                bits = wrong_bits(tree, given, value)
                if bits:
                    reasons.append(bits)
            if value is not None and not reasons:
                reasons.append(self._compare(tree, value, given, equation.base))
            if verdict.reason and value is None:
                reasons.append(say(_capitalize(verdict.reason)) + ".")
            return reasons
        if verdict.reason:
            reasons.append(say(_capitalize(verdict.reason)) + ".")
        other = "left-to-right" if equation.order == "math" else "math"
        try:
            flipped = check(verdict.canonical, base=equation.base, order=other).holds
        except ExpressionError:
            flipped = False
        if flipped and any(len(operations(t)) > 1 for t in trees):
            reasons.append(
                _("That works from left to right, but × and ÷ come before + and −.")
                if equation.order == "math"
                else _("That works with × first, but in this puzzle you work from left to right.")
            )
        return reasons

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """The kind of mistake: the same tests as :meth:`_why`, said with no value."""
        equation = self.read(puzzle)
        values = self.read_answer(equation, answer)
        if isinstance(values, str):
            return mistake("wrong")
        try:
            verdict = equation.verdict(values)
        except ExpressionError:
            return mistake("wrong")
        blank = equation.blanks[0]
        if len(values) == 1 and equation.alone(blank):
            index = equation.side_of(blank)
            trees = verdict.trees
            others = [i for i in range(len(trees)) if i != index]
            side = next((i for i in others if not isinstance(trees[i], Leaf)), others[0])
            tree = trees[side]
            if isinstance(tree, Leaf):
                return mistake("sides")
            text = without_leading_zeros(equation.template.split("=")[side].strip(), equation.base)
            given = int(values[0], equation.base)
            return sum_mistake(tree, text, given, equation.base, equation.order)
        other = "left-to-right" if equation.order == "math" else "math"
        try:
            flipped = check(verdict.canonical, base=equation.base, order=other).holds
        except ExpressionError:
            flipped = False
        if flipped and any(len(operations(t)) > 1 for t in verdict.trees):
            return mistake("order" if equation.order == "math" else "left-to-right")
        return mistake("sides")

    @staticmethod
    def _compare(tree: Any, value: Any, given: int, base: int) -> str:
        side = say(tree.plain())
        shown = format_number(given, base)
        if value > given:
            return _("{side} is more than {given}.").format(side=side, given=shown)
        return _("{side} is less than {given}.").format(side=side, given=shown)

    @staticmethod
    def _direction(verdict: Any) -> str:
        raw = [_value_of(tree) for tree in verdict.trees]
        if len(raw) == 2 and raw[0] is not None and raw[1] is not None:
            if raw[0] < raw[1]:
                return _("The left side is less than the right side.")
            return _("The left side is more than the right side.")
        return _("The sides are not the same.")

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        equation = self.read(puzzle)
        # The answer written in the file; when there is none, or it is wrong, the
        # checker's own: a hint that gives the right answer away is found even while the
        # file's answer is still wrong (and no search is made when it is right).
        answers = [puzzle.answer] if puzzle.answer else []
        written_right = False
        if answers:
            with contextlib.suppress(KindError, MathplayError, ArithmeticError, ValueError):
                written = self.read_answer(equation, answers[0])
                written_right = not isinstance(written, str) and equation.verdict(written).holds
        if not written_right:
            with contextlib.suppress(KindError):
                answers += [a for a in self.solutions(puzzle, 1) if a not in answers]
        out: list[Secret] = []
        for answer in answers:
            values = self.read_answer(equation, answer)
            if isinstance(values, str):
                continue
            for number in equation.numbers(values):
                secret = Secret(number, equation.base)
                if secret not in out:
                    out.append(secret)
        return out

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        equation = self.read(puzzle)
        hints = missing_hints(equation)
        return safe_parts(hints, self.secrets(puzzle), (self.question(puzzle),))

    def explain(self, puzzle: Puzzle) -> str:
        equation = self.read(puzzle)
        answer = puzzle.answer or next(iter(self.solutions(puzzle, 1)), None)
        if answer is None:
            return _("No number makes this equation true.")
        values = self.read_answer(equation, answer)
        if isinstance(values, str):
            return values
        steps = say(str(equation.verdict(values).steps))
        return _("With {v}:").format(v=", ".join(values)) + "\n" + steps


def _value_of(tree: Any) -> Any:
    return tree.value


def _capitalize(text: str) -> str:
    return text[:1].upper() + text[1:]


_TRUE = {"true", "t", "yes", "y", "right", "correct", "✓", "✔"}
_FALSE = {"false", "f", "no", "n", "wrong", "not true", "incorrect", "✗", "✘"}


def _same(a: str, b: str) -> bool:
    return re.sub(r"\W+", " ", a).strip().lower() == re.sub(r"\W+", " ", b).strip().lower()


class TrueOrFalse(Kind):
    name = "true-or-false"
    fields: ClassVar[dict[str, Field]] = {
        "equation": Field("text", required=True, example='"2 + 3 x 4 = 20"'),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "why": Field("list", example='["x comes before +", "2 + 3 is 6"]'),
    }
    default_prompt = "Is this equation true?"

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
        said = head.strip().lower()
        if said not in _TRUE | _FALSE:
            return Result(False, _("I can't read that: answer true or false."), answer, False)
        says_true = said in _TRUE
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


class WhichOperation(Kind):
    name = "which-operation"
    fields: ClassVar[dict[str, Field]] = {
        "equation": Field("text", required=True, example='"8 _ 2 = 16"'),
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "operations": Field("list", example='["+", "-", "x", ":"]'),
    }
    default_prompt = "Which operation makes this true?"

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
