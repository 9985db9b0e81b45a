"""The ``missing`` kind: fill the blank in an equation so that it is true.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn. ``docs/puzzles.md`` says what a teacher writes.

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
from mathplay.expr.arithmetic import EvaluationFailure, apply_operator, format_number
from mathplay.expr.tree import BinOp, Leaf, Node, operations
from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.base import (
    BASE_FIELD,
    ORDER_FIELD,
    Budget,
    Field,
    Kind,
    KindError,
    Result,
    read_base,
    read_order,
)
from mathplay.puzzles.kinds.blanks import (
    Equation,
    canonical_text,
    fillings,
    find_blanks,
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
from mathplay.puzzles.kinds.drawing import BITS, Plan, Retry, bin_text, blank_one, pair
from mathplay.puzzles.kinds.equations import EQUATION, capitalize, value_of
from mathplay.puzzles.kinds.hints import BIT_RULES, expression_hints, sign_of
from mathplay.puzzles.kinds.mistakes import mistake, sum_mistake
from mathplay.puzzles.kinds.reveal import Secret, safe_parts, say
from mathplay.puzzles.model import Puzzle

__all__ = ["Missing", "missing_hints"]


#: What reading a puzzle and finding the numbers that give its answer away found, by the
#: puzzle's content (:func:`_content`): a wrong answer's feedback needs both, and a
#: practice, a page of puzzles or the guessing pupils of ``tools/mastery_luck.py`` check
#: one puzzle many times. Neither depends on the language (only a refusal's words do,
#: and a refusal is never kept). At most :data:`_KEPT` of each, then they start again.
_READ: dict[str, Equation] = {}
_SECRETS: dict[str, tuple[Secret, ...]] = {}
_KEPT = 2048


def _content(puzzle: Puzzle) -> str:
    """A key for what a puzzle says: its kind, written answer and fields (a puzzle
    edited in place is another key)."""
    return repr((puzzle.kind, puzzle.answer, puzzle.fields))


def _remember(kept: dict[str, Any], key: str, value: Any) -> Any:
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = value
    return value


class Missing(Kind):
    name = "missing"
    generate_unique_only = True
    title: ClassVar[str] = N_("Missing numbers")
    levels: ClassVar[dict[int, str]] = {
        1: N_(
            "base 10, + and - with every number from 0 to 10 (the result too), one number missing"
        ),
        2: N_(
            "base 10, + and - with every number from 0 to 100 (the result too), one number missing"
        ),
        3: N_("base 10, x and : from the times tables up to 10 x 10, one number missing"),
        4: N_(
            "base 10, + or - with x or : (order of operations): three numbers from 1 to 12, "
            "one of them missing, and a result from 0 to 100"
        ),
        5: N_(
            "base 2, + - AND OR with every number of up to 4 bits (the result too), "
            "one digit missing"
        ),
        6: N_(
            "base 2, the result missing: + and - on numbers of up to 4 bits, "
            "x 10 and / 10 (times two and divided by two) on numbers of up to 6 bits"
        ),
        7: N_(
            "base 10, two sides: a sum or a difference on one side, a times or divide fact "
            "from the tables up to 10 x 10 on the other, one number missing"
        ),
        8: N_(
            "base 10, two signs of the same kind (- and +, or : and x), worked from left to "
            "right: numbers up to 20 and tables up to 10 x 10, the result missing"
        ),
        9: N_(
            "base 10, fact families: a fact is given (+ up to 100, or x from the tables up to "
            "10 x 10), and another fact of its family has a number missing"
        ),
        10: N_(
            "base 2, the highest-bit bonus of Binary: a value of up to 6 bits split into its "
            "highest 1 bit and the rest, one of them missing"
        ),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("Count on from the smaller number, or count back."),
            N_("Adding and taking away undo each other: use the two numbers you can see."),
        ),
        2: (
            N_("Adding and taking away undo each other: use the two numbers you can see."),
            N_("Work with the tens first, then the ones."),
        ),
        3: (
            N_("Multiplying and dividing undo each other: think of the times tables."),
            N_("Which times-table fact uses the two numbers you can see?"),
        ),
        4: (
            N_("x and : come before + and -: work out that part first."),
            N_("Try a number in the blank, then work out the left side in the right order."),
        ),
        5: (
            N_("The blank is one binary digit: it can only be 0 or 1."),
            N_("Put each digit in, and work out both sides in binary."),
        ),
        6: (
            N_("Work in binary one column at a time from the right: 1 + 1 = 10, so carry 1."),
            N_("Times two puts a 0 on the right; divided by two takes the 0 away."),
        ),
        7: (
            N_("Work out the side that has no blank first: that is the value of both sides."),
            N_("Then find the number that gives the other side that value."),
        ),
        8: (
            N_("The signs are of the same kind, so go from left to right."),
            N_("Work out the first two numbers with the first sign, then use the second sign."),
        ),
        9: (
            N_("The three numbers of the fact belong together: the blank is one of them."),
            N_("Adding and taking away undo each other, and so do times and divide."),
        ),
        10: (
            N_("The bonus is the place value of the highest 1 bit: a 1 and then only 0s."),
            N_("The bonus and the rest add up to the value: work out the one that is missing."),
        ),
    }
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {
        1: {"op": ["+", "-"]},
        2: {"op": ["+", "-"]},
        3: {"op": ["x", ":"]},
        5: {"op": ["+", "-", "AND", "OR"]},
        6: {"op": ["+", "-", "x", "/"]},
        8: {"kind": ["plus", "times"]},
        9: {"op": ["+", "x"]},
    }
    fields: ClassVar[dict[str, Field]] = {
        "equation": EQUATION,
        "base": BASE_FIELD,
        "order": ORDER_FIELD,
        "largest": Field("int", example="5000"),
        "fact": Field("text", example='"7 + 4 = 11"'),
    }
    default_prompt = N_("Fill in the blank.")

    def prompt(self, puzzle: Puzzle) -> str:
        """The teacher's prompt; for a puzzle with a ``fact`` and none, "7 + 4 = 11 is a
        fact. Finish another fact of its family:"."""
        fact = puzzle.fields.get("fact")
        if not puzzle.prompt and isinstance(fact, str) and fact.strip():
            return _("{fact} is a fact. Finish another fact of its family:").format(
                fact=say(fact.strip())
            )
        return super().prompt(puzzle)

    def read(self, puzzle: Puzzle) -> Equation:
        key = _content(puzzle)
        equation = _READ.get(key)
        if equation is None:
            equation = _remember(_READ, key, self._read(puzzle))
        return equation

    def _read(self, puzzle: Puzzle) -> Equation:
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
        if "fact" in data:
            _read_fact(data["fact"], base, read_order(data))
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
            if count == 1 and re.fullmatch(r"\s*[0-9]+,[0-9]+\s*", answer):
                # 3,5: a decimal comma (Spanish, Greek), not two numbers.
                return _("'{part}' is not a whole number: use the digits 0 to 9").format(
                    part=answer.strip()
                )
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
        raw = [value_of(tree) for tree in trees]
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
                reasons.append(say(capitalize(verdict.reason)) + ".")
            return reasons
        if verdict.reason:
            reasons.append(say(capitalize(verdict.reason)) + ".")
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
        raw = [value_of(tree) for tree in verdict.trees]
        if len(raw) == 2 and raw[0] is not None and raw[1] is not None:
            if raw[0] < raw[1]:
                return _("The left side is less than the right side.")
            return _("The left side is more than the right side.")
        return _("The sides are not the same.")

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        key = _content(puzzle)
        found = _SECRETS.get(key)
        if found is None:
            found = _remember(_SECRETS, key, tuple(self._secrets(puzzle)))
        return list(found)

    def _secrets(self, puzzle: Puzzle) -> list[Secret]:
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

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


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
    sign = sign_of(tree.op, base)
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


