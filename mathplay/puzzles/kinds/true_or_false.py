"""The ``true-or-false`` kind: is the equation true? And if it is not, which side is
bigger (and, when the teacher gave reasons, why)?

Every puzzle of the kind shows the same buttons, whatever its answer, so that the
buttons never tell it: **true**, **false: the left side is smaller** and **false: the
left side is bigger** (just **true** and **false** where a side has no value, or there
are more than two). A pupil who picks a right "false" of a puzzle with reasons
(``why``) is then asked why, with the reasons as the new buttons: the reasons come after
the verdict, so they cannot give it away.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.

>>> from mathplay.puzzles.model import Puzzle
>>> kind, puzzle = TrueOrFalse(), Puzzle("p", "true-or-false", fields={"equation": "4 x 5 = 25"})
>>> kind.choices(puzzle)
['true', 'false: the left side is smaller', 'false: the left side is bigger']
>>> kind.check(puzzle, "false: the left side is smaller").right
True
>>> reasons = Puzzle("q", "true-or-false", fields={"equation": "4 x 5 = 25",
...                  "why": ["4 x 5 is 20", "4 x 5 is 45"]})
>>> step = kind.check(reasons, "false: the left side is smaller")
>>> step.readable, sorted(step.follow_up)
(False, ['false: 4 x 5 is 20', 'false: 4 x 5 is 45'])
>>> kind.check(reasons, step.follow_up[0]).right == (step.follow_up[0] == "false: 4 x 5 is 20")
True
"""

from __future__ import annotations

import random
import re
import unicodedata
from typing import Any, ClassVar

from mathplay.core.typed_words import answer_said, plain
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

#: How an answer says which side is bigger, in English and as a sign (the buttons' words
#: in the language spoken are read too).
_SMALLER = {"<", "smaller", "less", "the left side is smaller", "the left side is less"}
_BIGGER = {">", "bigger", "more", "greater", "larger", "the left side is bigger"}
#: The answers' own names, the same in every language (records, ``feedback.answers``).
SMALLER, BIGGER = "false: smaller", "false: bigger"


