"""Equations with blanks: where the blanks are, and filling them in.

A blank ``_`` next to a digit (spaces do not count) is one digit, as in ``1_1``; a blank
between operators is a whole number, as in ``3 + _ = 7``. For ``which-operation`` every
``_`` is an operator.

>>> [b.digit for b in find_blanks("1_1 AND 11 = _", operators=False)]
[True, False]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mathplay.errors import ExpressionError
from mathplay.expr import OPERATORS, check, tokenize
from mathplay.expr.arithmetic import EvaluationFailure, Number, evaluate_side
from mathplay.i18n import _
from mathplay.puzzles.kinds.base import MAX_TRIES, KindError

__all__ = [
    "MAX_BLANKS",
    "MAX_TRIES",
    "Blank",
    "Equation",
    "canonical_text",
    "fillings",
    "find_blanks",
    "require_readable",
    "solve_directly",
    "split_answer",
    "without_leading_zeros",
]

#: The most blanks one equation may have.
MAX_BLANKS = 20


@dataclass(frozen=True)
class Blank:
    start: int
    end: int
    digit: bool  # one digit (part of a number), or a whole number


@dataclass(frozen=True)
class Equation:
    template: str
    blanks: tuple[Blank, ...]
    base: int
    order: str
    largest: int = 0

    def fill(self, values: list[str] | tuple[str, ...]) -> str:
        text = self.template
        for blank, value in sorted(zip(self.blanks, values), key=lambda bv: -bv[0].start):
            text = text[: blank.start] + value + text[blank.end :]
        return text

    def numbers(self, values: list[str] | tuple[str, ...]) -> list[str]:
        """The whole number each blank is part of, once filled: ``1_0`` with 1 is ``110``."""
        text, spans, shift = self.template, [], 0
        for blank, value in sorted(zip(self.blanks, values), key=lambda bv: bv[0].start):
            start = blank.start + shift
            text = text[:start] + value + text[blank.end + shift :]
            spans.append((start, start + len(value)))
            shift += len(value) - (blank.end - blank.start)
        out = []
        for start, end in spans:
            while start > 0 and text[start - 1].isdigit():
                start -= 1
            while end < len(text) and text[end].isdigit():
                end += 1
            out.append(text[start:end])
        return out

    def verdict(self, values: list[str] | tuple[str, ...]) -> Any:
        return check(
            without_leading_zeros(self.fill(values), self.base), base=self.base, order=self.order
        )

    def side_of(self, blank: Blank) -> int:
        """Which side (from 0) of the equation the blank is on."""
        return self.template[: blank.start].count("=")

    def alone(self, blank: Blank) -> bool:
        """Whether the blank is a whole side by itself, as in ``6 + 2 x 5 = _``."""
        side = self.template.split("=")[self.side_of(blank)]
        return not blank.digit and side.strip() == self.template[blank.start : blank.end]


def without_leading_zeros(text: str, base: int) -> str:
    """In base 2 a number's value is what counts: ``0110`` is written ``110`` to check it.

    After NOT the zeros stay (``NOT 0110`` is four bits). Base 10 keeps the checker's
    rule that numbers have no leading zeros.

    >>> without_leading_zeros("0110 AND 011 = 10 = NOT 01", 2)
    '110 AND 11 = 10 = NOT 01'
    """
    if base != 2 or not re.search(r"(?<![0-9])0[0-9]", text):
        return text
    try:
        tokens = tokenize(text)
    except ExpressionError:
        return text
    parts, after_not = [], False
    for token in tokens:
        if token.kind == "num":
            parts.append(token.text if after_not else token.text.lstrip("0") or "0")
        elif token.kind == "eq":
            parts.append("=")
        else:
            parts.append(OPERATORS[token.text].symbol(2))
        after_not = token.kind == "op" and token.text == "NOT"
    return " ".join(parts)


def _neighbour(text: str, index: int, step: int) -> str:
    while 0 <= index < len(text) and text[index].isspace():
        index += step
    return text[index] if 0 <= index < len(text) else ""


def find_blanks(template: str, operators: bool) -> tuple[Blank, ...]:
    blanks: list[Blank] = []
    for match in re.finditer(r"_+", template):
        start, end = match.span()
        if operators:
            blanks.extend(Blank(i, i + 1, False) for i in range(start, end))
            continue
        digit = (
            _neighbour(template, start - 1, -1).isdigit() or _neighbour(template, end, 1).isdigit()
        )
        if digit:
            blanks.extend(Blank(i, i + 1, True) for i in range(start, end))
        else:
            blanks.append(Blank(start, end, False))
    return tuple(blanks)


class _Numbers(Sequence[str]):
    """The whole numbers 0, 1 … ``count - 1`` written in ``base``, made only when asked for."""

    def __init__(self, count: int, base: int) -> None:
        self.size = count
        self.spec = "b" if base == 2 else "d"

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        if not 0 <= index < self.size:
            raise IndexError(index)
        return format(index, self.spec)


def fillings(equation: Equation, most: int = MAX_TRIES) -> Iterator[tuple[str, ...]]:
    """Every way to fill the blanks, the last blank changing fastest, made one at a time.

    A whole-number blank takes 0 to ``largest``, but never more than ``most + 1`` values:
    a search that counts its tries stops before it could reach the others.

    >>> eq = Equation("_ + 1_ = 12", find_blanks("_ + 1_ = 12", False), 10, "math", 10**30)
    >>> next(fillings(eq)), sum(1 for _ in fillings(eq, most=3))
    (('0', '0'), 40)
    """
    digits = "01" if equation.base == 2 else "0123456789"
    numbers = _Numbers(min(equation.largest, most) + 1, equation.base)
    options: list[Sequence[str]] = [digits if b.digit else numbers for b in equation.blanks]
    yield from product(options)


def product(options: Sequence[Sequence[str]]) -> Iterator[tuple[str, ...]]:
    """Like ``itertools.product``, without first making a list of every option.

    >>> list(product(["ab", "01"]))
    [('a', '0'), ('a', '1'), ('b', '0'), ('b', '1')]
    """
    if any(len(option) == 0 for option in options):
        return
    index = [0] * len(options)
    while True:
        yield tuple(option[i] for option, i in zip(options, index))
        for place in reversed(range(len(options))):
            index[place] += 1
            if index[place] < len(options[place]):
                break
            index[place] = 0
        else:
            return


def require_readable(equation: Equation, filler: list[str]) -> None:
    """A KindError unless the equation, filled with ``filler``, can be read."""
    if len(equation.blanks) > MAX_BLANKS:
        raise KindError(
            "equation",
            _("the equation has {n} blanks; a puzzle can have at most {most}").format(
                n=len(equation.blanks), most=MAX_BLANKS
            ),
        )
    # A filler as long as each blank keeps the positions in a message right, and the
    # message quotes what the teacher wrote, not the filled-in text.
    same_length = [
        value * (blank.end - blank.start) if len(value) == 1 else value
        for blank, value in zip(equation.blanks, filler)
    ]
    try:
        equation.verdict(same_length)
    except ExpressionError as error:
        message = str(error).replace(equation.fill(same_length).strip(), equation.template.strip())
        raise KindError(
            "equation", _("the equation cannot be read: {error}").format(error=message)
        ) from None


def _side_values(equation: Equation, value: str) -> list[Number | None] | None:
    try:
        verdict = equation.verdict([value])
    except ExpressionError:
        return None
    out: list[Number | None] = []
    for side in verdict.sides:
        try:
            out.append(evaluate_side(side, equation.order))
        except EvaluationFailure:
            out.append(None)
    return out


def solve_directly(equation: Equation) -> list[str] | None:
    """The one number for a single whole-number blank, worked out instead of searched for.

    With one blank and only + − × ÷ on its side, that side is ``(a·x + b) / (c·x + d)``
    for some numbers a, b, c, d, so three values of it give the number that makes it
    equal to the other side, however big. The number is checked like any answer.
    ``[]`` means no whole number works; ``None`` that this way does not apply (then the
    validator searches).

    >>> eq = Equation("_ x 37 = 37037", find_blanks("_ x 37 = 37037", False), 10, "math", 1000)
    >>> solve_directly(eq)
    ['1001']
    """
    if len(equation.blanks) != 1 or equation.blanks[0].digit:
        return None
    blank = equation.blanks[0]
    index = equation.side_of(blank)
    if re.search(r"(?i)AND|OR|NOT", equation.template.split("=")[index]):
        return None
    spec = "b" if equation.base == 2 else "d"
    target: Number | None = None
    points: list[tuple[Fraction, Fraction]] = []
    for x in range(16):
        values = _side_values(equation, format(x, spec))
        if values is None:
            return None
        others = [v for i, v in enumerate(values) if i != index]
        if not others or any(v is None or v != others[0] for v in others):
            return None
        target = others[0]
        y = values[index]
        if y is not None and all(y != seen for _x, seen in points):
            points.append((Fraction(x), Fraction(y)))
        if len(points) == 3:
            break
    if len(points) < 3 or target is None:
        return None  # the blank's side is (almost) the same for every number
    goal = Fraction(target)
    (x1, y1), (x2, y2), (x3, y3) = points
    found = next((x for x, y in points if y == goal), None)
    if found is None:
        ratio = ((goal - y2) * (y1 - y3)) / ((goal - y3) * (y1 - y2))
        denominator = (x1 - x3) - ratio * (x1 - x2)
        if denominator == 0:
            return []
        found = (x2 * (x1 - x3) - ratio * x3 * (x1 - x2)) / denominator
    if found.denominator != 1 or found < 0 or found.numerator.bit_length() > 256:
        return []
    answer = format(found.numerator, spec)
    try:
        holds = equation.verdict([answer]).holds
    except ExpressionError:
        return None
    return [answer] if holds else None


def split_answer(answer: str) -> list[str]:
    return [part for part in re.split(r"[,;\s]+", answer.strip()) if part]


def canonical_text(text: str) -> str:
    text = re.sub(r"\s+", "", text)
    for old, new in (("×", "X"), ("*", "X"), ("÷", ":"), ("/", ":"), ("−", "-"), ("–", "-")):
        text = text.replace(old, new)
    return text.upper()