def _read_fact(fact: str, base: int, order: str) -> None:
    """A ``fact`` must be a true equation: it is what the pupil works from."""
    try:
        verdict = check(fact, base=base, order=order)
    except ExpressionError as error:
        raise KindError("fact", _("the fact cannot be read: {e}").format(e=error)) from None
    if not verdict.holds:
        raise KindError(
            "fact",
            _("the fact must be true, but {why}").format(why=say(verdict.reason or "")),
        )


def _draw_two_sides(rng: random.Random, plan: Plan) -> dict[str, Any]:
    """Level 7: ``3 x 4 = 20 - _``: a times or divide fact on one side, a sum or a
    difference on the other, both with the same value."""
    times, op = plan.pick("times", ["x", ":"]), plan.pick("op", ["+", "-"])
    b = rng.randint(2, 10)
    if times == "x":
        a = rng.randint(2, 10)
        value, fact = a * b, [str(a), "x", str(b)]
    else:
        value = rng.randint(2, 10)
        fact = [str(value * b), ":", str(b)]
    if op == "+":
        c = rng.randint(1, value - 1) if value > 1 else 0
        if not c:
            raise Retry
        plus = [str(c), "+", str(value - c)]
    else:
        d = rng.randint(1, 20)
        plus = [str(value + d), "-", str(d)]
        if value + d > 100:
            raise Retry
    sides = [fact, plus] if plan.pick("left", ["times", "plus"]) == "times" else [plus, fact]
    numbers = blank_one([sides[0][0], sides[0][2], sides[1][0], sides[1][2]], plan)
    text = f"{numbers[0]} {sides[0][1]} {numbers[1]} = {numbers[2]} {sides[1][1]} {numbers[3]}"
    return {"equation": text, "largest": 100}