def _plain(text: str) -> str:
    """``text`` folded for comparing answers: small letters, no accents ("Σωστό" →
    "σωστο")."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _smaller_text() -> str:
    return _("the left side is smaller")


def _bigger_text() -> str:
    return _("the left side is bigger")


def _side_order(verdict: Any) -> str | None:
    """``"smaller"`` or ``"bigger"``: how the left side compares with the right one of a
    false equation with two sides that both have a value, else ``None``."""
    values = verdict.exact_values
    if verdict.holds or len(values) != 2 or values[0] is None or values[1] is None:
        return None
    return "smaller" if values[0] < values[1] else "bigger"


def comparable(verdict: Any) -> bool:
    """Whether an equation's buttons say which side is bigger: two sides, both with a
    value (true ones included: the buttons must not tell)."""
    values = verdict.exact_values
    return len(values) == 2 and all(v is not None for v in values)


def _same(a: str, b: str) -> bool:
    return re.sub(r"\W+", " ", a).strip().lower() == re.sub(r"\W+", " ", b).strip().lower()


class TrueOrFalse(Kind):
    name = "true-or-false"
    title: ClassVar[str] = N_("True or false?")
    levels: ClassVar[dict[int, str]] = {
        1: N_("base 10, + and - with every number from 0 to 20 (the result too)"),
        2: N_("base 10, x and : from the times tables up to 10 x 10"),
        3: N_(
            "base 10, order of operations (+ or - with x or :): numbers up to 20, results up to "
            "100; a false one shows what going from left to right gives"
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
            N_("x and : come before + and -: work out that part first."),
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
        verdict, _why = self.read(puzzle)
        if comparable(verdict):
            return [
                _("true"),
                _("false: {r}").format(r=_smaller_text()),
                _("false: {r}").format(r=_bigger_text()),
            ]
        return [_("true"), _("false")]

    def reasons(self, puzzle: Puzzle) -> list[str]:
        """The buttons that ask why, once "false" is picked: the reasons, shuffled the
        same way every time for this puzzle."""
        _verdict, why = self.read(puzzle)
        reasons = list(why)
        random.Random(puzzle.id).shuffle(reasons)
        return [_("false: {r}").format(r=r) for r in reasons]

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        verdict, why = self.read(puzzle)
        if verdict.holds:
            return [_("true")]
        if why:
            return [_("false: {r}").format(r=why[0])]
        order = _side_order(verdict)
        if order is not None:
            side = _smaller_text() if order == "smaller" else _bigger_text()
            return [_("false: {r}").format(r=side)]
        return [_("false")]

    def _said(self, answer: str) -> tuple[str | None, str]:
        """What ``answer`` says: ``"true"``, ``"false"`` or ``None`` (unreadable), and
        the rest of it (the side or the reason)."""
        head, _sep, reason = re.sub(r"\s*because\s*", ":", answer.strip(), count=1).partition(":")
        if not _sep and "," in head:
            head, _sep, reason = head.partition(",")
        # Every language's words for true and false read, in any of their forms and with
        # a final full stop or not (one table per language, in the catalogues:
        # mathplay.core.typed_words); the buttons' own words too.
        said = answer_said(head)
        if said is None and plain(head) in (plain(_("true")), plain(_("false"))):
            said = "true" if plain(head) == plain(_("true")) else "false"
        return said, reason.strip()

    @staticmethod
    def _side_said(reason: str) -> str | None:
        """``"smaller"`` or ``"bigger"`` when ``reason`` says which side is bigger."""
        text = reason.strip().casefold()
        if text in _SMALLER or _same(text, _smaller_text()):
            return "smaller"
        if text in _BIGGER or _same(text, _bigger_text()):
            return "bigger"
        return None

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        verdict, why = self.read(puzzle)
        said, reason = self._said(answer)
        if said is None:
            return Result(False, _("I can't read that: answer true or false."), answer, False)
        eq = say(verdict.canonical)
        order = _side_order(verdict)
        side = self._side_said(reason) if reason else None
        if said == "true":
            if verdict.holds:
                return Result(True, _("Right! {eq} is true.").format(eq=eq), "true")
            return Result(
                False,
                _("Not quite: the two sides of {eq} are not the same. Work out each side again.")
                .format(eq=eq),
                "true",
                mistake="true-but-false",
            )  # fmt: skip
        shown = f"false: {side}" if side else "false"
        if verdict.holds:
            return Result(
                False,
                _("Look again: work out each side of {eq} and compare them.").format(eq=eq),
                shown,
                mistake="false-but-true",
            )
        if side is not None and order is not None and side != order:
            return Result(
                False,
                _("Not quite: work out each side of {eq} again, then compare them.").format(eq=eq),
                shown,
                mistake="side",
            )
        if why:
            if side is not None or not reason:
                # The verdict is right: now the reason, picked from the teacher's.
                return Result(
                    False,
                    _("Yes, it is false. Now say why: pick one of the reasons."),
                    shown,
                    False,
                    follow_up=tuple(self.reasons(puzzle)),
                )
            if _same(reason, why[0]):
                return Result(
                    True,
                    _("Right! It is false: {why}.").format(why=say(verdict.reason or "")),
                    f"false: {reason}",
                )
            return Result(
                False,
                _(
                    "Yes, it is false, but not for that reason. Work out each side step by "
                    "step, then read the reasons again."
                ),
                f"false: {reason}",
                mistake="reason",
            )
        if order is not None and side is None:
            return Result(
                False,
                _("Yes, it is false. Now say which side is bigger: pick one of the answers."),
                "false",
                False,
                follow_up=tuple(
                    _("false: {r}").format(r=text) for text in (_smaller_text(), _bigger_text())
                ),
            )
        return Result(
            True,
            _("Right! {eq} is not true: {why}.").format(eq=eq, why=say(verdict.reason or "")),
            shown,
        )

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """Said true of a false equation, false of a true one, the wrong side bigger, or
        the wrong reason."""
        if result.mistake:
            return mistake(result.mistake)
        if result.answer == "true":
            return mistake("true-but-false")
        return mistake("false-but-true")

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
        """A generated puzzle's answer, the same in every language: ``true``,
        ``false: smaller``, ``false: bigger`` (or ``false``)."""
        said, reason = self._said(solution)
        if said != "false":
            return "true"
        side = self._side_said(reason)
        return f"false: {side}" if side else "false"

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


def _shown(value: int, answer: str, offsets: list[int]) -> int:
    """The right side of a puzzle whose answer is ``answer``: ``value`` itself (true),
    or ``value`` moved by one of ``offsets`` so that the left side is smaller or bigger."""
    if answer == "true":
        return value
    sign = 1 if answer == "smaller" else -1  # the left side smaller: the right side more
    return value + sign * abs(offsets[0])


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    # The three answers are dealt in turn: true, the left side smaller, or bigger.
    answer = plan.pick("answer", ["true", "smaller", "bigger"])
    if level == 3:
        return _draw_order(rng, plan, answer)
    if level in (4, 5):
        op = plan.pick("op", ["+", "-"] if level == 4 else ["AND", "OR", "XOR"])
        a, b = rng.randint(1, 15), rng.randint(1, 15)
        if op == "-" and b > a:
            a, b = b, a
        value = BITS[op](a, b)
        if value > 15:
            raise Retry
        shown = value if answer == "true" else value ^ (1 << rng.randrange(3 if level == 4 else 4))
        if answer != "true" and (shown > value) != (answer == "smaller"):
            raise Retry
        return {"equation": f"{bin_text(a)} {op} {bin_text(b)} = {bin_text(shown)}", "base": 2}
    if level == 2:
        op = plan.pick("op", ["x", ":"])
        a, b = rng.randint(2, 10), rng.randint(2, 10)
        left, value, top = (f"{a} x {b}", a * b, 100) if op == "x" else (f"{a * b} : {b}", a, 10)
    else:
        op = plan.pick("op", ["+", "-"])
        a, b = pair(rng, op, 20)
        left, value, top = (f"{a} {op} {b}", a + b if op == "+" else a - b, 20)
    shown = _shown(value, answer, [rng.choice([1, 2, 10])])
    if not 0 <= shown <= top:
        raise Retry
    return {"equation": f"{left} = {shown}"}


def _draw_order(rng: random.Random, plan: Plan, answer: str) -> dict[str, Any]:
    """Level 3: ``a + b x c`` or ``a - b : c`` and the like, shown with its value or with
    the value a pupil gets going from left to right (with x the left-to-right value is
    bigger, so the left side is smaller; with : it is smaller, so the left side is
    bigger)."""
    op = plan.pick("op", ["+", "-"])
    if answer == "true":
        times = plan.pick("times", ["x", ":"])
    else:
        times = "x" if answer == "smaller" else ":"
    b, c = rng.randint(2, 9), rng.randint(2, 9)
    if times == "x":
        if op == "-" and b * c > 20:
            raise Retry
        a = rng.randint(1, 20) if op == "+" else rng.randint(b * c, 20)
        right = a + b * c if op == "+" else a - b * c
        wrong = (a + b) * c if op == "+" else (a - b) * c
        middle = f"{b} x {c}"
    else:
        b = b * c  # b : c comes out even
        a = rng.randint(1, 20) if op == "+" else rng.randint(b // c, 20)
        right = a + b // c if op == "+" else a - b // c
        first = a + b if op == "+" else a - b
        if first % c:
            raise Retry
        wrong = first // c
        middle = f"{b} : {c}"
    if max(right, wrong) > 100 or right == wrong or min(right, wrong) < 0:
        raise Retry
    return {"equation": f"{a} {op} {middle} = {right if answer == 'true' else wrong}"}