def _draw_same_kind(rng: random.Random, plan: Plan) -> dict[str, Any]:
    """Level 8: ``12 - 4 + 3 = _`` or ``24 : 4 x 2 = _``: two signs of the same kind,
    where going from right to left would give another value."""
    if plan.pick("kind", ["plus", "times"]) == "plus":
        second = plan.pick("then", ["+", "-"])
        a = rng.randint(6, 20)
        b = rng.randint(1, a - 1)
        c = rng.randint(1, 20 if second == "+" else a - b)
        if second == "-" and c > a - b:
            raise Retry
        total = a - b + c if second == "+" else a - b - c
        if total < 1:
            raise Retry
        text = f"{a} - {b} {second} {c} = _"
    else:
        second = plan.pick("next", ["x", ":"])
        b, c, k = rng.randint(2, 10), rng.randint(2, 10), rng.randint(1, 10)
        if second == "x":
            a, total = b * k, k * c
            if a > 100 or total > 100 or k == 1:
                raise Retry
        else:
            a, total = b * c * k, k
            if a > 100:
                raise Retry
        text = f"{a} : {b} {second} {c} = _"
    return {"equation": text, "largest": 100}


def _draw_family(rng: random.Random, plan: Plan) -> dict[str, Any]:
    """Level 9: a fact (``7 + 4 = 11``) and another fact of its family with a number
    missing (``11 - 4 = _``, ``_ + 7 = 11``…), never the fact itself."""
    if plan.pick("op", ["+", "x"]) == "+":
        a = rng.randint(2, 60)
        b = rng.randint(2, 100 - a)
        total = a + b
        fact = f"{a} + {b} = {total}"
        others = [
            [str(total), "-", str(a), str(b)],
            [str(total), "-", str(b), str(a)],
            [str(b), "+", str(a), str(total)],
        ]
    else:
        a, b = rng.randint(2, 10), rng.randint(2, 10)
        total = a * b
        fact = f"{a} x {b} = {total}"
        others = [
            [str(total), ":", str(a), str(b)],
            [str(total), ":", str(b), str(a)],
            [str(b), "x", str(a), str(total)],
        ]
    if a == b:
        raise Retry
    left, sign, right, result = others[plan.pick("fact", range(len(others)))]
    numbers = blank_one([left, right, result], plan)
    return {
        "equation": f"{numbers[0]} {sign} {numbers[1]} = {numbers[2]}",
        "fact": fact,
        "largest": 100,
    }


def _draw_bonus(rng: random.Random, plan: Plan) -> dict[str, Any]:
    """Level 10: ``1101 = _ + 101``: a value split into its highest 1 bit (the Binary
    game's bonus) and the rest; the bonus or the rest missing."""
    blank = plan.pick("blank", ["bonus", "rest", "rest"])
    # The bonus 100 to 100000, each as likely; with the rest missing, a bonus of 1000 or
    # more, so that the rest can be many numbers.
    bonus = 1 << rng.randint(2 if blank == "bonus" else 3, 5)
    rest = rng.randint(1, bonus - 1)
    value = bonus + rest
    parts = [bin_text(bonus), bin_text(rest)]
    parts[0 if blank == "bonus" else 1] = "_"
    return {
        "equation": f"{bin_text(value)} = {parts[0]} + {parts[1]}",
        "base": 2,
        "prompt": N_(
            "Split the value into its highest-bit bonus and the rest: the bonus is the place "
            "value of the highest 1 bit. Fill in the blank, in binary."
        ),
    }


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    if level == 7:
        return _draw_two_sides(rng, plan)
    if level == 8:
        return _draw_same_kind(rng, plan)
    if level == 9:
        return _draw_family(rng, plan)
    if level == 10:
        return _draw_bonus(rng, plan)
    if level == 6:
        op = plan.pick("op", ["+", "-", "x", "/"])
        if op in ("x", "/"):
            a = rng.randint(1, 31)
            left = f"{bin_text(a)} x 10" if op == "x" else f"{bin_text(2 * a)} / 10"
            return {"equation": f"{left} = _", "base": 2}
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        if op == "-":
            a, b = max(a, b), min(a, b)
            if a == b:
                raise Retry
        return {"equation": f"{bin_text(a)} {op} {bin_text(b)} = _", "base": 2}
    if level == 5:
        op = plan.pick("op", ["+", "-", "AND", "OR"])
        a, b = rng.randint(2, 15), rng.randint(1, 15)
        if op == "-" and b > a:
            a, b = b, a
        c = BITS[op](a, b)
        if c > 15:
            raise Retry
        digit = plan.pick("digit", "01")
        texts = [bin_text(a), bin_text(b), bin_text(c)]
        spots = [(i, j) for i, text in enumerate(texts) for j in range(1, len(text))]
        spots = [(i, j) for i, j in spots if texts[i][j] == digit]  # never the first digit
        if not spots:
            raise Retry
        which, spot = rng.choice(spots)
        texts[which] = texts[which][:spot] + "_" + texts[which][spot + 1 :]
        return {"equation": f"{texts[0]} {op} {texts[1]} = {texts[2]}", "base": 2}
    if level == 4:
        first, second = plan.pick("first", ["+", "-"]), plan.pick("second", ["x", ":"])
        a, b, c = rng.randint(1, 12), rng.randint(1, 12), rng.randint(1, 12)
        if second == ":":
            b = c * rng.randint(1, 12 // c)  # a whole quotient, and b up to 12
        part = b * c if second == "x" else b // c
        total = a + part if first == "+" else a - part
        if not 0 <= total <= 100:
            raise Retry
        numbers = blank_one([str(a), str(b), str(c)], plan)
        return {
            "equation": f"{numbers[0]} {first} {numbers[1]} {second} {numbers[2]} = {total}",
            "largest": 12,
        }
    op = plan.pick("op", ["x", ":"] if level == 3 else ["+", "-"])
    if level == 3:
        a, b = rng.randint(1, 10), rng.randint(1, 10)
        parts = [a, b, a * b] if op == "x" else [a * b, b, a]
        top = 100
    else:
        top = 10 if level == 1 else 100
        a, b = pair(rng, op, top)
        parts = [a, b, a + b if op == "+" else a - b]
    numbers = blank_one([str(p) for p in parts], plan)
    return {"equation": f"{numbers[0]} {op} {numbers[1]} = {numbers[2]}", "largest": top}
